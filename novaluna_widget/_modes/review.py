"""Reviewing: a row of the Review panel open, the reviewed action's position with the move played and the
coach's suggestion side by side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._coach_view import compare
from .._contract import Compare, Intent, ReviewMode
from .base import Mode, Screen, moved
from .history import History

__all__ = ["Reviewing"]


class Reviewing(History):
    """The position before action ``index`` of the history, read-only as any earlier position, and
    ``row`` (the review's row of that action: its moves played and suggested) compared on it."""

    def __init__(self, live: Mode, index: int, row: Mapping[str, Any]) -> None:
        super().__init__(live, index)
        self.row = row

    def handle(self, screen: Screen, intent: Intent) -> Screen:
        after = super().handle(screen, intent)
        if intent["action"] == "cancel_review":  # the row open goes with its panel: back to the game now
            return moved(after, self.live)
        return after

    def own(self) -> ReviewMode:
        return {"mode": "review"}

    def compared(self) -> Compare | None:
        table = self.table
        return compare(table.game, self.turn, self.row, table.seats, table.lang, reader=table.reader)
