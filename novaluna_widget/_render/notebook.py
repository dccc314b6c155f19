"""Pictures for notebooks: ``picture`` wraps any picture so that it shows where a notebook is not trusted
(an ``<img>`` of the SVG, which JupyterLab's sanitizer keeps)."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from html import escape, unescape
from typing import Final, Literal

from .._board import Board, TaskRef
from .._game import Game
from .._i18n import (
    msg,
    resolve,
)
from .._tiles import Tile
from .areas import Labels, area_grid, board_svg, tiles_svg
from .moon_wheel import wheel_svg
from .panels import game_svg, projector_cell, projector_game_svg

__all__ = ["Picture", "picture"]


#: The title every picture carries (``svg_document``), which is also its text form.
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
            _, unit_width, unit_height = area_grid(what, (), None, 1, labels, lang)
            cell = projector_cell(unit_width, unit_height)
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
        cell = projector_cell(len(tiles) * 1.2, 1.25)  # tiles_svg's gap and id line
    return Picture(tiles_svg(tiles, 120 if cell is None else cell, lang), live)
