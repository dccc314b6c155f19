"""The puzzle trainer: Glicko-2 ratings, choosing the next puzzle, and a progress file that no crash can
lose or corrupt (issue 24)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from novaluna_widget.puzzles import FAMILY, generate, read_progress
from novaluna_widget.puzzles._rating import Rating, update
from novaluna_widget.puzzles._trainer import (
    PUZZLES_ENVIRONMENT,
    VERSION,
    ProgressError,
    Trainer,
    default_path,
)

REPO = Path(__file__).resolve().parent.parent


# -- ratings --------------------------------------------------------------------------------------
def test_glickmans_worked_example() -> None:
    """Glickman's "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30 and loses to 1550/100
    and 1700/300 (τ = 0.5). The paper rounds its steps, hence the hundredth of a point allowed."""
    after = update(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30, 0.06), 1), (Rating(1550, 100, 0.06), 0), (Rating(1700, 300, 0.06), 0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    # Unrounded, step 5 gives 0.059996; the glicko2 library's own f would give 0.059993.
    assert after.volatility == pytest.approx(0.059996, abs=5e-7)


@pytest.mark.parametrize("shift", [-500, 400, 1200])
def test_only_differences_of_rating_matter(shift: float) -> None:
    """Glicko-2 works on differences of rating: moving everyone by the same amount moves the result by
    it and changes neither deviation nor volatility (the library alone fails this far from 1500)."""
    games = [(Rating(1000, 60, 0.06), 0.0)] * 20  # a big upset: the volatility must rise
    here = update(Rating(1500, 60, 0.06), games)
    there = update(
        Rating(1500 + shift, 60, 0.06), [(Rating(r.rating + shift, r.rd, 0.06), s) for r, s in games]
    )
    assert there.rating - shift == pytest.approx(here.rating, abs=1e-6)
    assert there.rd == pytest.approx(here.rd, abs=1e-6)
    assert there.volatility == pytest.approx(here.volatility, abs=1e-9)
    assert here.volatility > 0.064


# -- the progress file ----------------------------------------------------------------------------
def test_the_default_file_is_named_by_the_environment_else_in_the_users_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(PUZZLES_ENVIRONMENT, str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"
    assert Trainer().path == tmp_path / "mine.json"
    monkeypatch.delenv(PUZZLES_ENVIRONMENT)
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        assert default_path() == tmp_path / "data" / "novaluna_widget" / "puzzles.json"


def test_progress_is_kept_between_sessions(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "progress.json"
    first = Trainer(path, seed=3)
    assert not path.exists()  # nothing is written before the first attempt
    puzzle = first.next(["fulfilled"])
    rating = first.record(puzzle, True)
    again = Trainer(path, seed=3)
    assert again.rating == rating == first.rating
    assert again.solved() == {"fulfilled": (1, 1)}
    assert again.puzzle_rating(puzzle) == first.puzzle_rating(puzzle)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["version"] == VERSION
    assert [a.puzzle for a in read_progress(path).attempts] == [puzzle.id]
    files = {p.name for p in tmp_path.rglob("*") if p.is_file()}
    assert files - {".progress.json.lock"} == {"progress.json"}  # no temporary left, only the writers' lock


#: A child that records attempts forever in the file named by argv[1]; with argv[2] == "stop", it stops
#: for good inside its third write, after the attempt's line is written but before it is synced to the
#: disk (it says so on stdout, then waits to be killed).
CHILD = textwrap.dedent(
    """
    import os, sys
    from novaluna_widget.puzzles import generate
    from novaluna_widget.puzzles._trainer import Trainer

    writes = 0
    fsync = os.fsync

    def stopping(fd):
        global writes
        writes += 1
        fsync(fd)
        if writes == 3:
            print("writing", flush=True)
            sys.stdin.read()

    if sys.argv[2] == "stop":
        os.fsync = stopping
    trainer = Trainer(sys.argv[1], seed=1)
    puzzle = generate(1, seed=1, kinds=["fulfilled"])[0]
    while True:
        trainer.record(puzzle, False)
    """
)


def _child(path: Path, mode: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_a_kill_inside_a_write_leaves_the_last_complete_state(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    child = _child(path, "stop")
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "writing\n"  # the third attempt's line is written, not synced
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    survivor = Trainer(path)  # every whole line is an attempt kept (a torn one: tests/test_progress_file.py)
    assert survivor.solved() == {"fulfilled": (0, 3)}
    assert len(read_progress(path).attempts) == 3


def test_a_kill_at_any_moment_of_a_writing_loop_leaves_a_file_that_loads(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    child = _child(path, "loop")
    try:
        attempts = 0
        while attempts < 20:  # writing as fast as it can; wait until it has written many times
            assert child.poll() is None, "the writer stopped by itself"
            try:
                attempts = Trainer(path).solved().get("fulfilled", (0, 0))[1]
            except ProgressError as error:
                pytest.fail(f"a reader saw a half-written file: {error}")
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    _, tried = Trainer(path).solved()["fulfilled"]
    assert tried >= attempts


GOOD = {"version": 1, "learner": {"rating": 1500, "rd": 350, "volatility": 0.06}, "puzzles": {}}
ATTEMPT = {"puzzle": "fulfilled-1-0", "kind": "fulfilled", "right": True, "hinted": False, "shown": False}


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'{"version": 1, "learner": {"rating": 15', "is not JSON"),
        (b"\xff\xfe\x00garbage", "cannot be read as text"),
        (b"", "is not JSON"),
        (b"[1, 2]", "gives its version as None"),
        (json.dumps({**GOOD, "version": 3, "attempts": []}).encode(), "gives its version as 3"),
        (json.dumps(GOOD).encode(), "attempts is missing"),
        (
            json.dumps({**GOOD, "attempts": [{**ATTEMPT, "rating": 1600.0, "right": "yes"}]}).encode(),
            "attempts[0].right",
        ),
        (json.dumps({**GOOD, "attempts": [ATTEMPT]}).encode(), "attempts[0].rating"),
        (
            json.dumps({**GOOD, "attempts": [], "puzzles": {"take-1-0": {"rating": "high"}}}).encode(),
            "puzzles['take-1-0'].rating",
        ),
    ],
)
def test_a_damaged_file_is_a_clear_error_and_is_left_untouched(
    tmp_path: Path, content: bytes, says: str
) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError) as raised:
        Trainer(path)
    words = str(raised.value)
    assert str(path) in words and says in words and "move it aside" in words
    assert path.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]
    assert "progress.json" in raised.value.in_language("ru")  # every language names the file


# -- choosing and rating puzzles ------------------------------------------------------------------
def test_a_right_answer_raises_the_learner_and_lowers_the_puzzle(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.json", seed=2)
    easy, hard = trainer.next(["fulfilled"]), trainer.next(["fulfilled"])
    assert trainer.record(easy, True).rating > 1500
    assert trainer.puzzle_rating(easy).rating < easy.rating
    before = trainer.rating.rating
    assert trainer.record(hard, False).rating < before
    assert trainer.puzzle_rating(hard).rating > hard.rating


def test_a_hint_costs_rating_and_a_shown_answer_costs_more(tmp_path: Path) -> None:
    puzzle = generate(1, seed=5, kinds=["fulfilled"])[0]
    ratings = [
        Trainer(tmp_path / f"{how}.json").record(puzzle, True, hinted=how == "hinted", shown=how == "shown")
        for how in ("alone", "hinted", "shown")
    ]
    alone, hinted, shown = (r.rating for r in ratings)
    assert alone > hinted > shown
    shown_trainer = Trainer(tmp_path / "shown.json")
    assert shown_trainer.solved() == {"fulfilled": (0, 1)}  # a shown answer is not a solved puzzle


def test_the_next_puzzle_is_the_nearest_the_learners_rating(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.json", seed=4)
    first = trainer.next(["fulfilled"])
    made = [p for p in trainer._pool["fulfilled"] if p.id != first.id]
    second = trainer.next(["fulfilled"])
    distance = abs(trainer.puzzle_rating(second).rating - trainer.rating.rating)
    assert all(distance <= abs(trainer.puzzle_rating(p).rating - trainer.rating.rating) for p in made)


def test_the_kind_missed_most_comes_up_most(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.json", seed=6)
    missed, solved = generate(1, seed=8, kinds=["fulfilled"])[0], generate(1, seed=8, kinds=["placement"])[0]
    for _ in range(6):
        trainer.record(missed, False)
        trainer.record(solved, True)
    kinds = Counter(trainer.next(["fulfilled", "placement"]).kind for _ in range(20))
    assert kinds["fulfilled"] >= 16


def test_a_solved_puzzle_never_comes_again(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    trainer = Trainer(path, seed=7)
    solved = []
    for _ in range(12):  # more than one batch: more are made as the fresh ones run low
        puzzle = trainer.next(["fulfilled"])
        trainer.record(puzzle, True)
        solved.append(puzzle.id)
    assert len(set(solved)) == 12
    assert Trainer(path, seed=7).next(["fulfilled"]).id not in solved  # nor in a later session


def test_kinds_may_be_named_by_family(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.json", seed=9)
    assert {trainer.next("rules").kind for _ in range(6)} <= {k for k, f in FAMILY.items() if f == "rules"}
    with pytest.raises(ValueError, match="unknown kind of puzzle"):
        trainer.next(["chess"])


def test_the_summary_shows_the_rating_and_solved_counts_by_kind(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.json", seed=10)
    puzzle = trainer.next(["fulfilled"])
    trainer.record(puzzle, False)
    trainer.record(puzzle, True, hinted=True)
    table = trainer.summary()
    assert list(table.loc["fulfilled", ["solved", "tried"]]) == [1, 2]
    assert table.attrs["rating"] == round(trainer.rating.rating)
