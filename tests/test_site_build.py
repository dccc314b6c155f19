"""The JupyterLite site's build (site/build.py) in the parts that need no download, and the tutorials'
promise about the site: each one either runs there (tests/browser/test_site.py) or says where to run it."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from .browser.lite import NOT_IN_PYODIDE, TUTORIAL_1

ROOT = Path(__file__).parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def site_build() -> ModuleType:
    """site/build.py as a module (the folder is no package: `python site/build.py` runs it)."""
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "site" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_notebooks_are_copied_trusted_with_each_widget_shown_as_its_picture(tmp_path: Path) -> None:
    widget = {
        "output_type": "display_data",
        "metadata": {},
        "data": {WIDGET_VIEW: {"model_id": "gone"}, "image/svg+xml": "<svg/>", "text/plain": "W"},
    }
    other_widget = {
        "output_type": "display_data",
        "metadata": {},
        "data": {WIDGET_VIEW: {"model_id": "gone"}, "text/plain": "Slider"},
    }
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"widgets": {"state": {}}},
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Title"},
            {
                "cell_type": "code",
                "id": "b",
                "metadata": {},
                "execution_count": 1,
                "source": "w",
                "outputs": [widget, other_widget],
            },
        ],
    }
    source, dest = tmp_path / "in", tmp_path / "out"
    source.mkdir()
    (source / "t.ipynb").write_text(json.dumps(notebook))

    site_build().copy_notebooks(source, dest)

    copied = json.loads((dest / "t.ipynb").read_text())
    markdown, code = copied["cells"]
    assert code["metadata"] == {"trusted": True} and markdown["metadata"] == {}
    assert code["outputs"][0]["data"] == {"image/svg+xml": "<svg/>", "text/plain": "W"}
    assert WIDGET_VIEW in code["outputs"][1]["data"], "a widget with no saved picture is left alone"
    assert "widgets" not in copied["metadata"]
    assert code["source"] == "w" and markdown["source"] == "# Title"


def _notebook(*cells: dict[str, Any]) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": list(cells)})


def _widget_cell(title: str) -> dict[str, Any]:
    """A code cell whose saved output is a widget with its picture, the picture saying ``title``."""
    data = {WIDGET_VIEW: {"model_id": "gone"}, "image/svg+xml": f"<svg>{title}</svg>", "text/plain": "W"}
    return {
        "cell_type": "code",
        "id": "w",
        "metadata": {},
        "execution_count": 1,
        "source": "w",
        "outputs": [{"output_type": "display_data", "metadata": {}, "data": data}],
    }


def test_translations_go_into_their_language_folders_with_a_bar_linking_the_languages(tmp_path: Path) -> None:
    source, dest = tmp_path / "in", tmp_path / "out"
    for folder, name, title in [
        (".", "t.ipynb", "Title"),
        ("ru", "t.ipynb", "Заголовок"),
        ("fa", "t.ipynb", "عنوان"),
        ("ja", "only.ipynb", "題"),
        ("xx", "t.ipynb", "not a language of the package"),
    ]:
        (source / folder).mkdir(parents=True, exist_ok=True)
        heading = {"cell_type": "markdown", "id": "a", "metadata": {}, "source": f"# {title}"}
        (source / folder / name).write_text(_notebook(heading, _widget_cell(title)))

    site_build().copy_notebooks(source, dest)

    copies = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.ipynb"))
    assert copies == ["fa/t.fa.ipynb", "ja/only.ja.ipynb", "ru/t.ru.ipynb", "t.ipynb"]
    russian = json.loads((dest / "ru" / "t.ru.ipynb").read_text(encoding="utf-8"))
    bar, title, code = russian["cells"]
    assert bar["cell_type"] == "markdown" and bar["source"] == (
        '<a href="../t.ipynb" lang="en">English</a> · <b lang="ru">Русский</b> · '
        '<a href="../fa/t.fa.ipynb" lang="fa">فارسی</a>'
    )
    assert title["source"] == "# Заголовок"
    assert code["metadata"] == {"trusted": True}
    assert code["outputs"][0]["data"] == {"image/svg+xml": "<svg>Заголовок</svg>", "text/plain": "W"}
    english = json.loads((dest / "t.ipynb").read_text(encoding="utf-8"))["cells"][0]["source"]
    assert english == (
        '<b lang="en">English</b> · <a href="ru/t.ru.ipynb" lang="ru">Русский</a> · '
        '<a href="fa/t.fa.ipynb" lang="fa">فارسی</a>'
    )
    alone = json.loads((dest / "ja" / "only.ja.ipynb").read_text(encoding="utf-8"))
    assert [cell["id"] for cell in alone["cells"]] == ["a", "w"], "a tutorial in one language has no bar"
    assert alone["cells"][1]["metadata"] == {"trusted": True}


def test_the_site_carries_the_translated_tutorials_trusted_with_their_pictures(tmp_path: Path) -> None:
    build = site_build()
    build.copy_notebooks(ROOT / "notebooks", tmp_path / "files")
    for lang in ("ru", "ja", "fa"):
        for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
            source = json.loads(path.read_text(encoding="utf-8"))
            copied = tmp_path / "files" / lang / f"{path.stem}.{lang}.ipynb"
            copy = json.loads(copied.read_text(encoding="utf-8"))
            bar, *cells = copy["cells"]
            assert bar["id"] == build.LANGUAGE_BAR
            assert [c["source"] for c in cells] == [c["source"] for c in source["cells"]]
            assert all(c["metadata"]["trusted"] for c in cells if c["cell_type"] == "code"), path
            outputs = [output.get("data", {}) for cell in copy["cells"] for output in cell.get("outputs", [])]
            assert not [data for data in outputs if WIDGET_VIEW in data and "image/svg+xml" in data], path
            assert _pictures(copy) == _pictures(source) != [], path


def _pictures(notebook: dict[str, Any]) -> list[str]:
    """The SVG pictures saved in a notebook's outputs, in order."""
    outputs = [output.get("data", {}) for cell in notebook["cells"] for output in cell.get("outputs", [])]
    return [data["image/svg+xml"] for data in outputs if "image/svg+xml" in data]


def test_the_root_page_offers_tutorial_1_in_every_language_in_its_own_name() -> None:
    page = site_build().root_page(ROOT / "notebooks")
    for lang, name in {"en": "English", "ru": "Русский", "ja": "日本語", "fa": "فارسی"}.items():
        path = TUTORIAL_1[lang]
        assert f'<a href="lab/index.html?path={path}" lang="{lang}">{name}</a>' in page
        assert f'"{lang}": "{path}"' in page, "the script that picks the visitor's language knows it"


def test_the_inputs_hash_follows_the_translated_tutorials(tmp_path: Path) -> None:
    build = site_build()
    notebooks = tmp_path / "notebooks"
    (notebooks / "ru").mkdir(parents=True)
    (notebooks / "t.ipynb").write_text(_notebook())
    (notebooks / "ru" / "t.ipynb").write_text(_notebook())
    before = build.inputs_digest(notebooks)

    (notebooks / "ru" / "t.ipynb").write_text(
        _notebook({"cell_type": "markdown", "id": "a", "metadata": {}, "source": "Привет"})
    )
    changed = build.inputs_digest(notebooks)
    (notebooks / "ja").mkdir()
    (notebooks / "ja" / "t.ipynb").write_text(_notebook())
    added = build.inputs_digest(notebooks)
    (notebooks / "xx").mkdir()
    (notebooks / "xx" / "t.ipynb").write_text(_notebook())

    assert len({before, changed, added}) == 3
    assert build.inputs_digest(notebooks) == added, "a folder named by no language is no input"
    assert {"en", "ru", "ja", "fa"} <= build.tutorials(ROOT / "notebooks").keys()


def test_the_site_takes_the_committed_tutorials_and_names_what_it_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    (repo / "notebooks").mkdir(parents=True)
    committed = _notebook({"cell_type": "markdown", "id": "a", "metadata": {}, "source": "as committed"})
    (repo / "notebooks" / "t.ipynb").write_text(committed)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "notebooks"], check=True)
    subprocess.run([*git, "commit", "-qm", "tutorial"], check=True)
    (repo / "notebooks" / "t.ipynb").write_text(_notebook())  # an autosaved edit…
    (repo / "notebooks" / "scratch.ipynb").write_text(_notebook())  # …and a notebook never committed

    found = site_build().committed_notebooks(tmp_path / "out", repo)

    assert sorted(p.name for p in found.rglob("*")) == ["t.ipynb"]
    assert (found / "t.ipynb").read_text() == committed
    told = capsys.readouterr().err
    assert "left out, not committed: notebooks/t.ipynb (M)" in told
    assert "left out, not committed: notebooks/scratch.ipynb (??)" in told


def test_the_site_refuses_a_folder_that_is_no_git_checkout(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no git checkout"):
        site_build().committed_notebooks(tmp_path / "out", tmp_path)


def test_a_tutorial_that_cannot_run_in_the_site_says_where_to_run_it() -> None:
    for name, needs in NOT_IN_PYODIDE.items():
        first = json.loads((ROOT / "notebooks" / name).read_text())["cells"][0]
        text = "".join(first["source"])
        assert "Binder" in text and "make lab" in text, f"{name} needs {needs}: its first cell must say so"


def test_tutorial_7s_teachers_report_is_a_note_on_the_site_so_run_all_works_there(tmp_path: Path) -> None:
    # The report needs pandas and matplotlib, which the site's Pyodide cannot load offline: its cells
    # (tagged in the tutorial) become one note in the site's copy, and every other cell stays.
    build = site_build()
    build.copy_notebooks(ROOT / "notebooks", tmp_path / "files")
    source = json.loads((ROOT / "notebooks" / "07_classroom.ipynb").read_text(encoding="utf-8"))
    copy = json.loads((tmp_path / "files" / "07_classroom.ipynb").read_text(encoding="utf-8"))
    tagged = [c["id"] for c in source["cells"] if build.NOT_IN_PYODIDE_TAG in c["metadata"].get("tags", [])]
    assert "nb07-teacher-class" in tagged  # the cell that calls class_report
    ids = [c["id"] for c in copy["cells"]]
    assert not set(tagged) & set(ids) and ids.count(f"{tagged[0]}-elsewhere") == 1
    assert [i for i in ids if not i.endswith("-elsewhere")] == [
        c["id"] for c in source["cells"] if c["id"] not in tagged
    ]
    assert not any("class_report(" in "".join(c["source"]) for c in copy["cells"] if c["cell_type"] == "code")


def precompile() -> ModuleType:
    """site/precompile.py as a module (Pyodide runs it as a script under Node, on the site's wheels)."""
    spec = importlib.util.spec_from_file_location("site_precompile", ROOT / "site" / "precompile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _zip(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return out.getvalue()


def _run(code: str, path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(path)!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_the_sites_wheels_and_standard_library_carry_bytecode_that_the_import_uses(tmp_path: Path) -> None:
    """A kernel in the browser would compile each module from source at every start (issue 38.1): the
    build adds each module's bytecode where the import looks first. The sources are changed afterwards
    here, so a module that says "compiled" was loaded from the bytecode; a file that does not compile and
    a wheel's .data stay as they were."""
    module = precompile()
    files = {"pkg/__init__.py": "SAID = 'compiled'\n", "pkg/py2.py": "print 'old'\n", "x.data/a.py": "1\n"}
    wheel = tmp_path / "wheel"
    with zipfile.ZipFile(
        __import__("io").BytesIO(module.compiled(_zip(files), "/site", module.in_pycache))
    ) as z:
        names = set(z.namelist())
        z.extractall(wheel)
    tag = sys.implementation.cache_tag
    assert names == {*files, f"pkg/__pycache__/__init__.{tag}.pyc"}
    (wheel / "pkg" / "__init__.py").write_text("SAID = 'source'\n")
    assert _run("import pkg; print(pkg.SAID)", wheel) == "compiled"

    # The standard library is a zip on sys.path: zipimport looks for module.pyc beside module.py.
    stdlib = zipfile.ZipFile(io.BytesIO(module.compiled(_zip(files), "/lib", module.beside)))
    kept = {name: stdlib.read(name) for name in stdlib.namelist()}
    assert set(kept) == {*files, "pkg/__init__.pyc"}
    kept["pkg/__init__.py"] = b"SAID = 'source'\n"
    archive = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name, data in kept.items():
            z.writestr(name, data)
    assert _run("import pkg; print(pkg.SAID)", archive) == "compiled"
