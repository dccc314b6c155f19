"""What a worksheet's box shows of a puzzle's position: everything its answer depends on, sized for paper.

``figures(puzzle, lang, wide)`` gives the box's pictures as HTML: each SVG given a printed size in
millimetres (``_fit_on_paper``), every cell the sheet names labelled, and the words that decide an answer
(whose tokens are left, whose marker is where) as printed text beside them. A question about the moon track
gets a strip of its own (``_track_strip``): the track spaces the markers stand on, each stack drawn
bottom to top, markers a centimetre across, so that "whose turn" can be read on a black-and-white
copy. ``WIDE`` kinds need the whole table (the wheel and every area) and get a page's width.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Final

from .._board import Cell
from .._game import Game, track_of
from .._i18n import Value, msg, number, word
from .._log import tokens_left
from .._names import named
from .._render import SPEC, board_svg, tiles_svg, wheel_svg
from .._track import TRACK_SPACES
from ._make import Puzzle

__all__ = ["WIDE", "Room", "figures"]

#: The kinds whose answer depends on the whole table: printed a page wide.
WIDE: Final = frozenset({"over", "strategy", "solo"})
#: The kinds whose question is about the wheel alone (its tiles, the draw pile in its centre).
_WHEEL: Final = frozenset({"take", "refill"})
#: The room (width, height in mm) a box gives its pictures: a half-width box's, or a wide one's.
Room = tuple[float, float]
#: The track strip's measures in mm: a track space's width and a marker's radius.
_SPACE: Final = 15.0
_MARKER: Final = 5.0
#: The numbered wheel: the wheel's own size, the numbers' circle and the picture's half-width (units).
_WHEEL_SIZE: Final = 520
_NUMBERS: Final = 282
_RING: Final = 310
_VIEWBOX: Final = re.compile(r"viewBox='0 0 ([\d.]+) ([\d.]+)' width='[\d.]+' height='[\d.]+'")


def _fit_on_paper(svg: str, width: float, height: float) -> tuple[str, float]:
    """``svg`` printed as large as fits ``width`` × ``height`` mm (its proportions kept); returns it and
    its scale (mm per unit of its drawing)."""
    found = _VIEWBOX.search(svg)
    assert found, "a picture of render.py"
    units_w, units_h = float(found[1]), float(found[2])
    scale = min(width / units_w, height / units_h)
    printed = f"width='{units_w * scale:.1f}mm' height='{units_h * scale:.1f}mm'"
    sized = f"viewBox='0 0 {found[1]} {found[2]}' {printed}"
    return svg[: found.start()] + sized + svg[found.end() :], scale


def figures(puzzle: Puzzle, lang: str, room: Room) -> list[str]:
    """The pictures (and printed words) of ``puzzle``'s box, as HTML, fitting ``room``."""
    game = puzzle.game
    if puzzle.kind in WIDE:
        return _table(puzzle, game, lang, room)
    if puzzle.kind == "next":
        width, height = room
        strip = _fit_on_paper(_track_strip(game, lang), width, height - 22)[0]
        return [_figure(strip, _legend(game, lang, track=False))]
    if puzzle.kind in _WHEEL:
        return [_figure(_fit_on_paper(_numbered_wheel(game, lang, quiz=True), *room)[0])]
    return _area(puzzle, game, lang, room)


def _numbered_wheel(game: Game, lang: str, *, quiz: bool) -> str:
    """The wheel (``render.wheel_svg``) with its spaces' numbers printed again around it, large and
    black on the paper: on the wheel they are pale and, at a printed size, 1.5 mm high."""
    wheel = wheel_svg(game, _WHEEL_SIZE, lang, quiz=quiz)
    margin = _RING - _WHEEL_SIZE / 2
    inner = wheel.replace("<svg ", f"<svg x='{margin:g}' y='{margin:g}' ", 1)
    centre = _RING
    numbers = []
    for space in range(len(game.wheel)):
        angle = 2 * math.pi * space / len(game.wheel)
        x, y = centre + _NUMBERS * math.sin(angle), centre - _NUMBERS * math.cos(angle) + 10
        numbers.append(
            f"<text class='wheel-space' x='{x:.1f}' y='{y:.1f}' font-size='30' font-weight='700' "
            f"text-anchor='middle' fill='#000'>{escape(number(space, lang))}</text>"
        )
    size = 2 * _RING
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {size:g} {size:g}' width='{size:g}' "
        f"height='{size:g}' role='img'>{inner}{''.join(numbers)}</svg>"
    )


def _figure(svg: str, caption: str = "", css: str = "") -> str:
    extra = f" class='{css}'" if css else ""
    words = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f"<figure{extra}>{svg}{words}</figure>"


def _labels(puzzle: Puzzle, game: Game, seat: int) -> list[Cell]:
    """The cells of the area of ``seat`` the sheet may name: its tiles, and where the puzzle's tile may
    go (or the one cell a gain puzzle names); none in another player's area, or where the question is
    who won (its answer names no cell)."""
    board = game.players[seat].board
    if puzzle.kind == "over" or seat != puzzle.seat:
        return []
    if puzzle.kind == "fulfilled":
        return [*board.tiles]
    if puzzle.cell is not None:
        return [*board.tiles, puzzle.cell]
    return [*board.tiles, *board.legal_cells()]


def _area_svg(puzzle: Puzzle, game: Game, seat: int, lang: str) -> str:
    """The area of ``seat``, its tasks' tokens as in the game, the cells the sheet may name labelled in
    black (the picture's own pale grey is for a screen, and fades on a copier)."""
    player = game.players[seat]
    area = board_svg(player.board, player.covered, seat, labels=_labels(puzzle, game, seat), lang=lang)
    return area.replace(f"fill='{SPEC['colours']['faint']}' ", "fill='#000' ").replace(
        f"fill='{SPEC['colours']['faint']}'>", "fill='#000'>"
    )


def _area(puzzle: Puzzle, game: Game, lang: str, room: Room) -> list[str]:
    """The area a cell or task question is about (its tasks' tokens as in the game), the tile to place,
    and the player's tokens left where the answer counts them."""
    seat = puzzle.seat or 0
    area = _area_svg(puzzle, game, seat, lang)
    tile = [] if puzzle.tile is None else [tiles_svg([puzzle.tile], lang=lang)]
    room_w, room_h = room
    if tile:
        room_w -= 24
    caption = _player_words(game, seat, lang, track=False) if puzzle.kind == "gain" else ""
    shown = [_figure(_fit_on_paper(area, room_w, room_h - (8 if caption else 0))[0], caption)]
    return shown + [_figure(_fit_on_paper(t, 22, 22)[0], css="tile") for t in tile]


def _table(puzzle: Puzzle, game: Game, lang: str, room: Room) -> list[str]:
    """The whole table: the wheel (tiles on offer lit unless the question is who won) with, beside it,
    the area of the player to move, large, where the answer names its cells; the moon track's markers;
    then the other areas, each with its player's name and tokens left."""
    width, height = room
    quiz = puzzle.kind == "over"
    wheel = _figure(_fit_on_paper(_numbered_wheel(game, lang, quiz=quiz), 76, 76)[0], css="wheel")
    seats = range(len(game.players))
    mover = None if quiz else puzzle.seat
    rows = [[wheel]]
    if mover is not None:
        big = _fit_on_paper(_area_svg(puzzle, game, mover, lang), width - 82, 124)[0]
        rows[0].append(_figure(big, _player_words(game, mover, lang), css="area"))
        height -= 124 + 8
    else:
        height -= 76 + 4
    if game.has_moon_track:
        strip = _fit_on_paper(_track_strip(game, lang), width, 24)[0]
        rows.append([_figure(strip, _legend(game, lang, track=True), css="track")])
        height -= 24 + 14
    others = [seat for seat in seats if seat != mover]
    if others:
        columns = min(len(others), 3 if mover is not None else 2)
        lines = (len(others) + columns - 1) // columns
        room_w, room_h = width / columns - 4, height / lines - 9
        drawn = [
            _figure(
                _fit_on_paper(_area_svg(puzzle, game, seat, lang), room_w, room_h)[0],
                _player_words(game, seat, lang),
            )
            for seat in others
        ]
        rows += [drawn[i : i + columns] for i in range(0, len(drawn), columns)]
    return [f"<div class='row'>{''.join(row)}</div>" for row in rows]


def _disc(seat: int, lang: str) -> str:
    """A player's marker in printed words: their number on their colour."""
    colours = SPEC["players"][seat % len(SPEC["players"])]
    return (
        f"<span class='disc' style='background:{colours['fill']};color:{colours['ink']};"
        f"border-color:{colours['stroke']}'>{escape(number(seat + 1, lang))}</span>"
    )


def _player_words(game: Game, seat: int, lang: str, *, track: bool = True) -> str:
    """A player's marker, name and tokens left (and with ``track`` their track space, where the game
    has a moon track)."""
    player = game.players[seat]
    name = named([p.name for p in game.players])[seat]
    words: Value = (
        msg(
            "{name}: {tokens}, track space {space}",
            name=name,
            tokens=tokens_left(player.tokens),
            space=player.space,
        )
        if track and game.has_moon_track
        else msg("{name}: {tokens}", name=name, tokens=tokens_left(player.tokens))
    )
    return f"{_disc(seat, lang)} {escape(word(words, lang))}"


def _legend(game: Game, lang: str, *, track: bool) -> str:
    """Whose marker is whose: each number and its player's name (with ``track``, nothing more: the areas'
    captions say the rest)."""
    names = named([p.name for p in game.players])
    parts = [
        f"<span class='who'>{_disc(seat, lang)} {escape(word(name, lang))}</span>"
        for seat, name in enumerate(names)
    ]
    lines = "".join(parts)
    return lines if track else f"{lines}<br>{escape(word(_STACKED, lang))}"


#: What the strip shows, under it.
_STACKED: Final = msg(
    "The numbers under the markers are track spaces. Markers on one track space are stacked in the order "
    "they arrived: the lowest came first."
)


def _track_strip(game: Game, lang: str) -> str:
    """The moon track's spaces from the rearmost marker to the foremost (one more on each side), each
    with its number, and every marker on it, a stack drawn bottom to top: ``Game.moon_track`` at a size a
    printed page can show (a marker 1 cm across, its player's number 5 mm high)."""
    stacks = track_of(game)
    times = sorted({p.time for p in game.players})
    first, last = times[0] - 1, times[-1] + 1
    tallest = max(len(s) for s in stacks.values())
    column = 2 * _MARKER + 1
    height = 12 + tallest * column + 3
    width = (last - first + 1) * _SPACE
    parts = [
        f"<rect width='{width:.1f}' height='{height:.1f}' rx='2' fill='#fff' stroke='#1b1f33' "
        "stroke-width='0.3'/>"
    ]
    occupied = set(times)
    for i, time in enumerate(range(first, last + 1)):
        x = i * _SPACE
        space = time % TRACK_SPACES
        parts.append(
            f"<rect x='{x + 1:.1f}' y='{height - 11:.1f}' width='{_SPACE - 2:.1f}' height='9' rx='1.5' "
            "fill='#eef0f6' stroke='#5b6283' stroke-width='0.3'/>"
            f"<text x='{x + _SPACE / 2:.1f}' y='{height - 4.5:.1f}' font-size='5' font-weight='700' "
            f"text-anchor='middle' fill='#1b1f33'>{number(space, lang)}</text>"
        )
        for height_in_stack, seat in enumerate(stacks[space] if time in occupied else []):
            colours = SPEC["players"][seat % len(SPEC["players"])]
            cy = height - 12 - _MARKER - height_in_stack * column
            parts.append(
                f"<g class='marker' data-seat='{seat}'><circle cx='{x + _SPACE / 2:.1f}' cy='{cy:.1f}' "
                f"r='{_MARKER}' fill='{colours['fill']}' stroke='#1b1f33' stroke-width='0.5'/>"
                f"<text x='{x + _SPACE / 2:.1f}' y='{cy + 1.8:.1f}' font-size='5' font-weight='800' "
                f"text-anchor='middle' fill='{colours['ink']}'>{number(seat + 1, lang)}</text></g>"
            )
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width:.1f} {height:.1f}' width='{width:.1f}' "
        f"height='{height:.1f}' role='img'>{''.join(parts)}</svg>"
    )
