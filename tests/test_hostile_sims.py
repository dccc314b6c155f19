"""Hostile use of simulations, threads and scripts (issue 34, points 8–12): a start factory that fails late
or deals finished games, a resampling that must stay uniform whatever the factory does with its seed,
seats that must not be swapped, interrupted runs that keep what finished, a game used from two threads,
a review in a script without a main guard, and small odd arguments. ``bench/hostile.py --sims`` runs the
interrupt campaign on more cases.
"""

from __future__ import annotations

import os
import pickle
import random
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from novaluna_widget import Game, IllegalMove, coach
from novaluna_widget import _game as game_module
from novaluna_widget.__main__ import main
from novaluna_widget._new_game import new_game
from novaluna_widget.bots import GreedyBot, RandomBot, play_game
from novaluna_widget.scenario import position
from novaluna_widget.simulate import SimulationError, StartError, actions, resampled, simulate, summary

from .hostile_sims import DEADLINE, ROOT, stop_run

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="signals to process groups")

#: How long a refusal may be, as in tests/test_hostile.py.
SHORT = 400
AREAS = {"Ada": "R16@0,0 B04@1,0 Y09@0,1", "Bo": "T16@0,0 Y16@1,0"}


def natural(seed: int) -> Game:
    """The factory a user writes first: the position whose unnamed tiles (the draw pile) the seed shuffles."""
    return position(AREAS, wheel="M T12 B01 Y13 Y02 R09 B10 - - - - -", seed=seed)


def finished() -> Game:
    return position(["Y11@0,0 B01@-1,0 B04@1,0", "R17@0,0"], tokens=[0, 20])


class GoodOnce:
    """A factory fine when ``simulate`` tries it, then ``later(seed)`` on the games' seeds."""

    def __init__(self, later) -> None:
        self.calls, self.later = 0, later

    def __call__(self, seed: int) -> Game:
        self.calls += 1
        return natural(seed) if self.calls == 1 else self.later(seed)


def sims(n: int, bots=("greedy", "random"), **kwargs):
    bots = bots if isinstance(bots, dict) else list(bots)
    return simulate(n, bots, seed=3, progress=False, executor=ThreadPoolExecutor(1), **kwargs)


# -- 8. simulations from a start position -----------------------------------------------------------
def failing(seed: int) -> Game:
    raise RuntimeError("no such lesson")


@pytest.mark.parametrize(
    ("later", "says"),
    [
        (failing, r"^game 0: start\(\d+\) failed: RuntimeError: no such lesson$"),
        (lambda seed: None, r"^game 0: start\(\d+\) must return a game, not None$"),
        (
            lambda seed: finished(),
            r"^game 0: start\(\d+\) is a finished game: there is nothing left to play$",
        ),
        (
            lambda seed: position(["R16@0,0", "R01@0,0", "B01@0,0"]),
            r"^game 0: start\(\d+\) has 3 players and 2 bots are given",
        ),
    ],
)
def test_a_start_factory_is_checked_on_every_game_and_named_in_words(later, says):
    with pytest.raises(StartError, match=says) as caught:
        sims(4, start=GoodOnce(later))
    error = caught.value
    assert isinstance(error, SimulationError) and error.game == 0 and error.seat is None
    assert len(str(error)) <= SHORT
    again = pickle.loads(pickle.dumps(error))  # it crosses from a worker process whole
    assert str(again) == str(error) and again.seed == error.seed


def permutation(before: list[str], after: list[str]) -> list[int]:
    where = {tile: i for i, tile in enumerate(before)}
    return [where[tile] for tile in after]


def is_even(perm: list[int]) -> bool:
    seen, cycles = set(), 0
    for i in range(len(perm)):
        if i not in seen:
            cycles += 1
            while i not in seen:
                seen.add(i)
                i = perm[i]
    return (len(perm) - cycles) % 2 == 0


def test_the_hidden_draw_pile_is_resampled_uniformly_whatever_the_factory_does_with_the_seed():
    # The natural factory shuffles the pile by Random(seed): resampling by the same stream again applied
    # the same permutation twice, so every order was even and tiles stayed put twice as often as chance.
    # A fixed set of seeds, so the figures are the same on every run.
    runs = 2000
    evens, slot_counts = 0, None
    for seed in range(runs):
        start = natural(seed)
        before = [t.id for t in start.draw_pile]
        perm = permutation(before, [t.id for t in resampled(start, seed).draw_pile])
        evens += is_even(perm)
        if slot_counts is None:
            slot_counts = [[0] * len(perm) for _ in perm]
        for slot, came_from in enumerate(perm):
            slot_counts[came_from][slot] += 1
    assert abs(evens - runs / 2) < 4.5 * (runs / 4) ** 0.5, f"{evens} of {runs} orders are even"
    size = len(slot_counts)
    expected = runs / size
    chi2 = sum((o - expected) ** 2 / expected for row in slot_counts for o in row)
    dof = (size - 1) ** 2
    assert abs(chi2 - dof) / (2 * dof) ** 0.5 < 5, f"chi-square {chi2:.0f} on {dof} degrees of freedom"
    stayed = sum(slot_counts[i][i] for i in range(size)) / runs  # tiles left in their slot, per order
    assert 0.7 < stayed < 1.3, stayed  # 1 by chance; 2 when the same shuffle was applied twice


def test_a_start_position_keeps_one_bot_per_seat():
    start = natural(5)
    df = sims(6, ("greedy", "random"), start=start)
    assert set(df[df["seat"] == 0]["bot"]) == {"greedy"} and set(df[df["seat"] == 1]["bot"]) == {"random"}
    labelled = sims(4, {"mine": GreedyBot, "theirs": RandomBot}, start=natural)
    assert set(labelled[labelled["seat"] == 0]["bot"]) == {"mine"}
    with pytest.raises(ValueError, match="one bot per seat") as caught:
        sims(2, start=start, rotate=True)
    assert len(str(caught.value)) <= SHORT
    assert set(sims(4)["bot"][::2]) == {"greedy", "random"}  # fresh deals still rotate by default


def test_the_actions_table_keeps_its_dtypes_when_empty():
    game = play_game(new_game(2, seed=4), [GreedyBot(seed=1), GreedyBot(seed=2)])
    full = actions(game).dtypes
    assert actions(new_game(2)).dtypes.equals(full)
    _, none = sims(0, log=True)
    _, some = sims(2, log=True)
    assert none.dtypes.equals(some.dtypes) and some.dtypes.equals(full)


# -- 9. interrupting keeps what finished -------------------------------------------------------------
@POSIX
@pytest.mark.parametrize(
    ("n_games", "how", "log"),
    [
        (100_000, "ctrl-c", False),
        (10**12, "ctrl-c", True),
        (100_000, "sigint", True),
        (100_000, "sigterm", False),
    ],
)
def test_an_interrupted_run_keeps_every_game_finished_before(n_games, how, log):
    # Two workers; once 12 games have started, at least 10 have finished (a worker plays one at a time),
    # less at most one more each that finished just as the signal went. Chunks of 50 games kept none.
    stopped = stop_run(n_games, workers=2, after=12, how=how, log=log)
    assert not stopped.stray_workers, "worker processes outlived the run"
    if how == "sigterm":  # a script has no handler for it: it ends at once, and its workers with it
        assert stopped.code == -signal.SIGTERM
        return
    assert stopped.code == -signal.SIGINT, stopped.stderr[-500:]
    assert stopped.kept is not None and len(stopped.kept) >= stopped.started - 4, (
        stopped.started,
        stopped.kept,
    )
    assert f"interrupted after {len(stopped.kept)} of {n_games} games" in stopped.stderr
    if log:
        assert stopped.logged == stopped.kept


def cli(*args: str, **kwargs) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "novaluna_widget", "simulate", *args],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        start_new_session=True,
        **kwargs,
    )


@POSIX
def test_sigterm_stops_the_command_line_and_its_workers_keeping_the_finished_games(tmp_path):
    csv = tmp_path / "games.csv"
    child = cli("--games", "100000", "--workers", "2", "--csv", str(csv), stdout=subprocess.PIPE)
    watchdog = threading.Timer(DEADLINE, os.killpg, (child.pid, signal.SIGKILL))
    watchdog.start()
    try:
        seen = b""
        while not re.search(rb"\b[1-9]\d*/100000", seen):  # the progress bar counts a finished game
            more = child.stderr.read1(1024)
            assert more, "the command ended before a game finished"
            seen += more
        child.terminate()  # SIGTERM, as kill and service managers send it, to the command alone
        out, err = child.communicate()
    finally:
        watchdog.cancel()
    assert child.returncode == 128 + signal.SIGTERM
    with pytest.raises(ProcessLookupError):  # the workers went with it, at once
        os.killpg(child.pid, 0)
    said = re.search(r"interrupted after (\d+) of 100000 games", err.decode())
    assert said and int(said[1]) >= 1, err.decode()[-300:]
    assert len(pd.read_csv(csv)) == 2 * int(said[1]) and out.decode().count("greedy") >= 1


def test_a_reader_that_goes_away_ends_the_command_line_quietly():
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is printed, as `| head -1` is once it has a line
    try:
        child = cli("--games", "2", "--workers", "1", "--no-progress", stdout=write)
        _, err = child.communicate(timeout=DEADLINE)
    finally:
        os.close(write)
    assert err.decode() == "" and child.returncode == 128 + signal.SIGPIPE


# -- 10. threads ----------------------------------------------------------------------------------------
@pytest.fixture
def switching_often():
    """Threads switch every microsecond, so that two of them meet inside a game's calls (5 ms by default)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def random_player(game: Game, seed: int, errors: list[str]) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        try:
            if game.is_over:
                return
            moves = game.legal_moves()
            if len(moves):
                game.play(moves[rng.randrange(len(moves))])
        except IllegalMove:  # the other thread moved first: the move chosen is no longer legal
            pass
        except Exception as err:
            errors.append(f"{type(err).__name__}: {err}"[:200])


def test_two_threads_playing_on_one_game_never_corrupt_it(switching_often):
    # Before the guard: half of such games no longer loaded (and moves failed with KeyError, IndexError).
    for trial in range(12):
        game, errors = Game(2, seed=trial), []
        threads = [
            threading.Thread(target=random_player, args=(game, 10 * trial + i, errors)) for i in range(2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        again = Game.from_json(game.to_json())  # a whole game, each move legal where it was played
        assert again.to_json() == game.to_json()


class Held(random.Random):
    """A shuffle that waits, inside ``Game.copy``, until it is let go: one thread holds the game."""

    def __init__(self) -> None:
        super().__init__(0)
        self.inside, self.go = threading.Event(), threading.Event()

    def shuffle(self, x) -> None:  # type: ignore[override]
        self.inside.set()
        assert self.go.wait(DEADLINE)
        super().shuffle(x)


def test_a_second_thread_waits_its_turn_and_then_plays():
    game, held = Game(2, seed=3), Held()
    copier = threading.Thread(target=game.copy, kwargs={"shuffle_pile": held})
    copier.start()
    assert held.inside.wait(DEADLINE)
    played: list[object] = []
    mover = threading.Thread(target=lambda: played.append(game.play(game.legal_moves()[0])))
    mover.start()
    deadline = time.monotonic() + DEADLINE
    while mover.ident not in game_module._WAITING:  # until the move waits for the copy
        assert time.monotonic() < deadline and mover.is_alive(), "the second thread did not wait"
        time.sleep(0.001)  # a poll
    assert played == [] and not game.history
    held.go.set()
    copier.join(DEADLINE)
    mover.join(DEADLINE)
    assert len(played) == 1 and len(game.history) == 1


def test_a_hint_on_a_thread_while_a_bot_plays_speaks_of_one_position(switching_often):
    # Before: the hint read the live game between the bot's moves and failed with a bare AssertionError.
    errors: list[str] = []
    for trial in range(6):
        game, stop = Game(2, seed=trial), threading.Event()

        def hinting(game=game, stop=stop) -> None:
            while not stop.is_set():
                try:
                    hint = coach.hint(game, nodes=30)
                    assert hint.reason
                except IllegalMove:  # the game has ended
                    return
                except Exception as err:
                    errors.append(f"{type(err).__name__}: {err}"[:200])
                    return

        thread = threading.Thread(target=hinting)
        thread.start()
        try:
            play_game(game, [GreedyBot(seed=1), GreedyBot(seed=2)])
        finally:
            stop.set()
            thread.join(DEADLINE)
        assert Game.from_json(game.to_json()).to_json() == game.to_json()
    assert errors == []


def test_a_hint_speaks_of_the_position_it_was_asked_about_when_the_game_moves_on(monkeypatch):
    # The interleaving above, made certain: the bot moves just after the hint's search.
    game = Game(2, seed=4)
    asked = game.to_json()
    search = coach._evaluate

    def searched_then_the_bot_moves(*args, **kwargs):
        ranked = search(*args, **kwargs)
        game.play(game.legal_moves()[0])
        return ranked

    monkeypatch.setattr(coach, "_evaluate", searched_then_the_bot_moves)
    hint = coach.hint(game, nodes=30)
    monkeypatch.undo()
    assert hint.to_data() == coach.hint(Game.from_json(asked), nodes=30).to_data()


# -- 11. a review in a script without a main guard ---------------------------------------------------
#: A review long enough to run on two processes (35 actions of 3,000 nodes: twice ``PARALLEL_WORK``).
REVIEW = """
from novaluna_widget import Game, coach
from novaluna_widget.bots import GreedyBot, play_game

game = play_game(Game(2, seed=1), [GreedyBot(seed=1), GreedyBot(seed=2)])
assert coach._workers(len(game.history) * 3000) == 2
print(len(coach.review(game, nodes=3000)), len(game.history))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the start method Linux uses by default, fork")
@pytest.mark.parametrize("guarded", [False, True])
def test_a_review_at_the_top_of_a_script_runs_quietly(tmp_path, guarded):
    # A spawned worker imports the main script again: without a guard it reviews again, fails, and prints
    # a RuntimeError traceback before the review falls back to one process.
    body = (
        REVIEW
        if not guarded
        else "def main():\n" + REVIEW.replace("\n", "\n    ") + "\nif __name__ == '__main__':\n    main()\n"
    )
    script = tmp_path / "review.py"
    script.write_text(body)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, timeout=300, cwd=tmp_path)
    assert done.stderr.decode() == ""
    rows, actions = done.stdout.split()
    assert rows == actions


@pytest.mark.skipif(sys.platform != "linux", reason="the start method Linux uses by default, fork")
def test_a_review_in_a_notebook_runs_quietly(tmp_path):
    from jupyter_client.manager import start_new_kernel

    from .test_simulate import _printed

    errors = tmp_path / "kernel.err"
    with errors.open("wb") as stderr:
        km, kc = start_new_kernel(kernel_name="python3", stderr=stderr)
        try:
            rows, actions = _printed(kc, REVIEW).split()
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    assert rows == actions and "Traceback" not in errors.read_text()


# -- 12. small odd arguments -----------------------------------------------------------------------
@pytest.mark.parametrize("table", [[], None, {"winner": [True]}, "bot"])
def test_summary_of_what_is_no_table_says_so(table):
    with pytest.raises(TypeError, match="summary takes a simulate table") as caught:
        summary(table)
    assert len(str(caught.value)) <= SHORT


def test_summary_of_an_empty_run_is_an_empty_table():
    table = summary(sims(0))
    assert table.empty and "win_rate" in table.columns


@pytest.mark.parametrize("flag", ["--by", "--bots", "--games", "--seed", "--csv"])
def test_a_huge_command_line_value_gets_a_short_message(flag, capsys):
    value = "x" * 10_000 if flag != "--csv" else "/" + "d" * 10_000 + "/x.csv"
    with pytest.raises(SystemExit):
        main(["simulate", flag, value])
    said = capsys.readouterr().err
    assert "error" in said and len(said.splitlines()[-1]) <= SHORT, len(said)
