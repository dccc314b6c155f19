"""The deep search that decides a curated strategy or solo puzzle's answer, and its settings.

A curated puzzle asks which tile to take (or whether to refill) and its answer is the choice a deep
search values best: ``SearchBot`` with ``DEEP_NODES`` units of work (16 times the coach's hint),
looking up to ``DEEP_DEPTH`` tiles ahead over ``DEEP_SAMPLES`` sampled draw piles. A position is kept
only when two such searches with different seeds (so different sampled draw piles) agree on the
choice and each puts it at least ``MARGIN`` tokens above every other choice (``stable``).
``bench/puzzles_set.py`` runs it over bot games' positions; the tests re-run it on a sample.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .._game import Game
from ..bots import SearchBot, best_place
from ..coach import NODES as HINT_NODES
from ._answers import MARGIN, Answer, margin_of

__all__ = [
    "DEEP_DEPTH",
    "DEEP_NODES",
    "DEEP_SAMPLES",
    "DEEP_SEEDS",
    "MARGIN",
    "askable",
    "search",
    "stable",
]

#: The deep search's work: 16 times the coach's hint's.
DEEP_NODES: Final = 16 * HINT_NODES
#: How many tiles ahead the deep search may look (the hint's search stops at 4).
DEEP_DEPTH: Final = 8
#: How many draw piles the deep search samples (the hint's samples 4).
DEEP_SAMPLES: Final = 6
#: The seeds of the two deep searches that must agree.
DEEP_SEEDS: Final = (11, 23)


@dataclass(frozen=True)
class _Found:
    """What one search makes of a turn: its ``best`` choice (a wheel space or ``"refill"``), the
    ``runner``-up choice and how many tokens ``margin`` the best is ahead."""

    best: Answer
    runner: Answer
    margin: float


def askable(game: Game) -> bool:
    """Whether the position asks a choice of the turn: not over, at least two choices (tiles on offer,
    or a tile and the refill), and solo not at the choice to end phase 1."""
    if game.is_over or (game.is_solo and game.can_end_phase_one):
        return False
    return len(game.choices()) + game.can_refill >= 2


def search(game: Game, *, seed: int, nodes: int, depth: int = 4, samples: int = 4) -> _Found:
    """The search's best choice of the turn, the runner-up and the margin (each choice at its best
    action; every tile on offer valued at least at its most promising place)."""
    also = tuple(best_place(game, space) for space in game.choices())
    bot = SearchBot(seed=seed, nodes=nodes, depth=depth, samples=samples)
    best, runner, margin = margin_of(bot.evaluate(game, also))
    return _Found(best, runner, margin)


def stable(game: Game) -> _Found | None:
    """The deep searches' agreed choice, runner-up and the smaller of their margins, if both seeds
    agree and both margins reach ``MARGIN``; else None."""
    found = [
        search(game, seed=seed, nodes=DEEP_NODES, depth=DEEP_DEPTH, samples=DEEP_SAMPLES)
        for seed in DEEP_SEEDS
    ]
    if len({f.best for f in found}) != 1 or min(f.margin for f in found) < MARGIN:
        return None
    least = min(found, key=lambda f: f.margin)
    return _Found(found[0].best, least.runner, least.margin)
