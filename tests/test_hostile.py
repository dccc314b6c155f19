"""Hostile input: damaged save files, odd cells and bad calls are refused with one documented error and
a short message that names what is wrong, and the game is left exactly as it was.

The fuzz tests below try a few hundred cases per run (``HYPOTHESIS_PROFILE=slow`` for thousands);
``bench/hostile.py`` runs the large campaign and counts the outcomes.
"""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from novaluna_widget import Board, Game, IllegalMove, SaveError, SoloGame, coach, set_language, tile
from novaluna_widget.__main__ import main
from novaluna_widget.board import FAR, FIRST
from novaluna_widget.bots import GreedyBot, make_bot, play_game
from novaluna_widget.errors import PositionError
from novaluna_widget.kinds import new_game
from novaluna_widget.scenario import ScenarioError, position
from novaluna_widget.simulate import _AHEAD, SimulationError, simulate

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


# -- round two: integer-like values wherever an int is taken --------------------------------------
def test_numpy_integers_are_whole_numbers_everywhere_the_engine_takes_one():
    lesson = position(["Y11@0,0 B01@1,0", "R17@0,0"], marker=np.int64(3), wheel={np.int64(4): "R02"})
    assert lesson.marker == 3 and type(lesson.marker) is int and lesson.wheel[4] == tile("R02")
    assert Game.from_json(lesson.to_json()).to_json() == lesson.to_json()
    assert len(Game(np.int64(3), seed=1).players) == 3 and isinstance(new_game(np.int32(1), seed=1), SoloGame)
    assert (
        coach.hint(Game(2, seed=1), nodes=np.int64(50), seed=np.uint8(3)).action
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
    game = position(["Y11@0,0 B01@-1,0 B04@1,0"], phase=2, phase_one=(np.int64(3), 7))
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
        player.board.place(game.wheel[1], (0, 0))
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
        game.play(
            max(moves, key=lambda m: (m.cell[0], -abs(m.cell[1]))) if game.turn else (moves[0][0], (FIRST, 0))
        )
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
        (lambda: Game(3, beginner="no"), TypeError, "beginner must be true or false, not 'no'"),
        (lambda: Game(3, beginner=1), TypeError, "beginner must be true or false"),
        (lambda: new_game("Ada"), TypeError, "not 'Ada'"),
        (lambda: new_game(1, beginner=True), ValueError, "no beginner variant"),
        (lambda: new_game(["Ada"], beginner=True), ValueError, "no beginner variant"),
        (lambda: new_game(True), TypeError, "not True"),
        (lambda: Game(True), TypeError, "not True"),
        (lambda: Game([None, "greedy"]), TypeError, "name must be a non-blank string.*not None"),
        (lambda: Game([1, 2]), TypeError, "not 1"),
        (
            lambda: position(["R01@0,0", "B01@0,0"], beginner="yes"),
            ScenarioError,
            "beginner must be true or false",
        ),
    ],
)
def test_values_of_the_wrong_kind_are_refused_not_converted(make, error, match):
    with pytest.raises(error, match=match):
        make()


# -- short messages --------------------------------------------------------------------------------
def deeply_nested(depth: int = 100_000) -> list:
    nested: list = []
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
        (lambda: coach.hint("game"), TypeError, "Game or a SoloGame, not 'game'"),
        (lambda: coach.review(None), TypeError, "Game or a SoloGame, not None"),
        (lambda: coach.reviewing(Board()), TypeError, "Game or a SoloGame"),
        (lambda: coach.hint(Game(2, seed=1), nodes="x"), TypeError, "nodes must be a whole number"),
        (lambda: coach.hint(Game(2, seed=1), nodes=1.5), TypeError, "nodes must be a whole number"),
        (lambda: coach.hint(Game(2, seed=1), nodes=0), ValueError, "1 or more, not 0"),
        (lambda: coach.hint(Game(2, seed=1), seed=-1), ValueError, "from 0 to 2"),
        (lambda: coach.review(Game(2, seed=1), seed="x"), TypeError, "seed must be a whole number"),
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
        plain = simulate(6, {"g": GreedyBot, "h": GreedyBot}, seed=2, executor=executor, progress=False)
    pd.testing.assert_frame_equal(cheat, plain)
