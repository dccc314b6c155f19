"""Glicko-2 ratings for the puzzle trainer: the learner's and each puzzle's, as Lichess rates puzzles.

An attempt at a puzzle is a game between the learner and the puzzle, and each attempt is a rating period
of its own (``update``): the learner's rating moves after every puzzle, and the puzzle's after every
attempt at it. The maths is Mark Glickman's ("Example of the Glicko-2 system", 2022), done by the
``glicko2`` library (pure Python, so it runs in Pyodide too), with one correction (``_Player``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import glicko2

__all__ = ["LEARNER", "Rating", "update"]

#: Glicko-2's scale: a rating of 1500 + _SCALE·μ is μ on the Glicko-2 scale.
_SCALE: Final = 173.7178
#: Glicko-2's system constant τ, which limits how fast the volatility moves: Glickman's example's.
_TAU: Final = 0.5


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the estimate, its deviation (RD: how unsure it is) and the volatility (how much
    it is expected to move), all on the Glicko scale (1500 is the middle)."""

    rating: float
    rd: float
    volatility: float


#: A learner who has tried no puzzle yet: Glickman's unrated player.
LEARNER: Final = Rating(1500.0, 350.0, 0.06)


class _Player(glicko2.Player):  # type: ignore[misc]  # the library has no type hints
    """``glicko2.Player`` with step 5's function f as Glickman writes it. The library squares the rating
    μ where f squares the deviation φ: its volatility is a little off at a rating of 1500 (μ = 0, the
    paper's example: 0.059993 for 0.059996) and barely moves at all far from it."""

    _tau = _TAU

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi_squared = (float(self.rd) / _SCALE) ** 2  # φ before the period: f runs before it is updated
        ex = math.exp(x)
        return ex * (delta**2 - phi_squared - v - ex) / (2 * (phi_squared + v + ex) ** 2) - (x - a) / _TAU**2


def update(player: Rating, games: Iterable[tuple[Rating, float]]) -> Rating:
    """``player``'s rating after one rating period of ``games``: (the opponent's rating, the score: 1 a
    win, 0 a loss, ½ a draw)."""
    played = list(games)
    updated = _Player(player.rating, player.rd, player.volatility)
    updated.update_player(
        [opponent.rating for opponent, _ in played],
        [opponent.rd for opponent, _ in played],
        [score for _, score in played],
    )
    return Rating(float(updated.rating), float(updated.rd), float(updated.vol))
