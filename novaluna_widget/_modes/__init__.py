"""The widget's modes, each in a module of its own: ``Playing`` the game now, ``Guided`` (the guided first
game), ``History`` (an earlier position on show), ``Reviewing`` (a review row open) and ``Puzzling`` (the
puzzles). ``base`` says what a mode is. No anywidget, traitlets or IPython.
"""

from .base import Acting, Intent, Mode, ModeFields
from .guided import Guided
from .history import History
from .playing import Playing
from .puzzle import Puzzling
from .review import Reviewing

__all__ = ["Acting", "Guided", "History", "Intent", "Mode", "ModeFields", "Playing", "Puzzling", "Reviewing"]
