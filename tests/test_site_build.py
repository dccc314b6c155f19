"""The JupyterLite site's build (site/build.py) in the parts that need no download, and the tutorials'
promise about the site: each one either runs there (tests/browser/test_site.py) or says where to run it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from .browser.lite import NOT_IN_PYODIDE

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
    widget = {"output_type": "display_data", "metadata": {},
              "data": {WIDGET_VIEW: {"model_id": "gone"}, "image/svg+xml": "<svg/>", "text/plain": "W"}}
    other_widget = {"output_type": "display_data", "metadata": {},
                    "data": {WIDGET_VIEW: {"model_id": "gone"}, "text/plain": "Slider"}}
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"widgets": {"state": {}}}, "cells": [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Title"},
        {"cell_type": "code", "id": "b", "metadata": {}, "execution_count": 1, "source": "w",
         "outputs": [widget, other_widget]},
    ]}  # fmt: skip
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


def test_a_tutorial_that_cannot_run_in_the_site_says_where_to_run_it() -> None:
    for name, needs in NOT_IN_PYODIDE.items():
        first = json.loads((ROOT / "notebooks" / name).read_text())["cells"][0]
        text = "".join(first["source"])
        assert "Binder" in text and "make lab" in text, f"{name} needs {needs}: its first cell must say so"
