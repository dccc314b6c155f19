"""What a notebook with the widget shows where no kernel runs: exported HTML (nbconvert) and GitHub.

The tutorials are executed by ``make notebooks``. Their saved widget outputs must hold the position's
picture in a type every static viewer shows (GitHub renders saved outputs itself and shows
``image/svg+xml``, never a widget view), and no saved widget state: with it, nbconvert's HTML prefers
the widget view, drawn by a renderer from a CDN, which is blank offline (tests/browser/test_export.py
opens such an export with the network blocked).

These tests read the saved tutorial 1, whose outputs nbval proves are what a run gives (the picture
too), and the recipe's output for a small notebook with a widget (``recipe_notebook``): no tutorial is
executed here.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

TUTORIAL_1 = Path(__file__).resolve().parents[1] / "notebooks" / "01_first_game.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def widget_outputs(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The outputs of a notebook's cells that show a widget (its repr names it; a saved tutorial keeps only
    its picture, notebooks/keep_pictures.py)."""
    return [
        output
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
        if "".join(output.get("data", {}).get("text/plain", "")).startswith("NovaLunaWidget(")
    ]


def test_an_unrun_saved_tutorial_shows_the_picture_not_a_missing_model() -> None:
    """JupyterLab ranks a widget view first in a trusted notebook; once its kernel is gone it says "Error
    displaying widget: model not found". Every saved widget output of every tutorial, in every language,
    holds its picture and no view of a model that is gone."""
    for path in sorted(TUTORIAL_1.parent.rglob("*.ipynb")):
        for output in widget_outputs(json.loads(path.read_text(encoding="utf-8"))):
            assert "image/svg+xml" in output["data"] and WIDGET_VIEW not in output["data"], path


def test_saved_widget_output_holds_the_picture_github_shows() -> None:
    from novaluna_widget import NovaLunaWidget

    notebook = json.loads(TUTORIAL_1.read_text(encoding="utf-8"))
    outputs = widget_outputs(notebook)
    assert len(outputs) == 2  # the guided game and the game against the bot
    for output in outputs:
        data = output["data"]
        # GitHub shows the first type it knows: no HTML that could come first, and the SVG picture.
        assert "text/html" not in data and "image/svg+xml" in data
        svg = "".join(data["image/svg+xml"])
        picture = ET.fromstring(svg)
        assert picture.tag == "{http://www.w3.org/2000/svg}svg" and picture.get("viewBox")
        # The picture is the position the widget showed: the tutorial's own cell rebuilds the same widget.
        cell = next(c for c in notebook["cells"] if c.get("outputs") and output in c["outputs"])
        namespace: dict[str, Any] = {"NovaLunaWidget": NovaLunaWidget}
        exec("".join(cell["source"]), namespace)
        shown = next(v for v in namespace.values() if isinstance(v, NovaLunaWidget))
        assert svg == shown.saved_picture()


def test_the_recipe_saves_no_widget_state_and_the_picture(recipe_notebook: Path) -> None:
    notebook = json.loads(recipe_notebook.read_text())
    (output,) = widget_outputs(notebook)
    assert "widgets" not in notebook["metadata"]
    assert "text/html" not in output["data"] and "image/svg+xml" in output["data"]


def test_the_saved_tutorials_hold_no_widget_state() -> None:
    for path in sorted(TUTORIAL_1.parent.rglob("*.ipynb")):
        assert "widgets" not in json.loads(path.read_text(encoding="utf-8"))["metadata"], path


def test_the_saved_picture_says_it_is_the_moment_its_code_cell_ran() -> None:
    """Jupyter saves a widget's output as it was displayed: a notebook saved after some turns still holds
    the picture of the deal. The picture says so, in the widget's language, and is of that moment."""
    from novaluna_widget import NovaLunaWidget
    from novaluna_widget._render import game_svg

    def title(svg: str) -> str:
        return svg[svg.index("<title>") : svg.index("</title>")]

    widget = NovaLunaWidget(seed=3)
    dealt = game_svg(widget.game)
    bundle = widget._repr_mimebundle_()
    assert bundle is not None
    saved = bundle[0]["image/svg+xml"]
    widget.bot_move("greedy")
    assert widget.game.turn == 1 and title(saved) == title(dealt) != title(game_svg(widget.game))
    assert "The position when this code cell ran: a picture, not the live game" in saved
    russian = NovaLunaWidget(seed=3, lang="ru").saved_picture()
    assert "The position when this code cell ran" not in russian and "ячейки кода" in russian


@pytest.mark.notebook
def test_an_executed_export_shows_the_picture_only_without_widget_state(tmp_path: Path) -> None:
    """``jupyter nbconvert --execute --to html`` saves the widgets' state by default, and the page then
    draws the widget with a renderer from a CDN (blank offline); with ``store_widget_state=False``, as
    docs/notebooks.md says, it shows the widget's captioned picture instead."""
    from .browser.lab import write_notebook

    notebook = write_notebook(
        tmp_path / "widget.ipynb",
        ["from novaluna_widget import NovaLunaWidget", "w = NovaLunaWidget(seed=7)\nw"],
    )

    def export(*options: str) -> str:
        command = [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", *options]
        subprocess.run([*command, str(notebook)], check=True, capture_output=True, timeout=300)
        return notebook.with_suffix(".html").read_text(encoding="utf-8")

    with_state = export()
    assert (
        WIDGET_STATE in with_state
        and '<script type="application/vnd.jupyter.widget-view+json">' in with_state
    )
    offline = export("--ExecutePreprocessor.store_widget_state=False")
    assert WIDGET_STATE not in offline
    pictures = [
        base64.b64decode(found).decode()
        for found in re.findall(r"data:image/svg\+xml;base64,([\w+/=]+)", offline)
    ]
    ours = [picture for picture in pictures if "<title>Nova Luna" in picture]  # the page's icons aside
    assert len(ours) == 1 and "The position when this code cell ran" in ours[0]
