"""History: an earlier position of the game on show, read-only (the history slider)."""

from __future__ import annotations

from typing import TypeVar

from .._coach_view import BROWSING, position_at, view_state
from .._contract import CoachCan, Compare, HistoryMode, Intent, Position, ReviewMode, View
from .._session import Table
from .base import Mode, ModeFields, Screen, moved

__all__ = ["History"]

_H = TypeVar("_H", bound="History")


class History(Mode):
    """The position after the first ``turn`` actions, opened from ``live`` (the mode on the game now).
    Moves wait with ``coach_view.BROWSING`` (``refusal``) until Back to now; another position, a review
    row, the Review panel, Next and the puzzles are as on the game now. A change of the game shows the
    position now again."""

    refusal = BROWSING

    def __init__(self, live: Mode, turn: int) -> None:
        super().__init__(live.table)
        self.live = live
        self.turn = turn
        # The position and its view, built once per language and seats: (key, position, view).
        self._built: tuple[tuple[str, tuple[str | None, ...], int | None], Position, View] | None = None

    def handle(self, screen: Screen, intent: Intent) -> Screen:
        action = intent["action"]
        if action in ("show", "open", "puzzles"):  # another position, a review row, back to now, the puzzles
            return self.live.handle(screen, intent)
        # The Review panel (Review, Cancel) opens and closes over any position; Next is refused as now.
        if action in ("review", "cancel_review", "next"):
            return moved(self.live.handle(screen, intent), self)
        self.refuse(intent)

    def on(self: _H, table: Table) -> _H:
        return self if table is self.table else self.but(table=table, live=self.live.on(table))

    def now(self) -> Mode:
        return self.live

    def changed(self, screen: Screen) -> Screen:
        return self.live.changed(moved(screen, self.live))

    @property
    def shown_turn(self) -> int | None:
        return self.turn

    def part(self) -> ModeFields:
        table = self.table
        key = (table.lang, tuple(table.seats), table.reader)
        if self._built is None or self._built[0] != key:
            position = position_at(table.game, self.turn, table.seats, table.lang, reader=table.reader)
            view = view_state(table.game, self.turn, self.compared(), table.lang, reader=table.reader)
            self._built = (key, position, view)
        can: CoachCan = {"hint": False, "review": table.game.is_over}
        return ModeFields(view=self._built[2], can=can, own=self.own(), position=self._built[1])

    def own(self) -> HistoryMode | ReviewMode:
        """The mode's own fields of the state: its name."""
        return {"mode": "history"}

    def compared(self) -> Compare | None:
        """``view.compare``: nothing to compare on a position of the history."""
        return None
