"""The game log: every event as data and in words.

The engine appends compact tuples while it plays (cheap on the hot path); ``Event`` objects with their
sentence are built only when someone reads the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .tiles import tile


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` (setup, refill, take, move, place, cover, phase, end), the
    ``player`` it concerns (or None), its ``data`` and a sentence in ``text``."""

    kind: str
    player: int | None
    data: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text


def to_event(raw: tuple[Any, ...], names: Sequence[str], boards: Sequence[Any]) -> Event:
    """Turn one raw log tuple into an ``Event`` with words. Tiles never move, so the players' current
    ``boards`` name the tasks of every earlier ``cover``."""
    kind = raw[0]
    if kind == "setup":
        _, seed, stack = raw
        order = ", ".join(names[i] for i in reversed(stack))
        return Event(
            kind,
            None,
            {"seed": seed, "stack": list(stack)},
            f"New game (seed {seed}); turn order from the top of the start stack: {order}.",
        )
    if kind == "refill":
        _, player, mandatory, placed = raw
        who = names[player]
        how = "must refill" if mandatory else "refills"
        spaces = ", ".join(f"{tid} on space {s}" for s, tid in placed)
        return Event(
            kind,
            player,
            {"mandatory": mandatory, "placed": [list(p) for p in placed]},
            f"{who} {how} the wheel: {spaces or 'no tile left to draw'}.",
        )
    if kind == "take":
        _, player, space, tid = raw
        return Event(
            kind,
            player,
            {"space": space, "tile": tid},
            f"{names[player]} takes {tile(tid)} from space {space}.",
        )
    if kind == "move":
        _, player, before, after, under = raw
        on = f", on top of {', '.join(names[i] for i in under)}" if under else ""
        return Event(
            kind,
            player,
            {"from": before, "to": after, "on_top_of": list(under)},
            f"{names[player]} moves on the moon track from {before % 24} to {after % 24} (time {after}){on}.",
        )
    if kind == "place":
        _, player, tid, cell = raw
        return Event(
            kind,
            player,
            {"tile": tid, "cell": list(cell)},
            f"{names[player]} places {tid} at ({cell[0]}, {cell[1]}).",
        )
    if kind == "cover":
        _, player, refs, left = raw
        tiles = boards[player].tiles
        what = "; ".join(f"{tiles[(x, y)].tasks[i]} on {tiles[(x, y)].id}" for x, y, i in refs)
        return Event(
            kind,
            player,
            {"tasks": [list(r) for r in refs], "tokens_left": left},
            f"{names[player]} covers {len(refs)} task{'s' * (len(refs) != 1)} ({what}); "
            f"{left} token{'s' * (left != 1)} left.",
        )
    if kind == "phase":
        _, record, tiles_cost, missing = raw
        return Event(
            kind,
            0,
            {"record": record, "tiles": tiles_cost, "missing": missing},
            f"Phase 1 ends: tiles {tiles_cost} + 10 × {missing} tokens not placed = {record}. "
            "The wheel is refilled for phase 2.",
        )
    if kind == "score":
        _, phase_one, final, total = raw
        return Event(
            kind,
            0,
            {"phase_one": phase_one, "final": final, "total": total},
            f"Solo score: {phase_one} (phase 1) + {final} (end) = {total}; lower is better.",
        )
    if kind == "end":
        _, reason, winner, ranking = raw
        places = (
            ""
            if len(names) == 1
            else " Ranking: " + ", ".join(f"{p + 1}. {names[i]}" for p, i in enumerate(ranking)) + "."
        )
        why = {
            "last token": f"{names[winner]} placed their last token",
            "no tile": "no tile can be taken any more",
        }[reason]
        return Event(
            kind,
            winner,
            {"reason": reason, "winner": winner, "ranking": list(ranking)},
            f"Game over: {why}.{places}",
        )
    raise ValueError(f"unknown log entry {raw!r}")
