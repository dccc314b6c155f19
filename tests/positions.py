"""Exact engine positions for rule tests, built as ``Game.snapshot()`` data and checked by
``Game.from_snapshot`` like any save file: a wheel, a draw pile and players' areas and markers.

Tiles not named anywhere go to the end of the draw pile (catalogue order), so all 68 stay accounted for;
with ``fill_pile=False`` they go into the last player's area instead, in a column upward from its
topmost tile (covering nothing), so that the draw pile holds only ``pile``.
"""

from __future__ import annotations

from typing import Any

from novaluna_widget import TILES, Board, Game, tile


def _cell(text: str) -> tuple[int, int]:
    """A cell written "x,y"."""
    x, y = text.split(",")
    return int(x), int(y)


def build(
    wheel: dict[int, str],
    *,
    marker: int = 0,
    pile: list[str] | None = None,
    players: list[dict[str, Any]] | None = None,
    solo: dict[str, Any] | None = None,
    fill_pile: bool = True,
) -> Game:
    """``players`` entries: ``board`` ("R01@0,0 B02@1,0"), ``name``, ``time``, ``arrival``, ``supply``,
    ``tokens``; ``solo`` the solo game's fields (``placed_in_phase_one``, ``phase``, ``phase_one``)."""
    players = players or [{}, {}]
    placements = [
        [(e.split("@")[0], _cell(e.split("@")[1])) for e in p.get("board", "").split()] for p in players
    ]
    named = set(wheel.values()) | set(pile or []) | {tid for area in placements for tid, _ in area}
    rest = [t.id for t in TILES if t.id not in named]
    covered = [sorted(Board((tile(t), c) for t, c in area).fulfilled_tasks()) for area in placements]
    if not fill_pile:
        x, y = min((c for _, c in placements[-1]), key=lambda c: (c[1], c[0]), default=(0, 1))
        placements[-1] += [(tid, (x, y - 1 - k)) for k, tid in enumerate(rest)]
        rest = []
    seats = []
    for n, p in enumerate(players):
        supply = p.get("supply", 21 if solo is not None else 20)
        seats.append(
            {
                "name": p.get("name", f"Player {n + 1}"),
                "supply": supply,
                "tokens": p.get("tokens", supply - len(covered[n])),
                "time": p.get("time", 0),
                "arrival": p.get("arrival", n),
                "board": [[t, x, y] for t, (x, y) in placements[n]],
                "covered": [list(c) for c in covered[n]],
            }
        )
    start: dict[str, Any] = {
        "wheel": [wheel.get(s) for s in range(12)],
        "marker": marker,
        "draw_pile": list(pile or []) + rest,
        "players": seats,
        "events": [],
    }
    if solo is not None:
        start |= {"phase": 1, "placed_in_phase_one": 0, "phase_one": None, **solo}
    kind = "solo" if solo is not None else "game"
    return Game.from_snapshot(
        {"kind": kind, "seed": 0, "beginner": False, "start": start, "history": [], "redo": []}
    )
