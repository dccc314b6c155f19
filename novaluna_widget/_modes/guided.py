"""Guided: the guided first game (``guide.Guide``), which owns the game and takes only the click its step
waits for. A change made to the game outside the steps (``widget.game.play(...)`` from Python) leaves the
guided game for the game as it is, played as any other, and says why: the steps that follow were written
for the game the guide played."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Final, SupportsIndex

from .._board import as_cell, whole_number
from .._coach_view import TUTORIAL_ONLY
from .._contract import CoachCan, Intent, Tutorial
from .._errors import IllegalMove
from .._game import Action, Move
from .._guide import Guide
from .._i18n import msg
from .._protocol import check_selection
from .._session import Said, Table
from .base import PUZZLE_ONLY, Mode, ModeFields, Screen, view_now
from .playing import Playing
from .puzzle import open_puzzles

__all__ = ["LEFT", "Guided", "guided_by"]

#: The clicks the guided game waits for; any other is refused with ``coach_view.TUTORIAL_ONLY``.
_GUIDED: Final = ("select", "take", "refill", "end_phase_one", "next")
#: Why the guided game was left, in the error area.
LEFT: Final = msg(
    "the guided game stopped: its game was changed outside the steps (widget.game); play on from here, "
    "or start again with NovaLunaWidget.tutorial()"
)


class Guided(Mode):
    """Each click the step waits for is played by the guide; any other is answered with the guide's
    friendly sentence (``refused``, in the state's ``tutorial``), not an error. Python follows the same
    steps (``play``, ``select``, ``next_step``); Hint, Review, history, Undo, Redo and the bots wait for
    New game (``refusal``), which leaves the guide for a game against Luna played by the table's bot. A
    change of the game the guide did not make leaves it too (``LEFT``), for the game as it is, both seats
    played by hand."""

    refusal = TUTORIAL_ONLY

    def __init__(self, table: Table, guide: Guide) -> None:
        super().__init__(table)
        self._guide = guide
        self.refused: Said | None = None  # the guide's answer to the last click it did not wait for
        self._history = guide.game.history  # the game as the guide played it

    @property
    def guide(self) -> Guide:
        return self._guide

    def check(self, intent: Intent, version: int) -> None:
        """Only a click on an older picture is refused as in any game: every other click, of any seat or
        space, is the guide's to answer (``handle``), with its own sentence saying what to click instead."""
        if intent["version"] != version:
            super().check(intent, version)

    def handle(self, screen: Screen, intent: Intent) -> Screen:
        if intent["action"] == "puzzles":
            return open_puzzles(screen, self)
        if intent["action"] in PUZZLE_ONLY:
            self.refuse(intent)
        if self._click(intent, strict=False) and intent["action"] == "select":
            return screen._replace(selected=intent["space"])
        return screen

    def changed(self, screen: Screen) -> Screen:
        game = self.table.game
        if game is self.guide.game and game.history == self._history:
            return screen  # the guide's own move
        return screen._replace(mode=Playing(self.table), error=LEFT)

    def _click(self, click: Mapping[str, Any], *, strict: bool) -> bool:
        """Play ``click`` (an intent as the guide reads it) if it is the one the step waits for; any other
        is answered with the guide's sentence (raised as ``IllegalMove`` if ``strict``). Whether it was
        played."""
        refusal = self.guide.refusal(click) if click["action"] in _GUIDED else TUTORIAL_ONLY
        self.refused = refusal
        if refusal is not None:
            if strict:
                raise IllegalMove(refusal)
            return False
        self.guide.advance(click)
        self._history = self.guide.game.history
        return True

    def part(self) -> ModeFields:
        can: CoachCan = {"hint": False, "review": False, "undo": False, "redo": False, "bot": False}
        tutorial: Tutorial = {**self.guide.state(), "refused": self.table.words(self.refused)}
        return ModeFields(view=view_now(self.table), can=can, own={"mode": "guided", "tutorial": tutorial})

    def new_game(self) -> Table:
        return replace(self.table, seats=(None, self.table.bot))  # Luna's seat is played by a bot from now

    def reword(self, table: Table) -> Table:
        self.guide.lang = table.lang  # which names the seats in the new language: the same game, renamed
        return replace(table, game=self.guide.game)

    # -- Python's calls ----------------------------------------------------------------------------
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        """A move is the step's two clicks (choose the tile, place it); the refill is one."""
        move = self._read(action)
        if move is None:
            self._click({"action": "refill"}, strict=True)
            return frozenset()
        space, (x, y) = move
        click = self.guide.click
        if click is not None and click.action == "select" and click.space == space:
            self._click({"action": "select", "space": space}, strict=True)
        game = self.table.game
        mover = game.current_player
        covered_before = set(game.players[mover].covered)
        self._click({"action": "take", "space": space, "cell": [x, y], "player": mover}, strict=True)
        return frozenset(set(game.players[mover].covered) - covered_before)

    def _read(self, action: object) -> Move | None:
        """``action`` as the engine reads it (numpy integers, a list for a cell): a ``Move``, or None for the
        refill. What is no action at all, and a word the rules refuse now, are refused as in any game (the
        engine's ``IllegalMove``, tried on a copy); a move the rules refuse now is left to the step, whose
        sentence says what to click instead."""
        trial = self.table.game.copy()
        try:
            trial.play(action)  # type: ignore[arg-type]
        except IllegalMove:
            if (
                not isinstance(action, tuple)
                or len(action) != 2
                or (space := whole_number(action[0])) is None
            ):
                raise
            return Move(space, as_cell(action[1]))
        played = trial.history[-1]
        return played if isinstance(played, Move) else None

    def select(self, space: SupportsIndex | None) -> int | None:
        try:
            number = check_selection(self.table.game, space)
        except IllegalMove:  # a space the step does not wait for: the step's sentence, unless it is no space
            number = whole_number(space)
            if number is None:
                raise
        self._click({"action": "select", "space": number}, strict=True)
        return number

    def next_step(self) -> None:
        self._click({"action": "next"}, strict=True)


def guided_by(guide: Guide) -> Callable[[Screen], Screen]:
    """What plays the guided game of ``guide`` (whose game is the table's), on the screen of the mode on the
    game now."""
    return lambda screen: screen._replace(mode=Guided(screen.mode.table, guide))
