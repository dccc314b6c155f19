"""Batch runs: the table, its determinism across executors (Dask included), and the summary."""

import functools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from novaluna_widget import Game
from novaluna_widget.bots import GreedyBot, RandomBot, SearchBot, play_game
from novaluna_widget.simulate import COLUMNS, SOLO_COLUMNS, simulate, summary, wilson


def run(n=6, bots=("greedy", "random"), **kwargs):
    kwargs.setdefault("executor", ThreadPoolExecutor(1))
    return simulate(n, list(bots), seed=kwargs.pop("seed", 1), progress=False, **kwargs)


def test_one_row_per_player_per_game_with_consistent_ranks():
    df = run(9, ("greedy", "random", "greedy"))
    assert list(df.columns) == COLUMNS and len(df) == 27
    for _, game in df.groupby("game"):
        assert sorted(game["seat"]) == [0, 1, 2] and sorted(game["rank"]) == [1, 2, 3]
        assert sorted(game["order"]) == [0, 1, 2]
        assert game["winner"].sum() == 1 and (game.loc[game["winner"], "rank"] == 1).all()
        assert game["tiles"].sum() == game["turns"].iloc[0]
        assert (game["total_time"] >= game["tiles"]).all()
        ranked = game.sort_values("rank")
        if (ranked["end"] == "no tile").all():
            assert ranked["tokens_left"].is_monotonic_increasing


def test_rows_replay_exactly():
    """``seed`` and ``bot_seed`` make the very same game again."""
    df = run(2)
    game_rows = df[df["game"] == 1].sort_values("seat")
    bots = [{"greedy": GreedyBot, "random": RandomBot}[b](seed=s)
            for b, s in zip(game_rows["bot"], game_rows["bot_seed"], strict=True)]
    game = play_game(Game(2, seed=int(game_rows["seed"].iloc[0])), bots)
    assert list(game_rows["tokens_left"]) == [p.tokens for p in game.players]
    assert list(game_rows["total_time"]) == [p.time for p in game.players]


def test_rotation_plays_each_deal_with_the_bots_in_every_seat():
    df = run(4)
    first, second = df[df["game"] == 0], df[df["game"] == 1]
    assert first["seed"].iloc[0] == second["seed"].iloc[0]
    assert list(first["bot"]) == ["greedy", "random"] and list(second["bot"]) == ["random", "greedy"]
    assert df[df["game"] == 2]["seed"].iloc[0] != first["seed"].iloc[0]
    fixed = run(4, rotate=False)
    assert (fixed[fixed["seat"] == 0]["bot"] == "greedy").all() and fixed["seed"].nunique() == 4


def test_same_seed_same_table_whatever_the_executor_and_chunks():
    serial = run(8, chunksize=8)
    with ProcessPoolExecutor(2) as pool:
        pooled = run(8, executor=pool, chunksize=1)
    default = simulate(8, ["greedy", "random"], seed=1, progress=False)  # its own process pool
    assert serial.equals(pooled) and serial.equals(default)
    assert not serial.equals(run(8, seed=2))


def test_same_table_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = run(6, executor=client.get_executor(), chunksize=2)
        workers = {w for w in client.run(lambda: "up")}
    assert len(workers) == 2
    assert on_dask.equals(run(6))


def test_solo_games_have_a_score():
    df = run(3, ("greedy",))
    assert list(df.columns) == SOLO_COLUMNS and len(df) == 3
    assert (df["score"] == df["phase_one"] + df["final"]).all() and (df["rank"] == 1).all()
    assert df["seed"].nunique() == 3


def test_bot_factories_and_labels():
    labelled = {"small search": functools.partial(SearchBot, nodes=200, samples=1), "greedy": GreedyBot}
    df = simulate(2, labelled, seed=3, progress=False, executor=ThreadPoolExecutor(1))
    assert set(df["bot"]) == {"small search", "greedy"}
    assert set(run(2, bots=[RandomBot, "greedy"])["bot"]) == {"random", "greedy"}


def test_bad_bots_are_refused_before_any_game():
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        run(2, bots=["greedy", "clever"])
    with pytest.raises(ValueError, match="1 \\(solo\\) to 4"):
        run(2, bots=["greedy"] * 5)
    with pytest.raises(TypeError):
        simulate(2, "greedy", progress=False)


def test_wilson_interval():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 0) == (0.0, 1.0)


def test_summary_per_bot_and_seat():
    df = run(8)
    table = summary(df)
    assert set(table.index.get_level_values("by")) == {"bot", "seat"}
    bots = table.loc["bot"]
    assert bots["games"].sum() == 16 and bots["wins"].sum() == 8
    greedy = bots.loc["greedy"]
    assert greedy["wins"] == df[df["bot"] == "greedy"]["winner"].sum()
    assert greedy["ci_low"] <= greedy["win_rate"] <= greedy["ci_high"]
    assert (greedy["ci_low"], greedy["ci_high"]) == pytest.approx(wilson(int(greedy["wins"]), 8))
    assert table.loc["seat"]["games"].tolist() == [8, 8]
