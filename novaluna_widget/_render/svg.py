"""SVG's primitives for every picture: numbers as the markup writes them, elements, text and labels in
a language, moves and turns, and the document around a picture."""

from __future__ import annotations

import math
import re
from html import escape
from typing import Final

from .._i18n import (
    RIGHT_TO_LEFT,
    Message,
    Value,
    word,
)
from .spec import SPEC

__all__ = [
    "Point",
    "element",
    "label_svg",
    "moved_outline",
    "num",
    "polar",
    "spec_point",
    "svg_document",
    "text_svg",
    "translated",
    "without_hooks",
]


#: A place in a picture's units: x, y.
Point = tuple[float, float]


#: One command of a dot's outline and its numbers.
_STEP: Final = re.compile(r"([MLHZ])([^MLHZ]*)")


def num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def element(tag: str, body: str | None = None, /, **attrs: object) -> str:
    """One SVG element; ``font_size=20`` becomes ``font-size='20'``, ``class_`` ``class``; floats are
    rounded to 0.1."""
    text = "".join(
        f" {k.rstrip('_').replace('_', '-')}='{num(v) if isinstance(v, float) else v}'"
        for k, v in attrs.items()
    )
    return f"<{tag}{text}/>" if body is None else f"<{tag}{text}>{body}</{tag}>"


def text_svg(x: float, y: float, words: str, size: float, **attrs: object) -> str:
    font = SPEC["font"]
    return element("text", escape(words), x=float(x), y=float(y), font_size=size, font_family=font, **attrs)


def label_svg(x: float, y: float, words: Value, size: float, lang: str, **attrs: object) -> str:
    """A text of words in ``lang`` (a language code already checked). Right to left, it is set
    ``direction='rtl'`` and anchored so that it takes the place a left-to-right text would: a text that
    starts at ``x`` is anchored at its end, which is its left edge in that direction."""
    text = word(words, lang)
    if lang not in RIGHT_TO_LEFT:
        return text_svg(x, y, text, size, **attrs)
    anchor = {"start": "end", "end": "start"}.get(str(attrs.pop("text_anchor", "start")), "middle")
    return text_svg(x, y, text, size, text_anchor=anchor, **attrs, direction="rtl", unicode_bidi="embed")


def translated(x: float, y: float, body: str, scale: float = 1.0) -> str:
    scaled = f" scale({num(scale)})" if scale != 1 else ""
    return f"<g transform='translate({num(x)} {num(y)}){scaled}'>{body}</g>"


def moved_outline(outline: str, x: float, y: float) -> str:
    """A dot's outline, drawn around (0, 0) in the spec, moved to (x, y)."""
    steps = []
    for command, numbers in _STEP.findall(outline):
        shift = {"M": (x, y), "L": (x, y), "H": (x,), "Z": ()}[command]
        moved = (num(float(n) + d) for n, d in zip(numbers.split(), shift, strict=True))
        steps.append(command + " ".join(moved))
    return "".join(steps)


# -- the pieces no position changes, drawn once for both drawings ------------------------------------
# The page gets this markup once per language (``printed_pieces``) and puts it in place as it is, adding only
# what the position decides; the pictures here put the same markup in place. Its classes are the page's
# hooks (js/widget.css marks states with them and sets its own font); a picture, which has no stylesheet,
# leaves them out (``without_hooks``): the look is in the attributes.
_HOOK: Final = re.compile(r" class='[^']*'")


def without_hooks(markup: str) -> str:
    """The page's markup of a piece as a picture draws it: without the page's classes."""
    return _HOOK.sub("", markup)


def polar(radius: float, step: int, steps: int) -> tuple[float, float]:
    angle = math.radians(-90 + 360 / steps * step)
    return radius * math.cos(angle), radius * math.sin(angle)


def spec_point(x: float, y: float) -> Point:
    """A place to 0.1, as the markup writes it (``+ 0.0``: no -0.0)."""
    return (round(x, 1) + 0.0, round(y, 1) + 0.0)


def svg_document(width: float, height: float, body: str, title: Message, lang: str) -> str:
    """The picture: its size, its ``title`` (also its label for screen readers) in ``lang``, its body. A
    picture in a language other than English says which (``lang``), and one in a right-to-left language
    keeps its geometry left to right (see the module's docstring)."""
    size = f"viewBox='0 0 {num(width)} {num(height)}' width='{num(width)}' height='{num(height)}'"
    label = escape(title.in_language(lang))
    spoken = "" if lang == "en" else f" lang='{lang}'" + (" direction='ltr'" if lang in RIGHT_TO_LEFT else "")
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' {size}{spoken} role='img' aria-label='{label}'>"
        f"<title>{label}</title>{body}</svg>"
    )
