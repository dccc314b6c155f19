"""Tutorial 1's "Rather play first?" link, in a real JupyterLab as a learner opens it (a trusted notebook,
so its saved pictures show), in each of the four languages
and at 800, 1280 and 1920 px: a click on it brings the guided game's heading into view (issue 36, point 9).

JupyterLab finds a link's target by the text after "#" as the link writes it: a heading's own id in
Cyrillic, kana or Persian letters reaches it percent-encoded and never matches, so every language's
tutorial 1 links to one ASCII anchor, ``guided-game``, placed above the heading."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from .conftest import ARTIFACTS
from .lab import JupyterLab, open_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Page

TUTORIAL = {
    "en": "notebooks/01_first_game.ipynb",
    "ru": "notebooks/ru/01_first_game.ipynb",
    "ja": "notebooks/ja/01_first_game.ipynb",
    "fa": "notebooks/fa/01_first_game.ipynb",
}
WIDTHS = (800, 1280, 1920)
#: Back at the notebook's top, where the link is, as a reader who just opened it.
TO_THE_TOP_JS = """() => {
    document.querySelector('.jp-WindowedPanel-outer').scrollTop = 0;
    window.nlHeadingWas = undefined;
}"""
HEADING = {"en": "A guided game", "ru": "Обучающая игра", "ja": "ガイド付きゲーム", "fa": "یک بازی آموزشی"}

# Where the guided game's heading stands in the notebook's scrolled panel: its top and bottom from the
# panel's top, and the panel's height; null until it stands in the panel's upper half and stood there at the
# last poll too (a frame earlier: a smooth scroll, or pictures above taking their size, may still move it).
IN_VIEW_JS = """(text) => {
    const heading = [...document.querySelectorAll('.jp-MarkdownOutput h2')]
        .find((h) => h.textContent.startsWith(text));
    if (!heading) return null;
    const p = heading.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
    const h = heading.getBoundingClientRect();
    const now = [h.top - p.top, h.bottom - p.top, p.height];
    const before = window.nlHeadingWas;
    window.nlHeadingWas = now;
    const still = before !== undefined && now.every((v, i) => Math.abs(v - before[i]) < 1);
    return still && now[0] > -1 && now[1] <= now[2] / 2 ? now : null;  // within a pixel of the top
}"""


@pytest.fixture(scope="module")
def trusted(lab: JupyterLab) -> None:
    """Every language's tutorial 1 trusted as ``make lab`` trusts them, so that their saved pictures (SVG)
    show as a learner sees them."""
    env = {
        **os.environ,
        "JUPYTER_DATA_DIR": str(lab.sandbox / "data"),
        "JUPYTER_CONFIG_DIR": str(lab.sandbox / "config"),
    }
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "trust",
        *(str(lab.root_dir / path) for path in TUTORIAL.values()),
    ]
    subprocess.run(command, env=env, check=True, capture_output=True)


@pytest.mark.usefixtures("trusted")
@pytest.mark.parametrize("lang", list(TUTORIAL))
def test_the_guided_game_link_brings_its_heading_into_view(page: Page, lab: JupyterLab, lang: str) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    open_notebook(page, lab.base_url, TUTORIAL[lang])
    link = page.locator('.jp-MarkdownOutput p a[href="#guided-game"]')
    expect(link).to_have_count(1)
    expect(link).to_have_text(HEADING[lang])
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(TO_THE_TOP_JS)
        link.click()
        handle = page.wait_for_function(IN_VIEW_JS, arg=HEADING[lang])
        top, bottom, height = handle.json_value()
        assert top > -1 and bottom <= height / 2, (width, top, bottom, height)
        page.screenshot(path=str(ARTIFACTS / f"tutorial1_link_{lang}_{width}.png"))
