"""One player's area: where tiles may go, and which tasks their task chains fulfil.

Cells are ``(x, y)`` with x growing to the right and y growing downward. A task on tile T counts, for
each of its colours c, every c tile orthogonally adjacent to T plus every c tile chained to one of those
through orthogonal c tiles; T itself never counts. So the count is the size of T's own group minus one
when c is T's colour, else the summed size of the distinct c groups touching T.

Same-colour groups are kept up to date as tiles are placed, and each open task remembers which of its
colours are still short (with their counts), so a placement re-checks only tasks that wait on the placed
colour and touch the grown group. Counts never fall (tiles are never removed), so a fulfilled task stays
fulfilled. Inside an area a cell is an int, its key (``_key``), for speed; every method takes and gives
cells as pairs.

A copy shares that bookkeeping with the area it was copied from until either of them places a tile (copy
on write): a search copies a whole game for every position it tries, and places on one area of it.
"""

from __future__ import annotations

import operator
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Final, cast

from . import _hooks
from ._errors import IllegalMove, quote
from ._i18n import Message, Value, cell_words, cplural, joined, msg, number, plural, resolve
from ._tiles import COLOURS, LETTERS, TILES, Colour, Task, Tile, _colour_set, unknown_colour

__all__ = [
    "FAR",
    "FIRST",
    "Board",
    "Cell",
    "ColourCount",
    "Explanation",
    "TaskRef",
    "as_cell",
    "neighbours",
    "whole_number",
]

Cell = tuple[int, int]
#: A task on the board: the cell of its tile and its index in ``tile.tasks``.
TaskRef = tuple[int, int, int]
#: Inside an area a cell is one int, its key (``_key``): the areas' dicts are read dozens of times a
#: placement, and an int hashes and compares several times faster than a pair.
_Key = int
_Group = tuple[_Key, ...]

#: How far from ``(0, 0)`` the first tile of an area may go: an area of all 68 tiles reaches 67 cells
#: further, so no cell of an area is ever more than ``2 * FIRST`` out (``FAR``) and every cell saves,
#: reads back and is one a page can send.
FIRST: Final = len(TILES)
#: How far out a cell may be at all; anything further is no cell of any area.
FAR: Final = 2 * FIRST


# The bots and the coach ask for neighbours on every move they weigh; a dict lookup is three times
# cheaper than building four tuples. Areas stay small, so the cache stays small.
_AROUND: dict[Cell, tuple[Cell, Cell, Cell, Cell]] = {}
# One tuple for each cell made here: a dict keyed by these finds a key by identity, without comparing.
_CELLS: dict[Cell, Cell] = {}


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours of a cell (diagonals never count in Nova Luna)."""
    try:
        return _AROUND[cell]
    except KeyError:
        x, y = as_cell(cell)  # (1.0, 0) hashes like (1, 0): only int cells may enter the shared cache
        one = _CELLS.setdefault
        found = _AROUND[one((x, y), (x, y))] = (
            one((x + 1, y), (x + 1, y)),
            one((x - 1, y), (x - 1, y)),
            one((x, y + 1), (x, y + 1)),
            one((x, y - 1), (x, y - 1)),
        )
        return found


#: A cell's key is ``x * _ROW + y``: sorting keys sorts their cells by x then y, and a key's neighbours
#: are ``key ± _ROW`` and ``key ± 1``. Only cells at most ``FAR + 1`` out get a key, so no two share one.
_ROW: Final = 1024
# Every key made so far, both ways (``_KEY`` from the cell, ``_CELL`` back to that one tuple), and the
# neighbours of each key asked for: as small as the areas.
_KEY: dict[Cell, _Key] = {}
_CELL: dict[_Key, Cell] = {}
_NEAR: dict[_Key, tuple[_Key, _Key, _Key, _Key]] = {}
#: A key no cell has (keys stay within ±141,000): what a cell without one is looked up by.
_NOWHERE: Final = 1 << 40


def _key(cell: Cell) -> _Key:
    """The key of a cell of ints at most ``FAR + 1`` out (every caller has checked it)."""
    found = _KEY.get(cell)
    if found is None:
        x, y = cell
        found = x * _ROW + y
        _CELL[found] = (x, y)  # first: whoever finds the key finds its cell
        _KEY[(x, y)] = found
    return found


def _near(key: _Key) -> tuple[_Key, _Key, _Key, _Key]:
    """The keys of a key's four neighbours (in ``neighbours``' order), each with its cell known."""
    found = _NEAR.get(key)
    if found is None:
        x, y = _CELL[key]
        found = _NEAR[key] = (_key((x + 1, y)), _key((x - 1, y)), _key((x, y + 1)), _key((x, y - 1)))
    return found


_key((0, 0))


def whole_number(value: object) -> int | None:
    """An int from anything that is one (numpy integers from a DataFrame too), else None; ``True`` is
    no number here, and neither is ``1.0``."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def as_cell(value: object) -> Cell:
    """``value`` as a cell ``(x, y)`` of ints: a pair (tuple or list) of whole numbers, each at most
    ``FAR`` from 0, else ``IllegalMove``. Every public method that takes a cell goes through here."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        cell: Cell = value  # the common case, as the engine itself makes cells
    else:
        pair = _whole_pair(value)
        if pair is None:
            raise IllegalMove(
                msg("a cell is a pair of whole numbers (x, y), not {value}", value=quote(value))
            )
        cell = pair
    if _within(cell, FAR):
        return cell
    raise IllegalMove(
        msg("cell {cell} is too far out: x and y run from -{far} to {far}", cell=quote(cell), far=FAR)
    )


def _whole_pair(value: object) -> Cell | None:
    """A pair (tuple or list) of whole numbers as a tuple of ints, else None."""
    if isinstance(value, (tuple, list)) and len(value) == 2:
        x, y = whole_number(value[0]), whole_number(value[1])
        if x is not None and y is not None:
            return (x, y)
    return None


def _within(cell: Cell, reach: int) -> bool:
    return -reach <= cell[0] <= reach and -reach <= cell[1] <= reach


#: Cells in reading order, row by row (``chain`` lists them so).
_ROW_FIRST: Final = operator.itemgetter(1, 0)
#: No tiles of any colour: what a placement counts up from.
_NONE: Final[dict[str, int]] = dict.fromkeys(COLOURS, 0)
#: What a placement that fulfils nothing returns (one object, not a new empty set each time).
_NOTHING: Final[frozenset[TaskRef]] = frozenset()


class _Open(Tile):
    """The stand-in an area holds on an empty cell next to a tile (``_OPEN``)."""

    __slots__ = ()

    def __reduce__(self) -> str:  # type: ignore[override]
        return "_OPEN"  # a copied or pickled area holds this very object again


#: What an area holds on an empty cell next to a tile, where a tile may go: a stand-in of no colour, so
#: that whatever counts a colour passes it by.
_OPEN: Final = _Open("open", cast("Colour", ""), 0, ())
#: Each set of colours a task may lack, less each of its colours (``_colour_set``'s objects): a task's
#: short colours shrink by a lookup, not by building a set.
_LESS: Final[dict[frozenset[str], dict[str, frozenset[str]]]] = {
    short: {c: _colour_set(short - {c}) for c in short}
    for n in range(1, len(COLOURS) + 1)
    for short in map(_colour_set, combinations(COLOURS, n))
}
#: A tile's entry in ``_waiting`` for one task, ``(count, task index)``, one object each (the count is
#: short of the task's need, so under 4): no new tuple a placement.
_ENTRY: Final = tuple(tuple((count, i) for i in range(3)) for count in range(4))
#: How many legal cells a refusal names: enough to see where to go, short enough to read.
_NAMED = 12
#: How one colour of a task is counted in ``explain``'s sentence: ``1 of 3 blue`` (the number needed
#: decides the form in Russian: ``1 из 3 синих``).
_OF: Final[dict[str, Callable[[int, int], Message]]] = {
    "red": lambda counted, n: cplural(
        "tiles counted for a task", "{counted} of {n} red", "{counted} of {n} red", n, counted=counted
    ),
    "blue": lambda counted, n: cplural(
        "tiles counted for a task", "{counted} of {n} blue", "{counted} of {n} blue", n, counted=counted
    ),
    "teal": lambda counted, n: cplural(
        "tiles counted for a task", "{counted} of {n} teal", "{counted} of {n} teal", n, counted=counted
    ),
    "yellow": lambda counted, n: cplural(
        "tiles counted for a task", "{counted} of {n} yellow", "{counted} of {n} yellow", n, counted=counted
    ),
}


#: A colour counted more often than the task needs: ``4 yellow, 1 needed`` (never "4 of 1").
_MORE: Final[dict[str, Callable[[int, int], Message]]] = {
    "red": lambda counted, n: cplural(
        "tiles counted for a task, more than it needs",
        "{counted} red, {n} needed",
        "{counted} red, {n} needed",
        n,
        counted=counted,
    ),
    "blue": lambda counted, n: cplural(
        "tiles counted for a task, more than it needs",
        "{counted} blue, {n} needed",
        "{counted} blue, {n} needed",
        n,
        counted=counted,
    ),
    "teal": lambda counted, n: cplural(
        "tiles counted for a task, more than it needs",
        "{counted} teal, {n} needed",
        "{counted} teal, {n} needed",
        n,
        counted=counted,
    ),
    "yellow": lambda counted, n: cplural(
        "tiles counted for a task, more than it needs",
        "{counted} yellow, {n} needed",
        "{counted} yellow, {n} needed",
        n,
        counted=counted,
    ),
}


def _cells_sorted(keys: Iterable[_Key]) -> tuple[Cell, ...]:
    """The cells of ``keys`` in reading order, row by row."""
    return tuple(sorted(map(_CELL.__getitem__, keys), key=_ROW_FIRST))


def _at(cell: Cell, tiles: Mapping[Cell, Tile]) -> Message:
    return msg("{tile} at {cell}", tile=tiles[cell].id, cell=cell_words(cell))


def _colour(colour: object) -> str:
    if colour not in COLOURS:
        raise IllegalMove(unknown_colour(quote(colour)))
    return colour


@dataclass(frozen=True)
class ColourCount:
    """How one colour of a task is counted: ``needed``, ``counted`` and the tiles that count.

    ``touching`` are the counted tiles orthogonally adjacent to the task's tile; the rest of ``chain``
    count because a chain of the same colour links them to one of those.
    """

    colour: str
    needed: int
    counted: int
    chain: tuple[Cell, ...]
    touching: tuple[Cell, ...]

    @property
    def met(self) -> bool:
        return self.counted >= self.needed

    def words(self) -> Message:
        """The count in words, as ``explain`` and the guided game say it: ``1 of 3 blue``, or ``4 yellow,
        1 needed`` for more than the task needs (never "4 of 1")."""
        return (_MORE if self.counted > self.needed else _OF)[self.colour](self.counted, self.needed)


@dataclass(frozen=True)
class Explanation:
    """Why a task is (not) fulfilled: the count for each of its colours and one plain sentence, as data
    (``message``) worded in the package language (``sentence``) or in any (``in_language``)."""

    cell: Cell
    task_index: int
    tile: Tile
    colours: tuple[ColourCount, ...]
    fulfilled: bool
    message: Message

    @property
    def sentence(self) -> str:
        """The sentence in the package language."""
        return self.message.in_language()

    def in_language(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (None: the package language)."""
        return self.message.in_language(lang)

    def __str__(self) -> str:
        return self.sentence


class Board:
    """One player's area of tiles.

    ``place`` puts a tile (the first near ``(0, 0)``, every later one orthogonally next to a tile);
    ``fulfilled_tasks``, ``explain`` and ``would_fulfil`` answer questions about task chains. A player's
    area in a game only answers: the game places its tiles (``game.play``), and ``copy()`` gives an
    area of your own to try moves on.
    """

    __slots__ = (
        "_borrowed",
        "_cells",
        "_cells_cache",
        "_fulfilled",
        "_group",
        "_in_game",
        "_shared",
        "_short",
        "_sorted",
        "_tiles",
        "_waiting",
    )

    def __init__(self, placements: Iterable[tuple[Tile, Cell]] = ()) -> None:
        self._tiles: dict[Cell, Tile] = {}  # what ``tiles`` shows
        # The bookkeeping, by key (``_key``):
        # the tiles, and ``_OPEN`` on each empty cell next to one: one lookup tells which a cell is
        self._cells: dict[_Key, Tile] = {}
        self._group: dict[_Key, _Group] = {}  # every cell of a group maps to the same tuple
        self._short: dict[TaskRef, frozenset[str]] = {}  # open task -> colours it still lacks
        # colour -> cell -> (the count of that colour there, then the indices of the open tasks there
        # that lack it): kept current, as ``count`` answers it for the colours a task still lacks
        self._waiting: dict[str, dict[_Key, tuple[int, ...]]] = {c: {} for c in COLOURS}
        self._borrowed: set[str] = set()  # colours whose dict in _waiting a copy still shares
        self._fulfilled: frozenset[TaskRef] = frozenset()  # replaced, never changed: copies share it
        # The legal cells' keys, sorted: kept so by each placement once asked for (a search's copy seldom
        # is, and its copies start unasked), and as the tuple given out until the next placement.
        self._sorted: list[_Key] | None = None
        self._cells_cache: tuple[_Key, ...] | None = None
        self._in_game = False
        self._shared = False  # whether a copy shares the bookkeeping above (all but _tiles)
        for t, cell in placements:
            self.place(t, cell)

    # -- reading -------------------------------------------------------------------------------
    @property
    def tiles(self) -> Mapping[Cell, Tile]:
        """The placed tiles by cell, in the order they were placed (read-only)."""
        return MappingProxyType(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, cell: object) -> bool:  # an odd value is simply not a cell with a tile
        return cell in self._tiles

    def __getitem__(self, cell: Cell) -> Tile:
        return self._tiles[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._tiles)

    def legal_cells(self) -> list[Cell]:
        """Empty cells a tile may go on, sorted by x then y. On an empty board any cell up to ``FIRST``
        from 0 is legal; ``(0, 0)`` is offered."""
        return list(map(_CELL.__getitem__, self._legal_cells()))

    def _legal_cells(self) -> tuple[_Key, ...]:
        """The keys of the legal cells, sorted (so their cells are), as the board keeps them: for the
        game's ``legal_moves``."""
        cells = self._cells_cache
        if cells is None:
            if not self._cells:
                return (_key((0, 0)),)
            if self._sorted is None:
                self._sorted = sorted(k for k, u in self._cells.items() if u is _OPEN)
            cells = self._cells_cache = tuple(self._sorted)
        return cells

    def is_legal(self, cell: object) -> bool:
        """Whether a tile may go on ``cell``: any cell up to ``FIRST`` from 0 in an empty area, else an
        empty cell next to a tile.
        Anything that is not a cell is never legal."""
        try:
            cell = as_cell(cell)
        except IllegalMove:
            return False
        if not self._tiles:
            return _within(cell, FIRST)
        return self._cells.get(_KEY.get(cell, _NOWHERE)) is _OPEN

    def fulfilled_tasks(self) -> frozenset[TaskRef]:
        """Every fulfilled task as ``(x, y, task_index)``."""
        return self._fulfilled

    def open_tasks(self) -> dict[TaskRef, frozenset[str]]:
        """Every task not yet fulfilled, with the colours it still lacks."""
        return self._short.copy()

    def count(self, cell: Cell, colour: str) -> int:
        """How many tiles of ``colour`` count for a task on the tile at ``cell``."""
        if (
            type(cell) is tuple
            and len(cell) == 2
            and type(cell[0]) is int
            and type(cell[1]) is int
            and colour in COLOURS
            and self._cells.get(key := _KEY.get(cell, _NOWHERE), _OPEN) is not _OPEN
        ):
            # the common case, as the search asks, and mostly for a colour a task there still lacks
            kept = self._waiting[colour].get(key)
            return self._count(key, colour) if kept is None else kept[0]
        return self._count(_KEY[self._tile_at(cell)], _colour(colour))

    def _lacking(self, ref: TaskRef, short: Iterable[str]) -> int:
        """How many tiles the open task ``ref`` still lacks over its colours ``short`` (those it lacks, as
        ``open_tasks`` gives them): ``count`` for each, without its checks (``bots`` asks per open task)."""
        x, y, i = ref
        key = _KEY[(x, y)]
        need = self._cells[key].needs[i]
        waiting = self._waiting
        lacking = 0
        for c in short:
            kept = waiting[c].get(key)  # a task lacking a colour waits for it, with the count kept
            lacking += need[c] - (self._count(key, c) if kept is None else kept[0])
        return lacking

    def _tile_at(self, cell: object) -> Cell:
        """``cell`` as a cell that holds a tile, else ``IllegalMove`` naming the cells that do."""
        found = as_cell(cell)
        if found not in self._tiles:
            if self._tiles:
                where = joined(map(cell_words, self._tiles))
                raise IllegalMove(
                    msg("no tile at {cell}; tiles are at {cells}", cell=cell_words(found), cells=where)
                )
            raise IllegalMove(msg("no tile at {cell}; the area is empty", cell=cell_words(found)))
        return found

    def _count(self, key: _Key, colour: str) -> int:
        if self._cells[key].colour == colour:
            return len(self._group[key]) - 1
        return self._touching(key, colour)

    def _touching(self, key: _Key, colour: str) -> int:
        """How many tiles the distinct groups of ``colour`` touching ``key``'s cell hold
        (``_groups_around`` counted, without the list)."""
        tiles, group = self._cells, self._group
        total = 0
        seen: list[_Group] = []
        for n in _NEAR.get(key) or _near(key):
            t = tiles.get(n)
            if t is not None and t.colour == colour:
                g = group[n]
                if g not in seen:  # identity first; distinct groups differ at their first cell
                    seen.append(g)
                    total += len(g)
        return total

    def _groups_around(self, key: _Key, colour: str) -> list[_Group]:
        """The distinct groups of ``colour`` touching ``key``'s cell (one group may touch it twice)."""
        tiles, group = self._cells, self._group
        found: list[_Group] = []
        for n in _NEAR.get(key) or _near(key):
            t = tiles.get(n)
            if t is not None and t.colour == colour:
                g = group[n]
                if g not in found:  # identity first; distinct groups differ at their first cell
                    found.append(g)
        return found

    # -- placing -------------------------------------------------------------------------------
    def check(self, t: Tile, cell: object) -> Cell:
        """The cell as ``(x, y)`` ints if ``t`` may go on it; else ``IllegalMove``, saying why and which
        cells are legal."""
        if (
            type(cell) is tuple
            and len(cell) == 2
            and type(cell[0]) is int
            and type(cell[1]) is int
            and self._cells.get(_KEY.get(cell, _NOWHERE)) is _OPEN
            and type(t) is Tile
            and t not in self._tiles.values()
        ):
            return cell  # the common case: an empty cell next to a tile, which is a pair of ints
        if not isinstance(t, Tile):
            raise IllegalMove(msg("expected a Tile, not {value}", value=quote(t)))
        cell = as_cell(cell)
        if cell in self._tiles:
            raise IllegalMove(
                msg(
                    "cell {cell} already holds {tile}; {allowed}",
                    cell=cell_words(cell),
                    tile=self._tiles[cell].id,
                    allowed=self._allowed(),
                )
            )
        if self._tiles and self._cells.get(_KEY.get(cell, _NOWHERE)) is not _OPEN:
            raise IllegalMove(
                msg(
                    "cell {cell} touches none of your tiles; {allowed}",
                    cell=cell_words(cell),
                    allowed=self._allowed(),
                )
            )
        if t in self._tiles.values():
            raise IllegalMove(msg("tile {tile} is already in this area", tile=t.id))
        if not self._tiles and not _within(cell, FIRST):
            raise IllegalMove(
                msg(
                    "the first tile goes on a cell with x and y from -{first} to {first}, not {cell}",
                    first=FIRST,
                    cell=cell_words(cell),
                )
            )
        return cell

    def _allowed(self) -> Message:
        cells = self.legal_cells()
        named = joined(cell_words(c) for c in cells[:_NAMED])
        if len(cells) > _NAMED:
            return plural(
                "legal cells: {cells} … ({n} in all)",
                "legal cells: {cells} … ({n} in all)",
                len(cells),
                cells=named,
            )
        return msg("legal cells: {cells}", cells=named)

    def place(self, t: Tile, cell: Cell) -> frozenset[TaskRef]:
        """Place a tile and return the tasks it newly fulfils (on any tile of the area). A player's area
        in a game refuses: a tile there comes off the wheel, through ``game.play``."""
        if self._in_game:
            raise IllegalMove(
                msg(
                    "this area belongs to a game: take a tile with game.play or game.take; "
                    "board.copy() gives an area of your own to try moves on"
                )
            )
        cell = self.check(t, cell)
        return self._put(t, cell, _key(cell))

    def _for_game(self) -> Board:
        """This area, from now on placed on only by the game that holds it (``_put``, once the game
        has checked the move)."""
        self._in_game = True
        return self

    def _put(self, t: Tile, cell: Cell, key: _Key) -> frozenset[TaskRef]:
        """``place`` without the checks, for callers that have just made them (the hot path: every
        move of every game and search goes through here, so the steps are written out, not called).
        ``key`` is the cell's (``_key``)."""
        if self._shared:
            self._own()
        colour = t.colour
        tiles, group = self._cells, self._group
        around = _NEAR.get(key) or _near(key)
        legal = self._sorted
        if legal is not None and tiles:  # a later tile goes on an open cell; the first need not
            del legal[bisect_left(legal, key)]
        # One look at the neighbours: the empty ones open; the others give the distinct groups touching
        # the new tile: of its colour the ones it joins, of each other colour the tiles they hold (what
        # its own tasks count).
        sizes = _NONE.copy()
        joined: list[_Group] = []
        seen: list[_Group] = []
        near: list[_Key] = []  # the neighbours with a tile
        for n in around:
            u = tiles.get(n)
            if u is None:  # a cell that opens now
                tiles[n] = _OPEN
                if legal is not None:
                    insort(legal, n)
            elif u is not _OPEN:
                near.append(n)
                g = group[n]
                if g not in seen:  # identity first; distinct groups differ at their first cell
                    seen.append(g)
                    shade = u.colour
                    if shade == colour:
                        joined.append(g)
                    else:
                        sizes[shade] += len(g)
        self._cells_cache = None
        tiles[key] = t
        self._tiles[cell] = t
        merged: _Group = (key,)
        if joined:
            for g in joined:
                merged += g
            for m in merged:
                group[m] = merged
        else:
            group[key] = merged
        newly: list[TaskRef] = []
        waiting = self._waiting[colour]
        if waiting:
            if colour in self._borrowed:
                waiting = self._waiting[colour] = waiting.copy()
                self._borrowed.discard(colour)
            # Only open tasks that lack this colour and touch the grown group can change: a tile
            # touches it where a neighbour is in it (every cell of a group maps to the one tuple).
            if joined:
                for w in list(waiting):
                    a, b, c, d = _NEAR[w]
                    if (
                        group.get(a) is merged
                        or group.get(b) is merged
                        or group.get(c) is merged
                        or group.get(d) is merged
                    ):
                        there = tiles[w].colour
                        have = len(merged) - 1 if there == colour else self._touching(w, colour)
                        self._grow(w, colour, have, waiting, newly)
            else:
                # A group of one tile, new: each neighbour's count of its colour grows by one.
                for n in near:
                    kept = waiting.get(n)
                    if kept is not None:
                        self._grow(n, colour, kept[0] + 1, waiting, newly)
        if t.wants:
            # Count the new tile's own tasks: each is fulfilled or waits for the colours it lacks.
            sizes[colour] = len(merged) - 1
            x, y = cell
            waits, borrowed = self._waiting, self._borrowed
            for i, want, short in t.wants:  # short: what the task lacks, less each colour it has enough of
                for lacking, wanted in want:
                    have = sizes[lacking]
                    if have < wanted:
                        wait = waits[lacking]
                        if lacking in borrowed:
                            wait = waits[lacking] = wait.copy()
                            borrowed.discard(lacking)
                        # the tile's first task is the first to wait at its cell; a later one may join
                        wait[key] = (*wait[key], i) if i and key in wait else _ENTRY[have][i]
                    else:
                        short = _LESS[short][lacking]
                if short:
                    self._short[(x, y, i)] = short
                else:
                    newly.append((x, y, i))
        if not newly:
            return _NOTHING
        self._fulfilled = self._fulfilled.union(newly)
        return frozenset(newly)

    def _grow(
        self, where: _Key, colour: str, have: int, waiting: dict[_Key, tuple[int, ...]], newly: list[TaskRef]
    ) -> None:
        """The tile at ``where`` has open tasks that lack ``colour`` (``waiting``), whose count has just
        grown to ``have``: each that now has enough no longer waits for it, and is fulfilled if that was
        all."""
        kept = waiting[where]
        needs = self._cells[where].needs
        if len(kept) == 2 and have < needs[kept[1]][colour]:  # the common case: one task, still short
            waiting[where] = _ENTRY[have][kept[1]]
            return
        x, y = _CELL[where]
        rest = [have]
        for i in kept[1:]:
            if have < needs[i][colour]:
                rest.append(i)
                continue
            ref = (x, y, i)
            short = _LESS[self._short[ref]][colour]
            if short:
                self._short[ref] = short
            else:
                del self._short[ref]
                newly.append(ref)
        if len(rest) > 1:
            waiting[where] = tuple(rest)
        else:
            del waiting[where]

    def _own(self) -> None:
        """Take a copy of the bookkeeping this board shares with a copy, before changing it.
        (``d.copy()`` clones a dict whose keys have been removed at twice the speed of ``dict(d)``.)"""
        self._cells = self._cells.copy()
        self._group = self._group.copy()
        self._short = self._short.copy()
        self._waiting = self._waiting.copy()  # each colour's own dict is copied once it changes
        self._borrowed = set(COLOURS)
        self._shared = False

    # -- what-if and why -----------------------------------------------------------------------
    def would_fulfil(self, t: Tile, cell: Cell) -> frozenset[TaskRef]:
        """The tasks (on any tile) that placing ``t`` at ``cell`` would newly fulfil; the board is
        not changed. Raises ``IllegalMove`` where the tile may not go."""
        cell = self.check(t, cell)
        key = _KEY.get(cell) or _key(cell)  # a first tile's cell may have none yet
        colour = t.colour
        tiles = self._cells
        joined = self._groups_around(key, colour)
        size = 1 + sum(map(len, joined))
        result: list[TaskRef] = []
        waiting = self._waiting[colour]
        if waiting:
            around = _NEAR.get(key) or _near(key)
            near = {n for g in joined for m in g for n in _NEAR[m]}
            near.update(around)
            for where in waiting.keys() & near:
                t_there = tiles[where]
                x, y = _CELL[where]
                for i in waiting[where][1:]:
                    if len(self._short[(x, y, i)]) == 1:
                        wanted = t_there.needs[i][colour]
                        touches = where in around
                        if self._grown_count(where, t_there.colour, colour, touches, joined, size) >= wanted:
                            result.append((x, y, i))
        x, y = cell
        for i, need in enumerate(t.needs):
            if all((size - 1 if c == colour else self._touching(key, c)) >= n for c, n in need.items()):
                result.append((x, y, i))
        return frozenset(result)

    def _grown_count(
        self, where: _Key, own: str, colour: str, touches: bool, joined: list[_Group], size: int
    ) -> int:
        """The count of ``colour`` at ``where`` once a tile of that colour joins the groups ``joined``
        (``size`` tiles in all) on a cell that ``where``'s cell ``touches`` or not."""
        group = self._group
        if own == colour:
            return size - 1 if any(group[where] is j for j in joined) else len(group[where]) - 1
        grows = touches
        total = 0
        for g in self._groups_around(where, colour):
            if any(g is j for j in joined):
                grows = True
            else:
                total += len(g)
        return total + size if grows else total

    def chain(self, cell: Cell, colour: str) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        """The tiles of ``colour`` that count for the tile at ``cell`` (sorted), and the subset of them
        that touch it."""
        cell, colour = self._tile_at(cell), _colour(colour)
        key = _KEY[cell]
        tiles = self._cells
        touching = [n for n in _NEAR.get(key) or _near(key) if n in tiles and tiles[n].colour == colour]
        members = {m for n in touching for m in self._group[n]}
        if tiles[key].colour == colour:
            members.discard(key)
        return _cells_sorted(members), _cells_sorted(touching)

    def _around_group(self, cell: Cell) -> set[Cell]:
        """The cells next to any tile of the group the tile at ``cell`` (a pair of ints) belongs to:
        where a task's count can have changed when that tile was placed (``bots._worths``). The same
        cells as the neighbours of ``cell`` and of its ``chain`` in its own colour, without sorting."""
        return {_CELL[n] for m in self._group[_KEY[cell]] for n in _NEAR.get(m) or _near(m)}

    def explain(self, cell: Cell, task_index: int) -> Explanation:
        """Why the task ``task_index`` of the tile at ``cell`` is or is not fulfilled."""
        cell = self._tile_at(cell)
        t = self._tiles[cell]
        index = whole_number(task_index)
        if index is None or not 0 <= index < len(t.tasks):
            if t.tasks:
                raise IllegalMove(
                    plural(
                        "tile {tile} at {cell} has {n} task; task_index must be 0 to {last}, not {value}",
                        "tile {tile} at {cell} has {n} tasks; task_index must be 0 to {last}, not {value}",
                        len(t.tasks),
                        tile=t.id,
                        cell=cell_words(cell),
                        last=len(t.tasks) - 1,
                        value=quote(task_index),
                    )
                )
            raise IllegalMove(
                msg(
                    "tile {tile} at {cell} has no task; task_index must be nothing, not {value}",
                    tile=t.id,
                    cell=cell_words(cell),
                    value=quote(task_index),
                )
            )
        task_index = index
        task = t.tasks[task_index]
        counts = []
        for colour, needed in task.items():
            members, touching = self.chain(cell, colour)
            counts.append(ColourCount(colour, needed, len(members), members, touching))
        fulfilled = (cell[0], cell[1], task_index) in self._fulfilled
        sentence = self._sentence(t, cell, task, counts)
        return Explanation(cell, task_index, t, tuple(counts), fulfilled, sentence)

    def _sentence(self, t: Tile, cell: Cell, task: Task, counts: list[ColourCount]) -> Message:
        parts: list[Value] = []
        for c in counts:
            part = c.words()
            if c.chain:
                linked = [m for m in c.chain if m not in c.touching]
                touching = joined(_at(m, self._tiles) for m in c.touching)
                if linked:
                    part = msg(
                        "{count} ({touching} touching; {linked} by chain)",
                        count=part,
                        touching=touching,
                        linked=joined(_at(m, self._tiles) for m in linked),
                    )
                else:
                    part = msg("{count} ({touching} touching)", count=part, touching=touching)
            if c.colour == t.colour:
                part = msg("{count} (the {tile} itself never counts)", count=part, tile=t.id)
            parts.append(part)
        args: dict[str, Value] = {
            "task": task.words(),
            "tile": t.id,
            "cell": cell_words(cell),
            "counts": joined(parts, "clauses"),
        }
        if all(c.met for c in counts):
            return msg("Task {task} on {tile} at {cell} is fulfilled: {counts}.", **args)
        return msg("Task {task} on {tile} at {cell} is not fulfilled: {counts}.", **args)

    # -- copying and text ----------------------------------------------------------------------
    def copy(self) -> Board:
        """An independent board in the same state. The tiles are its own at once (``tiles`` is a live
        view); the rest is shared until either board places a tile, which copies it first (``_own``)."""
        return self._copy(False)

    def _copy(self, in_game: bool) -> Board:
        """``copy``, for a game's area (``in_game``: placed on only by the game) or not."""
        other = Board.__new__(Board)
        other._tiles = self._tiles.copy()
        other._cells = self._cells
        other._group = self._group
        other._short = self._short
        other._waiting = self._waiting
        other._fulfilled = self._fulfilled
        other._borrowed = self._borrowed  # _own gives each its own before either places
        other._cells_cache = self._cells_cache
        other._sorted = None
        other._in_game = in_game
        other._shared = self._shared = True
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._tiles == other._tiles

    __hash__ = None  # type: ignore[assignment]

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the placed tiles; ``(0, 0, 0, 0)`` when empty."""
        if not self._tiles:
            return (0, 0, 0, 0)
        xs = [c[0] for c in self._tiles]
        ys = [c[1] for c in self._tiles]
        return (min(xs), min(ys), max(xs), max(ys))

    def text(self, covered: Iterable[TaskRef] | None = None, lang: str | None = None) -> str:
        """A grid of the area: each tile as colour letter and cost, then its id and tasks, with ``*``
        marking covered tasks (fulfilled tasks when ``covered`` is not given), in ``lang`` (None: the
        package language)."""
        lang = resolve(lang)
        if not self._tiles:
            return msg("(empty area)").in_language(lang)
        done = set(self._fulfilled if covered is None else covered)
        x0, y0, x1, y1 = self.bounds()
        rows = [
            "     " + "".join(number(x, lang).rjust(4) for x in range(x0, x1 + 1)),
            *(
                number(y, lang).rjust(4)
                + " "
                + "".join(
                    f"  {self._tiles[(x, y)].letter}" if (x, y) in self._tiles else "   ."
                    for x in range(x0, x1 + 1)
                )
                for y in range(y0, y1 + 1)
            ),
        ]
        for cell in sorted(self._tiles, key=lambda c: (c[1], c[0])):
            t = self._tiles[cell]
            tasks = joined(
                ("*" if (cell[0], cell[1], i) in done else "") + task.in_language(lang)
                for i, task in enumerate(t.tasks)
            )
            where = cell_words(cell).in_language(lang).rjust(9)
            rows.append(f"  {where} {t.id} {LETTERS[t.colour]}{t.cost}  {tasks.in_language(lang) or '-'}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.text()

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, object]:
        """A picture of the area (fulfilled tasks under a token) for notebooks, trusted or not, exported
        pages and GitHub."""
        return _hooks.mimebundle(self, include, exclude)

    def __repr__(self) -> str:
        cells = ", ".join(f"{t.id}@{c[0]},{c[1]}" for c, t in self._tiles.items())
        return f"Board({len(self._tiles)} tiles: {cells})" if cells else "Board(empty)"
