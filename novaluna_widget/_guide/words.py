"""The guided game's words: the seats, and the sentences the script builds from the engine's figures
(tiles, tasks and what fulfils them, tokens left, a track marker's move), each a whole message so that a
translation can order it as its language needs; and one turn played on the script's game and told."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .. import _track as track
from .._board import Board, TaskRef
from .._game import Game, Move
from .._i18n import Message, Value, cmsg, listed, msg, plural
from .._names import LUNA as _LUNA
from .._names import YOU as _YOU
from .._tiles import COLOUR_NAMES, Tile
from .._where import where_words
from .data import Reply

__all__ = [
    "CHAIN",
    "NAMED",
    "READER",
    "TOUCHED",
    "TO_CLICK",
    "TurnPlayed",
    "asks",
    "corner_words",
    "counted",
    "is_you",
    "luna_reply",
    "play",
    "seat_tokens",
    "task_on_tile",
    "tile_named",
    "track_move",
    "wheel_tile",
]

#: The reader's seat: the player the guide talks to (and its page tells about as "you") sits first.
READER: Final = 0

#: The seats as the sentences name them, worded in the guide's language: the reader's (seat 0), Luna's.
NAMED: Final = (_YOU, _LUNA)


# -- words ---------------------------------------------------------------------------------------
# Every sentence is a whole message, so that a translation can order it as the language needs; a nested
# message is a real sub-phrase (a tile, a task, where a tile goes, a list). The reader is "you" and Luna
# is named: the sentences about a player come in a message for each. The script's game names its seats
# in English, but the sentences never read those names: they name a seat by its number (``NAMED``), in
# the words of whichever language the sentence is read in.
def is_you(seat: int) -> bool:
    """Whether ``seat`` is the reader's (``READER``, named ``names.YOU``)."""
    return seat == READER


def tile_named(t: Tile) -> Message:
    return msg("{tile} ({colour}, cost {cost})", tile=t.id, colour=COLOUR_NAMES[t.colour], cost=t.cost)


#: A tile to click, named by its colour: "the blue B05" (of "Click the blue B05 on wheel space 4.").
TO_CLICK: Final[dict[str, Callable[[str], Message]]] = {
    "red": lambda tile: cmsg("a tile to click, by its colour", "the red {tile}", tile=tile),
    "blue": lambda tile: cmsg("a tile to click, by its colour", "the blue {tile}", tile=tile),
    "teal": lambda tile: cmsg("a tile to click, by its colour", "the teal {tile}", tile=tile),
    "yellow": lambda tile: cmsg("a tile to click, by its colour", "the yellow {tile}", tile=tile),
}
#: A tile a placed tile would touch, named by its colour: "the blue B05" (of "it would touch …").
TOUCHED: Final[dict[str, Callable[[str], Message]]] = {
    "red": lambda tile: cmsg("a tile it would touch, by colour", "the red {tile}", tile=tile),
    "blue": lambda tile: cmsg("a tile it would touch, by colour", "the blue {tile}", tile=tile),
    "teal": lambda tile: cmsg("a tile it would touch, by colour", "the teal {tile}", tile=tile),
    "yellow": lambda tile: cmsg("a tile it would touch, by colour", "the yellow {tile}", tile=tile),
}
#: A chain of one colour: "a blue chain".
CHAIN: Final[dict[str, Message]] = {
    "red": cmsg("a chain of one colour", "a red chain"),
    "blue": cmsg("a chain of one colour", "a blue chain"),
    "teal": cmsg("a chain of one colour", "a teal chain"),
    "yellow": cmsg("a chain of one colour", "a yellow chain"),
}


def wheel_tile(game: Game, space: int) -> Tile:
    """The tile on a wheel space the script names (it always holds one)."""
    found = game.wheel[space]
    assert found is not None
    return found


def asks(t: Tile) -> Value:
    """A tile's tasks in quotes: '"2 blue" and "1 yellow"'."""
    return listed([cmsg("a task quoted", '"{task}"', task=task.words()) for task in t.tasks])


def task_on_tile(board: Board, ref: TaskRef) -> Message:
    """A task with its tile: '"2 blue" on Y11'."""
    t = board[(ref[0], ref[1])]
    return msg('"{task}" on {tile}', task=t.tasks[ref[2]].words(), tile=t.id)


def counted(board: Board, ref: TaskRef) -> Message:
    """Which tiles fulfil a task (``Board.explain``): those touching its tile, and those counted
    through a chain: "B05 touches it, and B02 counts through the chain"."""
    why = board.explain((ref[0], ref[1]), ref[2])
    touching = [board[c].id for count in why.colours for c in count.touching]
    linked = [board[c].id for count in why.colours for c in count.chain if c not in count.touching]
    touch = plural("{tiles} touches it", "{tiles} touch it", len(touching), tiles=listed(touching))
    if not linked:
        return touch
    return cmsg(
        "the tiles that fulfil a task",
        "{touching}, and {linked}",
        touching=touch,
        linked=plural(
            "{tiles} counts through the chain",
            "{tiles} count through the chain",
            len(linked),
            tiles=listed(linked),
        ),
    )


def corner_words(board: Board, ref: TaskRef) -> Message | None:
    """That a tile counted through a chain touches the task's tile only at a corner, if one does."""
    why = board.explain((ref[0], ref[1]), ref[2])
    for count in why.colours:
        for c in count.chain:
            if abs(c[0] - why.cell[0]) == abs(c[1] - why.cell[1]) == 1:
                return msg(
                    "{tile} touches {task_tile} only at a corner, which on its own never counts.",
                    tile=board[c].id,
                    task_tile=why.tile.id,
                )
    return None


def seat_tokens(game: Game, seat: int) -> Message:
    left = game.players[seat].tokens
    if is_you(seat):
        return plural("You have {n} token left.", "You have {n} tokens left.", left)
    return plural("{name} has {n} token left.", "{name} has {n} tokens left.", left, name=NAMED[seat])


# -- one turn, played and told -------------------------------------------------------------------
@dataclass(frozen=True)
class TurnPlayed:
    """A move played on the script's game, with what the sentences need: who, which tile from where,
    where it went (in words), the tasks covered, and the track marker's time before and after."""

    seat: int
    tile: Tile
    move: Move
    where: Message
    covered: tuple[TaskRef, ...]
    before: int
    after: int

    @property
    def spaces(self) -> dict[str, Value]:
        """The track marker's move, ``start`` and ``end``: "from track space 3 to 7" (time goes on,
        the spaces wrap at 24)."""
        return {"start": track.space(self.before), "end": track.space(self.after)}


def play(game: Game, move: Move) -> TurnPlayed:
    seat = game.current_player
    player, taken = game.players[seat], wheel_tile(game, move.space)
    where, before = where_words(player.board.tiles, move.cell, you=is_you(seat)), player.time
    covered = tuple(sorted(game.play(move)))
    return TurnPlayed(seat, taken, move, where, covered, before, player.time)


def track_move(game: Game, played: TurnPlayed) -> Message:
    """The track marker's move, and who moves next because of it (the rearmost; of a stack the top)."""
    other = game.players[1 - played.seat]
    args: dict[str, Value] = {**played.spaces, "space": other.space}
    you = is_you(played.seat)
    name = NAMED[1 - played.seat if you else played.seat]  # the player who is not you
    if game.current_player != played.seat:
        if you:
            return msg(
                "Your track marker moved from track space {start} to {end}, past {name}'s on track "
                "space {space}: {name} is rearmost now, so {name} moves "
                "next.",
                name=name,
                **args,
            )
        return msg(
            "{name}'s track marker moved from track space {start} to {end}, past yours on track space "
            "{space}: you are rearmost now, so you move next.",
            name=name,
            **args,
        )
    if played.after < other.time:
        if you:
            return msg(
                "Your track marker moved from track space {start} to {end}, still behind {name}'s on "
                "track space {space}: you move again.",
                name=name,
                **args,
            )
        return msg(
            "{name}'s track marker moved from track space {start} to {end}, still behind yours on "
            "track space {space}: {name} moves again.",
            name=name,
            **args,
        )
    if you:
        return msg(
            "Your track marker moved from track space {start} to {end}, on top of {name}'s on track "
            "space {space}: you move again.",
            name=name,
            **args,
        )
    return msg(
        "{name}'s track marker moved from track space {start} to {end}, on top of yours on track "
        "space {space}: {name} moves again.",
        name=name,
        **args,
    )


def luna_reply(game: Game, move: Move) -> Reply[Message]:
    """One of Luna's scripted turns, played and told."""
    played = play(game, move)
    name = NAMED[played.seat]
    board = game.players[played.seat].board
    args: dict[str, Value] = {
        "name": name,
        "tile": tile_named(played.tile),
        "space": move.space,
        "where": played.where,
        "track": track_move(game, played),
    }
    if played.covered:
        return Reply(
            move,
            msg(
                "{name} took {tile} from wheel space {space} and placed it {where}, covering "
                "{tasks}. {tokens} "
                "{track}",
                tasks=listed([task_on_tile(board, ref) for ref in played.covered]),
                tokens=seat_tokens(game, played.seat),
                **args,
            ),
        )
    return Reply(
        move, msg("{name} took {tile} from wheel space {space} and placed it {where}. {track}", **args)
    )
