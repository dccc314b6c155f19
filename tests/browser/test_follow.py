"""Following a game in the widget: the bots' moves move on the board and are said in a sentence, the last
moves stay marked, a wheel tile shows where it could go before it is chosen, the Bot button says whose
turn it plays, and the solo game explains its score. Each checked in the page and in the kernel."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from .lab import execute_python, expect, kernel_json, show_cells, wait_drawn, wait_for_python

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

# Seed 1: after the human's first move (tile 1 to (0, 0)) the greedy bot takes two turns in a row.
VS_BOT = (
    "from novaluna_widget import NovaLunaWidget\n"
    "from novaluna_widget._narration import tell\n"
    "w = NovaLunaWidget(players=['You', 'Bo'], seed=1, bots={1: 'greedy'})\n"
    "w"
)
# What the kernel says happened since log event `since`: the page's sentences for the new entries.
TOLD = "[text for i, _, _, text in tell(w.game, 24, reader=w.reader)[0] if i >= {since}]"
# Count, on the root, the tiles that take off and the moon marker's transitions as they start.
WATCH_MOTION = """(root) => {
    const count = (key) => { root.dataset[key] = Number(root.dataset[key] ?? 0) + 1; };
    new MutationObserver((changes) => {
        for (const change of changes)
            for (const node of change.addedNodes) if (node.classList?.contains('nl-flyer')) count('flights');
    }).observe(root, {childList: true});
    root.addEventListener('transitionrun', (event) => {
        if (event.target.closest('.nl-moon-marker')) count('markerTurns');
    });
}"""


def test_bot_moves_fly_are_said_and_stay_marked(page: Page) -> None:
    root = show_cells(page, VS_BOT)
    since = kernel_json(page, "w.game.log_length")
    space = kernel_json(page, "w.game.choices()[0]")
    root.locator(f'[data-space="{space}"]').click()
    wait_for_python(page, f"w.selected == {space}")
    wait_drawn(page, root)
    root.evaluate(WATCH_MOTION)
    root.locator('.nl-card-big [data-cell="0,0"].nl-legal').click()
    wait_for_python(page, "w.game.turn == 3 and w.game.current_player == 0")
    wait_drawn(page, root)
    # The moves fly: a copy of each taken tile heads for its area, and the moon marker turns.
    expect(root).to_have_attribute("data-flights", "3")  # yours and Bo's two
    expect(root).to_have_attribute("data-marker-turns", re.compile(r"^[1-9]"))
    expect(root.locator(".nl-flyer")).to_have_count(0)  # all landed
    expect(root.locator(".nl-arriving")).to_have_count(0)

    # The live region says what happened, in the kernel's own sentences: Bo moves again.
    told = kernel_json(page, TOLD.format(since=since))
    assert len(told) == 3 and told[0].startswith("You took ") and told[1].endswith("and moves again.")
    said = root.locator(".nl-said")
    expect(said).to_have_attribute("role", "status")
    expect(said).to_have_text(" ".join(told))
    assert "You moves" not in said.inner_text() and "You places" not in said.inner_text()

    # The turns since your last move stay marked: Bo's tiles in Bo's area, the latest most, and who took
    # what where on the wheel; and the moon marker stands where the last tile was taken.
    recent = kernel_json(page, "w.state['recent']")
    assert [turn[1] for turn in recent] == [0, 1, 1]
    for _, player, tile, taken_from, x, y in recent:
        placed = root.locator(f'.nl-placed[data-player="{player}"][data-cell="{x},{y}"]')
        expect(placed).to_have_class(re.compile(r"\bnl-recent\b"))
        label = root.locator(f'[data-space="{taken_from}"]').get_attribute("aria-label")
        assert label is not None and f"took {tile} from here" in label
    _, player, _, _, x, y = recent[-1]
    expect(root.locator(f'.nl-placed.nl-last[data-player="{player}"][data-cell="{x},{y}"]')).to_have_count(1)
    marker = kernel_json(page, "w.game.marker")
    assert marker == recent[-1][3]
    turned = root.locator(".nl-moon-marker").evaluate("(el) => el.style.transform")
    assert turned.startswith("rotate(") and float(turned[7:-4]) % 360 == 30 * marker
    # Each header names the moon-track space the wheel shows (not the total time), and the draw pile
    # says how many tiles of each colour it still holds.
    for name, space in kernel_json(page, "[[p.name, p.space] for p in w.game.players]"):
        expect(root.locator(f'[aria-label="{name}"] .nl-tokens')).to_contain_text(f"moon track {space}")
    colours = "('red', 'blue', 'teal', 'yellow')"
    left = kernel_json(page, f"[sum(t.colour == c for t in w.game.draw_pile) for c in {colours}]")
    expect(root.locator(".nl-pile")).to_have_attribute(
        "aria-label", re.compile(rf"\({left[0]} red, {left[1]} blue, {left[2]} teal, {left[3]} yellow\)$")
    )
    expect(root.locator(".nl-left text")).to_have_text([str(n) for n in left])


def test_without_motion_the_moves_jump_and_are_still_said(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    root = show_cells(page, VS_BOT)
    since = kernel_json(page, "w.game.log_length")
    execute_python(page, "w.select(w.game.choices()[0])")
    wait_drawn(page, root)
    root.locator('.nl-card-big [data-cell="0,0"].nl-legal').click()
    wait_for_python(page, "w.game.turn == 3")
    wait_drawn(page, root)
    moving = root.evaluate(
        "(root) => [root.querySelectorAll('.nl-flyer').length, root.getAnimations({subtree: true}).length]"
    )
    assert moving == [0, 0]
    expect(root.locator(".nl-said")).to_have_text(" ".join(kernel_json(page, TOLD.format(since=since))))


def test_a_wheel_tile_shows_where_it_could_go_and_a_chosen_one_its_ghost(page: Page) -> None:
    setup = (
        "from novaluna_widget import NovaLunaWidget\n"
        "w = NovaLunaWidget(players=['You', 'Bo'], seed=5, bots={1: 'greedy'})\n"
        "while w.game.turn < 10: w.bot_move('greedy')\n"
        "w"
    )
    root = show_cells(page, setup)
    me = kernel_json(page, "w.game.current_player")
    # For each takeable tile: its legal cells, and how many tasks it would fulfil on each (the engine's).
    expected = kernel_json(
        page,
        """{str(s): {f"{x},{y}": len(w.game.players[w.game.current_player].board
                                              .would_fulfil(w.game.wheel[s], (x, y)))
                                  for x, y in w.game.players[w.game.current_player].board.legal_cells()}
                                  for s in w.game.choices()}""",
    )
    for space, cells in expected.items():
        root.locator(f'[data-space="{space}"]').hover()
        shown = root.evaluate("""(root) => Object.fromEntries([...root.querySelectorAll(
            '.nl-card-big .nl-preview')].map((c) => [c.dataset.cell,
                Number(c.querySelector('.nl-star text')?.textContent.slice(1) ?? 0)]))""")
        assert shown == cells, f"space {space}"
        expect(root.locator(".nl-explain")).to_contain_text(f"could go on {len(cells)} lit cell")
    page.mouse.move(0, 0)
    expect(root.locator(".nl-preview")).to_have_count(0)
    assert kernel_json(page, "w.selected") is None  # pointing chose nothing

    space = next(iter(expected))
    root.locator(f'[data-space="{space}"]').click()
    wait_for_python(page, f"w.selected == {space}")
    wait_drawn(page, root)
    cell = root.locator(f".nl-card-big .nl-legal[data-player='{me}']").first
    cell.hover()
    tile = kernel_json(page, f"w.game.wheel[{space}].colour")
    expect(cell.locator(f".nl-ghost .nl-tile.nl-{tile}")).to_have_count(1)
    page.mouse.move(0, 0)
    expect(root.locator(".nl-ghost")).to_have_count(0)


def test_the_bot_button_names_whose_turn_it_plays(page: Page) -> None:
    root = show_cells(page, VS_BOT)
    button = root.locator('button[data-action="bot"]')
    expect(button).to_have_text("Bot plays for You")
    expect(button).to_have_attribute("title", "Let the greedy bot choose and place a tile for You")
    button.click()
    # It played the human's turn (in the human's area), and the bot seat answered.
    wait_for_python(page, "len(w.game.players[0].board) == 1 and w.game.current_player == 0")
    assert kernel_json(page, "w.last_error") is None


def test_solo_explains_its_score_and_ends_phase_one_when_allowed(page: Page) -> None:
    setup = (
        "from novaluna_widget import NovaLunaWidget\n"
        "from novaluna_widget._narration import solo_lines\n"
        "start = NovaLunaWidget(players=1, seed=0)\n"
        "for seed in range(20):  # a game where the 8 tokens of phase 1 get placed in time\n"
        "    w = NovaLunaWidget(players=1, seed=seed)\n"
        "    while w.game.phase == 1 and not w.game.can_end_phase_one: w.bot_move('greedy')\n"
        "    if w.game.can_end_phase_one: break\n"
        "start"
    )
    root = show_cells(page, setup, "w")
    # Before any move: what the score is, that lower is better, and how it adds up (the engine's figures).
    lines = kernel_json(page, "solo_lines(start.game, start.game.score_sheet())")
    assert lines[0] == "Phase 1 record if it ended now: tile costs 0 + 10 × 8 tokens not placed = 80"
    expect(root.locator(".nl-solo")).to_contain_text("Solo score: lower is better")
    expect(root.locator(".nl-solo li")).to_have_text(lines)
    goal = "Phase 1: place the 8 tokens of the small stack (8 to go)"
    expect(root.locator(".nl-now")).to_contain_text(goal)
    end = root.locator('button[data-action="end_phase_one"]')
    expect(end).to_be_disabled()
    expect(end).to_have_attribute("title", kernel_json(page, "start.state['solo']['goal']"))

    # The second widget has placed its 8 tokens: End phase 1 is enabled, and a click ends the phase.
    other = page.locator(".nl-root").nth(1)
    end = other.locator('button[data-action="end_phase_one"]')
    expect(end).to_be_enabled()
    end.click()
    wait_for_python(page, "w.game.phase == 2")
    wait_drawn(page, other)
    record = kernel_json(page, "next(e.data for e in w.game.log if e.kind == 'phase')")
    said = other.locator(".nl-said")
    over = f"Phase 1 is over: its record is {record['record']} (tile costs {record['tiles']} +"
    expect(said).to_contain_text(over)
    expect(said).to_contain_text("The wheel is refilled")
    expect(other.locator(".nl-headline")).to_contain_text("phase 2 of 2")

    # With one tile left on the wheel, the page asks for "the tile" (not "one of the tiles").
    execute_python(page, "while len(start.game.choices()) > 1: start.play(start.game.legal_moves()[0])")
    wait_drawn(page, root, "start")
    expect(root.locator(".nl-now")).to_contain_text("You: choose the tile framed in gold on the wheel.")


def test_the_end_keeps_your_area_and_sums_up(page: Page) -> None:
    setup = (
        "from novaluna_widget import NovaLunaWidget\n"
        "from novaluna_widget._narration import end_summary\n"
        "w = NovaLunaWidget(players=['You', 'Bo'], seed=4, bots={1: 'greedy'})\n"
        "while not w.game.is_over: w.bot_move('greedy')\n"
        "w"
    )
    root = show_cells(page, setup)
    assert kernel_json(page, "w.game.is_over") is True
    expect(root.locator(".nl-card-big")).to_have_attribute("aria-label", "You")
    expect(root.locator(".nl-summary b")).to_have_text(kernel_json(page, "w.state['over']['text']"))
    expect(root.locator(".nl-summary li")).to_have_text(kernel_json(page, "end_summary(w.game)"))
    expect(root.locator(".nl-now")).to_contain_text("Press New game to play again")
