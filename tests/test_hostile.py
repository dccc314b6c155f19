"""Hostile input: damaged save files, odd cells and bad calls are refused with one documented error and
a short message that names what is wrong, and the game is left exactly as it was.

The fuzz tests below try a few hundred cases per run (``HYPOTHESIS_PROFILE=slow`` for thousands);
``bench/hostile.py`` runs the large campaign and counts the outcomes.
"""

from __future__ import annotations

import json
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets
import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from novaluna_widget import (
    Board,
    Game,
    IllegalMove,
    Move,
    NovaLunaWidget,
    SaveError,
    SoloGame,
    coach,
    set_language,
    tile,
)
from novaluna_widget.__main__ import main
from novaluna_widget._board import FAR, FIRST
from novaluna_widget._errors import PositionError
from novaluna_widget._guide import StepClick
from novaluna_widget._modes.guided import LEFT
from novaluna_widget._new_game import new_game
from novaluna_widget.bots import GreedyBot, make_bot, play_game
from novaluna_widget.scenario import ScenarioError, position
from novaluna_widget.simulate import _AHEAD, SimulationError, simulate

from .hostile import ODD_CELL_PARTS, ODD_INDEXES, REFUSALS, damage, saves, still_works, widget_doors
from .test_protocol import nested, played_out
from .test_widget import intent, nothing_swallowed  # noqa: F401  (an autouse fixture)
from .untyped import as_passed

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
        ('{"format": "novaluna_widget._save", "version": ' + "9" * 5000 + "}", "does not parse"),
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
        (lambda: Game(seed=as_passed(1.5)), TypeError, "whole number"),
        (lambda: position(["R01@0,0", "B01@0,0"], seed=as_passed("x")), ScenarioError, "whole number"),
    ],
)
def test_constructors_refuse_what_they_could_not_save(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_numpy_seeds_deal_the_same_game_and_save():
    game = Game(2, seed=as_passed(np.int64(7)))
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
    game.take(as_passed(np.int64(game.choices()[0])), as_passed((np.int64(0), np.int32(0))))
    first = game.history[0]
    assert isinstance(first, Move)
    assert all(type(v) is int for v in first.cell) and type(first.space) is int
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
    assert b.explain(as_passed([0, 0]), 0).cell == (0, 0)


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


# -- round two: integer-like values wherever an int is taken --------------------------------------
def test_numpy_integers_are_whole_numbers_everywhere_the_engine_takes_one():
    lesson = position(
        ["Y11@0,0 B01@1,0", "R17@0,0"], marker=as_passed(np.int64(3)), wheel=as_passed({np.int64(4): "R02"})
    )
    assert lesson.marker == 3 and type(lesson.marker) is int and lesson.wheel[4] == tile("R02")
    assert Game.from_json(lesson.to_json()).to_json() == lesson.to_json()
    assert len(Game(as_passed(np.int64(3)), seed=1).players) == 3
    assert isinstance(new_game(as_passed(np.int32(1)), seed=1), SoloGame)
    assert (
        coach.hint(Game(2, seed=1), nodes=as_passed(np.int64(50)), seed=as_passed(np.uint8(3))).action
        in Game(2, seed=1).legal_moves()
    )


# -- impossible solo positions -------------------------------------------------------------------
def solo_set_up(change) -> str:
    lesson = position(["Y11@0,0 B01@-1,0 B04@1,0"], phase=2, phase_one=(3, 7))
    return edited(lesson.to_json(), lambda d: (d.pop("position"), change(d["start"])))


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (
            lambda s: s.update(phase_one=[-1292, 7]),
            r"phase 1's tiles cost 0–8 \(the area's tiles\), not -1292",
        ),
        (lambda s: s.update(phase_one=[3, 0]), "with 1 tokens placed in phase 1, 7 .* not 0"),
        (lambda s: s.update(placed_in_phase_one=21), "placed_in_phase_one must be 0–1, not 21"),
        (lambda s: s.update(phase=1), "phase_one must be null while phase 1 runs"),
        (
            lambda s: s.update(phase=1, phase_one=None, placed_in_phase_one=0),
            "placed_in_phase_one must be 1 while phase 1 runs",
        ),
        (lambda s: s.update(phase_one=None), r"\[tiles cost, tokens missing\] after it"),
        (lambda s: s.update(phase_one=[3]), r"\[tiles cost, tokens missing\] after it"),
    ],
)
def test_impossible_solo_set_ups_are_refused_naming_the_field(change, match):
    refused(solo_set_up(change), match)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"phase": 2, "phase_one": (1,)}, r"phase_one must be null .* \[tiles cost, tokens missing\]"),
        ({"phase": 2, "phase_one": (-1292, 7)}, "phase 1's tiles cost 0–8"),
        ({"phase": 2, "phase_one": ("a", 7)}, r"\[tiles cost, tokens missing\] after it"),
        ({"phase": 1, "phase_one": (3, 7)}, "phase_one must be null while phase 1 runs"),
        ({"phase": True}, "phase 1 or 2"),
    ],
)
def test_impossible_solo_scenarios_are_refused_naming_the_field(kwargs, match):
    with pytest.raises(ScenarioError, match=match):
        position(["Y11@0,0 B01@-1,0 B04@1,0"], **kwargs)


def test_a_possible_solo_record_loads_and_scores():
    game = position(["Y11@0,0 B01@-1,0 B04@1,0"], phase=2, phase_one=as_passed((np.int64(3), 7)))
    assert isinstance(game, SoloGame)
    assert game.score.phase_one_record == 73 and Game.from_json(game.to_json()).to_json() == game.to_json()


# -- runaway work --------------------------------------------------------------------------------
class Counting(ThreadPoolExecutor):
    """Counts the chunks of games it is sent."""

    def __init__(self) -> None:
        super().__init__(1)
        self.sent = 0

    def submit(self, *args, **kwargs):
        self.sent += 1
        return super().submit(*args, **kwargs)


class Failing(GreedyBot):
    def choose(self, game):
        raise RuntimeError("no")


def test_a_huge_simulation_starts_at_once_and_queues_little():
    # 10**12 deals made first took 5 GB and showed nothing for minutes; made as sent, the first game runs.
    with Counting() as executor, pytest.raises(SimulationError) as caught:
        simulate(10**12, [Failing, "greedy"], seed=1, executor=executor, progress=False)
    assert caught.value.game == 0 and executor.sent <= _AHEAD


# -- the live game cannot be corrupted -----------------------------------------------------------
def test_a_players_area_and_fields_in_a_game_cannot_be_changed_from_outside():
    game = Game(2, seed=1)
    before, player = game.to_json(), game.players[0]
    with pytest.raises(IllegalMove, match=r"game\.play"):
        player.board.place(as_passed(game.wheel[1]), (0, 0))
    for field, value in (("tokens", 0), ("time", 99), ("name", "x"), ("board", Board()), ("arrival", 5)):
        with pytest.raises(AttributeError):
            setattr(player, field, value)
    assert game.to_json() == before
    game.play(game.legal_moves()[0])
    trial = game.copy().players[0].board
    with pytest.raises(IllegalMove, match=r"board\.copy"):
        trial.place(tile("R01"), (1, 0))  # a copied game's areas are that game's
    mine = game.players[0].board.copy()
    assert mine.place(tile("R01"), (1, 0)) is not None and len(game.players[0].board) == 1
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


# -- the CLI keeps its table -----------------------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_csv_that_cannot_be_written_still_prints_the_table(capsys):
    code = main(["simulate", "--games", "2", "--workers", "1", "--no-progress", "--csv", "/dev/full"])
    out, err = capsys.readouterr()
    assert code == 1 and "2 games, bots greedy, greedy, seed 0" in out and "win_rate" in out
    assert err.strip().count("\n") == 0 and "cannot write /dev/full" in err


# -- far cells -------------------------------------------------------------------------------------
@pytest.mark.parametrize("cell", [(10**5000, 0), (2**40, 0), (0, -(FAR + 1)), (FIRST + 1, 0)])
def test_far_cells_are_refused_and_change_nothing(cell):
    game = Game(2, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalMove, match="from -"):
        game.take(game.choices()[0], cell)
    assert game.to_json() == before and not game.players[game.current_player].board.is_legal(cell)


def test_the_farthest_first_tile_leaves_every_cell_one_a_page_can_send():
    game = Game(2, seed=1)
    while not game.is_over:  # every tile as far out as it may go, in a line
        moves = game.legal_moves()
        if game.turn:
            farthest = max(moves, key=lambda m: (m.cell[0], -abs(m.cell[1])))
            game.play(farthest)
        else:
            game.play((moves[0][0], (FIRST, 0)))
        for p in game.players:
            assert all(abs(v) <= FAR for c in [*p.board, *p.board.legal_cells()] for v in c)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_save_with_a_far_first_tile_is_refused():
    lesson = position(["Y11@0,0", "R17@0,0"])
    moved = edited(
        lesson.to_json(),
        lambda d: (d.pop("position"), d["start"]["players"][0]["board"][0].__setitem__(1, 10**30)),
    )
    refused(moved, "too far out")


# -- silent coercion ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "error", "match"),
    [
        (lambda: Game(3, beginner=as_passed("no")), TypeError, "beginner must be true or false, not 'no'"),
        (lambda: Game(3, beginner=as_passed(1)), TypeError, "beginner must be true or false"),
        (lambda: new_game("Ada"), TypeError, "not 'Ada'"),
        (lambda: new_game(1, beginner=True), ValueError, "no beginner variant"),
        (lambda: new_game(["Ada"], beginner=True), ValueError, "no beginner variant"),
        (lambda: new_game(True), TypeError, "not True"),
        (lambda: Game(True), TypeError, "not True"),
        (lambda: Game(as_passed([None, "greedy"])), TypeError, "name must be a non-blank string.*not None"),
        (lambda: Game(as_passed([1, 2])), TypeError, "not 1"),
        (
            lambda: position(["R01@0,0", "B01@0,0"], beginner=as_passed("yes")),
            ScenarioError,
            "beginner must be true or false",
        ),
    ],
)
def test_values_of_the_wrong_kind_are_refused_not_converted(make, error, match):
    with pytest.raises(error, match=match):
        make()


# -- short messages --------------------------------------------------------------------------------
def deeply_nested(depth: int = 100_000) -> Any:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


@pytest.mark.parametrize(
    ("ask", "error"),
    [
        (lambda: set_language("x" * 10_000_000), ValueError),
        (lambda: set_language(deeply_nested()), ValueError),
        (lambda: make_bot("x" * 10_000_000), ValueError),
        (lambda: make_bot(deeply_nested()), ValueError),
        (lambda: tile("x" * 10_000_000), KeyError),
        (lambda: Game(["x" * 10_000_000, "x" * 10_000_000]), ValueError),
        (lambda: SoloGame(name="\x00" * 10_000_000), ValueError),
    ],
)
def test_huge_or_deep_values_are_quoted_short(ask, error):
    with pytest.raises(error) as caught:
        ask()
    assert len(str(caught.value)) <= SHORT


# -- odd names and types ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Ada\x00", "line\nbreak", "tab\there", "\x7f", "bell\x07", "\x9b"])
def test_names_with_control_characters_are_refused_everywhere(name):
    with pytest.raises(ValueError, match="without control characters"):
        Game([name, "Bo"])
    with pytest.raises(ValueError, match="without control characters"):
        SoloGame(name=name)
    with pytest.raises(ScenarioError, match="without control characters"):
        position({name: "R01@0,0", "Bo": "B01@0,0"})
    lesson = position({"Ada": "R01@0,0", "Bo": "B01@0,0"})
    renamed = edited(
        lesson.to_json(), lambda d: (d.pop("position"), d["start"]["players"][0].update(name=name))
    )
    refused(renamed, "without control characters")


def test_names_in_any_script_are_fine():
    game = Game(["Аня", "あなた", "شما", "👩‍💻 Bo"], seed=1)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda s: s.update(events={}), "events must be a list of log entries"),
        (lambda s: s["players"][0].update(time=10**30), r"time must be a whole number from 0 to \d+"),
        (lambda s: s["players"][1].update(arrival=10**30), r"arrival must be a whole number from 0 to \d+"),
    ],
)
def test_set_up_fields_out_of_every_game_are_refused(change, match):
    lesson = position({"Ada": "R01@0,0", "Bo": "B01@0,0"})
    refused(edited(lesson.to_json(), lambda d: (d.pop("position"), change(d["start"]))), match)


def test_marker_times_out_of_every_game_are_refused_in_a_scenario():
    with pytest.raises(ScenarioError, match="time must be a whole number from 0"):
        position(["R01@0,0", "B01@0,0"], times=[10**30, 10**30])


@pytest.mark.parametrize(
    ("ask", "error", "match"),
    [
        (lambda: coach.hint(as_passed("game")), TypeError, "Game or a SoloGame, not 'game'"),
        (lambda: coach.review(as_passed(None)), TypeError, "Game or a SoloGame, not None"),
        (lambda: coach.reviewing(as_passed(Board())), TypeError, "Game or a SoloGame"),
        (
            lambda: coach.hint(Game(2, seed=1), nodes=as_passed("x")),
            TypeError,
            "nodes must be a whole number",
        ),
        (
            lambda: coach.hint(Game(2, seed=1), nodes=as_passed(1.5)),
            TypeError,
            "nodes must be a whole number",
        ),
        (lambda: coach.hint(Game(2, seed=1), nodes=0), ValueError, "1 or more, not 0"),
        (lambda: coach.hint(Game(2, seed=1), seed=-1), ValueError, "from 0 to 2"),
        (
            lambda: coach.review(Game(2, seed=1), seed=as_passed("x")),
            TypeError,
            "seed must be a whole number",
        ),
    ],
)
def test_the_coach_checks_its_arguments_first(ask, error, match):
    with pytest.raises(error, match=match):
        ask()


# -- bots on a copy --------------------------------------------------------------------------------
class PlaysOnTheGame(GreedyBot):
    """Plays its move on the game it is handed, then hands the move back too."""

    def choose(self, game):
        action = super().choose(game)
        game.play(action)
        return action


def test_a_bot_that_plays_on_the_game_it_is_given_plays_on_a_copy():
    game = Game(2, seed=3)
    play_game(game, [PlaysOnTheGame(seed=1), GreedyBot(seed=2)])
    honest = play_game(Game(2, seed=3), [GreedyBot(seed=1), GreedyBot(seed=2)])
    assert game.history == honest.history
    with ThreadPoolExecutor(1) as executor:
        cheat = simulate(6, {"g": PlaysOnTheGame, "h": GreedyBot}, seed=2, executor=executor, progress=False)
        with pytest.warns(UserWarning, match="every seat plays the same bot"):  # a mirror match, rotated
            plain = simulate(6, {"g": GreedyBot, "h": GreedyBot}, seed=2, executor=executor, progress=False)
    # The same games, move for move; only bot_spec names the classes apart.
    pd.testing.assert_frame_equal(cheat.drop(columns="bot_spec"), plain.drop(columns="bot_spec"))


# -- the widget: integer-likes at every door, and never left broken --------------------------------
#: A game under way and a finished one, whose reviews the widget tests below open (each worked out once:
#: see ``quick_reviewing``).
UNDER_WAY = played_out(Game(["You", "Bo"], seed=11), 8)
FINISHED = played_out(Game(["You", "Bo"], seed=11), 400)
_REVIEWED: dict[tuple[Any, ...], list[Any]] = {}
_REVIEWING = coach.reviewing


def quick_reviewing(game, **kw):
    """``coach.reviewing``, each history, language and reader worked out once for the whole module."""
    key = (game.history, kw.get("lang"), kw.get("reader"))
    if key not in _REVIEWED:
        _REVIEWED[key] = list(_REVIEWING(game, nodes=40, **kw))
    return iter(_REVIEWED[key])


@pytest.fixture
def reviewed(monkeypatch):
    """A widget on a copy of ``UNDER_WAY``, reviewed: made anew for each call."""
    monkeypatch.setattr(coach, "reviewing", quick_reviewing)

    def made():
        w = NovaLunaWidget(UNDER_WAY.copy(), seed=1)  # seeded: a bot seat plays alike in two widgets
        w.review(progress=False)
        return w

    return made


def outcome(w, door, value):
    """What a call did: the state it left, or the kind of refusal and its message."""
    try:
        widget_doors(w)[door](value)
    except REFUSALS as refusal:
        message = str(refusal)
        assert len(message) <= SHORT, message
        assert not isinstance(value, np.integer) or "np." not in message, message  # a number as a number
        return type(refusal).__name__, message
    return "taken", json.dumps(w.state, sort_keys=True), w.shown_turn, w.bots, w.selected


def doors():
    w = NovaLunaWidget()
    w.close()
    return list(widget_doors(w))


@pytest.mark.parametrize("door", doors())
def test_numpy_integers_are_taken_as_ints_and_no_call_leaves_the_widget_broken(reviewed, door):
    for value in ODD_INDEXES:
        w = reviewed()
        before = w.state
        found = outcome(w, door, value)
        if found[0] != "taken":
            assert w.state == before  # a refusal changes nothing
        elif isinstance(value, np.integer):  # taken as the int it is, and said of as that int
            assert found == outcome(reviewed(), door, int(value))
        still_works(w)


def test_the_examples_of_the_issue_are_answered(reviewed):
    w = reviewed()
    frame = w.review(progress=False)
    worst = frame["loss"].argmax()  # a numpy integer
    w.open_review(worst)
    assert w.shown_turn == worst and type(w.shown_turn) is int
    assert w.state["view"]["compare"]["row"] == worst
    w.show_turn(np.int64(2))
    assert w.shown_turn == 2 and type(w.state["view"]["turn"]) is int
    w.bots = {np.int64(1): "greedy"}
    assert w.bots == {1: "greedy"}
    assert NovaLunaWidget(reader=as_passed(np.int64(1))).reader == 1
    with pytest.raises(ValueError, match=r"reader is a player index 0–1, None \(nobody\) or 'auto', not 2"):
        NovaLunaWidget(reader=2)
    with pytest.raises(ValueError, match="bot seat 7 is not a player index 0–1"):
        w.bots = {np.int64(7): "greedy"}


def test_a_refused_mode_change_leaves_the_mode_as_it_was(reviewed):
    w = reviewed()
    w.show_turn(3)
    for call in (lambda: w.open_review(10**6), lambda: w.show_turn(-1), lambda: w.open_review("1")):
        with pytest.raises(IllegalMove):
            call()
        assert w.shown_turn == 3  # still on show, and everything still works
        still_works(w)
        w.show_turn(3)


# -- the page's Review: off the kernel's thread, cancelled by a change of the game ---------------------
class Gate:
    """A stand-in for ``coach.reviewing`` whose rows wait for ``open()``: a review that takes as long as a
    test wants. ``given`` counts the rows handed out."""

    def __init__(self):
        self._open = threading.Event()
        self.given = 0

    def __call__(self, game, **kw):
        for row in quick_reviewing(game, **kw):
            assert self._open.wait(60)
            self.given += 1
            yield row

    def open(self):
        self._open.set()


@pytest.fixture
def gate(monkeypatch):
    gate = Gate()
    monkeypatch.setattr(coach, "reviewing", gate)
    list(quick_reviewing(FINISHED))  # worked out before the gate, once
    yield gate
    gate.open()


def test_the_pages_review_returns_at_once_and_the_widget_stays_usable(gate):
    w = NovaLunaWidget(FINISHED.copy())
    n = len(w.game.history)
    intent(w, "review")  # returns while not one row is worked out
    assert w.review_panel == {"status": "working", "done": 0, "total": n} and w.last_error is None
    intent(w, "show", turn=5)  # other intents are handled meanwhile
    assert w.shown_turn == 5 and w.last_error is None
    intent(w, "language", lang="ja")
    assert w.state["lang"] == "ja" and w.review_panel["status"] == "working"  # the review, in Japanese now
    assert not w.review_done(timeout=0.01)
    gate.open()
    assert w.review_done(timeout=60)
    panel = w.review_panel
    assert panel["status"] == "ready" and len(panel["rows"]) == n and w.shown_turn == 5
    at_once = NovaLunaWidget(FINISHED.copy(), lang="ja")
    at_once.review(progress=False)
    assert panel == at_once.review_panel


def test_a_change_of_the_game_cancels_the_review_under_way(gate, monkeypatch):
    w = NovaLunaWidget(FINISHED.copy())
    sent = []
    w.observe(lambda change: sent.append(change["new"]), "review_panel")
    intent(w, "review")
    intent(w, "undo")  # another history: the work stops, and the panel closes
    assert w.review_panel == {} and w.last_error is None
    gate.open()
    assert w.review_done(timeout=60)
    assert w.review_panel == {} and sent[-1] == {} and gate.given <= 1  # nothing late from the old work
    w.redo()
    monkeypatch.setattr(coach, "reviewing", second := Gate())
    intent(w, "review")
    w.close()  # closing stops it too
    second.open()
    assert w.review_done(timeout=60) and second.given <= 1


def test_python_waits_for_the_pages_review_of_the_same_game(gate):
    w = NovaLunaWidget(FINISHED.copy())
    intent(w, "review")
    threading.Timer(0.05, gate.open).start()
    frame = w.review(progress=False)  # the page's work, waited for rather than done twice
    assert len(frame) == len(w.game.history) == gate.given and w.review_panel["status"] == "ready"


# -- the guided game: a change behind its back, and moves that are no moves ---------------------------
def guided_at_a_move() -> NovaLunaWidget:
    """The guided game at its first step that waits for a tile to be chosen."""
    w = NovaLunaWidget.tutorial()
    while waited_for(w).action != "select":
        w.next_step()
    return w


def waited_for(w: NovaLunaWidget) -> StepClick[str]:
    """The click the guided game waits for now."""
    assert w.guide is not None and w.guide.click is not None
    return w.guide.click


@pytest.mark.parametrize(
    "behind",
    [
        lambda game: game.play(game.legal_moves()[-1]),
        lambda game: game.undo(),
    ],
)
def test_a_change_behind_the_guides_back_leaves_the_guided_game_with_a_sentence(behind):
    w = guided_at_a_move()
    assert w.guide is not None
    clicks = [c for step in w.guide.steps for c in step.clicks]
    chosen = waited_for(w)
    placed = clicks[clicks.index(chosen) + 1]
    assert chosen.space is not None and placed.cell is not None
    w.play(Move(chosen.space, placed.cell))  # the guide's own move: something to undo
    assert w.guide is not None
    behind(w.game)
    w.refresh()  # as after the cell that made it
    assert w.guide is None and w.state["mode"] == "playing"
    assert w.last_error == LEFT.in_language("en") and w.reader == 0
    w.lang = "fa"
    assert w.last_error == LEFT.in_language("fa")
    move = w.game.legal_moves()[0]  # the game as it is, played as any other: by clicks and from Python
    intent(w, "take", space=move.space, cell=list(move.cell), player=w.game.current_player)
    assert w.last_error is None and w.game.history[-1] == move
    w.undo()
    still_works(w)


def test_the_guides_own_moves_keep_the_guided_game():
    w = guided_at_a_move()
    w.select(as_passed(np.int64(as_passed(waited_for(w).space))))  # a numpy integer is the space it names
    assert w.guide is not None and type(w.selected) is int and w.last_error is None


@pytest.mark.parametrize(
    "action",
    [
        (1, [0]),
        (1,),
        (1, 2, 3),
        "x",
        None,
        7,
        [1, [0, 0]],
        (1, (0, "0")),
        (np.array([1]), (0, 0)),
        "end_phase_one",
    ],
)
def test_what_is_no_move_is_refused_in_the_guided_game_as_in_any_game(action):
    w = guided_at_a_move()
    plain = NovaLunaWidget(w.game.copy())
    with pytest.raises(IllegalMove) as as_anywhere:
        plain.play(action)
    before = w.state
    with pytest.raises(IllegalMove) as guided:
        w.play(action)
    assert str(guided.value) == str(as_anywhere.value) and w.state == before and w.guide is not None
    with pytest.raises(IllegalMove):
        w.select(as_passed("x"))


# -- closed widgets ---------------------------------------------------------------------------------
def registered() -> int:
    return len(ipywidgets.widgets.widget._instances)


def test_closed_widgets_leave_nothing_registered(gate):
    before = registered()
    for k in range(300):
        NovaLunaWidget(seed=k).close()
    NovaLunaWidget.tutorial().close()
    reviewing = NovaLunaWidget(FINISHED.copy())
    intent(reviewing, "review")  # a review under way stops
    reviewing.close()
    gate.open()
    assert reviewing.review_done(timeout=60) and gate.given <= 1
    assert registered() == before


# -- the puzzles -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "answer", [True, 1.5, None, [], [1], [1, 2, 3, 4], [1, "2"], {"x": 1}, "x" * 50, nested(300), -(2**40)]
)
def test_odd_answers_in_the_puzzles_are_refused_short_and_change_nothing(tmp_path, answer):
    w = NovaLunaWidget.puzzles(seed=1, kinds=["placement"], path=tmp_path / "progress.json")
    before = w.state
    intent(w, "pick", answer=answer)
    assert w.last_error is not None and "internal error" not in w.last_error
    assert len(w.last_error) <= SHORT and w.state["puzzle"] == before["puzzle"]
    assert not (tmp_path / "progress.json").exists()  # nothing recorded
