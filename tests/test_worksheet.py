"""The printable worksheet: puzzles in boxes, the answer key on pages of its own, in every language."""

from __future__ import annotations

import functools
import html
import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest

from novaluna_widget._i18n import LANGUAGES, cmsg, msg, word
from novaluna_widget._render import COVER_OPACITY, board_svg
from novaluna_widget.puzzles import KINDS, RULES, Puzzle, generate
from novaluna_widget.puzzles._paper import WIDE
from novaluna_widget.puzzles.worksheet import SEED as WORKSHEET_SEED
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
    assert len(re.findall("<article class='puzzle[ 'w]", boxes)) == COUNT
    for puzzle in puzzles:
        assert escape(puzzle.written()) in boxes
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
    token = f"fill-opacity='{COVER_OPACITY}'"
    assert board_svg(board, None, puzzle.seat, labels=True).count(token) == len(board.fulfilled_tasks()) > 0
    assert token not in boxes
    assert all(f">{tile.id} " in boxes for tile in board.tiles.values())


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
        assert " ".join(puzzle.written().split()) in first
        assert " ".join(puzzle.written().split()) not in key
        for answer in puzzle.answers:
            assert " ".join(puzzle.label(answer).split()) in key


def test_whose_turn_and_who_won_are_asked_with_a_picture_that_does_not_tell() -> None:
    """A game's picture says whose turn it is and who won: for those questions it is drawn as a quiz."""
    boxes, key = _parts(worksheet(4, seed=SEED, kinds=["next", "over"]))
    for puzzle in generate(4, seed=SEED, kinds=["next", "over"]):
        assert escape(puzzle.written()) in boxes and escape(puzzle.explain()) in key
    assert "to move" not in boxes and "wins" not in boxes


# -- made for paper (issue 35) -------------------------------------------------------------------------
ALL = len(KINDS)  # one puzzle of every kind


def _boxes(page: str) -> dict[int, str]:
    """Each box's markup by its puzzle's number on the sheet."""
    boxes, _ = _parts(page)
    found = re.findall(
        r"<article class='puzzle[^']*' data-kind='\w+'><h2>\D*(\d+)</h2>(.*?)</article>", boxes, re.S
    )
    return {int(n): body for n, body in found}


def _entries(page: str) -> dict[int, str]:
    """Each answer key entry's markup by its puzzle's number."""
    _, key = _parts(page)
    return {int(n): body for n, body in re.findall(r"<li><h2>\D*(\d+)</h2>(.*?)</li>", key, re.S)}


def _words(markup: str) -> str:
    """The words a reader sees: the markup without tags, SVG titles and labels."""
    markup = re.sub(r"<title>.*?</title>|<style>.*?</style>|aria-label='[^']*'", "", markup, flags=re.S)
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", markup).split()))


@functools.cache
def _sheet(lang: str = "en") -> str:
    """``worksheet(ALL, seed=SEED, lang=lang)``, made once for the tests that read it."""
    return worksheet(ALL, seed=SEED, lang=lang)


@functools.cache
def _sheet_order(lang: str = "en") -> tuple[Puzzle, ...]:
    """The puzzles of ``worksheet(ALL, seed=SEED)`` in the order the sheet prints them (made once)."""
    made = generate(ALL, seed=SEED, lang=lang)
    return (*[p for p in made if p.kind not in WIDE], *[p for p in made if p.kind in WIDE])


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_sheet_asks_to_write_or_circle_and_never_to_click(lang: str) -> None:
    page = _sheet(lang)
    click = {"en": "click", "ru": "нажми", "ja": "クリック", "fa": "کلیک"}[lang]
    assert click not in _words(page).lower()
    for number, puzzle in enumerate(_sheet_order(lang), 1):
        assert escape(puzzle.written()) in _boxes(page)[number]
    english = _words(_sheet())
    assert "Circle them all in the picture" in english and "Write the name of the player" in english


def test_a_choice_is_offered_to_circle() -> None:
    page = _sheet()
    for number, puzzle in enumerate(_sheet_order(), 1):
        if puzzle.click == "choice":
            offered = re.search(r"<p class='choices'>(.*?)</p>", _boxes(page)[number], re.S)
            assert offered and "Circle one:" in offered[1]
            assert all(f"<span>{escape(puzzle.label(c))}</span>" in offered[1] for c in puzzle.choices)


def test_every_cell_the_sheet_names_is_labelled_in_black_in_its_picture() -> None:
    """A cell named in a question or the key, "(0, 2)", is written under that cell in the box's picture,
    in black (the screen's pale grey fades on a copier)."""
    page = _sheet()
    boxes, entries = _boxes(page), _entries(page)
    assert len(boxes) == len(entries) == ALL
    named = 0
    for number, body in boxes.items():
        labels = set(re.findall(r"<text[^>]*fill='#000'>(?:\w+ )?(\(-?\d+, -?\d+\))</text>", body))
        said = set(re.findall(r"\(-?\d+, -?\d+\)", _words(entries[number]) + " " + _words(body)))
        assert said <= labels, (number, said - labels)
        named += len(said)
    assert named > 10


def test_the_track_markers_that_decide_whose_turn_are_a_centimetre_across() -> None:
    """The "whose turn" box draws the moon track's markers on a strip of its own, each marker about 1 cm
    across with its player's number 5 mm high, the track spaces' numbers as large (they were about 1 mm
    on the wheel), and says whose each number is."""
    (puzzle,) = generate(1, seed=SEED, kinds=["next"])
    page = worksheet(1, seed=SEED, kinds=["next"])
    body = _boxes(page)[1]
    svg = re.search(r"<svg[^>]*viewBox='0 0 ([\d.]+) [\d.]+' width='([\d.]+)mm'.*?</svg>", body, re.S)
    assert svg
    scale = float(svg[2]) / float(svg[1])  # mm per unit
    radii = [float(r) * scale for r in re.findall(r"<circle [^>]*r='([\d.]+)'", svg[0])]
    sizes = [float(s) * scale for s in re.findall(r"font-size='([\d.]+)'", svg[0])]
    game = puzzle.game
    assert len(radii) == len(game.players) and min(radii) >= 4.0
    assert min(sizes) >= 4.0
    for seat, player in enumerate(game.players):
        assert f"data-seat='{seat}'" in svg[0]
        assert re.search(rf">{player.space}</text>", svg[0])
    assert all(f"Player {seat + 1}" in _words(body) for seat in range(len(game.players)))


def test_a_strategy_puzzle_shows_every_area_and_the_moon_track_beside_the_wheel() -> None:
    """The coach's choice depends on the areas (and the moon track), not on the wheel alone; the whole
    table gets a page's width, the wheel and the player's area 7 cm and more."""
    (puzzle,) = generate(1, seed=SEED, kinds=["strategy"])
    body = _boxes(worksheet(1, seed=SEED, kinds=["strategy"]))[1]
    game = puzzle.game
    assert body.count("aria-label='Nova Luna area") == len(game.players)
    assert len(re.findall(r"class='marker'", body)) == len(game.players)
    for seat, player in enumerate(game.players):
        assert f"Player {seat + 1}: {player.tokens} tokens left, track space {player.space}" in _words(body)
    widths = [float(w) for w in re.findall(r"<svg[^>]*width='([\d.]+)mm'", body)]
    assert sorted(widths)[-2] >= 70


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_moon_track_has_one_name_on_the_sheet(lang: str) -> None:
    """The key says "track space 23": the sheet never gives a marker's place as the screen's "time 47",
    and every track space the key names is printed in the box's pictures."""
    page = _sheet(lang)
    words = _words(page)
    for puzzle in _sheet_order(lang):
        for player in puzzle.game.players:
            time = cmsg(
                "a player's panel in a game's picture", "{tokens} · time {time}", tokens="", time=player.time
            )
            assert word(time, lang).replace("·", "").strip() not in words
    english = _sheet()
    named = 0
    for number, entry in _entries(english).items():
        for space in re.findall(r"track space (\d+)", _words(entry)):
            assert f">{space}</text>" in _boxes(english)[number]
            named += 1
    assert named


def test_the_key_labels_a_strategy_refill_as_advice() -> None:
    # The curated set's strategy puzzle whose answer is a refill.
    (puzzle,) = generate(1, seed=3, kinds=["strategy"])
    assert puzzle.answers == {"refill"}
    entry = _entries(worksheet(1, seed=3, kinds=["strategy"]))[1]
    assert "Answer: refill the wheel first" in _words(entry) and "you may refill" not in entry
    (refill,) = generate(1, seed=24, kinds=["refill"])
    assert refill.label("refill") == "you may refill"


@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_the_key_heading_and_the_choices_are_in_the_sheets_language(lang: str) -> None:
    """Words made inside an f-string are never extracted for translation: these were English in every
    language."""
    page = worksheet(4, seed=SEED, kinds=["refill"], lang=lang)
    _, key = _parts(page)
    heading = re.search(r"<header><h1>(.*?)</h1>", key)
    assert heading and heading[1] == msg("Answer key").in_language(lang) != "Answer key"
    circle = msg("Circle one:").in_language(lang)
    assert circle != "Circle one:" and f"<p class='choices'>{escape(circle)} " in page


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_key_entry_says_the_rule_behind_its_answer(lang: str) -> None:
    page = _sheet(lang)
    entries = _entries(page)
    for number, puzzle in enumerate(_sheet_order(lang), 1):
        rule = re.search(r"<p class='rule'>(.*?)</p>", entries[number])
        assert rule and escape(puzzle.rule_words()) in rule[1]
    assert {p.rule for p in generate(ALL, seed=SEED)} <= set(RULES)


def test_an_unknown_paper_size_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'a5'.*a4, letter"):
        worksheet(1, seed=SEED, paper="a5")


def _pages(pdf: Path) -> list[tuple[float, float, str]]:
    """Each page's size in mm and its words, as pdfinfo and pdftotext read them."""
    info = subprocess.run(["pdfinfo", "-l", "99", str(pdf)], check=True, capture_output=True, text=True)
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info.stdout)
    return [
        (float(w) * 25.4 / 72, float(h) * 25.4 / 72, " ".join(_pdf_text(pdf, i, i).split()))
        for i, (w, h) in enumerate(sizes, 1)
    ]


@pytest.mark.slow  # prints with Chromium: the full suite
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Chromium: bash .ci/install-chromium.sh")
@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="needs pdfinfo (poppler-utils)")
@pytest.mark.parametrize(("paper", "size"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_the_sheet_prints_on_a4_and_letter_four_boxes_to_a_page(
    tmp_path: Path, paper: str, size: tuple[float, float]
) -> None:
    """Each page is the paper's size; the first four puzzles fill the first page whole (none cut off
    onto the next), and a whole-table puzzle has a page of its own."""
    pdf = save(tmp_path / "w.pdf", ALL, seed=SEED, lang="en", paper=paper)
    pages = _pages(pdf)
    assert all(abs(w - size[0]) < 1 and abs(h - size[1]) < 1 for w, h, _ in pages)
    order = _sheet_order()
    first = pages[0][2]
    for puzzle in order[:4]:
        assert " ".join(puzzle.written().split()) in first
    assert " ".join(order[4].written().split()) not in first
    for puzzle in order[-len(WIDE) :]:
        alone = [text for _, _, text in pages if " ".join(puzzle.written().split()) in text]
        assert len(alone) == 1 and sum(p.written()[:30] in alone[0] for p in order) == 1


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_committed_worksheets_are_the_ones_make_worksheet_prints(lang: str) -> None:
    """README names docs/worksheet*.pdf: each language's is in the repository, with this code's questions
    and the key's heading in its language."""
    pdf = Path(__file__).parents[1] / "docs" / ("worksheet.pdf" if lang == "en" else f"worksheet.{lang}.pdf")
    assert pdf.exists(), f"{pdf.name} is missing: make worksheet"
    if shutil.which("pdftotext") is None:
        pytest.skip("needs pdftotext (poppler-utils)")
    text = "".join(_pdf_text(pdf, 1, 99).split())  # no spaces: pdftotext breaks Japanese lines with one
    assert "".join(msg("Answer key").in_language(lang).split()) in text
    made = generate(8, seed=WORKSHEET_SEED, lang=lang)
    first = next(p for p in made if p.kind not in WIDE)
    assert "".join(first.written().split())[:25] in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_wheels_space_numbers_print_black_and_large_enough_to_circle(paper: str) -> None:
    """ "Circle the numbers of their wheel spaces": on the wheel they are pale, 1.5 mm high; the sheet
    prints them again around it, black, at least 2.5 mm high on either paper."""
    body = _boxes(worksheet(1, seed=SEED, kinds=["take"], paper=paper))[1]
    svg = re.search(r"<svg[^>]*viewBox='0 0 ([\d.]+) [\d.]+' width='([\d.]+)mm'.*</svg>", body, re.S)
    assert svg
    scale = float(svg[2]) / float(svg[1])
    numbers = re.findall(
        r"<text class='wheel-space'[^>]*font-size='([\d.]+)'[^>]*fill='#000'>(\d+)</text>", svg[0]
    )
    assert [int(n) for _, n in numbers] == list(range(12))
    assert min(float(size) for size, _ in numbers) * scale >= 2.5
