"""Each picture's title in words (what a screen reader says of it): an area's, and a game's."""

from __future__ import annotations

from .._board import Board
from .._game import Game, sheet_of
from .._i18n import (
    Message,
    cell_words,
    cmsg,
    cplural,
    joined,
    msg,
    plural,
)
from .._log import seat_words

__all__ = ["board_title", "game_title"]


def board_title(board: Board) -> Message:
    """An area's title (its label for screen readers and its tooltip): how many tiles it has and where,
    in words, e.g. ``Nova Luna area: 2 tiles (T03 on cell (0, 0), R16 on cell (1, 0))``."""
    if not board:
        return msg("Nova Luna area: empty")
    cells = joined(
        cmsg(
            "a tile and its cell, in the title of an area's picture",
            "{tile} on cell {cell}",
            tile=t.id,
            cell=cell_words(cell),
        )
        for cell, t in board.tiles.items()
    )
    return plural(
        "Nova Luna area: {n} tile ({cells})", "Nova Luna area: {n} tiles ({cells})", len(board), cells=cells
    )


def game_title(game: Game, reader: int | None, quiz: bool = False) -> Message:
    """A game's title (its label for screen readers and its tooltip), in words: the kind of game, its seed
    (as code writes it, to type it in again), the turn and who is to move or has won, e.g.
    ``Nova Luna: a 2-player game, seed 14, turn 0, Ada to move`` (with ``quiz``, neither). The reader,
    the player of seat ``reader``, has messages of their own ("You win")."""
    seed, turn = str(game.seed), game.turn
    if game.is_solo:  # its phase, then its score
        sheet = sheet_of(game)
        if game.is_over:
            return msg(
                "Nova Luna: a solo game, seed {seed}, turn {turn}, over: score {total}",
                seed=seed,
                turn=turn,
                total=sheet["total"],
            )
        return msg(
            "Nova Luna: a solo game, seed {seed}, turn {turn}, phase {phase}",
            seed=seed,
            turn=turn,
            phase=sheet["phase"],
        )
    players = len(game.players)
    if quiz:
        return plural(
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}",
            players,
            seed=seed,
            turn=turn,
        )
    names = [p.name for p in game.players]
    if game.is_over:
        name, yours = seat_words(names, game.winner or 0, reader)
        if yours:
            return cplural(
                "the player named You, the reader",
                "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} win",
                "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} win",
                players,
                seed=seed,
                turn=turn,
                name=name,
            )
        return plural(
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} wins",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, over: {name} wins",
            players,
            seed=seed,
            turn=turn,
            name=name,
        )
    name, yours = seat_words(names, game.current_player, reader)
    if yours:
        return cplural(
            "the player named You, the reader",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
            "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
            players,
            seed=seed,
            turn=turn,
            name=name,
        )
    return plural(
        "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
        "Nova Luna: a {n}-player game, seed {seed}, turn {turn}, {name} to move",
        players,
        seed=seed,
        turn=turn,
        name=name,
    )
