"""Where a tile lies in an area, in words: beside a tile placed before it ("right of B04"), or as the
area's first tile.

Said alike wherever a turn is told: the page's narration of a turn (``narration.tell``) and the guided
game's prompts, refusals and replies. The sides are seen from the earlier tile; y grows downward.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from ._i18n import Message, cmsg
from ._tiles import Tile

__all__ = ["where_words"]

#: The side of an earlier tile that a tile lies on: (dx, dy) from it → the words.
_SIDES: Final[dict[tuple[int, int], Callable[[str], Message]]] = {
    (1, 0): lambda tile: cmsg("where a tile was placed", "right of {tile}", tile=tile),
    (-1, 0): lambda tile: cmsg("where a tile was placed", "left of {tile}", tile=tile),
    (0, 1): lambda tile: cmsg("where a tile was placed", "below {tile}", tile=tile),
    (0, -1): lambda tile: cmsg("where a tile was placed", "above {tile}", tile=tile),
}


def where_words(tiles: Mapping[tuple[int, int], Tile], cell: tuple[int, int], *, you: bool) -> Message:
    """Where the tile at ``cell`` lies (or would lie, if ``cell`` is empty), by the first tile of
    ``tiles`` (an area's, in the order they were placed) beside it and placed before it; if there is
    none, as the first tile of the area: the reader's (``you``) or another player's."""
    for placed, t in tiles.items():
        if placed == cell:
            break
        side = _SIDES.get((cell[0] - placed[0], cell[1] - placed[1]))
        if side is not None:
            return side(t.id)
    if you:
        return cmsg("the player named You, the reader", "as the first tile of your area")
    return cmsg("where a tile was placed", "as the first tile of their area")
