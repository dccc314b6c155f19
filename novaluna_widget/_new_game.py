"""The right kind of game for a number of players: ``new_game(1)`` is a solo game, 2–4 a ``Game``."""

from __future__ import annotations

from collections.abc import Sequence

from ._board import whole_number
from ._errors import quote
from ._game import Game, check_beginner
from ._i18n import check_language, msg
from ._names import default_names
from ._solo import SoloGame

__all__ = ["game_class", "new_game"]


def game_class(players: int) -> type[Game]:
    """``SoloGame`` for one player, ``Game`` for more."""
    return SoloGame if players == 1 else Game


def new_game(
    players: int | Sequence[str] = 2, *, seed: int | None = None, beginner: bool = False, lang: str = "en"
) -> Game:
    """A new deal: a ``SoloGame`` for one player (a number or a list of one name), else a ``Game`` of
    2–4 players. The solo game has no beginner variant, so ``beginner=True`` is refused there. Seats given
    by number are named in ``lang`` (``default_names``; a name is data, saved with the game: it stays)."""
    beginner = check_beginner(beginner)
    count = whole_number(players)  # numpy integers too; True is no number of players
    if count is None and not isinstance(players, (list, tuple)):
        raise TypeError(
            msg(
                "players is a number ({low}–{high}) or a list of {low}–{high} names, not {value}",
                low=1,
                high=Game.SEATS[1],
                value=quote(players),
            )
        )
    if count is None:
        names = list(players)  # type: ignore[arg-type]  # a list or a tuple
    elif count == 1:
        names = default_names(1, check_language(lang))
    elif lang == "en" or not 2 <= count <= Game.SEATS[1]:  # Game names its seats, or refuses the count
        return Game(count, seed=seed, beginner=beginner)
    else:
        names = default_names(count, check_language(lang))
    return game_class(len(names))._dealt(names, seed, beginner)
