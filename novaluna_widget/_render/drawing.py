"""The types of the drawing spec, ``drawing.json``, derived from its shape by js/build_drawing.py
(``make drawing``): do not edit; the spec itself says what its parts mean (its ``about``)."""

from __future__ import annotations

from typing import TypedDict

__all__ = ["Drawing"]


class Drawing(TypedDict):
    """``drawing.json``: what the static picture and the widget's view both draw (its ``about`` says
    more)."""

    about: str
    wheel_spaces: int
    track_spaces: int
    font: str
    tile_colours: dict[str, _DrawingTileColour]
    players: list[_DrawingPlayer]
    colours: dict[str, str]
    tile: _DrawingTile
    token: _DrawingToken
    wheel: _DrawingWheel
    track: _DrawingTrack
    centre: _DrawingCentre


class _DrawingCentre(TypedDict):
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


class _DrawingTrack(TypedDict):
    """The moon track's circle, its spaces, and its markers: a stack climbs inward by ``stack_step``."""

    radius: float
    space: float
    number_baseline: float
    marker: float
    stack_step: float


class _DrawingWheel(TypedDict):
    """The wheel in a ``box`` square centred at 0: radii of the rim, the space numbers, the spaces and the
    ring around the moon track; tiles on it are drawn ``tile_scale`` times larger."""

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


class _DrawingToken(TypedDict):
    """Token radii (a lone token, one on a task); the number's baseline and size are fractions of the
    radius, so every size of token reads alike."""

    radius: float
    on_task: float
    number_y: float
    number_size: float


class _DrawingTile(TypedDict):
    """A tile ``size`` wide around (0, 0); ``discs[n]`` holds the task discs' centres on a tile with n
    tasks, ``dots[n]`` the offsets of a task's n dots in its disc."""

    size: float
    face: float
    corner: float
    cost: _DrawingTileCost
    letter: list[float]
    disc: float
    discs: list[list[list[float]]]
    dots: list[list[list[float]]]


class _DrawingTileCost(TypedDict):
    """The cost's disc: its centre, radius, and the number's baseline below the centre."""

    x: float
    y: float
    r: float
    baseline: float


class _DrawingPlayer(TypedDict):
    """A player's token: every token also carries the player's number."""

    fill: str
    stroke: str
    ink: str


class _DrawingTileColour(TypedDict):
    """A tile colour's face, its letter (so that no rule rests on telling colours apart) and its dots."""

    fill: str
    letter: str
    letter_ink: str
    dot: _DrawingDot


class _DrawingDot(TypedDict, total=False):
    """A dot's shape around its centre, one of: a circle (its radius), a square (half its side) or an
    outline (an SVG path of absolute M, L, H and Z commands)."""

    circle: float
    square: float
    path: str
