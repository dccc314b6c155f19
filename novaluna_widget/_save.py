"""Versioned save files: ``Game.snapshot()`` as JSON, with a format name and a version.

Loading trusts nothing: ``Game.from_snapshot`` checks the start position (known tiles, each of the 68
exactly once, token counts that add up, a legal area for every player), replays the history move by
move and compares the result with the saved position, so a hand-edited or damaged file is named and
refused with a ``SaveError``.
"""

from __future__ import annotations

import json
from typing import TypeVar

from ._errors import PositionError, quote
from ._game import Game
from ._i18n import msg

__all__ = ["SaveError", "dump", "load"]

_FORMAT = "novaluna_widget._save"
_VERSION = 1

_G = TypeVar("_G", bound=Game)


class SaveError(PositionError):
    """A save file that cannot be loaded; the message names the problem."""


def dump(game: Game, indent: int | None = None) -> str:
    return json.dumps({"format": _FORMAT, "version": _VERSION, **game.snapshot()}, indent=indent)


def load(text: str | bytes, cls: type[_G]) -> _G:
    """The game saved in ``text``, which must be a ``cls`` (``TypeError`` otherwise)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(msg("a save file is text (str or bytes), not {type}", type=type(text).__name__))
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(msg("not a novaluna_widget save file: the JSON is nested too deeply")) from None
    # Where the text stops being JSON, in words of any language (the parser's own words are English).
    except json.JSONDecodeError as err:
        raise SaveError(
            msg(
                "not a novaluna_widget save file: the JSON does not parse (line {line}, column {column})",
                line=err.lineno,
                column=err.colno,
            )
        ) from None
    except UnicodeDecodeError as err:
        raise SaveError(
            msg(
                "not a novaluna_widget save file: the JSON does not parse (byte {byte} is not text)",
                byte=err.start,
            )
        ) from None
    except ValueError:  # the one other thing json refuses: a number too long to convert
        raise SaveError(
            msg("not a novaluna_widget save file: the JSON does not parse (a number is too long)")
        ) from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise SaveError(msg('not a novaluna_widget save file: expected "format": "{format}"', format=_FORMAT))
    version = data.get("version")
    if type(version) is not int or version != _VERSION:
        # Versions are names of file formats, as written in the file: no digits of a language.
        raise SaveError(
            msg(
                "save version {version} is not supported; this version reads {reads}",
                version=quote(version),
                reads=str(_VERSION),
            )
        )
    try:
        return cls.from_snapshot({k: v for k, v in data.items() if k not in ("format", "version")})
    except PositionError as err:
        raise SaveError(err.message) from None
