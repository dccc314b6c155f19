"""The command line: ``python -m novaluna_widget simulate`` and ``play``."""

import subprocess
import sys

import pandas as pd
import pytest

from novaluna_widget.__main__ import main


def test_simulate_prints_win_rates_with_intervals(capsys, tmp_path):
    csv = tmp_path / "games.csv"
    code = main(["simulate", "--games", "6", "--bots", "greedy,random", "--seed", "3", "--workers", "1",
                 "--no-progress", "--csv", str(csv)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0] == "6 games, bots greedy, random, seed 3"
    assert "95% CI" in out and "win_rate" in out
    greedy = next(line for line in out.splitlines() if line.startswith("bot")).split()
    table = pd.read_csv(csv)
    wins = int(table[table["bot"] == "greedy"]["winner"].sum())
    assert greedy[:4] == ["bot", "greedy", "6", str(wins)]
    assert len(table) == 12


def test_players_repeat_the_bots_and_search_takes_a_budget(capsys):
    assert main(["simulate", "--games", "2", "--bots", "search,greedy", "--players", "3", "--nodes", "100",
                 "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "bots search, greedy" in out and "seat 2" not in out
    assert [line.split()[0] for line in out.splitlines()[3:6]] == ["bot", "search", "seat"]


def test_one_bot_plays_solo(capsys):
    assert main(["simulate", "--games", "2", "--bots", "greedy", "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 solo games" in out and "mean_score" in out


def test_unknown_bot_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--bots", "greedy,clever"])
    assert exit_.value.code == 2 and "unknown bot 'clever'" in capsys.readouterr().err


def test_play_prints_a_whole_game_through_python_dash_m():
    done = subprocess.run([sys.executable, "-m", "novaluna_widget", "play", "--seed", "2"],
                          capture_output=True, text=True, check=True, timeout=60)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("New game (seed 2)")
    assert any(line.startswith("Game over") for line in lines) and lines[-1].startswith("Ranking: 1.")
