"""The widget in Notebook 7 (the classic-looking notebook), driven in Chromium and checked in the kernel."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .lab import JupyterLab, execute_python, open_notebook, run_all_cells, wait_for_python, write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_take_and_place_in_notebook_7(page: Page, lab: JupyterLab) -> None:
    from playwright.sync_api import expect

    source = "from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget(players=2, seed=7)\nw"
    write_notebook(lab.root_dir / "nb7.ipynb", [source])
    open_notebook(page, lab.base_url, "nb7.ipynb", app="notebook")
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    run_all_cells(page)
    root = page.locator(".nl-root").first
    expect(root.locator("[data-space]")).to_have_count(12)
    expect(root.locator(".nl-takeable [data-space]")).to_have_count(3)

    player = json.loads(execute_python(page, "print(w.game.current_player)"))
    space = json.loads(execute_python(page, "print(w.game.choices()[0])"))
    root.locator(f'[data-space="{space}"]').click()
    wait_for_python(page, f"w.selected == {space}")
    root.locator(f'[data-player="{player}"][data-cell="0,0"]').click()
    wait_for_python(page, "w.game.turn == 1")
    assert execute_python(page, "print(list(w.game.history[0]))").strip() == f"[{space}, (0, 0)]"
    expect(root.locator(f'[data-player="{player}"][data-cell="0,0"].nl-placed')).to_have_count(1)
