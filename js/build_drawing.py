"""Write the types of the drawing spec, novaluna_widget/_render/drawing.py, from novaluna_widget/drawing.json.

drawing.json is the one source of how Nova Luna is drawn: the view imports it as it is, and the static
pictures read it through these types, which are derived from its shape here rather than restated by hand.
An object becomes a TypedDict named after its path (``tile.cost``: ``TileCost``); a list, the type of its
items (empty lists take their siblings'); a number inside the geometry a ``float`` (lengths), at the top an
``int`` (counts); the objects keyed by a colour's name (``MAPPINGS``) a ``dict[str, …]``, whose values'
keys that only some values have (``dot``'s shapes, one each) are optional.

Run by ``make drawing``; tests/test_render.py checks that the committed file is what this writes now.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "novaluna_widget" / "drawing.json"
TARGET = ROOT / "novaluna_widget" / "_render" / "drawing.py"
#: Objects keyed by a name the code looks up at run time (a tile's colour, a colour's name), not by field.
MAPPINGS = {("tile_colours",), ("colours",)}
#: Names where the path's would read worse: a list's or a mapping's item is one of them.
NAMES = {
    "players": "DrawingPlayer",
    "tile_colours.item": "DrawingTileColour",
    "tile_colours.item.dot": "DrawingDot",
}
#: What a part is for, where its keys do not say it (the numbers' meaning is the spec's ``about``).
DOCS = {
    "": (
        "``drawing.json``: what the static picture and the widget's view both draw (its ``about`` says more)."
    ),
    "tile_colours.item": (
        "A tile colour's face, its letter (so that no rule rests on telling colours apart) and its dots."
    ),
    "tile_colours.item.dot": (
        "A dot's shape around its centre, one of: a circle (its radius), a square (half its side) or an "
        "outline (an SVG path of absolute M, L, H and Z commands)."
    ),
    "players": "A player's token: every token also carries the player's number.",
    "tile": (
        "A tile ``size`` wide around (0, 0); ``discs[n]`` holds the task discs' centres on a tile with n "
        "tasks, ``dots[n]`` the offsets of a task's n dots in its disc."
    ),
    "tile.cost": "The cost's disc: its centre, radius, and the number's baseline below the centre.",
    "token": (
        "Token radii (a lone token, one on a task); the number's baseline and size are fractions of the "
        "radius, so every size of token reads alike."
    ),
    "wheel": (
        "The wheel in a ``box`` square centred at 0: radii of the rim, the space numbers, the spaces and "
        "the ring around the moon track; tiles on it are drawn ``tile_scale`` times larger."
    ),
    "track": "The moon track's circle, its spaces, and its markers: a stack climbs inward by ``stack_step``.",
    "centre": "The wheel's centre: lines of text from ``top``, then the draw pile (two cards and a count).",
}

HEADER = '''"""The types of the drawing spec, ``drawing.json``, derived from its shape by js/build_drawing.py
(``make drawing``): do not edit; the spec itself says what its parts mean (its ``about``)."""

from __future__ import annotations

from typing import TypedDict

__all__ = [{names}]
'''


def _name(path: tuple[str, ...]) -> str:
    """``Drawing`` for the file; its parts' types are the module's own (only ``Drawing`` is read)."""
    name = NAMES.get(".".join(path)) or "Drawing" + "".join(part.title().replace("_", "") for part in path)
    return "_" + name if path else name


def _docstring(path: tuple[str, ...]) -> str:
    """The class's docstring, wrapped to the line length as ruff format leaves it."""
    words, lines, line = DOCS.get(".".join(path), f"``{'.'.join(path)}``.").split(), [], '    """'
    for word in words:
        if len(line) + 1 + len(word) > 106 and line.strip() != '"""':
            lines.append(line)
            line = "    " + word
        else:
            line = line + ("" if line.endswith('"""') else " ") + word
    return "\n".join([*lines, line + '"""'])


class _Writer:
    def __init__(self) -> None:
        self.classes: dict[str, str] = {}

    def object(self, path: tuple[str, ...], values: list[dict[str, Any]]) -> str:
        """A TypedDict for objects found at ``path`` (several, if they are a mapping's or a list's items)."""
        keys = list(dict.fromkeys(key for value in values for key in value))
        optional = [key for key in keys if not all(key in value for value in values)]
        fields = [
            f"    {key}: {self.type((*path, key), [v[key] for v in values if key in v])}" for key in keys
        ]
        name = _name(path)
        total = ", total=False" if optional and len(optional) == len(keys) else ""
        if optional and not total:
            raise SystemExit(f"{'.'.join(path)}: some keys optional, some not ({optional}): split the object")
        self.classes[name] = f"class {name}(TypedDict{total}):\n{_docstring(path)}\n\n" + "\n".join(fields)
        return name

    def type(self, path: tuple[str, ...], values: list[Any]) -> str:
        if path in MAPPINGS:
            items = [item for value in values for item in value.values()]
            return f"dict[str, {self.type((*path, 'item'), items)}]"
        if all(isinstance(v, dict) for v in values):
            return self.object(path, values)
        if all(isinstance(v, list) for v in values):
            items = [item for value in values for item in value]
            return f"list[{self.type(path, items)}]" if items else "list[object]"
        if all(isinstance(v, str) for v in values):
            return "str"
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            counts = len(path) == 1 and all(isinstance(v, int) for v in values)
            return "int" if counts else "float"
        raise SystemExit(f"{'.'.join(path)}: values of mixed kinds")


def written() -> str:
    """The module of types for drawing.json as it is now."""
    writer = _Writer()
    writer.object((), [json.loads(SOURCE.read_text(encoding="utf-8"))])
    names = ["Drawing"]
    body = "\n\n\n".join(writer.classes[name] for name in reversed(list(writer.classes)))
    return HEADER.format(names=", ".join(f'"{n}"' for n in names)) + "\n\n" + body + "\n"


if __name__ == "__main__":
    TARGET.write_text(written(), encoding="utf-8")
    sys.exit(0)
