"""The page's question "why is this task (not) fulfilled?" (the ``why`` intent), asked of the position on
show and answered in the states that follow until that position changes. No anywidget, traitlets or IPython.
"""

from __future__ import annotations

from ._coach_view import past
from ._contract import Why
from ._errors import IllegalMove, quote
from ._game import Game
from ._i18n import msg
from ._modes import Asked, Screen

__all__ = ["answer", "ask"]


def ask(screen: Screen, game: Game, task: list[int] | None, version: int) -> Asked | None:
    """The explanation of ``task`` ([player, tile, task] of the position on show in ``screen``) of the live
    ``game``; None for no task, for one asked on an older picture (the page asks again for the picture it
    draws next), or in a mode whose tasks are not explained (a puzzle's verdict explains them).
    ``IllegalMove`` for a task the position on show does not have."""
    mode = screen.mode
    if task is None or version != screen.version or not mode.explains:
        return None
    shown = mode.shown_turn
    position = game if shown is None else past(game, shown)
    p, t, k = task
    players = position.players
    cells = list(players[p].board.tiles) if 0 <= p < len(players) else []
    if not 0 <= t < len(cells) or not 0 <= k < len(players[p].board[cells[t]].tasks):
        raise IllegalMove(msg("there is no task {task} in the position on show", task=quote(task)))
    return Asked(screen.version, shown, [p, t, k], players[p].board.explain(cells[t], k).message)


def answer(screen: Screen, lang: str) -> Why | None:
    """The explanation asked for last, in ``lang``, while the position on show is the one it was asked
    about."""
    asked = screen.asked
    if asked is None or (asked.version, asked.shown) != (screen.version, screen.mode.shown_turn):
        return None
    return {"task": asked.task, "text": asked.sentence.in_language(lang)}
