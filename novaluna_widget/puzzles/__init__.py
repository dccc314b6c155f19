"""Puzzles from real games' positions, each answer checked by the engine (issue 24).

``generate(n, seed=…)`` gives ``n`` puzzles of the kinds in ``KINDS``; each ``Puzzle`` has its position
(``game``), ``question``, right ``answers``, ``check(answer)`` giving a ``Verdict``, ``explain()`` in the
engine's words, a ``difficulty`` and a starting ``rating``. ``Trainer`` picks the next puzzle at the
learner's level and keeps their Glicko-2 rating in a progress file, which ``read_progress`` reads and
``set_aside`` keeps aside when damaged; ``worksheet`` prints puzzles for a class, and ``class_report`` reads a
class's progress files into the teacher's table and picture. ``RULES`` are the rules a puzzle's answer rests
on, each in a sentence. ``Rating``, ``LEARNER`` (a new learner's rating) and ``rate`` (one Glicko-2 rating
period) are the ratings' arithmetic; ``MARGIN`` is how far a strategy puzzle's answer must beat the next best.
"""

from ._answers import MARGIN, RULES, Answer, Click
from ._class import ClassReport, class_report
from ._make import FAMILY, KINDS, AnswerError, Generator, Puzzle, Verdict, generate, rating_of
from ._progress import Attempt, Progress, ProgressError, read_progress, set_aside
from ._rating import LEARNER, Rating
from ._rating import update as rate
from ._trainer import Trainer

__all__ = [
    "FAMILY",
    "KINDS",
    "LEARNER",
    "MARGIN",
    "RULES",
    "Answer",
    "AnswerError",
    "Attempt",
    "ClassReport",
    "Click",
    "Generator",
    "Progress",
    "ProgressError",
    "Puzzle",
    "Rating",
    "Trainer",
    "Verdict",
    "class_report",
    "generate",
    "rate",
    "rating_of",
    "read_progress",
    "set_aside",
]
