"""What-if tables: each row must say exactly what playing that option on a copy does."""

import pandas as pd
import pytest

from novaluna_widget import Game, IllegalMove, Move, SoloGame
from novaluna_widget.bots import GreedyBot, play_turn
from novaluna_widget.scenario import position
from novaluna_widget.whatif import MOVE_COLUMNS, analyse_moves, compare_lines, play_line

from .untyped import as_passed, rows


def midgame(seed=4, turns=14, players=2):
    game = Game(players, seed=seed)
    bots = [GreedyBot(seed=i) for i in range(players)]
    while game.turn < turns:
        play_turn(game, bots[game.current_player])
    return game


@pytest.mark.parametrize("players", [2, 4])
def test_every_row_matches_playing_the_move_on_a_copy(players):
    game = midgame(players=players)
    before = game.to_json()
    table = analyse_moves(game)
    assert game.to_json() == before
    assert list(table.columns) == MOVE_COLUMNS and len(table) == len(game.legal_actions())
    mover = game.current_player
    for row in rows(table[table["action"] == "take"]):
        copy = game.copy()
        tile = copy.wheel[row.space]
        assert row.move == Move(row.space, row.cell)
        covered = copy.play(row.move)
        assert (row.tile, row.colour, row.cost) == (tile.id, tile.colour, tile.cost)
        assert row.tokens == len(covered) and row.tasks == sorted(covered)
        board = copy.players[mover].board
        assert row.on_tiles == [board[(x, y)].id for x, y, _ in sorted(covered)]
        assert row.time_after == copy.players[mover].time == game.players[mover].time + tile.cost
        assert row.next_player == copy.current_player
        assert row.again == (copy.current_player == mover)
        assert row.again == (row.slack >= 0)
        assert row.wins == (copy.is_over and copy.winner == mover)


def test_refill_is_a_row_that_reveals_nothing():
    game = position(["Y11@0,0 B01@-1,0", "R02@0,0"], wheel="M R01 B04 - - - - - - - - -", times=[5, 6])
    table = analyse_moves(game)
    refill = table[table["action"] == "refill"]
    assert len(refill) == 1 and refill["tile"].isna().all() and refill["tokens"].isna().all()
    best = table.sort_values("tokens", ascending=False).iloc[0]
    assert (best["tile"], best["tokens"], best["on_tiles"]) == ("B04", 1, ["Y11"])


def test_a_cheap_tile_keeps_the_turn():
    # Player 1 at time 5, player 2 at 8: R01 (cost 1) keeps the turn, B04 (cost 3) lands on top at 8.
    game = position(["Y11@0,0 B01@-1,0", "R02@0,0"], wheel="M R01 T12 B04 - - - - - - - -", times=[5, 8])
    table = analyse_moves(game).drop_duplicates("tile").set_index("tile")
    assert table.loc["R01", "again"] and table.loc["R01", "slack"] == 2
    assert table.loc["R01", "turns_in_row"] == 2
    assert table.loc["B04", "again"] and table.loc["B04", "slack"] == 0
    assert not table.loc["T12", "again"] and table.loc["T12", "next_player"] == 1
    assert table.loc["T12", "turns_in_row"] == 1


def test_turns_in_row_counts_the_run_so_far():
    game = position(["Y11@0,0 B01@-1,0", "R02@0,0"], wheel="M R01 T01 B04 T12 - - - - - - -", times=[5, 8])
    game.play(Move(1, (0, 1)))  # R01, time 6: still player 1's turn
    assert analyse_moves(game).set_index("tile").loc[["T01"], "turns_in_row"].max() == 3


def test_solo_lists_the_end_of_phase_one():
    game, bot = SoloGame(seed=1), GreedyBot(seed=0)
    while not game.can_end_phase_one:
        play_turn(game, bot)
    table = analyse_moves(game)
    assert (table["action"] == "end_phase_one").sum() == 1


def test_lines_are_played_on_copies_and_compared():
    game = midgame()
    before = game.to_json()
    moves = game.legal_moves()
    line = play_line(game, [moves[0]])
    assert line.history == (*game.history, moves[0]) and game.to_json() == before
    table = compare_lines(game, {"first": [moves[0]], "last": [moves[-1]]})
    assert isinstance(table, pd.DataFrame) and len(table) == 4
    first = table[table["line"] == "first"].set_index("player")
    assert first.loc[game.current_player, "time"] == line.players[game.current_player].time
    assert game.to_json() == before


def test_a_bad_step_names_its_line_and_step_and_a_missing_game_is_said() -> None:
    game = position({"A": "R16@0,0", "B": "B04@0,0"})
    takeable = game.choices()[0]
    with pytest.raises(
        IllegalMove, match=r"^line 'late', step 2: wheel space \d+ is not among the next three tiles"
    ):
        lines = {"fine": [(takeable, (0, 1))], "late": [(takeable, (0, 1)), (takeable, (1, 1))]}
        compare_lines(game, as_passed(lines))  # (space, cell) pairs, as Game.play takes them
    with pytest.raises(IllegalMove, match=r"^step 1: "):
        play_line(game, as_passed([(99, (0, 1))]))
    for call in (
        lambda: analyse_moves(as_passed(None)),
        lambda: play_line(as_passed(None), []),
        lambda: compare_lines(as_passed(None), {}),
    ):
        with pytest.raises(TypeError, match="takes a game \\(a Game or SoloGame"):
            call()
    with pytest.raises(TypeError, match="lines maps each line's name to its list of actions"):
        compare_lines(game, as_passed([[(takeable, (0, 1))]]))
    assert game.snapshot() == position({"A": "R16@0,0", "B": "B04@0,0"}).snapshot()  # never changed
