"""Versioned save files: exact round trips, and damaged or hand-edited files refused by name."""

import json

import pytest

from novaluna_widget import Game, SaveError, SoloGame, new_game
from novaluna_widget.bots import make_bot, play_turn


def played(n: int = 12, seed: int = 8) -> Game:
    g = Game(["Ada", "Bo", "Cy"], seed=seed, beginner=True)
    for k in range(n):
        if g.can_refill and k % 2:
            g.refill()
        g.play(g.legal_moves()[k % len(g.legal_moves())])
    g.undo()
    g.undo()
    return g


def edited(g: Game, change) -> str:
    data = json.loads(g.to_json())
    change(data)
    return json.dumps(data)


def test_round_trip_keeps_position_history_redo_and_pile():
    g = played()
    h = Game.from_json(g.to_json(indent=1))
    assert h.to_json() == g.to_json()
    assert h.history == g.history and h.draw_pile == g.draw_pile and h.can_redo
    assert [e.text for e in h.log] == [e.text for e in g.log]
    h.redo()
    g.redo()
    assert h.to_json() == g.to_json()
    while h.can_undo:
        h.undo()
    assert h.snapshot()["position"] == Game(["Ada", "Bo", "Cy"], seed=8, beginner=True).snapshot()["position"]


def test_round_trip_of_a_finished_game():
    g = Game(2, seed=3)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    h = Game.from_json(g.to_json())
    assert h.is_over and h.winner == g.winner and h.ranking() == g.ranking()


def test_save_format_is_versioned():
    data = json.loads(played().to_json())
    assert (data["format"], data["version"], data["kind"]) == ("novaluna_widget._save", 1, "game")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "save version 2 is not supported; this version reads 1"),
        (lambda d: d.update(format="chess"), "not a novaluna_widget save file"),
        (lambda d: d.pop("history"), "lacks 'history'"),
        (lambda d: d["start"]["draw_pile"].__setitem__(0, "Z99"), "unknown tile 'Z99' in the draw pile"),
        (
            lambda d: d["start"]["draw_pile"].__setitem__(0, d["start"]["draw_pile"][1]),
            "appears more than once",
        ),
        (lambda d: d["start"]["draw_pile"].pop(), "accounts for 67 of the 68 tiles; missing"),
        (lambda d: d["start"]["players"][0].update(tokens=3), "does not add up to a supply of 17"),
        (lambda d: d["start"]["players"][1].update(time=9), "markers are 9 steps apart"),
        (lambda d: d["start"].update(marker=3), "marker's wheel space 3 holds a tile"),
        (
            lambda d: d["history"].insert(0, ["take", 11, 0, 0]),
            r"history\[0\] \(take the tile on wheel space 11, place at \(0, 0\)\) cannot be played: "
            "wheel space 11 is not among",
        ),
        (lambda d: d["history"].append(["jump"]), r"history\[\d+\] is not an action"),
        (lambda d: d["redo"].insert(0, ["take", 0, 40, 40]), r"redo\[0\] .* cannot be played"),
        (
            lambda d: d["position"]["players"][2].update(tokens=0),
            r"does not match its history: position.players\[2\].tokens",
        ),
        (lambda d: d["position"]["draw_pile"].reverse(), "does not match its history: position.draw_pile"),
        (lambda d: d.update(kind="chess"), "unknown kind 'chess'"),
    ],
)
def test_damaged_saves_are_refused_with_the_problem_named(change, message):
    with pytest.raises(SaveError, match=message):
        Game.from_json(edited(played(), change))


def test_not_json_and_wrong_class():
    with pytest.raises(SaveError, match="JSON does not parse"):
        Game.from_json("{nope")
    with pytest.raises(SaveError, match="holds a Game, not a SoloGame"):
        SoloGame.from_json(played().to_json())


def test_covered_task_that_is_not_fulfilled_is_refused():
    def cover_wrong(d):
        p = d["start"]["players"][0]
        p["board"] = [["R02", 0, 0]]
        p["covered"] = [[0, 0, 0]]
        p["tokens"] = p["supply"] - 1
        d["start"]["draw_pile"].remove("R02")

    with pytest.raises(SaveError, match=r"covers task 0 at \(0, 0\), which is not fulfilled"):
        Game.from_json(edited(Game(2, seed=1), cover_wrong))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_live_snapshot_rebuilds_its_game_without_going_through_json(players: int) -> None:
    # The snapshot is plain data already: from_snapshot takes it as it is, mid-game, events included.
    game = new_game(players, seed=3)
    bot = make_bot("greedy", seed=0)
    for _ in range(12):
        play_turn(game, bot)
    again = Game.from_snapshot(game.snapshot())
    assert again.snapshot() == game.snapshot() == json.loads(json.dumps(game.snapshot()))
