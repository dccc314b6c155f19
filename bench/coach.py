"""Speed of the coach; prints the figures the coach issue asks for, and a few of its sentences.

    .venv/bin/python bench/coach.py                  # the full run (about 90 s on 2 cores)
    .venv/bin/python bench/coach.py --positions 40   # a quicker look

1. ``hint`` on positions from real games (2, 3 and 4 players and solo, in equal shares, spread over
   whole games played by the greedy bots): median, 95th percentile and maximum, in CPU seconds (the
   coach's own cost) and wall seconds (what a player waits; it grows with the machine's load).
   Target: 95th percentile at most 250 ms of CPU.
2. ``review`` of whole 2-player games, with its progress bar: a usual one (the search bot against the
   greedy bot) and the longest kind (random moves until the tiles run out): CPU seconds (of every
   process: the review runs on a process a core) and wall seconds, and the comments on the costliest
   actions. Target: the longest game at most 8 s of wall time on 2 cores.
3. The widget's side of the coach, in the kernel (no browser: ``bench/widget.py`` times clicks): a step
   of the history slider on a late 4-player game (rebuilding the earlier position and its state), the
   Review panel's rows after the review (each row words the position before its action), and opening a
   row (that position, the move played and the suggestion, both areas after them).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import resource
import time

from novaluna_widget import Game
from novaluna_widget._new_game import new_game
from novaluna_widget.bots import Bot, GreedyBot, RandomBot, SearchBot, play_game
from novaluna_widget.coach import hint, review


def positions(players: int, count: int) -> list[Game]:
    """``count`` positions spread evenly over greedy games of ``players`` players (one game a seed)."""
    found: list[Game] = []
    seed = 0
    while len(found) < 4 * count:  # four times more than needed, so the pick is spread over several games
        game = new_game(players, seed=seed)
        bots = [GreedyBot(seed=seed + i) for i in range(players)]
        while not game.is_over:
            found.append(game.copy())
            game.play(bots[game.current_player].choose(game))
        seed += 1
    return found[:: len(found) // count][:count]


def spread(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    ms = [1000 * ordered[int(q * (len(ordered) - 1))] for q in (0.5, 0.95, 1.0)]
    return f"median {ms[0]:.0f}, 95th pct {ms[1]:.0f}, max {ms[2]:.0f} ms"


def bench_hints(count: int) -> None:
    per_kind = count // 4
    cpu: list[float] = []
    wall: list[float] = []
    examples = []
    for players in (2, 3, 4, 1):
        for n, game in enumerate(positions(players, per_kind)):
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            found = hint(game, seed=n)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
            if n % (per_kind // 2 or 1) == per_kind // 4:
                examples.append(f"  {players}p turn {game.turn + 1}: {found.reason}")
    print(f"hint on {len(cpu)} positions ({per_kind} each of 2, 3, 4 players and solo):")
    print(f"  CPU  {spread(cpu)}")
    print(f"  wall {spread(wall)}")
    print("some hints:", *examples, sep="\n")


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended."""
    mine, theirs = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime


def bench_review(label: str, bots: list[Bot]) -> None:
    game = play_game(Game(2, seed=2024), bots)
    start_cpu, start_wall = cpu_seconds(), time.perf_counter()
    table = review(game, progress=True)
    wall = time.perf_counter() - start_wall
    while multiprocessing.active_children():  # joins the review's processes, so their CPU is counted
        time.sleep(0.01)
    cpu = cpu_seconds() - start_cpu
    print(
        f"review of a whole 2-player game, {label} ({len(table)} actions, {game.turn} tiles taken): "
        f"CPU {cpu:.1f} s (all processes), wall {wall:.1f} s on {os.cpu_count()} cores"
    )
    print(
        f"  loss per player (tokens): {table.groupby('player')['loss'].sum().round(1).to_dict()}; "
        f"played as suggested: {(table['played'] == table['suggested']).mean():.0%}"
    )
    print("  the costliest actions:")
    for row in table.nlargest(3, "loss").itertuples():
        print(f"    turn {row.turn}, player {row.player}, loss {row.loss:.2f}: {row.comment}")


def bench_widget() -> None:
    from novaluna_widget import NovaLunaWidget, coach

    late = new_game(4, seed=6)
    bots = [GreedyBot(seed=i) for i in range(4)]
    while not late.is_over:
        late.play(bots[late.current_player].choose(late))
    w = NovaLunaWidget(late)
    steps = []
    for k in range(0, len(late.history), 3):
        start = time.perf_counter()
        w.show_turn(k)
        steps.append(time.perf_counter() - start)
    print(
        f"history slider, a finished 4-player game ({len(late.history)} actions), one step: {spread(steps)}"
    )
    game = play_game(Game(2, seed=2024), [SearchBot(seed=1), GreedyBot(seed=2)])
    start = time.perf_counter()
    coach.review(game)
    alone = time.perf_counter() - start
    w = NovaLunaWidget(game)
    start = time.perf_counter()
    w.review(progress=False)
    panel = time.perf_counter() - start
    print(
        f"review in the widget, {len(game.history)} actions: {panel:.1f} s, of which the panel's rows "
        f"(beyond coach.review, {alone:.1f} s): {1000 * (panel - alone):.0f} ms"
    )
    opens = []
    for row in w.review_panel["rows"][:10]:
        start = time.perf_counter()
        w.open_review(row["index"])
        opens.append(time.perf_counter() - start)
    print(f"opening a review row: {spread(opens)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions to hint (split over 4 kinds)")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"load average {', '.join(f'{v:.1f}' for v in os.getloadavg())}"
    )
    bench_hints(args.positions)
    bench_review("the search bot against the greedy bot", [SearchBot(seed=1), GreedyBot(seed=2)])
    # The longest a game can be: random moves until the tiles run out, 68 positions to review.
    bench_review("random moves", [RandomBot(seed=1), RandomBot(seed=2)])
    bench_widget()
    print(f"load average after the run: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
