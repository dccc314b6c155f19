"""Engine figures: random 4-player games a second, would_fulfil, copy, undo, save and load.

Run: ``.venv/bin/python bench/engine.py``. Times are CPU time of this process (steadier than wall time
on a small shared machine). Prints medians of several rounds, and the speed-up against a
plain implementation (every task of the area re-checked after every placement, by walking the chains)
measured in the same run, since the machine is small and noisy.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from novaluna_widget import Game, IllegalMove, Tile, board, game
from novaluna_widget.board import Board, Cell, TaskRef
from tests import naive


class PlainBoard(Board):
    """The baseline: after each placement, every task of the area is checked again by walking its chains
    from scratch (``tests/naive.py``, the plain reading the tests check the engine against)."""

    def _put(self, t: Tile, cell: Cell) -> frozenset[TaskRef]:
        self._tiles[cell] = t
        self._cells_cache = None
        self._open.pop(cell, None)
        for n in board.neighbours(cell):
            if n not in self._tiles:
                self._open[n] = None
        before = self._fulfilled
        self._fulfilled = set(naive.fulfilled(self._tiles))
        return frozenset(self._fulfilled - before)


def random_games(n: int, seed: int) -> float:
    """Play ``n`` random 4-player games through the public API; return games a second."""
    rng = random.Random(seed)
    start = time.process_time()
    for k in range(n):
        g = Game(4, seed=seed * 100_000 + k)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
    return n / (time.process_time() - start)


def with_board(cls: type[Board], fn: Callable[[], float]) -> float:
    original = game.Board
    game.Board = cls  # type: ignore[misc]
    try:
        return fn()
    finally:
        game.Board = original  # type: ignore[misc]


def median_of(rounds: int, fn: Callable[[], float]) -> float:
    return statistics.median(fn() for _ in range(rounds))


def per_call(fn: Callable[[], object], repeat: int) -> float:
    start = time.process_time_ns()
    for _ in range(repeat):
        fn()
    return (time.process_time_ns() - start) / repeat / 1000  # µs


def late_positions(count: int) -> list[Game]:
    """Positions 40 to 60 moves into random 4-player games."""
    rng = random.Random(1)
    out = []
    for k in range(count):
        g = Game(4, seed=k)
        for _ in range(rng.randrange(40, 60)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
        if not g.is_over:
            out.append(g)
    return out


def would_fulfil_us(positions: list[Game]) -> float:
    samples = []
    rng = random.Random(2)
    for g in positions:
        b = g.players[g.current_player].board
        for space in g.choices():
            t = g.wheel[space]
            for cell in b.legal_cells():
                samples.append(per_call(lambda b=b, t=t, cell=cell: b.would_fulfil(t, cell), 200))
    rng.shuffle(samples)
    return statistics.median(samples)


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    random_games(20, 0)  # warm up
    n = 60
    fast, plain = [], []
    for r in range(5):
        fast.append(random_games(n, r))
        plain.append(with_board(PlainBoard, lambda r=r: random_games(n // 3, r)))
    f, p = statistics.median(fast), statistics.median(plain)
    print(f"random 4-player games/s (legal_moves + play): {f:,.0f} (median of 5 rounds of {n})")
    print(f"  plain full re-check baseline, same run:    {p:,.0f} games/s -> speed-up {f / p:.1f}x")
    g = Game(4, seed=1)
    moves = 0
    while not g.is_over:
        g.play(g.legal_moves()[len(g.history) % len(g.legal_moves())])
        moves += 1
    print(f"  moves in a sample game: {moves}")

    positions = late_positions(40)
    print(f"would_fulfil median: {would_fulfil_us(positions):.2f} µs over late positions (target <= 10 µs)")
    print(f"legal_moves median: {statistics.median(per_call(g.legal_moves, 200) for g in positions):.2f} µs")
    print(
        f"copy() of a late game median: {statistics.median(per_call(g.copy, 100) for g in positions):.1f} µs"
    )

    finished = g
    text = finished.to_json()
    save = statistics.median(per_call(finished.to_json, 20) for _ in range(5)) / 1000
    load = statistics.median(per_call(lambda: Game.from_json(text), 5) for _ in range(5)) / 1000
    print(f"save (to_json) of a finished 4-player game: {save:.2f} ms, {len(text) / 1024:.0f} KiB")
    print(f"load (from_json, validated and replayed): {load:.2f} ms")

    def undo_redo() -> None:
        finished.undo()
        finished.redo()

    print(f"undo + redo at the end of a game: {per_call(undo_redo, 20) / 1000:.2f} ms")
    try:
        finished.undo()
        finished.redo()
    except IllegalMove:
        pass


if __name__ == "__main__":
    main()
