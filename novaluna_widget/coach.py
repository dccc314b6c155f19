"""The coach: a hint for the player to move, and a review of a game, in plain words.

Both stand on the search bot (``bots.SearchBot``): for a position it samples a few orders of the
face-down draw pile (it never reads the real one), looks a few tiles ahead in each, and values the
actions in **tokens**: tokens placed, less 0.3 token (its ``tempo``) a step on the moon track, plus
the tokens the area is about to earn (open tasks that lack few tiles), counted against the best
opponent; solo, the score over 10 instead of the time (a token not placed costs 10 points). The search
looks deeper only into the few most promising tiles; the coach also values the best place for every
other tile on offer, so that a hint can compare them all. ``hint`` ranks the values; ``review`` asks
the same search at every position of a game and measures each action taken against the suggestion.

The words come from the position itself, not from the search: the tasks a move covers (``game.play``
on a copy), the tasks it leaves one tile short (``Board.open_tasks`` and ``Board.count``), its cost and
who moves next (the moon track), and what the tile would have given an opponent
(``Board.would_fulfil``). Results are frozen dataclasses of plain values (``Hint.to_data()`` is JSON
for a widget); the game passed in is never changed. Neither pandas nor tqdm is needed until ``review``
is called.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from . import wheel
from .board import Board, Cell, TaskRef
from .bots import SearchBot, best_place, closeness, missing, tokens_now
from .errors import IllegalMove
from .game import Action, Game, Move, action_data
from .solo import PENALTY, SMALL_STACK

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ALTERNATIVES", "MAX_LOSS", "NODES", "NOTABLE", "REVIEW_COLUMNS", "Hint", "Option", "hint",
           "review", "reviewing"]

#: How many next-best options a hint lists besides its suggestion.
ALTERNATIVES: Final = 3
#: The search's work per position (positions played), as the search bot's default: a hint then takes
#: about 0.12 s of CPU on this project's 2-core machine, 0.4 s at most (``bench/coach.py``).
NODES: Final = SearchBot().nodes
#: A loss (tokens) from which a review comment says what the suggestion would have done instead.
NOTABLE: Final = 0.5
#: The largest loss a review reports: a move that gives away a won game (or lets an opponent win)
#: counts as the whole supply of 20 tokens, not as the search's ±1000 for a finished game.
MAX_LOSS: Final = 20.0
#: The columns of ``review``: ``turn`` (the tile being taken, from 1; a refill shares the turn of the
#: take that follows it), ``player`` (seat index), ``played`` and ``suggested`` (actions, ready for
#: ``game.play``), ``loss`` (tokens, see ``review``) and ``comment`` (sentences for the player).
REVIEW_COLUMNS: Final = ["turn", "player", "played", "suggested", "loss", "comment"]


@dataclass(frozen=True)
class Option:
    """One option of the player to move, what it does and what the search makes of it.

    ``action`` is a ``Move``, ``"refill"`` or ``"end_phase_one"``; ``reason`` says in one or two
    sentences what it does. ``value`` is the search's evaluation in tokens (see the module docstring;
    higher is better; a line the search sees won counts 1000, one it sees lost -1000) and ``behind``
    how many tokens it trails the suggestion (0 for the suggestion).
    For a move, ``space``, ``tile`` (its id), ``cell`` and ``cost`` say what to mark; ``covers`` lists
    the tasks it covers now and ``sets_up`` those it leaves one tile short, as ``(x, y, task index)``
    in the mover's area. ``next_player`` is the seat that moves after it (None once the game is over).
    """

    action: Action
    reason: str
    value: float
    behind: float
    space: int | None
    tile: str | None
    cell: Cell | None
    cost: int | None
    covers: tuple[TaskRef, ...]
    sets_up: tuple[TaskRef, ...]
    next_player: int | None

    def to_data(self) -> dict[str, Any]:
        """The option as JSON data; the action as save files write it (``["take", space, x, y]``)."""
        data = {f.name: getattr(self, f.name) for f in fields(Option)}
        data["action"] = action_data(self.action)
        data["value"], data["behind"] = round(self.value, 3), round(self.behind, 3)
        data["cell"] = None if self.cell is None else list(self.cell)
        data["covers"] = [list(ref) for ref in self.covers]
        data["sets_up"] = [list(ref) for ref in self.sets_up]
        return data


@dataclass(frozen=True)
class Hint(Option):
    """The suggestion for ``player`` (the seat to move), and in ``alternatives`` up to ``ALTERNATIVES``
    runners-up, best first: the best place for each other tile on offer and the refill or the end of
    phase 1 where allowed; other places for the suggested tile only where that leaves room."""

    player: int
    alternatives: tuple[Option, ...]

    def to_data(self) -> dict[str, Any]:
        return {**super().to_data(), "player": self.player,
                "alternatives": [a.to_data() for a in self.alternatives]}


def hint(game: Game, *, seed: int = 0, nodes: int = NODES) -> Hint:
    """What the player to move should do, why, and the next-best options.

    Deterministic given ``seed``; ``nodes`` bounds the search's work (fewer: faster and weaker). Raises
    ``IllegalMove`` once the game is over. The game is not changed.
    """
    ranked = _evaluate(game, seed, nodes)
    best = ranked[0][1]
    first, *rest = [_option(game, action, value, best) for action, value in [ranked[0], *_runners_up(ranked)]]
    return Hint(**{f.name: getattr(first, f.name) for f in fields(Option)},
                player=game.current_player, alternatives=tuple(rest))


def review(game: Game, *, seed: int = 0, nodes: int = NODES, progress: bool = False) -> pd.DataFrame:
    """Every action of ``game.history``, replayed from the start and measured against the coach.

    One row per action (``REVIEW_COLUMNS``). ``loss`` is how many tokens worse the action taken was than
    the suggestion, both valued by the same search on the same sampled draw piles (see the module
    docstring): 0 where the player did as the coach says or nothing else was legal, never below 0 (an
    action taken that the search finds better becomes the suggestion), at most ``MAX_LOSS``. Solo, a
    token is 10 points of score. ``progress=True`` shows a tqdm bar. The game is not changed.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    rows = tqdm(reviewing(game, seed=seed, nodes=nodes), total=len(game.history), unit="action",
                disable=not progress)
    return pd.DataFrame(list(rows), columns=REVIEW_COLUMNS)


def reviewing(game: Game, *, seed: int = 0, nodes: int = NODES) -> Iterator[dict[str, Any]]:
    """``review``'s rows one by one, as dicts keyed by ``REVIEW_COLUMNS``, in the order of
    ``game.history``: for a caller that shows its own progress (the widget's Review panel)."""
    data = {**game.snapshot(), "history": [], "redo": []}
    del data["position"]
    replay = Game.from_snapshot(data)
    for played in game.history:
        yield _review_row(replay, played, seed, nodes)
        replay.play(played)


def _review_row(game: Game, played: Action, seed: int, nodes: int) -> dict[str, Any]:
    """The review of one action, at the position before it."""
    ranked = _evaluate(game, seed, nodes, played)
    suggested, best = ranked[0]
    loss = best - dict(ranked)[played]
    mover = game.current_player
    effect = _effect(game, played)
    comment = _words(game, played, effect, game.players[mover].name)
    if played == suggested:
        comment += " The coach suggests the same."
    elif loss < NOTABLE:
        comment += " About as good as the coach's suggestion."
    else:
        comment += f" Better: {_instead(game, played, effect, suggested)} {_by_how_much(game, loss)}"
    return {"turn": game.turn + 1, "player": mover, "played": played, "suggested": suggested,
            "loss": round(min(loss, MAX_LOSS), 3), "comment": comment}


def _by_how_much(game: Game, loss: float) -> str:
    """The loss in words: tokens, solo points of score, or a game decided."""
    if loss >= MAX_LOSS:
        return "Looking a few turns ahead, that may well decide the game."
    worth = (f"{loss * PENALTY:.0f} points of score" if game.score_sheet() is not None
             else f"{loss:.1f} token{'s' * (f'{loss:.1f}' != '1.0')}")
    return f"Looking a few turns ahead, that is about {worth} better."


def _instead(game: Game, played: Action, done: _Effect, suggested: Action) -> str:
    """The suggestion, as advice to the player who took another action (with effect ``done``): the
    same tile elsewhere is told apart by what it covers and leaves short, and by how close the area
    comes to more tokens."""
    effect = _effect(game, suggested)
    if not (isinstance(played, Move) and isinstance(suggested, Move) and played.space == suggested.space):
        reason = _words(game, suggested, effect)
        return reason[0].lower() + reason[1:]
    x, y = suggested.cell
    mover = game.current_player
    board = effect.after.players[mover].board
    text = f"place it at ({x}, {y}) instead, {_outcome(board, effect)}"
    if closeness(board) > closeness(done.after.players[mover].board):
        text += ", which brings more open tasks close to being covered"
    return text + "."


# -- the search ----------------------------------------------------------------------------------
def _evaluate(game: Game, seed: int, nodes: int, played: Action | None = None) -> list[tuple[Action, float]]:
    """The actions the search valued with their values in tokens, its choice first, then best first:
    the search's own picks, the best place for every tile on offer, and the action ``played``."""
    if game.is_over:
        raise IllegalMove("the game is over; there is nothing to suggest")
    search = SearchBot(seed=seed, nodes=nodes)
    found = search.evaluate(game, (*_each_tile(game), *([] if played is None else [played])))
    best = max(found, key=found.__getitem__)  # the search bot's own choice
    return sorted(found.items(), key=lambda av: (av[0] != best, -av[1]))


def _each_tile(game: Game) -> tuple[Action, ...]:
    """For each tile on offer, its most promising place by the greedy bot's measure (the most tokens
    now, then the area closest to more tokens), so that every tile is valued."""
    return tuple(best_place(game, space) for space in game.choices())


def _choice(action: Action) -> int | str:
    """What an action takes: the space of a move, else the action itself."""
    return action.space if isinstance(action, Move) else action


def _runners_up(ranked: list[tuple[Action, float]]) -> list[tuple[Action, float]]:
    """Up to ``ALTERNATIVES`` runners-up of ``ranked[0]``, best first: the best of each other choice,
    then other places for the suggested tile if there is room."""
    taken = _choice(ranked[0][0])
    seen = {taken}
    others, same = [], []
    for action, value in ranked[1:]:
        choice = _choice(action)
        if choice == taken:
            same.append((action, value))
        elif choice not in seen:
            seen.add(choice)
            others.append((action, value))
    picked = others[:ALTERNATIVES] + same[: max(0, ALTERNATIVES - len(others))]
    return sorted(picked, key=lambda av: -av[1])


# -- what an action does -------------------------------------------------------------------------
@dataclass(frozen=True)
class _Effect:
    """An action played on a copy: the position after it, the tasks it covered, those it left one
    short, and the tasks of the placed tile still open (new chances)."""

    after: Game
    covers: tuple[TaskRef, ...]
    sets_up: tuple[TaskRef, ...]
    opens: tuple[TaskRef, ...]


def _effect(game: Game, action: Action) -> _Effect:
    after = game.copy()
    covers = tuple(sorted(after.play(action)))
    mover = game.current_player
    before = missing(game.players[mover].board)
    now = missing(after.players[mover].board)
    sets_up = tuple(sorted(ref for ref, n in now.items() if n == 1 and before.get(ref) != 1))
    cell = action.cell if isinstance(action, Move) else None
    opens = tuple(sorted(ref for ref in now if ref[:2] == cell))
    return _Effect(after, covers, sets_up, opens)


def _option(game: Game, action: Action, value: float, best: float) -> Option:
    effect = _effect(game, action)
    reason = _words(game, action, effect)
    after = effect.after
    next_player = None if after.is_over else after.current_player
    if not isinstance(action, Move):
        return Option(action, reason, value, best - value, None, None, None, None, (), (), next_player)
    taken = game.wheel[action.space]
    assert taken is not None
    return Option(action, reason, value, best - value, action.space, taken.id, action.cell, taken.cost,
                  effect.covers, effect.sets_up, next_player)


# -- the words -----------------------------------------------------------------------------------
def _words(game: Game, action: Action, effect: _Effect, who: str | None = None) -> str:
    """What the action does, in one or two sentences: advice to the player to move ("Take …"), or,
    given their name in ``who``, what they did ("Ann took …")."""
    if isinstance(action, Move):
        return _move_words(game, action, effect, who)
    tiles = _count(_fresh(game), "fresh tile")
    if action == "refill":
        if who:
            return f"{who} refilled the wheel with {tiles} from the draw pile."
        return f"Refill the wheel first: {_offer(game, tiles)}. Then you take a tile as usual."
    if who:
        return f"{who} ended phase 1, and the wheel was refilled with {tiles}."
    return (f"End phase 1 now, as the {SMALL_STACK} tokens of the small stack are placed and every further "
            f"tile taken in phase 1 counts twice in your score. The wheel is then refilled with {tiles}.")


def _move_words(game: Game, move: Move, effect: _Effect, who: str | None) -> str:
    taken = game.wheel[move.space]
    assert taken is not None
    where = f"{taken.id} ({taken.colour}) from space {move.space}"
    x, y = move.cell
    head = f"{who} took {where} and placed it" if who else f"Take {where} and place it"
    board = effect.after.players[game.current_player].board
    return f"{head} at ({x}, {y}), {_outcome(board, effect)}. {_then(game, move, effect, who)}"


def _outcome(board: Board, effect: _Effect) -> str:
    """The tasks a move covers and those it leaves one tile short, in words that fit either tense:
    "covering 2 blue on Y11 (1 token) and leaving 4 red on R02 one red short"."""
    if effect.covers:
        text = f"covering {_tasks(board, effect.covers)} ({_count(len(effect.covers), 'token')})"
    else:
        text = "covering no task yet"
    refs = effect.sets_up
    if not refs:
        if effect.covers or not effect.opens:
            return text
        x, y, _ = effect.opens[0]
        return f"{text} but opening {_count(len(effect.opens), 'task')} on {board[(x, y)].id}"
    if len(refs) <= 2:
        short = " and ".join(f"{_tasks(board, [ref])} one {_lacking(board, ref)} short" for ref in refs)
    else:
        on = sorted({board[(x, y)].id for x, y, _ in refs})
        short = f"{len(refs)} tasks one tile short (on {', '.join(on)})"
    return f"{text}{' and' if effect.covers else ' but'} leaving {short}"


def _then(game: Game, move: Move, effect: _Effect, who: str | None) -> str:
    """The move's cost, who moves next or how the game ends, and what the tile would have given an
    opponent: advice, or what happened given the player's name in ``who``."""
    taken = game.wheel[move.space]
    assert taken is not None
    after = effect.after
    sheet = game.score_sheet()
    if sheet is not None:  # solo: a tile's cost goes into both records while phase 1 runs
        twice = sheet["phase"] == 1
        points = _count(taken.cost * (2 if twice else 1), "point")
        text = (f"It {'added' if who else 'adds'} {points} to the solo score (lower is better"
                + ("; phase-1 tiles count twice)" if twice else ")"))
        return text + (f", and the game {'ended' if who else 'ends'}." if after.is_over else ".")
    text = f"It {'cost' if who else 'costs'} {taken.cost} time on the moon track"
    # Mid-sentence, the mover of a hint, and a player named "You", are "you".
    names = ["you" if (who is None and seat == game.current_player) or p.name.strip().lower() == "you"
             else p.name for seat, p in enumerate(game.players)]
    if after.winner is not None:
        winner = names[after.winner]
        return text + (f", and the game ended: {winner} won." if who else
                       f", and the game ends: {winner} {'win' if winner == 'you' else 'wins'}.")
    nxt = after.current_player
    if nxt == game.current_player:
        text += f", and {who} moved again" if who else ", and you move again"
    else:
        text += f", and {names[nxt]} {'moved' if who else 'moves'} next"
    rival, gain = _denied(game, move)
    if gain:
        text += (f"; it also {'kept' if who else 'keeps'} {taken.id} from {names[rival]}, who could "
                 f"{'have covered' if who else 'cover'} {_count(gain, 'task')} with it")
    return text + "."


def _denied(game: Game, move: Move) -> tuple[int, int]:
    """The opponent the taken tile would give the most tokens right now, and how many (0: none)."""
    taken = game.wheel[move.space]
    assert taken is not None
    gains = [(0, game.current_player)]
    for seat, player in enumerate(game.players):
        if seat != game.current_player:
            board = player.board
            most = max(len(board.would_fulfil(taken, cell)) for cell in board.legal_cells())
            gains.append((min(most, player.tokens), seat))
    gain, seat = max(gains, key=lambda g: g[0])
    return seat, gain


def _offer(game: Game, fresh: str) -> str:
    """Why refill: the ``fresh`` tiles it brings, against what the one or two tiles left give now."""
    left = len(game.choices())
    best = max(tokens_now(game).values(), default=0)
    tiles = "the tile left on the wheel" if left == 1 else f"the {left} tiles left on the wheel"
    if best == 0:
        return f"{tiles} {'covers' if left == 1 else 'cover'} no task now, and a refill brings {fresh} " \
               "from the draw pile"
    return f"a refill brings {fresh} from the draw pile to choose from, where {tiles} " \
           f"{'covers' if left == 1 else 'cover'} at most {_count(best, 'task')} now"


def _fresh(game: Game) -> int:
    """How many tiles a refill puts on the wheel (the moon marker's space stays empty)."""
    return min(len(game.draw_pile), wheel.SPACES - 1 - game.tiles_on_wheel())


def _tasks(board: Board, refs: Iterable[TaskRef]) -> str:
    """Tasks with their tiles: "2 blue on Y11, 1 red + 1 yellow on Y11 and 3 teal on B05"."""
    named = [f"{board[(x, y)].tasks[i]} on {board[(x, y)].id}" for x, y, i in refs]
    return " and ".join(filter(None, [", ".join(named[:-1]), named[-1]]))


def _lacking(board: Board, ref: TaskRef) -> str:
    """The colour a task one tile short still lacks."""
    (colour,) = board.open_tasks()[ref]
    return colour


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"
