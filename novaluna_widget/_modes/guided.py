"""Guided: the guided first game (``guide.Guide``), which owns the game and takes only the click its step
waits for. A change made to the game outside the steps (``widget.game.play(...)`` from Python) leaves the
guided game for the game as it is, played as any other, and says why: the steps that follow were written
for the game the guide played. The mode is a value: a click answered is a copy of it (``Mode.but``) with the
guide's answer and the game as the guide played it."""

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
from .base import PUZZLE_ONLY, Mode, ModeFields, Refused, Screen, view_now
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
    played by hand. A click returns a copy of the mode with the guide's answer (``refused``, None: played)
    and the game as the guide played it; Python's refused clicks raise ``Refused``, the sentence on show."""

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
        after = self._click(intent)
        if after.refused is None and intent["action"] == "select":
            return screen._replace(mode=after, selected=intent["space"])
        return screen._replace(mode=after)

    def changed(self, screen: Screen) -> Screen:
        game = self.table.game
        if game is self.guide.game and game.history == self._history:
            return screen  # the guide's own move
        return screen._replace(mode=Playing(self.table), error=LEFT)

    def _click(self, click: Mapping[str, Any]) -> Guided:
        """This mode after ``click`` (an intent as the guide reads it): played if it is the one the step
        waits for, any other answered with the guide's sentence (``refused``)."""
        refusal = self.guide.refusal(click) if click["action"] in _GUIDED else TUTORIAL_ONLY
        if refusal is not None:
            return self.but(refused=refusal)
        self.guide.advance(click)
        return self.but(refused=None, _history=self.guide.game.history)

    def _strictly(self, screen: Screen, click: Mapping[str, Any]) -> Guided:
        """This mode after ``click`` from Python: refused, ``Refused`` carries ``screen`` with the guide's
        sentence on show."""
        after = self._click(click)
        if after.refused is not None:
            raise Refused(after.refused, screen._replace(mode=after))
        return after

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
    def play(
        self, screen: Screen, action: Action | tuple[int, tuple[int, int]]
    ) -> tuple[Screen, frozenset[tuple[int, int, int]]]:
        """A move is the step's two clicks (choose the tile, place it); the refill is one."""
        move = self._read(action)
        if move is None:
            return screen._replace(mode=self._strictly(screen, {"action": "refill"})), frozenset()
        space, (x, y) = move
        click, mode = self.guide.click, self
        if click is not None and click.action == "select" and click.space == space:
            mode = mode._strictly(screen, {"action": "select", "space": space})
        game = self.table.game
        mover = game.current_player
        covered_before = set(game.players[mover].covered)
        mode = mode._strictly(screen, {"action": "take", "space": space, "cell": [x, y], "player": mover})
        return screen._replace(mode=mode), frozenset(set(game.players[mover].covered) - covered_before)

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

    def select(self, screen: Screen, space: SupportsIndex | None) -> Screen:
        try:
            number = check_selection(self.table.game, space)
        except IllegalMove:  # a space the step does not wait for: the step's sentence, unless it is no space
            number = whole_number(space)
            if number is None:
                raise
        return screen._replace(
            mode=self._strictly(screen, {"action": "select", "space": number}), selected=number
        )

    def next_step(self, screen: Screen) -> Screen:
        return screen._replace(mode=self._strictly(screen, {"action": "next"}))


def guided_by(guide: Guide) -> Callable[[Screen], Screen]:
    """What plays the guided game of ``guide`` (whose game is the table's), on the screen of the mode on the
    game now."""
    return lambda screen: screen._replace(mode=Guided(screen.mode.table, guide))
