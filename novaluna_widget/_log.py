"""The game log: every event as data and in words.

The engine appends compact tuples while it plays (cheap on the hot path); ``Event`` objects with their
sentence are built only when someone reads the log, and the sentence is worded only when read, in the
package language (``text``) or any other (``in_language``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._i18n import Message, Value, cell_words, cmsg, cplural, joined, msg, plural
from ._names import YOU, alone, named, says_you
from ._tiles import tile

__all__ = ["Event", "ranking_words", "seat_words", "to_event", "tokens_left"]


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` (setup, refill, take, move, place, cover, phase, end), the
    ``player`` it concerns (or None), its ``data`` and a sentence, as data in ``message`` and in the
    package language in ``text``."""

    kind: str
    player: int | None
    data: Mapping[str, Any] = field(default_factory=dict)
    message: Message = field(default_factory=lambda: msg(""))

    @property
    def text(self) -> str:
        """The sentence in the package language."""
        return self.message.in_language()

    def in_language(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (None: the package language)."""
        return self.message.in_language(lang)

    def __str__(self) -> str:
        return self.text


def tokens_left(n: int) -> Message:
    """``3 tokens left``: a player's supply, in the log and the text view."""
    return plural("{n} token left", "{n} tokens left", n)


def ranking_words(names: Sequence[str], ranking: Sequence[int], reader: int | None = None) -> Message:
    """``Ranking: 1. Ann, 2. Bo`` (the seats' ``names`` as ``seat_words`` words them: the reader is "you",
    as in the sentence the ranking ends, never "you" there and "Player 1" here)."""
    places = joined(
        cmsg("a place in the ranking", "{place}. {name}", place=p + 1, name=seat_words(names, i, reader)[0])
        for p, i in enumerate(ranking)
    )
    return msg("Ranking: {places}", places=places)


def seat_words(names: Sequence[str], seat: int, reader: int | None) -> tuple[Value, bool]:
    """How a sentence names seat ``seat`` of these ``names``, and whether it takes the reader's forms: the
    reader (seat ``reader``) as "you" (``YOU``), any other by name (``names.named``), in the reader's forms
    too when the name is the word "you" (``says_you``: grammar, "You take R05", not a guess of who
    reads). The one player at a solo table, named by the package, is the reader whoever reads: nobody else
    is there to tell about, and "Solo takes R05" would make a third person of them (``names.alone``)."""
    if seat == reader or alone(names):
        return YOU, True
    return named(names)[seat], says_you(names[seat])


def _count(value: object) -> int:
    """A count from a log entry, which a plural form needs as an int (a damaged entry fails here, while
    ``position`` reads the log, not later while a sentence is worded)."""
    if type(value) is not int:
        raise TypeError(f"a count in the log is an int, not {value!r}")
    return value


def to_event(
    raw: tuple[Any, ...], names: Sequence[str], boards: Sequence[Any], reader: int | None = None
) -> Event:
    """Turn one raw log tuple into an ``Event`` with words, the player of seat ``reader`` told about as
    "you" (None: nobody; a seat named "you" takes the reader's forms all the same, ``seat_words``).
    Tiles never move, so the players' current ``boards`` name the tasks of every earlier ``cover``.
    Everything a sentence needs is looked up here, so a damaged entry fails here and the sentence can be
    worded in any language later."""
    kind = raw[0]
    if kind == "setup":
        _, seed, stack = raw
        if len(names) == 1:  # alone, there is no turn order to tell
            return Event(
                kind,
                None,
                {"seed": seed, "stack": list(stack)},
                msg("New game (seed {seed}).", seed=str(seed)),
            )
        shown = named(names)
        order = joined(shown[i] for i in reversed(stack))
        return Event(
            kind,
            None,
            {"seed": seed, "stack": list(stack)},
            msg(
                "New game (seed {seed}); turn order from the top of the start stack: {order}.",
                seed=str(seed),
                order=order,
            ),
        )
    if kind in ("refill", "take", "move", "place", "cover"):
        return _turn_event(raw, names, boards, reader)
    if kind == "phase":
        _, record, tiles_cost, missing = raw
        return Event(
            kind,
            0,
            {"record": record, "tiles": tiles_cost, "missing": missing},
            plural(  # "tile costs", as the solo panel says: the sum of the costs, not a number of tiles
                "Phase 1 ends: tile costs {tiles} + 10 × {n} token not placed = {record}. The wheel "
                "is refilled for phase 2.",
                "Phase 1 ends: tile costs {tiles} + 10 × {n} tokens not placed = {record}. The wheel "
                "is refilled for phase 2.",
                _count(missing),
                tiles=_count(tiles_cost),
                record=_count(record),
            ),
        )
    if kind == "score":
        _, phase_one, final, total = raw
        return Event(
            kind,
            0,
            {"phase_one": phase_one, "final": final, "total": total},
            msg(
                "Solo score: {phase_one} (phase 1) + {final} (end) = {total}; lower is better.",
                phase_one=_count(phase_one),
                final=_count(final),
                total=_count(total),
            ),
        )
    if kind == "end":
        _, reason, winner, ranking = raw
        who, yours = seat_words(names, winner, reader)
        over = {
            "last token": (
                cmsg("the player named You, the reader", "Game over: {who} placed your last token.", who=who)
                if yours
                else msg("Game over: {who} placed their last token.", who=who)
            ),
            "no tile": msg("Game over: no tile can be taken any more."),
        }[reason]
        if len(names) > 1:
            over = msg("{end} {ranking}.", end=over, ranking=ranking_words(names, ranking, reader))
        return Event(kind, winner, {"reason": reason, "winner": winner, "ranking": list(ranking)}, over)
    raise ValueError(f"unknown log entry {raw!r}")


def _turn_event(
    raw: tuple[Any, ...], names: Sequence[str], boards: Sequence[Any], reader: int | None
) -> Event:
    """An event of a turn (a refill, the take, the track marker's move, the placement, the tasks covered),
    told in the reader's messages of their own when ``seat_words`` says so (``yours``)."""
    kind, player = raw[0], raw[1]
    who, yours = seat_words(names, player, reader)
    if kind == "refill":
        _, _, mandatory, placed = raw
        spaces: Value = joined(
            msg("{tile} on wheel space {space}", tile=str(tid), space=_count(s)) for s, tid in placed
        )
        if not placed:
            spaces = msg("no tile left to draw")
        if mandatory:
            told = (
                cmsg(
                    "the player named You, the reader",
                    "{who} must refill the wheel: {spaces}.",
                    who=who,
                    spaces=spaces,
                )
                if yours
                else msg("{who} must refill the wheel: {spaces}.", who=who, spaces=spaces)
            )
        else:
            told = (
                cmsg(
                    "the player named You, the reader",
                    "{who} refill the wheel: {spaces}.",
                    who=who,
                    spaces=spaces,
                )
                if yours
                else msg("{who} refills the wheel: {spaces}.", who=who, spaces=spaces)
            )
        return Event(kind, player, {"mandatory": mandatory, "placed": [list(p) for p in placed]}, told)
    if kind == "take":
        _, _, space, tid = raw
        args: dict[str, Value] = {"who": who, "tile": tile(tid).words(), "space": _count(space)}
        told = (
            cmsg("the player named You, the reader", "{who} take {tile} from wheel space {space}.", **args)
            if yours
            else msg("{who} takes {tile} from wheel space {space}.", **args)
        )
        return Event(kind, player, {"space": space, "tile": tid}, told)
    if kind == "move":
        return _move_event(raw, names, who, yours, reader)
    if kind == "place":
        _, _, tid, cell = raw
        args = {"who": who, "tile": str(tid), "cell": cell_words((_count(cell[0]), _count(cell[1])))}
        told = (
            cmsg("the player named You, the reader", "{who} place {tile} at {cell}.", **args)
            if yours
            else msg("{who} places {tile} at {cell}.", **args)
        )
        return Event(kind, player, {"tile": tid, "cell": list(cell)}, told)
    _, _, refs, left = raw
    tiles = boards[player].tiles
    what = joined(
        (
            msg("{task} on {tile}", task=tiles[(x, y)].tasks[i].words(), tile=tiles[(x, y)].id)
            for x, y, i in refs
        ),
        "clauses",
    )
    args = {
        "who": who,
        "what": what,
        "tasks": cplural("tasks covered", "{n} task", "{n} tasks", len(refs)),
        "left": tokens_left(_count(left)),
    }
    told = (
        cmsg("the player named You, the reader", "{who} cover {tasks} ({what}); {left}.", **args)
        if yours
        else msg("{who} covers {tasks} ({what}); {left}.", **args)
    )
    return Event(kind, player, {"tasks": [list(r) for r in refs], "tokens_left": left}, told)


def _move_event(
    raw: tuple[Any, ...], names: Sequence[str], who: Value, yours: bool, reader: int | None
) -> Event:
    """The track marker's move, and the markers it lands on top of (how many: a plural form; the reader's
    as "your track marker")."""
    _, player, before, after, under = raw
    args: dict[str, Value] = {
        "who": who,
        "start": _count(before) % 24,
        "end": _count(after) % 24,
        "time": after,
    }
    data = {"from": before, "to": after, "on_top_of": list(under)}
    if not under:
        told = (
            cmsg(
                "the player named You, the reader",
                "{who} move on the moon track from {start} to {end} (time {time}).",
                **args,
            )
            if yours
            else msg("{who} moves on the moon track from {start} to {end} (time {time}).", **args)
        )
        return Event("move", player, data, told)
    others = [i for i in under if i != reader]
    shown = named(names)
    below = joined(shown[i] for i in others)
    if yours:
        told = cplural(
            "the player named You, the reader",
            "{who} move on the moon track from {start} to {end} (time {time}), on top of {under}.",
            "{who} move on the moon track from {start} to {end} (time {time}), on top of {under}.",
            len(under),
            under=below,
            **args,
        )
    elif len(others) < len(under) and not others:  # on top of the reader's marker alone
        told = cmsg(
            "another player, on top of the track marker of the player named You, the reader",
            "{who} moves on the moon track from {start} to {end} (time {time}), on top of your track marker.",
            **args,
        )
    elif len(others) < len(under):
        told = cplural(
            "another player, on top of the track marker of the player named You, the reader",
            "{who} moves on the moon track from {start} to {end} (time {time}), on top of your track "
            "marker and that of {under}.",
            "{who} moves on the moon track from {start} to {end} (time {time}), on top of your track "
            "marker and those of {under}.",
            len(others),
            under=below,
            **args,
        )
    else:
        told = plural(
            "{who} moves on the moon track from {start} to {end} (time {time}), on top of {under}.",
            "{who} moves on the moon track from {start} to {end} (time {time}), on top of {under}.",
            len(under),
            under=below,
            **args,
        )
    return Event("move", player, data, told)
