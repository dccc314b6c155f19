"""The command line: ``python -m novaluna_widget simulate`` and ``play``; bad arguments and Ctrl-C."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import novaluna_widget.simulate
from novaluna_widget.__main__ import main
from novaluna_widget._i18n import LANGUAGES
from novaluna_widget._new_game import new_game
from novaluna_widget._text_view import game_text
from novaluna_widget.bots import make_bot, play_game

from .test_simulate import POSIX, interrupt


def test_simulate_prints_win_rates_with_intervals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    csv = tmp_path / "games.csv"
    code = main(
        [
            "simulate",
            "--games",
            "6",
            "--bots",
            "greedy,random",
            "--seed",
            "3",
            "--workers",
            "1",
            "--no-progress",
            "--csv",
            str(csv),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0] == "6 games, bots greedy, random, seed 3"
    assert "95% CI" in out and "win_rate" in out
    lines = out.splitlines()
    assert lines[2].split() == ["bot"]  # the index's name: what the rows are grouped by
    greedy = next(line for line in lines if line.startswith("greedy")).split()
    table = pd.read_csv(csv)
    wins = int(table[table["bot"] == "greedy"]["winner"].sum())
    assert greedy[:4] == ["greedy", "6", "3", str(wins)]  # games, deals (each played twice), wins
    assert len(table) == 12


def test_players_repeat_the_bots_and_search_takes_a_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "simulate",
                "--games",
                "2",
                "--bots",
                "search,greedy",
                "--players",
                "3",
                "--nodes",
                "100",
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "bots search, greedy" in out
    assert [line.split()[0] for line in out.splitlines()[2:5]] == ["bot", "greedy", "search"]


def test_one_bot_plays_solo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--bots", "greedy", "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 solo games" in out and "mean_score" in out


def test_unknown_bot_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--bots", "greedy,clever"])
    assert exit_.value.code == 2 and "unknown bot 'clever'" in capsys.readouterr().err


@pytest.fixture
def no_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a simulation starts: bad arguments must be refused before it."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the simulation started")

    monkeypatch.setattr(novaluna_widget.simulate, "simulate", refuse)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--bots", ",", "--players", "2"], "argument --bots: name 1 to 4 bots, comma-separated"),
        (["play", "--bots", " , "], "argument --bots: name 1 to 4 bots"),
        (["simulate", "--bots", "greedy,random,greedy,random,greedy"], "seats 1 (solo) to 4 players; 5 bots"),
        (["simulate", "--games", "0"], "argument --games: must be a whole number, 1 or more, not 0"),
        (["simulate", "--games", "ten"], "argument --games: must be a whole number, 1 or more, not 'ten'"),
        (["simulate", "--players", "5"], "argument --players: must be a whole number from 1 to 4, not 5"),
        (["play", "--players", "0"], "argument --players: must be a whole number from 1 to 4, not 0"),
        (["simulate", "--workers", "0"], "argument --workers: must be a whole number, 1 or more, not 0"),
        (
            ["simulate", "--bots", "search", "--nodes", "0"],
            "argument --nodes: must be a whole number, 1 or more",
        ),
        (["simulate", "--seed", "-1"], "argument --seed: must be a whole number from 0 to 2**64 - 1, not -1"),
        (["play", "--seed", str(2**64)], "argument --seed: must be a whole number from 0 to 2**64 - 1"),
        (
            ["simulate", "--bots", "greedy,random,search", "--players", "2"],
            "--players 2 leaves bots out: 3 bots",
        ),
        (["simulate", "--bots", "greedy,random", "--nodes", "100"], "--nodes is the search bot's budget"),
        (["simulate", "--bots", "greedy", "--beginner"], "--beginner: the solo game has no beginner variant"),
        (["simulate", "--csv", "{tmp}/missing/games.csv"], "argument --csv: no directory '{tmp}/missing'"),
        (["simulate", "--csv", "{tmp}"], "argument --csv: {tmp} is a directory"),
        (["simulate", "--csv", "{tmp}/file.txt/games.csv"], "argument --csv: no directory '{tmp}/file.txt'"),
    ],
)
@pytest.mark.usefixtures("no_simulation")
def test_bad_arguments_are_usage_errors_before_any_game(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file.txt").write_text("not a directory")
    with pytest.raises(SystemExit) as exit_:
        main([arg.format(tmp=tmp_path) for arg in argv])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and message.format(tmp=tmp_path) in err
    assert err.startswith("usage: python -m novaluna_widget " + argv[0])


@pytest.mark.usefixtures("no_simulation")
def test_checking_the_csv_path_leaves_no_file_behind_and_keeps_an_old_one(tmp_path: Path) -> None:
    new, old = tmp_path / "new.csv", tmp_path / "old.csv"
    old.write_text("last week's games\n")
    for csv in (new, old):  # the path is fine, a later check fails: nothing is written
        with pytest.raises(SystemExit):
            main(["simulate", "--bots", "greedy", "--beginner", "--csv", str(csv)])
    assert not new.exists() and old.read_text() == "last week's games\n"


@POSIX
def test_ctrl_c_stops_the_workers_at_once_and_says_so() -> None:
    # kill -INT reaches only the main process: it must end the workers itself. A seeded search with a
    # billion nodes a move never finishes one while the test runs, so the command ends only by ending them.
    code, err = interrupt(
        [
            sys.executable,
            "-m",
            "novaluna_widget",
            "simulate",
            "--games",
            "200",
            "--bots",
            "search,search",
            "--nodes",
            "1000000000",
            "--workers",
            "2",
        ],
        whole_group=False,
    )
    assert code == 128 + signal.SIGINT and err.endswith("interrupted after 0 of 200 games\n")
    assert "Traceback" not in err and "UserWarning" not in err


@POSIX
def test_a_worker_ended_before_it_sets_its_own_handlers_ends_quietly() -> None:
    # A simulation's workers are forked while the command turns SIGTERM into Ctrl-C. One that the parent
    # ends (SIGTERM) before its initializer has set its own handlers, as a Ctrl-C at the start may, ends as
    # by default: quietly, never as a Ctrl-C with a traceback.
    script = textwrap.dedent(
        """
        import multiprocessing, os, signal, time
        from novaluna_widget.__main__ import _sigterm_as_ctrl_c

        def worker():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)

        with _sigterm_as_ctrl_c([]):
            child = multiprocessing.get_context("fork").Process(target=worker)
            child.start()
            child.join(30)
            print(child.exitcode)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == str(-signal.SIGTERM), done.stderr
    assert "Traceback" not in done.stderr


def test_play_prints_a_whole_game_through_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "novaluna_widget", "play", "--seed", "2"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("New game (seed 2)")
    assert any(line.startswith("Game over") for line in lines) and lines[-1].startswith("Ranking: 1.")


def _played(seed: int, lang: str) -> str:
    """What ``play --seed SEED`` prints in ``lang``, from the engine itself: the log less moves and
    placements, then the game's text view."""
    game = play_game(new_game(2, seed=seed), [make_bot("greedy", seed=seed + i) for i in range(2)])
    told = [e.in_language(lang) for e in game.log if e.kind not in ("move", "place")]
    return "\n".join([*told, "", game_text(game, lang)]) + "\n"


@pytest.mark.parametrize("argv", [["--lang", "ja", "play"], ["play", "--lang", "ja"], ["play", "--lang=ja"]])
def test_lang_prints_the_game_in_that_language(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out == _played(2, "ja") != _played(2, "en")


def test_the_package_language_is_the_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NOVALUNA_LANG", "fa")
    assert main(["play", "--seed", "1"]) == 0
    assert capsys.readouterr().out == _played(1, "fa")
    assert main(["play", "--seed", "1", "--lang", "en"]) == 0  # --lang wins over the environment
    assert capsys.readouterr().out == _played(1, "en")


def test_counts_have_the_languages_digits_and_typed_values_stay_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "--lang",
                "fa",
                "simulate",
                "--games",
                "2",
                "--bots",
                "greedy,random",
                "--seed",
                "13",
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    head = capsys.readouterr().out.splitlines()[0]
    assert "۲" in head and "13" in head and "greedy" in head and "random" in head  # seed, bots: as typed
    assert "2" not in head.replace("13", "")


def test_one_game_is_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "1", "--bots", "greedy,random", "--workers", "1", "--no-progress"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[0] == "1 game, bots greedy, random, seed 0"


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "de", "play"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "argument --lang: invalid choice: 'de'" in err
    assert all(f"'{code}'" in err for code in LANGUAGES)


def test_the_help_names_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["play", "--help"], ["--lang", "fa", "simulate", "--help"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 0
        out = capsys.readouterr().out
        assert "--lang" in out and all(name in out for name in LANGUAGES.values())


def test_ctrl_c_keeps_the_finished_games_in_the_table_and_the_csv(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = novaluna_widget.simulate.simulate(4, ["greedy", "random"], seed=0, progress=False, workers=1)

    def stopped(*args: Any, **kwargs: Any) -> None:
        error = KeyboardInterrupt("interrupted after 4 of 100 games")
        vars(error).update(table=finished, actions=None, finished=4, total=100)
        raise error

    monkeypatch.setattr(novaluna_widget.simulate, "simulate", stopped)
    csv = tmp_path / "games.csv"
    code = main(["simulate", "--bots", "greedy,random", "--no-progress", "--csv", str(csv), "--by", "seat"])
    out, err = capsys.readouterr()
    assert code == 130 and err == f"interrupted after 4 of 100 games; {csv} holds those\n"
    assert out.splitlines()[0] == "4 games, bots greedy, random, seed 0" and out.splitlines()[2].split() == [
        "seat"
    ]
    assert pd.read_csv(csv).equals(pd.read_csv(io.StringIO(finished.to_csv(index=False))))


def test_by_groups_the_win_rates_and_no_rotate_deals_each_game_afresh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv = tmp_path / "games.csv"
    argv = ["simulate", "--games", "4", "--bots", "greedy,random", "--workers", "1", "--no-progress"]
    assert main([*argv, "--by", "players,order", "--no-rotate", "--csv", str(csv)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split() == ["players", "order"] and lines[3].split()[:3] == ["2", "0", "4"]
    assert pd.read_csv(csv)["deal"].nunique() == 4  # four deals, not two played twice
    with pytest.raises(SystemExit):
        main([*argv, "--by", "colour"])
    assert (
        "argument --by: must name columns among bot, bot_spec, seat, order, players, end, not 'colour'"
        in (capsys.readouterr().err)
    )


def test_the_installed_command_names_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/novaluna"])
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: novaluna ")
