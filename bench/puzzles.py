"""Speed of the puzzle generator; prints the figures issue 24 asks for.

    .venv/bin/python bench/puzzles.py              # 3 runs of 100 mixed puzzles (about 20 s on 2 cores)
    .venv/bin/python bench/puzzles.py --runs 1     # a quicker look

1. 100 mixed puzzles (every kind in turn) from a fresh ``Generator``, CPU and wall seconds, the median
   of the runs (each a new seed). Target: at most 10 s on 2 cores.
2. Puzzles made per second by kind (each kind alone, from a fresh generator: its bot games included).
3. ``check`` of an answer: median and maximum over every puzzle made, in milliseconds. Target: ≤ 50 ms.
4. The share of positions each kind tried that it refused as ambiguous (or unsuited), and the spread
   of difficulties by kind.
5. The curated strategy and solo set (issue 33; ``make puzzles-set``, ``bench/puzzles_set.py``): the deep
   search's settings, the candidates searched and kept by kind, and what a fresh build costs on 2 cores.
6. The calibration table (``bench/puzzles_calibrate.py``, run afresh here): for each simulated solver the
   share of puzzles it solves by rating band; it must fall from band to band for every solver.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections import Counter

import puzzles_calibrate

from novaluna_widget.puzzles import KINDS, Generator, Puzzle
from novaluna_widget.puzzles._curated import settings


def _mixed(seed: int) -> tuple[float, float, list[Puzzle], Generator]:
    maker = Generator(seed, "en")
    cpu, wall = time.process_time(), time.perf_counter()
    made = [maker.make(KINDS[i % len(KINDS)]) for i in range(100)]
    return time.process_time() - cpu, time.perf_counter() - wall, made, maker


def _answer(puzzle: Puzzle) -> object:
    return set(puzzle.answers) if puzzle.all else next(iter(puzzle.answers))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--each", type=int, default=40, help="rules puzzles of each kind to calibrate on")
    args = parser.parse_args()
    runs = args.runs
    print(f"{platform.python_version()} on {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")

    cpus, walls, made, tried = [], [], [], Counter[tuple[str, str]]()
    for seed in range(runs):
        cpu, wall, puzzles, maker = _mixed(seed)
        cpus.append(cpu)
        walls.append(wall)
        made += puzzles
        tried += maker.tried
    print(
        f"100 mixed puzzles: median {statistics.median(cpus):.2f} s CPU, "
        f"{statistics.median(walls):.2f} s wall"
    )

    print("\nmade per second (CPU) by kind, 10 of each from a fresh generator:")
    for kind in KINDS:
        maker = Generator(1000, "en")
        cpu = time.process_time()
        for _ in range(10):
            maker.make(kind)
        print(f"  {kind:10} {10 / (time.process_time() - cpu):8.1f}")

    checks = []
    for puzzle in made:
        start = time.perf_counter()
        puzzle.check(_answer(puzzle))
        checks.append((time.perf_counter() - start) * 1000)
    print(
        f"\ncheck: median {statistics.median(checks):.2f} ms, max {max(checks):.2f} ms "
        f"({len(checks)} puzzles)"
    )

    print("\nby kind: positions tried, share refused as ambiguous, as unsuited; difficulties 1-5")
    for kind in KINDS:
        count = sum(tried[(kind, outcome)] for outcome in ("made", "ambiguous", "unsuited"))
        spread = Counter(p.difficulty for p in made if p.kind == kind)
        levels = " ".join(f"{spread[d]:3}" for d in range(1, 6))
        print(
            f"  {kind:10} {count:5}  {tried[(kind, 'ambiguous')] / count:6.1%}  "
            f"{tried[(kind, 'unsuited')] / count:6.1%}   {levels}"
        )
    spread = Counter(p.difficulty for p in made)
    print(f"  {'all':10} difficulties " + " ".join(f"{d}: {spread[d]}" for d in range(1, 6)))

    shipped = settings()
    deep = shipped["settings"]
    print(
        f"\ncurated set: deep search {deep['nodes']} nodes "
        f"({deep['nodes'] // deep['hint_nodes']}x the hint's), "
        f"up to {deep['depth']} tiles ahead, {deep['samples']} draw piles, seeds {deep['seeds']} agreeing, "
        f"margin {deep['margin']} tokens at both"
    )
    wall = max(f["wall_seconds"] for f in shipped["figures"].values())
    for kind, f in shipped["figures"].items():
        print(
            f"  {kind:10} {f['searched']:4} candidates searched, {f['kept']:3} kept "
            f"({f['failed']['hint']} failed the hint's margin, {f['failed']['deep']} the deep searches'); "
            f"{f['cpu_seconds'] / 60:.0f} min CPU"
        )
    print(
        f"  a fresh build (both kinds at once, one core each) took {wall / 60:.0f} min wall on this 2-core "
        "machine shared with other work; on 2 idle cores, about the larger of the two CPU times"
    )

    print()
    puzzles_calibrate.main([f"--each={args.each}"])


if __name__ == "__main__":
    main()
