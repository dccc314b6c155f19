"""The interactive widget: the moon wheel, the moon track and the players' areas, played by clicking.

The page only draws the synced ``state`` and sends *intents*; what they say, and every check of them,
is ``protocol``'s (pure functions, tested without a browser or anywidget). This module holds what needs
a live widget: the traits, the handler that applies intents with the engine, the Python API, and the
syncing.

Moves made on ``widget.game`` directly are noticed after every notebook cell (an IPython
``post_run_cell`` hook), before every intent, and on ``widget.refresh()``: the widget compares the
game's history with the one it last drew.

The widget speaks one language (``lang``): every sentence of its state, its refusals and errors, the
coach's and the guide's words. Sentences are kept as data (``i18n.Message``) until they are sent, so a
change of language re-words what is on show without touching the game.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

import anywidget
import traitlets

from . import coach, kinds
from .bots import BOT_WORDS, Bot, make_bot
from .coaching import BROWSING, TUTORIAL_ONLY, compare, hint_state, past, position_at, review_row, view_state
from .errors import IllegalMove, quote
from .game import Action, Game, Move
from .guide import Guide
from .i18n import Message, check_language, cmsg, get_language, message_of, msg, word
from .names import is_you
from .protocol import (
    BadIntent,
    Seats,
    bot_actions,
    catalogue,
    check_bot,
    check_intent,
    check_selection,
    game_state,
    page_state,
    parse_intent,
    parse_seats,
)
from .render import page_faces

if TYPE_CHECKING:
    import pandas as pd

_STATIC: Final = Path(__file__).parent / "static"
#: The bot the Bot button ("Bot plays for …") uses unless told otherwise.
DEFAULT_BOT: Final = "greedy"

Source = Literal["page", "python", "bot"]
#: What the widget says, kept as data until it is sent: a ``Message`` (worded in the widget's language)
#: or text from code that words its own.
Said = Message | str
#: What the widget does to its game besides the engine's actions.
Edit = Literal["undo", "redo", "new"]
#: The clicks the guided game waits for; any other is refused with ``coaching.TUTORIAL_ONLY``.
_GUIDED: Final = ("select", "take", "refill", "end_phase_one", "next")
#: Why Next is refused outside the guided game.
_NEXT: Final = msg("Next belongs to the guided game: NovaLunaWidget.tutorial()")


class _Language(traitlets.Unicode):  # type: ignore[type-arg]
    """The widget's language: read-only for the page (which asks with the ``language`` intent), while
    ``widget.lang = "ru"`` in Python re-words everything (``NovaLunaWidget._set_language``)."""

    def __set__(self, obj: traitlets.HasTraits, value: object) -> None:
        assert isinstance(obj, NovaLunaWidget)
        obj._set_language(value)


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


class NovaLunaWidget(anywidget.AnyWidget):
    """Nova Luna in a notebook: the moon wheel, the moon track and every player's area, played by clicking.

    ``NovaLunaWidget()`` deals a 2-player game; ``players`` may be 1 (solo), 2–4 or a list of names,
    or pass a ready ``game`` (a ``Game`` or ``SoloGame``). ``bots`` makes seats bot-played, e.g.
    ``bots={1: "greedy"}`` or ``bots=[None, "search"]``: a bot seat moves on its own after a human move.

    Python drives it too: ``play``, ``undo``, ``redo``, ``bot_move``, ``new_game``, ``select``;
    ``on_move(callback)`` hears every change; ``to_svg()`` draws the position without a browser.

    ``lang`` is the language it speaks (``i18n.LANGUAGES``; None: the package language, see
    ``set_language``): its state, refusals, errors and pictures. ``widget.lang = "ru"`` (or the page's
    language menu) re-words everything on show; the game and the version are unchanged.

    The coach: ``hint()`` suggests a move and says why (the Hint button), ``review()`` measures every
    action of the game against the coach's suggestion (the Review panel; ``open_review(k)`` opens a
    row), ``show_turn(k)`` shows an
    earlier position read-only (the history slider), and ``NovaLunaWidget.tutorial()`` is a guided first
    game that teaches each rule as it first applies.
    """

    # The view's code itself, not its path: for a path, anywidget connects a file watcher to a closure
    # over every widget made, which then lives as long as the class.
    _esm = (_STATIC / "widget.js").read_text(encoding="utf-8")
    _css = (_STATIC / "widget.css").read_text(encoding="utf-8")

    catalogue = traitlets.Dict(read_only=True).tag(sync=True)
    """The 68 tiles by id (``protocol.catalogue``), sent once: the ``state`` names tiles by id only."""

    faces = traitlets.Dict(read_only=True).tag(sync=True)
    """What the page draws that no position changes, in the widget's language (``render.page_faces``):
    the tiles' faces and tasks as markup, and in words; the wheel's rim and the moon track; where the
    pieces stand. Sent once, and again when the language changes."""

    state = traitlets.Dict(read_only=True).tag(sync=True)
    """Everything the page draws, as JSON, built by Python only (``protocol.page_state`` lists the
    fields): the position, the legal moves and their effects, each task's chain, the recent log, the
    ranking or solo score, what the buttons may do, and the version that intents must name.
    About 5 KB early in a game, 10 KB for a late 4-player position.
    """

    lang = _Language(read_only=True).tag(sync=True)
    """The code of the language the widget speaks (``i18n.LANGUAGES``): the page picks its own words by
    it. Assign it in Python (``widget.lang = "fa"``) to re-word everything; the page asks with the
    ``language`` intent."""

    review_panel = traitlets.Dict(read_only=True).tag(sync=True)
    """The Review panel, apart from ``state`` so that it is sent once: ``{}`` until a review is asked
    for; ``{"status": "working", "done": k, "total": n}`` while the coach works through the actions;
    then ``{"status": "ready", "unit": "tokens" | "points", "rows": [...], "total": n}`` with the rows
    (``coaching.review_row``) largest loss first. Dropped when the game's history changes."""

    def __init__(
        self,
        game: Game | None = None,
        *,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        beginner: bool = False,
        bots: Seats = None,
        lang: str | None = None,
    ) -> None:
        language = get_language() if lang is None else check_language(lang)
        if game is not None and not isinstance(game, Game):
            raise TypeError(msg("game must be a Game or SoloGame, not {type}", type=type(game).__name__))
        self._game: Game = game if game is not None else kinds.new_game(players, seed=seed, beginner=beginner)
        self._rng = random.Random(seed)  # seeds new games and bots, so a seeded widget replays exactly
        self._seats: list[str | None] = parse_seats(bots, len(self._game.players))
        self._bot_name = DEFAULT_BOT
        self._bot_players: dict[str, Bot] = {}
        self._callbacks: list[Callable[[Played], object]] = []
        self._version = 0
        self._selected: int | None = None
        self._error: Said | None = None
        self._answered = 0  # intents handled: every one gets a new state, so the page knows it was heard
        self._seen: tuple[object, ...] = ()
        self._position: dict[str, Any] = {}
        self._guide: Guide | None = None  # the guided game (``tutorial()``), which owns the game
        self._refused: Said | None = None  # the guide's answer to a click it does not wait for
        self._shown: int | None = None  # the earlier position on show (history), None for now
        self._open: int | None = None  # the review row open (an action's index in the history)
        self._hint: dict[str, Any] | None = None
        # The review: the history it is of, and its rows by the language their comments are worded in.
        self._reviewed: tuple[tuple[Action, ...], dict[str, list[dict[str, Any]]]] | None = None
        self._past: tuple[tuple[int, int, int | None, str], dict[str, Any], dict[str, Any]] | None = None
        super().__init__()
        self.set_trait("lang", language)
        self.set_trait("catalogue", catalogue())
        self.set_trait("faces", page_faces(language))
        self.on_msg(self._on_intent)
        self._refresh(force=True)
        self._play_bot_seats()
        self._refresh()
        _watch(self)

    @classmethod
    def tutorial(cls, lang: str | None = None) -> NovaLunaWidget:
        """A guided first game (``guide.Guide``): you against Luna, one rule at a time as it first
        applies. Each step says what to click and lights it; other clicks get a friendly sentence.
        Python follows the same steps: ``select``, ``play``, ``next_step``. New game leaves the guide
        for a game against the greedy bot. ``lang`` as for the widget."""
        language = get_language() if lang is None else check_language(lang)
        guide = Guide(lang=language)
        widget = cls(guide.game, lang=language)
        widget._guide = guide
        widget._refresh(force=True)
        return widget

    # -- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live engine game the widget shows; assign another ``Game`` to show that one."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(msg("game must be a Game or SoloGame, not {type}", type=type(game).__name__))
        before = self._game, self._seats, self._error, self._guide
        if len(game.players) != len(self._seats):
            self._seats = [None] * len(game.players)
        self._game, self._error, self._guide = game, None, None
        try:
            self._refresh()
        except Exception:  # a game the page cannot be shown: the widget stays exactly as it was
            self._game, self._seats, self._error, self._guide = before
            raise

    @property
    def version(self) -> int:
        """Grows by one with every change of the position; intents from the page must name it."""
        return self._version

    @property
    def last_error(self) -> str | None:
        """Why the last intent from the page was refused (or an ``on_move`` callback failed), in the
        widget's language; None once an intent succeeds or a new game is dealt."""
        return self._words(self._error)

    @property
    def selected(self) -> int | None:
        """The wheel space whose tile the player has chosen and not yet placed, or None."""
        return self._selected

    @property
    def guide(self) -> Guide | None:
        """The guided game's driver while the widget is a ``tutorial()``, else None."""
        return self._guide

    @property
    def shown_turn(self) -> int | None:
        """The earlier position on show (after that many actions; see ``show_turn``), or None for now."""
        return self._shown

    @property
    def bots(self) -> dict[int, str]:
        """Seats played by bots: player index → bot name. Assign a mapping or a list to change them."""
        return {i: name for i, name in enumerate(self._seats) if name is not None}

    @bots.setter
    def bots(self, bots: Seats) -> None:
        self._seats = parse_seats(bots, len(self._game.players))
        self._play_bot_seats()  # as at the start: a bot seat to move plays at once
        self._refresh(force=True)

    @property
    def bot(self) -> str:
        """The bot that the Bot button ("Bot plays for …") and ``bot_move()`` ask unless told otherwise."""
        return self._bot_name

    @bot.setter
    def bot(self, name: str) -> None:
        self._bot_name = check_bot(name)
        self._publish()

    # -- acting from Python (trusted: any seat, errors raise) ----------------------------------
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        """Play a move (``Move`` or ``(space, (x, y))``), ``"refill"`` or ``"end_phase_one"`` for the
        player to move; bot seats answer. Returns the tasks covered. Raises ``IllegalMove``."""
        self._refresh()
        if self._guide is not None:
            return self._guided_play(action)
        self._back_to_now()
        covered = self._apply(action, "python")
        self._play_bot_seats()
        self._refresh()
        return covered

    def undo(self) -> None:
        """Take back the last action; with bot seats, back to the last human decision."""
        self._refresh()
        self._not_guided()
        self._undo("python")
        self._refresh()

    def redo(self) -> None:
        """Play again what ``undo`` took back (up to the next human decision with bot seats)."""
        self._refresh()
        self._not_guided()
        self._redo("python")
        self._refresh()

    def bot_move(self, name: str | None = None) -> None:
        """Let a bot (``name``, default ``widget.bot``) play one turn for the player to move."""
        self._refresh()
        self._not_guided()
        self._back_to_now()
        self._bot_turn(self._bot_name if name is None else check_bot(name))
        self._play_bot_seats()
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same players and variant (the seed, unless given, comes from the
        widget's own generator)."""
        self._new_game(seed, "python")
        self._refresh()

    def select(self, space: int | None) -> None:
        """Choose the tile on a takeable ``space`` (None clears the choice): its legal cells light up."""
        self._refresh()
        if self._guide is not None:
            self._guided({"action": "select", "space": space}, strict=True)
        else:
            self._back_to_now()
            self._select(space)
        self._publish()

    def next_step(self) -> None:
        """Go on to the guided game's next step, where it waits for Next (``tutorial()`` only)."""
        self._refresh()
        if self._guide is None:
            raise IllegalMove(_NEXT)
        self._guided({"action": "next"}, strict=True)
        self._refresh()

    # -- the coach (Python) --------------------------------------------------------------------
    def hint(self) -> coach.Hint:
        """The coach's suggestion for the player to move (``coach.hint``): marked on the board and said
        in words (of the widget's language), the game unchanged. Shows the position now if an earlier one
        was on show."""
        self._refresh()
        self._not_guided()
        self._back_to_now()
        found = self._give_hint()
        self._publish()
        return found

    def review(self, *, progress: bool = True) -> pd.DataFrame:
        """Every action of the game measured against the coach's suggestion (``coach.review``), as a
        DataFrame, and in the Review panel, largest losses first (open a row there to see that position).
        ``progress`` shows a tqdm bar here; the panel shows its own. Asked again for the same game, the
        review is not worked out again. The comments are in the widget's language."""
        import pandas as pd

        self._refresh()
        self._not_guided()
        rows = self._review(progress)
        return pd.DataFrame(rows, columns=coach.REVIEW_COLUMNS)

    def open_review(self, index: int | None) -> None:
        """Open the Review panel's row of action ``index`` of the history (after ``review()``): that
        position, with the move played and the coach's suggestion marked and both areas after them side
        by side. None closes it and shows the position now."""
        self._refresh()
        self._not_guided()
        self._open_row(index)
        self._publish()

    def show_turn(self, turn: int | None) -> None:
        """Show the position after the first ``turn`` actions of the game (0: the start), read-only, on
        every view; None (or the number of actions so far) shows the position now again."""
        self._refresh()
        self._not_guided()
        self._show(turn)
        self._publish()

    def refresh(self) -> None:
        """Redraw every view if ``widget.game`` changed behind the widget's back (this also happens
        after every notebook cell and before every click is handled)."""
        self._refresh()

    def on_move(self, callback: Callable[[Played], object], remove: bool = False) -> None:
        """Call ``callback(played)`` after every change the widget makes (see ``Played``); an error in
        the callback shows in the widget's error area instead of vanishing into the kernel log."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def to_svg(self) -> str:
        """The position as a standalone SVG picture (what exported notebooks show), in the widget's
        language."""
        from .render import game_svg

        return game_svg(self._game, lang=self.lang)

    # -- the language --------------------------------------------------------------------------
    def _set_language(self, lang: object) -> None:
        """Speak ``lang`` from now on (``widget.lang = ...`` and the ``language`` intent): every sentence
        on show is worded again, the position and its version stay as they are (in the guided game, whose
        seats are named in its language, ``game`` becomes the same game with the seats renamed). An unknown
        language is a ``ValueError`` listing the languages there are."""
        lang = check_language(lang)
        if lang == self.lang:
            return
        self._notice()  # first a change made behind the widget's back: what is re-worded is what is on show
        self.set_trait("lang", lang)
        self.set_trait("faces", page_faces(lang))
        if self._guide is not None:
            self._guide.lang = lang  # which names the seats in the new language: the same game, renamed
            if self._guide.game is not self._game:
                self._game = self._guide.game
                self._seen = (id(self._game), *self._seen[1:])  # the same position: the same version
        if self._hint is not None:  # the coach words its reason once: asked again (same seed, same move)
            self._give_hint()
        if self._reviewed is not None:  # the rows' own words are cheap; the comments are the coach's
            self._review(progress=False)
        self._refresh(force=True)

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        # Stable text (no memory address), so notebooks with the widget pass nbval.
        return f"NovaLunaWidget({self._game!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        self._refresh()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        # Exported HTML, nbviewer and GitHub have no kernel: they show the picture instead.
        return {**data, "image/svg+xml": self.to_svg()}, metadata

    # -- messages from the page (untrusted: every field checked, refusals shown) ---------------
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Apply an ``update`` from the page, except to a read-only trait: ipywidgets writes those with
        ``set_trait``, which skips the check, so a page could replace the state or the catalogue.
        Refused writes are answered with the true values, which the page then shows again."""
        traits = self.traits()
        refused = [name for name in sync_data if name in traits and traits[name].read_only]
        super().set_state({name: value for name, value in sync_data.items() if name not in refused})
        if refused:
            self.send_state(refused)

    def _on_intent(self, _widget: object, content: object, _buffers: object) -> None:
        """Handle one intent; a refusal lands in the error area, never in the log."""
        self._error = None
        self._answered += 1
        try:
            self._notice()  # a move made from Python since the page drew makes this intent stale
            self._dispatch(parse_intent(content))
        except (IllegalMove, BadIntent) as error:
            self._error = message_of(error)
        except Exception as error:  # a bug: say so in the widget rather than lose it
            self._error = msg(
                "internal error ({kind}: {error}); please report it",
                kind=type(error).__name__,
                error=message_of(error),
            )
            self.log.exception("NovaLunaWidget failed on %s", quote(content, 500))
        self._refresh()  # one state per intent; the position is rebuilt only if the game changed

    def _dispatch(self, intent: dict[str, Any]) -> None:
        check_intent(intent, self._game, self._seats, self._version)
        action = intent["action"]
        if action == "language":  # in the guided game and on an earlier position alike
            self._set_language(intent["lang"])
            return
        if self._guide is not None and action != "new":
            self._guided(intent, strict=False)
            return
        if action == "show":
            self._show(intent["turn"])
            return
        if action == "open":
            self._open_row(intent["row"])
            return
        if action == "review":
            if not self._game.is_over:
                raise IllegalMove(
                    msg("the Review opens once the game is over (widget.review() works any time)")
                )
            self._review(progress=False)
            return
        if action == "next":
            raise IllegalMove(_NEXT)
        if self._shown is not None and action != "new":
            raise IllegalMove(BROWSING)
        if action == "hint":
            bot = self._bot_to_move()
            if bot is not None:
                name = self._game.players[self._game.current_player].name
                if is_you(name):
                    raise IllegalMove(
                        cmsg(
                            "the player named You, the reader",
                            "{name} are played by the {bot} bot: hints are for the players who move",
                            name=name,
                            bot=BOT_WORDS[bot],
                        )
                    )
                raise IllegalMove(
                    msg(
                        "{name} is played by the {bot} bot: hints are for the players who move",
                        name=name,
                        bot=BOT_WORDS[bot],
                    )
                )
            self._give_hint()
        elif action == "select":
            self._select(intent["space"])
        elif action == "new":
            self._new_game(None, "page")
        elif action == "undo":
            self._undo("page")
        elif action == "redo":
            self._redo("page")
        else:  # a move of the player to move (check_intent made sure)
            if action == "bot":
                self._bot_turn(intent.get("bot", self._bot_name))
            elif action == "take":
                self._apply(Move(intent["space"], (intent["cell"][0], intent["cell"][1])), "page")
            else:
                self._apply(action, "page")
            self._play_bot_seats()

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action | tuple[int, tuple[int, int]], source: Source) -> frozenset[Any]:
        player = self._game.current_player
        # The engine validates fully (a pair too) before it changes anything.
        covered = self._game.play(action)
        self._notify(Played(self._game.history[-1], player, source))
        return covered

    def _select(self, space: int | None) -> None:
        check_selection(self._game, space)
        self._selected = space

    def _undo(self, source: Source) -> None:
        game = self._game
        game.undo()
        # With bot seats, undo to the last human decision: a bot would otherwise replay at once.
        while game.can_undo and self._bot_to_move() is not None and self._has_human_seat():
            game.undo()
        self._notify(Played("undo", None, source))

    def _redo(self, source: Source) -> None:
        game = self._game
        game.redo()
        while game.can_redo and self._bot_to_move() is not None and self._has_human_seat():
            game.redo()
        self._notify(Played("redo", None, source))

    def _new_game(self, seed: int | None, source: Source) -> None:
        if self._guide is not None:  # leaving the guided game: Luna's seat is played by a bot from now
            self._guide, self._refused = None, None
            self._seats = [None, self._bot_name]
        self._game = self._game.new_like(self._rng.randrange(2**32) if seed is None else seed)
        self._error = None  # an error about the old game means nothing in the new one
        self._notify(Played("new", None, source))
        self._play_bot_seats()

    # -- the coach -----------------------------------------------------------------------------
    def _not_guided(self) -> None:
        if self._guide is not None:
            raise IllegalMove(TUTORIAL_ONLY)

    def _guided(self, intent: dict[str, Any], *, strict: bool) -> None:
        """A click in the guided game: the guide plays it if it is the one its step waits for; any other
        is answered with the guide's friendly sentence (raised as ``IllegalMove`` if ``strict``)."""
        assert self._guide is not None
        action = intent["action"]
        refusal = self._guide.refusal(intent) if action in _GUIDED else TUTORIAL_ONLY
        self._refused = refusal
        if refusal is not None:
            if strict:
                raise IllegalMove(refusal)
            return
        self._guide.advance(intent)
        if action == "select":
            self._selected = intent["space"]

    def _guided_play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[Any]:
        """``play`` in the guided game: a move is the step's two clicks (choose the tile, place it)."""
        assert self._guide is not None
        game = self._game
        if action in ("refill", "end_phase_one"):
            self._guided({"action": action}, strict=True)
            self._refresh()
            return frozenset()
        if not isinstance(action, tuple) or len(action) != 2:
            raise IllegalMove(msg("not a move: {value}; play a Move(space, (x, y))", value=quote(action)))
        space, (x, y) = action
        click = self._guide.click
        if click is not None and click.action == "select" and click.space == space:
            self._guided({"action": "select", "space": space}, strict=True)
        covered_before = set(game.players[game.current_player].covered)
        mover = game.current_player
        self._guided({"action": "take", "space": space, "cell": [x, y], "player": mover}, strict=True)
        self._refresh()
        return frozenset(set(game.players[mover].covered) - covered_before)

    def _give_hint(self) -> coach.Hint:
        found = coach.hint(self._game, lang=self.lang)
        self._hint = hint_state(found, self._version, self.lang)
        return found

    def _review(self, progress: bool) -> list[dict[str, Any]]:
        """The coach's rows for the game's history, their comments in the widget's language (worked out
        once per history and language), shown in the panel."""
        game, lang = self._game, self.lang
        reviewed = self._reviewed
        if reviewed is None or reviewed[0] != game.history:
            reviewed = (game.history, {})
        if lang not in reviewed[1]:
            from tqdm.auto import tqdm

            total = len(game.history)
            rows: list[dict[str, Any]] = []
            self.set_trait("review_panel", {"status": "working", "done": 0, "total": total})
            reviewing = coach.reviewing(game, lang=lang)
            unit = coach.PROGRESS_UNIT.in_language(lang)
            for row in tqdm(reviewing, total=total, unit=unit, disable=not progress):
                rows.append(row)
                self.set_trait("review_panel", {"status": "working", "done": len(rows), "total": total})
            reviewed[1][lang] = rows  # kept only once complete
        self._reviewed = reviewed
        self._send_review()
        return reviewed[1][lang]

    def _send_review(self) -> None:
        if self._reviewed is None or self.lang not in self._reviewed[1]:
            self.set_trait("review_panel", {})
            return
        game, rows = self._game, self._reviewed[1][self.lang]
        shown = [review_row(past(game, k), k, row, self.lang) for k, row in enumerate(rows)]
        shown.sort(key=lambda r: (-r["loss"], r["index"]))
        unit = "points" if game.score_sheet() is not None else "tokens"
        self.set_trait("review_panel", {"status": "ready", "unit": unit, "rows": shown, "total": len(rows)})

    def _show(self, turn: int | None) -> None:
        if turn is None or turn == len(self._game.history):
            self._back_to_now()
            return
        past(self._game, turn)  # refuses a position the game does not have
        self._shown, self._open = turn, None

    def _open_row(self, row: int | None) -> None:
        if row is None:
            self._back_to_now()
            return
        if self._reviewed is None or self._reviewed[0] != self._game.history or not self._reviewed[1]:
            raise IllegalMove(msg("there is no review to open yet: press Review once the game is over"))
        if not 0 <= row < len(self._reviewed[0]):
            last = len(self._reviewed[0]) - 1
            raise IllegalMove(
                msg("the review has no action {row}: actions run from 0 to {last}", row=row, last=last)
            )
        self._shown, self._open = row, row

    def _back_to_now(self) -> None:
        self._shown = self._open = None

    def _can(self) -> dict[str, bool]:
        """The coach's buttons, and those the guided game keeps off."""
        game = self._game
        live = self._shown is None and self._guide is None
        can = {
            "hint": live and not game.is_over and self._seats[game.current_player] is None,
            "review": self._guide is None and game.is_over,
        }
        if self._guide is not None:
            can.update(undo=False, redo=False, bot=False)
        return can

    def _bot_turn(self, name: str) -> None:
        for action in bot_actions(self._game, self._bot_player(name)):
            self._apply(action, "bot")

    def _bot_player(self, name: str) -> Bot:
        # One bot of each kind per widget, seeded from the widget's generator.
        if name not in self._bot_players:
            self._bot_players[name] = make_bot(name, seed=self._rng.randrange(2**32))
        return self._bot_players[name]

    def _play_bot_seats(self) -> None:
        """Let bot seats move until a human is to move (a game of bots only moves with the Bot button)."""
        while self._has_human_seat() and (bot := self._bot_to_move()) is not None:
            self._bot_turn(bot)

    def _bot_to_move(self) -> str | None:
        """The bot of the seat to move, or None (a human's turn, or the game is over)."""
        return None if self._game.is_over else self._seats[self._game.current_player]

    def _has_human_seat(self) -> bool:
        return None in self._seats

    def _notify(self, played: Played) -> None:
        for callback in list(self._callbacks):
            try:
                callback(played)
            except Exception as error:
                name = getattr(callback, "__name__", repr(callback))
                self._error = msg(
                    "on_move callback {name} failed: {kind}: {error}",
                    name=name,
                    kind=type(error).__name__,
                    error=message_of(error),
                )

    # -- syncing -------------------------------------------------------------------------------
    def _refresh(self, force: bool = False) -> None:
        """Notice changes to the game (see ``_notice``), then publish the state."""
        self._notice(force)
        self._publish()

    def _notice(self, force: bool = False) -> None:
        """Rebuild the position if the game changed since it was last drawn (a new version)."""
        game = self._game
        seen = (id(game), game.history, game.can_redo)
        changed = seen != self._seen
        if changed or force:
            # Built first: if it fails, the widget still shows (and counts) the position it drew last.
            self._position = game_state(game, self._seats, self.lang)
        if changed:
            self._seen = seen
            self._version += 1
            self._selected = None  # a choice made on another position means nothing here
            self._shown = self._open = None  # a change shows the position now
            self._hint = None
            if self._reviewed is not None and self._reviewed[0] != game.history:
                self._reviewed = None  # a review of another history
                self.set_trait("review_panel", {})

    def _words(self, said: Said | None) -> str | None:
        """What the widget says, in its language."""
        return None if said is None else word(said, self.lang)

    def _publish(self) -> None:
        position, view = self._position, view_state(self._game, None, lang=self.lang)
        if self._shown is not None:
            position, view = self._earlier()
        tutorial = None
        if self._guide is not None:
            tutorial = {**self._guide.state(), "refused": self._words(self._refused)}
        self.set_trait(
            "state",
            page_state(
                position,
                version=self._version,
                selected=self._selected,
                error=self._words(self._error),
                answered=self._answered,
                bot=self._bot_name,
                view=view,
                hint=self._hint,
                tutorial=tutorial,
                can=self._can(),
                lang=self.lang,
            ),
        )

    def _earlier(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The earlier position on show and its ``view`` (with the open review row's compare), built
        once per position."""
        assert self._shown is not None
        lang = self.lang
        key = (self._version, self._shown, self._open, lang)
        if self._past is None or self._past[0] != key:
            game = self._game
            compared = None
            if self._open is not None and self._reviewed is not None:
                row = next(iter(self._reviewed[1].values()))[self._open]  # the moves, in any language
                compared = compare(game, self._open, row, self._seats, lang)
            view = view_state(game, self._shown, compared, lang)
            self._past = (key, position_at(game, self._shown, self._seats, lang), view)
        return self._past[1], self._past[2]

    def close(self) -> None:
        _LIVE.discard(self)
        super().close()


# -- noticing changes made from Python ---------------------------------------------------------
_LIVE: weakref.WeakSet[NovaLunaWidget] = weakref.WeakSet()
_hooked = False


def _watch(widget: NovaLunaWidget) -> None:
    """Refresh every live widget after each notebook cell, so ``widget.game.play(...)`` shows."""
    global _hooked
    _LIVE.add(widget)
    if _hooked:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is not None:
        shell.events.register("post_run_cell", _refresh_all)
        _hooked = True


def _refresh_all(*_: object) -> None:
    for widget in list(_LIVE):
        widget.refresh()
