"""Puzzles from real games' positions, each answer checked by the engine (issue 24).

``generate(n, seed=…)`` gives ``n`` puzzles of the kinds in ``KINDS``; each ``Puzzle`` has its position
(``game``), ``question``, right ``answers``, ``check(answer)`` giving a ``Verdict``, ``explain()`` in the
engine's words, a ``difficulty`` and a starting ``rating``. ``Trainer`` picks the next puzzle at the
learner's level and keeps their Glicko-2 rating in a progress file, which ``read_progress`` reads (for a
teacher's report) and ``set_aside`` keeps aside when damaged; ``worksheet`` prints puzzles for a class.
"""

from ._progress import Attempt, Progress, ProgressError, read_progress, set_aside
from .answers import Answer, Click
from .make import FAMILY, KINDS, AnswerError, Generator, Puzzle, Verdict, generate, rating_of
from .trainer import Trainer

__all__ = [
    "FAMILY",
    "KINDS",
    "Answer",
    "AnswerError",
    "Attempt",
    "Click",
    "Generator",
    "Progress",
    "ProgressError",
    "Puzzle",
    "Trainer",
    "Verdict",
    "generate",
    "rating_of",
    "read_progress",
    "set_aside",
]
