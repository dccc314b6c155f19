"""Build the static JupyterLite site of the tutorials into ``build/site/`` (run by ``make site``).

The site runs the tutorials and the widget entirely in the browser (Pyodide), with nothing fetched from
anywhere but the site itself, so any static web server can host it: GitHub Pages, a school's server, or
``python3 -m http.server -d build/site`` on a laptop (browsers refuse to run it from ``file://``).
``jupyter lite build`` alone would leave three things to a CDN or to the visitor, which is why this
script exists:

- **Pyodide's runtime** comes from the npm package ``pyodide`` (pinned, checked against ``PYODIDE_SHA256``)
  and is served from the site (``static/pyodide/``).
- **Python packages**: the npm package holds Pyodide's lock but none of its wheels (those live only on
  the CDN). The kernel preloads what ``site/jupyter-lite.json`` lists: the package (built from the
  working tree), the widget's runtime (``site/kernel-packages.txt``) and the kernel's own wheels are
  added to the lock; whatever they need from the lock comes from PyPI at the lock's version. The lock
  then lists exactly the wheels the site serves, with their sha256 (PyPI's wheels differ byte-wise from
  Pyodide's): no ``%pip`` cell, and PyPI fallback is off, so a package the site lacks fails at once
  instead of reaching for the network.
- **Bytecode**: a kernel in the browser keeps nothing between visits, so it would compile every module it
  imports from source at each start; ``precompile`` adds each module's bytecode for the kernel's Python to
  the wheels and to Pyodide's standard library, compiled by the site's own Pyodide under Node.
- **While the kernel starts** the app's page says so, in the tutorial's language (``add_kernel_notice``).
- **Pictures before running**: JupyterLab shows an SVG output only from a trusted cell, and JupyterLite
  opens notebooks untrusted. The notebooks are copied with every code cell marked trusted (as
  ``jupyter trust`` does for ``make lab``): they are our own tutorials, and their saved outputs are the
  pictures the engine drew. A widget's saved output keeps only its picture (``copy_notebooks``).
- **What the repository holds**: the tutorials come from the last commit (``git archive HEAD
  notebooks``, ``committed_notebooks``), never from the working tree, so an untracked notebook or an
  autosaved edit never reaches the site; the build names them and says they are left out.
- **Every language**: the translated tutorials (``notebooks/ru/``, ``ja/``, ``fa/``: a folder for each
  language of the package) go into folders of the same names, each file named with its language
  (``ru/01_first_game.ru.ipynb``, see ``_contents_path``). A tutorial that exists in several languages
  starts, in the site, with a line naming them in their own names, each a link to its copy
  (``language_bar``); the site's root opens tutorial 1 in the language the address asks for
  (``?lang=ru``), else in the browser's language, else in English (``root_page``).

Downloads are cached under ``build/lite/cache/``; the whole build is skipped when a hash of its inputs
(the package, the notebooks, ``site/``) matches the last successful build, so the browser test reuses it.
Run it with the build venv's Python (``build/lite/venv``, from ``site/requirements.txt``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.metadata
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name, parse_wheel_filename
from packaging.version import Version

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SITE = REPO / "build" / "site"
"""The finished site: serve this folder."""
LITE = REPO / "build" / "lite"
"""Everything else the build keeps: ``venv`` (made by ``make site``), ``cache``, ``work`` and the stamp."""
CACHE = LITE / "cache"
"""Downloads kept between builds: the Pyodide tarball and the wheels."""
WORK = LITE / "work"
"""Scratch space of one build, made anew each time."""
STAMP = LITE / "site-inputs.sha256"
"""The inputs hash of the site in ``SITE``, written after a successful build."""

PYODIDE_VERSION = "314.0.6"
"""The Pyodide that jupyterlite-pyodide-kernel 0.8.6 expects (Python 3.14)."""
PYODIDE_SHA256 = "d78ac549b28a2a58600cd06f44e017024151775f8c6b2d73fab1475400d38ea2"
"""sha256 of the npm tarball ``pyodide-314.0.6.tgz``."""
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""What the kernel loads from the npm package (its lock is rewritten; maps, types and demos are left out)."""

KERNEL_WHEELS = frozenset(map(canonicalize_name, ("piplite", "pyodide-kernel", "ipykernel")))
"""The kernel's own wheels (an ipykernel stub among them), which come with its lab extension."""
ALSO_NEEDED = ("packaging", "typing-extensions")
"""Imported by micropip and piplite when a visitor runs ``%pip``, besides what the kernel preloads."""
PACKAGE = canonicalize_name("novaluna_widget")
PACKAGE_EXTRA = "widget"
"""The extra whose dependencies the site preloads (``analysis`` needs pandas, which has no PyPI wheel
for Pyodide)."""
SERVED_ELSEWHERE = frozenset(
    {
        canonicalize_name("widgetsnbextension"),  # the Pyodide kernel ships a stub of it
        canonicalize_name("jupyterlab_widgets"),  # only its lab extension is used, and the site serves that
    }
)
"""Requirements of the preloaded wheels that are deliberately not in the kernel."""
LAB_EXTENSIONS = ("anywidget", "jupyterlab_widgets")
"""Python packages whose lab extension (from the build venv) must suit the kernel's wheels."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURES = {"image/svg+xml", "text/html"}
"""What a widget's output also carries for where no widget can show: the position as a picture."""
FIRST_NOTEBOOK = "01_first_game.ipynb"
"""Where the site's root opens, in the visitor's language."""
ENGLISH = "en"
"""The language of the tutorials at the top of ``notebooks/``; the others have a folder each."""
LANGUAGE_BAR = "site-languages"
"""The id of the cell that ``language_bar`` puts first in a tutorial that exists in several languages."""
ROOT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Nova Luna: the tutorials in your browser</title>
<!-- Every JupyterLite page reads this (empty) configuration from its parent folders' index.html. -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<script>
// Tutorial 1 in the language the address asks for (?lang=ru), else in the browser's first language
// that has it, else in English.
const first = {firsts};
const asked = [new URLSearchParams(location.search).get("lang"), ...navigator.languages];
const lang = asked.map((code) => (code ?? "").toLowerCase().split("-")[0])
  .find((code) => Object.hasOwn(first, code)) ?? "{english}";
location.replace("lab/index.html?path=" + first[lang]);
</script>
</head>
<body><p>Nova Luna, tutorial 1: {links}</p></body>
</html>
"""
"""The site's root page (``root_page``). JupyterLite's own sends the visitor to an empty JupyterLab
instead; the apps read the configuration script of this page too, so it stays."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="build even if the inputs are unchanged")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        notebooks = committed_notebooks(Path(scratch))
        digest = inputs_digest(notebooks)
        if not args.force and SITE.joinpath("index.html").is_file() and _read(STAMP) == digest:
            print(f"site: {SITE.relative_to(REPO)} is up to date (inputs unchanged)")
            return 0
        build(notebooks)
    STAMP.write_text(digest + "\n")
    files = [p for p in SITE.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files) / 1e6
    print(
        f"site: built {SITE.relative_to(REPO)} ({size:.1f} MB, {len(files)} files); to try it, run "
        f"`python3 -m http.server -d {SITE.relative_to(REPO)}` and open http://localhost:8000/"
    )
    return 0


def committed_notebooks(dest: Path, repo: Path = REPO) -> Path:
    """The tutorials as ``repo``'s last commit holds them, written into ``dest/notebooks`` (returned):
    what is not committed under ``notebooks/`` (an untracked notebook, an edit JupyterLab autosaved)
    stays out of the site, and each such file is named on stderr. Refuses to build outside a git
    checkout, where it could not tell what the repository holds."""
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "--", "notebooks"],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    if status.returncode != 0:
        raise SystemExit(f"site: builds the tutorials the repository holds, and {repo} is no git checkout")
    for line in status.stdout.splitlines():
        print(f"site: left out, not committed: {line[3:]} ({line[:2].strip()})", file=sys.stderr)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", "HEAD", "notebooks"], cwd=repo, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(dest, filter="data")
    return dest / "notebooks"


def inputs_digest(notebooks: Path = REPO / "notebooks") -> str:
    """A hash of everything the site is made from: the package's wheel inputs, the tutorials in every
    language (``notebooks``) and ``site/`` (which pins every tool and download)."""
    paths = [REPO / "pyproject.toml", REPO / "README.md", *_tree(REPO / "novaluna_widget"), *_tree(HERE)]
    named = [(path, path.relative_to(REPO)) for path in paths]
    named += [
        (path, path.relative_to(notebooks.parent))
        for found in tutorials(notebooks).values()
        for path in found
    ]
    digest = hashlib.sha256(sys.version.encode())
    for path, name in named:
        digest.update(f"{name}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _tree(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def _read(path: Path) -> str | None:
    return path.read_text().strip() if path.is_file() else None


def build(notebooks: Path) -> None:
    """Make the site of the tutorials in ``notebooks`` (``committed_notebooks``) in ``WORK``, and only
    then replace ``SITE``, so a failed build leaves the old one."""
    shutil.rmtree(WORK, ignore_errors=True)
    lite, contents, out = WORK / "lite", WORK / "files", WORK / "out"
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    lock = unpack_pyodide(pyodide)
    paths = [
        build_package_wheel(WORK / "package"),
        *download(read_pins(HERE / "kernel-packages.txt")),
        *kernel_wheels(),
    ]
    added = {wheel.name: wheel for wheel in map(Added.read, paths)}
    write_lock(lock, added, preloaded(), pyodide)
    precompile(pyodide)
    shutil.copy(HERE / "jupyter-lite.json", lite / "jupyter-lite.json")
    copy_notebooks(notebooks, contents)
    _run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lite",
            "build",
            "--lite-dir",
            str(lite),
            "--contents",
            str(contents),
            "--output-dir",
            str(out),
            "--apps",
            "lab",
            "--no-sourcemaps",
            "--no-unused-shared-packages",
        ],
        cwd=lite,
    )
    (out / "index.html").write_text(root_page(notebooks), encoding="utf-8")
    add_kernel_notice(out / "lab" / "index.html", tutorials(notebooks))
    shutil.copy(out / "lab" / "favicon.ico", out / "favicon.ico")  # browsers ask the root for one
    check_offline(out)
    shutil.rmtree(SITE, ignore_errors=True)
    out.rename(SITE)


def _run(command: list[str], cwd: Path | None = None) -> None:
    print("site: $", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


# -- Pyodide and its lock ---------------------------------------------------------------------------
def unpack_pyodide(dest: Path) -> dict[str, Any]:
    """Put Pyodide's runtime in ``dest`` (from the npm tarball, fetched once) and return its lock."""
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file() or _sha256(tarball) != PYODIDE_SHA256:
        CACHE.mkdir(parents=True, exist_ok=True)
        _run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(CACHE)])
        if _sha256(tarball) != PYODIDE_SHA256:
            raise SystemExit(f"site: {tarball.name} does not have the pinned sha256 {PYODIDE_SHA256}")
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_RUNTIME:
            member = archive.extractfile(f"package/{name}")
            assert member is not None, name
            dest.joinpath(name).write_bytes(member.read())
        lock_file = archive.extractfile("package/pyodide-lock.json")
        assert lock_file is not None
        lock: dict[str, Any] = json.load(lock_file)
    return lock


def preloaded() -> list[NormalizedName]:
    """What the kernel loads as it starts (site/jupyter-lite.json): the package with its dependencies,
    and what the kernel would otherwise install one by one with micropip (slower) before it is ready;
    for those, the worker of jupyterlite-pyodide-kernel checks these exact names (micropip, piplite,
    pyodide-kernel, ipykernel, comm, jedi, ipython)."""
    config = json.loads((HERE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    return [canonicalize_name(name) for name in kernel["loadPyodideOptions"]["packages"]]


def write_lock(
    lock: dict[str, Any], added: dict[NormalizedName, Added], preload: list[NormalizedName], dest: Path
) -> None:
    """Write the site's lock into ``dest`` with each wheel beside it: what the kernel preloads and their
    dependencies, from Pyodide's lock (fetched from PyPI at the lock's version) or from ``added``."""
    packages = {canonicalize_name(name): entry for name, entry in lock["packages"].items()}
    for name in added:
        if name in packages:
            raise SystemExit(f"site: {name} is in Pyodide's lock: its version is Pyodide's, not ours")
    wanted = _closure([*preload, *map(canonicalize_name, ALSO_NEEDED)], packages, added)
    if unused := added.keys() - wanted:
        raise SystemExit(f"site: wheels added but not preloaded: {sorted(unused)}")
    from_lock = sorted(wanted - added.keys())
    pins = [f"{name}=={packages[name]['version']}" for name in from_lock]
    site_packages: dict[str, Any] = {}
    for name, wheel in zip(from_lock, download(pins), strict=True):
        site_packages[name] = {**packages[name], "file_name": wheel.name, "sha256": _sha256(wheel)}
        shutil.copy(wheel, dest / wheel.name)
    for name, extra in added.items():
        site_packages[name] = extra.entry
        shutil.copy(extra.path, dest / extra.path.name)
    check_requirements(added, {name: Version(entry["version"]) for name, entry in site_packages.items()})
    site_lock = {"info": lock["info"], "packages": dict(sorted(site_packages.items()))}
    dest.joinpath("pyodide-lock.json").write_text(json.dumps(site_lock, indent=1) + "\n")


def precompile(folder: Path) -> None:
    """Add to each wheel in ``folder``, and to Pyodide's standard library there, its modules' bytecode for
    the kernel's Python (``precompile.py``, run in the site's own Pyodide under Node), and update the
    wheels' sha256 in the lock there: a visitor's kernel then compiles nothing it imports, which otherwise
    costs seconds at every start."""
    _run(["node", str(HERE / "precompile.mjs"), str(folder), str(folder), str(HERE / "precompile.py")])
    lock_path = folder / "pyodide-lock.json"
    site_lock = json.loads(lock_path.read_text())
    for entry in site_lock["packages"].values():
        entry["sha256"] = _sha256(folder / entry["file_name"])
    lock_path.write_text(json.dumps(site_lock, indent=1) + "\n")


def _closure(
    roots: Iterable[NormalizedName], lock: dict[NormalizedName, Any], added: dict[NormalizedName, Added]
) -> set[NormalizedName]:
    """The roots and everything they depend on, by the lock's ``depends``."""
    seen: set[NormalizedName] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        entry = added[name].entry if name in added else lock.get(name)
        if entry is None:
            raise SystemExit(f"site: {name} is needed but neither in Pyodide's lock nor added")
        todo.extend(canonicalize_name(d) for d in entry["depends"])
    return seen


# -- wheels -----------------------------------------------------------------------------------------
def read_pins(path: Path) -> list[str]:
    """The ``name==version`` lines of a requirements file."""
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def download(pins: list[str]) -> list[Path]:
    """The pure-Python wheels of ``pins`` (``name==version``) for Pyodide, from the cache or PyPI."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [pin for pin in pins if _cached(folder, pin) is None]
    if missing:
        python = _pyodide_python()
        _run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                python,
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                "--dest",
                str(folder),
                *missing,
            ]
        )
    wheels = []
    for pin in pins:
        wheel = _cached(folder, pin)
        if wheel is None:
            raise SystemExit(f"site: pip downloaded no wheel for {pin}")
        wheels.append(wheel)
    return wheels


def _cached(folder: Path, pin: str) -> Path | None:
    requirement = Requirement(pin)
    for wheel in folder.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if name == canonicalize_name(requirement.name) and version in requirement.specifier:
            return wheel
    return None


def _pyodide_python() -> str:
    """Pyodide's Python as ``major.minor``, from the version pinned for its kernel (imported here, not
    at the top, so that the tests can import this module without the build venv)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as KERNEL_PYODIDE

    if KERNEL_PYODIDE != PYODIDE_VERSION:
        raise SystemExit(
            f"site: jupyterlite-pyodide-kernel expects Pyodide {KERNEL_PYODIDE}, "
            f"site/build.py pins {PYODIDE_VERSION}"
        )
    return str(PYODIDE_PYTHON_VERSION)


def kernel_wheels() -> list[Path]:
    """The kernel's own wheels, from its lab extension in the build venv."""
    folder = Path(
        sys.prefix,
        "share",
        "jupyter",
        "labextensions",
        "@jupyterlite",
        "pyodide-kernel-extension",
        "static",
        "pypi",
    )
    wheels = [w for w in sorted(folder.glob("*.whl")) if parse_wheel_filename(w.name)[0] in KERNEL_WHEELS]
    if len(wheels) != len(KERNEL_WHEELS):
        raise SystemExit(f"site: expected the wheels of {sorted(KERNEL_WHEELS)} in {folder}, found {wheels}")
    return wheels


def build_package_wheel(dest: Path) -> Path:
    """The package's wheel, built from the working tree (with the build venv's hatchling)."""
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(dest),
            str(REPO),
        ]
    )
    (wheel,) = dest.glob("*.whl")
    return wheel


@dataclass(frozen=True)
class Added:
    """A pure-Python wheel the site adds to Pyodide's lock."""

    name: NormalizedName
    path: Path
    requires: list[Requirement]
    """Its ``Requires-Dist`` as Pyodide sees them (Python 3.14 on Emscripten; for the package, with
    the ``widget`` extra that the site preloads)."""
    entry: dict[str, Any]
    """Its lock entry (``depends`` leaves out what is ``SERVED_ELSEWHERE``)."""

    @classmethod
    def read(cls, path: Path) -> Added:
        name, version, _, _ = parse_wheel_filename(path.name)
        with zipfile.ZipFile(path) as archive:
            (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
            text = archive.read(metadata).decode()
            tops = {
                n.split("/")[0].removesuffix(".py")
                for n in archive.namelist()
                if not n.split("/")[0].endswith((".dist-info", ".data"))
            }
        requires = list(_requirements(text, PACKAGE_EXTRA if name == PACKAGE else ""))
        depends = sorted({canonicalize_name(r.name) for r in requires} - SERVED_ELSEWHERE)
        entry = {
            "name": name,
            "version": str(version),
            "file_name": path.name,
            "install_dir": "site",
            "sha256": _sha256(path),
            "package_type": "package",
            "imports": sorted(tops),
            "depends": depends,
            "unvendored_tests": False,
        }
        return cls(name, path, requires, entry)


def _requirements(metadata: str, extra: str) -> Iterator[Requirement]:
    """The ``Requires-Dist`` of a wheel's metadata that apply in Pyodide with ``extra``."""
    environment = {
        "python_version": _pyodide_python(),
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": extra,
    }
    for line in metadata.splitlines():
        if line.startswith("Requires-Dist:"):
            requirement = Requirement(line.partition(":")[2].strip())
            if requirement.marker is None or requirement.marker.evaluate(environment):
                yield requirement


def check_requirements(added: dict[NormalizedName, Added], versions: dict[str, Version]) -> None:
    """Fail unless every requirement of the added wheels is met by the version the site has: in the
    kernel (``versions``) or, for a front end, the lab extension from the build venv. The kernel's
    anywidget must also be the lab extension's own version."""
    served = {canonicalize_name(n): Version(importlib.metadata.version(n)) for n in LAB_EXTENSIONS}
    for wheel in added.values():
        for requirement in wheel.requires:
            wanted = canonicalize_name(requirement.name)
            have = served.get(wanted) if wanted in SERVED_ELSEWHERE else versions.get(wanted)
            if have is not None and have not in requirement.specifier:
                raise SystemExit(f"site: {wheel.name} needs {requirement}, the site has {wanted} {have}")
    for name, version in served.items():
        if name in versions and versions[name] != version:
            raise SystemExit(f"site: the kernel gets {name} {versions[name]}, its lab extension is {version}")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- contents and checks ----------------------------------------------------------------------------
def languages() -> Mapping[str, str]:
    """The package's languages by code, each with its own name (``novaluna_widget._i18n``). Imported from
    the working tree when the package is not installed, as in the build venv: the engine imports
    nothing but the standard library."""
    if str(REPO) not in sys.path:
        sys.path.append(str(REPO))
    from novaluna_widget._i18n import LANGUAGES

    return LANGUAGES


def tutorials(notebooks: Path) -> dict[str, list[Path]]:
    """The tutorials by language, in the package's order: English at the top of ``notebooks``, each
    translation in the folder named by its language's code (``ru/``). Languages with none are left out,
    and so are folders named by no language."""
    found = {}
    for lang in languages():
        if paths := sorted((notebooks if lang == ENGLISH else notebooks / lang).glob("*.ipynb")):
            found[lang] = paths
    return found


def copy_notebooks(source: Path, dest: Path) -> None:
    """Copy the tutorials of every language (``tutorials``; a translation into the folder of its
    language, named as ``_contents_path`` says) so that their saved pictures show before anything runs:
    every code cell trusted (JupyterLab draws SVG only from trusted cells), and a widget's output reduced
    to the picture saved with it. A saved widget view names a model in a kernel that is gone: JupyterLab
    would show "Loading widget..." until the cell runs again. The saved widget state goes for the same
    reason. A tutorial that exists in several languages starts with their ``language_bar``."""
    found = tutorials(source)
    langs: dict[str, list[str]] = {}  # each tutorial's languages, by file name
    for lang, paths in found.items():
        for path in paths:
            langs.setdefault(path.name, []).append(lang)
    dest.mkdir(parents=True)
    for lang, paths in found.items():
        for path in paths:
            notebook = json.loads(path.read_text(encoding="utf-8"))
            notebook["metadata"].pop("widgets", None)
            notebook["cells"] = without_analysis(notebook["cells"])
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    cell["metadata"]["trusted"] = True
                    for output in cell["outputs"]:
                        data = output.get("data", {})
                        if WIDGET_VIEW in data and PICTURES & data.keys():
                            del data[WIDGET_VIEW]
            if len(langs[path.name]) > 1:
                notebook["cells"].insert(0, language_bar(path.name, lang, langs[path.name]))
            copy = dest / _contents_path(lang, path.name)
            copy.parent.mkdir(exist_ok=True)
            copy.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


NOT_IN_PYODIDE_TAG = "not-in-pyodide"
"""The tag of a tutorial's cells that need what the site's Pyodide cannot load offline (pandas and
matplotlib: tutorial 7's teacher's report): the site's copy has a note in their place."""


def without_analysis(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``cells`` with each run of cells tagged ``NOT_IN_PYODIDE_TAG`` replaced by one Markdown cell that
    says where to run them, so that Run All works on the site."""
    kept: list[dict[str, Any]] = []
    skipping = False
    for cell in cells:
        tagged = NOT_IN_PYODIDE_TAG in cell["metadata"].get("tags", ())
        if not tagged:
            kept.append(cell)
        elif not skipping:
            kept.append(
                {
                    "cell_type": "markdown",
                    "id": f"{cell['id']}-elsewhere",
                    "metadata": {},
                    "source": (
                        "*Here the tutorial goes on with what needs pandas and matplotlib, which this "
                        "in-browser site cannot load: run it in JupyterLab (`make lab`, or Binder) to see "
                        "it.*"
                    ),
                }
            )
        skipping = tagged
    return kept


def language_bar(name: str, lang: str, langs: Iterable[str]) -> dict[str, Any]:
    """A Markdown cell naming the languages ``langs`` the tutorial ``name`` is in, each in its own name:
    ``lang``, the language of this copy, in bold, and each other one a link to its copy (JupyterLab
    opens a relative link to a notebook in the site itself)."""
    names = languages()
    words = []
    for other in langs:
        if other == lang:
            words.append(f'<b lang="{other}">{html.escape(names[other])}</b>')
        else:
            href = _contents_path(other, name) if lang == ENGLISH else f"../{_contents_path(other, name)}"
            words.append(f'<a href="{html.escape(href)}" lang="{other}">{html.escape(names[other])}</a>')
    return {"cell_type": "markdown", "id": LANGUAGE_BAR, "metadata": {}, "source": " · ".join(words)}


def _contents_path(lang: str, name: str) -> str:
    """Where the tutorial ``name`` (its file name in ``notebooks/``) in ``lang`` is in the site's contents:
    a translation's file name says its language too (``ru/01_first_game.ru.ipynb``), because JupyterLite
    0.8.6 keys its sessions by file name alone: a second open notebook named like the first, in another
    folder, would be handed the first one's session and get no kernel."""
    return name if lang == ENGLISH else f"{lang}/{Path(name).stem}.{lang}{Path(name).suffix}"


def root_page(notebooks: Path) -> str:
    """The site's root page for the tutorials of ``notebooks``: it opens tutorial 1 in the language the
    address asks for (``?lang=ru``), else in the browser's first language that has it, else in English,
    and lists tutorial 1's languages, each in its own name, until it does."""
    names = languages()
    firsts = {
        lang: _contents_path(lang, FIRST_NOTEBOOK)
        for lang, paths in tutorials(notebooks).items()
        if FIRST_NOTEBOOK in {path.name for path in paths}
    }
    if ENGLISH not in firsts:
        raise SystemExit(f"site: the site's root opens {FIRST_NOTEBOOK}, which is not among the tutorials")
    links = " · ".join(
        f'<a href="lab/index.html?path={html.escape(path)}" lang="{lang}">{html.escape(names[lang])}</a>'
        for lang, path in firsts.items()
    )
    return ROOT_PAGE.format(firsts=json.dumps(firsts, ensure_ascii=False), english=ENGLISH, links=links)


KERNEL_NOTICE = """<div id="nl-kernel-starting" role="status" hidden style="position: fixed; z-index: 10000;
 inset-block-start: 8px; inset-inline: 0; margin-inline: auto; inline-size: fit-content;
 max-inline-size: 90vw; padding: 8px 16px; border-radius: 6px; font: 14px/1.4 system-ui, sans-serif;
 background: #fff4c2;
 color: #222; box-shadow: 0 1px 4px #0004;"></div>
<script>
// Says, in the open tutorial's language, that Python is starting, until the tutorial's kernel is idle.
(() => {{
  const words = {words};
  const path = new URLSearchParams(location.search).get("path") ?? "";
  const lang = Object.keys(words).find((code) => path.endsWith(`.${{code}}.ipynb`)) ?? "{english}";
  const notice = document.getElementById("nl-kernel-starting");
  Object.assign(notice, {{textContent: words[lang], lang, dir: {rtl}.includes(lang) ? "rtl" : "ltr"}});
  notice.hidden = false;
  const check = () => {{
    const kernel = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;
    if (kernel?.status === "idle") notice.remove();
    else setTimeout(check, 200);
  }};
  check();
}})();
</script>
"""
"""What ``add_kernel_notice`` puts at the end of the app's page: ``{words}``, the notice by language."""


def add_kernel_notice(page: Path, found: Mapping[str, Iterable[Path]]) -> None:
    """Make the app's ``page`` say, over the open tutorial and in its language (one of ``found``'s), that
    the Python kernel is starting, until the tutorial's kernel is idle: for seconds nothing else moves.
    The sentence is the package's (``_site.KERNEL_STARTING``), in each language from its catalogues."""
    if str(REPO) not in sys.path:
        sys.path.append(str(REPO))
    from novaluna_widget._i18n import RIGHT_TO_LEFT
    from novaluna_widget._site import KERNEL_STARTING

    words = {lang: KERNEL_STARTING.in_language(lang) for lang in found}
    notice = KERNEL_NOTICE.format(
        words=json.dumps(words, ensure_ascii=False), english=ENGLISH, rtl=json.dumps(sorted(RIGHT_TO_LEFT))
    )
    text = page.read_text(encoding="utf-8")
    if text.count("</body>") != 1:
        raise SystemExit(f"site: {page} has no single </body> to put the kernel's notice before")
    page.write_text(text.replace("</body>", notice + "</body>"), encoding="utf-8")


def check_offline(site: Path) -> None:
    """Fail if the site's configuration points anywhere but the site itself."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel["pyodideUrl"].startswith("./") or not kernel.get("disablePyPIFallback"):
        raise SystemExit(f"site: the kernel's settings reach outside the site: {kernel}")
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    absent = [
        e["file_name"]
        for e in lock["packages"].values()
        if not (site / "static" / "pyodide" / e["file_name"]).is_file()
    ]
    if absent:
        raise SystemExit(f"site: the lock names wheels the site lacks: {absent}")


if __name__ == "__main__":
    sys.exit(main())
