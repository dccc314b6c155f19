"""The learner names themselves in the puzzle panel (issue 35, point 3): the name goes into their progress
file, where the teacher's ``class_report`` reads it; a name no file can keep is refused in words, the file
as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from novaluna_widget import NovaLunaWidget
from novaluna_widget.puzzles import class_report, read_progress

from .test_widget import intent, nothing_swallowed  # noqa: F401  (an autouse fixture)


def opened(path: Path) -> NovaLunaWidget:
    return NovaLunaWidget.puzzles(seed=3, kinds=["take"], path=path)


def test_the_name_typed_in_the_panel_is_kept_in_the_progress_file_and_named_in_the_report(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pupil7.json"
    w = opened(path)
    assert w.state["puzzle"]["learner"] is None
    intent(w, "learner", name="  Ada Lovelace ")
    assert w.last_error is None and w.state["puzzle"]["learner"] == "Ada Lovelace"
    assert read_progress(path).name == "Ada Lovelace"
    intent(w, "reveal")  # an attempt after the name: the name stays
    assert list(class_report(tmp_path).table.index) == ["Ada Lovelace"]
    again = opened(path)  # a new widget on the same file shows the name in its field
    assert again.state["puzzle"]["learner"] == "Ada Lovelace"


@pytest.mark.parametrize("name", ["", "   ", "a" * 101, "Ada\nLovelace", 7, None])
def test_a_name_no_file_can_keep_is_refused_in_words_and_nothing_changes(
    tmp_path: Path, name: object
) -> None:
    path = tmp_path / "p.json"
    w = opened(path)
    intent(w, "learner", name="Bo")
    before = path.read_bytes()
    intent(w, "learner", name=name)
    assert w.last_error is not None and "name" in w.last_error and "printable" in w.last_error
    assert path.read_bytes() == before and w.state["puzzle"]["learner"] == "Bo"


def test_the_name_is_the_puzzles_own(tmp_path: Path) -> None:
    w = NovaLunaWidget(seed=1)
    intent(w, "learner", name="Ada")
    assert w.last_error is not None and "Puzzles" in w.last_error
