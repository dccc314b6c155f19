"""The game log: every event as data and in words.

The engine appends compact tuples while it plays (cheap on the hot path); ``Event`` objects with their
sentence are built only when someone reads the log, and the sentence is worded only when read, in the
package language (``text``) or any other (``in_language``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .i18n import Message, Value, cell_words, cmsg, cplural, joined, msg, plural
from .tiles import tile

__all__ = ["Event", "ranking_words", "to_event", "tokens_left"]


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


def ranking_words(names: Sequence[str], ranking: Sequence[int]) -> Message:
    """``Ranking: 1. Ann, 2. Bo``."""
    places = joined(
        cmsg("a place in the ranking", "{place}. {name}", place=p + 1, name=names[i])
        for p, i in enumerate(ranking)
    )
    return msg("Ranking: {places}", places=places)


def _count(value: object) -> int:
    """A count from a log entry, which a plural form needs as an int (a damaged entry fails here, while
    ``position`` reads the log, not later while a sentence is worded)."""
    if type(value) is not int:
        raise TypeError(f"a count in the log is an int, not {value!r}")
    return value


def to_event(raw: tuple[Any, ...], names: Sequence[str], boards: Sequence[Any]) -> Event:
    """Turn one raw log tuple into an ``Event`` with words. Tiles never move, so the players' current
    ``boards`` name the tasks of every earlier ``cover``. Everything a sentence needs is looked up here,
    so a damaged entry fails here and the sentence can be worded in any language later."""
    kind = raw[0]
    if kind == "setup":
        _, seed, stack = raw
        order = joined(names[i] for i in reversed(stack))
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
    if kind == "refill":
        _, player, mandatory, placed = raw
        spaces: Value = joined(
            msg("{tile} on space {space}", tile=str(tid), space=_count(s)) for s, tid in placed
        )
        if not placed:
            spaces = msg("no tile left to draw")
        told = (
            msg("{who} must refill the wheel: {spaces}.", who=names[player], spaces=spaces)
            if mandatory
            else msg("{who} refills the wheel: {spaces}.", who=names[player], spaces=spaces)
        )
        return Event(kind, player, {"mandatory": mandatory, "placed": [list(p) for p in placed]}, told)
    if kind == "take":
        _, player, space, tid = raw
        return Event(
            kind,
            player,
            {"space": space, "tile": tid},
            msg(
                "{who} takes {tile} from space {space}.",
                who=names[player],
                tile=tile(tid).words(),
                space=_count(space),
            ),
        )
    if kind == "move":
        _, player, before, after, under = raw
        args: dict[str, Value] = {
            "who": names[player],
            "start": _count(before) % 24,
            "end": _count(after) % 24,
            "time": after,
        }
        if under:
            told = msg(
                "{who} moves on the moon track from {start} to {end} (time {time}), on top of {under}.",
                under=joined(names[i] for i in under),
                **args,
            )
        else:
            told = msg("{who} moves on the moon track from {start} to {end} (time {time}).", **args)
        return Event(kind, player, {"from": before, "to": after, "on_top_of": list(under)}, told)
    if kind == "place":
        _, player, tid, cell = raw
        return Event(
            kind,
            player,
            {"tile": tid, "cell": list(cell)},
            msg(
                "{who} places {tile} at {cell}.",
                who=names[player],
                tile=str(tid),
                cell=cell_words((_count(cell[0]), _count(cell[1]))),
            ),
        )
    if kind == "cover":
        _, player, refs, left = raw
        tiles = boards[player].tiles
        what = joined(
            (
                msg("{task} on {tile}", task=tiles[(x, y)].tasks[i].words(), tile=tiles[(x, y)].id)
                for x, y, i in refs
            ),
            "clauses",
        )
        return Event(
            kind,
            player,
            {"tasks": [list(r) for r in refs], "tokens_left": left},
            msg(
                "{who} covers {tasks} ({what}); {left}.",
                who=names[player],
                what=what,
                tasks=cplural("tasks covered", "{n} task", "{n} tasks", len(refs)),
                left=tokens_left(_count(left)),
            ),
        )
    if kind == "phase":
        _, record, tiles_cost, missing = raw
        return Event(
            kind,
            0,
            {"record": record, "tiles": tiles_cost, "missing": missing},
            plural(
                "Phase 1 ends: tiles {tiles} + 10 × {n} tokens not placed = {record}. The wheel "
                "is refilled for phase 2.",
                "Phase 1 ends: tiles {tiles} + 10 × {n} tokens not placed = {record}. The wheel "
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
        over = {
            "last token": msg("Game over: {who} placed their last token.", who=names[winner]),
            "no tile": msg("Game over: no tile can be taken any more."),
        }[reason]
        if len(names) > 1:
            over = msg("{end} {ranking}.", end=over, ranking=ranking_words(names, ranking))
        return Event(kind, winner, {"reason": reason, "winner": winner, "ranking": list(ranking)}, over)
    raise ValueError(f"unknown log entry {raw!r}")
