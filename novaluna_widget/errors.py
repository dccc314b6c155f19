"""The errors a player or a script meets: a move the rules forbid, a position that cannot occur."""

import reprlib


class IllegalMove(ValueError):
    """A move, refill or setup the rules forbid. The message says what was wrong and what is allowed;
    the game or board that raised it is exactly as it was before the call."""


class PositionError(ValueError):
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
