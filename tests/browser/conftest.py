"""Fixtures for the browser tests: one JupyterLab and one Chromium per session, a fresh page per test.

Every test under tests/browser is marked ``browser`` (deselect with ``-m "not browser"``). Where
Chromium or Playwright is missing these tests fail, saying how to fix it, so a broken setup never
passes as green; ``NOVALUNA_SKIP_BROWSER=1`` skips them instead, on purpose.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .lab import CHROMIUM_PATH, DEADLINE, JupyterLab, launch_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
ARTIFACTS = REPO / "tests" / "artifacts"
"""Screenshots and console logs of failed tests (git-ignored)."""

SKIP_ENV = "NOVALUNA_SKIP_BROWSER"
FAILED_KEY = pytest.StashKey[bool]()


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


@pytest.fixture
def page(browser: Browser, lab: JupyterLab, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser context and page; on failure a screenshot and the console log land in tests/artifacts.

    Afterwards the test's kernels are shut down and the user settings (theme...) reset, so no
    test sees what an earlier one left behind.
    """
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(DEADLINE * 1000)  # clicks and locator waits wait for their element so long
    new_page = context.new_page()
    console: list[str] = []

    def record(message: ConsoleMessage) -> None:
        console.append(f"{message.type}: {message.text}")

    new_page.on("console", record)
    new_page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
    try:
        yield new_page
    finally:
        if request.node.stash.get(FAILED_KEY, False):
            _save_artifacts(request.node.nodeid, new_page, console)
        context.close()
        lab.shutdown_kernels()
        lab.reset_settings()


def _save_artifacts(nodeid: str, page: Page, console: list[str]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^\w.-]+", "_", nodeid).strip("_")
    try:
        page.screenshot(path=ARTIFACTS / f"{stem}.png", full_page=True)
    except Exception as error:  # a crashed page has no screenshot; the console log still helps
        console.append(f"(screenshot failed: {error})")
    (ARTIFACTS / f"{stem}.console.txt").write_text("\n".join(console) + "\n")
