"""The classroom app (``python -m novaluna_widget app``, a standalone Voilà) in Chromium: the game renders
with no code showing and plays by mouse and by keyboard, the bot answering; a puzzle is solved in the
puzzles app; the guided game starts; ``--theme dark`` gives a dark widget; no widget error in the console."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .hosts import LUMINANCE_JS, Server, focused, seed_3_puzzle, voila_app
from .lab import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="module")
def game() -> Iterator[Server]:
    with voila_app("game", "--seed", "3") as server:
        yield server


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "nl-" in m.text else None)
    try:
        yield page
        assert errors == [], "the widget raised in the page"
    finally:
        context.close()


def opened(tab: Page, url: str) -> Any:
    """The app's page with the widget drawn: a new kernel ran the app's one cell."""
    tab.goto(url)
    root = tab.locator(".nl-root")
    expect(root).to_have_attribute("data-version", re.compile(r"\d+"))
    assert tab.locator(".jp-InputArea, .jp-Cell-inputWrapper, .CodeMirror, .cm-editor").count() == 0, (
        "code shows"
    )
    return root


def headline_turn(root: Any) -> int:
    """The turn the headline says (drawn from the state Python sent)."""
    match = re.search(r"Turn (\d+)", root.locator(".nl-headline").inner_text())
    assert match, root.locator(".nl-headline").inner_text()
    return int(match.group(1))


def test_a_game_by_mouse_and_keyboard_with_the_bots_answer(tab: Page, game: Server) -> None:
    root = opened(tab, game.url)
    assert tab.title().startswith("novaluna-game")
    before = headline_turn(root)
    root.locator('[data-space][aria-label$="takeable"]').first.click()
    root.locator(".nl-current .nl-legal").first.click()
    expect(root.locator(".nl-card-small")).to_contain_text("bot: greedy")
    expect(root.locator(".nl-headline")).not_to_have_text(re.compile(rf"Turn {before}\b"))
    middle = headline_turn(root)
    assert middle > before
    # The bot's move is in the log, said by the kernel's state.
    expect(root.locator(".nl-log")).to_contain_text("Player 2")
    root.locator('[data-space][aria-label$="takeable"]').first.focus()
    tab.keyboard.press("Enter")
    expect(root.locator(".nl-current .nl-legal").first).to_be_focused()
    tab.keyboard.press("Enter")
    expect(root.locator(".nl-headline")).not_to_have_text(re.compile(rf"Turn {middle}\b"))
    assert focused(tab) is not None
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=ARTIFACTS / "voila-game-1280.png")


def test_the_dark_theme(tab: Page) -> None:
    with voila_app("game", "--theme", "dark") as server:
        root = opened(tab, server.url)
        colours = root.evaluate(LUMINANCE_JS)
        assert colours["background"] < 0.2 and colours["text"] > 0.7, colours
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=ARTIFACTS / "voila-dark-1280.png")


def test_a_puzzle_solved_in_the_puzzles_app(tab: Page, tmp_path: Path) -> None:
    answer, asked = seed_3_puzzle(tmp_path)  # the puzzle the app opens, and its answer key
    with voila_app("puzzles", "--seed", "3") as server:
        root = opened(tab, server.url)
        expect(root.locator(".nl-puzzle-question")).to_have_text(asked)
        root.locator(f".nl-choice[data-answer='{answer}']").focus()
        tab.keyboard.press("Enter")
        root.locator('.nl-puzzle [data-action="check"]').click()
        expect(root.locator(".nl-puzzle-verdict")).to_have_class(re.compile(r"\bnl-right\b"))
        # The attempt was kept in the progress file the app's kernel was given (NOVALUNA_PUZZLES).
        assert Path(server.env["NOVALUNA_PUZZLES"]).exists()


def test_the_guided_game(tab: Page) -> None:
    with voila_app("guided", "--lang", "ru") as server:
        root = opened(tab, server.url)
        expect(root).to_have_attribute("lang", "ru")
        expect(root.locator(".nl-tutorial")).to_be_visible()
        expect(root.locator(".nl-tutorial-progress")).not_to_be_empty()
