"""A deliberately plain reading of the task-chain rule, to check the engine's incremental one against.

For a task on tile T and a colour c: walk from every c tile orthogonally next to T through orthogonal
c tiles, never stepping on T, and count the tiles reached.
"""

from __future__ import annotations

from collections.abc import Mapping

from novaluna_widget import Tile

Cell = tuple[int, int]


def _around(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def count(tiles: Mapping[Cell, Tile], cell: Cell, colour: str) -> int:
    reached: set[Cell] = set()
    todo = [n for n in _around(cell) if n in tiles and tiles[n].colour == colour]
    while todo:
        here = todo.pop()
        if here in reached or here == cell:
            continue
        reached.add(here)
        todo += [n for n in _around(here) if n in tiles and tiles[n].colour == colour]
    return len(reached)


def fulfilled(tiles: Mapping[Cell, Tile]) -> frozenset[tuple[int, int, int]]:
    return frozenset(
        (x, y, i)
        for (x, y), t in tiles.items()
        for i, task in enumerate(t.tasks)
        if all(count(tiles, (x, y), c) >= n for c, n in task.items())
    )
