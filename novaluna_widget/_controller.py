"""The widget without Jupyter: the table (``session.Session``: the game, its seats and bots, the error, the
``on_move`` callbacks, the language), the mode it is in (``modes``), the version of the picture, and the
one state the page draws. No anywidget, traitlets or IPython: the widget only binds its traits to it, and
tests drive it as the page and Python code would.

An intent from the page is parsed and checked (``protocol``), then the controller's own (``language``,
``new``) are handled here, the same in every mode, and every other goes to the mode, which returns the
mode to be in after it. Every intent gets exactly one new state. Moves made on ``game`` directly are
noticed before every intent and on ``refresh()``, the one way a state is published.

A mode is entered only once it can show its part of the state (validate first, change after, as the
engine does): a refused call leaves the controller in the mode it was in. The page's Review runs the coach
with ``run`` (``review_runner.ReviewRunner``), so that the page may go on sending intents meanwhile.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, SupportsIndex

from . import coach
from ._coach_view import hint_state, past
from ._contract import Intent, Position, State, Why
from ._errors import IllegalMove, quote
from ._game import Action, Game
from ._guide import Guide
from ._i18n import Message, check_language, get_language, message_of, msg
from ._modes import Acting, Guided, Mode, Playing, Puzzling
from ._modes.puzzle import ACTIONS as PUZZLE_ACTIONS
from ._modes.puzzle import NOT_IN_PUZZLES
from ._protocol import (
    BadIntent,
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
from ._session import Played, Session, Source
from .puzzles import ProgressError, set_aside
from .puzzles._trainer import Trainer

__all__ = ["Controller"]


#: The offer that follows the words of a damaged progress file.
_AFRESH = msg(
    "Press Puzzles again to start afresh: the damaged file is then kept beside it under another name."
)


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
        self.table = Session(
            game,
            seed=seed,
            bots=bots,
            lang=get_language() if lang is None else check_language(lang),
            panel=ReviewRunner(publish_review, run, self._log),
            reader=reader,
        )
        self.mode: Mode = Playing(self.table)
        #: Grows by one with every change of the position; intents from the page must name it.
        self.version = 0
        #: Intents handled: every one gets a new state, so the page knows it was heard.
        self.answered = 0
        self._publish = publish
        self._seed = seed
        #: The puzzles' trainer, made when they are first opened (``puzzles``, or the page's Puzzles button).
        self.trainer: Trainer | None = None
        #: The damaged progress file the page was told of: Puzzles pressed again keeps it aside.
        self._damaged: Path | None = None
        # The picture the version counts: the game (its id, history, can_redo) and the mode's own picture.
        self._seen: tuple[object, ...] = ()
        self._drawn: tuple[object, ...] = ()  # what the position now was built from
        self._position: Position  # built by the first refresh, in start()
        #: The task the page asked about (``_ask_why``): for which (version, position on show), and why.
        self._why: tuple[tuple[int, int | None], list[int], Message] | None = None

    def start(self) -> None:
        """Publish the first state, and another once a bot seat to move has played."""
        self.refresh()
        self.table.play_bot_seats()
        self.refresh()

    def follow(self, guide: Guide) -> None:
        """Play the guided game of ``guide``, whose game is the table's."""
        self.mode = Guided(self.table, guide)
        self.refresh()

    def puzzles(self, trainer: Trainer, kinds: Iterable[str] | None = None) -> None:
        """Open the puzzles of ``trainer`` (``kinds``: kinds or families, None: any) over the game, which
        waits untouched; a kind there is not is refused, and the mode stays as it was."""
        self.refresh()
        self._enter(Puzzling(self.mode.now(), trainer, kinds))
        self.trainer = trainer
        self.table.error = trainer.notice
        self.refresh()

    def review_done(self, timeout: float | None = None) -> bool:
        """Wait until the page's Review under way (if any) is done: False if ``timeout`` seconds passed."""
        return self.table.panel.wait(timeout)

    def close(self) -> None:
        """The widget is closed: the page's Review under way stops."""
        self.table.panel.stop()

    def _enter(self, mode: Mode) -> None:
        """Be in ``mode`` from now on, once it showed it can build its part of the state: a mode made on
        something it cannot show raises here, and the controller stays in the mode it was in."""
        if mode is not self.mode:
            mode.part()
            if isinstance(self.mode, Puzzling):
                self.mode.leave()  # the puzzles left: a hint taken is recorded
        self.mode = mode

    # -- reading -----------------------------------------------------------------------------------
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
        before = table.game, table.seats, table.error, self.mode
        if len(game.players) != len(table.seats):
            table.seats = [None] * len(game.players)
        if isinstance(self.mode, Puzzling):
            self.mode.leave()
        table.game, table.error, self.mode = game, None, Playing(table)
        try:
            self.refresh()
        except Exception:  # a game the page cannot be shown: everything stays exactly as it was
            table.game, table.seats, table.error, self.mode = before
            raise

    @property
    def lang(self) -> str:
        return self.table.lang

    @property
    def last_error(self) -> str | None:
        return self.table.words(self.table.error)

    @property
    def guide(self) -> Guide | None:
        return self.mode.guide if isinstance(self.mode, Guided) else None

    @property
    def bots(self) -> dict[int, str]:
        return {i: name for i, name in enumerate(self.table.seats) if name is not None}

    @bots.setter
    def bots(self, bots: Seats) -> None:
        table = self.table
        table.seats = parse_seats(bots, len(table.game.players))
        table.play_bot_seats()  # as at the start: a bot seat to move plays at once
        self.refresh()

    @property
    def bot(self) -> str:
        return self.table.bot

    @bot.setter
    def bot(self, name: str) -> None:
        self.table.bot = check_bot(name)
        self.refresh()

    def on_move(self, callback: Callable[[Played], object], remove: bool = False) -> None:
        if remove:
            self.table.callbacks.remove(callback)
        else:
            self.table.callbacks.append(callback)

    # -- Python's calls: the mode on the game now takes them ----------------------------------------
    def _acting(self) -> Acting:
        """The mode on the game now, which a Python call that acts there takes: an earlier position on
        show is left for it."""
        self.refresh()
        now = self.mode.now()
        self._enter(now)
        return now

    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        covered = self._acting().play(action)
        self.refresh()
        return covered

    def select(self, space: SupportsIndex | None) -> None:
        self._acting().select(space)
        self.refresh()

    def bot_move(self, name: str | None = None) -> None:
        self._acting().bot_move(name)
        self.refresh()

    def hint(self) -> coach.Hint:
        found = self._acting().hint()
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
        self.mode.now().next_step()
        self.refresh()

    def review(self, progress: bool) -> list[dict[str, Any]]:
        self.refresh()
        return self.mode.now().review(progress)  # the panel opens over the position on show

    def show_turn(self, turn: SupportsIndex | None) -> None:
        self.refresh()
        self._enter(self.mode.now().show(turn))
        self.refresh()

    def open_review(self, index: SupportsIndex | None) -> None:
        self.refresh()
        self._enter(self.mode.now().open(index))
        self.refresh()

    def new_game(self, seed: int | None = None) -> None:
        self._new_game(seed, "python")
        self.refresh()

    def _new_game(self, seed: int | None, source: Source) -> None:
        self.mode.leave()
        self.mode = Playing(self.table)
        self.table.new_game(seed, source)

    def set_language(self, lang: object) -> None:
        """Speak ``lang`` from now on: everything on show is worded again (a review too, there and then);
        the position and its version stay (see ``NovaLunaWidget.lang``). ``ValueError`` for a language there
        is not."""
        self._speak(lang, background=False)
        self.refresh()

    def _speak(self, lang: object, *, background: bool) -> None:
        lang = check_language(lang)
        table = self.table
        if lang == table.lang:
            return
        self._notice()  # first a change made behind the widget's back: what is re-worded is what is on show
        table.lang = lang
        game = table.game
        self.mode.reword()
        if table.game is not game:  # the guided game, its seats renamed: the same position, the same version
            self._seen = (id(table.game), *self._seen[1:])
        if table.hint is not None:  # the coach words its reason once: asked again (same seed, same move)
            table.ask_hint()
        # The rows' own words are cheap; the comments are the coach's: the page's language menu has the
        # review worded again by ``run``, as its Review button.
        table.panel.reword(table.game, lang, table.reader, background=background)

    # -- the page's intents (untrusted: every field checked, refusals shown) -------------------------
    def handle(self, content: object) -> None:
        """Handle one message from the page and publish one state; a refusal lands in the error area (and
        changes nothing), a bug too, as an internal error, and in the log."""
        table = self.table
        table.error = None
        self.answered += 1
        try:
            self._notice()  # a move made from Python since the page drew makes this intent stale
            self._dispatch(parse_intent(content))
        except (IllegalMove, BadIntent, ProgressError) as error:
            table.error = message_of(error)
        except Exception as error:  # a bug: say so in the widget rather than lose it
            table.error = msg(
                "internal error ({kind}: {error}); please report it",
                kind=type(error).__name__,
                error=message_of(error),
            )
            self._log.exception("NovaLunaWidget failed on %s", quote(content, 500))
        self.refresh()

    def _dispatch(self, intent: Intent) -> None:
        if intent["action"] == "why":  # a question about the picture, in every mode; never a move
            self._ask_why(intent["task"], intent["version"])
            return
        self.mode.check(intent, self.version)
        match intent["action"]:
            case "language":  # in every mode, on an earlier position alike
                self._speak(intent["lang"], background=True)
            case "new":  # leaves any mode for a new game
                self._new_game(None, "page")
            case "puzzles":
                if not isinstance(self.mode, Puzzling):
                    self._enter(Puzzling(self.mode.now(), self._trainer()))
            case action if action in PUZZLE_ACTIONS and not isinstance(self.mode, Puzzling):
                raise IllegalMove(NOT_IN_PUZZLES)
            case _:
                self._enter(self.mode.handle(intent))

    def _trainer(self) -> Trainer:
        """The puzzles' trainer: the one opened before, else one on the default progress file. A damaged
        file is said in words, with the offer to start afresh: pressing Puzzles again keeps the damaged
        file aside (``puzzles.set_aside``) and starts on a new one."""
        if self.trainer is None:
            seed = random.randrange(2**32) if self._seed is None else self._seed
            try:
                self.trainer = Trainer(seed=seed, lang=self.table.lang, warn=False)  # the notice: below
            except ProgressError as error:
                if error.damaged is None or error.damaged != self._damaged:
                    self._damaged = error.damaged
                    if error.damaged is None:
                        raise
                    raise ProgressError(
                        msg("{error} {offer}", error=message_of(error), offer=_AFRESH)
                    ) from None
                aside = set_aside(error.damaged)
                self._damaged = None
                self.trainer = Trainer(seed=seed, lang=self.table.lang, warn=False)
                self.table.error = msg(
                    "The damaged puzzle progress file is kept as {aside}; your puzzles start afresh.",
                    aside=quote(str(aside), 300),
                )
                return self.trainer
            self.table.error = self.trainer.notice
        return self.trainer

    def _ask_why(self, task: list[int] | None, version: int) -> None:
        """Keep the explanation of ``task`` ([player, tile, task] of the position on show) for the states
        that follow, until the position on show changes (``_why_now``). One asked on an older picture goes
        unanswered: the page asks again for the picture it draws next."""
        self._why = None
        if task is None or version != self.version or isinstance(self.mode, Puzzling):
            return  # a puzzle's tasks are explained by its verdict: asked before, it would tell the answer
        shown = self.mode.shown_turn
        game = self.table.game if shown is None else past(self.table.game, shown)
        p, t, k = task
        players = game.players
        cells = list(players[p].board.tiles) if 0 <= p < len(players) else []
        if not 0 <= t < len(cells) or not 0 <= k < len(players[p].board[cells[t]].tasks):
            raise IllegalMove(msg("there is no task {task} in the position on show", task=quote(task)))
        self._why = ((self.version, shown), [p, t, k], players[p].board.explain(cells[t], k).message)

    def _why_now(self) -> Why | None:
        """The explanation asked for last, in the table's language, while the position on show is the one
        it was asked about."""
        if self._why is None or self._why[0] != (self.version, self.mode.shown_turn):
            return None
        _, task, sentence = self._why
        return {"task": task, "text": sentence.in_language(self.table.lang)}

    # -- publishing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Catch up with the game, then publish the state: the one way a state reaches the page."""
        self._notice()
        self._publish(self._state())

    def _notice(self) -> None:
        """A new version if the game changed since it was last drawn (which shows the position now, and
        drops the tile chosen, the hint and a review of another history); the position rebuilt if the
        game, its seats or the language changed."""
        table = self.table
        game = table.game
        seen = (id(game), game.history, game.can_redo, self.mode.picture())
        drawn = (seen, tuple(table.seats), table.lang, table.reader)
        if drawn != self._drawn:
            # Built first: if it fails, the widget still shows (and counts) the position it drew last.
            self._position = game_state(game, table.seats, table.lang, reader=table.reader)
            self._drawn = drawn
        if seen != self._seen:
            self._seen = seen
            self.version += 1
            table.selected = None  # a choice made on another position means nothing here
            table.hint = None
            table.panel.follow(game)
            self.mode = self.mode.changed()

    def _state(self) -> State:
        table = self.table
        part = self.mode.part()
        hint = None if table.hint is None else hint_state(table.hint, self.version, table.lang)
        return page_state(
            self._position if part.position is None else part.position,
            version=self.version,
            selected=table.selected,
            error=self.last_error,
            answered=self.answered,
            bot=table.bot,
            view=part.view,
            hint=hint,
            tutorial=part.tutorial,
            why=self._why_now(),
            can=part.can,
            lang=table.lang,
            puzzle=part.puzzle,
        )
