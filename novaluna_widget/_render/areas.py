"""Areas as pictures: the grid of an area's tiles (its cells labelled as asked) and a row of tiles."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._board import Board, Cell, TaskRef, as_cell
from .._i18n import (
    cell_words,
    cmsg,
    joined,
    msg,
    resolve,
)
from .._tiles import Tile
from .pieces import tile_svg
from .spec import PAINT, TILE
from .svg import element, label_svg, svg_document, text_svg
from .titles import board_title

__all__ = ["Labels", "area_grid", "board_svg", "tiles_svg"]


#: What ``board_svg`` may label: nothing, every tile (``True``), or the cells named.
Labels = bool | Iterable[Cell]


def area_grid(
    board: Board, covered: Iterable[TaskRef], player: int | None, cell: float, labels: Labels, lang: str
) -> tuple[str, float, float]:
    """An area's tiles on a grid with one empty ring around; returns (svg, width, height). ``labels``
    adds a line under a cell with its (x, y) and tile id, the names ``explain()`` uses: under every
    tile for ``True``, under the cells named otherwise (an empty one is outlined, so a question's cells
    stand out)."""
    x0, y0, x1, y1 = board.bounds()
    named = set(board.tiles) if labels is True else set() if labels is False else {as_cell(c) for c in labels}
    x0, y0 = min([x0, *(x + 1 for x, _ in named)]), min([y0, *(y + 1 for _, y in named)])
    x1, y1 = max([x1, *(x - 1 for x, _ in named)]), max([y1, *(y - 1 for _, y in named)])
    cols, rows = x1 - x0 + 3, y1 - y0 + 3
    pitch = cell * 1.25 if named else cell  # rows leave room for the label line
    by_tile: dict[tuple[int, int], list[int]] = {}
    for x, y, k in covered:
        by_tile.setdefault((x, y), []).append(k)
    parts = []
    for gy in range(rows):
        for gx in range(cols):
            x, y = x0 - 1 + gx, y0 - 1 + gy
            t = board.tiles.get((x, y))
            if t is None:
                outline = {"stroke_width": 2.5} if (x, y) in named else {"stroke_opacity": 0.45}
                parts.append(
                    element(
                        "rect",
                        x=gx * cell + 2,
                        y=gy * pitch + 2,
                        width=cell - 4,
                        height=cell - 4,
                        rx=cell / 10,
                        fill="none",
                        stroke=PAINT["faint"],
                        **outline,
                        stroke_dasharray="3 4",
                    )
                )
            else:
                parts.append(
                    tile_svg(
                        t,
                        (gx + 0.5) * cell,
                        gy * pitch + cell / 2,
                        cell / TILE["size"],
                        by_tile.get((x, y), ()),
                        player,
                        lang,
                    )
                )
            if (x, y) in named:
                where = cell_words((x, y))
                words = (
                    cmsg(
                        "a tile and its cell, under the tile in a picture",
                        "{tile} {cell}",
                        tile=t.id,
                        cell=where,
                    )
                    if t
                    else where
                )
                parts.append(
                    label_svg(
                        (gx + 0.5) * cell,
                        gy * pitch + cell * 1.16,
                        words,
                        max(8.0, cell / 7),
                        lang,
                        text_anchor="middle",
                        font_weight=700 if t else 400,
                        fill=PAINT["faint"],
                    )
                )
    return "".join(parts), cols * cell, rows * pitch


def board_svg(
    board: Board,
    covered: Iterable[TaskRef] | None = None,
    player: int | None = None,
    cell: float = 60,
    *,
    labels: Labels = False,
    lang: str | None = None,
) -> str:
    """One area as SVG. ``covered`` tasks (default: the fulfilled ones) carry ``player``'s tokens (white
    ones with a green rim when no player is given), their dots showing through. ``labels`` names cells
    as ``explain()`` does: ``True`` every tile, or a list of cells (tiles or empty cells) such as
    ``[(0, 0), (1, 1)]``; a named empty cell outside the grid's ring widens the picture to show it.
    Words and numbers are in ``lang`` (None: the package language)."""
    lang = resolve(lang)
    covered = board.fulfilled_tasks() if covered is None else covered
    body, width, height = area_grid(board, covered, player, cell, labels, lang)
    return svg_document(width, height, body, board_title(board), lang)


def tiles_svg(tiles: Sequence[Tile], cell: float = 100, lang: str | None = None) -> str:
    """Tiles side by side and apart (no area, no grid), each with its id under it: for looking at the
    tiles themselves. Their costs have the digits of ``lang`` (None: the package language)."""
    lang = resolve(lang)
    gap = cell * 0.2
    parts = []
    for i, t in enumerate(tiles):
        x = gap / 2 + i * (cell + gap) + cell / 2
        parts.append(tile_svg(t, x, cell / 2, cell / TILE["size"], lang=lang))
        parts.append(
            text_svg(
                x,
                cell * 1.16,
                t.id,
                max(8.0, cell / 7),
                text_anchor="middle",
                font_weight=700,
                fill=PAINT["faint"],
            )
        )
    title = msg("Nova Luna tiles: {ids}", ids=joined(t.id for t in tiles))
    return svg_document(len(tiles) * (cell + gap), cell * 1.25, "".join(parts), title, lang)
