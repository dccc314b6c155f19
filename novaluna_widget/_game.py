"""A game of Nova Luna for 2–4 players: turn flow, refill, end, ranking, undo/redo and the log.

All randomness is spent at setup (the shuffle and the blind draw of the start stack), so a game is its
start position plus the list of actions taken since. Undo rebuilds the start and replays all actions but
the last. ``snapshot()`` gives the whole game as plain data (start, actions, redo stack, position) and
``Game.from_snapshot`` checks such data and rebuilds the game from it: save files, scenarios and tests
all go through that pair.

The solo game (``solo.SoloGame``) is a subclass: what differs between the two (a moon track or none, the
score, the end of phase one) is a method here that the solo game overrides.
"""

from __future__ import annotations

import functools
import json
import os
import random
import threading
from _thread import _count as _other_threads  # threads running besides the main one (in C, no lock)
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import attrgetter
from threading import get_ident
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Concatenate,
    Final,
    Literal,
    NamedTuple,
    ParamSpec,
    TypedDict,
    TypeVar,
    overload,
)

from . import _hooks
from . import _track as track
from . import _wheel as wheel
from ._board import _CELL, _KEY, _OPEN, Board, Cell, TaskRef, _key, whole_number
from ._errors import IllegalMove, PositionError, quote
from ._i18n import Message, Value, cell_words, cmsg, joined, message_of, msg, plural
from ._log import Event, to_event
from ._position import check_name, check_position, first_difference, whole
from ._tiles import TILES, Tile, tile

__all__ = [
    "BEGINNER_TOKENS",
    "COLOUR_TOKENS",
    "END_REASONS",
    "SEEDS",
    "TOKENS",
    "Action",
    "ActionData",
    "Game",
    "Move",
    "Moves",
    "Player",
    "ScoreSheet",
    "Word",
    "action_data",
    "check_beginner",
    "check_seed",
    "sheet_of",
    "track_of",
]

#: The tokens of one colour: one marks the player on the moon track, the others go on tasks.
COLOUR_TOKENS: Final = 21
#: Tokens to place in the standard game.
TOKENS: Final = COLOUR_TOKENS - 1
#: The beginner variant's supply (rulebook: 18 tokens with 3 players, 16 with 4), less the marker.
BEGINNER_TOKENS: Final = {2: TOKENS, 3: 17, 4: 15}
#: The fields of ``Game.snapshot()``.
_GAME_FIELDS: Final = ("kind", "seed", "beginner", "start", "history", "redo")

#: Seeds run from 0 to this, less one: every seed deals its own game, and saves as a JSON number.
SEEDS: Final = 2**64

_G = TypeVar("_G", bound="Game")
_P = ParamSpec("_P")
_R = TypeVar("_R")

#: The games in use, by ``id``: the claim of the thread using each, ``(thread ident,)`` (see
#: ``_one_thread``). A dict's ``setdefault`` is atomic, so of two threads that reach a game at once
#: exactly one gets it; and a game costs nothing more to make or copy, which a search does a million times.
_USERS: dict[int, tuple[int]] = {}
#: Threads waiting for a game another thread uses, and what wakes them when a game is let go.
_WAITING: list[int] = []
_LET_GO = threading.Condition()
if hasattr(os, "register_at_fork"):  # a forked child has only the thread that forked: no other uses a game
    os.register_at_fork(after_in_child=_USERS.clear)


def _one_thread(method: Callable[Concatenate[_G, _P], _R]) -> Callable[Concatenate[_G, _P], _R]:
    """Let one thread at a time into ``method`` of a game (a move, undo, a copy, a save, the legal
    moves); another waits its turn: two threads playing on one game at once left it in no state the rules
    can reach. The thread inside may call in again (redo plays, undo replays). One game's calls take
    microseconds, so a wait is short; a move chosen before the other thread's move may then be illegal,
    and is refused as any illegal move is.

    Where no thread but the main one runs (``_other_threads``: scripts, simulations' workers, the
    browser's kernel), that thread is the only one that can be inside a game: it goes in without a claim.
    (A thread runs only once started, and a game's calls start none.) ``play``, ``legal_moves`` and
    ``copy``, called on every move of every game and every node of a search, test ``_other_threads``
    themselves and call ``_claim`` and ``_let_go`` only when it is true: the wrapper's call and the claim
    cost random games a tenth of their speed."""

    @functools.wraps(method)
    def guarded(game: _G, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not _other_threads():  # the only thread there is holds every game
            return method(game, *args, **kwargs)
        held = _claim(game)
        try:
            return method(game, *args, **kwargs)
        finally:
            if held is not None:
                _let_go(held)

    return guarded


def _claim(game: object) -> int | None:
    """Take ``game`` for this thread, waiting while another holds it: its key, to ``_let_go`` of once
    done; None if this thread holds it already (a call from within, which lets go of nothing)."""
    claim = (get_ident(),)
    held = _USERS.setdefault(key := id(game), claim)
    return key if held is claim or _take(key, claim, held) else None


def _take(key: int, claim: tuple[int], held: tuple[int]) -> bool:
    """After ``claim`` (this thread's, new) found the game ``key`` held (by ``held``): False if this
    thread holds it already (a call from within), else True once this thread has it, having waited for
    the other to let go. A claim is a new tuple each call, so the thread that set it knows by identity."""
    if held[0] == claim[0]:
        return False
    with _LET_GO:
        _WAITING.append(claim[0])
        try:
            while _USERS.setdefault(key, claim) is not claim:
                _LET_GO.wait()  # held from the try above: a game let go meanwhile notifies after it
        finally:
            _WAITING.remove(claim[0])
    return True


def _let_go(key: int) -> None:
    """Let go of the game ``key``, waking any thread waiting for a game (``_wake``)."""
    del _USERS[key]
    if _WAITING:
        _wake()


def _wake() -> None:
    """Wake the threads waiting for a game: one has been let go."""
    with _LET_GO:
        _LET_GO.notify_all()


def check_seed(seed: object) -> int:
    """``seed`` as an int from 0 to ``SEEDS - 1`` (numpy integers too); None draws a fresh one."""
    if seed is None:
        return random.SystemRandom().randrange(2**32)
    number = whole_number(seed)
    if number is None:
        raise TypeError(msg("seed must be a whole number or None, not {value}", value=quote(seed)))
    if not 0 <= number < SEEDS:
        # random.Random(-5) deals as 5 does, and a huge seed cannot be saved: neither is a seed here.
        raise ValueError(
            msg("seed must be a whole number from 0 to 2**64 - 1, not {value}", value=quote(number, 40))
        )
    return number


def check_beginner(beginner: object) -> bool:
    """``beginner`` if it is True or False: ``"no"`` or ``0`` would be read as a variant silently."""
    if not isinstance(beginner, bool):
        raise TypeError(msg("beginner must be true or false, not {value}", value=quote(beginner)))
    return beginner


class Move(NamedTuple):
    """Take the tile on wheel ``space`` and place it at ``cell`` of your area."""

    space: int
    cell: Cell

    def words(self) -> Message:
        """The move as data to word: ``take space 4, place at (1, 0)``."""
        return msg(
            "take the tile on wheel space {space}, place at {cell}",
            space=self.space,
            cell=cell_words(self.cell),
        )

    def in_language(self, lang: str | None = None) -> str:
        """The move in ``lang`` (None: the package language)."""
        return self.words().in_language(lang)

    def __str__(self) -> str:
        return self.in_language()


# Moves are interned per space and cell (by the cell's key, as an area keeps its legal cells): a dict
# lookup is far cheaper than building a NamedTuple.
_MOVES: tuple[dict[int, Move], ...] = tuple({} for _ in range(wheel.SPACES))
# The cell's key of each interned Move, by the move's identity (interned moves live on, so no other
# object shares their id): ``play`` knows a move the engine made, space and cell ints, by one lookup.
_KEY_OF_MOVE: dict[int, int] = {}


def _move(space: int, key: int) -> Move:
    known = _MOVES[space]
    found = known.get(key)
    if found is None:
        found = known[key] = Move(space, _CELL[key])
        _KEY_OF_MOVE[id(found)] = key
    return found


class Moves(Sequence[Move]):
    """The legal moves of a turn: every takeable space with every legal cell, space by space.

    An immutable sequence (like ``range``) that makes each ``Move`` only when it is looked at: a turn
    offers dozens of moves, and random play or a single pick looks at one. ``list(moves)`` gives a list.
    """

    __slots__ = ("_cells", "_size", "_spaces")

    def __init__(self, spaces: Sequence[int], cells: Sequence[Cell]) -> None:
        # the cells by key (``board._key``), as an area keeps them: legal cells, so pairs of ints
        self._spaces, self._cells = tuple(spaces), tuple(map(_key, cells))
        self._size = len(self._spaces) * len(self._cells)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        size = self._size
        if type(index) is int and 0 <= index < size:  # the common case: a pick among the moves
            cells = self._cells
            width = len(cells)
            s = index // width  # (operators, cheaper than a call to divmod)
            space = self._spaces[s]
            key = cells[index - s * width]
            return _MOVES[space].get(key) or _move(space, key)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"move {index} of {size}")
        s, c = divmod(index, len(self._cells))
        return _move(self._spaces[s], self._cells[c])

    def __iter__(self) -> Iterator[Move]:
        for s in self._spaces:
            for c in self._cells:
                yield _move(s, c)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, tuple) or len(move) != 2:
            return False
        try:
            return move[0] in self._spaces and _KEY.get(move[1]) in self._cells
        except TypeError:  # an unhashable cell (a list) is no cell of a move
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Moves, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Moves({list(self)!r})"


#: The actions besides taking a tile: the optional refill and, solo, ending phase one.
Word = Literal["refill", "end_phase_one"]
#: An action in the history: a ``Move``, ``"refill"`` (the optional refill) or, solo, ``"end_phase_one"``.
Action = Move | Word


class ScoreSheet(TypedDict):
    """The solo game's standing (``Game.score_sheet``): the phase, what is left of the two stacks of
    tokens, both records, the score (lower is better) and all of it in words."""

    #: 1 or 2.
    phase: int
    #: Tokens left of the small stack.
    small: int
    #: Tokens left of the large stack.
    large: int
    #: Phase 1's record.
    phase_one: int
    #: The final record.
    final: int
    #: The score.
    total: int
    #: The score in words (the engine's).
    text: str


#: An action as save files write it: ["take", space, x, y], ["refill"] or ["end_phase_one"].
ActionData = list[str | int]


def action_data(action: Action) -> ActionData:
    """An action as JSON: ``["take", space, x, y]``, ``["refill"]`` or ``["end_phase_one"]``."""
    if isinstance(action, Move):
        return ["take", action.space, action.cell[0], action.cell[1]]
    return [action]


def _read_actions(raw: Any, where: str) -> list[Action]:
    """Actions back from JSON (``action_data``); ``PositionError`` names the first that is none."""
    if not isinstance(raw, list):
        raise PositionError(msg("{where} must be a list of actions", where=where))
    actions: list[Action] = []
    for n, a in enumerate(raw):
        if isinstance(a, list) and len(a) == 4 and a[0] == "take" and all(whole(v) for v in a[1:]):
            actions.append(Move(a[1], (a[2], a[3])))
        elif isinstance(a, list) and len(a) == 1 and a[0] in ("refill", "end_phase_one"):
            actions.append(a[0])
        else:
            raise PositionError(
                msg(
                    '{where}[{n}] is not an action: {value} (expected ["take", space, x, y], '
                    '["refill"] or ["end_phase_one"])',
                    where=where,
                    n=str(n),
                    value=quote(a),
                )
            )
    return actions


class Player:
    """A seat: ``name``, ``time`` (total moon-track steps), ``tokens`` left to place, ``board`` and
    ``covered`` tasks. ``arrival`` orders markers on one space: the higher one lies on top.

    Read-only, area and all: only the game changes a seat, by the rules (``game.play``), so a game
    handed out is always one that saves and loads."""

    __slots__ = ("_arrival", "_board", "_covered", "_name", "_supply", "_time", "_tokens")

    def __init__(self, name: str, supply: int, arrival: int) -> None:
        self._name = name
        self._supply = supply
        self._tokens = supply
        self._time = 0
        self._arrival = arrival
        self._board = Board()._for_game()
        self._covered: frozenset[TaskRef] = frozenset()  # replaced, never changed: copies share it

    @property
    def name(self) -> str:
        return self._name

    @property
    def supply(self) -> int:
        """The tokens this player had to place at the start."""
        return self._supply

    @property
    def tokens(self) -> int:
        """The tokens left to place."""
        return self._tokens

    @property
    def time(self) -> int:
        """Total moon-track steps taken."""
        return self._time

    @property
    def arrival(self) -> int:
        """Orders markers on one space: the higher one lies on top."""
        return self._arrival

    @property
    def board(self) -> Board:
        """The player's area (it answers questions; ``board.copy()`` gives one to try moves on)."""
        return self._board

    @property
    def covered(self) -> frozenset[TaskRef]:
        """The tasks that carry one of this player's tokens, as ``(x, y, task_index)``."""
        return self._covered

    @property
    def space(self) -> int:
        """The moon-track space of this player's marker (0 = new moon)."""
        return track.space(self._time)

    def _copy(self) -> Player:
        # One statement a field: a third cheaper than packing them into tuples (a search copies often).
        other = Player.__new__(Player)
        other._name = self._name
        other._supply = self._supply
        other._tokens = self._tokens
        other._time = self._time
        other._arrival = self._arrival
        other._covered = self._covered
        other._board = self._board._copy(True)
        return other

    def __repr__(self) -> str:
        return (
            f"Player({self.name!r}, time={self.time}, tokens={self.tokens}, "
            f"tiles={len(self.board)}, covered={len(self._covered)})"
        )


class Game:
    """A game of Nova Luna for 2–4 players.

    ``Game(players=2, seed=7)`` deals the wheel and draws the start stack from ``seed``;
    ``players`` may also be a list of 2–4 names. ``beginner=True`` uses the first-game token counts.
    ``kinds.new_game`` gives a ``SoloGame`` for one player and a ``Game`` for more.
    """

    # Slots: a search copies a game for every position it tries, and reads its fields on every move.
    __slots__ = (
        "_arrivals",
        "_choices",
        "_current",
        "_ended",
        "_events",
        "_history",
        "_marker",
        "_on_wheel",
        "_over",
        "_pile",
        "_players",
        "_redo",
        "_start",
        "_wheel",
        "beginner",
        "seed",
    )

    kind: ClassVar[str] = "game"
    #: The fewest and the most players.
    SEATS: ClassVar[tuple[int, int]] = (2, 4)
    #: The fields a position of this kind has besides the common ones (see ``position``).
    EXTRA_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: Whether the kind has the beginner variant.
    BEGINNER: ClassVar[bool] = True
    #: Every kind of game by its ``kind``, for ``from_snapshot``.
    KINDS: ClassVar[dict[str, type[Game]]] = {}
    # What kind of game this is, for whatever reads or words one: asked here, never guessed from
    # ``score_sheet()`` or ``moon_track()`` being None.
    #: Whether this is the solo game (one player, two phases, a score) rather than a race of 2–4.
    is_solo: ClassVar[bool] = False
    #: Whether the players' markers race on a moon track (``moon_track``); the solo game has none.
    has_moon_track: ClassVar[bool] = True
    #: What a score, and a review's loss, is counted in: tokens placed, or solo points (lower is better).
    score_unit: ClassVar[Literal["tokens", "points"]] = "tokens"
    #: What one token counts in ``score_unit``: 1 token, or solo 10 points (each token not placed adds
    #: 10 to a record).
    token_worth: ClassVar[int] = 1
    #: The tokens phase 1 races to place: the solo game's small stack; none where there is no phase 1.
    phase_one_tokens: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Game.KINDS[cls.kind] = cls

    def __init__(
        self, players: int | Sequence[str] = 2, *, seed: int | None = None, beginner: bool = False
    ) -> None:
        names = self._names(players)
        self.beginner = check_beginner(beginner)
        rng, deck = self._deal(seed)
        stack = list(range(len(names)))
        rng.shuffle(stack)  # the blind draw: first drawn lies at the bottom
        supply = self.supply(len(names), self.beginner)
        self._reset(
            wheel=[None, *deck[: wheel.SPACES - 1]],
            marker=0,
            pile=deck[wheel.SPACES - 1 :],
            players=[Player(n, supply, stack.index(i)) for i, n in enumerate(names)],
        )
        self._events.append(("setup", self.seed, tuple(stack)))
        self._start: dict[str, Any] | None = None  # worked out when first asked (``_start_position``)

    # -- construction --------------------------------------------------------------------------
    def _deal(self, seed: int | None) -> tuple[random.Random, list[Tile]]:
        """Take the seed (a fresh one if None) and shuffle the 68 tiles with it; the wheel gets the
        first 11, the draw pile the rest. Returns the generator, for whatever setup draws next."""
        self.seed = seed = check_seed(seed)
        rng = random.Random(seed)
        deck = list(TILES)
        rng.shuffle(deck)
        return rng, deck

    def _names(self, players: int | Sequence[str]) -> list[str]:
        low, high = self.SEATS
        count = whole_number(players)  # numpy integers too; True is no number of players
        if count is None and not isinstance(players, (list, tuple)):
            raise TypeError(
                msg(
                    "players is a number ({low}–{high}) or a list of {low}–{high} names, not {value}",
                    low=low,
                    high=high,
                    value=quote(players),
                )
            )
        if count is not None:
            if not low <= count <= high:
                raise ValueError(_seats(low, high, count))
            return [f"Player {i + 1}" for i in range(count)]  # data, saved with the game: not worded
        names = [check_name(n) for n in players]  # type: ignore[union-attr]  # a list or a tuple
        if not low <= len(names) <= high:
            raise ValueError(_seats(low, high, len(names)))
        if len(set(names)) != len(names):
            raise ValueError(msg("player names must be distinct and not blank: {names}", names=quote(names)))
        return names

    @classmethod
    def supply(cls, players: int, beginner: bool = False) -> int:
        """The tokens each player places in a game of this many players (and variant)."""
        return BEGINNER_TOKENS[players] if beginner else TOKENS

    def new_like(self, seed: int | None = None) -> Game:
        """A new deal with the same players and variant (from ``seed``, or a fresh one)."""
        return self._dealt([p.name for p in self._players], seed, self.beginner)

    @classmethod
    def _dealt(cls, names: list[str], seed: int | None, beginner: bool) -> Game:
        """A new deal of this kind for these players."""
        return Game(names, seed=seed, beginner=beginner)

    def _reset(self, wheel: list[Tile | None], marker: int, pile: list[Tile], players: list[Player]) -> None:
        self._wheel = wheel
        # The tiles on the wheel, kept as they come and go: counting the Nones compares every tile with
        # None, twice a move.
        self._on_wheel = len(wheel) - wheel.count(None)
        self._marker = marker
        self._pile = pile
        self._players = players
        self._arrivals = max(p.arrival for p in players) + 1
        self._history: list[Action] = []
        self._redo: list[Action] = []
        self._events: list[tuple[Any, ...]] = []
        self._over: tuple[str, int] | None = None  # (reason, winner)
        self._ended = False  # whether _over is set: what ``is_over`` reads
        self._current = track.to_move(players)
        self._choices: tuple[int, ...] | None = None  # the takeable spaces, once asked for

    # -- reading -------------------------------------------------------------------------------
    @property
    def wheel(self) -> tuple[Tile | None, ...]:
        """The 12 selection spaces, index 0 = new moon, clockwise: a ``Tile`` or ``None``."""
        return tuple(self._wheel)

    @property
    def marker(self) -> int:
        """The space the moon marker stands at."""
        return self._marker

    @property
    def draw_pile(self) -> tuple[Tile, ...]:
        """The face-down draw pile, next tile first."""
        return tuple(self._pile)

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(self._players)

    @property
    def current_player(self) -> int:
        """Index of the player to move: rearmost on the moon track, top of a stack."""
        return self._current

    @property
    def turn(self) -> int:
        """How many tiles have been taken so far."""
        return sum(1 for a in self._history if isinstance(a, Move))

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action taken, in order: replaying them on the start position gives this game."""
        return tuple(self._history)

    @property
    def log(self) -> list[Event]:
        """Every event so far (setup, refills, takes, track moves, placements, covered tasks, end)."""
        return self.recent_log(len(self._events))

    def recent_log(self, count: int, *, reader: int | None = None) -> list[Event]:
        """The latest ``count`` events of ``log``, the player of seat ``reader`` told about as "you" (None:
        nobody, every player by name); the older ones are not put into words."""
        names = [p.name for p in self._players]
        boards = [p.board for p in self._players]
        start = max(0, len(self._events) - count)  # a negative start would count from the end
        return [to_event(raw, names, boards, reader) for raw in self._events[start:]]

    @property
    def log_length(self) -> int:
        """How many events ``log`` holds."""
        return len(self._events)

    @property
    def turns_in_a_row(self) -> int:
        """The run of turns the player to move is on: the tiles they took just before, plus this turn."""
        run = 1
        for raw in reversed(self._events):
            if raw[0] == "take":
                if raw[1] != self._current:
                    break
                run += 1
        return run

    @_one_thread
    def choices(self) -> list[int]:
        """The takeable spaces: the next three tiles clockwise after the moon marker."""
        if self._over is not None:
            return []
        return list(self._takeable())

    def _takeable(self) -> tuple[int, ...]:
        """``choices()`` as the tuple the game keeps until the wheel changes (a game not over)."""
        if self._choices is None:
            self._choices = wheel.next_spaces(self._wheel, self._marker)
        return self._choices

    def tiles_on_wheel(self) -> int:
        return self._on_wheel

    @property
    def can_refill(self) -> bool:
        """Whether the player to move may refill now: only 1 or 2 tiles left and a draw pile."""
        # The count first: asked before every move, it is false on most.
        return 1 <= self._on_wheel <= 2 and self._over is None and bool(self._pile)

    @property
    def can_end_phase_one(self) -> bool:
        """Whether the player may end the solo game's phase 1 now; never in a game of 2–4 players."""
        return False

    def legal_moves(self) -> Moves:
        """Every legal ``Move`` for the player to move, space by space (the optional refill is a separate
        choice). A sequence: index it, iterate it, or ``list()`` it."""
        # One thread at a time, as ``_one_thread`` lets it in (no call at all where no other thread runs).
        held = _claim(self) if _other_threads() else None
        try:
            if self._over is not None:
                return Moves((), ())
            # Built here rather than by __init__: the game's tuples need no copying, and this is asked
            # every turn of every game (the choices are () only once the game is over).
            moves = Moves.__new__(Moves)
            spaces = self._choices
            if spaces is None:  # ``_takeable`` written out: the wheel has changed since the last turn
                spaces = self._choices = wheel.next_spaces(self._wheel, self._marker)
            cells = moves._cells = self._players[self._current]._board._legal_cells()
            moves._spaces = spaces
            moves._size = len(spaces) * len(cells)
            return moves
        finally:
            if held is not None:
                _let_go(held)

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now: the legal moves, then ``"refill"`` and, solo,
        ``"end_phase_one"`` where allowed."""
        actions: list[Action] = list(self.legal_moves())
        if self.can_refill:
            actions.append("refill")
        if self.can_end_phase_one:
            actions.append("end_phase_one")
        return actions

    if TYPE_CHECKING:  # as the type checker reads it; at run time, the getter below

        @property
        def is_over(self) -> bool: ...

    else:
        # A loop over a game reads this every turn (``while not game.is_over``): a getter in C spares a
        # Python call on each read. The game sets the flag where it ends and where it is set up afresh.
        is_over = property(attrgetter("_ended"), doc="Whether the game has ended.")

    @property
    def winner(self) -> int | None:
        """Index of the winner once the game is over, else None."""
        return None if self._over is None else self._over[1]

    @property
    def end_reason(self) -> str | None:
        """``"last token"`` or ``"no tile"`` once the game is over."""
        return None if self._over is None else self._over[0]

    def turn_order(self) -> list[int]:
        """Player indices in the order they would move from now on: rearmost first, top of a stack
        first. This is also the rulebook's tie-break for the ranking."""
        return track.turn_order(self._players)

    def moon_track(self) -> dict[int, list[int]] | None:
        """For each occupied moon-track space, the players stacked there, bottom first; None in the
        solo game, which has no moon track (``has_moon_track``)."""
        return track.stacks(self._players) if self.has_moon_track else None

    def ranking(self) -> list[int]:
        """Player indices best first: the player who placed their last token, then fewest tokens left;
        ties go to whoever would have moved earlier had the game gone on."""
        order = self.turn_order()
        ranked = sorted(order, key=lambda i: (self._players[i].tokens, order.index(i)))
        if self._over is not None and self._over[0] == "last token":
            ranked.remove(self._over[1])
            ranked.insert(0, self._over[1])
        return ranked

    def score_sheet(self, lang: str | None = None) -> ScoreSheet | None:
        """The solo game's phase, stacks and score (its ``text`` in ``lang``, None: the package
        language); None here, where the ranking decides (``is_solo``)."""
        return None

    # -- acting --------------------------------------------------------------------------------
    def take(self, space: int, at: Cell) -> frozenset[TaskRef]:
        """Take the tile on ``space`` and place it at cell ``at``; returns the tasks it covered."""
        return self.play(Move(space, at))

    def refill(self) -> None:
        """Take the optional refill: fill every empty space (not the marker's) from the draw pile."""
        self.play("refill")

    def play(self, action: Action | tuple[int, Cell]) -> frozenset[TaskRef]:
        """Play one action: a ``Move`` (or a ``(space, (x, y))`` pair), ``"refill"`` or, solo,
        ``"end_phase_one"``. Returns the tasks a move covered. Raises ``IllegalMove``, changing
        nothing, if the action is not legal now."""
        # One thread at a time, as ``_one_thread`` lets it in (no call at all where no other thread runs).
        held = _claim(self) if _other_threads() else None
        try:
            index = self._current
            player = self._players[index]
            key = _KEY_OF_MOVE.get(id(action))
            if (  # the common case, a legal move the engine made (as legal_moves() gives): checked here
                key is None
                or type(action) is not Move
                or self._over is not None
                or action.space not in (self._choices or self._takeable())
                or (player._board._cells.get(key) is not _OPEN and not self._legal_first(action.cell))
            ):
                checked = self._checked(action)
                if isinstance(checked, str):
                    self._perform_word(checked)
                    self._history.append(checked)
                    self._redo.clear()  # a new action: what undo took back no longer follows
                    return frozenset()
                action, key = checked, _KEY_OF_MOVE[id(checked)]
            # Take, move on the track, place, cover; then start the next turn (written out: every move of
            # every game and search comes here).
            space, cell = action
            t = self._wheel[space]
            assert t is not None
            self._wheel[space] = None
            self._on_wheel -= 1
            self._marker = space
            self._choices = None
            events = self._events
            events.append(("take", index, space, t.id))
            following = self._advance(index, player, t.cost)
            newly = player._board._put(t, cell, key)  # checked above
            events.append(("place", index, t.id, cell))
            covered = self._cover(index, player, newly) if newly else newly
            if player._tokens == 0:
                self._finish("last token", index)
            else:
                self._current = following
                if not self._on_wheel:  # else the next turn starts as it is
                    self._start_turn()
            self._history.append(action)
            if self._redo:
                self._redo.clear()
            return covered
        finally:
            if held is not None:
                _let_go(held)

    def _checked(self, action: object) -> Action:
        """The action, normalised, if it is legal now; else ``IllegalMove`` (nothing changes). ``play``
        checks the common case, a legal ``Move`` of ints, itself."""
        if self._over is not None:
            raise IllegalMove(
                msg("the game is over ({reason}); no more moves", reason=END_REASONS[self._over[0]])
            )
        if isinstance(action, str):
            return self._check_word(action)
        if not isinstance(action, tuple) or len(action) != 2:
            raise IllegalMove(msg("a move is Move(space, (x, y)), not {value}", value=quote(action)))
        number = whole_number(action[0])
        choices = self.choices()
        if number is None or number not in choices:
            # The space as given (a str "4" is no space) but in the reader's digits when it is a number
            # (a numpy integer too: ``np.int64(4)`` is space 4).
            given: Value = number if number is not None else quote(action[0])
            raise IllegalMove(
                msg(
                    "wheel space {space} is not among the next three tiles: {choices}",
                    space=given,
                    choices=joined(choices),
                )
            )
        tile_there = self._wheel[number]
        assert tile_there is not None
        return _move(number, _key(self._players[self._current].board.check(tile_there, action[1])))

    def _legal_first(self, cell: Cell) -> bool:
        """Whether ``cell`` is legal for the player to move where it opens no cell: a first tile's."""
        return self._players[self._current]._board.is_legal(cell)

    def _check_word(self, word: str) -> Word:
        if word == "refill":
            if not self.can_refill:
                left = self.tiles_on_wheel()
                why = msg("the draw pile is empty")
                if self._pile:  # then the wheel holds none, or 3 or more: never 1
                    why = plural("the wheel holds {n} tiles", "the wheel holds {n} tiles", left)
                raise IllegalMove(
                    msg(
                        "no refill now: {why}; you may refill only when 1 or 2 tiles are left "
                        "and the draw pile has tiles",
                        why=why,
                    )
                )
            return "refill"
        raise IllegalMove(msg("unknown action {value}: actions are a Move or 'refill'", value=quote(word)))

    def _perform_word(self, word: Word) -> None:
        """Apply a checked word (the refill here)."""
        self._apply_refill()

    def _apply_refill(self, mandatory: bool = False) -> None:
        placed = wheel.refill(self._wheel, self._marker, self._pile)
        self._on_wheel += len(placed)
        self._choices = None
        # (a list made whole, then a tuple: a generator, resumed for each tile, costs more)
        self._events.append(("refill", self._current, mandatory, tuple([(s, t.id) for s, t in placed])))

    def _advance(self, index: int, player: Player, steps: int) -> int:
        """Move the player's marker ``steps`` on, on top of any markers it lands on; returns who moves
        next (``track.to_move``, found in the same pass over the markers)."""
        before = player._time
        after = player._time = before + steps
        arrival = player._arrival = self._arrivals
        self._arrivals = arrival + 1
        under: tuple[int, ...] = ()
        # The rearmost marker, and of a stack the top one; the mover's, just placed on top, wins a tie.
        best, least, top = index, after, arrival
        i = 0  # counted by hand: enumerate's pairs cost this loop a fifth of its time
        for p in self._players:
            time = p._time
            if time < least:
                best, least, top = i, time, p._arrival
            elif time == after:
                if i != index:
                    under += (i,)
            elif time == least and p._arrival > top:
                best, top = i, p._arrival
            i += 1  # noqa: SIM113  # (see above)
        if len(under) > 1:
            under = tuple(sorted(under, key=lambda i: self._players[i]._arrival))
        self._events.append(("move", index, before, after, under))
        return best

    def _cover(self, index: int, player: Player, newly: frozenset[TaskRef]) -> frozenset[TaskRef]:
        if not newly:
            return newly
        if len(newly) == 1:  # the common case (a player who moves has a token left)
            refs, covered = tuple(newly), newly
        else:  # with fewer tokens than tasks, the tokens go on the tasks in board order; the game then ends
            refs = tuple(sorted(newly)[: player._tokens])
            covered = frozenset(refs)
        player._covered = player._covered | covered
        player._tokens -= len(refs)
        self._events.append(("cover", index, refs, player._tokens))
        return covered

    def _start_turn(self) -> None:
        """At the start of a turn a bare wheel must be refilled; with no draw pile either, the game ends."""
        if not self._on_wheel:
            if self._pile:
                self._apply_refill(mandatory=True)
            else:
                self._finish("no tile", None)

    def _finish(self, reason: str, winner: int | None) -> None:
        # "last token" puts the winner first; "no tile" ranks by tokens left and turn order alone.
        self._over = (reason, -1 if winner is None else winner)
        ranking = self.ranking()
        self._over = (reason, ranking[0])
        self._ended = True
        self._choices = ()
        self._events.append(("end", reason, self._over[1], tuple(ranking)))

    # -- undo, redo, copy ----------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @_one_thread
    def undo(self) -> Action:
        """Take back the last action (a move or a refill); returns it. It can be redone."""
        if not self._history:
            raise IllegalMove(msg("nothing to undo: no action has been taken yet"))
        history, redo = self._history[:-1], [*self._redo, self._history[-1]]
        self._replay(history)
        self._redo = redo
        return redo[-1]

    @_one_thread
    def redo(self) -> Action:
        """Play again the last action taken back by ``undo``; returns it."""
        if not self._redo:
            raise IllegalMove(msg("nothing to redo"))
        action, rest = self._redo[-1], self._redo[:-1]
        self.play(action)  # which forgets the redo stack, as any new action does
        self._redo = rest
        return action

    def _start_position(self) -> dict[str, Any]:
        """The position the game started from, as plain data (``snapshot()["start"]``). A new deal works
        it out only when first asked, as most games never are: the position now while nothing has been
        played, else that of the deal again (all randomness is spent at setup, so it deals the same)."""
        if self._start is None:
            if self._history:
                names = [p.name for p in self._players]
                self._start = self._dealt(names, self.seed, self.beginner)._start_position()
            else:
                self._start = self._position()
        return self._start

    def _replay(self, actions: Iterable[Action]) -> None:
        """Rebuild the start position and play ``actions`` on it."""
        self._restore(self._start_position())
        for action in actions:
            self.play(action)

    def copy(self, *, shuffle_pile: random.Random | None = None) -> Game:
        """An independent game in the same position, with the same history (for bots and what-ifs).

        ``shuffle_pile=rng`` shuffles the copy's face-down draw pile: a search that looks past a refill
        then guesses the hidden order instead of reading it."""
        # One thread at a time, as ``_one_thread`` lets it in (no call at all where no other thread runs).
        held = _claim(self) if _other_threads() else None
        try:
            if shuffle_pile is not None and not isinstance(shuffle_pile, random.Random):
                raise TypeError(
                    msg("shuffle_pile is a random.Random (or None), not {value}", value=quote(shuffle_pile))
                )
            other = self.__class__.__new__(self.__class__)
            other.seed = self.seed
            other.beginner = self.beginner
            other._start = self._start  # never changed once known
            other._wheel = self._wheel.copy()
            other._marker = self._marker
            other._on_wheel = self._on_wheel
            other._pile = self._pile.copy()
            other._players = [p._copy() for p in self._players]
            other._arrivals = self._arrivals
            other._history = self._history.copy()
            other._redo = self._redo.copy()
            other._events = self._events.copy()
            other._over = self._over
            other._ended = self._ended
            other._current = self._current
            other._choices = self._choices
            self._copy_extra(other)
            if shuffle_pile is not None:
                shuffle_pile.shuffle(other._pile)
            return other
        finally:
            if held is not None:
                _let_go(held)

    # -- the game as plain data ----------------------------------------------------------------
    @_one_thread
    def snapshot(self) -> dict[str, Any]:
        """The whole game as plain JSON data: ``kind``, ``seed``, ``beginner``, the ``start`` position,
        the ``history`` of actions (``["take", space, x, y]``, ``["refill"]``, ``["end_phase_one"]``),
        the ``redo`` stack (the next action to redo last) and the ``position`` reached.
        ``Game.from_snapshot`` rebuilds the game from it; ``to_json`` saves it."""
        return {
            "kind": self.kind,
            "seed": self.seed,
            "beginner": self.beginner,
            "start": _plain(self._start_position()),
            "history": [action_data(a) for a in self._history],
            "redo": [action_data(a) for a in self._redo],
            "position": self._position(),
        }

    @classmethod
    def from_snapshot(cls: type[_G], data: Mapping[str, Any]) -> _G:
        """The game ``data`` describes (see ``snapshot``; ``position`` may be left out, and is compared
        with the replayed game where given). Trusts nothing: checks the start position, replays every
        action, and raises ``PositionError`` naming the first field that is wrong."""
        if not isinstance(data, Mapping):
            raise PositionError(msg("game data must be an object, not {type}", type=type(data).__name__))
        for key in _GAME_FIELDS:
            if key not in data:
                raise PositionError(msg("the game data lacks {field}", field=repr(key)))
        if unknown := sorted(map(str, set(data) - {*_GAME_FIELDS, "position"})):
            raise PositionError(msg("unknown field {field} in the game data", field=quote(unknown[0], 40)))
        kind = data["kind"]
        made = Game.KINDS.get(kind) if isinstance(kind, str) else None
        if made is None:
            kinds = ", ".join(map(repr, Game.KINDS))
            raise PositionError(
                msg("unknown kind {kind}; a game is one of: {kinds}", kind=quote(kind), kinds=kinds)
            )
        if not issubclass(made, cls):
            raise PositionError(
                msg("the data holds a {found}, not a {wanted}", found=made.__name__, wanted=cls.__name__)
            )
        seed, beginner, start = data["seed"], data["beginner"], data["start"]
        if not whole(seed) or not 0 <= seed < SEEDS:
            raise PositionError(
                msg("the seed must be a whole number from 0 to 2**64 - 1, not {value}", value=quote(seed, 40))
            )
        if not isinstance(beginner, bool):
            raise PositionError(msg("beginner must be true or false, not {value}", value=quote(beginner)))
        check_position(
            start, "start", made.SEATS, made.supply(made.SEATS[1]), made.EXTRA_FIELDS, made._check_extra
        )
        if start["events"]:  # a dealt game starts exactly as its seed deals it
            names = [p["name"] for p in start["players"]]
            try:
                dealt = made._dealt(names, seed, beginner)
            except ValueError as err:
                raise PositionError(msg("start: {error}", error=message_of(err))) from None
            found = first_difference(
                start,
                _plain(dealt._start_position()),
                "start",
                msg("in the deal of seed {seed}", seed=str(seed)),
            )
            if found:
                raise PositionError(
                    msg("the start is not the deal its seed makes: {difference}", difference=found)
                )
        elif beginner and not made.BEGINNER:
            raise PositionError(msg("the {kind} has no beginner variant", kind=made.__name__))
        game = made.__new__(made)
        game.seed, game.beginner = data["seed"], data["beginner"]
        game._start = _plain(start)
        game._restore(game._start)
        game._replay_checked(_read_actions(data["history"], "history"), _read_actions(data["redo"], "redo"))
        if "position" in data:
            found = first_difference(data["position"], _plain(game._position()), "position")
            if found:
                raise PositionError(
                    msg("the saved position does not match its history: {difference}", difference=found)
                )
        return game

    def _replay_checked(self, history: list[Action], redo: list[Action]) -> None:
        """Play ``history`` from the start and keep ``redo`` once it is known to replay too."""
        for n, action in enumerate(history):
            try:
                self.play(action)
            except IllegalMove as err:
                raise PositionError(
                    msg(
                        "history[{n}] ({action}) cannot be played: {error}",
                        n=str(n),
                        action=_action_words(action),
                        error=err.message,
                    )
                ) from None
        trial = self.copy()
        for n in range(len(redo) - 1, -1, -1):  # the next action to redo is the last
            try:
                trial.play(redo[n])
            except IllegalMove as err:
                raise PositionError(
                    msg(
                        "redo[{n}] ({action}) cannot be played: {error}",
                        n=str(n),
                        action=_action_words(redo[n]),
                        error=err.message,
                    )
                ) from None
        self._redo = redo

    @classmethod
    def _check_extra(cls, snap: Mapping[str, Any], where: str) -> None:
        """Check the fields of ``EXTRA_FIELDS`` in a position (none here)."""

    def _position(self) -> dict[str, Any]:
        """The position as plain data: enough to rebuild it exactly."""
        return {
            "wheel": [None if t is None else t.id for t in self._wheel],
            "marker": self._marker,
            "draw_pile": [t.id for t in self._pile],
            "players": [
                {
                    "name": p.name,
                    "supply": p.supply,
                    "tokens": p.tokens,
                    "time": p.time,
                    "arrival": p.arrival,
                    "board": [[t.id, x, y] for (x, y), t in p.board.tiles.items()],
                    "covered": sorted([x, y, i] for x, y, i in p._covered),
                }
                for p in self._players
            ],
            "events": [_lists(e) for e in self._events],
            **self._extra_position(),
        }

    def _extra_position(self) -> dict[str, Any]:
        return {}

    def _restore(self, snap: Mapping[str, Any]) -> None:
        """Rebuild the position ``snap`` describes (checked by ``check_position`` first)."""
        players = []
        for p in snap["players"]:
            player = Player(p["name"], p["supply"], p["arrival"])
            player._tokens, player._time = p["tokens"], p["time"]
            player._board = Board((tile(tid), (x, y)) for tid, x, y in p["board"])._for_game()
            player._covered = frozenset((x, y, i) for x, y, i in p["covered"])
            players.append(player)
        self._reset(
            wheel=[None if tid is None else tile(tid) for tid in snap["wheel"]],
            marker=snap["marker"],
            pile=[tile(tid) for tid in snap["draw_pile"]],
            players=players,
        )
        self._events = [_tuples(e) for e in snap["events"]]
        self._restore_extra(snap)
        self._settle_start()

    def _restore_extra(self, snap: Mapping[str, Any]) -> None:
        return None

    def _copy_extra(self, other: Game) -> None:
        """Give ``other``, a copy being made, the fields of this kind of game that ``copy`` does not know."""

    def _settle_start(self) -> None:
        """Start a restored position as play would have reached it: over if a player has placed their
        last token, else the turn starts (a bare wheel is refilled, or the game ends)."""
        done = [i for i, p in enumerate(self._players) if p.tokens == 0]
        if done:
            self._finish("last token", done[0])
        else:
            self._start_turn()

    # -- save and load -------------------------------------------------------------------------
    def to_json(self, indent: int | None = None) -> str:
        """The game as a versioned save file (``snapshot()`` as JSON)."""
        return _hooks.to_json(self, indent)

    @classmethod
    def from_json(cls: type[_G], text: str | bytes) -> _G:
        """Load a game saved with ``to_json``; a damaged or hand-edited file raises ``SaveError``."""
        return _hooks.from_json(text, cls)

    # -- text ----------------------------------------------------------------------------------
    def __str__(self) -> str:
        return _hooks.game_str(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, object]:
        """A picture of the position for notebooks, trusted or not, exported HTML and GitHub."""
        return _hooks.mimebundle(self, include, exclude)

    def __repr__(self) -> str:
        state = (
            f"over, {self._players[self._over[1]].name} wins"
            if self._over
            else f"{self._players[self._current].name} to move"
        )
        return f"<Game {len(self._players)} players, seed {self.seed}, turn {self.turn}, {state}>"


Game.KINDS[Game.kind] = Game


#: The two ways a game ends, as the engine names them (``end_reason``) and in words.
END_REASONS: Final[dict[str, Message]] = {
    "last token": cmsg("the reason a game ended", "last token"),
    "no tile": cmsg("the reason a game ended", "no tile"),
}


def sheet_of(game: Game, lang: str | None = None) -> ScoreSheet:
    """``game.score_sheet(lang)`` of a game that keeps a score (``game.is_solo``), for a reader that
    has asked the game its kind and wants the sheet's figures."""
    sheet = game.score_sheet(lang)
    assert sheet is not None, f"a {game.kind} keeps no score sheet: ask is_solo first"
    return sheet


def track_of(game: Game) -> dict[int, list[int]]:
    """``game.moon_track()`` of a game that has one (``game.has_moon_track``), for a reader that has
    asked the game its kind and wants the stacks."""
    stacks = game.moon_track()
    assert stacks is not None, f"a {game.kind} has no moon track: ask has_moon_track first"
    return stacks


def _seats(low: int, high: int, given: int) -> Message:
    return msg(
        "Nova Luna is for {low}–{high} players (SoloGame for one), not {given}",
        low=low,
        high=high,
        given=given,
    )


def _action_words(action: Action) -> Value:
    """An action as the history shows it: a move in words, a word action as it is written."""
    return action.words() if isinstance(action, Move) else action


def _plain(value: Any) -> Any:
    """A deep copy as JSON would give it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def _lists(value: Any) -> Any:
    """The engine's tuples as the lists JSON holds (what ``_tuples`` reads back)."""
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples the engine logs."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
