"""How long the kernel takes to answer a click, without a browser: ``Controller.handle`` for choosing a tile
and for placing it (validate, play, the greedy bot's answer, catch up, build and publish the state), over
games of 2 players against the greedy bot, median and p95 in ms.

Run it with the tree to measure on ``sys.path`` first, e.g. the same script against another checkout:
``PYTHONPATH=/path/to/other python bench/step.py`` and ``python bench/step.py``, taking turns
(``--rounds``) so that a change of the machine's load falls on both alike.
Usage: ``python bench/step.py [--games N]``.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from novaluna_widget import Game, Move
from novaluna_widget._controller import Controller


def clicks(games: int) -> tuple[list[float], list[float]]:
    choose: list[float] = []
    place: list[float] = []
    for seed in range(games):
        states: list[object] = []
        c = Controller(
            Game(2, seed=seed),
            publish=states.append,
            publish_review=lambda _: None,
            bots={1: "greedy"},
            seed=seed,
        )
        c.start()
        while not c.game.is_over:
            move = next((m for m in c.game.legal_moves() if isinstance(m, Move)), None)
            if move is None:
                c.handle({"action": "refill", "version": c.version, "player": c.game.current_player})
                continue
            start = time.perf_counter()
            c.handle({"action": "select", "space": move.space, "version": c.version})
            choose.append(time.perf_counter() - start)
            take = {"space": move.space, "cell": list(move.cell), "player": c.game.current_player}
            start = time.perf_counter()
            c.handle({"action": "take", "version": c.version, **take})
            place.append(time.perf_counter() - start)
            assert c.last_error is None, c.last_error
    return choose, place


def _figures(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (
        f"{name}: {len(ms)} clicks, p50 {statistics.median(ms):.3f} ms, p95 {ms[int(0.95 * len(ms))]:.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="games to play by clicks (default 3)")
    games = parser.parse_args().games
    choose, place = clicks(games)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(_figures("choose a tile", choose))
    print(_figures("place it (with the bot's answer)", place))


if __name__ == "__main__":
    main()
