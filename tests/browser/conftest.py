"""Fixtures for the browser tests: one JupyterLab and one Chromium per session, a fresh page per test (or,
in a module marked ``kept_tab``, the session's one tab whose notebook each test fills and runs, set back to
a fresh page's state before each test: opening JupyterLab's page and starting a kernel took about 5 s a
test, and so it did once for each module that kept a tab of its own).
The in-browser site's tests (tests/browser/test_site*.py, in several files so that workers share them)
take the site, built once a run and served once a worker, and its new visitors' tabs from here too.

Every test under tests/browser is marked ``browser`` (deselect with ``-m "not browser"``). Where
Chromium or Playwright is missing these tests fail, saying how to fix it, so a broken setup never
passes as green; ``NOVALUNA_SKIP_BROWSER=1`` skips them instead, on purpose.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .lab import (
    CHROMIUM_PATH,
    DEADLINE,
    LIGHT_THEME,
    VIEWPORT,
    JupyterLab,
    change_theme,
    expand_left,
    launch_chromium,
    open_notebook,
    restart_kernel,
    write_notebook,
)
from .lite import StaticSite, Visit, build_site, visitor

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
ARTIFACTS = REPO / "tests" / "artifacts"
"""Screenshots and console logs of failed tests (git-ignored)."""

SKIP_ENV = "NOVALUNA_SKIP_BROWSER"
FAILED_KEY = pytest.StashKey[bool]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "kept_tab: the marked tests (or a module's) show their widgets with show_cells in the session's one "
        "tab, set back to a fresh page's state before each test (tests/browser/conftest.py)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of this folder ``browser``, and skip them all when asked to."""
    skip = os.environ.get(SKIP_ENV) == "1"
    for item in items:
        if HERE in item.path.resolve().parents:
            item.add_marker(pytest.mark.browser)
            if skip:
                item.add_marker(pytest.mark.skip(reason=f"{SKIP_ENV}=1: browser tests skipped"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Remember whether a test's setup or body failed, for the ``page`` fixture's teardown."""
    report: pytest.TestReport = yield
    if report.failed:
        item.stash[FAILED_KEY] = True
    return report


def _require_browser_tools() -> None:
    """Fail (not skip) with the fix when a tool the browser tests need is missing."""
    problems = []
    if not CHROMIUM_PATH.exists():
        problems.append(f"{CHROMIUM_PATH} is missing: run `bash .ci/install-chromium.sh` as root")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append('the Python package playwright is missing: pip install -e ".[test]"')
    if problems:
        pytest.fail(
            f"browser tests cannot run (set {SKIP_ENV}=1 to skip them): " + "; ".join(problems), pytrace=False
        )


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    """One JupyterLab for the session, serving a temp folder the tests write notebooks into.

    The repo's ``notebooks/`` is copied in as ``notebooks/``, so tests can open the shipped
    notebooks without a run leaving outputs or checkpoints in the work tree.
    """
    root = tmp_path_factory.mktemp("lab-root")
    if (REPO / "notebooks").is_dir():
        shutil.copytree(REPO / "notebooks", root / "notebooks")
    with JupyterLab(root) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Debian Chromium for the session (a page per test keeps tests apart). Playwright's
    ``expect`` waits up to :data:`~.lab.DEADLINE` for its condition (its own default is 5 s)."""
    _require_browser_tools()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=DEADLINE * 1000)

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


def _new_tab(browser: Browser) -> tuple[BrowserContext, Page, list[str]]:
    """A page in a fresh browser context, with :data:`VIEWPORT`, and the list its console is logged to."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(DEADLINE * 1000)  # clicks and locator waits wait for their element so long
    new_page = context.new_page()
    console: list[str] = []

    def record(message: ConsoleMessage) -> None:
        console.append(f"{message.type}: {message.text}")

    new_page.on("console", record)
    new_page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
    return context, new_page, console


@pytest.fixture
def page(browser: Browser, lab: JupyterLab, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser context and page; on failure a screenshot and the console log land in tests/artifacts.

    The user settings (theme...) are reset before and after, and the test's kernels shut down afterwards
    (the kept tab's spared), so no test sees what an earlier one left behind. In a module marked
    ``kept_tab``: the session's :class:`KeptTab` instead, set back to what a fresh page is once a notebook
    is open in it.
    """
    if request.node.get_closest_marker("kept_tab") is not None:
        yield from _kept_page(request.getfixturevalue("kept_tab"), request)
        return
    lab.reset_settings()  # the kept tab's tests save theirs from the page
    context, new_page, console = _new_tab(browser)
    try:
        yield new_page
    finally:
        if request.node.stash.get(FAILED_KEY, False):
            _save_artifacts(request.node.nodeid, new_page, console)
        context.close()
        lab.shutdown_kernels(sparing=KEPT_NOTEBOOK)
        lab.reset_settings()


KEPT_NOTEBOOK = "kept.ipynb"
"""The kept tab's notebook, under the server's root."""


class KeptTab:
    """A tab with one notebook open in JupyterLab, kept from test to test of the modules marked
    ``kept_tab``."""

    def __init__(self, browser: Browser, lab: JupyterLab, notebook: str) -> None:
        self.browser = browser
        self.lab = lab
        self.notebook = notebook
        """Its path under the server's root; written with one empty cell, it is never saved with a test's."""
        self.opened: tuple[BrowserContext, Page, list[str]] | None = None

    def page(self) -> Page:
        """The tab as a fresh one would be for a test that shows a widget with :func:`~.lab.show_cells`: the
        notebook open with a kernel never used, the window :data:`VIEWPORT` wide, no reduced motion asked
        for, the light theme, the file browser open, no pointer over the page and nothing focused. Opened
        the first time; then set back, which takes a kernel restart instead of a JupyterLab page load and a
        new kernel session."""
        if self.opened is None:
            self.opened = _new_tab(self.browser)
            write_notebook(self.lab.root_dir / self.notebook, [""])
            open_notebook(self.opened[1], self.lab.base_url, self.notebook)
            return self.opened[1]
        tab = self.opened[1]
        tab.mouse.move(0, 0)
        tab.set_viewport_size(VIEWPORT)
        tab.emulate_media(reduced_motion="null")
        if tab.evaluate("() => document.body.dataset.jpThemeName") != LIGHT_THEME:
            change_theme(tab, LIGHT_THEME)
        if tab.evaluate("() => window.jupyterapp.shell.leftCollapsed"):
            expand_left(tab)
        tab.evaluate("() => document.activeElement?.blur()")
        restart_kernel(tab)
        return tab

    def close(self, nodeid: str | None = None) -> None:
        """Close the tab, its kernel and the settings it changed; with ``nodeid`` (a failed test's), save
        its screenshot and console log first."""
        if self.opened is None:
            return
        context, tab, console = self.opened
        self.opened = None
        if nodeid is not None:
            _save_artifacts(nodeid, tab, console)
        context.close()
        self.lab.shutdown_kernels()
        self.lab.reset_settings()


@pytest.fixture(scope="session")
def kept_tab(browser: Browser, lab: JupyterLab) -> Iterator[KeptTab]:
    """The session's :class:`KeptTab`, closed after the last test."""
    kept = KeptTab(browser, lab, KEPT_NOTEBOOK)
    try:
        yield kept
    finally:
        kept.close()


def _kept_page(kept: KeptTab, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The kept tab for one test (:meth:`KeptTab.page`). A test that failed, or found the tab broken,
    closes it (its screenshot and console log saved), so that the next test opens a new one."""
    try:
        tab = kept.page()
    except BaseException:
        kept.close(request.node.nodeid)
        raise
    yield tab
    if request.node.stash.get(FAILED_KEY, False):
        kept.close(request.node.nodeid)


def _save_artifacts(nodeid: str, page: Page, console: list[str]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^\w.-]+", "_", nodeid).strip("_")
    try:
        page.screenshot(path=ARTIFACTS / f"{stem}.png", full_page=True)
    except Exception as error:  # a crashed page has no screenshot; the console log still helps
        console.append(f"(screenshot failed: {error})")
    (ARTIFACTS / f"{stem}.console.txt").write_text("\n".join(console) + "\n")


@pytest.fixture(scope="session")
def site() -> Iterator[StaticSite]:
    """The JupyterLite site, built or reused by ``make site`` (once a run: unchanged inputs skip the build),
    served on a free localhost port for the worker's site tests (tests/browser/test_site*.py)."""
    with StaticSite(build_site()) as server:
        yield server


@contextmanager
def new_visitor(
    browser: Browser, site: StaticSite, locale: str, request: pytest.FixtureRequest
) -> Iterator[Visit]:
    """A tab of a new visitor of the site whose browser speaks ``locale``, nothing opened yet, for a fixture:
    on failure (known only once the test is over, at the fixture's teardown) its screenshot and console
    land in tests/artifacts."""
    with visitor(browser, site, locale) as state:
        yield state
        if request.node.stash.get(FAILED_KEY, False):
            _save_artifacts(request.node.nodeid, state.page, state.console + state.errors)


@pytest.fixture
def english_tab(browser: Browser, site: StaticSite, request: pytest.FixtureRequest) -> Iterator[Visit]:
    """A tab of a new visitor of the site whose browser speaks English, nothing opened yet."""
    with new_visitor(browser, site, "en-US", request) as state:
        yield state


@pytest.fixture
def russian_tab(browser: Browser, site: StaticSite, request: pytest.FixtureRequest) -> Iterator[Visit]:
    """A tab of a new visitor of the site whose browser speaks Russian, nothing opened yet."""
    with new_visitor(browser, site, "ru-RU", request) as state:
        yield state
