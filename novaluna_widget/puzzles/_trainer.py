"""The puzzle trainer: puzzles near the learner's level, of the kind they miss most, with their progress
kept in a small local file.

The learner and every puzzle have a Glicko-2 rating (``rating.py``); each attempt is a game between
them, so both move after it, as on Lichess. ``Trainer.next`` picks the kind the learner has lately got
right least often (by a draw from each kind's recent record, so that the others still come up now and
then), then the puzzle of that kind whose rating is nearest the learner's, never one already solved.

The progress file (``Trainer.path``: ``NOVALUNA_PUZZLES``, else ``puzzles.json`` in the user's data
folder) is JSON with a version number. It is written whole to a temporary file beside it, flushed to
the disk and only then renamed over the old one, so a crash at any moment leaves either the old file or
the new one, never half of one. A file that cannot be read is a ``ProgressError`` and is never written
over: the learner's history stays there to be rescued.
"""

from __future__ import annotations

import json
import math
import os
import random
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import platformdirs

from .._errors import _Worded
from .._i18n import Message, msg, quote
from ._make import FAMILY, KINDS, Generator, Puzzle
from ._make import _kinds as kinds_of
from ._rating import LEARNER, Rating, update

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ENVIRONMENT", "VERSION", "ProgressError", "Trainer", "default_path"]

#: The environment variable naming the progress file, when no path is given.
ENVIRONMENT: Final = "NOVALUNA_PUZZLES"
#: The version of the progress file's format, written in it.
VERSION: Final = 1
#: How many puzzles of a kind are made at a time, and how few fresh ones make the trainer make more.
_BATCH: Final = 8
_LOW: Final = 3
#: How many of a kind's latest attempts say how well the learner does at it now.
_RECENT: Final = 10
#: How many puzzles of a rules kind a learner solves before it counts as known; a newcomer is one who
#: knows fewer than all but one rules kinds (``Trainer.newcomer``).
_RULES_SOLVED: Final = 2
#: A puzzle's deviation and volatility before anyone tried it: its rating comes from how it was made, a
#: fair guess, so less unsure than a new learner's.
_PUZZLE_RD: Final = 150.0
_PUZZLE_VOLATILITY: Final = 0.06
#: The score of a puzzle solved after no hint, one, two: a hint costs rating as it gives more away (the
#: first says the rule and where to look, the second narrows further); a shown answer is a loss.
_HINTED: Final = (1.0, 0.75, 0.5)


class ProgressError(_Worded):
    """The progress file cannot be read: the message names the file and what is wrong with it. The file
    is left exactly as it was."""


def default_path() -> Path:
    """The progress file when none is given: ``NOVALUNA_PUZZLES`` if set, else ``puzzles.json`` in the
    user's data folder (on Linux ``$XDG_DATA_HOME/novaluna_widget``, by default ``~/.local/share/…``)."""
    named = os.environ.get(ENVIRONMENT)
    if named:
        return Path(named).expanduser()
    return Path(platformdirs.user_data_dir("novaluna_widget", appauthor=False)) / "puzzles.json"


class Trainer:
    """Puzzles for one learner, their ratings and their progress, kept in the file at ``path`` (None:
    ``default_path()``). ``seed`` makes the puzzles; ``lang`` is their language (None: the package's)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, seed: int = 0, lang: str | None = None):
        self.path = default_path() if path is None else Path(path)
        self.seed = seed
        self.lang = lang
        progress = _load(self.path)
        self.rating: Rating = progress["learner"]
        self._puzzles: dict[str, Rating] = progress["puzzles"]
        self._attempts: list[dict[str, Any]] = progress["attempts"]
        self._solved = {a["puzzle"] for a in self._attempts if a["right"] and not a["shown"]}
        self._generator = Generator(seed, lang)
        self._pool: dict[str, list[Puzzle]] = {}
        self._last: str | None = None
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"Trainer({str(self.path)!r}, seed={self.seed}, rating={self.rating.rating:.0f})"

    # -- choosing ---------------------------------------------------------------------------------
    def next(self, kinds: Iterable[str] | None = None) -> Puzzle:
        """The next puzzle: of the kind (among ``kinds``: kinds or families, None: all) the learner has
        lately missed most, and of those the one whose rating is nearest the learner's. A newcomer asking
        for any kind gets the rules kinds, each at its easiest, until they are mostly solved
        (``newcomer``); ``kinds`` named gives those kinds at once."""
        first = kinds is None and self.newcomer
        kind = self._weakest([k for k in kinds_of(kinds) if not first or FAMILY[k] == "rules"])
        fresh = self._fresh(kind)
        while len(fresh) < _LOW and self._generator.left(kind) != 0:
            self._make(kind)
            fresh = self._fresh(kind)
        if not fresh:  # every curated puzzle of the kind solved: one again, rather than none
            fresh = [p for p in self._pool[kind] if p.id != self._last] or self._pool[kind]
        aim = min(self.puzzle_rating(p).rating for p in fresh) if first else self.rating.rating
        chosen = min(fresh, key=lambda p: (abs(self.puzzle_rating(p).rating - aim), p.id))
        self._last = chosen.id
        return chosen

    @property
    def newcomer(self) -> bool:
        """Whether the learner has yet to solve the rules kinds: fewer than ``_RULES_SOLVED`` puzzles
        solved of more than one of them (the rules come before placement, strategy and solo)."""
        solved = self.solved()
        unsure = [k for k in KINDS if FAMILY[k] == "rules" and solved.get(k, (0, 0))[0] < _RULES_SOLVED]
        return len(unsure) > 1

    def _weakest(self, kinds: list[str]) -> str:
        """The kind with the lowest draw from a Beta of its recent record (rights + 1, misses + 1): the
        kind missed most comes up most often, and a kind seldom tried gets its turn as well."""

        def draw(kind: str) -> float:
            recent = [a["right"] for a in self._attempts if a["kind"] == kind][-_RECENT:]
            return self._random.betavariate(sum(recent) + 1, len(recent) - sum(recent) + 1)

        return min(kinds, key=draw)

    def _fresh(self, kind: str) -> list[Puzzle]:
        """The puzzles of ``kind`` made so far that the learner has not solved, but for the one just given."""
        return [p for p in self._pool.get(kind, []) if p.id not in self._solved and p.id != self._last]

    def _make(self, kind: str) -> None:
        """Make the next few puzzles of ``kind`` for the trainer's seed (always the same ones, in order)."""
        left = self._generator.left(kind)
        count = _BATCH if left is None else min(_BATCH, left)
        self._pool.setdefault(kind, []).extend(self._generator.make(kind) for _ in range(count))

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        """The puzzle's rating: as the learner's attempts have moved it, else the one it was made with."""
        return self._puzzles.get(puzzle.id, Rating(puzzle.rating, _PUZZLE_RD, _PUZZLE_VOLATILITY))

    # -- recording --------------------------------------------------------------------------------
    def record(
        self, puzzle: Puzzle, right: bool, *, hinted: bool | int = False, shown: bool = False
    ) -> Rating:
        """Count an attempt at ``puzzle``: ``right`` whether it was answered right, ``hinted`` how many
        hints were taken (True: one; a right answer after one is three quarters of a win, after two or
        more half), ``shown`` whether the answer was shown (a loss, however it was answered). Both
        ratings move; the file is written before this returns. Returns the learner's new rating."""
        score = 0.0 if shown or not right else _HINTED[min(int(hinted), len(_HINTED) - 1)]
        before, against = self.rating, self.puzzle_rating(puzzle)
        after = update(before, [(against, score)])
        puzzles = {**self._puzzles, puzzle.id: update(against, [(before, 1.0 - score)])}
        attempt = {
            "puzzle": puzzle.id,
            "kind": puzzle.kind,
            "right": right,
            "hinted": bool(hinted),
            "shown": shown,
            "rating": after.rating,
        }
        _save(self.path, after, puzzles, [*self._attempts, attempt])
        self.rating, self._puzzles = after, puzzles  # only once the file holds them
        self._attempts.append(attempt)
        if right and not shown:
            self._solved.add(puzzle.id)
        return after

    # -- reading ----------------------------------------------------------------------------------
    def solved(self) -> dict[str, tuple[int, int]]:
        """Each kind tried: (puzzles solved, attempts), a shown answer not counted as solved."""
        counts: dict[str, tuple[int, int]] = {}
        for a in self._attempts:
            solved, tried = counts.get(a["kind"], (0, 0))
            counts[a["kind"]] = (solved + (a["right"] and not a["shown"]), tried + 1)
        return {kind: counts[kind] for kind in sorted(counts, key=_order)}

    def summary(self) -> pd.DataFrame:
        """A table of each kind tried (its family, puzzles solved, attempts, share solved), with the
        learner's rating and deviation in ``attrs``. Needs pandas (the ``analysis`` extra)."""
        import pandas as pd

        rows = [
            (kind, FAMILY.get(kind, kind), solved, tried, solved / tried)
            for kind, (solved, tried) in self.solved().items()
        ]
        table = pd.DataFrame(rows, columns=["kind", "family", "solved", "tried", "share"]).set_index("kind")
        table.attrs = {"rating": round(self.rating.rating), "rd": round(self.rating.rd)}
        return table


def _order(kind: str) -> int:
    """A kind's place in ``KINDS`` (a kind from a newer version, unknown here, goes last)."""
    return KINDS.index(kind) if kind in KINDS else len(KINDS)


# -- the progress file ----------------------------------------------------------------------------
def _load(path: Path) -> dict[str, Any]:
    """The progress in ``path`` (a fresh learner if there is no file), checked field by field."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {"learner": LEARNER, "puzzles": {}, "attempts": []}
    except (OSError, UnicodeDecodeError) as error:
        raise _damaged(path, msg("it cannot be read as text ({error}).", error=str(error))) from error
    try:
        data = json.loads(text)
    except ValueError as error:
        raise _damaged(path, msg("it is not JSON ({error}).", error=str(error))) from error
    if not isinstance(data, dict) or data.get("version") != VERSION:
        found = data.get("version") if isinstance(data, dict) else None
        raise _damaged(
            path,
            msg(
                "it gives its version as {found}, and this novaluna_widget reads version {known}.",
                found=quote(found),
                known=VERSION,
            ),
        )
    try:
        return {
            "learner": _rating(data.get("learner"), "learner"),
            "puzzles": {
                key: _rating(value, f"puzzles[{key!r}]")
                for key, value in _of(dict, data.get("puzzles"), "puzzles").items()
            },
            "attempts": [
                _attempt(value, f"attempts[{i}]")
                for i, value in enumerate(_of(list, data.get("attempts"), "attempts"))
            ],
        }
    except _Wrong as wrong:
        problem = msg("{field} is missing or not what it should be.", field=wrong.field)
        raise _damaged(path, problem) from None


def _damaged(path: Path, problem: Message) -> ProgressError:
    return ProgressError(
        msg(
            "The puzzle progress file {path} cannot be read: {problem} It is left as it is; move it "
            "aside to start afresh.",
            path=str(path),
            problem=problem,
        )
    )


class _Wrong(Exception):
    """A field of the progress file (named as in Python: ``attempts[3]``) is missing or of the wrong type."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def _of(kind: type[Any] | tuple[type[Any], ...], value: object, field: str) -> Any:
    """``value`` if it is a ``kind``, else ``_Wrong(field)``."""
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise _Wrong(field)
    return value


def _number(value: object, field: str) -> float:
    number = _of((int, float), value, field)
    if not math.isfinite(number):
        raise _Wrong(field)
    return float(number)


def _rating(value: object, field: str) -> Rating:
    fields = _of(dict, value, field)
    return Rating(*(_number(fields.get(name), f"{field}.{name}") for name in ("rating", "rd", "volatility")))


def _attempt(value: object, field: str) -> dict[str, Any]:
    fields = _of(dict, value, field)
    return {
        "puzzle": _of(str, fields.get("puzzle"), f"{field}.puzzle"),
        "kind": _of(str, fields.get("kind"), f"{field}.kind"),
        **{flag: _of(bool, fields.get(flag), f"{field}.{flag}") for flag in ("right", "hinted", "shown")},
        "rating": _number(fields.get("rating"), f"{field}.rating"),
    }


def _save(path: Path, learner: Rating, puzzles: Mapping[str, Rating], attempts: list[dict[str, Any]]) -> None:
    """Write the progress to ``path`` atomically: whole into a temporary file in the same folder, synced
    to the disk, then renamed over ``path`` (``os.replace`` is atomic on one file system)."""
    text = json.dumps(
        {
            "version": VERSION,
            "learner": asdict(learner),
            "puzzles": {k: asdict(v) for k, v in sorted(puzzles.items())},
            "attempts": attempts,
        },
        ensure_ascii=False,
        indent=1,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
