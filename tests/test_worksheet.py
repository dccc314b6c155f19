"""The printable worksheet: puzzles in boxes, the answer key on pages of its own, in every language."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest

from novaluna_widget._i18n import LANGUAGES
from novaluna_widget._render import board_svg, game_svg
from novaluna_widget.puzzles import generate
from novaluna_widget.puzzles.worksheet import save, worksheet

SEED = 3
COUNT = 6


def _parts(page: str) -> tuple[str, str]:
    """The puzzles' section and the answer key's."""
    found = re.search(
        r"<section class=\"puzzles\">(.*)</section>\s*<section class=\"key\">(.*)</section>", page, re.S
    )
    assert found, "no puzzles and answer key sections"
    return found[1], found[2]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_puzzle_has_a_box_and_its_answers_and_reasons_are_in_the_key(lang: str) -> None:
    page = worksheet(COUNT, seed=SEED, lang=lang)
    boxes, key = _parts(page)
    puzzles = generate(COUNT, seed=SEED, lang=lang)
    assert boxes.count("<article class='puzzle'>") == COUNT
    for puzzle in puzzles:
        assert escape(puzzle.question) in boxes
        assert escape(puzzle.explain()) in key and escape(puzzle.explain()) not in boxes
        for answer in puzzle.answers:
            assert escape(puzzle.label(answer)) in key
    assert f'<html lang="{lang}"' in page
    assert ('dir="rtl"' in page) == (lang == "fa")


def test_the_key_starts_a_new_sheet_and_the_boxes_stay_whole() -> None:
    page = worksheet(COUNT, seed=SEED)
    assert re.search(r"\.key \{[^}]*break-before: page", page)
    assert re.search(r"\.puzzle \{[^}]*break-inside: avoid", page)


def test_the_same_seed_makes_the_same_sheet_and_another_seed_another() -> None:
    assert worksheet(4, seed=SEED) == worksheet(4, seed=SEED)
    assert worksheet(4, seed=SEED) != worksheet(4, seed=SEED + 1)


def test_a_tasks_picture_does_not_show_which_are_fulfilled() -> None:
    """A question "which tasks are fulfilled?" is drawn with the area's tasks as in the game (no token on
    them), not as an area is drawn by default (a token on every fulfilled task)."""
    (puzzle,) = generate(1, seed=SEED, kinds=["fulfilled"])
    assert puzzle.seat is not None
    board = puzzle.game.players[puzzle.seat].board
    boxes, _ = _parts(worksheet(1, seed=SEED, kinds=["fulfilled"]))
    labels = [*board.tiles]
    assert board_svg(board, (), puzzle.seat, labels=labels, lang="en") in boxes
    assert board_svg(board, None, puzzle.seat, labels=labels, lang="en") not in boxes


def test_save_writes_the_html(tmp_path: Path) -> None:
    written = save(tmp_path / "sheet" / "w.html", 2, seed=SEED, lang="ja")
    assert written.read_text(encoding="utf-8") == worksheet(2, seed=SEED, lang="ja")


def _pdf_text(pdf: Path, first: int, last: int) -> str:
    """The text of pages ``first`` to ``last`` as pdftotext reads it."""
    done = subprocess.run(
        ["pdftotext", "-f", str(first), "-l", str(last), str(pdf), "-"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return done.stdout.decode("utf-8")


@pytest.mark.slow  # prints with Chromium: the full suite
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Chromium: bash .ci/install-chromium.sh")
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pdf_has_the_puzzles_then_the_key_on_a_page_of_its_own(tmp_path: Path, lang: str) -> None:
    pdf = save(tmp_path / "w.pdf", 4, seed=SEED, lang=lang)
    pages = int(re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf.read_bytes())[0])
    assert pages >= 2
    puzzles = generate(4, seed=SEED, lang=lang)  # four to a page: the key starts on page 2
    first, key = (" ".join(_pdf_text(pdf, *span).split()) for span in ((1, 1), (2, pages)))
    for puzzle in puzzles:
        assert " ".join(puzzle.question.split()) in first
        assert " ".join(puzzle.question.split()) not in key
        for answer in puzzle.answers:
            assert " ".join(puzzle.label(answer).split()) in key


def test_whose_turn_and_who_won_are_asked_with_a_picture_that_does_not_tell() -> None:
    """A game's picture says whose turn it is and who won: for those questions it is drawn as a quiz."""
    boxes, key = _parts(worksheet(4, seed=SEED, kinds=["next", "over"]))
    for puzzle in generate(4, seed=SEED, kinds=["next", "over"]):
        assert escape(puzzle.question) in boxes and escape(puzzle.explain()) in key
        assert game_svg(puzzle.game, lang="en", quiz=True) in boxes
        assert game_svg(puzzle.game, lang="en") not in boxes
    assert "to move" not in boxes and "wins" not in boxes
