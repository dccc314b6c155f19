"""PuzzleRead ratings from simulated solvers' attempts (issue 33), and the fit that rates the rules kinds'
puzzles made on the fly.

``rate`` plays every attempt (a solver against a puzzle: a win for whoever is right) through Glicko-2 in
rounds: each round every puzzle and every solver is rated in one rating period from all its attempts
against the others' ratings of the round before, starting each round from Glickman's unrated deviation
so that the ratings settle where the attempts put them, not where the first round guessed. A puzzle
every solver gets right goes low, one most get wrong high.

The curated strategy and solo puzzles keep the rating their attempts gave (``curated.json``). A rules
puzzle made on the fly is rated by what makes it hard (``key``): its kind and which misreadings of the
rules lead to a wrong answer, looked up in ``calibration.json`` (the mean rating of the calibration
sample's puzzles of the kind with that key; of all those caught by as many misreadings, when the sample
held no puzzle of the kind with that key).
``bench/puzzles_calibrate.py`` makes both, and prints the table of solve rates by rating band.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from statistics import fmean
from typing import Any, Final

from ._rating import LEARNER, Rating, update
from ._solvers import MISREADINGS, PuzzleRead, misread

__all__ = ["BANDS", "ROUNDS", "band", "fit", "fitted", "key", "rate"]

#: How many rounds ``rate`` plays the attempts through.
ROUNDS: Final = 6
#: The edges of the rating bands of the calibration table.
BANDS: Final = (1300.0, 1500.0, 1700.0, 1900.0)


def band(rating: float) -> int:
    """The band (0 the lowest) a rating falls in."""
    return sum(rating >= edge for edge in BANDS)


def key(puzzle: PuzzleRead) -> str:
    """What makes a rules puzzle hard, as the calibration's key: the misreadings that answer it wrong."""
    wrong = sorted(name for name in MISREADINGS if _wrong(puzzle, misread(puzzle, (name,))))
    return "|".join(wrong)


def _wrong(puzzle: PuzzleRead, given: object) -> bool:
    if given is None:
        return False
    return given != puzzle.answers if puzzle.all else given not in puzzle.answers


def rate(attempts: Mapping[tuple[str, str], bool]) -> tuple[dict[str, Rating], dict[str, Rating]]:
    """The puzzles' and the solvers' ratings from ``attempts``: (solver, puzzle id) → solved."""
    solvers = {s: LEARNER for s, _ in attempts}
    puzzles = {p: LEARNER for _, p in attempts}
    for _ in range(ROUNDS):
        fresh_puzzles = {
            p: update(
                rating,
                [(solvers[s], 0.0 if solved else 1.0) for (s, q), solved in attempts.items() if q == p],
            )
            for p, rating in puzzles.items()
        }
        solvers = {
            s: update(
                rating,
                [(puzzles[q], 1.0 if solved else 0.0) for (t, q), solved in attempts.items() if t == s],
            )
            for s, rating in solvers.items()
        }
        puzzles = fresh_puzzles
    return puzzles, solvers


def fit(keys: Mapping[str, tuple[str, str]], ratings: Mapping[str, float]) -> dict[str, Any]:
    """The fit of rules puzzles' ratings to their kind and key: ``keys`` is puzzle id → (kind, key)."""
    by_key: dict[str, dict[str, list[float]]] = {}
    by_count: dict[str, list[float]] = {}
    for pid, (kind, found) in keys.items():
        by_key.setdefault(kind, {}).setdefault(found, []).append(ratings[pid])
        by_count.setdefault(_count(found), []).append(ratings[pid])
    return {
        "by_key": {
            kind: {k: round(fmean(v)) for k, v in sorted(found.items())} for kind, found in by_key.items()
        },
        "by_count": {count: round(fmean(v)) for count, v in sorted(by_count.items())},
    }


def _count(found: str) -> str:
    """How many misreadings a key names (as a JSON key)."""
    return str(len(found.split("|")) if found else 0)


@cache
def _shipped() -> dict[str, Any]:
    path = files(__package__).joinpath("calibration.json")
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return loaded


def fitted(puzzle: PuzzleRead, calibration: Mapping[str, Any] | None = None) -> float | None:
    """A rules puzzle's rating by the fit (None: no calibration for its kind)."""
    fit = (_shipped() if calibration is None else calibration).get("fit", {})
    found = key(puzzle)
    rated = fit.get("by_key", {}).get(puzzle.kind, {}).get(found)
    if rated is None:  # a key the sample did not hold: as the puzzles caught by as many misreadings
        counts = fit.get("by_count", {})
        rated = counts.get(_count(found), max(counts.values(), default=None))
    return None if rated is None else float(rated)
