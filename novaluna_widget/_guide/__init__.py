"""A guided first game: one fixed game of "You" against Luna that teaches each rule as it first applies.

The page (``NovaLunaWidget.tutorial()``) shows one ``Step`` at a time: its title, the text to read, what
to click (the step's ``StepClick``, as the widget's own intent) and what to light up; it refuses any other
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

The package's modules, each with one job: ``data`` (the steps, clicks and replies as data, and what the page
is sent of them), ``words`` (the seats and the sentences the script builds from the engine's figures),
``script`` (the deal, the scripted turns and the steps written by playing them once) and ``guide`` (``Guide``,
which shows a step, checks each click and plays it), in import-linter layers of their own (pyproject.toml).
"""

from .data import (
    Awaited,
    ClickData,
    Expected,
    GuidedAction,
    GuideState,
    Highlight,
    HighlightButton,
    HighlightData,
    Reply,
    ReplyData,
    Step,
    StepClick,
    StepData,
)
from .guide import Guide
from .script import steps
from .words import READER

__all__ = [
    "READER",
    "Awaited",
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
    "StepClick",
    "StepData",
    "steps",
]
