"""The Review panel's Cancel in the in-browser site (issue 38.2: "a review there shows its progress and
can be cancelled, as in Lab"). Pyodide has no threads: the review runs between the kernel's messages, so
the page's Cancel reaches Python while it works, the work stops there, and the panel closes; Review then
starts a review afresh. A module of its own beside tests/browser/test_site.py; the site and the visitor's
tab are fixtures of tests/browser/conftest.py (``make site`` builds the site once a run; about a minute
with the kernel's start).
"""

from __future__ import annotations

import re

from .lab import DEADLINE, expect, kernel_json, show_cells
from .lite import StaticSite, Visit, open_site, wait_for_kernel
from .test_site import LONGEST_GAME


def test_cancel_stops_the_review_in_the_site_and_review_starts_afresh(
    english_tab: Visit, site: StaticSite
) -> None:
    page = english_tab.page
    open_site(page, site.url + "/")
    wait_for_kernel(page)
    root = show_cells(page, LONGEST_GAME)
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
    assert english_tab.outside == [] and english_tab.errors == []
