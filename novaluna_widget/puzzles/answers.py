"""The kinds of puzzle: how each is made from a position, its right answers worked out by the engine.

A maker looks at one position (a ``Game`` of 2–4 players or a ``SoloGame``) and returns either a
``Made`` puzzle or why it made none: ``"unsuited"`` (the position does not ask this question well, e.g.
no task is fulfilled) or ``"ambiguous"`` (the question says "the" and the engine finds more than one
answer, or the coach's best beats the next by less than ``MARGIN``). Every answer is found by trying
every option on copies (every cell, every move, every task): nothing is guessed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from ..board import Board, Cell, TaskRef
from ..game import Game, Move
from ..i18n import Message, Value, cell_words, cmsg, msg, plural
from ..tiles import Tile

__all__ = ["MAKERS", "Answer", "Click", "Made", "Maker", "Outcome", "sentences"]

#: A right answer in the engine's own terms: a cell ``(x, y)``, a wheel space or seat index or number
#: (int), a task ``(x, y, task index)``, a word (``"refill"``, ``"take"``, ``"not over"``) or a ``Move``.
Answer = tuple[int, int] | int | tuple[int, int, int] | str | Move
#: What the learner clicks to answer.
Click = Literal["space", "cell", "task", "seat", "choice", "move"]
#: Why a position gave no puzzle of a kind.
Outcome = Literal["unsuited", "ambiguous"]


@dataclass(frozen=True)
class Made:
    """A puzzle as a maker found it (``make.Puzzle`` adds its id, rating and language).

    ``reason(lang)`` is the explanation (a language may need the engine asked again: the coach's
    words); ``about(answer)`` says why one answer is wrong, or why a missed one is right (None: nothing
    beyond the explanation)."""

    game: Game
    prompt: Message
    answers: frozenset[Answer]
    click: Click
    all: bool
    choices: tuple[Answer, ...]
    seat: int | None
    tile: Tile | None
    space: int | None
    cell: Cell | None
    difficulty: int
    reason: Callable[[str], Value]
    about: Callable[[Answer], Value | None]


Maker = Callable[[Game, random.Random], "Made | Outcome"]


def sentences(*parts: Value) -> Value:
    """Sentences one after the other, as the language writes them (a space, or none in Japanese)."""
    first, *rest = parts
    for part in rest:
        first = cmsg("two sentences one after the other", "{first} {second}", first=first, second=part)
    return first


def _fixed(words: Value) -> Callable[[str], Value]:
    """An explanation the same in every language but for its words."""
    return lambda lang: words


def _level(score: int) -> int:
    """A difficulty from 1 to 5."""
    return max(1, min(5, score))


def _chained(board: Board, refs: frozenset[TaskRef] | list[TaskRef]) -> tuple[int, bool]:
    """The most tiles one colour of these tasks counts, and whether any counts a tile by chain (one
    that does not touch the task's tile): what makes a task hard to see."""
    longest, linked = 0, False
    for x, y, i in refs:
        for count in board.explain((x, y), i).colours:
            longest = max(longest, count.counted)
            linked = linked or len(count.chain) > len(count.touching)
    return longest, linked


def _explained(board: Board, refs: frozenset[TaskRef] | list[TaskRef]) -> Value:
    """The engine's sentence for each task, in board order."""
    return sentences(*(board.explain((x, y), i).message for x, y, i in sorted(refs)))


# -- which tasks are fulfilled -------------------------------------------------------------------
def fulfilled(game: Game, rng: random.Random) -> Made | Outcome:
    """Which tasks of this area are fulfilled (click them all): an area with some fulfilled and some
    not, shown before any token goes on them (``scenario.position`` with the seat's tasks uncovered)."""
    from ..scenario import position

    seats = [s for s, p in enumerate(game.players) if len(p.board) >= 3]
    if game.is_solo or not seats:
        return "unsuited"
    seat = rng.choice(seats)
    board = game.players[seat].board
    tasks = [(x, y, i) for (x, y), t in board.tiles.items() for i in range(len(t.tasks))]
    done = board.fulfilled_tasks()
    if not done or len(done) == len(tasks) or len(tasks) > 15:
        return "unsuited"
    players = game.players
    shown = position(
        {p.name: p.board for p in players},
        wheel={s: t.id for s, t in enumerate(game.wheel) if t is not None},
        marker=game.marker,
        times=[p.time for p in players],
        stack=sorted(range(len(players)), key=lambda s: players[s].arrival),
        tokens=[p.tokens for p in players],
        covered=[[] if s == seat else sorted(p.covered) for s, p in enumerate(players)],
        draw_pile=[t.id for t in game.draw_pile],
        seed=game.seed,
        beginner=game.beginner,
    )
    area = shown.players[seat].board
    longest, linked = _chained(area, done)
    return Made(
        game=shown,
        prompt=msg(
            "Which tasks in {player}'s area are fulfilled? Click them all.", player=players[seat].name
        ),
        answers=frozenset(done),
        click="task",
        all=True,
        choices=(),
        seat=seat,
        tile=None,
        space=None,
        cell=None,
        difficulty=_level(1 + (len(tasks) > 5) + (len(tasks) > 9) + (longest >= 3) + linked),
        reason=_fixed(_explained(area, done)),
        about=lambda answer: _task_words(area, answer),
    )


def _cell(answer: Answer) -> Cell:
    """A cell given as an answer (the puzzle has checked its shape)."""
    assert isinstance(answer, tuple)
    x, y = answer[0], answer[1]
    assert isinstance(x, int) and isinstance(y, int)
    return (x, y)


def _task_words(board: Board, answer: Answer) -> Value:
    """The engine's sentence for a task given as an answer (checked to be a task of the area)."""
    assert isinstance(answer, tuple) and len(answer) == 3
    return board.explain((answer[0], answer[1]), answer[2]).message


# -- where to place a tile, what it gains --------------------------------------------------------
def _offered(game: Game, rng: random.Random) -> tuple[int, Tile, Board, dict[Cell, frozenset[TaskRef]]]:
    """A tile on offer (its space, the tile), the mover's area, and for every legal cell the tasks the
    tile would fulfil there (the engine asked at each cell)."""
    space = rng.choice(game.choices())
    offered = game.wheel[space]
    assert offered is not None
    board = game.players[game.current_player].board
    return space, offered, board, {cell: board.would_fulfil(offered, cell) for cell in board.legal_cells()}


def _placed(board: Board, offered: Tile, cell: Cell) -> tuple[Board, frozenset[TaskRef]]:
    """The area with the tile placed on ``cell`` (a copy), and the tasks it newly fulfils."""
    trial = board.copy()
    return trial, trial.place(offered, cell)


def _cell_words(board: Board, offered: Tile, cell: Cell) -> Value:
    """What placing the tile on ``cell`` fulfils, in the engine's words for each task."""
    trial, newly = _placed(board, offered, cell)
    if not newly:
        return msg("At {cell}, {tile} fulfils no task.", cell=cell_words(cell), tile=offered.id)
    return sentences(
        plural(
            "At {cell}, {tile} fulfils {n} task.",
            "At {cell}, {tile} fulfils {n} tasks.",
            len(newly),
            cell=cell_words(cell),
            tile=offered.id,
        ),
        _explained(trial, newly),
    )


def _difficulty(board: Board, offered: Tile, cell: Cell) -> int:
    """How hard a placement is to see: the tasks it fulfils, on other tiles too, and by chain."""
    trial, newly = _placed(board, offered, cell)
    longest, linked = _chained(trial, newly)
    others = any((x, y) != cell for x, y, _ in newly)
    return _level(1 + (len(newly) >= 2) + (longest >= 3) + linked + others)


def placement(game: Game, rng: random.Random) -> Made | Outcome:
    """Where to place a tile on offer to fulfil the most tasks: exactly one best cell."""
    if game.is_over:
        return "unsuited"
    space, offered, board, gains = _offered(game, rng)
    most = max(len(g) for g in gains.values())
    best = [cell for cell, g in gains.items() if len(g) == most]
    if most == 0:
        return "unsuited"
    if len(best) > 1:
        return "ambiguous"
    (cell,) = best
    seat = game.current_player

    def about(answer: Answer) -> Value:
        where = _cell(answer)
        if where not in gains:
            return msg(
                "{tile} cannot go on {cell}: a tile goes on an empty cell next to a tile of the area.",
                tile=offered.id,
                cell=cell_words(where),
            )
        return _cell_words(board, offered, where)

    return Made(
        game=game.copy(),
        prompt=msg(
            "Where do you place {tile} from space {space} to fulfil the most tasks?",
            tile=offered.id,
            space=space,
        ),
        answers=frozenset({cell}),
        click="cell",
        all=False,
        choices=(),
        seat=seat,
        tile=offered,
        space=space,
        cell=None,
        difficulty=_difficulty(board, offered, cell),
        reason=_fixed(_cell_words(board, offered, cell)),
        about=about,
    )


#: The makers by kind, in the order of ``make.KINDS``.
MAKERS: Final[dict[str, Maker]] = {"fulfilled": fulfilled, "placement": placement}
