"""The progress file in the widget (issue 34, points 3 and 5): file trouble said in the widget's language
with the attempt kept, a damaged file set aside on the learner's word, and a hint recorded however the
puzzle is left."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import NovaLunaWidget
from novaluna_widget._new_game import new_game
from novaluna_widget.puzzles import read_progress
from novaluna_widget.puzzles._trainer import PUZZLES_ENVIRONMENT

from .test_progress_file import V1
from .test_widget import intent, nothing_swallowed  # noqa: F401  (an autouse fixture)


def opened(path: Path) -> NovaLunaWidget:
    return NovaLunaWidget.puzzles(seed=3, kinds=["placement"], path=path)


def puzzle_of(w: NovaLunaWidget) -> dict[str, Any]:
    found: dict[str, Any] | None = w.state["puzzle"]
    assert found is not None
    return found


# -- 34.5: a hint is recorded on every way out of the puzzle --------------------------------------------
LEAVING = {
    "a move from Python": lambda w: w.play(w.game.legal_moves()[0]),
    "New game on the page": lambda w: intent(w, "new"),
    "New game from Python": lambda w: w.new_game(5),
    "another game shown": lambda w: setattr(w, "game", new_game(2, seed=8)),
    "an earlier turn shown": lambda w: w.show_turn(0),
    "Back to the game": lambda w: intent(w, "leave"),
}


@pytest.mark.parametrize("leave", LEAVING.values(), ids=LEAVING.keys())
def test_a_hint_is_recorded_however_the_puzzle_is_left(tmp_path: Path, leave: Any) -> None:
    path = tmp_path / "p.json"
    w = opened(path)
    intent(w, "hint")
    leave(w)
    assert w.state["mode"] == "playing" and w.last_error is None
    (attempt,) = read_progress(path).attempts
    assert attempt.hinted and not attempt.right


def test_a_language_switch_keeps_the_puzzle_and_its_hint_which_counts_once(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = opened(path)
    intent(w, "hint")
    shown = puzzle_of(w)["id"]
    intent(w, "language", lang="ja")
    assert puzzle_of(w)["id"] == shown and puzzle_of(w)["hints"]
    w.lang = "ru"
    intent(w, "next")
    intent(w, "leave")
    (attempt,) = read_progress(path).attempts
    assert attempt.hinted and attempt.puzzle == shown


# -- 34.3: file trouble in words, the attempt kept -------------------------------------------------------
def test_a_check_the_file_cannot_take_is_said_in_words_and_written_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    w = opened(path)
    w.lang = "ru"
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    intent(w, "reveal")  # gives the puzzle up: an attempt to record
    error = w.last_error
    assert error is not None and "internal error" not in error and str(path) in error
    assert "No space left on device" in error and "Файл прогресса" in error  # in the widget's language
    assert puzzle_of(w)["answers"] is not None  # the puzzle is answered all the same
    assert not read_progress(path).attempts
    monkeypatch.setattr(os, "fsync", real)
    intent(w, "next")  # the file takes it now
    assert w.last_error is None
    (attempt,) = read_progress(path).attempts
    assert attempt.shown


def test_a_damaged_file_is_said_in_words_and_set_aside_when_the_learner_presses_puzzles_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b'{"version": 1, "learner": ')
    monkeypatch.setenv(PUZZLES_ENVIRONMENT, str(path))
    w = NovaLunaWidget(seed=1)
    intent(w, "puzzles")
    error = w.last_error
    assert error is not None and "internal error" not in error
    assert str(path) in error and "Press Puzzles again to start afresh" in error
    assert w.state["mode"] == "playing" and path.read_bytes() == b'{"version": 1, "learner": '
    w.lang = "fa"
    intent(w, "puzzles")
    assert w.state["mode"] == "puzzle"
    (aside,) = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert aside.read_bytes() == b'{"version": 1, "learner": ' and str(aside) in (w.last_error or "")
    assert not path.exists()  # a fresh file, made at the first attempt


def test_an_older_file_is_migrated_and_the_learner_told_in_the_panel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(V1), encoding="utf-8")
    monkeypatch.setenv(PUZZLES_ENVIRONMENT, str(path))
    w = NovaLunaWidget(seed=1)
    with warnings.catch_warnings(record=True) as said:  # told once, in the panel, not as a warning too
        warnings.simplefilter("always")
        intent(w, "puzzles")
    assert [str(warning.message) for warning in said] == []
    assert w.state["mode"] == "puzzle" and puzzle_of(w)["rating"] == 1620
    assert "may come again" in (w.last_error or "")
