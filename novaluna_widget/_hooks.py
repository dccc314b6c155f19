"""The display and save hooks of the engine's objects, in one place.

``Game`` and ``Board`` sit below the modules that save, word and draw them (``_save``, ``_text_view``,
``_render``), yet ``game.to_json()``, ``str(game)`` and a notebook's picture are theirs. Their methods call
these functions, which import those modules when first called: the package's only imports upward.
pyproject.toml's ``ignore_imports`` names exactly these edges, and tests/test_architecture.py checks that they
stay inside this module's functions, where they run only when called.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

__all__ = ["from_json", "game_str", "mimebundle", "to_json"]

_G = TypeVar("_G")


def to_json(game: Any, indent: int | None) -> str:
    """``game.to_json()``: the versioned save file."""
    from ._save import dump as save_dump

    return save_dump(game, indent=indent)


def from_json(text: str | bytes, kind: type[_G]) -> _G:
    """``Game.from_json(text)``: a save file read back as a game of ``kind``."""
    from ._save import load as save_load

    return cast(_G, save_load(text, cast(Any, kind)))  # _save's bound (a Game) is below this module


def game_str(game: Any) -> str:
    """``str(game)``: the position in words."""
    from ._text_view import game_text as words

    return words(game)


def mimebundle(what: Any, include: object, exclude: object) -> dict[str, object]:
    """A game's or an area's picture for notebooks, trusted or not, exported pages and GitHub."""
    from ._render import picture

    return {**picture(what)._repr_mimebundle_(include, exclude), "text/plain": repr(what)}
