"""Hostile input: damaged save files, odd cells and bad calls are refused with one documented error and
a short message that names what is wrong, and the game is left exactly as it was.

The fuzz tests below try a few hundred cases per run (``HYPOTHESIS_PROFILE=slow`` for thousands);
``bench/hostile.py`` runs the large campaign and counts the outcomes.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from novaluna_widget import Board, Game, IllegalMove, SaveError, SoloGame, tile
from novaluna_widget.errors import PositionError
from novaluna_widget.scenario import ScenarioError, position

from .hostile import ODD_CELL_PARTS, damage, saves

SAVES = saves()
#: How long a refusal may be: it names the field and quotes at most ~100 characters of a bad value.
SHORT = 400


def edited(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def refused(text: str | bytes, match: str = "") -> SaveError:
    with pytest.raises(SaveError, match=match) as caught:
        Game.from_json(text)
    assert len(str(caught.value)) <= SHORT, str(caught.value)[:SHORT]
    return caught.value


# -- save files --------------------------------------------------------------------------------
@given(st.sampled_from(SAVES), st.randoms(use_true_random=False))
def test_damaged_saves_load_whole_or_are_refused_with_a_short_save_error(text, rng):
    damaged = damage(text, rng)
    try:
        game = Game.from_json(damaged)
    except SaveError as err:
        assert len(str(err)) <= SHORT, str(err)[:SHORT]
        return
    assert Game.from_json(game.to_json()).to_json() == game.to_json()  # what loads is a whole game


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"format": "novaluna_widget.save", "version": ' + "9" * 5000 + "}", "does not parse"),
        (b"\xff\xfe", "does not parse"),
    ],
)
def test_text_that_is_no_json_is_refused(text, match):
    refused(text, match)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(kind=[]), "unknown kind"),
        (lambda d: d.update(version=True), "save version True is not supported"),
        (lambda d: d.update(beginner="false"), "beginner must be true or false"),
        (lambda d: d["start"]["players"][0].update(name="x" * 5_000_000), "does not match its history"),
        (lambda d: d.update(seed=d["seed"] + 1), "not the deal its seed makes"),
        (lambda d: d.update(seed=-1), "seed must be a whole number from 0"),
        (lambda d: d["start"]["players"][0].update(supply=1, tokens=1), "not the deal"),
        (lambda d: d["start"]["events"].append(["end", "no tile", 0, [0, 1, 2]]), "not the deal"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d["start"].update(extra=1), "start has an unknown field 'extra'"),
    ],
)
def test_impossible_games_are_refused(change, match):
    refused(edited(SAVES[0], change), match)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda s: s["players"][1].update(name=s["players"][0]["name"]), "two players are named 'Ada'"),
        (lambda s: s["players"][0].update(supply=25, tokens=24), r"supply must be 1–20 tokens, not 25"),
        (lambda s: s["players"][1].update(supply=0), r"supply must be 1–20 tokens, not 0"),
        (lambda s: [p.update(tokens=0, supply=len(p["covered"])) for p in s["players"]], "two players have"),
        (lambda s: s["players"][0]["covered"].append(s["players"][0]["covered"][0]), "names a task twice"),
        (lambda s: s["players"][0].update(covered=[[0, 0, 0]], tokens=19), "not fulfilled there"),
    ],
)
def test_impossible_set_up_positions_are_refused(change, match):
    # A set-up position (scenario.position) has no deal to compare with: its own checks must hold.
    lesson = position({"Ada": "Y11@0,0 B01@-1,0 B04@1,0 R17@0,1", "Bo": "R13@0,0 Y01@1,0"}, times=[12, 10])
    assert lesson.players[0].covered and lesson.players[1].covered
    refused(edited(lesson.to_json(), lambda d: (d.pop("position"), change(d["start"]))), match)


def test_a_finished_set_up_position_opens_with_its_end_in_the_log():
    game = position(["Y11@0,0 B01@-1,0 B04@1,0", "R17@0,0"], tokens=[0, 20])
    assert game.is_over and game.winner == 0 and game.log[-1].kind == "end"
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_built_position_with_a_bare_wheel_refills_it_at_the_start_of_the_turn():
    game = position(["Y11@0,0 B01@1,0", "R17@0,0"], wheel="M - - - - - - - - - - -")
    assert game.tiles_on_wheel() == 11 and len(game.choices()) == 3 and not game.is_over
    assert game.log[-1].kind == "refill" and game.log[-1].data["mandatory"]
    bare = position(
        ["Y11@0,0 B01@1,0", "R17@0,0"],
        wheel="M - - - - - - - - - - -",
        draw_pile=[t.id for t in Game(2, seed=0).draw_pile][:0],
    )
    assert bare.tiles_on_wheel() == 11  # the unnamed tiles are the draw pile, so it refills too


# -- constructors whose games must save --------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "error", "match"),
    [
        (lambda: SoloGame(name=""), ValueError, "non-blank"),
        (lambda: SoloGame(name="  "), ValueError, "non-blank"),
        (lambda: Game(seed=10**5000), ValueError, "from 0 to 2\\*\\*64 - 1"),
        (lambda: Game(seed=-5), ValueError, "from 0 to 2\\*\\*64 - 1"),
        (lambda: Game(seed=2**64), ValueError, "from 0 to 2\\*\\*64 - 1"),
        (lambda: Game(seed=1.5), TypeError, "whole number"),
        (lambda: position(["R01@0,0", "B01@0,0"], seed="x"), ScenarioError, "whole number"),
    ],
)
def test_constructors_refuse_what_they_could_not_save(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_numpy_seeds_deal_the_same_game_and_save():
    game = Game(2, seed=np.int64(7))
    assert type(game.seed) is int and game.to_json() == Game(2, seed=7).to_json()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


# -- cells ---------------------------------------------------------------------------------------
ODD = st.one_of(
    st.sampled_from(ODD_CELL_PARTS),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.fractions(),
    st.decimals(),
    st.text(max_size=3),
    st.none(),
    st.lists(st.integers(), max_size=2),
)


@given(st.one_of(st.tuples(ODD, ODD), st.lists(ODD, max_size=3), ODD))
def test_odd_cells_are_refused_and_change_nothing(cell):
    game = Game(2, seed=1)
    game.play(game.legal_moves()[0])
    before, board = game.to_json(), game.players[game.current_player].board
    try:
        game.take(game.choices()[0], cell)
    except IllegalMove:
        assert game.to_json() == before
        for ask in (
            lambda: board.explain(cell, 0),
            lambda: board.count(cell, "red"),
            lambda: board.chain(cell, "red"),
            lambda: board.would_fulfil(tile("B17"), cell),
        ):
            with pytest.raises(IllegalMove):
                ask()
        assert board.is_legal(cell) is False
    else:  # only a pair of whole numbers is a cell, and it is stored as ints
        placed = list(game.players[game.log[-1].player or 0].board.tiles)[-1]
        assert all(type(v) is int for v in placed)
        json.loads(game.to_json())


@pytest.mark.parametrize("cell", [(1.0, 0), (True, 0), (Fraction(1), 0), (Decimal(1), 0), (0.5, 0)])
def test_number_like_cells_never_reach_another_game(cell):
    game = Game(2, seed=1)
    game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove, match="a cell is a pair of whole numbers"):
        game.take(game.choices()[0], cell)
    other = Game(2, seed=2)
    for _ in range(6):
        assert all(type(v) is int for move in other.legal_moves() for v in move.cell)
        other.play(other.legal_moves()[-1])


def test_numpy_cells_are_stored_as_ints_and_save():
    game = Game(2, seed=1)
    game.take(np.int64(game.choices()[0]), (np.int64(0), np.int32(0)))
    assert all(type(v) is int for v in game.history[0].cell) and type(game.history[0].space) is int
    assert Game.from_json(game.to_json()).history == game.history


# -- unhelpful errors ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ask", "error", "match"),
    [
        (lambda b: b.explain(None, 0), IllegalMove, "a cell is a pair of whole numbers"),
        (lambda b: b.explain("x", 0), IllegalMove, "a cell is a pair of whole numbers"),
        (lambda b: b.explain([9, 9], 0), IllegalMove, r"no tile at \(9, 9\); tiles are at \(0, 0\)"),
        (lambda b: b.explain([0, 0], 5), IllegalMove, "has 1 task.*task_index must be 0 to 0, not 5"),
        (lambda b: b.explain([0, 0], "a"), IllegalMove, "task_index must be 0 to 0, not 'a'"),
        (lambda b: b.count((99, 99), "red"), IllegalMove, r"no tile at \(99, 99\)"),
        (lambda b: b.count((0, 0), "pink"), IllegalMove, "unknown colour 'pink'; colours are red"),
        (lambda b: b.chain((0, 0), 3), IllegalMove, "unknown colour 3"),
    ],
)
def test_board_questions_with_bad_arguments_say_what_is_allowed(ask, error, match):
    b = Board([(tile("R04"), (0, 0))])
    with pytest.raises(error, match=match):
        ask(b)


def test_explain_takes_a_list_cell_as_json_gives_it():
    b = Board([(tile("R04"), (0, 0))])
    assert b.explain([0, 0], 0).cell == (0, 0)


def test_copy_says_what_shuffle_pile_takes():
    with pytest.raises(TypeError, match=r"shuffle_pile is a random\.Random"):
        Game(2, seed=1).copy(shuffle_pile=5)  # type: ignore[arg-type]
    Game(2, seed=1).copy(shuffle_pile=random.Random(1))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"areas": [{(0.5, 0): "Y11"}, "R17@0,0"]}, r"a pair of whole numbers \(x, y\), not \(0.5, 0\)"),
        ({"areas": [[("Y11", (0, 0.5))], "R17@0,0"]}, "a cell is a pair of whole numbers"),
        ({"covered": ["abc", None]}, r"covered\[0\] lists tasks as \(x, y, task index\)"),
        ({"tokens": ["a", 3]}, r"tokens\[0\] must be a whole number ≥ 0, not 'a'"),
        ({"times": [1.5, 0]}, r"times\[0\] must be a whole number ≥ 0"),
        ({"stack": ["a", 1]}, "stack lists every player index once"),
    ],
)
def test_scenario_arguments_are_checked_not_truncated(kwargs, match):
    kwargs = {"areas": ["Y11@0,0 B01@1,0", "R17@0,0"], **kwargs}
    with pytest.raises(ScenarioError, match=match):
        position(**kwargs)


def test_every_refusal_is_a_position_error_or_an_illegal_move():
    # One family for bad data, one for bad moves: a script can catch exactly what it means.
    assert issubclass(SaveError, PositionError) and issubclass(ScenarioError, PositionError)
    assert issubclass(PositionError, ValueError) and issubclass(IllegalMove, ValueError)
