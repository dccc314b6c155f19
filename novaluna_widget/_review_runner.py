"""The Review panel: the coach's rows for a game's history, worked out once per history and language, and
sent to the page by a callback (the widget's ``review_panel`` trait). No anywidget, traitlets or IPython.

Every mode but the guided game shows the panel, so it is neither's: the table holds it, the modes ask it.

The coach takes a while over a long game (some 11 s of CPU for 68 actions, shared by a process a core),
so the page's Review (``start``) hands ``run`` a ``Job``, which the widget runs in a thread of its own, or,
where there are no threads (Pyodide, in the in-browser site), a row at a time between the kernel's other
messages (``Job.steps``): the kernel stays free, the panel shows the progress as the rows arrive, and the
panel's Cancel (``cancel``) or a change of the game's history cancels the work (the panel closes, as it
does for a finished review of another history). Python's ``widget.review()`` (``rows``) works it out there
and then and returns the rows.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

from . import coach
from ._board import whole_number
from ._coach_view import past, review_row
from ._contract import ReviewPanel as ReviewPanelData
from ._contract import ReviewReady
from ._errors import IllegalMove, quote
from ._game import Action, Game
from ._i18n import msg

__all__ = ["Job", "ReviewRunner", "Run", "Send", "at_once"]

#: How the panel reaches the page: ``{}`` (no review), ``working`` with the actions done, ``ready`` with
#: the rows (see ``NovaLunaWidget.review_panel``).
Send = Callable[[ReviewPanelData], None]


class Job:
    """The page's review, as ``run`` is handed it: calling it does all of it; ``steps()`` does it a row at a
    time, one a step, for a runner with no threads to yield to its event loop between them."""

    def __init__(self, steps: Callable[[], Iterator[None]]) -> None:
        self.steps = steps

    def __call__(self) -> None:
        for _ in self.steps():
            pass


#: Why the panel's Cancel is refused when no review is under way.
_NOTHING_TO_CANCEL: Final = msg(
    "there is no review under way to cancel: Cancel stops a review while its panel shows the progress"
)
#: How the page's review is worked out: ``run(job)`` calls ``job()`` (or steps through ``job.steps()``),
#: and may return before it is done.
Run = Callable[[Job], None]
#: What a review's comments are worded for: the language and the reader.
_Key = tuple[str, int | None]
_Rows = list[dict[str, Any]]


def at_once(job: Job) -> None:
    """Do ``job`` there and then: the controller's default, without a widget."""
    job()


class _Work:
    """One review being worked out: of ``history``, worded for ``key``; ``cancelled`` once it is of no use
    any more, ``finished`` once it stopped (complete, cancelled or failed)."""

    def __init__(self, history: tuple[Action, ...], key: _Key) -> None:
        self.history = history
        self.key = key
        self.cancelled = threading.Event()
        self.finished = threading.Event()


class ReviewRunner:
    """The review of one history: its rows by the language their comments are worded in and the reader they
    tell about as "you", each kept only once complete; ``send`` shows the panel, ``run`` works out the
    page's review, and ``log`` hears what goes wrong there. Thread-safe: the page's review sends its
    progress from ``run``'s thread."""

    def __init__(self, send: Send, run: Run = at_once, log: logging.Logger | None = None) -> None:
        self._send = send
        self._run = run
        self._log = log or logging.getLogger(__name__)
        # The review, the work in hand and what is sent, one thread at a time (re-entrant: ``send`` may
        # call back in, on the same thread).
        self._lock = threading.RLock()
        self._reviewed: tuple[tuple[Action, ...], dict[_Key, _Rows]] | None = None
        self._work: _Work | None = None

    def rows(self, game: Game, lang: str, reader: int | None, progress: bool) -> _Rows:
        """The coach's rows for ``game``'s history, their comments in ``lang`` about ``reader`` as "you",
        worked out here unless they were for this history, language and reader (or, while the page's review
        of them is under way, once it is done); shown in the panel. ``progress``: a tqdm bar as well."""
        key = (lang, reader)
        while (found := self._begin(game.history, key)) is not None:
            work, fresh = found
            if fresh:
                for _ in self._do(work, game, progress):
                    pass
            else:
                work.finished.wait()
        return self._show(game, key)

    def start(self, game: Game, lang: str, reader: int | None) -> None:
        """The page's Review: the rows as ``rows`` gives them, worked out by ``run`` on a copy of ``game``
        (the page may change the game meanwhile), the progress in the panel as they arrive."""
        key = (lang, reader)
        found = self._begin(game.history, key)
        if found is None:
            self._show(game, key)
        elif found[1]:
            work, copy = found[0], game.copy()
            self._run(Job(lambda: self._in_background(work, copy)))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the review under way (if any) stopped: False if ``timeout`` seconds passed first."""
        with self._lock:
            work = self._work
        return work is None or work.finished.wait(timeout)

    def stop(self) -> None:
        """Cancel the review under way, if any (the widget is closed)."""
        with self._lock:
            self._cancel()

    def cancel(self) -> None:
        """The panel's Cancel: stop the page's review under way, whose work ends after the row in hand,
        and close the panel (Review starts afresh). ``IllegalMove`` if no review is under way (done
        already, or never asked for): nothing changes."""
        with self._lock:
            if self._work is None:
                raise IllegalMove(_NOTHING_TO_CANCEL)
            self._cancel()
            self._send({})

    def _begin(self, history: tuple[Action, ...], key: _Key) -> tuple[_Work, bool] | None:
        """None if the rows of ``history`` for ``key`` are complete; else the work on them and whether it is
        new (to be done by the caller) or under way already. Work on anything else is cancelled."""
        with self._lock:
            reviewed = self._reviewed
            if reviewed is not None and reviewed[0] == history and key in reviewed[1]:
                return None
            work = self._work
            if work is not None and (work.history, work.key) == (history, key):
                return work, False
            self._cancel()
            self._work = work = _Work(history, key)
            self._send({"status": "working", "done": 0, "total": len(history)})
            return work, True

    def _do(self, work: _Work, game: Game, progress: bool) -> Iterator[None]:
        """Work out the rows of ``game`` (whose history is ``work``'s), a step a row, sending the progress,
        and keep and show them unless the work was cancelled meanwhile."""
        lang, reader = work.key
        total = len(work.history)
        rows: _Rows = []
        try:
            reviewing: Iterable[dict[str, Any]] = coach.reviewing(game, lang=lang, reader=reader)
            if progress:  # tqdm only then: the in-browser site has none
                from tqdm.auto import tqdm

                unit = coach.PROGRESS_UNIT.in_language(lang)
                reviewing = tqdm(reviewing, total=total, unit=unit)
            for row in reviewing:
                rows.append(row)
                with self._lock:
                    if work.cancelled.is_set():
                        return
                    self._send({"status": "working", "done": len(rows), "total": total})
                yield
            ready = _ready(game, lang, rows)  # out of the lock: each position is rebuilt
            with self._lock:
                if work.cancelled.is_set():
                    return
                if self._reviewed is None or self._reviewed[0] != work.history:
                    self._reviewed = (work.history, {})
                self._reviewed[1][work.key] = rows  # kept only once complete
                self._send(ready)
        finally:
            with self._lock:
                if self._work is work:
                    self._work = None
            work.finished.set()

    def _in_background(self, work: _Work, game: Game) -> Iterator[None]:
        try:
            yield from self._do(work, game, progress=False)
        except Exception:  # a bug: in the log, and the panel closes rather than show progress for ever
            self._log.exception("the Review of %d actions failed", len(work.history))
            with self._lock:
                if not work.cancelled.is_set():
                    self._send({})

    def _cancel(self) -> None:
        if self._work is not None:
            self._work.cancelled.set()
            self._work = None

    def _show(self, game: Game, key: _Key) -> _Rows:
        """Show the complete rows of ``game``'s history for ``key``, and return them."""
        with self._lock:
            assert self._reviewed is not None
            rows = self._reviewed[1][key]
            self._send(_ready(game, key[0], rows))
            return rows

    def row(self, game: Game, index: object) -> tuple[int, Mapping[str, Any]]:
        """The reviewed action ``index`` of ``game``'s history (numpy integers too) and its row (its moves:
        played and suggested), for the panel's row to open; ``IllegalMove`` if there is no review of this
        history or no such action."""
        with self._lock:
            reviewed = self._reviewed
            if reviewed is None or reviewed[0] != game.history or not reviewed[1]:
                raise IllegalMove(msg("there is no review to open yet: press Review once the game is over"))
            number = whole_number(index)
            if number is None or not 0 <= number < len(reviewed[0]):
                last = len(reviewed[0]) - 1
                row = quote(index) if number is None else number
                raise IllegalMove(
                    msg("the review has no action {row}: actions run from 0 to {last}", row=row, last=last)
                )
            return number, next(iter(reviewed[1].values()))[number]  # the moves, in any language

    def follow(self, game: Game) -> None:
        """The game changed: a review of another history, complete or under way, is dropped, and the panel
        closes."""
        with self._lock:
            dropped = self._work is not None and self._work.history != game.history
            if dropped:
                self._cancel()
            if self._reviewed is not None and self._reviewed[0] != game.history:
                self._reviewed = None
                dropped = True
            if dropped:
                self._send({})

    def reword(self, game: Game, lang: str, reader: int | None, *, background: bool) -> None:
        """Show the review, if there is one (or one under way), in ``lang``: the coach words its comments once
        per language, by ``run`` if ``background`` (as the page's Review), else here."""
        with self._lock:
            shown = self._reviewed is not None or self._work is not None
        if shown and background:
            self.start(game, lang, reader)
        elif shown:
            self.rows(game, lang, reader, progress=False)


def _ready(game: Game, lang: str, rows: _Rows) -> ReviewReady:
    """The panel of complete ``rows`` of ``game``'s history, largest loss first."""
    shown = [review_row(past(game, k), k, row, lang) for k, row in enumerate(rows)]
    shown.sort(key=lambda r: (-r["loss"], r["index"]))
    return {"status": "ready", "unit": game.score_unit, "rows": shown, "total": len(rows)}
