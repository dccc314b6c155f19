"""The widget's layout in a real browser: nothing moves under a resting pointer, the wheel fits the window
and symbols stay legible from 800 to 1920 px, "what to do now" stays on show whatever is explained, and
a narrow widget keeps its lines of words wide."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .lab import (
    DARK_THEME,
    JupyterLab,
    change_theme,
    collapse_left,
    kernel_json,
    settle,
    show_widget,
    wait_drawn,
    wait_for_python,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

# Four players, the human's area with tasks and chains to point at, mid-game.
MIDGAME = (
    "from novaluna_widget import NovaLunaWidget\n"
    "w = NovaLunaWidget(players=['You', 'Bo', 'Cy', 'Dee'], seed=5,\n"
    "                   bots={1: 'greedy', 2: 'greedy', 3: 'greedy'})\n"
    "while w.game.turn < 24: w.bot_move('greedy')\n"
    "w"
)

# Where every part of the board is, to the pixel.
LAYOUT_JS = """(root) => [root, ...root.querySelectorAll(
    '.nl-top, .nl-status, .nl-explain, .nl-main, .nl-wheel, .nl-player, .nl-others, .nl-log-box')]
    .map((el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].join(','); })"""


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def rest_pointer_everywhere(page: Page, root: Locator, step: int) -> list[str]:
    """Rest the pointer on a grid of points over the widget, and on every wheel space, cell and task;
    return where the board was whenever it differed from where it stood before the pointer came."""
    page.mouse.move(0, 0)
    settle(page)
    still = root.evaluate(LAYOUT_JS)
    box = root.bounding_box()
    assert box is not None
    points = [
        (x, y)
        for y in range(int(box["y"]) + 2, int(box["y"] + box["height"]), step)
        for x in range(int(box["x"]) + 2, int(box["x"] + box["width"]), step)
    ]
    for target in root.locator("[data-space], [data-task], .nl-legal, .nl-placed").all():
        b = target.bounding_box()
        if b is not None:
            points.append((b["x"] + b["width"] / 2, b["y"] + b["height"] / 2))
    moved = []
    for x, y in points:
        page.mouse.move(x, y)
        # Two frames: a hover's redraw and any layout it caused have happened.
        layout = page.evaluate(
            "(root) => new Promise((done) => requestAnimationFrame(() => "
            f"requestAnimationFrame(() => done(({LAYOUT_JS})(root)))))",
            root.element_handle(),
        )
        if layout != still:
            moved.append(f"pointer at ({x:.0f}, {y:.0f}): {still} → {layout}")
    return moved


def test_the_board_holds_still_under_a_resting_pointer(page: Page, lab: JupyterLab) -> None:
    page.set_viewport_size({"width": 800, "height": 2400})  # the issue saw it at 800 px; all in view
    root = show_widget(page, lab, "still", MIDGAME)
    assert kernel_json(page, "[w.game.current_player, w.game.turn >= 24]") == [0, True]
    version = kernel_json(page, "w.version")
    moved = rest_pointer_everywhere(page, root, step=128)
    assert not moved, f"{len(moved)} pointer positions moved the board, first: {moved[0]}"

    # Chosen: the lit cells explain what they would fulfil, the longest words; still nothing moves.
    root.locator(".nl-takeable").first.click()
    wait_for_python(page, "w.selected is not None")
    wait_drawn(page, root)
    moved = rest_pointer_everywhere(page, root, step=128)
    assert not moved, f"{len(moved)} pointer positions moved the board, first: {moved[0]}"
    # Python side: pointing never sent anything; the one click did.
    assert kernel_json(page, "[w.version, w.game.turn >= 24, w.last_error]") == [version, True, None]


def test_what_to_do_now_stays_while_the_focused_tile_is_explained(page: Page, lab: JupyterLab) -> None:
    root = show_widget(page, lab, "now", MIDGAME)
    space = kernel_json(page, "w.game.choices()[1]")
    tile = root.locator(f'[data-space="{space}"]')
    tile.click()  # a click focuses the tile too: its explanation shows, and so does what to do now
    wait_for_python(page, f"w.selected == {space}")
    tile_id = kernel_json(page, f"w.game.wheel[{space}].id")
    expect(root.locator(".nl-now")).to_contain_text(f"Place {tile_id} (")
    expect(root.locator(".nl-now")).to_contain_text("click a lit cell")
    expect(tile).to_be_focused()
    expect(root.locator(".nl-explain")).to_contain_text(f"wheel space {space}:")


@pytest.mark.parametrize(("width", "height"), [(800, 900), (1280, 800), (1920, 1080)])
def test_the_wheel_fits_the_window_and_symbols_stay_legible(
    page: Page, lab: JupyterLab, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    root = show_widget(page, lab, f"size{width}", MIDGAME)
    if width < 1000:  # on a small screen the notebook gets the whole width (the file browser closed)
        collapse_left(page)
    sizes = root.evaluate("""(root) => {
        const px = (sel) => [...root.querySelectorAll(sel)].map((el) => el.getBoundingClientRect());
        // Each dot is an element of its own (render.py draws them).
        const smallest = (sel) => Math.min(...px(sel).map((r) => Math.max(r.width, r.height)));
        const tile = (sel) => Math.max(...px(sel).map((r) => r.width));
        return {
            wheel: root.querySelector('.nl-wheel').getBoundingClientRect().height,
            wheelDot: smallest('.nl-wheel .nl-dot'),
            areaDot: smallest('.nl-card-big .nl-dot'),
            othersDot: smallest('.nl-others .nl-dot'),
            wheelTile: tile('.nl-wheel .nl-face'),
            areaTile: tile('.nl-card-big .nl-face'),
            trackNumber: Math.min(...px('.nl-track-no').map((r) => r.height)),
        };
    }""")
    assert sizes["wheel"] <= 0.8 * height, sizes
    # Task symbols (a dot's shape tells its colour) at least 5 px everywhere; 6 px on the wheel and in
    # your area on a small screen, where the widget has the whole width for them.
    assert min(sizes["wheelDot"], sizes["areaDot"], sizes["othersDot"]) >= 5, sizes
    if width < 1000:
        assert sizes["wheelDot"] >= 6 and sizes["areaDot"] >= 6, sizes
    assert sizes["trackNumber"] >= 10, sizes
    # Your own area is drawn at least as large as the wheel's tiles.
    assert sizes["areaTile"] >= sizes["wheelTile"], sizes
    assert kernel_json(page, "w.game.current_player") == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / f"widget-{width}-light.png", animations="disabled")
    change_theme(page, DARK_THEME)
    root.screenshot(path=ARTIFACTS / f"widget-{width}-dark.png", animations="disabled")


def test_a_narrow_widget_keeps_its_lines_of_words_wide(page: Page, lab: JupyterLab) -> None:
    """An 800 px window with the file browser open leaves the widget under 400 px: each line of words
    still spans most of it (the history's words once stood in a column a word wide beside the slider)."""
    page.set_viewport_size({"width": 800, "height": 900})
    root = show_widget(page, lab, "narrow", MIDGAME)
    widths = root.evaluate("""(root) => {
        const width = (el) => el.getBoundingClientRect().width;
        const lines = ['.nl-history-label', '.nl-said', '.nl-now', '.nl-explain'];
        const each = lines.map((sel) => [sel, width(root.querySelector(sel))]);
        return {root: width(root), ...Object.fromEntries(each)};
    }""")
    assert widths["root"] < 520, widths  # the narrow layout is what this test is about
    assert all(width >= 0.8 * widths["root"] for sel, width in widths.items() if sel != "root"), widths
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / "widget-narrow.png", animations="disabled")
