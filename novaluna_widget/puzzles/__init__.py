"""Puzzles from real games' positions, each answer checked by the engine (issue 24).

``generate(n, seed=…)`` gives ``n`` puzzles of the kinds in ``KINDS``; each ``Puzzle`` has its position
(``game``), ``question``, right ``answers``, ``check(answer)`` giving a ``Verdict``, ``explain()`` in the
engine's words, a ``difficulty`` and a starting ``rating``.
"""

from .answers import Answer, Click
from .make import FAMILY, KINDS, AnswerError, Generator, Puzzle, Verdict, generate, rating_of

__all__ = [
    "FAMILY",
    "KINDS",
    "Answer",
    "AnswerError",
    "Click",
    "Generator",
    "Puzzle",
    "Verdict",
    "generate",
    "rating_of",
]
