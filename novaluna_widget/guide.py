"""A guided first game: one fixed game of "You" against Luna that teaches each rule as it first applies.

The page (``NovaLunaWidget.tutorial()``) shows one ``Step`` at a time: its title, the text to read, what
to click (the step's ``Click``, as the widget's own intent) and what to light up; it refuses any other
click with a friendly sentence and then says what happened. Everything the page needs is plain data
here, so the page judges nothing and the whole story can be tested without a browser.

The story is fixed: the deal is built with ``scenario.position`` (so the wheel offers the tiles the
story needs) and Luna's turns are scripted actions, not a live bot. To reach the refill and the end
without thirty clicks, the guide skips ahead in the same game by playing a fixed list of actions (found
once with two greedy bots) and says so in words. The steps are written by playing the script once on a
copy of the game, and every figure in a sentence (tile ids, costs, wheel spaces, track spaces, tasks
covered, tokens left, who moves next) is read from the engine at that moment, so the words cannot drift
from the game; ``tests/test_guide.py`` checks them against the engine again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from . import track
from .board import Board, Cell, TaskRef, neighbours
from .errors import IllegalMove
from .game import Action, Game, Move, action_data
from .scenario import position
from .tiles import Tile

__all__ = ["LUNA", "YOU", "Click", "Guide", "Highlight", "Reply", "Step", "steps"]

#: The two seats: the reader, and the scripted opponent.
YOU: Final = "You"
LUNA: Final = "Luna"

#: The deal: 11 tiles on the wheel, chosen so that the first turns show each rule in turn. The draw pile
#: starts with the tiles the refills take (the skipped turns' two refills, then the guide's own one).
_WHEEL: Final = "M T04 B05 R07 T09 Y11 R10 R13 Y06 Y13 B02 T02"
_DRAW_PILE: Final = ("B14 Y01 B07 Y14 R16 Y09 R06 B13 B12 T13 T03 B11 Y04 R17 Y05 Y08 R15 T15 B01 Y16 "
                     "R01 B10 Y10 T12 Y02 T11 B09 T17 T08")
_SEED: Final = 281  # shuffles the rest of the draw pile, which the story never reaches

#: Luna's scripted turns in the first part, one after each of your turns from the third step on.
_LUNA: Final = (Move(4, (0, 0)), Move(6, (1, 0)), Move(9, (1, 1)))
#: The turns skipped between the chain and the refill (two greedy bots played them once), with Luna's
#: optional refill among them; the refill you must make on the way is the engine's own.
_SKIPPED: Final[tuple[Action, ...]] = (
    Move(11, (0, 1)), Move(3, (1, -1)), "refill", Move(6, (1, -1)), Move(9, (0, -1)), Move(11, (2, 0)),
    Move(2, (0, -1)), Move(4, (-1, 1)), Move(7, (2, -1)), Move(8, (-1, 0)), Move(10, (-1, -1)),
    Move(5, (-1, 0)), Move(1, (0, 2)), Move(0, (1, 2)), Move(3, (-2, -1)), Move(5, (-2, 0)),
    Move(8, (-1, 1)), Move(11, (-1, 2)), Move(1, (-2, 1)), Move(2, (-2, 2)), Move(4, (2, 2)),
    Move(7, (-1, 2)), Move(9, (1, -2)),
)  # fmt: skip

_SIDES: Final = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "below", (0, -1): "above"}


# -- the data the page reads ---------------------------------------------------------------------
@dataclass(frozen=True)
class Highlight:
    """What the page lights while a click is awaited: the click's target (a wheel space, a cell, or the
    ``button`` "next" or "refill") and what the text points at (more cells, tasks as ``(x, y, task
    index)``, track spaces). Cells and tasks lie in the area of player ``area``."""

    spaces: tuple[int, ...] = ()
    cells: tuple[Cell, ...] = ()
    tasks: tuple[TaskRef, ...] = ()
    track: tuple[int, ...] = ()
    button: str | None = None
    area: int = 0

    def to_data(self) -> dict[str, Any]:
        return {"spaces": list(self.spaces), "cells": [list(c) for c in self.cells],
                "tasks": [list(t) for t in self.tasks], "track": list(self.track), "button": self.button,
                "area": self.area}


@dataclass(frozen=True)
class Click:
    """One click a step waits for: the ``action`` ("select", "take", "refill" or "next") with its
    ``space``, ``cell`` and ``player`` as the widget's intent carries them; the ``prompt`` that says
    what to click, the ``refusal`` for any other click, and the ``answer`` said once it is made."""

    action: str
    prompt: str
    refusal: str
    answer: str
    highlight: Highlight
    space: int | None = None
    cell: Cell | None = None
    player: int | None = None

    @property
    def intent(self) -> dict[str, Any]:
        """The click as the page sends it (``protocol.INTENTS``), less the picture's ``version``."""
        found: dict[str, Any] = {"action": self.action}
        if self.space is not None:
            found["space"] = self.space
        if self.cell is not None:
            found["cell"] = list(self.cell)
        if self.action == "take":
            found["player"] = self.player
        return found

    def accepts(self, intent: object) -> bool:
        """Whether ``intent`` is this click: the same fields, with any ``version`` ignored and a
        ``player`` (which a refill may name) the player to move."""
        if not isinstance(intent, Mapping):
            return False
        given = {key: list(value) if isinstance(value, tuple) else value
                 for key, value in intent.items() if key != "version"}
        if "player" in given and self.action in ("refill", "next") and given["player"] == self.player:
            del given["player"]
        return given == self.intent

    def to_data(self) -> dict[str, Any]:
        return {"intent": self.intent, "prompt": self.prompt, "refusal": self.refusal,
                "answer": self.answer, "highlight": self.highlight.to_data()}


@dataclass(frozen=True)
class Reply:
    """One scripted action of Luna's that follows a step, and the sentence that tells it."""

    action: Action
    text: str


@dataclass(frozen=True)
class Step:
    """One step of the guided game: its ``number`` (from 1), the ``rule`` it teaches (a short key), a
    ``title``, the ``text`` read before clicking, the ``clicks`` it waits for in order (choosing a tile
    and placing it are two clicks of one step), Luna's ``replies`` that follow it, and the actions
    ``skipped`` just before it is shown (the jump ahead, told in its text)."""

    number: int
    rule: str
    title: str
    text: str
    clicks: tuple[Click, ...]
    replies: tuple[Reply, ...] = ()
    skipped: tuple[Action, ...] = field(default=(), repr=False)

    @property
    def after(self) -> str:
        """What the page says once the step is done (the last click's answer)."""
        return self.clicks[-1].answer

    def to_data(self) -> dict[str, Any]:
        replies = [{"action": action_data(r.action), "text": r.text} for r in self.replies]
        return {"number": self.number, "rule": self.rule, "title": self.title, "text": self.text,
                "clicks": [c.to_data() for c in self.clicks], "after": self.after, "replies": replies}


#: No highlight beyond a click's target.
_NOTHING: Final = Highlight()


# -- the driver ----------------------------------------------------------------------------------
class Guide:
    """The guided game, step by step: ``game`` is the real game at the current point, ``step`` the
    step shown (``number`` of ``total``) and ``click`` the click it waits for. ``check`` says whether
    a click from the page is that one, ``advance`` plays it. The guide owns its game: the page shows
    ``game`` and sends every click here instead of playing it itself."""

    def __init__(self) -> None:
        self.steps = steps()
        self.game = _deal()
        self._index = 0  # the step shown
        self._click = 0  # the click of that step awaited
        #: What the last click did, in sentences (``advance``'s answer), for the page to show.
        self.said: list[str] = []

    @property
    def done(self) -> bool:
        return self._index == len(self.steps)

    @property
    def step(self) -> Step:
        """The step shown: the last one once the guide is done."""
        return self.steps[min(self._index, len(self.steps) - 1)]

    @property
    def click(self) -> Click | None:
        """The click awaited, None once the guide is done."""
        return None if self.done else self.step.clicks[self._click]

    @property
    def number(self) -> int:
        return self.step.number

    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def progress(self) -> str:
        """``"step 3 of 11"``, for the page's progress line."""
        return f"step {self.number} of {self.total}"

    def check(self, intent: object) -> str | None:
        """None if ``intent`` is the click the step waits for, else the friendly sentence that says what
        to click instead. Nothing changes."""
        click = self.click
        if click is None:
            return "The guided game is over: start a new game to play on."
        return None if click.accepts(intent) else click.refusal

    def advance(self, intent: object) -> list[str]:
        """Play the click ``intent`` (refused with ``IllegalMove`` and its friendly sentence, changing
        nothing, unless ``check`` accepts it), then, if it ends the step, Luna's replies and any skip to
        the next step. Returns what happened, in sentences."""
        refusal = self.check(intent)
        if refusal is not None:
            raise IllegalMove(refusal)
        click, step = self.click, self.step
        assert click is not None
        _apply(self.game, click)
        said = [click.answer]
        self._click += 1
        if self._click == len(step.clicks):
            for reply in step.replies:
                self.game.play(reply.action)
                said.append(reply.text)
            self._next_step()
        self.said = [s for s in said if s]
        return self.said

    def _next_step(self) -> None:
        self._index += 1
        self._click = 0
        if not self.done:
            for action in self.step.skipped:
                self.game.play(action)

    def state(self) -> dict[str, Any]:
        """What the page shows of the guide: the step's number, ``total`` and ``progress``, title and
        text, the click awaited (its ``prompt``, the ``expects`` intent and the ``highlight``), what the
        last click did (``said``) and ``done``."""
        click = self.click
        awaited = {"prompt": None, "expects": None, "highlight": None} if click is None else {
            "prompt": click.prompt, "expects": click.intent, "highlight": click.highlight.to_data()}
        return {"number": self.number, "total": self.total, "progress": self.progress,
                "rule": self.step.rule, "title": self.step.title, "text": self.step.text, **awaited,
                "said": list(self.said), "done": self.done}


def _apply(game: Game, click: Click) -> None:
    """Play a click on the game: a take or the refill changes it; choosing a tile or Next does not."""
    if click.action == "take":
        assert click.space is not None and click.cell is not None
        game.play(Move(click.space, click.cell))
    elif click.action == "refill":
        game.play("refill")


def _deal() -> Game:
    """The game at the start: empty areas, both track markers stacked on the new moon, yours on top."""
    return position({YOU: "", LUNA: ""}, wheel=_WHEEL, draw_pile=_DRAW_PILE, seed=_SEED)


# -- words ---------------------------------------------------------------------------------------
def _is_you(name: str) -> bool:
    return name == YOU


def _subject(name: str) -> str:
    return "you" if _is_you(name) else name


def _possessive(name: str) -> str:
    """Before a noun: "your", "Luna's"."""
    return "your" if _is_you(name) else f"{name}'s"


def _mine(name: str) -> str:
    """Standing alone: "yours", "Luna's"."""
    return "yours" if _is_you(name) else f"{name}'s"


def _does(name: str, verb: str) -> str:
    """"you move", "Luna moves"; "you are", "Luna is" (no other irregular verb is needed)."""
    if verb == "be":
        return "you are" if _is_you(name) else f"{name} is"
    return f"you {verb}" if _is_you(name) else f"{name} {verb}s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(words: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return " and ".join(filter(None, [", ".join(words[:-1]), words[-1]])) if words else ""


def _tile(t: Tile) -> str:
    return f"{t.id} ({t.colour}, cost {t.cost})"


def _at(game: Game, space: int) -> Tile:
    """The tile on a wheel space the script names (it always holds one)."""
    found = game.wheel[space]
    assert found is not None
    return found


def _asks(t: Tile) -> str:
    """A tile's tasks in quotes: '"2 blue" and "1 yellow"'."""
    return _join([f'"{task}"' for task in t.tasks])


def _task(board: Board, ref: TaskRef) -> str:
    """A task with its tile: '"2 blue" on Y11'."""
    t = board[(ref[0], ref[1])]
    return f'"{t.tasks[ref[2]]}" on {t.id}'


def _where(board: Board, cell: Cell, name: str) -> str:
    """Where a tile goes on ``cell``, by the first tile already there that it touches along a side."""
    for placed in board.tiles:
        side = _SIDES.get((cell[0] - placed[0], cell[1] - placed[1]))
        if side:
            return f"{side} {board[placed].id}"
    return f"as the first tile of {_possessive(name)} area"


def _counted(board: Board, ref: TaskRef) -> str:
    """Which tiles fulfil a task (``Board.explain``): those touching its tile, and those counted
    through a chain: "B05 touches it, and B02 counts through the chain"."""
    why = board.explain((ref[0], ref[1]), ref[2])
    touching = [board[c].id for count in why.colours for c in count.touching]
    linked = [board[c].id for count in why.colours for c in count.chain if c not in count.touching]
    text = f"{_join(touching)} {'touches' if len(touching) == 1 else 'touch'} it"
    if linked:
        text += f", and {_join(linked)} {'counts' if len(linked) == 1 else 'count'} through the chain"
    return text


def _corner(board: Board, ref: TaskRef) -> str:
    """That a tile counted through a chain touches the task's tile only at a corner, if one does."""
    why = board.explain((ref[0], ref[1]), ref[2])
    for count in why.colours:
        for c in count.chain:
            if abs(c[0] - why.cell[0]) == abs(c[1] - why.cell[1]) == 1:
                return f"{board[c].id} touches {why.tile.id} only at a corner, which on its own never counts."
    return ""


def _tokens(game: Game, seat: int) -> str:
    name, left = game.players[seat].name, game.players[seat].tokens
    has = "You have" if _is_you(name) else f"{name} has"
    return f"{has} {left} token{'s' * (left != 1)} left."


# -- one turn, played and told -------------------------------------------------------------------
@dataclass(frozen=True)
class _Played:
    """A move played on the script's game, with what the sentences need: who, which tile from where,
    where it went (in words), the tasks covered, and the track marker's time before and after."""

    seat: int
    tile: Tile
    move: Move
    where: str
    covered: tuple[TaskRef, ...]
    before: int
    after: int

    @property
    def moved(self) -> str:
        """The track marker's move: "from track space 3 to 7" (time goes on, the spaces wrap at 24)."""
        return f"from track space {track.space(self.before)} to {track.space(self.after)}"


def _play(game: Game, move: Move) -> _Played:
    seat = game.current_player
    player, taken = game.players[seat], _at(game, move.space)
    where, before = _where(player.board, move.cell, player.name), player.time
    covered = tuple(sorted(game.play(move)))
    return _Played(seat, taken, move, where, covered, before, player.time)


def _track(game: Game, played: _Played) -> str:
    """The track marker's move, and who moves next because of it (the rearmost; of a stack the top)."""
    names = [p.name for p in game.players]
    mover, other = names[played.seat], names[1 - played.seat]
    there = game.players[1 - played.seat]
    head = f"{_capital(_possessive(mover))} track marker moved {played.moved}"
    if game.current_player == played.seat:
        relation = "still behind" if played.after < there.time else "on top of"
        return (f"{head}, {relation} {_mine(other)} on track space {there.space}: "
                f"{_does(mover, 'move')} again.")
    return (f"{head}, past {_mine(other)} on track space {there.space}: {_does(other, 'be')} rearmost "
            f"now, so {_does(other, 'move')} next.")


def _reply(game: Game, move: Move) -> Reply:
    """One of Luna's scripted turns, played and told."""
    played = _play(game, move)
    name = game.players[played.seat].name
    board = game.players[played.seat].board
    took = f"{name} took {_tile(played.tile)} from wheel space {move.space} and placed it {played.where}"
    if played.covered:
        tasks = _join([_task(board, ref) for ref in played.covered])
        took += f", covering {tasks}. {_tokens(game, played.seat)}"
    else:
        took += "."
    return Reply(move, f"{took} {_track(game, played)}")


def _select(game: Game, space: int, context: Highlight = _NOTHING) -> Click:
    """Choosing the tile on ``space``: one of the next three tiles, named by its number 1–3."""
    t = _at(game, space)
    pick = f"tile {game.choices().index(space) + 1}, the {t.colour} {t.id} on wheel space {space}"
    light = Highlight(spaces=(space,), tasks=context.tasks, track=context.track)
    return Click("select", f"Click {pick}.", f"Not that one, please: click {pick}.", f"You chose {_tile(t)}.",
                 light, space=space)


def _take(game: Game, move: Move, tell: Callable[[_Played], str], context: Highlight = _NOTHING) -> Click:
    """Placing the chosen tile on ``move.cell``: plays the move on the script's game, and ``tell``
    words what it did."""
    seat = game.current_player
    board, t = game.players[seat].board, _at(game, move.space)
    where = _where(board, move.cell, game.players[seat].name)
    cell = f"cell ({move.cell[0]}, {move.cell[1]})"
    light = Highlight(cells=(move.cell, *context.cells), tasks=context.tasks, area=seat)
    prompt, refusal = f"Click {cell}, {where}.", f"Not there, please: place {t.id} on {cell}, {where}."
    answer = tell(_play(game, move))
    return Click("take", prompt, refusal, answer, light, space=move.space, cell=move.cell, player=seat)


def _next(prompt: str = "Press Next.", context: Highlight = _NOTHING) -> Click:
    """An explain-only step's click: the Next button. What follows it is told by the next step, or by
    Luna's replies."""
    light = Highlight(track=context.track, button="next")
    return Click("next", prompt, "This step only explains: read it, then press Next.", "", light)


# -- the steps -----------------------------------------------------------------------------------
def _welcome(game: Game, number: int) -> Step:
    supply = game.players[0].supply
    text = (f"Welcome to Nova Luna! You play one game against {LUNA}, and each step teaches a rule just "
            f"when it first matters. Each task you fulfil in your area gets one of your {supply} tokens: "
            "whoever places all of them first wins. On a turn you take a tile from the moon wheel, which "
            "costs time, and place it in your area. You move first.")
    stack = Highlight(track=tuple(sorted({p.space for p in game.players})))
    return Step(number, "goal", "Welcome", text, (_next(context=stack),))


def _next_three(game: Game, number: int) -> Step:
    spaces = game.choices()
    ids = [_at(game, s).id for s in spaces]
    text = (f"The moon marker stands by wheel space {game.marker}. You may take only one of the next three "
            f"tiles clockwise after it, numbered 1 to 3 on the wheel: {_join(ids)}, on wheel spaces "
            f"{_join([str(s) for s in spaces])}. Empty wheel spaces are skipped.")
    return Step(number, "next three tiles", "The next three tiles", text, (_select(game, 2),))


def _time(game: Game, number: int) -> Step:
    t = _at(game, 2)
    text = (f"Taking a tile costs time: the number in its top-left corner. {t.id} costs {t.cost}, so your "
            f"track marker moves {t.cost} track spaces along the moon track. Your first tile may go "
            "anywhere in your area.")

    def tell(played: _Played) -> str:
        return (f"Your track marker moved {played.moved}. The moon marker moved to wheel space "
                f"{game.marker}, where {played.tile.id} lay, so the next three tiles are now on wheel "
                f"spaces {_join([str(s) for s in game.choices()])}.")

    return Step(number, "time", "Time on the moon track", text, (_take(game, Move(2, (0, 0)), tell),))


def _who_moves(game: Game, number: int) -> Step:
    you, luna = game.players
    start = game.snapshot()["start"]["players"]
    top = game.players[max(range(len(start)), key=lambda i: start[i]["arrival"])].name
    text = (f"Who moves next? Not the next player round the table, but the player whose track marker is "
            f"rearmost on the moon track. Yours stands on track space {you.space} and {LUNA}'s on "
            f"{luna.space}, so {LUNA} moves next. At the start both lay in one stack on track space 0; "
            f"of a stack the one on top moves, and {_mine(top)} lay on top, so {_subject(top)} began.")
    click = _next(f"Press Next to watch {LUNA}'s turn.", context=Highlight(track=(you.space, luna.space)))
    return Step(number, "who moves next", "Who moves next", text, (click,), (_reply(game, _LUNA[0]),))


def _next_to(game: Game, number: int) -> Step:
    cells = game.players[0].board.legal_cells()
    text = ("From your second tile on, each tile goes on an empty cell next to one of your tiles, along a "
            f"side: touching only at a corner is not enough. Your area has {len(cells)} such cells now: "
            f"{_join([f'({x}, {y})' for x, y in cells])}.")

    def tell(played: _Played) -> str:
        why = game.players[0].board.explain(played.move.cell, 2)
        (count,) = why.colours
        return (f'{played.tile.id} lies {played.where}. Its task "{why.tile.tasks[2]}" has {count.counted} '
                f"of the {count.needed} {count.colour} tiles it needs so far. {_track(game, played)}")

    clicks = (_select(game, 5), _take(game, Move(5, (1, 0)), tell, Highlight(cells=tuple(cells))))
    return Step(number, "next to your tiles", "Next to your tiles", text, clicks, (_reply(game, _LUNA[1]),))


def _first_task(game: Game, number: int) -> Step:
    t = _at(game, 7)
    text = ("A task is fulfilled when enough tiles of its colours touch its tile along a side: one tile "
            f"for each dot. Then one of your tokens goes on it. {t.id} asks for {_asks(t)}.")

    def tell(played: _Played) -> str:
        board = game.players[0].board
        (ref,) = played.covered
        return (f"Your first token: {_task(board, ref)} is fulfilled, because {_counted(board, ref)}. "
                f"{_tokens(game, 0)} {_track(game, played)}")

    clicks = (_select(game, 7), _take(game, Move(7, (1, 1)), tell))
    return Step(number, "first task", "A first task fulfilled", text, clicks, (_reply(game, _LUNA[2]),))


def _chain(game: Game, number: int) -> Step:
    text = ("Tiles of one colour joined along their sides form a chain. When one tile of a chain touches "
            "a task's tile, the task counts the whole chain.")

    def tell(played: _Played) -> str:
        board = game.players[0].board
        tasks = "; ".join(f"{_task(board, ref)}: {_counted(board, ref)}" for ref in played.covered)
        partners = [board[c].id for c in board.chain(played.move.cell, played.tile.colour)[0]]
        formed = (f"{played.tile.id} and {_join(partners)} now form a {played.tile.colour} chain, and "
                  f"{len(played.covered)} tasks are fulfilled through it. {_capital(tasks)}.")
        return " ".join(filter(None, [formed, _corner(board, played.covered[0]), _tokens(game, 0),
                                      _track(game, played)]))

    tasks = Highlight(tasks=((1, 0, 2), (1, 1, 0)))
    clicks = (_select(game, 10, tasks), _take(game, Move(10, (0, 1)), tell, tasks))
    return Step(number, "chain", "A chain", text, clicks)


def _skip_ahead(game: Game, number: int) -> Step:
    taken = [0, 0]
    for action in _SKIPPED:
        if isinstance(action, Move):
            taken[game.current_player] += 1
        game.play(action)
    you, luna = game.players
    text = (f"Let's skip ahead in this game: you took {taken[0]} more tiles and {LUNA} {taken[1]}, and both "
            f"areas have grown. You have {you.tokens} tokens left and {LUNA} only {luna.tokens}. The moon "
            "track is a circle that track markers go round again and again: yours now stands on track "
            f"space {you.space} and {LUNA}'s on {luna.space}, so you are rearmost and move.")
    click = _next(context=Highlight(track=(you.space, luna.space)))
    return Step(number, "skip ahead", "Later in the game", text, (click,), skipped=_SKIPPED)


def _refill(game: Game, number: int) -> Step:
    left = game.choices()
    text = (f"Only {len(left)} tiles are left on the wheel, {_join([_at(game, s).id for s in left])}, and "
            "neither would fulfil a task in your area. When 1 or 2 tiles are left at the start of your "
            "turn and the draw pile has tiles, you may refill the wheel before you take a tile: each empty "
            "wheel space gets a tile from the draw pile, from the one nearest the moon marker clockwise. "
            "The moon marker's own space stays empty. (With no tile left, you must refill.)")
    game.play("refill")
    placed = game.recent_log(1)[0].data["placed"]
    offer = [_at(game, s).id for s in game.choices()]
    answer = (f"The refill put {len(placed)} tiles from the draw pile on the empty wheel spaces, from wheel "
              f"space {placed[0][0]} clockwise. The next three tiles are now {_join(offer)}.")
    click = Click("refill", "Press Refill.", "First the refill, please: press Refill.", answer,
                  Highlight(spaces=tuple(left), button="refill"), player=game.current_player)
    return Step(number, "refill", "The optional refill", text, (click,))


def _in_a_row(game: Game, number: int) -> Step:
    you, luna = game.players
    t = _at(game, 11)
    text = (f"Your track marker stands on track space {you.space} and {LUNA}'s on {luna.space}. {t.id} "
            f"costs only {t.cost}: after it you are still rearmost, so you move again at once.")

    def tell(played: _Played) -> str:
        board = game.players[0].board
        (ref,) = played.covered
        return (f"{played.tile.id} lies {played.where}, so {_task(board, ref)} is fulfilled: "
                f"{_counted(board, ref)}. {_tokens(game, 0)} {_track(game, played)} That makes "
                f"{game.turns_in_a_row} turns in a row: a cheap tile can win you extra turns.")

    track = Highlight(track=(you.space, luna.space))
    clicks = (_select(game, 11, track), _take(game, Move(11, (-3, 0)), tell))
    return Step(number, "turns in a row", "Twice in a row", text, clicks)


def _end(game: Game, number: int) -> Step:
    move = Move(1, (-3, 1))
    t, board = _at(game, move.space), game.players[0].board
    near = [f"the {board[n].colour} {board[n].id}" for n in neighbours(move.cell) if n in board]
    text = (f"{_tokens(game, 0)} The game ends the moment a player places their last token, and that "
            f"player wins. {t.id} asks for {_asks(t)}; on cell "
            f"({move.cell[0]}, {move.cell[1]}) it would touch {_join(near)}.")

    def tell(played: _Played) -> str:
        (ref,) = played.covered
        winner = game.players[game.winner or 0].name
        return (f"{_task(board, ref)} is fulfilled: {_counted(board, ref)}. That was your last token, so "
                f"the game is over and {_does(winner, 'win')}! {LUNA} still had {game.players[1].tokens} "
                "tokens left. Now you know every rule: try a whole game of your own.")

    clicks = (_select(game, move.space), _take(game, move, tell))
    return Step(number, "end", "The end", text, clicks)


_BEATS: Final[tuple[Callable[[Game, int], Step], ...]] = (
    _welcome, _next_three, _time, _who_moves, _next_to, _first_task, _chain, _skip_ahead, _refill,
    _in_a_row, _end,
)


@cache
def steps() -> tuple[Step, ...]:
    """Every step of the guided game, written by playing the whole script once on a fresh deal."""
    game = _deal()
    return tuple(beat(game, number) for number, beat in enumerate(_BEATS, 1))
