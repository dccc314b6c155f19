"""The widget's modes, each in a module of its own: ``Playing`` the game now, ``Guided`` (the guided first
game), ``History`` (an earlier position on show), ``Reviewing`` (a review row open) and ``Puzzling`` (the
puzzles). ``base`` says what a mode is and holds the widget's state as a value (``Screen``). No anywidget,
traitlets or IPython.
"""

from .._session import Table
from .base import Asked, Mode, ModeFields, Refused, Screen, Showing
from .guided import Guided, guided_by
from .history import History
from .playing import Playing
from .puzzle import Puzzling, puzzles_of
from .review import Reviewing

__all__ = [
    "Asked",
    "Guided",
    "History",
    "Mode",
    "ModeFields",
    "Playing",
    "Puzzling",
    "Refused",
    "Reviewing",
    "Screen",
    "Showing",
    "guided_by",
    "home",
    "puzzles_of",
]


def home(table: Table) -> Mode:
    """The mode a widget starts in and New game comes back to: the game played as any game."""
    return Playing(table)
