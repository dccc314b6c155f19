"""The puzzles in a real JupyterLab and Chromium: three puzzles of different kinds solved by clicking what
their questions name (tasks by keyboard and pointer, a cell in Persian, right to left, the Refill
button), each checked on the page and in the kernel, and axe-core on the puzzle view."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .lab import axe_violations, kernel_json, show_cells, wait_drawn, wait_for_python

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)

PUZZLES = (
    "from novaluna_widget import NovaLunaWidget\n"
    "from novaluna_widget._modes.puzzle import answer_data\n"
    "w = NovaLunaWidget.puzzles(seed=3, kinds=[{kind!r}], path={kind!r} + '.json'{more})\n"
    "w"
)
#: The right answers of the puzzle on show, as the page sends them (the test's answer key).
ANSWERS = "sorted((answer_data(a) for a in w._controller.mode.puzzle.answers), key=repr)"


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def checked(page: Page, root: Any) -> None:
    """Press Check and see the verdict, right, on the page and in the kernel."""
    root.locator('.nl-puzzle [data-action="check"]').click()
    wait_for_python(page, "w.state['puzzle']['verdict'] is not None")
    wait_drawn(page, root)
    assert kernel_json(page, "w.state['puzzle']['verdict']['right']") is True
    expect(root.locator(".nl-puzzle-verdict")).to_have_class(re.compile(r"\bnl-right\b"))
    verdict = kernel_json(page, "w.state['puzzle']['verdict']['words']")
    expect(root.locator(".nl-puzzle-verdict")).to_have_text(verdict)


def test_tasks_picked_by_keyboard_and_pointer_solve_a_puzzle(page: Page) -> None:
    root = show_cells(page, PUZZLES.format(kind="fulfilled", more=""))
    question = kernel_json(page, "w.state['puzzle']['question']")
    expect(root.locator(".nl-puzzle-question")).to_have_text(question)
    seat = kernel_json(page, "w.state['puzzle']['seat']")
    tiles = kernel_json(page, f"[t[1:] for t in w.state['players'][{seat}]['tiles']]")
    tasks = [
        root.locator(f'[data-task="{seat},{tiles.index([x, y])},{k}"]')
        for x, y, k in kernel_json(page, ANSWERS)
    ]
    assert axe_violations(page) == [], "a puzzle on show"
    first, *rest = tasks
    first.focus()
    page.keyboard.press("Enter")
    wait_for_python(page, "len(w.state['puzzle']['picks']) == 1")
    wait_drawn(page, root)
    expect(first).to_have_attribute("aria-pressed", "true")
    for task in rest:
        task.click()
    wait_for_python(page, f"len(w.state['puzzle']['picks']) == {len(tasks)}")
    checked(page, root)
    assert kernel_json(page, "[w.state['puzzle']['solved'], w.state['puzzle']['tried']]") == [1, 1]
    page.set_viewport_size({"width": 1280, "height": 1000})
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / "puzzle-1280.png", animations="disabled")
    assert axe_violations(page) == [], "a puzzle answered"


def test_a_cell_puzzle_in_persian_right_to_left(page: Page) -> None:
    root = show_cells(page, PUZZLES.format(kind="placement", more=", lang='fa'"))
    expect(root).to_have_attribute("dir", "rtl")
    question = kernel_json(page, "w.state['puzzle']['question']")
    expect(root.locator(".nl-puzzle-question")).to_have_text(question)
    expect(root.locator('.nl-puzzle [data-action="check"]')).to_have_text("بررسی")
    seat = kernel_json(page, "w.state['puzzle']['seat']")
    ((x, y),) = kernel_json(page, ANSWERS)
    root.locator(f'[data-player="{seat}"][data-cell="{x},{y}"]').click()
    wait_for_python(page, f"w.state['puzzle']['picks'][0]['answer'] == [{x}, {y}]")
    checked(page, root)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / "puzzle-fa.png", animations="disabled")
    assert axe_violations(page) == [], "a puzzle in Persian"


def test_the_refill_button_answers_a_refill_puzzle_and_next_goes_on(page: Page) -> None:
    root = show_cells(page, PUZZLES.format(kind="refill", more=""))
    (right,) = kernel_json(page, ANSWERS)
    button = root.locator(".nl-toolbar [data-action=refill]") if right == "refill" else None
    (button or root.locator(f'.nl-choice[data-answer="\\"{right}\\""]')).click()
    wait_for_python(page, f"w.state['puzzle']['picks'][0]['answer'] == {right!r}")
    wait_drawn(page, root)
    expect(root.locator(f'.nl-choice[data-answer="\\"{right}\\""]')).to_have_attribute("aria-pressed", "true")
    checked(page, root)
    first = kernel_json(page, "w.state['puzzle']['id']")
    root.locator('.nl-puzzle [data-action="next"]').click()
    wait_for_python(page, f"w.state['puzzle']['id'] != {first!r}")
    wait_drawn(page, root)
    expect(root.locator(".nl-puzzle-verdict")).to_have_text("")
    root.locator('.nl-puzzle [data-action="leave"]').click()
    wait_for_python(page, "w.state['mode'] == 'playing'")
    expect(root.locator(".nl-puzzle")).to_have_count(0)
    expect(root.locator(".nl-toolbar [data-action=puzzles]")).to_be_visible()


#: The wheel's and the big area's boxes once two frames have passed (any re-fit after a change is done),
#: relative to the widget's own box: a click that scrolls the notebook to its target moves the page, not
#: the board within it.
BOXES_JS = """async (root) => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const origin = root.getBoundingClientRect();
    return [".nl-wheel", ".nl-big .nl-area"].map((selector) => {
        const box = root.querySelector(selector).getBoundingClientRect();
        return [box.x - origin.x, box.y - origin.y, box.width, box.height].map((v) => Math.round(v * 2) / 2);
    });
}"""


@pytest.mark.parametrize("width", [800, 1280, 1920])
def test_the_board_holds_still_as_a_puzzle_is_picked_and_checked(page: Page, width: int) -> None:
    """A click-them-all puzzle: the first pick adds "Your answer", Check a long verdict, and neither moves
    nor shrinks the wheel or the area (the targets would move under the pointer)."""
    page.set_viewport_size({"width": width, "height": 1000})
    root = show_cells(page, PUZZLES.format(kind="take", more=""))
    wait_drawn(page, root)
    before = root.evaluate(BOXES_JS)
    first = kernel_json(page, ANSWERS)[0]
    root.locator(f'.nl-wheel [data-space="{first}"]').click()
    wait_for_python(page, "len(w.state['puzzle']['picks']) == 1")
    expect(root.locator(".nl-puzzle-picks")).not_to_be_empty()
    assert root.evaluate(BOXES_JS) == before, "the first pick moved the board"
    root.locator('.nl-puzzle [data-action="check"]').click()
    wait_for_python(page, "w.state['puzzle']['verdict'] is not None")
    expect(root.locator(".nl-puzzle-verdict")).to_have_class(re.compile(r"\bnl-(right|wrong)\b"))
    assert root.evaluate(BOXES_JS) == before, "Check's verdict moved the board"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / f"puzzle-checked-{width}.png", animations="disabled")


def test_whose_turn_shows_nobody_to_move_and_a_marker_answers(page: Page) -> None:
    """No "to move" badge, centre or marker on the page: the state has no player to move to draw."""
    root = show_cells(page, PUZZLES.format(kind="next", more=""))
    expect(root.locator(".nl-centre-big")).to_have_text("Puzzle")
    for selector in (".nl-badge-turn", ".nl-to-move", ".nl-current", ".nl-winner"):
        expect(root.locator(selector)).to_have_count(0)
    (right,) = kernel_json(page, ANSWERS)
    root.locator(f'.nl-track-marker[data-seat="{right}"]').click()
    wait_for_python(page, f"w.state['puzzle']['picks'][0]['answer'] == {right}")
    checked(page, root)


def test_a_solo_puzzle_is_answered_by_the_tile_on_the_wheel(page: Page) -> None:
    """A solo puzzle (the curated set's) asks which tile to take: a click on it is the answer."""
    root = show_cells(page, PUZZLES.format(kind="solo", more=""))
    (space,) = kernel_json(page, ANSWERS)
    root.locator(f'.nl-wheel [data-space="{space}"]').click()
    wait_for_python(page, f"w.state['puzzle']['picks'][0]['answer'] == {space}")
    checked(page, root)


def test_download_progress_saves_the_learners_file_in_the_browser(page: Page) -> None:
    """The button's download is the progress file the kernel wrote, named as it is (a teacher collects
    these for ``class_report``); a redraw after it saves nothing more."""
    root = show_cells(page, PUZZLES.format(kind="take", more=""))
    root.locator('.nl-puzzle [data-action="reveal"]').click()
    wait_for_python(page, "w.state['puzzle']['answers'] is not None")
    wait_drawn(page, root)
    with page.expect_download() as asked:
        root.locator('.nl-puzzle [data-action="download"]').click()
    download = asked.value
    assert download.suggested_filename == "take.json"
    saved = download.path()
    assert saved is not None
    assert saved.read_text(encoding="utf-8") == kernel_json(
        page, "open('take.json', encoding='utf-8').read()"
    )
    wait_for_python(page, "w.state['puzzle']['download']['number'] == 1")
    downloads: list[Any] = []
    page.on("download", lambda saved: downloads.append(saved))
    root.locator('.nl-puzzle [data-action="next"]').click()
    wait_for_python(page, "w.state['puzzle']['answers'] is None")
    wait_drawn(page, root)
    assert downloads == []


def test_the_learner_types_their_name_and_the_progress_file_keeps_it(page: Page) -> None:
    """Typed in the panel and saved with Enter, the name is in the kernel's progress file (for the
    teacher's ``class_report``); a pick meanwhile redraws the panel without losing what was typed."""
    root = show_cells(page, PUZZLES.format(kind="take", more=""))
    wait_drawn(page, root)
    field = root.locator(".nl-puzzle-name")
    field.fill("Ada Love")
    first = kernel_json(page, ANSWERS)[0]
    root.locator(f'.nl-wheel [data-space="{first}"]').click()  # the panel is drawn again
    wait_for_python(page, "len(w.state['puzzle']['picks']) == 1")
    expect(field).to_have_value("Ada Love")
    field.press("End")
    field.press_sequentially("lace")
    field.press("Enter")
    wait_for_python(page, "w.state['puzzle']['learner'] == 'Ada Lovelace'")
    assert kernel_json(
        page, "__import__('novaluna_widget.puzzles').puzzles.read_progress('take.json').name"
    ) == ("Ada Lovelace")
    expect(field).to_have_value("Ada Lovelace")
