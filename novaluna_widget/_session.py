"""The widget's table: the game on it and who plays it, shared by every mode, as a value (``Table``), and
the services it uses, which are no state (``Session``). No anywidget, traitlets or IPython.

``Table`` is frozen: the game the table holds, its seats, the bot the Bot button asks, the language, the
reader, the puzzles' trainer and the damaged progress file the page was told of. A step that changes any
of them makes a new table (``dataclasses.replace``) and returns it in the next screen (``modes.Screen``,
whose mode holds it): nothing assigns a field of it. The game itself is the engine's mutable object (play
and undo change it, the engine's public way): which game the table holds is part of the value, the
position on it is the engine's. ``Table.apply`` is the one place that plays on it; what it played (``Played``)
waits in the session until the screen after the step is committed, when the controller tells the
``on_move`` callbacks (``Session.tell``): a callback that reads ``widget.game`` sees the game it heard of.

``Session`` is what outlives every value of the table: the ``on_move`` callbacks, the generator that
seeds new games and the bots (so a seeded widget replays exactly), the bots made, the Review panel, the
changes played and not yet told, and the mailbox of a callback that failed. It has no field the step
changes.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Literal

from . import coach
from ._game import Action, Game
from ._i18n import Message, message_of, msg, word
from ._protocol import Reader, Seats, bot_actions, check_reader, parse_seats, reader_of
from ._review_runner import ReviewRunner
from .bots import Bot, make_bot
from .puzzles._trainer import Trainer

__all__ = ["DEFAULT_BOT", "Edit", "Played", "Reader", "Said", "Session", "Source", "Table"]

#: The bot the Bot button ("Bot plays for …") uses unless told otherwise.
DEFAULT_BOT: Final = "greedy"

Source = Literal["page", "python", "bot"]
#: What the widget says, kept as data until it is sent: a ``Message`` (worded in the widget's language)
#: or text from code that words its own.
Said = Message | str
#: What the widget does to its game besides the engine's actions.
Edit = Literal["undo", "redo", "new"]


@dataclass(frozen=True)
class Played:
    """One change the widget made to its game, as ``on_move`` callbacks receive it.

    ``action`` is the engine action (a ``Move``, ``"refill"`` or ``"end_phase_one"``) or one of
    ``"undo"``, ``"redo"``, ``"new"``; ``player`` is who acted (None for undo, redo and new);
    ``source`` says whether a click, Python code or a bot seat made it. A callback hears it once the
    widget shows the change: ``widget.game`` is then the game it was played in (the new one after
    ``"new"``) as the click or call left it (a bot seat's answer included); one click's changes are heard
    in the order made.
    """

    action: Action | Edit
    player: int | None
    source: Source


class Session:
    """The services of one widget's table, which no step changes: the ``on_move`` ``callbacks``, the
    generator seeded by ``seed`` (new games and the bots), one bot of each kind, the Review ``panel``, the
    changes played and not yet told (``record``, ``tell``) and which callback failed since it was last
    asked (``failure``)."""

    def __init__(self, *, seed: int | None, panel: ReviewRunner) -> None:
        self.seed: Final = seed
        self.panel: Final = panel
        self.callbacks: Final[list[Callable[[Played], object]]] = []
        self._rng: Final = random.Random(seed)
        self._bots: Final[dict[str, Bot]] = {}
        #: What the step played, in order, until the screen after it is committed and ``tell`` is called.
        self._played: Final[deque[Played]] = deque()
        #: An ``on_move`` callback that failed since it was last asked (``failure``): a mailbox.
        self._failed: Said | None = None

    def record(self, played: Played) -> None:
        """Keep ``played`` for the ``on_move`` callbacks, told once the screen after it is committed."""
        self._played.append(played)

    def tell(self) -> None:
        """Tell every ``on_move`` callback each change recorded since, in the order played: called once
        the screen after them is the widget's, so a callback reads the game it hears of. One that fails is
        kept for ``failure``. Each change is taken before it is told: a callback that plays (and so tells)
        does not hear a change twice."""
        while self._played:
            played = self._played.popleft()
            for callback in list(self.callbacks):
                try:
                    callback(played)
                except Exception as error:
                    name = getattr(callback, "__name__", repr(callback))
                    self._failed = msg(
                        "on_move callback {name} failed: {kind}: {error}",
                        name=name,
                        kind=type(error).__name__,
                        error=message_of(error),
                    )

    def failure(self) -> Said | None:
        """Which ``on_move`` callback failed (and how) since the last time this was asked."""
        failed, self._failed = self._failed, None
        return failed

    def deal(self, seed: int | None) -> int:
        """``seed``, or the next one of the generator: a new game's."""
        return self._rng.randrange(2**32) if seed is None else seed

    def bot(self, name: str) -> Bot:
        """The table's bot ``name``: one of each kind, seeded from the generator."""
        if name not in self._bots:
            self._bots[name] = make_bot(name, seed=self._rng.randrange(2**32))
        return self._bots[name]


@dataclass(frozen=True)
class Table:
    """The table as a value: the ``game`` on it, its ``seats`` (a bot's name, or None: played by hand), the
    ``lang`` it speaks, the ``session`` whose services it uses, the reader as given (``reader_given``: the
    seat told about as "you", ``"auto"`` or None), the ``bot`` the Bot button and ``bot_move()`` ask, the
    puzzles' ``trainer`` (made when they are first opened) and the ``damaged`` progress file the page was
    told of (Puzzles pressed again keeps it aside). Changed only by making another
    (``dataclasses.replace``)."""

    game: Game
    seats: tuple[str | None, ...]
    lang: str
    session: Session
    reader_given: Reader = "auto"
    bot: str = DEFAULT_BOT
    trainer: Trainer | None = None
    damaged: Path | None = None

    @classmethod
    def seated(
        cls,
        game: Game,
        *,
        seed: int | None,
        bots: Seats,
        lang: str,
        panel: ReviewRunner,
        reader: Reader = "auto",
    ) -> Table:
        """A widget's first table: ``game`` with ``bots`` (as ``protocol.parse_seats`` takes them) and
        ``reader`` checked, on a new session seeded by ``seed``."""
        n = len(game.players)
        return cls(
            game,
            tuple(parse_seats(bots, n)),
            lang,
            Session(seed=seed, panel=panel),
            reader_given=check_reader(reader, n),
        )

    @property
    def reader(self) -> int | None:
        """The seat told about as "you" (None: nobody): as given, else the one seat not played by a bot when
        the others all are (``protocol.reader_of``)."""
        return reader_of(self.seats) if self.reader_given == "auto" else self.reader_given

    @property
    def panel(self) -> ReviewRunner:
        """The Review panel (the session's)."""
        return self.session.panel

    def words(self, said: Said | None) -> str | None:
        """What the widget says, in its language."""
        return None if said is None else word(said, self.lang)

    # -- playing on the game (the engine's object: the table's value stays) ----------------------
    def apply(self, action: Action | tuple[int, tuple[int, int]], source: Source) -> frozenset[Any]:
        """Play ``action`` for the player to move (recorded for the ``on_move`` callbacks); the tasks it
        covered. ``IllegalMove`` changes nothing."""
        player = self.game.current_player
        # The engine validates fully (a pair too) before it changes anything.
        covered = self.game.play(action)
        self.session.record(Played(self.game.history[-1], player, source))
        return covered

    def undo(self, source: Source) -> None:
        game = self.game
        game.undo()
        # With bot seats, undo to the last human decision: a bot would otherwise replay at once.
        while game.can_undo and self.bot_to_move() is not None and self._has_human_seat():
            game.undo()
        self.session.record(Played("undo", None, source))

    def redo(self, source: Source) -> None:
        game = self.game
        game.redo()
        while game.can_redo and self.bot_to_move() is not None and self._has_human_seat():
            game.redo()
        self.session.record(Played("redo", None, source))

    def new_game(self, seed: int | None, source: Source) -> Table:
        """The table with a game dealt like this one (the seed, unless given, from the session's generator),
        its bot seats played up to a human's turn."""
        table = replace(self, game=self.game.new_like(self.session.deal(seed)))
        self.session.record(Played("new", None, source))
        table.play_bot_seats()
        return table

    # -- the bots --------------------------------------------------------------------------------
    def bot_turn(self, name: str) -> None:
        """One turn of the bot ``name`` for the player to move."""
        for action in bot_actions(self.game, self.session.bot(name)):
            self.apply(action, "bot")

    def play_bot_seats(self) -> None:
        """Let bot seats move until a human is to move (a game of bots only moves with the Bot button)."""
        while self._has_human_seat() and (bot := self.bot_to_move()) is not None:
            self.bot_turn(bot)

    def bot_to_move(self) -> str | None:
        """The bot of the seat to move, or None (a human's turn, or the game is over)."""
        return None if self.game.is_over else self.seats[self.game.current_player]

    def _has_human_seat(self) -> bool:
        return None in self.seats

    # -- the coach -------------------------------------------------------------------------------
    def coach_hint(self) -> coach.Hint:
        """The coach's suggestion for the player to move, in ``lang``."""
        return coach.hint(self.game, lang=self.lang, reader=self.reader)
