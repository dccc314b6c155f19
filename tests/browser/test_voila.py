"""The classroom app (``python -m novaluna_widget app``, a standalone Voilà) in Chromium: the game renders
with no code showing and plays by mouse and by keyboard, the bot answering; a puzzle is solved in the
puzzles app; the guided game starts; ``--theme dark`` gives a dark widget; no widget error in the console."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .hosts import LUMINANCE_JS, Server, focused, voila_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


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
    from novaluna_widget import NovaLunaWidget
    from novaluna_widget._modes.puzzle import answer_data

    # The app's puzzle (a fresh progress file, seed 3), worked out here too: its answer key.
    here = NovaLunaWidget.puzzles(seed=3, path=tmp_path / "key.json")
    puzzle = here._controller.mode.puzzle
    assert puzzle is not None
    answer = answer_data(next(iter(puzzle.answers)))
    assert answer in [choice["answer"] for choice in here.state["puzzle"]["choices"]]
    with voila_app("puzzles", "--seed", "3") as server:
        root = opened(tab, server.url)
        expect(root.locator(".nl-puzzle-question")).to_have_text(here.state["puzzle"]["question"])
        root.locator(f".nl-choice[data-answer='{json.dumps(answer)}']").focus()
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
