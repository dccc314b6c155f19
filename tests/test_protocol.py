"""The widget's protocol without a widget: the state the page draws, the intents it sends and how they
are checked, bot seats. Nothing here imports anywidget, so these run wherever the engine runs."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novaluna_widget import Game, IllegalMove, Move, SoloGame
from novaluna_widget._coach_view import compare, hint_state, view_state
from novaluna_widget._contract import State
from novaluna_widget._controller import Controller
from novaluna_widget._guide import Guide
from novaluna_widget._i18n import in_language
from novaluna_widget._modes import puzzles_of
from novaluna_widget._protocol import (
    INTENTS,
    LOG_TAIL,
    BadIntent,
    bot_actions,
    catalogue,
    check_intent,
    check_selection,
    game_state,
    page_state,
    parse_intent,
    parse_seats,
)
from novaluna_widget._tiles import COLOURS
from novaluna_widget.bots import BOTS, make_bot
from novaluna_widget.coach import hint as hint_of
from novaluna_widget.coach import reviewing
from novaluna_widget.puzzles._trainer import Trainer
from novaluna_widget.scenario import position

from .positions import build

#: Bad messages and the words their refusal must contain.
MALFORMED: list[tuple[object, str]] = [
    ("take", "must be an object"),
    ([1, 2], "must be an object"),
    ({"version": 1}, "unknown action None"),
    ({"action": "castle", "version": 1}, "unknown action 'castle'"),
    ({"action": "undo"}, "lacks the version"),
    ({"action": "undo", "version": "1"}, "lacks the version"),
    ({"action": "undo", "version": True}, "lacks the version"),
    ({"action": "take", "version": 1, "space": 1, "cell": [0, 0]}, "needs 'player'"),
    ({"action": "take", "version": 1, "space": "1", "cell": [0, 0], "player": 0}, "'space'"),
    ({"action": "take", "version": 1, "space": 1.0, "cell": [0, 0], "player": 0}, "'space'"),
    ({"action": "take", "version": 1, "space": 1, "cell": [0], "player": 0}, "pair of whole numbers"),
    ({"action": "take", "version": 1, "space": 1, "cell": [0, True], "player": 0}, "pair of whole"),
    ({"action": "take", "version": 1, "space": 2**70, "cell": [0, 0], "player": 0}, "whole number"),
    ({"action": "undo", "version": 1, "extra": 1}, "unexpected field 'extra'"),
    ({"action": "bot", "version": 1, "bot": "deep blue"}, "one of random, greedy, search"),
    ({"action": "select", "version": 1}, "needs 'space'"),
]

#: What a JSON message can hold.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def nested(depth: int) -> list[Any]:
    """``[[[...[0]...]]]``, ``depth`` lists deep: more than Python's repr can write."""
    value: list[Any] = [0]
    for _ in range(depth):
        value = [value]
    return value


def played_out(game: Game, turns: int, seed: int = 0) -> Game:
    """``game`` after ``turns`` random tiles (and some optional refills)."""
    rng = random.Random(seed)
    while game.turn < turns and not game.is_over:
        if game.can_refill and rng.random() < 0.3:
            game.play("refill")
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


# -- the state the page draws ------------------------------------------------------------------
def test_state_holds_everything_the_page_draws():
    game = Game(2, seed=3)
    s = game_state(game)
    assert len(s["wheel"]) == 12 and s["wheel"][0] is None and s["marker"] == 0
    assert s["kind"] == "game" and s["seed"] == 3 and s["turn"] == 0
    assert s["choices"] == game.choices() and s["pile"] == 57
    # Tiles left per colour: public, since 17 of each colour less those in sight.
    in_sight = [t for t in game.wheel if t is not None]
    assert s["pile_colours"] == {c: 17 - sum(t.colour == c for t in in_sight) for c in COLOURS}
    assert s["current"] == game.current_player and s["order"] == game.turn_order()
    assert s["track"] == [(0, [i for i in game.turn_order()[::-1]])]  # the start stack, bottom first
    assert s["moves"] == {"cells": [(0, 0)], "fulfil": [[], [], []]}
    assert s["can"] == {"refill": False, "undo": False, "redo": False, "end_phase_one": False, "bot": True}
    assert s["log"] == [(0, "setup", None, game.log[0].text)] and s["log_total"] == 1
    assert s["over"] is None and s["solo"] is None
    assert s["recent"] == [] and [p["bot"] for p in s["players"]] == [None, None]
    json.dumps(s, allow_nan=False)


def test_the_page_state_adds_the_widget_fields_to_the_position():
    # The page (and its JSDoc) relies on these exact keys: a renamed or dropped one breaks the view.
    position_ = game_state(Game(2, seed=3), ["greedy", None])
    view = {"turn": 0, "turns": 0, "now": True, "label": "the position now", "compare": None}
    s = page_state(
        position_,
        version=4,
        selected=2,
        error="no",
        answered=3,
        bot="search",
        view=view,
        can={"hint": True, "review": False},
    )
    assert list(s) == [
        "kind",
        "seed",
        "turn",
        "wheel",
        "marker",
        "choices",
        "pile",
        "pile_colours",
        "current",
        "order",
        "track",
        "players",
        "moves",
        "recent",
        "log",
        "log_total",
        "over",
        "solo",
        "can",
        "version",
        "selected",
        "error",
        "answered",
        "bot",
        "bot_names",
        "bot_words",
        "view",
        "hint",
        "why",
        "lang",
        "dir",
        "mode",
    ]
    assert {k: s[k] for k in position_ if k != "can"} == {k: v for k, v in position_.items() if k != "can"}
    assert s["can"] == {**position_["can"], "hint": True, "review": False}
    assert (s["view"], s["hint"], s["why"], s["mode"]) == (view, None, None, "playing")
    assert (s["version"], s["selected"], s["error"], s["answered"], s["bot"]) == (4, 2, "no", 3, "search")
    assert s["bot_names"] == list(BOTS) == ["random", "greedy", "search"]
    assert s["bot_words"] == {"random": "random", "greedy": "greedy", "search": "search"}
    # A player reads each bot's name in the state's language; the menu's values stay the code's names.
    ru = page_state(
        position_, version=4, selected=None, error=None, answered=0, bot="greedy", view=view, lang="ru"
    )
    assert ru["bot_names"] == list(BOTS) and ru["bot_words"]["greedy"] == "жадный"
    assert (s["lang"], s["dir"]) == ("en", "ltr")  # the package language unless told
    assert list(s["players"][0]) == [
        "name",
        "you",
        "tokens",
        "supply",
        "time",
        "space",
        "bot",
        "tiles",
        "tasks",
    ]
    assert [p["bot"] for p in s["players"]] == ["greedy", None]


def test_the_catalogue_lists_every_tile_by_id():
    tiles = catalogue()
    assert len(tiles) == 68 and tiles["R04"] == ("red", 3, [[("red", 2), ("blue", 1)]])
    assert tiles["B01"] == ("blue", 1, [])


def test_state_explains_every_task_with_its_chain():
    # R04 "2 red + 1 blue": R05 touches it, R06 counts through the chain, B01 touches it.
    game = build({1: "R01"}, players=[{"board": "R04@0,0 R05@1,0 R06@2,0 B01@0,1"}, {}])
    player = game_state(game)["players"][0]
    tiles = player["tiles"]
    assert tiles == [("R04", 0, 0), ("R05", 1, 0), ("R06", 2, 0), ("B01", 0, 1)]
    rows = {(t, k): row for t, k, *row in player["tasks"]}
    status, counts = rows[(0, 0)]
    # R04: 2 red (R05 touching, R06 by chain) and 1 blue (B01 touching): covered.
    assert status == 2 and counts == [("R", 2, 2, [1, 2], [1]), ("B", 1, 1, [3], [3])]
    explained = game.players[0].board.explain((0, 0), 0)
    assert [c.counted for c in explained.colours] == [2, 1]


def test_moves_say_what_each_cell_would_fulfil():
    # R04 "2 red + 1 blue" has its 2 red (R06 touching, R05 by chain) and waits for a blue neighbour.
    game = build({1: "B01", 2: "Y01", 3: "T01"}, players=[{"board": "R04@0,0 R06@1,0 R05@2,0"}, {"time": 5}])
    s = game_state(game)
    cells = [tuple(c) for c in s["moves"]["cells"]]
    board = game.players[0].board
    for pick, space in enumerate(s["choices"]):
        t = game.wheel[space]
        expected = {cells.index(c): sorted(board.would_fulfil(t, c)) for c in cells}
        assert dict(s["moves"]["fulfil"][pick]) == {i: r for i, r in expected.items() if r}
    blue = {tuple(cells[i]): refs for i, refs in s["moves"]["fulfil"][0]}
    assert blue == {(0, -1): [(0, 0, 0)], (-1, 0): [(0, 0, 0)], (0, 1): [(0, 0, 0)]}


def test_log_tells_the_latest_turns_and_recent_holds_those_since_the_mover_last_moved():
    game = played_out(Game(["You", "Bo"], seed=4), 30)
    s = game_state(game)
    log = game.log
    assert s["log_total"] == len(log) and len(s["log"]) == LOG_TAIL
    ids = [entry[0] for entry in s["log"]]
    assert ids == sorted(ids) and all(log[i].kind in ("take", "refill") for i in ids)
    # Each turn entry is the page's sentence for the take at its id (story.tell words it).
    for i, kind, player, text in s["log"]:
        take = log[i].data
        if kind == "turn":
            name = game.players[player].name
            assert player == log[i].player
            assert text.startswith(f"{name} took {take['tile']} (wheel space {take['space']})")
    takes = [i for i, e in enumerate(log) if e.kind == "take"]
    mover = game.current_player
    since = max(i for i in takes if log[i].player == mover)
    assert [r[0] for r in s["recent"]] == [i for i in takes if i >= since]
    for i, player, tile, space, x, y in s["recent"]:
        place = next(e for e in log[i:] if e.kind == "place")
        assert (player, tile, space) == (log[i].player, log[i].data["tile"], log[i].data["space"])
        assert [x, y] == place.data["cell"] and game.players[player].board[(x, y)].id == tile


def test_finished_game_shows_ranking_and_solo_shows_its_score():
    game = played_out(Game(3, seed=5), 200)
    s = game_state(game)
    assert s["over"]["ranking"] == game.ranking() and s["current"] is None and s["choices"] == []
    names = ", ".join(f"{k}. {game.players[p].name}" for k, p in enumerate(game.ranking(), 1))
    assert s["over"]["text"].startswith("Game over") and s["over"]["text"].endswith(f"Ranking: {names}.")
    winner = game.players[game.winner].name
    assert len(s["over"]["lines"]) == 3 and s["over"]["lines"][0].startswith(f"1. {winner}: ")
    assert s["moves"] == {"cells": [], "fulfil": []} and not s["can"]["bot"]
    solo = played_out(SoloGame(seed=5), 4)
    sheet = game_state(solo)["solo"]
    assert sheet == {
        "phase": 1,
        "small": solo.small_stack,
        "large": solo.large_stack,
        "phase_one": solo.score.phase_one_record,
        "final": solo.score.final_record,
        "total": solo.score.total,
        "text": str(solo.score),
        "lines": sheet["lines"],
        "goal": sheet["goal"],
    }
    score = sheet["lines"][-1]
    assert score.startswith(f"Score {solo.score.total} so far") and "lower is better" in score
    goal = f"Phase 1: place the 8 tokens of the small stack ({solo.small_stack} to go)"
    assert sheet["goal"].startswith(goal)
    assert game_state(solo)["track"] == []


def test_a_position_over_from_the_start_is_drawn():
    # A lesson's or a save's position can be over from the start: no move of its history ended it.
    game = position(["R12@0,0 B01@1,0", "R17@0,0"], tokens=[0, 20])
    assert game.is_over and game.history == ()
    for shown in (game, Game.from_json(game.to_json())):
        s = game_state(shown)
        assert s["over"] == {
            "reason": "last token",
            "winner": 0,
            "ranking": [0, 1],
            "text": "Game over: Player 1 placed their last token. Ranking: 1. Player 1, 2. Player 2.",
            "lines": [
                "1. Player 1: 1 of 1 token placed, 1 of 2 tasks covered, 2 tiles",
                "2. Player 2: 0 of 20 tokens placed, 0 of 3 tasks covered, 1 tile",
            ],
        }
        assert s["current"] is None and s["recent"] == [] and s["choices"] == []
    solo = game_state(position(["R12@0,0 B01@1,0"], tokens=[0]))
    assert solo["over"]["text"] == "Game over: the last token is placed."
    assert solo["solo"]["total"] == 12


def test_a_late_four_player_state_stays_under_20_kb():
    game = played_out(Game(4, seed=6), 60)
    assert len(json.dumps(game_state(game))) < 20_000


# -- intents -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("content", "error"), MALFORMED)
def test_malformed_messages_are_refused(content, error):
    with pytest.raises(BadIntent, match=re.escape(error)):
        parse_intent(content)


@pytest.mark.parametrize(
    "content",
    [
        {"action": "select", "version": 1, "space": None},
        {"action": "take", "version": 0, "space": 4, "cell": [-1, 2], "player": 3},
        {"action": "refill", "version": 2},
        {"action": "bot", "version": 2, "bot": "search", "player": 0},
        {"action": "new", "version": 7},
    ],
)
def test_well_formed_intents_pass(content):
    assert parse_intent(content) == content


#: How long a refusal of a malformed message may be: at most about 100 characters of the bad value and
#: the list of actions (twenty with ``language`` and the puzzles').
REFUSAL_MOST = 290


@pytest.mark.parametrize(
    "junk",
    [
        nested(5000),
        {"a": nested(5000)},
        "x" * 1_000_000,
        list(range(100_000)),
        {str(i): i for i in range(1000)},
    ],
)
def test_a_huge_or_deeply_nested_value_is_refused_in_a_few_words(junk):
    # A deep list once gave "internal error (RecursionError)"; a long one must not fill the error area.
    for content in (
        {"action": "take", "version": 1, "space": 1, "cell": junk, "player": 0},
        {"action": junk, "version": 1},
        {"action": "undo", "version": 1, "x" * 10_000: junk},
    ):
        with pytest.raises(BadIntent) as refused:
            parse_intent(content)
        assert len(str(refused.value)) < REFUSAL_MOST


def spoiled(message: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    key = st.sampled_from(["action", "version", "space", "cell", "player", "bot"]) | st.text(max_size=4)
    junk = json_values | st.integers(0, 3000).map(nested)
    return st.builds(lambda k, v: {**message, k: v}, key, junk)


well_formed = st.sampled_from(
    [
        {"action": "take", "version": 1, "space": 1, "cell": [0, 0], "player": 0},
        {"action": "select", "version": 1, "space": 2},
        {"action": "bot", "version": 1, "bot": "greedy"},
        {"action": "undo", "version": 1},
    ]
)


@settings(max_examples=400, deadline=None)
@given(content=json_values | well_formed.flatmap(spoiled))
def test_any_message_is_an_intent_or_a_short_refusal(content):
    try:
        intent = parse_intent(content)
    except BadIntent as refused:
        assert len(str(refused)) < REFUSAL_MOST
        return
    # Accepted: exactly the fields of its action, each as the schema says.
    fields = INTENTS[intent["action"]]
    assert type(intent["version"]) is int
    assert set(intent) - {"action", "version"} <= set(fields)
    assert all(f.check(intent[k]) for k, f in fields.items() if k in intent)
    assert all(k in intent for k, f in fields.items() if f.required)


def test_check_intent_refuses_stale_clicks_and_moves_out_of_turn():
    game = Game(2, seed=3)
    mover, other = game.current_player, 1 - game.current_player
    take = {"action": "take", "version": 5, "space": 1, "cell": [0, 0], "player": mover}
    check_intent(take, game, [None, None], 5)
    with pytest.raises(IllegalMove, match=r"older picture \(version 4, now 5\)"):
        check_intent({**take, "version": 4}, game, [None, None], 5)
    with pytest.raises(IllegalMove, match="turn, not"):
        check_intent({**take, "player": other}, game, [None, None], 5)
    with pytest.raises(IllegalMove, match="no player 7"):
        check_intent({**take, "player": 7}, game, [None, None], 5)
    # The reader is "you", whichever seat the click was for: never "it is You's turn" (or «ходит Вы»).
    said = []
    for player, reader in ((other, mover), (other, other), (7, mover)):
        with pytest.raises(IllegalMove) as refused:
            check_intent({**take, "player": player}, game, [None, None], 5, reader=reader)
        said.append(refused.value)
    name, other_name = game.players[mover].name, game.players[other].name
    assert [str(s) for s in said] == [
        f"it is your turn, not {other_name}'s: place the tile in your area",
        f"it is {name}'s turn, not yours: place the tile in {name}'s area",
        "there is no player 7; it is your turn",
    ]
    assert "ходите вы" in in_language(said[0], "ru") and "а не вы" in in_language(said[1], "ru")
    bot_seat: list[str | None] = [None, None]
    bot_seat[mover] = "random"
    with pytest.raises(IllegalMove, match="played by the random bot"):
        check_intent(take, game, bot_seat, 5)
    # The refusal names the button as the page labels it ("Bot plays for Ada", js/panels.js).
    name = game.players[mover].name
    with pytest.raises(IllegalMove) as refused:
        check_intent(take, game, bot_seat, 5)
    assert str(refused.value) == f"{name} is played by the random bot: press Bot plays for {name}"
    reader = Game(["Bo", "You"], seed=3)  # You to move
    assert reader.players[reader.current_player].name == "You"
    with pytest.raises(IllegalMove) as refused:
        check_intent({**take, "player": 1}, reader, [None, "greedy"], 5, reader=1)
    assert str(refused.value) == "You are played by the greedy bot: press Bot plays for You"
    # A seat named "you" (in any language) takes the reader's words with no reader given: grammar.
    for you in ("You", "Вы"):
        named_you = Game(["Bo", you], seed=3)  # the seat named you is to move
        with pytest.raises(IllegalMove) as refused:
            check_intent({**take, "player": 1}, named_you, [None, "greedy"], 5)
        assert str(refused.value) == f"{you} are played by the greedy bot: press Bot plays for {you}"
        with pytest.raises(IllegalMove) as refused:
            check_intent({**take, "player": 0}, named_you, [None, None], 5)
        assert str(refused.value) == "it is your turn, not Bo's: place the tile in your area"
    check_intent({"action": "bot", "version": 5}, game, bot_seat, 5)  # Bot move may play a bot's seat
    check_intent({"action": "undo", "version": 5}, game, bot_seat, 5)  # not a move: any seat
    over = played_out(Game(2, seed=9), 200)
    with pytest.raises(IllegalMove, match="game is over"):
        check_intent({"action": "refill", "version": 5}, over, [None, None], 5)


def test_check_selection_names_the_takeable_spaces():
    check_selection(Game(2, seed=3), 2)
    check_selection(Game(2, seed=3), None)
    # A refusal names each tile by its id and where it lies by the wheel space the rim numbers.
    choices = "take T17 (wheel space 1), T11 (wheel space 2) or R06 (wheel space 3)"
    refused = f"T09 on wheel space 9 is not among the next three tiles: {choices}"
    with pytest.raises(IllegalMove, match=re.escape(refused)):
        check_selection(Game(2, seed=3), 9)
    with pytest.raises(IllegalMove, match=re.escape(f"wheel space 0 holds no tile: {choices}")):
        check_selection(Game(2, seed=3), 0)
    with pytest.raises(IllegalMove, match="the game is over"):
        check_selection(played_out(Game(2, seed=9), 200), 1)


# -- bots --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("bots", "seats"),
    [
        (None, [None, None, None]),
        ({2: "search"}, [None, None, "search"]),
        ([None, "random", None], [None, "random", None]),
    ],
)
def test_bot_seats_are_read_from_a_mapping_or_a_list(bots, seats):
    assert parse_seats(bots, 3) == seats


@pytest.mark.parametrize(
    ("bots", "error"),
    [
        ({2: "greedy"}, "seat 2"),
        ({True: "greedy"}, "seat True"),
        ({0: "deep blue"}, "unknown bot"),
        (["random"], "one entry"),
        ("greedy", "dict"),
    ],
)
def test_bad_bot_seats_are_refused(bots, error):
    with pytest.raises((ValueError, TypeError), match=error):
        parse_seats(bots, 2)


def test_bot_actions_are_worked_out_on_a_copy():
    game = Game(2, seed=3)
    actions = bot_actions(game, make_bot("greedy", seed=1))
    assert isinstance(actions[-1], Move) and game.turn == 0
    with pytest.raises(IllegalMove, match="game is over"):
        bot_actions(played_out(Game(2, seed=9), 200), make_bot("greedy", seed=1))


# -- JupyterLite: Pyodide between the page and Python -------------------------------------------
def test_the_pages_null_reads_as_none_in_a_pyodide_kernel(monkeypatch):
    """Pyodide hands the page's null to Python as ``pyodide.ffi.jsnull``: choosing no tile must still be
    the well-formed ``space: None``, and a null inside a cell is still refused. Without Pyodide the
    same object is nothing special."""
    import sys
    import types

    class JsNull:  # what pyodide.ffi.jsnull is: a falsy singleton, not None
        def __bool__(self) -> bool:
            return False

    jsnull = JsNull()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = jsnull  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    assert parse_intent({"action": "select", "version": 3, "space": jsnull}) == {
        "action": "select",
        "version": 3,
        "space": None,
    }
    with pytest.raises(BadIntent, match="'cell'"):
        parse_intent({"action": "take", "version": 3, "space": 1, "cell": [0, jsnull], "player": 0})
    monkeypatch.delitem(sys.modules, "pyodide.ffi")
    with pytest.raises(BadIntent, match="'space'"):
        parse_intent({"action": "select", "version": 3, "space": jsnull})


def test_the_view_restores_every_key_that_python_sets_to_none(tmp_path):
    """Pyodide drops a dict key whose value is None on its way to the page, and js/bridge.js puts back
    the keys js/nullable.json lists ("players.[].bot": each player's "bot"), derived from the contract
    (tests/test_contract.py checks it is). Every key that is None in some state must be listed there,
    so a key the contract does not declare nullable fails here, and every listed key must be one the
    state has."""
    from pathlib import Path

    nullable = set(json.loads((Path(__file__).parents[1] / "js" / "nullable.json").read_text()))

    def keys(value: object, path: str, found: set[str], nones: set[str]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.add(path + key)
                if item is None:
                    nones.add(path + key)
                keys(item, f"{path}{key}.", found, nones)
        elif isinstance(value, list):  # a None item of a list arrives as null: only dicts inside matter
            for item in value:
                keys(item, f"{path}[].", found, nones)

    games = [
        Game(2, seed=3),
        played_out(Game(3, seed=9), 200),
        SoloGame(seed=4),
        played_out(SoloGame(seed=5), 200),
        position(["Y11@0,0 B01@1,0", "R17@0,0"]),
    ]
    found: set[str] = set()
    nones: set[str] = set()
    for game in games:
        seats = [None, *["greedy"] * (len(game.players) - 1)]
        for selected, error in ((None, None), (game.choices()[0] if game.choices() else None, "refused")):
            state = page_state(
                game_state(game, seats),
                version=1,
                selected=selected,
                error=error,
                answered=0,
                bot="greedy",
                view=view_state(game, None),
            )
            keys(json.loads(json.dumps(state)), "", found, nones)
    # The coach's fields: a hint (with a refill among its options), an open review row, every step of
    # the guided game.
    game = build({1: "R04", 5: "B08"}, players=[{"board": "Y01@0,0"}, {"board": "T01@0,0", "time": 3}])
    played = played_out(Game(2, seed=3), 6)
    row = next(iter(reviewing(played, nodes=10)))
    view = view_state(played, 0, compare(played, 0, row, [None, None]))
    guide = Guide()
    tutorials = [{**guide.state(), "refused": None}]
    while not guide.done:
        guide.advance(guide.click.intent)
        tutorials.append({**guide.state(), "refused": "no"})
    for hint, tutorial in [(hint_state(hint_of(game, nodes=20), 1), None), *[(None, t) for t in tutorials]]:
        state = page_state(
            game_state(played),
            version=1,
            selected=None,
            error=None,
            answered=0,
            bot="greedy",
            view=view,
            hint=hint,
            mode=None if tutorial is None else {"mode": "guided", "tutorial": tutorial},
        )
        keys(json.loads(json.dumps(state)), "", found, nones)
    # The puzzles: one on show, then hinted and checked (a placement puzzle names a seat, a tile, a space).
    states: list[State] = []
    puzzles = Controller(Game(2, seed=3), publish=states.append, publish_review=lambda panel: None)
    puzzles.enter(puzzles_of(Trainer(tmp_path / "progress.json", seed=3), ["placement"]))
    for intent in ({"action": "hint"}, {"action": "pick", "answer": [9, 9]}, {"action": "check"}):
        puzzles.handle({**intent, "version": puzzles.version})
    for state in states:
        keys(json.loads(json.dumps(state)), "", found, nones)
    assert nones <= nullable, f"keys that may be None, not restored by js/bridge.js: {nones - nullable}"
    assert nullable <= found, f"js/bridge.js restores keys the state does not have: {nullable - found}"
