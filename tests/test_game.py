"""The rules of a 2–4 player game, one test per rule of RULES.md."""

from typing import Any

import pytest

from novaluna_widget import Game, IllegalMove, Move
from novaluna_widget import _wheel as wheel_rules

from .positions import build
from .untyped import as_passed


def state(game: Game) -> str:
    """Everything observable, to check that a refused action changed nothing."""
    return game.to_json()


# -- setup -------------------------------------------------------------------------------------
def test_setup_deals_11_tiles_and_leaves_the_new_moon_space_empty():
    g = Game(3, seed=4)
    assert g.wheel[0] is None and g.marker == 0
    assert sum(t is not None for t in g.wheel) == 11 and len(g.draw_pile) == 57
    assert {p.tokens for p in g.players} == {20} and {p.time for p in g.players} == {0}


def test_start_stack_first_drawn_at_bottom_top_moves_first():
    g = Game(4, seed=11)
    setup = g.log[0]
    stack = setup.data["stack"]  # draw order: first drawn lies at the bottom
    assert sorted(stack) == [0, 1, 2, 3]
    assert g.current_player == stack[-1]
    assert g.turn_order() == list(reversed(stack))
    assert "turn order from the top of the start stack" in setup.text


def test_same_seed_same_game_and_seeds_differ():
    def line(seed):
        g = Game(3, seed=seed)
        out: list[Move] = []
        while not g.is_over and len(out) < 30:
            m = g.legal_moves()[len(out) % len(g.legal_moves())]
            g.play(m)
            out.append(m)
        return [t.id if t else None for t in g.wheel], out, g.to_json()

    assert line(5) == line(5)
    assert line(5) != line(6)


@pytest.mark.parametrize(
    ("players", "beginner", "tokens"),
    [(2, False, 20), (3, False, 20), (4, False, 20), (2, True, 20), (3, True, 17), (4, True, 15)],
)
def test_token_supply_and_beginner_variant(players, beginner, tokens):
    # 21 tokens, one marks the moon track; beginners take 18 (3 players) or 16 (4 players).
    assert {p.tokens for p in Game(players, seed=1, beginner=beginner).players} == {tokens}


def test_players_by_names_and_bad_player_counts():
    assert [p.name for p in Game(["Ada", "Bo"], seed=1).players] == ["Ada", "Bo"]
    for bad in (1, 5, ["Solo"], ["A", "A"]):
        with pytest.raises(ValueError, match=r"2–4 players|distinct"):
            Game(bad, seed=1)
    with pytest.raises(TypeError):
        Game("two", seed=1)


# -- taking a tile -----------------------------------------------------------------------------
def test_next_three_clockwise_skip_empty_spaces():
    g = build({2: "R04", 3: "R05", 5: "B05", 7: "T05", 11: "Y05"}, marker=1)
    assert g.choices() == [2, 3, 5]
    assert wheel_rules.next_spaces(g.wheel, 10) == (11, 2, 3)  # wraps past the new moon


def test_taking_moves_the_marker_and_illegal_space_names_the_choices():
    g = build({2: "R04", 3: "R05", 5: "B05", 7: "T05"}, marker=1)
    before = state(g)
    with pytest.raises(IllegalMove, match="wheel space 7 is not among the next three tiles: 2, 3, 5"):
        g.take(7, (0, 0))
    assert state(g) == before
    g.take(5, (0, 0))
    assert g.marker == 5 and g.wheel[5] is None and g.choices() == [7, 2, 3]


def test_tile_goes_to_the_area_and_moves_the_marker_by_its_cost():
    g = build({1: "B05", 2: "R17"}, players=[{"arrival": 1}, {"arrival": 0}])
    assert g.current_player == 0
    g.take(2, (0, 0))
    assert g.players[0].time == 7 and g.players[0].board[(0, 0)].id == "R17"


def test_illegal_cell_and_wrong_shapes_change_nothing():
    g = build({1: "B05", 2: "R04", 3: "T04"}, players=[{"board": "R17@0,0", "arrival": 1}, {"arrival": 0}])
    before = state(g)
    for bad in [
        Move(1, (7, 7)),
        Move(1, (0, 0)),
        (1,),
        "pass",
        Move(as_passed(True), (1, 0)),
        Move(as_passed(1.0), (1, 0)),
        Move(1, as_passed("1,0")),
        None,
    ]:
        with pytest.raises(IllegalMove):
            g.play(as_passed(bad))
    assert state(g) == before


# -- the moon track ----------------------------------------------------------------------------
def test_rearmost_moves_and_may_take_several_turns_in_a_row():
    g = build(
        {1: "R01", 2: "B01", 3: "T01", 4: "Y01"},
        players=[{"board": "R17@0,0", "time": 7}, {"board": "B17@0,0", "time": 0}],
    )
    assert g.current_player == 1
    g.take(1, (1, 0))
    assert g.current_player == 1  # still behind (1 < 7)
    g.take(2, (2, 0))
    assert g.current_player == 1


def test_landing_on_an_occupied_space_stacks_on_top_and_the_top_moves_first():
    g = build(
        {1: "R04", 2: "B04", 3: "T04", 4: "Y04"},
        players=[
            {"board": "R17@0,0", "time": 3, "arrival": 0},
            {"board": "B17@0,0", "time": 0, "arrival": 1},
        ],
    )
    assert g.current_player == 1
    g.take(1, (1, 0))  # cost 3: lands on player 0's space
    assert g.players[1].time == g.players[0].time == 3
    assert g.log[-2 if g.log[-1].kind == "cover" else -1].kind in {"place", "cover"}
    move = next(e for e in reversed(g.log) if e.kind == "move")
    assert move.data["on_top_of"] == [0] and "on top of Player 1" in move.text
    assert g.current_player == 1  # on top of the stack


def test_markers_wrap_past_the_new_moon_and_keep_their_order():
    g = build(
        {1: "R07", 2: "B04"},
        players=[
            {"board": "R17@0,0", "time": 22, "arrival": 0},
            {"board": "B17@0,0", "time": 23, "arrival": 1},
        ],
    )
    g.take(1, (1, 0))
    assert g.players[0].time == 25 and g.players[0].space == 1
    assert g.current_player == 1  # time 23 (space 23) is behind time 25 (space 1)


# -- refill ------------------------------------------------------------------------------------
def test_refill_is_optional_with_one_or_two_tiles_and_refused_with_three():
    g = build({4: "R04", 5: "R05", 6: "R06"}, marker=3)
    assert not g.can_refill
    with pytest.raises(IllegalMove, match=r"wheel holds 3 tiles.*only when 1 or 2"):
        g.refill()
    g = build({4: "R04", 6: "R06"}, marker=3, pile=["B01", "B02"])
    assert g.can_refill


def test_refill_starts_nearest_the_marker_clockwise_and_skips_the_marker_space():
    g = build(
        {4: "R04", 6: "R06"}, marker=3, pile=["B01", "B02", "B03", "B04", "B05", "B06", "B07", "B08", "B09"]
    )
    g.refill()
    filled = {s: t.id for s, t in enumerate(g.wheel) if t}
    assert filled == {
        5: "B01",
        7: "B02",
        8: "B03",
        9: "B04",
        10: "B05",
        11: "B06",
        0: "B07",
        1: "B08",
        2: "B09",
        4: "R04",
        6: "R06",
    }
    assert g.wheel[3] is None
    assert g.log[-1].kind == "refill" and not g.log[-1].data["mandatory"]
    assert g.history[-1] == "refill"


def test_refill_stops_when_the_pile_runs_out_and_no_refill_without_a_pile():
    g = build({4: "R04"}, marker=3, pile=["B01", "B02"], fill_pile=False)
    g.refill()
    assert [s for s, t in enumerate(g.wheel) if t] == [4, 5, 6] and not g.draw_pile
    g = build({4: "R04"}, marker=3, fill_pile=False)
    assert not g.can_refill
    with pytest.raises(IllegalMove, match="draw pile is empty"):
        g.refill()


def test_an_empty_wheel_is_refilled_by_itself_at_the_start_of_the_next_turn():
    g = build({4: "R04"}, marker=3)
    g.take(4, (0, 0))
    assert g.tiles_on_wheel() == 11 and g.wheel[4] is None and g.wheel[5] is not None
    refill = g.log[-1]
    assert refill.kind == "refill" and refill.data["mandatory"] and "must refill" in refill.text


# -- tasks and tokens --------------------------------------------------------------------------
def test_fulfilled_tasks_get_tokens_and_stay_covered():
    g = build({1: "B04", 2: "R01"}, players=[{"board": "Y11@0,0 B01@1,0", "arrival": 1}, {"arrival": 0}])
    covered = g.take(1, (2, 0))
    assert covered == {(0, 0, 2)} and g.players[0].tokens == 19 and g.players[0].covered == {(0, 0, 2)}
    assert g.log[-1].kind == "cover" and "2 blue on Y11" in g.log[-1].text


def test_placing_the_last_token_ends_the_game_at_once():
    g = build(
        {1: "B04", 2: "R01"},
        players=[
            {"board": "Y11@0,0 B01@1,0", "tokens": 1, "supply": 1, "arrival": 1},
            {"board": "R17@0,0", "arrival": 0},
        ],
    )
    assert g.current_player == 0
    g.take(1, (2, 0))
    assert g.is_over and g.winner == 0 and g.end_reason == "last token"
    assert g.legal_moves() == [] and g.choices() == []
    with pytest.raises(IllegalMove, match="game is over"):
        g.take(2, (0, 1))
    assert g.log[-1].kind == "end" and "placed their last token" in g.log[-1].text


def test_more_fulfilled_tasks_than_tokens_left_covers_what_it_can_and_wins():
    g = build(
        {1: "R13"},
        players=[
            {"board": "B01@0,0 Y01@1,0 B04@0,1", "tokens": 1, "supply": 1, "arrival": 1},
            {"arrival": 0},
        ],
    )
    covered = g.take(1, (1, 1))  # R13 fulfils two tasks, one token left
    assert len(covered) == 1 and g.players[0].tokens == 0 and g.winner == 0


def test_game_ends_when_no_tile_can_be_taken_fewest_tokens_wins():
    g = build(
        {1: "R01"},
        fill_pile=False,
        players=[
            {"board": "R17@0,0", "tokens": 5, "supply": 5, "time": 7, "arrival": 0},
            {"board": "B17@0,0", "tokens": 3, "supply": 3, "time": 0, "arrival": 1},
        ],
    )
    g.take(1, (1, 0))
    assert g.is_over and g.end_reason == "no tile" and g.winner == 1 and g.ranking() == [1, 0]


def test_ranking_ties_go_to_whoever_would_have_moved_earlier():
    g = build(
        {1: "R01"},
        fill_pile=False,
        players=[
            {"board": "R17@0,0", "tokens": 4, "supply": 4, "time": 7, "arrival": 0},
            {"board": "B17@0,0", "tokens": 4, "supply": 4, "time": 5, "arrival": 1},
            {"board": "T17@0,0", "tokens": 4, "supply": 4, "time": 0, "arrival": 2},
        ],
    )
    g.take(1, (1, 0))  # player 3 moves to time 1; still rearmost
    assert g.is_over and g.ranking() == [2, 1, 0]
    # equal time: the marker on top would have moved first
    h = build(
        {1: "R01"},
        fill_pile=False,
        players=[
            {"board": "R17@0,0", "tokens": 4, "supply": 4, "time": 3, "arrival": 5},
            {"board": "B17@0,0", "tokens": 4, "supply": 4, "time": 3, "arrival": 1},
            {"board": "T17@0,0", "tokens": 4, "supply": 4, "time": 0, "arrival": 2},
        ],
    )
    h.take(1, (1, 0))
    assert h.ranking() == [2, 0, 1]


# -- undo, redo, copy, log ----------------------------------------------------------------------
def position(game: Game) -> dict[str, Any]:
    found: dict[str, Any] = game.snapshot()["position"]
    return found


def test_undo_and_redo_return_identical_states():
    g = Game(3, seed=9)
    positions = [position(g)]
    for _ in range(6):
        g.play(g.legal_moves()[-1])
        positions.append(position(g))
    for k in range(6, 0, -1):
        g.undo()
        assert position(g) == positions[k - 1]
    assert g.turn == 0 and g.can_redo and not g.can_undo
    for k in range(1, 7):
        g.redo()
        assert position(g) == positions[k]
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()


def test_undo_takes_back_a_refill_and_a_new_move_clears_redo():
    g = build({4: "R04", 6: "R06"}, marker=3)
    before = position(g)
    g.refill()
    assert g.undo() == "refill" and position(g) == before
    g.redo()
    g.undo()
    g.take(4, (0, 0))
    assert not g.can_redo
    with pytest.raises(IllegalMove, match="nothing to undo"):
        Game(2, seed=1).undo()


def test_copy_is_independent_and_equal():
    g = Game(2, seed=2)
    g.play(g.legal_moves()[0])
    c = g.copy()
    assert c.to_json() == g.to_json()
    c.play(c.legal_moves()[0])
    assert c.turn == 2 and g.turn == 1 and len(g.players[g.current_player].board) <= 1


def test_a_copy_and_its_original_play_on_apart():
    """A copy shares its areas with the game until one of them places; then each holds its own: the
    original played on after a copy leaves the copy (and what was read from it) as it was."""
    g = Game(3, seed=4)
    for _ in range(12):
        g.play(g.legal_moves()[len(g.history) * 7 % len(g.legal_moves())])
    c = g.copy()
    saved, areas = c.to_json(), [dict(p.board.tiles) for p in c.players]
    seat, held = g.current_player, g.players[g.current_player]
    g.play(g.legal_moves()[-1])
    assert held.board is g.players[seat].board and len(held.board) == len(areas[seat]) + 1  # still live
    assert c.to_json() == saved and [dict(p.board.tiles) for p in c.players] == areas
    c.play(c.legal_moves()[0])
    assert g.players[seat].board != c.players[seat].board
    for game in (g, c):
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_log_in_data_and_words():
    g = Game(["Ada", "Bo"], seed=1)
    p = g.current_player
    m = g.legal_moves()[0]
    t = g.wheel[m.space]
    assert t is not None
    g.play(m)
    kinds = [e.kind for e in g.log]
    assert kinds[:4] == ["setup", "take", "move", "place"]
    take = g.log[1]
    assert take.player == p and take.data == {"space": m.space, "tile": t.id}
    assert take.text == f"{g.players[p].name} takes {t} from wheel space {m.space}."


def test_text_view_and_repr():
    g = Game(2, seed=1)
    assert repr(g) == f"<Game 2 players, seed 1, turn 0, {g.players[g.current_player].name} to move>"
    text = str(g)
    assert "Moon wheel (marker at wheel space 0; draw pile 57)" in text and "Moon track" in text
    assert text.count("\n  > ") == 3  # three takeable spaces marked


def test_numpy_style_integers_are_accepted_and_stored_as_ints():
    class Index:  # what numpy integers offer: __index__, not int
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    g = build({1: "B05", 2: "R04"}, players=[{"board": "R17@0,0", "arrival": 1}, {"arrival": 0}])
    g.play(as_passed((Index(1), (Index(1), Index(0)))))
    assert g.history[-1] == Move(1, (1, 0)) and type(g.history[-1].space) is int
    assert Game.from_json(g.to_json()).history == g.history  # plain ints, so the save is valid JSON


def test_copy_with_a_shuffled_pile_keeps_everything_else():
    import random

    g = Game(2, seed=4)
    c = g.copy(shuffle_pile=random.Random(1))
    assert sorted(t.id for t in c.draw_pile) == sorted(t.id for t in g.draw_pile)
    assert c.draw_pile != g.draw_pile and c.wheel == g.wheel and c.history == g.history


def test_legal_moves_is_a_sequence_of_every_space_with_every_cell():
    g = build({1: "B05", 2: "R04", 3: "T04"}, players=[{"board": "R17@0,0", "arrival": 1}, {"arrival": 0}])
    moves = g.legal_moves()
    cells = [(-1, 0), (0, -1), (0, 1), (1, 0)]
    expected = [Move(s, c) for s in (1, 2, 3) for c in cells]
    assert len(moves) == 12 and list(moves) == expected and moves == expected
    assert moves[0] == expected[0] and moves[-1] == expected[-1] and moves[::5] == expected[::5]
    assert Move(2, (0, 1)) in moves and Move(4, (0, 1)) not in moves and (2, (5, 5)) not in moves
    with pytest.raises(IndexError):
        moves[12]
    assert repr(moves).startswith("Moves([Move(space=1, cell=(-1, 0))")
    g.play(moves[5])
    assert g.history[-1] == expected[5]


def test_recent_log_is_the_tail_of_the_log_and_turns_in_a_row_counts_the_run():
    g = build(
        {1: "R01", 2: "B01", 3: "T01", 4: "Y01"},
        players=[{"board": "R17@0,0", "time": 7}, {"board": "B17@0,0", "time": 0}],
    )
    assert g.turns_in_a_row == 1
    g.take(1, (1, 0))
    g.take(2, (2, 0))  # player 1 is still behind: a third turn in a row comes
    assert g.current_player == 1 and g.turns_in_a_row == 3
    assert g.log_length == len(g.log) and [e.text for e in g.recent_log(4)] == [e.text for e in g.log[-4:]]
    assert g.recent_log(0) == [] and len(g.recent_log(g.log_length + 5)) == g.log_length


def test_a_game_of_2_to_4_says_its_kind():
    game = Game(3, seed=1)
    assert (game.is_solo, game.has_moon_track, game.score_unit) == (False, True, "tokens")
    assert (game.token_worth, game.phase_one_tokens) == (1, 0)
    # The facts agree with what the game gives: a moon track, no score sheet.
    assert sorted(p for stack in (game.moon_track() or {}).values() for p in stack) == [0, 1, 2]
    assert game.score_sheet() is None
