"""The guided game played: ``Guide`` shows one step at a time, checks each click from the page against
the one the step waits for (a friendly sentence for any other), and plays it on its own game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeGuard

from .._board import neighbours
from .._errors import IllegalMove
from .._game import Game, Move
from .._i18n import Message, cell_words, msg, resolve, sentences
from .data import (
    Awaited,
    GuideState,
    Step,
    StepClick,
)
from .script import deal, named_in, steps, written_steps

__all__ = ["Guide"]

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
        self._script = written_steps()
        #: Every step, worded in ``lang``.
        self.steps = steps(self._lang)
        self.game = deal(self._lang)
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
        self.game = named_in(self.game, self._lang)

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
    def click(self) -> StepClick[str] | None:
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
        return refusal if corner is None else sentences(corner, refusal)

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


def _apply(game: Game, click: StepClick[str]) -> None:
    """Play a click on the game: a take or the refill changes it; choosing a tile or Next does not."""
    if click.action == "take":
        assert click.space is not None and click.cell is not None
        game.play(Move(click.space, click.cell))
    elif click.action == "refill":
        game.play("refill")
