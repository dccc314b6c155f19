"""The command line: ``python -m novaluna_widget simulate …``, ``… play …`` and ``… app …``.

``simulate`` plays bots against each other and prints win rates with 95 % intervals; ``play`` prints
one bot game move by move, a quick look at the engine without Jupyter; ``app`` serves the game, the
puzzles or the guided game as a Voilà app (``_app``), until Ctrl-C.

Every argument, and how they fit together, is checked before the first game: a mistake is a usage
error (exit code 2), never a traceback, and never found only after a long simulation. Ctrl-C stops at
once with exit code 130. A ``--csv`` file that cannot be written after all (a full disk) is said in one
line after the table, with exit code 1.

``--lang`` (before or after the command; default: the package language, ``NOVALUNA_LANG``) picks the
language of everything printed: the help, the errors, the game and the table's headings. What is typed
on the command line (bot names, numbers, seeds) is shown as it is typed. The words argparse adds itself
("usage:", "error:", "options") are the standard library's.
"""

from __future__ import annotations

import argparse
import functools
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

from ._app import APPS, NotInstalled, serve
from ._game import SEEDS
from ._i18n import LANGUAGES, Message, cmsg, get_language, joined, msg, plural, quote
from ._new_game import new_game
from .bots import BOTS, SearchBot, make_bot, play_game

__all__ = ["main"]

#: Nova Luna seats 1 (solo) to 4 players.
_MOST_SEATS = 4

#: The columns ``simulate --by`` may group by (of the per-player table's, those with few values).
_GROUPS = ("bot", "bot_spec", "seat", "order", "players", "end")

#: The headings of the table ``simulate`` prints (``simulate.summary``'s columns and what it groups by;
#: the CSV file keeps the column names as they are).
_HEADINGS: dict[str, Message] = {
    "bot": cmsg("a heading of the command line's table of win rates", "bot"),
    "bot_spec": cmsg("a heading of the command line's table of win rates", "bot_spec"),
    "seat": cmsg("a heading of the command line's table of win rates", "seat"),
    "order": cmsg("a heading of the command line's table of win rates", "order"),
    "players": cmsg("a heading of the command line's table of win rates", "players"),
    "end": cmsg("a heading of the command line's table of win rates", "end"),
    "games": cmsg("a heading of the command line's table of win rates", "games"),
    "deals": cmsg("a heading of the command line's table of win rates", "deals"),
    "wins": cmsg("a heading of the command line's table of win rates", "wins"),
    "win_rate": cmsg("a heading of the command line's table of win rates", "win_rate"),
    "mean_rank": cmsg("a heading of the command line's table of win rates", "mean_rank"),
    "mean_tokens_left": cmsg("a heading of the command line's table of win rates", "mean_tokens_left"),
    "mean_score": cmsg("a heading of the command line's table of win rates", "mean_score"),
    "95% CI": cmsg("a heading of the command line's table of win rates", "95% CI"),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit code is 0, 2 for a usage error (argparse exits itself), 130 after Ctrl-C,
    143 after SIGTERM (``kill``), which stops a simulation as Ctrl-C does, its worker processes with it.
    A reader that goes away (``novaluna simulate … | head -1``) ends the command quietly, as it ends any
    command-line tool: what is left to print is not wanted."""
    terminated: list[int] = []
    with _sigterm_as_ctrl_c(terminated):
        try:
            code = _command(argv)
            sys.stdout.flush()  # here, not at exit, where a reader gone would print a traceback
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more reaches it
            return 128 + signal.SIGPIPE  # as a tool killed by SIGPIPE reports
    return 128 + signal.SIGTERM if terminated and code == 130 else code


@contextmanager
def _sigterm_as_ctrl_c(terminated: list[int]) -> Iterator[None]:
    """SIGTERM acts as Ctrl-C while the command runs (and is noted in ``terminated``): a simulation then
    ends its workers and keeps the games that finished. Handed to the Ctrl-C handler in place, which a
    simulation holds until it is safe to act, and Python's raises ``KeyboardInterrupt``. Only the main
    thread can set a handler; elsewhere SIGTERM is left as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    main = os.getpid()

    def stop(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != main:
            # A forked worker that has not yet set its own handlers (its pool's initializer): SIGTERM, by
            # which the parent ends it, ends it at once, as by default, not as a Ctrl-C with a traceback.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        terminated.append(signum)
        handler = signal.getsignal(signal.SIGINT)
        if not callable(handler):  # Ctrl-C ignored here (a background job): SIGTERM still stops
            raise KeyboardInterrupt
        handler(signal.SIGINT, frame)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _command(argv: Sequence[str] | None) -> int:
    """``main`` but for SIGTERM and a reader gone."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = _language(argv)
    parser = _parser(lang)
    # What follows a "--" is Voilà's (``app``), passed on unread.
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    if cut < len(argv) and args.run is not _app_command:
        parser.error(msg("only app passes options on (after --)").in_language(lang))
    args.voila_args = argv[cut + 1 :]
    args.lang = lang
    _check(args)
    try:
        text = args.run(args)
    except _Interrupted as err:  # the games that finished are printed (and written) all the same
        if err.text:
            print(err.text)
        print(err.reason, file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print(msg("interrupted").in_language(lang), file=sys.stderr)
        return 130  # 128 + SIGINT, as shells report a command Ctrl-C stopped
    except _Unwritten as err:  # the run is not lost with the file: its table is printed all the same
        print(err.text)
        print(err.reason, file=sys.stderr)
        return 1
    if isinstance(text, int):  # a server that ran until it was stopped (``app``): its exit code
        return text
    print(text)
    return 0


class _Unwritten(Exception):
    """The simulation ran, but its CSV file could not be written: ``text`` is what to print all the
    same, ``reason`` the one line that says why the file is missing."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(text, reason)
        self.text, self.reason = text, reason


class _Interrupted(Exception):
    """Ctrl-C stopped the simulation: ``text`` is the table of the games that finished (empty if none
    did), ``reason`` says how many of how many, and whether the CSV file holds them."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(text, reason)
        self.text, self.reason = text, reason


class _Unparsed(Exception):
    """The language could not be read first; the full parser will say what is wrong."""


class _LanguageFirst(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Unparsed(message)


def _language(argv: Sequence[str]) -> str:
    """The ``--lang`` given anywhere in ``argv``, read before the parser is built in it; the package
    language when there is none, or none that is a language (the full parser then refuses it)."""
    first = _LanguageFirst(add_help=False)
    first.add_argument("--lang")
    try:
        wanted = first.parse_known_args(argv)[0].lang
    except _Unparsed:
        wanted = None
    return wanted if wanted in LANGUAGES else get_language()


def _help(message: Message, lang: str) -> str:
    """A help text in ``lang``, its ``%`` kept from argparse's formatting."""
    return message.in_language(lang).replace("%", "%%")


def _parser(lang: str) -> argparse.ArgumentParser:
    about = msg("Nova Luna bots from the command line: simulate many games, or print one.")
    # The installed command's own name; ``python -m`` shows the module's file otherwise.
    prog = "novaluna" if Path(sys.argv[0]).name == "novaluna" else "python -m novaluna_widget"
    parser = argparse.ArgumentParser(prog=prog, description=_help(about, lang))
    _lang_argument(parser, lang)
    commands = parser.add_subparsers(required=True, metavar="command")

    sim = commands.add_parser("simulate", help=_help(msg("play many bot games and print win rates"), lang))
    sim.add_argument(
        "--games",
        type=_whole(lang, 1),
        default=100,
        help=_help(msg("how many games (default {default})", default="100"), lang),
    )
    _bot_arguments(sim, lang)
    sim.add_argument(
        "--workers",
        type=_whole(lang, 1),
        default=None,
        help=_help(msg("worker processes (default: all cores)"), lang),
    )
    sim.add_argument(
        "--beginner", action="store_true", help=_help(msg("the beginner variant's token counts"), lang)
    )
    sim.add_argument(
        "--by",
        type=_columns(lang),
        default=["bot"],
        help=_help(
            msg(
                "group the win rates by these columns, comma-separated ({columns}; default bot): "
                "--by order asks whether moving first helps",
                columns=joined(_GROUPS),
            ),
            lang,
        ),
    )
    sim.add_argument(
        "--no-rotate",
        dest="rotate",
        action="store_false",
        help=_help(
            msg(
                "deal each game afresh instead of playing each deal once per seating (for equal bots, "
                "whose games of one deal are often the same game)"
            ),
            lang,
        ),
    )
    sim.add_argument(
        "--no-progress", dest="progress", action="store_false", help=_help(msg("no progress bar"), lang)
    )
    sim.add_argument(
        "--csv",
        type=_writable(lang),
        help=_help(msg("also write the per-player table to this CSV file"), lang),
    )
    sim.set_defaults(run=_simulate, command=sim)

    play = commands.add_parser("play", help=_help(msg("print one bot game move by move"), lang))
    _bot_arguments(play, lang)
    play.set_defaults(run=_play, command=play, beginner=False)
    _app_arguments(commands, lang)
    return parser


def _app_arguments(commands: Any, lang: str) -> None:
    """``app``: the game, the puzzles or the guided game served by Voilà (``_app``)."""
    about = msg("serve the game, the puzzles or the guided game as a Voilà app, with no code showing")
    epilog = msg(
        "Voilà's own options follow a --, e.g. {example} to serve other machines.",
        example="-- --Voila.ip=0.0.0.0",
    )
    app = commands.add_parser(
        "app", help=_help(about, lang), description=_help(about, lang), epilog=_help(epilog, lang)
    )
    app.add_argument(
        "app",
        choices=list(APPS),
        help=_help(
            msg("game: against the greedy bot; puzzles: the puzzle trainer; guided: the guided first game"),
            lang,
        ),
    )
    app.add_argument(
        "--port",
        type=_whole(lang, 1, 65535),
        help=_help(msg("the port (default Voilà's, {port})", port="8866"), lang),
    )
    app.add_argument(
        "--no-browser", dest="browser", action="store_false", help=_help(msg("open no browser window"), lang)
    )
    app.add_argument(
        "--theme",
        choices=["light", "dark"],
        default="light",
        help=_help(msg("the page's theme (default light)"), lang),
    )
    app.add_argument(
        "--projector", action="store_true", help=_help(msg("large tiles and words, for a projector"), lang)
    )
    app.add_argument(
        "--seed",
        type=_whole(lang, 0, SEEDS - 1, "2**64 - 1"),
        help=_help(msg("the seed of the first game"), lang),
    )
    _lang_argument(app, lang)
    app.set_defaults(run=_app_command, command=app)


def _lang_argument(parser: argparse.ArgumentParser, lang: str) -> None:
    """``--lang``, on the command line and on each command: ``main`` has read it already (``_language``),
    so the parsers only check it and show it in their help."""
    names = joined(f"{code} ({name})" for code, name in LANGUAGES.items())
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        default=argparse.SUPPRESS,
        metavar="LANG",
        help=_help(
            msg(
                "the language of what is printed: {languages} (default {default}, the package language)",
                languages=names,
                default=get_language(),
            ),
            lang,
        ),
    )


def _bot_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    bots = joined(BOTS)
    parser.add_argument(
        "--bots",
        type=_names(lang),
        default=["greedy", "greedy"],
        help=_help(
            msg(
                "one per seat, comma-separated ({bots}; default greedy,greedy); a single bot plays solo",
                bots=bots,
            ),
            lang,
        ),
    )
    parser.add_argument(
        "--players",
        type=_whole(lang, 1, _MOST_SEATS),
        help=_help(msg("seats (1–4, 1 is solo): the bots repeat in turn to fill them"), lang),
    )
    parser.add_argument(
        "--seed",
        type=_whole(lang, 0, SEEDS - 1, "2**64 - 1"),
        default=0,
        help=_help(msg("master seed (default {default})", default="0"), lang),
    )
    parser.add_argument(
        "--nodes",
        type=_whole(lang, 1),
        help=_help(
            msg("search bot: positions per move (default {default})", default=str(SearchBot().nodes)), lang
        ),
    )
    _lang_argument(parser, lang)


def _whole(
    lang: str, least: int, most: int | None = None, most_shown: str | None = None
) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` (to ``most``), else a usage error saying which.
    The bounds are shown as they are typed (``2**64 - 1``), in ASCII digits."""
    shown = most_shown or str(most)
    allowed = (
        msg("a whole number, {least} or more", least=str(least))
        if most is None
        else msg("a whole number from {least} to {most}", least=str(least), most=shown)
    )

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_refused(allowed, quote(text), lang)) from None
        if number < least or (most is not None and number > most):
            raise argparse.ArgumentTypeError(_refused(allowed, str(number), lang))
        return number

    return whole


def _refused(allowed: Message, value: str, lang: str) -> str:
    return msg("must be {allowed}, not {value}", allowed=allowed, value=value).in_language(lang)


def _names(lang: str) -> Callable[[str], list[str]]:
    """An argparse type: 1 to 4 bot names, comma-separated."""

    def names(text: str) -> list[str]:
        found = [n.strip() for n in text.split(",") if n.strip()]
        if not found:
            raise argparse.ArgumentTypeError(
                msg(
                    "name 1 to {most} bots, comma-separated ({bots}), not {value}",
                    most=str(_MOST_SEATS),
                    bots=joined(BOTS),
                    value=quote(text),
                ).in_language(lang)
            )
        if unknown := [n for n in found if n not in BOTS]:
            raise argparse.ArgumentTypeError(
                msg(
                    "unknown bot {name}; bots are {bots}", name=quote(unknown[0]), bots=joined(BOTS)
                ).in_language(lang)
            )
        if len(found) > _MOST_SEATS:
            raise argparse.ArgumentTypeError(
                plural(
                    "Nova Luna seats 1 (solo) to {most} players; {n} bot given",
                    "Nova Luna seats 1 (solo) to {most} players; {n} bots given",
                    len(found),
                    most=str(_MOST_SEATS),
                ).in_language(lang)
            )
        return found

    return names


def _columns(lang: str) -> Callable[[str], list[str]]:
    """``--by``: one or more of the columns in ``_GROUPS``, comma-separated."""

    def columns(text: str) -> list[str]:
        found = [c.strip() for c in text.split(",") if c.strip()]
        if not found or (unknown := [c for c in found if c not in _GROUPS]):
            wrong = quote(text) if not found else quote(unknown[0])
            raise argparse.ArgumentTypeError(
                msg(
                    "must name columns among {columns}, not {value}", columns=joined(_GROUPS), value=wrong
                ).in_language(lang)
            )
        return found

    return columns


def _shown(path: str) -> str:
    """A path as a message shows it: whole, or its first 100 characters or so."""
    return path if len(path) <= 100 else path[:97] + "..."


def _checked_path(text: str, lang: str) -> str:
    """``text`` if a file of that name can be written, else ``ArgumentTypeError`` saying why."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(
            msg("{path} is a directory; name a file in it", path=_shown(text)).in_language(lang)
        )
    if not path.parent.is_dir():
        where = msg(
            "no directory {directory} to write {name} in",
            directory=quote(str(path.parent)),
            name=_shown(path.name),
        )
        raise argparse.ArgumentTypeError(where.in_language(lang))
    existed = path.exists()
    with path.open("a"):
        pass
    if not existed:
        path.unlink()
    return text


def _writable(lang: str) -> Callable[[str], str]:
    """``--csv``: refused now if the file cannot be written, not after the simulation, when the results
    would be lost. Opening it to append is the one sure test (permissions, a read-only disk); a file
    that was not there is removed again, and one that was is left as it was."""

    def writable(text: str) -> str:
        try:
            return _checked_path(text, lang)
        except OSError as err:  # a name too long for the system, a loop of links
            raise argparse.ArgumentTypeError(
                msg("cannot write {path}: {reason}", path=_shown(text), reason=str(err.strerror)).in_language(
                    lang
                )
            ) from None

    return writable


def _check(args: argparse.Namespace) -> None:
    """What no single argument shows: the bots and the seats fit together, and each option applies."""
    command: argparse.ArgumentParser = args.command
    lang: str = args.lang
    if "bots" not in args:  # app: each of its arguments is checked alone
        return
    seats = len(args.bots) if args.players is None else args.players
    if seats < len(args.bots):
        command.error(
            plural(
                "--players {players} leaves bots out: {n} bot given",
                "--players {players} leaves bots out: {n} bots given",
                len(args.bots),
                players=str(seats),
            ).in_language(lang)
        )
    if args.nodes is not None and "search" not in args.bots:
        command.error(msg("--nodes is the search bot's budget, and no seat plays search").in_language(lang))
    if args.beginner and seats == 1:
        command.error(msg("--beginner: the solo game has no beginner variant").in_language(lang))


def _seats(args: argparse.Namespace) -> list[Any]:
    """One bot spec per seat: names, or a configured search bot when ``--nodes`` is given."""
    names = args.bots
    if args.players is not None:
        names = [names[i % len(names)] for i in range(args.players)]
    if args.nodes is None:
        return list(names)
    return [functools.partial(SearchBot, nodes=args.nodes) if n == "search" else n for n in names]


def _simulate(args: argparse.Namespace) -> str:
    from .simulate import simulate

    seats = _seats(args)
    try:
        with warnings.catch_warnings():  # --no-rotate's help says it; the intervals count deals anyway
            warnings.filterwarnings("ignore", "every seat plays the same bot")
            df = simulate(
                args.games,
                seats,
                seed=args.seed,
                beginner=args.beginner,
                progress=args.progress,
                workers=args.workers,
                rotate=args.rotate,
            )
    except KeyboardInterrupt as stopped:
        if not hasattr(stopped, "table"):  # pressed before the games were under way
            raise
        _interrupted(args, stopped)
    unwritten = _write(args.csv, df)
    text = _win_rates(args, df, args.games)
    if unwritten is not None:
        raise _Unwritten(text, unwritten.in_language(args.lang))
    return text


def _interrupted(args: argparse.Namespace, stopped: Any) -> NoReturn:
    """Ctrl-C: the games that finished are printed and written to the CSV file all the same."""
    lang: str = args.lang
    done = stopped.finished
    unwritten = _write(args.csv, stopped.table) if done else None
    said = plural(
        "interrupted after {n} of {total} games",
        "interrupted after {n} of {total} games",
        done,
        total=stopped.total,
    )
    if done and args.csv and unwritten is None:
        said = msg("{said}; {path} holds those", said=said, path=args.csv)
    reason = "\n".join(m.in_language(lang) for m in (said, unwritten) if m is not None)
    raise _Interrupted(_win_rates(args, stopped.table, done) if done else "", reason)


def _write(path: str | None, df: Any) -> Message | None:
    """Write the per-player table to ``path`` (if given); what went wrong, if anything."""
    if not path:
        return None
    try:
        df.to_csv(path, index=False)
    except OSError as err:  # a full disk, a lost network drive: found only once the games are played
        return msg("cannot write {path}: {reason}", path=path, reason=str(err.strerror or err))
    return None


def _win_rates(args: argparse.Namespace, df: Any, games: int) -> str:
    """The heading line and the table of win rates, grouped by ``--by``, in the language."""
    import pandas as pd

    from .simulate import summary

    lang: str = args.lang
    table = summary(df, args.by)
    table["win_rate"] = [f"{r:.1%}" for r in table["win_rate"]]
    bounds = zip(table.pop("ci_low"), table.pop("ci_high"), strict=True)
    table["95% CI"] = [f"{lo:.1%}–{hi:.1%}" for lo, hi in bounds]
    if lang != "en":  # the headings in the language (English: the columns' own names)
        heading = {name: words.in_language(lang) for name, words in _HEADINGS.items()}
        table = table.rename(columns=heading)
        table.index = table.index.set_names([heading[str(name)] for name in table.index.names])
    bots, seed = joined(args.bots), str(args.seed)
    words = (
        plural(
            "{n} solo game, bots {bots}, seed {seed}",
            "{n} solo games, bots {bots}, seed {seed}",
            games,
            bots=bots,
            seed=seed,
        )
        if len(_seats(args)) == 1
        else plural(
            "{n} game, bots {bots}, seed {seed}",
            "{n} games, bots {bots}, seed {seed}",
            games,
            bots=bots,
            seed=seed,
        )
    )
    with pd.option_context("display.unicode.east_asian_width", lang == "ja"):  # wide characters align
        shown = table.to_string(float_format=lambda v: f"{v:.2f}")
    return words.in_language(lang) + "\n" + str(shown)


def _app_command(args: argparse.Namespace) -> int:
    """Serve the app until it is stopped: Voilà's exit code (1 when Voilà is not installed)."""
    try:
        return serve(
            args.app,
            lang=args.lang,
            seed=args.seed,
            projector=args.projector,
            port=args.port,
            browser=args.browser,
            theme=args.theme,
            voila_args=args.voila_args,
        )
    except NotInstalled as missing:
        print(missing, file=sys.stderr)
        return 1


def _play(args: argparse.Namespace) -> str:
    from ._text_view import game_text

    lang: str = args.lang
    seats = _seats(args)
    game = new_game(len(seats), seed=args.seed)
    bots = [
        make_bot(s, seed=args.seed + i) if isinstance(s, str) else s(seed=args.seed + i)
        for i, s in enumerate(seats)
    ]
    play_game(game, bots)
    told = [e.in_language(lang) for e in game.log if e.kind not in ("move", "place")]  # a take says enough
    return "\n".join([*told, "", game_text(game, lang)])


if __name__ == "__main__":
    sys.exit(main())
