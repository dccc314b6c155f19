"""Speed and strength of the bots; prints the figures issue 4 asks for.

    .venv/bin/python bench/bots.py              # the full run (about 8 minutes on 2 cores)
    .venv/bin/python bench/bots.py --games 40   # a quicker look at the search bot

1. A greedy 4-player game: median ms (target <= 20 ms), beside a random-move game as the baseline from
   the same process (the machine is noisy: the ratio travels better than the milliseconds).
2. 1,000 greedy 4-player games through ``simulate`` on a process pool over all cores (target <= 60 s),
   beside the time of 1,000 random-move games played one by one in this process (the same machine's
   yardstick: the ratio travels between machines better than the seconds).
3. SearchBot against GreedyBot in 2-player games, each deal played twice with the seats swapped:
   the search bot's win rate with its 95 % Wilson interval (target >= 60 %), and its time a turn in CPU
   seconds (its own cost) and wall seconds (what a player waits; it grows with the machine's load).
4. ``--against REV``: SearchBot against the SearchBot of git revision REV (loaded from ``git show``, so
   no copy of the old code is kept), one new bot against old ones at 2, 3 and 4 players, its seat
   rotating over the deals: its win share with the 95 % Wilson interval (a fair share is 1/players) and
   both bots' CPU a turn, to hold the comparison at equal cost. Each game is printed as it ends with the
   figures so far, so a match cut short still says what it played.

    nice .venv/bin/python bench/bots.py --games 0 --against b8c5ea2 --match 400 --players 2
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from types import ModuleType

from novaluna_widget import Game
from novaluna_widget.bots import GreedyBot, SearchBot, play_game, play_turn
from novaluna_widget.simulate import simulate, wilson


def random_game(seed: int) -> None:
    game, rng = Game(4, seed=seed), random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


def greedy_game(seed: int) -> None:
    play_game(Game(4, seed=seed), [GreedyBot(seed=seed + i) for i in range(4)])


def median_ms(play: object, games: int) -> float:
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play(seed)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def duel(k: int, nodes: int) -> tuple[bool, list[tuple[float, float]]]:
    """Deal ``k // 2``, the search bot in seat ``k % 2``: did it win, and its CPU and wall seconds for
    each of its turns (a turn that refills first holds two decisions)."""
    game = Game(2, seed=10_000 + k // 2)
    search, greedy = SearchBot(seed=k, nodes=nodes), GreedyBot(seed=k)
    seats = [search, greedy] if k % 2 == 0 else [greedy, search]
    times = []
    while not game.is_over:
        bot = seats[game.current_player]
        cpu, wall = time.process_time(), time.perf_counter()
        play_turn(game, bot)
        if bot is search:
            times.append((time.process_time() - cpu, time.perf_counter() - wall))
    return game.winner == k % 2, times


def revision_bots(rev: str) -> ModuleType:
    """``novaluna_widget/bots.py`` as it was at git revision ``rev``, imported inside the package (its
    relative imports take today's engine), once per process."""
    name = f"novaluna_widget._bots_{rev}"
    if name not in sys.modules:
        root = Path(__file__).resolve().parent.parent
        source = subprocess.run(
            ["git", "-C", str(root), "show", f"{rev}:novaluna_widget/bots.py"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        spec = importlib.util.spec_from_loader(name, loader=None)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        module.__package__ = "novaluna_widget"
        sys.modules[name] = module
        exec(compile(source, f"{rev}:bots.py", "exec"), module.__dict__)
    return sys.modules[name]


def match(
    k: int, players: int, rev: str, nodes: int, old_nodes: int
) -> tuple[bool, list[float], list[float]]:
    """Deal ``k // players`` with today's SearchBot in seat ``k % players`` and revision ``rev``'s in the
    others: did today's win, and the CPU seconds of each turn of today's and of the old bots."""
    old = revision_bots(rev).SearchBot
    game = Game(players, seed=20_000 + k // players)
    seat = k % players
    seats = [
        SearchBot(seed=k, nodes=nodes) if i == seat else old(seed=k * 10 + i, nodes=old_nodes)
        for i in range(players)
    ]
    new_cpu: list[float] = []
    old_cpu: list[float] = []
    while not game.is_over:
        mover = game.current_player
        cpu = time.process_time()
        play_turn(game, seats[mover])
        (new_cpu if mover == seat else old_cpu).append(time.process_time() - cpu)
    return game.winner == seat, new_cpu, old_cpu


def bench_match(rev: str, games: int, players: int, nodes: int, old_nodes: int) -> None:
    """``games`` games of ``match``, on all cores, each printed as it ends with the win share and the mean
    CPU a turn so far (a match stopped early still says what it played); then the win share."""
    wins, played, new_cpu, old_cpu = 0, 0, [], []
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        args = (players, rev, nodes, old_nodes)
        for future in as_completed([pool.submit(match, k, *args) for k in range(games)]):
            won, mine, theirs = future.result()
            wins, played = wins + won, played + 1
            new_cpu += mine
            old_cpu += theirs
            print(
                f"  {players}p game {played}/{games}: won {wins} ({wins / played:.1%}); mean CPU a turn "
                f"{1000 * statistics.fmean(new_cpu):.0f} ms vs {1000 * statistics.fmean(old_cpu):.0f} ms",
                flush=True,
            )
    low, high = wilson(wins, played)
    print(
        f"SearchBot (nodes={nodes}) vs SearchBot of {rev} (nodes={old_nodes}), {players} players, {played} "
        f"games, seat rotating: won {wins} = {wins / played:.1%} (95% CI {low:.1%}–{high:.1%}; a fair "
        f"share is {1 / players:.1%}); {time.perf_counter() - start:.0f} s wall"
    )
    print(f"  CPU a turn: today's {spread(new_cpu)}; {rev}'s {spread(old_cpu)}", flush=True)


def spread(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    ms = [1000 * ordered[int(q * (len(ordered) - 1))] for q in (0.5, 0.95, 1.0)]
    mean = 1000 * statistics.fmean(ordered)
    return f"mean {mean:.0f}, median {ms[0]:.0f}, 95th pct {ms[1]:.0f}, max {ms[2]:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="search-vs-greedy games (0: speed only)")
    parser.add_argument("--nodes", type=int, default=SearchBot().nodes, help="search positions a move")
    parser.add_argument("--against", metavar="REV", help="match SearchBot against this git revision's")
    parser.add_argument("--old-nodes", type=int, default=4000, help="the old SearchBot's nodes")
    parser.add_argument("--match", type=int, default=400, help="games of the match at each player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], help="player counts to match")
    args = parser.parse_args()
    if args.against:
        for players in args.players:
            bench_match(args.against, args.match, players, args.nodes, args.old_nodes)
        return
    cores = os.cpu_count()
    print(f"machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}")

    base, greedy = median_ms(random_game, 50), median_ms(greedy_game, 50)
    print(
        f"greedy 4-player game: median {greedy:.1f} ms "
        f"(random-move game {base:.1f} ms, ratio {greedy / base:.1f})"
    )

    start = time.perf_counter()
    simulate(1000, ["greedy"] * 4, seed=0, progress=False, rotate=False)  # a speed figure: every deal fresh
    wall = time.perf_counter() - start
    # Beside it, what travels between machines: the time of as many random-move games played one by one.
    one_by_one = base  # ms a game x 1,000 games = s
    print(
        f"1,000 greedy 4-player games on {cores} cores: {wall:.1f} s wall, "
        f"{wall / one_by_one:.2f}x the time of 1,000 random-move games one by one ({one_by_one:.1f} s)"
    )

    if args.games < 1:  # speed figures only
        return
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(duel, range(args.games), [args.nodes] * args.games))
    wall = time.perf_counter() - start
    wins = sum(won for won, _ in results)
    low, high = wilson(wins, args.games)
    turns = [t for _, times in results for t in times]
    print(
        f"SearchBot (nodes={args.nodes}) vs GreedyBot, {args.games} 2-player games, seats alternating: "
        f"won {wins} = {wins / args.games:.1%} (95% CI {low:.1%}–{high:.1%}); {wall:.0f} s wall"
    )
    print(
        f"SearchBot per turn over {len(turns)} turns, {cores} games at once: "
        f"CPU {spread([c for c, _ in turns])}; wall {spread([w for _, w in turns])}"
    )
    print(f"load average after the run: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
