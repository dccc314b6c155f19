"""The puzzle trainer's progress file: one learner's name, ratings and attempts, kept so that nothing
recorded is ever lost, whoever else writes the same file.

The file (version 2) is JSON Lines. Its first line is a header: the format's name and version, and what a
file of an older version held when it was brought up to this one (``learner``, ``earlier``). Every other
line is one entry, only ever appended: an attempt (the puzzle, how it went, when, and both ratings after
it) or the learner's name. Appending a line under a lock (``filelock``: the OS's lock, or a lock file
where the OS has none, as in the browser) means two notebooks, or two processes, on one file keep every
attempt of both: each writer first reads the lines the others appended since it last looked, rates its
attempt from the ratings they left, and appends. A writer killed in the middle of a line leaves a torn
last line with no newline; the next writer cuts it off before appending, and readers ignore it meanwhile
(it was never reported as recorded). Recording stays instant however long the history: the ratings and
counts are kept up to date line by line (``Progress.add``), and only new lines are ever read.

Everything in the file is checked before use, and everything a writer appends is checked by the same
reader first, so a file this module wrote always reads back (``read_progress``). A file that fails the
check is a ``ProgressError`` naming the file and the field, and it is never written over: the learner
may keep it aside (``set_aside``) and start afresh. A version 1 file (one JSON document, whose puzzle ids
named positions in the makers' output rather than the puzzles) is read with its learner's rating and
attempts kept, the attempts marked as earlier (their puzzles may come again), and rewritten as version 2
on the first write.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
import sys
import tempfile
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

with warnings.catch_warnings():  # where the OS has no locks (Pyodide) it says so: the soft lock is the plan
    warnings.filterwarnings("ignore", "only soft file lock is available")
    import filelock

from .._errors import _Worded
from .._i18n import Message, msg, quote
from ._rating import LEARNER, Rating

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_NAME",
    "VERSION",
    "WAIT",
    "Attempt",
    "Progress",
    "ProgressError",
    "Writer",
    "read_progress",
    "set_aside",
]

#: The version of the progress file's format, written in its header.
VERSION: Final = 2
#: What the header calls the format, so a stray JSON Lines file is not taken for one.
FORMAT: Final = "novaluna_widget puzzle progress"
#: How many of a kind's latest attempts ``Progress.recent`` keeps (the trainer's measure of how well the
#: learner does at a kind now).
_RECENT: Final = 10
#: The largest progress file read: about a million attempts, decades of daily practice; anything larger
#: is no progress file, and is refused before it is read.
MAX_BYTES: Final = 256 * 2**20
#: The longest line of a version 2 file (an attempt takes about 300 bytes; the header of a migrated file
#: is one line holding every earlier attempt, so it may be as long as the file).
_MAX_LINE: Final = 4096
#: The longest puzzle id, kind and name taken.
_MAX_ID: Final = 200
MAX_NAME: Final = 100
#: The range of each rating field that Glicko-2 can work with: far wider than any rating a learner or a
#: puzzle reaches, and narrow enough that the maths never overflows nor divides by zero.
_BOUNDS: Final[dict[str, tuple[float, float]]] = {
    "rating": (-10000.0, 10000.0),
    "rd": (1.0, 1000.0),
    "volatility": (0.0001, 2.0),
}
(_LOW_RATING, _HIGH_RATING), (_LOW_RD, _HIGH_RD), (_LOW_VOLATILITY, _HIGH_VOLATILITY) = _BOUNDS.values()
#: How long a writer waits for another to finish (a write takes milliseconds), and after how long a lock
#: file left by a writer that died (where the lock is a lock file) is taken as stale.
WAIT: Final = 10.0
_STALE: Final = 60.0


class ProgressError(_Worded):
    """The progress file cannot be read or written: the message names the file and what is wrong with it.
    A file that cannot be read is left exactly as it was, and named in ``damaged`` (``set_aside`` keeps it
    under another name); for any other trouble ``damaged`` is None."""

    def __init__(self, message: Message | str = "", damaged: Path | None = None) -> None:
        super().__init__(message)
        self.damaged = damaged


@dataclass(frozen=True)
class Attempt:
    """One attempt at a puzzle: its ``puzzle`` id and ``kind``, whether it was answered ``right``, with a
    hint (``hinted``) or after the answer was ``shown``; the learner's ``rating`` after it; when it was
    made (``at``, seconds since 1970; None in files of version 1); ``earlier``: recorded by a version
    whose puzzle ids named no puzzle for good (version 1), so the puzzle it names may come again;
    ``rule``: the rule its answer rests on (a key of ``puzzles.RULES``; None where the file does not say),
    for a teacher's report of the rules a class misses."""

    puzzle: str
    kind: str
    right: bool
    hinted: bool
    shown: bool
    rating: float
    at: float | None = None
    earlier: bool = False
    rule: str | None = None

    @property
    def solved(self) -> bool:
        """Whether the attempt solved its puzzle: answered right without the answer shown."""
        return self.right and not self.shown


@dataclass
class Progress:
    """What a progress file holds: the learner's ``name`` (None: not given) and ``rating``, each puzzle's
    rating as the attempts moved it (``puzzles``), every ``attempt`` in order, and ``migrated``: the
    version of the older file this was read from (None: a file of this version, or none at all).

    ``solved`` (puzzle ids), ``counts`` (kind → (solved, tried)) and ``recent`` (kind → its latest
    attempts, solved or not) are kept up to date by ``add``, so that nothing needs the whole history."""

    path: Path
    name: str | None = None
    learner: Rating = LEARNER
    puzzles: dict[str, Rating] = field(default_factory=dict)
    attempts: list[Attempt] = field(default_factory=list)
    migrated: int | None = None
    solved: set[str] = field(default_factory=set)
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    recent: dict[str, deque[bool]] = field(default_factory=dict)

    def add(self, attempt: Attempt, learner: Rating | None = None, puzzle: Rating | None = None) -> None:
        """Count ``attempt``, after which the learner's rating is ``learner`` and the puzzle's ``puzzle``."""
        self.attempts.append(attempt)
        solved, tried = self.counts.get(attempt.kind, (0, 0))
        self.counts[attempt.kind] = (solved + attempt.solved, tried + 1)
        self.recent.setdefault(attempt.kind, deque(maxlen=_RECENT)).append(attempt.solved)
        if attempt.solved and not attempt.earlier:
            self.solved.add(attempt.puzzle)
        if learner is not None:
            self.learner = learner
        if puzzle is not None:
            self.puzzles[attempt.puzzle] = puzzle


def read_progress(path: str | os.PathLike[str]) -> Progress:
    """The progress in the file at ``path``, checked field by field: a learner's name, rating and
    attempts, for a teacher's report or a script. No file there is a fresh learner's progress; a file
    that is no progress file, or a damaged one, is a ``ProgressError`` saying what is wrong."""
    return _Reader(Path(path)).read()


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Keep the (damaged) progress file at ``path`` under a new name beside it, so that the trainer starts
    afresh there: ``puzzles.json`` becomes ``puzzles.damaged-20260101-120000.json``. Returns the new name."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        aside = path.with_name(f"{path.stem}.damaged-{stamp}{f'-{n}' if n else ''}{path.suffix}")
        if not aside.exists() and not aside.is_symlink():
            break
    with _lock(path):
        _target(path).rename(aside)
    return aside


# -- reading ---------------------------------------------------------------------------------------------
class _Wrong(Exception):
    """A field of the file (named as in Python: ``attempts[3].rd``, ``line 7``) is missing or wrong."""

    def __init__(self, field: str | Message, problem: Message | None = None) -> None:
        super().__init__(field)
        self.field, self.problem = field, problem


def _damaged(path: Path, problem: Message) -> ProgressError:
    return ProgressError(
        damaged=path,
        message=msg(
            "The puzzle progress file {path} cannot be read: {problem} It is left as it is; move it aside "
            "({call} keeps it under another name) to start afresh.",
            call="novaluna_widget.puzzles.set_aside()",
            path=quote(str(path), 300),
            problem=problem,
        ),
    )


def _is_wrong(wrong: _Wrong) -> Message:
    if wrong.problem is not None:
        return msg("{field}: {problem}", field=wrong.field, problem=wrong.problem)
    return msg("{field} is missing or not what it should be.", field=wrong.field)


class _Reader:
    """Reads a progress file whole (``read``) or the lines appended since (``more``), keeping where it is."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.progress = Progress(path)
        self.offset = 0  # the bytes read so far: the header and every whole line after it
        self.identity: tuple[int, int] | None = None  # (device, inode) of the file read
        self.lines = 0  # the whole lines read so far

    def read(self) -> Progress:
        """Read the whole file again (none there: a fresh learner)."""
        self.progress, self.offset, self.identity, self.lines = Progress(self.path), 0, None, 0
        data = self._bytes(0)
        if data is None:
            return self.progress
        try:
            if _is_header(data[: data.find(b"\n")]):
                self._lines(data, first=True)
            else:  # version 1: one JSON document
                self._version_1(data)
        except _Wrong as wrong:
            raise _damaged(self.path, _is_wrong(wrong)) from None
        return self.progress

    def more(self) -> bool:
        """Read the lines appended since; False if the file was replaced or cut (then ``read`` it whole)."""
        try:
            found = self._stat()
        except FileNotFoundError:
            return self.identity is None
        if found is None or (found.st_dev, found.st_ino) != self.identity or found.st_size < self.offset:
            return False
        if self.progress.migrated is not None:
            return found.st_size == self.offset
        data = self._bytes(self.offset)
        try:
            self._lines(data or b"", first=False)
        except _Wrong as wrong:
            raise _damaged(self.path, _is_wrong(wrong)) from None
        return True

    def torn(self) -> int:
        """The bytes after the last whole line (a writer killed mid-line left them), 0 if none."""
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return 0
        return size - self.offset if self.identity is not None and self.progress.migrated is None else 0

    def _stat(self) -> os.stat_result | None:
        found = self.path.stat()
        return found if stat.S_ISREG(found.st_mode) else None

    def _bytes(self, start: int) -> bytes | None:
        """The file's bytes from ``start`` (None: no file), after checking it is a file of sane size."""
        try:
            found = self.path.stat()
            if not stat.S_ISREG(found.st_mode):
                raise _damaged(self.path, msg("it is not a regular file."))
            if found.st_size > MAX_BYTES:
                raise _damaged(
                    self.path,
                    msg(
                        "it is {size} bytes long, more than any progress file ({limit}).",
                        size=found.st_size,
                        limit=MAX_BYTES,
                    ),
                )
            with self.path.open("rb") as file:
                file.seek(start)
                data = file.read(MAX_BYTES + 1 - start)
                self.identity = (found.st_dev, found.st_ino)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise _damaged(self.path, _unreadable(error)) from error
        if len(data) + start > MAX_BYTES:
            raise _damaged(self.path, msg("it grew past {limit} bytes while read.", limit=MAX_BYTES))
        return data

    def _lines(self, data: bytes, *, first: bool) -> None:
        """Take the whole lines of ``data`` (the header first if ``first``); a last line without its
        newline is left unread: a writer is writing it, or was killed while it did."""
        end = data.rfind(b"\n") + 1
        lines = data[:end].split(b"\n")[:-1]
        number = self.lines
        if first and lines:
            number += 1
            self._header(_json(lines.pop(0), "line 1"), "line 1")
            first = False
        for i, line in enumerate(lines):
            if len(line) > _MAX_LINE:
                where = f"line {number + i + 1}"
                raise _Wrong(where, msg("it is longer than any entry ({limit} bytes).", limit=_MAX_LINE))
        for i, entry in enumerate(_entries(lines, number)):
            self._entry(entry, f"line {number + i + 1}")
        number += len(lines)
        if first:
            raise _Wrong("line 1", msg("the header line is missing."))
        self.offset += end
        self.lines = number

    def _header(self, data: object, where: str) -> None:
        fields = _of(dict, data, where)
        if fields.get("format") != FORMAT:
            raise _Wrong(f"{where}.format", msg("this is no puzzle progress file."))
        found = fields.get("version")
        if found != VERSION or isinstance(found, bool):
            raise _version(found)
        progress = self.progress
        if "name" in fields:
            progress.name = _name(fields["name"], f"{where}.name")
        if "learner" in fields:
            progress.learner = _rating(fields["learner"], f"{where}.learner")
        for i, value in enumerate(_of(list, fields.get("earlier", []), f"{where}.earlier")):
            progress.add(_attempt_1(value, f"{where}.earlier[{i}]"))

    def _entry(self, data: object, where: str) -> None:
        fields = _of(dict, data, where)
        if "name" in fields:
            self.progress.name = _name(fields["name"], f"{where}.name")
            return
        learner = _rating(fields.get("learner"), f"{where}.learner")
        attempt = Attempt(
            puzzle=_text(fields.get("puzzle"), f"{where}.puzzle", _MAX_ID),
            kind=_text(fields.get("kind"), f"{where}.kind", _MAX_ID),
            **{flag: _of(bool, fields.get(flag), f"{where}.{flag}") for flag in ("right", "hinted", "shown")},
            rating=learner.rating,
            at=_number(fields.get("at"), f"{where}.at", (0.0, 1e11)),
            rule=_text(fields["rule"], f"{where}.rule", _MAX_ID) if "rule" in fields else None,
        )
        self.progress.add(attempt, learner, _rating(fields.get("against"), f"{where}.against"))

    def _version_1(self, data: bytes) -> None:
        """A version 1 file: learner, puzzles (positional ids, so their ratings are dropped), attempts."""
        document = _json(data, msg("the whole file"))
        fields: dict[str, Any] = document if isinstance(document, dict) else {}
        found = fields.get("version")
        if found != 1 or isinstance(found, bool):
            raise _version(found)
        progress = self.progress
        progress.learner = _rating(fields.get("learner"), "learner")
        for key, value in _of(dict, fields.get("puzzles"), "puzzles").items():
            _text(key, f"puzzles[{quote(key, 60)}]", _MAX_ID)
            _rating(value, f"puzzles[{quote(key, 60)}]")
        for i, value in enumerate(_of(list, fields.get("attempts"), "attempts")):
            progress.add(_attempt_1(value, f"attempts[{i}]"))
        progress.migrated = 1
        self.offset = len(data)


def _entries(lines: list[bytes], before: int) -> list[object]:
    """The JSON of each line (the first is line ``before + 1``): parsed all at once (fast), or line by
    line to name the one that is not JSON."""
    try:
        found = json.loads(b"[" + b",".join(lines) + b"]") if lines else []
    except (ValueError, RecursionError):
        found = None
    if not isinstance(found, list) or len(found) != len(lines):
        found = [_json(line, f"line {before + i + 1}") for i, line in enumerate(lines)]
    return found


def _is_header(line: bytes) -> bool:
    """Whether ``line`` is a version 2 header (a version 1 file is one JSON document, not lines)."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "format" in data


def _json(data: bytes, where: str | Message) -> object:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise _Wrong(where, msg("it cannot be read as text (at byte {byte}).", byte=error.start)) from None
    except RecursionError:
        raise _Wrong(where, msg("it is nested too deeply.")) from None
    except (
        json.JSONDecodeError
    ) as error:  # where the text stops being JSON: the parser's own words are English
        raise _Wrong(
            where, msg("it is not JSON (it stops parsing at column {column}).", column=error.colno)
        ) from None
    except ValueError:  # a number too long to read (Python's limit on digits)
        raise _Wrong(where, msg("it holds a number too long to read.")) from None


def _unreadable(error: OSError) -> Message:
    """Why the file cannot be read, in words of any language where the reason is a usual one (the
    system's own words are English)."""
    if isinstance(error, IsADirectoryError):
        return msg("it is a folder, not a file.")
    if isinstance(error, PermissionError):
        return msg("this user may not read it.")
    return msg("the system cannot read it (error {code}).", code=errno.errorcode.get(error.errno or 0, "?"))


def _version(found: object) -> _Wrong:
    return _Wrong(
        "version",
        msg(
            "the file gives its version as {found}; this novaluna_widget reads versions {old} and {known}.",
            found=quote(found, 60),
            old=1,
            known=VERSION,
        ),
    )


def _of(kind: type[Any], value: object, where: str) -> Any:
    """``value`` if it is a ``kind`` (a bool is not a number), else ``_Wrong(where)``."""
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise _Wrong(where)
    return value


def _text(value: object, where: str, limit: int) -> str:
    text: str = _of(str, value, where)
    if not text or len(text) > limit or not text.isprintable():
        raise _Wrong(where, msg("it must be 1 to {limit} printable characters.", limit=limit))
    return text


def _name(value: object, where: str) -> str:
    return _text(value, where, MAX_NAME)


def _number(value: object, where: str, bounds: tuple[float, float]) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise _Wrong(where)
    low, high = bounds
    if not (math.isfinite(value) and low <= value <= high):
        raise _Wrong(
            where,
            msg(
                "{value} is outside {low} to {high}.",
                value=quote(value, 40),
                low=f"{low:g}",
                high=f"{high:g}",
            ),
        )
    return float(value)


def _rating(value: object, where: str) -> Rating:
    if type(value) is dict and len(value) == 3:  # the common case, checked at once
        rating, rd, volatility = value.get("rating"), value.get("rd"), value.get("volatility")
        if (
            type(rating) is float
            and type(rd) is float
            and type(volatility) is float
            and _LOW_RATING <= rating <= _HIGH_RATING
            and _LOW_RD <= rd <= _HIGH_RD
            and _LOW_VOLATILITY <= volatility <= _HIGH_VOLATILITY
        ):
            return Rating(rating, rd, volatility)
    fields = _of(dict, value, where)
    return Rating(*(_number(fields.get(name), f"{where}.{name}", _BOUNDS[name]) for name in _BOUNDS))


def _attempt_1(value: object, where: str) -> Attempt:
    """An attempt as version 1 wrote it."""
    fields = _of(dict, value, where)
    return Attempt(
        puzzle=_text(fields.get("puzzle"), f"{where}.puzzle", _MAX_ID),
        kind=_text(fields.get("kind"), f"{where}.kind", _MAX_ID),
        **{flag: _of(bool, fields.get(flag), f"{where}.{flag}") for flag in ("right", "hinted", "shown")},
        rating=_number(fields.get("rating"), f"{where}.rating", _BOUNDS["rating"]),
        earlier=True,
    )


# -- writing ---------------------------------------------------------------------------------------------
def _target(path: Path) -> Path:
    """The file ``path`` names: a symbolic link's target (written there, so the link stays a link)."""
    return Path(os.path.realpath(path))


def _lock_of(path: Path) -> filelock.BaseFileLock:
    """The lock every writer of ``path`` takes: the OS's where it has one, else a lock file (Pyodide)."""
    target = _target(path)
    name = target.with_name(f".{target.name}.lock")
    if sys.platform == "emscripten":
        return filelock.SoftFileLock(name, timeout=WAIT)
    return filelock.FileLock(name, timeout=WAIT)


@contextmanager
def _lock(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock; a lock file older than ``_STALE`` seconds was left by a writer that died."""
    lock = _lock_of(path)
    try:
        try:
            lock.acquire()
        except filelock.Timeout:
            if not isinstance(lock, filelock.SoftFileLock) or not _stale(Path(lock.lock_file)):
                raise
            Path(lock.lock_file).unlink(missing_ok=True)
            lock.acquire()
    except filelock.Timeout:
        raise ProgressError(_busy(path)) from None
    except OSError as error:
        raise ProgressError(_unwritable(path, error)) from error
    try:
        yield
    finally:
        lock.release()


def _stale(lock: Path) -> bool:
    try:
        return time.time() - lock.stat().st_mtime > _STALE
    except FileNotFoundError:
        return True


def _busy(path: Path) -> Message:
    return msg(
        "The puzzle progress file {path} is kept busy by another writer; your attempt is kept and will be "
        "written next time.",
        path=quote(str(path), 300),
    )


def _unwritable(path: Path, error: OSError) -> Message:
    return msg(
        "The puzzle progress file {path} cannot be written ({error}); your attempt is kept and will be "
        "written when the file can be.",
        path=quote(str(path), 300),
        error=quote(error.strerror or str(error), 200),
    )


class Writer(_Reader):
    """A progress file kept in step with every other writer of it: ``append`` takes the lock, reads what
    the others appended, lets the caller make its entries from the progress so brought up to date, checks
    them as a reader will, and appends them."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.read()

    def check_writable(self) -> None:
        """Refuse, now, a file that could be opened but never written: a name too long for its folder to
        hold the temporary file and the lock file a writer makes beside it."""
        target = _target(self.path)
        folder = target.parent
        while not folder.is_dir() and folder != folder.parent:
            folder = folder.parent  # made at the first write
        try:
            longest = int(os.pathconf(folder, "PC_NAME_MAX"))
        except (OSError, ValueError, AttributeError):
            return  # the system cannot say: the first write will
        if len(os.fsencode(f".{target.name}.{'x' * 8}.tmp")) > longest:
            raise ProgressError(
                msg(
                    "The puzzle progress file {path} could never be written: its name is too long for its "
                    "folder. Give a name of at most {n} characters.",
                    path=quote(str(self.path), 300),
                    n=longest - 14,
                )
            )

    def append(self, entries: Callable[[Progress], list[dict[str, Any]]]) -> None:
        """Append the entries ``entries`` makes from the up-to-date progress, under the lock."""
        try:
            _target(self.path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ProgressError(_unwritable(self.path, error)) from error
        with _lock(self.path):
            _clean(self.path)
            if not self.more():
                self.read()
            made = entries(self.progress)
            lines = [json.dumps(e, ensure_ascii=False, allow_nan=False) for e in made]
            check = _Reader(self.path)
            check.progress = Progress(self.path)
            try:
                for i, line in enumerate(lines):
                    check._entry(json.loads(line), f"entry {i + 1}")  # as a reader will read it
            except _Wrong as wrong:
                raise ProgressError(
                    msg("This attempt cannot be recorded: {problem}", problem=_is_wrong(wrong))
                ) from None
            try:
                if self.progress.migrated is not None or self.identity is None:
                    self._rewrite(lines)
                else:
                    self._append(lines)
            except OSError as error:
                raise ProgressError(_unwritable(self.path, error)) from error

    def _append(self, lines: list[str]) -> None:
        torn = self.torn()
        data = "".join(line + "\n" for line in lines).encode("utf-8")
        with _target(self.path).open("r+b", buffering=0) as file:  # unbuffered: nothing left to flush later
            if torn:
                file.truncate(self.offset)  # a writer killed mid-line: its attempt was never recorded
            file.seek(self.offset)
            try:
                written = 0
                while written < len(data):
                    written += file.write(data[written:]) or 0
                os.fsync(file.fileno())
            except OSError:
                file.truncate(self.offset)  # not written, as the caller is told: it keeps the entries
                raise
        self._lines(data, first=False)

    def _rewrite(self, lines: list[str]) -> None:
        """Write the whole file anew (the first write, or a version 1 file brought up to this version):
        into a temporary file beside it, synced, then renamed over it."""
        progress = self.progress
        header: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if progress.migrated is not None:
            header["migrated"] = progress.migrated
            header["learner"] = asdict(progress.learner)
            header["earlier"] = [
                {
                    "puzzle": a.puzzle,
                    "kind": a.kind,
                    "right": a.right,
                    "hinted": a.hinted,
                    "shown": a.shown,
                    "rating": a.rating,
                }
                for a in progress.attempts
            ]
        if progress.name is not None:
            header["name"] = progress.name
        text = "".join(f"{line}\n" for line in [json.dumps(header, ensure_ascii=False), *lines])
        target = _target(self.path)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(text.encode("utf-8"))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self.read()


def _clean(path: Path) -> None:
    """Remove the temporary files of rewrites killed before they renamed (under the lock: none is live)."""
    target = _target(path)
    for stray in target.parent.glob(f".{target.name}.*.tmp"):
        stray.unlink(missing_ok=True)
