"""Build exact engine positions for rule tests: a wheel, a draw pile and players' areas and markers.

Tiles not named anywhere go to the end of the draw pile (catalogue order), so all 68 stay accounted for.
"""

from __future__ import annotations

from typing import Any

from novaluna_widget import TILES, Board, Game, SoloGame, tile


def build(
    wheel: dict[int, str],
    *,
    marker: int = 0,
    pile: list[str] | None = None,
    players: list[dict[str, Any]] | None = None,
    solo: dict[str, Any] | None = None,
    fill_pile: bool = True,
) -> Game:
    """``players`` entries: ``board`` ("R01@0,0 B02@1,0"), ``time``, ``arrival``, ``supply``, ``tokens``."""
    players = players or [{}, {}]
    named = {tid for tid in wheel.values()} | set(pile or [])
    seats = []
    for n, p in enumerate(players):
        placements = [
            (e.split("@")[0], tuple(map(int, e.split("@")[1].split(",")))) for e in p.get("board", "").split()
        ]
        named |= {tid for tid, _ in placements}
        covered = sorted(Board((tile(t), c) for t, c in placements).fulfilled_tasks())
        supply = p.get("supply", 21 if solo is not None else 20)
        seats.append(
            {
                "name": p.get("name", f"Player {n + 1}"),
                "supply": supply,
                "tokens": p.get("tokens", supply - len(covered)),
                "time": p.get("time", 0),
                "arrival": p.get("arrival", n),
                "board": [[t, x, y] for t, (x, y) in placements],
                "covered": [list(c) for c in covered],
            }
        )
    rest = [t.id for t in TILES if t.id not in named] if fill_pile else []
    snap: dict[str, Any] = {
        "wheel": [wheel.get(s) for s in range(12)],
        "marker": marker,
        "draw_pile": list(pile or []) + rest,
        "players": seats,
        "events": [],
    }
    game: Game
    if solo is not None:
        snap.update({"phase": 1, "placed_in_phase_one": 0, "phase_one": None, **solo})
        game = SoloGame(seed=0)
    else:
        game = Game(len(seats), seed=0)
    game._start = snap
    game._restore(snap)
    return game
