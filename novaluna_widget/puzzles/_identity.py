"""A puzzle's id, named by its content: the kind, the table as a player sees it, and the question.

An id that counts puzzles (``kind-seed-n``) points at another position as soon as a maker changes; one
taken from the content names the same puzzle whatever made it, so a learner's solved puzzles and the
puzzles' ratings stay with their positions. The description is canonical: tiles by cell, covered tasks
sorted, the stack order on the moon track as ranks (not the engine's arrival counters), the draw pile
by its size (its order is hidden from the players), nothing of the history that led there.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

from .._game import Game
from ._answers import Made

__all__ = ["content_id"]

#: Hexadecimal digits of the hash kept in an id: 48 bits, so a clash among a learner's few thousand
#: puzzles of a kind is about one in ten million.
_DIGITS: Final = 12


def content_id(kind: str, made: Made) -> str:
    """``kind-<hash>``: the kind and a short hash of the position and the question (see the module)."""
    description = {"kind": kind, "position": _table(made.game), "question": _question(made)}
    text = json.dumps(description, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f"{kind}-{hashlib.sha256(text.encode()).hexdigest()[:_DIGITS]}"


def _table(game: Game) -> dict[str, Any]:
    """The table as the players see it, in a form that does not depend on how it was reached."""
    position = game.snapshot()["position"]
    players = position["players"]
    arrivals = sorted(p["arrival"] for p in players)
    return {
        "game": game.kind,
        "beginner": game.beginner,
        "wheel": position["wheel"],
        "marker": position["marker"],
        "pile": len(position["draw_pile"]),
        "players": [
            {
                "supply": p["supply"],
                "tokens": p["tokens"],
                "time": p["time"],
                "arrival": arrivals.index(p["arrival"]),
                "board": sorted(p["board"], key=lambda placed: (placed[1], placed[2])),
                "covered": sorted(p["covered"]),
            }
            for p in players
        ],
        **{name: position[name] for name in type(game).EXTRA_FIELDS},
    }


def _question(made: Made) -> dict[str, Any]:
    """What the question asks about, as data: whatever its words in any language."""
    return {
        "click": made.click,
        "all": made.all,
        "choices": [str(choice) for choice in made.choices],
        "seat": made.seat,
        "tile": None if made.tile is None else made.tile.id,
        "space": made.space,
        "cell": made.cell,
    }
