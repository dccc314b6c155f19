"""The right kind of game for a number of players: ``new_game(1)`` is a solo game, 2–4 a ``Game``."""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .solo import SoloGame


def game_class(players: int) -> type[Game]:
    """``SoloGame`` for one player, ``Game`` for more."""
    return SoloGame if players == 1 else Game


def new_game(players: int | Sequence[str] = 2, *, seed: int | None = None, beginner: bool = False) -> Game:
    """A new deal: a ``SoloGame`` for one player (a number or a list of one name), else a ``Game`` of
    2–4 players. The solo game has no beginner variant, so ``beginner=True`` is refused there."""
    if isinstance(players, int):
        return SoloGame(seed=seed) if players == 1 else Game(players, seed=seed, beginner=beginner)
    return game_class(len(players))._dealt(list(players), seed, beginner)
