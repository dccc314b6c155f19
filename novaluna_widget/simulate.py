"""Many games between bots, played in parallel, as one pandas table; win rates with confidence intervals.

Work goes through the standard ``concurrent.futures.Executor`` interface, so the same call runs on a
local process pool (the default), in this process (``ThreadPoolExecutor(1)``, e.g. for bots defined
in a notebook) or on a Dask cluster (``distributed.Client(...).get_executor()``). Every game's deal and
every bot's seed are derived from the master seed and the game's number alone, so the same seed gives
the same table whatever the executor and however many workers it has.

Every argument is checked before the first game, so a mistake costs no waiting. Ctrl-C or a bot's
failure cancels the games not yet started, on any executor; the default pool also ends the games under
way, so Ctrl-C returns at once. Ctrl-C is held while ``concurrent.futures`` holds its locks and acted on
between them (within ``_POLL`` seconds): raised inside them it could leave a lock taken for ever.

pandas and tqdm are imported only when a table is built, so worker processes stay light.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import os
import pickle
import random
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from numbers import Real
from types import FrameType
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from ._board import whole_number
from ._errors import quote
from ._game import END_REASONS, Game, Move, check_seed, sheet_of
from ._new_game import new_game
from ._tiles import COLOURS
from .bots import Bot, make_bot, play_game

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "ACTION_COLUMNS",
    "COLUMNS",
    "SOLO_COLUMNS",
    "BotSpec",
    "SimulationError",
    "Start",
    "StartError",
    "action_rows",
    "actions",
    "plot_summary",
    "resampled",
    "simulate",
    "summary",
    "wilson",
]

#: A bot for ``simulate``: its name in ``BOTS``, or a picklable callable taking ``seed=`` that makes one.
BotSpec = str | Callable[..., Bot]
#: Per player per game. ``game`` numbers the game in the run; ``deal`` numbers its deal: with ``rotate`` the
#: games of one deal (one per seating) share it, and ``summary`` counts each deal once in its intervals.
#: ``seed`` deals the game again (``new_game(players, seed=seed)``; from a ``start`` position:
#: ``resampled(start, seed)``), ``bot_seed`` makes the same bot again, ``bot_spec``
#: says which bot that is (``bot`` is its label); ``order`` is the seat's place in the turn order at the start
#: (0 moves first); ``turns_taken`` counts the tiles the seat took, ``game_turns`` those of all seats.
#: ``players``, ``beginner`` and ``master_seed`` say which run a row is from, so tables concatenate.
COLUMNS = [
    "game",
    "deal",
    "seed",
    "players",
    "beginner",
    "master_seed",
    "seat",
    "bot",
    "bot_spec",
    "bot_seed",
    "order",
    "rank",
    "winner",
    "tokens_left",
    "tiles",
    "total_time",
    "turns_taken",
    "game_turns",
    "end",
]
#: The per-action table's columns (``actions`` and ``simulate(..., log=True)``): one row per action, in the
#: order played. ``action`` numbers it in its game; ``seat`` acted; ``kind`` is take, refill or
#: end_phase_one; ``space`` to ``cost`` say which tile
#: was taken and ``x``, ``y`` where it went; ``tokens`` the tasks it fulfilled; ``time_before`` and
#: ``time_after`` the seat's place on the moon track; ``tokens_left`` its supply after; ``wheel_tiles`` the
#: tiles on the wheel before; ``next_seat`` who moves next (None at the end); ``again`` the same seat again;
#: ``refilled`` that the wheel was left bare and refilled from the draw pile before the next turn, as the
#: rules require (no action of its own).
ACTION_COLUMNS = [
    "game",
    "action",
    "seat",
    "kind",
    "space",
    "tile",
    "colour",
    "cost",
    "x",
    "y",
    "tokens",
    "time_before",
    "time_after",
    "tokens_left",
    "wheel_tiles",
    "next_seat",
    "again",
    "refilled",
]
#: Solo games add the score and its two records (lower is better).
SOLO_COLUMNS = [*COLUMNS, "score", "phase_one", "final"]
#: The games table's columns that hold no whole number.
_NOT_INT: Final = ("bot", "bot_spec", "winner", "beginner", "end")
#: The kinds of action, as the actions table's ``kind`` names them.
_KINDS: Final = ("take", "refill", "end_phase_one")
#: Seconds a terminated worker process may take to go before it is killed.
_GRACE = 1.0
#: Seconds between looks, while waiting for games, for a Ctrl-C held meanwhile.
_POLL = 0.05
#: What names the stream that shuffles a start's draw pile (``resampled``), apart from ``Random(seed)``.
_RESAMPLE: Final = b"novaluna_widget.simulate.resampled "
#: The seconds of play a chunk of games is sized to by default: an interrupted run loses the chunks under
#: way, and each chunk costs a round trip to a worker (a millisecond or so).
_CHUNK_SECONDS = 0.5
#: The most games in a chunk sized by default.
_MOST_IN_CHUNK = 50
#: The most chunks of games sent to the executor ahead of their results.
_AHEAD = 256

#: One game to play: its number, its deal's number, the deal's seed, and per seat the bot spec, its label and
#: its seed.
_Deal = tuple[int, int, int, tuple[tuple[BotSpec, str, int], ...]]
#: A position to play from (``simulate``'s ``start``): a game, or a callable that makes one from a seed.
Start = Game | Callable[[int], Game]


@dataclass(frozen=True)
class _Run:
    """What every game of a run shares, sent with each chunk of deals."""

    players: int
    beginner: bool
    master_seed: int
    start: Start | None
    log: bool


class SimulationError(RuntimeError):
    """A bot failed in ``simulate``, or could not be made: ``game`` (its number in the table), the deal's
    ``seed``, the ``seat``, the ``bot`` (its label) and ``bot_seed`` say where, so the game can be played
    again (``new_game(players, seed=seed)``); ``error`` is the bot's own error as text.

    Raised ``from`` that error: in this process (``ThreadPoolExecutor``) ``__cause__`` is the error
    itself; from a process pool ``concurrent.futures`` attaches the worker's traceback, which shows it.
    Every field is in ``args``, which unpickling passes back to the class, so the error crosses from a
    worker process intact.
    """

    def __init__(self, game: int, seed: int, seat: int, bot: str, bot_seed: int, error: str) -> None:
        super().__init__(game, seed, seat, bot, bot_seed, error)
        self.game, self.seed, self.seat, self.bot, self.bot_seed, self.error = (
            game,
            seed,
            seat,
            bot,
            bot_seed,
            error,
        )

    def __str__(self) -> str:
        return (
            f"game {self.game} (deal seed {self.seed}), seat {self.seat}, bot {quote(self.bot)} "
            f"(bot seed {self.bot_seed}): {self.error}"
        )


class StartError(SimulationError):
    """``simulate``'s ``start(seed)`` failed for one game, or made no position these bots can play from
    (not a game, a finished one, another number of seats): ``game`` and ``seed`` say which, so
    ``start(seed)`` can be called again; ``error`` says what went wrong. ``seat``, ``bot`` and
    ``bot_seed`` are None: no bot was involved. A ``SimulationError``, so one ``except`` catches both."""

    def __init__(self, game: int, seed: int, error: str) -> None:
        RuntimeError.__init__(self, game, seed, error)
        self.game, self.seed, self.error = game, seed, error
        self.seat = self.bot = self.bot_seed = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return f"game {self.game}: start({self.seed}) {self.error}"


def _interrupted(table: pd.DataFrame, actions: pd.DataFrame | None, total: int) -> KeyboardInterrupt:
    """The ``KeyboardInterrupt`` an interrupted run raises, with what finished: ``table`` (``finished`` of
    ``total`` games) and, with ``log=True``, their ``actions``. Python's own class, not a subclass: a
    script stopped by it still ends as Ctrl-C ends it (killed by SIGINT, as shells expect)."""
    finished = int(table["game"].nunique())
    error = KeyboardInterrupt(
        f"interrupted after {finished} of {total} games: the finished games' table is this error's .table "
        "(in a notebook: import sys; sys.last_value.table)"
    )
    vars(error).update(table=table, actions=actions, finished=finished, total=total)
    return error


@overload
def simulate(
    n_games: int,
    bots: Sequence[BotSpec] | Mapping[str, BotSpec] = ...,
    seed: int | None = ...,
    beginner: bool = ...,
    executor: Executor | None = ...,
    progress: bool = ...,
    *,
    rotate: bool | None = ...,
    chunksize: int | None = ...,
    workers: int | None = ...,
    start: Start | None = ...,
    log: Literal[False] = ...,
) -> pd.DataFrame: ...
@overload
def simulate(
    n_games: int,
    bots: Sequence[BotSpec] | Mapping[str, BotSpec] = ...,
    seed: int | None = ...,
    beginner: bool = ...,
    executor: Executor | None = ...,
    progress: bool = ...,
    *,
    rotate: bool | None = ...,
    chunksize: int | None = ...,
    workers: int | None = ...,
    start: Start | None = ...,
    log: Literal[True],
) -> tuple[pd.DataFrame, pd.DataFrame]: ...
def simulate(
    n_games: int,
    bots: Sequence[BotSpec] | Mapping[str, BotSpec] = ("greedy", "greedy"),
    seed: int | None = None,
    beginner: bool = False,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    rotate: bool | None = None,
    chunksize: int | None = None,
    workers: int | None = None,
    start: Start | None = None,
    log: bool = False,
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``n_games`` games, one seat per bot (one bot: solo games); one row per player per game
    (``COLUMNS``); with ``log=True`` also one row per action (``ACTION_COLUMNS``): ``games, actions =``.

    ``bots`` are names from ``BOTS`` or callables taking ``seed=`` (picklable for process pools: a
    class or ``functools.partial(SearchBot, nodes=2000)``); a mapping gives them labels. ``seed`` is
    the master seed (0 to 2**64 - 1; None draws one). With ``rotate`` (the default for fresh deals)
    each deal is played once per seat
    arrangement, the bots shifted one seat each time, so no bot profits from a lucky deal or seat; the
    games of a deal share its ``deal`` number, and ``summary`` counts each deal once in its intervals.
    Between equal bots the games of a deal are often the same game: play such mirror matches with
    ``rotate=False`` (a warning says so).

    ``start`` plays every game from a position instead of a fresh deal: a game (``scenario.position``, a
    game in progress) or a picklable callable making one from a seed. Each game gets the position with
    its face-down draw pile shuffled anew (the hidden order is not known, as the search bot assumes), by
    the game's ``seed`` on a stream of its own, so the order is uniform whatever the callable does with the
    seed; one bot per seat of the position (so ``rotate`` is off, and ``rotate=True`` is refused), and the
    table counts the play-out only. A callable is called for every game: one that fails, or makes no
    position for these bots, raises ``StartError`` naming the game and its seed.

    ``executor`` defaults to a process pool of ``workers`` processes (all cores by default); an executor
    you pass is used and left open. ``chunksize`` games go to a worker at once; by default as many as
    take about half a second, by the time the games so far took (one at a time until the first are back),
    so an interrupted run loses at most that much work a worker.

    Bad arguments raise ``TypeError`` or ``ValueError`` before any game is played; a bot that fails
    raises ``SimulationError`` naming the game, and the games not yet started are cancelled. Ctrl-C
    (the kernel's Interrupt) cancels them too, ends the default pool's workers, games under way and all,
    and raises ``KeyboardInterrupt`` holding the games that finished: its ``table`` (``finished`` of
    ``total`` games; with ``log=True`` also ``actions``), in a notebook ``sys.last_value.table``. Games
    are dealt as they are sent to the executor, and the progress bar shows from the start.

    A bot is handed a copy of the game to choose on (as the widget does), never the game itself. There
    is no time limit on a bot's move: one that never answers is stopped by Ctrl-C, at once on the
    default pool; on a ``ThreadPoolExecutor`` its thread cannot be stopped, and only a restart of the
    process (the notebook's kernel) ends it.

    On a Dask cluster (``pip install "dask[distributed]"``), from a script (worker processes import it,
    hence the guard)::

        from distributed import Client, LocalCluster

        if __name__ == "__main__":
            with LocalCluster(processes=True) as cluster, Client(cluster) as client:
                df = simulate(10_000, ["search", "greedy"], seed=1, executor=client.get_executor())
    """
    n_games = _whole("n_games", n_games, least=0)
    seats = _labelled(bots)
    seed = check_seed(seed)
    for name, flag in (
        ("beginner", beginner),
        ("progress", progress),
        ("log", log),
    ):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {quote(flag)}")
    if rotate is None:
        rotate = start is None
    elif not isinstance(rotate, bool):
        raise TypeError(f"rotate must be True, False or None (the default), not {quote(rotate)}")
    elif rotate and start is not None:
        raise ValueError(
            "rotate=True shifts the bots from seat to seat, but a start position has one bot per seat: "
            "leave rotate out (off with start), or to swap seats play again with the bots reordered"
        )
    if beginner and len(seats) == 1:
        raise ValueError("the solo game has no beginner variant")
    if start is not None:
        _check_start(start, len(seats), beginner, seed)
    size = None if chunksize is None else _whole("chunksize", chunksize)
    if workers is not None:
        workers = _whole("workers", workers)
        if executor is not None:
            raise ValueError("workers sizes the default process pool; an executor passed in has its own")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(
            "executor must be a concurrent.futures.Executor (ThreadPoolExecutor(1), a "
            "ProcessPoolExecutor, a Dask client's get_executor()) or None for a process pool, "
            f"not {quote(executor)}"
        )
    if executor is None or isinstance(executor, ProcessPoolExecutor):
        _check_picklable(seats, start)
    if rotate and len(seats) > 1 and len({_spec_words(spec) for spec, _ in seats}) == 1:
        warnings.warn(
            "every seat plays the same bot: with rotate=True each deal is played once per seating, which "
            "between equal bots is often the same game again; summary counts each deal once, so "
            "rotate=False gives more information per game played",
            stacklevel=2,
        )
    run = _Run(len(seats), beginner, seed, start, log)
    chunks = _Chunks(n_games, seed, seats, rotate, size)
    results: dict[int, list[_Played]] = {}
    try:
        with _ctrl_c_held() as ctrl_c:
            if executor is not None:
                _run(chunks, run, executor, progress, n_games, ctrl_c, results)
            else:
                pool = ProcessPoolExecutor(
                    max(1, min(workers or os.cpu_count() or 1, math.ceil(n_games / (size or 1)))),
                    initializer=_worker_setup,
                    initargs=(os.getpid(),),
                )
                try:
                    _run(chunks, run, pool, progress, n_games, ctrl_c, results)
                except BaseException:
                    _stop(pool)
                    raise
                pool.shutdown()
    except KeyboardInterrupt:
        games, actions = _tables(results, solo=len(seats) == 1)
        # from None: where the Ctrl-C landed tells nothing, and one traceback is enough
        raise _interrupted(games, actions if log else None, n_games) from None
    games, actions = _tables(results, solo=len(seats) == 1)
    return (games, actions) if log else games


def _whole(name: str, value: object, least: int = 1) -> int:
    """``value`` as an int of at least ``least`` (numpy integers too, bools not), else an error naming
    the argument and what it may be."""
    number = whole_number(value)
    if number is None:
        raise TypeError(f"{name} must be a whole number, {least} or more, not {quote(value)}")
    if number < least:
        raise ValueError(f"{name} must be {least} or more, not {number}")
    return number


def _labelled(bots: object) -> list[tuple[BotSpec, str]]:
    """Each seat's bot spec and label (a name, the mapping's key, or the made bot's ``name``)."""
    if isinstance(bots, Mapping):
        pairs = [(spec, str(label)) for label, spec in bots.items()]
    elif isinstance(bots, (str, bytes)):
        raise TypeError(f"bots is a list of bots, one per seat, not the string {quote(bots)}")
    elif isinstance(bots, Sequence):
        pairs = [(spec, spec if isinstance(spec, str) else "") for spec in bots]
    else:  # a set or a generator has no seat order to keep, or none that repeats
        raise TypeError(
            f"bots is a list of bots, one per seat, or a mapping of labels to bots, not {quote(bots)}"
        )
    if not 1 <= len(pairs) <= 4:
        raise ValueError(f"Nova Luna seats 1 (solo) to 4 players; {len(pairs)} bots given")
    for spec, _ in pairs:
        if isinstance(spec, str):
            make_bot(spec)  # unknown names fail here, not in a worker
        elif not callable(spec):
            raise TypeError(
                f"a bot is a name or a callable taking seed= that makes one (such as a bot "
                f"class), not {quote(spec)}"
            )
    return pairs


def _spec_words(spec: BotSpec) -> str:
    """A bot spec as the table's ``bot_spec`` shows it: ``greedy``, ``SearchBot(nodes=2000)``."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):
        given = [repr(a) for a in spec.args] + [f"{k}={v!r}" for k, v in spec.keywords.items()]
        return f"{_spec_words(spec.func)}({', '.join(given)})"
    return str(getattr(spec, "__qualname__", None) or repr(spec))


def _check_start(start: object, players: int, beginner: bool, seed: int) -> None:
    """Refuse, before any game, a start that is no position for these bots (a callable is tried here on
    a seed of its own, and again on every game's seed as it is played)."""
    if beginner:
        raise ValueError("beginner deals fresh games; a start position has its own supplies")
    if isinstance(start, Game):
        if problem := _unplayable(start, players):
            raise ValueError(f"start {problem}")
    elif callable(start):
        trial = _derive(seed, "start check")
        game = start(trial)
        if not isinstance(game, Game):
            raise TypeError(f"start(seed) must return a game, not {quote(game)}")
        if problem := _unplayable(game, players):
            raise ValueError(f"start({trial}) {problem}")
    else:
        raise TypeError(
            "start is a game (such as scenario.position(...)) or a callable making one from a seed, "
            f"not {quote(start)}"
        )


def _unplayable(game: Game, players: int) -> str | None:
    """What makes ``game`` no position for ``players`` bots to play from, or None."""
    if game.is_over:
        return "is a finished game: there is nothing left to play"
    if len(game.players) != players:
        return f"has {len(game.players)} players and {players} bots are given: one bot per seat"
    return None


def _started(start: Callable[[int], Game], g: int, seed: int, players: int) -> Game:
    """``start(seed)`` for game ``g``, checked as the first one was: else ``StartError`` naming the game."""
    try:
        game = start(seed)
    except Exception as err:
        raise StartError(g, seed, f"failed: {type(err).__name__}: {err}") from err
    if not isinstance(game, Game):
        raise StartError(g, seed, f"must return a game, not {quote(game)}")
    if problem := _unplayable(game, players):
        raise StartError(g, seed, problem)
    return game


def _check_picklable(seats: list[tuple[BotSpec, str]], start: Start | None) -> None:
    """Refuse, before any game, a bot or start a process pool cannot send to its workers: the pool's own
    error would come late, without naming the bot or saying what to do."""
    for spec, label in seats:
        try:
            pickle.dumps(spec)
        except Exception as err:  # PicklingError, AttributeError or TypeError, by what is in the way
            raise TypeError(
                f"bot {label or quote(spec)} cannot be sent to worker processes ({err}): make it a class or "
                "a functools.partial defined in a module, or play in this process with "
                "executor=ThreadPoolExecutor(1)"
            ) from err
    try:
        pickle.dumps(start)
    except Exception as err:
        raise TypeError(
            f"start cannot be sent to worker processes ({err}): pass a game, or a function defined in a "
            "module, or play in this process with executor=ThreadPoolExecutor(1)"
        ) from err


def _derive(*path: object) -> int:
    """A 32-bit seed from a path such as (master seed, "deal", 7): stable across processes and runs."""
    digest = hashlib.blake2b(repr(path).encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def _deal(seed: int, g: int, seats: list[tuple[BotSpec, str]], rotate: bool) -> _Deal:
    n = len(seats)
    shift = g % n if rotate else 0
    block = g // n if rotate else g
    order = seats[-shift:] + seats[:-shift] if shift else seats
    return (
        g,
        block,
        _derive(seed, "deal", block),
        tuple((spec, label, _derive(seed, "bot", g, seat)) for seat, (spec, label) in enumerate(order)),
    )


def _worker_setup(parent: int) -> None:
    """In each worker of the default pool: Ctrl-C reaches the whole process group, and the parent ends
    the workers itself; left alone, an idle worker would print a KeyboardInterrupt traceback. SIGTERM,
    by which the parent ends them, ends them at once, whatever handler they inherited from it (the
    command line's turns SIGTERM into Ctrl-C, which a worker ignores). On Linux a worker also ends with
    its parent, however that ends (``kill``, ``kill -9``): it would otherwise play on, unseen, until its
    queued games were done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform == "linux":
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
        if os.getppid() != parent:  # the parent went before the wish was made
            os._exit(1)


@contextmanager
def _ctrl_c_held() -> Iterator[Callable[[], None]]:
    """Hold Ctrl-C (SIGINT) and yield a call that acts on it, by the handler that was in place (Python's
    raises ``KeyboardInterrupt``, so does a Jupyter kernel's), at a point of our choosing. Raised where
    it lands, it can land while ``concurrent.futures`` has taken some of the futures' locks one by one
    (``wait`` and ``as_completed`` do): nothing releases them, the pool's manager thread waits for them
    for ever, and so does the interpreter's exit, which joins that thread. Held only where Python runs
    handlers (the main thread) and only if one is set (not where SIGINT is ignored); a Ctrl-C held
    during the last shutdown is acted on once it is over."""
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous) or threading.current_thread() is not threading.main_thread():
        yield lambda: None
        return
    held: list[tuple[int, FrameType | None]] = []

    def act() -> None:
        if held:
            signum, frame = held[0]
            held.clear()
            previous(signum, frame)

    signal.signal(signal.SIGINT, lambda signum, frame: held.append((signum, frame)))
    try:
        yield act
    finally:
        signal.signal(signal.SIGINT, previous)
    act()


#: One game played: its rows in the games table and, with ``log=True``, in the actions table.
_Played = tuple[list[dict[str, Any]], list[dict[str, Any]]]


class _Chunks(Iterator[list[_Deal]]):
    """The deals of a run, made as they are sent (a billion deals made first would take all memory and
    show no progress), in chunks of ``size`` games or, with None, of about ``_CHUNK_SECONDS`` of play each
    by the time the games back so far took (``took``): one game a chunk until the first are back."""

    def __init__(
        self, n_games: int, seed: int, seats: list[tuple[BotSpec, str]], rotate: bool, size: int | None
    ) -> None:
        self._n_games, self._seed, self._seats, self._rotate, self._size = n_games, seed, seats, rotate, size
        self._first = 0  # the next chunk's first game
        self._games, self._seconds = 0, 0.0  # played so far, and the time they took

    def took(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` came back after ``seconds`` of play."""
        self._games += games
        self._seconds += seconds

    def __next__(self) -> list[_Deal]:
        first = self._first
        if first >= self._n_games:
            raise StopIteration
        size = self._size
        if size is None:
            per_game = self._seconds / self._games if self._games else math.inf
            size = max(1, min(_MOST_IN_CHUNK, int(_CHUNK_SECONDS / max(per_game, 1e-6))))
        self._first = min(first + size, self._n_games)
        return [_deal(self._seed, g, self._seats, self._rotate) for g in range(first, self._first)]


def _run(
    chunks: _Chunks,
    run: _Run,
    executor: Executor,
    progress: bool,
    total: int,
    ctrl_c: Callable[[], None],
    results: dict[int, list[_Played]],
) -> None:
    """Play the chunks on ``executor``, keeping each finished chunk in ``results`` by its number (so an
    interrupted run keeps what finished), and acting on a held Ctrl-C (``ctrl_c``) while waiting. At
    most ``_AHEAD`` chunks are sent ahead of the results, so the work waiting in a queue stays small
    however many games are asked for. On Ctrl-C or the first failure the chunks not started yet are
    cancelled, whoever owns the executor, before the error goes on."""
    from tqdm.auto import tqdm

    futures: dict[Future[tuple[list[_Played], float]], int] = {}  # the chunks sent and not done yet
    numbered = enumerate(chunks)
    try:
        with tqdm(total=total, unit="game", disable=not progress) as bar:
            while True:
                for n, chunk in itertools.islice(numbered, _AHEAD - len(futures)):
                    futures[executor.submit(_play_chunk, chunk, run)] = n
                if not futures:
                    break
                ctrl_c()
                done, _ = wait(futures, timeout=_POLL, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=futures.__getitem__):  # the first game's failure first
                    played, seconds = future.result()
                    results[futures.pop(future)] = played
                    chunks.took(len(played), seconds)
                    bar.update(len(played))
    except BaseException as error:  # the games still to come are of no use now
        for future in futures:
            future.cancel()
        if isinstance(error, KeyboardInterrupt):  # the chunks that finished meanwhile are kept too
            for future, n in futures.items():
                if future.done() and not future.cancelled() and future.exception() is None:
                    results[n] = future.result()[0]
        raise


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the default pool now, games under way and all, as ``ProcessPoolExecutor.terminate_workers``
    (Python 3.14) does: ``shutdown`` would first finish every chunk a worker holds or has queued, which
    can take minutes. The pool's manager thread sees the workers go and cleans up after them."""
    workers = list(pool._processes.values())  # shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:  # reaped here, so none outlives the call
        worker.join(_GRACE)
        if worker.is_alive():  # a SIGTERM handler inherited from the parent kept it
            worker.kill()
            worker.join()


def _play_chunk(deals: Iterable[_Deal], run: _Run) -> tuple[list[_Played], float]:
    """Play some deals and return their rows and the seconds they took (what each worker runs)."""
    began = time.perf_counter()
    played = [_play(deal, run) for deal in deals]
    return played, time.perf_counter() - began


def _setup(deal: _Deal, run: _Run) -> Game:
    """The game a deal starts from: a fresh deal, or the start position with its draw pile shuffled."""
    g, _, seed, seats = deal
    if run.start is None:
        return new_game(len(seats), seed=seed, beginner=run.beginner)
    start = run.start if isinstance(run.start, Game) else _started(run.start, g, seed, len(seats))
    return resampled(start, seed)


def resampled(start: Game, seed: int) -> Game:
    """A new game whose start is ``start``'s position with the face-down draw pile shuffled by ``seed``:
    what ``simulate(..., start=start)`` plays from for a row's ``seed`` (from a callable:
    ``resampled(start(seed), seed)``). Its history begins there, so its log, undo and actions table hold
    the play-out alone (a start with a log would be checked as the deal of its seed, which a shuffled pile
    is not).

    The shuffle's stream is the seed's under a name of its own, never ``random.Random(seed)``: a position
    made by ``seed`` (``scenario.position(..., seed=seed)``) has its pile shuffled by that stream, and
    shuffling it again by the same one would give only some orders (the same permutation twice is an even
    one), never all alike."""
    data = start.snapshot()
    position = dict(data["position"])
    pile = list(position["draw_pile"])
    random.Random(_RESAMPLE + check_seed(seed).to_bytes(8, "big")).shuffle(pile)
    fresh = {
        "kind": data["kind"],
        "seed": data["seed"],
        "beginner": data["beginner"],
        "history": [],
        "redo": [],
    }
    return type(start).from_snapshot(fresh | {"start": position | {"draw_pile": pile, "events": []}})


def _play(deal: _Deal, run: _Run) -> _Played:
    """Play one deal; a bot that fails (or cannot be made) raises ``SimulationError`` naming its seat."""
    g, block, seed, seats = deal
    game = _setup(deal, run)
    first = game.turn_order()
    bots: list[Bot] = []
    labels: list[str] = []
    try:
        for spec, label, bot_seed in seats:
            bot = make_bot(spec, seed=bot_seed) if isinstance(spec, str) else spec(seed=bot_seed)
            labels.append(label or bot.name)
            bots.append(bot)
        play_game(game, bots)
    except Exception as err:
        # The seat whose bot could not be made, else the one asked to move when the error came.
        seat = len(labels) if len(labels) < len(seats) else game.current_player
        spec, label, bot_seed = seats[seat]
        name = labels[seat] if seat < len(labels) else label or quote(spec)
        raise SimulationError(g, seed, seat, name, bot_seed, f"{type(err).__name__}: {err}") from err
    actions = action_rows(game)
    taken = [0] * len(seats)
    for row in actions:
        if row["kind"] == "take":
            taken[row["seat"]] += 1
    ranking = game.ranking()
    rows = []
    for seat, (player, label, (spec, _, bot_seed)) in enumerate(
        zip(game.players, labels, seats, strict=True)
    ):
        row = {
            "game": g,
            "deal": block,
            "seed": seed,
            "players": len(seats),
            "beginner": run.beginner,
            "master_seed": run.master_seed,
            "seat": seat,
            "bot": label,
            "bot_spec": _spec_words(spec),
            "bot_seed": bot_seed,
            "order": first.index(seat),
            "rank": ranking.index(seat) + 1,
            "winner": game.winner == seat,
            "tokens_left": player.tokens,
            "tiles": len(player.board),
            "total_time": player.time,
            "turns_taken": taken[seat],
            "game_turns": sum(taken),
            "end": game.end_reason,
        }
        if game.is_solo:
            sheet = sheet_of(game)
            row |= {"score": sheet["total"], "phase_one": sheet["phase_one"], "final": sheet["final"]}
        rows.append(row)
    return rows, ([{"game": g, **a} for a in actions] if run.log else [])


def action_rows(game: Game) -> list[dict[str, Any]]:
    """The per-action rows of ``game`` (``ACTION_COLUMNS`` but ``game``): its actions replayed, through the
    public API, from its start position."""
    snapshot = {key: value for key, value in game.snapshot().items() if key != "position"}
    replay = type(game).from_snapshot({**snapshot, "history": [], "redo": []})
    rows = []
    for n, action in enumerate(game.history):
        seat = replay.current_player
        player = replay.players[seat]
        time_before, on_wheel = player.time, replay.tiles_on_wheel()
        tile = replay.wheel[action.space] if isinstance(action, Move) else None
        covered = replay.play(action)
        refilled = isinstance(action, Move) and replay.tiles_on_wheel() > on_wheel - 1
        rows.append(
            {
                "action": n,
                "seat": seat,
                "kind": "take" if isinstance(action, Move) else str(action),
                "space": action.space if isinstance(action, Move) else None,
                "tile": tile.id if tile else None,
                "colour": tile.colour if tile else None,
                "cost": tile.cost if tile else None,
                "x": action.cell[0] if isinstance(action, Move) else None,
                "y": action.cell[1] if isinstance(action, Move) else None,
                "tokens": len(covered),
                "time_before": time_before,
                "time_after": player.time,
                "tokens_left": player.tokens,
                "wheel_tiles": on_wheel,
                "next_seat": None if replay.is_over else replay.current_player,
                "again": not replay.is_over and replay.current_player == seat,
                "refilled": refilled,
            }
        )
    return rows


def actions(game: Game) -> pd.DataFrame:
    """One row per action of ``game`` in the order played (``ACTION_COLUMNS``, ``game`` always 0): a tidy
    table to group by seat, kind, colour or cost, e.g. ``actions(g).groupby("seat")["tokens"].sum()``."""
    if not isinstance(game, Game):
        raise TypeError(f"actions takes a game (a Game or SoloGame), not {quote(game)}")
    return _action_table([{"game": 0, **row} for row in action_rows(game)])


def _action_table(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The actions table of ``rows``, each column of one dtype however many rows (none included)."""
    import pandas as pd

    table = pd.DataFrame(rows, columns=ACTION_COLUMNS)
    kinds: dict[str, Any] = {c: "int64" for c in ACTION_COLUMNS}
    kinds |= {c: "Int64" for c in ("space", "cost", "x", "y", "next_seat")}  # None where no tile was taken
    kinds |= {"tile": object, "again": bool, "refilled": bool}
    kinds |= {"kind": pd.CategoricalDtype(list(_KINDS)), "colour": pd.CategoricalDtype(list(COLOURS))}
    return table.astype(kinds)


def _tables(results: dict[int, list[_Played]], solo: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The games table and the actions table of the chunks in ``results``, in game order, with the same
    dtypes however many games there are (none included)."""
    import pandas as pd

    played = [p for n in sorted(results) for p in results[n]]
    games = pd.DataFrame(
        [row for rows, _ in played for row in rows], columns=SOLO_COLUMNS if solo else COLUMNS
    )
    kinds = {c: "int64" for c in games.columns if c not in _NOT_INT} | {"master_seed": "uint64"}
    ends = pd.CategoricalDtype(list(END_REASONS))
    games = games.astype(
        kinds | {"bot": object, "bot_spec": object, "winner": bool, "beginner": bool, "end": ends}
    )
    return games, _action_table([row for _, rows in played for row in rows])


# -- summaries -----------------------------------------------------------------------------------
def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95 % by default): sound near 0 and 1 and for
    few games, unlike the plain normal interval."""
    n = _whole("n", n, least=0)
    wins = _whole("wins", wins, least=0)
    if wins > n:
        raise ValueError(f"wins must be at most n: {wins} wins out of {n}")
    if isinstance(z, bool) or not isinstance(z, Real):
        raise TypeError(f"z must be a number above 0 (1.96 for 95 %), not {quote(z)}")
    if not z > 0:  # NaN is not above 0 either
        raise ValueError(f"z must be a number above 0 (1.96 for 95 %), not {z}")
    return (0.0, 1.0) if n == 0 else _wilson(wins / n, n, float(z))


def summary(df: pd.DataFrame, by: str | Sequence[str] = "bot") -> pd.DataFrame:
    """Win rates with 95 % intervals from a ``simulate`` table, grouped as pandas ``groupby(by)`` groups:
    ``by=["players", "order"]`` gives one row per pair of values (a MultiIndex), and the index keeps the
    columns' own values (``.loc[0]`` for seat 0).

    Columns: games, deals, wins, win_rate, ci_low, ci_high, mean_rank, mean_tokens_left (and mean_score,
    solo). The games of one deal (``deal``: the same deal played once per seating) are not independent
    (between equal bots they are often the same game), so the interval counts deals, not games: a Wilson
    interval on the effective number of games (Kish's design effect, from the variance of the win rate
    with deals as clusters), never narrower than the plain Wilson interval on the games. A table without
    a ``deal`` column (made before it existed) counts each game as its own deal.
    """
    import pandas as pd

    if not isinstance(df, pd.DataFrame):
        raise TypeError(f"summary takes a simulate table (a pandas DataFrame), not {quote(df)}")
    columns = [by] if isinstance(by, str) else list(by)
    if not columns:
        raise ValueError("by names the columns to group by, at least one (such as 'bot' or 'seat')")
    if missing := [c for c in ["winner", "rank", "tokens_left", *columns] if c not in df.columns]:
        raise ValueError(
            f"the table has no column {quote(missing[0])}; summary takes a simulate table and "
            f"groups by its columns ({', '.join(map(str, df.columns))})"
        )
    deal = df["deal"] if "deal" in df.columns else df["game"] if "game" in df.columns else df.index
    data = df.assign(_deal=deal.to_numpy(), _wins=df["winner"].astype(int))
    grouped = data.groupby(columns, sort=True, observed=True)
    table = pd.DataFrame(
        {
            "games": grouped.size(),
            "deals": grouped["_deal"].nunique(),
            "wins": grouped["_wins"].sum(),
            "mean_rank": grouped["rank"].mean(),
            "mean_tokens_left": grouped["tokens_left"].mean(),
        }
    )
    if "score" in df:
        table["mean_score"] = grouped["score"].mean()
    table.insert(3, "win_rate", table["wins"] / table["games"])
    bounds = [_clustered(part["_wins"], part["_deal"]) for _, part in grouped]
    table.insert(4, "ci_low", [b[0] for b in bounds])
    table.insert(5, "ci_high", [b[1] for b in bounds])
    return table.astype({"games": "int64", "deals": "int64", "wins": "int64"})


def _clustered(wins: pd.Series, deals: pd.Series) -> tuple[float, float]:
    """The 95 % interval of a win rate whose games come in clusters (``deals``): Wilson's on the effective
    number of games ``n / deff``, where the design effect ``deff`` is the cluster-robust variance of the
    rate over the variance it would have from independent games (both with their small-sample factor,
    so one game a deal gives ``deff`` 1 exactly); ``deff`` below 1 is taken as 1."""
    n = len(wins)
    if n == 0:
        return (0.0, 1.0)
    p = float(wins.mean())
    totals = wins.groupby(deals.to_numpy()).agg(["sum", "size"])
    k = len(totals)
    plain = p * (1 - p) / (n - 1) if n > 1 else 0.0
    if k < 2 or plain == 0:  # no spread to measure (one deal, or every game went one way): count deals
        effective = float(k)
    else:
        robust = k / (k - 1) * float(((totals["sum"] - p * totals["size"]) ** 2).sum()) / n**2
        effective = n / max(1.0, robust / plain)
    return _wilson(p, effective)


def _wilson(p: float, n: float, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's interval for a rate ``p`` from ``n`` (not necessarily whole) games; it holds ``p`` (which
    rounding could put a hair outside at 0 or 1)."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def plot_summary(table: pd.DataFrame, ax: Any = None, *, title: str | None = None) -> Any:
    """A ``summary`` table drawn: each group's win rate as a dot with its 95 % interval as a bar, one row
    per group (a MultiIndex's values joined), and 1 / players as a dashed line where the table says how
    many play. Returns the matplotlib axes (``ax``, or a new figure's)."""
    if missing := [c for c in ("win_rate", "ci_low", "ci_high") if c not in table.columns]:
        raise ValueError(f"plot_summary takes a summary table; this one has no column {quote(missing[0])}")
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.45 * len(table) + 1.2))
    names = [" · ".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in table.index]
    rows = range(len(table))
    rate = table["win_rate"].to_numpy()
    errors = [rate - table["ci_low"].to_numpy(), table["ci_high"].to_numpy() - rate]
    ax.errorbar(rate, rows, xerr=errors, fmt="o", capsize=4)
    ax.set_yticks(list(rows), names)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95 % interval)")
    ax.set_ylabel(" · ".join(str(n) for n in table.index.names if n is not None))
    if title:
        ax.set_title(title)
    return ax
