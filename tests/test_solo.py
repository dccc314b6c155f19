"""The solo game: phase 1 without refills, its end, phase 2, and the score."""

from typing import Any

import pytest

from novaluna_widget import Game, IllegalMove, SoloGame

from .positions import build

SEVEN = "R17@0,0 Y13@0,-1 T17@0,-2 B17@1,0 B12@1,1 T16@1,-1 T01@2,1"  # 7 tiles, cost 38, 6 tasks fulfilled


def phase_one(
    wheel: dict[int, str], board: str = SEVEN, placed: int = 6, solo: dict[str, Any] | None = None, **kw
) -> SoloGame:
    solo = {"placed_in_phase_one": placed, **(solo or {})}
    game = build(wheel, players=[{"board": board, "name": "Solo"}], solo=solo, **kw)
    assert isinstance(game, SoloGame)
    return game


def test_setup_two_stacks_and_no_moon_track():
    g = SoloGame(seed=3)
    assert (g.phase, g.small_stack, g.large_stack, g.players[0].tokens) == (1, 8, 13, 21)
    assert g.tiles_on_wheel() == 11 and g.wheel[0] is None and len(g.draw_pile) == 57
    assert repr(g) == "<SoloGame seed 3, turn 0, phase 1>"
    with pytest.raises(ValueError):
        Game(1)


def test_no_refill_in_phase_one_even_with_two_tiles_left():
    g = phase_one({1: "R08", 2: "B05"})
    assert not g.can_refill
    with pytest.raises(IllegalMove, match="no refill"):
        g.refill()


def test_phase_one_ends_only_once_eight_tokens_are_placed():
    g = phase_one({1: "R08", 2: "B05", 3: "Y05"})
    with pytest.raises(IllegalMove, match="2 still to place"):
        g.end_phase_one()
    assert g.take(1, (1, -2)) == {(1, -1, 2), (0, -2, 1)}
    assert g.small_stack == 0 and g.large_stack == 13 and g.can_end_phase_one
    g.take(2, (-1, 0))  # phase 1 may go on after the 8th token
    assert g.phase == 1
    g.end_phase_one()
    assert g.phase == 2 and g.score.phase_one_record == 38 + 4 + 3
    # every empty space but the marker's is refilled; the untaken Y05 stays where it was
    untaken = g.wheel[3]
    assert (
        untaken is not None and untaken.id == "Y05" and g.wheel[g.marker] is None and g.tiles_on_wheel() == 11
    )
    assert [e.kind for e in g.log[-2:]] == ["phase", "refill"]
    assert g.history[-1] == "end_phase_one"


def test_tokens_placed_in_phase_one_after_the_eighth_come_from_the_thirteen():
    g = phase_one({1: "T15", 2: "B05"}, board=SEVEN + " R08@1,-2", placed=8)
    assert (g.small_stack, g.large_stack) == (0, 13)
    g.take(1, (-1, 0))  # two more tasks, both from the 13
    assert (g.small_stack, g.large_stack, g.players[0].tokens, g.phase) == (0, 11, 11, 1)


def test_taking_the_last_starting_tile_ends_phase_one_with_penalties():
    g = phase_one({5: "Y02"})
    g.take(5, (-1, 0))
    assert g.phase == 2 and g.tiles_on_wheel() == 11
    s = g.score
    assert (s.phase_one_tiles, s.phase_one_missing, s.phase_one_record) == (40, 2, 60)


def test_phase_two_uses_the_normal_refill_rule_and_final_score():
    g = phase_one({1: "R01"}, fill_pile=False, pile=["Y01"], solo={"phase": 2, "phase_one": [38, 2]})
    assert g.can_refill  # one tile, a draw pile: optional in phase 2
    area = sum(t.cost for t in g.players[0].board.tiles.values())  # the other 59 tiles are in it too
    g.take(1, (-1, 0))  # wheel empty: the last pile tile comes by mandatory refill
    assert g.tiles_on_wheel() == 1
    g.take(g.choices()[0], (0, 1))
    assert g.is_over and g.end_reason == "no tile"
    s = g.score
    assert s.final and s.final_tiles == area + 1 + 1 and s.final_missing == g.players[0].tokens
    assert s.total == s.phase_one_record + s.final_record == (38 + 20) + (area + 2 + 10 * g.players[0].tokens)
    assert g.log[-1].kind == "score" and f"= {s.total}" in g.log[-1].text


def test_running_score_while_phase_one_runs():
    g = SoloGame(seed=1)
    s = g.score
    assert (s.phase_one_record, s.final_record, s.final) == (80, 210, False)


def test_undo_end_phase_one_and_save_roundtrip():
    g = phase_one({1: "R08", 2: "B05", 3: "Y05"})
    g.take(1, (1, -2))
    before = g.snapshot()["position"]
    g.end_phase_one()
    assert g.undo() == "end_phase_one" and g.snapshot()["position"] == before and g.phase == 1
    g.redo()
    h = SoloGame.from_json(g.to_json())
    assert h.snapshot()["position"] == g.snapshot()["position"] and h.phase == 2 and h.history == g.history


def test_a_whole_seeded_solo_game_ends_with_a_score():
    g = SoloGame(seed=5)
    while not g.is_over:
        if g.can_end_phase_one and g.tiles_on_wheel() <= 8:
            g.end_phase_one()
        g.play(g.legal_moves()[0])
    assert g.phase == 2 and g.score.final and g.score.total == g.score.phase_one_record + g.score.final_record


def test_the_solo_game_says_its_kind():
    solo = SoloGame(seed=1)
    assert (solo.is_solo, solo.has_moon_track, solo.score_unit) == (True, False, "points")
    # A token not placed adds 10 points to a record; phase 1 races to place the small stack of 8.
    assert (solo.token_worth, solo.phase_one_tokens) == (10, 8)
    assert solo.moon_track() is None and solo.score_sheet() is not None  # the public API as before
    assert solo.small_stack == solo.phase_one_tokens  # nothing placed yet
    assert Game.from_json(solo.to_json()).is_solo  # a kind survives its save
