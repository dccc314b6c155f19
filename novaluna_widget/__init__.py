"""novaluna_widget: learn, teach and study the board game Nova Luna (Uwe Rosenberg, 2019) in Jupyter.

The rules engine is pure Python and imports nothing from Jupyter or pandas. What to import from where:

- here, the engine: ``Game`` (2–4 players), ``SoloGame``, ``new_game`` (either, by number of players),
  ``Move``, ``Board``, ``Tile``, ``tile``, ``TILES``, ``COLOURS``, the errors (``IllegalMove``,
  ``PositionError``, ``SaveError``, ``ScenarioError``) and the language (``set_language``,
  ``get_language``, ``LANGUAGES``);
- here too, loaded when first used: ``NovaLunaWidget`` (the widget; needs anywidget), ``picture`` (a game,
  area or tiles drawn, from ``render``), ``example`` (the rulebook's task-chain examples, from ``examples``);
- ``novaluna_widget.scenario``: ``position`` and ``area``, a game or an area set up from a description;
- ``novaluna_widget.bots``: ``make_bot``, ``play_turn``, ``play_game`` and the bots themselves;
- ``novaluna_widget.coach``: ``hint`` and ``review``;
- ``novaluna_widget.whatif``: ``analyse_moves``, ``play_line``, ``compare_lines`` (tables: need pandas);
- ``novaluna_widget.simulate``: ``simulate`` and ``summary``, many games between bots (need pandas).

``position`` and ``simulate`` stay in their modules: here they would hide the modules of the same name.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

from ._board import Board, ColourCount, Explanation
from ._errors import IllegalMove, PositionError
from ._game import Game, Move, Moves, Player
from ._i18n import LANGUAGES, get_language, set_language
from ._log import Event
from ._new_game import new_game
from ._save import SaveError
from ._solo import SoloGame, SoloScore
from ._tiles import COLOURS, TILES, Task, Tile, tile

if TYPE_CHECKING:
    from ._examples import EXAMPLES, example
    from ._render import picture
    from .scenario import ScenarioError
    from .widget import NovaLunaWidget

__version__ = "0.1.0"
__all__ = [
    "COLOURS",
    "EXAMPLES",
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
    "PositionError",
    "SaveError",
    "ScenarioError",
    "SoloGame",
    "SoloScore",
    "Task",
    "Tile",
    "example",
    "get_language",
    "new_game",
    "picture",
    "set_language",
    "tile",
]

# Loaded when first asked for: the widget needs anywidget, and the rest need not slow down the engine.
_LAZY: Final = {
    "NovaLunaWidget": "widget",
    "ScenarioError": "scenario",
    "EXAMPLES": "_examples",
    "example": "_examples",
    "picture": "_render",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
