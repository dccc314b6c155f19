"""The interactive widget: the moon wheel, the moon track and the players' areas, played by clicking.

The page only draws and sends *intents* ("take space 4, place at (1, 0)"); this module validates each
intent, applies it with the engine, and syncs one JSON ``state`` back. Everything the page needs for
instant feedback (legal cells, what each placement would fulfil, each task's chain) is computed here,
so no rule lives in JavaScript.

Intents carry the ``version`` of the state the page showed; the version grows with every change of the
position, so a click made on an old picture (after an undo, or a move from Python) is refused instead
of being applied to a position the player never saw.

Moves made on ``widget.game`` directly are noticed after every notebook cell (an IPython
``post_run_cell`` hook), before every intent, and on ``widget.refresh()``: the widget compares the
game's history with the one it last drew.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, cast

import anywidget
import traitlets

from .board import Board
from .bots import BOTS, Bot, make_bot, play_turn
from .errors import IllegalMove
from .game import Action, Game, Move, Player
from .solo import SoloGame
from .tiles import LETTERS, TILES
from .track import stacks

_STATIC: Final = Path(__file__).parent / "static"
#: How many of the latest log events the state carries; ``game.log`` has them all.
LOG_TAIL: Final = 24
#: The bot the "Bot move" button uses unless told otherwise.
DEFAULT_BOT: Final = "greedy"

Source = Literal["page", "python", "bot"]
Seats = Mapping[int, str] | Sequence[str | None] | None


@dataclass(frozen=True)
class Played:
    """One change the widget made to its game, as ``on_move`` callbacks receive it.

    ``action`` is the engine action (a ``Move``, ``"refill"`` or ``"end_phase_one"``) or one of
    ``"undo"``, ``"redo"``, ``"new"``; ``player`` is who acted (None for undo, redo and new);
    ``source`` says whether a click, Python code or a bot seat made it.
    """

    action: Action
    player: int | None
    source: Source


class BadIntent(ValueError):
    """A message from the page that is not a well-formed intent (wrong type, unknown action or field)."""


class NovaLunaWidget(anywidget.AnyWidget):
    """Nova Luna in a notebook: the moon wheel, the moon track and every player's area, played by clicking.

    ``NovaLunaWidget()`` deals a 2-player game; ``players`` may be 1 (solo), 2–4 or a list of names,
    or pass a ready ``game`` (a ``Game`` or ``SoloGame``). ``bots`` makes seats bot-played, e.g.
    ``bots={1: "greedy"}`` or ``bots=[None, "search"]``: a bot seat moves on its own after a human move.

    Python drives it too: ``play``, ``undo``, ``redo``, ``bot_move``, ``new_game``, ``select``;
    ``on_move(callback)`` hears every change; ``to_svg()`` draws the position without a browser.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    catalogue = traitlets.Dict(read_only=True).tag(sync=True)
    """The 68 tiles by id: ``[colour, cost, tasks]`` with each task a list of ``[colour, count]``.

    Sent once; the ``state`` names tiles by id only, which keeps every move's sync small.
    """

    state = traitlets.Dict(read_only=True).tag(sync=True)
    """Everything the page draws, as JSON, built by Python only: the position, the legal moves and their
    effects, each task's chain, the recent log, the ranking or solo score and what the buttons may do
    (``game_state`` lists those fields); then ``version`` (intents must name it), ``selected``,
    ``error``, ``answered`` (intents handled: each gets a new state), ``bot`` and ``bot_names``.
    About 5 KB early in a game, 10 KB for a late 4-player position.
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        beginner: bool = False,
        bots: Seats = None,
    ) -> None:
        if game is not None and not isinstance(game, Game):
            raise TypeError(f"game must be a Game or SoloGame, not {type(game).__name__}")
        self._game: Game = game if game is not None else _new_game(players, seed, beginner)
        self._rng = random.Random(seed)  # seeds new games and bots, so a seeded widget replays exactly
        self._seats: list[str | None] = _seats(bots, len(self._game.players))
        self._bot_name = DEFAULT_BOT
        self._bot_players: dict[str, Bot] = {}
        self._callbacks: list[Callable[[Played], object]] = []
        self._version = 0
        self._selected: int | None = None
        self._error: str | None = None
        self._answered = 0  # intents handled: every one gets a new state, so the page knows it was heard
        self._seen: tuple[object, ...] = ()
        self._position: dict[str, Any] = {}
        super().__init__()
        self.set_trait("catalogue", _catalogue())
        self.on_msg(self._on_intent)
        self._refresh(force=True)
        self._play_bot_seats()
        self._refresh()
        _watch(self)

    # -- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live engine game the widget shows; assign another ``Game`` to show that one."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game or SoloGame, not {type(game).__name__}")
        if len(game.players) != len(self._seats):
            self._seats = [None] * len(game.players)
        self._game = game
        self._error = None
        self._refresh()

    @property
    def version(self) -> int:
        """Grows by one with every change of the position; intents from the page must name it."""
        return self._version

    @property
    def last_error(self) -> str | None:
        """Why the last intent from the page was refused (or an ``on_move`` callback failed); None
        once an intent succeeds."""
        return self._error

    @property
    def selected(self) -> int | None:
        """The wheel space whose tile the player has chosen and not yet placed, or None."""
        return self._selected

    @property
    def bots(self) -> dict[int, str]:
        """Seats played by bots: player index → bot name. Assign a mapping or a list to change them."""
        return {i: name for i, name in enumerate(self._seats) if name is not None}

    @bots.setter
    def bots(self, bots: Seats) -> None:
        self._seats = _seats(bots, len(self._game.players))
        self._play_bot_seats()  # as at the start: a bot seat to move plays at once
        self._refresh(force=True)

    @property
    def bot(self) -> str:
        """The bot that "Bot move" and ``bot_move()`` ask unless told otherwise."""
        return self._bot_name

    @bot.setter
    def bot(self, name: str) -> None:
        self._bot_name = _check_bot(name)
        self._publish()

    # -- acting from Python (trusted: any seat, errors raise) ----------------------------------
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        """Play a move (``Move`` or ``(space, (x, y))``), ``"refill"`` or ``"end_phase_one"`` for the
        player to move; bot seats answer. Returns the tasks covered. Raises ``IllegalMove``."""
        self._refresh()
        covered = self._apply(action, "python")
        self._play_bot_seats()
        self._refresh()
        return covered

    def undo(self) -> None:
        """Take back the last action; with bot seats, back to the last human decision."""
        self._refresh()
        self._undo("python")
        self._refresh()

    def redo(self) -> None:
        """Play again what ``undo`` took back (up to the next human decision with bot seats)."""
        self._refresh()
        self._redo("python")
        self._refresh()

    def bot_move(self, name: str | None = None) -> None:
        """Let a bot (``name``, default ``widget.bot``) play one turn for the player to move."""
        self._refresh()
        self._bot_turn(self._bot_name if name is None else _check_bot(name))
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
        self._select(space)
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
        """The position as a standalone SVG picture (what exported notebooks show)."""
        from .render import game_svg

        return game_svg(self._game)

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

    # -- intents from the page (untrusted: every field checked, refusals shown) -----------------
    def _on_intent(self, _widget: object, content: object, _buffers: object) -> None:
        """Handle one message from the page; a refusal lands in the error area, never in the log."""
        self._error = None
        self._answered += 1
        try:
            self._notice()  # a move made from Python since the page drew makes this intent stale
            self._dispatch(_parse_intent(content))
        except (IllegalMove, BadIntent) as error:
            self._error = str(error)
        except Exception as error:  # a bug: say so in the widget rather than lose it
            self._error = f"internal error ({type(error).__name__}: {error}); please report it"
            self.log.exception("NovaLunaWidget failed on %r", content)
        self._refresh()  # one state per intent; the position is rebuilt only if the game changed

    def _dispatch(self, intent: dict[str, Any]) -> None:
        action = intent["action"]
        if intent["version"] != self._version:
            raise IllegalMove(
                f"that click was made on an older picture (version {intent['version']}, now "
                f"{self._version}); the board is up to date now, please try again"
            )
        if action == "select":
            self._select(intent["space"])
        elif action == "new":
            self._new_game(None, "page")
        elif action == "undo":
            self._undo("page")
        elif action == "redo":
            self._redo("page")
        else:
            self._check_turn(action, intent.get("player"))
            if action == "bot":
                self._bot_turn(intent.get("bot", self._bot_name))
            elif action == "take":
                self._apply(Move(intent["space"], (intent["cell"][0], intent["cell"][1])), "page")
            else:
                self._apply(action, "page")
            self._play_bot_seats()

    def _check_turn(self, action: str, player: int | None) -> None:
        """Refuse a move for a seat that is not to move, or for a bot's seat (except Bot move)."""
        game = self._game
        if game.is_over:
            raise IllegalMove("the game is over; press New game to play again")
        current = game.current_player
        name = game.players[current].name
        if player is not None and player != current:
            if not 0 <= player < len(game.players):
                raise IllegalMove(f"there is no player {player}; it is {name}'s turn")
            raise IllegalMove(f"it is {name}'s turn, not {game.players[player].name}'s: "
                              f"place the tile in {name}'s area")
        seat = self._seats[current]
        if seat is not None and action != "bot":
            raise IllegalMove(f"{name} is played by the {seat} bot: press Bot move to let it play")

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action | tuple[int, tuple[int, int]], source: Source) -> frozenset[Any]:
        player = self._game.current_player
        # The engine validates fully (a pair too) before it changes anything.
        covered = self._game.play(cast(Action, action))
        self._notify(Played(self._game.history[-1], player, source))
        return covered

    def _select(self, space: int | None) -> None:
        if space is not None and space not in self._game.choices():
            raise IllegalMove(_not_takeable(self._game, space))
        self._selected = space

    def _undo(self, source: Source) -> None:
        game = self._game
        game.undo()
        # With bot seats, undo to the last human decision: a bot would otherwise replay at once.
        while game.can_undo and self._bot_to_move() and self._has_human_seat():
            game.undo()
        self._notify(Played("undo", None, source))

    def _redo(self, source: Source) -> None:
        game = self._game
        game.redo()
        while game.can_redo and self._bot_to_move() and self._has_human_seat():
            game.redo()
        self._notify(Played("redo", None, source))

    def _new_game(self, seed: int | None, source: Source) -> None:
        old = self._game
        seed = self._rng.randrange(2**32) if seed is None else seed
        if isinstance(old, SoloGame):
            self._game = SoloGame(seed=seed, name=old.players[0].name)
        else:
            self._game = Game([p.name for p in old.players], seed=seed, beginner=old.beginner)
        self._notify(Played("new", None, source))
        self._play_bot_seats()

    def _bot_turn(self, name: str) -> None:
        game = self._game
        if game.is_over:
            raise IllegalMove("the game is over; press New game to play again")
        for action in _bot_actions(game, self._bot_player(name)):
            self._apply(action, "bot")

    def _bot_player(self, name: str) -> Bot:
        # One bot of each kind per widget, seeded from the widget's generator.
        if name not in self._bot_players:
            self._bot_players[name] = make_bot(name, seed=self._rng.randrange(2**32))
        return self._bot_players[name]

    def _play_bot_seats(self) -> None:
        """Let bot seats move until a human is to move (a game of bots only moves with Bot move)."""
        while self._has_human_seat() and self._bot_to_move():
            self._bot_turn(self._seats[self._game.current_player])  # type: ignore[arg-type]

    def _bot_to_move(self) -> bool:
        return not self._game.is_over and self._seats[self._game.current_player] is not None

    def _has_human_seat(self) -> bool:
        return None in self._seats

    def _notify(self, played: Played) -> None:
        for callback in list(self._callbacks):
            try:
                callback(played)
            except Exception as error:
                name = getattr(callback, "__name__", repr(callback))
                self._error = f"on_move callback {name} failed: {type(error).__name__}: {error}"

    # -- syncing -------------------------------------------------------------------------------
    def _refresh(self, force: bool = False) -> None:
        """Notice changes to the game (see ``_notice``), then publish the state."""
        self._notice(force)
        self._publish()

    def _notice(self, force: bool = False) -> None:
        """Rebuild the position if the game changed since it was last drawn (a new version)."""
        game = self._game
        seen = (id(game), game.history, game.can_redo)
        if seen != self._seen:
            self._seen = seen
            self._version += 1
            self._selected = None  # a choice made on another position means nothing here
            force = True
        if force:
            self._position = game_state(game, self._seats)

    def _publish(self) -> None:
        self.set_trait(
            "state",
            {
                **self._position,
                "version": self._version,
                "selected": self._selected,
                "error": self._error,
                "answered": self._answered,
                "bot": self._bot_name,
                "bot_names": list(BOTS),
            },
        )

    def close(self) -> None:
        _LIVE.discard(self)
        super().close()


# -- the state the page draws ------------------------------------------------------------------
def game_state(game: Game, seats: Sequence[str | None] | None = None) -> dict[str, Any]:
    """The position as the JSON the page draws (the widget adds version, selection and error).

    ``wheel``: 12 tile ids or None; ``marker``; ``choices`` (takeable spaces, in order); ``pile``
    (draw pile count); ``current`` (None once over); ``order`` (turn order); ``track``: ``[space,
    [players bottom to top]]``; ``players``: name, tokens, supply, time, space, bot, ``tiles``
    (``[id, x, y]`` in placement order) and ``tasks`` (see ``_tasks``); ``moves``: the legal cells of
    the player to move and, for each takeable tile, what each cell would fulfil; ``last``: the last
    tile taken; ``log`` (latest events in words) and ``log_total``; ``over``; ``solo``; ``can``.
    """
    seats = list(seats) if seats is not None else [None] * len(game.players)
    log = game.recent_log(LOG_TAIL)  # the end and the last take are always among the latest events
    over = None
    if game.is_over:
        end = next(e for e in reversed(log) if e.kind == "end")
        over = {"reason": game.end_reason, "winner": game.winner, "ranking": game.ranking(), "text": end.text}
    return {
        "kind": game.kind,
        "seed": game.seed,
        "turn": game.turn,
        "wheel": [None if t is None else t.id for t in game.wheel],
        "marker": game.marker,
        "choices": game.choices(),
        "pile": len(game.draw_pile),
        "current": None if game.is_over else game.current_player,
        "order": game.turn_order(),
        "track": _track(game),
        "players": [_player(p, seat) for p, seat in zip(game.players, seats, strict=True)],
        "moves": _moves(game),
        "last": _last_take(log),
        "log": [[e.kind, e.player, e.text] for e in log],
        "log_total": game.log_length,
        "over": over,
        "solo": _solo(game) if isinstance(game, SoloGame) else None,
        "can": {
            "refill": game.can_refill,
            "undo": game.can_undo,
            "redo": game.can_redo,
            "end_phase_one": isinstance(game, SoloGame) and game.can_end_phase_one,
            "bot": not game.is_over,
        },
    }


def _track(game: Game) -> list[list[Any]]:
    """``[space, [players bottom to top]]`` for each occupied moon-track space (none solo)."""
    if isinstance(game, SoloGame):
        return []
    return [[space, stack] for space, stack in sorted(stacks(game.players).items())]


def _player(player: Player, seat: str | None) -> dict[str, Any]:
    board = player.board
    return {
        "name": player.name,
        "tokens": player.tokens,
        "supply": player.supply,
        "time": player.time,
        "space": player.space,
        "bot": seat,
        "tiles": [[t.id, x, y] for (x, y), t in board.tiles.items()],
        "tasks": _tasks(board, player.covered),
    }


def _tasks(board: Board, covered: frozenset[tuple[int, int, int]]) -> list[list[Any]]:
    """Every task of the area with its chain (``Board.explain``), compactly: ``[tile, task, status,
    counts]``.

    ``tile`` indexes the player's ``tiles``; ``status`` is 0 open, 1 fulfilled (no token left for it),
    2 covered; ``counts`` holds ``[colour letter, needed, counted, chain, touching]`` per colour, the
    chain and touching tiles again as indexes into ``tiles``. The page words the sentence from these
    counts: the engine's own sentences would take 26 KB of a late 4-player state, the counts 10 KB.
    """
    index = {cell: i for i, cell in enumerate(board.tiles)}
    fulfilled = board.fulfilled_tasks()
    rows = []
    for cell, t in board.tiles.items():
        for k in range(len(t.tasks)):
            why = board.explain(cell, k)
            ref = (cell[0], cell[1], k)
            status = 2 if ref in covered else 1 if ref in fulfilled else 0
            counts = [
                [LETTERS[c.colour], c.needed, c.counted, [index[m] for m in c.chain],
                 [index[m] for m in c.touching]]
                for c in why.colours
            ]  # fmt: skip
            rows.append([index[cell], k, status, counts])
    return rows


def _moves(game: Game) -> dict[str, Any]:
    """The legal cells of the player to move and, per takeable space (in ``choices`` order), the cells
    where the tile would fulfil tasks: ``[cell index, [[x, y, task], ...]]`` (the new tile's own
    tasks carry its cell)."""
    if game.is_over:
        return {"cells": [], "fulfil": []}
    board = game.players[game.current_player].board
    cells = board.legal_cells()
    fulfil = []
    for space in game.choices():
        t = game.wheel[space]
        assert t is not None
        effects = ((i, board.would_fulfil(t, c)) for i, c in enumerate(cells))
        fulfil.append([[i, sorted([list(r) for r in refs])] for i, refs in effects if refs])
    return {"cells": [list(c) for c in cells], "fulfil": fulfil}


def _last_take(log: Sequence[Any]) -> dict[str, Any] | None:
    """The last tile taken (space, player, tile, cell), for the page to mark; None at the start."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind == "place":
            take = next(e for e in reversed(log[:i]) if e.kind == "take")
            return {"player": log[i].player, "tile": log[i].data["tile"], "cell": log[i].data["cell"],
                    "space": take.data["space"]}
    return None


def _solo(game: SoloGame) -> dict[str, Any]:
    score = game.score
    return {
        "phase": game.phase,
        "small": game.small_stack,
        "large": game.large_stack,
        "phase_one": score.phase_one_record,
        "final": score.final_record,
        "total": score.total,
        "text": str(score),
    }


def _catalogue() -> dict[str, list[Any]]:
    return {t.id: [t.colour, t.cost, [[[c, n] for c, n in task.items()] for task in t.tasks]] for t in TILES}


# -- intents -----------------------------------------------------------------------------------
def _is_int(value: object) -> bool:
    # bool is an int in Python but never a space or a cell; huge numbers are never meant either.
    return type(value) is int and abs(value) < 2**31


@dataclass(frozen=True)
class _Field:
    """One field of an intent: how to check it, and how to say what was expected."""

    expected: str
    check: Callable[[object], bool]
    required: bool = True


_SPACE = _Field("a whole number", _is_int)
_SPACE_OR_NONE = _Field("a whole number or null", lambda v: v is None or _is_int(v))
_CELL = _Field("a pair of whole numbers [x, y]", lambda v: isinstance(v, list) and len(v) == 2
               and all(_is_int(c) for c in v))
_PLAYER = _Field("a player index", _is_int)
_MAYBE_PLAYER = _Field("a player index", _is_int, required=False)
_BOT = _Field("one of " + ", ".join(BOTS), lambda v: isinstance(v, str) and v in BOTS, required=False)

#: Each action's fields besides ``action`` and ``version`` (which every intent carries).
_INTENTS: Final[dict[str, dict[str, _Field]]] = {
    "select": {"space": _SPACE_OR_NONE},
    "take": {"space": _SPACE, "cell": _CELL, "player": _PLAYER},
    "refill": {"player": _MAYBE_PLAYER},
    "end_phase_one": {"player": _MAYBE_PLAYER},
    "bot": {"bot": _BOT, "player": _MAYBE_PLAYER},
    "undo": {},
    "redo": {},
    "new": {},
}


def _parse_intent(content: object) -> dict[str, Any]:
    """Check a message's shape (its legality is the engine's to judge); raise ``BadIntent``."""
    if not isinstance(content, dict):
        raise BadIntent(f"a message from the page must be an object, not {type(content).__name__}")
    action = content.get("action")
    if not isinstance(action, str) or action not in _INTENTS:
        raise BadIntent(f"unknown action {_short(action)}; actions are {', '.join(_INTENTS)}")
    if not _is_int(content.get("version")):
        raise BadIntent(f"the {action!r} message lacks the version of the picture it was made on")
    fields = _INTENTS[action]
    for key, value in content.items():
        if key in ("action", "version"):
            continue
        if key not in fields:
            raise BadIntent(f"unexpected field {_short(key)} in a {action!r} message")
        if not fields[key].check(value):
            expected = fields[key].expected
            raise BadIntent(f"{key!r} of a {action!r} message must be {expected}, not {_short(value)}")
    missing = [repr(key) for key, field in fields.items() if field.required and key not in content]
    if missing:
        raise BadIntent(f"a {action!r} message needs {', '.join(missing)}")
    return content


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _not_takeable(game: Game, space: object) -> str:
    choices = game.choices()
    if not choices:
        return "no tile can be taken now: the game is over"
    return f"space {_short(space)} is not among the next three tiles: {', '.join(map(str, choices))}"


# -- games and bots ----------------------------------------------------------------------------
def _new_game(players: int | Sequence[str], seed: int | None, beginner: bool) -> Game:
    if players == 1:
        return SoloGame(seed=seed)
    return Game(players, seed=seed, beginner=beginner)


def _seats(bots: Seats, n_players: int) -> list[str | None]:
    """Bot seats from a mapping (seat → name), a list (name or None per seat) or None."""
    if bots is None:
        return [None] * n_players
    if isinstance(bots, Mapping):
        pairs = list(bots.items())
    elif isinstance(bots, (list, tuple)):
        if len(bots) != n_players:
            raise ValueError(f"bots lists one entry (a bot name or None) per player: {n_players}, "
                             f"not {len(bots)}")
        pairs = [(i, b) for i, b in enumerate(bots) if b is not None]
    else:
        raise TypeError(f"bots is a dict {{seat: bot name}} or a list with a name or None per seat, "
                        f"not {bots!r}")
    seats: list[str | None] = [None] * n_players
    for seat, name in pairs:
        if type(seat) is not int or not 0 <= seat < n_players:
            raise ValueError(f"bot seat {seat!r} is not a player index 0–{n_players - 1}")
        seats[seat] = _check_bot(name)
    return seats


def _check_bot(name: object) -> str:
    if not isinstance(name, str) or name not in BOTS:
        raise ValueError(f"unknown bot {_short(name)}; bots are {', '.join(BOTS)}")
    return name


def _bot_actions(game: Game, bot: Bot) -> list[Action]:
    """One bot turn's actions (a refill or the end of phase 1 may come before the take), worked out on
    a copy so that the widget applies each itself: logged, undoable and heard by ``on_move``."""
    return play_turn(game.copy(), bot)


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
