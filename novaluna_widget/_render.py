"""Static SVG pictures of a game or an area, for places without a live kernel.

Exported notebooks, nbviewer and GitHub cannot run the widget; its mimebundle carries ``game_svg``
instead, and ``Game``/``Board`` show these pictures in a notebook. The picture is the widget's: both
draw from one spec, ``drawing.json`` (geometry, colours, each colour's letter and dot shape), so they
cannot drift apart; what only this picture shows (the players' panels, the grid) is laid out here. The
wheel is a night sky, so one picture reads on light and dark pages alike. Output is deterministic (no
ids, no timestamps), so nbval can compare it.

``picture`` wraps a picture for a notebook so that it shows even where the notebook is not trusted:
JupyterLab hides an untrusted ``image/svg+xml`` output until its cell runs again, but it shows
sanitized ``text/html``, and an ``<img>`` of the SVG as a ``data:`` address passes its sanitizer.

Every picture takes ``lang`` (None: the package language) for its words and numbers: labels are
messages (``i18n``), numbers have the language's digits. In a right-to-left language (Persian) the
geometry stays as it is, the picture is marked ``direction='ltr'`` (so that a right-to-left page around
it changes nothing), and every label worded in the language is set ``direction='rtl'`` on its own.
"""

from __future__ import annotations

import base64
import functools
import json
import math
import re
from collections.abc import Iterable, Sequence
from html import escape, unescape
from importlib.resources import files
from typing import Final, Literal, TypedDict

from . import _track as track
from . import _wheel as wheel
from ._board import Board, Cell, TaskRef, as_cell
from ._game import Game, sheet_of, track_of
from ._i18n import (
    RIGHT_TO_LEFT,
    Message,
    Value,
    cell_words,
    cmsg,
    cplural,
    joined,
    msg,
    number,
    plural,
    resolve,
    word,
)
from ._log import seat_words, tokens_left
from ._names import named
from ._tiles import COLOUR_NAMES, TILES, Tile

__all__ = [
    "COVER_OPACITY",
    "PROJECTOR",
    "SPEC",
    "Drawn",
    "Labels",
    "Picture",
    "Point",
    "PrintedPieces",
    "board_svg",
    "game_svg",
    "picture",
    "printed_pieces",
    "projector_game_svg",
    "tile_svg",
    "tile_words",
    "tiles_svg",
    "wheel_svg",
]


#: A place in a picture's units: x, y.
Point = tuple[float, float]
#: A piece drawn once: its markup, and its tasks' (or words, and its tasks' words).
Drawn = tuple[str, list[str]]


class PrintedPieces(TypedDict):
    """The pieces as printed, which no position changes (the tiles' faces, the wheel's rim, the moon track,
    and where a tile or a track marker stands), in one language (``render.printed_pieces``): drawn by Python
    with the markup its own pictures use, and sent to the page once per language (its ``faces`` trait)."""

    #: The language it is in.
    lang: str
    #: By tile id: the face's markup and each task's, centred at 0.
    tiles: dict[str, Drawn]
    #: By tile id: the tile in words and each task in words.
    words: dict[str, Drawn]
    #: The wheel's rim and the spaces' numbers.
    wheel: str
    #: The moon track's printed spaces and numbers.
    track: str
    #: Each wheel space's centre.
    spaces: list[Point]
    #: A moon-track marker's place, by space and height in its stack.
    markers: list[list[Point]]


class _Dot(TypedDict, total=False):
    """A dot's shape around its centre, one of: a circle (its radius), a square (half its side) or an
    outline (an SVG path of absolute M, L, H and Z commands)."""

    circle: float
    square: float
    path: str


class _TileColour(TypedDict):
    """A tile colour's face, its letter (so that no rule rests on telling colours apart) and its dots."""

    fill: str
    letter: str
    letter_ink: str
    dot: _Dot


class _PlayerColours(TypedDict):
    """A player's token: every token also carries the player's number."""

    fill: str
    stroke: str
    ink: str


class _CostDisc(TypedDict):
    x: float
    y: float
    r: float
    baseline: float  # the number's baseline below the disc's centre


class _TileGeometry(TypedDict):
    """A tile ``size`` wide around (0, 0); ``discs[n]`` holds the task discs' centres on a tile with n
    tasks, ``dots[n]`` the offsets of a task's n dots in its disc."""

    size: float
    face: float
    corner: float
    cost: _CostDisc
    letter: list[float]
    disc: float
    discs: list[list[list[float]]]
    dots: list[list[list[float]]]


class _TokenGeometry(TypedDict):
    """Token radii (a lone token, one on a task); the number's baseline and size are fractions of the
    radius, so every size of token reads alike."""

    radius: float
    on_task: float
    number_y: float
    number_size: float


class _WheelGeometry(TypedDict):
    """The wheel in a ``box`` square centred at 0: radii of the rim, the space numbers, the spaces and
    the ring around the moon track; tiles on it are drawn ``tile_scale`` times larger."""

    box: float
    rim: float
    label: float
    label_baseline: float
    space: float
    ring: float
    tile_scale: float
    empty: float
    halo: float
    halo_corner: float
    crescent: str
    moon_scale: float


class _TrackGeometry(TypedDict):
    """The moon track's circle, its spaces, and its markers: a stack climbs inward by ``stack_step``."""

    radius: float
    space: float
    number_baseline: float
    marker: float
    stack_step: float


class _CentreGeometry(TypedDict):
    """The wheel's centre: lines of text from ``top``, then the draw pile (two cards and a count)."""

    top: float
    line: float
    pile: list[float]
    card: list[float]
    card_size: float
    card_corner: float
    card_offset: list[float]
    count: list[float]
    label_y: float


class _Drawing(TypedDict):
    """``drawing.json``: what the static picture and the widget's view both draw (its ``about`` says
    more)."""

    about: str
    wheel_spaces: int
    track_spaces: int
    font: str
    tile_colours: dict[str, _TileColour]
    players: list[_PlayerColours]
    colours: dict[str, str]
    tile: _TileGeometry
    token: _TokenGeometry
    wheel: _WheelGeometry
    track: _TrackGeometry
    centre: _CentreGeometry


SPEC: Final[_Drawing] = json.loads(files(__package__).joinpath("drawing.json").read_text(encoding="utf-8"))
_PAINT: Final = SPEC["colours"]
_TILE: Final = SPEC["tile"]
_TOKEN: Final = SPEC["token"]
_WHEEL: Final = SPEC["wheel"]
_TRACK: Final = SPEC["track"]
_CENTRE: Final = SPEC["centre"]
#: One command of a dot's outline and its numbers.
_STEP: Final = re.compile(r"([MLHZ])([^MLHZ]*)")


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _el(tag: str, body: str | None = None, /, **attrs: object) -> str:
    """One SVG element; ``font_size=20`` becomes ``font-size='20'``, ``class_`` ``class``; floats are
    rounded to 0.1."""
    text = "".join(
        f" {k.rstrip('_').replace('_', '-')}='{_n(v) if isinstance(v, float) else v}'"
        for k, v in attrs.items()
    )
    return f"<{tag}{text}/>" if body is None else f"<{tag}{text}>{body}</{tag}>"


def _text(x: float, y: float, words: str, size: float, **attrs: object) -> str:
    font = SPEC["font"]
    return _el("text", escape(words), x=float(x), y=float(y), font_size=size, font_family=font, **attrs)


def _label(x: float, y: float, words: Value, size: float, lang: str, **attrs: object) -> str:
    """A text of words in ``lang`` (a language code already checked). Right to left, it is set
    ``direction='rtl'`` and anchored so that it takes the place a left-to-right text would: a text that
    starts at ``x`` is anchored at its end, which is its left edge in that direction."""
    text = word(words, lang)
    if lang not in RIGHT_TO_LEFT:
        return _text(x, y, text, size, **attrs)
    anchor = {"start": "end", "end": "start"}.get(str(attrs.pop("text_anchor", "start")), "middle")
    return _text(x, y, text, size, text_anchor=anchor, **attrs, direction="rtl", unicode_bidi="embed")


def _at(x: float, y: float, body: str, scale: float = 1.0) -> str:
    scaled = f" scale({_n(scale)})" if scale != 1 else ""
    return f"<g transform='translate({_n(x)} {_n(y)}){scaled}'>{body}</g>"


def _moved(outline: str, x: float, y: float) -> str:
    """A dot's outline, drawn around (0, 0) in the spec, moved to (x, y)."""
    steps = []
    for command, numbers in _STEP.findall(outline):
        shift = {"M": (x, y), "L": (x, y), "H": (x,), "Z": ()}[command]
        moved = (_n(float(n) + d) for n, d in zip(numbers.split(), shift, strict=True))
        steps.append(command + " ".join(moved))
    return "".join(steps)


def _dot(colour: str, x: float, y: float) -> str:
    """One dot, in its colour's own shape (so that no rule rests on telling colours apart)."""
    shape = SPEC["tile_colours"][colour]["dot"]
    paint = {"fill": SPEC["tile_colours"][colour]["fill"], "stroke": "#fff", "stroke_width": 1.3}
    if "square" in shape:
        half = shape["square"]
        return _el("rect", class_="nl-dot", x=x - half, y=y - half, width=2 * half, height=2 * half, **paint)
    if "path" in shape:
        return _el("path", class_="nl-dot", d=_moved(shape["path"], x, y), **paint)
    return _el("circle", class_="nl-dot", cx=float(x), cy=float(y), r=shape["circle"], **paint)


def _token(player: int, x: float, y: float, r: float = _TOKEN["radius"], lang: str | None = None) -> str:
    """A player's token: their colour and their number (in the digits of ``lang``)."""
    colours = SPEC["players"][player % len(SPEC["players"])]
    body = _el("circle", r=float(r), fill=colours["fill"], stroke=colours["stroke"], stroke_width=2) + _text(
        0,
        r * _TOKEN["number_y"],
        number(player + 1, lang),
        r * _TOKEN["number_size"],
        font_weight=800,
        text_anchor="middle",
        fill=colours["ink"],
    )
    return _at(x, y, body)


#: How much of a token on a task is opaque. A real token hides its task ("it does not matter that the
#: tasks can no longer be recognised once covered", the Russian rulebook says); the picture lets the dots
#: show through, so that an example still shows what each covered task asked for.
COVER_OPACITY: Final = 0.5


def _cover(player: int | None) -> str:
    """The token on a covered task, centred at (0, 0): a translucent white disc ringed in the player's
    colour (green when no player is given), without a number, so the task's dots show through it and a
    covered task reads as light beside the dark open ones whatever the player's colour."""
    ring = _PAINT["check"] if player is None else SPEC["players"][player % len(SPEC["players"])]["fill"]
    return _el(
        "circle", r=_TOKEN["on_task"], fill="#fff", fill_opacity=COVER_OPACITY, stroke=ring, stroke_width=4
    )


# -- the pieces no position changes, drawn once for both drawings ------------------------------------
# The page gets this markup once per language (``printed_pieces``) and puts it in place as it is, adding only
# what the position decides; the pictures here put the same markup in place. Its classes are the page's
# hooks (js/widget.css marks states with them and sets its own font); a picture, which has no stylesheet,
# leaves them out (``_picture``): the look is in the attributes.
_HOOK: Final = re.compile(r" class='[^']*'")


def _picture(markup: str) -> str:
    """The page's markup of a piece as a picture draws it: without the page's classes."""
    return _HOOK.sub("", markup)


def _tile_face(t: Tile, lang: str) -> str:
    """A tile's face centred at (0, 0), ``tile.size`` units wide: its colour, its cost (in the digits of
    ``lang``) on a disc, and the colour's letter of the tile ids (R01–Y17, the same in every language).
    Its tasks are ``_task_face``'s, each placed at its disc's centre (``tile.discs``)."""
    colour, half, cost = SPEC["tile_colours"][t.colour], -_TILE["face"] / 2, _TILE["cost"]
    letter_x, letter_y = _TILE["letter"]
    return (
        _el(
            "rect",
            x=half,
            y=half,
            width=_TILE["face"],
            height=_TILE["face"],
            rx=_TILE["corner"],
            fill=colour["fill"],
            stroke="#000",
            stroke_opacity=0.45,
            stroke_width=2,
            class_="nl-face",
        )
        + _el(
            "circle",
            cx=cost["x"],
            cy=cost["y"],
            r=cost["r"],
            fill=_PAINT["cost_disc"],
            stroke="#000",
            stroke_opacity=0.55,
            stroke_width=1.5,
            class_="nl-cost-disc",
        )
        + _text(
            cost["x"],
            cost["y"] + cost["baseline"],
            number(t.cost, lang),
            20,
            font_weight=800,
            text_anchor="middle",
            fill=_PAINT["cost_ink"],
            class_="nl-cost",
        )
        + _text(
            letter_x,
            letter_y,
            colour["letter"],
            15,
            font_weight=800,
            text_anchor="middle",
            fill=colour["letter_ink"],
            fill_opacity=0.8,
            class_="nl-letter",
        )
    )


def _task_face(t: Tile, k: int) -> str:
    """Task ``k`` of a tile centred at (0, 0): its disc, and a dot for each tile it needs."""
    colours = [c for c, n in t.tasks[k].items() for _ in range(n)]
    offsets = _TILE["dots"][len(colours)]
    disc = _el(
        "circle",
        r=_TILE["disc"],
        fill=_PAINT["disc"],
        stroke="#fff",
        stroke_opacity=0.85,
        stroke_width=1.6,
        class_="nl-disc",
    )
    return disc + "".join(_dot(c, x, y) for c, (x, y) in zip(colours, offsets, strict=True))


def tile_svg(
    t: Tile,
    x: float,
    y: float,
    scale: float = 1.0,
    covered: Iterable[int] = (),
    player: int | None = None,
    lang: str | None = None,
) -> str:
    """One tile centred at (x, y), ``tile.size`` units wide times ``scale``; ``covered`` task indexes get
    ``player``'s token over their dots (see ``_cover``). Its cost has the digits of ``lang``; its letter
    is the colour's letter of the tile ids (R01–Y17), which are the same in every language."""
    covered = set(covered)
    face, tasks = printed_pieces(resolve(lang))["tiles"][t.id]
    parts = [_picture(face)]
    for k, ((cx, cy), task) in enumerate(zip(_TILE["discs"][len(t.tasks)], tasks, strict=True)):
        parts.append(_at(cx, cy, _picture(task) + (_cover(player) if k in covered else "")))
    return _at(x, y, "".join(parts), scale)


def _polar(radius: float, step: int, steps: int) -> tuple[float, float]:
    angle = math.radians(-90 + 360 / steps * step)
    return radius * math.cos(angle), radius * math.sin(angle)


def _rim() -> str:
    """The wheel's rim and the ring around the moon track."""
    return _el(
        "circle", r=_WHEEL["rim"], fill=_PAINT["sky"], stroke=_PAINT["rim"], stroke_width=4, class_="nl-board"
    ) + _el(
        "circle",
        r=_WHEEL["ring"],
        fill="none",
        stroke="#fff",
        stroke_opacity=0.12,
        stroke_width=2,
        class_="nl-ring",
    )


def _space_number(space: int, lang: str) -> str:
    """A wheel space's number on the rim, in ``lang``'s digits; the new moon's is marked."""
    x, y = _polar(_WHEEL["label"], space, wheel.SPACES)
    name = number(space, lang)
    return _text(
        x,
        y + _WHEEL["label_baseline"],
        "● " + name if space == 0 else name,
        21,
        font_weight=600,
        text_anchor="middle",
        fill="#fff",
        fill_opacity=0.7,
        class_="nl-space-no",
    )


def _printed_track(lang: str) -> str:
    """The moon track's spaces and their numbers (in ``lang``'s digits), as printed on the board."""
    parts = []
    for space in range(track.SPACES):
        x, y = _polar(_TRACK["radius"], space, track.SPACES)
        fill, stroke = (
            (_PAINT["new_moon"], _PAINT["moon"]) if space == 0 else (_PAINT["track_space"], _PAINT["faint"])
        )
        hook = "nl-track-space nl-new-moon" if space == 0 else "nl-track-space"
        parts.append(
            _el(
                "circle", cx=x, cy=y, r=_TRACK["space"], fill=fill, stroke=stroke, stroke_width=2, class_=hook
            )
        )
        parts.append(
            _text(
                x,
                y + _TRACK["number_baseline"],
                number(space, lang),
                13,
                text_anchor="middle",
                fill="#fff",
                fill_opacity=0.55,
                class_="nl-track-no",
            )
        )
    return "".join(parts)


def _point(x: float, y: float) -> Point:
    """A place to 0.1, as the markup writes it (``+ 0.0``: no -0.0)."""
    return (round(x, 1) + 0.0, round(y, 1) + 0.0)


def tile_words(t: Tile) -> Message:
    """A tile in words, for a reader who does not see it: ``red tile, cost 3, tasks: 2 blue; 3 teal``."""
    if not t.tasks:
        return msg("{colour} tile, cost {cost}, no task", colour=COLOUR_NAMES[t.colour], cost=t.cost)
    return msg(
        "{colour} tile, cost {cost}, tasks: {tasks}",
        colour=COLOUR_NAMES[t.colour],
        cost=t.cost,
        tasks=joined((task.words() for task in t.tasks), "clauses"),
    )


@functools.cache
def printed_pieces(lang: str) -> PrintedPieces:
    """What the page draws that no position changes, in ``lang`` (checked), sent once per language:
    ``tiles`` (id → ``[tile_face, [task_face, ...]]``), ``words`` (id → ``[tile_words, [each task in
    words]]``), ``wheel`` (the rim and the spaces' numbers), ``track`` (``_printed_track``), and where
    pieces stand: ``spaces`` (each wheel space's centre) and ``markers`` (a moon-track marker's place by
    space and height in its stack, which climbs toward the centre, the bottom marker outermost, as the
    rulebook stacks them)."""
    return {
        "lang": lang,
        "tiles": {
            t.id: (_tile_face(t, lang), [_task_face(t, k) for k in range(len(t.tasks))]) for t in TILES
        },
        "words": {
            t.id: (tile_words(t).in_language(lang), [task.in_language(lang) for task in t.tasks])
            for t in TILES
        },
        "wheel": _rim() + "".join(_space_number(s, lang) for s in range(wheel.SPACES)),
        "track": _printed_track(lang),
        "spaces": [_point(*_polar(_WHEEL["space"], s, wheel.SPACES)) for s in range(wheel.SPACES)],
        "markers": [
            [
                _point(*_polar(_TRACK["radius"] - _TRACK["stack_step"] * h, s, track.SPACES))
                for h in range(len(SPEC["players"]))  # a stack holds every player at most
            ]
            for s in range(track.SPACES)
        ],
    }


def _wheel(game: Game, lang: str, reader: int | None, quiz: bool = False, lit: bool = True) -> str:
    """The moon wheel in a ``wheel.box`` square centred at 0, in ``lang`` (checked), for the player of
    seat ``reader``; with ``quiz`` its centre says nothing of whose turn it is or who won; unless ``lit``,
    no tile is lit as takeable."""
    choices = game.choices() if lit else []
    track_part = _track(track_of(game), lang) if game.has_moon_track else ""
    parts = [_picture(_rim()), track_part, _centre(game, lang, reader, quiz)]
    for space, t in enumerate(game.wheel):
        x, y = printed_pieces(lang)["spaces"][space]
        parts.append(_picture(_space_number(space, lang)))
        parts.append(_space(game, space, t, choices, x, y, lang))
    return "".join(parts)


def _space(game: Game, space: int, t: Tile | None, choices: list[int], x: float, y: float, lang: str) -> str:
    if t is None:
        empty = _el(
            "circle",
            r=_WHEEL["empty"],
            fill="#fff",
            fill_opacity=0.04,
            stroke="#fff",
            stroke_opacity=0.28,
            stroke_width=2,
            stroke_dasharray="6 6",
        )
        moon = _el(
            "path",
            d=_WHEEL["crescent"],
            transform=f"scale({_n(_WHEEL['moon_scale'])})",
            fill=_PAINT["moon"],
            stroke=_PAINT["moon_edge"],
            stroke_width=2,
        )
        return _at(x, y, empty + (moon if space == game.marker else ""))
    if space not in choices:
        return f"<g opacity='0.9'>{tile_svg(t, x, y, _WHEEL['tile_scale'], lang=lang)}</g>"
    gold, halo = _PAINT["gold"], _WHEEL["halo"]
    frame = _el(
        "rect",
        x=-halo,
        y=-halo,
        width=2 * halo,
        height=2 * halo,
        rx=_WHEEL["halo_corner"],
        fill=gold,
        fill_opacity=0.16,
        stroke=gold,
        stroke_width=5,
    )
    return _at(x, y, frame) + tile_svg(t, x, y, _WHEEL["tile_scale"], lang=lang)


def _track(stacks: dict[int, list[int]], lang: str) -> str:
    """The moon track and its markers (``Game.moon_track``)."""
    parts = [_picture(_printed_track(lang))]
    for space, stack in sorted(stacks.items()):
        for height, player in enumerate(stack):
            x, y = printed_pieces(lang)["markers"][space][height]
            parts.append(_token(player, x, y, _TRACK["marker"], lang))
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
        _label(
            0,
            _CENTRE["top"] + _CENTRE["line"] * i,
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
    (x, y), (dx, dy), (count_x, count_y) = _CENTRE["card"], _CENTRE["card_offset"], _CENTRE["count"]
    size = _CENTRE["card_size"]
    card = {
        "width": size,
        "height": size,
        "rx": _CENTRE["card_corner"],
        "fill": _PAINT["pile"],
        "stroke": _PAINT["rim"],
        "stroke_width": 2,
    }
    pile = (
        _el("rect", x=x + dx, y=y + dy, **card)
        + _el("rect", x=x, y=y, **card)
        + _text(count_x, count_y, number(len(game.draw_pile), lang), 30, font_weight=700, fill="#fff")
        + _label(
            0,
            _CENTRE["label_y"],
            cmsg("a label under the draw pile, in a game's picture", "draw pile"),
            17,
            lang,
            text_anchor="middle",
            fill="#fff",
            fill_opacity=0.6,
        )
    )
    pile_x, pile_y = _CENTRE["pile"]
    return text + _at(pile_x, pile_y, pile)


#: What ``board_svg`` may label: nothing, every tile (``True``), or the cells named.
Labels = bool | Iterable[Cell]


def _grid(
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
                    _el(
                        "rect",
                        x=gx * cell + 2,
                        y=gy * pitch + 2,
                        width=cell - 4,
                        height=cell - 4,
                        rx=cell / 10,
                        fill="none",
                        stroke=_PAINT["faint"],
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
                        cell / _TILE["size"],
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
                    _label(
                        (gx + 0.5) * cell,
                        gy * pitch + cell * 1.16,
                        words,
                        max(8.0, cell / 7),
                        lang,
                        text_anchor="middle",
                        font_weight=700 if t else 400,
                        fill=_PAINT["faint"],
                    )
                )
    return "".join(parts), cols * cell, rows * pitch


def _svg(width: float, height: float, body: str, title: Message, lang: str) -> str:
    """The picture: its size, its ``title`` (also its label for screen readers) in ``lang``, its body. A
    picture in a language other than English says which (``lang``), and one in a right-to-left language
    keeps its geometry left to right (see the module's docstring)."""
    size = f"viewBox='0 0 {_n(width)} {_n(height)}' width='{_n(width)}' height='{_n(height)}'"
    label = escape(title.in_language(lang))
    spoken = "" if lang == "en" else f" lang='{lang}'" + (" direction='ltr'" if lang in RIGHT_TO_LEFT else "")
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' {size}{spoken} role='img' aria-label='{label}'>"
        f"<title>{label}</title>{body}</svg>"
    )


def _board_title(board: Board) -> Message:
    """An area's title (its label for screen readers and its tooltip): how many tiles it has and where,
    in words, e.g. ``Nova Luna area: 2 tiles (T03 on cell (0, 0), R16 on cell (1, 0))``."""
    if not board:
        return msg("Nova Luna area: empty")
    cells = joined(
        cmsg(
            "a tile and its cell, in the title of an area's picture",
            "{tile} on cell {cell}",
            tile=t.id,
            cell=cell_words(cell),
        )
        for cell, t in board.tiles.items()
    )
    return plural(
        "Nova Luna area: {n} tile ({cells})", "Nova Luna area: {n} tiles ({cells})", len(board), cells=cells
    )


def _game_title(game: Game, reader: int | None, quiz: bool = False) -> Message:
    """A game's title (its label for screen readers and its tooltip), in words: the kind of game, its seed
    (as code writes it, to type it in again), the turn and who is to move or has won, e.g.
    ``Nova Luna: a 2-player game, seed 14, turn 0, Ada to move`` (with ``quiz``, neither). The reader,
    the player of seat ``reader``, has messages of their own ("You win")."""
    seed, turn = str(game.seed), game.turn
    if game.is_solo:  # its phase, then its score
        sheet = sheet_of(game)
        if game.is_over:
            return msg(
                "Nova Luna: a solo game, seed {seed}, turn {turn}, over: score {total}",
                seed=seed,
                turn=turn,
                total=sheet["total"],
            )
        return msg(
            "Nova Luna: a solo game, seed {seed}, turn {turn}, phase {phase}",
            seed=seed,
            turn=turn,
            phase=sheet["phase"],
        )
    players = len(game.players)
    if quiz:
        return plural(
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}",
            players,
            seed=seed,
            turn=turn,
        )
    names = [p.name for p in game.players]
    if game.is_over:
        name, yours = seat_words(names, game.winner or 0, reader)
        if yours:
            return cplural(
                "the player named You, the reader",
                "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} win",
                "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} win",
                players,
                seed=seed,
                turn=turn,
                name=name,
            )
        return plural(
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} wins",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} wins",
            players,
            seed=seed,
            turn=turn,
            name=name,
        )
    name, yours = seat_words(names, game.current_player, reader)
    if yours:
        return cplural(
            "the player named You, the reader",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
            players,
            seed=seed,
            turn=turn,
            name=name,
        )
    return plural(
        "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
        "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
        players,
        seed=seed,
        turn=turn,
        name=name,
    )


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
    body, width, height = _grid(board, covered, player, cell, labels, lang)
    return _svg(width, height, body, _board_title(board), lang)


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
    return _el(
        "rect",
        x=float(x),
        y=float(y),
        width=float(width),
        height=float(height),
        rx=10,
        fill=_PAINT["card"],
        stroke=_PAINT["gold"] if turn else _PAINT["card_edge"],
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
    grid, grid_width, grid_height = _grid(p.board, p.covered, index, cell, False, lang)
    name, supply, turn = _panel_words(game, index, reader, quiz)
    height = 52 + grid_height + 8
    ink = _PAINT["ink"]
    return (
        _card(x, y, width, height, turn)
        + _token(index, x + 16, y + 18, 11, lang)
        + _label(x + 34, y + 23, name, 15, lang, font_weight=650, fill=ink)
        + _label(x + 34, y + 41, supply, 12, lang, fill=ink, fill_opacity=0.75)
        + _at(x + (width - grid_width) / 2, y + 52, grid)
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
        _el("rect", width=float(width), height=float(height + below), rx=14, fill=_PAINT["backdrop"])
        + _at(size / 2 + 10, height / 2, _wheel(game, lang, reader, quiz, lit), size / _WHEEL["box"])
        + "".join(panels)
    )
    if caption is not None:
        body += _label(width / 2, height + 18, caption, 16, lang, text_anchor="middle", fill="#fff")
    return _svg(width, height + below, body, _game_title(game, reader, quiz), lang)


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
    ink = _PAINT["ink"]
    cards = []
    for index in range(len(game.players)):
        name, supply, turn = _panel_words(game, index, reader, quiz)
        y = 40 + index * (card_height + 24)
        cards.append(
            _card(x, y, card_width, card_height, turn)
            + _token(index, x + 50, y + card_height / 2, 30, lang)
            + _label(x + 100, y + 60, name, 44, lang, font_weight=650, fill=ink)
            + _label(x + 100, y + 112, supply, 34, lang, fill=ink, fill_opacity=0.8)
        )
    body = (
        _el("rect", width=float(width), height=float(height), rx=14, fill=_PAINT["backdrop"])
        + _at(size / 2 + 20, height / 2, _wheel(game, lang, reader, quiz, lit), size / _WHEEL["box"])
        + "".join(cards)
    )
    return _svg(width, height, body, _game_title(game, reader, quiz), lang)


def _projector_cell(unit_width: float, unit_height: float) -> float:
    """The largest cell (at most ``_PROJECTOR_CELL``) that fits a picture measuring ``unit_width`` by
    ``unit_height`` per unit of cell on the ``PROJECTOR``'s screen."""
    width, height = PROJECTOR
    return min(_PROJECTOR_CELL, width / unit_width, height / unit_height)


def wheel_svg(
    game: Game, size: float = 520, lang: str | None = None, *, reader: int | None = None, quiz: bool = False
) -> str:
    """The moon wheel and moon track alone, in ``lang`` (None: the package language), the player of seat
    ``reader`` told about as "you" (None: nobody); ``quiz`` as ``game_svg``'s."""
    lang = resolve(lang)
    lit, quiz = not quiz, quiz and not game.is_solo
    body = _at(size / 2, size / 2, _wheel(game, lang, reader, quiz, lit), size / _WHEEL["box"])
    return _svg(size, size, body, _game_title(game, reader, quiz), lang)


def tiles_svg(tiles: Sequence[Tile], cell: float = 100, lang: str | None = None) -> str:
    """Tiles side by side and apart (no area, no grid), each with its id under it: for looking at the
    tiles themselves. Their costs have the digits of ``lang`` (None: the package language)."""
    lang = resolve(lang)
    gap = cell * 0.2
    parts = []
    for i, t in enumerate(tiles):
        x = gap / 2 + i * (cell + gap) + cell / 2
        parts.append(tile_svg(t, x, cell / 2, cell / _TILE["size"], lang=lang))
        parts.append(
            _text(
                x,
                cell * 1.16,
                t.id,
                max(8.0, cell / 7),
                text_anchor="middle",
                font_weight=700,
                fill=_PAINT["faint"],
            )
        )
    title = msg("Nova Luna tiles: {ids}", ids=joined(t.id for t in tiles))
    return _svg(len(tiles) * (cell + gap), cell * 1.25, "".join(parts), title, lang)


#: The title every picture carries (``_svg``), which is also its text form.
_TITLE: Final = re.compile(r"<title>(.*?)</title>")


class Picture:
    """An SVG picture to show in a notebook, trusted or not (see the module's docstring).

    Its mimebundle holds the picture twice: as ``text/html`` (an ``<img>`` of the SVG, which JupyterLab,
    Notebook 7, VS Code and nbconvert show) and as ``image/svg+xml`` (for viewers that show no HTML);
    its text is the picture's title. ``live``, if given, is an object with its own
    ``_repr_mimebundle_`` (an ipywidget): where a kernel runs, the notebook shows it, and everywhere
    else the picture stands in for it.
    """

    def __init__(self, svg: str, live: object | None = None) -> None:
        self.svg = svg
        self.live = live
        title = _TITLE.search(svg)
        self.label = unescape(title[1]) if title else "a Nova Luna picture"

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, object]:
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        bundle: dict[str, object] = {}
        live_repr = getattr(self.live, "_repr_mimebundle_", None)
        if live_repr is not None:
            shown = live_repr(include=include, exclude=exclude)
            bundle |= shown[0] if isinstance(shown, tuple) else shown or {}
        return bundle | {
            "text/html": f"<img src='data:image/svg+xml;base64,{data}' alt='{escape(self.label)}'>",
            "image/svg+xml": self.svg,
            "text/plain": repr(self),
        }

    def __repr__(self) -> str:
        return f"Picture({self.label})"


def picture(
    what: Game | Board | Sequence[Tile],
    *,
    labels: Labels = False,
    covered: Iterable[TaskRef] | None = None,
    player: int | None = None,
    cell: float | None = None,
    live: object | None = None,
    lang: str | None = None,
    reader: int | None = None,
    projector: bool = False,
    quiz: bool = False,
    only: Literal["wheel"] | None = None,
) -> Picture:
    """A picture of a game (``game_svg``), an area (``board_svg``, with its options) or some tiles
    (``tiles_svg``), to show in a notebook: ``picture(game)``, ``picture(board, labels=[(0, 1)])``.
    An area's cells are drawn larger than ``board_svg``'s default, to read beside a notebook's text.
    ``lang``: the language of its words and numbers (None: the package language); ``reader``: a game's
    player told about as "you" (their seat; None: nobody). ``projector``: drawn to fit a 1920×1080 screen
    (``PROJECTOR``), as large as fits, to read from the back of a room; a game's projector picture is its
    wheel and the players' standing, without the areas (``projector_game_svg``). ``quiz``: a game drawn
    to ask about it, without whose turn it is, who won or which tiles are takeable (``game_svg``).
    ``only="wheel"``: a game's moon wheel and moon track alone, without the players' areas (``wheel_svg``;
    ``cell`` is then the picture's width)."""
    lang = resolve(lang)
    if projector and cell is not None:
        raise TypeError(msg("a projector picture sizes itself: give cell or projector, not both"))
    if quiz and not isinstance(what, Game):
        raise TypeError(msg("quiz is an option of a game's picture"))
    if only is not None and (only != "wheel" or not isinstance(what, Game)):
        raise TypeError(
            msg("{option} is an option of a game's picture: its moon wheel alone", option='only="wheel"')
        )
    if isinstance(what, Board):
        if projector:
            _, unit_width, unit_height = _grid(what, (), None, 1, labels, lang)
            cell = _projector_cell(unit_width, unit_height)
        return Picture(
            board_svg(what, covered, player, 84 if cell is None else cell, labels=labels, lang=lang), live
        )
    if labels is not False or covered is not None or player is not None:
        raise TypeError(msg("labels, covered and player are options of an area's picture (a Board)"))
    if isinstance(what, Game):
        if only == "wheel":
            return Picture(
                wheel_svg(what, 520 if cell is None else cell, lang, reader=reader, quiz=quiz), live
            )
        if projector:
            return Picture(projector_game_svg(what, lang, reader=reader, quiz=quiz), live)
        return Picture(game_svg(what, 44 if cell is None else cell, lang, reader=reader, quiz=quiz), live)
    tiles = list(what)
    if not tiles or not all(isinstance(t, Tile) for t in tiles):
        raise TypeError(
            msg("picture() draws a Game, a Board or a list of tiles, not {value}", value=f"{what!r:.100}")
        )
    if projector:
        cell = _projector_cell(len(tiles) * 1.2, 1.25)  # tiles_svg's gap and id line
    return Picture(tiles_svg(tiles, 120 if cell is None else cell, lang), live)
