"""The guided game as data: its steps, each step's clicks and Luna's replies, and what the page is
sent of them (the contract describes it: novaluna_widget/_contract.py). A step is written once with its
sentences as messages (``Step[Message]``) and worded for each language (``Step[str]``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Generic, Literal, TypedDict, TypeVar

from .._board import Cell, TaskRef
from .._game import Action, ActionData, action_data
from .._i18n import Message

__all__ = [
    "NOTHING",
    "Awaited",
    "ClickData",
    "Expected",
    "GuideState",
    "GuidedAction",
    "Highlight",
    "HighlightButton",
    "HighlightData",
    "Reply",
    "ReplyData",
    "Step",
    "StepClick",
    "StepData",
    "Words",
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
    """One click of a guided step (``guide.StepClick.to_data``)."""

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
class StepClick(Generic[Words]):
    """One click a step waits for: the ``action`` ("select", "take", "refill" or "next") with its
    ``space``, ``cell`` and ``player`` as the widget's intent carries them; the ``prompt`` that says
    what to click, the ``refusal`` for any other click, and the ``answer`` said once it is made (the
    script's ``StepClick[Message]`` may have none; worded, ``StepClick[str]``, that is "")."""

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

    def worded(self: StepClick[Message], lang: str) -> StepClick[str]:
        """The click with its sentences in ``lang``."""
        answer = "" if self.answer is None else self.answer.in_language(lang)
        prompt, refusal = self.prompt.in_language(lang), self.refusal.in_language(lang)
        return StepClick(
            self.action, prompt, refusal, answer, self.highlight, self.space, self.cell, self.player
        )

    def to_data(self: StepClick[str]) -> ClickData:
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
    clicks: tuple[StepClick[Words], ...]
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
NOTHING: Final = Highlight()
