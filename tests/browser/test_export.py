"""A tutorial exported to HTML (``jupyter nbconvert --to html``) and opened with the network blocked shows
the position's picture where the widget was. The saved tutorial 1 is exported as it is (nbval proves its
saved outputs are what a run gives): nothing is executed."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..test_export import TUTORIAL_1, widget_outputs

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

# The widgets' cells in the page nbconvert writes, found by their source (tutorial 1 has two: the guided
# game and the game against the bot), in order.
FIND_PICTURES_JS = """() => [...document.querySelectorAll('.jp-CodeCell')]
    .filter((c) => /NovaLunaWidget[(.]/.test(c.querySelector('.jp-InputArea')?.innerText ?? ''))
    .map((cell) => {
        const img = cell.querySelector('.jp-OutputArea img');
        const box = img?.getBoundingClientRect();
        return {
            src: img?.getAttribute('src') ?? null,
            loaded: img ? img.complete && img.naturalWidth > 0 : false,
            width: box?.width ?? 0,
            widgetViews: cell.querySelectorAll(
                'script[type="application/vnd.jupyter.widget-view+json"]').length,
        };
    })"""


def test_exported_tutorial_shows_the_picture_offline(page: Page, tmp_path: Path) -> None:
    tutorial = Path(shutil.copy(TUTORIAL_1, tmp_path))
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(tutorial)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    html = tutorial.with_suffix(".html")
    blocked: list[str] = []

    def offline(route: Route) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", offline)
    page.goto(html.as_uri(), wait_until="load")
    found = page.evaluate(FIND_PICTURES_JS)
    outputs = widget_outputs(json.loads(tutorial.read_text(encoding="utf-8")))
    assert len(found) == len(outputs) == 2, found
    for shown, output in zip(found, outputs, strict=True):
        assert shown["widgetViews"] == 0 and shown["loaded"] and shown["width"] > 300, shown
        # It is the very picture the notebook saved with the widget's output.
        saved = "".join(output["data"]["image/svg+xml"])
        prefix = "data:image/svg+xml;base64,"
        assert shown["src"].startswith(prefix)
        assert base64.b64decode(shown["src"][len(prefix) :]).decode() == saved
    assert all(not url.startswith("file:") for url in blocked)
