"""Puzzles from real games' positions, each answer checked by the engine (issue 24).

``generate(n, seed=…)`` gives ``n`` puzzles of the kinds in ``KINDS``; each ``Puzzle`` has its position
(``game``), ``question``, right ``answers``, ``check(answer)`` giving a ``Verdict``, ``explain()`` in the
engine's words, a ``difficulty`` and a starting ``rating``. ``Trainer`` picks the next puzzle at the
learner's level and keeps their Glicko-2 rating in a progress file; ``worksheet`` prints puzzles for a class,
and ``class_report`` reads a class's progress files into the teacher's table and picture.
"""

from ._class import ClassReport, class_report
from .answers import RULES, Answer, Click
from .make import FAMILY, KINDS, AnswerError, Generator, Puzzle, Verdict, generate, rating_of
from .trainer import ProgressError, Trainer

__all__ = [
    "FAMILY",
    "KINDS",
    "RULES",
    "Answer",
    "AnswerError",
    "ClassReport",
    "Click",
    "Generator",
    "ProgressError",
    "Puzzle",
    "Trainer",
    "Verdict",
    "class_report",
    "generate",
    "rating_of",
]
