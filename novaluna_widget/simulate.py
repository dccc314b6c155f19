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

import hashlib
import itertools
import math
import os
import pickle
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from numbers import Real
from types import FrameType
from typing import TYPE_CHECKING, Any

from .board import whole_number
from .bots import Bot, make_bot, play_game
from .errors import quote
from .game import check_seed, sheet_of
from .kinds import new_game

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMNS", "SOLO_COLUMNS", "BotSpec", "SimulationError", "simulate", "summary", "wilson"]

#: A bot for ``simulate``: its name in ``BOTS``, or a picklable callable taking ``seed=`` that makes one.
BotSpec = str | Callable[..., Bot]
#: Per player per game. ``seed`` deals the game again (``Game(n, seed=seed)``), ``bot_seed`` makes the
#: same bot again; ``order`` is the seat's place in the start stack's turn order (0 moves first).
COLUMNS = [
    "game",
    "seed",
    "seat",
    "bot",
    "bot_seed",
    "order",
    "rank",
    "winner",
    "tokens_left",
    "tiles",
    "total_time",
    "turns",
    "end",
]
#: Solo games add the score and its two records (lower is better).
SOLO_COLUMNS = [*COLUMNS, "score", "phase_one", "final"]
#: Seconds a terminated worker process may take to go before it is killed.
_GRACE = 1.0
#: Seconds between looks, while waiting for games, for a Ctrl-C held meanwhile.
_POLL = 0.05
#: The most chunks of games sent to the executor ahead of their results.
_AHEAD = 256

#: One game to play: its number, the deal's seed, and per seat the bot spec, its label and its seed.
_Deal = tuple[int, int, tuple[tuple[BotSpec, str, int], ...]]


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


def simulate(
    n_games: int,
    bots: Sequence[BotSpec] | Mapping[str, BotSpec] = ("greedy", "greedy"),
    seed: int | None = None,
    beginner: bool = False,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    rotate: bool = True,
    chunksize: int | None = None,
    workers: int | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` games, one seat per bot (one bot: solo games); one row per player per game.

    ``bots`` are names from ``BOTS`` or callables taking ``seed=`` (picklable for process pools: a
    class or ``functools.partial(SearchBot, nodes=2000)``); a mapping gives them labels. ``seed`` is
    the master seed (0 to 2**64 - 1; None draws one). With ``rotate`` each deal is played once per seat
    arrangement, the bots shifted one seat each time, so no bot profits from a lucky deal or seat.
    ``executor`` defaults to a process pool of ``workers`` processes (all cores by default); an executor
    you pass is used and left open. ``chunksize`` games go to a worker at once.

    Bad arguments raise ``TypeError`` or ``ValueError`` before any game is played; a bot that fails
    raises ``SimulationError`` naming the game, and the games not yet started are cancelled (so is
    everything on Ctrl-C). The default pool then also ends its workers, games under way and all.
    Games are dealt as they are sent to the executor, and the progress bar shows from the start.

    A bot is handed a copy of the game to choose on (as the widget does), never the game itself. There
    is no time limit on a bot's move: one that never answers is stopped by Ctrl-C, at once on the
    default pool; on a ``ThreadPoolExecutor`` its thread cannot be stopped, and only a restart of the
    process (the notebook's kernel) ends it.

    On a Dask cluster (``pip install "dask[distributed]"``)::

        from distributed import Client
        with Client("tcp://scheduler:8786") as client:   # or Client() for a local cluster
            df = simulate(10_000, ["search", "greedy"], seed=1, executor=client.get_executor())
    """
    n_games = _whole("n_games", n_games, least=0)
    seats = _labelled(bots)
    seed = check_seed(seed)
    for name, flag in (("beginner", beginner), ("progress", progress), ("rotate", rotate)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {quote(flag)}")
    if beginner and len(seats) == 1:
        raise ValueError("the solo game has no beginner variant")
    size = max(1, min(50, math.ceil(n_games / 32))) if chunksize is None else _whole("chunksize", chunksize)
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
        _check_picklable(seats)
    chunks = (
        [_deal(seed, g, seats, rotate) for g in range(start, min(start + size, n_games))]
        for start in range(0, n_games, size)
    )  # made as they are sent: a billion deals made first would take all memory and show no progress
    with _ctrl_c_held() as ctrl_c:
        if executor is not None:
            rows = _run(chunks, beginner, executor, progress, n_games, ctrl_c)
        else:
            pool = ProcessPoolExecutor(
                max(1, min(workers or os.cpu_count() or 1, math.ceil(n_games / size))),
                initializer=_ignore_ctrl_c,
            )
            try:
                rows = _run(chunks, beginner, pool, progress, n_games, ctrl_c)
            except BaseException:
                _stop(pool)
                raise
            pool.shutdown()
    return _table(rows, solo=len(seats) == 1)


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


def _check_picklable(seats: list[tuple[BotSpec, str]]) -> None:
    """Refuse, before any game, a bot a process pool cannot send to its workers: the pool's own error
    would come late, without naming the bot or saying what to do."""
    for spec, label in seats:
        try:
            pickle.dumps(spec)
        except Exception as err:  # PicklingError, AttributeError or TypeError, by what is in the way
            raise TypeError(
                f"bot {label or quote(spec)} cannot be sent to worker processes ({err}): make it a class or "
                "a functools.partial defined in a module, or play in this process with "
                "executor=ThreadPoolExecutor(1)"
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
        _derive(seed, "deal", block),
        tuple((spec, label, _derive(seed, "bot", g, seat)) for seat, (spec, label) in enumerate(order)),
    )


def _ignore_ctrl_c() -> None:
    """In each worker of the default pool: Ctrl-C reaches the whole process group, and the parent ends
    the workers itself; left alone, an idle worker would print a KeyboardInterrupt traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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


def _run(
    chunks: Iterator[list[_Deal]],
    beginner: bool,
    executor: Executor,
    progress: bool,
    total: int,
    ctrl_c: Callable[[], None],
) -> list[dict[str, Any]]:
    """Play the chunks on ``executor`` and return the rows in game order, acting on a held Ctrl-C
    (``ctrl_c``) while waiting. At most ``_AHEAD`` chunks are sent ahead of the results, so the work
    waiting in a queue stays small however many games are asked for. On Ctrl-C or the first failure
    the chunks not started yet are cancelled, whoever owns the executor, before the error goes on."""
    from tqdm.auto import tqdm

    futures: dict[Future[list[dict[str, Any]]], int] = {}  # the chunks sent and not done yet
    results: dict[int, list[dict[str, Any]]] = {}
    numbered = enumerate(chunks)
    try:
        with tqdm(total=total, unit="game", disable=not progress) as bar:
            while True:
                for n, chunk in itertools.islice(numbered, _AHEAD - len(futures)):
                    futures[executor.submit(_play_chunk, chunk, beginner)] = n
                if not futures:
                    break
                ctrl_c()
                done, _ = wait(futures, timeout=_POLL, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=futures.__getitem__):  # the first game's failure first
                    rows = future.result()
                    results[futures.pop(future)] = rows
                    bar.update(len({r["game"] for r in rows}))
    except BaseException:  # the games still to come are of no use now
        for future in futures:
            future.cancel()
        raise
    return [row for n in sorted(results) for row in results[n]]


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


def _play_chunk(deals: Iterable[_Deal], beginner: bool = False) -> list[dict[str, Any]]:
    """Play some deals and return their rows (what each worker runs)."""
    return [row for deal in deals for row in _play(deal, beginner)]


def _play(deal: _Deal, beginner: bool) -> list[dict[str, Any]]:
    """Play one deal; a bot that fails (or cannot be made) raises ``SimulationError`` naming its seat."""
    g, seed, seats = deal
    game = new_game(len(seats), seed=seed, beginner=beginner)
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
    ranking = game.ranking()
    rows = []
    for seat, (player, label, (_, _, bot_seed)) in enumerate(zip(game.players, labels, seats, strict=True)):
        row = {
            "game": g,
            "seed": seed,
            "seat": seat,
            "bot": label,
            "bot_seed": bot_seed,
            "order": first.index(seat),
            "rank": ranking.index(seat) + 1,
            "winner": game.winner == seat,
            "tokens_left": player.tokens,
            "tiles": len(player.board),
            "total_time": player.time,
            "turns": game.turn,
            "end": game.end_reason,
        }
        if game.is_solo:
            sheet = sheet_of(game)
            row |= {"score": sheet["total"], "phase_one": sheet["phase_one"], "final": sheet["final"]}
        rows.append(row)
    return rows


def _table(rows: list[dict[str, Any]], solo: bool) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame(rows, columns=SOLO_COLUMNS if solo else COLUMNS)


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
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(df: pd.DataFrame, by: str | Sequence[str] = ("bot", "seat")) -> pd.DataFrame:
    """Win rates with 95 % Wilson intervals, per bot and per seat (or per any other column, or columns,
    in ``by``) of a ``simulate`` table.

    Rows are indexed by (column, value); columns: games, wins, win_rate, ci_low, ci_high, mean_rank,
    mean_tokens_left (and mean_score, solo).
    """
    import pandas as pd

    columns = [by] if isinstance(by, str) else list(by)
    if not columns:
        raise ValueError("by names the columns to group by, at least one (such as 'bot' or 'seat')")
    if missing := [c for c in ["winner", "rank", "tokens_left", *columns] if c not in df.columns]:
        raise ValueError(
            f"the table has no column {quote(missing[0])}; summary takes a simulate table and "
            f"groups by its columns ({', '.join(map(str, df.columns))})"
        )
    parts = []
    for column in columns:
        grouped = df.groupby(column, sort=True)
        part = pd.DataFrame(
            {
                "games": grouped.size(),
                "wins": grouped["winner"].sum().astype(int),
                "mean_rank": grouped["rank"].mean(),
                "mean_tokens_left": grouped["tokens_left"].mean(),
            }
        )
        if "score" in df:
            part["mean_score"] = grouped["score"].mean()
        part.insert(2, "win_rate", part["wins"] / part["games"])
        bounds = [wilson(w, n) for w, n in zip(part["wins"], part["games"], strict=True)]
        part.insert(3, "ci_low", [b[0] for b in bounds])
        part.insert(4, "ci_high", [b[1] for b in bounds])
        part.index = pd.MultiIndex.from_product([[column], part.index.astype(str)], names=["by", "value"])
        parts.append(part)
    return pd.concat(parts)
