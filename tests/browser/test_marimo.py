"""The widget in marimo (``marimo run``), where it is drawn inside a shadow root: the shipped example
(notebooks/marimo_game.py) renders, plays by mouse and by keyboard with the focus kept in the widget, and its
table follows every move (Python re-ran the cell); a puzzle is solved; marimo's dark mode gives a dark widget,
and marimo's base styles strip nothing the widget relies on."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .hosts import LUMINANCE_JS, REPO, Server, focused, marimo_run, seed_3_puzzle
from .lab import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

EXAMPLE = REPO / "notebooks" / "marimo_game.py"
PUZZLES = """import marimo
app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo
    from novaluna_widget import NovaLunaWidget
    puzzles = mo.ui.anywidget(NovaLunaWidget.puzzles(seed=3))
    puzzles
    return
"""
TURN = re.compile(r"^Turn (\d+)$")


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("marimo")
    shutil.copy(EXAMPLE, folder / EXAMPLE.name)
    with marimo_run(folder / EXAMPLE.name) as server:
        yield server


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def opened(tab: Page, url: str) -> Any:
    """The page at ``url`` with the widget drawn (a new session: a new kernel runs the notebook)."""
    tab.goto(url)
    root = tab.locator(".nl-root")  # Playwright's CSS locators see into open shadow roots
    expect(root).to_have_attribute("data-version", re.compile(r"\d+"))
    assert tab.evaluate("() => document.querySelector('.nl-root') === null"), "drawn in a shadow root"
    return root


def turn(tab: Page) -> int:
    """The turn the table cell says: Python drew it, and re-ran the cell after each move."""
    text = tab.get_by_text(TURN).inner_text()
    return int(TURN.match(text.strip()).group(1))  # type: ignore[union-attr]


def test_a_move_by_mouse_keeps_the_focus_and_the_table_follows(tab: Page, example: Server) -> None:
    root = opened(tab, example.url)
    before = turn(tab)
    space = root.locator('[data-space][aria-label$="takeable"]').first
    number = space.get_attribute("data-space")
    space.click()
    expect(root.locator(f'[data-space="{number}"]')).to_have_attribute("aria-label", re.compile("chosen$"))
    now = focused(tab)  # the tile clicked, drawn anew as chosen, has the focus still
    assert now is not None and now["space"] == number, now
    root.locator(".nl-current .nl-legal").first.click()
    expect(tab.get_by_text(TURN)).not_to_have_text(f"Turn {before}")
    assert turn(tab) > before
    assert focused(tab) is not None, "the focus left the widget after a click"


def test_a_move_by_keyboard(tab: Page, example: Server) -> None:
    root = opened(tab, example.url)
    before = turn(tab)
    root.locator('[data-space][aria-label$="takeable"]').first.focus()
    tab.keyboard.press("Enter")  # heard through the shadow root: the tile is chosen, the focus on a lit cell
    expect(root.locator(".nl-current .nl-legal").first).to_be_focused()
    tab.keyboard.press("ArrowRight")
    assert "nl-legal" in focused(tab)["cls"]  # type: ignore[index]
    tab.keyboard.press("Enter")
    expect(tab.get_by_text(TURN)).not_to_have_text(f"Turn {before}")
    now = focused(tab)
    assert now is not None and now["space"] is not None, f"the focus went back to the wheel: {now}"


def test_dark_mode_gives_a_dark_widget_and_nothing_is_stripped(tab: Page, example: Server) -> None:
    for theme, dark in (("light", False), ("dark", True)):
        root = opened(tab, f"{example.url}?theme={theme}")
        colours = root.evaluate(LUMINANCE_JS)
        if dark:
            assert colours["background"] < 0.2 and colours["text"] > 0.7, colours
        else:
            assert colours["background"] > 0.9 and colours["text"] < 0.3, colours
        menu = root.locator(".nl-lang-pick")
        assert menu.evaluate("(el) => getComputedStyle(el).borderTopWidth") == "1px"
        dismiss = root.locator(".nl-dismiss")
        assert dismiss.evaluate("(el) => getComputedStyle(el).paddingLeft") == "6px"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=ARTIFACTS / f"marimo-{theme}-1280.png")


def test_a_puzzle_solved(tab: Page, tmp_path: Path) -> None:
    answer, asked = seed_3_puzzle(tmp_path)  # the puzzle the example opens, and its answer key
    (tmp_path / "puzzles.py").write_text(PUZZLES)
    with marimo_run(tmp_path / "puzzles.py") as server:
        root = opened(tab, server.url)
        question = root.locator(".nl-puzzle-question")
        expect(question).to_have_text(asked)
        assert int(question.evaluate("(el) => getComputedStyle(el).fontWeight")) >= 600
        root.locator(f".nl-choice[data-answer='{answer}']").click()
        root.locator('.nl-puzzle [data-action="check"]').click()
        expect(root.locator(".nl-puzzle-verdict")).to_have_class(re.compile(r"\bnl-right\b"))
