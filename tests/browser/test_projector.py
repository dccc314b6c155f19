"""The projector mode in a real browser, at the two sizes a school projector shows (1920×1080 and
1280×720): every control on screen and reachable by pointer and keyboard, and what the class reads large
enough from the back of a room."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .lab import (
    collapse_left,
    execute_python,
    expect,
    kernel_json,
    settle,
    show_cells,
    wait_drawn,
    wait_for_python,
)
from .test_layout import BELOW, MIDGAME, SEEN_JS

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

PROJECTOR = MIDGAME.replace("seed=5,", "seed=5, projector=True,")

SIZES = [(1920, 1080), (1280, 720)]

CONTROLS = ".nl-toolbar button, .nl-toolbar select"

# Each control of the toolbar: its name, its box, and whether a click at its centre reaches it.
CONTROLS_JS = """([root, selector]) => [...root.querySelectorAll(selector)].map((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {name: el.dataset.action ?? el.className, x: r.x, y: r.y, right: r.right, bottom: r.bottom,
            reached: el === hit || el.contains(hit)};
})"""

ROOM_FLOOR = {
    # Minimum sizes in px on a 1080-line screen, scaled to the screen's height: a projector throws either
    # size onto the same wall, so a letter's share of the screen's height is what the back row sees.
    # Words the class reads (what to do now, what happened, the buttons): 20 px, about 1/54 of the screen,
    # some 3.7 cm of a 2 m high picture, the size slides are told to keep to for a class.
    "body": 20,
    # The wheel's space numbers, the moon track's numbers, the tiles' cost and colour letter: 20 px too.
    "space number": 20,
    "track number": 20,
    "tile cost": 20,
    "colour letter": 20,
    # A task's dots, whose shape tells the colour: 12 px; a player's marker on the moon track, and their
    # token by the empty wheel space they took from: 32 px.
    "task dot": 12,
    "track marker": 32,
    "taker": 32,
}

# What the class reads, each the smallest drawn: an SVG text's size is its font size times its scale on the
# screen (the tiles and the wheel are drawn in units of their own).
SIZES_JS = """(root) => {
    const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const all = (sel) => [...root.querySelectorAll(sel)].filter(seen);
    const scale = (el) => { const m = el.getScreenCTM(); return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)); };
    const svgFont = (sel) => Math.min(...all(sel).map((el) =>
        parseFloat(getComputedStyle(el).fontSize) * scale(el)));
    const htmlFont = (sel) => Math.min(...all(sel).map((el) => parseFloat(getComputedStyle(el).fontSize)));
    const side = (sel) => Math.min(...all(sel).map((el) => {
        const r = el.getBoundingClientRect(); return Math.max(r.width, r.height); }));
    return {
        "body": htmlFont('.nl-now, .nl-said, .nl-explain, .nl-headline, .nl-button, .nl-toolbar select'),
        "space number": svgFont('.nl-space-no'),
        "track number": svgFont('.nl-track-no'),
        "tile cost": svgFont('.nl-wheel .nl-cost, .nl-card-big .nl-cost'),
        "colour letter": svgFont('.nl-wheel .nl-letter, .nl-card-big .nl-letter'),
        "task dot": side('.nl-wheel .nl-dot, .nl-card-big .nl-dot'),
        "track marker": side('.nl-track-marker > .nl-token circle'),
        "taker": side('.nl-taker > .nl-token circle'),
    };
}"""


def show_projector(page: Page, width: int, height: int) -> Locator:
    """The mid-game widget in projector mode, the window at a projector's size with JupyterLab's file
    browser closed (as a teacher shows it), scrolled to the widget's top."""
    page.set_viewport_size({"width": width, "height": height})
    root: Locator = show_cells(page, PROJECTOR, BELOW)
    collapse_left(page)
    expect(root).to_have_class(re.compile(r"\bnl-projector\b"))
    settle(page)
    return root


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_control_is_on_screen_and_clickable(page: Page, width: int, height: int) -> None:
    root = show_projector(page, width, height)
    seen = root.evaluate(SEEN_JS)
    controls = page.evaluate(CONTROLS_JS, [root.element_handle(), CONTROLS])
    names = {c["name"] for c in controls}
    assert {"refill", "undo", "hint", "review", "puzzles", "new", "nl-lang-pick"} <= names, names
    outside = [
        c
        for c in controls
        if c["x"] < 0 or c["right"] > width or c["y"] < seen["top"] or c["bottom"] > seen["bottom"]
    ]
    assert outside == [], f"off the {width}×{height} screen: {outside}"
    assert [c["name"] for c in controls if not c["reached"]] == []
    # Nothing runs off the widget's side either (no scroll bar hides a part).
    overflow = root.evaluate("(root) => root.scrollWidth - root.clientWidth")
    assert overflow <= 0, overflow
    # A click on New game deals a new game: the kernel hears it.
    turn = kernel_json(page, "w.game.turn")
    assert turn >= 24
    root.locator('[data-action="new"]').click()
    wait_for_python(page, "w.game.turn < 24")
    wait_drawn(page, root)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"projector-{width}.png", animations="disabled")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_control_is_reached_by_the_keyboard(page: Page, width: int, height: int) -> None:
    """Tab from the first control walks through every other, each on screen when it has the focus."""
    root = show_projector(page, width, height)
    seen = root.evaluate(SEEN_JS)
    enabled = root.evaluate(
        f"(root) => [...root.querySelectorAll({CONTROLS!r})].filter((el) => !el.disabled).length"
    )
    root.evaluate(f"(root) => [...root.querySelectorAll({CONTROLS!r})].find((el) => !el.disabled).focus()")
    reached: list[Any] = []
    for _ in range(enabled):
        where = page.evaluate(
            """() => { const el = document.activeElement; const r = el.getBoundingClientRect();
                return {name: el.dataset.action ?? el.className, toolbar: Boolean(el.closest('.nl-toolbar')),
                        inside: r.x >= 0 && r.right <= window.innerWidth && r.y >= 0
                            && r.bottom <= window.innerHeight}; }"""
        )
        assert where["toolbar"] and where["inside"], (where, reached, seen)
        reached.append(where["name"])
        page.keyboard.press("Tab")
    assert len(set(reached)) == enabled, reached
    # Enter on the focused Hint asks the coach: the kernel hears the keyboard too.
    root.locator('[data-action="hint"]').focus()
    page.keyboard.press("Enter")
    wait_for_python(page, "w.state.get('hint') is not None")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_what_the_class_reads_is_large_enough(page: Page, width: int, height: int) -> None:
    root = show_projector(page, width, height)
    sizes = root.evaluate(SIZES_JS)
    floor = {name: px * height / 1080 for name, px in ROOM_FLOOR.items()}
    small = {name: round(sizes[name], 1) for name in floor if sizes[name] < floor[name] - 0.05}
    assert small == {}, f"below the floor at {width}×{height} ({floor}): {small}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"projector-{width}-board.png", animations="disabled")
    if height < 1080:  # at 720 lines JupyterLab's own bars leave the area in play partly below the fold
        return
    # Every move is still played without scrolling: the wheel and each lit cell stand on the screen.
    seen = root.evaluate(SEEN_JS)
    execute_python(page, f"w.select({kernel_json(page, 'w.game.choices()[0]')})")
    wait_drawn(page, root)
    lit = page.evaluate(
        """([root, seen]) => [...root.querySelectorAll('.nl-current .nl-legal, .nl-wheel')]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.top < seen.top - 0.5 || r.bottom > seen.bottom + 0.5 || r.right > innerWidth)
            .length""",
        [root.element_handle(), seen],
    )
    assert lit == 0, seen
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"projector-{width}-chosen.png", animations="disabled")
