"""The puzzle trainer: puzzles near the learner's level, of the kind they miss most, with their progress
kept in a small local file.

The learner and every puzzle have a Glicko-2 rating (``rating.py``); each attempt is a game between
them, so both move after it, as on Lichess. ``Trainer.next`` picks the kind the learner has lately got
right least often (by a draw from each kind's recent record, so that the others still come up now and
then), then the puzzle of that kind whose rating is nearest the learner's, never one already solved.

The progress file (``Trainer.path``: ``NOVALUNA_PUZZLES``, else ``puzzles.json`` in the user's data
folder; in the in-browser site, the site's drive) is described in ``_progress.py``: every attempt is
appended under a lock, so several notebooks on one file keep all of their attempts, and a crash at any
moment loses nothing recorded. A file that cannot be read is a ``ProgressError`` and is never written over:
the learner's history stays there to be rescued (``set_aside`` keeps it under another name). An attempt the
file cannot take now (a full disk, a folder made read-only) is kept and written with the next one.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import time
import warnings
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import platformdirs

from .._board import whole_number
from .._i18n import Message, msg, plural, quote
from ._make import FAMILY, KINDS, Generator, Puzzle, check_puzzle_seed
from ._make import _kinds as kinds_of
from ._progress import MAX_NAME, VERSION, Progress, ProgressError, Writer, set_aside
from ._rating import Rating, update

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DRIVE", "PUZZLES_ENVIRONMENT", "VERSION", "ProgressError", "Trainer", "default_path", "set_aside"]

#: The environment variable naming the progress file, when no path is given.
PUZZLES_ENVIRONMENT: Final = "NOVALUNA_PUZZLES"
#: Where the in-browser site (JupyterLite's Pyodide kernel) keeps files across reloads: its drive, the
#: notebooks' folder, stored in the browser (IndexedDB). Its home folder lives in memory only.
DRIVE: Final = Path("/drive")
#: How many puzzles of a kind are made at a time, and how few fresh ones make the trainer make more.
_BATCH: Final = 8
_LOW: Final = 3
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
#: The most hints ``record`` takes as a count (a puzzle gives two at most).
_MOST_HINTS: Final = 9


def default_path() -> Path:
    """The progress file when none is given: ``NOVALUNA_PUZZLES`` if set; in the in-browser site
    ``puzzle-progress.json`` on its drive (kept across reloads, and shown among the notebooks, so a pupil
    can download it for their teacher); else ``puzzles.json`` in the user's data folder (on Linux
    ``$XDG_DATA_HOME/novaluna_widget``, by default ``~/.local/share/…``)."""
    named = os.environ.get(PUZZLES_ENVIRONMENT)
    if named:
        return Path(named).expanduser()
    if sys.platform == "emscripten" and DRIVE.is_dir():
        return DRIVE / "puzzle-progress.json"
    return Path(platformdirs.user_data_dir("novaluna_widget", appauthor=False)) / "puzzles.json"


#: Said when the progress cannot outlive the page: in the in-browser site without its drive.
_NOT_KEPT: Final = msg(
    "This browser cannot keep files for the site, so your puzzle progress lasts only until the page is "
    "reloaded."
)


@dataclass(frozen=True)
class _Pending:
    """An attempt not yet in the file: rated against the file's ratings when it is written."""

    puzzle: str
    kind: str
    rating: float  # the puzzle's own, if the file has none for it yet
    right: bool
    hinted: int  # hints taken
    shown: bool
    at: float
    rule: str


class Trainer:
    """Puzzles for one learner, their ratings and their progress, kept in the file at ``path`` (None:
    ``default_path()``). ``seed`` makes the puzzles; ``lang`` is their language (None: the package's);
    ``name`` is the learner's, kept in the file (None: as the file has it).

    ``notice`` is what the learner should know about their file (None: nothing): that it came from an
    older version, or that the browser keeps no files for the site; it is said as a Python warning too,
    unless ``warn`` is False (the widget, which shows it itself). A file that cannot be read, or whose
    name could never be written, is a ``ProgressError`` here."""

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        seed: int = 0,
        lang: str | None = None,
        name: str | None = None,
        warn: bool = True,
    ):
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise TypeError(msg("the progress file is a path, not {value}", value=quote(path)))
        self.path = default_path() if path is None else Path(path)
        self.seed = check_puzzle_seed(seed)
        self.lang = lang
        self._file = Writer(self.path)  # a damaged file stops here
        self._file.check_writable()
        self._pending: list[_Pending] = []
        self.notice: Message | None = _notice(self._file.progress, self.path)
        if self.notice is not None and warn:
            warnings.warn(self.notice.in_language(lang), stacklevel=2)
        if name is not None:
            self.name = name
        self._generator = Generator(self.seed, lang)
        self._pool: dict[str, list[Puzzle]] = {}
        self._last: str | None = None
        self._random = random.Random(self.seed)

    def __repr__(self) -> str:
        return f"Trainer({str(self.path)!r}, seed={self.seed}, rating={self.rating.rating:.0f})"

    @property
    def progress(self) -> Progress:
        """What the file holds, as this trainer last read or wrote it (see ``read_progress``)."""
        return self._file.progress

    @property
    def rating(self) -> Rating:
        """The learner's rating."""
        return self.progress.learner

    @property
    def name(self) -> str | None:
        """The learner's name (None: not given), kept in the progress file; set it to change it."""
        return self.progress.name

    @name.setter
    def name(self, name: str) -> None:
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME or not name.isprintable():
            raise ValueError(
                msg(
                    "a learner's name is 1 to {limit} printable characters, not {value}",
                    limit=MAX_NAME,
                    value=quote(name, 60),
                )
            )
        if name.strip() != self.name:
            self._file.append(lambda _: [{"name": name.strip()}])

    @property
    def unsaved(self) -> int:
        """How many attempts are recorded but not yet in the file (it could not be written): they are
        written with the next attempt, or by ``save``."""
        return len(self._pending)

    # -- choosing ---------------------------------------------------------------------------------
    def next(self, kinds: Iterable[str] | None = None) -> Puzzle:
        """The next puzzle: of the kind (among ``kinds``: kinds or families, None: all) the learner has
        lately missed most, and of those the one whose rating is nearest the learner's. A newcomer asking
        for any kind gets the rules kinds, each at its easiest, until they are mostly solved
        (``newcomer``); ``kinds`` named gives those kinds at once. Attempts the file could not take
        before (``unsaved``) are written first, if it can take them now."""
        if self._pending:
            with contextlib.suppress(ProgressError):  # kept still: the learner was told when recorded
                self.save()
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
            recent = self.progress.recent.get(kind, ())
            return self._random.betavariate(sum(recent) + 1, len(recent) - sum(recent) + 1)

        return min(kinds, key=draw)

    def _fresh(self, kind: str) -> list[Puzzle]:
        """The puzzles of ``kind`` made so far that the learner has not solved, but for the one just given."""
        solved = self.progress.solved
        return [p for p in self._pool.get(kind, []) if p.id not in solved and p.id != self._last]

    def _make(self, kind: str) -> None:
        """Make the next few puzzles of ``kind`` for the trainer's seed (always the same ones, in order)."""
        left = self._generator.left(kind)
        count = _BATCH if left is None else min(_BATCH, left)
        self._pool.setdefault(kind, []).extend(self._generator.make(kind) for _ in range(count))

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        """The puzzle's rating: as the learner's attempts have moved it, else the one it was made with."""
        return self.progress.puzzles.get(puzzle.id, Rating(puzzle.rating, _PUZZLE_RD, _PUZZLE_VOLATILITY))

    # -- recording --------------------------------------------------------------------------------
    def record(
        self, puzzle: Puzzle, right: bool, *, hinted: bool | int = False, shown: bool = False
    ) -> Rating:
        """Count an attempt at ``puzzle``: ``right`` whether it was answered right, ``hinted`` how many
        hints were taken (True: one; a right answer after one is three quarters of a win, after two or
        more half), ``shown`` whether the answer was shown (a loss, however it was answered). Both
        ratings move, from the ratings in the file however many others write it; the file is written
        before this returns. Returns the learner's new rating.

        Arguments of the wrong type are refused (``TypeError``) before anything is kept. If the file
        cannot be written now, the attempt is kept (``unsaved``), written with the next one, and this
        raises ``ProgressError`` saying so."""
        if not isinstance(puzzle, Puzzle):
            raise TypeError(
                msg(
                    "{record} takes a puzzle (from {next} or {generate}), not {value}",
                    record="record",
                    next="next",
                    generate="generate",
                    value=quote(puzzle),
                )
            )
        hints = int(hinted) if isinstance(hinted, bool) else whole_number(hinted)
        if hints is None or not 0 <= hints <= _MOST_HINTS:
            raise TypeError(
                msg(
                    "{flag} is {true}, {false} or how many hints were taken (0 to {most}), not {value}",
                    flag="hinted",
                    true="True",
                    false="False",
                    most=_MOST_HINTS,
                    value=quote(hinted),
                )
            )
        for flag, value in (("right", right), ("shown", shown)):
            if not isinstance(value, bool):
                raise TypeError(
                    msg(
                        "{flag} is {true} or {false}, not {value}",
                        flag=flag,
                        true="True",
                        false="False",
                        value=quote(value),
                    )
                )
        self._pending.append(
            _Pending(
                puzzle.id, puzzle.kind, puzzle.rating, right, hints, shown, round(time.time(), 3), puzzle.rule
            )
        )
        self.save()
        return self.rating

    def save(self) -> None:
        """Write the attempts not yet in the file (``unsaved``), rated against the file's ratings as they
        are now: ``ProgressError`` if it still cannot be written (they stay kept)."""
        if not self._pending:
            return
        pending = list(self._pending)

        def entries(progress: Progress) -> list[dict[str, Any]]:
            learner, puzzles, made = progress.learner, dict(progress.puzzles), []
            for p in pending:
                against = puzzles.get(p.puzzle, Rating(p.rating, _PUZZLE_RD, _PUZZLE_VOLATILITY))
                score = 0.0 if p.shown or not p.right else _HINTED[min(p.hinted, len(_HINTED) - 1)]
                learner, puzzles[p.puzzle] = (
                    update(learner, [(against, score)]),
                    update(against, [(learner, 1.0 - score)]),
                )
                made.append(
                    {
                        "puzzle": p.puzzle,
                        "kind": p.kind,
                        "right": p.right,
                        "hinted": p.hinted > 0,
                        "shown": p.shown,
                        "at": p.at,
                        "rule": p.rule,
                        "learner": asdict(learner),
                        "against": asdict(puzzles[p.puzzle]),
                    }
                )
            return made

        self._file.append(entries)
        del self._pending[: len(pending)]

    # -- reading ----------------------------------------------------------------------------------
    def solved(self) -> dict[str, tuple[int, int]]:
        """Each kind tried: (puzzles solved, attempts), a shown answer not counted as solved."""
        counts = self.progress.counts
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


def _notice(progress: Progress, path: Path) -> Message | None:
    """What the learner should know about the file as it was read (see ``Trainer.notice``)."""
    if progress.migrated is not None:
        return plural(
            "The puzzle progress file {path} was written by an older version: your rating and your "
            "{n} attempt are kept, but puzzles are named anew, so puzzles you solved may come again.",
            "The puzzle progress file {path} was written by an older version: your rating and your "
            "{n} attempts are kept, but puzzles are named anew, so puzzles you solved may come again.",
            len(progress.attempts),
            path=quote(str(path), 300),
        )
    if sys.platform == "emscripten" and not DRIVE.is_dir():  # a browser that keeps no files for the site
        return _NOT_KEPT
    return None
