"""Tutorials 1–3 as a reader meets them.

Every answer folded under "Answer" (``<details>``) is right by the engine: the test writes it into its
question's code cell and runs the notebook's own checker, which works the answer out with the engine.
Blank and wrong answers are not accepted, every code cell can be run twice in a row with the same
result, and the notebooks keep the conventions of ``docs/notebooks.md``. The code cells run here in one
namespace, without a kernel, in one pass per tutorial that serves every test (nbval runs the saved notebooks
in a kernel and compares their outputs).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TUTORIALS = ["01_first_game.ipynb", "02_task_chains.ipynb", "03_time_and_turn_order.ipynb"]
#: A model answer: a Python block opening a folded "Answer".
FOLDED = re.compile(r"<details><summary>Answer</summary>\s*```python\n(answer_(\d+) = [^\n]+)\n```\s", re.S)
#: A question's code cell: the reader writes the answer over the None.
BLANK = re.compile(r"^answer_(\d+) = None$", re.M)
RIGHT, WRONG, ASK = "✓", "✗", "Write your answer"

Cell = dict[str, Any]


def cells(name: str) -> list[Cell]:
    notebook: dict[str, Any] = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    found: list[Cell] = notebook["cells"]
    return found


def source(cell: Cell) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def model_answers(name: str) -> dict[int, str]:
    """Question number -> the line ``answer_n = …`` folded under its Answer."""
    found: dict[int, str] = {}
    for cell in cells(name):
        if cell["cell_type"] == "markdown":
            for line, number in FOLDED.findall(source(cell)):
                assert int(number) not in found, f"two answers to question {number}"
                found[int(number)] = line
    return found


@dataclass
class Runs:
    """What each code cell of a tutorial printed, by cell id, in one pass through it in one namespace: each
    question cell runs with its blank, then a wrong answer, then the model answer, and every code cell
    then runs once more with the model answer."""

    blank: dict[str, str] = field(default_factory=dict)
    wrong: dict[str, str] = field(default_factory=dict)
    right: dict[str, str] = field(default_factory=dict)
    again: dict[str, str] = field(default_factory=dict)


def run(name: str) -> Runs:
    namespace: dict[str, Any] = {"__name__": "__tutorial__"}
    answers = model_answers(name)
    wrong_answers = {n: wrong(line) for n, line in answers.items()}

    def printed(code: str, cell_id: str, written: dict[int, str] | None = None) -> str:
        for number, line in (written or {}).items():
            code = code.replace(f"answer_{number} = None", line)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{name}:{cell_id}", "exec"), namespace)
        return out.getvalue()

    runs = Runs()
    for cell in cells(name):
        if cell["cell_type"] != "code":
            continue
        code, cell_id = source(cell), cell["id"]
        if BLANK.search(code):
            runs.blank[cell_id] = printed(code, cell_id)
            runs.wrong[cell_id] = printed(code, cell_id, wrong_answers)
        runs.right[cell_id] = printed(code, cell_id, answers)
        runs.again[cell_id] = printed(code, cell_id, answers)
    return runs


@pytest.fixture(scope="module")
def tutorial_runs() -> dict[str, Runs]:
    """Each tutorial's code, run once for this module's tests (nbval runs the saved notebooks as they are)."""
    return {name: run(name) for name in TUTORIALS}


def question_cells(name: str) -> dict[int, str]:
    """Question number -> the id of the code cell where the reader answers it."""
    return {int(n): cell["id"] for cell in cells(name) for n in BLANK.findall(source(cell))}


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_question_has_a_blank_cell_and_a_folded_answer(name: str) -> None:
    questions, answers = question_cells(name), model_answers(name)
    assert questions and sorted(questions) == sorted(answers) == list(range(1, len(questions) + 1))
    # No code cell gives an answer away: the answer lines live only in the folded Markdown.
    code = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "code")
    assert not [line for line in answers.values() if line in code]
    assert not re.search(r"^answer_\d+ = (?!None$)", code, re.M)


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_folded_answer_is_right_by_the_engine(name: str, tutorial_runs: dict[str, Runs]) -> None:
    printed = tutorial_runs[name].right
    for number, cell_id in question_cells(name).items():
        said = printed[cell_id]
        assert RIGHT in said and WRONG not in said, f"answer {number} of {name}: {said!r}"


def wrong(line: str) -> str:
    """A plausible wrong answer of the same kind as the model answer ``line``."""
    name, value = line.split(" = ", 1)
    answer = eval(value)  # the notebooks' own answer literals
    if isinstance(answer, set):
        answer = answer ^ {min(answer)}
    elif isinstance(answer, tuple):
        answer = (answer[0] + 1, answer[1])
    else:
        answer = answer + 1
    return f"{name} = {answer!r}"


@pytest.mark.parametrize("name", TUTORIALS)
def test_blank_and_wrong_answers_are_not_accepted(name: str, tutorial_runs: dict[str, Runs]) -> None:
    questions = question_cells(name)
    blank, wrong_answers = tutorial_runs[name].blank, tutorial_runs[name].wrong
    for number, cell_id in questions.items():
        assert ASK in blank[cell_id] and RIGHT not in blank[cell_id], number
        assert RIGHT not in wrong_answers[cell_id], (number, wrong_answers[cell_id])


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_code_cell_can_be_run_twice(name: str, tutorial_runs: dict[str, Runs]) -> None:
    runs = tutorial_runs[name]
    assert runs.right.keys() == runs.again.keys() and runs.right
    for cell_id, first in runs.right.items():
        assert first == runs.again[cell_id], f"{cell_id} printed something else when run again"


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_opens_with_its_aims_and_time_and_closes_with_what_was_learned(name: str) -> None:
    first, last = source(cells(name)[0]), source(cells(name)[-1])
    assert "**You will learn**" in first and re.search(r"\*\*Time:\*\* about \d+ minutes", first)
    assert "## What you learned" in last and re.search(r"\]\(0\d_\w+\.ipynb\)", last)  # and what comes next


@pytest.mark.parametrize("name", TUTORIALS)
def test_folded_code_cells_are_folded_in_every_renderer_that_can(name: str) -> None:
    for cell in cells(name):
        tagged = "hide-input" in cell["metadata"].get("tags", [])
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
        assert tagged == hidden, f"{cell['id']}: tag hide-input and jupyter.source_hidden go together"
        assert not (tagged and cell["cell_type"] != "code")
    markdown = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "markdown")
    assert markdown.count("<details>") == markdown.count("</details>") == len(model_answers(name))
