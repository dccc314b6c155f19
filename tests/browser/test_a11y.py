"""axe-core (npm, js/package.json) finds no accessibility violation in the widget: at the start, with a
tile chosen, at the end of a game, in a solo game, and in the dark theme."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .lab import (
    DARK_THEME,
    axe_violations,
    change_theme,
    kernel_json,
    show_cells,
    wait_drawn,
    wait_for_python,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

GAME = (
    "from novaluna_widget import NovaLunaWidget\n"
    "w = NovaLunaWidget(players=['You', 'Bo'], seed=7, bots={1: 'greedy'})\n"
    "w"
)


def test_no_violations_at_the_start_chosen_and_over(page: Page) -> None:
    root = show_cells(page, GAME)
    assert axe_violations(page) == [], "start"

    root.locator(".nl-takeable").first.click()
    wait_for_python(page, "w.selected is not None")
    wait_drawn(page, root)
    assert axe_violations(page) == [], "chosen"

    kernel_json(page, "[w.bot_move() for _ in range(200) if not w.game.is_over] and None")
    wait_drawn(page, root)
    assert kernel_json(page, "w.game.is_over") is True
    root.locator(".nl-summary").wait_for()
    assert axe_violations(page) == [], "over"


def test_no_violations_in_solo_and_in_the_dark_theme(page: Page) -> None:
    setup = (
        "from novaluna_widget import NovaLunaWidget\n"
        "w = NovaLunaWidget(players=1, seed=3)\n"
        "for _ in range(4): w.bot_move('greedy')\n"
        "w"
    )
    root = show_cells(page, setup)
    assert kernel_json(page, "[w.game.kind, w.game.turn]") == ["solo", 4]
    assert axe_violations(page) == [], "solo"
    change_theme(page, DARK_THEME)
    root.locator(".nl-takeable").first.click()
    wait_for_python(page, "w.selected is not None")
    wait_drawn(page, root)
    assert axe_violations(page) == [], "dark"
