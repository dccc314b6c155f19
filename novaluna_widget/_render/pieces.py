"""The pieces as printed, which no position changes, drawn once for both drawings: tiles' faces and
tasks, tokens, the wheel's rim and the moon track; and ``printed_pieces``, all of them for the page."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final, TypedDict

from .. import _track as track
from .. import _wheel as wheel
from .._i18n import (
    Message,
    joined,
    msg,
    number,
    resolve,
)
from .._tiles import COLOUR_NAMES, TILES, Tile
from .spec import PAINT, SPEC, TILE, TOKEN, TRACK, WHEEL
from .svg import Point, element, moved_outline, polar, spec_point, text_svg, translated, without_hooks

__all__ = [
    "COVER_OPACITY",
    "Drawn",
    "PrintedPieces",
    "printed_pieces",
    "printed_track",
    "rim_svg",
    "space_number",
    "tile_svg",
    "tile_words",
    "token_svg",
]


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


def _dot(colour: str, x: float, y: float) -> str:
    """One dot, in its colour's own shape (so that no rule rests on telling colours apart)."""
    shape = SPEC["tile_colours"][colour]["dot"]
    paint = {"fill": SPEC["tile_colours"][colour]["fill"], "stroke": "#fff", "stroke_width": 1.3}
    if "square" in shape:
        half = shape["square"]
        return element(
            "rect", class_="nl-dot", x=x - half, y=y - half, width=2 * half, height=2 * half, **paint
        )
    if "path" in shape:
        return element("path", class_="nl-dot", d=moved_outline(shape["path"], x, y), **paint)
    return element("circle", class_="nl-dot", cx=float(x), cy=float(y), r=shape["circle"], **paint)


def token_svg(player: int, x: float, y: float, r: float = TOKEN["radius"], lang: str | None = None) -> str:
    """A player's token: their colour and their number (in the digits of ``lang``)."""
    colours = SPEC["players"][player % len(SPEC["players"])]
    body = element(
        "circle", r=float(r), fill=colours["fill"], stroke=colours["stroke"], stroke_width=2
    ) + text_svg(
        0,
        r * TOKEN["number_y"],
        number(player + 1, lang),
        r * TOKEN["number_size"],
        font_weight=800,
        text_anchor="middle",
        fill=colours["ink"],
    )
    return translated(x, y, body)


#: How much of a token on a task is opaque. A real token hides its task ("it does not matter that the
#: tasks can no longer be recognised once covered", the Russian rulebook says); the picture lets the dots
#: show through, so that an example still shows what each covered task asked for.
COVER_OPACITY: Final = 0.5


def _cover(player: int | None) -> str:
    """The token on a covered task, centred at (0, 0): a translucent white disc ringed in the player's
    colour (green when no player is given), without a number, so the task's dots show through it and a
    covered task reads as light beside the dark open ones whatever the player's colour."""
    ring = PAINT["check"] if player is None else SPEC["players"][player % len(SPEC["players"])]["fill"]
    return element(
        "circle", r=TOKEN["on_task"], fill="#fff", fill_opacity=COVER_OPACITY, stroke=ring, stroke_width=4
    )


def _tile_face(t: Tile, lang: str) -> str:
    """A tile's face centred at (0, 0), ``tile.size`` units wide: its colour, its cost (in the digits of
    ``lang``) on a disc, and the colour's letter of the tile ids (R01–Y17, the same in every language).
    Its tasks are ``_task_face``'s, each placed at its disc's centre (``tile.discs``)."""
    colour, half, cost = SPEC["tile_colours"][t.colour], -TILE["face"] / 2, TILE["cost"]
    letter_x, letter_y = TILE["letter"]
    return (
        element(
            "rect",
            x=half,
            y=half,
            width=TILE["face"],
            height=TILE["face"],
            rx=TILE["corner"],
            fill=colour["fill"],
            stroke="#000",
            stroke_opacity=0.45,
            stroke_width=2,
            class_="nl-face",
        )
        + element(
            "circle",
            cx=cost["x"],
            cy=cost["y"],
            r=cost["r"],
            fill=PAINT["cost_disc"],
            stroke="#000",
            stroke_opacity=0.55,
            stroke_width=1.5,
            class_="nl-cost-disc",
        )
        + text_svg(
            cost["x"],
            cost["y"] + cost["baseline"],
            number(t.cost, lang),
            20,
            font_weight=800,
            text_anchor="middle",
            fill=PAINT["cost_ink"],
            class_="nl-cost",
        )
        + text_svg(
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
    offsets = TILE["dots"][len(colours)]
    disc = element(
        "circle",
        r=TILE["disc"],
        fill=PAINT["disc"],
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
    parts = [without_hooks(face)]
    for k, ((cx, cy), task) in enumerate(zip(TILE["discs"][len(t.tasks)], tasks, strict=True)):
        parts.append(translated(cx, cy, without_hooks(task) + (_cover(player) if k in covered else "")))
    return translated(x, y, "".join(parts), scale)


def rim_svg() -> str:
    """The wheel's rim and the ring around the moon track."""
    return element(
        "circle", r=WHEEL["rim"], fill=PAINT["sky"], stroke=PAINT["rim"], stroke_width=4, class_="nl-board"
    ) + element(
        "circle",
        r=WHEEL["ring"],
        fill="none",
        stroke="#fff",
        stroke_opacity=0.12,
        stroke_width=2,
        class_="nl-ring",
    )


def space_number(space: int, lang: str) -> str:
    """A wheel space's number on the rim, in ``lang``'s digits; the new moon's is marked."""
    x, y = polar(WHEEL["label"], space, wheel.SPACES)
    name = number(space, lang)
    return text_svg(
        x,
        y + WHEEL["label_baseline"],
        "● " + name if space == 0 else name,
        21,
        font_weight=600,
        text_anchor="middle",
        fill="#fff",
        fill_opacity=0.7,
        class_="nl-space-no",
    )


def printed_track(lang: str) -> str:
    """The moon track's spaces and their numbers (in ``lang``'s digits), as printed on the board."""
    parts = []
    for space in range(track.TRACK_SPACES):
        x, y = polar(TRACK["radius"], space, track.TRACK_SPACES)
        fill, stroke = (
            (PAINT["new_moon"], PAINT["moon"]) if space == 0 else (PAINT["track_space"], PAINT["faint"])
        )
        hook = "nl-track-space nl-new-moon" if space == 0 else "nl-track-space"
        parts.append(
            element(
                "circle", cx=x, cy=y, r=TRACK["space"], fill=fill, stroke=stroke, stroke_width=2, class_=hook
            )
        )
        parts.append(
            text_svg(
                x,
                y + TRACK["number_baseline"],
                number(space, lang),
                13,
                text_anchor="middle",
                fill="#fff",
                fill_opacity=0.55,
                class_="nl-track-no",
            )
        )
    return "".join(parts)


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
    words]]``), ``wheel`` (the rim and the spaces' numbers), ``track`` (``printed_track``), and where
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
        "wheel": rim_svg() + "".join(space_number(s, lang) for s in range(wheel.SPACES)),
        "track": printed_track(lang),
        "spaces": [spec_point(*polar(WHEEL["space"], s, wheel.SPACES)) for s in range(wheel.SPACES)],
        "markers": [
            [
                spec_point(*polar(TRACK["radius"] - TRACK["stack_step"] * h, s, track.TRACK_SPACES))
                for h in range(len(SPEC["players"]))  # a stack holds every player at most
            ]
            for s in range(track.TRACK_SPACES)
        ],
    }
