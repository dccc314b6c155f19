"""The 68 Nova Luna tiles: colours, costs and tasks, loaded from the shipped ``tiles.json``.

Tile ids (R01–Y17) are this project's own, sorted by colour, cost and number of tasks; the game prints
no numbers. The two cost-2 tiles of a colour are identical, so their ids are interchangeable.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from importlib.resources import files
from typing import Final, Literal

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
                raise ValueError(f"unknown colour {colour!r}; colours are {', '.join(COLOURS)}")
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 4:
                raise ValueError(f"a task needs 1 to 4 tiles of a colour, not {count!r} {colour}")
        total = sum(merged.values())
        if not 1 <= total <= 4:
            raise ValueError(f"a task has 1 to 4 dots, not {total}")
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

    def __str__(self) -> str:
        return " + ".join(f"{n} {c}" for c, n in self._items)

    def __repr__(self) -> str:
        return "Task(" + ", ".join(f"{c}={n}" for c, n in self._items) + ")"


class Tile:
    """A tile: ``id`` (R01–Y17), ``colour``, ``cost`` (time, 1–7) and 0–3 ``tasks``."""

    __slots__ = ("colour", "cost", "id", "needs", "tasks")
    id: str
    colour: Colour
    cost: int
    tasks: tuple[Task, ...]
    #: The tasks as plain dicts, for the engine's hot loops (a Mapping's lookups are slow).
    needs: tuple[dict[str, int], ...]

    def __init__(self, id: str, colour: Colour, cost: int, tasks: tuple[Task, ...]) -> None:
        tasks = tuple(tasks)
        needs = tuple(dict(task._items) for task in tasks)
        for name, value in (
            ("id", id),
            ("colour", colour),
            ("cost", cost),
            ("tasks", tasks),
            ("needs", needs),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Tiles are catalogue singletons; pickling by id keeps identity across processes.
        return (tile, (self.id,))

    def __str__(self) -> str:
        tasks = "; ".join(str(t) for t in self.tasks) or "no task"
        return f"{self.id} {self.colour} {self.cost}: {tasks}"

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
        raise KeyError(f"no tile {tile_id!r}: ids run R01–R17, B01–B17, T01–T17, Y01–Y17")
    return found
