"""Interrupting simulations for real, shared by tests/test_hostile_sims.py and ``bench/hostile.py
--interrupts``: a run in a process of its own is stopped (Ctrl-C to its process group, SIGINT or SIGTERM
to it alone) once its bots have started some games, and what it kept is compared with what had finished.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from novaluna_widget.bots import GreedyBot

ROOT = Path(__file__).parents[1]
#: Seconds to wait for a condition before giving up: it only bounds a failure.
DEADLINE = 60.0
#: The environment variable naming the file where ``Announcing`` notes each game it starts.
STARTED = "NOVALUNA_TEST_STARTED"

#: Run in the child: a simulation of ``Announcing`` against greedy, which prints what an interrupt kept.
SCRIPT = """
import json, sys
from novaluna_widget.simulate import simulate
from tests.hostile_sims import Announcing

n_games, workers, log = json.loads(sys.argv[1])
try:
    simulate(n_games, [Announcing, "greedy"], seed=1, workers=workers, progress=False, rotate=False, log=log)
except KeyboardInterrupt as stopped:
    table = getattr(stopped, "table", None)
    kept = None if table is None else sorted(set(table["game"]))
    logged = None if not log or table is None else sorted(set(stopped.actions["game"]))
    print(json.dumps({"kept": kept, "logged": logged}))
    raise
"""


class Announcing(GreedyBot):
    """The greedy bot, noting in the file ``$NOVALUNA_TEST_STARTED`` each game it is made for: every game
    but the last each worker started has finished (a worker plays its games one after another)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        with open(os.environ[STARTED], "a") as started:
            started.write(f"{seed}\n")


@dataclass
class Stopped:
    """What an interrupted run did: the games started when the signal went, the games it kept (and, with
    ``log``, those in its actions table), its exit code, and whether a worker outlived it."""

    started: int
    kept: list[int] | None
    logged: list[int] | None
    code: int
    stray_workers: bool
    stderr: str


def stop_run(n_games: int, workers: int, after: int, how: str, log: bool = False) -> Stopped:
    """Run ``SCRIPT`` and stop it once ``after`` games have started: ``how`` is ``ctrl-c`` (SIGINT to the
    whole process group, as a terminal sends it), ``sigint`` or ``sigterm`` (to the main process alone)."""
    with tempfile.TemporaryDirectory() as tmp:
        started_file = Path(tmp, "started")
        started_file.touch()
        child = subprocess.Popen(
            [sys.executable, "-c", SCRIPT, json.dumps([n_games, workers, log])],
            cwd=ROOT,
            env={**os.environ, STARTED: str(started_file)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        watchdog = threading.Timer(DEADLINE, os.killpg, (child.pid, signal.SIGKILL))
        watchdog.start()
        try:
            started = _wait_for_games(started_file, after, child)
            if how == "ctrl-c":
                os.killpg(child.pid, signal.SIGINT)
            else:
                os.kill(child.pid, signal.SIGINT if how == "sigint" else signal.SIGTERM)
            out, err = child.communicate()
        finally:
            watchdog.cancel()
        stray = _group_lingers(child.pid)
    said = json.loads(out.decode().strip().splitlines()[-1]) if out.strip() else {}
    return Stopped(started, said.get("kept"), said.get("logged"), child.returncode, stray, err.decode())


def _wait_for_games(started_file: Path, count: int, child: subprocess.Popen[bytes]) -> int:
    """How many games had started once ``count`` had (polled: the run starts them in its own time)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline and child.poll() is None:
        started = len(started_file.read_text().splitlines())
        if started >= count:
            return started
        time.sleep(0.01)
    raise AssertionError(f"the run never started {count} games (exit code {child.poll()})")


def _group_lingers(group: int) -> bool:
    """Whether a process of ``group`` (a worker) is still there well after its leader ended; killed then."""
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)  # a poll: init reaps the orphaned workers in its own time
    os.killpg(group, signal.SIGKILL)
    return True


def interrupt_outcome(rng: random.Random) -> str:
    """One interrupted run with odd settings (how many games, workers, when, by what signal, with the
    actions table or not), as ``bench/hostile.py --interrupts`` counts them: ``kept`` when every game
    finished before the signal was kept (less one a worker that finished just as it went) and no worker
    outlived the run, else what went wrong."""
    how = rng.choice(["ctrl-c", "sigint", "sigterm"])
    workers, after, log = rng.randint(1, 3), rng.randint(1, 40), rng.random() < 0.5
    n_games = rng.choice([after + rng.randint(1, 20), 100_000, 10**12])
    stopped = stop_run(n_games, workers, after, how, log)
    where = f"{how}, {workers} workers, after {stopped.started} of {n_games}"
    if stopped.stray_workers:
        return f"other: workers outlived the run ({where})"
    if stopped.kept is None:  # a run that ended before the signal, or SIGTERM to a script: nothing to keep
        return (
            "ended" if stopped.code in (0, -signal.SIGTERM) else f"other: exit code {stopped.code} ({where})"
        )
    if len(stopped.kept) < stopped.started - 2 * workers:
        return f"other: kept {len(stopped.kept)} ({where})"
    if log and stopped.logged != stopped.kept:
        return f"other: the actions table holds other games ({where})"
    return "kept"
