"""The Binder proof: the repository's ``binder/`` folder alone makes an environment the tutorials pass in.

mybinder.org (repo2docker) installs ``binder/requirements.txt`` with pip from the repository's root,
runs ``binder/postBuild`` there, and opens notebook 1. There is no Docker here, so these tests do the
same in a fresh virtual environment: copy the repository's files (what a clone holds) to a temp
folder, install ``binder/requirements.txt`` and nothing else (plus pytest and nbval to run the check),
run ``postBuild`` with a fresh home, and run every notebook under nbval with that environment's Python.

Building the environment takes a minute or more (pip uses its usual cache); set
``NOVALUNA_SKIP_BINDER=1`` to skip it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import venv
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.first]

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
FIRST_NOTEBOOK = "notebooks/01_first_game.ipynb"
SKIP_ENV = "NOVALUNA_SKIP_BINDER"
#: Where postBuild writes JupyterLab's notification settings, under the home folder.
NOTIFICATION_SETTINGS = (
    ".jupyter/lab/user-settings/@jupyterlab/apputils-extension/notification.jupyterlab-settings"
)


def _requirements() -> list[str]:
    lines = (line.split("#")[0].strip() for line in (BINDER / "requirements.txt").read_text().splitlines())
    return [line for line in lines if line]


def test_requirements_are_pinned_and_install_this_package() -> None:
    lines = _requirements()
    assert "." in lines, "binder/requirements.txt must install this repository's package ('.')"
    loose = [line for line in lines if line != "." and not re.fullmatch(r"[\w.\[\],-]+==[\w.]+", line)]
    assert not loose, f"pin every requirement with ==: {loose}"


def test_runtime_and_post_build_are_what_repo2docker_reads() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.1\d", runtime), f"runtime.txt must read python-3.X, not {runtime!r}"
    assert os.access(BINDER / "postBuild", os.X_OK), "binder/postBuild must be executable"
    assert (REPO / FIRST_NOTEBOOK).is_file(), f"the Binder badge opens {FIRST_NOTEBOOK}; it must exist"


@dataclass(frozen=True)
class BinderEnv:
    """A clone with the Binder environment built and ``postBuild`` run."""

    clone: Path
    home: Path
    prefix: Path
    env: dict[str, str]

    @property
    def python(self) -> str:
        return str(self.prefix / "bin" / "python")

    def run(self, *command: str, cwd: Path | None = None, timeout: float = 600) -> str:
        """Run a command in the Binder environment; fail with its output if it fails."""
        done = subprocess.run(
            command, cwd=cwd or self.clone, env=self.env, capture_output=True, text=True, timeout=timeout
        )
        output = done.stdout + done.stderr
        assert done.returncode == 0, f"{' '.join(command)} failed ({done.returncode}):\n{output[-4000:]}"
        return output


def _clone(destination: Path) -> None:
    """Copy what a fresh clone would hold: tracked files plus new ones git does not ignore."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():  # a tracked file deleted in the work tree is not there to copy
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderEnv]:
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: the Binder environment is not built")
    root = tmp_path_factory.mktemp("binder")
    clone, home, prefix = root / "repo", root / "home", root / "venv"
    _clone(clone)
    home.mkdir()
    venv.create(prefix, with_pip=True)
    # Nothing from this machine's Python or Jupyter set-up leaks in; pip keeps its usual cache.
    outside = ("JUPYTER", "PYTHON", "IPYTHON", "VIRTUAL")
    env = {k: v for k, v in os.environ.items() if not k.startswith(outside)}
    env |= {
        "HOME": str(home),
        "PATH": f"{prefix / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        "PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip")),
    }
    binder = BinderEnv(clone, home, prefix, env)
    # As repo2docker does: pip install -r binder/requirements.txt, from the repository's root.
    # --no-compile: pip would byte-compile every file of JupyterLab and its kin, a third of the install.
    binder.run(
        binder.python,
        "-m",
        "pip",
        "install",
        "-q",
        "--no-compile",
        "-r",
        "binder/requirements.txt",
        timeout=1800,
    )
    # The check's own tools, at the versions the project's tests use: not part of the Binder image.
    binder.run(
        binder.python,
        "-m",
        "pip",
        "install",
        "-q",
        "--no-compile",
        f"pytest=={version('pytest')}",
        f"nbval=={version('nbval')}",
    )
    binder.run("./binder/postBuild", timeout=300)
    yield binder


def test_the_package_comes_from_the_environment_with_its_widget_assets(binder: BinderEnv) -> None:
    where = binder.run(
        binder.python,
        "-c",
        "import novaluna_widget, pathlib; p = pathlib.Path(novaluna_widget.__file__).parent; print(p); "
        "assert (p / 'static' / 'widget.js').is_file(), 'the widget assets are missing'",
        cwd=binder.home,
    ).strip()
    assert Path(where).is_relative_to(binder.prefix), f"novaluna_widget was imported from {where}"


def test_post_build_trusts_the_notebooks_quiets_the_news_and_draws_every_cell(binder: BinderEnv) -> None:
    # Trusted notebooks show their saved pictures (SVG) before any cell has run.
    binder.run(
        binder.python,
        "-c",
        "import glob, sys, nbformat; from nbformat.sign import NotebookNotary; notary = NotebookNotary(); "
        "bad = [p for p in sorted(glob.glob('notebooks/*.ipynb')) "
        "if not notary.check_signature(nbformat.read(p, as_version=4))]; "
        "sys.exit(f'untrusted: {bad}' if bad else 0)",
    )
    settings = json.loads((binder.home / NOTIFICATION_SETTINGS).read_text())
    assert settings["fetchNews"] == "false"
    # Every cell drawn, as `make lab` has it: under virtual scrolling a tutorial's links land past their
    # heading.
    overrides = json.loads((binder.prefix / "share/jupyter/lab/settings/overrides.json").read_text())
    assert overrides["@jupyterlab/notebook-extension:tracker"]["windowingMode"] == "none"


@pytest.mark.notebook
def test_every_notebook_passes_nbval_in_the_binder_environment(binder: BinderEnv) -> None:
    specs = json.loads(binder.run("jupyter", "kernelspec", "list", "--json"))["kernelspecs"]
    kernel = specs["python3"]["spec"]["argv"][0]
    assert kernel in ("python", "python3") or Path(kernel).is_relative_to(binder.prefix), kernel
    result = binder.run(
        binder.python,
        "-m",
        "pytest",
        "--nbval",
        "notebooks/",
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        timeout=900,
    )
    assert re.search(r"\d+ passed", result) and " failed" not in result, result[-2000:]
    assert len(list((binder.clone / "notebooks").glob("0[1-8]_*.ipynb"))) == 8
