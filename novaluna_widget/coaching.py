"""What the widget's coach shows, as pure functions: a position of the game's history, a hint, the rows of
a review and a reviewed action's two outcomes side by side. No anywidget, traitlets or IPython.

``protocol`` builds the live position; this module adds what looks at a game rather than plays it. Every
history position is rebuilt from the game's own snapshot (the start and the first ``k`` actions), so a
past position is exactly the one the players saw, draw pile included, and the live game is never
touched. The words come from ``story`` (the log's sentences) and ``coach`` (reasons and comments).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .coach import MAX_LOSS, Hint
from .errors import IllegalMove
from .game import Action, Game, Move, action_data
from .protocol import game_state, player_state
from .solo import PENALTY
from .story import tell

__all__ = ["BROWSING", "TUTORIAL_ONLY", "action_words", "compare", "hint_state", "past", "position_at",
           "read_only", "review_row", "view_state"]

#: Why a move is refused while an earlier position is on show.
BROWSING: Final = "this is an earlier position of the game; press Back to now to play"
#: Why Hint, Review, history, Undo, Redo and the bots wait until the guided game is over.
TUTORIAL_ONLY: Final = ("In the guided game, follow the steps: Hint, Review, history, Undo and the bots "
                        "come with your own games. Press New game when the guide is done.")


def past(game: Game, k: int) -> Game:
    """The game after its first ``k`` actions, rebuilt from its snapshot (the game is not changed).
    ``IllegalMove`` if there is no such position."""
    n = len(game.history)
    if type(k) is not int or not 0 <= k <= n:
        raise IllegalMove(f"there is no position {k!r} in this game: positions run from 0 (the start) to {n}")
    data = {**game.snapshot(), "redo": []}
    data["history"] = data["history"][:k]
    del data["position"]
    return Game.from_snapshot(data)


def read_only(position: Mapping[str, Any]) -> dict[str, Any]:
    """A position the page shows but may not play on: no legal cells, every button that plays off."""
    return {**position, "moves": {"cells": [], "fulfil": []},
            "can": {key: False for key in position["can"]}}  # fmt: skip


def position_at(game: Game, k: int, seats: list[str | None]) -> dict[str, Any]:
    """The page's position after the first ``k`` actions of ``game``, read-only."""
    return read_only(game_state(past(game, k), seats))


def view_state(game: Game, shown: int | None, compared: dict[str, Any] | None = None) -> dict[str, Any]:
    """``state.view``: the position on show (``turn``, from 0 at the start to ``turns``, the number of
    actions so far), whether it is the position now, its ``label`` in words, and the ``compare`` of an
    open review row."""
    turns = len(game.history)
    if shown is None:
        return {"turn": turns, "turns": turns, "now": True, "label": "the position now", "compare": None}
    return {"turn": shown, "turns": turns, "now": False, "label": _label(game, shown), "compare": compared}


def _label(game: Game, k: int) -> str:
    """"the start of the game", or "after action 12 of 40: Bo took R07 (space 3), …"."""
    if k == 0:
        return "the start of the game"
    entries, _ = tell(past(game, k), 1)
    said = f": {entries[-1][3].rstrip('.')}" if entries else ""  # a label, not a sentence
    return f"after action {k} of {len(game.history)}{said}"


def hint_state(hint: Hint, version: int) -> dict[str, Any]:
    """``state.hint``: the hint as data, the sentence to say (``words``) and the ``version`` it is for."""
    return {**hint.to_data(), "words": f"Hint: {hint.reason}", "version": version}


def action_words(game: Game, action: Action) -> str:
    """An action of the player to move in ``game``, briefly: "R07 from space 3 at (1, 0)", "refill",
    "end phase 1"."""
    if isinstance(action, Move):
        taken = game.wheel[action.space]
        tile = "a tile" if taken is None else taken.id
        return f"{tile} from space {action.space} at ({action.cell[0]}, {action.cell[1]})"
    return "refill the wheel" if action == "refill" else "end phase 1"


def review_row(game: Game, index: int, row: Mapping[str, Any]) -> dict[str, Any]:
    """One row of the Review panel for the action ``index`` of ``game.history``, from ``coach.review``'s
    ``row`` (made at the position before the action, which is ``game``): the loss in tokens, solo in
    points of score."""
    loss = float(row["loss"])
    if loss >= MAX_LOSS:
        worth = "may decide the game"
    elif game.score_sheet() is not None:
        worth = f"{loss * PENALTY:.0f} points"
    else:
        worth = f"{loss:.1f} token{'' if f'{loss:.1f}' == '1.0' else 's'}"
    player = int(row["player"])
    return {"index": index, "turn": int(row["turn"]), "player": player, "name": game.players[player].name,
            "played": action_words(game, row["played"]), "suggested": action_words(game, row["suggested"]),
            "loss": loss, "loss_words": worth, "comment": row["comment"]}  # fmt: skip


def _option(game: Game, action: Action, seats: list[str | None]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What to mark for ``action`` at ``game`` (space, tile, cell, words), and the mover's area after it."""
    mover = game.current_player
    after = game.copy()
    after.play(action)
    area = player_state(after.players[mover], seats[mover])
    mark: dict[str, Any] = {"tile": None, "space": None, "cell": None}
    if isinstance(action, Move):
        taken = game.wheel[action.space]
        mark = {"tile": None if taken is None else taken.id, "space": action.space, "cell": list(action.cell)}
    return {**mark, "words": action_words(game, action), "action": action_data(action)}, area


def compare(game: Game, index: int, row: Mapping[str, Any], seats: list[str | None]) -> dict[str, Any]:
    """``view.compare`` for the open review row of action ``index`` (``coach.review``'s ``row``): the
    move played and the suggestion at the position before it, and the mover's area after each."""
    before = past(game, index)
    played, played_area = _option(before, row["played"], seats)
    suggested, suggested_area = _option(before, row["suggested"], seats)
    return {"row": index, "player": int(row["player"]), "played": played, "suggested": suggested,
            "played_area": played_area, "suggested_area": suggested_area}  # fmt: skip
