"""Keys pressed in the widget are the widget's: Jupyter's command-mode shortcuts never act on the notebook
through it, and the keys that run a cell still run it. In JupyterLab and in Notebook 7."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from .lab import JupyterLab, kernel_json, settle, show_cells, show_widget, wait_drawn, wait_for_python

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Every run of the cell makes a new widget and keeps the old ones, so the test can ask the first.
CELL = (
    "from novaluna_widget import NovaLunaWidget\n"
    "widgets = globals().setdefault('widgets', [])\n"
    "w = NovaLunaWidget(players=['You', 'Bo'], seed=7)\n"
    "widgets.append(w)\n"
    "w"
)
# Command-mode shortcuts that change the notebook: to Markdown (m), raw (r), delete (d d), cut (x),
# copy and paste (c, v), insert (a, b), undo a cell action (z), merge (Shift+M), restart (0 0).
SHORTCUTS = ["m", "r", "d", "d", "x", "c", "v", "a", "b", "z", "Shift+M", "0", "0", "Shift+L", "j", "k"]

NOTEBOOK_JS = """() => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    return {
        cells: notebook.widgets.map((cell) => cell.model.type),
        counts: notebook.widgets.map((cell) => cell.model.executionCount ?? null),
        dialog: document.querySelector('.jp-Dialog')?.innerText ?? null,
    };
}"""


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_shortcuts_stay_in_the_widget_and_shift_enter_runs_the_cell(
    page: Page, lab: JupyterLab, app: str
) -> None:
    from playwright.sync_api import expect

    root = show_widget(page, lab, f"keys-{app}", CELL, "print(len(widgets))", app=app)
    before = page.evaluate(NOTEBOOK_JS)
    assert before["cells"] == ["code", "code"] and before["dialog"] is None
    choice = kernel_json(page, "w.game.choices()[0]")
    tile = root.locator(f'[data-space="{choice}"]')
    tile.focus()
    for key in SHORTCUTS:
        page.keyboard.press(key)
    settle(page)  # a shortcut would have acted by now (restart asks in a dialog, drawn in the next frame)
    after = page.evaluate(NOTEBOOK_JS)
    assert after == before, f"a shortcut acted on the notebook: {before} → {after}"
    expect(tile).to_be_focused()
    # Python side: the kernel never restarted and the keys chose nothing.
    assert kernel_json(page, "[len(widgets), w.selected, w.game.turn, w.last_error]") == [1, None, 0, None]

    # Enter is the widget's (it chooses the tile); Shift+Enter runs the widget's cell, and chooses nothing.
    page.keyboard.press("Enter")
    wait_for_python(page, f"widgets[0].selected == {choice}")
    page.keyboard.press("Shift+Enter")
    wait_for_python(page, "len(widgets) == 2")
    selected = kernel_json(page, "[widgets[0].selected, widgets[0].game.turn, widgets[1].selected]")
    assert selected == [choice, 0, None]
    assert page.evaluate(NOTEBOOK_JS)["cells"] == ["code", "code"]


# A mid-game area with many lit cells in rows and columns: seat 0's tenth turn.
MIDGAME = (
    "from novaluna_widget import NovaLunaWidget\n"
    "w = NovaLunaWidget(players=['You', 'Bo'], seed=5, bots={1: 'greedy'})\n"
    "while w.game.turn < 18: w.bot_move('greedy')\n"
    "w"
)

FOCUSED_JS = """(root) => {
    const el = document.activeElement;
    if (!root.contains(el)) return null;
    return {cell: el.dataset.cell ?? null, space: el.dataset.space ?? null};
}"""


@pytest.mark.kept_tab  # its widget shown in the session's one tab (conftest)
def test_escape_gives_the_focus_back_to_the_tile_chosen(page: Page) -> None:
    from playwright.sync_api import expect

    root = show_cells(page, MIDGAME)
    choice = kernel_json(page, "w.game.choices()[1]")
    tile = kernel_json(page, f"w.game.wheel[{choice}].id")
    space = root.locator(f'[data-space="{choice}"]')
    # A screen reader hears the tile named as every sentence names a tile on offer, then what it shows.
    expect(space).to_have_attribute(
        "aria-label", re.compile(rf"^{tile} on wheel space {choice}: \w+ tile, cost \d, .*, takeable$")
    )
    space.focus()
    page.keyboard.press("Enter")
    wait_for_python(page, f"w.selected == {choice}")
    expect(space).to_have_attribute(
        "aria-label", re.compile(rf"^{tile} on wheel space {choice}: .*, takeable, chosen$")
    )
    expect(root.locator(".nl-current .nl-legal").first).to_be_focused()
    page.keyboard.press("Escape")
    wait_for_python(page, "w.selected is None")
    wait_drawn(page, root)
    assert root.evaluate(FOCUSED_JS) == {"cell": None, "space": str(choice)}


@pytest.mark.kept_tab  # its widget shown in the session's one tab (conftest)
def test_arrow_keys_move_to_the_lit_cell_that_way_and_stop_at_the_edge(page: Page) -> None:
    from playwright.sync_api import expect

    root = show_cells(page, MIDGAME)
    choice = kernel_json(page, "w.game.choices()[0]")
    root.locator(f'[data-space="{choice}"]').focus()
    page.keyboard.press("Enter")
    wait_for_python(page, f"w.selected == {choice}")
    expect(root.locator(".nl-current .nl-legal").first).to_be_focused()
    lit = [
        tuple(map(int, cell.split(",")))
        for cell in root.locator(".nl-current .nl-legal").evaluate_all(
            "(els) => els.map((e) => e.dataset.cell)"
        )
    ]
    assert len(lit) >= 4, lit
    for key, axis, sign in [
        ("ArrowRight", 0, 1),
        ("ArrowDown", 1, 1),
        ("ArrowLeft", 0, -1),
        ("ArrowUp", 1, -1),
    ]:
        # Each press goes that way while a lit cell lies that way, then the focus stays (no wrapping).
        for _ in range(len(lit) + 1):
            before = tuple(map(int, root.evaluate(FOCUSED_JS)["cell"].split(",")))
            page.keyboard.press(key)
            after = tuple(map(int, root.evaluate(FOCUSED_JS)["cell"].split(",")))
            ahead = [cell for cell in lit if (cell[axis] - before[axis]) * sign > 0]
            if not ahead:
                assert after == before, f"{key} from {before} wrapped to {after}"
                break
            assert (after[axis] - before[axis]) * sign > 0, f"{key} from {before} went to {after}"
        else:
            pytest.fail(f"{key} never reached the edge of {lit}")
    assert kernel_json(page, "[w.selected, w.last_error]") == [choice, None]
