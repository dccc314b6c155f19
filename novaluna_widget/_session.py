"""The game on the widget's table and who plays it, shared by every mode: the seats and their bots, the
language, the Review panel, the puzzles' trainer, and the one place that changes the game (a mutable engine
object) and tells the ``on_move`` callbacks. No anywidget, traitlets or IPython.

The modes (``modes``) decide what a click or a call means; the session carries it out. What the widget
shows besides (the tile chosen, the hint, the error) is a value, ``modes.Screen``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from . import coach
from ._game import Action, Game
from ._i18n import Message, message_of, msg, word
from ._protocol import Reader, Seats, bot_actions, check_reader, parse_seats, reader_of
from ._review_runner import ReviewRunner
from .bots import Bot, make_bot
from .puzzles._trainer import Trainer

__all__ = ["DEFAULT_BOT", "Edit", "Played", "Reader", "Said", "Session", "Source"]

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
    ``source`` says whether a click, Python code or a bot seat made it.
    """

    action: Action | Edit
    player: int | None
    source: Source


class Session:
    """The live ``game`` and everything about it that outlives a mode. ``seed`` seeds new games and the
    bots, so a seeded widget replays exactly; ``bots`` as ``protocol.parse_seats`` takes them."""

    def __init__(
        self,
        game: Game,
        *,
        seed: int | None,
        bots: Seats,
        lang: str,
        panel: ReviewRunner,
        reader: Reader = "auto",
    ) -> None:
        self.game = game
        self.lang = lang
        self.seats: list[str | None] = parse_seats(bots, len(game.players))
        #: The reader as given (``reader``: the seat told about as "you").
        self.reader_given = check_reader(reader, len(game.players))
        #: The bot the Bot button and ``bot_move()`` ask.
        self.bot = DEFAULT_BOT
        self.seed = seed
        self.panel = panel
        #: The puzzles' trainer, made when they are first opened (from Python, or the page's Puzzles button).
        self.trainer: Trainer | None = None
        #: The damaged progress file the page was told of: Puzzles pressed again keeps it aside.
        self.damaged: Path | None = None
        #: An ``on_move`` callback that failed since it was last asked (``failure``).
        self._failed: Said | None = None
        self.callbacks: list[Callable[[Played], object]] = []
        self._rng = random.Random(seed)
        self._bots: dict[str, Bot] = {}

    @property
    def reader(self) -> int | None:
        """The seat told about as "you" (None: nobody): as given, else the one seat not played by a bot when
        the others all are (``protocol.reader_of``)."""
        return reader_of(self.seats) if self.reader_given == "auto" else self.reader_given

    def words(self, said: Said | None) -> str | None:
        """What the widget says, in its language."""
        return None if said is None else word(said, self.lang)

    # -- changing the game -----------------------------------------------------------------------
    def apply(self, action: Action | tuple[int, tuple[int, int]], source: Source) -> frozenset[Any]:
        """Play ``action`` for the player to move; the tasks it covered. ``IllegalMove`` changes nothing."""
        player = self.game.current_player
        # The engine validates fully (a pair too) before it changes anything.
        covered = self.game.play(action)
        self._notify(Played(self.game.history[-1], player, source))
        return covered

    def failure(self) -> Said | None:
        """Which ``on_move`` callback failed (and how) since the last time this was asked."""
        failed, self._failed = self._failed, None
        return failed

    def undo(self, source: Source) -> None:
        game = self.game
        game.undo()
        # With bot seats, undo to the last human decision: a bot would otherwise replay at once.
        while game.can_undo and self.bot_to_move() is not None and self._has_human_seat():
            game.undo()
        self._notify(Played("undo", None, source))

    def redo(self, source: Source) -> None:
        game = self.game
        game.redo()
        while game.can_redo and self.bot_to_move() is not None and self._has_human_seat():
            game.redo()
        self._notify(Played("redo", None, source))

    def new_game(self, seed: int | None, source: Source) -> None:
        """Deal a game like this one (the seed, unless given, from the table's generator)."""
        self.game = self.game.new_like(self._rng.randrange(2**32) if seed is None else seed)
        self._notify(Played("new", None, source))
        self.play_bot_seats()

    # -- the bots --------------------------------------------------------------------------------
    def bot_turn(self, name: str) -> None:
        """One turn of the bot ``name`` for the player to move."""
        for action in bot_actions(self.game, self._bot(name)):
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

    def _bot(self, name: str) -> Bot:
        # One bot of each kind per table, seeded from the table's generator.
        if name not in self._bots:
            self._bots[name] = make_bot(name, seed=self._rng.randrange(2**32))
        return self._bots[name]

    # -- the coach -------------------------------------------------------------------------------
    def coach_hint(self) -> coach.Hint:
        """The coach's suggestion for the player to move, in ``lang``."""
        return coach.hint(self.game, lang=self.lang, reader=self.reader)

    def _notify(self, played: Played) -> None:
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
