"""The interactive widget: the moon wheel, the moon track and the players' areas, played by clicking.

The page only draws the synced ``state`` and sends *intents*; what they say, and every check of them,
is ``protocol``'s, and what they do is the ``controller``'s and its modes' (pure Python, tested without a
browser or anywidget). This module binds them to a live widget: the traits, the message handler, the
Python API, and the IPython hook.

Moves made on ``widget.game`` directly are noticed after every notebook cell (an IPython
``post_run_cell`` hook), before every intent, and on ``widget.refresh()``: the widget compares the
game's history with the one it last drew.

The widget speaks one language (``lang``): every sentence of its state, its refusals and errors, the
coach's and the guide's words. Sentences are kept as data (``i18n.Message``) until they are sent, so a
change of language re-words what is on show without touching the game.
"""

from __future__ import annotations

import asyncio
import os
import threading
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

import anywidget
import traitlets

from . import _new_game, coach
from ._contract import State
from ._controller import Controller
from ._game import Action, Game
from ._guide import READER, Guide
from ._i18n import check_language, get_language, msg, resolve
from ._modes import guided_by, puzzles_of
from ._protocol import Reader, Seats, catalogue
from ._render import game_svg, printed_pieces
from ._review_runner import Job
from ._session import DEFAULT_BOT, Played
from .puzzles._trainer import Trainer

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DEFAULT_BOT", "NovaLunaWidget", "Played"]

_STATIC: Final = Path(__file__).parent / "static"
#: The caption of the picture saved with the widget's output (``saved_picture``).
_SAVED_PICTURE: Final = msg("The position when this code cell ran: a picture, not the live game")


class _Language(traitlets.Unicode):  # type: ignore[type-arg]
    """The widget's language: read-only for the page (which asks with the ``language`` intent), while
    ``widget.lang = "ru"`` in Python re-words everything (``Controller.set_language``)."""

    def __set__(self, obj: traitlets.HasTraits, value: object) -> None:
        assert isinstance(obj, NovaLunaWidget)
        obj._controller.set_language(value)


class NovaLunaWidget(anywidget.AnyWidget):
    """Nova Luna in a notebook: the moon wheel, the moon track and every player's area, played by clicking.

    ``NovaLunaWidget()`` deals a 2-player game; ``players`` may be 1 (solo), 2–4 or a list of names,
    or pass a ready ``game`` (a ``Game`` or ``SoloGame``). ``bots`` makes seats bot-played, e.g.
    ``bots={1: "greedy"}`` or ``bots=[None, "search"]``: a bot seat moves on its own after a human move.
    ``reader`` is the seat of the player its words tell about as "you" (None: nobody); by default the
    one seat not played by a bot when the others all are.

    Python drives it too: ``play``, ``undo``, ``redo``, ``bot_move``, ``new_game``, ``select``;
    ``on_move(callback)`` hears every change; ``to_svg()`` draws the position without a browser.
    ``projector=True`` (or ``widget.projector = True``) draws the board at a projector's size.

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
    """What the page draws that no position changes, in the widget's language (``render.printed_pieces``):
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
    (``coach_view.review_row``) largest loss first. Dropped when the game's history changes. The page's
    Review button (and its language menu, which has the comments worded again) leaves the coach's work to
    a thread of its own: the kernel stays free and the widget usable meanwhile, and the panel's Cancel or a
    change of the game's history cancels the work (``review_done`` waits for it). Observers of this trait
    may hear the progress on that thread."""

    version = traitlets.Int(read_only=True).tag(sync=True)
    """Grows by one with every change of the position; intents from the page must name it. Like ``turn``,
    ``current_player`` and ``result``, a value another cell can follow: each is set with every state the
    widget sends, so ``widget.observe(callback, names=["version"])`` hears every change, made by a click,
    by Python or by a bot (in marimo, have the callback set an ``mo.state``: README, "marimo")."""

    turn = traitlets.Int(read_only=True).tag(sync=True)
    """The tiles taken so far (``game.turn``): the live game's, not an earlier position on show."""

    current_player = traitlets.Int(None, allow_none=True, read_only=True).tag(sync=True)
    """The seat of the player to move (``game.current_player``); None once the game is over."""

    result = traitlets.Dict(None, allow_none=True, read_only=True).tag(sync=True)
    """None until the game is over; then ``{"reason": "last token" | "no tile", "winner": seat, "ranking":
    [seats, best first], "score": points}``, the score a solo game's (lower is better), else None."""

    projector = traitlets.Bool(False).tag(sync=True)
    """A projector's size for the board: large tile faces, thick marks, big task dots and big words,
    legible from the back of a room at 1920×1080 (``NovaLunaWidget(projector=True)``, or set it later)."""

    def __init__(
        self,
        game: Game | None = None,
        *,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        beginner: bool = False,
        bots: Seats = None,
        lang: str | None = None,
        reader: Reader = "auto",
        projector: bool = False,
    ) -> None:
        if game is None:
            game = _new_game.new_game(players, seed=seed, beginner=beginner, lang=resolve(lang))
        # Made (and its arguments checked) before the widget opens its channel to the page.
        self._controller = Controller(
            game,
            publish=self._publish,
            publish_review=lambda panel: self.set_trait("review_panel", panel),
            seed=seed,
            bots=bots,
            lang=lang,
            reader=reader,
            log=self.log,
            run=_in_a_thread,
        )
        super().__init__(projector=projector)
        self._own_layout = self.layout  # made with the widget, and closed with it
        self.set_trait("catalogue", catalogue())
        self.on_msg(self._on_intent)
        self._controller.start()
        _watch(self)

    @classmethod
    def tutorial(cls, lang: str | None = None) -> NovaLunaWidget:
        """A guided first game (``guide.Guide``): you against Luna, one rule at a time as it first
        applies. Each step says what to click and lights it; other clicks get a friendly sentence.
        Python follows the same steps: ``select``, ``play``, ``next_step``. New game leaves the guide
        for a game against the greedy bot. ``lang`` as for the widget."""
        language = get_language() if lang is None else check_language(lang)
        guide = Guide(lang=language)
        widget = cls(guide.game, lang=language, reader=READER)
        widget._controller.enter(guided_by(guide))
        return widget

    @classmethod
    def puzzles(
        cls,
        seed: int | None = None,
        kinds: Iterable[str] | None = None,
        path: str | os.PathLike[str] | None = None,
        *,
        lang: str | None = None,
    ) -> NovaLunaWidget:
        """Puzzles on the rules, placement and strategy (``puzzles.Trainer``): each a position and a
        question, answered by clicking what it names, then Check; the verdict says why, in the engine's
        words. A hint costs rating, as does Show the answer; Next asks for another near your rating.
        ``kinds`` names kinds or families (``puzzles.KINDS``, ``puzzles.FAMILY``; None: any), ``path`` the
        progress file (None: the default, see ``Trainer``). Back to the game plays the widget's game (dealt
        from ``seed``), and the page's Puzzles button opens the puzzles again. ``lang`` as for the widget."""
        language = get_language() if lang is None else check_language(lang)
        # A damaged file stops here; a notice (a file the site's browser cannot keep, an older file's ids) is
        # said in the widget, not as a Python warning too.
        trainer = Trainer(path, seed=0 if seed is None else seed, lang=language, warn=False)
        widget = cls(seed=seed, lang=language)
        try:
            widget._controller.enter(puzzles_of(trainer, kinds))
        except Exception:  # kinds there are not: the widget made for them goes
            widget.close()
            raise
        return widget

    def _publish(self, state: State) -> None:
        if state["lang"] != self.faces.get("lang"):  # the pieces' faces and words, once per language
            self.set_trait("faces", printed_pieces(state["lang"]))
        self.set_trait("lang", state["lang"])  # (the page words its labels by the state's own lang)
        game = self._controller.game
        over = game.is_over
        with self.hold_sync():  # one message: the state, and what of the values followed it changed
            self.set_trait("state", state)
            self.set_trait("version", self._controller.version)
            self.set_trait("turn", game.turn)
            self.set_trait("current_player", None if over else game.current_player)
            self.set_trait("result", _result(game) if over else None)

    # -- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live engine game the widget shows; assign another ``Game`` to show that one."""
        return self._controller.game

    @game.setter
    def game(self, game: Game) -> None:
        self._controller.game = game

    @property
    def reader(self) -> int | None:
        """The seat of the player the widget tells about as "you" (None: nobody): as given (``reader=``),
        else the one seat not played by a bot when the others all are (``protocol.reader_of``)."""
        return self._controller.table.reader

    @property
    def last_error(self) -> str | None:
        """Why the last intent from the page was refused (or an ``on_move`` callback failed, or the guided
        game was left because its game changed outside the steps), in the widget's language; None once an
        intent succeeds or a new game is dealt."""
        return self._controller.last_error

    @property
    def selected(self) -> int | None:
        """The wheel space whose tile the player has chosen and not yet placed, or None."""
        return self._controller.selected

    @property
    def guide(self) -> Guide | None:
        """The guided game's driver while the widget is a ``tutorial()``, else None."""
        return self._controller.guide

    @property
    def shown_turn(self) -> int | None:
        """The earlier position on show (after that many actions; see ``show_turn``), or None for now."""
        return self._controller.mode.shown_turn

    @property
    def bots(self) -> dict[int, str]:
        """Seats played by bots: player index → bot name. Assign a mapping or a list to change them."""
        return self._controller.bots

    @bots.setter
    def bots(self, bots: Seats) -> None:
        self._controller.bots = bots

    @property
    def bot(self) -> str:
        """The bot that the Bot button ("Bot plays for …") and ``bot_move()`` ask unless told otherwise."""
        return self._controller.bot

    @bot.setter
    def bot(self, name: str) -> None:
        self._controller.bot = name

    # -- acting from Python (trusted: any seat, errors raise) ----------------------------------
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        """Play a move (``Move`` or ``(space, (x, y))``), ``"refill"`` or ``"end_phase_one"`` for the
        player to move; bot seats answer. Returns the tasks covered. Raises ``IllegalMove``."""
        return self._controller.play(action)

    def undo(self) -> None:
        """Take back the last action; with bot seats, back to the last human decision."""
        self._controller.undo()

    def redo(self) -> None:
        """Play again what ``undo`` took back (up to the next human decision with bot seats)."""
        self._controller.redo()

    def bot_move(self, name: str | None = None) -> None:
        """Let a bot (``name``, default ``widget.bot``) play one turn for the player to move."""
        self._controller.bot_move(name)

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same players and variant (the seed, unless given, comes from the
        widget's own generator)."""
        self._controller.new_game(seed)

    def select(self, space: SupportsIndex | None) -> None:
        """Choose the tile on a takeable ``space`` (None clears the choice): its legal cells light up."""
        self._controller.select(space)

    def next_step(self) -> None:
        """Go on to the guided game's next step, where it waits for Next (``tutorial()`` only)."""
        self._controller.next_step()

    # -- the coach (Python) --------------------------------------------------------------------
    def hint(self) -> coach.Hint:
        """The coach's suggestion for the player to move (``coach.hint``): marked on the board and said
        in words (of the widget's language), the game unchanged. Shows the position now if an earlier one
        was on show."""
        return self._controller.hint()

    def review(self, *, progress: bool = True) -> pd.DataFrame:
        """Every action of the game measured against the coach's suggestion (``coach.review``), as a
        DataFrame, and in the Review panel, largest losses first (open a row there to see that position).
        ``progress`` shows a tqdm bar here; the panel shows its own. Asked again for the same game, the
        review is not worked out again. The comments are in the widget's language."""
        import pandas as pd

        return pd.DataFrame(self._controller.review(progress), columns=coach.REVIEW_COLUMNS)

    def review_done(self, timeout: float | None = None) -> bool:
        """Wait until the Review asked for on the page (worked out in a thread of its own) is done, or
        ``timeout`` seconds passed (then False). True at once if none is under way."""
        return self._controller.review_done(timeout)

    def open_review(self, index: SupportsIndex | None) -> None:
        """Open the Review panel's row of action ``index`` of the history (after ``review()``): that
        position, with the move played and the coach's suggestion marked and both areas after them side
        by side. None closes it and shows the position now."""
        self._controller.open_review(index)

    def show_turn(self, turn: SupportsIndex | None) -> None:
        """Show the position after the first ``turn`` actions of the game (0: the start), read-only, on
        every view; None (or the number of actions so far) shows the position now again."""
        self._controller.show_turn(turn)

    def refresh(self) -> None:
        """Redraw every view if ``widget.game`` changed behind the widget's back (this also happens
        after every notebook cell and before every click is handled)."""
        self._controller.refresh()

    def on_move(self, callback: Callable[[Played], object], remove: bool = False) -> None:
        """Call ``callback(played)`` after every change the widget makes (see ``Played``); an error in
        the callback shows in the widget's error area instead of vanishing into the kernel log."""
        self._controller.on_move(callback, remove)

    def to_svg(self) -> str:
        """The position as a standalone SVG picture (what exported notebooks show), in the widget's
        language."""
        return game_svg(self.game, lang=self.lang, reader=self.reader)

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        # Stable text (no memory address), so notebooks with the widget pass nbval.
        return f"NovaLunaWidget({self.game!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        self.refresh()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        # Exported HTML, nbviewer and GitHub have no kernel: they show the picture instead. Jupyter saves
        # the output as it was displayed and offers no clean way to replace it as the game goes on, so
        # the picture says that it is the position of that moment.
        return {**data, "image/svg+xml": self.saved_picture()}, metadata

    def saved_picture(self) -> str:
        """The picture a notebook saves with the widget's output (``to_svg``), captioned as the position
        when its code cell ran: a notebook saved later still shows that moment, not the live game."""
        return game_svg(self.game, lang=self.lang, reader=self.reader, caption=_SAVED_PICTURE)

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
        """Handle one intent (``Controller.handle``): a refusal lands in the error area, never in the log."""
        self._controller.handle(content)

    def close(self) -> None:
        """Close the widget and what it made (its layout), and stop the page's Review under way: nothing
        of it stays registered with ipywidgets."""
        _LIVE.discard(self)
        super().close()
        if hasattr(self, "_own_layout"):  # not so if its arguments were refused: then it made nothing
            self._controller.close()
            self._own_layout.close()


def _result(game: Game) -> dict[str, Any]:
    """How the game ended, as the ``result`` trait holds it (``game`` is over)."""
    sheet = game.score_sheet() if game.is_solo else None
    return {
        "reason": game.end_reason,
        "winner": game.winner,
        "ranking": game.ranking(),
        "score": None if sheet is None else sheet["total"],
    }


def _in_a_thread(job: Job) -> None:
    """Run the page's Review off the kernel's main thread, which goes on handling messages. ipykernel's
    iopub channel takes messages from any thread, so the progress reaches the page as rows arrive. Where
    no thread can start (Pyodide, in the in-browser site), ``_in_slices``."""
    try:
        threading.Thread(target=job, name="novaluna-review", daemon=True).start()
    except RuntimeError:  # "can't start new thread"
        _in_slices(job)


_SLICING: set[asyncio.Task[None]] = set()
"""The reviews ``_in_slices`` runs (the event loop keeps only weak references to its tasks)."""


def _in_slices(job: Job) -> None:
    """Run the page's Review a row at a time on the kernel's event loop, yielding to it after each: the
    kernel handles the page's messages between rows, so the progress shows and a change of the game's
    history cancels the rest, with no thread."""

    async def slices() -> None:
        for _ in job.steps():
            await asyncio.sleep(0)

    task = asyncio.get_event_loop().create_task(slices())
    _SLICING.add(task)
    task.add_done_callback(_SLICING.discard)


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
