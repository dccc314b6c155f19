"""Puzzling: the puzzles (``puzzles.Trainer``) over the widget's game, which waits untouched. The page
draws the puzzle's position and question; the learner clicks what the question names (wheel spaces,
cells or tasks of one area, players, buttons, whole moves), each click a ``pick``, then Check; a hint
says the rule to apply and where to look (a second narrows further), never the answer, and costs rating
as it gives more away; Show the answer gives the puzzle up, Next puzzle asks the trainer for another,
Back to the game (``leave``) returns to the mode the puzzles were opened from.

Each puzzle is recorded once, as the trainer rates it: at its first Check, at Show the answer, or, once a
hint was taken, whenever the puzzle is left (Next puzzle, Back to the game, a move or New game from
Python or the page, another game shown): a hint is never made free by leaving the puzzle. A progress file
that cannot take the attempt is said in the error area, in the widget's language; the trainer keeps the
attempt and writes it with the next one.
Everything on show is worded in the widget's language, whatever the language the puzzle was made in.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Final

from .._contract import (
    AnswerData,
    CoachCan,
    Intent,
    Position,
    PuzzleAnswer,
    PuzzleDownload,
    PuzzleMode,
    PuzzleVerdict,
    PuzzleView,
    TaskRow,
)
from .._errors import IllegalMove, quote
from .._game import Move
from .._i18n import message_of, msg
from .._protocol import game_state
from .._session import Said, Table
from ..puzzles import Answer, AnswerError, ProgressError, Puzzle, Verdict, set_aside
from ..puzzles._trainer import Trainer
from .base import Mode, ModeFields, Screen, moved, view_now

__all__ = ["Answering", "Puzzling", "answer_data", "open_puzzles", "puzzle_position", "puzzles_of"]

#: The offer that follows the words of a damaged progress file.
_AFRESH: Final = msg(
    "Press Puzzles again to start afresh: the damaged file is then kept beside it under another name."
)
#: Why a move, the history or the coach's buttons wait while a puzzle is on show.
_IN_PUZZLES: Final = msg("in the puzzles, click what the question names; press Back to the game to play on")
_ANSWERED: Final = msg("this puzzle is answered: press Next puzzle for another, or Back to the game")
_NOTHING_PICKED: Final = msg("pick an answer first: click what the question names")
_NO_MORE_HINTS: Final = msg("every hint of this puzzle is on show: press Check, or Show the answer")
_NO_PROGRESS: Final = msg("there is no progress to download yet: answer a puzzle first")


def puzzles_of(trainer: Trainer, kinds: Iterable[str] | None = None) -> Callable[[Screen], Screen]:
    """What opens the puzzles of ``trainer`` (``kinds``: kinds or families, None: any) from Python, on the
    screen of the mode on the game now, the table's trainer from then on: a kind there is not is refused
    before anything changes."""

    def enter(screen: Screen) -> Screen:
        live = screen.mode.on(replace(screen.table, trainer=trainer))
        return screen._replace(mode=Puzzling(live, trainer, kinds), error=trainer.notice)

    return enter


def open_puzzles(screen: Screen, live: Mode) -> Screen:
    """The page's Puzzles button, pressed in ``live`` (the mode on the game now): the puzzles of the trainer
    opened before, else of one on the default progress file, the table's from then on. A damaged file is
    said in words, with the offer to start afresh, and the screen stays: pressing Puzzles again keeps the
    damaged file aside (``puzzles.set_aside``) and starts on a new one."""
    table = live.table
    if table.trainer is not None:
        return screen._replace(mode=Puzzling(live, table.trainer))
    seed = random.randrange(2**32) if table.session.seed is None else table.session.seed
    try:
        trainer = Trainer(seed=seed, lang=table.lang, warn=False)  # the notice: below
        error: Said | None = trainer.notice
    except ProgressError as damaged:
        if damaged.damaged is None or damaged.damaged != table.damaged:
            # Said, and remembered: the learner was told of this file.
            said = message_of(damaged)
            if damaged.damaged is not None:
                said = msg("{error} {offer}", error=said, offer=_AFRESH)
            return screen.on(replace(table, damaged=damaged.damaged))._replace(error=said)
        aside = set_aside(damaged.damaged)
        trainer = Trainer(seed=seed, lang=table.lang, warn=False)
        error = msg(
            "The damaged puzzle progress file is kept as {aside}; your puzzles start afresh.",
            aside=quote(str(aside), 300),
        )
    live = live.on(replace(table, trainer=trainer, damaged=None))
    return screen._replace(mode=Puzzling(live, trainer), error=error)


def answer_data(answer: Answer) -> AnswerData:
    """An answer as the page sends it: a move as [space, x, y], a cell or a task as a list."""
    if isinstance(answer, Move):
        return [answer.space, *answer.cell]
    if isinstance(answer, tuple):
        return list(answer)
    return answer


def _order(answer: Answer) -> str:
    """A key that orders answers of one puzzle the same way every time (a set's order is not)."""
    return json.dumps(answer_data(answer))


@dataclass(frozen=True)
class Answering:
    """One puzzle as the learner works on it, a value: the answers ``picks``, the ``hints`` taken, whether
    it was ``checked`` or its answer ``shown``, and whether the trainer ``recorded`` it (once)."""

    puzzle: Puzzle
    picks: tuple[Answer, ...] = ()
    hints: int = 0
    checked: bool = False
    shown: bool = False
    recorded: bool = False

    @property
    def settled(self) -> bool:
        """Whether the puzzle is answered: checked, or its answer shown."""
        return self.checked or self.shown


class Puzzling(Mode):
    """One puzzle of ``trainer`` at a time (of ``kinds``: kinds or families, None: any), opened from
    ``live``, which takes Python's calls meanwhile (a call that acts on the game leaves the puzzles). The
    puzzle worked on is a value (``answering``): an intent returns a copy of the mode with the next one."""

    refusal = _IN_PUZZLES
    explains = False  # a puzzle's tasks are explained by its verdict: asked before, it would tell the answer

    def __init__(self, live: Mode, trainer: Trainer, kinds: Iterable[str] | None = None) -> None:
        super().__init__(live.table)
        self.live = live
        self.trainer = trainer
        self.kinds = None if kinds is None else tuple(kinds)
        self.downloads = 0
        self.download: PuzzleDownload | None = None
        # A kind there is not is refused here, before the mode is entered.
        self.answering = Answering(trainer.next(self.kinds))
        # The position drawn, once per puzzle, language and settledness: ((id, language, settled), position).
        self._position: tuple[tuple[str, str, bool], Position] | None = None

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on show."""
        return self.answering.puzzle

    @property
    def settled(self) -> bool:
        """Whether the puzzle is answered: checked, or its answer shown."""
        return self.answering.settled

    def begun(self, puzzle: Puzzle) -> Puzzling:
        """This mode on ``puzzle``, not yet tried."""
        return self.but(answering=Answering(puzzle))

    def on(self, table: Table) -> Puzzling:
        return self if table is self.table else self.but(table=table, live=self.live.on(table))

    # -- the page's intents --------------------------------------------------------------------------
    def handle(self, screen: Screen, intent: Intent) -> Screen:
        mode, said = self._act(intent)
        return screen._replace(mode=mode, error=screen.error if said is None else said)

    def _act(self, intent: Intent) -> tuple[Mode, Said | None]:
        """The mode after ``intent``, and what a progress file that cannot take an attempt said."""
        answering = self.answering
        match intent["action"]:
            case "pick":
                self._unsettled()
                return self.but(answering=self._pick(self._answer(intent["answer"]))), None
            case "unpick":
                self._unsettled()
                return self.but(answering=self._unpick(self._answer(intent["answer"]))), None
            case "check":
                self._unsettled()
                if not answering.picks:
                    raise IllegalMove(_NOTHING_PICKED)
                checked = replace(answering, checked=True)
                return self._recorded(checked, right=self._verdict(checked).right)
            case "hint":
                self._unsettled()
                if answering.hints >= len(answering.puzzle.hints()):
                    raise IllegalMove(_NO_MORE_HINTS)
                return self.but(answering=replace(answering, hints=answering.hints + 1)), None
            case "reveal":
                self._unsettled()
                return self._recorded(replace(answering, shown=True), right=False)
            case "next":
                _, said = self._record_a_hint(answering)
                return self.begun(self.trainer.next(self.kinds)), said
            case "download":
                return self._offer_download(), None
            case "learner":
                return self, self._name(intent["name"])
            case "leave":  # leaving records a hint taken (``leave``)
                return self.live, None
            case "puzzles":  # open already
                return self, None
            case _:
                self.refuse(intent)

    def _name(self, name: str) -> Said | None:
        """The learner names themselves: the name goes into the progress file, for the teacher's report
        (``class_report``). A file that cannot be written now is said in words, as an attempt's is."""
        try:
            self.trainer.name = name
        except ValueError as error:
            raise IllegalMove(message_of(error)) from None
        except ProgressError as error:
            return message_of(error)
        return None

    def _offer_download(self) -> Puzzling:
        """Put the progress file in the view for the page to save (in JupyterLab and on the site alike,
        where the file lives in the browser's drive): a teacher collects these for ``class_report``."""
        path = self.trainer.path
        if not path.is_file():
            raise IllegalMove(_NO_PROGRESS)
        download: PuzzleDownload = {
            "number": self.downloads + 1,
            "name": path.name,
            "text": path.read_text(encoding="utf-8"),
        }
        return self.but(downloads=self.downloads + 1, download=download)

    def _answer(self, data: object) -> Answer:
        """The page's answer as the puzzle reads it (a move [space, x, y] as (space, (x, y))); one of a
        shape the puzzle does not take is refused with the puzzle's words."""
        if isinstance(data, list):
            move = self.puzzle.click == "move" and len(data) == 3
            data = Move(data[0], (data[1], data[2])) if move else tuple(data)
        try:
            self.puzzle.label(data)  # type: ignore[arg-type]  # it checks the shape (AnswerError)
        except AnswerError as error:
            raise IllegalMove(message_of(error)) from None
        return data  # type: ignore[return-value]

    def _unsettled(self) -> None:
        """Refuse to change a puzzle already answered."""
        if self.settled:
            raise IllegalMove(_ANSWERED)

    def _pick(self, answer: Answer) -> Answering:
        answering = self.answering
        if not answering.puzzle.all:  # any one of the answers: a new pick replaces the last
            return replace(answering, picks=(answer,))
        if answer in answering.picks:
            return answering
        return replace(answering, picks=(*answering.picks, answer))

    def _unpick(self, answer: Answer) -> Answering:
        answering = self.answering
        if answer not in answering.picks:
            raise IllegalMove(
                msg(
                    "{answer} is not among the answers picked",
                    answer=answering.puzzle.label(answer, self.table.lang),
                )
            )
        picks = list(answering.picks)
        picks.remove(answer)
        return replace(answering, picks=tuple(picks))

    def _verdict(self, answering: Answering) -> Verdict:
        """The picks checked, worded in the widget's language."""
        puzzle = answering.puzzle  # (a set: a list of numbers would read as one cell or task)
        return puzzle.check(frozenset(answering.picks) if puzzle.all else answering.picks[0], self.table.lang)

    def _recorded(self, answering: Answering, *, right: bool) -> tuple[Puzzling, Said | None]:
        """This mode with ``answering`` recorded (once), and what a progress file that cannot take it said."""
        recorded, said = self._record(answering, right=right)
        return self.but(answering=recorded), said

    def _record(self, answering: Answering, *, right: bool) -> tuple[Answering, Said | None]:
        if answering.recorded:
            return answering, None
        # Recorded by the trainer, which keeps it if the file cannot take it now.
        recorded = replace(answering, recorded=True)
        try:
            self.trainer.record(answering.puzzle, right, hinted=answering.hints, shown=answering.shown)
        except ProgressError as error:
            return recorded, message_of(error)
        return recorded, None

    def leave(self) -> Said | None:
        """The puzzles are left for anything else: a hint taken is recorded."""
        return self._record_a_hint(self.answering)[1]

    def _record_a_hint(self, answering: Answering) -> tuple[Answering, Said | None]:
        """A puzzle left unanswered after a hint counts as not solved: the hint is never free."""
        return self._record(answering, right=False) if answering.hints else (answering, None)

    # -- what the page shows -------------------------------------------------------------------------
    def now(self) -> Mode:
        return self.live

    def changed(self, screen: Screen) -> Screen:
        """The game changed behind the puzzles (from Python): the puzzles stay, over the mode it leaves."""
        after = self.live.changed(moved(screen, self.live))
        live = after.mode.now()
        return moved(after, self if live is self.live else self.but(live=live))

    def picture(self) -> object:
        return self.puzzle.id

    def part(self) -> ModeFields:
        table = self.table
        key = (self.puzzle.id, table.lang, self.settled)
        if self._position is None or self._position[0] != key:  # a cache: the puzzle's position drawn
            self._position = (key, self._drawn(game_state(self.puzzle.game, lang=table.lang)))
        can: CoachCan = {"hint": False, "review": False, "undo": False, "redo": False, "bot": False}
        own: PuzzleMode = {"mode": "puzzle", "puzzle": self._view()}
        return ModeFields(view=view_now(table), can=can, own=own, position=self._position[1])

    def _drawn(self, position: Position) -> Position:
        return puzzle_position(self.puzzle, position, settled=self.settled)

    def _labelled(self, answer: Answer) -> PuzzleAnswer:
        return {"answer": answer_data(answer), "words": self.puzzle.label(answer, self.table.lang)}

    def _labels(self, answers: Iterable[Answer]) -> list[PuzzleAnswer]:
        return [self._labelled(a) for a in sorted(answers, key=_order)]

    def _view(self) -> PuzzleView:
        answering, lang = self.answering, self.table.lang
        puzzle = answering.puzzle
        verdict: PuzzleVerdict | None = None
        if answering.checked:
            found = self._verdict(answering)
            verdict = {
                "right": found.right,
                "wrong": self._labels(found.wrong),
                "missed": self._labels(found.missed),
                "words": found.words,
            }
        counts = self.trainer.solved().values()
        unsettled = not answering.settled
        return {
            "id": puzzle.id,
            "kind": puzzle.kind,
            "question": puzzle.prompt.in_language(lang),
            "click": puzzle.click,
            "all": puzzle.all,
            "choices": [self._labelled(c) for c in puzzle.choices],
            "seat": puzzle.seat,
            "tile": None if puzzle.tile is None else puzzle.tile.id,
            "space": puzzle.space,
            "picks": [self._labelled(a) for a in answering.picks],
            "hints": puzzle.hints(lang)[: answering.hints],
            "verdict": verdict,
            "answers": None if unsettled else self._labels(puzzle.answers),
            "explanation": None if unsettled else puzzle.explain(lang),
            "rating": round(self.trainer.rating.rating),
            "solved": sum(solved for solved, _ in counts),
            "tried": sum(tried for _, tried in counts),
            "can": {
                "check": unsettled and bool(answering.picks),
                "hint": unsettled and answering.hints < len(puzzle.hints()),
                "reveal": unsettled,
            },
            "download": self.download,
            "learner": self.trainer.name,
        }


#: The kinds whose learner picks a tile on offer: they are shown which tiles may be taken (the rules
#: only; which one is best is the question).
_TAKING: Final = frozenset({"strategy", "solo"})


def puzzle_position(puzzle: Puzzle, position: Position, *, settled: bool) -> Position:
    """A puzzle's position as the page may draw it: the table as a player sees it, and nothing the
    engine concluded from it, for any kind, since each conclusion answers some puzzle: no player to move
    and no turn order ("whose turn?"), no result ("is it over?"), no log or recent turns (they tell the
    story up to the result), no takeable tiles ("which tiles may you take?") but where the question is
    which one is best or once the puzzle is answered, no legal cells but where a whole move is asked, no
    button that plays, and until the puzzle is answered no task says whether it is fulfilled, nor its
    chain. Built field by field from what may be seen, so a field the position gains later stays out
    until it is let in."""
    players = position["players"]
    if not settled:
        players = [{**p, "tasks": [_unexplained(row) for row in p["tasks"]]} for p in players]
    return {
        "kind": position["kind"],
        "seed": None,
        "turn": position["turn"],
        "wheel": position["wheel"],
        "marker": position["marker"],
        "pile": position["pile"],
        "pile_colours": position["pile_colours"],
        "track": position["track"],
        "solo": position["solo"],
        "choices": position["choices"] if settled or puzzle.kind in _TAKING else [],
        "current": None,
        "order": [],
        "players": players,
        "moves": position["moves"] if puzzle.click == "move" else {"cells": [], "fulfil": []},
        "recent": [],
        "log": [],
        "log_total": 0,
        "over": None,
        "can": {"refill": False, "undo": False, "redo": False, "end_phase_one": False, "bot": False},
    }


def _unexplained(row: TaskRow) -> TaskRow:
    """A task as the page may show it before a puzzle is answered: covered or not, nothing of its chain."""
    tile, task, status, _ = row
    return (tile, task, 2 if status == 2 else 0, [])
