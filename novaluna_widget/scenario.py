"""Positions for lessons and questions, set up in one cell from a compact description.

An area is written as tiles with their cells, ``"Y07@0,0 B02@1,0 B03@1,1"`` (x grows to the right, y
downward; any connected area, in any order). A wheel lists its 12 spaces from the new moon clockwise,
``"M R04 B05 - T11 - - - - - - -"``: a tile id, ``-`` for an empty space, ``M`` where the moon marker
stands. ``position`` turns areas, a wheel, markers and tokens into a playable ``Game`` (one area: a
``SoloGame``) through the engine's own snapshot checks, so undo, save and the widget work on it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import _wheel as wheels
from ._board import Board, Cell, TaskRef, as_cell, neighbours, whole_number
from ._errors import IllegalMove, PositionError, quote
from ._game import Game, check_beginner, check_seed
from ._i18n import cell_words, joined, message_of, msg, plural
from ._new_game import game_class
from ._tiles import TILES, Tile, tile, unknown_tile

__all__ = ["AreaSpec", "AreaText", "ScenarioError", "WheelSpec", "area", "position"]

#: An area written out: ``"Y07@0,0 B02@1,0"``, a mapping cell -> tile id, or pairs (tile id, cell).
AreaText = str | Mapping[Cell, str] | Iterable[tuple[str, Cell]]
#: An area: written out, or a ``Board``.
AreaSpec = AreaText | Board
#: A wheel: ``"M R04 B05 - …"`` (12 spaces) or a mapping space -> tile id (other spaces empty).
WheelSpec = str | Mapping[int, str]

_PLACED = re.compile(r"^([A-Za-z]\d{2})@(-?\d+),(-?\d+)$")


class ScenarioError(PositionError):
    """A description that does not make a legal position; the message says what and where."""


def area(description: AreaSpec) -> Board:
    """The area described, e.g. ``area("Y07@0,0 B02@1,0 B03@1,1")``."""
    return Board(_placements(description))


def _placements(description: AreaSpec) -> list[tuple[Tile, Cell]]:
    """The tiles of an area in an order the engine can place them: outward from the first tile."""
    if isinstance(description, Board):
        return [(t, cell) for cell, t in description.tiles.items()]
    pairs = _read_area(description)
    cells: dict[Cell, Tile] = {}
    for t, cell in pairs:
        if cell in cells:
            raise ScenarioError(
                msg(
                    "two tiles on {cell}: {first} and {second}",
                    cell=cell_words(cell),
                    first=cells[cell].id,
                    second=t.id,
                )
            )
        if t in cells.values():
            raise ScenarioError(msg("tile {tile} appears twice in the area", tile=t.id))
        cells[cell] = t
    if not cells:
        return []
    order = [next(iter(cells))]
    for cell in order:  # breadth first: every tile after the first touches one placed before it
        order += [n for n in neighbours(cell) if n in cells and n not in order]
    if lost := [c for c in cells if c not in order]:
        where = joined(msg("{tile} at {cell}", tile=cells[c].id, cell=cell_words(c)) for c in lost)
        raise ScenarioError(
            msg(
                "the area is not connected: {tiles} cannot be reached from {first} through "
                "orthogonally adjacent tiles",
                tiles=where,
                first=cells[order[0]].id,
            )
        )
    return [(cells[c], c) for c in order]


def _read_area(description: AreaText) -> list[tuple[Tile, Cell]]:
    if isinstance(description, str):
        pairs: list[tuple[str, Cell]] = []
        for word in description.replace(";", " ").split():
            found = _PLACED.match(word)
            if not found:
                raise ScenarioError(
                    msg(
                        "cannot read {value} as a tile in an area: write ID@x,y, e.g. Y07@0,0",
                        value=quote(word),
                    )
                )
            pairs.append((found[1], (int(found[2]), int(found[3]))))
    elif isinstance(description, Mapping):
        pairs = [(tid, cell) for cell, tid in description.items()]
    else:
        pairs = list(description)
    placed = []
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ScenarioError(msg("an area lists (tile id, (x, y)) pairs, not {value}", value=quote(pair)))
        placed.append((_tile(pair[0]), _cell(pair[1])))
    return placed


def _cell(value: object) -> Cell:
    try:
        return as_cell(value)
    except IllegalMove as err:
        raise ScenarioError(err.message) from None


def _count(value: object, what: str) -> int:
    """A whole number ≥ 0 given for ``what``, else ``ScenarioError``."""
    number = whole_number(value)
    if number is None or number < 0:
        raise ScenarioError(
            msg("{what} must be a whole number ≥ 0, not {value}", what=what, value=quote(value))
        )
    return number


def _tile(tid: object) -> Tile:
    try:
        return tile(tid)  # type: ignore[arg-type]
    except KeyError:
        raise ScenarioError(unknown_tile(tid)) from None


def _wheel(description: WheelSpec, marker: int | None) -> tuple[list[str | None], int]:
    """The 12 spaces (tile ids or None) and the marker's space."""
    if isinstance(description, str):
        words = description.split()
        if len(words) != wheels.SPACES:
            raise ScenarioError(
                msg(
                    "a wheel lists its {spaces} spaces from the new moon clockwise (a tile "
                    "id, - for empty, M for the moon marker), not {count}: {value}",
                    spaces=wheels.SPACES,
                    count=len(words),
                    value=quote(description),
                )
            )
        marks = [s for s, w in enumerate(words) if w.upper() == "M"]
        if len(marks) > 1 or (marks and marker is not None and marker != marks[0]):
            if marker is not None:
                raise ScenarioError(
                    msg(
                        "the moon marker stands on one space; the wheel says {marks} and marker={marker}",
                        marks=str(marks),
                        marker=quote(marker),
                    )
                )
            raise ScenarioError(
                msg("the moon marker stands on one space; the wheel says {marks}", marks=str(marks))
            )
        marker = marks[0] if marks else marker
        spaces = [None if w in ("-", ".") or w.upper() == "M" else _tile(w).id for w in words]
    else:
        numbers = {s: whole_number(s) for s in description}  # numpy integers too
        if bad := [s for s, n in numbers.items() if n is None or not 0 <= n < wheels.SPACES]:
            raise ScenarioError(
                msg(
                    "wheel spaces run from 0 to {last}, not {value}",
                    last=wheels.SPACES - 1,
                    value=quote(bad[0]),
                )
            )
        given = {numbers[s]: tid for s, tid in description.items()}
        spaces = [_tile(given[s]).id if given.get(s) else None for s in range(wheels.SPACES)]
    return spaces, 0 if marker is None else marker


def _number(value: Any) -> Any:
    """A whole number given as one (a numpy integer) as an int; anything else as it is, for the
    position's checks to name."""
    number = whole_number(value)
    return value if number is None else number


def position(
    areas: Sequence[AreaSpec] | Mapping[str, AreaSpec],
    *,
    wheel: WheelSpec | None = None,
    marker: int | None = None,
    times: Sequence[int] | None = None,
    stack: Sequence[int] | None = None,
    tokens: Sequence[int] | None = None,
    covered: Sequence[Iterable[TaskRef] | None] | None = None,
    draw_pile: str | Sequence[str] = (),
    seed: int = 0,
    beginner: bool = False,
    phase: int = 1,
    phase_one: tuple[int, int] | None = None,
) -> Game:
    """A playable game in the position described.

    ``areas``: one per player (2–4), or a mapping name -> area; a single area makes a ``SoloGame``.
    ``wheel``: the 12 spaces (see the module docstring); without it the 11 spaces off the marker are
    dealt from the unused tiles. ``marker``: the moon marker's space (default 0, or ``M`` in the wheel).
    ``times``: each marker's total steps on the moon track (default: the cost of the player's tiles).
    ``stack``: player indices from the bottom of a shared space to the top (default: player 0 on top).
    ``covered``: the tasks with a token, per player (default, or None: every fulfilled task).
    ``tokens``: tokens left per player (default: the supply less the covered tasks; given, the supply
    is what adds up). ``draw_pile``: tile ids on top of the pile, in order; every tile not named
    anywhere follows, shuffled by ``seed``. Solo: ``phase`` 1 or 2 and, in phase 2, the ``phase_one``
    record as (tiles cost, tokens of the 8 not placed), by default as if phase 1 had ended now.
    Raises ``ScenarioError`` naming what does not make a legal position.
    """
    if isinstance(areas, (str, Board)):
        raise TypeError(msg("areas lists one area per player, e.g. ['Y07@0,0', 'R01@0,0'] (one area: solo)"))
    try:
        seed, beginner = check_seed(seed), check_beginner(beginner)
    except (TypeError, ValueError) as err:
        raise ScenarioError(message_of(err)) from None
    marker = _number(marker)
    names, specs = (list(areas), list(areas.values())) if isinstance(areas, Mapping) else (None, list(areas))
    if not 1 <= len(specs) <= Game.SEATS[1]:
        raise ScenarioError(
            plural(
                "areas: Nova Luna seats 1 (solo) to {most} players; {n} area given",
                "areas: Nova Luna seats 1 (solo) to {most} players; {n} areas given",
                len(specs),
                most=Game.SEATS[1],
            )
        )
    boards = [_placements(spec) for spec in specs]
    kind = game_class(len(boards))
    solo = kind.is_solo
    named = [t.id for b in boards for t, _ in b] + [_tile(tid).id for tid in _words(draw_pile)]
    empty: list[str | None] = [None] * wheels.SPACES
    spaces, mark = _wheel(wheel, marker) if wheel is not None else (empty, marker or 0)
    named += [tid for tid in spaces if tid is not None]
    rest = [t.id for t in TILES if t.id not in named]
    random.Random(seed).shuffle(rest)
    if wheel is None:
        for s in [s for s in range(wheels.SPACES) if s != mark][: len(rest)]:
            spaces[s] = rest.pop(0)
    players = [
        _player(
            names[n] if names else ("Solo" if solo else f"Player {n + 1}"),
            placed,
            n,
            len(boards),
            kind.supply(len(boards), beginner),
            times,
            stack,
            tokens,
            covered,
        )
        for n, placed in enumerate(boards)
    ]
    snap: dict[str, Any] = {
        "wheel": spaces,
        "marker": mark,
        "draw_pile": [_tile(t).id for t in _words(draw_pile)] + rest,
        "players": players,
        "events": [],
    }
    if solo:
        snap |= _solo(players[0], phase, phase_one, kind.phase_one_tokens)
    data = {
        "kind": kind.kind,
        "seed": seed,
        "beginner": beginner and not solo,
        "start": snap,
        "history": [],
        "redo": [],
    }
    try:
        return Game.from_snapshot(data)
    except PositionError as err:
        raise ScenarioError(err.message) from None


def _words(text: str | Sequence[str]) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def _player(
    name: str,
    placed: list[tuple[Tile, Cell]],
    n: int,
    seats: int,
    supply: int,
    times: Sequence[int] | None,
    stack: Sequence[int] | None,
    tokens: Sequence[int] | None,
    covered: Sequence[Iterable[TaskRef] | None] | None,
) -> dict[str, Any]:
    """One player's snapshot entry."""
    for given, what in ((times, "times"), (tokens, "tokens"), (covered, "covered"), (stack, "stack")):
        if given is not None and len(given) != seats:
            raise ScenarioError(
                msg(
                    "{what} needs one entry per player ({seats}), not {given}",
                    what=what,
                    seats=seats,
                    given=len(given),
                )
            )
    board = Board(placed)
    given_tasks = covered[n] if covered is not None else None
    done = board.fulfilled_tasks() if given_tasks is None else given_tasks
    refs = sorted(_task(ref, n) for ref in done)
    left = supply - len(refs) if tokens is None else _count(tokens[n], f"tokens[{n}]")
    if left + len(refs) > supply:
        raise ScenarioError(
            msg(
                "tokens[{n}]: {left} left and {covered} on tasks make {total}, more than the {supply} a "
                "player has",
                n=n,
                left=left,
                covered=len(refs),
                total=left + len(refs),
                supply=supply,
            )
        )
    order = list(reversed(range(seats))) if stack is None else [whole_number(i) for i in stack]
    if None in order or sorted(order) != list(range(seats)):  # type: ignore[type-var]
        raise ScenarioError(
            msg("stack lists every player index once, bottom first, not {value}", value=quote(stack))
        )
    return {
        "name": name,
        "supply": left + len(refs),
        "tokens": left,
        "time": sum(t.cost for t, _ in placed) if times is None else _count(times[n], f"times[{n}]"),
        "arrival": order.index(n),
        "board": [[t.id, x, y] for t, (x, y) in placed],
        "covered": [list(ref) for ref in refs],
    }


def _task(ref: object, n: int) -> TaskRef:
    """A covered task given as (x, y, task index)."""
    if isinstance(ref, (tuple, list)) and len(ref) == 3:
        numbers = [whole_number(v) for v in ref]
        if None not in numbers:
            return (numbers[0], numbers[1], numbers[2])  # type: ignore[return-value]
    raise ScenarioError(
        msg("covered[{n}] lists tasks as (x, y, task index), not {value}", n=str(n), value=quote(ref))
    )


def _solo(player: dict[str, Any], phase: object, phase_one: object, small: int) -> dict[str, Any]:
    """The solo fields: phase 1 counts the tokens placed so far (of the ``small`` stack it races to place);
    phase 2 keeps the phase-1 record. The position's checks cross-check them with the area and the covered
    tasks."""
    placed, supply = len(player["covered"]), player["supply"]
    if whole_number(phase) == 1:
        return {"phase": 1, "placed_in_phase_one": placed, "phase_one": _record(phase_one)}
    if whole_number(phase) != 2:
        raise ScenarioError(msg("a solo game is in phase 1 or 2, not {value}", value=quote(phase)))
    if phase_one is None:  # as if phase 1 ended now
        cost = sum(tile(tid).cost for tid, _, _ in player["board"])
        return {"phase": 2, "placed_in_phase_one": placed, "phase_one": [cost, _left(small, supply, placed)]}
    record = _record(phase_one)
    missing = record[1] if isinstance(record, list) and len(record) == 2 else None
    if type(missing) is int:  # the fewest tokens placed in phase 1 that leave that many of the small stack
        fits = (n for n in range(placed + 1) if _left(small, supply, n) == missing)
        placed = next(fits, small - missing)  # none: the position's checks say why
    return {"phase": 2, "placed_in_phase_one": placed, "phase_one": record}


def _left(small: int, supply: int, placed: int) -> int:
    """The tokens of the ``small`` stack not placed once ``placed`` of a ``supply`` are (as
    ``solo.small_stack_left``: a set-up position may hold fewer tokens than a game's supply)."""
    return min(supply - placed, max(0, small - placed))


def _record(value: object) -> Any:
    """The phase-1 record as the position holds it: a list, its numbers as ints."""
    return [_number(v) for v in value] if isinstance(value, (tuple, list)) else value
