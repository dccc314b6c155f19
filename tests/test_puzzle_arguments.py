"""Answers and arguments of the puzzles under hostile use (issue 34, points 6 and 7): every shape the
docstrings offer is taken, anything else refused in words, and a failed worksheet save harms nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from novaluna_widget import Move
from novaluna_widget.puzzles import AnswerError, Trainer, generate, worksheet

from .untyped import as_passed

PUZZLES = {p.kind: p for p in generate(9, seed=1)}


@pytest.mark.parametrize("shape", [list, tuple, set, frozenset])
def test_a_puzzle_wanting_them_all_takes_a_list_tuple_or_set(shape: type) -> None:
    take = PUZZLES["take"]
    assert take.all and take.click == "space"
    right = shape(sorted(take.answers))
    assert take.check(right).right
    if len(take.answers) > 1:
        assert not take.check(shape(sorted(take.answers)[1:])).right


def test_numpy_integers_are_answers() -> None:
    (seat,) = PUZZLES["next"].answers
    assert isinstance(seat, int)
    assert PUZZLES["next"].check(as_passed(np.int64(seat))).right
    (cell,) = PUZZLES["placement"].answers
    assert isinstance(cell, tuple) and not isinstance(cell, Move) and len(cell) == 2
    assert PUZZLES["placement"].check(as_passed((np.int64(cell[0]), np.int32(cell[1])))).right
    assert PUZZLES["take"].check(np.array(sorted(PUZZLES["take"].answers)).tolist()).right


@pytest.mark.parametrize("kind", ["next", "over", "gain", "take", "strategy"])
def test_true_and_false_are_no_answer_for_any_puzzle(kind: str) -> None:
    for truth in (True, False):
        with pytest.raises(AnswerError, match=f"not {truth}"):
            PUZZLES[kind].check(truth)


@pytest.mark.parametrize(
    "answer", [(10**5000, 0), 10**5000, [10**5000], (0, 10**400)], ids=["cell", "number", "list", "y"]
)
def test_huge_numbers_are_refused_in_words(answer: object) -> None:
    for kind in ("placement", "take", "next"):
        with pytest.raises(AnswerError) as raised:
            PUZZLES[kind].check(as_passed(answer))
        assert "this puzzle takes" in str(raised.value) and len(str(raised.value)) < 400


def test_a_verdict_is_true_only_if_the_answer_is_right() -> None:
    next_ = PUZZLES["next"]
    (seat,) = next_.answers
    wrong = next(s for s in range(len(next_.game.players)) if s != seat)
    assert next_.check(seat) and not next_.check(wrong)


@pytest.mark.parametrize(
    ("n", "kw", "error", "says"),
    [
        (-1, {"seed": 1}, ValueError, "n is how many puzzles: a whole number, 0 or more, not -1"),
        (True, {"seed": 1}, ValueError, "not True"),
        (1.5, {"seed": 1}, ValueError, "not 1.5"),
        (1, {"seed": None}, TypeError, "a seed is a whole number, not None"),
        (1, {"seed": 1.5}, TypeError, "a seed is a whole number, not 1.5"),
        (1, {"seed": "abc"}, TypeError, "a seed is a whole number, not 'abc'"),
        (1, {"seed": True}, TypeError, "a seed is a whole number, not True"),
        (1, {"seed": 1, "kinds": []}, ValueError, "no kind of puzzle given; kinds are take"),
        (1, {"seed": 1, "kinds": 5}, TypeError, "kinds is a kind, a family or a list of them, not 5"),
    ],
)
def test_generate_refuses_bad_arguments_in_words(
    n: object, kw: dict[str, object], error: type, says: str
) -> None:
    with pytest.raises(error, match=says):
        generate(n, **kw)  # type: ignore[arg-type]


def test_generate_takes_numpy_numbers_and_zero() -> None:
    assert generate(0, seed=1) == []
    assert [p.id for p in generate(as_passed(np.int64(2)), seed=as_passed(np.int64(1)))] == [
        p.id for p in generate(2, seed=1)
    ]


def test_the_trainer_refuses_no_kinds_and_bad_seeds_in_words(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.json")
    with pytest.raises(ValueError, match="no kind of puzzle given"):
        trainer.next([])
    with pytest.raises(TypeError, match="a seed is a whole number, not None"):
        Trainer(tmp_path / "p.json", seed=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, -1, 2.5, True])
def test_a_worksheet_of_no_puzzles_is_refused(tmp_path: Path, n: object) -> None:
    with pytest.raises(ValueError, match="a worksheet has 1 puzzle or more"):
        worksheet.save(tmp_path / "w.html", n)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("n", ["-3", "0", "x"])
def test_the_worksheet_command_refuses_a_count_below_one(n: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        worksheet.main(["-n", n, "--out", "/nonexistent"])
    assert "-n is how many puzzles: 1 or more" in capsys.readouterr().err


def test_a_failed_worksheet_save_leaves_the_old_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "x.pdf"
    old.write_bytes(b"%PDF- the sheet of last week")
    monkeypatch.setattr(shutil, "which", lambda name: None)  # no Chromium
    with pytest.raises(FileNotFoundError, match="needs Chromium"):
        worksheet.save(old, 2)
    assert old.read_bytes() == b"%PDF- the sheet of last week"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]  # and no half-made file beside it
