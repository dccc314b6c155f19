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
from the game; ``tests/test_guide.py`` checks them against the engine again. The sentences are ``i18n``
messages, written once with the script and worded in each language asked for (``steps(lang)``,
``Guide(lang=...)``), so the story is the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final, Generic, Literal, TypedDict, TypeGuard, TypeVar

from . import _track as track
from ._board import Board, Cell, TaskRef, neighbours
from ._errors import IllegalMove
from ._game import Action, ActionData, Game, Move, action_data
from ._i18n import Message, Value, cell_words, cmsg, joined, listed, msg, plural, resolve
from ._names import LUNA as _LUNA
from ._names import YOU as _YOU
from ._names import seat_names
from ._tiles import COLOUR_NAMES, Tile
from ._where import where_words
from .scenario import position

__all__ = [
    "LUNA",
    "READER",
    "YOU",
    "Awaited",
    "Click",
    "ClickData",
    "Expected",
    "Guide",
    "GuideState",
    "GuidedAction",
    "Highlight",
    "HighlightButton",
    "HighlightData",
    "Reply",
    "ReplyData",
    "Step",
    "StepData",
    "steps",
]

# -- what the page is sent of the guided game (the contract describes it: novaluna_widget/_contract.py) --
#: The button a guided step lights.
HighlightButton = Literal["next", "refill"]
#: The clicks a guided step waits for.
GuidedAction = Literal["select", "take", "refill", "next"]


class HighlightData(TypedDict):
    """What the guided game lights while it waits for a click; cells and tasks are in player ``area``'s
    area."""

    #: Wheel spaces.
    spaces: list[int]
    cells: list[Cell]
    tasks: list[TaskRef]
    #: Moon-track spaces.
    track: list[int]
    button: HighlightButton | None
    area: int


class _Expected(TypedDict):
    action: GuidedAction


class Expected(_Expected, total=False):
    """The click a guided step waits for, as the page sends it (less the ``version``)."""

    space: int
    #: [x, y].
    cell: list[int]
    player: int | None


class ClickData(TypedDict):
    """One click of a guided step (``guide.Click.to_data``)."""

    intent: Expected
    #: What to click.
    prompt: str
    #: Said for any other click.
    refusal: str
    #: Said once it is made.
    answer: str
    highlight: HighlightData


class ReplyData(TypedDict):
    """One of Luna's scripted actions after a step, and the sentence that tells it."""

    action: ActionData
    text: str


class StepData(TypedDict):
    """One step of the guided game (``guide.Step.to_data``)."""

    number: int
    #: The rule it teaches (a short key).
    rule: str
    title: str
    text: str
    clicks: list[ClickData]
    #: What the page says once the step is done.
    after: str
    replies: list[ReplyData]


class Awaited(TypedDict):
    """The click a guided step waits for (all None once the guide is done)."""

    #: What to click.
    prompt: str | None
    #: The click awaited.
    expects: Expected | None
    highlight: HighlightData | None


class GuideState(Awaited):
    """What the page shows of the guided game (``guide.Guide.state``)."""

    number: int
    total: int
    #: "step 3 of 11".
    progress: str
    rule: str
    title: str
    text: str
    #: What the last click did.
    said: list[str]
    done: bool


#: The reader's seat: the player the guide talks to (and its page tells about as "you") sits first.
READER: Final = 0

#: The two seats' names in English: the reader, and the scripted opponent. A guide names them in its own
#: language (``names.YOU`` and ``names.LUNA``: «Вы» and «Луна» in Russian), and renames them when its
#: language changes.
YOU: Final = _YOU.in_language("en")
LUNA: Final = _LUNA.in_language("en")
#: The seats as the sentences name them, worded in the guide's language: the reader's (seat 0), Luna's.
_NAMED: Final = (_YOU, _LUNA)

#: The deal: 11 tiles on the wheel, chosen so that the first turns show each rule in turn. The draw pile
#: starts with the tiles the refills take (the skipped turns' two refills, then the guide's own one).
_WHEEL: Final = "M T04 B05 R07 T09 Y11 R10 R13 Y06 Y13 B02 T02"
_DRAW_PILE: Final = (
    "B14 Y01 B07 Y14 R16 Y09 R06 B13 B12 T13 T03 B11 Y04 R17 Y05 Y08 R15 T15 B01 Y16 "
    "R01 B10 Y10 T12 Y02 T11 B09 T17 T08"
)
_SEED: Final = 281  # shuffles the rest of the draw pile, which the story never reaches

#: Luna's scripted turns in the first part, one after each of your turns from the third step on.
_LUNAS_TURNS: Final = (Move(4, (0, 0)), Move(6, (1, 0)), Move(9, (1, 1)))
#: The turns skipped between the chain and the refill (two greedy bots played them once), with Luna's
#: optional refill among them; the refill you must make on the way is the engine's own.
_SKIPPED: Final[tuple[Action, ...]] = (
    Move(11, (0, 1)),
    Move(3, (1, -1)),
    "refill",
    Move(6, (1, -1)),
    Move(9, (0, -1)),
    Move(11, (2, 0)),
    Move(2, (0, -1)),
    Move(4, (-1, 1)),
    Move(7, (2, -1)),
    Move(8, (-1, 0)),
    Move(10, (-1, -1)),
    Move(5, (-1, 0)),
    Move(1, (0, 2)),
    Move(0, (1, 2)),
    Move(3, (-2, -1)),
    Move(5, (-2, 0)),
    Move(8, (-1, 1)),
    Move(11, (-1, 2)),
    Move(1, (-2, 1)),
    Move(2, (-2, 2)),
    Move(4, (2, 2)),
    Move(7, (-1, 2)),
    Move(9, (1, -2)),
)


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
    button: HighlightButton | None = None
    area: int = 0

    def to_data(self) -> HighlightData:
        return {
            "spaces": list(self.spaces),
            "cells": list(self.cells),
            "tasks": list(self.tasks),
            "track": list(self.track),
            "button": self.button,
            "area": self.area,
        }


#: A sentence of the script: a ``Message`` as the script writes it once, or a ``str`` worded in one language.
Words = TypeVar("Words", Message, str)


@dataclass(frozen=True)
class Click(Generic[Words]):
    """One click a step waits for: the ``action`` ("select", "take", "refill" or "next") with its
    ``space``, ``cell`` and ``player`` as the widget's intent carries them; the ``prompt`` that says
    what to click, the ``refusal`` for any other click, and the ``answer`` said once it is made (the
    script's ``Click[Message]`` may have none; worded, ``Click[str]``, that is "")."""

    action: GuidedAction
    prompt: Words
    refusal: Words
    answer: Words | None
    highlight: Highlight
    space: int | None = None
    cell: Cell | None = None
    player: int | None = None

    @property
    def intent(self) -> Expected:
        """The click as the page sends it (``protocol.INTENTS``), less the picture's ``version``."""
        found: Expected = {"action": self.action}
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
        given = {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in intent.items()
            if key != "version"
        }
        if "player" in given and self.action in ("refill", "next") and given["player"] == self.player:
            del given["player"]
        return given == self.intent

    def worded(self: Click[Message], lang: str) -> Click[str]:
        """The click with its sentences in ``lang``."""
        answer = "" if self.answer is None else self.answer.in_language(lang)
        prompt, refusal = self.prompt.in_language(lang), self.refusal.in_language(lang)
        return Click(self.action, prompt, refusal, answer, self.highlight, self.space, self.cell, self.player)

    def to_data(self: Click[str]) -> ClickData:
        return {
            "intent": self.intent,
            "prompt": self.prompt,
            "refusal": self.refusal,
            "answer": self.answer or "",
            "highlight": self.highlight.to_data(),
        }


@dataclass(frozen=True)
class Reply(Generic[Words]):
    """One scripted action of Luna's that follows a step, and the sentence that tells it."""

    action: Action
    text: Words


@dataclass(frozen=True)
class Step(Generic[Words]):
    """One step of the guided game: its ``number`` (from 1), the ``rule`` it teaches (a short key), a
    ``title``, the ``text`` read before clicking, the ``clicks`` it waits for in order (choosing a tile
    and placing it are two clicks of one step), Luna's ``replies`` that follow it, and the actions
    ``skipped`` just before it is shown (the jump ahead, told in its text). The script writes each step
    once (``Step[Message]``); ``steps(lang)`` words them (``Step[str]``)."""

    number: int
    rule: str
    title: Words
    text: Words
    clicks: tuple[Click[Words], ...]
    replies: tuple[Reply[Words], ...] = ()
    skipped: tuple[Action, ...] = field(default=(), repr=False)

    @property
    def after(self: Step[str]) -> str:
        """What the page says once the step is done (the last click's answer)."""
        return self.clicks[-1].answer or ""

    def worded(self: Step[Message], lang: str) -> Step[str]:
        """The step with its sentences in ``lang``."""
        return Step(
            self.number,
            self.rule,
            self.title.in_language(lang),
            self.text.in_language(lang),
            tuple(c.worded(lang) for c in self.clicks),
            tuple(Reply(r.action, r.text.in_language(lang)) for r in self.replies),
            self.skipped,
        )

    def to_data(self: Step[str]) -> StepData:
        replies: list[ReplyData] = [{"action": action_data(r.action), "text": r.text} for r in self.replies]
        return {
            "number": self.number,
            "rule": self.rule,
            "title": self.title,
            "text": self.text,
            "clicks": [c.to_data() for c in self.clicks],
            "after": self.after,
            "replies": replies,
        }


#: No highlight beyond a click's target.
_NOTHING: Final = Highlight()


# -- the driver ----------------------------------------------------------------------------------
#: What any click is told once the guided game is over.
_OVER: Final = msg("The guided game is over: start a new game to play on.")


class Guide:
    """The guided game, step by step: ``game`` is the real game at the current point, ``step`` the
    step shown (``number`` of ``total``) and ``click`` the click it waits for. ``check`` says whether
    a click from the page is that one, ``advance`` plays it. The guide owns its game: the page shows
    ``game`` and sends every click here instead of playing it itself. Its words are in ``lang`` (None:
    the package language when the guide is made); set ``lang`` to change it. The seats are named in
    that language too (``names.YOU`` and ``names.LUNA``): a change of language renames them, in a game
    rebuilt from the same position and history (``game`` is then a new ``Game``)."""

    def __init__(self, lang: str | None = None) -> None:
        self._lang = resolve(lang)
        self._script = _script()
        #: Every step, worded in ``lang``.
        self.steps = steps(self._lang)
        self.game = _deal(self._lang)
        self._index = 0  # the step shown
        self._click = 0  # the click of that step awaited
        self._said: list[Message] = []

    @property
    def lang(self) -> str:
        """The language the guide speaks."""
        return self._lang

    @lang.setter
    def lang(self, lang: str | None) -> None:
        self._lang = resolve(lang)
        self.steps = steps(self._lang)
        self.game = _named(self.game, self._lang)

    @property
    def said(self) -> list[str]:
        """What the last click did, in sentences (``advance``'s answer), for the page to show."""
        return [sentence.in_language(self._lang) for sentence in self._said]

    @property
    def done(self) -> bool:
        return self._index == len(self.steps)

    @property
    def step(self) -> Step[str]:
        """The step shown: the last one once the guide is done."""
        return self.steps[min(self._index, len(self.steps) - 1)]

    @property
    def click(self) -> Click[str] | None:
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
        return msg("step {number} of {total}", number=self.number, total=self.total).in_language(self._lang)

    def refusal(self, intent: object) -> Message | None:
        """None if ``intent`` is the click the step waits for, else the friendly sentence that says what
        to click instead, as a message (``check`` words it). Nothing changes."""
        click = self.click
        if click is None:
            return _OVER
        if click.accepts(intent):
            return None
        refusal = self._script[self._index].clicks[self._click].refusal
        corner = self._at_a_corner(intent)
        return refusal if corner is None else _sentences(corner, refusal)

    def _at_a_corner(self, intent: object) -> Message | None:
        """Why a tile may not go on the cell of a take ``intent`` in the area of the player to move, if
        that cell touches the area's tiles only at a corner (the rule most often misread), else None."""
        if not isinstance(intent, Mapping) or intent.get("action") != "take":
            return None
        cell, game = intent.get("cell"), self.game
        if intent.get("player", game.current_player) != game.current_player or not _is_cell(cell):
            return None
        x, y = cell
        tiles = game.players[game.current_player].board.tiles
        if (x, y) in tiles or any(n in tiles for n in neighbours((x, y))):
            return None
        if not any((x + dx, y + dy) in tiles for dx in (-1, 1) for dy in (-1, 1)):
            return None
        return msg(
            "Cell {cell} touches your tiles only at a corner, which is not enough: a tile goes next to "
            "one of yours along a side.",
            cell=cell_words((x, y)),
        )

    def check(self, intent: object) -> str | None:
        """None if ``intent`` is the click the step waits for, else the friendly sentence that says what
        to click instead, in the guide's language. Nothing changes."""
        refusal = self.refusal(intent)
        return None if refusal is None else refusal.in_language(self._lang)

    def advance(self, intent: object) -> list[str]:
        """Play the click ``intent`` (refused with ``IllegalMove`` and its friendly sentence, changing
        nothing, unless ``check`` accepts it), then, if it ends the step, Luna's replies and any skip to
        the next step. Returns what happened, in sentences of the guide's language."""
        refusal = self.refusal(intent)
        if refusal is not None:
            raise IllegalMove(refusal)
        click, step = self.click, self._script[self._index]
        assert click is not None
        _apply(self.game, click)
        said = [step.clicks[self._click].answer]
        self._click += 1
        if self._click == len(step.clicks):
            for reply in step.replies:
                self.game.play(reply.action)
                said.append(reply.text)
            self._next_step()
        self._said = [s for s in said if s is not None]
        return self.said

    def _next_step(self) -> None:
        self._index += 1
        self._click = 0
        if not self.done:
            for action in self.step.skipped:
                self.game.play(action)

    def state(self) -> GuideState:
        """What the page shows of the guide: the step's number, ``total`` and ``progress``, title and
        text, the click awaited (its ``prompt``, the ``expects`` intent and the ``highlight``), what the
        last click did (``said``) and ``done``, in the guide's language."""
        click = self.click
        awaited: Awaited = (
            {"prompt": None, "expects": None, "highlight": None}
            if click is None
            else {"prompt": click.prompt, "expects": click.intent, "highlight": click.highlight.to_data()}
        )
        return {
            "number": self.number,
            "total": self.total,
            "progress": self.progress,
            "rule": self.step.rule,
            "title": self.step.title,
            "text": self.step.text,
            **awaited,
            "said": self.said,
            "done": self.done,
        }


def _is_cell(value: object) -> TypeGuard[Sequence[int]]:
    """Whether ``value`` is a cell as an intent carries it: two whole numbers."""
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _apply(game: Game, click: Click[str]) -> None:
    """Play a click on the game: a take or the refill changes it; choosing a tile or Next does not."""
    if click.action == "take":
        assert click.space is not None and click.cell is not None
        game.play(Move(click.space, click.cell))
    elif click.action == "refill":
        game.play("refill")


def _deal(lang: str) -> Game:
    """The game at the start: empty areas, both track markers stacked on the new moon, yours on top; the
    seats named in ``lang``."""
    return position(dict.fromkeys(seat_names(lang), ""), wheel=_WHEEL, draw_pile=_DRAW_PILE, seed=_SEED)


def _named(game: Game, lang: str) -> Game:
    """``game`` with its seats named in ``lang``: the same game (itself if the names are already those),
    else one rebuilt from its snapshot with the names changed (the same position, history and redo)."""
    wanted = seat_names(lang)
    if tuple(p.name for p in game.players) == wanted:
        return game
    data = game.snapshot()
    del data["position"]  # replayed from the start, as coaching.past does
    for player, name in zip(data["start"]["players"], wanted, strict=True):
        player["name"] = name
    return type(game).from_snapshot(data)


# -- words ---------------------------------------------------------------------------------------
# Every sentence is a whole message, so that a translation can order it as the language needs; a nested
# message is a real sub-phrase (a tile, a task, where a tile goes, a list). The reader is "you" and Luna
# is named: the sentences about a player come in a message for each. The script's game names its seats
# in English, but the sentences never read those names: they name a seat by its number (``_NAMED``), in
# the words of whichever language the sentence is read in.
def _is_you(seat: int) -> bool:
    """Whether ``seat`` is the reader's (``READER``, named ``names.YOU``)."""
    return seat == READER


def _sentences(first: Value, second: Value, *more: Value) -> Message:
    """Sentences one after the other (a space between them in English, none in Japanese)."""
    told = cmsg("two sentences in a row", "{first} {second}", first=first, second=second)
    for sentence in more:
        told = cmsg("two sentences in a row", "{first} {second}", first=told, second=sentence)
    return told


def _tile(t: Tile) -> Message:
    return msg("{tile} ({colour}, cost {cost})", tile=t.id, colour=COLOUR_NAMES[t.colour], cost=t.cost)


#: A tile to click, named by its colour: "the blue B05" (of "Click the blue B05 on wheel space 4.").
_TO_CLICK: Final[dict[str, Callable[[str], Message]]] = {
    "red": lambda tile: cmsg("a tile to click, by its colour", "the red {tile}", tile=tile),
    "blue": lambda tile: cmsg("a tile to click, by its colour", "the blue {tile}", tile=tile),
    "teal": lambda tile: cmsg("a tile to click, by its colour", "the teal {tile}", tile=tile),
    "yellow": lambda tile: cmsg("a tile to click, by its colour", "the yellow {tile}", tile=tile),
}
#: A tile a placed tile would touch, named by its colour: "the blue B05" (of "it would touch …").
_TOUCHED: Final[dict[str, Callable[[str], Message]]] = {
    "red": lambda tile: cmsg("a tile it would touch, by colour", "the red {tile}", tile=tile),
    "blue": lambda tile: cmsg("a tile it would touch, by colour", "the blue {tile}", tile=tile),
    "teal": lambda tile: cmsg("a tile it would touch, by colour", "the teal {tile}", tile=tile),
    "yellow": lambda tile: cmsg("a tile it would touch, by colour", "the yellow {tile}", tile=tile),
}
#: A chain of one colour: "a blue chain".
_CHAIN: Final[dict[str, Message]] = {
    "red": cmsg("a chain of one colour", "a red chain"),
    "blue": cmsg("a chain of one colour", "a blue chain"),
    "teal": cmsg("a chain of one colour", "a teal chain"),
    "yellow": cmsg("a chain of one colour", "a yellow chain"),
}


def _at(game: Game, space: int) -> Tile:
    """The tile on a wheel space the script names (it always holds one)."""
    found = game.wheel[space]
    assert found is not None
    return found


def _asks(t: Tile) -> Value:
    """A tile's tasks in quotes: '"2 blue" and "1 yellow"'."""
    return listed([cmsg("a task quoted", '"{task}"', task=task.words()) for task in t.tasks])


def _task(board: Board, ref: TaskRef) -> Message:
    """A task with its tile: '"2 blue" on Y11'."""
    t = board[(ref[0], ref[1])]
    return msg('"{task}" on {tile}', task=t.tasks[ref[2]].words(), tile=t.id)


def _counted(board: Board, ref: TaskRef) -> Message:
    """Which tiles fulfil a task (``Board.explain``): those touching its tile, and those counted
    through a chain: "B05 touches it, and B02 counts through the chain"."""
    why = board.explain((ref[0], ref[1]), ref[2])
    touching = [board[c].id for count in why.colours for c in count.touching]
    linked = [board[c].id for count in why.colours for c in count.chain if c not in count.touching]
    touch = plural("{tiles} touches it", "{tiles} touch it", len(touching), tiles=listed(touching))
    if not linked:
        return touch
    return cmsg(
        "the tiles that fulfil a task",
        "{touching}, and {linked}",
        touching=touch,
        linked=plural(
            "{tiles} counts through the chain",
            "{tiles} count through the chain",
            len(linked),
            tiles=listed(linked),
        ),
    )


def _corner(board: Board, ref: TaskRef) -> Message | None:
    """That a tile counted through a chain touches the task's tile only at a corner, if one does."""
    why = board.explain((ref[0], ref[1]), ref[2])
    for count in why.colours:
        for c in count.chain:
            if abs(c[0] - why.cell[0]) == abs(c[1] - why.cell[1]) == 1:
                return msg(
                    "{tile} touches {task_tile} only at a corner, which on its own never counts.",
                    tile=board[c].id,
                    task_tile=why.tile.id,
                )
    return None


def _tokens(game: Game, seat: int) -> Message:
    left = game.players[seat].tokens
    if _is_you(seat):
        return plural("You have {n} token left.", "You have {n} tokens left.", left)
    return plural("{name} has {n} token left.", "{name} has {n} tokens left.", left, name=_NAMED[seat])


# -- one turn, played and told -------------------------------------------------------------------
@dataclass(frozen=True)
class _Played:
    """A move played on the script's game, with what the sentences need: who, which tile from where,
    where it went (in words), the tasks covered, and the track marker's time before and after."""

    seat: int
    tile: Tile
    move: Move
    where: Message
    covered: tuple[TaskRef, ...]
    before: int
    after: int

    @property
    def spaces(self) -> dict[str, Value]:
        """The track marker's move, ``start`` and ``end``: "from track space 3 to 7" (time goes on,
        the spaces wrap at 24)."""
        return {"start": track.space(self.before), "end": track.space(self.after)}


def _play(game: Game, move: Move) -> _Played:
    seat = game.current_player
    player, taken = game.players[seat], _at(game, move.space)
    where, before = where_words(player.board.tiles, move.cell, you=_is_you(seat)), player.time
    covered = tuple(sorted(game.play(move)))
    return _Played(seat, taken, move, where, covered, before, player.time)


def _track(game: Game, played: _Played) -> Message:
    """The track marker's move, and who moves next because of it (the rearmost; of a stack the top)."""
    other = game.players[1 - played.seat]
    args: dict[str, Value] = {**played.spaces, "space": other.space}
    you = _is_you(played.seat)
    name = _NAMED[1 - played.seat if you else played.seat]  # the player who is not you
    if game.current_player != played.seat:
        if you:
            return msg(
                "Your track marker moved from track space {start} to {end}, past {name}'s on track "
                "space {space}: {name} is rearmost now, so {name} moves "
                "next.",
                name=name,
                **args,
            )
        return msg(
            "{name}'s track marker moved from track space {start} to {end}, past yours on track space "
            "{space}: you are rearmost now, so you move next.",
            name=name,
            **args,
        )
    if played.after < other.time:
        if you:
            return msg(
                "Your track marker moved from track space {start} to {end}, still behind {name}'s on "
                "track space {space}: you move again.",
                name=name,
                **args,
            )
        return msg(
            "{name}'s track marker moved from track space {start} to {end}, still behind yours on "
            "track space {space}: {name} moves again.",
            name=name,
            **args,
        )
    if you:
        return msg(
            "Your track marker moved from track space {start} to {end}, on top of {name}'s on track "
            "space {space}: you move again.",
            name=name,
            **args,
        )
    return msg(
        "{name}'s track marker moved from track space {start} to {end}, on top of yours on track "
        "space {space}: {name} moves again.",
        name=name,
        **args,
    )


def _reply(game: Game, move: Move) -> Reply[Message]:
    """One of Luna's scripted turns, played and told."""
    played = _play(game, move)
    name = _NAMED[played.seat]
    board = game.players[played.seat].board
    args: dict[str, Value] = {
        "name": name,
        "tile": _tile(played.tile),
        "space": move.space,
        "where": played.where,
        "track": _track(game, played),
    }
    if played.covered:
        return Reply(
            move,
            msg(
                "{name} took {tile} from wheel space {space} and placed it {where}, covering "
                "{tasks}. {tokens} "
                "{track}",
                tasks=listed([_task(board, ref) for ref in played.covered]),
                tokens=_tokens(game, played.seat),
                **args,
            ),
        )
    return Reply(
        move, msg("{name} took {tile} from wheel space {space} and placed it {where}. {track}", **args)
    )


def _select(game: Game, space: int, context: Highlight = _NOTHING) -> Click[Message]:
    """Choosing the tile on ``space``: one of the next three tiles, named by its id and its wheel space."""
    t = _at(game, space)
    args: dict[str, Value] = {"tile": _TO_CLICK[t.colour](t.id), "space": space}
    light = Highlight(spaces=(space,), tasks=context.tasks, track=context.track)
    return Click(
        "select",
        msg("Click {tile} on wheel space {space}.", **args),
        msg("Not that one, please: click {tile} on wheel space {space}.", **args),
        msg("You chose {tile}.", tile=_tile(t)),
        light,
        space=space,
    )


def _take(
    game: Game, move: Move, tell: Callable[[_Played], Message], context: Highlight = _NOTHING
) -> Click[Message]:
    """Placing the chosen tile on ``move.cell``: plays the move on the script's game, and ``tell``
    words what it did."""
    seat = game.current_player
    board, t = game.players[seat].board, _at(game, move.space)
    where = where_words(board.tiles, move.cell, you=_is_you(seat))
    cell = cell_words(move.cell)
    light = Highlight(cells=(move.cell, *context.cells), tasks=context.tasks, area=seat)
    prompt = msg("Click cell {cell}, {where}.", cell=cell, where=where)
    refusal = msg(
        "Not there, please: place {tile} on cell {cell}, {where}.", tile=t.id, cell=cell, where=where
    )
    answer = tell(_play(game, move))
    return Click("take", prompt, refusal, answer, light, space=move.space, cell=move.cell, player=seat)


def _next(prompt: Message | None = None, context: Highlight = _NOTHING) -> Click[Message]:
    """An explain-only step's click: the Next button. What follows it is told by the next step, or by
    Luna's replies."""
    light = Highlight(track=context.track, button="next")
    refusal = msg("This step only explains: read it, then press Next.")
    return Click("next", prompt or msg("Press Next."), refusal, None, light)


# -- the steps -----------------------------------------------------------------------------------
def _welcome(game: Game, number: int) -> Step[Message]:
    supply = game.players[0].supply
    text = plural(
        "Welcome to Nova Luna! You play one game against {name}, and each step teaches a rule just "
        "when it first matters. Each task you fulfil in your area gets one of your {n} tokens: "
        "whoever places all of them first wins. On a turn you take a tile from the moon wheel, "
        "which costs time, and place it in your area. You move first.",
        "Welcome to Nova Luna! You play one game against {name}, and each step teaches a rule just "
        "when it first matters. Each task you fulfil in your area gets one of your {n} tokens: "
        "whoever places all of them first wins. On a turn you take a tile from the moon wheel, "
        "which costs time, and place it in your area. You move "
        "first.",
        supply,
        name=_LUNA,
    )
    stack = Highlight(track=tuple(sorted({p.space for p in game.players})))
    return Step(number, "goal", cmsg("guided game step title", "Welcome"), text, (_next(context=stack),))


def _next_three(game: Game, number: int) -> Step[Message]:
    spaces = game.choices()
    text = msg(
        "The moon marker stands by wheel space {marker}. You may take only one of the next three "
        "tiles clockwise after it, framed in gold on the wheel: {tiles}, on wheel spaces {spaces}. "
        "Empty wheel spaces are skipped.",
        marker=game.marker,
        tiles=listed([_at(game, s).id for s in spaces]),
        spaces=listed(spaces),
    )
    title = cmsg("guided game step title", "The next three tiles")
    return Step(number, "next three tiles", title, text, (_select(game, 2),))


def _time(game: Game, number: int) -> Step[Message]:
    t = _at(game, 2)
    text = plural(
        "Taking a tile costs time: the number in its top-left corner. {tile} costs {n}, so your "
        "track marker moves {n} track space along the moon track. Your first tile may go anywhere "
        "in your area.",
        "Taking a tile costs time: the number in its top-left corner. {tile} costs {n}, so your "
        "track marker moves {n} track spaces along the moon track. Your first tile may go anywhere "
        "in your area.",
        t.cost,
        tile=t.id,
    )

    def tell(played: _Played) -> Message:
        return msg(
            "Your track marker moved from track space {start} to {end}. The moon marker moved to "
            "wheel space {marker}, where {tile} lay, so the next three tiles are now on wheel spaces "
            "{spaces}.",
            marker=game.marker,
            tile=played.tile.id,
            spaces=listed(game.choices()),
            **played.spaces,
        )

    return Step(
        number,
        "time",
        cmsg("guided game step title", "Time on the moon track"),
        text,
        (_take(game, Move(2, (0, 0)), tell),),
    )


def _who_moves(game: Game, number: int) -> Step[Message]:
    you, luna = game.players
    start = game.snapshot()["start"]["players"]
    top = max(range(len(start)), key=lambda i: start[i]["arrival"])  # the seat on top of the stack
    args: dict[str, Value] = {"name": _LUNA, "yours": you.space, "theirs": luna.space}
    if _is_you(top):
        text = msg(
            "Who moves next? Not the next player round the table, but the player whose track marker "
            "is rearmost on the moon track. Yours stands on track space {yours} and {name}'s on "
            "{theirs}, so {name} moves next. At the start both lay in one stack on track space 0; of "
            "a stack the one on top moves, and yours lay on top, so you began.",
            **args,
        )
    else:
        text = msg(
            "Who moves next? Not the next player round the table, but the player whose track marker "
            "is rearmost on the moon track. Yours stands on track space {yours} and {name}'s on "
            "{theirs}, so {name} moves next. At the start both lay in one stack on track space 0; of "
            "a stack the one on top moves, and {name}'s lay on top, so {name} "
            "began.",
            **args,
        )
    click = _next(
        msg("Press Next to watch {name}'s turn.", name=_LUNA),
        context=Highlight(track=(you.space, luna.space)),
    )
    return Step(
        number,
        "who moves next",
        cmsg("guided game step title", "Who moves next"),
        text,
        (click,),
        (_reply(game, _LUNAS_TURNS[0]),),
    )


def _next_to(game: Game, number: int) -> Step[Message]:
    cells = game.players[0].board.legal_cells()
    text = plural(
        "From your second tile on, each tile goes on an empty cell next to one of your tiles, "
        "along a side: touching only at a corner is not enough. Your area has {n} such cell now: "
        "{cells}.",
        "From your second tile on, each tile goes on an empty cell next to one of your tiles, "
        "along a side: touching only at a corner is not enough. Your area has {n} such cells now: "
        "{cells}.",
        len(cells),
        cells=listed([cell_words(c) for c in cells]),
    )

    def tell(played: _Played) -> Message:
        why = game.players[0].board.explain(played.move.cell, 2)
        (count,) = why.colours
        return msg(
            '{tile} lies {where}. Its task "{task}" has {has} so far. {track}',
            tile=played.tile.id,
            where=played.where,
            task=why.tile.tasks[2].words(),
            has=count.words(),
            track=_track(game, played),
        )

    clicks = (_select(game, 5), _take(game, Move(5, (1, 0)), tell, Highlight(cells=tuple(cells))))
    title = cmsg("guided game step title", "Next to your tiles")
    return Step(number, "next to your tiles", title, text, clicks, (_reply(game, _LUNAS_TURNS[1]),))


def _first_task(game: Game, number: int) -> Step[Message]:
    t = _at(game, 7)
    text = msg(
        "A task is fulfilled when enough tiles of its colours touch its tile along a side: one tile "
        "for each dot. Then one of your tokens goes on it. {tile} asks for {tasks}.",
        tile=t.id,
        tasks=_asks(t),
    )

    def tell(played: _Played) -> Message:
        board = game.players[0].board
        (ref,) = played.covered
        return msg(
            "Your first token: {task} is fulfilled, because {why}. {tokens} {track}",
            task=_task(board, ref),
            why=_counted(board, ref),
            tokens=_tokens(game, 0),
            track=_track(game, played),
        )

    clicks = (_select(game, 7), _take(game, Move(7, (1, 1)), tell))
    return Step(
        number,
        "first task",
        cmsg("guided game step title", "A first task fulfilled"),
        text,
        clicks,
        (_reply(game, _LUNAS_TURNS[2]),),
    )


def _chain(game: Game, number: int) -> Step[Message]:
    text = msg(
        "Tiles of one colour joined along their sides form a chain. When one tile of a chain touches "
        "a task's tile, the task counts the whole chain."
    )

    def tell(played: _Played) -> Message:
        board = game.players[0].board
        tasks = joined(
            (
                msg("{task}: {why}", task=_task(board, ref), why=_counted(board, ref))
                for ref in played.covered
            ),
            "clauses",
        )
        partners = [board[c].id for c in board.chain(played.move.cell, played.tile.colour)[0]]
        formed = plural(
            "{tile} and {partners} now form {chain}, and {n} task is fulfilled through it. {tasks}.",
            "{tile} and {partners} now form {chain}, and {n} tasks are fulfilled through it. {tasks}.",
            len(played.covered),
            tile=played.tile.id,
            partners=listed(partners),
            chain=_CHAIN[played.tile.colour],
            tasks=tasks,
        )
        corner = _corner(board, played.covered[0])
        told = [formed, *([] if corner is None else [corner]), _tokens(game, 0), _track(game, played)]
        return _sentences(*told)

    tasks = Highlight(tasks=((1, 0, 2), (1, 1, 0)))
    clicks = (_select(game, 10, tasks), _take(game, Move(10, (0, 1)), tell, tasks))
    return Step(number, "chain", cmsg("guided game step title", "A chain"), text, clicks)


def _skip_ahead(game: Game, number: int) -> Step[Message]:
    taken = [0, 0]
    for action in _SKIPPED:
        if isinstance(action, Move):
            taken[game.current_player] += 1
        game.play(action)
    you, luna = game.players
    text = _sentences(
        plural(
            "Let's skip ahead in this game: you took {n} more tile and {name} {theirs}, and both areas "
            "have grown.",
            "Let's skip ahead in this game: you took {n} more tiles and {name} {theirs}, and both areas "
            "have grown.",
            taken[0],
            name=_LUNA,
            theirs=taken[1],
        ),
        plural(  # the skipped turns leave you ahead (tests/test_guide.py holds them to it)
            "You have {n} token left and {name} has {theirs}: fewer is better, so you are ahead.",
            "You have {n} tokens left and {name} has {theirs}: fewer is better, so you are ahead.",
            you.tokens,
            name=_LUNA,
            theirs=luna.tokens,
        ),
        msg(
            "The moon track is a circle that track markers go round again and again: yours now stands on "
            "track space {yours} and {name}'s on {theirs}, so you are rearmost and move.",
            yours=you.space,
            name=_LUNA,
            theirs=luna.space,
        ),
    )
    click = _next(context=Highlight(track=(you.space, luna.space)))
    return Step(
        number,
        "skip ahead",
        cmsg("guided game step title", "Later in the game"),
        text,
        (click,),
        skipped=_SKIPPED,
    )


def _refill(game: Game, number: int) -> Step[Message]:
    left = game.choices()
    text = _sentences(
        plural(
            "Only {n} tile is left on the wheel, {tiles}, and it would not fulfil a task in your area.",
            "Only {n} tiles are left on the wheel, {tiles}, and neither would fulfil a task in your area.",
            len(left),
            tiles=listed([_at(game, s).id for s in left]),
        ),
        msg(
            "When 1 or 2 tiles are left at the start of your turn and the draw pile has tiles, you may "
            "refill the wheel before you take a tile: each empty wheel space gets a tile from the draw pile, "
            "from the one nearest the moon marker clockwise. The moon marker's own space stays empty. (With "
            "no tile left, you must refill.)"
        ),
    )
    game.play("refill")
    placed = game.recent_log(1)[0].data["placed"]
    answer = _sentences(
        plural(
            "The refill put {n} tile from the draw pile on the empty wheel spaces, from wheel space "
            "{space} clockwise.",
            "The refill put {n} tiles from the draw pile on the empty wheel spaces, from wheel space "
            "{space} clockwise.",
            len(placed),
            space=placed[0][0],
        ),
        msg("The next three tiles are now {tiles}.", tiles=listed([_at(game, s).id for s in game.choices()])),
    )
    click = Click(
        "refill",
        msg("Press Refill."),
        msg("First the refill, please: press Refill."),
        answer,
        Highlight(spaces=tuple(left), button="refill"),
        player=game.current_player,
    )
    return Step(number, "refill", cmsg("guided game step title", "The optional refill"), text, (click,))


def _in_a_row(game: Game, number: int) -> Step[Message]:
    you, luna = game.players
    t = _at(game, 11)
    text = msg(
        "Your track marker stands on track space {yours} and {name}'s on {theirs}. {tile} costs only "
        "{cost}: after it you are still rearmost, so you move again at once.",
        yours=you.space,
        name=_LUNA,
        theirs=luna.space,
        tile=t.id,
        cost=t.cost,
    )

    def tell(played: _Played) -> Message:
        board = game.players[0].board
        (ref,) = played.covered
        return _sentences(
            msg(
                "{tile} lies {where}, so {task} is fulfilled: {why}.",
                tile=played.tile.id,
                where=played.where,
                task=_task(board, ref),
                why=_counted(board, ref),
            ),
            _tokens(game, 0),
            _track(game, played),
            plural(
                "That makes {n} turn in a row: a cheap tile can win you extra turns.",
                "That makes {n} turns in a row: a cheap tile can win you extra turns.",
                game.turns_in_a_row,
            ),
        )

    track = Highlight(track=(you.space, luna.space))
    clicks = (_select(game, 11, track), _take(game, Move(11, (-3, 0)), tell))
    return Step(number, "turns in a row", cmsg("guided game step title", "Twice in a row"), text, clicks)


def _end(game: Game, number: int) -> Step[Message]:
    move = Move(1, (-3, 1))
    t, board = _at(game, move.space), game.players[0].board
    near = [_TOUCHED[board[n].colour](board[n].id) for n in neighbours(move.cell) if n in board]
    text = _sentences(
        _tokens(game, 0),
        msg("The game ends the moment a player places their last token, and that player wins."),
        msg(
            "{tile} asks for {tasks}; on cell {cell} it would touch {tiles}.",
            tile=t.id,
            tasks=_asks(t),
            cell=cell_words(move.cell),
            tiles=listed(near),
        ),
    )

    def tell(played: _Played) -> Message:
        # Only you ever place a tile in the guide (Luna's turns are replies, never the last click), and the
        # game ends the moment the mover places their last token, with the mover the winner: so the end is
        # always your win, and told as one.
        assert _is_you(played.seat) and game.end_reason == "last token" and game.winner == played.seat
        (ref,) = played.covered
        won = msg(
            "{task} is fulfilled: {why}. That was your last token, so the game is over and you win!",
            task=_task(board, ref),
            why=_counted(board, ref),
        )
        return _sentences(
            won,
            plural(
                "{name} still had {n} token left.",
                "{name} still had {n} tokens left.",
                game.players[1].tokens,
                name=_LUNA,
            ),
            _STILL_TO_LEARN,
        )

    clicks = (_select(game, move.space), _take(game, move, tell))
    return Step(number, "end", cmsg("guided game step title", "The end"), text, clicks)


#: The guided game's last words: the rules it did not show, and the tutorials that teach them, by name.
_STILL_TO_LEARN: Final = msg(
    "Now you know the rules of a first game, but for a few it never showed: a task's own tile never "
    "counts for it (tutorial 2, Task chains); a short draw pile and the refill you must make when the "
    "wheel is bare (tutorial 3, Time and turn order); the end when no tile can be taken, and the "
    "tie-break of the ranking (tutorial 4, Ending and scoring). Then try a whole game of your own."
)

_BEATS: Final[tuple[Callable[[Game, int], Step[Message]], ...]] = (
    _welcome,
    _next_three,
    _time,
    _who_moves,
    _next_to,
    _first_task,
    _chain,
    _skip_ahead,
    _refill,
    _in_a_row,
    _end,
)


@cache
def _script() -> tuple[Step[Message], ...]:
    """Every step of the guided game with its sentences as messages, written by playing the whole script
    once on a fresh deal (its seats named in English, which no sentence reads: see ``_NAMED``)."""
    game = _deal("en")
    return tuple(beat(game, number) for number, beat in enumerate(_BEATS, 1))


def steps(lang: str | None = None) -> tuple[Step[str], ...]:
    """Every step of the guided game, worded in ``lang`` (None: the package language); the same tuple
    each time for a language."""
    return _steps(resolve(lang))


@cache
def _steps(lang: str) -> tuple[Step[str], ...]:
    return tuple(step.worded(lang) for step in _script())
