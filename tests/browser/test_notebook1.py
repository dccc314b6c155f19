"""Notebook 1 in a real JupyterLab: run it top to bottom, take the guided game's first step, then play a
move in the game against the bot by clicking.

The page is only half the story: after the clicks the test asks the kernel behind the notebook whether
the engine really took the tile and whether the bot seat answered. A screenshot of the widget after the
move lands in tests/artifacts/ (the README's picture of the widget).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .conftest import ARTIFACTS
from .lab import JupyterLab, execute_python, open_notebook, run_all_cells, wait_for_python

if TYPE_CHECKING:
    from playwright.sync_api import Page

NOTEBOOK = "notebooks/01_first_game.ipynb"
SCREENSHOT = ARTIFACTS / "notebook1_widget.png"

pytestmark = pytest.mark.notebook  # it runs tutorial 1 in JupyterLab: that is what it tests


def test_notebook1_runs_and_its_widget_plays_a_move(page: Page, lab: JupyterLab) -> None:
    from playwright.sync_api import expect

    open_notebook(page, lab.base_url, NOTEBOOK)
    run_all_cells(page)

    # Notebook 1 shows two widgets: the guided game, then the game against the greedy bot.
    roots = page.locator(".nl-root")
    guided, root = roots.nth(0), roots.nth(1)
    takeable = root.locator(".nl-takeable")
    takeable.first.wait_for(state="visible")
    assert roots.count() == 2
    assert takeable.count() == 3

    # The guided game starts at its first step, and its Next button goes on to the second.
    step = guided.locator("[data-tutorial-step]")
    assert step.get_attribute("data-tutorial-step") == "1" and "step 1 of 11" in step.inner_text()
    guided.locator('[data-action="next"]').click()
    wait_for_python(page, "guided.guide.number == 2")
    expect(step).to_have_attribute("data-tutorial-step", "2")

    assert execute_python(page, "widget.game.turn") == "0"
    choice = execute_python(page, "widget.game.choices()[0]")
    tile_id = execute_python(page, "print(widget.game.wheel[widget.game.choices()[0]].id, end='')")

    # Take the first tile on offer, then put it on the first lit cell of "You"'s area.
    takeable.first.click()
    wait_for_python(page, f"widget.selected == {choice}")
    legal = root.locator('.nl-legal[data-player="0"]')
    legal.first.wait_for(state="visible")
    cell = legal.first.get_attribute("data-cell")
    assert cell is not None
    legal.first.click()

    # Python side: the engine placed that tile there, and the bot seat moved in answer.
    wait_for_python(page, "widget.game.turn >= 2")
    x, y = (int(v) for v in cell.split(","))
    placed = execute_python(page, f"print(widget.game.players[0].board[({x}, {y})].id, end='')")
    assert placed == tile_id
    assert execute_python(page, "widget.last_error is None") == "True"
    assert execute_python(page, "len(widget.game.players[1].board) >= 1") == "True"
    assert "You take " in execute_python(page, "print(widget.game.log[1], end='')")  # named "You": agrees

    # Page side: the widget redrew the position the kernel holds.
    version = execute_python(page, "widget.version")
    page.wait_for_function(
        "(v) => document.querySelectorAll('.nl-root')[1]?.dataset.version === v", arg=version
    )
    assert root.locator('[data-player="0"][data-tile]').count() == 1

    # A tall viewport, so the whole widget fits in the notebook panel for the picture.
    page.set_viewport_size({"width": 1400, "height": 1700})
    root.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=SCREENSHOT)
