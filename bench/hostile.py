"""A fuzz campaign: damaged save files, odd cells and bad calls, counted by outcome.

Run: ``.venv/bin/python bench/hostile.py [--saves N] [--calls N] [--review]``. Every damaged save must load
(and then save and load again to the same game) or be refused with a ``SaveError`` of a short message; every
odd cell must be refused with ``IllegalMove`` and leave the game as it was. Every run of calls of a widget
with odd indexes (``tests.hostile.widget_doors``) must have each call taken or refused with a short message
and no change, and the widget must work after each (``still_works``). Anything else is counted as *other*
and printed. ``--review`` times the page's Review of a 68-action game: the intent must return at once. The
tests run the same checks on fewer cases (tests/test_hostile.py).

``--interrupts N`` stops N simulations, each in a process of its own, by Ctrl-C, SIGINT or SIGTERM at a
random moment (``tests.hostile_sims.interrupt_outcome``): each must keep every game that finished before
the signal and leave no worker running (tests/test_hostile_sims.py runs a few).
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

from novaluna_widget import Game, IllegalMove, NovaLunaWidget, SaveError, coach
from tests.hostile import ODD_CELL_PARTS, ODD_INDEXES, REFUSALS, damage, saves, still_works, widget_doors
from tests.hostile_sims import interrupt_outcome


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


def widget_outcome(w: NovaLunaWidget, door: str, value: object) -> str:
    before = w.state
    try:
        widget_doors(w)[door](value)
    except REFUSALS as err:
        if len(str(err)) > 400:
            return f"other: a {len(str(err))}-character message"
        if w.state != before:
            return "other: refused but changed"
        outcome = "refused"
    except Exception as err:  # what the campaign is looking for
        return f"other: {door}: {type(err).__name__}: {str(err)[:120]}"
    else:
        outcome = "taken"
    try:
        still_works(w)
    except Exception as err:
        return f"other: broken after {door}({value!r:.40}): {type(err).__name__}: {str(err)[:120]}"
    return outcome


def widget_runs(count: int, rng: random.Random) -> Counter[str]:
    """``count`` runs of 1–4 calls with odd indexes, each on a fresh reviewed widget of a game under way."""
    start = Game(["You", "Bo"], seed=11)
    while start.turn < 8:
        start.play(start.legal_moves()[rng.randrange(len(start.legal_moves()))])
    reviewed: dict[object, list[object]] = {}
    reviewing = coach.reviewing

    def once(game: Game, **kw: object) -> object:  # each history and language worked out once
        key = (game.history, kw.get("lang"), kw.get("reader"))
        if key not in reviewed:
            reviewed[key] = list(reviewing(game, nodes=40, **kw))  # type: ignore[arg-type]
        return iter(reviewed[key])

    coach.reviewing = once  # type: ignore[assignment]
    counts: Counter[str] = Counter()
    try:
        for _ in range(count):
            w = NovaLunaWidget(start.copy(), seed=rng.randrange(100))
            w.review(progress=False)
            for _ in range(rng.randint(1, 4)):
                door = rng.choice(list(widget_doors(w)))
                counts[widget_outcome(w, door, rng.choice(ODD_INDEXES))] += 1
            w.close()
    finally:
        coach.reviewing = reviewing
    return counts


def review_latency() -> None:
    """How long the page's Review intent holds the kernel on a finished game, and how long the coach works."""
    game = Game(2, seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    w = NovaLunaWidget(game)
    start = time.perf_counter()
    asked = {"action": "review", "version": w.version}
    w._handle_msg({"content": {"data": {"method": "custom", "content": asked}}, "buffers": []})
    returned = time.perf_counter() - start
    shown = time.perf_counter()  # meanwhile, the history slider
    asked = {"action": "show", "turn": 5, "version": w.version}
    w._handle_msg({"content": {"data": {"method": "custom", "content": asked}}, "buffers": []})
    shown = time.perf_counter() - shown
    w.review_done()
    print(
        f"the page's Review of {len(game.history)} actions: the intent returned in {returned * 1000:.0f} ms, "
        f"a move of the slider meanwhile took {shown * 1000:.0f} ms ({w.shown_turn}), "
        f"the review was ready after {time.perf_counter() - start:.1f} s ({w.review_panel['status']})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=20_000)
    parser.add_argument("--calls", type=int, default=1_000, help="runs of widget calls")
    parser.add_argument("--review", action="store_true", help="time the page's Review (some 20 s)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--interrupts", type=int, default=0, help="simulations stopped by a signal (some 4 s each)"
    )
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
    start = time.perf_counter()
    calls = widget_runs(args.calls, rng)
    print(f"widget calls with odd indexes: {sum(calls.values())} in {time.perf_counter() - start:.0f} s")
    for outcome, n in calls.most_common():
        print(f"  {n:>6} {outcome}")
    if args.review:
        review_latency()
    if args.interrupts:
        interrupts(args.interrupts, rng)


def interrupts(count: int, rng: random.Random) -> None:
    """Simulations in processes of their own stopped at random moments by Ctrl-C, SIGINT or SIGTERM
    (``tests.hostile_sims.interrupt_outcome``): each must keep every game finished before it, and leave
    no worker behind."""
    start = time.perf_counter()
    counts = Counter(interrupt_outcome(rng) for _ in range(count))
    print(f"interrupted simulations: {count} in {time.perf_counter() - start:.0f} s")
    for outcome, n in counts.most_common():
        print(f"  {n:>6} {outcome}")


if __name__ == "__main__":
    main()
