"""The widget's coach, Python side: the Hint, the Review panel, history browsing and the guided first game,
through the page's intents (as ipywidgets delivers them) and through the Python API.

What the coach suggests and how a review measures is ``test_coach``'s; the guide's story is
``test_guide``'s. Here: that each intent does what the page relies on, refuses what it must with a
sentence, and never changes the game where it should only look at it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from novaluna_widget import Game, IllegalMove, Move, NovaLunaWidget, coach
from novaluna_widget._coach_view import BROWSING, TUTORIAL_ONLY, past
from novaluna_widget._guide import Guide
from novaluna_widget._protocol import game_state

from .test_protocol import played_out
from .test_widget import intent, nothing_swallowed, take  # noqa: F401  (an autouse fixture)


def bots_game(seed: int = 3) -> NovaLunaWidget:
    """You against the greedy bot, a few turns in."""
    w = NovaLunaWidget(players=["You", "Bo"], seed=seed, bots={1: "greedy"})
    for _ in range(3):
        w.bot_move("greedy")
    return w


#: The search's work per position in these tests: a tenth of the coach's, so a review takes a second.
NODES = 40


def quick_review(game: Game, **kw: Any) -> Any:
    return REVIEWING(game, nodes=NODES, **kw)


REVIEWING = coach.reviewing


@pytest.fixture(scope="module")
def reviewed() -> tuple[NovaLunaWidget, Any]:
    """A finished 2-player game reviewed once in the widget, and ``coach.review``'s frame of it."""
    w = NovaLunaWidget(played_out(Game(["You", "Bo"], seed=11), 400))
    assert w.game.is_over
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coach, "reviewing", quick_review)
        w.review(progress=False)
    return w, coach.review(w.game, nodes=NODES)


# -- the hint ------------------------------------------------------------------------------------
def test_the_hint_button_marks_the_coachs_move_and_changes_nothing():
    w = bots_game()
    before, version = w.game.to_json(), w.version
    assert w.state["can"]["hint"] and w.state["hint"] is None
    intent(w, "hint")
    shown = w.state["hint"]
    expected = coach.hint(w.game)
    assert w.last_error is None and w.game.to_json() == before and w.version == version
    assert shown["action"] == expected.to_data()["action"] and shown["reason"] == expected.reason
    assert (shown["space"], shown["tile"]) == (expected.space, expected.tile)
    assert shown["cell"] == expected.cell
    assert shown["words"] == f"Hint: {expected.reason}" and shown["version"] == w.version
    alternatives = [a.to_data()["action"] for a in expected.alternatives]
    assert [a["action"] for a in shown["alternatives"]] == alternatives
    # The suggestion is a legal move: played, it is taken and the hint is gone with the position it was for.
    space, x, y = shown["action"][1:]
    intent(w, "select", space=space)
    assert w.state["hint"] == shown  # choosing a tile does not change the position
    take(w, space, (x, y))
    assert w.last_error is None and w.state["hint"] is None


def test_no_hint_for_a_bot_seat_or_a_game_over():
    w = NovaLunaWidget(players=["You", "Bo"], seed=3, bots={0: "greedy", 1: "greedy"})
    assert not w.state["can"]["hint"]
    before = w.game.to_json()
    intent(w, "hint")
    assert (
        w.last_error == f"{w.game.players[w.game.current_player].name} is played by the greedy bot: "
        "hints are for the players who move"
    )
    assert w.game.to_json() == before and w.state["hint"] is None
    over = NovaLunaWidget(played_out(Game(2, seed=9), 200))
    assert not over.state["can"]["hint"]
    intent(over, "hint")
    assert over.last_error == "the game is over; there is nothing to suggest"
    with pytest.raises(IllegalMove, match="nothing to suggest"):
        over.hint()


def test_hint_from_python_returns_the_hint_and_shows_it():
    w = bots_game()
    found = w.hint()
    assert isinstance(found, coach.Hint) and found.player == w.game.current_player
    assert w.state["hint"]["reason"] == found.reason
    w.show_turn(1)
    assert w.state["hint"]["reason"] == found.reason  # the hint stays with the position it is for
    w.hint()  # asked while an earlier position is on show: back to now, where the hint is
    assert w.shown_turn is None and w.state["view"]["now"]


# -- history -------------------------------------------------------------------------------------
def test_show_turn_shows_an_earlier_position_read_only():
    w = bots_game()
    n = len(w.game.history)
    now, before = w.state, w.game.to_json()
    intent(w, "show", turn=2)
    s = w.state
    assert w.last_error is None and w.shown_turn == 2 and w.game.to_json() == before
    assert s["view"]["turn"] == 2 and s["view"]["turns"] == n and not s["view"]["now"]
    assert s["view"]["label"].startswith(f"after action 2 of {n}: ")
    earlier = game_state(past(w.game, 2), [None, "greedy"], reader=0)
    assert {k: s[k] for k in ("wheel", "marker", "players", "track", "log", "current")} == {
        k: earlier[k] for k in ("wheel", "marker", "players", "track", "log", "current")
    }
    assert s["moves"] == {"cells": [], "fulfil": []} and not any(s["can"].values())
    intent(w, "show", turn=0)
    assert w.state["view"]["label"] == "the start of the game" and w.state["turn"] == 0
    intent(w, "show", turn=None)
    assert w.state == {**now, "answered": w.state["answered"]}
    intent(w, "show", turn=n)  # the last position is the position now
    assert w.shown_turn is None and w.state["view"]["now"]


def test_moves_are_refused_while_an_earlier_position_is_on_show():
    w = bots_game()
    before = w.game.to_json()
    w.show_turn(1)
    space = w.game.choices()[0]
    for action, fields in [
        ("select", {"space": space}),
        ("take", {"space": space, "cell": [0, 0], "player": w.game.current_player}),
        ("refill", {}),
        ("bot", {}),
        ("undo", {}),
        ("hint", {}),
    ]:
        intent(w, action, **fields)
        assert w.last_error == BROWSING.in_language("en"), action
        assert w.game.to_json() == before and w.shown_turn == 1
    intent(w, "new")  # a new game is always allowed, and shows its start
    assert w.last_error is None and w.shown_turn is None and len(w.game.history) == 0


def test_positions_the_game_does_not_have_are_refused():
    w = bots_game()
    n = len(w.game.history)
    for turn in (-1, n + 1, 2**30):
        intent(w, "show", turn=turn)
        expected = f"there is no position {turn} in this game: positions run from 0 (the start) to {n}"
        assert w.last_error == expected
        assert w.shown_turn is None
    with pytest.raises(IllegalMove, match="no position 99"):
        w.show_turn(99)


def test_a_move_from_python_while_browsing_shows_the_position_now():
    w = bots_game()
    w.show_turn(1)
    w.play(w.game.legal_moves()[0])
    assert w.shown_turn is None and w.state["view"]["now"] and w.state["view"]["turns"] == len(w.game.history)


def test_a_saved_game_replays_position_by_position():
    game = played_out(Game(3, seed=4), 30)
    w = NovaLunaWidget(Game.from_json(game.to_json()))
    for k in range(len(game.history) + 1):
        w.show_turn(k)
        assert w.state["turn"] == past(game, k).turn and w.state["view"]["turns"] == len(game.history)
    assert w.game.to_json() == game.to_json()


# -- the review ----------------------------------------------------------------------------------
def test_review_waits_for_the_end_of_the_game_on_the_page():
    w = bots_game()
    assert not w.state["can"]["review"]
    intent(w, "review")
    assert w.last_error == "the Review opens once the game is over (widget.review() works any time)"
    assert w.review_panel == {}


def test_the_review_panel_lists_the_largest_losses_first(reviewed):
    w, frame = reviewed
    panel = w.review_panel
    rows = panel["rows"]
    assert panel["status"] == "ready" and panel["unit"] == "tokens" and panel["total"] == len(w.game.history)
    assert len(rows) == len(w.game.history)
    assert [r["loss"] for r in rows] == sorted((r["loss"] for r in rows), reverse=True)
    for row in rows:
        expected = frame.iloc[row["index"]]
        assert (row["turn"], row["player"], row["loss"], row["comment"]) == (
            expected["turn"],
            expected["player"],
            expected["loss"],
            expected["comment"],
        )
        assert row["name"] == w.game.players[row["player"]].name
    assert w.state["can"]["review"]
    json.dumps(panel, allow_nan=False)


def test_the_review_is_worked_out_once_and_shows_its_progress(monkeypatch):
    w = NovaLunaWidget(played_out(Game(2, seed=5), 400))
    seen: list[dict[str, Any]] = []
    w.observe(lambda change: seen.append(change["new"]), "review_panel")
    calls = []
    monkeypatch.setattr(coach, "reviewing", lambda game, **kw: (calls.append(1), quick_review(game, **kw))[1])
    intent(w, "review")
    assert w.review_done(timeout=120)  # worked out in a thread of its own
    n = len(w.game.history)
    assert w.last_error is None and len(calls) == 1
    assert [s["done"] for s in seen if s["status"] == "working"] == list(range(n + 1))
    assert seen[-1]["status"] == "ready" and len(seen[-1]["rows"]) == n
    frame = w.review(progress=False)  # the same history: not worked out again
    assert len(calls) == 1 and list(frame.columns) == coach.REVIEW_COLUMNS and len(frame) == n
    w.undo()  # another history: the review is gone
    assert w.review_panel == {}


def test_opening_a_review_row_shows_that_position_with_both_moves(reviewed):
    w, frame = reviewed
    row = w.review_panel["rows"][0]
    k = row["index"]
    intent(w, "open", row=k)
    view = w.state["view"]
    assert w.last_error is None and view["turn"] == k and not view["now"]
    compared = view["compare"]
    played, suggested = w.game.history[k], frame.iloc[k]["suggested"]
    before = past(w.game, k)
    assert compared["row"] == k and compared["player"] == before.current_player == row["player"]
    for key, action in (("played", played), ("suggested", suggested)):
        mark = compared[key]
        after = before.copy()
        after.play(action)
        if isinstance(action, Move):
            assert (mark["space"], mark["cell"]) == (action.space, action.cell)
            assert mark["tile"] == before.wheel[action.space].id
        assert compared[f"{key}_area"]["tiles"] == [
            (t.id, x, y) for (x, y), t in after.players[row["player"]].board.tiles.items()
        ]
    intent(w, "open", row=None)
    assert w.state["view"]["now"] and w.state["view"]["compare"] is None
    w.open_review(k)  # the same from Python
    assert w.state["view"]["compare"] == compared
    w.open_review(None)
    assert w.shown_turn is None


def test_review_rows_that_do_not_exist_are_refused(reviewed):
    w, _ = reviewed
    n = len(w.game.history)
    intent(w, "open", row=n)
    assert w.last_error == f"the review has no action {n}: actions run from 0 to {n - 1}"
    w = NovaLunaWidget(played_out(Game(2, seed=9), 200))
    intent(w, "open", row=0)
    assert w.last_error == "there is no review to open yet: press Review once the game is over"


# -- the guided first game -----------------------------------------------------------------------
def test_the_guided_game_is_played_through_by_the_clicks_each_step_asks():
    w = NovaLunaWidget.tutorial()
    guide = w.guide
    assert isinstance(guide, Guide) and w.game is guide.game and w.bots == {}
    steps_seen = []
    while not guide.done:
        shown = w.state["tutorial"]
        steps_seen.append(shown["number"])
        assert shown["progress"] == f"step {shown['number']} of {guide.total}"
        intent(w, **shown["expects"])
        assert w.last_error is None and w.state["tutorial"]["refused"] is None
        if shown["expects"]["action"] == "select":
            assert w.selected == shown["expects"]["space"]
    assert sorted(set(steps_seen)) == list(range(1, guide.total + 1))
    assert w.game.is_over and w.state["tutorial"]["done"]
    intent(w, "next")
    assert w.state["tutorial"]["refused"] == "The guided game is over: start a new game to play on."


def test_the_guide_refuses_other_clicks_with_a_sentence_and_changes_nothing():
    w = NovaLunaWidget.tutorial()
    assert not any(w.state["can"][k] for k in ("undo", "redo", "bot", "hint", "review"))
    before, version = w.game.to_json(), w.version
    for action, fields in [
        ("undo", {}),
        ("hint", {}),
        ("show", {"turn": 0}),
        ("bot", {}),
        ("review", {}),
        ("select", {"space": 11}),
    ]:
        intent(w, action, **fields)
        refused = w.state["tutorial"]["refused"]
        assert refused and w.last_error is None, action
        assert w.game.to_json() == before and w.version == version and w.state["tutorial"]["number"] == 1
    assert w.state["tutorial"]["refused"] == "This step only explains: read it, then press Next."
    intent(w, "show", turn=0)
    assert w.state["tutorial"]["refused"] == TUTORIAL_ONLY.in_language("en")
    intent(w, "next")
    assert w.state["tutorial"]["refused"] is None and w.state["tutorial"]["number"] == 2


def test_python_follows_the_guide_too():
    w = NovaLunaWidget.tutorial()
    with pytest.raises(IllegalMove, match="only explains"):
        w.play(Move(4, (0, 0)))
    for call in (
        w.undo,
        w.redo,
        w.bot_move,
        w.hint,
        lambda: w.review(progress=False),
        lambda: w.show_turn(0),
        lambda: w.open_review(0),
    ):
        with pytest.raises(IllegalMove, match="follow the steps"):
            call()
    while not w.guide.done:
        click = w.guide.click
        if click.action == "next":
            w.next_step()
        elif click.action == "select":  # a move is two clicks (of one step or of two): play does both
            clicks = [c for step in w.guide.steps for c in step.clicks]
            placed = clicks[clicks.index(click) + 1]
            turns = w.game.turn
            covered = w.play(Move(click.space, placed.cell))
            assert w.game.turn > turns and Move(click.space, placed.cell) in w.game.history
            assert covered <= w.game.players[0].covered
        else:
            w.play(click.action)
    assert w.game.is_over
    with pytest.raises(IllegalMove, match="guided game"):
        NovaLunaWidget().next_step()


def test_new_game_leaves_the_guide_for_a_game_against_the_greedy_bot():
    w = NovaLunaWidget.tutorial()
    intent(w, "new")
    assert w.last_error is None and w.guide is None and w.state["mode"] == "playing"
    assert [p.name for p in w.game.players] == ["You", "Luna"] and w.bots == {1: "greedy"}
    assert w.state["can"]["hint"]
