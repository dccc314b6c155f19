"""What a mode is: how the widget is being used, which decides what a click or a Python call means and what
the page shows beside the position. The controller holds one mode and keeps the one each intent leaves
it in, so a new mode (puzzles, say) is one more module: none of the others changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, SupportsIndex

from .. import coach
from .._coach_view import view_state
from .._contract import CoachCan, Position, PuzzleView, Tutorial, View
from .._game import Action
from .._protocol import check_intent
from .._session import Session

__all__ = ["Acting", "Intent", "Mode", "ModeFields", "view_now"]

#: An intent from the page, parsed and checked (``protocol.parse_intent``, ``check_intent``).
Intent = Mapping[str, Any]


@dataclass(frozen=True)
class ModeFields:
    """A mode's part of the page's state (``protocol.page_state``): the ``view`` of the position on show,
    the ``can`` flags it adds, an earlier ``position`` (None: the position now; a puzzle's own), the guided
    game's ``tutorial`` step and the ``puzzle`` on show."""

    view: View
    can: CoachCan
    position: Position | None = None
    tutorial: Tutorial | None = None
    puzzle: PuzzleView | None = None


class Mode(ABC):
    """One way the widget is being used, on the shared ``table``."""

    def __init__(self, table: Session) -> None:
        self.table = table

    def check(self, intent: Intent, version: int) -> None:
        """Refuse (``IllegalMove``) an intent made on another ``version`` of the picture, or one this mode
        does not take from the page: by default ``protocol.check_intent``'s refusals (a seat out of turn,
        a bot's seat, a tile not on offer, the game over)."""
        table = self.table
        check_intent(intent, table.game, table.seats, version, reader=table.reader)

    @abstractmethod
    def handle(self, intent: Intent) -> Mode:
        """Act on an intent from the page (``language`` and ``new`` are the controller's, the same in every
        mode) and return the mode to be in after it. A refusal raises ``IllegalMove`` and changes nothing."""

    @abstractmethod
    def now(self) -> Acting:
        """The mode that acts on the game now, which takes Python's calls: this one, or the one an earlier
        position on show was opened from."""

    @abstractmethod
    def part(self) -> ModeFields:
        """What this mode adds to the page's state."""

    def picture(self) -> object:
        """What the mode shows instead of the game's own position (a puzzle's id), or None: a change of it
        is a change of the picture, so the controller counts a new version and older clicks are refused."""
        return None

    @property
    def shown_turn(self) -> int | None:
        """The earlier position on show (after that many actions), or None for the position now."""
        return None

    def changed(self) -> Mode:
        """The mode to be in once the game changed (a move, an undo, a move made on ``game`` directly)."""
        return self

    def leave(self) -> None:  # noqa: B027 (a hook: most modes leave nothing behind)
        """Called when New game leaves this mode for a new game played as any other (``Playing``)."""

    def reword(self) -> None:  # noqa: B027 (a hook: most modes hold no words of their own)
        """Called when the table's language changed, before everything on show is worded again."""


class Acting(Mode):
    """A mode on the game now: besides the page's intents, it takes Python's calls (trusted: any seat, and
    refusals raise ``IllegalMove``). One it does not allow raises with the sentence saying why."""

    def now(self) -> Acting:
        return self

    @abstractmethod
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        """``widget.play``: the tasks covered."""

    @abstractmethod
    def select(self, space: SupportsIndex | None) -> None:
        """``widget.select``."""

    @abstractmethod
    def next_step(self) -> None:
        """``widget.next_step``."""

    @abstractmethod
    def undo(self) -> None:
        """``widget.undo``."""

    @abstractmethod
    def redo(self) -> None:
        """``widget.redo``."""

    @abstractmethod
    def bot_move(self, name: str | None) -> None:
        """``widget.bot_move``: one turn of the bot ``name`` (None: ``table.bot``)."""

    @abstractmethod
    def hint(self) -> coach.Hint:
        """``widget.hint``."""

    @abstractmethod
    def review(self, progress: bool) -> list[dict[str, Any]]:
        """``widget.review``: the rows, also shown in the panel."""

    @abstractmethod
    def show(self, turn: SupportsIndex | None) -> Mode:
        """``widget.show_turn`` and the ``show`` intent: the mode showing that position."""

    @abstractmethod
    def open(self, row: SupportsIndex | None) -> Mode:
        """``widget.open_review`` and the ``open`` intent: the mode showing that review row."""


def view_now(table: Session) -> View:
    """``state.view`` of the position now."""
    return view_state(table.game, None, lang=table.lang, reader=table.reader)
