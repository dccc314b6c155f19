"""The puzzle progress file under hostile use (issue 34, points 1–4; issue 33.6; issue 35.3–4): whatever
``record`` takes reads back, several writers lose nothing, hostile contents are refused in words, kills
leave nothing behind, and a learner's name and an older file are kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import platformdirs
import pytest

from novaluna_widget.puzzles import ProgressError, Trainer, _progress, generate, read_progress, set_aside
from novaluna_widget.puzzles import _trainer as trainer_module

REPO = Path(__file__).resolve().parent.parent
PUZZLE = generate(1, seed=1, kinds=["fulfilled"])[0]
RATING = {"rating": 1500.0, "rd": 350.0, "volatility": 0.06}
HEADER = {"format": _progress.FORMAT, "version": _progress.VERSION}
ENTRY = {
    "puzzle": "fulfilled-1-0",
    "kind": "fulfilled",
    "right": True,
    "hinted": False,
    "shown": False,
    "at": 1.8e9,
    "learner": RATING,
    "against": RATING,
}
V1 = {
    "version": 1,
    "learner": {"rating": 1620.5, "rd": 120.0, "volatility": 0.06},
    "puzzles": {"fulfilled-1-0": {"rating": 1300.0, "rd": 140.0, "volatility": 0.06}},
    "attempts": [
        {
            "puzzle": "fulfilled-1-0",
            "kind": "fulfilled",
            "right": True,
            "hinted": False,
            "shown": False,
            "rating": 1600.0,
        },
        {
            "puzzle": "take-1-0",
            "kind": "take",
            "right": False,
            "hinted": True,
            "shown": False,
            "rating": 1620.5,
        },
    ],
}


def _lines(*entries: object) -> bytes:
    return b"".join(json.dumps(e).encode() + b"\n" for e in entries)


# -- 34.1: whatever record takes, the loader reads back ------------------------------------------------
@pytest.mark.parametrize(
    ("args", "kwargs", "says"),
    [
        ((1,), {}, "right is True or False, not 1"),
        ((True,), {"hinted": "no"}, "hinted is True, False or how many hints were taken"),
        ((True,), {"hinted": -1}, r"\(0 to 9\), not -1"),
        ((True,), {"hinted": 10**400}, "hints were taken"),
        ((True,), {"shown": None}, "shown is True or False, not None"),
    ],
)
def test_record_refuses_in_words_what_the_file_could_not_read_back(
    tmp_path: Path, args: tuple[object, ...], kwargs: dict[str, object], says: str
) -> None:
    path = tmp_path / "p.json"
    trainer = Trainer(path)
    trainer.record(PUZZLE, True)
    before = path.read_bytes()
    with pytest.raises(TypeError, match=says):
        trainer.record(PUZZLE, *args, **kwargs)  # type: ignore[arg-type]
    assert path.read_bytes() == before and trainer.unsaved == 0
    assert len(Trainer(path).progress.attempts) == 1  # and the file still opens
    with pytest.raises(TypeError, match="record takes a puzzle"):
        trainer.record("fulfilled-1-0", True)  # type: ignore[arg-type]


def test_every_attempt_recorded_reads_back_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    trainer = Trainer(path, name="Ada")
    for right, hinted, shown in [(True, False, False), (False, True, False), (True, True, True)]:
        trainer.record(PUZZLE, right, hinted=hinted, shown=shown)
    read = read_progress(path)
    assert read.name == "Ada"
    assert [(a.right, a.hinted, a.shown) for a in read.attempts] == [
        (True, False, False),
        (False, True, False),
        (True, True, True),
    ]
    assert read.learner == trainer.rating and read.puzzles == trainer.progress.puzzles
    assert read.counts == {"fulfilled": (1, 3)} and read.solved == {PUZZLE.id}


# -- 34.2: several writers ------------------------------------------------------------------------------
def test_two_trainers_on_one_file_keep_every_attempt(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    one, two = Trainer(path, seed=1), Trainer(path, seed=2)
    for _ in range(3):
        one.record(PUZZLE, True)
        two.record(PUZZLE, False)
    read = read_progress(path)
    assert [a.right for a in read.attempts] == [True, False] * 3
    assert two.rating == read.learner  # each rated its attempt from the rating the other left
    assert Trainer(path).solved() == {"fulfilled": (3, 6)}


WRITER = textwrap.dedent(
    """
    import random, sys, time
    from novaluna_widget.puzzles import Trainer, generate

    path, me, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    puzzle = generate(1, seed=1, kinds=["fulfilled"])[0]
    trainer = Trainer(path, seed=me)
    jitter = random.Random(me)
    for i in range(n):
        time.sleep(jitter.random() / 50)  # write at random moments, interleaved with the others
        trainer.record(puzzle, i % 2 == 0, hinted=me % 2 == 0)
    """
)


def _python(code: str, *args: str, **popen: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, text=True, **popen)  # type: ignore[call-overload, no-any-return]


def test_several_processes_writing_at_random_moments_lose_nothing(tmp_path: Path) -> None:
    path, writers, each = tmp_path / "p.json", 4, 12
    children = [_python(WRITER, str(path), str(me), str(each)) for me in range(writers)]
    assert [child.wait(timeout=300) for child in children] == [0] * writers
    read = read_progress(path)
    assert len(read.attempts) == writers * each
    assert sorted(a.hinted for a in read.attempts) == [False] * 24 + [True] * 24
    # the ratings are one chain: each line rated from the line before, whoever wrote it
    assert read.learner.rating == read.attempts[-1].rating


# -- 34.4: hostile contents refused at load, quickly, in words ------------------------------------------
@pytest.mark.parametrize(
    ("content", "field"),
    [
        (_lines(HEADER, {**ENTRY, "learner": {**RATING, "volatility": 0}}), "line 2.learner.volatility"),
        (_lines(HEADER, {**ENTRY, "learner": {**RATING, "rating": 1e308}}), "line 2.learner.rating"),
        (_lines(HEADER, {**ENTRY, "against": {**RATING, "rd": 1e200}}), "line 2.against.rd"),
        (_lines(HEADER, {**ENTRY, "against": {**RATING, "rd": -30}}), "line 2.against.rd"),
        (_lines({**HEADER, "version": True}), "version"),
        (_lines(HEADER, {**ENTRY, "right": 1}), "line 2.right"),
        (_lines(HEADER, {**ENTRY, "puzzle": "x" * 300}), "line 2.puzzle"),
        (_lines(HEADER, {**ENTRY, "puzzle": "x" * 10_000_000}), "line 2"),
        (_lines(HEADER, {"name": ""}), "line 2.name"),
        (_lines(HEADER, {**ENTRY, "at": float("inf")}), "line 2.at"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (_lines(HEADER, ENTRY, ENTRY) + b"{oops\n" + _lines(ENTRY), "line 4: it is not JSON"),
        (_lines(HEADER, ENTRY) + b"1, 2\n", "line 3: it is not JSON"),
        (_lines(HEADER, ENTRY) + b"[" * 5000 + b"\n", "line 3: it is longer than any entry"),
        (_lines(HEADER, ENTRY) + b"[" * 1000 + b"]" * 1000 + b"\n", "line 3: it is nested too deeply"),
        (json.dumps({**V1, "version": True}).encode(), "version"),
        (json.dumps({**V1, "learner": {**RATING, "volatility": 0}}).encode(), "learner.volatility"),
        (json.dumps({**V1, "learner": {**RATING, "rating": 1e308}}).encode(), "learner.rating"),
        (json.dumps({**V1, "learner": {**RATING, "rd": 1e200}}).encode(), "learner.rd"),
        (json.dumps({**V1, "learner": {**RATING, "rd": -5}}).encode(), "learner.rd"),
        (json.dumps({**V1, "puzzles": {"k" * 10_000_000: RATING}}).encode(), "puzzles['kkkk"),
        (_lines({"format": "something else", "version": 2}), "no puzzle progress file"),
    ],
)
def test_hostile_contents_are_refused_at_load_in_words_naming_file_and_field(
    tmp_path: Path, content: bytes, field: str
) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError) as raised:
        Trainer(path)
    words = str(raised.value)
    assert str(path) in words and field in words and len(words) < 1000
    assert path.read_bytes() == content  # left as it was


def test_a_device_as_the_progress_file_is_refused_without_reading_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(trainer_module.PUZZLES_ENVIRONMENT, "/dev/zero")
    with pytest.raises(ProgressError, match=r"/dev/zero.*not a regular file"):
        Trainer()


def test_a_file_too_large_to_be_one_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(_lines(HEADER, ENTRY, ENTRY))
    monkeypatch.setattr(_progress, "MAX_BYTES", 100)
    with pytest.raises(ProgressError, match="more than any progress file"):
        read_progress(path)


def test_a_name_that_could_never_be_saved_is_refused_when_opened(tmp_path: Path) -> None:
    path = tmp_path / ("p" * 245 + ".json")
    with pytest.raises(ProgressError, match="could never be written: its name is too long"):
        Trainer(path)


def test_a_symlinked_progress_file_stays_a_symlink(tmp_path: Path) -> None:
    target, link = tmp_path / "kept" / "real.json", tmp_path / "p.json"
    target.parent.mkdir()
    link.symlink_to(target)
    trainer = Trainer(link)
    trainer.record(PUZZLE, True)  # the first write: a whole file
    trainer.record(PUZZLE, False)  # then appended
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert len(read_progress(target).attempts) == 2


def test_a_torn_last_line_is_ignored_and_cut_by_the_next_writer(tmp_path: Path) -> None:
    """A writer killed in the middle of a line: the line was never reported recorded; nothing else is lost."""
    path = tmp_path / "p.json"
    Trainer(path).record(PUZZLE, True)
    with path.open("ab") as file:
        file.write(json.dumps(ENTRY).encode()[:40])  # half an attempt, no newline
    assert len(read_progress(path).attempts) == 1
    Trainer(path).record(PUZZLE, False)
    assert [a.right for a in read_progress(path).attempts] == [True, False]


KILLED = textwrap.dedent(
    """
    import sys
    from novaluna_widget.puzzles import Trainer, generate

    puzzle = generate(1, seed=1, kinds=["fulfilled"])[0]
    trainer = Trainer(sys.argv[1])
    print("ready", flush=True)
    while True:
        trainer.record(puzzle, False)
    """
)


@pytest.mark.parametrize("round_", range(5))
def test_no_temporary_file_stays_after_a_kill_during_writes(tmp_path: Path, round_: int) -> None:
    """A version 1 file is rewritten whole at its first write (a temporary file, then a rename): kill the
    writer at some moment of its loop, and the next writer removes whatever the kill left."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(V1), encoding="utf-8")
    child = _python(KILLED, str(path), stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        while path.read_bytes().startswith(b"{\n") or path.read_bytes().startswith(b'{"version": 1'):
            assert child.poll() is None  # until the rewrite is done, at a moment of its own each round
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=60)
    (tmp_path / f".p.json.{round_}abcdefg.tmp").write_text("left by a rewrite killed before its rename")
    Trainer(path).record(PUZZLE, True)
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))
    read = read_progress(path)
    assert [a.earlier for a in read.attempts[:2]] == [True, True] and read.attempts[-1].right


# -- 34.4: a year of practice stays instant -------------------------------------------------------------
def test_record_reads_only_the_lines_appended_since(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Recording never re-reads the whole history (bench/hostile.py times it with 50,000 attempts)."""
    path = tmp_path / "p.json"
    path.write_bytes(_lines(HEADER, *[ENTRY] * 2000))
    trainer, other = Trainer(path), Trainer(path)
    other.record(PUZZLE, False)

    def whole(self: object) -> None:
        raise AssertionError("the whole file was read again")

    monkeypatch.setattr(_progress._Reader, "read", whole)
    trainer.record(PUZZLE, True)  # reads the other's one line, appends its own
    assert len(trainer.progress.attempts) == 2002
    assert trainer.solved() == {"fulfilled": (2001, 2002)}


# -- 34.3 (file side): trouble keeps the attempt --------------------------------------------------------
@pytest.mark.skipif(os.geteuid() == 0 and sys.platform != "emscripten", reason="root writes anywhere")
def test_an_attempt_the_file_cannot_take_is_kept_and_written_later(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    path = folder / "p.json"
    trainer = Trainer(path)
    trainer.record(PUZZLE, True)
    folder.chmod(0o500)
    path.chmod(0o400)
    try:
        with pytest.raises(ProgressError, match=r"cannot be written.*your attempt is kept"):
            trainer.record(PUZZLE, False)
        assert trainer.unsaved == 1
    finally:
        folder.chmod(0o700)
        path.chmod(0o600)
    trainer.record(PUZZLE, True)
    assert trainer.unsaved == 0
    assert [a.right for a in read_progress(path).attempts] == [True, False, True]


def test_an_attempt_the_file_cannot_take_is_kept_and_written_later_by_a_failing_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    trainer = Trainer(path)
    trainer.record(PUZZLE, True)
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ProgressError, match=r"No space left on device.*your attempt is kept"):
        trainer.record(PUZZLE, False)
    assert trainer.unsaved == 1
    monkeypatch.setattr(os, "fsync", real)
    trainer.record(PUZZLE, True)
    assert trainer.unsaved == 0
    assert [a.right for a in read_progress(path).attempts] == [True, False, True]


def test_a_damaged_file_is_set_aside_and_the_trainer_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b"not a progress file")
    with pytest.raises(ProgressError, match="move it aside"):
        Trainer(path)
    aside = set_aside(path)
    assert aside.read_bytes() == b"not a progress file" and "damaged" in aside.name
    assert not path.exists()
    Trainer(path).record(PUZZLE, True)
    assert len(read_progress(path).attempts) == 1


# -- 33.6: a version 1 file (positional ids) is migrated, never silently re-pointed ---------------------
def test_a_version_1_file_keeps_rating_and_attempts_and_says_puzzles_may_come_again(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(V1), encoding="utf-8")
    with pytest.warns(UserWarning, match="puzzles you solved may come again"):
        trainer = Trainer(path)
    assert trainer.notice is not None and "2 attempts are kept" in trainer.notice.in_language("en")
    assert trainer.rating.rating == 1620.5
    assert trainer.solved() == {"fulfilled": (1, 1), "take": (0, 1)}
    assert trainer.progress.solved == set()  # no id of then names a puzzle of now
    assert trainer.progress.puzzles == {}  # nor does a puzzle's rating
    trainer.record(PUZZLE, True)
    read = read_progress(path)
    assert read.migrated is None and read.learner == trainer.rating
    assert [(a.puzzle, a.earlier) for a in read.attempts] == [
        ("fulfilled-1-0", True),
        ("take-1-0", True),
        (PUZZLE.id, False),
    ]
    assert Trainer(path).notice is None  # told once


# -- 35.3: the learner's name ---------------------------------------------------------------------------
def test_a_learners_name_is_kept_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    Trainer(path, name="  Ada Lovelace ")
    assert read_progress(path).name == "Ada Lovelace"
    trainer = Trainer(path)
    assert trainer.name == "Ada Lovelace"
    trainer.name = "Ada"
    assert read_progress(path).name == "Ada"
    for bad in ["", "   ", "x" * 101, "a\nb", 7]:
        with pytest.raises(ValueError, match="a learner's name is 1 to 100 printable characters"):
            trainer.name = bad  # type: ignore[assignment]
    assert read_progress(path).name == "Ada"


def test_read_progress_of_no_file_is_a_fresh_learner(tmp_path: Path) -> None:
    read = read_progress(tmp_path / "none.json")
    assert read.attempts == [] and read.name is None and read.learner.rating == 1500


# -- 35.4: in the in-browser site the file lives on the drive -------------------------------------------
def test_in_the_browser_the_progress_lives_on_the_drive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(trainer_module.PUZZLES_ENVIRONMENT, raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(trainer_module, "DRIVE", tmp_path)
    assert trainer_module.default_path() == tmp_path / "puzzle-progress.json"
    assert Trainer().notice is None
    monkeypatch.setattr(trainer_module, "DRIVE", tmp_path / "no drive")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "home"))
    with pytest.warns(UserWarning, match="lasts only until the page is reloaded"):
        assert Trainer().notice is not None


def test_the_wait_for_the_lock_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer that holds the lock for ever makes the others say so, not hang: the attempt is kept."""
    path = tmp_path / "p.json"
    trainer = Trainer(path)
    monkeypatch.setattr(_progress, "WAIT", 0.2)
    with _progress._lock_of(path):
        started = time.monotonic()
        with pytest.raises(ProgressError, match="kept busy by another writer"):
            trainer.record(PUZZLE, True)
    assert time.monotonic() - started < 30 and trainer.unsaved == 1
    trainer.save()
    assert len(read_progress(path).attempts) == 1
