"""A fuzz campaign: damaged save files, odd cells and bad calls, counted by outcome.

Run: ``.venv/bin/python bench/hostile.py [--saves N] [--cells N]``. Every damaged save must load (and
then save and load again to the same game) or be refused with a ``SaveError`` of a short message; every
odd cell must be refused with ``IllegalMove`` and leave the game as it was. Anything else is counted as
*other* and printed. The tests run the same checks on fewer cases (tests/test_hostile.py).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from novaluna_widget import Game, IllegalMove, SaveError
from tests.hostile import ODD_CELL_PARTS, damage, saves


def load_outcome(text: str | bytes) -> str:
    try:
        game = Game.from_json(text)
    except SaveError as err:
        return "refused" if len(str(err)) <= 400 else f"other: a {len(str(err))}-character message"
    except Exception as err:  # what the campaign is looking for
        return f"other: {type(err).__name__}: {str(err)[:120]}"
    again = Game.from_json(game.to_json())
    return "loaded" if again.to_json() == game.to_json() else "other: a loaded game saves differently"


def cell_outcome(game: Game, cell: object) -> str:
    before, mover = game.to_json(), game.current_player
    space = game.choices()[0]
    try:
        game.take(space, cell)  # type: ignore[arg-type]
    except IllegalMove:
        return "refused" if game.to_json() == before else "other: refused but changed"
    except Exception as err:
        return f"other: {type(err).__name__}: {err}"
    cells = list(game.players[mover].board.tiles)
    game.undo()
    return "taken" if all(type(v) is int for c in cells for v in c) else "other: a non-int cell stored"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = saves()
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for _ in range(args.saves):
        counts[load_outcome(damage(rng.choice(files), rng))] += 1
    print(f"damaged save files: {args.saves} in {time.perf_counter() - start:.0f} s")
    for outcome, n in counts.most_common():
        print(f"  {n:>6} {outcome}")
    cells: Counter[str] = Counter()
    game = Game(2, seed=1)
    game.play(game.legal_moves()[0])
    for x, y in itertools.product(ODD_CELL_PARTS, repeat=2):
        for cell in ((x, y), [x, y]):
            cells[cell_outcome(game, cell)] += 1
    print(f"odd cells: {sum(cells.values())}")
    for outcome, n in cells.most_common():
        print(f"  {n:>6} {outcome}")


if __name__ == "__main__":
    main()
