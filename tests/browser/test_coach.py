"""The coach in the widget (issue 11), in a real JupyterLab and Chromium: the Hint, history browsing, the
Review panel and the guided first game, each clicked (or keyed) in the page and checked in the kernel.

Python decides everything the coach shows (``state.hint``, ``state.view``, ``state.tutorial`` and the
``review_panel`` trait); these tests check that the page draws exactly that, that its clicks reach
Python as the intents the coach waits for, and that looking (a hint, an earlier position, a review row)
never changes the game. axe-core judges each view; screenshots at 1280 px land in tests/artifacts/.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .lab import (
    axe_violations,
    execute_python,
    expect,
    kernel_json,
    show_cells,
    wait_drawn,
    wait_for_python,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

WIDTH = 1280
"""The screenshots' window width: a laptop's."""

# You against the greedy bot, a few turns in, with you to move.
VS_BOT = (
    "from novaluna_widget import NovaLunaWidget\n"
    "w = NovaLunaWidget(players=['You', 'Bo'], seed=1, bots={1: 'greedy'})\n"
    "while w.game.turn < 4 or w.game.current_player != 0: w.bot_move('greedy')\n"
    "w"
)
# A whole game of two greedy bots, played out in the kernel (the Review and the replay need an end).
PLAYED_OUT = (
    "{name} = NovaLunaWidget(players=['You', 'Bo'], seed={seed}, bots={{1: 'greedy'}})\n"
    "while not {name}.game.is_over: {name}.bot_move('greedy')\n"
)
# The review's search with a tenth of the coach's work per position (as tests/test_widget_coach.py
# does), so that a whole game is reviewed in about a second.
QUICK_REVIEW = (
    "from novaluna_widget import coach\n"
    "_reviewing = coach.reviewing\n"
    "coach.reviewing = lambda game, **kw: _reviewing(game, **{'nodes': 40, **kw})\n"
)

# What the page draws of a position: each wheel space's words, each placed tile with its cell, and each
# player's tokens left. The coach's comparison cards are pictures without these hooks.
DRAWN_JS = """(root) => ({
    wheel: Object.fromEntries([...root.querySelectorAll('.nl-wheel [data-space]')]
        .map((el) => [el.dataset.space, el.getAttribute('aria-label')])),
    placed: [...root.querySelectorAll('.nl-placed[data-player][data-cell]')]
        .map((el) => [Number(el.dataset.player), el.dataset.cell, el.getAttribute('aria-label')]),
    tokens: Object.fromEntries([...root.querySelectorAll('.nl-player')]
        .filter((el) => el.querySelector('.nl-tokens b'))
        .map((el) => [el.getAttribute('aria-label'), el.querySelector('.nl-tokens b').textContent])),
})"""

# The position the kernel's widget shows (the past one while browsing), for DRAWN_JS to match.
SHOWN = """{{
    'wheel': [None if t is None else [t, *{w}.catalogue[t][:2]] for t in {w}.state['wheel']],
    'marker': {w}.state['marker'],
    'tiles': [[list(t) for t in p['tiles']] for p in {w}.state['players']],
    'tokens': {{p['name']: p['tokens'] for p in {w}.state['players']}},
    'view': {w}.state['view'],
}}"""

# The element the page focuses, in words, for assertion messages.
FOCUSED_JS = """() => { const el = document.activeElement;
    if (!el) return 'nothing';
    const d = el.dataset ?? {};
    const what = d.action ?? d.space ?? d.cell;
    return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${what ?? ''}`.trim(); }"""


def marked(cls: str) -> re.Pattern[str]:
    """An element's class list holding ``cls``."""
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


def shot(page: Page, root: Locator, name: str) -> None:
    """A screenshot of the whole widget at 1280 px: the window is made tall enough for all of it (the
    notebook would otherwise cut it at the window's foot), then as it was."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    assert size is not None
    height = root.evaluate("(root) => root.getBoundingClientRect().height")
    page.set_viewport_size({"width": WIDTH, "height": max(size["height"], int(height) + 400)})
    root.scroll_into_view_if_needed()
    root.screenshot(path=ARTIFACTS / name, animations="disabled")
    page.set_viewport_size(size)


def space_at(root: Locator, space: int) -> Locator:
    return root.locator(f'.nl-wheel [data-space="{space}"]')


def cell_at(root: Locator, player: int, cell: list[int]) -> Locator:
    return root.locator(f'.nl-player [data-player="{player}"][data-cell="{cell[0]},{cell[1]}"]')


def assert_position_drawn(page: Page, root: Locator, widget: str = "w") -> dict[str, Any]:
    """The page draws the position the kernel's ``widget`` has on show: the wheel's tiles (named as
    everywhere, "R17 on wheel space 5", then colour and cost) and the moon marker, every area's tiles on
    their cells, every player's tokens left."""
    shown: dict[str, Any] = kernel_json(page, SHOWN.format(w=widget))
    drawn = root.evaluate(DRAWN_JS)
    for s, tile in enumerate(shown["wheel"]):
        where = f"wheel space {s}{' (new moon)' if s == 0 else ''}: "
        if tile is None:
            words = where + ("the moon marker" if s == shown["marker"] else "empty")
        else:
            words = f"{tile[0]} on {where}{tile[1]} tile, cost {tile[2]}"
        assert drawn["wheel"][str(s)].startswith(words), (
            shown["view"]["label"],
            drawn["wheel"][str(s)],
            words,
        )
    placed = sorted(drawn["placed"])
    expected = sorted((p, f"{x},{y}") for p, tiles in enumerate(shown["tiles"]) for _, x, y in tiles)
    assert [(p, cell) for p, cell, _ in placed] == expected, shown["view"]["label"]
    ids = {(p, f"{x},{y}"): tile for p, tiles in enumerate(shown["tiles"]) for tile, x, y in tiles}
    for p, cell, label in placed:
        assert f": {ids[p, cell]}, " in label, (label, ids[p, cell])
    assert {name: int(n) for name, n in drawn["tokens"].items() if name in shown["tokens"]} == shown["tokens"]
    return shown


def wait_view(page: Page, root: Locator, widget: str = "w") -> dict[str, Any]:
    """Wait until the history bar shows the position the kernel's ``widget`` has on show (the page draws
    the bar and the board in one go); return the kernel's ``state.view``."""
    view: dict[str, Any] = kernel_json(page, f"{widget}.state['view']")
    slider = root.locator('[data-role="history"]')
    expect(slider).to_have_value(str(view["turn"]))
    expect(slider).to_have_attribute("aria-valuetext", view["label"])
    expect(slider).to_have_attribute("aria-label", f"history: position {view['turn']} of {view['turns']}")
    return view


def focus_to(page: Page, root: Locator, selector: str, key: str = "Tab", presses: int = 40) -> None:
    """Press ``key`` until the widget's element matching ``selector`` has the focus (it may have it
    already), as a keyboard user gets there from where the focus is (which must be in the widget):
    with Tab, forward until the focus would leave the widget, then back with Shift+Tab."""
    seen: list[str] = []
    for _ in range(presses):
        where = root.evaluate(
            "(root, s) => !root.contains(document.activeElement) ? 'out' : "
            "document.activeElement.matches(s) ? 'there' : 'in'",
            selector,
        )
        if where == "there":
            return
        seen.append(page.evaluate(FOCUSED_JS))
        if where == "out":
            assert seen[1:] and key == "Tab", (
                f"the focus is not in the widget (it left it, or never was): {' → '.join(seen)}"
            )
            key = "Shift+Tab"  # past the widget's last stop: back
        page.keyboard.press(key)
    raise AssertionError(f"{presses} × {key} never reached {selector}; the focus went: {' → '.join(seen)}")


def click_move(page: Page, root: Locator) -> None:
    """Play your turn by clicking: the first tile on offer, on the first lit cell; the bot answers."""
    turn, space = kernel_json(page, "[w.game.turn, w.game.choices()[0]]")
    space_at(root, space).click()
    wait_for_python(page, f"w.selected == {space}")
    wait_drawn(page, root)
    root.locator('.nl-legal[data-player="0"]').first.click()
    wait_for_python(page, f"w.game.turn > {turn} and (w.game.current_player == 0 or w.game.is_over)")
    wait_drawn(page, root)


# -- the hint ------------------------------------------------------------------------------------
def test_hint_marks_the_move_says_why_changes_nothing_and_can_be_played(page: Page) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 1000})
    both = "both = NovaLunaWidget(players=['Ann', 'Bo'], seed=2, bots={0: 'greedy', 1: 'greedy'})\nboth"
    over = "from novaluna_widget import NovaLunaWidget\n" + PLAYED_OUT.format(name="over", seed=4) + "over"
    root = show_cells(page, VS_BOT, both, over)
    button = root.locator('button[data-action="hint"]')
    expect(button).to_be_enabled()
    execute_python(page, "_before = w.game.to_json()")
    n = kernel_json(page, "len(w.game.history)")
    button.click()
    wait_for_python(page, "w.state['hint'] is not None")
    wait_drawn(page, root)
    hint = kernel_json(page, "w.state['hint']")
    assert hint["player"] == 0 and hint["action"][0] == "take"
    space, x, y = hint["action"][1:]
    # The suggested wheel space and cell are marked, the reason is in the explanation area and said.
    expect(space_at(root, space)).to_have_class(marked("nl-hint"))
    expect(cell_at(root, 0, [x, y])).to_have_class(marked("nl-hint"))
    expect(root.locator(".nl-wheel .nl-hint")).to_have_count(1)
    expect(root.locator(".nl-explain")).to_contain_text(hint["reason"])
    expect(root.locator(".nl-said")).to_contain_text(hint["reason"])
    # Its alternatives in a small list that opens on demand.
    alternatives = root.locator(".nl-hint-panel details")
    expect(alternatives).to_have_count(1 if hint["alternatives"] else 0)
    expect(alternatives.locator("li")).to_have_count(len(hint["alternatives"]))
    # Asking changed nothing in the game.
    assert kernel_json(page, "[len(w.game.history), w.game.to_json() == _before, w.last_error]") == [
        n,
        True,
        None,
    ]
    assert axe_violations(page) == [], "hint shown"
    page.mouse.move(0, 0)
    shot(page, root, "coach-hint.png")

    # Playing it by clicking the marked space, then the marked cell: the move is the hint's.
    root.locator(".nl-wheel .nl-hint").click()
    wait_for_python(page, f"w.selected == {space}")
    wait_drawn(page, root)
    target = root.locator(".nl-player .nl-hint[data-cell]")
    expect(target).to_have_attribute("data-cell", f"{x},{y}")
    expect(target).to_have_class(marked("nl-legal"))
    target.click()
    wait_for_python(page, f"len(w.game.history) > {n} and w.game.current_player == 0")
    wait_drawn(page, root)
    assert kernel_json(page, f"[list(w.game.history[{n}]), w.last_error, w.state['hint']]") == [
        [space, [x, y]],
        None,
        None,
    ]
    expect(root.locator(".nl-hint")).to_have_count(0)

    # No hint for a bot's seat, nor once the game is over: the button says so by being off.
    bots, ended = page.locator(".nl-root").nth(1), page.locator(".nl-root").nth(2)
    assert kernel_json(page, "[both.state['can']['hint'], over.game.is_over, over.state['can']['hint']]") == [
        False,
        True,
        False,
    ]
    expect(bots.locator('button[data-action="hint"]')).to_be_disabled()
    expect(ended.locator('button[data-action="hint"]')).to_be_disabled()


# -- history -------------------------------------------------------------------------------------
def test_history_slider_shows_earlier_positions_read_only_and_back_to_now(page: Page) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 1000})
    root = show_cells(page, VS_BOT)
    for _ in range(3):
        click_move(page, root)
    n = kernel_json(page, "len(w.game.history)")
    now = wait_view(page, root)
    assert now == {"turn": n, "turns": n, "now": True, "label": "the position now", "compare": None}
    execute_python(page, "_before = w.game.to_json()")
    slider = root.locator('[data-role="history"]')
    back = root.locator('[data-action="now"]')
    banner = root.locator(".nl-history")
    expect(back).to_be_hidden()

    # One step back with the arrow key: the position before the last action, read-only, with a banner.
    slider.focus()
    page.keyboard.press("ArrowLeft")
    wait_for_python(page, f"w.shown_turn == {n - 1}")
    view = wait_view(page, root)
    assert (
        view["turn"] == n - 1 and not view["now"] and view["label"].startswith(f"after action {n - 1} of {n}")
    )
    expect(banner).to_contain_text(f"Earlier position: {view['label']}")
    expect(back).to_be_visible()
    assert_position_drawn(page, root)
    expect(root.locator('button[data-action="hint"]')).to_be_disabled()
    expect(root.locator('button[data-action="undo"]')).to_be_disabled()

    # Home: the start of the game, every area empty.
    page.keyboard.press("Home")
    wait_for_python(page, "w.shown_turn == 0")
    view = wait_view(page, root)
    assert view["label"] == "the start of the game"
    expect(banner).to_contain_text("Earlier position: the start of the game")
    start = assert_position_drawn(page, root)
    assert start["tiles"] == [[], []]
    assert axe_violations(page) == [], "browsing history"
    page.mouse.move(0, 0)
    shot(page, root, "coach-history.png")

    # A wheel tile there is a picture: clicking it sends no move (the kernel would say why; the page may
    # say it first), and the game is as it was.
    offered = kernel_json(page, "w.state['choices']")
    space_at(root, offered[0]).click(force=True)  # a reader may click anything they see
    state = "[w.selected, len(w.game.history), w.game.to_json() == _before, w.shown_turn]"
    assert kernel_json(page, state) == [None, n, True, 0]
    expect(root.locator(".nl-explain, .nl-error").filter(has_text="Back to now").first).to_be_visible()

    # Back to now: the position now again, and playable.
    back.click()
    wait_for_python(page, "w.shown_turn is None")
    assert wait_view(page, root) == now
    expect(back).to_be_hidden()
    assert_position_drawn(page, root)
    expect(root.locator('button[data-action="hint"]')).to_be_enabled()
    assert kernel_json(page, state) == [None, n, True, None]


def test_a_saved_game_steps_through_from_its_start_to_its_end(page: Page) -> None:
    setup = (
        "from novaluna_widget import Game, NovaLunaWidget\n"
        + PLAYED_OUT.format(name="src", seed=4)
        + "saved = src.game.to_json()\n"
        "w = NovaLunaWidget(Game.from_json(saved))\n"
        "w"
    )
    root = show_cells(page, setup)
    n = kernel_json(page, "len(w.game.history)")
    assert kernel_json(page, "w.game.is_over") is True and n > 20
    slider = root.locator('[data-role="history"]')
    expect(slider).to_have_attribute("max", str(n))
    slider.focus()
    page.keyboard.press("Home")
    wait_for_python(page, "w.shown_turn == 0")
    assert wait_view(page, root)["label"] == "the start of the game"
    assert assert_position_drawn(page, root)["tiles"] == [[], []]
    for k in range(1, n):
        page.keyboard.press("ArrowRight")
        # The page draws the kernel's answer; then the kernel has it on show.
        expect(slider).to_have_attribute("aria-valuetext", re.compile(rf"^after action {k} of {n}: "))
        shown, view = kernel_json(page, "[w.shown_turn, w.state['view']]")
        assert shown == k and view["turn"] == k and not view["now"]
        expect(slider).to_have_attribute("aria-valuetext", view["label"])
        if k in (1, n // 2, n - 1):
            assert_position_drawn(page, root)
    # One more step is the end of the game: the position now, with its result.
    page.keyboard.press("ArrowRight")
    wait_for_python(page, "w.shown_turn is None")
    assert wait_view(page, root)["now"] is True
    assert_position_drawn(page, root)
    expect(root.locator(".nl-summary")).to_be_visible()
    expect(root.locator('[data-action="now"]')).to_be_hidden()
    assert kernel_json(page, "w.game.to_json() == saved") is True


# -- the review ----------------------------------------------------------------------------------
# Every text the review panel's progress line showed while the kernel worked.
WATCH_PROGRESS = """(root) => {
    const seen = [];
    new MutationObserver(() => {
        const line = root.querySelector('.nl-review-progress');
        const text = line?.textContent.trim();
        if (text && !seen.includes(text)) { seen.push(text); root.dataset.reviewProgress = seen.join('|'); }
    }).observe(root, {childList: true, subtree: true, characterData: true});
}"""


# The review's rows after the first wait for ``gate``: a coach that takes as long as the test wants.
GATED_REVIEW = (
    "import threading\n"
    "from novaluna_widget import coach\n"
    "gate = threading.Event()\n"
    "_reviewing = coach.reviewing\n"
    "def _gated(game, **kw):\n"
    "    for k, row in enumerate(_reviewing(game, **{'nodes': 40, **kw})):\n"
    "        assert k == 0 or gate.wait(120)\n"
    "        yield row\n"
    "coach.reviewing = _gated\n"
)


def test_the_kernel_stays_free_while_the_review_works(page: Page) -> None:
    setup = (
        "from novaluna_widget import NovaLunaWidget\n" + GATED_REVIEW + PLAYED_OUT.format(name="w", seed=4)
    )
    root = show_cells(page, setup + "w")
    n = kernel_json(page, "len(w.game.history)")
    root.locator('button[data-action="review"]').click()
    # The progress reaches the page from the review's thread, and the kernel runs cells meanwhile.
    expect(root.locator(".nl-review-progress progress")).to_have_attribute("value", "1", timeout=30_000)
    assert kernel_json(page, "[w.review_done(0), w.review_panel]") == [
        False,
        {"status": "working", "done": 1, "total": n},
    ]
    execute_python(page, "gate.set()")
    wait_for_python(page, "w.review_done(0) and w.review_panel.get('status') == 'ready'", timeout=60)
    expect(root.locator("[data-review-row]")).to_have_count(n)


def test_review_lists_the_largest_losses_first_and_opens_a_row(page: Page) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 1000})
    setup = (
        "from novaluna_widget import NovaLunaWidget\n" + QUICK_REVIEW + PLAYED_OUT.format(name="w", seed=4)
    )
    root = show_cells(page, setup + "w")
    n = kernel_json(page, "len(w.game.history)")
    assert kernel_json(page, "[w.game.is_over, w.state['can']['review'], w.review_panel]") == [True, True, {}]
    root.evaluate(WATCH_PROGRESS)
    root.locator('button[data-action="review"]').click()
    wait_for_python(page, "w.review_panel.get('status') == 'ready'", timeout=60)
    rows = kernel_json(page, "w.review_panel['rows']")
    assert len(rows) == n
    # The rows, largest loss first, in the kernel's order; the progress was on show while it worked.
    expect(root.locator("[data-review-row]")).to_have_count(n)
    order = root.locator("[data-review-row]").evaluate_all(
        "(rows) => rows.map((r) => Number(r.dataset.reviewRow))"
    )
    assert order == [row["index"] for row in rows]
    progress = (root.get_attribute("data-review-progress") or "").split("|")
    assert any(re.fullmatch(rf"Reviewing \d+ of {n} actions…", text) for text in progress), progress
    review = root.locator(".nl-review")
    expect(review).to_contain_text("how many tokens better the coach's suggestion looked")
    first = rows[0]
    expect(root.locator("[data-review-row]").first).to_contain_text(first["loss_words"])

    # Open the first row with the keyboard: that position, the played and the suggested move marked.
    row = root.locator(f'[data-review-row="{first["index"]}"]')
    focus_to(page, root, "[data-review-row]")  # from the Review button, which keeps the focus
    expect(row).to_be_focused()
    if n > 1:  # the rows are one Tab stop; the arrow keys move along them
        page.keyboard.press("ArrowDown")
        expect(root.locator(f'[data-review-row="{rows[1]["index"]}"]')).to_be_focused()
        page.keyboard.press("ArrowUp")
        expect(row).to_be_focused()
    page.keyboard.press("Enter")
    wait_for_python(page, f"w.shown_turn == {first['index']}")
    view = wait_view(page, root)
    compare = view["compare"]
    assert (
        view["turn"] == first["index"]
        and compare["row"] == first["index"]
        and compare["player"] == first["player"]
    )
    assert_position_drawn(page, root)
    expect(row).to_have_attribute("aria-expanded", "true")
    for kind in ("played", "suggested"):
        option = compare[kind]
        if option["space"] is not None:
            expect(space_at(root, option["space"])).to_have_class(marked(f"nl-{kind}"))
            expect(cell_at(root, compare["player"], option["cell"])).to_have_class(marked(f"nl-{kind}"))
        else:  # a refill (or the end of solo phase 1) marks its button
            expect(root.locator(f'[data-action="{option["action"][0]}"]')).to_have_class(marked(f"nl-{kind}"))
    # The two areas side by side, captioned with their words.
    sides = review.locator(".nl-compare-side")
    expect(sides).to_have_count(2)
    expect(sides.nth(0).locator("figcaption")).to_contain_text(f"Played: {compare['played']['words']}")
    expect(sides.nth(1).locator("figcaption")).to_contain_text(f"Suggested: {compare['suggested']['words']}")
    played, suggested = sides.nth(0).bounding_box(), sides.nth(1).bounding_box()
    assert played is not None and suggested is not None
    assert played["x"] + played["width"] <= suggested["x"] + 1 and abs(played["y"] - suggested["y"]) < 2
    expect(review).to_contain_text(first["comment"])
    assert kernel_json(page, "[len(w.game.history), w.game.is_over, w.last_error]") == [n, True, None]
    assert axe_violations(page) == [], "review row open"
    page.mouse.move(0, 0)
    shot(page, root, "coach-review.png")

    # Enter again closes it: the position now, nothing marked.
    expect(row).to_be_focused()
    page.keyboard.press("Enter")
    wait_for_python(page, "w.shown_turn is None")
    assert wait_view(page, root)["now"] is True
    expect(sides).to_have_count(0)
    expect(root.locator(".nl-played, .nl-suggested")).to_have_count(0)
    expect(row).to_have_attribute("aria-expanded", "false")


# -- the guided first game -----------------------------------------------------------------------
TUTORIAL = "from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget.tutorial()\nw"


def step_target(root: Locator, expects: dict[str, Any]) -> Locator:
    """The element a step's awaited click lands on: a button, a wheel space or a cell."""
    action = expects["action"]
    if action in ("next", "refill"):
        return root.locator(f'button[data-action="{action}"]')
    if action == "select":
        return space_at(root, expects["space"])
    assert action == "take", expects
    return cell_at(root, expects["player"], expects["cell"])


def expect_step_drawn(page: Page, root: Locator) -> dict[str, Any]:
    """The tutorial panel shows the kernel's step (number, progress, title, prompt); return the step."""
    step: dict[str, Any] = kernel_json(page, "{**w.state['tutorial'], 'guide_number': w.guide.number}")
    assert step["number"] == step["guide_number"]
    panel = root.locator("[data-tutorial-step]")
    expect(panel).to_have_attribute("data-tutorial-step", str(step["number"]))
    expect(panel.locator(".nl-tutorial-progress")).to_have_text(f"step {step['number']} of {step['total']}")
    expect(panel).to_contain_text(step["title"])
    if step["prompt"]:
        expect(panel).to_contain_text(step["prompt"])
    bar = panel.locator("progress")
    expect(bar).to_have_attribute("max", str(step["total"]))
    return step


def test_the_guided_game_played_through_by_clicking_what_each_step_asks(page: Page) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 1000})
    root = show_cells(page, TUTORIAL)
    error = root.locator(".nl-error")
    refused = root.locator(".nl-tutorial-refused")
    expect(root.locator('[data-role="history"]')).to_be_hidden()  # no history in the guided game
    tried_wrong = tried_luna = shot_taken = False
    clicks = 0
    while not kernel_json(page, "w.guide.done"):
        step = expect_step_drawn(page, root)
        expects = step["expects"]
        target = step_target(root, expects)
        expect(target).to_have_class(marked("nl-guide"))
        expect(target).to_be_visible()
        if expects["action"] == "next":
            expect(target).to_be_enabled()
        if not shot_taken and step["rule"] == "chain":
            assert axe_violations(page) == [], "tutorial"
            page.mouse.move(0, 0)
            shot(page, root, "coach-tutorial.png")
            shot_taken = True
        if not tried_wrong and expects["action"] == "select":
            # Once: a wheel tile on offer that the step does not ask for. A friendly word, no error box.
            other = next(s for s in kernel_json(page, "w.game.choices()") if s != expects["space"])
            execute_python(page, "_before = [w.game.to_json(), w.version, w.selected]")
            space_at(root, other).click(force=True)
            wait_for_python(page, "w.state['tutorial']['refused'] is not None")
            sentence = kernel_json(page, "w.state['tutorial']['refused']")
            expect(refused).to_have_text(sentence)
            expect(refused).to_be_visible()
            expect(refused).to_have_attribute("role", "status")
            expect(error).to_be_hidden()
            unchanged = "[[w.game.to_json(), w.version, w.selected] == _before, w.guide.number]"
            assert kernel_json(page, unchanged) == [True, step["number"]]
            expect(root.locator("[data-tutorial-step]")).to_have_attribute(
                "data-tutorial-step", str(step["number"])
            )
            tried_wrong = True
        lunas = root.locator('.nl-placed[data-player="1"]')
        if not tried_luna and expects["action"] == "take" and lunas.count():
            # Once: a tile placed in Luna's area, while yours is to take the chosen tile. The engine would
            # refuse it ("it is your turn, not Luna's"): the guide answers with its own sentence instead.
            execute_python(page, "_before = [w.game.to_json(), w.version, w.selected]")
            lunas.first.click(force=True)
            wait_for_python(page, "w.state['tutorial']['refused'] is not None")
            expect(refused).to_have_text(kernel_json(page, "w.state['tutorial']['refused']"))
            expect(refused).to_contain_text("Not there, please")
            expect(error).to_be_hidden()
            assert kernel_json(
                page, "[w.last_error, [w.game.to_json(), w.version, w.selected] == _before]"
            ) == [
                None,
                True,
            ]
            tried_luna = True
        execute_python(page, "_step = w.state['tutorial']")
        target.click()
        wait_for_python(page, "w.state['tutorial'] != _step")
        clicks += 1
        answer = kernel_json(
            page, "[w.last_error, w.state['tutorial']['refused'], w.state['tutorial']['said']]"
        )
        assert answer[:2] == [None, None], (expects, answer)
        expect(refused).to_have_text("")
        expect(error).to_be_hidden()
        said = " ".join(answer[2])
        if said:
            expect(root.locator(".nl-tutorial-said")).to_have_text(said)
    assert tried_wrong and tried_luna and shot_taken and clicks >= 11

    # The end: the game is over, and the last step says so.
    last = expect_step_drawn(page, root)
    assert last["done"] and last["number"] == last["total"]
    assert kernel_json(page, "[w.game.is_over, w.game.turn > 0, w.last_error]") == [True, True, None]
    panel = root.locator("[data-tutorial-step]")
    expect(panel.locator("progress")).to_have_attribute("value", str(last["total"]))
    expect(panel).to_contain_text("the game is over")
    expect(root.locator(".nl-said")).to_contain_text("the game is over")
    expect(root.locator(".nl-guide")).to_have_count(0)
    expect(root.locator('button[data-action="next"]')).to_be_hidden()


def test_the_first_steps_of_the_guided_game_by_keyboard_only(page: Page) -> None:
    root = show_cells(page, TUTORIAL)
    # Tab arrives at the widget's first stop; from there on, keys only: Tab to the step's target, the
    # arrow keys along the wheel, Enter to click.
    root.evaluate(
        "(root) => root.querySelector('button:not([disabled]):not([hidden]), [tabindex=\"0\"]').focus()"
    )
    for number in (1, 2, 3, 4):
        step = expect_step_drawn(page, root)
        assert step["number"] == number
        expects = step["expects"]
        if expects["action"] == "next":
            focus_to(page, root, '[data-action="next"]')
        elif expects["action"] == "select":
            focus_to(page, root, '.nl-wheel [data-space][tabindex="0"]')
            focus_to(page, root, f'.nl-wheel [data-space="{expects["space"]}"]', key="ArrowRight", presses=12)
        else:
            assert expects["action"] == "take", expects
            x, y = expects["cell"]
            focus_to(
                page, root, f'.nl-player .nl-legal[data-player="{expects["player"]}"][data-cell="{x},{y}"]'
            )
        page.keyboard.press("Enter")
        wait_for_python(page, f"w.guide.number > {number}")
        assert kernel_json(page, "[w.last_error, w.state['tutorial']['refused']]") == [None, None]
        wait_drawn(page, root)
    assert expect_step_drawn(page, root)["number"] == 5
    assert kernel_json(page, "[list(m) for m in w.game.history]")[0] == [2, [0, 0]]
