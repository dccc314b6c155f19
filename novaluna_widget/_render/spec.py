"""The drawing spec both drawings read, ``drawing.json`` (geometry, colours, each colour's letter and dot
shape), as typed data: its types are derived from the file (``drawing``), never restated."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Final

from .drawing import Drawing

__all__ = ["CENTRE", "PAINT", "SPEC", "TILE", "TOKEN", "TRACK", "WHEEL"]


SPEC: Final[Drawing] = json.loads(
    files("novaluna_widget").joinpath("drawing.json").read_text(encoding="utf-8")
)
PAINT: Final = SPEC["colours"]
TILE: Final = SPEC["tile"]
TOKEN: Final = SPEC["token"]
WHEEL: Final = SPEC["wheel"]
TRACK: Final = SPEC["track"]
CENTRE: Final = SPEC["centre"]
