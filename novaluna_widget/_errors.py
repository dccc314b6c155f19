"""The errors a player or a script meets: a move the rules forbid, a position that cannot occur, a message
from the page that is no intent."""

from __future__ import annotations

from ._i18n import Message
from ._i18n import quote as quote  # made in i18n, below every module that words a message; named here

__all__ = ["BadIntent", "IllegalMove", "PositionError"]


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


class BadIntent(_Worded):
    """A message from the page that is not a well-formed intent (wrong type, unknown action or field):
    ``protocol.parse_intent``'s refusal, worded as ``IllegalMove``'s."""
