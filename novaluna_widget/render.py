"""Static SVG pictures of a game or an area, for places without a live kernel.

Exported notebooks, nbviewer and GitHub cannot run the widget; its mimebundle carries
``game_svg`` instead, and ``Game``/``Board`` show these pictures in a notebook. The drawing follows the
widget's: each colour has its own dot shape and letter, and the wheel is a night sky, so one picture
reads on light and dark pages alike. Output is deterministic (no ids, no timestamps) for nbval.
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
#: Player tokens: fill, stroke, text; each also carries its number.
PLAYER: Final = (("#f7f3e8", "#3b3b3b", "#222"), ("#30343f", "#e6e6e6", "#fff"),
                 ("#f08a24", "#4a2a05", "#1e1204"), ("#9466dc", "#f3ecff", "#fff"))
FONT: Final = "font-family='system-ui, -apple-system, Segoe UI, sans-serif'"
SKY: Final = "#18214a"
GOLD: Final = "#ffd54a"
INK: Final = "#e8ebf5"

# Task disc centres on a 100-unit tile (the widget uses the same), and dot offsets in a disc.
_DISCS: Final = {1: ((12, 12),), 2: ((24, -20), (-12, 24)), 3: ((26, -24), (-18, 24), (26, 26))}
_DOTS: Final = {1: ((0, 0),), 2: ((-6.5, 0), (6.5, 0)), 3: ((-6.5, -5), (6.5, -5), (0, 6.5)),
                4: ((-6.5, -6.5), (6.5, -6.5), (-6.5, 6.5), (6.5, 6.5))}


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _dot(colour: str, x: float, y: float) -> str:
    fill = f"fill='{COLOUR[colour]}' stroke='#fff' stroke-width='1.3'"
    if colour == "blue":
        return f"<rect x='{_n(x - 4.6)}' y='{_n(y - 4.6)}' width='9.2' height='9.2' {fill}/>"
    if colour == "teal":
        return f"<path d='M{_n(x)} {_n(y - 5.8)}L{_n(x + 5.6)} {_n(y + 4.4)}H{_n(x - 5.6)}Z' {fill}/>"
    if colour == "yellow":
        return f"<path d='M{_n(x)} {_n(y - 6.2)}L{_n(x + 6.2)} {_n(y)}L{_n(x)} {_n(y + 6.2)}L{_n(x - 6.2)} {_n(y)}Z' {fill}/>"
    return f"<circle cx='{_n(x)}' cy='{_n(y)}' r='5' {fill}/>"


def token(player: int | None, x: float, y: float, r: float = 15) -> str:
    """A player's token: their colour and their number (a plain check mark for ``None``)."""
    if player is None:
        return (f"<g transform='translate({_n(x)} {_n(y)})'><circle r='{_n(r)}' fill='#fff' stroke='#3b3b3b' "
                f"stroke-width='2'/><path d='M{_n(-r / 2)} 0L{_n(-r / 8)} {_n(r / 2.6)}L{_n(r / 2)} {_n(-r / 2.6)}' "
                f"fill='none' stroke='#2e7d32' stroke-width='{_n(r / 4)}' stroke-linecap='round'/></g>")
    fill, stroke, text = PLAYER[player % 4]
    return (f"<g transform='translate({_n(x)} {_n(y)})'><circle r='{_n(r)}' fill='{fill}' stroke='{stroke}' "
            f"stroke-width='2'/><text y='{_n(r * 0.36)}' font-size='{_n(r * 1.05)}' font-weight='800' "
            f"text-anchor='middle' fill='{text}' {FONT}>{player + 1}</text></g>")


def tile_svg(t: Tile, x: float, y: float, scale: float = 1.0, covered: Iterable[int] = (),
             player: int | None = None) -> str:
    """One tile centred at (x, y), 100 units wide times ``scale``; ``covered`` task indexes get a token."""
    covered = set(covered)
    parts = [
        f"<rect x='-47' y='-47' width='94' height='94' rx='10' fill='{COLOUR[t.colour]}' "
        "stroke='#000' stroke-opacity='0.45' stroke-width='2'/>",
        "<circle cx='-29' cy='-29' r='15' fill='#fbf5e4' stroke='#000' stroke-opacity='0.55' stroke-width='1.5'/>",
        f"<text x='-29' y='-22.5' font-size='20' font-weight='800' text-anchor='middle' fill='#1d1d1d' {FONT}>"
        f"{t.cost}</text>",
        f"<text x='-40' y='42' font-size='15' font-weight='800' text-anchor='middle' "
        f"fill='{'#000' if t.colour == 'yellow' else '#fff'}' fill-opacity='0.8' {FONT}>{LETTERS[t.colour]}</text>",
    ]
    for k, task in enumerate(t.tasks):
        dx, dy = _DISCS[len(t.tasks)][k]
        colours = [c for c, n in task.items() for _ in range(n)]
        dots = "".join(_dot(c, ox, oy) for c, (ox, oy) in zip(colours, _DOTS[len(colours)]))
        cover = token(player, 0, 0, 16) if k in covered else ""
        parts.append(f"<g transform='translate({dx} {dy})'><circle r='19' fill='#1b1f33' stroke='#fff' "
                     f"stroke-opacity='0.85' stroke-width='1.6'/>{dots}{cover}</g>")
    scaled = f" scale({_n(scale)})" if scale != 1 else ""
    return f"<g transform='translate({_n(x)} {_n(y)}){scaled}'>{''.join(parts)}</g>"


def _polar(radius: float, step: int, steps: int) -> tuple[float, float]:
    angle = math.radians(-90 + 360 / steps * step)
    return radius * math.cos(angle), radius * math.sin(angle)


_CRESCENT: Final = "M4 -34A34 34 0 1 0 4 34A27 31 0 1 1 4 -34Z"


def _wheel(game: Game) -> str:
    """The moon wheel in a 1000-unit box centred at 0 (the widget's geometry)."""
    choices = game.choices()
    parts = [
        f"<circle r='496' fill='{SKY}' stroke='#c9a94f' stroke-width='4'/>",
        "<circle r='276' fill='none' stroke='#fff' stroke-opacity='0.12' stroke-width='2'/>",
    ]
    if not isinstance(game, SoloGame):
        parts.append(_track(game))
    parts.append(_centre(game))
    for space, t in enumerate(game.wheel):
        x, y = _polar(366, space, wheel.SPACES)
        lx, ly = _polar(470, space, wheel.SPACES)
        label = "● 0" if space == 0 else str(space)
        parts.append(f"<text x='{_n(lx)}' y='{_n(ly + 7)}' font-size='21' font-weight='600' text-anchor='middle' "
                     f"fill='#fff' fill-opacity='0.7' {FONT}>{label}</text>")
        if t is None:
            parts.append(f"<circle cx='{_n(x)}' cy='{_n(y)}' r='44' fill='#fff' fill-opacity='0.04' stroke='#fff' "
                         "stroke-opacity='0.28' stroke-width='2' stroke-dasharray='6 6'/>")
            if space == game.marker:
                parts.append(f"<path d='{_CRESCENT}' transform='translate({_n(x)} {_n(y)}) scale(1.2)' "
                             "fill='#f6dc7a' stroke='#8a6d1c' stroke-width='2'/>")
            continue
        if space in choices:
            parts.append(f"<rect x='{_n(x - 58)}' y='{_n(y - 58)}' width='116' height='116' rx='15' fill='{GOLD}' "
                         f"fill-opacity='0.16' stroke='{GOLD}' stroke-width='5'/>")
        tile = tile_svg(t, x, y, 1.24)
        parts.append(tile if space in choices else f"<g opacity='0.62'>{tile}</g>")
        if space in choices:
            parts.append(f"<g transform='translate({_n(x + 60)} {_n(y - 60)})'><circle r='17' fill='{GOLD}' "
                         f"stroke='#101735' stroke-width='3'/><text y='6' font-size='20' font-weight='800' "
                         f"text-anchor='middle' fill='#101735' {FONT}>{choices.index(space) + 1}</text></g>")
    return "".join(parts)


def _track(game: Game) -> str:
    parts = []
    for space in range(track.SPACES):
        x, y = _polar(236, space, track.SPACES)
        fill, stroke = ("#0a0f24", "#f6dc7a") if space == 0 else ("#2a3566", "#8d96b8")
        parts.append(f"<circle cx='{_n(x)}' cy='{_n(y)}' r='17' fill='{fill}' stroke='{stroke}' stroke-width='2'/>"
                     f"<text x='{_n(x)}' y='{_n(y + 4)}' font-size='13' text-anchor='middle' fill='#fff' "
                     f"fill-opacity='0.55' {FONT}>{space}</text>")
    for space, stack in sorted(track.stacks(game.players).items()):
        for height, player in enumerate(stack):
            x, y = _polar(236 - 24 * height, space, track.SPACES)  # a stack climbs toward the centre
            parts.append(token(player, x, y, 19))
    return "".join(parts)


def _centre(game: Game) -> str:
    players = game.players
    if game.is_over:
        big = f"Score {game.score.total}" if isinstance(game, SoloGame) else f"{players[game.winner or 0].name} wins"
        lines = [big, "last token placed" if game.end_reason == "last token" else "no tile left"]
    elif isinstance(game, SoloGame):
        lines = [f"Phase {game.phase}", f"small stack {game.small_stack} · large {game.large_stack}",
                 f"score so far {game.score.total}"]
    else:
        lines = [players[game.current_player].name, "to move"]
    text = "".join(
        f"<text y='{-36 + 34 * i}' font-size='{36 if i == 0 else 24}' font-weight='{700 if i == 0 else 400}' "
        f"text-anchor='middle' fill='#fff' fill-opacity='{1 if i == 0 else 0.75}' {FONT}>{escape(line)}</text>"
        for i, line in enumerate(lines)
    )
    pile = (f"<g transform='translate(0 74)'><rect x='-24' y='-30' width='52' height='52' rx='7' fill='#2a2150' "
            "stroke='#c9a94f' stroke-width='2'/><rect x='-30' y='-26' width='52' height='52' rx='7' fill='#2a2150' "
            f"stroke='#c9a94f' stroke-width='2'/><text x='40' y='8' font-size='30' font-weight='700' fill='#fff' "
            f"{FONT}>{len(game.draw_pile)}</text><text y='48' font-size='17' text-anchor='middle' fill='#fff' "
            f"fill-opacity='0.6' {FONT}>draw pile</text></g>")
    return text + pile


def _grid(board: Board, covered: Iterable[TaskRef], player: int | None, cell: float) -> tuple[str, float, float]:
    """An area's tiles on a grid with one empty ring around; returns (svg, width, height)."""
    x0, y0, x1, y1 = board.bounds()
    cols, rows = x1 - x0 + 3, y1 - y0 + 3
    by_tile: dict[tuple[int, int], list[int]] = {}
    for x, y, k in covered:
        by_tile.setdefault((x, y), []).append(k)
    scale = cell / 100
    parts = []
    for gy in range(rows):
        for gx in range(cols):
            if (x0 - 1 + gx, y0 - 1 + gy) not in board:
                parts.append(f"<rect x='{_n(gx * cell + 2)}' y='{_n(gy * cell + 2)}' width='{_n(cell - 4)}' "
                             f"height='{_n(cell - 4)}' rx='{_n(cell / 10)}' fill='none' stroke='#8d96b8' "
                             "stroke-opacity='0.45' stroke-dasharray='3 4'/>")
    for (x, y), t in board.tiles.items():
        cx, cy = (x - x0 + 1.5) * cell, (y - y0 + 1.5) * cell
        parts.append(tile_svg(t, cx, cy, scale, by_tile.get((x, y), ()), player))
    return "".join(parts), cols * cell, rows * cell


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_n(width)} {_n(height)}' "
            f"width='{_n(width)}' height='{_n(height)}' role='img' aria-label='{escape(label, quote=True)}'>"
            f"<title>{escape(label)}</title>{body}</svg>")


def board_svg(board: Board, covered: Iterable[TaskRef] | None = None, player: int | None = None,
              cell: float = 60) -> str:
    """One area as SVG. ``covered`` tasks (default: the fulfilled ones) carry ``player``'s tokens, or a
    check mark when no player is given."""
    body, width, height = _grid(board, board.fulfilled_tasks() if covered is None else covered, player, cell)
    return _svg(width, height, body, f"Nova Luna area: {board!r}")


def _panel(game: Game, index: int, x: float, y: float, width: float, cell: float) -> tuple[str, float]:
    """A player's panel (name, tokens left, area) at (x, y); returns (svg, height)."""
    p = game.players[index]
    grid, gw, gh = _grid(p.board, p.covered, index, cell)
    turn = not game.is_over and game.current_player == index
    time = "" if isinstance(game, SoloGame) else f" · time {p.time}"
    head = (f"{token(index, x + 16, y + 18, 11)}<text x='{_n(x + 34)}' y='{_n(y + 23)}' font-size='15' "
            f"font-weight='650' fill='{INK}' {FONT}>{escape(p.name)}{' · to move' if turn else ''}</text>"
            f"<text x='{_n(x + 34)}' y='{_n(y + 41)}' font-size='12' fill='{INK}' fill-opacity='0.75' {FONT}>"
            f"{p.tokens} tokens left{time}</text>")
    height = 52 + gh + 8
    frame = (f"<rect x='{_n(x)}' y='{_n(y)}' width='{_n(width)}' height='{_n(height)}' rx='10' fill='#222a4d' "
             f"stroke='{GOLD if turn else '#3b4677'}' stroke-width='{2 if turn else 1}'/>")
    area = f"<g transform='translate({_n(x + (width - gw) / 2)} {_n(y + 52)})'>{grid}</g>"
    return frame + head + area, height


def game_svg(game: Game, cell: float = 44) -> str:
    """The whole position as one SVG: the wheel (with the moon track) beside every player's area."""
    wheel_size = 520
    widths = [max(240.0, (p.board.bounds()[2] - p.board.bounds()[0] + 3) * cell + 20) for p in game.players]
    columns = 1 if len(game.players) <= 2 else 2
    col_width = [max(widths[i::columns]) for i in range(columns)]
    panels: list[str] = []
    heights = [0.0] * columns
    for i in range(len(game.players)):
        col = i % columns
        x = wheel_size + 30 + sum(col_width[:col]) + 12 * col
        svg, h = _panel(game, i, x, 10 + heights[col], col_width[col], cell)
        panels.append(svg)
        heights[col] += h + 12
    width = wheel_size + 30 + sum(col_width) + 12 * (columns - 1) + 10
    height = max(wheel_size + 20, max(heights) + 10)
    head = _headline(game)
    body = (f"<rect width='{_n(width)}' height='{_n(height)}' rx='14' fill='#141a38'/>"
            f"<g transform='translate({wheel_size / 2 + 10} {height / 2}) scale({wheel_size / 1000})'>"
            f"{_wheel(game)}</g>{''.join(panels)}")
    return _svg(width, height, body, head)


def _headline(game: Game) -> str:
    return f"Nova Luna: {game!r}"


def wheel_svg(game: Game, size: float = 520) -> str:
    """The moon wheel and moon track alone."""
    body = f"<g transform='translate({size / 2} {size / 2}) scale({size / 1000})'>{_wheel(game)}</g>"
    return _svg(size, size, body, _headline(game))


__all__ = ["board_svg", "game_svg", "tile_svg", "token", "wheel_svg"]
