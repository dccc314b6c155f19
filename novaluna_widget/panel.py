"""The Review panel: the coach's rows for a game's history, worked out once per history and language, and
sent to the page by a callback (the widget's ``review_panel`` trait). No anywidget, traitlets or IPython.

Every mode but the guided game shows the panel, so it is neither's: the table holds it, the modes ask it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import coach
from .coaching import past, review_row
from .contract import ReviewPanel as ReviewPanelData
from .errors import IllegalMove
from .game import Action, Game
from .i18n import msg

__all__ = ["ReviewPanel", "Send"]

#: How the panel reaches the page: ``{}`` (no review), ``working`` with the actions done, ``ready`` with
#: the rows (see ``NovaLunaWidget.review_panel``).
Send = Callable[[ReviewPanelData], None]


class ReviewPanel:
    """The review of one history: its rows by the language their comments are worded in and the reader they
    tell about as "you", each kept only once complete; ``send`` shows the panel."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self._reviewed: (
            tuple[tuple[Action, ...], dict[tuple[str, int | None], list[dict[str, Any]]]] | None
        ) = None

    def rows(self, game: Game, lang: str, reader: int | None, progress: bool) -> list[dict[str, Any]]:
        """The coach's rows for ``game``'s history, their comments in ``lang`` about ``reader`` as "you",
        worked out unless they were for this history, language and reader; shown in the panel.
        ``progress``: a tqdm bar as well."""
        reviewed = self._reviewed
        if reviewed is None or reviewed[0] != game.history:
            reviewed = (game.history, {})
        key = (lang, reader)
        if key not in reviewed[1]:
            from tqdm.auto import tqdm

            total = len(game.history)
            rows: list[dict[str, Any]] = []
            self._send({"status": "working", "done": 0, "total": total})
            reviewing = coach.reviewing(game, lang=lang, reader=reader)
            unit = coach.PROGRESS_UNIT.in_language(lang)
            for row in tqdm(reviewing, total=total, unit=unit, disable=not progress):
                rows.append(row)
                self._send({"status": "working", "done": len(rows), "total": total})
            reviewed[1][key] = rows  # kept only once complete
        self._reviewed = reviewed
        self._show(game, key)
        return reviewed[1][key]

    def _show(self, game: Game, key: tuple[str, int | None]) -> None:
        assert self._reviewed is not None
        rows = self._reviewed[1][key]
        lang = key[0]
        shown = [review_row(past(game, k), k, row, lang) for k, row in enumerate(rows)]
        shown.sort(key=lambda r: (-r["loss"], r["index"]))
        self._send({"status": "ready", "unit": game.score_unit, "rows": shown, "total": len(rows)})

    def row(self, game: Game, index: int) -> Mapping[str, Any]:
        """The reviewed action ``index`` of ``game``'s history (its moves: played and suggested), for the
        panel's row to open; ``IllegalMove`` if there is no review of this history or no such action."""
        reviewed = self._reviewed
        if reviewed is None or reviewed[0] != game.history or not reviewed[1]:
            raise IllegalMove(msg("there is no review to open yet: press Review once the game is over"))
        if not 0 <= index < len(reviewed[0]):
            last = len(reviewed[0]) - 1
            raise IllegalMove(
                msg("the review has no action {row}: actions run from 0 to {last}", row=index, last=last)
            )
        return next(iter(reviewed[1].values()))[index]  # the moves, in any language

    def follow(self, game: Game) -> None:
        """The game changed: a review of another history is dropped, and the panel closes."""
        if self._reviewed is not None and self._reviewed[0] != game.history:
            self._reviewed = None
            self._send({})

    def reword(self, game: Game, lang: str, reader: int | None) -> None:
        """Show the review, if there is one, in ``lang`` (the coach words its comments once per language)."""
        if self._reviewed is not None:
            self.rows(game, lang, reader, progress=False)
