"""The command line: ``python -m novaluna_widget simulate …`` and ``python -m novaluna_widget play …``.

``simulate`` plays bots against each other and prints win rates with 95 % intervals; ``play`` prints
one bot game move by move, a quick look at the engine without Jupyter.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .bots import BOTS, SearchBot, make_bot, play_game
from .kinds import new_game


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        text = args.run(args)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(text)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m novaluna_widget",
        description="Nova Luna bots from the command line: simulate many games, or print one.",
    )
    commands = parser.add_subparsers(required=True, metavar="command")

    sim = commands.add_parser("simulate", help="play many bot games and print win rates")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    _bot_arguments(sim)
    sim.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    sim.add_argument("--beginner", action="store_true", help="the beginner variant's token counts")
    sim.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    sim.add_argument("--csv", help="also write the per-player table to this CSV file")
    sim.set_defaults(run=_simulate)

    play = commands.add_parser("play", help="print one bot game move by move")
    _bot_arguments(play)
    play.set_defaults(run=_play)
    return parser


def _bot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", type=_names, default=["greedy", "greedy"],
                        help=f"one per seat, comma-separated ({', '.join(BOTS)}; default greedy,greedy); "
                             "a single bot plays solo")
    parser.add_argument("--players", type=int, help="seats (2–4): the bots repeat in turn to fill them")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--nodes", type=int, help="search bot: positions per move (default 4000)")


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if unknown := [n for n in names if n not in BOTS]:
        raise argparse.ArgumentTypeError(f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    return names


def _seats(args: argparse.Namespace) -> list[Any]:
    """One bot spec per seat: names, or a configured search bot when ``--nodes`` is given."""
    names = args.bots
    if args.players is not None:
        names = [names[i % len(names)] for i in range(args.players)]
    if args.nodes is None:
        return list(names)
    return [functools.partial(SearchBot, nodes=args.nodes) if n == "search" else n for n in names]


def _simulate(args: argparse.Namespace) -> str:
    from .simulate import simulate, summary

    seats = _seats(args)
    executor = ProcessPoolExecutor(args.workers) if args.workers else None
    try:
        df = simulate(args.games, seats, seed=args.seed, beginner=args.beginner, executor=executor,
                      progress=args.progress)
    finally:
        if executor is not None:
            executor.shutdown()
    if args.csv:
        df.to_csv(args.csv, index=False)
    table = summary(df)
    table["win_rate"] = [f"{r:.1%}" for r in table["win_rate"]]
    bounds = zip(table.pop("ci_low"), table.pop("ci_high"), strict=True)
    table["95% CI"] = [f"{lo:.1%}–{hi:.1%}" for lo, hi in bounds]
    kind = "solo games" if len(seats) == 1 else "games"
    head = f"{args.games} {kind}, bots {', '.join(args.bots)}, seed {args.seed}"
    return head + "\n" + str(table.to_string(float_format=lambda v: f"{v:.2f}"))


def _play(args: argparse.Namespace) -> str:
    seats = _seats(args)
    game = new_game(len(seats), seed=args.seed)
    bots = [make_bot(s, seed=args.seed + i) if isinstance(s, str) else s(seed=args.seed + i)
            for i, s in enumerate(seats)]
    play_game(game, bots)
    told = [e.text for e in game.log if e.kind not in ("move", "place")]  # a take says enough
    return "\n".join([*told, "", str(game)])


if __name__ == "__main__":
    sys.exit(main())
