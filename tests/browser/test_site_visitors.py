"""The static JupyterLite site's other visitors (tests/browser/test_site.py has the first one, who opens
tutorial 1 and plays it), each in a fresh browser context that may reach only the site's own server.

The translations: the root opens tutorial 1 in the language the address asks for (``?lang=ru``), else
in the browser's, else in English; a browser speaking Russian lands in the Russian tutorial 1, whose
widget speaks Russian in Pyodide, and whose language bar leads to the English one, which gets a kernel of
its own. While Pyodide starts, the page says so in the open tutorial's language; a pupil's puzzle
progress is on the site's drive and survives a reload.

A file of its own so that two workers share the site's tests; the site is built once a run (see
tests/browser/test_site.py). Not marked ``first``: the site's first file and the Binder environment lead
the two workers, and this file follows on whichever is free.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import TYPE_CHECKING

import pytest

from .lab import execute_python, expect
from .lite import (
    FIRST_NOTEBOOK,
    PICTURES_JS,
    REPO,
    TUTORIAL_1,
    StaticSite,
    Visit,
    _wait_for_document,
    open_site,
    run_cell,
    visitor,
    wait_for_kernel,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Route


@pytest.mark.parametrize(
    ("locale", "query", "opened"),
    [
        ("en-US", "", "en"),
        ("ru-RU", "", "ru"),
        ("ja-JP", "", "ja"),
        ("fa", "", "fa"),
        ("de-DE", "", "en"),  # a language the site lacks
        ("ru-RU", "?lang=en", "en"),
        ("en-US", "?lang=fa", "fa"),  # the address wins over the browser
        ("ja-JP", "?lang=xx", "ja"),
        ("en-US", "?lang=constructor", "en"),  # no such language
    ],
)
def test_the_root_opens_tutorial_1_in_the_language_asked_for_else_the_browsers_else_english(
    browser: Browser, site: StaticSite, locale: str, query: str, opened: str
) -> None:
    with visitor(browser, site, locale) as visit:
        page = visit.page
        asked: list[str] = []

        def lab(route: Route) -> None:  # where the root sends the visitor; JupyterLab itself is not needed
            asked.append(route.request.url)
            route.fulfill(body="", content_type="text/html")

        page.route(re.compile(r"/lab/index\.html"), lab)
        page.goto(f"{site.url}/{query}")
        page.wait_for_url(re.compile(r"/lab/index\.html"))
        (url,) = asked
        assert urllib.parse.parse_qs(urllib.parse.urlsplit(url).query) == {"path": [TUTORIAL_1[opened]]}
        assert visit.outside == [] and site.missing == []


@pytest.mark.notebook
def test_a_russian_visitor_gets_tutorial_1_in_russian_and_its_widget_speaks_russian(
    russian_tab: Visit, site: StaticSite
) -> None:
    page = russian_tab.page
    open_site(page, site.url + "/", path=TUTORIAL_1["ru"])  # the browser speaks Russian: so does the root

    # The language bar names tutorial 1's languages in their own names, and the saved pictures show.
    bar = page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-RenderedMarkdown")
    expect(bar).to_have_text("English · Русский · 日本語 · فارسی")
    expect(bar.locator('b[lang="ru"]')).to_have_text("Русский")
    shown = page.evaluate(PICTURES_JS)
    assert len(shown) >= 5, shown
    assert [s for s in shown if s["width"] == 0] == [], "saved pictures that do not show"
    assert any("jp-RenderedSVG" in s["output"] for s in shown), "the widget's saved picture (SVG)"

    # Run the first widget cell alone (the guided game): the widget draws, speaking Russian. The page's
    # own words are still being translated: the tutorial's text is Python's, worded in Russian.
    source = json.loads((REPO / "notebooks" / "ru" / FIRST_NOTEBOOK).read_text(encoding="utf-8"))
    (widget_cell, *_) = [
        cell["id"]
        for cell in source["cells"]
        if cell["cell_type"] == "code"
        and any(
            "NovaLunaWidget(" in "".join(out.get("data", {}).get("text/plain", "")) for out in cell["outputs"]
        )
    ]
    wait_for_kernel(page)
    run_cell(page, widget_cell, timeout=180)
    root = page.locator(".nl-root").first
    expect(root).to_have_attribute("lang", "ru")
    expect(root).to_have_attribute("dir", "ltr")
    text = root.locator(".nl-tutorial-text")
    expect(text).to_have_text(re.compile(r"[А-Яа-яЁё]{4}"))
    assert execute_python(page, "print(guided.lang, end='')") == "ru"
    assert execute_python(page, "print(guided.state['tutorial']['text'], end='')") == text.inner_text()
    assert "undefined" not in root.inner_text()

    # Its language bar leads to the English tutorial 1, which gets a kernel of its own.
    bar.get_by_role("link", name="English").click()
    _wait_for_document(page, FIRST_NOTEBOOK, timeout=60)
    wait_for_kernel(page)
    assert execute_python(page, "print('guided' in globals(), end='')") == "False"

    assert russian_tab.outside == [], "requests for anything but the site"
    assert site.missing == [], "files the site lacks"
    assert russian_tab.errors == [], "errors in the page"


RECORD_ONE = """
from novaluna_widget.puzzles import Trainer, generate
trainer = Trainer(seed=1, name="Ada")
trainer.record(generate(1, seed=1, kinds=["take"])[0], True)
print(trainer.path, trainer.notice, len(trainer.progress.attempts))
"""
READ_BACK = """
from novaluna_widget.puzzles import Trainer, read_progress
kept = read_progress(Trainer().path)
print(kept.name, len(kept.attempts), round(kept.learner.rating))
"""


def test_a_persian_pupil_is_told_the_kernel_is_starting_and_finds_their_progress_after_a_reload(
    english_tab: Visit, site: StaticSite
) -> None:
    """A pupil whose class link asks for Persian. For seconds after the page opens nothing moves while
    Pyodide starts: the page says so, in the open tutorial's language and direction, and the notice goes
    once the kernel is idle. The trainer's default file is on the drive (the browser's IndexedDB), not in
    Pyodide's memory: after a reload the pupil finds their name, attempts and rating (issue 35.4)."""
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

    said = execute_python(page, RECORD_ONE)
    assert said.split() == ["/drive/puzzle-progress.json", "None", "1"], said
    page.reload()  # a new page, a new kernel: only what the browser kept is there
    page.wait_for_function("() => window.jupyterapp !== undefined")
    _wait_for_document(page, TUTORIAL_1["fa"], timeout=60)
    wait_for_kernel(page)
    name, attempts, rating = execute_python(page, READ_BACK).split()
    assert (name, attempts) == ("Ada", "1") and int(rating) > 1500
    assert state.outside == [] and state.errors == []
