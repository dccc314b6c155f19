"""The static JupyterLite site (``make site``) in Chromium, as a newcomer with no network meets it.

Only the site's own server on localhost is reachable: every other request is refused and recorded, and
the tests assert that none was even attempted and that the site had every file asked of it. The site's
root must open tutorial 1 with its saved pictures showing before anything runs; tutorial 1 then runs
through in Pyodide and a move is played by clicking, checked in the kernel as well as in the page. The
clicks also cross the bridge between Pyodide and the page both ways: a state holding None (no tile
chosen, no error) must draw as it does in JupyterLab, and deselecting a tile (the page's null) must
reach Python as None. Every other tutorial that can run in Pyodide then runs, each in its own kernel.
A review in the site shows its progress and stops when the game changes, and the page says so while the
kernel starts.

The site's other visitors (the root's choice of language, a Russian visitor, a pupil who reloads) are
tests/browser/test_site_visitors.py, so that two workers share the site's tests; the site and its
visitors' tabs are fixtures of tests/browser/conftest.py.

``make site`` rebuilds only when the site's inputs changed: about 40 s from nothing, 10–20 s after a
change, nothing when they are unchanged (the site is built once a run, by whichever of the two files
starts first; the other waits for it). Pyodide starts a kernel in 12–30 s on a 2-core machine (more when
the machine is busy), so each file takes 1.5–3 minutes.
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
    TUTORIAL_1,
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
    from playwright.sync_api import Browser

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


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


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


def test_the_review_in_the_site_shows_its_progress_and_a_change_of_the_game_cancels_it(
    english_tab: Visit, site: StaticSite
) -> None:
    """Pyodide has no threads: the page's Review runs a row at a time between the kernel's messages, so
    the panel's progress moves, the kernel answers meanwhile, and an Undo on the page (another history)
    stops the work and closes the panel, as in JupyterLab (issue 38.2)."""
    state = english_tab
    page = state.page
    open_site(page, site.url + "/")
    wait_for_kernel(page)
    root = show_cells(page, LONGEST_GAME)
    total = kernel_json(page, "len(longest.game.history)")
    execute_python(page, HELPER_SPY)
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


# A spy on the review's helper (novaluna_widget/_browser_review.py) in the kernel: which rows it gave, the
# helpers started, and the rows of the same review made by the kernel alone (a plain call holds the kernel,
# so it is never helped), worded as the panel words them, largest loss first.
HELPER_SPY = """
from novaluna_widget import _browser_review, coach
from novaluna_widget._coach_view import past, review_row

helped, helpers = [], []
_take, _start = _browser_review.Helper.take, _browser_review.Helper.start.__func__

def _spied_take(self, index):
    row = _take(self, index)
    if row is not None:
        helped.append(index)
    return row

def _spied_start(cls, *args):
    helpers.append(_start(cls, *args))
    return helpers[-1]

_browser_review.Helper.take = _spied_take
_browser_review.Helper.start = classmethod(_spied_start)
"""
ALONE = """
alone = list(coach.reviewing(longest.game, lang=longest.lang))
expected = sorted(
    (review_row(past(longest.game, k), k, row, longest.lang) for k, row in enumerate(alone)),
    key=lambda row: (-row["loss"], row["index"]),
)
"""


def test_a_long_review_in_the_site_is_helped_by_a_second_pyodide_and_its_rows_are_the_kernels(
    english_tab: Visit, site: StaticSite
) -> None:
    """Pyodide has one thread: the page's Review of a long game starts a second Pyodide in a Web Worker,
    from the site's own files, which reviews from the game's end while the kernel reviews from its start
    (issue 38.2). The panel's rows are exactly those the kernel makes alone, some of them the helper's, and
    the helper's worker is ended once the review is done."""
    state = english_tab
    page = state.page
    open_site(page, site.url + "/")
    wait_for_kernel(page)
    root = show_cells(page, LONGEST_GAME)
    execute_python(page, HELPER_SPY)
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


def test_the_site_says_the_python_kernel_is_starting_in_the_tutorials_language_until_it_is_idle(
    english_tab: Visit, site: StaticSite
) -> None:
    """For seconds after the page opens nothing moves while Pyodide starts: the page says so, in the open
    tutorial's language and direction (Persian here), and the notice goes once the kernel is idle."""
    from novaluna_widget._site import KERNEL_STARTING

    state = english_tab
    page = state.page
    page.goto(site.url + "/?lang=fa")
    page.wait_for_url("**/lab/index.html?path=fa/*")
    notice = page.locator("#nl-kernel-starting")
    expect(notice).to_have_text(KERNEL_STARTING.in_language("fa"))
    expect(notice).to_be_visible()
    assert notice.get_attribute("dir") == "rtl" and notice.get_attribute("lang") == "fa"
    page.wait_for_function("() => window.jupyterapp !== undefined")
    _wait_for_document(page, TUTORIAL_1["fa"], timeout=60)
    wait_for_kernel(page)
    expect(notice).to_have_count(0)
    assert state.outside == [] and state.errors == []
