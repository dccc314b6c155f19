"""The moon wheel's outer selection track: 12 spaces, the moon marker, the next three tiles, refill.

Space 0 is the new-moon space, where the moon marker starts; spaces are numbered clockwise. The space
the marker stands at is always empty, so the wheel holds 11 tiles at most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["SPACES", "next_spaces", "refill"]

SPACES: Final = 12
#: How many of the next tiles clockwise after the marker a player may choose from.
_CHOICES: Final = 3

_T = TypeVar("_T")


#: For each space of the marker, the other spaces clockwise from it, nearest first.
_AHEAD: Final = tuple(
    tuple((marker + step) % SPACES for step in range(1, SPACES)) for marker in range(SPACES)
)


def next_spaces(wheel: Sequence[object | None], marker: int, limit: int = _CHOICES) -> tuple[int, ...]:
    """The first ``limit`` occupied spaces clockwise after the marker; empty spaces are skipped."""
    found: list[int] = []
    for space in _AHEAD[marker]:
        if wheel[space] is not None:
            found.append(space)
            if len(found) == limit:
                break
    return tuple(found)


def _refill_order(wheel: Sequence[object | None], marker: int) -> list[int]:
    """The empty spaces in the order a refill fills them: nearest the marker clockwise first.
    The marker's own space is never filled."""
    return [s for s in _AHEAD[marker] if wheel[s] is None]


def refill(wheel: list[_T | None], marker: int, pile: list[_T]) -> list[tuple[int, _T]]:
    """Fill empty spaces from the front of the draw pile until the wheel or the pile runs out.
    Returns the ``(space, tile)`` pairs placed, in order."""
    placed = []
    for space in _refill_order(wheel, marker)[: len(pile)]:
        t = pile.pop(0)
        wheel[space] = t
        placed.append((space, t))
    return placed
