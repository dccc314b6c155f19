"""Tutorial 7's last widget, the game the class plays on, is drawn at a projector's size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CLASSROOM = Path(__file__).resolve().parents[1] / "notebooks" / "07_classroom.ipynb"


def test_the_game_the_class_plays_on_is_in_projector_mode() -> None:
    from novaluna_widget import NovaLunaWidget

    notebook = json.loads(CLASSROOM.read_text(encoding="utf-8"))
    shown = [
        cell
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        and any(
            "".join(o.get("data", {}).get("text/plain", "")).startswith("NovaLunaWidget(")
            for o in cell["outputs"]
        )
    ]
    last = "".join(shown[-1]["source"])
    # Run as the notebook runs it: the set-up cell's replay() and the last widget's own cell.
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and "def replay" in "".join(cell["source"]):
            exec("".join(cell["source"]), namespace)
    *statements, expression = last.strip().splitlines()
    exec("\n".join(statements), namespace)
    widget = eval(expression, namespace)
    assert isinstance(widget, NovaLunaWidget) and widget.projector is True
