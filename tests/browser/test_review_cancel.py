"""The Review panel's Cancel (issue 38), in a real JupyterLab and Chromium: while the panel shows the
coach's progress, its Cancel (reached by keyboard, named for what it cancels) stops the work in the
kernel, the panel closes, the status line says so, the focus lands on Review, the kernel is free, and
Review starts a whole review afresh. Screenshots of the panel with its Cancel at 800 and 1280 px land
in tests/artifacts/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .conftest import ARTIFACTS
from .lab import axe_violations, execute_python, expect, kernel_json, show_cells, wait_drawn, wait_for_python
from .test_coach import PLAYED_OUT, focus_to

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

# A coach whose rows after the first wait for ``gate`` (a review as long as the test wants), counting
# the rows it worked out; a tenth of the coach's work per position, so that a whole review takes a second.
GATED_REVIEW = (
    "import threading\n"
    "from novaluna_widget import coach\n"
    "gate, worked = threading.Event(), []\n"
    "_reviewing = coach.reviewing\n"
    "def _gated(game, **kw):\n"
    "    for k, row in enumerate(_reviewing(game, **{'nodes': 40, **kw})):\n"
    "        assert k == 0 or gate.wait(120)\n"
    "        worked.append(k)\n"
    "        yield row\n"
    "coach.reviewing = _gated\n"
)
# The review's threads still running in the kernel.
THREADS = "[t.name for t in threading.enumerate() if t.name == 'novaluna-review']"


def shot(page: Page, root: Locator, width: int, name: str) -> None:
    """A screenshot of the widget's side column (the big area and the Review panel) at ``width`` px."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    assert size is not None
    page.set_viewport_size({"width": width, "height": size["height"]})
    panel = root.locator(".nl-review")
    panel.scroll_into_view_if_needed()
    root.locator(".nl-side").screenshot(path=ARTIFACTS / name, animations="disabled")
    page.set_viewport_size(size)


def test_cancel_stops_the_review_closes_the_panel_and_review_starts_afresh(page: Page) -> None:
    played = PLAYED_OUT.format(name="w", seed=4)
    setup = "from novaluna_widget import NovaLunaWidget\n" + GATED_REVIEW + played
    root = show_cells(page, setup + "w")
    n = kernel_json(page, "len(w.game.history)")
    review = root.locator('button[data-action="review"]')
    review.click()
    cancel = root.locator(".nl-review").get_by_role("button", name="Cancel the review")
    expect(root.locator(".nl-review-progress progress")).to_have_attribute("value", "1", timeout=30_000)
    expect(cancel).to_have_text("Cancel")
    assert axe_violations(page) == [], "the review under way, with its Cancel"
    page.mouse.move(0, 0)
    for width in (800, 1280):
        shot(page, root, width, f"review-cancel-{width}.png")

    # By keyboard: Tab to Cancel, Enter. The panel closes, and the kernel's review stopped.
    focus_to(page, root, '[data-action="cancel_review"]')
    page.keyboard.press("Enter")
    expect(root.locator(".nl-review")).to_have_count(0)
    expect(root.locator(".nl-said")).to_have_text("Review cancelled.")
    expect(review).to_be_focused()  # where Review starts it again
    assert kernel_json(page, "[w.review_done(0), w.review_panel, w.last_error]") == [True, {}, None]
    execute_python(page, "gate.set()")  # the row in hand ends; no other row follows
    wait_for_python(page, f"not {THREADS}", timeout=60)
    assert 1 <= kernel_json(page, "len(worked)") < n
    wait_drawn(page, root)

    # Review again, by keyboard: the whole review, from its first action.
    execute_python(page, "worked.clear()")
    page.keyboard.press("Enter")
    wait_for_python(page, "w.review_done(0) and w.review_panel.get('status') == 'ready'", timeout=60)
    assert kernel_json(page, "worked") == list(range(n))
    expect(root.locator("[data-review-row]")).to_have_count(n)
    expect(root.locator('[data-action="cancel_review"]')).to_have_count(0)

    # In Persian (right to left): the language menu has the comments worded again, a review under way
    # with its Cancel in the page's words, which stops it as in English.
    execute_python(page, "gate.clear()")
    root.locator(".nl-lang-pick").select_option("fa")
    cancel = root.get_by_role("button", name="لغو مرور")
    expect(cancel).to_have_text("لغو")
    expect(root.locator(".nl-review-progress progress")).to_have_attribute("value", "1", timeout=30_000)
    assert axe_violations(page) == [], "the review under way in Persian"
    shot(page, root, 800, "review-cancel-fa-800.png")
    cancel.click()
    expect(root.locator(".nl-review")).to_have_count(0)
    expect(root.locator(".nl-said")).to_have_text("مرور لغو شد.")
    assert kernel_json(page, "[w.review_done(0), w.review_panel, w.last_error]") == [True, {}, None]
    execute_python(page, "gate.set()")
    wait_for_python(page, f"not {THREADS}", timeout=60)
