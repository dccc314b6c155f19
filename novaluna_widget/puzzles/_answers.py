"""The kinds of puzzle: how each is made from a position, its right answers worked out by the engine.

A maker looks at one position (a ``Game`` of 2–4 players or a ``SoloGame``) and returns either a
``Made`` puzzle or why it made none: ``"unsuited"`` (the position does not ask this question well, e.g.
no task is fulfilled) or ``"ambiguous"`` (the question says "the" and the engine finds more than one
answer, or the coach's best beats the next by less than ``MARGIN``). Every answer is found by trying
every option on copies (every cell, every move, every task): nothing is guessed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .._board import Board, Cell, TaskRef
from .._game import Action, Game, Move, Player, track_of
from .._i18n import Message, Value, cell_words, cmsg, joined, msg, plural, sentences
from .._names import named
from .._tiles import Tile
from ..coach import MAX_LOSS, Option

__all__ = [
    "MAKERS",
    "MARGIN",
    "REASON_NODES",
    "RULES",
    "Answer",
    "Click",
    "Made",
    "ahead",
    "choice_of",
    "margin_of",
    "option_words",
    "sentences",
    "tenths",
]

#: A right answer in the engine's own terms: a cell ``(x, y)``, a wheel space or seat index or number
#: (int), a task ``(x, y, task index)``, a word (``"refill"``, ``"take"``, ``"not over"``) or a ``Move``.
Answer = tuple[int, int] | int | tuple[int, int, int] | str | Move
#: What the learner clicks to answer.
Click = Literal["space", "cell", "task", "seat", "choice", "move"]
#: Why a position gave no puzzle of a kind.
_Outcome = Literal["unsuited", "ambiguous"]


@dataclass(frozen=True)
class Made:
    """A puzzle as a maker found it (``make.Puzzle`` adds its id, rating and language).

    ``reason(lang)`` is the explanation (a language may need the engine asked again: the coach's
    words); ``about(answer)`` says why one answer is wrong, or why a missed one is right (None: nothing
    beyond the explanation). ``rule`` names the rule the answer rests on (a key of ``RULES``);
    ``written`` is the question as a sheet of paper asks it, where the screen's says to click (None: the
    same words)."""

    game: Game
    prompt: Message
    answers: frozenset[Answer]
    click: Click
    difficulty: int
    reason: Callable[[str], Value]
    about: Callable[[Answer], Value | None]
    rule: str
    all: bool = False
    choices: tuple[Answer, ...] = ()
    seat: int | None = None
    tile: Tile | None = None
    space: int | None = None
    cell: Cell | None = None
    written: Message | None = None


#: The rules a puzzle's answer rests on, each in a sentence: a worksheet's key gives each answer's, and
#: a class's report counts which the class misses (``Made.rule``).
RULES: Final[dict[str, Message]] = {
    "next tiles": msg(
        "You take one of the next three tiles clockwise after the moon marker; empty wheel spaces are "
        "skipped, not counted."
    ),
    "chains": msg(
        "A task counts the tiles of its colours that touch its tile side by side, and every tile of the "
        "same colour joined to those by a chain of such tiles; diagonal neighbours never count."
    ),
    "one token a task": msg(
        "Every task the new tile fulfils, on any tile of your area, takes one of your tokens, as long as "
        "you have tokens left."
    ),
    "rearmost moves": msg(
        "The player whose track marker is rearmost on the moon track moves next, even several turns in a "
        "row; turns do not go round the table."
    ),
    "top of the stack": msg(
        "Of track markers stacked on one track space, the one on top (the last to arrive) moves first."
    ),
    "refill": msg(
        "You may refill the wheel only when 1 or 2 tiles are left on it and the draw pile has tiles; "
        "with none left you must."
    ),
    "game end": msg(
        "The game ends when a player places their last token (they win), or when no tile can be taken "
        "(the fewest tokens left win; a tie goes to the player who would move first)."
    ),
    "look ahead": msg(
        "A choice is worth what it brings over the next turns: tasks fulfilled now and later, against the "
        "time it costs on the moon track and what it leaves the other players."
    ),
    "solo score": msg(
        "The solo score is the cost of every tile in your area, the tiles of phase 1 counted twice, plus "
        "10 for each token not placed: the lower, the better."
    ),
}


#: How many tokens of the coach's evaluation its choice must beat the best other choice by, for a
#: strategy puzzle: about a task covered, or three steps on the moon track (0.3 token a step).
MARGIN: Final = 0.7
#: The coach's search work for the words of a curated puzzle's reason (positions played): the reason
#: only words the choice the deep searches made, so a quick search will do.
REASON_NODES: Final = 500

_Maker = Callable[[Game, random.Random], "Made | _Outcome"]


def _named(players: Sequence[Player], seat: int) -> Value:
    """A seat's name as a sentence words it: a name the package chose in the sentence's language."""
    return named([p.name for p in players])[seat]


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
def _fulfilled(game: Game, rng: random.Random) -> Made | _Outcome:
    """Which tasks of this area are fulfilled (click them all): an area with some fulfilled and some
    not, shown before any token goes on them (``scenario.position`` with the seat's tasks uncovered and
    its whole supply left)."""
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
        # The seat's tokens all in its supply, as none is on its area: tokens placed would count the answer.
        tokens=[p.supply if s == seat else p.tokens for s, p in enumerate(players)],
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
            "Which tasks in {player}'s area are fulfilled? Click them all.", player=_named(players, seat)
        ),
        answers=frozenset(done),
        click="task",
        all=True,
        seat=seat,
        difficulty=_level(1 + (len(tasks) > 5) + (len(tasks) > 9) + (longest >= 3) + linked),
        reason=_fixed(_explained(area, done)),
        about=lambda answer: _task_words(area, answer),
        rule="chains",
        written=msg(
            "Which tasks in {player}'s area are fulfilled? Circle them all in the picture.",
            player=_named(players, seat),
        ),
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
        own = [(cell[0], cell[1], i) for i in range(len(offered.tasks))]
        return sentences(
            msg("At {cell}, {tile} fulfils no task.", cell=cell_words(cell), tile=offered.id),
            *([_explained(trial, own)] if own else []),
        )
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


def _placement(game: Game, rng: random.Random) -> Made | _Outcome:
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
            "Where do you place {tile} from wheel space {space} to fulfil the most tasks?",
            tile=offered.id,
            space=space,
        ),
        answers=frozenset({cell}),
        click="cell",
        seat=seat,
        tile=offered,
        space=space,
        difficulty=_difficulty(board, offered, cell),
        reason=_fixed(_cell_words(board, offered, cell)),
        about=about,
        rule="chains",
    )


def _gain(game: Game, rng: random.Random) -> Made | _Outcome:
    """How many tokens placing a tile on offer at a given cell places (at most the tokens left)."""
    if game.is_over:
        return "unsuited"
    space, offered, board, gains = _offered(game, rng)
    some = [cell for cell, g in gains.items() if g]
    cell = rng.choice(some if some and rng.random() < 0.8 else list(gains))
    left = game.players[game.current_player].tokens
    placed = min(len(gains[cell]), left)
    why = _cell_words(board, offered, cell)
    if placed < len(gains[cell]):
        why = sentences(
            why,
            plural(
                "You have only {n} token left, so only {n} is placed.",
                "You have only {n} tokens left, so only {n} are placed.",
                left,
            ),
        )
    return Made(
        game=game.copy(),
        prompt=msg(
            "You place {tile} from wheel space {space} at {cell}. How many tokens does that place?",
            tile=offered.id,
            space=space,
            cell=cell_words(cell),
        ),
        answers=frozenset({placed}),
        click="choice",
        choices=tuple(range(max(4, placed + 2))),
        seat=game.current_player,
        tile=offered,
        space=space,
        cell=cell,
        difficulty=_difficulty(board, offered, cell) if placed else _level(1 + (len(gains) > 8)),
        reason=_fixed(why),
        about=lambda answer: None,
        rule="one token a task" if placed < len(gains[cell]) else "chains",
    )


# -- the wheel: which tiles, refill --------------------------------------------------------------
def _take(game: Game, rng: random.Random) -> Made | _Outcome:
    """Which tiles the player to move may take (click them all): the next tiles clockwise after the
    moon marker, empty wheel spaces skipped. Mostly positions where some are skipped."""
    if game.is_over:
        return "unsuited"
    choices = game.choices()
    marker = game.marker
    skipped = (choices[-1] - marker) % len(game.wheel) - len(choices)
    if skipped == 0 and rng.random() < 0.7:
        return "unsuited"

    def about(answer: Answer) -> Value:
        assert isinstance(answer, int)
        here = game.wheel[answer]
        if here is None:
            return msg("Wheel space {space} is empty.", space=answer)
        if answer in choices:
            return msg("{tile} on wheel space {space} is one of the next tiles.", tile=here.id, space=answer)
        return msg(
            "{tile} on wheel space {space} is further on than the next tiles.", tile=here.id, space=answer
        )

    return Made(
        game=game.copy(),
        prompt=msg("Which tiles may you take now? Click them all."),
        answers=frozenset(choices),
        click="space",
        all=True,
        seat=game.current_player,
        difficulty=_level(1 + min(skipped, 3) + (len(choices) < 3)),
        reason=_fixed(
            plural(
                "The moon marker stands by wheel space {marker}: you may take the next {n} tile clockwise "
                "from it, skipping empty wheel spaces: wheel space {spaces}.",
                "The moon marker stands by wheel space {marker}: you may take the next {n} tiles clockwise "
                "from it, skipping empty wheel spaces: wheel spaces {spaces}.",
                len(choices),
                marker=marker,
                spaces=joined(choices),
            )
        ),
        about=about,
        rule="next tiles",
        written=msg("Which tiles may you take now? Circle the numbers of their wheel spaces."),
    )


def _refill(game: Game, rng: random.Random) -> Made | _Outcome:
    """Whether the player to move may refill now: only with 1 or 2 tiles left and a draw pile."""
    left = game.tiles_on_wheel()
    if game.is_over or game.is_solo or (left >= 3 and rng.random() < 0.75):
        return "unsuited"
    pile = len(game.draw_pile)
    if game.can_refill:
        why = plural(
            "You may refill: only {n} tile is left on the wheel and the draw pile has {pile} tiles. "
            "You need not: you may take the tile left instead.",
            "You may refill: only {n} tiles are left on the wheel and the draw pile has {pile} tiles. "
            "You need not: you may take one of the tiles left instead.",
            left,
            pile=pile,
        )
    elif left >= 3:
        why = plural(
            "You may not refill: the wheel holds {n} tile, and you may refill only when 1 or 2 are left.",
            "You may not refill: the wheel holds {n} tiles, and you may refill only when 1 or 2 are left.",
            left,
        )
    else:
        why = msg("You may not refill: the draw pile is empty. Take one of the tiles left.")
    return Made(
        game=game.copy(),
        prompt=msg("May you refill the wheel now, or must you take a tile?"),
        answers=frozenset({"refill" if game.can_refill else "take"}),
        click="choice",
        choices=("refill", "take"),
        seat=game.current_player,
        difficulty=1 if left >= 3 else (2 if game.can_refill else 4),
        reason=_fixed(why),
        about=lambda answer: None,
        rule="refill",
    )


# -- the moon track: who moves, who won ----------------------------------------------------------
def _next_player(game: Game, rng: random.Random) -> Made | _Outcome:
    """Who moves next: the rearmost track marker, of a stack the one on top. Mostly stacks."""
    stacks = track_of(game) if game.has_moon_track and not game.is_over else None
    if stacks is None:
        return "unsuited"
    mover = game.current_player
    players = game.players
    here = players[mover].space
    stacked = len(stacks[here]) > 1
    if not stacked and rng.random() < 0.8:
        return "unsuited"
    if stacked:
        why = msg(
            "{player}'s track marker is the rearmost, on track space {space}, and lies on top of the "
            "stack there: of a stack, the one on top moves first.",
            player=_named(players, mover),
            space=here,
        )
    else:
        why = msg(
            "{player}'s track marker is the rearmost, on track space {space}: the rearmost moves next, "
            "even several turns in a row.",
            player=_named(players, mover),
            space=here,
        )

    def about(answer: Answer) -> Value:
        assert isinstance(answer, int)
        there = players[answer].space
        if there == here:
            return msg("{player}'s track marker lies lower in the stack.", player=_named(players, answer))
        return msg(
            "{player}'s track marker is further on, on track space {space}.",
            player=_named(players, answer),
            space=there,
        )

    return Made(
        game=game.copy(),
        prompt=msg("Whose turn is it now? Click the player who moves next."),
        answers=frozenset({mover}),
        click="seat",
        difficulty=_level(1 + 2 * stacked + (len(stacks[here]) > 2) + (game.turns_in_a_row > 1)),
        reason=_fixed(why),
        about=about,
        rule="top of the stack" if stacked else "rearmost moves",
        written=msg("Whose turn is it now? Write the name of the player who moves next."),
    )


def _over(game: Game, rng: random.Random) -> Made | _Outcome:
    """Whether the game is over and, if so, who won (by the last token, or by the ranking)."""
    if game.is_solo:
        return "unsuited"
    players = game.players
    least = min(p.tokens for p in players)
    if game.winner is None:
        answer: Answer = "not over"
        why: Value = msg(
            "The game is not over: nobody has placed their last token (the fewest left are {least}), "
            "and there are tiles to take.",
            least=least,
        )
        level = 2 + (least <= 2)
    elif game.end_reason == "last token":
        answer = game.winner
        why = msg(
            "The game is over: {player} placed their last token, and whoever does so first wins.",
            player=_named(players, game.winner),
        )
        level = 1
    else:
        answer = game.winner
        tied = sum(p.tokens == least for p in players) > 1
        why = msg(
            "The game is over: the wheel and the draw pile are empty. The fewest tokens left win; a tie "
            "goes to the player who would move first: {player}.",
            player=_named(players, game.winner),
        )
        level = 4 + tied
    return Made(
        game=game.copy(),
        prompt=msg("Is the game over? If it is, who won?"),
        answers=frozenset({answer}),
        click="choice",
        choices=("not over", *range(len(players))),
        difficulty=_level(level),
        reason=_fixed(why),
        about=lambda answer: None,
        rule="game end",
    )


# -- the coach's choice in words: for the curated set (``_curated``) and its deep search (``_deep``) --
def margin_of(found: dict[Action, float]) -> tuple[Answer, Answer, float]:
    """The best choice of a turn (a wheel space, or the refill) by the search's values, the next best,
    and how far apart they are in tokens: each choice counts with its best action."""
    values: dict[Answer, float] = {}
    for action, value in found.items():
        choice = action.space if isinstance(action, Move) else action
        values[choice] = max(value, values.get(choice, value))
    if len(values) < 2:
        return "", "", 0.0
    (best, top), (other, second) = sorted(values.items(), key=lambda cv: -cv[1])[:2]
    return best, other, top - second


def choice_of(option: Option) -> int | str:
    """What an option takes: a wheel space, or the refill."""
    return option.space if option.space is not None else str(option.action)


def option_words(game: Game, choice: Answer) -> Value:
    """A choice of a turn in words: a tile on offer and its space, or the refill."""
    if not isinstance(choice, int):
        return msg("the refill")
    offered = game.wheel[choice]
    assert offered is not None
    return msg("{tile} from wheel space {space}", tile=offered.id, space=choice)


def tenths(value: float) -> Message:
    """A number of tokens with one decimal, as the coach writes it."""
    whole, tenth = f"{value:.1f}".split(".")
    return cmsg("a number with one decimal", "{whole}.{tenth}", whole=int(whole), tenth=int(tenth))


def ahead(margin: float, other: Value) -> Message:
    if margin >= MAX_LOSS:
        return msg(
            "Looking a few turns ahead, the coach sees it decide the game against {other}.", other=other
        )
    return msg(
        "Looking a few turns ahead, the coach values it {tokens} tokens above the best other choice, "
        "{other}.",
        tokens=tenths(margin),
        other=other,
    )


#: The makers of the rules kinds, in the order of ``make.KINDS`` (the strategy and solo puzzles are the
#: curated set's: ``_curated``).
MAKERS: Final[dict[str, _Maker]] = {
    "take": _take,
    "fulfilled": _fulfilled,
    "next": _next_player,
    "refill": _refill,
    "over": _over,
    "placement": _placement,
    "gain": _gain,
}
