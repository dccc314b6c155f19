"""The whole game as one picture: the moon wheel beside the players' panels (their areas, tokens and
time), and its large layout for a projector."""

from __future__ import annotations

from typing import Final

from .._game import Game
from .._i18n import (
    Message,
    Value,
    cmsg,
    resolve,
)
from .._log import seat_words, tokens_left
from .._names import named
from .areas import area_grid
from .moon_wheel import wheel_markup
from .pieces import token_svg
from .spec import PAINT, WHEEL
from .svg import element, label_svg, svg_document, translated
from .titles import game_title

__all__ = ["PROJECTOR", "game_svg", "projector_cell", "projector_game_svg"]


def _panel_words(game: Game, index: int, reader: int | None, quiz: bool = False) -> tuple[Value, Value, bool]:
    """A player's name (with "to move" on their turn unless it is a ``quiz``, the reader told about as
    "you"), their tokens left and their space on the moon track if the game has one, and whether it is their
    turn (and shown)."""
    p = game.players[index]
    names = [q.name for q in game.players]
    turn = not quiz and not game.is_over and game.current_player == index
    name: Value = named(names)[index]
    who, yours = seat_words(names, index, reader)
    if turn and yours:
        name = cmsg("the player named You, the reader", "{name} · to move", name=who)
    elif turn:
        name = cmsg(
            "a player's panel in a game's picture, when it is their turn", "{name} · to move", name=who
        )
    left = tokens_left(p.tokens)
    # The marker's space on the moon track, named as the widget names it (the solo game has no track).
    supply = (
        cmsg(
            "a player's panel in a game's picture",
            "{tokens} · moon track {space}",
            tokens=left,
            space=p.space,
        )
        if game.has_moon_track
        else left
    )
    return name, supply, turn


def _card(x: float, y: float, width: float, height: float, turn: bool) -> str:
    """A player's panel's frame, gold on their turn."""
    return element(
        "rect",
        x=float(x),
        y=float(y),
        width=float(width),
        height=float(height),
        rx=10,
        fill=PAINT["card"],
        stroke=PAINT["gold"] if turn else PAINT["card_edge"],
        stroke_width=2 if turn else 1,
    )


def _panel(
    game: Game,
    index: int,
    x: float,
    y: float,
    width: float,
    cell: float,
    lang: str,
    reader: int | None,
    quiz: bool,
) -> tuple[str, float]:
    """A player's panel (name, tokens left, their time on the moon track if the game has one, area) at
    (x, y), the reader's (seat ``reader``) told about as "you", the player to move marked unless it is a
    ``quiz``; returns (svg, height)."""
    p = game.players[index]
    grid, grid_width, grid_height = area_grid(p.board, p.covered, index, cell, False, lang)
    name, supply, turn = _panel_words(game, index, reader, quiz)
    height = 52 + grid_height + 8
    ink = PAINT["ink"]
    return (
        _card(x, y, width, height, turn)
        + token_svg(index, x + 16, y + 18, 11, lang)
        + label_svg(x + 34, y + 23, name, 15, lang, font_weight=650, fill=ink)
        + label_svg(x + 34, y + 41, supply, 12, lang, fill=ink, fill_opacity=0.75)
        + translated(x + (width - grid_width) / 2, y + 52, grid)
    ), height


def game_svg(
    game: Game,
    cell: float = 44,
    lang: str | None = None,
    *,
    reader: int | None = None,
    caption: Message | None = None,
    quiz: bool = False,
) -> str:
    """The whole position as one SVG: the wheel (with the moon track) beside every player's area, in
    one column for two players and two columns for three or four; words and numbers in ``lang`` (None:
    the package language), the player of seat ``reader`` told about as "you" (None: nobody), and
    ``caption``, if given, on a line of its own under it all. With ``quiz``, to ask about it, no tile is
    lit as takeable and a game of 2–4 players is drawn without saying whose turn it is or who won (its
    title too); a solo game's words say neither anyway."""
    lang = resolve(lang)
    lit, quiz = not quiz, quiz and not game.is_solo  # a solo game's words tell no turn nor winner
    size = 520
    widths = [max(240.0, (p.board.bounds()[2] - p.board.bounds()[0] + 3) * cell + 20) for p in game.players]
    columns = 1 if len(game.players) <= 2 else 2
    column_width = [max(widths[i::columns]) for i in range(columns)]
    panels, heights = [], [0.0] * columns
    for i in range(len(game.players)):
        col = i % columns
        x = size + 30 + sum(column_width[:col]) + 12 * col
        svg, height = _panel(game, i, x, 10 + heights[col], column_width[col], cell, lang, reader, quiz)
        panels.append(svg)
        heights[col] += height + 12
    width = size + 30 + sum(column_width) + 12 * (columns - 1) + 10
    height = max(size + 20, max(heights) + 10)
    below = 0 if caption is None else 34
    body = (
        element("rect", width=float(width), height=float(height + below), rx=14, fill=PAINT["backdrop"])
        + translated(
            size / 2 + 10, height / 2, wheel_markup(game, lang, reader, quiz, lit), size / WHEEL["box"]
        )
        + "".join(panels)
    )
    if caption is not None:
        body += label_svg(width / 2, height + 18, caption, 16, lang, text_anchor="middle", fill="#fff")
    return svg_document(width, height + below, body, game_title(game, reader, quiz), lang)


#: The screen a projector picture is drawn for (width, height in pixels): ``picture(..., projector=True)``.
PROJECTOR: Final = (1920, 1080)


#: The largest cell of an area (and tile) a projector picture draws: a small area is not blown up past it.
_PROJECTOR_CELL: Final = 200


def projector_game_svg(
    game: Game, lang: str | None = None, *, reader: int | None = None, quiz: bool = False
) -> str:
    """The position for a projector: the moon wheel and moon track the screen's height, and beside it
    each player's name, tokens left and moon track space in large print, the whole ``PROJECTOR``'s size.
    The areas are left out (each is a projector picture of its own, ``picture(board, projector=True)``):
    beside the wheel they could only be drawn too small to read from the back of a room. ``quiz`` as
    ``game_svg``'s."""
    lang = resolve(lang)
    lit, quiz = not quiz, quiz and not game.is_solo
    width, height = PROJECTOR
    size = height - 40
    x, card_width, card_height = size + 60, width - size - 80, 140
    ink = PAINT["ink"]
    cards = []
    for index in range(len(game.players)):
        name, supply, turn = _panel_words(game, index, reader, quiz)
        y = 40 + index * (card_height + 24)
        cards.append(
            _card(x, y, card_width, card_height, turn)
            + token_svg(index, x + 50, y + card_height / 2, 30, lang)
            + label_svg(x + 100, y + 60, name, 44, lang, font_weight=650, fill=ink)
            + label_svg(x + 100, y + 112, supply, 34, lang, fill=ink, fill_opacity=0.8)
        )
    body = (
        element("rect", width=float(width), height=float(height), rx=14, fill=PAINT["backdrop"])
        + translated(
            size / 2 + 20, height / 2, wheel_markup(game, lang, reader, quiz, lit), size / WHEEL["box"]
        )
        + "".join(cards)
    )
    return svg_document(width, height, body, game_title(game, reader, quiz), lang)


def projector_cell(unit_width: float, unit_height: float) -> float:
    """The largest cell (at most ``_PROJECTOR_CELL``) that fits a picture measuring ``unit_width`` by
    ``unit_height`` per unit of cell on the ``PROJECTOR``'s screen."""
    width, height = PROJECTOR
    return min(_PROJECTOR_CELL, width / unit_width, height / unit_height)
