"""The one error a player or a script meets for a move the rules do not allow."""


class IllegalMove(ValueError):
    """A move, refill or setup the rules forbid. The message says what was wrong and what is allowed;
    the game or board that raised it is exactly as it was before the call."""
