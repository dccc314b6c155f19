"""Many games between bots, played in parallel, as one pandas table; win rates with confidence intervals.

Work goes through the standard ``concurrent.futures.Executor`` interface, so the same call runs on a
local process pool (the default), in this process (``ThreadPoolExecutor(1)``, e.g. for bots defined
in a notebook) or on a Dask cluster (``distributed.Client(...).get_executor()``). Every game's deal and
every bot's seed are derived from the master seed and the game's number alone, so the same seed gives
the same table whatever the executor and however many workers it has.

pandas and tqdm are imported only when a table is built, so worker processes stay light.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any

from .bots import Bot, make_bot, play_game
from .kinds import new_game

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMNS", "SOLO_COLUMNS", "simulate", "summary", "wilson"]

#: A bot for ``simulate``: its name in ``BOTS``, or a picklable callable taking ``seed=`` that makes one.
BotSpec = str | Callable[..., Bot]
#: Per player per game. ``seed`` deals the game again (``Game(n, seed=seed)``), ``bot_seed`` makes the
#: same bot again; ``order`` is the seat's place in the start stack's turn order (0 moves first).
COLUMNS = ["game", "seed", "seat", "bot", "bot_seed", "order", "rank", "winner", "tokens_left", "tiles",
           "total_time", "turns", "end"]
#: Solo games add the score and its two records (lower is better).
SOLO_COLUMNS = [*COLUMNS, "score", "phase_one", "final"]

#: One game to play: its number, the deal's seed, and per seat the bot spec, its label and its seed.
Deal = tuple[int, int, tuple[tuple[BotSpec, str, int], ...]]


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
) -> pd.DataFrame:
    """Play ``n_games`` games, one seat per bot (one bot: solo games); one row per player per game.

    ``bots`` are names from ``BOTS`` or callables taking ``seed=`` (picklable for process pools: a
    class or ``functools.partial(SearchBot, nodes=2000)``); a mapping gives them labels. With
    ``rotate`` each deal is played once per seat arrangement, the bots shifted one seat each time, so no
    bot profits from a lucky deal or seat. ``executor`` defaults to a process pool over all cores; an
    executor you pass is used and left open. ``chunksize`` games go to a worker at once.

    On a Dask cluster (``pip install "dask[distributed]"``)::

        from distributed import Client
        with Client("tcp://scheduler:8786") as client:   # or Client() for a local cluster
            df = simulate(10_000, ["search", "greedy"], seed=1, executor=client.get_executor())
    """
    if n_games < 0:
        raise ValueError(f"n_games must be 0 or more, not {n_games}")
    seats = _labelled(bots)
    if beginner and len(seats) == 1:
        raise ValueError("the solo game has no beginner variant")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    deals = [_deal(seed, g, seats, rotate) for g in range(n_games)]
    size = chunksize or max(1, min(50, math.ceil(n_games / 32)))
    chunks = [deals[i : i + size] for i in range(0, n_games, size)]
    rows = _run(chunks, beginner, executor, progress, n_games)
    return _table(rows, solo=len(seats) == 1)


def _labelled(bots: Sequence[BotSpec] | Mapping[str, BotSpec]) -> list[tuple[BotSpec, str]]:
    """Each seat's bot spec and label (a name, the mapping's key, or the made bot's ``name``)."""
    if isinstance(bots, Mapping):
        pairs = [(spec, str(label)) for label, spec in bots.items()]
    elif isinstance(bots, str):
        raise TypeError(f"bots is a list of bots, one per seat, not the string {bots!r}")
    else:
        pairs = [(spec, spec if isinstance(spec, str) else "") for spec in bots]
    if not 1 <= len(pairs) <= 4:
        raise ValueError(f"Nova Luna seats 1 (solo) to 4 players; {len(pairs)} bots given")
    for spec, _ in pairs:
        if isinstance(spec, str):
            make_bot(spec)  # unknown names fail here, not in a worker
        elif not callable(spec):
            raise TypeError(f"a bot is a name or a callable that makes one, not {spec!r}")
    return pairs


def _derive(*path: object) -> int:
    """A 32-bit seed from a path such as (master seed, "deal", 7): stable across processes and runs."""
    digest = hashlib.blake2b(repr(path).encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def _deal(seed: int, g: int, seats: list[tuple[BotSpec, str]], rotate: bool) -> Deal:
    n = len(seats)
    shift = g % n if rotate else 0
    block = g // n if rotate else g
    order = seats[-shift:] + seats[:-shift] if shift else seats
    return (g, _derive(seed, "deal", block),
            tuple((spec, label, _derive(seed, "bot", g, seat)) for seat, (spec, label) in enumerate(order)))


def _run(chunks: list[list[Deal]], beginner: bool, executor: Executor | None, progress: bool,
         total: int) -> list[dict[str, Any]]:
    from tqdm.auto import tqdm

    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=max(1, min(os.cpu_count() or 1, len(chunks))))
    results: dict[int, list[dict[str, Any]]] = {}
    try:
        futures: dict[Future[list[dict[str, Any]]], int] = {
            pool.submit(play_chunk, chunk, beginner): n for n, chunk in enumerate(chunks)
        }
        with tqdm(total=total, unit="game", disable=not progress) as bar:
            for future in as_completed(futures):
                rows = future.result()
                results[futures[future]] = rows
                bar.update(len({r["game"] for r in rows}))
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return [row for n in sorted(results) for row in results[n]]


def play_chunk(deals: Iterable[Deal], beginner: bool = False) -> list[dict[str, Any]]:
    """Play some deals and return their rows (what each worker runs)."""
    return [row for deal in deals for row in _play(deal, beginner)]


def _play(deal: Deal, beginner: bool) -> list[dict[str, Any]]:
    g, seed, seats = deal
    game = new_game(len(seats), seed=seed, beginner=beginner)
    bots = [make_bot(spec, seed=s) if isinstance(spec, str) else spec(seed=s) for spec, _, s in seats]
    first = game.turn_order()
    play_game(game, bots)
    ranking = game.ranking()
    rows = []
    for seat, (player, bot, (_, label, bot_seed)) in enumerate(zip(game.players, bots, seats, strict=True)):
        row = {
            "game": g, "seed": seed, "seat": seat, "bot": label or bot.name, "bot_seed": bot_seed,
            "order": first.index(seat), "rank": ranking.index(seat) + 1, "winner": game.winner == seat,
            "tokens_left": player.tokens, "tiles": len(player.board), "total_time": player.time,
            "turns": game.turn, "end": game.end_reason,
        }
        sheet = game.score_sheet()
        if sheet is not None:
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
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(df: pd.DataFrame, by: Sequence[str] = ("bot", "seat")) -> pd.DataFrame:
    """Win rates with 95 % Wilson intervals, per bot and per seat (or any other columns in ``by``).

    Rows are indexed by (column, value); columns: games, wins, win_rate, ci_low, ci_high, mean_rank,
    mean_tokens_left (and mean_score, solo).
    """
    import pandas as pd

    parts = []
    for column in by:
        grouped = df.groupby(column, sort=True)
        part = pd.DataFrame({
            "games": grouped.size(),
            "wins": grouped["winner"].sum().astype(int),
            "mean_rank": grouped["rank"].mean(),
            "mean_tokens_left": grouped["tokens_left"].mean(),
        })
        if "score" in df:
            part["mean_score"] = grouped["score"].mean()
        part.insert(2, "win_rate", part["wins"] / part["games"])
        bounds = [wilson(w, n) for w, n in zip(part["wins"], part["games"], strict=True)]
        part.insert(3, "ci_low", [b[0] for b in bounds])
        part.insert(4, "ci_high", [b[1] for b in bounds])
        part.index = pd.MultiIndex.from_product([[column], part.index.astype(str)], names=["by", "value"])
        parts.append(part)
    return pd.concat(parts)
