"""The static JupyterLite site (``make site``) in Chromium, as a newcomer with no network meets it.

Only the site's own server on localhost is reachable: every other request is refused and recorded, and
the tests assert that none was even attempted and that the site had every file asked of it. The site's
root must open tutorial 1 with its saved pictures showing before anything runs; tutorial 1 then runs
through in Pyodide and a move is played by clicking, checked in the kernel as well as in the page. The
clicks also cross the bridge between Pyodide and the page both ways: a state holding None (no tile
chosen, no error) must draw as it does in JupyterLab, and deselecting a tile (the page's null) must
reach Python as None. Every other tutorial that can run in Pyodide then runs, each in its own kernel.
Last, in tutorial 1's kernel, the Review of a long game: it shows its progress, stops at its Cancel and
when the game changes, and is helped by a second Pyodide whose rows are the kernel's.

The tests follow one visitor, in the order written: each starts where the one before left the tab (a
new visitor's page and Pyodide took 8–20 s to start on the 2-core machine, busy or quiet; a new kernel in
the same tab 4–5 s, quiet).
The site's other visitors (the root's choice of language, a Russian visitor, a pupil who reloads, the
notice while the kernel starts) are tests/browser/test_site_visitors.py, so that two workers share the
site's tests; the site and its visitors' tabs are fixtures of tests/browser/conftest.py.

``make site`` rebuilds only when the site's inputs changed: about 40 s from nothing, 10–20 s after a
change, nothing when they are unchanged. ``make test`` builds it beside pip's install, before the tests;
run alone, these tests build it in their first fixture (once a run: a second worker waits for it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from .conftest import FAILED_KEY, _save_artifacts
from .lab import (
    DEADLINE,
    KernelError,
    execute_python,
    expect,
    kernel_json,
    run_all_cells,
    show_cells,
    wait_for_python,
)
from .lite import (
    FIRST_NOTEBOOK,
    NOT_IN_PYODIDE,
    PICTURES_JS,
    StaticSite,
    Visit,
    _wait_for_document,
    close_document,
    open_document,
    open_site,
    visitor,
    wait_for_kernel,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator

pytestmark = pytest.mark.first


@pytest.fixture(scope="module")
def visit(browser: Browser, site: StaticSite) -> Iterator[Visit]:
    """A visitor whose browser speaks English, with the site's root opened."""
    with visitor(browser, site, "en-US") as state:
        open_site(state.page, site.url + "/")
        yield state


@pytest.fixture
def tab(visit: Visit, request: pytest.FixtureRequest) -> Iterator[Visit]:
    """The module's tab for one test; a failing test leaves a screenshot and the console in
    tests/artifacts."""
    yield visit
    if request.node.stash.get(FAILED_KEY, False):
        _save_artifacts(request.node.nodeid, visit.page, visit.console + visit.errors)


@pytest.mark.notebook
def test_the_site_opens_tutorial_1_offline_shows_its_pictures_and_plays_a_move(
    tab: Visit, site: StaticSite
) -> None:
    page = tab.page  # the fixture opened the site's root: tutorial 1 is the open document

    # Before anything runs, every saved picture shows: the board pictures (HTML) and the widget's, which
    # is SVG only and shows only because the site trusts the tutorials' cells.
    shown = page.evaluate(PICTURES_JS)
    assert len(shown) >= 5, shown
    assert [s for s in shown if s["width"] == 0] == [], "saved pictures that do not show"
    assert any("jp-RenderedSVG" in s["output"] for s in shown), "the widget's saved picture (SVG)"

    wait_for_kernel(page)
    run_all_cells(page, timeout=240)

    # The live widget replaced its picture. A None in the state (no tile chosen, no error) draws as
    # in JupyterLab: no cell lit before a tile is chosen, no "undefined" anywhere.
    # Two widgets: the guided game (at its first step, its nulls read as in JupyterLab), then the game
    # against the bot, which this test plays.
    roots = page.locator(".nl-root")
    root = roots.nth(1)
    expect(root.locator(".nl-takeable")).to_have_count(3)
    assert roots.count() == 2
    expect(roots.nth(0).locator("[data-tutorial-step]")).to_have_attribute("data-tutorial-step", "1")
    assert "undefined" not in roots.nth(0).inner_text()
    assert root.locator(".nl-legal").count() == 0
    assert "undefined" not in root.inner_text()
    assert execute_python(page, "widget.game.turn") == "0"
    choice = execute_python(page, "widget.game.choices()[0]")
    tile_id = execute_python(page, "print(widget.game.wheel[widget.game.choices()[0]].id, end='')")
    space = root.locator(f'[data-space="{choice}"]')

    # Choose a tile, then take the choice back: the page's null must reach Python as None.
    space.click()
    wait_for_python(page, f"widget.selected == {choice}")
    expect(root.locator('.nl-legal[data-player="0"]').first).to_be_visible()
    space.click()
    wait_for_python(page, "widget.selected is None")
    assert execute_python(page, "print(widget.last_error)") == "None\n"
    expect(root.locator(".nl-legal")).to_have_count(0)

    # Choose it again, look at a lit cell (the hint names tile and cell), and place the tile there.
    space.click()
    wait_for_python(page, f"widget.selected == {choice}")
    legal = root.locator('.nl-legal[data-player="0"]').first
    legal.hover()
    assert "undefined" not in root.inner_text()
    cell = legal.get_attribute("data-cell")
    assert cell is not None
    legal.click()

    # Python: the engine placed that tile there, and the bot seat answered.
    wait_for_python(page, "widget.game.turn >= 2")
    placed = execute_python(page, f"print(widget.game.players[0].board[({cell})].id, end='')")
    assert placed == tile_id
    assert execute_python(page, "widget.last_error is None") == "True"
    version = execute_python(page, "widget.version")
    expect(root).to_have_attribute("data-version", version)
    assert "undefined" not in root.inner_text()

    assert tab.outside == [], "requests for anything but the site"
    assert site.missing == [], "files the site lacks"
    assert tab.errors == [], "errors in the page"


def test_the_site_draws_every_cell_so_a_tutorials_links_reach_their_heading(tab: Visit) -> None:
    """As under `make lab` and on Binder (binder/lab-settings): JupyterLab's virtual scrolling, its default,
    lands tutorial 1's link to the guided game past its heading (tests/browser/test_tutorial_link.py)."""
    notebook = "window.jupyterapp.shell.currentWidget.content"
    mode = tab.page.evaluate(f"() => {notebook}.notebookConfig.windowingMode")
    assert mode == "none"


@pytest.mark.notebook
def test_every_other_tutorial_that_pyodide_can_run_runs_in_the_site(tab: Visit, site: StaticSite) -> None:
    page = tab.page
    notebooks = sorted(p.name for p in (site.root / "files").glob("*.ipynb"))
    assert FIRST_NOTEBOOK in notebooks and NOT_IN_PYODIDE.keys() <= set(notebooks)
    failures = []
    for notebook in notebooks:
        if notebook == FIRST_NOTEBOOK or notebook in NOT_IN_PYODIDE:
            continue
        open_document(page, notebook)
        try:
            run_all_cells(page, timeout=240)
        except KernelError as error:
            failures.append(f"{notebook}: {error}")
        close_document(page)
    assert failures == []
    assert tab.outside == [], "requests for anything but the site"
    assert site.missing == [], "files the site lacks"
    assert tab.errors == [], "errors in the page"


# The longest two-player game (random moves until the tiles run out, as bench/coach.py reviews), and
# every value the Review panel takes from now on, kept in the kernel.
LONGEST_GAME = """
from novaluna_widget import Game, NovaLunaWidget
from novaluna_widget.bots import RandomBot, play_game
longest = NovaLunaWidget(play_game(Game(2, seed=0), [RandomBot(seed=1), RandomBot(seed=2)]))
panels = []
longest.observe(lambda change: panels.append(change["new"]), "review_panel")
longest
"""

# A spy on the review's helper (novaluna_widget/_browser_review.py) in the kernel: which rows it gave and the
# helpers started, from now on (the methods it wraps are kept aside once, so that the next test's spy does
# not wrap this one's).
HELPER_SPY = """
from novaluna_widget import _browser_review, coach
from novaluna_widget._coach_view import past, review_row

Helper = _browser_review.Helper
if "_unspied" not in vars(Helper):
    Helper._unspied = (Helper.take, Helper.start.__func__)
_take, _start = Helper._unspied
helped, helpers = [], []

def _spied_take(self, index):
    row = _take(self, index)
    if row is not None:
        helped.append(index)
    return row

def _spied_start(cls, *args):
    helpers.append(_start(cls, *args))
    return helpers[-1]

Helper.take = _spied_take
Helper.start = classmethod(_spied_start)
"""
# The rows of the same review made by the kernel alone (a plain call holds the kernel, so it is never
# helped), worded as the panel words them, largest loss first.
ALONE = """
alone = list(coach.reviewing(longest.game, lang=longest.lang))
expected = sorted(
    (review_row(past(longest.game, k), k, row, longest.lang) for k, row in enumerate(alone)),
    key=lambda row: (-row["loss"], row["index"]),
)
"""


@pytest.fixture
def longest(tab: Visit) -> Iterator[tuple[Visit, Locator]]:
    """The tab with tutorial 1 as the open document again (the tests above ran it, then opened and closed
    the others), its cells replaced by :data:`LONGEST_GAME` and the spy, run in its kernel; and the widget's
    view."""
    _wait_for_document(tab.page, FIRST_NOTEBOOK, timeout=60)
    root = show_cells(tab.page, LONGEST_GAME)
    execute_python(tab.page, HELPER_SPY)
    yield tab, root


def test_the_review_in_the_site_shows_its_progress_and_a_change_of_the_game_cancels_it(
    longest: tuple[Visit, Locator],
) -> None:
    """Pyodide has no threads: the page's Review runs a row at a time between the kernel's messages, so
    the panel's progress moves, the kernel answers meanwhile, and an Undo on the page (another history)
    stops the work and closes the panel, as in JupyterLab (issue 38.2)."""
    state, root = longest
    page = state.page
    total = kernel_json(page, "len(longest.game.history)")
    root.locator('button[data-action="review"]').click()
    progress = root.locator(".nl-review-progress progress")
    expect(progress).to_have_attribute("value", re.compile(r"^[1-9]"), timeout=DEADLINE * 1000)
    # The kernel answers while the review is under way: it is not done yet.
    working = kernel_json(page, "longest.review_panel")
    assert working["status"] == "working" and 0 < working["done"] < total, working
    root.locator('button[data-action="undo"]').click()
    expect(root.locator(".nl-review")).to_have_count(0)
    wait_for_python(page, "not __import__('novaluna_widget.widget').widget._SLICING")  # it stopped
    panels = kernel_json(page, "panels")
    assert panels[-1] == {} and all(panel.get("status") != "ready" for panel in panels), panels
    assert max(panel.get("done", 0) for panel in panels) < total
    # The review's helper (a second Pyodide in a Web Worker) was started, and ended with the review.
    assert kernel_json(page, "[h is not None and h._worker is None for h in helpers]") == [True]
    assert state.outside == [] and state.errors == []


def test_cancel_stops_the_review_in_the_site_and_review_starts_afresh(longest: tuple[Visit, Locator]) -> None:
    """The Review panel's Cancel, as in Lab (issue 38.2): the page's Cancel reaches Python while the review
    works between the kernel's messages, the work stops there, and the panel closes; Review then starts a
    review afresh."""
    state, root = longest
    page = state.page
    total = kernel_json(page, "len(longest.game.history)")
    review = root.locator('button[data-action="review"]')
    review.click()
    progress = root.locator(".nl-review-progress progress")
    expect(progress).to_have_attribute("value", re.compile(r"^[1-9]"), timeout=DEADLINE * 1000)
    root.get_by_role("button", name="Cancel the review").click()
    expect(root.locator(".nl-review")).to_have_count(0)
    expect(root.locator(".nl-said")).to_have_text("Review cancelled.")
    expect(review).to_be_focused()
    # The kernel answers, and no row follows the cancel however often it lets the event loop run.
    panels = kernel_json(page, "panels")
    assert panels[-1] == {} and max(panel.get("done", 0) for panel in panels) < total, panels
    for _ in range(5):
        assert kernel_json(page, "[len(panels), longest.review_panel, longest.last_error]") == [
            len(panels),
            {},
            None,
        ]
    # Review again: from the first action, with the progress shown and a Cancel that works again.
    review.click()
    expect(progress).to_have_attribute("value", re.compile(r"^[1-9]"), timeout=DEADLINE * 1000)
    again = kernel_json(page, "panels")[len(panels)]
    assert again == {"status": "working", "done": 0, "total": total}
    root.get_by_role("button", name="Cancel the review").click()
    expect(root.locator(".nl-review")).to_have_count(0)
    assert kernel_json(page, "longest.review_panel") == {}
    # Each review had its helper, ended with it.
    assert kernel_json(page, "[h is not None and h._worker is None for h in helpers]") == [True, True]
    assert state.outside == [] and state.errors == []


def test_a_long_review_in_the_site_is_helped_by_a_second_pyodide_and_its_rows_are_the_kernels(
    longest: tuple[Visit, Locator],
) -> None:
    """Pyodide has one thread: the page's Review of a long game starts a second Pyodide in a Web Worker,
    from the site's own files, which reviews from the game's end while the kernel reviews from its start
    (issue 38.2). The panel's rows are exactly those the kernel makes alone, some of them the helper's, and
    the helper's worker is ended once the review is done."""
    state, root = longest
    page = state.page
    root.locator('button[data-action="review"]').click()
    wait_for_python(page, "longest.review_panel.get('status') == 'ready'", timeout=600)
    execute_python(page, ALONE, timeout=600)
    assert kernel_json(page, "longest.review_panel['rows'] == expected")
    total = kernel_json(page, "len(longest.game.history)")
    assert kernel_json(page, "len(expected)") == total
    # The helper gave rows from the end of the game, and stopped: no failure, its worker ended.
    # (The second start is the kernel's review alone: a plain call in a cell is never helped.)
    assert kernel_json(
        page, "[(h is not None, h and h.failure, h is None or h._worker is None) for h in helpers]"
    ) == [
        [True, None, True],
        [False, None, True],
    ]
    helped = kernel_json(page, "sorted(helped)")
    assert helped and helped == list(range(total - len(helped), total)), helped
    assert state.outside == [] and state.errors == []
