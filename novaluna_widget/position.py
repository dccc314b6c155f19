"""Checks on a position given as plain data (``Game.snapshot()``'s ``start`` and ``position``).

A position read from a file or built for a lesson is refused, with the field named, when it cannot
occur: unknown or repeated tiles, tiles lost, a moon marker on a tile, markers too far apart, token
counts that do not add up, covered tasks that are not fulfilled. What depends on the kind of game
(how many seats, the solo game's phase fields) comes in as ``Seats`` and ``extra`` from the game class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from . import track, wheel
from .board import Board
from .errors import IllegalMove, PositionError, quote
from .events import to_event
from .tiles import TILES, tile

#: The fields of one player in a position.
PLAYER_FIELDS = ("name", "supply", "tokens", "time", "arrival", "board", "covered")
#: The fields every position has.
FIELDS = ("wheel", "marker", "draw_pile", "players", "events")
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
        raise PositionError(f"{where} must be an object")
    if missing := sorted(set(FIELDS + extra) - set(snap)):
        raise PositionError(f"{where} lacks {', '.join(missing)}")
    if unknown := sorted(map(str, set(snap) - set(FIELDS + extra))):
        raise PositionError(f"{where} has an unknown field {quote(unknown[0], 40)}")
    spaces, marker, players = snap["wheel"], snap["marker"], snap["players"]
    if not isinstance(spaces, list) or len(spaces) != wheel.SPACES:
        raise PositionError(f"{where}.wheel must list the {wheel.SPACES} spaces")
    if not whole(marker) or not 0 <= marker < wheel.SPACES:
        raise PositionError(
            f"{where}.marker must be a space from 0 to {wheel.SPACES - 1}, not {quote(marker)}"
        )
    if spaces[marker] is not None:
        raise PositionError(f"{where}: the marker's space {marker} holds a tile; it must be empty")
    if not isinstance(players, list) or not seats[0] <= len(players) <= seats[1]:
        raise PositionError(f"{where}.players must list {seats[0]}–{seats[1]} players")
    if not isinstance(snap["draw_pile"], list):
        raise PositionError(f"{where}.draw_pile must be a list of tile ids")
    places: list[tuple[str, str]] = [(t, "on the wheel") for t in spaces if t is not None]
    places += [(t, "in the draw pile") for t in snap["draw_pile"]]
    boards = []
    for n, p in enumerate(players):
        boards.append(_check_player(p, n, where, supply))
        places += [(entry[0], f"in {p['name']}'s area") for entry in p["board"]]
    names = [p["name"] for p in players]
    if len(set(names)) != len(names):
        raise PositionError(
            f"{where}.players: two players are named {quote(_twice(names), 40)}; names are distinct"
        )
    if sum(p["tokens"] == 0 for p in players) > 1:
        raise PositionError(
            f"{where}: two players have placed their last token; the first to do so ends the game"
        )
    _check_tiles(places, where)
    times = [p["time"] for p in players]
    if max(times) - min(times) > track.REACH:
        raise PositionError(
            f"{where}: markers are {max(times) - min(times)} steps apart; only the rearmost "
            f"moves, by at most {track.REACH}, so they are never more than {track.REACH} apart"
        )
    if len({p["arrival"] for p in players}) != len(players):
        raise PositionError(f"{where}: two markers share an arrival number; stacks need a strict order")
    _check_events(snap, boards, where)
    if check_extra is not None:
        check_extra(snap, where)


def _check_tiles(places: list[tuple[str, str]], where: str) -> None:
    """Every one of the 68 tiles exactly once, wherever it is."""
    for tid, place in places:
        try:
            tile(tid)
        except (KeyError, AttributeError):
            raise PositionError(f"{where}: unknown tile {quote(tid)} {place}") from None
    counts = Counter(tile(t).id for t, _ in places)
    if twice := sorted(t for t, c in counts.items() if c > 1):
        raise PositionError(
            f"{where}: tile {twice[0]} appears more than once: "
            + ", ".join(p for t, p in places if tile(t).id == twice[0])
        )
    if lost := [t.id for t in TILES if t.id not in counts]:
        raise PositionError(
            f"{where} accounts for {len(counts)} of the {len(TILES)} tiles; missing: {', '.join(lost)}"
        )


def _check_events(snap: Mapping[str, Any], boards: list[Board], where: str) -> None:
    """Every log entry can be put into words (the areas name the tasks of ``cover`` entries)."""
    names = [p["name"] for p in snap["players"]]
    try:
        for e in snap["events"]:
            to_event(tuple(e), names, boards)
    except Exception as err:  # a damaged log entry can fail in many ways; name it, whatever it is
        raise PositionError(f"{where}.events holds an entry that cannot be read: {quote(err)}") from None


def _twice(values: list[str]) -> str:
    return next(v for v in values if values.count(v) > 1)


def _check_player(p: Any, n: int, where: str, supply: int) -> Board:
    """Check one player's entry; returns their area, built once for every later check."""
    at = f"{where}.players[{n}]"
    if not isinstance(p, dict):
        raise PositionError(f"{at} must be an object")
    for key in PLAYER_FIELDS:
        if key not in p:
            raise PositionError(f"{at} lacks {key!r}")
    if unknown := sorted(map(str, set(p) - set(PLAYER_FIELDS))):
        raise PositionError(f"{at} has an unknown field {quote(unknown[0], 40)}")
    if not isinstance(p["name"], str) or not p["name"].strip():
        raise PositionError(f"{at}.name must be a non-blank string")
    for key in ("supply", "tokens", "time", "arrival"):
        if not whole(p[key]) or p[key] < 0:
            raise PositionError(f"{at}.{key} must be a whole number ≥ 0, not {quote(p[key])}")
    if not 1 <= p["supply"] <= supply:
        raise PositionError(f"{at}.supply must be 1–{supply} tokens, not {p['supply']}")
    if not isinstance(p["board"], list) or not all(
        isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and whole(e[1]) and whole(e[2])
        for e in p["board"]
    ):
        raise PositionError(f"{at}.board must list [tile id, x, y] entries")
    if not isinstance(p["covered"], list) or not all(
        isinstance(c, list) and len(c) == 3 and all(whole(v) for v in c) for c in p["covered"]
    ):
        raise PositionError(f"{at}.covered must list [x, y, task index] entries")
    if len({tuple(c) for c in p["covered"]}) != len(p["covered"]):
        raise PositionError(f"{at}.covered names a task twice; a task carries one token at most")
    if p["tokens"] + len(p["covered"]) != p["supply"]:
        raise PositionError(
            f"{at} ({p['name']}) has {p['tokens']} tokens left and {len(p['covered'])} covered tasks, "
            f"which does not add up to a supply of {p['supply']}"
        )
    try:
        board = Board((tile(t), (x, y)) for t, x, y in p["board"])
    except (IllegalMove, KeyError) as err:
        raise PositionError(f"{at}.board is not a legal area: {err}") from None
    fulfilled = board.fulfilled_tasks()
    for x, y, i in p["covered"]:
        if (x, y, i) not in fulfilled:
            raise PositionError(f"{at} covers task {i} at ({x}, {y}), which is not fulfilled there")
    return board


def first_difference(given: Any, expected: Any, path: str, source: str = "after replaying") -> str | None:
    """Where two JSON values first differ, in words (``source`` says where ``expected`` comes from), or
    None."""
    if isinstance(given, dict) and isinstance(expected, dict):
        for key in sorted(set(given) | set(expected), key=str):
            if key not in given or key not in expected:
                return f"{path}.{quote(key, 40)} is {'missing' if key not in given else 'unexpected'}"
            if found := first_difference(given[key], expected[key], f"{path}.{key}", source):
                return found
        return None
    if isinstance(given, list) and isinstance(expected, list):
        if len(given) != len(expected):
            return f"{path} has {len(given)} entries here but {len(expected)} {source}"
        for n, (a, b) in enumerate(zip(given, expected, strict=True)):
            if found := first_difference(a, b, f"{path}[{n}]", source):
                return found
        return None
    if given != expected or type(given) is not type(expected):
        return f"{path} is {quote(given)} here but {quote(expected)} {source}"
    return None
