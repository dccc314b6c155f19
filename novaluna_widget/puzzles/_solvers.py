"""Simulated solvers: how players who misread rules, play one step greedily or search at a budget
answer a puzzle (issue 33). Their attempts rate the puzzles (``_calibrate``).

A solver is a set of ``misreadings`` (each a wrong version of one rule: it answers the puzzles that rule
decides as that rule would have them; every rule it does not misread it applies right), or a player of
strategy and solo puzzles: a search with ``nodes`` units of work, or with ``nodes=0`` one step greedily
(the tile with the most tokens now, the search's depth 1), who knows the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

from .._board import Board, TaskRef
from .._game import Game
from .._tiles import Tile
from .._wheel import SPACES
from ._answers import Answer
from ._deep import search


class PuzzleRead(Protocol):
    """What a solver reads of a puzzle (``_make.Puzzle`` has it): the kind, the position, whose area and
    which tile and cell it asks about, and its right answers (all of them wanted, or any one)."""

    @property
    def kind(self) -> str: ...
    @property
    def game(self) -> Game: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def tile(self) -> Tile | None: ...
    @property
    def cell(self) -> tuple[int, int] | None: ...
    @property
    def answers(self) -> frozenset[Answer]: ...
    @property
    def all(self) -> bool: ...


__all__ = ["MISREADINGS", "SOLVERS", "PuzzleRead", "answered", "fails", "misread"]


def _touching_only(board: Board) -> frozenset[TaskRef]:
    """The tasks fulfilled if only tiles touching a task's tile counted (chains forgotten)."""
    return frozenset(
        (x, y, i)
        for (x, y), tile in board.tiles.items()
        for i in range(len(tile.tasks))
        if all(len(c.touching) >= c.needed for c in board.explain((x, y), i).colours)
    )


def _newly(board: Board, puzzle: PuzzleRead, cell: tuple[int, int]) -> int:
    trial = board.copy()
    assert puzzle.tile is not None
    trial.place(puzzle.tile, cell)
    return len(_touching_only(trial) - _touching_only(board))


def _chains(puzzle: PuzzleRead) -> Answer | frozenset[Answer] | None:
    board = puzzle.game.players[puzzle.seat or 0].board
    if puzzle.kind == "fulfilled":
        return _touching_only(board)
    if puzzle.kind == "placement":
        return max(sorted(board.legal_cells()), key=lambda cell: _newly(board, puzzle, cell))
    if puzzle.kind == "gain":
        assert puzzle.cell is not None
        return min(_newly(board, puzzle, puzzle.cell), puzzle.game.players[puzzle.seat or 0].tokens)
    return None


def _no_skipping(puzzle: PuzzleRead) -> frozenset[Answer] | None:
    """Take: the next three spaces, empty ones counted as if they held a tile."""
    if puzzle.kind != "take":
        return None
    game = puzzle.game
    ahead = [(game.marker + k) % SPACES for k in (1, 2, 3)]
    return frozenset(s for s in ahead if game.wheel[s] is not None)


def _any_tile(puzzle: PuzzleRead) -> frozenset[Answer] | None:
    """Take: any tile on the wheel."""
    if puzzle.kind != "take":
        return None
    return frozenset(s for s, t in enumerate(puzzle.game.wheel) if t is not None)


def _bottom_first(puzzle: PuzzleRead) -> Answer | None:
    """Next: of a stack, the marker at the bottom moves first."""
    if puzzle.kind != "next":
        return None
    players = puzzle.game.players
    rear = min(p.space for p in players)
    return min((s for s, p in enumerate(players) if p.space == rear), key=lambda s: players[s].arrival)


def _refill_any_time(puzzle: PuzzleRead) -> Answer | None:
    """Refill: at any time, however many tiles are left and whatever the draw pile holds."""
    if puzzle.kind != "refill":
        return None
    return "refill"


def _refill_no_pile(puzzle: PuzzleRead) -> Answer | None:
    """Refill: with 1 or 2 tiles left, the empty draw pile forgotten."""
    if puzzle.kind != "refill":
        return None
    return "refill" if puzzle.game.tiles_on_wheel() <= 2 else "take"


def _fewest(game: Game) -> int:
    """The seat with the fewest tokens left, a tie to the first seat."""
    return min(range(len(game.players)), key=lambda s: game.players[s].tokens)


def _last_token_only(puzzle: PuzzleRead) -> Answer | None:
    """Over: only a last token ends the game (a game over by its empty wheel and pile taken for one
    still on)."""
    game = puzzle.game
    if puzzle.kind != "over" or game.winner is None or game.end_reason == "last token":
        return None
    return "not over"


def _tie_to_first_seat(puzzle: PuzzleRead) -> Answer | None:
    """Over: a tie of the fewest tokens goes to the first seat (not to who would move first)."""
    game = puzzle.game
    if puzzle.kind != "over" or game.winner is None or game.end_reason == "last token":
        return None
    return _fewest(game)


def _ends_with_pile(puzzle: PuzzleRead) -> Answer | None:
    """Over: the game ends once the draw pile is empty (tiles left on the wheel forgotten)."""
    game = puzzle.game
    if puzzle.kind != "over" or game.winner is not None or game.draw_pile:
        return None
    return _fewest(game)


#: The misreadings by name, the subtlest first (the one most players get wrong longest): each answers
#: the puzzles its rule decides (None: it does not come in).
MISREADINGS: Final[dict[str, Callable[[PuzzleRead], Answer | frozenset[Answer] | None]]] = {
    "chains": _chains,
    "tie to first seat": _tie_to_first_seat,
    "bottom first": _bottom_first,
    "refill without pile": _refill_no_pile,
    "ends with the pile": _ends_with_pile,
    "no skipping": _no_skipping,
    "last token only": _last_token_only,
    "refill any time": _refill_any_time,
    "any tile": _any_tile,
}


@dataclass(frozen=True)
class _Solver:
    """A simulated solver: its ``name``, the rules it misreads, and its search work (0: one step greedy)."""

    name: str
    misreadings: tuple[str, ...] = ()
    nodes: int = 0

    def attempts(self, kind: str) -> bool:
        """Whether the solver attempts puzzles of ``kind``: a misreading of the rules says nothing of how
        one plays, so those who misread attempt the rules kinds alone."""
        return not self.misreadings or kind not in ("strategy", "solo")


#: The population that rates the puzzles, strongest first: searches at three budgets and one-step greedy
#: (every kind), then players who misread more and more rules (the subtlest first; the rules kinds),
#: down to a newcomer who misreads them all. Each misreader gets wrong what the one before it does, and
#: more; the searches may disagree now and then.
SOLVERS: Final = (
    _Solver("search 20000", nodes=20_000),
    _Solver("search 5000 (hint)", nodes=5_000),
    _Solver("search 500", nodes=500),
    _Solver("one-step greedy"),
    *(
        _Solver(f"misreads {n}: {'+ ' if n > 1 else ''}{name}", tuple(MISREADINGS)[:n])
        for n, name in enumerate(MISREADINGS, 1)
    ),
)


def misread(puzzle: PuzzleRead, misreadings: tuple[str, ...]) -> Answer | frozenset[Answer] | None:
    """The answer the last of ``misreadings`` that comes into this puzzle gives (None: none does): of
    two misreadings of one rule, the more basic one (later in ``MISREADINGS``) is the player's."""
    found = None
    for name in misreadings:
        answer = MISREADINGS[name](puzzle)
        found = found if answer is None else answer
    return found


def answered(solver: _Solver, puzzle: PuzzleRead, seed: int = 5) -> Answer | frozenset[Answer]:
    """The solver's answer to the puzzle."""
    wrong = misread(puzzle, solver.misreadings)
    if wrong is not None:
        return wrong
    if puzzle.kind in ("strategy", "solo"):
        game = puzzle.game
        if solver.nodes:
            return search(game, seed=seed, nodes=solver.nodes).best
        return search(game, seed=seed, nodes=1, depth=1).best
    return puzzle.answers if puzzle.all else next(iter(puzzle.answers))


def fails(solver: _Solver, puzzle: PuzzleRead) -> bool:
    """Whether the solver gets the puzzle wrong."""
    given = answered(solver, puzzle)
    if puzzle.all:
        return given != puzzle.answers
    return given not in puzzle.answers
