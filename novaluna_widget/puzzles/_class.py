"""The teacher's view of a class: many learners' progress files read into one table and one picture.

``class_report(files_or_folder)`` reads every progress file given (a folder: every file in it and its
subfolders, hidden ones left out), and returns a ``ClassReport``: a row a learner (rating, attempts,
puzzles solved, each kind's share of attempts solved, the kinds missed most), the rules the class
missed most (each puzzle's rule, ``RULES``), a bar chart of each kind's share solved across the class,
and the files skipped, each with the reason. A damaged or foreign file is skipped, never a crash.

Needs pandas and matplotlib (the ``analysis`` extra).
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .._i18n import msg, plural, resolve
from ._answers import RULES
from ._make import KINDS
from ._progress import Attempt, Progress, ProgressError, read_progress

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["ClassReport", "class_report"]

#: How many kinds (and rules) a learner's row names as missed most.
_MOST: Final = 2


def _read(path: Path) -> Progress:
    """One learner's progress, read by the trainer's own reader (``read_progress``): their name (None where
    the file gives none: the report names them after their file), rating and every attempt.
    ``ProgressError`` if it cannot be read."""
    if not path.is_file():  # the trainer takes a missing file for a new learner; a report does not
        raise ProgressError(msg("There is no file {path}.", path=str(path)))
    return read_progress(path)


@dataclass(frozen=True)
class ClassReport:
    """A class's puzzles at a glance (``class_report``).

    ``table``: a row a learner (index ``learner``): ``rating``, ``tried`` (attempts), ``solved``
    (puzzles solved without the answer shown), each kind's share of attempts solved (empty where not
    tried) and ``missed most`` (the kinds of the most attempts missed). ``rules``: each rule the class
    missed (the sentence, in the report's language), with ``missed`` (attempts) and ``learners`` (how
    many missed it at least once), most missed first. ``skipped``: each file not read (``file``, its
    path within the folder given, and ``reason``). ``figure``: each kind's share of attempts solved
    across the class, a bar a kind."""

    table: pd.DataFrame
    rules: pd.DataFrame
    skipped: pd.DataFrame
    figure: Figure

    def __repr__(self) -> str:
        return f"ClassReport({len(self.table)} learners, {len(self.skipped)} files skipped)"


def class_report(
    files_or_folder: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, lang: str | None = None
) -> ClassReport:
    """The report on the learners whose progress files are given: a folder (every file in it and in its
    subfolders, but hidden ones) or the files themselves. Words in ``lang`` (None: the package
    language). A file that is not a progress file, or is damaged, is listed in ``skipped`` with the
    reason; a folder or file that does not exist at all is a ``FileNotFoundError``."""
    import pandas as pd

    lang = resolve(lang)
    files = _files(files_or_folder)
    read: list[tuple[Path, Progress]] = []
    skipped: list[tuple[str, str]] = []
    for path in files:
        try:
            read.append((path, _read(path)))
        except ProgressError as error:
            shown = _shown(path, files_or_folder)
            skipped.append((shown, error.in_language(lang).replace(str(path), shown)))
    names = _names([path for path, _ in read], [p.name for _, p in read])
    rows = [_row(name, progress) for name, (_, progress) in zip(names, read, strict=True)]
    columns = ["learner", "rating", "tried", "solved", *KINDS, "missed most"]
    table = pd.DataFrame(rows, columns=columns).set_index("learner")
    every = [a for _, p in read for a in p.attempts]
    return ClassReport(
        table=table,
        rules=_rules([p for _, p in read], lang),
        skipped=pd.DataFrame(skipped, columns=["file", "reason"]),
        figure=_figure(every, lang),
    )


def _files(given: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The files to read: a folder's files (recursively, hidden ones and those in hidden folders left
    out, in name order), or the files given."""
    if isinstance(given, (str, os.PathLike)):
        folder = Path(given)
        if folder.is_dir():
            found = (p for p in sorted(folder.rglob("*")) if p.is_file())
            return [p for p in found if not any(part.startswith(".") for part in p.relative_to(folder).parts)]
        if not folder.exists():
            raise FileNotFoundError(
                f"no folder or file {folder}: give a folder of progress files, or the files"
            )
        return [folder]
    return [Path(p) for p in given]


def _shown(path: Path, given: object) -> str:
    """A file as the report names it: within the folder given, its path there; else as given."""
    if isinstance(given, (str, os.PathLike)) and Path(given).is_dir():
        return path.relative_to(given).as_posix()
    return str(path)


def _names(paths: Sequence[Path], named: Sequence[str | None]) -> list[str]:
    """Each learner's name: the one their file gives, else the file's name without ``.json``; where two
    files have one name (every learner's ``puzzles.json``), the path that tells them apart."""
    stems = [name or path.stem for path, name in zip(paths, named, strict=True)]
    count = Counter(stems)
    if all(count[s] == 1 for s in stems) or len(paths) < 2:
        return stems
    common = Path(os.path.commonpath([p.parent for p in paths]))
    return [
        stem if count[stem] == 1 else str(path.relative_to(common).with_suffix(""))
        for stem, path in zip(stems, paths, strict=True)
    ]


def _row(name: str, progress: Progress) -> list[object]:
    attempts = progress.attempts
    shares: list[float] = []
    for kind in KINDS:  # NaN, not None: a kind no learner tried stays a column of numbers
        of_kind = [a for a in attempts if a.kind == kind]
        shares.append(sum(a.solved for a in of_kind) / len(of_kind) if of_kind else math.nan)
    missed = Counter(a.kind for a in attempts if not a.solved)
    most = ", ".join(kind for kind, _ in missed.most_common(_MOST))
    solved = len({a.puzzle for a in attempts if a.solved})
    return [name, round(progress.learner.rating), len(attempts), solved, *shares, most]


def _rules(read: list[Progress], lang: str) -> pd.DataFrame:
    """Each rule missed, its attempts missed and how many learners missed it, most missed first."""
    import pandas as pd

    missed: Counter[str] = Counter()
    learners: Counter[str] = Counter()
    for progress in read:
        mine = [rule for a in progress.attempts if not a.solved and (rule := a.rule) in RULES]
        missed.update(mine)
        learners.update(set(mine))
    rows = [(RULES[rule].in_language(lang), n, learners[rule]) for rule, n in missed.most_common()]
    return pd.DataFrame(rows, columns=["rule", "missed", "learners"])


#: The fonts a figure's words are drawn in, by language (matplotlib falls back along the list): Debian's,
#: as the worksheet's (``worksheet.FONTS``). Matplotlib 3.11 joins Persian letters and lays the words out
#: right to left itself (its text layout is libraqm's).
_FONTS: Final = {
    "ja": ["Noto Sans CJK JP", "DejaVu Sans"],
    "fa": ["Noto Sans Arabic UI", "DejaVu Sans"],
}


def _figure(attempts: list[Attempt], lang: str) -> Figure:
    """A bar a kind: the share of the class's attempts at it that were solved, with how many there were."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"font.family": _FONTS.get(lang, ["DejaVu Sans"])}):
        figure = Figure(figsize=(7, 3.2), layout="constrained")
        axes = figure.add_subplot()
        tried = Counter(a.kind for a in attempts)
        solved = Counter(a.kind for a in attempts if a.solved)
        kinds = [k for k in KINDS if tried[k]]
        bars = axes.bar(kinds, [solved[k] / tried[k] for k in kinds], color="#4a6fa5")
        labels = [plural("{n} attempt", "{n} attempts", tried[k]).in_language(lang) for k in kinds]
        axes.bar_label(bars, labels=labels, fontsize=8)
        axes.set_ylim(0, 1.1)
        axes.set_ylabel(msg("share solved").in_language(lang))
        axes.set_title(msg("What the class solves, kind by kind").in_language(lang))
        axes.tick_params(axis="x", labelrotation=30)
    return figure
