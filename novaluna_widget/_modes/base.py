"""What a mode is: how the widget is being used, which decides what a click or a Python call means and what
the page shows beside the position. The widget's state (``Screen``: the mode, over the table it plays on,
``session.Table``; the version of the picture, the tile chosen, the hint, the error, the explanation asked
for) is a value: a mode's ``handle`` takes it with an intent and returns the next one, so a new mode
(puzzles, say) is one more module: none of the others changes, and the controller knows none by name.

A mode holds the table it plays on (``Mode.table``), so the table travels in the screen: a step that
changes the table puts the mode over the new one (``Mode.on``), and a mode that changes its own fields (the
puzzles' picks, the guided game's answer to a click) is a copy of itself with them changed (``Mode.but``),
the same mode gone on (``goes_on``): no mode assigns a field of its own once made. Python's calls that a
mode takes return the screen after them too; a refusal the page shows as well (the guided game's sentence)
raises ``Refused``, which carries the screen with it on show.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Final, NamedTuple, NoReturn, SupportsIndex, TypeVar

from .. import coach
from .._coach_view import view_state
from .._contract import CoachCan, Intent, ModePart, Position, View
from .._errors import IllegalMove
from .._game import Action
from .._guide import Guide
from .._i18n import Message, msg
from .._protocol import check_intent
from .._session import Said, Table

__all__ = [
    "NOT_IN_PUZZLES",
    "PUZZLE_ONLY",
    "Asked",
    "Mode",
    "ModeFields",
    "Refused",
    "Screen",
    "Showing",
    "moved",
    "view_now",
]

#: The intents only the puzzles take (``hint`` and ``next`` mean theirs there, the game's elsewhere).
PUZZLE_ONLY: Final = frozenset({"pick", "unpick", "check", "reveal", "download", "learner", "leave"})
#: Why a puzzle's intent is refused outside the puzzles.
NOT_IN_PUZZLES: Final = msg("that belongs to the puzzles: press Puzzles to open them")
_M = TypeVar("_M", bound="Mode")


@dataclass(frozen=True)
class ModeFields:
    """A mode's part of the page's state (``protocol.page_state``): the ``view`` of the position on show,
    the ``can`` flags it adds, the mode's ``own`` fields (its name, which tags the state, and what only it
    shows: the guided game's ``tutorial`` step, the ``puzzle`` on show) and an earlier ``position`` (None:
    the position now; a puzzle's own)."""

    view: View
    can: CoachCan
    own: ModePart
    position: Position | None = None


class Showing(NamedTuple):
    """What the version of the picture counts: the game shown (``id``), its history and whether it can be
    redone, and what the mode shows instead of the game's own position (``Mode.picture``). Another
    picture is another version: a click made on the one before is refused. (A named tuple: made twice a
    click, it is the cheapest record.)"""

    game: int
    history: tuple[Any, ...]
    can_redo: bool
    shown: object


@dataclass(frozen=True)
class Asked:
    """The task the page asked about (``why``): on which ``version`` and position on show (``shown``), the
    task ([player, tile, task]) and why it is or is not fulfilled."""

    version: int
    shown: int | None
    task: list[int]
    sentence: Message


class Screen(NamedTuple):
    """The widget's state as a value: the ``mode`` (over its ``table``, the game and who plays it), the
    ``version`` of the ``picture`` on show (intents must name it), ``answered`` (intents handled), the space
    ``selected`` (chosen, not yet placed), the coach's ``hint``, the ``error`` (why the last intent was
    refused) and the task ``asked`` about. Changed only by making a new one (``_replace``): a named tuple,
    the cheapest immutable record (``dataclasses.replace`` of a frozen dataclass cost a click 10 µs more)."""

    mode: Mode
    version: int = 0
    picture: Showing | None = None
    answered: int = 0
    selected: int | None = None
    hint: coach.Hint | None = None
    error: Said | None = None
    asked: Asked | None = None

    @property
    def table(self) -> Table:
        """The table the mode plays on: the game, its seats and bots, the language, the trainer."""
        return self.mode.table

    def on(self, table: Table) -> Screen:
        """This screen over ``table`` (the same mode, over the table a step made)."""
        return moved(self, self.mode.on(table))


class Refused(IllegalMove):
    """A Python call refused with words the page shows too (the guided game's sentence in its panel):
    ``screen`` is the screen with them on show, which the controller makes the widget's before it raises
    this (an ``IllegalMove``, as any refusal)."""

    def __init__(self, message: Said, screen: Screen) -> None:
        super().__init__(message)
        self.screen = screen


class Mode(ABC):
    """One way the widget is being used, over the ``table`` it plays on (a value: a new table is a copy of
    the mode over it, ``on``). What it does not take, a click or a Python call, it refuses with its
    ``refusal`` (a puzzle's click outside the puzzles with ``NOT_IN_PUZZLES``): the one default, so a mode
    writes only what it takes."""

    #: Why this mode refuses what it does not take.
    refusal: ClassVar[Message]
    #: Whether the page may ask why a task is or is not fulfilled (a puzzle's verdict explains its own).
    explains: ClassVar[bool] = True

    def __init__(self, table: Table) -> None:
        self.table = table
        self._origin = object()  # shared by this mode's copies: the same mode gone on (``goes_on``)

    def on(self: _M, table: Table) -> _M:
        """This mode over ``table`` (another value of the table: the language, the seats, the trainer…)."""
        return self if table is self.table else self.but(table=table)

    def but(self: _M, **changes: object) -> _M:
        """A copy of this mode with ``changes`` to its fields: the same mode gone on (``goes_on``)."""
        unknown = changes.keys() - vars(self).keys()
        if unknown:  # a misspelt field would otherwise be a new one, read by nothing
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        mode = copy.copy(self)
        vars(mode).update(changes)
        return mode

    def goes_on(self, before: Mode) -> bool:
        """Whether this mode is ``before`` gone on (a copy with a pick more, over another table…), which
        entering it does not leave."""
        return self._origin is before._origin

    def refuse(self, intent: Intent | None = None) -> NoReturn:
        """Refuse ``intent`` (None: a Python call) with this mode's ``refusal``."""
        if intent is not None and intent["action"] in PUZZLE_ONLY:
            raise IllegalMove(NOT_IN_PUZZLES)
        raise IllegalMove(self.refusal)

    def check(self, intent: Intent, version: int) -> None:
        """Refuse (``IllegalMove``) an intent made on another ``version`` of the picture, or one this mode
        does not take from the page: by default ``protocol.check_intent``'s refusals (a seat out of turn,
        a bot's seat, a tile not on offer, the game over)."""
        table = self.table
        check_intent(intent, table.game, table.seats, version, reader=table.reader)

    def handle(self, screen: Screen, intent: Intent) -> Screen:
        """Act on an intent from the page (``language``, ``new`` and ``why`` are the step's, the same in every
        mode) and return the screen after it (its mode: the one to be in). A refusal raises
        ``IllegalMove`` and changes nothing."""
        self.refuse(intent)

    @property
    def guide(self) -> Guide | None:
        """The guided game's guide, in the guided game."""
        return None

    def now(self) -> Mode:
        """The mode that acts on the game now, which takes Python's calls: this one, or the one an earlier
        position on show (or the puzzles) was opened from."""
        return self

    def over(self, now: Mode) -> Mode:
        """This mode with ``now`` as the mode on the game now, after a Python call changed it: ``now`` itself
        if this mode is the one on the game now, else a copy over it (a mode opened over another holds it
        as ``live``: an earlier position, the puzzles)."""
        return now if self.now() is self else self.but(live=now)

    @abstractmethod
    def part(self) -> ModeFields:
        """What this mode adds to the page's state."""

    def picture(self) -> object:
        """What the mode shows instead of the game's own position (a puzzle's id), or None: a change of it
        is a change of the picture, so a new version is counted and older clicks are refused."""
        return None

    @property
    def shown_turn(self) -> int | None:
        """The earlier position on show (after that many actions), or None for the position now."""
        return None

    def changed(self, screen: Screen) -> Screen:
        """The screen once the game changed (a move, an undo, a move made on ``game`` directly)."""
        return screen

    def leave(self) -> Said | None:
        """Called when this mode is left for another: what it says then (a progress file that cannot take
        a puzzle's attempt), or None."""
        return None

    def new_game(self) -> Table:
        """The table New game deals on when it leaves this mode for a game played as any other."""
        return self.table

    def reword(self, table: Table) -> Table:
        """``table`` (this one in another language) as this mode words it, before everything on show is
        worded again."""
        return table

    # -- Python's calls (trusted: any seat; refusals raise ``IllegalMove``), taken by ``now()`` -------
    # Those that may change the mode take the ``screen`` (in this mode) and return the screen after them.
    def play(
        self, screen: Screen, action: Action | tuple[int, tuple[int, int]]
    ) -> tuple[Screen, frozenset[tuple[int, int, int]]]:
        """``widget.play``: the screen after it, and the tasks covered."""
        self.refuse()

    def select(self, screen: Screen, space: SupportsIndex | None) -> Screen:
        """``widget.select``: the screen with the space chosen (None: none)."""
        self.refuse()

    def next_step(self, screen: Screen) -> Screen:
        """``widget.next_step``: the screen after it."""
        self.refuse()

    def undo(self) -> None:
        """``widget.undo``."""
        self.refuse()

    def redo(self) -> None:
        """``widget.redo``."""
        self.refuse()

    def bot_move(self, name: str | None) -> None:
        """``widget.bot_move``: one turn of the bot ``name`` (None: ``table.bot``)."""
        self.refuse()

    def hint(self) -> coach.Hint:
        """``widget.hint``."""
        self.refuse()

    def review(self, progress: bool) -> list[dict[str, Any]]:
        """``widget.review``: the rows, also shown in the panel."""
        self.refuse()

    def show(self, turn: SupportsIndex | None) -> Mode:
        """``widget.show_turn`` and the ``show`` intent: the mode showing that position."""
        self.refuse()

    def open(self, row: SupportsIndex | None) -> Mode:
        """``widget.open_review`` and the ``open`` intent: the mode showing that review row."""
        self.refuse()


def moved(screen: Screen, mode: Mode) -> Screen:
    """``screen`` in ``mode``."""
    return screen if mode is screen.mode else screen._replace(mode=mode)


def view_now(table: Table) -> View:
    """``state.view`` of the position now."""
    return view_state(table.game, None, lang=table.lang, reader=table.reader)
