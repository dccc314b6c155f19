"""The 68 Nova Luna tiles: colours, costs and tasks, loaded from the shipped ``tiles.json``.

Tile ids (R01–Y17) are this project's own, sorted by colour, cost and number of tasks; the game prints
no numbers. The two cost-2 tiles of a colour are identical, so their ids are interchangeable.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib.resources import files
from typing import Final, Literal

from ._i18n import Joined, Message, cmsg, cplural, joined, msg, quote

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "LETTERS",
    "MAX_COST",
    "NO_TASK",
    "TILES",
    "Colour",
    "Task",
    "Tile",
    "tile",
    "unknown_colour",
    "unknown_tile",
]

Colour = Literal["red", "blue", "teal", "yellow"]
COLOURS: Final[tuple[Colour, ...]] = ("red", "blue", "teal", "yellow")
#: One letter per colour, used in text views and to keep the widget colour-blind safe.
LETTERS: Final[dict[str, str]] = {"red": "R", "blue": "B", "teal": "T", "yellow": "Y"}


class Task(Mapping[str, int]):
    """One task of a tile: how many tiles of each colour it needs, e.g. ``2 red + 1 blue``.

    Immutable and hashable; iterates its colours in the reference order (red, blue, teal, yellow).
    """

    __slots__ = ("_items",)
    _items: tuple[tuple[str, int], ...]

    def __init__(self, counts: Mapping[str, int] | None = None, /, **kwargs: int) -> None:
        merged = dict(counts or {}, **kwargs)
        for colour, count in merged.items():
            if colour not in COLOURS:
                raise ValueError(unknown_colour(repr(colour)))
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 4:
                raise ValueError(
                    msg(
                        "a task needs 1 to 4 tiles of a colour, not {count} {colour}",
                        count=repr(count),
                        colour=colour,
                    )
                )
        total = sum(merged.values())
        if not 1 <= total <= 4:
            raise ValueError(msg("a task has 1 to 4 dots, not {total}", total=total))
        object.__setattr__(self, "_items", tuple((c, merged[c]) for c in COLOURS if c in merged))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Task is immutable")

    def __getitem__(self, colour: str) -> int:
        for c, n in self._items:
            if c == colour:
                return n
        raise KeyError(colour)

    def __iter__(self) -> Iterator[str]:
        return (c for c, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Task):
            return self._items == other._items
        return super().__eq__(other)

    @property
    def dots(self) -> int:
        """How many tiles the task needs in all."""
        return sum(n for _, n in self._items)

    def in_language(self, lang: str | None = None) -> str:
        """The task in words, e.g. ``2 blue + 1 red`` (``2 синих + 1 красный`` in Russian)."""
        return self.words().in_language(lang)

    def words(self) -> Joined:
        """The task as data to word: one count per colour."""
        return joined((_DOTS[c](n) for c, n in self._items), "task")

    def __str__(self) -> str:
        return self.in_language()

    def __repr__(self) -> str:
        return "Task(" + ", ".join(f"{c}={n}" for c, n in self._items) + ")"


#: Every set of colours, one object each (``_colour_set``): the engine finds them in its tables by identity.
_COLOUR_SETS: Final[dict[frozenset[str], frozenset[str]]] = {}


def _colour_set(colours: Iterable[str]) -> frozenset[str]:
    """``colours`` as the one frozenset object of those colours."""
    found = frozenset(colours)
    return _COLOUR_SETS.setdefault(found, found)


class Tile:
    """A tile: ``id`` (R01–Y17), ``colour``, ``cost`` (time, 1–7) and 0–3 ``tasks``."""

    __slots__ = ("colour", "cost", "id", "needs", "tasks", "wants")
    id: str
    colour: Colour
    cost: int
    tasks: tuple[Task, ...]
    #: The tasks as plain dicts, for the engine's hot loops (a Mapping's lookups are slow).
    needs: tuple[dict[str, int], ...]
    #: The tasks for placing, one triple each, unpacked at once: the task's index, its ``(colour, count)``
    #: pairs (a tuple iterates faster than a dict's items) and its colours (what it lacks where none of
    #: them is counted yet, a placement's common case).
    wants: tuple[tuple[int, tuple[tuple[str, int], ...], frozenset[str]], ...]

    def __init__(self, id: str, colour: Colour, cost: int, tasks: tuple[Task, ...]) -> None:
        tasks = tuple(tasks)
        needs = tuple(dict(task._items) for task in tasks)
        wants = tuple((i, task._items, _colour_set(task)) for i, task in enumerate(tasks))
        for name, value in (
            ("id", id),
            ("colour", colour),
            ("cost", cost),
            ("tasks", tasks),
            ("needs", needs),
            ("wants", wants),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Tiles are catalogue singletons; pickling by id keeps identity across processes.
        return (tile, (self.id,))

    def in_language(self, lang: str | None = None) -> str:
        """The tile in words: id, colour, cost and tasks (``R05 red 3: 2 blue``)."""
        return self.words().in_language(lang)

    def words(self) -> Message:
        """The tile as data to word."""
        tasks = joined((t.words() for t in self.tasks), "clauses") if self.tasks else NO_TASK
        return msg(
            "{id} {colour} {cost}: {tasks}",
            id=self.id,
            colour=COLOUR_NAMES[self.colour],
            cost=self.cost,
            tasks=tasks,
        )

    def __str__(self) -> str:
        return self.in_language()

    def __repr__(self) -> str:
        return f"<Tile {self}>"

    @property
    def letter(self) -> str:
        """The colour's letter and the cost, as printed in text views: ``R3``."""
        return f"{LETTERS[self.colour]}{self.cost}"


def _load() -> tuple[Tile, ...]:
    raw = json.loads(files(__package__).joinpath("tiles.json").read_text(encoding="utf-8"))
    return tuple(Tile(t["id"], t["colour"], t["cost"], tuple(Task(task) for task in t["tasks"])) for t in raw)


#: All 68 tiles in catalogue order (red, blue, teal, yellow; then cost; then number of tasks).
TILES: Final[tuple[Tile, ...]] = _load()
_BY_ID: Final[dict[str, Tile]] = {t.id: t for t in TILES}
#: The dearest tile's cost: the most time one turn can take.
MAX_COST: Final = max(t.cost for t in TILES)


def tile(tile_id: str) -> Tile:
    """The tile with this reference id, e.g. ``tile("B08")``."""
    found = _BY_ID.get(tile_id.upper()) if isinstance(tile_id, str) else None
    if found is None:
        # A KeyError's text is the repr of its argument, so it carries the words, not the data.
        raise KeyError(str(unknown_tile(tile_id)))
    return found


def unknown_tile(tile_id: object) -> Message:
    """What ``tile`` says of an id that names no tile."""
    return msg("no tile {id}: ids run R01–R17, B01–B17, T01–T17, Y01–Y17", id=quote(tile_id))


def unknown_colour(shown: str) -> Message:
    """What a colour that is none of the four (``shown`` as the caller quotes it) is told. The colours
    are named as code writes them (``"red"``): they are what the caller may pass."""
    return msg("unknown colour {colour}; colours are {colours}", colour=shown, colours=", ".join(COLOURS))


#: The colours' names for a tile: ``R05 red 3`` (in Russian ``R05 красный 3``).
COLOUR_NAMES: Final[dict[str, Message]] = {
    "red": cmsg("colour of a tile", "red"),
    "blue": cmsg("colour of a tile", "blue"),
    "teal": cmsg("colour of a tile", "teal"),
    "yellow": cmsg("colour of a tile", "yellow"),
}
#: What a tile without a task says in the place of its tasks.
NO_TASK: Final = msg("no task")
#: A task's dots of one colour: ``2 blue`` (the count decides the form in Russian).
_DOTS: Final[dict[str, Callable[[int], Message]]] = {
    "red": lambda n: cplural("dots of a task", "{n} red", "{n} red", n),
    "blue": lambda n: cplural("dots of a task", "{n} blue", "{n} blue", n),
    "teal": lambda n: cplural("dots of a task", "{n} teal", "{n} teal", n),
    "yellow": lambda n: cplural("dots of a task", "{n} yellow", "{n} yellow", n),
}
