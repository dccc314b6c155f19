"""Puzzling: the puzzles (``puzzles.Trainer``) over the widget's game, which waits untouched. The page
draws the puzzle's position and question; the learner clicks what the question names (wheel spaces,
cells or tasks of one area, players, buttons, whole moves), each click a ``pick``, then Check; a hint
marks one right answer and costs rating, Show the answer gives up the puzzle, Next asks the trainer for
another, Back to the game (``leave``) returns to the mode the puzzles were opened from.

Each puzzle is recorded once, as the trainer rates it: at its first Check, at Show the answer, or at Next
or Back to the game once a hint was taken (a hint is never free by skipping the puzzle).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Final, NoReturn

from ..board import whole_number
from ..contract import AnswerData, CoachCan, Position, PuzzleChoice, PuzzleClick, PuzzleVerdict, PuzzleView
from ..errors import IllegalMove, quote
from ..game import Move
from ..i18n import Message, cmsg, joined, msg, number
from ..protocol import game_state
from ..puzzles import Answer, Puzzle, Trainer, Verdict
from .base import Intent, Live, Mode, Part, view_now

__all__ = ["ACTIONS", "NOT_IN_PUZZLES", "Puzzling"]

#: The intents only the puzzles take (``hint`` and ``next`` mean theirs there, the game's elsewhere).
ACTIONS: Final = frozenset({"pick", "unpick", "check", "reveal", "leave"})
#: Why a puzzle's intent is refused outside the puzzles.
NOT_IN_PUZZLES: Final = msg("that belongs to the puzzles: press Puzzles to open them")
#: Why a move, the history or the coach's buttons wait while a puzzle is on show.
_IN_PUZZLES: Final = msg("in the puzzles, click what the question names; press Back to the game to play on")
_ANSWERED: Final = msg("this puzzle is answered: press Next for another, or Back to the game")
_NOTHING_PICKED: Final = msg("pick an answer first: click what the question names")
_ONE_HINT: Final = msg("the hint is on the board already: one per puzzle")
#: What each kind of puzzle is answered with, as a refusal names it.
_WHAT: Final[dict[PuzzleClick, Message]] = {
    "space": msg("a wheel space 0–11 that holds a tile"),
    "cell": msg("a cell [x, y]"),
    "task": msg("a task [x, y, task] of a tile in the area"),
    "seat": msg("a player index"),
    "choice": msg("one of its buttons"),
    "move": msg("a move [space, x, y]"),
}
#: The words a puzzle's buttons give as answers.
_WORDS: Final[dict[str, Message]] = {
    "refill": cmsg("a puzzle's answer", "Refill the wheel"),
    "take": cmsg("a puzzle's answer", "Take a tile"),
    "not over": cmsg("a puzzle's answer", "The game goes on"),
}


def answer_data(answer: Answer) -> AnswerData:
    """An answer as the page sends it: a move as [space, x, y], a cell or a task as a list."""
    if isinstance(answer, Move):
        return [answer.space, *answer.cell]
    if isinstance(answer, tuple):
        return list(answer)
    return answer


def _sorted(answers: Iterable[Answer]) -> list[AnswerData]:
    """Answers as data, in an order that does not depend on a set's."""
    return sorted((answer_data(a) for a in answers), key=json.dumps)


class Puzzling(Mode):
    """One puzzle of ``trainer`` at a time (of ``kinds``: kinds or families, None: any), opened from
    ``live``, which takes Python's calls meanwhile (a call that acts on the game leaves the puzzles)."""

    def __init__(self, live: Live, trainer: Trainer, kinds: Iterable[str] | None = None) -> None:
        super().__init__(live.table)
        self.live = live
        self.trainer = trainer
        self.kinds = None if kinds is None else tuple(kinds)
        self._begin(trainer.next(self.kinds))  # a kind there is not is refused here, before the mode is entered

    def _begin(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.picks: list[Answer] = []
        self.hinted: Answer | None = None
        self.checked = False
        self.shown = False
        self.recorded = False
        self._position: tuple[str, Position] | None = None  # built once per language

    # -- the page's intents --------------------------------------------------------------------------
    def handle(self, intent: Intent) -> Mode:
        match intent["action"]:
            case "pick":
                self._pick(self._answer(intent["answer"]))
            case "unpick":
                self._unpick(self._answer(intent["answer"]))
            case "check":
                self._check()
            case "hint":
                self._hint()
            case "reveal":
                self._settled_not()
                self.shown = True
                self._record(right=False)
            case "next":
                self._record_a_hint()
                self._begin(self.trainer.next(self.kinds))
            case "leave":
                self._record_a_hint()
                return self.live
            case _:
                raise IllegalMove(_IN_PUZZLES)
        return self

    def _answer(self, data: object) -> Answer:
        """The page's answer as the puzzle takes it, once its shape is the one the puzzle asks for."""
        puzzle = self.puzzle
        click = puzzle.click
        if click == "choice":
            for choice in puzzle.choices:
                if answer_data(choice) == data:
                    return choice
            self._refuse(data)
        if isinstance(data, list) and all(whole_number(v) is not None for v in data):
            if click == "cell" and len(data) == 2:
                return (data[0], data[1])
            if click == "task" and len(data) == 3 and 0 <= data[2] < 3:
                return (data[0], data[1], data[2])
            if click == "move" and len(data) == 3 and 0 <= data[0] < len(puzzle.game.wheel):
                return Move(data[0], (data[1], data[2]))
        elif isinstance(data, int):
            if click == "space" and 0 <= data < len(puzzle.game.wheel) and puzzle.game.wheel[data] is not None:
                return data
            if click == "seat" and 0 <= data < len(puzzle.game.players):
                return data
        self._refuse(data)

    def _refuse(self, data: object) -> NoReturn:
        raise IllegalMove(
            msg(
                "{value} is no answer to this puzzle: it takes {what}",
                value=quote(data),
                what=_WHAT[self.puzzle.click],
            )
        )

    def _settled_not(self) -> None:
        """Refuse to change a puzzle already checked or shown."""
        if self.checked or self.shown:
            raise IllegalMove(_ANSWERED)

    def _pick(self, answer: Answer) -> None:
        self._settled_not()
        if not self.puzzle.all:  # any one of the answers: a new pick replaces the last
            self.picks = [answer]
        elif answer not in self.picks:
            self.picks.append(answer)

    def _unpick(self, answer: Answer) -> None:
        self._settled_not()
        if answer not in self.picks:
            raise IllegalMove(msg("{value} is not among the answers picked", value=quote(answer_data(answer))))
        self.picks.remove(answer)

    def _check(self) -> None:
        self._settled_not()
        if not self.picks:
            raise IllegalMove(_NOTHING_PICKED)
        self.checked = True
        self._record(right=self._verdict().right)

    def _verdict(self) -> Verdict:
        """The picks checked, worded in the puzzle's language."""
        puzzle = self.puzzle
        return puzzle.check(self.picks if puzzle.all else self.picks[0])

    def _hint(self) -> None:
        self._settled_not()
        if self.hinted is not None:
            raise IllegalMove(_ONE_HINT)
        left = [a for a in self.puzzle.answers if a not in self.picks] or list(self.puzzle.answers)
        first = min(left, key=lambda a: json.dumps(answer_data(a)))
        self.hinted = first.space if isinstance(first, Move) else first

    def _record(self, *, right: bool) -> None:
        if not self.recorded:
            self.trainer.record(self.puzzle, right, hinted=self.hinted is not None, shown=self.shown)
            self.recorded = True

    def _record_a_hint(self) -> None:
        """A puzzle left unanswered after a hint counts as not solved: the hint is never free."""
        if self.hinted is not None:
            self._record(right=False)

    # -- what the page shows -------------------------------------------------------------------------
    def now(self) -> Live:
        return self.live

    def changed(self) -> Mode:
        self.live = self.live.now() if self.live.changed() is self.live else self.live
        return self

    def picture(self) -> object:
        return self.puzzle.id

    def part(self) -> Part:
        table = self.table
        puzzle = self.puzzle
        if self._position is None or self._position[0] != table.lang:
            self._position = (table.lang, self._drawn(game_state(puzzle.game, lang=table.lang)))
        can: CoachCan = {"hint": False, "review": False, "undo": False, "redo": False, "bot": False}
        return Part(view=view_now(table), can=can, position=self._position[1], puzzle=self._view())

    def _drawn(self, position: Position) -> Position:
        """The puzzle's position as the page draws it: no button of the game plays, and cells are lit only
        where the puzzle asks for a whole move (elsewhere they would give the answer away)."""
        moves = position["moves"] if self.puzzle.click == "move" else {"cells": [], "fulfil": []}
        can = {key: False for key in position["can"]}
        return {**position, "moves": moves, "can": {**position["can"], **can}}

    def _view(self) -> PuzzleView:
        puzzle, lang = self.puzzle, self.table.lang
        settled = self.checked or self.shown
        verdict: PuzzleVerdict | None = None
        if self.checked:
            found = self._verdict()
            verdict = {
                "right": found.right,
                "wrong": _sorted(found.wrong),
                "missed": _sorted(found.missed),
                "words": found.words,
            }
        rating = self.trainer.rating
        counts = self.trainer.solved().values()
        return {
            "id": puzzle.id,
            "kind": puzzle.kind,
            "question": puzzle.question,
            "click": puzzle.click,
            "all": puzzle.all,
            "choices": [self._choice(c, lang) for c in puzzle.choices],
            "seat": puzzle.seat,
            "tile": None if puzzle.tile is None else puzzle.tile.id,
            "space": puzzle.space,
            "picks": [answer_data(a) for a in self.picks],
            "hinted": None if self.hinted is None else answer_data(self.hinted),
            "verdict": verdict,
            "answers": _sorted(puzzle.answers) if settled else None,
            "explanation": puzzle.explain(lang) if settled else None,
            "rating": round(rating.rating),
            "solved": sum(solved for solved, _ in counts),
            "tried": sum(tried for _, tried in counts),
            "can": {"check": not settled and bool(self.picks), "hint": not settled and self.hinted is None,
                    "reveal": not settled},
        }

    @staticmethod
    def _choice(choice: Answer, lang: str) -> PuzzleChoice:
        words = _WORDS[choice].in_language(lang) if isinstance(choice, str) else number(choice, lang)
        return {"answer": answer_data(choice), "words": words}

    def reword(self) -> None:
        self.trainer.lang = self.table.lang
