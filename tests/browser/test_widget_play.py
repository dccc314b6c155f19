"""NovaLunaWidget in a real JupyterLab and Chromium: clicks, keys, themes and views, checked on both sides.

Every test looks at the page *and* asks the kernel, since a page can look right while Python never
heard the click. Screenshots land in tests/artifacts/ (light and dark) for people to look at.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from .conftest import ARTIFACTS
from .lab import (
    DARK_THEME,
    change_theme,
    execute_python,
    expect,
    kernel_json,
    show_cells,
    wait_drawn,
    wait_for_python,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

WIDGET = "from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget({args})\nw"


def shot(root: Locator, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / name, animations="disabled")


def test_click_to_take_place_undo_refill_and_see_errors(page: Page) -> None:
    root = show_cells(page, WIDGET.format(args="players=['Ada', 'Bo'], seed=7"))
    player = kernel_json(page, "w.game.current_player")
    choices = kernel_json(page, "w.game.choices()")
    expect(root.locator(".nl-takeable [data-space]")).to_have_count(3)
    second = choices[1]
    t = f"w.game.wheel[{second}]"
    tile_id, colour, cost, tasks = kernel_json(
        page, f"[{t}.id, {t}.colour, {t}.cost, [str(k) for k in {t}.tasks]]"
    )
    # Named as every sentence names a tile on offer: its id on its wheel space.
    label = f"{tile_id} on wheel space {second}: {colour} tile, cost {cost}, tasks: {'; '.join(tasks)}"
    label += ", takeable"
    expect(root.locator(f'[data-space="{second}"]')).to_have_attribute("aria-label", label)

    # Take the second tile and place it by clicking: the engine moves on.
    root.locator(f'[data-space="{choices[1]}"]').click()
    wait_for_python(page, f"w.selected == {choices[1]}")
    cell = root.locator(f'[data-player="{player}"][data-cell="0,0"]')
    expect(cell).to_have_class(re.compile(r"\bnl-legal\b"))
    cell.hover()  # a lit cell says what the tile would fulfil there
    expect(root.locator(".nl-explain")).to_contain_text("at (0, 0) fulfils no task")
    cell.click()
    wait_for_python(page, "w.game.turn == 1")
    assert kernel_json(page, "[list(m) for m in w.game.history]") == [[choices[1], [0, 0]]]
    wait_drawn(page, root)
    expect(root.locator(f'[data-player="{player}"][data-cell="0,0"].nl-placed')).to_have_count(1)
    tile = kernel_json(page, f"w.game.players[{player}].board[(0, 0)].id")
    expect(root.locator(".nl-log li").first).to_contain_text(f"took {tile} (wheel space {second})")

    # Undo from the page; the engine goes back.
    root.locator('[data-action="undo"]').click()
    wait_for_python(page, "w.game.turn == 0 and w.game.can_redo")
    wait_drawn(page, root)
    expect(root.locator('[data-action="redo"]')).to_be_enabled()

    # An illegal click (a tile that is not among the next three) is explained, and changes nothing.
    other = next(s for s in range(1, 12) if s not in choices)
    space = root.locator(f'[data-space="{other}"]')
    expect(space).to_have_attribute("aria-disabled", "true")
    space.click(force=True)  # aria-disabled says it cannot be taken; a click still asks why
    error = root.locator(".nl-error")
    expect(error).to_be_visible()
    # The refusal names every tile by its id and where it lies by the wheel space the rim numbers.
    ids = kernel_json(page, f"[w.game.wheel[s].id for s in {[*choices, other]}]")
    named = [f"{i} (wheel space {s})" for i, s in zip(ids, choices, strict=False)]
    offer = f"take {named[0]}, {named[1]} or {named[2]}"
    expect(error).to_contain_text(
        f"{ids[3]} on wheel space {other} is not among the next three tiles: {offer}"
    )
    assert kernel_json(page, "w.last_error") == error.locator(".nl-error-text").inner_text()
    assert kernel_json(page, "w.game.turn") == 0

    # Refill: play from Python until only two tiles are left; the widget notices, the button wakes.
    execute_python(page, "while not w.game.can_refill: w.game.play(w.game.legal_moves()[0])\nw.refresh()")
    wait_drawn(page, root)
    root.locator('[data-action="refill"]').click()
    wait_for_python(page, "w.game.history[-1] == 'refill'")
    wait_drawn(page, root)
    expect(root.locator(".nl-slot .nl-tile")).to_have_count(11)
    expect(root.locator('[data-action="refill"]')).to_be_disabled()
    expect(error).to_be_hidden()
    shot(root, "widget-light.png")


def test_dark_theme_and_task_explanations(page: Page) -> None:
    setup = (
        "from novaluna_widget import NovaLunaWidget\n"
        "w = NovaLunaWidget(players=['Ada', 'Bo', 'Cy', 'Dee'], seed=5,\n"
        "                   bots={1: 'greedy', 2: 'greedy', 3: 'greedy'})\n"
        "for _ in range(9): w.bot_move('greedy')\n"
        "w"
    )
    root = show_cells(page, setup)
    light = root.evaluate("(el) => getComputedStyle(el).backgroundColor")
    change_theme(page, DARK_THEME)
    dark = root.evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert light != dark  # the widget follows --jp-layout-color0

    # Every task's explanation is the engine's own sentence (Board.explain), which the page asks Python for.
    expected = kernel_json(
        page,
        """{
        f"{p},{t},{k}": [b.explain(cell, k).sentence, (*cell, k) in pl.covered]
        for p, pl in enumerate(w.game.players) for b in [pl.board]
        for t, cell in enumerate(b.tiles) for k in range(len(b[cell].tasks))
    }""",
    )
    # Hover a task: its chain lights up and the sentence is the engine's own explanation.
    tasks = root.locator(".nl-card-big [data-task]")
    task = next(t for t in tasks.all() if "touching" in expected[t.get_attribute("data-task")][0])  # a chain
    p, t, k = map(int, task.get_attribute("data-task").split(","))
    task.hover()
    sentence = expected[f"{p},{t},{k}"][0]
    expect(root.locator(".nl-explain")).to_contain_text(sentence)
    expect(root.locator(f'[data-tile="{p},{t}"].nl-origin')).to_have_count(1)
    expect(root.locator(f'[data-tile^="{p},"].nl-touch').first).to_be_visible()
    # Each task's label is short: the sentence's subject and whether it is fulfilled, and whether a token
    # covers it; its focus shows the engine's whole sentence, asked for then.
    labels = root.evaluate(
        "(el) => Object.fromEntries([...el.querySelectorAll('[data-task]')]"
        ".map((t) => [t.dataset.task, t.getAttribute('aria-label')]))"
    )
    assert set(labels) == set(expected) and len(labels) > 20
    for key, (why, covered) in expected.items():
        head, verdict = why.split(" is ", 1)
        fulfilled = "fulfilled." if verdict.startswith("fulfilled") else "not fulfilled."
        assert labels[key] == f"{head}: {fulfilled}" + " A token covers it." * covered
    for shown in tasks.all():
        shown.focus()
        expect(root.locator(".nl-explain")).to_contain_text(expected[shown.get_attribute("data-task")][0])
    task.focus()  # focus explains too, and holds still for the screenshot
    expect(root.locator(".nl-explain")).to_contain_text(sentence)
    shot(root, "widget-dark.png")


def test_keyboard_play(page: Page) -> None:
    root = show_cells(page, WIDGET.format(args="seed=7"))
    choices = kernel_json(page, "w.game.choices()")
    player = kernel_json(page, "w.game.current_player")
    wheel = root.locator('[data-space][tabindex="0"]')
    expect(wheel).to_have_attribute("data-space", str(choices[0]))
    wheel.focus()
    page.keyboard.press("ArrowRight")  # roving focus to the next space
    expect(root.locator(f'[data-space="{(choices[0] + 1) % 12}"]')).to_be_focused()
    root.locator(f'[data-space="{choices[2]}"]').focus()
    page.keyboard.press("Enter")
    wait_for_python(page, f"w.selected == {choices[2]}")
    # Focus moves to the first legal cell of the area in play; Enter places the tile there.
    legal = root.locator(f'[data-player="{player}"][data-cell="0,0"]')
    expect(legal).to_be_focused()
    page.keyboard.press("Enter")
    wait_for_python(page, "w.game.turn == 1")
    wait_drawn(page, root)
    expect(root.locator('[data-space][tabindex="0"]')).to_be_focused()
    # Escape drops a choice.
    page.keyboard.press("Enter")
    wait_for_python(page, "w.selected is not None")
    wait_drawn(page, root)
    page.keyboard.press("Escape")
    wait_for_python(page, "w.selected is None")
    # Every button is a real button with a name.
    for action in ("refill", "undo", "redo", "bot", "new"):
        expect(root.locator(f'button[data-action="{action}"]')).to_have_count(1)


def test_two_views_and_moves_from_python_stay_in_sync(page: Page) -> None:
    show_cells(page, WIDGET.format(args="seed=7"), "w")
    first, second = page.locator(".nl-root").nth(0), page.locator(".nl-root").nth(1)
    expect(second).to_be_visible()
    execute_python(page, "w.play(w.game.legal_moves()[0])")
    wait_drawn(page, first)
    wait_drawn(page, second)
    # A click in the second view updates the first one.
    space = kernel_json(page, "w.game.choices()[0]")
    second.locator(f'[data-space="{space}"]').click()
    wait_for_python(page, f"w.selected == {space}")
    expect(first.locator(f'.nl-selected [data-space="{space}"]')).to_have_count(1)
    # A move made on the engine directly shows after the next cell runs.
    execute_python(page, "w.game.play(w.game.legal_moves()[0])")
    wait_for_python(page, "w.state['turn'] == 2")
    wait_drawn(page, first)
    expect(first.locator(".nl-headline")).to_contain_text("Turn 3")
