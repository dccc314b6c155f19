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

from ._board import Board, Cell, TaskRef, neighbours
from ._errors import IllegalMove, quote
from ._game import Action, Game, Move, Player, Word, sheet_of
from ._i18n import Message, cmsg

__all__ = [
    "BOTS",
    "BOT_WORDS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "best_place",
    "closeness",
    "make_bot",
    "missing",
    "play_game",
    "play_turn",
    "tokens_now",
]


class Bot(Protocol):
    """Anything with a ``name`` that picks an action for the player to move."""

    name: str

    def choose(self, game: Game) -> Action: ...


def play_turn(game: Game, bot: Bot) -> list[Action]:
    """Ask the bot until it has taken a tile (it may first refill or end phase one); apply and return
    the actions. The bot chooses on a copy of the game: whatever it does to that, only the action it
    returns is played. An illegal choice raises ``IllegalMove`` and leaves the game as it was."""
    actions: list[Action] = []
    while True:
        action = bot.choose(game.copy())
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


def _no_action() -> IllegalMove:
    return IllegalMove("the game is over; there is nothing to choose")


# -- how close an area is to more tokens ---------------------------------------------------------
#: Worth of an open task by how many tiles it still lacks: the fewer, the likelier it is covered soon.
_MISSING_WORTH: dict[int, float] = {1: 0.5, 2: 0.25, 3: 0.1, 4: 0.04}
#: Each open task with the colours it lacks and its worth (``_MISSING_WORTH``).
_Worths = dict[TaskRef, tuple[frozenset[str], float]]


def closeness(board: Board) -> float:
    """The area's open tasks weighted by how few tiles each still lacks (``_MISSING_WORTH``): a rough
    count of the tokens it is about to earn."""
    return sum(w for _, w in _worths(board).values())


def _worths(board: Board, before: _Worths | None = None, placed: Cell | None = None) -> _Worths:
    """Every open task's worth. Given the worths ``before`` the tile on ``placed`` went down, only the
    tasks that lacked its colour and touch its grown group (and the new tile's own) are counted again:
    no other count can have changed."""
    worths: _Worths = {}
    colour, touched = "", set()
    if placed is not None:
        colour = board[placed].colour
        touched = board._around_group(placed)
    for ref, short in board.open_tasks().items():
        known = before.get(ref) if before is not None else None
        if known is not None and (colour not in known[0] or (ref[0], ref[1]) not in touched):
            worths[ref] = known
            continue
        worths[ref] = (short, _MISSING_WORTH.get(_lacks(board, ref, short), 0.0))
    return worths


def missing(board: Board) -> dict[TaskRef, int]:
    """How many tiles each open task of the area still lacks, over all its colours."""
    return {ref: _lacks(board, ref, short) for ref, short in board.open_tasks().items()}


def _lacks(board: Board, ref: TaskRef, short: frozenset[str]) -> int:
    return board._lacking(ref, short)


# -- the bots ------------------------------------------------------------------------------------
class RandomBot:
    """Picks uniformly among all legal actions (refill and ending phase one included): a baseline."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise _no_action()
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
        if game.can_end_phase_one:
            return "end_phase_one"
        if game.is_over:
            raise _no_action()
        best, tokens = _cheapest_best(game)
        if game.can_refill and tokens == 0:
            return "refill"
        if len(best) > 1:
            best = _top(best, _closeness_after(game))
        return best[0] if len(best) == 1 else self._rng.choice(best)


def tokens_now(game: Game) -> dict[Move, int]:
    """The tokens the player to move would place with each legal move (no more than they have left).

    ``would_fulfil`` is the costly part and most cells of a large area can gain nothing, so it is asked
    only where a token is possible at all: where the groups touching the cell hold enough tiles for one
    of the tile's own tasks, or where the tile's colour is all an open task still lacks and the cell
    touches that task's tile or a tile of the same colour. (This spares about a third of the time.)
    """
    player = game.players[game.current_player]
    board, wheel, left = player.board, game.wheel, player.tokens
    waiting: dict[str, set[Cell]] = {}  # colour -> tiles with a task that lacks only that colour
    for (x, y, _), short in board.open_tasks().items():
        if len(short) == 1:
            waiting.setdefault(next(iter(short)), set()).add((x, y))
    cells = board.legal_cells()
    around = [_around(board, cell) for cell in cells]
    gains: dict[Move, int] = {}
    for space in game.choices():
        tile = wheel[space]
        assert tile is not None
        wait = waiting.get(tile.colour, set())
        for cell, (reach, near) in zip(cells, around, strict=True):
            own = any(all(reach.get(c, 0) >= n for c, n in need.items()) for need in tile.needs)
            possible = own or bool(wait and (tile.colour in reach or not wait.isdisjoint(near)))
            gains[Move(space, cell)] = min(len(board.would_fulfil(tile, cell)), left) if possible else 0
    return gains


def _around(board: Board, cell: Cell) -> tuple[dict[str, int], list[Cell]]:
    """The tiles touching an empty cell, and per colour the most tiles a task there could count: the
    sizes of the touching groups (a group that touches twice is counted twice: a bound, not a count)."""
    near = [n for n in neighbours(cell) if n in board]
    reach: dict[str, int] = {}
    for n in near:
        colour = board[n].colour
        reach[colour] = reach.get(colour, 0) + board.count(n, colour) + 1
    return reach, near


def best_place(game: Game, space: int) -> Move:
    """The greedy bot's place for the tile on ``space``: the most tokens now, then the area closest to
    more tokens (the first such cell)."""
    gains = tokens_now(game)
    moves = [m for m in gains if m.space == space]
    if not moves:
        raise IllegalMove(f"space {space} is not among the next three tiles: {game.choices()}")
    return _top(_top(moves, gains.__getitem__), _closeness_after(game))[0]


def _cheapest_best(game: Game) -> tuple[list[Move], int]:
    """The moves placing the most tokens now and, of those, the ones with the cheapest tile; and how
    many tokens they place."""
    wheel = game.wheel
    keys = {m: (n, -wheel[m.space].cost) for m, n in tokens_now(game).items()}  # type: ignore[union-attr]
    high = max(keys.values())
    return [m for m, k in keys.items() if k == high], high[0]


def _closeness_after(game: Game) -> Callable[[Move], float]:
    """How close the mover's area is to more tokens after each move (for ties)."""
    board = game.players[game.current_player].board
    before = _worths(board)

    def after(move: Move) -> float:
        tile = game.wheel[move.space]
        assert tile is not None
        trial = board.copy()
        trial.place(tile, move.cell)
        return sum(w for _, w in _worths(trial, before, move.cell).values())

    return after


def _top(moves: list[Move], key: Callable[[Move], Any]) -> list[Move]:
    """The moves with the highest key, in their original order."""
    keys = [key(m) for m in moves]
    high = max(keys)
    return [m for m, k in zip(moves, keys, strict=True) if k == high]


class SearchBot:
    """A lookahead over determinized copies of the game, deepened while its work budget lasts.

    Each of ``samples`` *worlds* is a copy of the game whose face-down draw pile is shuffled (the bot
    never uses the real order). In a world the bot looks ``depth`` tiles ahead. At every position it
    scores each take one step ahead on a copy of the mover's area alone (cheap: no copy of the game),
    and looks deeper into the best place for each tile on offer and then the next best, ``width`` in
    all, with the refill and the end of phase 1 where allowed: every tile is searched, so a cheap tile
    that buys several turns in a row is never cut off by its one-step score. Who moves at a position is
    whoever the moon track says. The bot maximises its score, everyone else is taken to minimise it
    (paranoid search; plain minimax with two players). The values of the first action are averaged
    over the worlds; one world is enough when no line reaches the draw pile, and the worlds score the
    takes of a position no line has drawn to only once (it is the same in each).

    A seat's worth is tokens placed, less ``tempo`` tokens a step on the moon track (time is what the
    race is run in), plus ``closeness`` (tokens about to come); the bot's score is its worth less the
    best opponent's. Solo, the score is the solo score counted in tokens (lower is better).

    Work: the bot searches depth 1, 2, … up to ``depth`` and keeps the deepest search it finished; each
    depth reuses the positions the shallower one played, and a deeper one stops once ``nodes`` units of
    work are spent in all (a take scored on an area is one, an action played on a copy of the game
    three: solo, every take is played out, as the score sheet decides its worth). From depth 4 on, a
    depth is not started when the growth of the last one says it would not be finished in the work
    left: its work would be thrown away. With a seed the work is the only bound, so the same seed gives
    the same moves on any machine, however loaded; without one the search also stops after
    ``time_budget`` seconds. Depth 1 is always searched in full (its work counted, not charged).
    ``bench/bots.py`` measures its time a turn and its strength against the greedy bot and against the
    search of an earlier revision.
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = 1.0,
        *,
        depth: int = 4,
        width: int = 3,
        samples: int = 4,
        nodes: int = 6000,
        tempo: float = 0.3,
    ) -> None:
        if min(depth, width, samples, nodes) < 1:
            raise ValueError("depth, width, samples and nodes must be at least 1")
        self._rng = random.Random(seed)
        self._seeded = seed is not None
        self.time_budget = time_budget
        self.depth, self.width, self.samples, self.nodes, self.tempo = depth, width, samples, nodes, tempo

    def choose(self, game: Game) -> Action:
        values = self.evaluate(game)
        return max(values, key=values.__getitem__)

    def evaluate(self, game: Game, also: Iterable[Action] = ()) -> dict[Action, float]:
        """The first actions the search looked at, with their values for the player to move in tokens
        (the mean over the sampled draw piles), from the deepest search finished: the best place for
        each tile on offer, the next best up to ``width``, the refill and the end of phase 1 where
        allowed, and the actions in ``also``. A single legal action is not searched (its value is 0)."""
        actions = game.legal_actions()
        if len(actions) <= 1:
            if not actions:
                raise _no_action()
            return {actions[0]: 0.0}
        extra = tuple(dict.fromkeys(also))  # each once: a value counted twice would double
        deadline = None if self._seeded else time.perf_counter() + self.time_budget
        budget, shared = _Budget(self.nodes, deadline), _Shared()
        searches = [
            _Search(self, _determinize(game, self._rng), game.current_player, budget, shared)
            for _ in range(self.samples)
        ]
        values = _values(searches, 1, extra)
        costs = [budget.spent]
        budget.bounded = True
        for depth in range(2, self.depth + 1):
            # At the growth of the last depth this one would not be finished: spare its work. (Depth 1
            # to 2 grows faster than any later step, so the first guess waits for depth 3.)
            if len(costs) > 2 and costs[-1] * costs[-1] > budget.left * costs[-2]:
                break
            try:
                values = _values(searches, depth, extra)
            except _Spent:
                break
            costs.append(budget.spent - sum(costs))
        return values


def _values(searches: list[_Search], depth: int, also: tuple[Action, ...]) -> dict[Action, float]:
    """The searched first actions (and ``also``) with their values, averaged over the worlds searched:
    one is enough when no line reaches the draw pile."""
    totals: dict[Action, float] = {}
    used = 0
    for search in searches:
        for action, value in search.root(depth, also):
            totals[action] = totals.get(action, 0.0) + value
        used += 1
        if not search.drew:
            break
    return {action: total / used for action, total in totals.items()}


def _determinize(game: Game, rng: random.Random) -> Game:
    """A copy of the game whose face-down draw pile is shuffled: what the player cannot know is guessed."""
    return game.copy(shuffle_pile=rng)


class _Spent(Exception):
    """The search budget ran out."""


class _Budget:
    """Work a search may still do (``nodes``: a move scored costs 1, a move played ``_PLAYED``), and
    (without a seed) the time it must stop by; and the work spent so far. Until it is ``bounded`` (depth
    1, always searched in full) work is counted but not charged."""

    def __init__(self, nodes: int, deadline: float | None) -> None:
        self.left, self.deadline = nodes, deadline
        self.spent = 0
        self.bounded = False

    def spend(self, cost: int) -> None:
        self.spent += cost
        if not self.bounded:
            return
        self.left -= cost
        if self.left < 0 or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise _Spent


#: What a move played on a copy of the game costs of the budget: about as much work as three moves
#: scored on a copy of an area alone.
_PLAYED = 3
#: Per seat, the worths of its open tasks and their sum (its ``closeness``).
_Marks = list[tuple[_Worths, float]]
#: A searched action: the action, the position after it and its marks.
_Child = tuple[Action, Game, _Marks]
#: A take scored one step ahead: the move, its score for the bot, the mover's worths after it, and the
#: position after it where it was played out in full (solo, or a take that may end the game).
_Step = tuple[Move, float, _Worths, Game | None]
#: A position in a world, as the actions that lead to it from the world's root.
_Path = tuple[Action, ...]


def _marks(game: Game) -> _Marks:
    return [(w, sum(v for _, v in w.values())) for w in (_worths(p.board) for p in game.players)]


class _Shared:
    """What the worlds of one search have in common. They differ only in the order of the draw pile, so
    a position no line has drawn to yet looks the same in each: the takes scored there (on the mover's
    area alone) are worked out in the first world and taken as they are by the others. Positions played
    are not shared: each holds its own world's draw pile."""

    def __init__(self) -> None:
        self.steps: dict[_Path, list[_Step]] = {}


class _Search:
    """The search of one world, from the view of seat ``me``. What it works out at a position (the
    takes scored, the children played) is kept, so a deeper search pays only for what is new; what is
    the same in every world is kept in ``shared``."""

    def __init__(self, bot: SearchBot, world: Game, me: int, budget: _Budget, shared: _Shared) -> None:
        self.bot, self.world, self.me, self.budget, self.shared = bot, world, me, budget, shared
        self.pile = len(world.draw_pile)
        self.drew = False  # whether a line reached the draw pile (then other worlds differ)
        self._scored: dict[_Path, tuple[list[_Step], list[_Child]]] = {}
        self._played: dict[_Path, list[_Child]] = {}

    def root(self, depth: int, also: tuple[Action, ...]) -> list[tuple[Action, float]]:
        """The value of each first action searched, and of each action in ``also`` left out."""
        marks = _marks(self.world)
        found = [
            (action, self._value(child, cm, depth - _is_take(action), (action,)))
            for action, child, cm in self._children(self.world, marks, ())
        ]
        searched = {action for action, _ in found}
        for action in also:
            if action not in searched:
                child = self._play(self.world, action)
                found.append((action, self._value(child, _marks(child), depth - _is_take(action), (action,))))
        return found

    def _value(self, game: Game, marks: _Marks, depth: int, path: _Path) -> float:
        if depth == 0 or game.is_over:
            return self._score(game, marks)
        steps, words = self._scores(game, marks, path)
        if depth == 1:  # the last take: its one-step score is its value; a refill first looks further
            children = words
            values = [steps[0][1]]
        else:
            children = self._children(game, marks, path)
            values = []
        values += [self._value(child, cm, depth - _is_take(a), (*path, a)) for a, child, cm in children]
        return max(values) if game.current_player == self.me else min(values)

    def _children(self, game: Game, marks: _Marks, path: _Path) -> list[_Child]:
        """The takes to look deeper into (``_pick``), played, then the refill and the end of phase 1."""
        children = self._played.get(path)
        if children is None:
            steps, words = self._scores(game, marks, path)
            mover = game.current_player
            children = []
            for move, _, worths, after in _pick(steps, self.bot.width):
                child = self._play(game, move) if after is None else after
                cm = list(marks)
                cm[mover] = (worths, sum(v for _, v in worths.values()))
                children.append((move, child, cm))
            children += words
            self._played[path] = children
        return children

    def _scores(self, game: Game, marks: _Marks, path: _Path) -> tuple[list[_Step], list[_Child]]:
        """Every take scored one step ahead, best first for the mover, and the refill and the end of
        phase 1 played (their worth shows only after them)."""
        found = self._scored.get(path)
        if found is None:
            steps = self._sorted_steps(game, marks, path)
            allowed: list[Word] = ["refill"] if game.can_refill else []
            if game.can_end_phase_one:
                allowed.append("end_phase_one")
            words: list[_Child] = [(word, self._play(game, word), marks) for word in allowed]
            found = self._scored[path] = (steps, words)
        return found

    def _sorted_steps(self, game: Game, marks: _Marks, path: _Path) -> list[_Step]:
        """``_steps``, best first for the mover; from ``shared`` where no line has drawn yet (and no take
        was played out: that position holds this world's draw pile)."""
        same = len(game.draw_pile) == self.pile
        steps = self.shared.steps.get(path) if same else None
        if steps is None:
            steps = self._steps(game, marks)
            steps.sort(key=lambda s: s[1], reverse=game.current_player == self.me)
            if same and all(after is None for *_, after in steps):
                self.shared.steps[path] = steps
        return steps

    def _steps(self, game: Game, marks: _Marks) -> list[_Step]:
        """Every take, scored on a copy of the mover's area: the tokens it places, its time and the
        area's closeness change, and nothing else does. Solo (a score sheet) and where a take may end
        the game (the last tile, no draw pile) each is played out on a copy of the game instead."""
        mover = game.current_player
        player = game.players[mover]
        board, left, wheel = player.board, player.tokens, game.wheel
        before = marks[mover][0]
        full = game.is_solo or (game.tiles_on_wheel() == 1 and not game.draw_pile)
        worth = [self._worth(p, m[1]) for p, m in zip(game.players, marks, strict=True)]
        steps: list[_Step] = []
        for space in game.choices():
            tile = wheel[space]
            assert tile is not None
            for cell in board.legal_cells():
                move = Move(space, cell)
                if full:
                    after = self._play(game, move)
                    worths = _worths(after.players[mover].board, before, cell)
                    cm = list(marks)
                    cm[mover] = (worths, sum(v for _, v in worths.values()))
                    steps.append((move, self._score(after, cm), worths, after))
                    continue
                self.budget.spend(1)
                trial = board.copy()
                placed = min(len(trial.place(tile, cell)), left)
                worths = _worths(trial, before, cell)
                if placed == left:  # the last token: the mover wins
                    score = 1000.0 if mover == self.me else -1000.0
                else:
                    close = sum(v for _, v in worths.values())
                    worth[mover] = (
                        player.supply - left + placed - self.bot.tempo * (player.time + tile.cost) + close
                    )
                    score = self._against(worth)
                steps.append((move, score, worths, None))
            worth[mover] = self._worth(player, marks[mover][1])
        return steps

    def _play(self, game: Game, action: Action) -> Game:
        self.budget.spend(_PLAYED)
        child = game.copy()
        child.play(action)
        self.drew = self.drew or len(child.draw_pile) != self.pile
        return child

    def _score(self, game: Game, marks: _Marks) -> float:
        """How good ``game`` is for ``me``, in tokens."""
        if game.is_solo:  # the score, counted in tokens (a token not placed costs token_worth points)
            return marks[0][1] - sheet_of(game)["total"] / game.token_worth
        if game.is_over:
            return 1000.0 if game.winner == self.me else -1000.0
        return self._against([self._worth(p, m[1]) for p, m in zip(game.players, marks, strict=True)])

    def _worth(self, player: Player, close: float) -> float:
        """A seat's worth: tokens placed, less ``tempo`` a step of time, plus its closeness."""
        return player.supply - player.tokens - self.bot.tempo * player.time + close

    def _against(self, worth: list[float]) -> float:
        """``me``'s worth less the best opponent's."""
        return worth[self.me] - max(w for seat, w in enumerate(worth) if seat != self.me)


def _pick(steps: list[_Step], width: int) -> list[_Step]:
    """The takes to look deeper into, best first: the best place for each tile on offer, then the next
    best up to ``width`` in all."""
    firsts: dict[int, int] = {}
    for i, step in enumerate(steps):
        firsts.setdefault(step[0].space, i)
    keep = set(firsts.values())
    room = width - len(keep)
    picked = []
    for i, step in enumerate(steps):
        if i in keep or room > 0:
            room -= i not in keep
            picked.append(step)
    return picked


def _is_take(action: Action) -> int:
    """1 for a tile taken (one step of depth), 0 for a refill or the end of phase 1."""
    return 1 if isinstance(action, Move) else 0


#: The bots by name, for the command line, ``simulate`` and the widget.
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
#: Each bot's name as a player reads it ("greedy" is «жадный» in Russian); code names a bot as in ``BOTS``.
BOT_WORDS: dict[str, Message] = {
    "random": cmsg("a bot's name: it plays a legal move at random", "random"),
    "greedy": cmsg("a bot's name: it takes the move that fulfils the most tasks now", "greedy"),
    "search": cmsg("a bot's name: it looks a few moves ahead", "search"),
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by its name in ``BOTS`` (``"random"``, ``"greedy"``, ``"search"``); options go to its class."""
    cls = BOTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown bot {quote(name)}; bots are {', '.join(BOTS)}")
    bot: Bot = cls(seed=seed, **options)
    return bot
