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

The package's modules, each with one job, in import-linter layers of their own (pyproject.toml), top down:
``notebook`` (pictures for notebooks), ``panels`` (the whole game with the players' panels), ``moon_wheel``
and ``areas`` (the wheel and the areas as a position has them), ``pieces`` and ``titles`` (the printed pieces;
the pictures' titles in words), ``svg`` (the markup's primitives) and ``spec`` (``drawing.json``, typed).
"""

from .areas import board_svg, tiles_svg
from .moon_wheel import wheel_svg
from .notebook import Picture, picture
from .panels import PROJECTOR, game_svg, projector_game_svg
from .pieces import COVER_OPACITY, Drawn, PrintedPieces, printed_pieces, tile_svg, tile_words
from .spec import SPEC
from .svg import Point

__all__ = [
    "COVER_OPACITY",
    "PROJECTOR",
    "SPEC",
    "Drawn",
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
