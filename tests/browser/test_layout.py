"""The widget's layout in a real browser: nothing moves under a resting pointer, the wheel fits the window
and symbols stay legible from 800 to 1920 px, "what to do now" stays on show whatever is explained, and
a narrow widget keeps its lines of words wide."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from .conftest import ARTIFACTS
from .lab import (
    DARK_THEME,
    change_theme,
    collapse_left,
    execute_python,
    expect,
    kernel_json,
    settle,
    show_cells,
    wait_drawn,
    wait_for_python,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

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
    '.nl-top, .nl-status, .nl-explain, .nl-wheel-box, .nl-wheel, .nl-player, .nl-others, .nl-log-box')]
    .map((el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].join(','); })"""


def rest_pointer_everywhere(page: Page, root: Locator, step: int) -> list[str]:
    """Rest the pointer on a grid of points over the widget, and on every wheel space and every cell and
    task of the wheel and of the area in play (the other areas' tasks say the same kind of sentence, and
    the grid passes over them); return where the board was whenever it differed from where it stood
    before the pointer came."""
    page.mouse.move(0, 0)
    settle(page)
    still = root.evaluate(LAYOUT_JS)
    box = root.bounding_box()
    assert box is not None
    points: list[tuple[float, float]] = [
        (x, y)
        for y in range(int(box["y"]) + 2, int(box["y"] + box["height"]), step)
        for x in range(int(box["x"]) + 2, int(box["x"] + box["width"]), step)
    ]
    near = ".nl-wheel [data-space], .nl-wheel [data-task], .nl-card-big [data-task], .nl-legal"
    near += ", .nl-card-big .nl-placed"
    for target in root.locator(near).all():
        b = target.bounding_box()
        if b is not None:
            points.append((b["x"] + b["width"] / 2, b["y"] + b["height"] / 2))
    moved = []
    handle = root.element_handle()
    for x, y in points:
        page.mouse.move(x, y)
        # Two frames: a hover's redraw and any layout it caused have happened.
        layout = page.evaluate(
            "(root) => new Promise((done) => requestAnimationFrame(() => "
            f"requestAnimationFrame(() => done(({LAYOUT_JS})(root)))))",
            handle,
        )
        if layout != still:
            moved.append(f"pointer at ({x:.0f}, {y:.0f}): {still} → {layout}")
    return moved


@pytest.mark.parametrize("files", ["open", "closed"])
def test_the_board_holds_still_under_a_resting_pointer(page: Page, files: str) -> None:
    page.set_viewport_size({"width": 800, "height": 2400})  # the issue saw it at 800 px; all in view
    root = show_cells(page, MIDGAME)
    if files == "closed":  # the toolbar and the history beside the wheel
        collapse_left(page)
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


def test_what_to_do_now_stays_while_the_focused_tile_is_explained(page: Page) -> None:
    root = show_cells(page, MIDGAME)
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
def test_the_wheel_fits_the_window_and_symbols_stay_legible(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    root = show_cells(page, MIDGAME)
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


def test_a_narrow_widget_keeps_its_lines_of_words_wide(page: Page) -> None:
    """An 800 px window with the file browser open leaves the widget under 400 px: each line of words
    still spans most of it (the history's words once stood in a column a word wide beside the slider)."""
    page.set_viewport_size({"width": 800, "height": 900})
    root = show_cells(page, MIDGAME)
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


# Where the board stands in the widget: the tops of the wheel and of the area in play, to the pixel.
BOARD_TOP_JS = """(root) => {
    const top = (el) => el.getBoundingClientRect().top - root.getBoundingClientRect().top;
    return [top(root.querySelector('.nl-wheel-box')), top(root.querySelector('.nl-big'))];
}"""


@pytest.mark.parametrize(("width", "files"), [(800, "open"), (800, "closed"), (1280, "open")])
def test_the_board_holds_still_through_a_move_and_an_error(page: Page, width: int, files: str) -> None:
    """Choosing a tile (a longer "what to do now"), an error, placing the tile and the bots' answer leave
    the board where it stood: nothing above it changes height during a game. At 800 px with the file
    browser open the widget is narrow; closed, the toolbar stands beside the wheel."""
    page.set_viewport_size({"width": width, "height": 900})
    root = show_cells(page, MIDGAME)
    if files == "closed":
        collapse_left(page)
    board = root.evaluate(BOARD_TOP_JS)
    tops = {}
    root.locator(".nl-takeable [data-space]").first.click()
    wait_for_python(page, "w.selected is not None")
    wait_drawn(page, root)
    tops["chosen"] = root.evaluate(BOARD_TOP_JS)
    # A click on a tile that cannot be taken is refused, with an error.
    root.locator('[data-space][aria-disabled="true"]').first.click(force=True)
    expect(root.locator(".nl-error")).to_be_visible()
    tops["error"] = root.evaluate(BOARD_TOP_JS)
    assert kernel_json(page, "w.last_error is not None")
    root.locator(".nl-current .nl-legal").first.click()
    wait_for_python(page, "w.game.current_player == 0 and w.game.turn > 24")
    wait_drawn(page, root)
    tops["placed"] = root.evaluate(BOARD_TOP_JS)
    assert tops == dict.fromkeys(tops, board), f"the board's top was {board}: {tops}"


# The guided game's first step: your first tile placed, Luna to move (her area still empty).
GUIDED = "from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget.tutorial(lang='en')\nw"


def test_your_area_keeps_its_place_while_luna_moves(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    root = show_cells(page, GUIDED)
    big = root.locator(".nl-card-big")
    expect(big).to_have_attribute("aria-label", "You")
    place = {"x": 0, "y": 0}
    place.update(big.bounding_box() or {})
    execute_python(page, "w.next_step(); w.select(2); w.play((2, (0, 0)))")
    assert kernel_json(page, "[w.game.current_player, len(w.state['players'][0]['tiles'])]") == [1, 1]
    wait_drawn(page, root)
    expect(big).to_have_attribute("aria-label", "You")
    after = big.bounding_box() or {}
    assert (after["x"], after["y"]) == (place["x"], place["y"])  # its place; it grew with your tile
    expect(root.locator(".nl-others .nl-player")).to_have_attribute("aria-label", "Luna")


# The part of the page the reader sees once the widget is scrolled to its top: JupyterLab's notebook
# panel, within the window.
SEEN_JS = """(root) => {
    const box = root.closest('.jp-WindowedPanel-outer');
    box.scrollTop += root.getBoundingClientRect().top - box.getBoundingClientRect().top;
    const r = box.getBoundingClientRect();
    return {top: Math.max(r.top, 0), bottom: Math.min(r.top + box.clientHeight, window.innerHeight)};
}"""

OUTSIDE_JS = """([root, selector, seen]) => [...root.querySelectorAll(selector)]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.top < seen.top - 0.5 || r.bottom > seen.bottom + 0.5)
    .map((r) => `${Math.round(r.top)}–${Math.round(r.bottom)}`)"""


# A notebook goes on below the widget (so that it can be scrolled to the top of the panel).
BELOW = "print('\\n'.join(map(str, range(80))))"


@pytest.mark.parametrize(
    ("width", "height", "files"),
    [(800, 900, "open"), (800, 900, "closed"), (1280, 800, "open"), (1920, 1080, "open")],
)
def test_every_move_is_played_without_scrolling(page: Page, width: int, height: int, files: str) -> None:
    """Once the widget is scrolled to its top, the wheel's takeable tiles and, after choosing one, every
    lit cell stand in view. At 800 px with the file browser open the widget is under 520 px wide; closed,
    it is about 620 px wide, too narrow for the area beside the wheel and too short to stack them under
    the whole toolbar at the floors of legibility (the size test above checks those floors there)."""
    page.set_viewport_size({"width": width, "height": height})
    root = show_cells(page, MIDGAME, BELOW)
    if files == "closed":
        collapse_left(page)
    width_px = root.evaluate("(root) => root.getBoundingClientRect().width")
    assert (width_px < 520) == (width == 800 and files == "open"), width_px
    seen = root.evaluate(SEEN_JS)
    settle(page)
    handle = root.element_handle()
    wheel = root.locator(".nl-wheel").bounding_box()
    assert wheel is not None and wheel["y"] + wheel["height"] <= seen["bottom"] + 0.5, (wheel, seen)
    assert page.evaluate(OUTSIDE_JS, [handle, ".nl-takeable [data-space]", seen]) == []
    for space in kernel_json(page, "w.game.choices()"):
        execute_python(page, f"w.select({space})")
        wait_drawn(page, root)
        lit = root.locator(".nl-current .nl-legal")
        expect(lit.first).to_be_visible()
        outside = page.evaluate(OUTSIDE_JS, [handle, ".nl-current .nl-legal", seen])
        assert outside == [], f"space {space}: {len(outside)} of {lit.count()} lit cells out of {seen}"


# The sizes a room reads the board by: words, task dots, your area's tiles and the takeable tiles' halo.
SIZES_JS = """(root) => {
    const px = (sel) => [...root.querySelectorAll(sel)].map((el) => el.getBoundingClientRect());
    const smallest = (sel) => Math.min(...px(sel).map((r) => Math.max(r.width, r.height)));
    const font = (sel) => parseFloat(getComputedStyle(root.querySelector(sel)).fontSize);
    return {
        now: font('.nl-now'),
        headline: font('.nl-headline'),
        wheelDot: smallest('.nl-wheel .nl-dot'),
        areaDot: smallest('.nl-card-big .nl-dot'),
        areaTile: Math.max(...px('.nl-card-big .nl-face').map((r) => r.width)),
        halo: parseFloat(getComputedStyle(root.querySelector('.nl-takeable .nl-halo')).strokeWidth),
    };
}"""


def test_the_projector_mode_draws_the_board_large(page: Page) -> None:
    """NovaLunaWidget(projector=True) at 1920×1080: big words, large tiles and task dots, thick marks,
    and every move still played without scrolling; ``w.projector = False`` goes back to the usual size."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    cell = MIDGAME.replace("seed=5,", "seed=5, projector=True,")
    root = show_cells(page, cell, BELOW)
    seen = root.evaluate(SEEN_JS)
    expect(root).to_have_class(re.compile(r"\bnl-projector\b"))
    big = root.evaluate(SIZES_JS)
    assert big["now"] >= 20 and big["headline"] >= 26, big
    assert big["wheelDot"] >= 11 and big["areaDot"] >= 12 and big["halo"] >= 10, big
    execute_python(page, "w.projector = False")
    expect(root).not_to_have_class(re.compile(r"\bnl-projector\b"))
    usual = root.evaluate(SIZES_JS)
    assert big["now"] >= 1.5 * usual["now"] and big["halo"] >= 2 * usual["halo"], (big, usual)
    assert big["wheelDot"] >= 1.05 * usual["wheelDot"] and big["areaDot"] >= 1.3 * usual["areaDot"], (
        big,
        usual,
    )
    assert big["areaTile"] >= 1.15 * usual["areaTile"], (big, usual)

    execute_python(page, "w.projector = True")
    execute_python(page, f"w.select({kernel_json(page, 'w.game.choices()[0]')})")
    wait_drawn(page, root)
    expect(root).to_have_class(re.compile(r"\bnl-projector\b"))
    assert page.evaluate(OUTSIDE_JS, [root.element_handle(), ".nl-current .nl-legal", seen]) == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / "widget-1920-projector.png", animations="disabled")


def test_the_guided_games_first_lit_cell_is_in_view_under_its_panel(page: Page) -> None:
    """At 800×900 with the file browser closed the guided game's panel stands over the board: the area in
    play shrinks to the room left under the wheel, not below its floor, and its one lit cell is in view."""
    page.set_viewport_size({"width": 800, "height": 900})
    root = show_cells(page, GUIDED.removesuffix("\nw") + "\nw.next_step()\nw", BELOW)
    collapse_left(page)
    seen = root.evaluate(SEEN_JS)
    execute_python(page, "w.select(2)")  # the tile the step asks for
    wait_drawn(page, root)
    lit = root.locator(".nl-current .nl-legal")
    expect(lit).to_have_count(1)
    assert page.evaluate(OUTSIDE_JS, [root.element_handle(), ".nl-current .nl-legal", seen]) == [], seen
    # The lit cell's box is a tile's face, 94 % of a cell: 60 px a cell at the least.
    box = lit.bounding_box()
    assert box is not None and box["height"] >= 0.94 * 60, box
