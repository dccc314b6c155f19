"""The widget without Jupyter: the screen (``modes.Screen``, the widget's state as a value: the mode it is
in over its table, ``session.Table``, with the game, its seats and bots, the language, the trainer; the
version of the picture, the tile chosen, the hint, the error) and the one state the page draws. The
services that are no state (the ``on_move`` callbacks, the generator, the Review panel) are the table's
``session``. No anywidget, traitlets or IPython: the widget only binds its traits to it, and tests drive it
as the page and Python code would.

An intent from the page is parsed (``protocol``) and stepped (``step.step``: the screen after it); every
intent gets exactly one new state. Python's calls go to the mode on the game now; a setter (another game,
the bot seats, the bot) makes a new table and puts the screen over it. Moves made on ``game`` directly are
noticed (``step.catch_up``) before every intent and on ``refresh()``, the one way a state is published; the
screen is replaced, never changed, so every change is one assignment here (``_be``). The ``on_move``
callbacks hear what a step played once the screen after it is committed (``refresh`` tells them first), so
one that reads ``widget.game`` reads the game it hears of.

The controller knows no mode by name: the modes decide what a click means and which mode comes next, and a
mode is entered only once it can show its part of the state (validate first, change after, as the engine
does): a refused call leaves the controller in the mode it was in. The page's Review runs the coach with
``run`` (``review_runner.ReviewRunner``), so that the page may go on sending intents meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple, SupportsIndex, TypeVar

from . import coach
from ._coach_view import hint_state
from ._contract import Position, State
from ._errors import BadIntent, IllegalMove, quote
from ._game import Action, Game
from ._guide import Guide
from ._i18n import check_language, get_language, message_of, msg
from ._modes import Mode, Refused, Screen, Showing, home
from ._protocol import (
    Reader,
    Seats,
    check_bot,
    check_reader,
    game_state,
    page_state,
    parse_intent,
    parse_seats,
)
from ._review_runner import ReviewRunner, Run, Send, at_once
from ._session import Played, Table
from ._step import catch_up, enter, showing, speak, start_new_game, step
from ._why import answer
from .puzzles import ProgressError

__all__ = ["Controller"]

_T = TypeVar("_T")


class _Drawn(NamedTuple):
    """What the position the page draws was built from: the picture, the seats, the language, the reader."""

    picture: Showing
    seats: tuple[str | None, ...]
    lang: str
    reader: int | None


class Controller:
    """A game played in a mode, published as one state: ``publish(state)`` sends the page's ``state``,
    ``publish_review(panel)`` the Review panel. ``seed`` seeds new games and the bots; ``bots`` as
    ``protocol.parse_seats`` takes them; ``lang`` a code of ``i18n.LANGUAGES``. Nothing is published
    before ``start()``. ``log`` hears the bugs an intent runs into (shown as an internal error), ``run``
    works out the page's Review (``review_runner.ReviewRunner``: by default there and then)."""

    def __init__(
        self,
        game: Game,
        *,
        publish: Callable[[State], None],
        publish_review: Send,
        seed: int | None = None,
        bots: Seats = None,
        lang: str | None = None,
        reader: Reader = "auto",
        log: logging.Logger | None = None,
        run: Run = at_once,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(msg("game must be a Game or SoloGame, not {type}", type=type(game).__name__))
        self._log = log or logging.getLogger(__name__)
        table = Table.seated(
            game,
            seed=seed,
            bots=bots,
            lang=get_language() if lang is None else check_language(lang),
            panel=ReviewRunner(publish_review, run, self._log),
            reader=reader,
        )
        #: The widget's state as a value, its table too: replaced (``_be``), never changed.
        self.screen = Screen(home(table))
        self._publish = publish
        self._drawn: _Drawn | None = None  # what the position now was built from
        self._position: Position  # built by the first refresh, in start()

    def start(self) -> None:
        """Publish the first state, and another once a bot seat to move has played."""
        self.refresh()
        self.table.play_bot_seats()
        self.refresh()

    def enter(self, make: Callable[[Screen], Screen]) -> None:
        """Be in the mode that ``make`` puts on the screen of the mode on the game now (the guided game, the
        puzzles: ``modes``), once it showed it can build its part of the state: a mode made on something it
        cannot show raises, and the controller stays in the mode it was in."""
        self._notice()
        screen = self.screen
        self._be(enter(screen, make(screen._replace(mode=screen.mode.now()))))
        self.refresh()

    def review_done(self, timeout: float | None = None) -> bool:
        """Wait until the page's Review under way (if any) is done: False if ``timeout`` seconds passed."""
        return self.table.panel.wait(timeout)

    def close(self) -> None:
        """The widget is closed: the page's Review under way stops."""
        self.table.panel.stop()

    def _be(self, screen: Screen) -> None:
        """The one place the screen changes: it is replaced by the next."""
        self.screen = screen

    # -- reading -----------------------------------------------------------------------------------
    @property
    def table(self) -> Table:
        """The table now (the screen's): the game, its seats and bots, the language, the trainer."""
        return self.screen.table

    @property
    def mode(self) -> Mode:
        return self.screen.mode

    @property
    def version(self) -> int:
        """Grows by one with every change of the picture; intents from the page must name it."""
        return self.screen.version

    @property
    def answered(self) -> int:
        """Intents handled: every one gets a new state, so the page knows it was heard."""
        return self.screen.answered

    @property
    def selected(self) -> int | None:
        return self.screen.selected

    @property
    def game(self) -> Game:
        return self.table.game

    @game.setter
    def game(self, game: Game) -> None:
        """Show another game, played as any game (a guided game is left)."""
        if not isinstance(game, Game):
            raise TypeError(msg("game must be a Game or SoloGame, not {type}", type=type(game).__name__))
        table = self.table
        check_reader(table.reader_given, len(game.players))
        seats = table.seats if len(game.players) == len(table.seats) else (None,) * len(game.players)
        before = self.screen
        self.mode.leave()
        self._be(before._replace(mode=home(replace(table, game=game, seats=seats)), error=None))
        try:
            self.refresh()
        except Exception:  # a game the page cannot be shown: everything stays exactly as it was
            self._be(before)
            raise

    @property
    def lang(self) -> str:
        return self.table.lang

    @property
    def last_error(self) -> str | None:
        return self.table.words(self.screen.error)

    @property
    def guide(self) -> Guide | None:
        return self.mode.guide

    @property
    def bots(self) -> dict[int, str]:
        return {i: name for i, name in enumerate(self.table.seats) if name is not None}

    @bots.setter
    def bots(self, bots: Seats) -> None:
        table = self.table
        self._be(self.screen.on(replace(table, seats=tuple(parse_seats(bots, len(table.game.players))))))
        self.table.play_bot_seats()  # as at the start: a bot seat to move plays at once
        self.refresh()

    @property
    def bot(self) -> str:
        return self.table.bot

    @bot.setter
    def bot(self, name: str) -> None:
        self._be(self.screen.on(replace(self.table, bot=check_bot(name))))
        self.refresh()

    def on_move(self, callback: Callable[[Played], object], remove: bool = False) -> None:
        callbacks = self.table.session.callbacks
        if remove:
            callbacks.remove(callback)
        else:
            callbacks.append(callback)

    # -- Python's calls: the mode on the game now takes them ----------------------------------------
    def _acting(self) -> Mode:
        """The mode on the game now, which a Python call that acts there takes: an earlier position on
        show (or the puzzles) is left for it."""
        self.refresh()
        self._be(enter(self.screen, self.screen._replace(mode=self.mode.now())))
        return self.mode

    def _call(self, call: Callable[[Screen], tuple[Screen, _T]]) -> _T:
        """What ``call`` returns for the screen in the mode on the game now (a Python call), once the screen
        after it is the widget's: a refusal the page shows too (``Refused``, the guided game's sentence) is
        made the widget's and shown before it is raised; any other refusal changes nothing."""
        shown = self.mode  # the puzzles opened over the guided game stay on show, over the guide gone on
        try:
            after, found = call(self.screen._replace(mode=shown.now()))
        except Refused as refused:
            self._be(enter(self.screen, refused.screen._replace(mode=shown.over(refused.screen.mode))))
            self.refresh()
            raise
        self._be(enter(self.screen, after._replace(mode=shown.over(after.mode))))
        self.refresh()
        return found

    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        self._acting()
        return self._call(lambda screen: screen.mode.play(screen, action))

    def select(self, space: SupportsIndex | None) -> None:
        self._acting()
        self._call(lambda screen: (screen.mode.select(screen, space), None))

    def bot_move(self, name: str | None = None) -> None:
        self._acting().bot_move(name)
        self.refresh()

    def hint(self) -> coach.Hint:
        found = self._acting().hint()
        self._be(self.screen._replace(hint=found))
        self.refresh()
        return found

    def undo(self) -> None:
        self.refresh()
        self.mode.now().undo()  # the change of the game shows the position now
        self.refresh()

    def redo(self) -> None:
        self.refresh()
        self.mode.now().redo()
        self.refresh()

    def next_step(self) -> None:
        self.refresh()
        self._call(lambda screen: (screen.mode.next_step(screen), None))

    def review(self, progress: bool) -> list[dict[str, Any]]:
        self.refresh()
        return self.mode.now().review(progress)  # the panel opens over the position on show

    def show_turn(self, turn: SupportsIndex | None) -> None:
        self.refresh()
        self._be(enter(self.screen, self.screen._replace(mode=self.mode.now().show(turn))))
        self.refresh()

    def open_review(self, index: SupportsIndex | None) -> None:
        self.refresh()
        self._be(enter(self.screen, self.screen._replace(mode=self.mode.now().open(index))))
        self.refresh()

    def new_game(self, seed: int | None = None) -> None:
        self._be(start_new_game(self.screen, seed, "python"))
        self.refresh()

    def set_language(self, lang: object) -> None:
        """Speak ``lang`` from now on: everything on show is worded again (a review too, there and then);
        the position and its version stay (see ``NovaLunaWidget.lang``). ``ValueError`` for a language there
        is not."""
        self._notice()
        self._be(speak(self.screen, lang, background=False))
        self.refresh()

    # -- the page's intents (untrusted: every field checked, refusals shown) -------------------------
    def handle(self, content: object) -> None:
        """Handle one message from the page and publish one state; a refusal lands in the error area (and
        changes nothing), a bug too, as an internal error, and in the log."""
        self._be(self.screen._replace(error=None, answered=self.screen.answered + 1))
        try:
            self._notice()  # a move made from Python since the page drew makes this intent stale
            self._be(step(self.screen, parse_intent(content)))
        except (IllegalMove, BadIntent, ProgressError) as error:
            self.table.session.tell()  # what was played before the refusal (if anything) is heard
            self.table.session.failure()  # the refusal is what the page hears
            self._be(self.screen._replace(error=message_of(error)))
        except Exception as error:  # a bug: say so in the widget rather than lose it
            self._be(
                self.screen._replace(
                    error=msg(
                        "internal error ({kind}: {error}); please report it",
                        kind=type(error).__name__,
                        error=message_of(error),
                    ),
                )
            )
            self._log.exception("NovaLunaWidget failed on %s", quote(content, 500))
        self.refresh()

    # -- publishing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Tell the ``on_move`` callbacks what was played (the screen after it is committed), catch up with
        the game, then publish the state: the one way a state reaches the page."""
        self.table.session.tell()
        self._notice()
        self._publish(self._state())

    def _notice(self) -> None:
        """Catch up with the game (``step.catch_up``), the position rebuilt first if the game, its seats or
        the language changed: if that fails, the widget still shows (and counts) the position it drew last."""
        table = self.table
        drawn = _Drawn(showing(self.mode), table.seats, table.lang, table.reader)
        if drawn != self._drawn:
            self._position = game_state(table.game, table.seats, table.lang, reader=table.reader)
            self._drawn = drawn
        self._be(catch_up(self.screen, drawn.picture))

    def _state(self) -> State:
        """The page's state of the screen: building it changes nothing."""
        table, screen = self.table, self.screen
        part = screen.mode.part()
        hint = None if screen.hint is None else hint_state(screen.hint, screen.version, table.lang)
        return page_state(
            self._position if part.position is None else part.position,
            version=screen.version,
            selected=screen.selected,
            error=self.last_error,
            answered=screen.answered,
            bot=table.bot,
            view=part.view,
            mode=part.own,
            hint=hint,
            why=answer(screen, table.lang),
            can=part.can,
            lang=table.lang,
        )
