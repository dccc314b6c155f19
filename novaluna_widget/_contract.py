"""What Python and the page say to each other, written once: the data the page reads (the widget's
``state``, ``catalogue`` and ``review_panel`` traits) and every intent it sends back, as types.

``protocol``, ``coaching``, ``coach`` and ``guide`` build these types, so ``mypy --strict`` checks the
Python side against them; ``js/build_contract.py`` writes them out as TypeScript declarations
(``js/contract.d.ts``), which ``tsc`` checks the page against, and lists the keys that may hold None
(``js/nullable.json``) for the Pyodide bridge (``js/bridge.js``). A ``#:`` comment says what a type or
field means; it is copied into the declarations. ``check`` walks a value against a type, so the tests
can show that Python sends nothing the contract lacks. It describes the engine's own data for the page,
so it may import the engine's types (``ScoreSheet``, ``PrintedPieces``, ``HintData``, the guided game's
steps): the engine never imports it.

The JSON is the contract: a tuple is a fixed-length array, a list any length, ``X | None`` a key that
may be null, and a key of a ``total=False`` class one that may be missing.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Literal, TypedDict, Union, get_args, get_origin, get_type_hints, is_typeddict

from ._board import Cell, TaskRef
from ._game import ActionData, ScoreSheet
from ._guide.data import (
    Awaited,
    ClickData,
    Expected,
    GuidedAction,
    GuideState,
    HighlightButton,
    HighlightData,
    ReplyData,
    StepData,
)
from ._render.pieces import Drawn, PrintedPieces
from ._render.svg import Point
from .coach import HintData, Mark, OptionData

__all__ = [
    "ActionData",
    "AnswerData",
    "Awaited",
    "BotIntent",
    "Can",
    "CancelReviewIntent",
    "Catalogue",
    "CatalogueTile",
    "Cell",
    "ClickData",
    "CoachButtons",
    "CoachCan",
    "CoachIntent",
    "CoachOption",
    "Colour",
    "ColourTally",
    "Compare",
    "ComparedOption",
    "Direction",
    "Drawn",
    "EndPhaseOneIntent",
    "EndReason",
    "EntryKind",
    "Expected",
    "Fulfil",
    "GameKind",
    "GuideState",
    "GuidedAction",
    "GuidedMode",
    "GuidedState",
    "HighlightButton",
    "HighlightData",
    "HintData",
    "HintShown",
    "HistoryIntent",
    "HistoryMode",
    "HistoryState",
    "Intent",
    "LanguageIntent",
    "LearnerIntent",
    "Letter",
    "LogEntry",
    "LossUnit",
    "Mark",
    "ModeName",
    "ModePart",
    "MoveOptions",
    "NoReview",
    "OpenIntent",
    "OptionData",
    "Over",
    "PlacedTile",
    "PlayerState",
    "PlayingMode",
    "PlayingState",
    "Point",
    "Position",
    "PositionCan",
    "PrintedPieces",
    "PuzzleAnswer",
    "PuzzleCan",
    "PuzzleClick",
    "PuzzleDownload",
    "PuzzleIntent",
    "PuzzleMode",
    "PuzzlePick",
    "PuzzleState",
    "PuzzleVerdict",
    "PuzzleView",
    "RecentTurn",
    "RefillIntent",
    "ReplyData",
    "ReviewMode",
    "ReviewPanel",
    "ReviewReady",
    "ReviewRow",
    "ReviewState",
    "ReviewWorking",
    "ScoreSheet",
    "SelectIntent",
    "ShowIntent",
    "Solo",
    "State",
    "StateCommon",
    "StepData",
    "TakeIntent",
    "TaskCounts",
    "TaskRef",
    "TaskRow",
    "TaskStatus",
    "TrackSpace",
    "Traits",
    "Tutorial",
    "View",
    "Why",
    "WhyIntent",
    "check",
]

# -- the tiles ------------------------------------------------------------------------------------
#: A tile's colour.
Colour = Literal["red", "blue", "teal", "yellow"]
#: A colour's letter, as a task's counts name it.
Letter = Literal["R", "B", "T", "Y"]
#: One task of a tile: how many tiles of each colour it needs, [colour, count] each.
TaskCounts = list[tuple[Colour, int]]
#: A tile: its colour, cost and tasks.
CatalogueTile = tuple[Colour, int, list[TaskCounts]]
#: The 68 tiles by id (the ``catalogue`` trait, sent once: the state names tiles by id only).
Catalogue = dict[str, CatalogueTile]


# -- a player -------------------------------------------------------------------------------------
#: One colour of a task's explanation (``Board.explain``): the colour's letter, how many tiles it needs,
#: how many count, the chain of tiles counted and those touching the task's tile (both as indexes into
#: the player's ``tiles``).
ColourTally = tuple[Letter, int, int, list[int], list[int]]
#: A task's status: 0 open, 1 fulfilled (no token left for it), 2 covered.
TaskStatus = Literal[0, 1, 2]
#: A task of a player's area: [tile, task, status, counts]. ``tile`` indexes the player's ``tiles``,
#: ``task`` the tile's tasks; the page words the sentence from the counts.
TaskRow = tuple[int, int, TaskStatus, list[ColourTally]]
#: A tile of an area: [id, x, y].
PlacedTile = tuple[str, int, int]


class PlayerState(TypedDict):
    """One player of ``state.players``. Nothing here is worded: the page words its labels about a player
    itself, ``you`` telling it which messages to use."""

    name: str
    #: Whether the player is the reader, named You: the page words sentences about them with messages of
    #: their own (context "the player named You, the reader": "your area", "You win").
    you: bool
    #: Tokens left to place.
    tokens: int
    #: Tokens at the start.
    supply: int
    #: Total moon-track steps taken (the turn order follows it).
    time: int
    #: The moon-track space of the player's marker (0 is the new moon).
    space: int
    #: The bot that plays this seat, or None for a person.
    bot: str | None
    #: The area's tiles in placement order.
    tiles: list[PlacedTile]
    #: Every task of the area with its chain.
    tasks: list[TaskRow]


# -- the position ---------------------------------------------------------------------------------
#: Where a takeable tile would fulfil tasks: [index into ``cells``, the tasks fulfilled] (the new tile's
#: own tasks carry its cell).
Fulfil = tuple[int, list[TaskRef]]


class MoveOptions(TypedDict):
    """The player to move's legal cells and, per takeable tile (in ``choices`` order), the cells where it
    would fulfil tasks. Empty once the game is over and on a position shown read-only."""

    cells: list[Cell]
    fulfil: list[list[Fulfil]]


#: A turn since the player to move last moved, for the page to mark and to move: [id, player, tile id,
#: wheel space it came from, x, y of the cell it went to]; ``id`` is the index of its take in ``game.log``.
RecentTurn = tuple[int, int, str, int, int, int]
#: What an entry of the log tells.
EntryKind = Literal["setup", "turn", "refill", "phase", "score", "end"]
#: An entry of the page's log: [id, kind, player it concerns or None, sentence]. ``id`` is the index in
#: ``game.log`` of its first event: entries with an id at least the ``log_total`` drawn before are new.
LogEntry = tuple[int, EntryKind, int | None, str]
#: A moon-track space and the players stacked there, bottom first.
TrackSpace = tuple[int, list[int]]
#: The two ways a game ends, as the engine names them.
EndReason = Literal["last token", "no tile"]
#: The kinds of game.
GameKind = Literal["game", "solo"]


class Over(TypedDict):
    """How the game ended, from the game's own result."""

    reason: EndReason
    winner: int
    #: Players, best first.
    ranking: list[int]
    #: The end in words.
    text: str
    #: A summary: each player's tokens, tasks and tiles in ranking order, or solo how the score adds up.
    lines: list[str]


class Solo(ScoreSheet):
    """The solo standing as the page shows it: the engine's sheet, and its words for the page."""

    #: How the score adds up, in words for the page.
    lines: list[str]
    #: What the phase asks now ("" once over).
    goal: str


class PositionCan(TypedDict):
    """What the buttons that play may do in the position."""

    refill: bool
    undo: bool
    redo: bool
    end_phase_one: bool
    bot: bool


class CoachButtons(TypedDict, total=False):
    """The coach's buttons, which the widget adds."""

    #: The Hint button (off on a bot's seat, once over, while browsing, in the guided game).
    hint: bool
    #: The Review button (once the game is over, not in the guided game).
    review: bool


class Can(PositionCan, CoachButtons):
    """What the buttons may do now."""


class CoachCan(CoachButtons, total=False):
    """The widget's changes to what the buttons may do: the coach's buttons, and those the guided game
    keeps off."""

    undo: bool
    redo: bool
    bot: bool


class Position(TypedDict):
    """A position as the page draws it (``protocol.game_state``)."""

    kind: GameKind
    seed: int | None
    #: Turns played.
    turn: int
    #: Each wheel space's tile id, or None (its length is the number of spaces).
    wheel: list[str | None]
    #: The moon marker's space.
    marker: int
    #: The takeable spaces, in order.
    choices: list[int]
    #: Tiles left in the draw pile.
    pile: int
    #: The draw pile's tiles per colour (public: 17 of each colour less those in sight).
    pile_colours: dict[Colour, int]
    #: The player to move; None once the game is over.
    current: int | None
    #: The turn order from now on.
    order: list[int]
    #: Each occupied moon-track space (none solo).
    track: list[TrackSpace]
    players: list[PlayerState]
    moves: MoveOptions
    #: The turns since the player to move last moved, that turn included, oldest first.
    recent: list[RecentTurn]
    #: The latest entries of the page's log, oldest first.
    log: list[LogEntry]
    #: How many events ``game.log`` holds.
    log_total: int
    over: Over | None
    #: None in a game of 2–4 players.
    solo: Solo | None
    #: What the buttons may do (the position's flags; the widget adds its own).
    can: Can


# -- the coach ------------------------------------------------------------------------------------
class HintShown(HintData):
    """The coach's hint for the player to move (``state.hint``); Python clears it when the position
    changes."""

    #: The sentence to say.
    words: str
    #: The version of the state it is for.
    version: int


class ComparedOption(Mark):
    """An action a review row compares: what to mark and its words."""

    action: ActionData
    #: The action in words.
    words: str


#: An action the coach talks about (the hint's suggestion and its alternatives, a review row's played and
#: suggested actions): what to mark, and its words.
CoachOption = OptionData | ComparedOption


class Compare(TypedDict):
    """A review row opened: the position before action ``row`` is on show, with the action played and the
    coach's suggestion, and player ``player``'s area after each."""

    row: int
    player: int
    played: ComparedOption
    suggested: ComparedOption
    played_area: PlayerState
    suggested_area: PlayerState


class View(TypedDict):
    """The position of the history on show: after the first ``turn`` of ``turns`` actions; ``now`` when it
    is the game's own position (else the page is read-only)."""

    turn: int
    turns: int
    now: bool
    #: The position in words, e.g. "the start of the game".
    label: str
    #: The open review row's comparison.
    compare: Compare | None


# -- the guided game ------------------------------------------------------------------------------
class Tutorial(GuideState):
    """The guided game's step as ``state.tutorial`` carries it."""

    #: Why the last click was not the one awaited (friendly words).
    refused: str | None


# -- the puzzles ----------------------------------------------------------------------------------
#: What a puzzle's answers are clicked as: wheel spaces, cells or tasks of area ``seat``, players (their
#: moon-track markers or areas), buttons (``choices``: words such as "refill", or numbers), or whole moves.
PuzzleClick = Literal["space", "cell", "task", "seat", "choice", "move"]
#: An answer as the page sends it and the state shows it: a wheel space, a seat or a number; a cell [x, y];
#: a task [x, y, task]; a move [space, x, y]; a word ("refill", "take", "not over").
AnswerData = int | str | list[int]


class PuzzleAnswer(TypedDict):
    """An answer, and it in words (a button's, a pick's, a verdict's)."""

    answer: AnswerData
    words: str


class PuzzleVerdict(TypedDict):
    """The puzzle checked: right or not, the answers given that are wrong, the right ones not given, and
    the words saying so and why (the engine's: which rule, which chain)."""

    right: bool
    wrong: list[PuzzleAnswer]
    missed: list[PuzzleAnswer]
    words: str


class PuzzleCan(TypedDict):
    """What the puzzle's buttons may do now."""

    check: bool
    hint: bool
    reveal: bool


class PuzzleDownload(TypedDict):
    """The learner's progress file for the page to save as a download: its ``name`` and ``text``;
    ``number`` counts the learner's asks, so the page saves each ask once, however often it redraws."""

    number: int
    name: str
    text: str


class PuzzleView(TypedDict):
    """The puzzle on show (``state.puzzle``; the position drawn is the puzzle's). The learner clicks what
    ``click`` names (in ``seat``'s area for cells and tasks); ``all``: every right answer is to be picked,
    else any one. Placement puzzles name the ``tile`` to place and the wheel ``space`` it comes from."""

    id: str
    kind: str
    question: str
    click: PuzzleClick
    all: bool
    #: The buttons of a puzzle answered by words or numbers (``choice``).
    choices: list[PuzzleAnswer]
    seat: int | None
    tile: str | None
    space: int | None
    #: The learner's answers so far.
    picks: list[PuzzleAnswer]
    #: The hints taken so far, first to last: the rule to apply and where to look, never the answer.
    hints: list[str]
    #: The verdict once checked, else None.
    verdict: PuzzleVerdict | None
    #: Every right answer, once the puzzle is answered (checked or shown), else None.
    answers: list[PuzzleAnswer] | None
    #: The engine's explanation, once the puzzle is answered.
    explanation: str | None
    #: The learner's rating (Glicko-2, rounded), and puzzles solved and tried so far.
    rating: int
    solved: int
    tried: int
    can: PuzzleCan
    #: The progress file, after the learner asked to download it (the ``download`` intent), else None.
    download: PuzzleDownload | None
    #: The learner's name as the progress file keeps it (the ``learner`` intent), or None: not given.
    learner: str | None


# -- the state ------------------------------------------------------------------------------------
#: The direction a language's text runs, as HTML's ``dir`` says it.
Direction = Literal["ltr", "rtl"]


class Why(TypedDict):
    """Why one task of the position on show is or is not fulfilled (``Board.explain``): the page asks
    for it (the ``why`` intent) while it points at the task, so a state carries one sentence at most."""

    #: The task: [player, tile (an index into the player's ``tiles``), task (an index into the tile's)].
    task: list[int]
    #: The engine's sentence, in the state's language.
    text: str


#: The mode the widget is in: what the page draws beside the position and what a click on it means.
#: ``playing`` the game now; ``guided`` the guided first game; ``puzzle`` a puzzle on show (its own
#: position); ``history`` an earlier position of the game (read-only); ``review`` a review row open on the
#: position before its action (read-only, ``view.compare``). Solo is no mode: it is the kind of game
#: (``kind``, ``solo``), played in any mode.
ModeName = Literal["playing", "guided", "puzzle", "history", "review"]


class PlayingMode(TypedDict):
    """What the playing mode adds to the state: its name only."""

    mode: Literal["playing"]


class GuidedMode(TypedDict):
    """What the guided game adds to the state: its step."""

    mode: Literal["guided"]
    #: The guided game's step.
    tutorial: Tutorial


class PuzzleMode(TypedDict):
    """What the puzzles add to the state: the puzzle on show."""

    mode: Literal["puzzle"]
    #: The puzzle on show (the position drawn is the puzzle's).
    puzzle: PuzzleView


class HistoryMode(TypedDict):
    """What an earlier position on show adds to the state: its name only (``view`` says which)."""

    mode: Literal["history"]


class ReviewMode(TypedDict):
    """What a review row open adds to the state: its name only (``view.compare`` holds the row)."""

    mode: Literal["review"]


#: A mode's own part of the state, built by the mode (``modes.base.Part``).
ModePart = PlayingMode | GuidedMode | PuzzleMode | HistoryMode | ReviewMode


class StateCommon(Position):
    """The fields of the state every mode has: the position (or a past one, or a puzzle's), then the
    widget's own fields."""

    #: Grows with every change of the position; intents name it.
    version: int
    #: The wheel space whose tile is chosen, not yet placed.
    selected: int | None
    #: Why the last intent was refused.
    error: str | None
    #: Intents handled (each gets a new state, so the page knows it was heard).
    answered: int
    #: The bot the Bot button asks.
    bot: str
    #: Every bot, by the name Python knows it by.
    bot_names: list[str]
    #: Each bot's name in the state's language.
    bot_words: dict[str, str]
    #: The position of the history on show.
    view: View
    hint: HintShown | None
    #: The explanation of the task the page asked about last, while the position on show is the same.
    why: Why | None
    #: The code of the language every sentence of the state is in; the page speaks it too.
    lang: str
    #: The language's direction: text and panels follow it, the boards keep theirs.
    dir: Direction


class PlayingState(StateCommon, PlayingMode):
    """The state while the game now is played."""


class GuidedState(StateCommon, GuidedMode):
    """The state of the guided game."""


class PuzzleState(StateCommon, PuzzleMode):
    """The state while a puzzle is on show."""


class HistoryState(StateCommon, HistoryMode):
    """The state while an earlier position of the game is on show."""


class ReviewState(StateCommon, ReviewMode):
    """The state while a review row is open."""


#: Everything the page draws (the ``state`` trait), built by Python only, tagged by its ``mode``: the page
#: switches on the mode and never guesses it from which fields are there.
State = PlayingState | GuidedState | PuzzleState | HistoryState | ReviewState


# -- the review panel -----------------------------------------------------------------------------
#: The unit of a review's losses: tokens, or solo points of score.
LossUnit = Literal["tokens", "points"]


class ReviewRow(TypedDict):
    """A review row: action ``index`` (the position before it), played by ``player`` on turn ``turn``."""

    index: int
    turn: int
    player: int
    name: str
    played: str
    suggested: str
    #: How much better the suggestion looked (tokens, or solo points).
    loss: float
    #: The loss in words: "1.5 tokens".
    loss_words: str
    comment: str


class NoReview(TypedDict):
    """No review asked for (or the history changed since)."""


class ReviewWorking(TypedDict):
    """The coach working through the actions."""

    status: Literal["working"]
    done: int
    total: int


class ReviewReady(TypedDict):
    """The review: its rows, largest loss first (the row open is ``state.view.compare.row``)."""

    status: Literal["ready"]
    unit: LossUnit
    rows: list[ReviewRow]
    total: int


#: The ``review_panel`` trait, apart from ``state`` so that it is sent once.
ReviewPanel = NoReview | ReviewWorking | ReviewReady


class Traits(TypedDict):
    """The widget's traits the page reads."""

    state: State
    catalogue: Catalogue
    faces: PrintedPieces
    review_panel: ReviewPanel
    lang: str
    projector: bool


# -- the intents ----------------------------------------------------------------------------------
class _Intent(TypedDict):
    #: The version of the state the intent was made on.
    version: int


class SelectIntent(_Intent):
    """Choose a takeable tile, or None to cancel."""

    action: Literal["select"]
    space: int | None


class TakeIntent(_Intent):
    """Place the chosen tile; ``player`` names the seat the click was for."""

    action: Literal["take"]
    space: int
    cell: Cell
    player: int


class _RefillIntent(_Intent):
    action: Literal["refill"]


class RefillIntent(_RefillIntent, total=False):
    """Refill the wheel."""

    player: int


class _EndPhaseOneIntent(_Intent):
    action: Literal["end_phase_one"]


class EndPhaseOneIntent(_EndPhaseOneIntent, total=False):
    """End phase 1 of the solo game."""

    player: int


class _BotIntent(_Intent):
    action: Literal["bot"]


class BotIntent(_BotIntent, total=False):
    """Let a bot play this turn (``bot``: which; the widget's by default)."""

    bot: str
    player: int


class HistoryIntent(_Intent):
    """Undo, redo, or deal a new game."""

    action: Literal["undo", "redo", "new"]


class CoachIntent(_Intent):
    """Ask for a hint or a review; the guided game's Next, or the next puzzle."""

    action: Literal["hint", "review", "next"]


class CancelReviewIntent(_Intent):
    """Stop the Review under way (its panel shows the progress): the panel closes, and Review starts it
    afresh. Refused when no review is under way."""

    action: Literal["cancel_review"]


class ShowIntent(_Intent):
    """Show position ``turn`` of the history (None: now)."""

    action: Literal["show"]
    turn: int | None


class OpenIntent(_Intent):
    """Open a review row (None: close it)."""

    action: Literal["open"]
    row: int | None


class PuzzlePick(_Intent):
    """Add an answer to the puzzle's picks, or take one back."""

    action: Literal["pick", "unpick"]
    answer: AnswerData


class PuzzleIntent(_Intent):
    """Open the puzzles; check the answer, show it, download the progress file, or leave the puzzles for
    the game."""

    action: Literal["puzzles", "check", "reveal", "download", "leave"]


class LearnerIntent(_Intent):
    """Name the learner whose progress the puzzles keep: the name goes into the progress file, so that a
    teacher's ``class_report`` can tell the learners apart."""

    action: Literal["learner"]
    name: str


class LanguageIntent(_Intent):
    """Speak another language (a code of ``i18n.LANGUAGES``)."""

    action: Literal["language"]
    lang: str


class WhyIntent(_Intent):
    """Ask why a task of the position on show is or is not fulfilled: [player, tile, task] (None: no task)."""

    action: Literal["why"]
    task: list[int] | None


#: What the page asks of Python; Python checks each field (``protocol.parse_intent``).
Intent = (
    SelectIntent
    | TakeIntent
    | RefillIntent
    | EndPhaseOneIntent
    | BotIntent
    | HistoryIntent
    | CoachIntent
    | CancelReviewIntent
    | ShowIntent
    | OpenIntent
    | PuzzlePick
    | PuzzleIntent
    | LearnerIntent
    | LanguageIntent
    | WhyIntent
)


# -- checking a value against the contract --------------------------------------------------------
def check(value: object, kind: Any, where: str = "value") -> None:
    """``TypeError`` naming the first place where ``value`` (JSON-like data) is not of the type ``kind``:
    a key the contract lacks or a required one missing, a wrong type, None where it may not be."""
    origin, args = get_origin(kind), get_args(kind)
    if is_typeddict(kind):
        _check_keys(value, kind, where)
    elif origin in (Union, types.UnionType):
        _check_union(value, args, where)
    elif origin is Literal:
        _expect(value in args and type(value) in (type(a) for a in args), where, f"one of {args}")
    elif origin in (tuple, list):
        if not isinstance(value, (list, tuple)) or (origin is tuple and len(value) != len(args)):
            raise TypeError(f"{where} must be a list" + (f" of {len(args)} items" if origin is tuple else ""))
        for i, item in enumerate(value):
            check(item, args[i] if origin is tuple else args[0], f"{where}[{i}]")
    elif origin is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{where} must be an object")
        for key, item in value.items():
            check(key, args[0], f"{where} key")
            check(item, args[1], f"{where}[{key!r}]")
    elif kind is float:
        _expect(type(value) in (int, float), where, "a number")
    else:
        _expect((kind is type(None) and value is None) or type(value) is kind, where, kind.__name__)


def _check_keys(value: object, kind: Any, where: str) -> None:
    if not isinstance(value, Mapping):
        raise TypeError(f"{where} must be an object ({kind.__name__})")
    hints = get_type_hints(kind)
    extra = set(value) - set(hints)
    missing = kind.__required_keys__ - set(value)
    _expect(not extra, where, f"{kind.__name__} without the keys the contract lacks: {sorted(extra)}")
    _expect(not missing, where, f"{kind.__name__} with its keys {sorted(missing)}")
    for key, item in value.items():
        check(item, hints[key], f"{where}.{key}")


def _check_union(value: object, members: tuple[Any, ...], where: str) -> None:
    tagged = _tagged(value, members)
    if tagged is not None:  # a union tagged by a key (``State`` by its mode): the member it names
        check(value, tagged, where)
        return
    errors = []
    for member in members:
        try:
            check(value, member, where)
            return
        except TypeError as error:
            errors.append(str(error))
    raise TypeError(" or ".join(errors))


def _tagged(value: object, members: tuple[Any, ...]) -> Any:
    """The member of a union of TypedDicts that ``value``'s tag names: the tag is ``mode``, a key each
    member has as one literal. None when the union is not tagged, or ``value`` names no member (the
    union's members are then tried in turn, and the error lists why each failed)."""
    if not isinstance(value, Mapping) or not all(is_typeddict(m) for m in members):
        return None
    tags = {get_args(get_type_hints(m).get("mode"))[:1]: m for m in members}
    return tags.get((value.get("mode"),)) if len(tags) == len(members) and () not in tags else None


def _expect(ok: bool, where: str, expected: str) -> None:
    if not ok:
        raise TypeError(f"{where} must be {expected}")
