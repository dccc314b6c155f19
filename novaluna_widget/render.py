"""Static SVG pictures of a game or an area, for places without a live kernel.

Exported notebooks, nbviewer and GitHub cannot run the widget; its mimebundle carries ``game_svg``
instead, and ``Game``/``Board`` show these pictures in a notebook. The drawing follows the widget's:
each colour has its own dot shape and letter, and the wheel is a night sky, so one picture reads on
light and dark pages alike. Output is deterministic (no ids, no timestamps), so nbval can compare it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape
from typing import Final

from . import track, wheel
from .board import Board, TaskRef
from .game import Game
from .solo import SoloGame
from .tiles import LETTERS, Tile

COLOUR: Final = {"red": "#d8453a", "blue": "#3b6fd4", "teal": "#15a08f", "yellow": "#f1c232"}
#: Player tokens: fill, stroke, text; each also carries the player's number.
PLAYER: Final = (
    ("#f7f3e8", "#3b3b3b", "#222"),
    ("#30343f", "#e6e6e6", "#fff"),
    ("#f08a24", "#4a2a05", "#1e1204"),
    ("#9466dc", "#f3ecff", "#fff"),
)
FONT: Final = "system-ui, -apple-system, Segoe UI, sans-serif"
GOLD: Final = "#ffd54a"
INK: Final = "#e8ebf5"

# The widget's geometry (js/tiles.js, js/wheel.js): task disc centres on a 100-unit tile, dot offsets
# in a disc, and the wheel's radii in a 1000-unit box.
_DISCS: Final = {1: ((12, 12),), 2: ((24, -20), (-12, 24)), 3: ((26, -24), (-18, 24), (26, 26))}
_DOTS: Final = {
    1: ((0, 0),),
    2: ((-6.5, 0), (6.5, 0)),
    3: ((-6.5, -5), (6.5, -5), (0, 6.5)),
    4: ((-6.5, -6.5), (6.5, -6.5), (-6.5, 6.5), (6.5, 6.5)),
}
_SPACE_RADIUS, _TRACK_RADIUS, _LABEL_RADIUS = 366, 236, 470
_CRESCENT: Final = "M4 -34A34 34 0 1 0 4 34A27 31 0 1 1 4 -34Z"


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _el(tag: str, body: str | None = None, /, **attrs: object) -> str:
    """One SVG element; ``font_size=20`` becomes ``font-size='20'``; floats are rounded to 0.1."""
    text = "".join(
        f" {k.replace('_', '-')}='{_n(v) if isinstance(v, float) else v}'" for k, v in attrs.items()
    )
    return f"<{tag}{text}/>" if body is None else f"<{tag}{text}>{body}</{tag}>"


def _text(x: float, y: float, words: str, size: float, **attrs: object) -> str:
    return _el("text", escape(words), x=float(x), y=float(y), font_size=size, font_family=FONT, **attrs)


def _at(x: float, y: float, body: str, scale: float = 1.0) -> str:
    scaled = f" scale({_n(scale)})" if scale != 1 else ""
    return f"<g transform='translate({_n(x)} {_n(y)}){scaled}'>{body}</g>"


def _dot(colour: str, x: float, y: float) -> str:
    paint = {"fill": COLOUR[colour], "stroke": "#fff", "stroke_width": 1.3}
    if colour == "blue":
        return _el("rect", x=x - 4.6, y=y - 4.6, width=9.2, height=9.2, **paint)
    if colour == "teal":
        return _el("path", d=f"M{_n(x)} {_n(y - 5.8)}L{_n(x + 5.6)} {_n(y + 4.4)}H{_n(x - 5.6)}Z", **paint)
    if colour == "yellow":
        corners = ((x, y - 6.2), (x + 6.2, y), (x, y + 6.2), (x - 6.2, y))
        return _el("path", d="M" + "L".join(f"{_n(a)} {_n(b)}" for a, b in corners) + "Z", **paint)
    return _el("circle", cx=float(x), cy=float(y), r=5, **paint)


def token(player: int | None, x: float, y: float, r: float = 15) -> str:
    """A player's token: their colour and their number (a plain check mark for ``None``)."""
    if player is None:
        tick = f"M{_n(-r / 2)} 0L{_n(-r / 8)} {_n(r / 2.6)}L{_n(r / 2)} {_n(-r / 2.6)}"
        body = _el("circle", r=float(r), fill="#fff", stroke="#3b3b3b", stroke_width=2) + _el(
            "path", d=tick, fill="none", stroke="#2e7d32", stroke_width=r / 4, stroke_linecap="round"
        )
        return _at(x, y, body)
    fill, stroke, ink = PLAYER[player % 4]
    body = _el("circle", r=float(r), fill=fill, stroke=stroke, stroke_width=2) + _text(
        0, r * 0.36, str(player + 1), r * 1.05, font_weight=800, text_anchor="middle", fill=ink
    )
    return _at(x, y, body)


def tile_svg(
    t: Tile, x: float, y: float, scale: float = 1.0, covered: Iterable[int] = (), player: int | None = None
) -> str:
    """One tile centred at (x, y), 100 units wide times ``scale``; ``covered`` task indexes get a token."""
    covered = set(covered)
    parts = [
        _el("rect", x=-47, y=-47, width=94, height=94, rx=10, fill=COLOUR[t.colour], stroke="#000",
            stroke_opacity=0.45, stroke_width=2),
        _el("circle", cx=-29, cy=-29, r=15, fill="#fbf5e4", stroke="#000", stroke_opacity=0.55,
            stroke_width=1.5),
        _text(-29, -22.5, str(t.cost), 20, font_weight=800, text_anchor="middle", fill="#1d1d1d"),
        _text(-40, 42, LETTERS[t.colour], 15, font_weight=800, text_anchor="middle",
              fill="#000" if t.colour == "yellow" else "#fff", fill_opacity=0.8),
    ]  # fmt: skip
    for k, task in enumerate(t.tasks):
        colours = [c for c, n in task.items() for _ in range(n)]
        dots = "".join(_dot(c, ox, oy) for c, (ox, oy) in zip(colours, _DOTS[len(colours)], strict=True))
        disc = _el("circle", r=19, fill="#1b1f33", stroke="#fff", stroke_opacity=0.85, stroke_width=1.6)
        cover = token(player, 0, 0, 16) if k in covered else ""
        parts.append(_at(*_DISCS[len(t.tasks)][k], disc + dots + cover))
    return _at(x, y, "".join(parts), scale)


def _polar(radius: float, step: int, steps: int) -> tuple[float, float]:
    angle = math.radians(-90 + 360 / steps * step)
    return radius * math.cos(angle), radius * math.sin(angle)


def _wheel(game: Game) -> str:
    """The moon wheel in a 1000-unit box centred at 0."""
    choices = game.choices()
    parts = [
        _el("circle", r=496, fill="#18214a", stroke="#c9a94f", stroke_width=4),
        _el("circle", r=_TRACK_RADIUS + 40, fill="none", stroke="#fff", stroke_opacity=0.12, stroke_width=2),
        "" if isinstance(game, SoloGame) else _track(game),
        _centre(game),
    ]
    for space, t in enumerate(game.wheel):
        x, y = _polar(_SPACE_RADIUS, space, wheel.SPACES)
        lx, ly = _polar(_LABEL_RADIUS, space, wheel.SPACES)
        parts.append(_text(lx, ly + 7, "● 0" if space == 0 else str(space), 21, font_weight=600,
                           text_anchor="middle", fill="#fff", fill_opacity=0.7))  # fmt: skip
        parts.append(_space(game, space, t, choices, x, y))
    return "".join(parts)


def _space(game: Game, space: int, t: Tile | None, choices: list[int], x: float, y: float) -> str:
    if t is None:
        empty = _el("circle", r=44, fill="#fff", fill_opacity=0.04, stroke="#fff", stroke_opacity=0.28,
                    stroke_width=2, stroke_dasharray="6 6")  # fmt: skip
        moon = _el("path", d=_CRESCENT, transform="scale(1.2)", fill="#f6dc7a", stroke="#8a6d1c",
                   stroke_width=2)  # fmt: skip
        return _at(x, y, empty + (moon if space == game.marker else ""))
    if space not in choices:
        return f"<g opacity='0.9'>{tile_svg(t, x, y, 1.24)}</g>"
    halo = _el("rect", x=-58, y=-58, width=116, height=116, rx=15, fill=GOLD, fill_opacity=0.16, stroke=GOLD,
               stroke_width=5)  # fmt: skip
    badge = _el("circle", r=17, fill=GOLD, stroke="#101735", stroke_width=3) + _text(
        0, 6, str(choices.index(space) + 1), 20, font_weight=800, text_anchor="middle", fill="#101735"
    )
    return _at(x, y, halo) + tile_svg(t, x, y, 1.24) + _at(x + 60, y - 60, badge)


def _track(game: Game) -> str:
    parts = []
    for space in range(track.SPACES):
        x, y = _polar(_TRACK_RADIUS, space, track.SPACES)
        fill, stroke = ("#0a0f24", "#f6dc7a") if space == 0 else ("#2a3566", "#8d96b8")
        parts.append(_el("circle", cx=x, cy=y, r=17, fill=fill, stroke=stroke, stroke_width=2))
        parts.append(_text(x, y + 4, str(space), 13, text_anchor="middle", fill="#fff", fill_opacity=0.55))
    for space, stack in sorted(track.stacks(game.players).items()):
        for height, player in enumerate(stack):
            x, y = _polar(_TRACK_RADIUS - 24 * height, space, track.SPACES)  # a stack climbs inward
            parts.append(token(player, x, y, 19))
    return "".join(parts)


def _centre(game: Game) -> str:
    players = game.players
    if game.is_over:
        if isinstance(game, SoloGame):
            big = f"Score {game.score.total}"
        else:
            big = f"{players[game.winner or 0].name} wins"
        lines = [big, "last token placed" if game.end_reason == "last token" else "no tile left"]
    elif isinstance(game, SoloGame):
        lines = [f"Phase {game.phase}", f"small stack {game.small_stack} · large {game.large_stack}",
                 f"score so far {game.score.total}"]  # fmt: skip
    else:
        lines = [players[game.current_player].name, "to move"]
    text = "".join(
        _text(0, -36 + 34 * i, line, 36 if i == 0 else 24, font_weight=700 if i == 0 else 400,
              text_anchor="middle", fill="#fff", fill_opacity=1 if i == 0 else 0.75)
        for i, line in enumerate(lines)
    )  # fmt: skip
    back = {"width": 52, "height": 52, "rx": 7, "fill": "#2a2150", "stroke": "#c9a94f", "stroke_width": 2}
    pile = (
        _el("rect", x=-24, y=-30, **back)
        + _el("rect", x=-30, y=-26, **back)
        + _text(40, 8, str(len(game.draw_pile)), 30, font_weight=700, fill="#fff")
        + _text(0, 48, "draw pile", 17, text_anchor="middle", fill="#fff", fill_opacity=0.6)
    )
    return text + _at(0, 74, pile)


def _grid(
    board: Board, covered: Iterable[TaskRef], player: int | None, cell: float, labels: bool = False
) -> tuple[str, float, float]:
    """An area's tiles on a grid with one empty ring around; returns (svg, width, height). ``labels``
    adds a line under each cell with its (x, y) and tile id, the names ``explain()`` uses."""
    x0, y0, x1, y1 = board.bounds()
    cols, rows = x1 - x0 + 3, y1 - y0 + 3
    pitch = cell * 1.25 if labels else cell  # rows leave room for the label line
    by_tile: dict[tuple[int, int], list[int]] = {}
    for x, y, k in covered:
        by_tile.setdefault((x, y), []).append(k)
    parts = []
    for gy in range(rows):
        for gx in range(cols):
            x, y = x0 - 1 + gx, y0 - 1 + gy
            t = board.tiles.get((x, y))
            if t is None:
                parts.append(_el("rect", x=gx * cell + 2, y=gy * pitch + 2, width=cell - 4, height=cell - 4,
                                 rx=cell / 10, fill="none", stroke="#8d96b8", stroke_opacity=0.45,
                                 stroke_dasharray="3 4"))  # fmt: skip
            else:
                parts.append(tile_svg(t, (gx + 0.5) * cell, gy * pitch + cell / 2, cell / 100,
                                      by_tile.get((x, y), ()), player))  # fmt: skip
            if labels:
                words = f"{t.id} ({x}, {y})" if t else f"({x}, {y})"
                size = max(8.0, cell / 7)
                weight = 700 if t else 400
                parts.append(_text((gx + 0.5) * cell, gy * pitch + cell * 1.16, words, size,
                                   text_anchor="middle", font_weight=weight, fill="#8d96b8"))  # fmt: skip
    return "".join(parts), cols * cell, rows * pitch


def _svg(width: float, height: float, body: str, label: str) -> str:
    size = f"viewBox='0 0 {_n(width)} {_n(height)}' width='{_n(width)}' height='{_n(height)}'"
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' {size} role='img' aria-label='{escape(label)}'>"
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def board_svg(
    board: Board,
    covered: Iterable[TaskRef] | None = None,
    player: int | None = None,
    cell: float = 60,
    *,
    labels: bool = False,
) -> str:
    """One area as SVG. ``covered`` tasks (default: the fulfilled ones) carry ``player``'s tokens, or a
    check mark when no player is given; ``labels=True`` names every tile and cell as ``explain()`` does."""
    covered = board.fulfilled_tasks() if covered is None else covered
    body, width, height = _grid(board, covered, player, cell, labels)
    return _svg(width, height, body, f"Nova Luna area: {board!r}")


def _panel(game: Game, index: int, x: float, y: float, width: float, cell: float) -> tuple[str, float]:
    """A player's panel (name, tokens left, area) at (x, y); returns (svg, height)."""
    p = game.players[index]
    grid, grid_width, grid_height = _grid(p.board, p.covered, index, cell)
    turn = not game.is_over and game.current_player == index
    time = "" if isinstance(game, SoloGame) else f" · time {p.time}"
    height = 52 + grid_height + 8
    return (
        _el("rect", x=float(x), y=float(y), width=float(width), height=float(height), rx=10, fill="#222a4d",
            stroke=GOLD if turn else "#3b4677", stroke_width=2 if turn else 1)
        + token(index, x + 16, y + 18, 11)
        + _text(x + 34, y + 23, p.name + (" · to move" if turn else ""), 15, font_weight=650, fill=INK)
        + _text(x + 34, y + 41, f"{p.tokens} tokens left{time}", 12, fill=INK, fill_opacity=0.75)
        + _at(x + (width - grid_width) / 2, y + 52, grid)
    ), height  # fmt: skip


def game_svg(game: Game, cell: float = 44) -> str:
    """The whole position as one SVG: the wheel (with the moon track) beside every player's area, in
    one column for two players and two columns for three or four."""
    size = 520
    widths = [max(240.0, (p.board.bounds()[2] - p.board.bounds()[0] + 3) * cell + 20) for p in game.players]
    columns = 1 if len(game.players) <= 2 else 2
    column_width = [max(widths[i::columns]) for i in range(columns)]
    panels, heights = [], [0.0] * columns
    for i in range(len(game.players)):
        col = i % columns
        x = size + 30 + sum(column_width[:col]) + 12 * col
        svg, height = _panel(game, i, x, 10 + heights[col], column_width[col], cell)
        panels.append(svg)
        heights[col] += height + 12
    width = size + 30 + sum(column_width) + 12 * (columns - 1) + 10
    height = max(size + 20, max(heights) + 10)
    body = (
        _el("rect", width=float(width), height=float(height), rx=14, fill="#141a38")
        + _at(size / 2 + 10, height / 2, _wheel(game), size / 1000)
        + "".join(panels)
    )
    return _svg(width, height, body, f"Nova Luna: {game!r}")


def wheel_svg(game: Game, size: float = 520) -> str:
    """The moon wheel and moon track alone."""
    return _svg(size, size, _at(size / 2, size / 2, _wheel(game), size / 1000), f"Nova Luna: {game!r}")
