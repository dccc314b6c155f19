"""novaluna_widget: learn, teach and study the board game Nova Luna (Uwe Rosenberg, 2019) in Jupyter.

The rules engine is pure Python and imports nothing from Jupyter; ``NovaLunaWidget`` loads anywidget
only when it is first used.
"""

from __future__ import annotations

from typing import Any

from .board import Board, ColourCount, Explanation
from .errors import IllegalMove
from .events import Event
from .game import Game, Move, Moves, Player
from .i18n import LANGUAGES, get_language, set_language
from .save import SaveError
from .solo import SoloGame, SoloScore
from .tiles import COLOURS, TILES, Task, Tile, tile

__version__ = "0.1.0"
__all__ = [
    "COLOURS",
    "LANGUAGES",
    "TILES",
    "Board",
    "ColourCount",
    "Event",
    "Explanation",
    "Game",
    "IllegalMove",
    "Move",
    "Moves",
    "NovaLunaWidget",
    "Player",
    "SaveError",
    "SoloGame",
    "SoloScore",
    "Task",
    "Tile",
    "get_language",
    "set_language",
    "tile",
]


def __getattr__(name: str) -> Any:
    # The widget needs anywidget; import it only when asked for, so the engine runs anywhere.
    if name == "NovaLunaWidget":
        from .widget import NovaLunaWidget

        return NovaLunaWidget
    raise AttributeError(f"module 'novaluna_widget' has no attribute {name!r}")
