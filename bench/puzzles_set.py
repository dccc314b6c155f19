"""Builds the curated strategy and solo puzzles, ``novaluna_widget/puzzles/curated.json`` (issue 33).

    make puzzles-set                                   # both kinds, then the file
    .venv/bin/python bench/puzzles_set.py --kind strategy --keep 40 --minutes 50
    .venv/bin/python bench/puzzles_set.py --kind solo --keep 30 --minutes 50
    .venv/bin/python bench/puzzles_set.py --write      # the file from what the logs kept

Candidates are the positions of seeded bot games (greedy bots, a careless random one now and then;
2–4 players for strategy, solo games for solo), a few from each game, spread over its opening, middle
and end. Each goes through two sieves, the cheaper first: the hint's own search (``coach.NODES``) must
see its best choice ``MARGIN`` tokens ahead of the next, and then the deep searches of ``_deep.stable``
(two seeds, 16 times the hint's work, up to 8 tiles ahead) must agree on the choice with that margin.

Resumable: every candidate's outcome is appended to ``bench/puzzles_set.<kind>.jsonl`` as it is judged
(and each run's wall seconds as it ends), and a run skips the candidates already there; ``--minutes``
and ``--keep`` bound a run. ``--write`` turns the kept ones into the shipped file (sorted by id) and
prints the figures ``bench/puzzles.py`` and the README quote: candidates searched, kept, CPU seconds
judging them, wall seconds of the runs.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from novaluna_widget._game import Action, Game, _read_actions, action_data
from novaluna_widget._new_game import new_game
from novaluna_widget.bots import Bot, GreedyBot, RandomBot, play_turn
from novaluna_widget.coach import NODES as HINT_NODES
from novaluna_widget.puzzles._curated import StoredPuzzle, deal_key, made
from novaluna_widget.puzzles._deep import (
    DEEP_DEPTH,
    DEEP_NODES,
    DEEP_SAMPLES,
    DEEP_SEEDS,
    MARGIN,
    askable,
    search,
    stable,
)
from novaluna_widget.puzzles._identity import content_id

HERE = Path(__file__).parent
OUT = HERE.parent / "novaluna_widget" / "puzzles" / "curated.json"
#: Positions judged per game: a few, so the set is spread over many games.
PER_GAME = 4
#: The seed of the bot games' stream (one per kind).
SEED = 33


def _log(kind: str) -> Path:
    return HERE / f"puzzles_set.{kind}.jsonl"


def _games(kind: str) -> Iterator[tuple[int, int, list[Action]]]:
    """(players, game seed, the actions of the whole game) for each bot game of the kind, endlessly."""
    rng = random.Random(f"{SEED}:{kind}")
    while True:
        players = 1 if kind == "solo" else rng.choice((2, 3, 4))
        seed = rng.randrange(2**31)
        game = new_game(players, seed=seed)
        bots: list[Bot] = [GreedyBot(seed=rng.randrange(2**31)) for _ in range(players)]
        if players > 1 and rng.random() < 0.5:
            bots[rng.randrange(players)] = RandomBot(seed=rng.randrange(2**31))
        while not game.is_over:
            play_turn(game, bots[game.current_player])
        yield players, seed, list(game.history)


def _candidates(kind: str) -> Iterator[tuple[int, int, list[Action], Game]]:
    """(players, seed, the actions so far, the position) of the positions judged: ``PER_GAME`` of each
    game, one from each stretch of it, so the opening, middle and end all come."""
    for players, seed, actions in _games(kind):
        rng = random.Random(f"{seed}:{len(actions)}")
        stretch = max(1, len(actions) // PER_GAME)
        for start in range(0, stretch * PER_GAME, stretch):
            ply = min(len(actions) - 1, start + rng.randrange(stretch))
            game = new_game(players, seed=seed)
            for action in actions[:ply]:
                game.play(action)
            if askable(game):
                yield players, seed, actions[:ply], game


def _judge(game: Game) -> tuple[str, Any]:
    """The candidate's outcome: ``("hint" | "deep", None)`` for the sieve it failed at, or
    ``("kept", found)``."""
    if search(game, seed=1, nodes=HINT_NODES).margin < MARGIN:
        return "hint", None
    found = stable(game)
    return ("deep", None) if found is None else ("kept", found)


def build(kind: str, keep: int, minutes: float) -> None:
    log = _log(kind)
    rows = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    done = {row["id"]: row for row in rows if "id" in row}
    kept = sum(row["outcome"] == "kept" for row in done.values())
    start = time.monotonic()
    stop = start + 60 * minutes
    print(f"{kind}: {len(done)} judged already, {kept} kept", flush=True)
    with log.open("a") as out:
        for players, seed, actions, game in _candidates(kind):
            if kept >= keep or time.monotonic() > stop:
                out.write(json.dumps({"run": round(time.monotonic() - start)}) + "\n")
                break
            pid = deal_key(kind, players, seed, actions)
            if pid in done:
                continue
            cpu = time.process_time()
            outcome, found = _judge(game)
            row: dict[str, Any] = {"id": pid, "outcome": outcome, "cpu": round(time.process_time() - cpu, 2)}
            if found is not None:
                kept += 1
                row |= {
                    "players": players,
                    "seed": seed,
                    "actions": [action_data(a) for a in actions],
                    "answer": found.best,
                    "runner": found.runner,
                    "margin": round(found.margin, 2),
                }
            done[pid] = row
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"{kind} {len(done):4} {outcome:6} {row['cpu']:6.1f} s  kept {kept}", flush=True)


def _puzzle_id(kind: str, row: dict[str, Any]) -> str:
    """The kept position's puzzle id: the content id every puzzle has (``_identity``)."""
    actions = tuple(_read_actions(row["actions"], "actions"))
    entry = StoredPuzzle(
        "", kind, row["players"], row["seed"], actions, row["answer"], row["runner"], row["margin"], 0
    )
    return content_id(kind, made(entry))


def write() -> None:
    puzzles, figures = [], {}
    for kind in ("strategy", "solo"):
        lines = _log(kind).read_text().splitlines() if _log(kind).exists() else []
        rows = [row for row in map(json.loads, lines) if "id" in row]
        runs = [row["run"] for row in map(json.loads, lines) if "run" in row]
        kept = [r for r in rows if r["outcome"] == "kept"]
        figures[kind] = {
            "searched": len(rows),
            "kept": len(kept),
            "cpu_seconds": round(sum(r["cpu"] for r in rows)),
            "wall_seconds": sum(runs),
            "failed": {o: sum(r["outcome"] == o for r in rows) for o in ("hint", "deep")},
        }
        for row in kept:
            puzzles.append(
                {"id": _puzzle_id(kind, row), "kind": kind}
                | {k: row[k] for k in ("players", "seed", "actions")}
                | {k: row[k] for k in ("answer", "runner", "margin")}
            )
    data = {
        "about": "Curated strategy and solo puzzles (issue 33), made by bench/puzzles_set.py: each position "
        "is a seeded deal and the actions that reach it; the answer is what two deep searches agree on.",
        "settings": {
            "nodes": DEEP_NODES,
            "hint_nodes": HINT_NODES,
            "depth": DEEP_DEPTH,
            "samples": DEEP_SAMPLES,
            "seeds": list(DEEP_SEEDS),
            "margin": MARGIN,
        },
        "figures": figures,
        "puzzles": sorted(puzzles, key=lambda p: p["id"]),
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(json.dumps(figures, indent=1))
    print(f"{OUT}: {len(puzzles)} puzzles, {OUT.stat().st_size} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=("strategy", "solo"))
    parser.add_argument("--keep", type=int, default=40, help="stop once this many are kept in all")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--write", action="store_true", help="write curated.json from the logs")
    args = parser.parse_args()
    if args.kind:
        build(args.kind, args.keep, args.minutes)
    if args.write:
        write()


if __name__ == "__main__":
    main()
