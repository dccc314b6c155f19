"""The coach: a hint for the player to move, and a review of a game, in plain words.

Both stand on the search bot (``bots.SearchBot``): for a position it samples a few orders of the
face-down draw pile (it never reads the real one), looks a few tiles ahead in each, and values the
actions in **tokens**: tokens placed, less 0.3 token (its ``tempo``) a step on the moon track, plus
the tokens the area is about to earn (open tasks that lack few tiles), counted against the best
opponent; solo, the score over 10 instead of the time (a token not placed costs 10 points). The search
looks deeper into the best place for every tile on offer (and the greedy bot's place for each, where
that differs), so that a hint can compare them all. ``hint`` ranks the values; ``review`` asks the
same search at every position of a game, on a process a core, and measures each action taken against
the suggestion.

The words come from the position itself, not from the search: the tasks a move covers (``game.play``
on a copy), the tasks it leaves one tile short (``Board.open_tasks`` and ``Board.count``), its cost and
who moves next (the moon track), and what the tile would have given an opponent
(``Board.would_fulfil``). The sentences are ``i18n`` messages, worded in the language asked for
(``lang``; None: the package language), so an ``Option``'s ``reason`` and a review's ``comment`` are
plain text. Results are frozen dataclasses of plain values (``Hint.to_data()`` is JSON for a widget);
the game passed in is never changed. Neither pandas nor tqdm is needed until ``review`` is called.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, TypedDict

from . import _wheel as wheel
from ._board import Board, Cell, TaskRef, whole_number
from ._browser_review import Helper
from ._errors import IllegalMove, quote
from ._game import Action, ActionData, Game, Move, action_data, check_seed, sheet_of
from ._i18n import Message, Value, cell_words, cmsg, cplural, joined, listed, msg, plural, resolve
from ._names import YOU, alone, named, says_you
from ._tiles import COLOUR_NAMES
from .bots import SearchBot, best_place, closeness, missing, tokens_now

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    import pandas as pd

__all__ = [
    "ALTERNATIVES",
    "HELPED_WORK",
    "MAX_LOSS",
    "NODES",
    "NOTABLE",
    "PARALLEL_WORK",
    "PROGRESS_UNIT",
    "REVIEW_COLUMNS",
    "Hint",
    "HintData",
    "Mark",
    "Option",
    "OptionData",
    "hint",
    "review",
    "reviewing",
]

#: How many next-best options a hint lists besides its suggestion.
ALTERNATIVES: Final = 3
#: The search's work per position (``SearchBot``'s ``nodes``; the bot plays with 6000): five sixths of the
#: bot's, so that a hint takes at most a quarter of a second of CPU nearly always (``bench/coach.py``).
NODES: Final = 5000
#: The least work (positions reviewed times ``nodes``) worth starting processes for: about 2 s of CPU.
PARALLEL_WORK: Final = 50_000
#: The least work worth a helper in the in-browser site (a second Pyodide, which takes 2–3 s to start):
#: about 4 s of the kernel's there.
HELPED_WORK: Final = 200_000
#: A loss (tokens) from which a review comment says what the suggestion would have done instead.
NOTABLE: Final = 0.5
#: The largest loss a review reports: a move that gives away a won game (or lets an opponent win)
#: counts as the whole supply of 20 tokens, not as the search's ±1000 for a finished game.
MAX_LOSS: Final = 20.0
#: The columns of ``review``: ``turn`` (the tile being taken, from 1; a refill shares the turn of the
#: take that follows it), ``player`` (seat index), ``played`` and ``suggested`` (actions, ready for
#: ``game.play``), ``loss`` (tokens, see ``review``) and ``comment`` (sentences for the player).
REVIEW_COLUMNS: Final = ["turn", "player", "played", "suggested", "loss", "comment"]
#: The unit of a review's progress bar (tqdm's ``12/40 [00:03<00:05, 4.1action/s]``): an action reviewed.
PROGRESS_UNIT: Final = cmsg("the unit of a review's progress bar: one action of the game reviewed", "action")


# -- an option and a hint as data (the page is sent them: novaluna_widget/_contract.py describes them) --
class Mark(TypedDict):
    """What to mark for an action the coach talks about: the tile taken, the space it is on and the cell
    it goes to (all None for a refill or the end of phase 1)."""

    tile: str | None
    space: int | None
    cell: Cell | None


class OptionData(Mark):
    """One option of the player to move (``coach.Option.to_data``): what to mark and what the search
    makes of it."""

    action: ActionData
    #: What it does, in a sentence or two.
    reason: str
    #: The search's evaluation in tokens (higher is better).
    value: float
    #: Tokens it trails the suggestion by (0 for the suggestion).
    behind: float
    cost: int | None
    #: The tasks it covers now.
    covers: list[TaskRef]
    #: The tasks it leaves one tile short.
    sets_up: list[TaskRef]
    #: The seat that moves after it (None once the game is over).
    next_player: int | None


class HintData(OptionData):
    """The suggestion for ``player`` (``coach.Hint.to_data``) and the runners-up, best first."""

    player: int
    alternatives: list[OptionData]


@dataclass(frozen=True)
class Option:
    """One option of the player to move, what it does and what the search makes of it.

    ``action`` is a ``Move``, ``"refill"`` or ``"end_phase_one"``; ``reason`` says in one or two
    sentences what it does, in the language the hint was asked in. ``value`` is the search's
    evaluation in tokens (see the module docstring; higher is better; a line the search sees won counts
    1000, one it sees lost -1000) and ``behind`` how many tokens it trails the suggestion (0 for the
    suggestion).
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

    def to_data(self) -> OptionData:
        """The option as JSON data; the action as save files write it (``["take", space, x, y]``)."""
        return {
            "action": action_data(self.action),
            "reason": self.reason,
            "value": round(self.value, 3),
            "behind": round(self.behind, 3),
            "space": self.space,
            "tile": self.tile,
            "cell": self.cell,
            "cost": self.cost,
            "covers": list(self.covers),
            "sets_up": list(self.sets_up),
            "next_player": self.next_player,
        }


@dataclass(frozen=True)
class Hint(Option):
    """The suggestion for ``player`` (the seat to move), and in ``alternatives`` up to ``ALTERNATIVES``
    runners-up, best first: the best place for each other tile on offer and the refill or the end of
    phase 1 where allowed; other places for the suggested tile only where that leaves room."""

    player: int
    alternatives: tuple[Option, ...]

    def to_data(self) -> HintData:
        return {
            **super().to_data(),
            "player": self.player,
            "alternatives": [a.to_data() for a in self.alternatives],
        }


def hint(
    game: Game, *, seed: int = 0, nodes: int = NODES, lang: str | None = None, reader: int | None = None
) -> Hint:
    """What the player to move should do, why (in ``lang``; None: the package language; the player to
    move, and the player of seat ``reader``, told about as "you"), and the next-best options.

    Deterministic given ``seed``; ``nodes`` bounds the search's work (fewer: faster and weaker). Raises
    ``IllegalMove`` once the game is over. The game is not changed.
    """
    lang = resolve(lang)
    game, seed, nodes = _checked(game, seed, nodes)  # a copy: the position of this moment
    ranked = _evaluate(game, seed, nodes)
    best = ranked[0][1]
    first, *rest = [
        _option(game, action, value, best, lang, reader)
        for action, value in [ranked[0], *_runners_up(ranked)]
    ]
    return Hint(
        **{f.name: getattr(first, f.name) for f in fields(Option)},
        player=game.current_player,
        alternatives=tuple(rest),
    )


def review(
    game: Game,
    *,
    seed: int = 0,
    nodes: int = NODES,
    progress: bool = False,
    lang: str | None = None,
    reader: int | None = None,
) -> pd.DataFrame:
    """Every action of ``game.history``, replayed from the start and measured against the coach.

    One row per action (``REVIEW_COLUMNS``). ``loss`` is how many tokens worse the action taken was than
    the suggestion, both valued by the same search on the same sampled draw piles (see the module
    docstring): 0 where the player did as the coach says or nothing else was legal, never below 0 (an
    action taken that the search finds better becomes the suggestion), at most ``MAX_LOSS``. Solo, a
    token is 10 points of score. ``comment`` is in ``lang`` (None: the package language), the player of
    seat ``reader`` told about as "you" (None: nobody).
    ``progress=True`` shows a tqdm bar. The game is not changed.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    lang = resolve(lang)
    rows = tqdm(
        reviewing(game, seed=seed, nodes=nodes, lang=lang, reader=reader),
        total=len(game.history),
        unit=PROGRESS_UNIT.in_language(lang),
        disable=not progress,
    )
    return pd.DataFrame(list(rows), columns=REVIEW_COLUMNS)


def reviewing(
    game: Game,
    *,
    seed: int = 0,
    nodes: int = NODES,
    lang: str | None = None,
    reader: int | None = None,
) -> Iterator[dict[str, Any]]:
    """``review``'s rows one by one, as dicts keyed by ``REVIEW_COLUMNS``, in the order of
    ``game.history``: for a caller that shows its own progress (the widget's Review panel).

    A review long enough to pay for starting processes (``PARALLEL_WORK``) searches its positions on a
    process per core; else, or where no process can start (Pyodide), in this process. In the in-browser
    site, a long review (``HELPED_WORK``) whose caller yields to the event loop between rows (the
    widget's Review) is helped by a second Pyodide on the other core (``_helped``). Each position's
    search is seeded alike however it runs, so the rows are the same."""
    lang = resolve(lang)  # checked now, not at the first row
    game, seed, nodes = _checked(game, seed, nodes)
    work = len(game.history) * nodes
    count = _workers(work)
    if count > 1:
        return _in_parallel(game, seed, nodes, lang, reader, count)
    if sys.platform == "emscripten" and work >= HELPED_WORK:
        return _helped(game, seed, nodes, lang, reader)
    return _reviewing(game, seed, nodes, lang, reader)


def _checked(game: object, seed: object, nodes: object) -> tuple[Game, int, int]:
    """The arguments every question to the coach takes, checked before any work: ``TypeError`` or
    ``ValueError`` naming the one that is wrong. The game comes back as a copy, the position of this
    moment, which the coach reads as often as it likes: another thread may play on the game meanwhile
    (a bot's game, asked for a hint from a thread), and every answer still speaks of one position."""
    if not isinstance(game, Game):
        raise TypeError(msg("the coach looks at a Game or a SoloGame, not {value}", value=quote(game)))
    count = whole_number(nodes)
    if count is None or count < 1:
        error = ValueError if count is not None else TypeError
        raise error(msg("nodes must be a whole number, 1 or more, not {value}", value=quote(nodes)))
    return game.copy(), check_seed(seed), count


def _workers(work: int) -> int:
    """How many processes a review of ``work`` (positions times nodes) runs on: a core's worth of work
    each, on at most every core."""
    if sys.platform == "emscripten" or work < PARALLEL_WORK:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, work // PARALLEL_WORK))


def _start(game: Game) -> dict[str, Any]:
    """``game``'s snapshot at its start, with no history: plain data, for ``Game.from_snapshot``."""
    data = {**game.snapshot(), "history": [], "redo": []}
    del data["position"]
    return data


def _reviewing(
    game: Game, seed: int, nodes: int, lang: str, reader: int | None, first: int = 0
) -> Iterator[dict[str, Any]]:
    """The rows from action ``first`` on, in this process."""
    for k, before, played in _positions(game):
        if k >= first:
            yield _review_row(before, played, seed, nodes, lang, reader)


def _positions(game: Game) -> Iterator[tuple[int, Game, Action]]:
    """Each action of ``game``'s history, its number and the position before it: one game replayed from the
    start, so a position holds only until the next one is asked for."""
    replay = Game.from_snapshot(_start(game))
    for k, played in enumerate(game.history):
        yield k, replay, played
        replay.play(played)


def _review_calls(
    game: Game, seed: int, nodes: int, lang: str, reader: int | None
) -> list[tuple[dict[str, Any], tuple[Action, ...], int, int, str, int | None]]:
    """The arguments of ``_review_at`` for each action of ``game``'s history: each row made on its own,
    by a pool's process or the site's helper."""
    start, history = _start(game), game.history
    return [(start, history[: k + 1], seed, nodes, lang, reader) for k in range(len(history))]


def _in_parallel(
    game: Game, seed: int, nodes: int, lang: str, reader: int | None, workers: int
) -> Iterator[dict[str, Any]]:
    """``_reviewing`` on a pool of ``workers`` processes, the rows still in order. Where no process can
    start (Pyodide), or one dies, the rest is reviewed in this process. Closing the iterator early
    (the review was cancelled) cancels the positions not yet searched."""
    done = 0
    try:  # imported here: Pyodide may lack them, and a short review never needs them
        from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

        pool = ProcessPoolExecutor(workers, mp_context=_processes())
    except (ImportError, OSError, NotImplementedError):
        yield from _reviewing(game, seed, nodes, lang, reader)
        return
    try:
        futures = [pool.submit(_review_at, *call) for call in _review_calls(game, seed, nodes, lang, reader)]
        for future in futures:
            yield future.result()
            done += 1
    except (BrokenExecutor, OSError):
        yield from _reviewing(game, seed, nodes, lang, reader, done)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _helped(game: Game, seed: int, nodes: int, lang: str, reader: int | None) -> Iterator[dict[str, Any]]:
    """``_reviewing`` in the in-browser site, with a ``Helper`` (a second Pyodide) reviewing from the last
    action down while this kernel reviews from the first up: each row here is the helper's if it has
    arrived, else this kernel's own. Where no helper starts, or it fails, this kernel reviews the rest
    alone. Closing the iterator early (the review was cancelled) ends the helper."""
    helper = Helper.start(_review_at, _review_calls(game, seed, nodes, lang, reader))
    if helper is None:
        yield from _reviewing(game, seed, nodes, lang, reader)
        return
    with helper:
        for k, before, played in _positions(game):
            row = helper.take(k)
            if row is None:
                helper.claim(k)
                row = _review_row(before, played, seed, nodes, lang, reader)
            yield row


def _processes() -> BaseContext:
    """How the review's processes start: as Python's default (as ``simulate``'s do) from the main thread,
    but afresh (``spawn``) instead of by ``fork`` from any other thread (the widget's review): a fork
    there copies the locks the main thread (a Jupyter kernel's) may hold at that moment. Whatever other
    threads run beside the main thread (tqdm's monitor starts with the first progress bar) decide
    nothing: a spawned process imports the main script again, which in a script without an
    ``if __name__ == "__main__"`` guard reviews again, fails, and prints its traceback, so a script
    reviewing on its main thread forks and needs no guard."""
    import multiprocessing
    import threading

    method = multiprocessing.get_start_method(allow_none=True) or multiprocessing.get_all_start_methods()[0]
    if method == "fork" and threading.current_thread() is not threading.main_thread():
        method = "spawn"
    return multiprocessing.get_context(method)


def _review_at(
    start: dict[str, Any], actions: tuple[Action, ...], seed: int, nodes: int, lang: str, reader: int | None
) -> dict[str, Any]:
    """The row of the last of ``actions``, played from the ``start`` snapshot: in a pool's process."""
    replay = Game.from_snapshot(start)
    for action in actions[:-1]:
        replay.play(action)
    return _review_row(replay, actions[-1], seed, nodes, lang, reader)


def _review_row(
    game: Game, played: Action, seed: int, nodes: int, lang: str, reader: int | None
) -> dict[str, Any]:
    """The review of one action, at the position before it, its comment in ``lang``."""
    ranked = _evaluate(game, seed, nodes, played)
    suggested, best = ranked[0]
    loss = best - dict(ranked)[played]
    mover = game.current_player
    comment = _comment(game, played, suggested, loss, reader)
    return {
        "turn": game.turn + 1,
        "player": mover,
        "played": played,
        "suggested": suggested,
        "loss": round(min(loss, MAX_LOSS), 3),
        "comment": comment.in_language(lang),
    }


def _comment(game: Game, played: Action, suggested: Action, loss: float, reader: int | None) -> Message:
    """A review's comment on the action ``played`` at this position: what it did, and how it compares
    with the coach's suggestion (which is better by ``loss`` tokens)."""
    effect = _effect(game, played)
    mover = game.players[game.current_player].name
    if reader is None and (says_you(mover) or alone([p.name for p in game.players])):
        # a seat named "you" agrees as "you" (names.says_you: grammar); the one player at a solo table with
        # the package's name is the reader (names.alone), never a third person named "Solo"
        reader = game.current_player
    done = _words(game, played, effect, reader, named([p.name for p in game.players])[game.current_player])
    if played == suggested:
        return msg("{played} The coach suggests the same.", played=done)
    if loss < NOTABLE:
        return msg("{played} About as good as the coach's suggestion.", played=done)
    return msg(
        "{played} Better: {instead} {by_how_much}",
        played=done,
        instead=_instead(game, played, effect, suggested, reader),
        by_how_much=_by_how_much(game, loss),
    )


def _by_how_much(game: Game, loss: float) -> Message:
    """The loss in words: tokens, solo points of score, or a game decided."""
    if loss >= MAX_LOSS:
        return msg("Looking a few turns ahead, that may well decide the game.")
    if game.score_unit == "points":
        # round() rounds as the format ".0f" does (half to even), so the English is as before
        return plural(
            "Looking a few turns ahead, that is about {n} point of score better.",
            "Looking a few turns ahead, that is about {n} points of score better.",
            round(loss * game.token_worth),
        )
    shown = f"{loss:.1f}"
    whole, tenth = shown.split(".")
    # A count with a decimal takes no plural form of its own: one message for 1.0 token, one for the rest.
    tokens = cmsg("a number with one decimal", "{whole}.{tenth}", whole=int(whole), tenth=int(tenth))
    if shown == "1.0":
        return msg("Looking a few turns ahead, that is about {tokens} token better.", tokens=tokens)
    return msg("Looking a few turns ahead, that is about {tokens} tokens better.", tokens=tokens)


def _instead(game: Game, played: Action, done: _Effect, suggested: Action, reader: int | None) -> Message:
    """The suggestion, as advice to the player who took another action (with effect ``done``), to
    follow "Better:": the same tile elsewhere is told apart by what it covers and leaves short, and by
    how close the area comes to more tokens."""
    effect = _effect(game, suggested)
    if not (isinstance(played, Move) and isinstance(suggested, Move) and played.space == suggested.space):
        return _words(game, suggested, effect, reader, better=True)
    mover = game.current_player
    board = effect.after.players[mover].board
    cell, outcome = cell_words(suggested.cell), _outcome(board, effect)
    if closeness(board) > closeness(done.after.players[mover].board):
        return msg(
            "place it at {cell} instead, {outcome}, which brings more open tasks close to being covered.",
            cell=cell,
            outcome=outcome,
        )
    return msg("place it at {cell} instead, {outcome}.", cell=cell, outcome=outcome)


# -- the search ----------------------------------------------------------------------------------
def _evaluate(game: Game, seed: int, nodes: int, played: Action | None = None) -> list[tuple[Action, float]]:
    """The actions the search valued with their values in tokens, its choice first, then best first:
    the search's own picks, the best place for every tile on offer, and the action ``played``."""
    if game.is_over:
        raise IllegalMove(msg("the game is over; there is nothing to suggest"))
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


def _option(game: Game, action: Action, value: float, best: float, lang: str, reader: int | None) -> Option:
    effect = _effect(game, action)
    reason = _words(game, action, effect, reader).in_language(lang)
    after = effect.after
    next_player = None if after.is_over else after.current_player
    if not isinstance(action, Move):
        return Option(action, reason, value, best - value, None, None, None, None, (), (), next_player)
    taken = game.wheel[action.space]
    assert taken is not None
    return Option(
        action,
        reason,
        value,
        best - value,
        action.space,
        taken.id,
        action.cell,
        taken.cost,
        effect.covers,
        effect.sets_up,
        next_player,
    )


# -- the words -----------------------------------------------------------------------------------
# Each sentence is a whole message, so that a translation can order its clauses as the language needs;
# a nested message is a real sub-phrase (the tasks covered, the tasks left short, a count). Advice to
# the player to move, the same advice after "Better:" in a review, and what a player did are separate
# messages (the tense, and the capital, differ).
def _words(
    game: Game,
    action: Action,
    effect: _Effect,
    reader: int | None,
    who: Value | None = None,
    *,
    better: bool = False,
) -> Message:
    """What the action does, in one or two sentences: advice to the player to move ("Take …"; "take …"
    after "Better:" if ``better``), or, given their name in ``who``, what they did ("Ann took …"); the
    player of seat ``reader`` is "you" where another player would be named."""
    if isinstance(action, Move):
        return _move_words(game, action, effect, reader, who, better)
    fresh = _fresh(game)
    yours = bool(who) and game.current_player == reader  # what the reader did: told as "you"
    if action == "refill":
        if yours:
            return cplural(
                "the player named You, the reader",
                "{who} refilled the wheel with {n} fresh tile from the draw pile.",
                "{who} refilled the wheel with {n} fresh tiles from the draw pile.",
                fresh,
                who=YOU,
            )
        if who:
            return plural(
                "{who} refilled the wheel with {n} fresh tile from the draw pile.",
                "{who} refilled the wheel with {n} fresh tiles from the draw pile.",
                fresh,
                who=who,
            )
        if better:
            return cmsg(
                "advice after 'Better:' in a review",
                "refill the wheel first: {why}. Then you take a tile as usual.",
                why=_offer(game, fresh),
            )
        return msg("Refill the wheel first: {why}. Then you take a tile as usual.", why=_offer(game, fresh))
    if yours:
        return cplural(
            "the player named You, the reader",
            "{who} ended phase 1, and the wheel was refilled with {n} fresh tile.",
            "{who} ended phase 1, and the wheel was refilled with {n} fresh tiles.",
            fresh,
            who=YOU,
        )
    if who:
        return plural(
            "{who} ended phase 1, and the wheel was refilled with {n} fresh tile.",
            "{who} ended phase 1, and the wheel was refilled with {n} fresh tiles.",
            fresh,
            who=who,
        )
    if better:
        return cplural(
            "advice after 'Better:' in a review",
            "end phase 1 now, as the {small} tokens of the small stack are placed and every "
            "further tile taken in phase 1 counts twice in your score. The wheel is then refilled "
            "with {n} fresh tile.",
            "end phase 1 now, as the {small} tokens of the small stack are placed and every "
            "further tile taken in phase 1 counts twice in your score. The wheel is then refilled "
            "with {n} fresh tiles.",
            fresh,
            small=game.phase_one_tokens,
        )
    return plural(
        "End phase 1 now, as the {small} tokens of the small stack are placed and every further "
        "tile taken in phase 1 counts twice in your score. The wheel is then refilled with {n} "
        "fresh tile.",
        "End phase 1 now, as the {small} tokens of the small stack are placed and every further "
        "tile taken in phase 1 counts twice in your score. The wheel is then refilled with {n} "
        "fresh tiles.",
        fresh,
        small=game.phase_one_tokens,
    )


def _move_words(
    game: Game, move: Move, effect: _Effect, reader: int | None, who: Value | None, better: bool
) -> Message:
    taken = game.wheel[move.space]
    assert taken is not None
    board = effect.after.players[game.current_player].board
    args: dict[str, Value] = {
        "tile": taken.id,
        "colour": COLOUR_NAMES[taken.colour],
        "space": move.space,
        "cell": cell_words(move.cell),
        "outcome": _outcome(board, effect),
        "then": _then(game, move, effect, reader, who),
    }
    if who and game.current_player == reader:  # what the reader did: told as "you"
        return cmsg(
            "the player named You, the reader",
            "{who} took {tile} ({colour}) from wheel space {space} and placed it at {cell}, {outcome}. "
            "{then}",
            who=YOU,
            **args,
        )
    if who:
        return msg(
            "{who} took {tile} ({colour}) from wheel space {space} and placed it at {cell}, {outcome}. "
            "{then}",
            who=who,
            **args,
        )
    if better:
        return cmsg(
            "advice after 'Better:' in a review",
            "take {tile} ({colour}) from wheel space {space} and place it at {cell}, {outcome}. {then}",
            **args,
        )
    return msg(
        "Take {tile} ({colour}) from wheel space {space} and place it at {cell}, {outcome}. {then}", **args
    )


def _outcome(board: Board, effect: _Effect) -> Message:
    """The tasks a move covers and those it leaves one tile short, in words that fit either tense:
    "covering 2 blue on Y11 (1 token) and leaving 4 red on R02 one red short"."""
    covers, refs = len(effect.covers), effect.sets_up
    if refs:
        short = _short(board, refs)
        if covers:
            return cplural(
                "what a move does",
                "covering {tasks} ({n} token) and leaving {short}",
                "covering {tasks} ({n} tokens) and leaving {short}",
                covers,
                tasks=_tasks(board, effect.covers),
                short=short,
            )
        return cmsg("what a move does", "covering no task yet but leaving {short}", short=short)
    if covers:
        return cplural(
            "what a move does",
            "covering {tasks} ({n} token)",
            "covering {tasks} ({n} tokens)",
            covers,
            tasks=_tasks(board, effect.covers),
        )
    if not effect.opens:
        return cmsg("what a move does", "covering no task yet")
    x, y, _ = effect.opens[0]
    return cplural(
        "what a move does",
        "covering no task yet but opening {n} task on {tile}",
        "covering no task yet but opening {n} tasks on {tile}",
        len(effect.opens),
        tile=board[(x, y)].id,
    )


#: A task one tile short of the colour it lacks: "4 red on R02 one red short".
_SHORT: Final[dict[str, Callable[[Value], Message]]] = {
    "red": lambda task: cmsg("a task one tile short", "{task} one red short", task=task),
    "blue": lambda task: cmsg("a task one tile short", "{task} one blue short", task=task),
    "teal": lambda task: cmsg("a task one tile short", "{task} one teal short", task=task),
    "yellow": lambda task: cmsg("a task one tile short", "{task} one yellow short", task=task),
}


def _short(board: Board, refs: Sequence[TaskRef]) -> Value:
    """The tasks a move leaves one tile short: each with the colour it lacks, or, of more than two, how
    many and on which tiles."""
    if len(refs) <= 2:
        return listed([_SHORT[_lacking(board, ref)](_tasks(board, [ref])) for ref in refs])
    on = sorted({board[(x, y)].id for x, y, _ in refs})
    return cplural(
        "tasks a move leaves one tile short",
        "{n} task one tile short (on {tiles})",
        "{n} tasks one tile short (on {tiles})",
        len(refs),
        tiles=joined(on),
    )


def _then(game: Game, move: Move, effect: _Effect, reader: int | None, who: Value | None) -> Message:
    """The move's cost, who moves next or how the game ends, and what the tile would have given an
    opponent: advice, or what happened given the player's name in ``who``."""
    taken = game.wheel[move.space]
    assert taken is not None
    after = effect.after
    if game.is_solo:  # a tile's cost goes into both records while phase 1 runs
        twice = sheet_of(game)["phase"] == 1
        points = taken.cost * (2 if twice else 1)
        note = msg("(lower is better; phase-1 tiles count twice)") if twice else msg("(lower is better)")
        if who:
            if after.is_over:
                return plural(
                    "It added {n} point to the solo score {note}, and the game ended.",
                    "It added {n} points to the solo score {note}, and the game ended.",
                    points,
                    note=note,
                )
            return plural(
                "It added {n} point to the solo score {note}.",
                "It added {n} points to the solo score {note}.",
                points,
                note=note,
            )
        if after.is_over:
            return plural(
                "It adds {n} point to the solo score {note}, and the game ends.",
                "It adds {n} points to the solo score {note}, and the game ends.",
                points,
                note=note,
            )
        return plural(
            "It adds {n} point to the solo score {note}.",
            "It adds {n} points to the solo score {note}.",
            points,
            note=note,
        )
    cost = taken.cost
    # Mid-sentence, the mover of a hint, and the reader, are "you"; so is, in a review, a seat named "you"
    # (names.says_you: grammar).
    you = [
        (who is None and seat == game.current_player)
        or seat == reader
        or (who is not None and says_you(p.name))
        for seat, p in enumerate(game.players)
    ]
    names: list[Value] = [
        _YOU if yours else _named(name)
        for yours, name in zip(you, named([p.name for p in game.players]), strict=True)
    ]
    if after.winner is not None:
        winner = names[after.winner]
        if who:
            return plural(
                "It cost {n} time on the moon track, and the game ended: {winner} won.",
                "It cost {n} time on the moon track, and the game ended: {winner} won.",
                cost,
                winner=winner,
            )
        if you[after.winner]:
            return plural(
                "It costs {n} time on the moon track, and the game ends: you win.",
                "It costs {n} time on the moon track, and the game ends: you win.",
                cost,
            )
        return plural(
            "It costs {n} time on the moon track, and the game ends: {winner} wins.",
            "It costs {n} time on the moon track, and the game ends: {winner} wins.",
            cost,
            winner=winner,
        )
    rival, gain = _denied(game, move)
    denied = None
    if gain and who:
        denied = plural(
            "it also kept {tile} from {rival}, who could have covered {n} task with it",
            "it also kept {tile} from {rival}, who could have covered {n} tasks with it",
            gain,
            tile=taken.id,
            rival=names[rival],
        )
    elif gain:
        denied = plural(
            "it also keeps {tile} from {rival}, who could cover {n} task with it",
            "it also keeps {tile} from {rival}, who could cover {n} tasks with it",
            gain,
            tile=taken.id,
            rival=names[rival],
        )
    nxt = after.current_player
    if nxt != game.current_player:
        return _turn(cost, names[nxt], bool(who), False, denied)
    return _turn(cost, _YOU if you[game.current_player] else _named(who or ""), bool(who), True, denied)


#: "you", of the player a hint advises, or of the reader (``reader``), where a name would stand.
_YOU: Final = cmsg("a player addressed as you, where a name would stand", "you")


def _named(name: Value) -> Message:
    """Another player, where ``_YOU`` would stand: the moves go to them, a tile is kept from them. Russian
    says «игроку Ann» (names are never declined); the other languages say the name."""
    return cmsg(
        "another player, where 'you' would stand: the move goes to them, a tile is kept from them",
        "{name}",
        name=name,
    )


def _turn(n: int, who: Value, past: bool, again: bool, denied: Message | None) -> Message:
    """The cost ``n`` of a move and who moves next (``who``; the mover if ``again``), with the tile
    kept from an opponent (a clause, or None): what happened if ``past``, else advice."""
    if past and again:
        if denied is None:
            return plural(
                "It cost {n} time on the moon track, and {who} moved again.",
                "It cost {n} time on the moon track, and {who} moved again.",
                n,
                who=who,
            )
        return plural(
            "It cost {n} time on the moon track, and {who} moved again; {denied}.",
            "It cost {n} time on the moon track, and {who} moved again; {denied}.",
            n,
            who=who,
            denied=denied,
        )
    if past:
        if denied is None:
            return plural(
                "It cost {n} time on the moon track, and {who} moved next.",
                "It cost {n} time on the moon track, and {who} moved next.",
                n,
                who=who,
            )
        return plural(
            "It cost {n} time on the moon track, and {who} moved next; {denied}.",
            "It cost {n} time on the moon track, and {who} moved next; {denied}.",
            n,
            who=who,
            denied=denied,
        )
    if again:
        if denied is None:
            return plural(
                "It costs {n} time on the moon track, and you move again.",
                "It costs {n} time on the moon track, and you move again.",
                n,
            )
        return plural(
            "It costs {n} time on the moon track, and you move again; {denied}.",
            "It costs {n} time on the moon track, and you move again; {denied}.",
            n,
            denied=denied,
        )
    if denied is None:
        return plural(
            "It costs {n} time on the moon track, and {who} moves next.",
            "It costs {n} time on the moon track, and {who} moves next.",
            n,
            who=who,
        )
    return plural(
        "It costs {n} time on the moon track, and {who} moves next; {denied}.",
        "It costs {n} time on the moon track, and {who} moves next; {denied}.",
        n,
        who=who,
        denied=denied,
    )


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


def _offer(game: Game, fresh: int) -> Message:
    """Why refill: the ``fresh`` tiles it brings, against what the one or two tiles left give now."""
    left = len(game.choices())
    best = max(tokens_now(game).values(), default=0)
    brings = cplural("tiles a refill brings", "{n} fresh tile", "{n} fresh tiles", fresh)
    if best == 0:
        return plural(
            "the tile left on the wheel covers no task now, and a refill brings {fresh} from the draw pile",
            "the {n} tiles left on the wheel cover no task now, and a refill brings {fresh} from "
            "the draw pile",
            left,
            fresh=brings,
        )
    return plural(
        "a refill brings {fresh} from the draw pile to choose from, where the tile left on the "
        "wheel covers at most {tasks} now",
        "a refill brings {fresh} from the draw pile to choose from, where the {n} tiles left on "
        "the wheel cover at most {tasks} now",
        left,
        fresh=brings,
        tasks=cplural("tasks a tile could cover", "{n} task", "{n} tasks", best),
    )


def _fresh(game: Game) -> int:
    """How many tiles a refill puts on the wheel (the moon marker's space stays empty)."""
    return min(len(game.draw_pile), wheel.SPACES - 1 - game.tiles_on_wheel())


def _tasks(board: Board, refs: Iterable[TaskRef]) -> Value:
    """Tasks with their tiles: "2 blue on Y11, 1 red + 1 yellow on Y11 and 3 teal on B05"."""
    return listed(
        [
            msg("{task} on {tile}", task=board[(x, y)].tasks[i].words(), tile=board[(x, y)].id)
            for x, y, i in refs
        ]
    )


def _lacking(board: Board, ref: TaskRef) -> str:
    """The colour a task one tile short still lacks."""
    (colour,) = board.open_tasks()[ref]
    return colour
