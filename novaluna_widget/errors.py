"""The errors a player or a script meets: a move the rules forbid, a position that cannot occur."""

from __future__ import annotations

import reprlib

from .i18n import Message


class _Worded(ValueError):
    """An error whose message is data (an ``i18n.Message``, or plain text from code that has none):
    ``str(error)`` words it in the package language, ``error.in_language(lang)`` in any."""

    def __init__(self, message: Message | str = "") -> None:
        super().__init__(message)

    @property
    def message(self) -> Message | str:
        """What the error says, as data (a ``Message``) or, from code that words its own, as text."""
        return self.args[0] if self.args else ""

    def in_language(self, lang: str | None = None) -> str:
        """The message in ``lang`` (None: the package language)."""
        message = self.message
        return message.in_language(lang) if isinstance(message, Message) else str(message)

    def __str__(self) -> str:
        return self.in_language()


class IllegalMove(_Worded):
    """A move, refill or setup the rules forbid. The message says what was wrong and what is allowed;
    the game or board that raised it is exactly as it was before the call."""


class PositionError(_Worded):
    """Game data (``Game.from_snapshot``) that describes no position the rules can reach: the message
    names the field and what is wrong with it. ``SaveError`` and ``ScenarioError`` say the same for a
    save file and a scenario."""


def quote(value: object, limit: int = 100) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about bad input: a damaged save
    file's 50 MB string or a page's deeply nested list must not end up whole in an error (nor be
    written out whole first: ``reprlib`` stops early)."""
    try:
        text = _SHORT.repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        text = f"<a {type(value).__name__} too large to print>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 4, 200, 200, 200
