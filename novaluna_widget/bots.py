"""Bots that play Nova Luna, for simulations, what-ifs and the widget's computer opponents.

One small protocol: ``bot.choose(game)`` returns the next action for the player to move — a ``Move``,
``"refill"`` (the optional refill) or, solo, ``"end_phase_one"``. ``play_turn`` asks until a tile is
taken. Every bot is deterministic given its seed, and none ever looks at the order of the face-down
draw pile: the search shuffles it in each copy it explores (determinization).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from .board import Board
from .errors import IllegalMove
from .game import Action, Game, Move
from .solo import SoloGame

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "closeness", "legal_actions", "make_bot",
           "play_game", "play_turn", "tokens_now"]


class Bot(Protocol):
    """Anything with a ``name`` that picks an action for the player to move."""

    name: str

    def choose(self, game: Game) -> Action: ...


def legal_actions(game: Game) -> list[Action]:
    """Every action the player to move may take now: the legal moves, then ``"refill"`` and, solo,
    ``"end_phase_one"`` where allowed."""
    actions: list[Action] = list(game.legal_moves())
    if game.can_refill:
        actions.append("refill")
    if isinstance(game, SoloGame) and game.can_end_phase_one:
        actions.append("end_phase_one")
    return actions


def play_turn(game: Game, bot: Bot) -> list[Action]:
    """Ask the bot until it has taken a tile (it may first refill or end phase one); apply and return
    the actions. An illegal choice raises ``IllegalMove`` and leaves the game as it was."""
    actions: list[Action] = []
    while True:
        action = bot.choose(game)
        game.play(action)
        actions.append(action)
        if isinstance(action, Move):
            return actions


def play_game(game: Game, bots: Iterable[Bot]) -> Game:
    """Play ``game`` to its end, seat ``i`` played by the ``i``-th bot; returns the game."""
    seats = list(bots)
    if len(seats) != len(game.players):
        raise ValueError(f"{len(game.players)} players need {len(game.players)} bots, not {len(seats)}")
    while not game.is_over:
        play_turn(game, seats[game.current_player])
    return game


def _no_action(game: Game) -> IllegalMove:
    return IllegalMove("the game is over; there is nothing to choose" if game.is_over else "no legal action")


# -- how close an area is to more tokens ---------------------------------------------------------
#: Worth of an open task by how many tiles it still lacks: the fewer, the likelier it is covered soon.
MISSING_WORTH: dict[int, float] = {1: 0.5, 2: 0.25, 3: 0.1, 4: 0.04}


def closeness(board: Board) -> float:
    """The area's open tasks weighted by how few tiles each still lacks (``MISSING_WORTH``): a rough
    count of the tokens it is about to earn."""
    total = 0.0
    for (x, y, i), short in board.open_tasks().items():
        task = board[(x, y)].tasks[i]
        missing = sum(task[c] - board.count((x, y), c) for c in short)
        total += MISSING_WORTH.get(missing, 0.0)
    return total


# -- the bots ------------------------------------------------------------------------------------
class RandomBot:
    """Picks uniformly among all legal actions (refill and ending phase one included): a baseline."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = legal_actions(game)
        if not actions:
            raise _no_action(game)
        return self._rng.choice(actions)


class GreedyBot:
    """Places the most tokens now; ties go to the cheaper tile (less time spent), then to the area
    closest to more tokens (``closeness``), then to a seeded coin.

    It refills when no tile on offer places a token now (a fresh wheel may), and ends solo phase 1 as
    soon as it may: every tile taken in phase 1 counts twice in the score.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if isinstance(game, SoloGame) and game.can_end_phase_one:
            return "end_phase_one"
        if game.is_over:
            raise _no_action(game)
        best, tokens = _cheapest_best(game)
        if game.can_refill and tokens == 0:
            return "refill"
        if len(best) > 1:
            best = _top(best, lambda m: _closeness_after(game, m))
        return best[0] if len(best) == 1 else self._rng.choice(best)


def tokens_now(game: Game) -> dict[Move, int]:
    """The tokens the player to move would place with each legal move (no more than they have left)."""
    player = game.players[game.current_player]
    board, wheel, left = player.board, game.wheel, player.tokens
    return {m: min(len(board.would_fulfil(wheel[m.space], m.cell)), left)  # type: ignore[arg-type]
            for m in game.legal_moves()}


def _cheapest_best(game: Game) -> tuple[list[Move], int]:
    """The moves placing the most tokens now and, of those, the ones with the cheapest tile; and how
    many tokens they place."""
    wheel = game.wheel
    keys = {m: (n, -wheel[m.space].cost) for m, n in tokens_now(game).items()}  # type: ignore[union-attr]
    high = max(keys.values())
    return [m for m, k in keys.items() if k == high], high[0]


def _closeness_after(game: Game, move: Move) -> float:
    board = game.players[game.current_player].board.copy()
    board.place(game.wheel[move.space], move.cell)  # type: ignore[arg-type]
    return closeness(board)


def _top(moves: list[Move], key: Callable[[Move], Any]) -> list[Move]:
    """The moves with the highest key, in their original order."""
    keys = [key(m) for m in moves]
    high = max(keys)
    return [m for m, k in zip(moves, keys, strict=True) if k == high]


class SearchBot:
    """A depth-limited lookahead over determinized copies of the game.

    Each *sample* copies the game and shuffles the copy's draw pile (the bot never uses the real order),
    then searches ``depth`` tile-takes ahead: at every node it plays each action on a copy, scores the
    result, and looks deeper only into the ``width`` best. The player to move at a node is whoever the
    moon track says — so a cheap tile that gives several turns in a row is seen as such. The player to
    move maximises, everybody else minimises the bot's score (paranoid search; exact minimax with two
    players). Root values are averaged over ``samples`` samples; one is enough when no refill lies
    within reach.

    The score of a seat is tokens placed, minus ``tempo`` tokens per step on the moon track, plus
    ``closeness`` (tokens about to come); the bot's score is its own less its best opponent's. Solo it
    is the solo score (lower is better), counted in tokens.

    Determinism: work is bounded by ``depth``, ``width`` and ``samples``, never by the clock, when a
    seed is given, so the same seed gives the same moves on any machine. Without a seed the bot also
    stops sampling once ``time_budget`` seconds are spent (at least one sample is always searched).
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = 1.0,
        *,
        depth: int = 3,
        width: int = 5,
        samples: int = 4,
        tempo: float = 0.3,
    ) -> None:
        if depth < 1 or width < 1 or samples < 1:
            raise ValueError("depth, width and samples must be at least 1")
        self._rng = random.Random(seed)
        self._seeded = seed is not None
        self.time_budget = time_budget
        self.depth, self.width, self.samples, self.tempo = depth, width, samples, tempo

    def choose(self, game: Game) -> Action:
        actions = legal_actions(game)
        if len(actions) <= 1:
            if not actions:
                raise _no_action(game)
            return actions[0]
        start = time.perf_counter()
        me = game.current_player
        totals: dict[Action, float] = {}
        for _ in range(self.samples):
            search = _Search(self, _determinize(game, self._rng), me)
            for action, value in search.root():
                totals[action] = totals.get(action, 0.0) + value
            if not search.drew or (not self._seeded and time.perf_counter() - start > self.time_budget):
                break
        return max(totals, key=lambda a: totals[a])


def _determinize(game: Game, rng: random.Random) -> Game:
    """A copy of the game whose face-down draw pile is shuffled: what the player cannot know is guessed."""
    world = game.copy()
    rng.shuffle(world._pile)
    return world


class _Search:
    """One search of one determinized copy, from the view of seat ``me``."""

    def __init__(self, bot: SearchBot, world: Game, me: int) -> None:
        self.bot, self.world, self.me = bot, world, me
        self.pile = len(world.draw_pile)
        self.drew = False  # whether any line reached the draw pile (then other samples differ)

    def root(self) -> list[tuple[Action, float]]:
        """The searched root actions with their values for ``me``."""
        world = self.world
        return [
            (action, self._value(child, closenesses, self.bot.depth - _is_take(action)))
            for action, child, closenesses, _ in self._children(world, self._closenesses(world))
        ]

    def _value(self, game: Game, closenesses: list[float], depth: int) -> float:
        if depth == 0 or game.is_over:
            return self._score(game, closenesses)
        values = [
            self._value(child, cl, depth - _is_take(action)) if depth > 1 or not _is_take(action) else score
            for action, child, cl, score in self._children(game, closenesses)
        ]
        return max(values) if game.current_player == self.me else min(values)

    def _children(self, game: Game, closenesses: list[float]) -> list[tuple[Action, Game, list[float], float]]:
        """The ``width`` most promising takes for the player to move (scored one step ahead), plus the
        refill and the end of phase 1 where allowed (searched always: their worth shows only later)."""
        mover = game.current_player
        maximise = mover == self.me
        scored = []
        words = []
        for action in legal_actions(game):
            child = game.copy()
            child.play(action)
            if len(child.draw_pile) != self.pile:
                self.drew = True
            cl = list(closenesses)
            if isinstance(action, Move):
                cl[mover] = closeness(child.players[mover].board)
                scored.append((action, child, cl, self._score(child, cl)))
            else:
                words.append((action, child, cl, 0.0))
        scored.sort(key=lambda c: c[3], reverse=maximise)
        return scored[: self.bot.width] + words

    def _closenesses(self, game: Game) -> list[float]:
        return [closeness(p.board) for p in game.players]

    def _score(self, game: Game, closenesses: list[float]) -> float:
        """How good ``game`` is for ``me``, in tokens."""
        if isinstance(game, SoloGame):
            return closenesses[0] - game.score.total / 10
        if game.is_over:
            return 1000.0 if game.winner == self.me else -1000.0
        worth = [
            (p.supply - p.tokens) - self.bot.tempo * p.time + cl
            for p, cl in zip(game.players, closenesses, strict=True)
        ]
        mine = worth.pop(self.me)
        return mine - max(worth)


def _is_take(action: Action) -> int:
    """1 for a tile taken (one step of search depth), 0 for a refill or the end of phase 1."""
    return 1 if isinstance(action, Move) else 0


#: The bots by name, for the command line, ``simulate`` and the widget.
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by its name in ``BOTS`` (``"random"``, ``"greedy"``, ``"search"``); options go to its class."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}") from None
    bot: Bot = cls(seed=seed, **options)
    return bot
