"""Engine figures: random 4-player games a second, the search's node (copy + play), would_fulfil, copy,
undo, save and load.

Run: ``.venv/bin/python bench/engine.py [--against REV] [--rounds N]``. Times are CPU time of the
process that plays (steadier than wall time on a small shared machine); figures are medians of several
rounds. The speed-up against a plain implementation (every task of the area re-checked after every
placement, by walking the chains) is measured in the same run, since the machine is small and noisy.

``--against REV`` measures the engine committed at git revision REV in the same run: each engine plays
in a process of its own (both are ``novaluna_widget``), the two take turns round by round so that a
change of the machine's load falls on both alike, and each round checks that both played the very same
games (a digest of every game's snapshot and of sampled positions the search reached).

``--pairs N`` (with ``--against``) then also takes N pairs of short samples (a tenth of a second of CPU
each) from one long-lived process per engine, the two in turn and the first of a pair alternating: on a
machine other work loads heavily, a round's ratio ranged 0.6-1.9, where a pair's, taken within a second,
varies by a few percent; the median of the pairs' own ratios is printed with its quartiles.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: Rounds of each figure that two engines compare, taken in turn.
ROUNDS = 5
#: Random 4-player games a round (a tenth of a second or more of each engine's CPU: shorter samples vary
#: by a tenth from round to round here), and the positions the search's nodes are played from.
GAMES, POSITIONS = 150, 40
#: Turns of a seeded ``SearchBot`` game a round: the whole search, bots included.
SEARCH_TURNS = 6


# -- what each engine plays (in a process of its own, with its tree first on the path) -------------
def random_games(n: int, seed: int) -> tuple[float, str]:
    """Play ``n`` random 4-player games through the public API (``legal_moves`` + ``play``, the optional
    refill taken three times in ten); games a second, and a digest of the games' snapshots.

    Each game is dropped once over (as a simulation drops it) and only its history kept; the games are
    replayed for the digest after the clock stops. (Kept alive, ``n`` finished games made the collector's
    passes over them a cost that grew with ``n`` and fell on both engines alike, so that the ratio of two
    engines depended on the round's length: 1.96–2.11 at 60 games, 1.75 at 150 in the same hour.)"""
    from novaluna_widget import Game

    rng = random.Random(seed)
    histories = []
    start = time.process_time()
    for k in range(n):
        g = Game(4, seed=seed * 100_000 + k)
        while not g.is_over:
            if g.can_refill and rng.random() < 0.3:
                g.play("refill")
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        histories.append(g.history)
    rate = n / (time.process_time() - start)
    return rate, _digest(_replayed(seed * 100_000 + k, h).snapshot() for k, h in enumerate(histories))


def _replayed(seed: int, history: tuple[Any, ...]) -> Any:
    """The 4-player game of ``seed`` after ``history``."""
    from novaluna_widget import Game

    g = Game(4, seed=seed)
    for action in history:
        g.play(action)
    return g


def search_positions(count: int, seed: int) -> list[Any]:
    """Positions 10 to 60 moves into random games of 2–4 players, where a search starts."""
    from novaluna_widget import Game

    rng = random.Random(seed)
    out = []
    for k in range(count):
        g = Game(2 + k % 3, seed=seed * 1000 + k)
        for _ in range(rng.randrange(10, 60)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_actions()))
        if not g.is_over:
            out.append(g)
    return out


def search_nodes(positions: list[Any]) -> tuple[float, str]:
    """The search's node, as ``SearchBot`` and the coach play it: ``copy()`` then ``play(action)`` for
    every legal action of each position; nodes a second, and a digest of every tenth position reached."""
    nodes = 0
    start = time.process_time()
    for g in positions:
        for action in g.legal_actions():
            g.copy().play(action)
            nodes += 1
    rate = nodes / (time.process_time() - start)
    reached = []
    for g in positions:
        for action in g.legal_actions()[::10]:
            child = g.copy()
            child.play(action)
            reached.append(child.snapshot())
    return rate, _digest(reached)


def searched_nodes(positions: list[Any]) -> tuple[float, str]:
    """The node with what ``SearchBot`` then reads of the position reached (``bots._worths`` and
    ``_score``): the draw pile, the players, and for the mover's area its open tasks, the count of each
    colour they lack and the chain of the tile placed; nodes a second, and a digest of the counts."""
    from novaluna_widget import Move

    nodes, counts = 0, []
    start = time.process_time()
    for g in positions:
        mover = g.current_player
        for action in g.legal_actions():
            child = g.copy()
            child.play(action)
            len(child.draw_pile)
            board = child.players[mover].board
            if isinstance(action, Move):
                board.chain(action.cell, board[action.cell].colour)
            counts.append(
                sum(board.count((x, y), c) for (x, y, _), short in board.open_tasks().items() for c in short)
            )
            nodes += 1
    rate = nodes / (time.process_time() - start)
    return rate, _digest([counts])


def search_game(turns: int, seed: int) -> tuple[float, str]:
    """Turns a second of a seeded ``SearchBot`` 2-player game (search, bots and engine), and its
    history's digest."""
    from novaluna_widget import Game
    from novaluna_widget.bots import SearchBot, play_turn

    g = Game(2, seed=seed)
    bots = [SearchBot(seed=seed), SearchBot(seed=seed + 1)]
    start = time.process_time()
    for _ in range(turns):
        play_turn(g, bots[g.current_player])
    rate = turns / (time.process_time() - start)
    return rate, _digest([g.snapshot()])


def _digest(snapshots: Any) -> str:
    h = hashlib.sha256()
    for s in snapshots:
        h.update(json.dumps(s, sort_keys=True).encode())
    return h.hexdigest()[:16]


#: The figures whose games both engines must play alike (the search bot's may have changed with its tree).
SAME = ("random games/s", "nodes/s (copy+play)", "nodes/s, as searched")


def one_round(seed: int) -> dict[str, tuple[float, str]]:
    """One round of the figures two engines compare."""
    random_games(5, 999 + seed)  # warm up
    positions = search_positions(POSITIONS, seed)
    return {
        "random games/s": random_games(GAMES, seed),
        "nodes/s (copy+play)": search_nodes(positions),
        "nodes/s, as searched": searched_nodes(positions),
        "SearchBot turns/s": search_game(SEARCH_TURNS, seed),
    }


# -- two engines in the same run -------------------------------------------------------------------
def engine_at(rev: str, folder: Path) -> Path:
    """The package committed at ``rev``, unpacked into ``folder``."""
    archive = subprocess.run(
        ["git", "archive", rev, "novaluna_widget"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    tar = folder / "engine.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as t:
        t.extractall(folder, filter="data") if sys.version_info >= (3, 12) else t.extractall(folder)
    return folder


def run_round(tree: Path, seed: int) -> dict[str, tuple[float, str]]:
    """``one_round`` played by the engine in ``tree``, in a process of its own."""
    out = subprocess.run(
        [sys.executable, __file__, "--round", str(seed), "--tree", str(tree)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures: dict[str, tuple[float, str]] = {k: (v[0], v[1]) for k, v in json.loads(out).items()}
    return figures


#: Random games and search positions in one sample of ``--pairs``.
PAIR_GAMES, PAIR_POSITIONS = 12, 8


def serve() -> None:
    """Answer ``games SEED`` / ``nodes SEED`` lines with one sample's rate (``--pairs``' worker)."""
    random_games(5, 999)  # warm up
    for line in sys.stdin:
        kind, seed = line.split()
        if kind == "games":
            rate = random_games(PAIR_GAMES, int(seed))[0]
        else:
            rate = search_nodes(search_positions(PAIR_POSITIONS, int(seed)))[0]
        print(rate, flush=True)


def compare_pairs(trees: dict[str, Path], rev: str, pairs: int) -> None:
    """``pairs`` pairs of short samples, one long-lived process per engine (see ``--pairs``)."""
    workers = {
        name: subprocess.Popen(
            [sys.executable, __file__, "--serve", "--tree", str(tree)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name, tree in trees.items()
    }

    def sample(name: str, request: str) -> float:
        worker = workers[name]
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write(request + "\n")
        worker.stdin.flush()
        return float(worker.stdout.readline())

    try:
        print(f"(pairs: {pairs} pairs of short samples; median of the pairs' own ratios, quartiles)")
        for kind, label in (("games", "random games/s"), ("nodes", "nodes/s (copy+play)")):
            ratios = []
            for k in range(pairs):
                order = sorted(trees, reverse=k % 2 == 1)
                rate = {name: sample(name, f"{kind} {k}") for name in order}
                ratios.append(rate["this tree"] / rate[rev])
            low, mid, high = statistics.quantiles(ratios, n=4)
            print(f"{label:>18}, pairs: this tree / {rev} {mid:.3f}x (quartiles {low:.3f}–{high:.3f})")
    finally:
        for worker in workers.values():
            assert worker.stdin is not None
            worker.stdin.close()
            worker.wait()


def compare(rev: str, rounds: int, pairs: int = 0) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        trees = {rev: engine_at(rev, Path(tmp)), "this tree": ROOT}
        figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        for r in range(rounds):
            digests = {}
            # The engines take turns, and which goes first alternates: a drift of the machine's speed
            # within a round falls on both alike.
            for name, tree in sorted(trees.items(), reverse=r % 2 == 1):
                found = run_round(tree, r)
                for key, (rate, _) in found.items():
                    figures[name].setdefault(key, []).append(rate)
                digests[name] = {k: d for k, (_, d) in found.items()}
            same = {name: {k: d for k, d in found.items() if k in SAME} for name, found in digests.items()}
            if same[rev] != same["this tree"]:
                raise SystemExit(f"round {r}: the engines played differently: {same}")
        print(f"both engines played the same games in all {rounds} rounds (snapshot digests agree)")
        print("(SearchBot turns/s: each tree's own SearchBot, whose search may differ: a cost, not a check)")
        print(f"(medians of {rounds} rounds; speed-up: the median of the rounds' own ratios, their range)")
        for key in figures[rev]:
            old, new = (statistics.median(figures[n][key]) for n in (rev, "this tree"))
            ratios = [b / a for a, b in zip(figures[rev][key], figures["this tree"][key], strict=True)]
            print(
                f"{key:>18}: {rev} {old:>9,.1f}   this tree {new:>9,.1f}   -> "
                f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}–{max(ratios):.2f})"
            )
        if pairs:
            compare_pairs(trees, rev, pairs)


# -- this tree's own figures -----------------------------------------------------------------------
def median_of(rounds: int, fn: Callable[[], float]) -> float:
    return statistics.median(fn() for _ in range(rounds))


def per_call(fn: Callable[[], object], repeat: int) -> float:
    start = time.process_time_ns()
    for _ in range(repeat):
        fn()
    return (time.process_time_ns() - start) / repeat / 1000  # µs


def own_figures() -> None:
    sys.path.insert(0, str(ROOT))
    from novaluna_widget import Game, IllegalMove
    from novaluna_widget import _board as board
    from novaluna_widget import _game as game
    from novaluna_widget._board import Board
    from tests import naive

    class PlainBoard(Board):
        """The baseline: after each placement, every task of the area is checked again by walking its
        chains from scratch (``tests/naive.py``, the plain reading the tests check the engine against)."""

        def _put(self, t: Any, cell: Any, key: int) -> frozenset[Any]:
            self._tiles[cell] = t
            self._cells[key] = t  # the legal cells are read from here (by key, as the board keeps cells)
            self._cells_cache = self._sorted = None
            for n in board._near(key):
                self._cells.setdefault(n, board._OPEN)
            before = self._fulfilled
            self._fulfilled = naive.fulfilled(self._tiles)
            return frozenset(self._fulfilled - before)

    def plain_games(n: int, seed: int) -> float:
        original = game.Board  # type: ignore[attr-defined]  # the game's own import of it
        setattr(game, "Board", PlainBoard)  # noqa: B010  # the game's players get plain areas
        try:
            return random_games(n, seed)[0]
        finally:
            setattr(game, "Board", original)  # noqa: B010

    random_games(20, 0)  # warm up
    # The engine and the plain one in turn, round by round: a change of the machine's load between them
    # moved the ratio of the two medians from 6.9x to 9.1x on a busy machine; a round's own ratio keeps.
    fast, plain = [], []
    for r in range(ROUNDS):
        fast.append(random_games(GAMES, r)[0])
        plain.append(plain_games(GAMES // 3, r))
    f, p = statistics.median(fast), statistics.median(plain)
    ratios = sorted(a / b for a, b in zip(fast, plain, strict=True))
    print(f"random 4-player games/s (legal_moves + play): {f:,.0f} (median of {ROUNDS} rounds of {GAMES})")
    print(
        f"  plain full re-check baseline, same rounds: {p:,.0f} games/s -> speed-up "
        f"{statistics.median(ratios):.1f}x (the rounds' own ratios, {ratios[0]:.1f}–{ratios[-1]:.1f})"
    )
    g = Game(4, seed=1)
    while not g.is_over:
        g.play(g.legal_moves()[len(g.history) % len(g.legal_moves())])
    print(f"  moves in a sample game: {len(g.history)}")

    positions = [p for p in search_positions(POSITIONS, 1) if len(p.players) == 4]
    rng = random.Random(2)
    samples = []
    for pos in positions:
        b = pos.players[pos.current_player].board
        for space in pos.choices():
            t = pos.wheel[space]
            for cell in b.legal_cells():
                samples.append(per_call(partial(b.would_fulfil, t, cell), 200))
    rng.shuffle(samples)
    print(f"would_fulfil median: {statistics.median(samples):.2f} µs in 4-player positions (target <= 10 µs)")
    print(f"legal_moves median: {statistics.median(per_call(p.legal_moves, 200) for p in positions):.2f} µs")
    print(f"copy() median: {statistics.median(per_call(p.copy, 100) for p in positions):.1f} µs")

    text = g.to_json()
    save = statistics.median(per_call(g.to_json, 20) for _ in range(5)) / 1000
    load = statistics.median(per_call(lambda: Game.from_json(text), 5) for _ in range(5)) / 1000
    print(f"save (to_json) of a finished 4-player game: {save:.2f} ms, {len(text) / 1024:.0f} KiB")
    print(f"load (from_json, validated and replayed): {load:.2f} ms")

    def undo_redo() -> None:
        g.undo()
        g.redo()

    print(f"undo + redo at the end of a game: {per_call(undo_redo, 20) / 1000:.2f} ms")
    with contextlib.suppress(IllegalMove):
        undo_redo()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="measure the engine of git revision REV as well")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds of each engine with --against")
    parser.add_argument("--pairs", type=int, default=0, help="pairs of short samples with --against")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a --pairs worker
    parser.add_argument("--round", type=int, help=argparse.SUPPRESS)  # one round, in a process of its own
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        sys.path.insert(0, str(args.tree))
        serve()
        return
    if args.round is not None:
        sys.path.insert(0, str(args.tree))
        print(json.dumps(one_round(args.round)))
        return
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    if args.against:
        compare(args.against, args.rounds, args.pairs)
    own_figures()


if __name__ == "__main__":
    main()
