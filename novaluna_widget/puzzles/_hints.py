"""The hints of a puzzle: what to apply and where to look, never the answer itself.

The first hint of every kind is the rule the question turns on (where the board holds the answer, and
how to read it); a second, where a kind has one, narrows the search with a fact the learner would
otherwise count for themselves (where the moon marker stands, how many tasks the best cell fulfils), but
names no answer. What a hint costs follows how many were taken (``trainer``): a first hint gives away
less than a second, and Show the answer gives the puzzle up.

Hints are worked out from what the puzzle holds (its kind, position, tile, cell and answers), apart from
the makers, so a puzzle however made (on the fly or from a curated set) has them.
"""

from __future__ import annotations

from .._i18n import Message, cell_words, msg, plural
from ..bots import best_place
from ._answers import Made

__all__ = ["hints"]


def hints(kind: str, made: Made) -> tuple[Message, ...]:
    """The hints of a puzzle of ``kind``, first to last."""
    return _HINTS[kind](made)


def _take(made: Made) -> tuple[Message, ...]:
    return (
        msg(
            "Find the moon marker: you may take any of the next three tiles clockwise from it, skipping "
            "empty wheel spaces."
        ),
        msg("The moon marker stands by wheel space {marker}.", marker=made.game.marker),
    )


def _fulfilled(made: Made) -> tuple[Message, ...]:
    board = made.game.players[made.seat or 0].board
    tasks = sum(len(t.tasks) for t in board.tiles.values())
    return (
        msg(
            "A task needs, of each colour it shows, that many tiles touching its tile, counting every tile "
            "of that colour joined to them through tiles of the same colour; its own tile never counts, "
            "diagonals never do."
        ),
        plural(
            "{n} of the {total} tasks in this area is fulfilled.",
            "{n} of the {total} tasks in this area are fulfilled.",
            len(made.answers),
            total=tasks,
        ),
    )


def _next(made: Made) -> tuple[Message, ...]:
    game = made.game
    stacks = game.moon_track() or {}
    rearmost = stacks[min(stacks, key=lambda space: min(game.players[p].time for p in stacks[space]))]
    return (
        msg(
            "The track marker furthest back on the moon track moves next, even several turns in a row; of a "
            "stack, the one on top."
        ),
        msg("The rearmost track space holds a stack.")
        if len(rearmost) > 1
        else msg("No other marker shares the rearmost track space."),
    )


def _refill(made: Made) -> tuple[Message, ...]:
    return (
        msg("You may refill the wheel only when 1 or 2 tiles are left on it and the draw pile is not empty."),
        plural(
            "The wheel holds {n} tile; look at the draw pile too.",
            "The wheel holds {n} tiles; look at the draw pile too.",
            made.game.tiles_on_wheel(),
        ),
    )


def _over(made: Made) -> tuple[Message, ...]:
    return (
        msg(
            "The game ends when a player places their last token (they win), or when the wheel and the draw "
            "pile are both empty (the fewest tokens left win; a tie goes to whoever would move first)."
        ),
        msg("Look at each player's tokens left, then at the wheel and the draw pile."),
    )


def _placement(made: Made) -> tuple[Message, ...]:
    assert made.tile is not None
    board = made.game.players[made.seat or 0].board
    most = max(len(board.would_fulfil(made.tile, cell)) for cell in board.legal_cells())
    return (
        msg(
            "Try {tile} on each empty cell next to the area: count the tasks it fulfils there, its own and "
            "those of the tiles it joins.",
            tile=made.tile.id,
        ),
        plural("The best cell fulfils {n} task.", "The best cell fulfils {n} tasks.", most),
    )


def _gain(made: Made) -> tuple[Message, ...]:
    assert made.tile is not None and made.cell is not None
    board = made.game.players[made.seat or 0].board
    x, y = made.cell
    touching = sum((x + dx, y + dy) in board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    return (
        msg(
            "Count the tasks that placing {tile} fulfils: its own, and those of the tiles it joins, by "
            "touch or by a chain of one colour. One token goes on each, while tokens last.",
            tile=made.tile.id,
        ),
        plural(
            "At {cell}, {tile} would touch {n} tile: start with its tasks and {tile}'s own.",
            "At {cell}, {tile} would touch {n} tiles: start with their tasks and {tile}'s own.",
            touching,
            cell=cell_words(made.cell),
            tile=made.tile.id,
        ),
    )


def _strategy(made: Made) -> tuple[Message, ...]:
    return (
        msg(
            "Weigh each tile on offer at its best cell: the tasks it fulfils now and later, its cost in "
            "steps on the moon track, and the tiles it leaves the next player."
        ),
    )


def _solo(made: Made) -> tuple[Message, ...]:
    (space,) = made.answers  # the curated set's answer: a wheel space, its tile at its best cell
    assert isinstance(space, int)
    move = best_place(made.game, space)
    tile = made.game.wheel[space]
    assert tile is not None
    covered = len(made.game.players[0].board.would_fulfil(tile, move.cell))
    return (
        msg(
            "Your score counts the cost of every tile in your area, plus 10 for each token not placed: weigh "
            "each tile's cost against the tasks it fulfils at its best cell."
        ),
        plural("The best move fulfils {n} task.", "The best move fulfils {n} tasks.", covered),
    )


_HINTS = {
    "take": _take,
    "fulfilled": _fulfilled,
    "next": _next,
    "refill": _refill,
    "over": _over,
    "placement": _placement,
    "gain": _gain,
    "strategy": _strategy,
    "solo": _solo,
}
