"""Batch runs: the table, its determinism across executors (Dask included), and the summary; bad
arguments, failing bots and Ctrl-C."""

from __future__ import annotations

import functools
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pandas as pd
import pytest

from novaluna_widget import Game
from novaluna_widget._game import Action
from novaluna_widget.bots import Bot, GreedyBot, RandomBot, SearchBot, play_game, play_turn
from novaluna_widget.scenario import position
from novaluna_widget.simulate import (
    ACTION_COLUMNS,
    COLUMNS,
    SOLO_COLUMNS,
    BotSpec,
    SimulationError,
    actions,
    plot_summary,
    resampled,
    simulate,
    summary,
    wilson,
)

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and process groups")
DEADLINE = 60.0
"""Seconds a test waits for a condition before it fails: it only bounds a failure."""


def run(n: int = 6, bots: Any = ("greedy", "random"), **kwargs: Any) -> Any:
    """``simulate``'s table, in a thread (with ``log=True``, the table and the actions' table)."""
    kwargs.setdefault("executor", ThreadPoolExecutor(1))
    return simulate(n, list(bots), seed=kwargs.pop("seed", 1), progress=False, **kwargs)


class Broken(GreedyBot):
    """Fails on its first move (at module level, so a process pool can send it)."""

    name = "broken"

    def choose(self, game: Game) -> Action:
        raise ZeroDivisionError("boom")


def test_one_row_per_player_per_game_with_consistent_ranks() -> None:
    df = run(9, ("greedy", "random", "greedy"))
    assert list(df.columns) == COLUMNS and len(df) == 27
    for _, game in df.groupby("game"):
        assert sorted(game["seat"]) == [0, 1, 2] and sorted(game["rank"]) == [1, 2, 3]
        assert sorted(game["order"]) == [0, 1, 2]
        assert game["winner"].sum() == 1 and (game.loc[game["winner"], "rank"] == 1).all()
        assert game["tiles"].sum() == game["game_turns"].iloc[0] == game["turns_taken"].sum()
        assert (game["turns_taken"] == game["tiles"]).all()  # each take places one tile
        assert (game["total_time"] >= game["tiles"]).all()
        ranked = game.sort_values("rank")
        if (ranked["end"] == "no tile").all():
            assert ranked["tokens_left"].is_monotonic_increasing


def test_rows_replay_exactly() -> None:
    """``seed`` and ``bot_seed`` make the very same game again."""
    df = run(2)
    game_rows = df[df["game"] == 1].sort_values("seat")
    makers: dict[str, Callable[..., Bot]] = {"greedy": GreedyBot, "random": RandomBot}
    bots = [makers[b](seed=s) for b, s in zip(game_rows["bot"], game_rows["bot_seed"], strict=True)]
    game = play_game(Game(2, seed=int(game_rows["seed"].iloc[0])), bots)
    assert list(game_rows["tokens_left"]) == [p.tokens for p in game.players]
    assert list(game_rows["total_time"]) == [p.time for p in game.players]


def test_rotation_plays_each_deal_with_the_bots_in_every_seat() -> None:
    df = run(4)
    first, second = df[df["game"] == 0], df[df["game"] == 1]
    assert first["seed"].iloc[0] == second["seed"].iloc[0]
    assert list(first["bot"]) == ["greedy", "random"] and list(second["bot"]) == ["random", "greedy"]
    assert df[df["game"] == 2]["seed"].iloc[0] != first["seed"].iloc[0]
    fixed = run(4, rotate=False)
    assert (fixed[fixed["seat"] == 0]["bot"] == "greedy").all() and fixed["seed"].nunique() == 4


def test_same_seed_same_table_whatever_the_executor_and_chunks() -> None:
    serial = run(8, chunksize=8)
    with ProcessPoolExecutor(2) as pool:
        pooled = run(8, executor=pool, chunksize=1)
    default = simulate(8, ["greedy", "random"], seed=1, progress=False)  # its own process pool
    assert serial.equals(pooled) and serial.equals(default)
    assert not serial.equals(run(8, seed=2))


@pytest.mark.slow  # starts a local Dask cluster
def test_same_table_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run(6, executor=client.get_executor(), chunksize=2)
        workers = {w for w in client.run(lambda: "up")}
    assert len(workers) == 2
    assert on_dask.equals(run(6))


def test_solo_games_have_a_score() -> None:
    df = run(3, ("greedy",))
    assert list(df.columns) == SOLO_COLUMNS and len(df) == 3
    assert (df["score"] == df["phase_one"] + df["final"]).all() and (df["rank"] == 1).all()
    assert df["seed"].nunique() == 3


def test_bot_factories_and_labels() -> None:
    labelled: dict[str, BotSpec] = {
        "small search": functools.partial(SearchBot, nodes=200, samples=1),
        "greedy": GreedyBot,
    }
    df = simulate(2, labelled, seed=3, progress=False, executor=ThreadPoolExecutor(1))
    assert set(df["bot"]) == {"small search", "greedy"}
    assert set(run(2, bots=[RandomBot, "greedy"])["bot"]) == {"random", "greedy"}


def test_bad_bots_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        run(2, bots=["greedy", "clever"])
    with pytest.raises(ValueError, match="1 \\(solo\\) to 4"):
        run(2, bots=["greedy"] * 5)
    with pytest.raises(TypeError):
        simulate(2, "greedy", progress=False)


def test_wilson_interval() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 0) == (0.0, 1.0)


def test_summary_per_bot_and_seat() -> None:
    df = run(8)
    bots = summary(df)  # by bot
    assert bots.index.name == "bot" and bots["games"].sum() == 16 and bots["wins"].sum() == 8
    greedy = bots.loc["greedy"]
    assert greedy["wins"] == df[df["bot"] == "greedy"]["winner"].sum()
    assert greedy["ci_low"] <= greedy["win_rate"] <= greedy["ci_high"]
    seats = summary(df, "seat")
    assert seats["games"].tolist() == [8, 8] and seats.loc[0, "games"] == 8  # seats stay numbers


# -- bad arguments ---------------------------------------------------------------------------------
class NoGames(Executor):
    """An executor that fails the test if a game is handed to it: bad arguments are refused first."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise AssertionError("a game was submitted")


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n_games": "x"}, TypeError, "n_games must be a whole number, 0 or more, not 'x'"),
        ({"n_games": -1}, ValueError, "n_games must be 0 or more, not -1"),
        ({"n_games": 2.0}, TypeError, "n_games must be a whole number"),
        ({"n_games": True}, TypeError, "n_games must be a whole number"),
        ({"bots": []}, ValueError, "1 \\(solo\\) to 4 players; 0 bots given"),
        ({"bots": {"greedy", "random"}}, TypeError, "a list of bots, one per seat, or a mapping"),
        ({"bots": 2}, TypeError, "a list of bots, one per seat, or a mapping"),
        ({"bots": [GreedyBot(), "greedy"]}, TypeError, "a name or a callable taking seed="),
        ({"seed": "1"}, TypeError, "seed must be a whole number or None, not '1'"),
        ({"seed": -1}, ValueError, "seed must be a whole number from 0 to 2\\*\\*64 - 1, not -1"),
        ({"seed": 1.5}, TypeError, "seed must be a whole number"),
        ({"chunksize": -3}, ValueError, "chunksize must be 1 or more, not -3"),
        ({"chunksize": 0}, ValueError, "chunksize must be 1 or more, not 0"),
        ({"chunksize": 2.5}, TypeError, "chunksize must be a whole number, 1 or more, not 2.5"),
        ({"beginner": "yes"}, TypeError, "beginner must be True or False, not 'yes'"),
        ({"beginner": True, "bots": ["greedy"]}, ValueError, "the solo game has no beginner variant"),
        ({"progress": 1}, TypeError, "progress must be True or False, not 1"),
        ({"rotate": "yes"}, TypeError, "rotate must be True, False or None \\(the default\\), not 'yes'"),
        ({"executor": "threads"}, TypeError, "executor must be a concurrent.futures.Executor"),
        ({"executor": None, "workers": 0}, ValueError, "workers must be 1 or more, not 0"),
        ({"workers": 2}, ValueError, "workers sizes the default process pool"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    call: dict[str, Any] = {
        "n_games": 4,
        "bots": ["greedy", "random"],
        "seed": 1,
        "executor": NoGames(),
        "progress": False,
    }
    with pytest.raises(error, match=message):
        simulate(**(call | kwargs))


def test_numpy_integers_are_whole_numbers_and_give_the_same_table() -> None:
    # Seeds from a DataFrame are numpy integers: the master seed must derive the same games from them.
    numbers: dict[str, Any] = {"n_games": np.int64(4), "seed": np.int64(1), "chunksize": np.int32(2)}
    with_numpy = simulate(
        bots=["greedy", "random"], progress=False, executor=ThreadPoolExecutor(1), **numbers
    )
    assert with_numpy.equals(run(4))


def test_a_lambda_for_a_process_pool_is_refused_with_advice() -> None:
    bots: list[BotSpec] = [lambda seed: GreedyBot(seed), "greedy"]
    with ProcessPoolExecutor(1) as pool:
        for executor in (None, pool):
            with pytest.raises(
                TypeError,
                match=r"cannot be sent to worker processes.*functools\.partial.*"
                r"executor=ThreadPoolExecutor\(1\)",
            ):
                simulate(2, bots, seed=1, progress=False, executor=executor)
    assert run(2, bots)["bot"].tolist() == ["greedy"] * 4  # in this process a lambda is fine


# -- a bot that fails ------------------------------------------------------------------------------
def test_a_failing_bot_names_its_game_seed_and_seat() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate(
            2,
            {"good": "greedy", "bad": Broken},
            seed=1,
            progress=False,
            rotate=False,
            executor=ThreadPoolExecutor(1),
        )
    err = caught.value
    dealt = run(2, bots=["greedy", "greedy"], rotate=False)  # the same deals, played out
    assert (err.game, err.seat, err.bot) == (0, 1, "bad")
    assert err.seed == dealt["seed"].iloc[0] and err.bot_seed == dealt["bot_seed"].iloc[1]
    assert str(err) == (
        f"game 0 (deal seed {err.seed}), seat 1, bot 'bad' (bot seed {err.bot_seed}): ZeroDivisionError: boom"
    )
    assert isinstance(err, RuntimeError) and isinstance(err.__cause__, ZeroDivisionError)
    copy = pickle.loads(pickle.dumps(err))
    assert (str(copy), copy.game, copy.seed, copy.seat, copy.bot) == (str(err), 0, err.seed, 1, "bad")


def test_a_bot_that_cannot_be_made_names_its_seat() -> None:
    with pytest.raises(
        SimulationError,
        match=r"^game 0 .*seat 2, bot \"functools\.partial\(<class "
        r"'novaluna_widget\.bots\.SearchBot'>, nodes=0\)\" .*"
        r"ValueError: depth, width, samples and nodes must be",
    ):
        run(1, bots=["greedy", "random", functools.partial(SearchBot, nodes=0)], rotate=False)


class Logged(GreedyBot):
    """A greedy bot that writes a line to the file ``$NOVALUNA_GAMES_LOG`` for each game it is made for,
    from whichever process plays it. Past the first ``$NOVALUNA_GAMES_FREE`` games (if set) it then holds
    its worker until the worker is ended (a minute at most): a worker that starts another game after the
    first failures can start no third, however slowly the main thread answers on a busy machine."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        with open(os.environ["NOVALUNA_GAMES_LOG"], "a") as log:
            log.write(f"{seed}\n")
        free = os.environ.get("NOVALUNA_GAMES_FREE")
        if free is not None:
            with open(os.environ["NOVALUNA_GAMES_LOG"]) as log:
                started = len(log.read().splitlines())
            if started > int(free):
                threading.Event().wait(60)


def test_a_failing_bot_in_the_default_process_pool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The error crosses from a worker process whole, and the pool's other games are called off.
    log = tmp_path / "games.log"
    monkeypatch.setenv("NOVALUNA_GAMES_LOG", str(log))
    monkeypatch.setenv("NOVALUNA_GAMES_FREE", "2")  # the two first games fail; a later one holds its worker
    with pytest.raises(SimulationError, match="ZeroDivisionError: boom") as caught:
        simulate(40, [Broken, Logged], seed=1, progress=False, chunksize=1, workers=2)
    assert caught.value.game in (0, 1) and caught.value.bot == "broken"
    assert "ZeroDivisionError: boom" in str(caught.value.__cause__)  # the worker's traceback
    # Each worker may have taken a game or two before the first failure came back; the rest never began.
    assert len(log.read_text().splitlines()) <= 8


class Counted(GreedyBot):
    """A greedy bot that counts the games it is made for."""

    made: ClassVar[list[int | None]] = []

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.made.append(seed)


class Queueing(ThreadPoolExecutor):
    """A thread pool that tells when ``expected`` calls have been submitted to it, and keeps them."""

    def __init__(self, expected: int) -> None:
        super().__init__(1)
        self.expected = expected
        self.submitted: list[Future[Any]] = []
        self.all_queued = threading.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        self.submitted.append(future)
        if len(self.submitted) == self.expected:
            self.all_queued.set()
        return future

    def wait_until_all_queued(self) -> None:
        assert self.all_queued.wait(DEADLINE), "the games were never all queued"

    def wait_until_called_off(self, first: int) -> None:
        """Wait until the expected calls from the ``first``-th on are cancelled (by the main thread)."""
        deadline = time.monotonic() + DEADLINE
        while not all(future.cancelled() for future in self.submitted[first : self.expected]):
            assert time.monotonic() < deadline, "the main thread never called off the queued games"
            time.sleep(0.01)  # a poll: the main thread cancels them in its own time


def test_the_first_failure_cancels_the_games_queued_on_any_executor() -> None:
    pool = Queueing(20)

    failed = threading.Event()

    class BrokenOnceQueued(Broken):
        """Fails once every game is queued, so the main thread has other games to call off; in a game the
        worker took meanwhile, only once the main thread has called off those after it."""

        def choose(self, game: Game) -> Action:
            pool.wait_until_all_queued()
            if failed.is_set():
                pool.wait_until_called_off(2)
            failed.set()
            return super().choose(game)

    Counted.made.clear()
    with pool:
        with pytest.raises(SimulationError):
            simulate(20, [Counted, BrokenOnceQueued], seed=1, progress=False, executor=pool, chunksize=1)
        assert pool.submit(int, "7").result() == 7  # the caller's executor is left open
    assert len(Counted.made) <= 2  # the failing game and at most one the worker took meanwhile


@POSIX
def test_ctrl_c_cancels_the_games_queued_on_any_executor() -> None:
    main = threading.get_ident()  # a test runs in the main thread
    pressed = threading.Event()
    pool = Queueing(20)

    class CtrlC(Counted):
        """Presses Ctrl-C (SIGINT to the main thread) once, on its first move, when the main thread has
        queued every game, and plays on once the main thread has called off the games queued."""

        def choose(self, game: Game) -> Action:
            if not pressed.is_set():
                pressed.set()
                pool.wait_until_all_queued()
                signal.pthread_kill(main, signal.SIGINT)
                pool.wait_until_called_off(1)  # this game's future runs; the others waited in the queue
            return super().choose(game)

    Counted.made.clear()
    # Python's own Ctrl-C handler, even when the suite was started where SIGINT is ignored (a shell without
    # job control starts background commands so).
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pool, pytest.raises(KeyboardInterrupt):
            simulate(20, [CtrlC, "greedy"], seed=1, progress=False, executor=pool, chunksize=1)
    finally:
        signal.signal(signal.SIGINT, before)
    assert len(Counted.made) <= 2


# -- Ctrl-C with the default pool, for real --------------------------------------------------------
def heeds_ctrl_c() -> None:
    """In the child before it runs: SIGINT does what it does for a command started in a terminal, even
    when the suite runs where it is ignored (a shell without job control starts background commands so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(command: list[str], whole_group: bool) -> tuple[int, str]:
    """Start ``command`` in a process group of its own and, once it writes to stderr (it has started
    playing), send SIGINT: to the whole group as Ctrl-C in a terminal does, or to the command alone as
    ``kill -INT`` does. Return its exit code and its stderr; fail if any process of the group (a worker)
    outlives it."""
    child = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=heeds_ctrl_c,
    )
    assert child.stderr is not None
    # Never hang the suite: a command that did not end its games gets SIGKILL, and its exit code says so.
    watchdog = threading.Timer(DEADLINE, os.killpg, (child.pid, signal.SIGKILL))
    watchdog.start()
    try:
        started = child.stderr.read1(1)  # type: ignore[attr-defined]  # a BufferedReader
        assert started, "the command ended before it started playing"
        (os.killpg if whole_group else os.kill)(child.pid, signal.SIGINT)
        err = started + child.stderr.read()
        code = child.wait()
    finally:
        watchdog.cancel()
    assert_group_gone(child.pid)
    return code, err.decode()


def assert_group_gone(group: int) -> None:
    """Fail if any process of ``group`` (a worker) outlives its leader: each must be gone (or a zombie
    reaped) well within :data:`DEADLINE`, which only bounds the failure."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)  # a poll: init reaps the orphaned workers in its own time
    os.killpg(group, signal.SIGKILL)
    pytest.fail("worker processes outlived the command")


SLOW_GAMES = """
import sys, time
from novaluna_widget.bots import GreedyBot
from novaluna_widget.simulate import simulate

class SlowBot(GreedyBot):
    # An hour a move: no game ends while the test runs, so the command ends only by ending its workers.
    def __init__(self, seed=None):
        super().__init__(seed)
        print("playing", file=sys.stderr, flush=True)

    def choose(self, game):
        time.sleep(3600)
        return super().choose(game)

if __name__ == "__main__":
    simulate(400, [SlowBot, "greedy"], seed=1, progress=False)
"""


@POSIX
def test_ctrl_c_with_the_default_pool_returns_at_once_and_leaves_no_workers(tmp_path: Path) -> None:
    script = tmp_path / "slow_games.py"
    script.write_text(SLOW_GAMES)
    # Every worker is amid a move that lasts an hour: the command ends only if it ends them (it took 23 s
    # when every worker finished its chunk first).
    code, err = interrupt([sys.executable, str(script)], whole_group=True)
    last = err.rstrip().splitlines()[-1]
    assert code == -signal.SIGINT and last.startswith("KeyboardInterrupt: interrupted after 0 of 400 games:")
    assert err.count("Traceback") == 1  # the main process's: the workers stay quiet


CTRL_C_AMID_LOCKS = """
import os, signal, sys, time
import concurrent.futures._base as futures_base
from novaluna_widget.simulate import simulate

take_all = futures_base._AcquireFutures.__enter__

def take_one_then_ctrl_c(self):
    # Ctrl-C lands after the first of the futures' locks is taken, as it can when the machine is busy.
    if hasattr(take_one_then_ctrl_c, "pressed"):
        return take_all(self)
    take_one_then_ctrl_c.pressed = True
    futures = list(self.futures)
    futures[0]._condition.acquire()
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)  # Python runs the SIGINT handler here
    for future in futures[1:]:
        future._condition.acquire()

futures_base._AcquireFutures.__enter__ = take_one_then_ctrl_c
if __name__ == "__main__":
    simulate(200, ["greedy", "greedy"], seed=1, progress=False, workers=2)
"""


@POSIX
def test_ctrl_c_amid_the_futures_locks_still_ends_the_run(tmp_path: Path) -> None:
    # Raised where it landed, the KeyboardInterrupt left a future's lock taken: the pool's manager thread
    # waited for it for ever, and the interpreter's exit for the manager thread (CI saw it hang).
    script = tmp_path / "ctrl_c_amid_locks.py"
    script.write_text(CTRL_C_AMID_LOCKS)
    child = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=heeds_ctrl_c,
    )
    try:
        _, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail("the run never ended after Ctrl-C")
    last = err.decode().rstrip().splitlines()[-1]
    assert child.returncode == -signal.SIGINT and last.startswith("KeyboardInterrupt: interrupted after")
    assert_group_gone(child.pid)


def _children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _printed(kc: Any, code: str) -> str:
    """What running ``code`` in the kernel prints; fails unless it runs without error."""
    out: list[str] = []
    reply = kc.execute_interactive(
        code,
        timeout=60,
        output_hook=lambda m: out.append(m["content"]["text"] if m["msg_type"] == "stream" else ""),
    )
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(out)


ENDLESS_BOTS = """
import time
from novaluna_widget.bots import GreedyBot

class EndlessBot(GreedyBot):
    def choose(self, game):
        time.sleep(3600)
        return super().choose(game)
"""


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from /proc")
def test_the_kernels_interrupt_stops_a_simulation_and_the_notebook_goes_on(tmp_path: Path) -> None:
    # An analyst's notebook: the Interrupt button sends the kernel SIGINT, as Ctrl-C does.
    from jupyter_client.manager import start_new_kernel

    # Bots whose every move lasts an hour: the cell ends only if the interrupt ends the workers.
    (tmp_path / "endless_bots.py").write_text(ENDLESS_BOTS)
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        pid = int(
            _printed(
                kc,
                f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
                "from os import getpid\nfrom novaluna_widget.simulate import simulate\n"
                "from endless_bots import EndlessBot\nprint(getpid())",
            )
        )
        kc.execute(
            'table = simulate(400, [EndlessBot, "greedy"], seed=1, progress=False, workers=2)',
            stop_on_error=False,
        )  # the next cell is not aborted: as when run later by hand
        deadline = time.monotonic() + DEADLINE
        while len(_children(pid)) < 2:  # until both workers play
            assert time.monotonic() < deadline, "the simulation's workers never started"
            time.sleep(0.05)  # a poll: the workers start in their own time
        km.interrupt_kernel()
        reply = kc.get_shell_msg(timeout=DEADLINE)["content"]
        assert reply["status"] == "error" and reply["ename"] == "KeyboardInterrupt"
        assert _children(pid) == []
        assert _printed(kc, "print('table' in dir(), 6 * 7)") == "False 42\n"
        # What finished (nothing: every move lasts an hour) is kept on the error, as its message says.
        assert _printed(kc, "import sys; print(len(sys.last_value.table), sys.last_value.total)") == "0 400\n"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


# -- summaries -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def eight() -> pd.DataFrame:
    table: pd.DataFrame = run(8)
    return table


def test_summary_takes_one_column_by_name_and_refuses_unknown_ones(eight: pd.DataFrame) -> None:
    assert summary(eight, "bot").equals(summary(eight, ["bot"]))
    with pytest.raises(ValueError, match="no column 'colour'"):
        summary(eight, ["bot", "colour"])
    with pytest.raises(ValueError, match="no column 'winner'; summary takes a simulate table"):
        summary(eight.drop(columns="winner"))
    with pytest.raises(ValueError, match="at least one"):
        summary(eight, [])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((11, 10), "wins must be at most n: 11 wins out of 10"),
        ((-1, 10), "wins must be 0 or more, not -1"),
        ((1, 2.5), "n must be a whole number"),
        ((1, 2, 0), "z must be a number above 0"),
        ((1, 2, float("nan")), "z must be a number above 0"),
    ],
)
def test_wilson_refuses_impossible_counts(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        wilson(*args)


# -- grouping, intervals by deal, the table's types ------------------------------------------------
def test_summary_groups_by_several_columns_as_pandas_groupby_does() -> None:
    df = pd.concat([run(6, ("greedy", "random", "greedy")), run(8, ("greedy", "random", "greedy", "random"))])
    table = summary(df, ["players", "order"])
    assert table.index.names == ["players", "order"]
    assert table.index.equals(df.groupby(["players", "order"]).size().index)
    assert (3, 3) not in table.index and table.loc[(4, 3), "games"] == 8  # order 3: four players only
    first_of_three = df[(df["players"] == 3) & (df["order"] == 0)]
    assert table.loc[(3, 0), "wins"] == first_of_three["winner"].sum() and table.loc[(3, 0), "games"] == 6


def test_intervals_count_the_deals_when_a_deals_games_are_alike() -> None:
    # Thirty deals, each played twice where the same seat wins both times (a mirror match replayed):
    # thirty independent results, not sixty.
    winners = [0] * 18 + [1] * 12
    rows = [
        {
            "game": 2 * d + r,
            "deal": d,
            "seat": seat,
            "winner": seat == w,
            "rank": 1 if seat == w else 2,
            "tokens_left": 0,
        }
        for d, w in enumerate(winners)
        for r in range(2)
        for seat in range(2)
    ]
    seat_0 = summary(pd.DataFrame(rows), "seat").loc[0]
    assert (seat_0["games"], seat_0["deals"], seat_0["wins"]) == (60, 30, 36)
    # About Wilson's for 18 of 30 (a little wider: the deals' spread is estimated, with k / (k - 1)).
    low, high = wilson(18, 30)
    assert seat_0["ci_low"] == pytest.approx(low, abs=0.005) and seat_0["ci_high"] == pytest.approx(
        high, abs=0.005
    )
    twice_low, twice_high = wilson(36, 60)
    assert seat_0["ci_high"] - seat_0["ci_low"] >= high - low > twice_high - twice_low + 0.05
    # One game a deal: the plain Wilson interval.
    single = pd.DataFrame([r for r in rows if r["game"] % 2 == 0]).assign(deal=lambda t: t["game"])
    alone = summary(single, "seat").loc[0]
    assert (alone["ci_low"], alone["ci_high"]) == pytest.approx(wilson(18, 30), abs=1e-9)


def test_a_mirror_match_with_rotation_is_warned_about() -> None:
    with pytest.warns(UserWarning, match="rotate=False"):
        run(2, ("greedy", "greedy"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        run(2, ("greedy", "greedy"), rotate=False)
        run(2, ("greedy", "random"))


def test_the_table_says_which_run_each_row_is_from_and_keeps_its_types() -> None:
    labelled: dict[str, BotSpec] = {"small": functools.partial(SearchBot, nodes=50), "greedy": "greedy"}
    df = simulate(4, labelled, seed=2**64 - 1, progress=False, executor=ThreadPoolExecutor(1))
    assert (df["players"] == 2).all() and not df["beginner"].any() and (df["master_seed"] == 2**64 - 1).all()
    assert set(df["bot_spec"]) == {"SearchBot(nodes=50)", "greedy"}
    assert df["end"].dtype == "category" and set(df["end"].cat.categories) == {"last token", "no tile"}
    empty = run(0)
    assert list(empty.columns) == COLUMNS and (empty.dtypes == run(2).dtypes).all()


def test_plot_summary_draws_each_group_with_its_interval() -> None:
    import matplotlib

    matplotlib.use("Agg")
    table = summary(run(6), ["seat", "bot"])
    ax = plot_summary(table, title="seat and bot")
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "0 · greedy",
        "0 · random",
        "1 · greedy",
        "1 · random",
    ]
    assert ax.get_xlim() == (0, 1) and ax.get_title() == "seat and bot"
    with pytest.raises(ValueError, match="plot_summary takes a summary table"):
        plot_summary(run(2))


# -- from a position, per action -------------------------------------------------------------------
def set_up() -> Game:
    return position(
        {"Ada": "R16@0,0 B04@1,0 Y09@0,1 B13@1,1", "Bo": "T16@0,0 Y16@1,0 R13@0,1"},
        times=[18, 20],
        wheel="M T12 B01 Y13 Y02 R09 B10 - - - - -",
    )


@pytest.mark.parametrize("dealt", [False, True])
def under_way() -> Game:
    game, bots = Game(2, seed=9), [GreedyBot(seed=1), GreedyBot(seed=2)]
    while game.turn < 6:
        play_turn(game, bots[game.current_player])
    return game


@pytest.mark.parametrize("dealt", [False, True])
def test_simulations_from_a_position_resample_the_hidden_draw_pile(dealt: bool) -> None:
    # A set-up position, and a dealt game under way (whose start is checked as its seed's deal).
    start = set_up() if not dealt else under_way()
    before = start.snapshot()
    df, acts = run(6, ("greedy", "greedy"), start=start, rotate=False, log=True)
    assert start.snapshot() == before  # the position itself is never played on
    first = acts[acts["action"] == 0]
    assert len(first) == 6 and (first["seat"] == start.current_player).all()  # each goes on from the position
    with ProcessPoolExecutor(2) as pool:
        assert df.equals(run(6, ("greedy", "greedy"), start=start, rotate=False, executor=pool))
    # Each game's own shuffle of the pile: refills bring different tiles, and a row replays exactly.
    refilled = [
        tuple(a[a["action"] > a[a["refilled"]]["action"].min()]["tile"].head(3))
        for _, a in acts.groupby("game")
    ]
    assert len(set(refilled)) > 1
    row = df[(df["game"] == 3)].sort_values("seat")
    game = resampled(start, int(row["seed"].iloc[0]))
    assert sorted(t.id for t in game.draw_pile) == sorted(t.id for t in start.draw_pile)
    play_game(game, [GreedyBot(seed=int(s)) for s in row["bot_seed"]])
    assert list(row["tokens_left"]) == [p.tokens for p in game.players]


def test_a_start_that_does_not_fit_is_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="start has 2 players and 3 bots are given"):
        run(2, ("greedy",) * 3, start=set_up(), executor=NoGames())
    with pytest.raises(TypeError, match="start is a game"):
        run(2, start="R16@0,0", executor=NoGames())
    with pytest.raises(TypeError, match="start\\(seed\\) must return a game"):
        run(2, start=lambda seed: None, executor=NoGames())
    with pytest.raises(ValueError, match="beginner deals fresh games"):
        run(2, start=set_up(), beginner=True, executor=NoGames())
    with pytest.raises(TypeError, match="start cannot be sent to worker processes"):
        simulate(2, ["greedy", "greedy"], start=lambda seed: set_up(), progress=False)


def test_the_actions_table_is_the_game_action_by_action() -> None:
    game = play_game(Game(3, seed=5), [GreedyBot(seed=i) for i in range(3)])
    table = actions(game)
    assert list(table.columns) == ACTION_COLUMNS and len(table) == len(game.history)
    takes = table[table["kind"] == "take"]
    for seat, player in enumerate(game.players):
        mine = takes[takes["seat"] == seat]
        assert len(mine) == len(player.board)
        assert mine["tokens"].sum() == Game.supply(3) - player.tokens
        assert mine["time_after"].iloc[-1] == player.time
    assert (takes["time_after"] - takes["time_before"] == takes["cost"]).all()
    assert (
        table["next_seat"].iloc[-1] is pd.NA
        and (table["again"] == (table["seat"] == table["next_seat"])).all()
    )
    assert table["kind"].dtype == "category" and table["colour"].dtype == "category"
    with pytest.raises(TypeError, match="actions takes a game"):
        actions(None)  # type: ignore[arg-type]


# -- nothing lost on Ctrl-C ------------------------------------------------------------------------
@POSIX
def test_ctrl_c_keeps_the_games_that_finished() -> None:
    main = threading.get_ident()

    class LateCtrlC(GreedyBot):
        """Presses Ctrl-C in game 3: games 0 to 2 have finished by then (one at a time, in order)."""

        def choose(self, game: Game) -> Action:
            if game.turn == 0 and self.seed_game == 3:
                signal.pthread_kill(main, signal.SIGINT)
            return super().choose(game)

        def __init__(self, seed: int | None = None) -> None:
            super().__init__(seed)
            LateCtrlC.made += 1
            self.seed_game = (LateCtrlC.made - 1) // 2

        made: ClassVar[int] = 0

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt) as stopped:
            run(20, (LateCtrlC, LateCtrlC), chunksize=1, rotate=False, log=True)
    finally:
        signal.signal(signal.SIGINT, before)
    err: Any = stopped.value
    assert (
        type(stopped.value) is KeyboardInterrupt and err.total == 20
    )  # Python's own: a script ends as by Ctrl-C
    assert err.finished >= 3 and sorted(set(err.table["game"]))[:3] == [0, 1, 2]
    assert (err.table.groupby("game").size() == 2).all()  # whole games only
    assert err.actions is not None and set(err.actions["game"]) == set(err.table["game"])
    assert str(err).startswith(f"interrupted after {err.finished} of 20 games")
