"""What happened in a game, told for a player following it on the page: turns, refills, the solo phases
and score, the end and a summary.

The engine's log (``events``) words each event apart, in the present tense, for ``print(game.log)``.
The page tells a turn (take, move, place, cover) as one past-tense sentence a player can follow ("Bo
took R07 (space 3), placed it right of B04, covered 1 task, and moves again"), says "moves again"
whenever a player takes turns in a row, and names where a tile went by a neighbour rather than by
coordinates. The past tense also keeps the grammar right for a player named "You". Nothing here judges a
rule: the figures come from the engine (the log's events, ``score_sheet``, ``ranking``) and the area's
tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from .board import Board, Cell, neighbours
from .events import Event
from .game import Game, ScoreSheet
from .solo import PENALTY, SMALL_STACK

#: (id, kind, player or None, sentence); ``id`` is the index in ``game.log`` of the entry's first event,
#: so the page can tell which entries are new since it last drew.
Entry = tuple[int, str, int | None, str]

#: Where a tile went, seen from a neighbour placed before it: (dx, dy) → words. y grows downward.
_SIDES: Final = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "below", (0, -1): "above"}


@dataclass(frozen=True)
class Turn:
    """One turn as the log shows it: who took which tile from which wheel space, where it went, and how
    many tasks it covered. ``id`` is the index of its ``take`` event in ``game.log``."""

    id: int
    player: int
    tile: str
    space: int
    cell: Cell
    covered: int


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _is_you(name: str) -> bool:
    # The tutorials name the human seat "You": "You moves again" must read "You move again".
    return name.strip().lower() == "you"


def _their(name: str) -> str:
    return "your" if _is_you(name) else "their"


def whose(name: str) -> str:
    """The possessive the page puts before "area": "Ada's", but "your" for a player named "You"."""
    return "your" if _is_you(name) else f"{name}'s"


def _listing(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b, and c``."""
    if len(parts) < 3:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + ", and " + parts[-1]


def where(board: Board, cell: Cell, name: str) -> str:
    """Where the tile at ``cell`` went, by a neighbour placed before it ("right of B04"), or that it
    started the area."""
    order = {c: i for i, c in enumerate(board.tiles)}
    earlier = [n for n in neighbours(cell) if n in order and order[n] < order[cell]]
    if not earlier:
        return f"as the first tile of {_their(name)} area"
    n = min(earlier, key=order.__getitem__)
    return f"{_SIDES[(cell[0] - n[0], cell[1] - n[1])]} {board.tiles[n].id}"


def tell(game: Game, limit: int) -> tuple[list[Entry], list[Turn]]:
    """The latest ``limit`` entries of the page's log (oldest first) and the turns among them.

    A turn's events come together (take, then the moon-track move, the placement and any cover), so
    ``4 * limit`` events hold at least ``limit`` entries; events of a turn whose take was cut off find
    no turn and are left out."""
    events = game.recent_log(4 * limit)
    first = game.log_length - len(events)
    names = [p.name for p in game.players]
    boards = [p.board for p in game.players]
    turns: list[Turn] = []
    others: list[tuple[int, Event]] = []  # entries that are not turns, by id
    for i, event in enumerate(events):
        data = event.data
        if event.kind == "take":
            assert event.player is not None
            turns.append(Turn(first + i, event.player, data["tile"], data["space"], (0, 0), 0))
        elif event.kind == "place" and turns:
            turns[-1] = replace(turns[-1], cell=(data["cell"][0], data["cell"][1]))
        elif event.kind == "cover" and turns:
            turns[-1] = replace(turns[-1], covered=len(data["tasks"]))
        elif event.kind in ("setup", "refill", "phase", "score", "end"):
            others.append((first + i, event))
    entries: list[Entry] = []
    for k, t in enumerate(turns):
        following = turns[k + 1].player if k + 1 < len(turns) else _next_player(game)
        again = following == t.player and len(names) > 1  # alone, every turn is "again"
        entries.append((t.id, "turn", t.player, _turn_words(names[t.player], boards[t.player], t, again)))
    for i, event in others:
        entries.append((i, event.kind, event.player, _event_words(game, event, names)))
    entries.sort()
    return entries[-limit:], turns


def _next_player(game: Game) -> int | None:
    return None if game.is_over else game.current_player


def _turn_words(name: str, board: Board, turn: Turn, again: bool) -> str:
    parts = [f"took {turn.tile} (space {turn.space})", f"placed it {where(board, turn.cell, name)}"]
    if turn.covered:
        parts.append(f"covered {_plural(turn.covered, 'task')}")
    if again:
        parts.append(f"{'move' if _is_you(name) else 'moves'} again")
    return f"{name} {_listing(parts)}."


def _event_words(game: Game, event: Event, names: Sequence[str]) -> str:
    data = event.data
    if event.kind == "refill":
        new = _plural(len(data["placed"]), "new tile")
        if not data["placed"]:
            return "The wheel could not be refilled: the draw pile is empty."
        if data["mandatory"]:  # the wheel was bare, or the solo phase 1 ended: nobody chose it
            return f"The wheel is refilled: {new}."
        assert event.player is not None
        return f"{names[event.player]} refilled the wheel: {new}."
    if event.kind == "phase":
        missing = _plural(data["missing"], "token")
        return (f"Phase 1 is over: its record is {data['record']} (tiles {data['tiles']} + {PENALTY} × "
                f"{missing} not placed). Phase 2 begins.")  # fmt: skip
    if event.kind == "end":
        return end_words(game)
    return event.text  # setup and the solo score: the engine's words need no change


def end_words(game: Game) -> str:
    """How the game ended, with the ranking (2–4 players)."""
    names = [p.name for p in game.players]
    sheet = game.score_sheet()
    winner = game.winner or 0
    if game.end_reason == "no tile":
        why = "no tile can be taken any more"
    elif sheet is not None:  # "Solo placed their last token" reads oddly: Solo is the seat's default name
        supply = game.players[0].supply
        why = f"all {supply} tokens are placed" if supply > 1 else "the last token is placed"
    else:
        why = f"{names[winner]} placed {_their(names[winner])} last token"
    if sheet is not None:  # the score follows in the log, and in the summary
        return f"Game over: {why}."
    ranking = ", ".join(f"{place}. {names[p]}" for place, p in enumerate(game.ranking(), 1))
    return f"Game over: {why}. Ranking: {ranking}."


def summary(game: Game) -> list[str]:
    """The end of a game in a few lines: each player in ranking order with tokens placed, tasks covered
    and tiles; solo, how the score adds up."""
    sheet = game.score_sheet()
    if sheet is not None:
        return solo_lines(game, sheet)
    lines = []
    for place, p in enumerate(game.ranking(), 1):
        player = game.players[p]
        board = player.board
        tasks = sum(len(t.tasks) for t in board.tiles.values())
        placed = f"{player.supply - player.tokens} of {_plural(player.supply, 'token')} placed"
        covered = f"{len(player.covered)} of {_plural(tasks, 'task')} covered"
        lines.append(f"{place}. {player.name}: {placed}, {covered}, {_plural(len(board), 'tile')}")
    return lines


def solo_goal(game: Game, sheet: ScoreSheet) -> str:
    """What the solo game asks of the player now, for the page's "what to do now" line ("" once over)."""
    if game.is_over:
        return ""
    if sheet["phase"] == 2:
        tokens = _plural(game.players[0].tokens, "token")
        return f"Phase 2: place your other {tokens}; the wheel refills as usual."
    if game.can_end_phase_one:
        return (f"All {SMALL_STACK} tokens of phase 1 are placed: end phase 1 when you like, or take more "
                "tiles first (each empty space gets a new tile for phase 2).")  # fmt: skip
    return (f"Phase 1: place the {SMALL_STACK} tokens of the small stack ({sheet['small']} to go) with the "
            f"{_plural(game.tiles_on_wheel(), 'tile')} left on the wheel.")  # fmt: skip


def solo_lines(game: Game, sheet: ScoreSheet) -> list[str]:
    """The solo score and how it adds up: each record as tiles + 10 × tokens not placed, the score, and
    that lower is better. While a phase runs its record is what it would be if the phase ended now."""
    player = game.players[0]
    over = game.is_over
    cost = sum(t.cost for t in player.board.tiles.values())
    if sheet["phase"] == 1 and not over:
        small = _plural(sheet["small"], "token")
        phase_one = f"tiles {cost} + {PENALTY} × {small} not placed = {sheet['phase_one']}"
        head = "Phase 1 record if it ended now"
    else:
        recorded = next((e for e in reversed(game.log) if e.kind == "phase"), None)
        phase_one = str(sheet["phase_one"])
        if recorded is not None:
            d = recorded.data
            missing = _plural(d["missing"], "token")
            phase_one = f"tiles {d['tiles']} + {PENALTY} × {missing} not placed = {phase_one}"
        head = "Phase 1 record"
    end = f"tiles {cost} + {PENALTY} × {_plural(player.tokens, 'token')} not placed = {sheet['final']}"
    return [
        f"{head}: {phase_one}",
        f"End record{'' if over else ' if the game ended now'}: {end}",
        f"Score {sheet['total']}{'' if over else ' so far'}: both records added; lower is better, "
        "under 100 is excellent",
    ]
