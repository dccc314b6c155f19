"""The Review panel's Cancel (issue 38): while the panel shows a review under way, the page's
``cancel_review`` stops the coach's work (after the row in hand), the panel closes, and Review starts
afresh; with no review under way the intent is refused with a sentence and nothing changes. Each runner
the widget uses is tried: the controller's ``run`` handed the job (stepped by the test), a thread of its
own (JupyterLab's kernel), and slices on an event loop (Pyodide's, in the in-browser site).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from novaluna_widget import Game, NovaLunaWidget, coach
from novaluna_widget._errors import BadIntent
from novaluna_widget._modes import History, Playing, Reviewing
from novaluna_widget._protocol import parse_intent
from novaluna_widget._review_runner import Job
from novaluna_widget.widget import _in_slices

from .conftest import RunLoop
from .test_controller import controller, intent, quick_reviewing
from .test_protocol import played_out
from .test_widget import intent as page_intent
from .test_widget import nothing_swallowed  # noqa: F401  (an autouse fixture)

NOTHING = "there is no review under way to cancel: Cancel stops a review while its panel shows the progress"


def finished(seed: int = 11) -> Game:
    return played_out(Game(["You", "Bo"], seed=seed), 400)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach with a tenth of its work per position: a whole review in about a second."""
    monkeypatch.setattr(coach, "reviewing", quick_reviewing)


def test_cancel_stops_the_work_closes_the_panel_and_review_starts_afresh():
    later: list[Job] = []  # the work ``run`` was handed, stepped by the test
    c, page = controller(finished(), run=later.append)
    n, version, answered = len(c.game.history), c.version, page.states[-1]["answered"]
    intent(c, "review")
    steps = later.pop().steps()
    for _ in range(3):
        next(steps)
    assert page.panels[-1] == {"status": "working", "done": 3, "total": n}
    intent(c, "cancel_review")
    assert c.last_error is None and page.panels[-1] == {}
    assert c.review_done(timeout=0)  # nothing under way: widget.review_done() returns at once
    # The work ends at the next step, having sent nothing more.
    sent = len(page.panels)
    assert list(steps) == [] and len(page.panels) == sent
    # The game and its picture are as they were: only the intent was answered.
    assert c.version == version and page.states[-1]["answered"] == answered + 2
    # Review again: worked out from the first action, not resumed, and shown whole.
    intent(c, "review")
    assert page.panels[-1] == {"status": "working", "done": 0, "total": n}
    later.pop()()
    assert page.panels[-1]["status"] == "ready" and len(page.panels[-1]["rows"]) == n


def test_cancel_stops_a_review_worded_again_in_another_language():
    """The language menu has a review worded again by the same runner: its Cancel stops that work too."""
    later: list[Job] = []
    c, page = controller(finished(), run=later.append)
    intent(c, "review")
    english = later.pop().steps()
    next(english)
    intent(c, "language", lang="ru")  # the English work gives way to the Russian
    assert list(english) == [] and page.panels[-1]["done"] == 0
    russian = later.pop().steps()
    next(russian)
    intent(c, "cancel_review")
    assert c.last_error is None and page.panels[-1] == {} and list(russian) == []
    intent(c, "cancel_review")  # nothing under way any more: refused, in the widget's language now
    assert c.last_error is not None and c.last_error.startswith("сейчас не идёт никакого разбора")


def test_cancel_with_a_review_row_open_closes_the_row_with_its_panel():
    """A row open, the language changed (the review worded again, under way), then Cancel: the panel and
    the row it explained close together, and the position now is on show."""
    later: list[Job] = []
    c, page = controller(finished(), run=later.append)
    intent(c, "review")
    later.pop()()
    intent(c, "open", row=4)
    assert isinstance(c.mode, Reviewing) and page.states[-1]["view"]["compare"] is not None
    intent(c, "language", lang="ja")
    assert page.panels[-1]["status"] == "working" and isinstance(c.mode, Reviewing)
    intent(c, "cancel_review")
    assert c.last_error is None and page.panels[-1] == {} and isinstance(c.mode, Playing)
    assert page.states[-1]["view"]["compare"] is None and page.states[-1]["view"]["now"]
    assert list(later.pop().steps()) == []


@pytest.mark.parametrize("when", ["never asked", "done"])
def test_a_cancel_with_no_review_under_way_is_refused_and_changes_nothing(when):
    c, page = controller(finished())
    if when == "done":
        intent(c, "review")  # worked out there and then (the controller's default ``run``)
    panels, version = list(page.panels), c.version
    intent(c, "cancel_review")
    assert c.last_error == NOTHING
    assert page.panels == panels and c.version == version
    if when == "done":
        assert panels[-1]["status"] == "ready"


def test_cancel_works_over_an_earlier_position_and_keeps_it_on_show():
    later: list[Job] = []
    c, page = controller(finished(), run=later.append)
    intent(c, "show", turn=5)
    intent(c, "review")
    job = later.pop()
    intent(c, "cancel_review")
    assert c.last_error is None and page.panels[-1] == {}
    assert isinstance(c.mode, History) and page.states[-1]["view"]["turn"] == 5
    job()  # the cancelled work, run late, does nothing
    assert page.panels[-1] == {}


def test_cancel_is_refused_in_the_guided_game_and_the_puzzles(tmp_path):
    guided = NovaLunaWidget.tutorial()
    page_intent(guided, "cancel_review")  # answered as any click the step does not ask for
    assert guided.state["tutorial"]["refused"] and guided.review_panel == {}
    puzzles = NovaLunaWidget.puzzles(seed=1, kinds=["rules"], path=tmp_path / "progress.json")
    page_intent(puzzles, "cancel_review")
    assert puzzles.last_error is not None and puzzles.review_panel == {}


class Gated:
    """A coach whose rows after the first wait for ``gate``: a review as long as the test wants, counting
    the rows it worked out."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.rows = 0

    def __call__(self, game: Game, **kw: Any) -> Iterator[dict[str, Any]]:
        for k, row in enumerate(quick_reviewing(game, **kw)):
            assert k == 0 or self.gate.wait(60)
            self.rows += 1
            yield row


def review_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "novaluna-review"]


def test_the_widgets_cancel_stops_its_review_thread(monkeypatch):
    gated = Gated()
    monkeypatch.setattr(coach, "reviewing", gated)
    w = NovaLunaWidget(finished())
    seen: list[dict[str, Any]] = []
    w.observe(lambda change: seen.append(change["new"]), "review_panel")
    n = len(w.game.history)
    page_intent(w, "review")  # the review's thread works out one row, then waits for the gate
    assert not w.review_done(timeout=0)
    page_intent(w, "cancel_review")
    assert w.last_error is None and w.review_panel == {} and w.review_done(timeout=0)
    gated.gate.set()
    for thread in review_threads():
        thread.join(timeout=60)
    assert not review_threads()
    assert gated.rows < n and seen[-1] == {}  # it stopped early, and sent nothing once cancelled
    page_intent(w, "review")
    assert w.review_done(timeout=120)
    assert w.review_panel["status"] == "ready" and len(w.review_panel["rows"]) == n


def test_cancel_stops_a_review_in_slices_on_the_event_loop(run_event_loop: RunLoop) -> None:
    """Pyodide's runner: the page's cancel arrives between two slices, and no slice follows."""
    later: list[Job] = []
    c, page = controller(finished(), run=later.append)
    n = len(c.game.history)
    intent(c, "review")
    job = later.pop()

    async def kernel() -> None:
        _in_slices(job)
        (slices,) = asyncio.all_tasks() - {asyncio.current_task()}
        while page.panels[-1].get("done", 0) < 2:  # the kernel's other messages, between slices
            await asyncio.sleep(0)
        intent(c, "cancel_review")
        await asyncio.wait_for(slices, timeout=60)  # the slices end by themselves

    run_event_loop(kernel())
    assert c.last_error is None and page.panels[-1] == {}
    done = [p["done"] for p in page.panels if p.get("status") == "working"]
    assert done == list(range(len(done))) and 2 < len(done) < n  # stopped early, nothing sent after


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"action": "cancel_review"}, "the 'cancel_review' message lacks the version of the picture"),
        ({"action": "cancel_review", "version": 3, "row": 1}, "unexpected field 'row' in a 'cancel_review'"),
        ({"action": "cancel", "version": 3}, "unknown action 'cancel'; actions are"),
    ],
)
def test_a_malformed_cancel_is_refused_with_what_is_wrong(message, error):
    well_formed = {"action": "cancel_review", "version": 3}
    assert parse_intent(dict(well_formed)) == well_formed
    with pytest.raises(BadIntent, match=error) as refused:
        parse_intent(message)
    if message["action"] == "cancel":
        assert "cancel_review" in str(refused.value)


def test_a_malformed_cancel_from_the_page_changes_nothing():
    later: list[Job] = []
    c, page = controller(finished(), run=later.append)
    intent(c, "review")
    c.handle({"action": "cancel_review", "version": c.version, "now": True})
    assert "unexpected field 'now'" in (c.last_error or "")
    assert page.panels[-1]["status"] == "working" and isinstance(c.mode, Playing)
    later.pop()()
    assert page.panels[-1]["status"] == "ready"
