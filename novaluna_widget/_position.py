"""Checks on a position given as plain data (``Game.snapshot()``'s ``start`` and ``position``).

A position read from a file or built for a lesson is refused, with the field named, when it cannot
occur: unknown or repeated tiles, tiles lost, a moon marker on a tile, markers too far apart, token
counts that do not add up, covered tasks that are not fulfilled. What depends on the kind of game
(how many seats, the solo game's phase fields) comes in as ``Seats`` and ``extra`` from the game class.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from . import _track as track
from . import _wheel as wheel
from ._board import Board
from ._errors import IllegalMove, PositionError, quote
from ._i18n import Message, Value, cell_words, cplural, joined, msg, plural
from ._log import to_event
from ._tiles import TILES, tile

__all__ = ["check_name", "check_position", "first_difference", "whole"]

#: The fields of one player in a position.
_PLAYER_FIELDS = ("name", "supply", "tokens", "time", "arrival", "board", "covered")
#: The fields every position has.
_FIELDS = ("wheel", "marker", "draw_pile", "players", "events")
#: The most steps a marker can take: every tile's cost. (A set-up position's times are made up, but
#: never more than this.)
_TOTAL_COST = sum(t.cost for t in TILES)


#: Control characters (Unicode category Cc): a tab or a line break in a name would break the picture's
#: SVG, which XML cannot hold, and the log's lines.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _fair_name(value: object) -> bool:
    """Whether ``value`` can name a player: a string, not blank, without control characters."""
    return isinstance(value, str) and bool(value.strip()) and not _CONTROL.search(value)


def check_name(value: object) -> str:
    """``value`` if it can name a player (``_fair_name``); else ``TypeError`` (no string) or
    ``ValueError``."""
    if not _fair_name(value):
        error = ValueError if isinstance(value, str) else TypeError
        raise error(
            msg(
                "a player's name must be a non-blank string without control characters, not {value}",
                value=quote(value),
            )
        )
    return value  # type: ignore[return-value]


def whole(value: object) -> bool:
    """Whether a JSON value is a whole number (``true`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_position(
    snap: Any,
    where: str,
    seats: tuple[int, int],
    supply: int,
    extra: tuple[str, ...] = (),
    check_extra: Callable[[Mapping[str, Any], str], None] | None = None,
) -> None:
    """Raise ``PositionError`` if ``snap`` is not a position the rules can reach. ``where`` names it in
    messages (``start``, ``position``); ``seats`` is the (fewest, most) players and ``supply`` the most
    tokens one can have; ``extra`` lists the kind's own fields, which ``check_extra`` checks."""
    if not isinstance(snap, dict):
        raise PositionError(msg("{where} must be an object", where=where))
    if missing := sorted(set(_FIELDS + extra) - set(snap)):
        raise PositionError(msg("{where} lacks {fields}", where=where, fields=", ".join(missing)))
    if unknown := sorted(map(str, set(snap) - set(_FIELDS + extra))):
        raise PositionError(
            msg("{where} has an unknown field {field}", where=where, field=quote(unknown[0], 40))
        )
    spaces, marker, players = snap["wheel"], snap["marker"], snap["players"]
    if not isinstance(spaces, list) or len(spaces) != wheel.SPACES:
        raise PositionError(
            msg("{where}.wheel must list the {spaces} spaces", where=where, spaces=wheel.SPACES)
        )
    if not whole(marker) or not 0 <= marker < wheel.SPACES:
        raise PositionError(
            msg(
                "{where}.marker must be a space from 0 to {last}, not {value}",
                where=where,
                last=wheel.SPACES - 1,
                value=quote(marker),
            )
        )
    if spaces[marker] is not None:
        raise PositionError(
            msg(
                "{where}: the moon marker's wheel space {space} holds a tile; it must be empty",
                where=where,
                space=marker,
            )
        )
    if not isinstance(players, list) or not seats[0] <= len(players) <= seats[1]:
        raise PositionError(
            msg("{where}.players must list {low}–{high} players", where=where, low=seats[0], high=seats[1])
        )
    if not isinstance(snap["draw_pile"], list):
        raise PositionError(msg("{where}.draw_pile must be a list of tile ids", where=where))
    if not isinstance(snap["events"], list):
        raise PositionError(msg("{where}.events must be a list of log entries", where=where))
    places: list[tuple[str, Value]] = [(t, msg("on the wheel")) for t in spaces if t is not None]
    places += [(t, msg("in the draw pile")) for t in snap["draw_pile"]]
    boards = []
    for n, p in enumerate(players):
        boards.append(_check_player(p, n, where, supply, seats[1]))
        places += [(entry[0], msg("in {name}'s area", name=p["name"])) for entry in p["board"]]
    names = [p["name"] for p in players]
    if len(set(names)) != len(names):
        raise PositionError(
            msg(
                "{where}.players: two players are named {name}; names are distinct",
                where=where,
                name=quote(_twice(names), 40),
            )
        )
    if sum(p["tokens"] == 0 for p in players) > 1:
        raise PositionError(
            msg(
                "{where}: two players have placed their last token; the first to do so ends the game",
                where=where,
            )
        )
    _check_tiles(places, where)
    times = [p["time"] for p in players]
    if max(times) - min(times) > track.REACH:
        raise PositionError(
            plural(
                "{where}: markers are {n} steps apart; only the rearmost moves, by at most {reach}, so "
                "they are never more than {reach} apart",
                "{where}: markers are {n} steps apart; only the rearmost moves, by at most {reach}, so "
                "they are never more than {reach} apart",
                max(times) - min(times),
                where=where,
                reach=track.REACH,
            )
        )
    if len({p["arrival"] for p in players}) != len(players):
        raise PositionError(
            msg("{where}: two markers share an arrival number; stacks need a strict order", where=where)
        )
    _check_events(snap, boards, where)
    if check_extra is not None:
        check_extra(snap, where)


def _check_tiles(places: list[tuple[str, Value]], where: str) -> None:
    """Every one of the 68 tiles exactly once, wherever it is."""
    for tid, place in places:
        try:
            tile(tid)
        except (KeyError, AttributeError):
            raise PositionError(
                msg("{where}: unknown tile {tile} {place}", where=where, tile=quote(tid), place=place)
            ) from None
    counts = Counter(tile(t).id for t, _ in places)
    if twice := sorted(t for t, c in counts.items() if c > 1):
        raise PositionError(
            msg(
                "{where}: tile {tile} appears more than once: {places}",
                where=where,
                tile=twice[0],
                places=joined(p for t, p in places if tile(t).id == twice[0]),
            )
        )
    if lost := [t.id for t in TILES if t.id not in counts]:
        raise PositionError(
            msg(
                "{where} accounts for {found} of the {all} tiles; missing: {missing}",
                where=where,
                found=len(counts),
                all=len(TILES),
                missing=", ".join(lost),
            )
        )


def _check_events(snap: Mapping[str, Any], boards: list[Board], where: str) -> None:
    """Every log entry can be put into words (the areas name the tasks of ``cover`` entries)."""
    names = [p["name"] for p in snap["players"]]
    try:
        for e in snap["events"]:
            to_event(tuple(e), names, boards)
    except Exception as err:  # a damaged log entry can fail in many ways; name it, whatever it is
        raise PositionError(
            msg("{where}.events holds an entry that cannot be read: {error}", where=where, error=quote(err))
        ) from None


def _twice(values: list[str]) -> str:
    return next(v for v in values if values.count(v) > 1)


def _check_player(p: Any, n: int, where: str, supply: int, seats: int) -> Board:
    """Check one player's entry; returns their area, built once for every later check. An arrival
    number grows by one a move from at most ``seats``."""
    at = f"{where}.players[{n}]"
    if not isinstance(p, dict):
        raise PositionError(msg("{where} must be an object", where=at))
    for key in _PLAYER_FIELDS:
        if key not in p:
            raise PositionError(msg("{where} lacks {fields}", where=at, fields=repr(key)))
    if unknown := sorted(map(str, set(p) - set(_PLAYER_FIELDS))):
        raise PositionError(
            msg("{where} has an unknown field {field}", where=at, field=quote(unknown[0], 40))
        )
    if not _fair_name(p["name"]):
        raise PositionError(
            msg("{where}.name must be a non-blank string without control characters", where=at)
        )
    for key in ("supply", "tokens", "time", "arrival"):
        if not whole(p[key]) or p[key] < 0:
            raise PositionError(
                msg(
                    "{where}.{field} must be a whole number ≥ 0, not {value}",
                    where=at,
                    field=key,
                    value=quote(p[key]),
                )
            )
    for key, most in (("time", _TOTAL_COST), ("arrival", len(TILES) + seats)):
        if p[key] > most:
            raise PositionError(
                msg(
                    "{where}.{field} must be a whole number from 0 to {most}, not {value}",
                    where=at,
                    field=key,
                    most=most,
                    value=quote(p[key]),
                )
            )
    if not 1 <= p["supply"] <= supply:
        raise PositionError(
            msg(
                "{where}.supply must be 1–{most} tokens, not {value}",
                where=at,
                most=supply,
                value=p["supply"],
            )
        )
    if not isinstance(p["board"], list) or not all(
        isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and whole(e[1]) and whole(e[2])
        for e in p["board"]
    ):
        raise PositionError(msg("{where}.board must list [tile id, x, y] entries", where=at))
    if not isinstance(p["covered"], list) or not all(
        isinstance(c, list) and len(c) == 3 and all(whole(v) for v in c) for c in p["covered"]
    ):
        raise PositionError(msg("{where}.covered must list [x, y, task index] entries", where=at))
    if len({tuple(c) for c in p["covered"]}) != len(p["covered"]):
        raise PositionError(
            msg("{where}.covered names a task twice; a task carries one token at most", where=at)
        )
    if p["tokens"] + len(p["covered"]) != p["supply"]:
        raise PositionError(
            msg(
                "{where} ({name}) has {tokens} left and {covered}, which does not add up to a supply "
                "of {supply}",
                where=at,
                name=p["name"],
                supply=p["supply"],
                tokens=cplural("tokens left, in a sum", "{n} tokens", "{n} tokens", p["tokens"]),
                covered=cplural(
                    "covered tasks, in a sum", "{n} covered tasks", "{n} covered tasks", len(p["covered"])
                ),
            )
        )
    try:
        board = Board((tile(t), (x, y)) for t, x, y in p["board"])
    except (IllegalMove, KeyError) as err:
        # A KeyError's text is already words (the repr of its message), worded when it was raised.
        error = err.message if isinstance(err, IllegalMove) else str(err)
        raise PositionError(
            msg("{where}.board is not a legal area: {error}", where=at, error=error)
        ) from None
    fulfilled = board.fulfilled_tasks()
    for x, y, i in p["covered"]:
        if (x, y, i) not in fulfilled:
            raise PositionError(
                msg(
                    "{where} covers task {index} at {cell}, which is not fulfilled there",
                    where=at,
                    index=i,
                    cell=cell_words((x, y)),
                )
            )
    return board


def first_difference(given: Any, expected: Any, path: str, source: Message | None = None) -> Message | None:
    """Where two JSON values first differ, in words (``source`` says where ``expected`` comes from:
    after replaying, unless told), or None."""
    if source is None:
        source = msg("after replaying")
    if isinstance(given, dict) and isinstance(expected, dict):
        for key in sorted(set(given) | set(expected), key=str):
            if key not in given:
                return msg("{path}.{key} is missing", path=path, key=quote(key, 40))
            if key not in expected:
                return msg("{path}.{key} is unexpected", path=path, key=quote(key, 40))
            if found := first_difference(given[key], expected[key], f"{path}.{key}", source):
                return found
        return None
    if isinstance(given, list) and isinstance(expected, list):
        if len(given) != len(expected):
            return plural(
                "{path} has {n} entries here but {expected} {source}",
                "{path} has {n} entries here but {expected} {source}",
                len(given),
                path=path,
                expected=len(expected),
                source=source,
            )
        for n, (a, b) in enumerate(zip(given, expected, strict=True)):
            if found := first_difference(a, b, f"{path}[{n}]", source):
                return found
        return None
    if given != expected or type(given) is not type(expected):
        return msg(
            "{path} is {given} here but {expected} {source}",
            path=path,
            given=quote(given),
            expected=quote(expected),
            source=source,
        )
    return None
