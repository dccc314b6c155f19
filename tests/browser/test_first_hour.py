"""The first hour's last stumbles, in a real JupyterLab: a button greyed out while an earlier position is
on show says why, in each of the four languages."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import REPO
from .lab import execute_python, kernel_json, show_cells, wait_drawn, wait_for_python

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

WHY_GREY = "Not while an earlier position is on show: move the history slider to the position now first"
CATALOGUES = json.loads((REPO / "js" / "locale.json").read_text(encoding="utf-8"))["catalogues"]


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


@pytest.mark.parametrize("lang", ["en", "ru", "ja", "fa"])
def test_puzzles_and_new_game_greyed_in_history_say_why(page: Page, lang: str) -> None:
    root = show_cells(
        page,
        f"from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget(players=['You', 'Bo'], seed=3, "
        f"lang={lang!r}, bots={{1: 'greedy'}})\nfor _ in range(4): w.bot_move('greedy')\nw",
    )
    execute_python(page, "w.show_turn(1)")
    wait_drawn(page, root)
    assert kernel_json(page, "w.shown_turn") == 1
    why = WHY_GREY if lang == "en" else CATALOGUES[lang][WHY_GREY]
    for action in ("puzzles", "new"):
        button = root.locator(f'.nl-toolbar [data-action="{action}"]')
        expect(button).to_be_disabled()
        expect(button).to_have_attribute("title", why)
    # Back at the position now, the buttons work again and say what they do.
    execute_python(page, "w.show_turn(None)")
    wait_drawn(page, root)
    expect(root.locator('.nl-toolbar [data-action="puzzles"]')).to_be_enabled()
    expect(root.locator('.nl-toolbar [data-action="puzzles"]')).not_to_have_attribute("title", why)


# A two-player game against the greedy bot, played to its end.
OVER = (
    "from novaluna_widget import NovaLunaWidget\n"
    "w = NovaLunaWidget(players=['You', 'Bo'], seed=3, bots={1: 'greedy'})\n"
    "while not w.game.is_over: w.bot_move('greedy')\n"
    "w"
)

# The parts of the status box whose words run past it (cut with "…").
CUT_JS = """(root) => [...root.querySelectorAll('.nl-said, .nl-now')]
    .filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent)"""


@pytest.mark.parametrize("width", [800, 1280])
def test_the_game_over_sentence_is_said_whole(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    root = show_cells(page, OVER)
    wait_drawn(page, root)
    said = root.locator(".nl-said")
    expect(said).to_contain_text("Ranking: 1.")
    assert root.evaluate(CUT_JS) == []


def test_a_finished_games_review_hides_under_the_puzzles(page: Page) -> None:
    root = show_cells(page, OVER)
    root.locator('[data-action="review"]').click()
    wait_for_python(page, "w.review_panel.get('status') == 'ready'")
    review = root.locator(".nl-review-rows")
    expect(review).to_be_visible()
    root.locator('[data-action="puzzles"]').click()
    wait_for_python(page, "w.state['mode'] == 'puzzle'")
    wait_drawn(page, root)
    expect(root.locator(".nl-puzzle")).to_be_visible()
    expect(root.locator(".nl-review")).to_have_count(0)


GUIDED = "from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget.tutorial(lang={lang!r})\nw"

# The guided game's panel and its prompt, where they stand on the screen.
PROMPT_JS = """(root) => {
    const box = (sel) => {
        const r = root.querySelector(sel).getBoundingClientRect();
        return [r.top, r.bottom];
    };
    return {panel: box('.nl-tutorial'), prompt: box('.nl-tutorial-prompt')};
}"""


@pytest.mark.parametrize(
    ("lang", "width"), [("en", 800), ("en", 1280), ("en", 1920), ("ru", 800), ("ja", 800), ("fa", 800)]
)
def test_every_prompt_of_the_guided_game_stands_whole_in_its_panel(page: Page, lang: str, width: int) -> None:
    """Step by step to the end, the prompt (what to click, and at the end "press New game") is never cut by
    the panel's edge, however long the step's text above it."""
    page.set_viewport_size({"width": width, "height": 900})
    root = show_cells(page, GUIDED.format(lang=lang))
    cut = []
    while True:
        wait_drawn(page, root)
        where = root.evaluate(PROMPT_JS)
        (top, bottom), (prompt_top, prompt_bottom) = where["panel"], where["prompt"]
        if prompt_top < top or prompt_bottom > bottom:
            cut.append((kernel_json(page, "w.guide.number"), where))
        if kernel_json(page, "w.guide.done"):
            break
        execute_python(
            page, "w._controller.handle({'version': w._controller.version, **w.guide.click.intent})"
        )
    assert cut == []
    expect(root.locator(".nl-tutorial-prompt")).to_have_text(re.compile(r"\S"))


def test_a_refused_click_far_below_the_panel_is_answered_in_view(page: Page) -> None:
    """At 800 px the area in play stands below the wheel: scrolled down to it, a click on the wrong cell
    brings the guide's "Not there, please" into view."""
    page.set_viewport_size({"width": 800, "height": 900})
    root = show_cells(page, GUIDED.format(lang="en"))
    # Five clicks as asked: the step then waits for Y11 right of B05, at (1, 0), among other lit cells.
    execute_python(
        page,
        "for _ in range(5): w._controller.handle({'version': w._controller.version, **w.guide.click.intent})",
    )
    assert kernel_json(page, "w.guide.click.intent['cell']") == [1, 0]
    wait_drawn(page, root)
    big = root.locator(".nl-card-big")
    big.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    refused = root.locator(".nl-tutorial-refused")
    expect(refused).not_to_be_in_viewport()
    root.locator('.nl-card-big .nl-legal:not([data-cell="1,0"])').first.click()
    wait_for_python(page, "w.state['tutorial']['refused']")
    expect(refused).to_have_text(re.compile(r"\S"))
    expect(refused).to_be_in_viewport()
    assert kernel_json(page, "len(w.game.players[0].board)") == 1  # refused: nothing was placed
