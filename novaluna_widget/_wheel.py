"""The moon wheel's outer selection track: 12 spaces, the moon marker, the next three tiles, refill.

Space 0 is the new-moon space, where the moon marker starts; spaces are numbered clockwise. The space
the marker stands at is always empty, so the wheel holds 11 tiles at most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["SPACES", "next_spaces", "refill"]

SPACES: Final = 12

_T = TypeVar("_T")


#: For each space of the marker, the other spaces clockwise from it, nearest first.
_AHEAD: Final = tuple(
    tuple((marker + step) % SPACES for step in range(1, SPACES)) for marker in range(SPACES)
)


def next_spaces(wheel: Sequence[object | None], marker: int) -> tuple[int, ...]:
    """The first three occupied spaces clockwise after the marker, the spaces a player may take from;
    empty spaces are skipped.

    Asked on every turn of every game: one pass over the spaces ahead, finding the first, then the
    second, then the third (the three loops share one iterator), with no list to grow and measure (a
    third of the call's cost, in a game of random moves)."""
    ahead = iter(_AHEAD[marker])
    for first in ahead:
        if wheel[first] is not None:
            break
    else:
        return ()
    for second in ahead:
        if wheel[second] is not None:
            break
    else:
        return (first,)
    for third in ahead:
        if wheel[third] is not None:
            return (first, second, third)
    return (first, second)


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
