"""Puzzles from real games' positions, each answer checked by the engine (issue 24).

``generate(n, seed=…)`` gives ``n`` puzzles of the kinds in ``KINDS``; each ``Puzzle`` has its position
(``game``), ``question``, right ``answers``, ``check(answer)`` giving a ``Verdict``, ``explain()`` in the
engine's words, a ``difficulty`` and a starting ``rating``. ``Trainer`` picks the next puzzle at the
learner's level and keeps their Glicko-2 rating in a progress file; ``worksheet`` prints puzzles for a class.
``Rating``, ``LEARNER`` (a new learner's rating) and ``rate`` (one Glicko-2 rating period) are the ratings'
arithmetic; ``MARGIN`` is how far a strategy puzzle's answer must beat the next best.
"""

from ._answers import MARGIN, Answer, Click
from ._make import FAMILY, KINDS, AnswerError, Generator, Puzzle, Verdict, generate, rating_of
from ._rating import LEARNER, Rating
from ._rating import update as rate
from ._trainer import ProgressError, Trainer

__all__ = [
    "FAMILY",
    "KINDS",
    "LEARNER",
    "MARGIN",
    "Answer",
    "AnswerError",
    "Click",
    "Generator",
    "ProgressError",
    "Puzzle",
    "Rating",
    "Trainer",
    "Verdict",
    "generate",
    "rate",
    "rating_of",
]
