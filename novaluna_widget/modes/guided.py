"""Guided: the guided first game (``guide.Guide``), which owns the game and takes only the click its step
waits for."""

from __future__ import annotations

from typing import Final, NoReturn

from ..coaching import TUTORIAL_ONLY
from ..contract import CoachCan, Tutorial
from ..errors import IllegalMove, quote
from ..game import Action
from ..guide import Guide
from ..i18n import msg
from ..table import Said, Table
from .base import Intent, Live, Mode, Part, view_now

__all__ = ["Guided"]

#: The clicks the guided game waits for; any other is refused with ``coaching.TUTORIAL_ONLY``.
_GUIDED: Final = ("select", "take", "refill", "end_phase_one", "next")


class Guided(Live):
    """Each click the step waits for is played by the guide; any other is answered with the guide's
    friendly sentence (``refused``, in the state's ``tutorial``), not an error. Python follows the same
    steps (``play``, ``select``, ``next_step``); Hint, Review, history, Undo, Redo and the bots wait for
    New game, which leaves the guide for a game against Luna played by the table's bot."""

    def __init__(self, table: Table, guide: Guide) -> None:
        super().__init__(table)
        self.guide = guide
        self.refused: Said | None = None  # the guide's answer to the last click it did not wait for

    def handle(self, intent: Intent) -> Mode:
        self._click(intent, strict=False)
        return self

    def _click(self, intent: Intent, *, strict: bool) -> None:
        """Play ``intent`` if it is the click the step waits for; any other is answered with the guide's
        sentence (raised as ``IllegalMove`` if ``strict``)."""
        action = intent["action"]
        refusal = self.guide.refusal(intent) if action in _GUIDED else TUTORIAL_ONLY
        self.refused = refusal
        if refusal is not None:
            if strict:
                raise IllegalMove(refusal)
            return
        self.guide.advance(intent)
        if action == "select":
            self.table.selected = intent["space"]

    def part(self) -> Part:
        can: CoachCan = {"hint": False, "review": False, "undo": False, "redo": False, "bot": False}
        tutorial: Tutorial = {**self.guide.state(), "refused": self.table.words(self.refused)}
        return Part(view=view_now(self.table), can=can, tutorial=tutorial)

    def leave(self) -> None:
        self.table.seats = [None, self.table.bot]  # Luna's seat is played by a bot from now

    def reword(self) -> None:
        self.guide.lang = self.table.lang  # which names the seats in the new language: the same game, renamed
        self.table.game = self.guide.game

    # -- Python's calls ----------------------------------------------------------------------------
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        """A move is the step's two clicks (choose the tile, place it); the refill and the end of phase 1
        are one."""
        if action in ("refill", "end_phase_one"):
            self._click({"action": action}, strict=True)
            return frozenset()
        if not isinstance(action, tuple) or len(action) != 2:
            raise IllegalMove(msg("not a move: {value}; play a Move(space, (x, y))", value=quote(action)))
        space, (x, y) = action
        click = self.guide.click
        if click is not None and click.action == "select" and click.space == space:
            self._click({"action": "select", "space": space}, strict=True)
        game = self.table.game
        mover = game.current_player
        covered_before = set(game.players[mover].covered)
        self._click({"action": "take", "space": space, "cell": [x, y], "player": mover}, strict=True)
        return frozenset(set(game.players[mover].covered) - covered_before)

    def select(self, space: int | None) -> None:
        self._click({"action": "select", "space": space}, strict=True)

    def next_step(self) -> None:
        self._click({"action": "next"}, strict=True)

    def undo(self) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)

    def redo(self) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)

    def bot_move(self, name: str | None) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)

    def hint(self) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)

    def review(self, progress: bool) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)

    def show(self, turn: int | None) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)

    def open(self, row: int | None) -> NoReturn:
        raise IllegalMove(TUTORIAL_ONLY)
