"""What the widget's coach shows, as pure functions: a position of the game's history, a hint, the rows of
a review and a reviewed action's two outcomes side by side. No anywidget, traitlets or IPython.

``protocol`` builds the live position; this module adds what looks at a game rather than plays it. Every
history position is rebuilt from the game's own snapshot (the start and the first ``k`` actions), so a
past position is exactly the one the players saw, draw pile included, and the live game is never
touched. The words come from ``narration`` (the log's sentences) and ``coach`` (reasons and comments), in
the language asked for (``lang``; None: the package language).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from ._board import whole_number
from ._contract import Can, Compare, ComparedOption, Mark, PlayerState, Position, ReviewRow, View
from ._contract import HintShown as HintState
from ._errors import IllegalMove, quote
from ._game import Action, Game, Move, action_data
from ._i18n import Message, cell_words, cmsg, cplural, msg, resolve, word
from ._names import named
from ._narration import tell
from ._protocol import game_state, player_state
from .coach import MAX_LOSS, Hint

__all__ = [
    "BROWSING",
    "TUTORIAL_ONLY",
    "compare",
    "hint_state",
    "past",
    "position_at",
    "position_number",
    "review_row",
    "view_state",
]

#: Why a move is refused while an earlier position is on show.
BROWSING: Final = msg("this is an earlier position of the game; press Back to now to play")
#: Why Hint, Review, history, Undo, Redo and the bots wait until the guided game is over.
TUTORIAL_ONLY: Final = msg(
    "In the guided game, follow the steps: Hint, Review, history, Undo and the bots "
    "come with your own games. Press New game when the guide is done."
)


def position_number(game: Game, k: object) -> int:
    """``k`` as a position of ``game``'s history, an int from 0 (the start) to the number of actions (now):
    numpy integers too (what a DataFrame hands back); ``IllegalMove`` if there is no such position."""
    n = len(game.history)
    number = whole_number(k)
    if number is None or not 0 <= number <= n:
        raise IllegalMove(
            msg(
                "there is no position {k} in this game: positions run from 0 (the start) to {n}",
                k=quote(k) if number is None else number,  # a number in the reader's digits
                n=n,
            )
        )
    return number


def past(game: Game, k: object) -> Game:
    """The game after its first ``k`` actions (``position_number``), rebuilt from its snapshot (the game is
    not changed). ``IllegalMove`` if there is no such position."""
    k = position_number(game, k)
    data = {**game.snapshot(), "redo": []}
    data["history"] = data["history"][:k]
    del data["position"]
    return Game.from_snapshot(data)


def _read_only(position: Position) -> Position:
    """A position the page shows but may not play on: no legal cells, every button that plays off."""
    return {
        **position,
        "moves": {"cells": [], "fulfil": []},
        "can": cast(Can, dict.fromkeys(position["can"], False)),
    }


def position_at(
    game: Game, k: int, seats: Sequence[str | None], lang: str | None = None, *, reader: int | None = None
) -> Position:
    """The page's position after the first ``k`` actions of ``game``, read-only, worded in ``lang`` for
    the player of seat ``reader`` (None: nobody is "you")."""
    return _read_only(game_state(past(game, k), seats, lang, reader=reader))


def view_state(
    game: Game,
    shown: int | None,
    compared: Compare | None = None,
    lang: str | None = None,
    *,
    reader: int | None = None,
) -> View:
    """``state.view``: the position on show (``turn``, from 0 at the start to ``turns``, the number of
    actions so far), whether it is the position now, its ``label`` in words of ``lang`` (for the player
    of seat ``reader``), and the ``compare`` of an open review row."""
    turns = len(game.history)
    if shown is None:
        label = msg("the position now").in_language(lang)
        return {"turn": turns, "turns": turns, "now": True, "label": label, "compare": None}
    return {
        "turn": shown,
        "turns": turns,
        "now": False,
        "label": _label(game, shown, resolve(lang), reader),
        "compare": compared,
    }


#: The full stops a sentence of the log may end with, dropped where it becomes a label.
_STOPS: Final = ".。"


def _label(game: Game, k: int, lang: str, reader: int | None) -> str:
    """ "the start of the game", or "after action 12 of 40: Bo took R07 (wheel space 3), …"."""
    if k == 0:
        return msg("the start of the game").in_language(lang)
    entries, _ = tell(past(game, k), 1, lang, reader=reader)
    if not entries:
        return msg("after action {k} of {n}", k=k, n=len(game.history)).in_language(lang)
    said = entries[-1][3].rstrip(_STOPS)  # a label, not a sentence
    return msg("after action {k} of {n}: {said}", k=k, n=len(game.history), said=said).in_language(lang)


def hint_state(hint: Hint, version: int, lang: str | None = None) -> HintState:
    """``state.hint``: the hint as data, the sentence to say (``words``, in ``lang``: the hint's
    ``reason`` should be worded in it too, see ``coach.hint``) and the ``version`` it is for."""
    words = msg("Hint: {reason}", reason=hint.reason).in_language(lang)
    return {**hint.to_data(), "words": words, "version": version}


def _action_words(game: Game, action: Action, lang: str | None = None) -> str:
    """An action of the player to move in ``game``, briefly: "R07 from wheel space 3 at (1, 0)", "refill",
    "end phase 1"."""
    return _action(game, action).in_language(lang)


def _action(game: Game, action: Action) -> Message:
    if isinstance(action, Move):
        taken = game.wheel[action.space]
        tile: Message | str = msg("a tile") if taken is None else taken.id
        return msg(
            "{tile} from wheel space {space} at {cell}",
            tile=tile,
            space=action.space,
            cell=cell_words(action.cell),
        )
    return msg("refill the wheel") if action == "refill" else msg("end phase 1")


def _loss_words(game: Game, loss: float, lang: str | None = None) -> str:
    """A review's loss in words of ``lang``: "1.5 tokens", solo "15 points" of score (a token is
    ``game.token_worth`` points), or "may decide the game" from ``MAX_LOSS``."""
    return _loss(game, loss).in_language(lang)


def _loss(game: Game, loss: float) -> Message:
    if loss >= MAX_LOSS:
        return msg("may decide the game")
    if game.score_unit == "points":  # round() rounds half to even, as the format ".0f" did
        return cplural("solo points of score lost", "{n} point", "{n} points", round(loss * game.token_worth))
    shown = f"{loss:.1f}"
    whole, tenth = shown.split(".")
    # A count with a decimal takes no plural form of its own: one message for 1.0 token, one for the rest.
    tokens = cmsg("a number with one decimal", "{whole}.{tenth}", whole=int(whole), tenth=int(tenth))
    if shown == "1.0":
        return cmsg("tokens lost", "{tokens} token", tokens=tokens)
    return cmsg("tokens lost", "{tokens} tokens", tokens=tokens)


def review_row(game: Game, index: int, row: Mapping[str, Any], lang: str | None = None) -> ReviewRow:
    """One row of the Review panel for the action ``index`` of ``game.history``, from ``coach.review``'s
    ``row`` (made at the position before the action, which is ``game``): the loss in tokens, solo in
    points of score; its words in ``lang`` (the row's ``comment`` is the coach's, already worded, or a
    message to word here)."""
    lang = resolve(lang)
    loss = float(row["loss"])
    player = int(row["player"])
    comment = row["comment"]
    return {
        "index": index,
        "turn": int(row["turn"]),
        "player": player,
        "name": word(named([p.name for p in game.players])[player], lang),
        "played": _action_words(game, row["played"], lang),
        "suggested": _action_words(game, row["suggested"], lang),
        "loss": loss,
        "loss_words": _loss(game, loss).in_language(lang),
        "comment": comment if isinstance(comment, str) else word(comment, lang),
    }


def _option(
    game: Game, action: Action, seats: Sequence[str | None], lang: str, reader: int | None
) -> tuple[ComparedOption, PlayerState]:
    """What to mark for ``action`` at ``game`` (space, tile, cell, words), and the mover's area after it."""
    mover = game.current_player
    after = game.copy()
    after.play(action)
    name = word(named([p.name for p in game.players])[mover], lang)
    area = player_state(after.players[mover], seats[mover], you=mover == reader, name=name)
    mark: Mark = {"tile": None, "space": None, "cell": None}
    if isinstance(action, Move):
        taken = game.wheel[action.space]
        mark = {"tile": None if taken is None else taken.id, "space": action.space, "cell": action.cell}
    return {**mark, "words": _action_words(game, action, lang), "action": action_data(action)}, area


def compare(
    game: Game,
    index: int,
    row: Mapping[str, Any],
    seats: Sequence[str | None],
    lang: str | None = None,
    *,
    reader: int | None = None,
) -> Compare:
    """``view.compare`` for the open review row of action ``index`` (``coach.review``'s ``row``): the
    move played and the suggestion at the position before it, and the mover's area after each (the
    reader's, seat ``reader``, told about as "you"), worded in ``lang``."""
    lang = resolve(lang)
    before = past(game, index)
    played, played_area = _option(before, row["played"], seats, lang, reader)
    suggested, suggested_area = _option(before, row["suggested"], seats, lang, reader)
    return {
        "row": index,
        "player": int(row["player"]),
        "played": played,
        "suggested": suggested,
        "played_area": played_area,
        "suggested_area": suggested_area,
    }
