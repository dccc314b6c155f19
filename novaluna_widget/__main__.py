"""The command line: ``python -m novaluna_widget simulate …`` and ``python -m novaluna_widget play …``.

``simulate`` plays bots against each other and prints win rates with 95 % intervals; ``play`` prints
one bot game move by move, a quick look at the engine without Jupyter.

Every argument, and how they fit together, is checked before the first game: a mistake is a usage
error (exit code 2), never a traceback, and never found only after a long simulation. Ctrl-C stops at
once with exit code 130.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .bots import BOTS, SearchBot, make_bot, play_game
from .game import SEEDS
from .kinds import new_game

#: Nova Luna seats 1 (solo) to 4 players.
MOST_SEATS = 4


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit code is 0, 2 for a usage error (argparse exits itself), 130 after Ctrl-C."""
    parser = _parser()
    args = parser.parse_args(argv)
    _check(args)
    try:
        text = args.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130  # 128 + SIGINT, as shells report a command Ctrl-C stopped
    print(text)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m novaluna_widget",
        description="Nova Luna bots from the command line: simulate many games, or print one.",
    )
    commands = parser.add_subparsers(required=True, metavar="command")

    sim = commands.add_parser("simulate", help="play many bot games and print win rates")
    sim.add_argument("--games", type=_whole(1), default=100, help="how many games (default 100)")
    _bot_arguments(sim)
    sim.add_argument("--workers", type=_whole(1), default=None,
                     help="worker processes (default: all cores)")
    sim.add_argument("--beginner", action="store_true", help="the beginner variant's token counts")
    sim.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    sim.add_argument("--csv", type=_writable, help="also write the per-player table to this CSV file")
    sim.set_defaults(run=_simulate, command=sim)

    play = commands.add_parser("play", help="print one bot game move by move")
    _bot_arguments(play)
    play.set_defaults(run=_play, command=play, beginner=False)
    return parser


def _bot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", type=_names, default=["greedy", "greedy"],
                        help=f"one per seat, comma-separated ({', '.join(BOTS)}; default greedy,greedy); "
                             "a single bot plays solo")
    parser.add_argument("--players", type=_whole(1, MOST_SEATS),
                        help="seats (1–4, 1 is solo): the bots repeat in turn to fill them")
    parser.add_argument("--seed", type=_whole(0, SEEDS - 1, "2**64 - 1"), default=0,
                        help="master seed (default 0)")
    parser.add_argument("--nodes", type=_whole(1), help="search bot: positions per move (default 4000)")


def _whole(least: int, most: int | None = None, most_shown: str | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` (to ``most``), else a usage error saying which."""
    allowed = (f"a whole number, {least} or more" if most is None
               else f"a whole number from {least} to {most_shown or most}")

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {text!r}") from None
        if number < least or (most is not None and number > most):
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {number}")
        return number

    return whole


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"name 1 to {MOST_SEATS} bots, comma-separated "
                                         f"({', '.join(BOTS)}), not {text!r}")
    if unknown := [n for n in names if n not in BOTS]:
        raise argparse.ArgumentTypeError(f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    if len(names) > MOST_SEATS:
        raise argparse.ArgumentTypeError(f"Nova Luna seats 1 (solo) to {MOST_SEATS} players; "
                                         f"{len(names)} bots given")
    return names


def _writable(text: str) -> str:
    """``--csv``: refused now if the file cannot be written, not after the simulation, when the results
    would be lost. Opening it to append is the one sure test (permissions, a read-only disk); a file
    that was not there is removed again, and one that was is left as it was."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a directory; name a file in it")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no directory {str(path.parent)!r} to write {path.name} in")
    existed = path.exists()
    try:
        with path.open("a"):
            pass
    except OSError as err:
        raise argparse.ArgumentTypeError(f"cannot write {text}: {err.strerror}") from None
    if not existed:
        path.unlink()
    return text


def _check(args: argparse.Namespace) -> None:
    """What no single argument shows: the bots and the seats fit together, and each option applies."""
    command: argparse.ArgumentParser = args.command
    seats = len(args.bots) if args.players is None else args.players
    if seats < len(args.bots):
        command.error(f"--players {seats} leaves bots out: {len(args.bots)} bots given")
    if args.nodes is not None and "search" not in args.bots:
        command.error("--nodes is the search bot's budget, and no seat plays search")
    if args.beginner and seats == 1:
        command.error("--beginner: the solo game has no beginner variant")


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
    df = simulate(args.games, seats, seed=args.seed, beginner=args.beginner, progress=args.progress,
                  workers=args.workers)
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
