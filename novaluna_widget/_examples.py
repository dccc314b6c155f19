"""The rulebook's eight task-chain examples, rebuilt with real tiles.

The rulebook's pictures are not available to us, so each example is rebuilt from its description with
tiles that have the tasks it names. ``placements`` are in a legal placing order; ``tasks`` lists the
tasks the example is about and whether they are fulfilled once every tile is down. An example's
``title`` and ``lesson`` are sentences as data (``i18n.Message``): ``str(ex.title)`` is the package
language, ``ex.title.in_language("ru")`` any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ._board import Board, Cell, TaskRef
from ._i18n import Message, msg
from ._tiles import tile

__all__ = ["EXAMPLES", "RulebookExample", "example"]


@dataclass(frozen=True)
class RulebookExample:
    number: int
    title: Message = field(hash=False)
    #: What the rulebook says the picture shows, in our words.
    lesson: Message = field(hash=False)
    placements: tuple[tuple[str, Cell], ...]
    #: The tasks the example is about, as (x, y, task_index), and whether each is fulfilled.
    tasks: tuple[tuple[TaskRef, bool], ...]

    def board(self, upto: int | None = None) -> Board:
        """The example's area; ``upto`` places only the first tiles (to show a chain growing)."""
        return Board((tile(tid), cell) for tid, cell in self.placements[:upto])


EXAMPLES: tuple[RulebookExample, ...] = (
    RulebookExample(
        1,
        msg("Two adjacent blue tiles"),
        msg("The yellow Y11's task '2 blue' is fulfilled by two blue tiles that both touch it."),
        (("Y11", (0, 0)), ("B01", (-1, 0)), ("B04", (1, 0))),
        (((0, 0, 2), True),),
    ),
    RulebookExample(
        2,
        msg("A chain of blue, and a diagonal red that does not count"),
        msg(
            "Only one of the two blue tiles touches Y11, but the other is chained to it, so '2 blue' is "
            "fulfilled. Two red tiles in a chain below Y11 count for '3 red'; the red R01 touches Y11 only "
            "diagonally, so it does not count and '3 red' is not fulfilled yet."
        ),
        (
            ("Y11", (0, 0)),
            ("B01", (1, 0)),
            ("B04", (2, 0)),
            ("R01", (1, -1)),
            ("R02", (0, 1)),
            ("R03", (0, 2)),
        ),
        (((0, 0, 2), True), ((0, 0, 0), False)),
    ),
    RulebookExample(
        3,
        msg("Two tasks of one tile at once"),
        msg(
            "Placing R13 fulfils both of its tasks at once, '2 blue' (B04 touching, B01 chained) and "
            "'1 yellow' (Y01): each gets a token."
        ),
        (("B01", (0, 0)), ("Y01", (1, 0)), ("B04", (0, 1)), ("R13", (1, 1))),
        (((1, 1, 0), True), ((1, 1, 1), True)),
    ),
    RulebookExample(
        4,
        msg("A cost-7 tile fulfilled by three tiles"),
        msg(
            "Y17 asks for 1 red + 1 blue, 1 red + 1 teal and 1 blue + 1 teal. One red, one blue and one teal "
            "tile around it fulfil all three tasks: a tile may serve several tasks."
        ),
        (("Y17", (0, 0)), ("R01", (1, 0)), ("B01", (-1, 0)), ("T01", (0, 1))),
        (((0, 0, 0), True), ((0, 0, 1), True), ((0, 0, 2), True)),
    ),
    RulebookExample(
        5,
        msg("Two tiles that fulfil each other's task"),
        msg(
            "The red R16 asks for '1 teal' and the teal T16 for '1 red': side by side, each fulfils the "
            "other's task with no other tile."
        ),
        (("R16", (0, 0)), ("T16", (1, 0))),
        (((0, 0, 2), True), ((1, 0, 2), True), ((0, 0, 1), False), ((1, 0, 1), False)),
    ),
    RulebookExample(
        6,
        msg("Two yellow tiles help both"),
        msg(
            "Two yellow tiles below R16 and T16 form one chain that touches both, so '2 yellow' is fulfilled "
            "on R16 and on T16 as well."
        ),
        (("R16", (0, 0)), ("T16", (1, 0)), ("Y01", (0, 1)), ("Y02", (1, 1))),
        (((0, 0, 1), True), ((1, 0, 1), True)),
    ),
    RulebookExample(
        7,
        msg("Two red '2' tiles support each other"),
        msg(
            "R02 and R03 each ask for 4 red, and a tile's own colour never counts for itself. In one chain "
            "of five red tiles each of them counts the other four, so both tasks are fulfilled."
        ),
        (("R02", (0, 0)), ("R03", (1, 0)), ("R01", (-1, 0)), ("R05", (2, 0)), ("R06", (0, 1))),
        (((0, 0, 0), True), ((1, 0, 0), True)),
    ),
    RulebookExample(
        8,
        msg("Four red tiles, two tasks"),
        msg(
            "Tasks are independent: the chain of four red tiles next to the blue B08 fulfils both its "
            "'4 red' and its '2 red'."
        ),
        (("B08", (0, 0)), ("R01", (1, 0)), ("R04", (2, 0)), ("R02", (2, 1)), ("R03", (3, 1))),
        (((0, 0, 0), True), ((0, 0, 1), True)),
    ),
)


def example(number: int) -> RulebookExample:
    """The rulebook's example ``number`` (1–8)."""
    if not isinstance(number, int) or not 1 <= number <= len(EXAMPLES):
        raise ValueError(
            msg("the rulebook has examples 1 to {last}, not {value}", last=len(EXAMPLES), value=repr(number))
        )
    return EXAMPLES[number - 1]
