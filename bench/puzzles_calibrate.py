"""Rates the puzzles from simulated solvers' attempts (issue 33) and prints the calibration table.

    .venv/bin/python bench/puzzles_calibrate.py            # the table (and figures), nothing written
    .venv/bin/python bench/puzzles_calibrate.py --write    # also curated.json's ratings, calibration.json

The solvers of ``_solvers.SOLVERS`` (searches at three budgets and one-step greedy, who attempt every
puzzle; players who misread more and more of the rules, down to a newcomer who misreads them all, who
attempt the rules kinds) attempt every puzzle of the curated set and of a calibration sample of each
rules kind (``--each`` puzzles of each, made on the fly from fixed seeds).
``_calibrate.rate`` turns the attempts into Glicko-2 ratings. With ``--write`` the curated puzzles keep
theirs, and the rules kinds' ratings are fitted to what makes a puzzle hard (``_calibrate.key``) in
``calibration.json``, with the table below. The table: for each solver, the share of puzzles it solves
in each rating band, the puzzles rated as the package rates them (the curated by their attempts, the
rules kinds by the fit). For every solver the share must not rise from one band to the next.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from pathlib import Path
from typing import Any

from novaluna_widget.puzzles import Generator, Puzzle
from novaluna_widget.puzzles._calibrate import BANDS, ROUNDS, band, fit, fitted, key, rate
from novaluna_widget.puzzles._curated import CURATED_KINDS as CURATED
from novaluna_widget.puzzles._curated import entries, made
from novaluna_widget.puzzles._make import KINDS
from novaluna_widget.puzzles._solvers import SOLVERS, fails

PACKAGE = Path(__file__).parent.parent / "novaluna_widget" / "puzzles"
RULES = tuple(k for k in KINDS if k not in CURATED)


def _sample(each: int) -> list[Puzzle]:
    """``each`` puzzles of every rules kind, from seeds 900 on (not the seeds the tests use), and the
    whole curated set."""
    makers = [Generator(900 + n, "en") for n in range(4)]
    found = [makers[n % 4].make(kind) for kind in RULES for n in range(each)]
    for kind in CURATED:
        found += [Puzzle(e.id, kind, "", e.rating, "en", made(e)) for e in entries(kind)]
    return found


def rates(
    puzzles: list[Puzzle], ratings: dict[str, float], solved: dict[tuple[str, str], bool]
) -> tuple[list[int], dict[str, list[float | None]]]:
    """The puzzles in each rating band, and each solver's share solved in each (None: an empty band)."""
    bands = [[p for p in puzzles if band(ratings[p.id]) == b] for b in range(len(BANDS) + 1)]
    shares = {
        solver.name: [
            round(sum(tried) / len(tried), 3) if tried else None
            for tried in (
                [solved[(solver.name, p.id)] for p in inside if solver.attempts(p.kind)] for inside in bands
            )
        ]
        for solver in SOLVERS
    }
    return [len(inside) for inside in bands], shares


def table(counts: list[int], shares: dict[str, list[float | None]]) -> list[str]:
    edges = [
        f"<{BANDS[0]:.0f}",
        *(f"{a:.0f}-{b:.0f}" for a, b in itertools.pairwise(BANDS)),
        f">={BANDS[-1]:.0f}",
    ]
    lines = [
        f"  {'solver':32}" + "".join(f"{e:>11}" for e in edges) + "   falls",
        f"  {'puzzles in the band':32}" + "".join(f"{c:>11}" for c in counts),
    ]
    for name, found in shares.items():
        seen = [s for s in found if s is not None]
        falls = all(a >= b for a, b in itertools.pairwise(seen))
        lines.append(
            f"  {name:32}"
            + "".join("          - " if s is None else f"{s:>10.0%} " for s in found)
            + f"   {'yes' if falls else 'NO'}"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--each", type=int, default=40, help="puzzles of each rules kind in the sample")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")
    cpu = time.process_time()
    puzzles = _sample(args.each)
    solved = {(s.name, p.id): not fails(s, p) for p in puzzles for s in SOLVERS if s.attempts(p.kind)}
    attempt_cpu = time.process_time() - cpu
    rated, solvers = rate(solved)
    by_attempts = {pid: r.rating for pid, r in rated.items()}
    keys = {p.id: (p.kind, key(p)) for p in puzzles if p.kind in RULES}
    calibration: dict[str, Any] = {"fit": fit(keys, by_attempts)}
    ratings = {
        p.id: by_attempts[p.id] if p.kind in CURATED else fitted(p, calibration) or by_attempts[p.id]
        for p in puzzles
    }
    counts, shares = rates(puzzles, ratings, solved)
    lines = table(counts, shares)
    print(
        f"{len(puzzles)} puzzles ({args.each} of each rules kind, "
        f"{len(puzzles) - args.each * len(RULES)} curated), {len(SOLVERS)} solvers, {len(solved)} attempts "
        f"in {attempt_cpu:.0f} s CPU; Glicko-2 in {ROUNDS} rounds"
    )
    print("solvers' ratings: " + ", ".join(f"{n} {r.rating:.0f}" for n, r in solvers.items()))
    print("solve rate by the puzzle's rating band (rules kinds rated by the fit, curated by their attempts):")
    print("\n".join(lines))
    if args.write:
        calibration |= {
            "about": "Made by bench/puzzles_calibrate.py (issue 33): rules puzzles' ratings by kind and "
            "the misreadings that answer them wrong, fitted to Glicko-2 ratings from simulated solvers' "
            "attempts.",
            "solvers": {n: round(r.rating) for n, r in solvers.items()},
            "bands": list(BANDS),
            "counts": counts,
            "rates": shares,
            "table": lines,
        }
        (PACKAGE / "calibration.json").write_text(json.dumps(calibration, indent=1) + "\n")
        path = PACKAGE / "curated.json"
        data = json.loads(path.read_text())
        for entry in data["puzzles"]:
            entry["rating"] = round(by_attempts[entry["id"]])
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {PACKAGE / 'calibration.json'} and the ratings in {path}")


if __name__ == "__main__":
    main()
