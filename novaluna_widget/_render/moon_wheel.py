"""The moon wheel as a position has it: its spaces and tiles, the next three tiles lit, the track markers
on the moon track, and the centre (the draw pile, who moves, the winner)."""

from __future__ import annotations

from typing import Final

from .._game import Game, sheet_of, track_of
from .._i18n import (
    Message,
    Value,
    cmsg,
    msg,
    number,
    resolve,
)
from .._log import seat_words
from .._tiles import Tile
from .pieces import printed_pieces, printed_track, rim_svg, space_number, tile_svg, token_svg
from .spec import CENTRE, PAINT, TRACK, WHEEL
from .svg import element, label_svg, num, svg_document, text_svg, translated, without_hooks
from .titles import game_title

__all__ = ["wheel_markup", "wheel_svg"]


def wheel_markup(game: Game, lang: str, reader: int | None, quiz: bool = False, lit: bool = True) -> str:
    """The moon wheel in a ``wheel.box`` square centred at 0, in ``lang`` (checked), for the player of
    seat ``reader``; with ``quiz`` its centre says nothing of whose turn it is or who won; unless ``lit``,
    no tile is lit as takeable."""
    choices = game.choices() if lit else []
    track_part = _track(track_of(game), lang) if game.has_moon_track else ""
    parts = [without_hooks(rim_svg()), track_part, _centre(game, lang, reader, quiz)]
    for space, t in enumerate(game.wheel):
        x, y = printed_pieces(lang)["spaces"][space]
        parts.append(without_hooks(space_number(space, lang)))
        parts.append(_space(game, space, t, choices, x, y, lang))
    return "".join(parts)


def _space(game: Game, space: int, t: Tile | None, choices: list[int], x: float, y: float, lang: str) -> str:
    if t is None:
        empty = element(
            "circle",
            r=WHEEL["empty"],
            fill="#fff",
            fill_opacity=0.04,
            stroke="#fff",
            stroke_opacity=0.28,
            stroke_width=2,
            stroke_dasharray="6 6",
        )
        moon = element(
            "path",
            d=WHEEL["crescent"],
            transform=f"scale({num(WHEEL['moon_scale'])})",
            fill=PAINT["moon"],
            stroke=PAINT["moon_edge"],
            stroke_width=2,
        )
        return translated(x, y, empty + (moon if space == game.marker else ""))
    if space not in choices:
        return f"<g opacity='0.9'>{tile_svg(t, x, y, WHEEL['tile_scale'], lang=lang)}</g>"
    gold, halo = PAINT["gold"], WHEEL["halo"]
    frame = element(
        "rect",
        x=-halo,
        y=-halo,
        width=2 * halo,
        height=2 * halo,
        rx=WHEEL["halo_corner"],
        fill=gold,
        fill_opacity=0.16,
        stroke=gold,
        stroke_width=5,
    )
    return translated(x, y, frame) + tile_svg(t, x, y, WHEEL["tile_scale"], lang=lang)


def _track(stacks: dict[int, list[int]], lang: str) -> str:
    """The moon track and its markers (``Game.moon_track``)."""
    parts = [without_hooks(printed_track(lang))]
    for space, stack in sorted(stacks.items()):
        for height, player in enumerate(stack):
            x, y = printed_pieces(lang)["markers"][space][height]
            parts.append(token_svg(player, x, y, TRACK["marker"], lang))
    return "".join(parts)


def _wins(name: Value, you: bool) -> Message:
    """The winner ``name`` (``log.seat_words``), in large letters at the wheel's centre. The reader (if
    ``you``) has messages of their own in the words a sentence uses for "you" ("You win", Russian «Вы
    победили»), as in the log (``narration``); their context is written out in each call, where ``make
    messages`` can read it."""
    if you:
        return cmsg("the player named You, the reader", "{name} win", name=name)
    return msg("{name} wins", name=name)


#: How a finished game's picture says why it ended (``Game.end_reason``).
_ENDED: Final = {
    "last token": cmsg("why a game ended, in its picture under the winner", "last token placed"),
    "no tile": cmsg("why a game ended, in its picture under the winner", "no tile left"),
}


def _centre(game: Game, lang: str, reader: int | None, quiz: bool) -> str:
    players = game.players
    lines: list[Value]
    if quiz:  # neither who moves nor who won (nor why the game ended: it is over)
        lines = []
    elif game.is_over:
        winner = game.winner or 0
        big = (
            msg("Score {total}", total=sheet_of(game)["total"])
            if game.is_solo
            else _wins(*seat_words([p.name for p in players], winner, reader))
        )
        lines = [big, _ENDED["last token" if game.end_reason == "last token" else "no tile"]]
    elif game.is_solo:  # the solo game's standing replaces "who is to move"
        sheet = sheet_of(game)
        lines = [
            msg("Phase {phase}", phase=sheet["phase"]),
            msg("small stack {small} · large {large}", small=sheet["small"], large=sheet["large"]),
            msg("score so far {total}", total=sheet["total"]),
        ]
    else:
        name, yours = seat_words([p.name for p in players], game.current_player, reader)
        turn = (
            cmsg("the player named You, the reader", "to move")
            if yours
            else cmsg("in a game's picture, under the name of the player whose turn it is", "to move")
        )
        lines = [name, turn]
    text = "".join(
        label_svg(
            0,
            CENTRE["top"] + CENTRE["line"] * i,
            line,
            36 if i == 0 else 24,
            lang,
            font_weight=700 if i == 0 else 400,
            text_anchor="middle",
            fill="#fff",
            fill_opacity=1 if i == 0 else 0.75,
        )
        for i, line in enumerate(lines)
    )
    (x, y), (dx, dy), (count_x, count_y) = CENTRE["card"], CENTRE["card_offset"], CENTRE["count"]
    size = CENTRE["card_size"]
    card = {
        "width": size,
        "height": size,
        "rx": CENTRE["card_corner"],
        "fill": PAINT["pile"],
        "stroke": PAINT["rim"],
        "stroke_width": 2,
    }
    pile = (
        element("rect", x=x + dx, y=y + dy, **card)
        + element("rect", x=x, y=y, **card)
        + text_svg(count_x, count_y, number(len(game.draw_pile), lang), 30, font_weight=700, fill="#fff")
        + label_svg(
            0,
            CENTRE["label_y"],
            cmsg("a label under the draw pile, in a game's picture", "draw pile"),
            17,
            lang,
            text_anchor="middle",
            fill="#fff",
            fill_opacity=0.6,
        )
    )
    pile_x, pile_y = CENTRE["pile"]
    return text + translated(pile_x, pile_y, pile)


def wheel_svg(
    game: Game, size: float = 520, lang: str | None = None, *, reader: int | None = None, quiz: bool = False
) -> str:
    """The moon wheel and moon track alone, in ``lang`` (None: the package language), the player of seat
    ``reader`` told about as "you" (None: nobody); ``quiz`` as ``game_svg``'s."""
    lang = resolve(lang)
    lit, quiz = not quiz, quiz and not game.is_solo
    body = translated(size / 2, size / 2, wheel_markup(game, lang, reader, quiz, lit), size / WHEEL["box"])
    return svg_document(size, size, body, game_title(game, reader, quiz), lang)
