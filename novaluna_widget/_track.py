"""The moon track: 24 spaces, circular, markers stacked where they meet.

Each player's marker is kept as total time (steps taken since the start) plus an arrival number: a
marker that lands on a space goes on top of the markers already there. Only the rearmost marker moves,
by at most a tile's cost (7), so markers are never more than 7 apart and total time orders them
exactly as the wrapped spaces would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from ._tiles import MAX_COST

__all__ = ["REACH", "TRACK_SPACES", "space", "stacks", "to_move", "turn_order"]

TRACK_SPACES: Final = 24
#: How far apart markers can be: only the rearmost moves, by one tile's cost at most.
REACH: Final = MAX_COST


class _Marker(Protocol):
    @property
    def time(self) -> int: ...
    @property
    def arrival(self) -> int: ...


def space(time: int) -> int:
    """The moon-track space (0 = new moon) a marker with this total time stands on."""
    return time % TRACK_SPACES


def turn_order(markers: Sequence[_Marker]) -> list[int]:
    """Indices of the markers in the order they would move: rearmost first, top of a stack first."""
    return sorted(range(len(markers)), key=lambda i: (markers[i].time, -markers[i].arrival))


def to_move(markers: Sequence[_Marker]) -> int:
    """The index of the marker that moves next: the rearmost, and of a stack the one on top."""
    best, time, arrival = 0, markers[0].time, markers[0].arrival
    for i in range(1, len(markers)):
        m = markers[i]
        if m.time < time or (m.time == time and m.arrival > arrival):
            best, time, arrival = i, m.time, m.arrival
    return best


def stacks(markers: Sequence[_Marker]) -> dict[int, list[int]]:
    """For each occupied space, the marker indices stacked there, bottom first."""
    by_space: dict[int, list[int]] = {}
    for i in sorted(range(len(markers)), key=lambda i: markers[i].arrival):
        by_space.setdefault(space(markers[i].time), []).append(i)
    return by_space
