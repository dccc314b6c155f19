"""The player aid (docs/player-aid.html and .pdf, and docs/player-aid.{ru,ja,fa}.html and .pdf) is what
docs/player_aid.py makes now, on one sheet (front and back), in each language.

After a change to the glossary, the pictures, the translations (the engine's catalogues draw the pictures'
words) or the script, ``make player-aid`` writes them all again.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest

from novaluna_widget import Game

DOCS = Path(__file__).resolve().parent.parent / "docs"
REDO = "run `make player-aid` to write docs/player-aid.html and .pdf (and the .ru, .ja, .fa ones) again"
SEEDS = DOCS.parent.parent / "shared" / "seeds"
#: Paper sizes in PDF points (1/72 inch).
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
#: What a printer cannot print at a sheet's edge, about 5 mm, in points.
PRINTER_EDGE = 5 / 25.4 * 72


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("player_aid", DOCS / "player_aid.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("player_aid", module)
    spec.loader.exec_module(module)
    return module


aid = load_script()


def pdf_string(raw: bytes) -> str:
    """A PDF string object, ``<FEFF…>`` (UTF-16 in hex) or ``(…)`` (literal), as text."""
    if raw.startswith(b"<"):
        data = bytes.fromhex(raw[1:-1].decode("ascii"))
        return data[2:].decode("utf-16-be") if data.startswith(b"\xfe\xff") else data.decode("latin-1")
    text = raw[1:-1]
    text = re.sub(rb"\\([()\\])", rb"\1", text)
    return text.decode("utf-8") if not text.startswith(b"\xfe\xff") else text[2:].decode("utf-16-be")


def pdf_facts(pdf: bytes) -> tuple[str, int, tuple[float, float]]:
    """The title, page count and first page's size of a PDF as Chromium writes it (no object streams)."""
    title = re.search(rb"/Title\s*(<[0-9A-Fa-f]*>|\((?:\\.|[^\\)])*\))", pdf)
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)]
    box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert title and counts and box, "the PDF lacks a /Title, a /Pages /Count or a /MediaBox"
    x0, y0, x1, y1 = (float(n) for n in box.groups())
    return pdf_string(title[1]), max(counts), (x1 - x0, y1 - y0)


LANGUAGES = aid.LANGUAGES


def test_there_is_an_aid_in_every_language_of_the_engine() -> None:
    from novaluna_widget._i18n import LANGUAGES as ENGINE

    assert list(LANGUAGES) == list(ENGINE)
    assert aid.paths("en") == (DOCS / "player-aid.html", DOCS / "player-aid.pdf")
    assert aid.paths("fa") == (DOCS / "player-aid.fa.html", DOCS / "player-aid.fa.pdf")
    with pytest.raises(ValueError):
        aid.paths("de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_html_is_what_the_script_writes_now(lang: str) -> None:
    html, _ = aid.paths(lang)
    committed = html.read_text(encoding="utf-8")
    assert aid.build_html(lang=lang) == committed, f"docs/{html.name} is out of date: {REDO}"


def test_the_title_carries_the_pages_hash() -> None:
    html = aid.build_html()
    title = aid.title_of(html)
    digest = title.rsplit(" ", 1)[-1]
    assert re.fullmatch(r"[0-9a-f]{12}", digest), title
    # The hash changes with the page: the glossary's words are part of it.
    words = aid.glossary()
    words["ranking"] = words["ranking"].replace("Fewest", "Least")
    assert aid.title_of(aid.build_html(words)) != title


@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_every_language_titles_its_page_with_its_hash(lang: str) -> None:
    title = aid.title_of(aid.build_html(lang=lang))
    found = re.findall(r"[0-9a-f]{12}", title)
    assert len(found) == 1 and title == aid.SHEETS[lang].title.format(found[0])
    changed = dataclasses.replace(aid.SHEETS[lang], legend=aid.SHEETS[lang].legend + "!")
    try:
        aid.SHEETS[lang] = changed
        assert aid.title_of(aid.build_html(lang=lang)) != title
    finally:
        aid.SHEETS[lang] = dataclasses.replace(changed, legend=changed.legend[:-1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pdf_is_one_a4_page_printed_from_that_html(lang: str) -> None:
    html, pdf = aid.paths(lang)
    title, pages, (width, height) = pdf_facts(pdf.read_bytes())
    html_title = aid.title_of(html.read_text(encoding="utf-8"))
    assert title == html_title, f"docs/{pdf.name} was not printed from this HTML: {REDO}"
    assert pages == 2, "the player aid is one sheet: the turn on the front, set-up and solo on the back"
    assert abs(width - A4[0]) < 1 and abs(height - A4[1]) < 1, f"not an A4 page: {width} × {height}"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (apt-get install poppler-utils)")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_prints_whole_on_a4_and_on_letter(lang: str, tmp_path: Path) -> None:
    """Nothing is drawn where a printer cannot print, on A4 or centred on Letter paper at full size:
    Letter is 6 mm wider than A4 but 18 mm shorter."""
    from PIL import Image

    dpi = 36  # half a point a pixel
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-gray",
            "-png",
            "-singlefile",
            str(aid.paths(lang)[1]),
            str(tmp_path / "page"),
        ],
        check=True,
        timeout=60,
    )
    ink = Image.open(tmp_path / "page.png").point(lambda v: 255 if v < 245 else 0).getbbox()
    assert ink is not None, "the page is blank"
    left, top, right, bottom = (n * 72 / dpi for n in ink)
    width, height = A4
    margin_y = (height - LETTER[1]) / 2 + PRINTER_EDGE
    assert left >= PRINTER_EDGE and right <= width - PRINTER_EDGE, (left, right)
    assert top >= margin_y and bottom <= height - margin_y, (top, bottom, margin_y)


def test_the_aid_speaks_the_glossarys_words() -> None:
    html = aid.build_html()
    words = aid.glossary()
    for name in (
        "refill",
        "next three tiles",
        "stack",
        "fulfilled",
        "to move",
        "turns in a row",
        "chain",
        "last token",
        "no tile",
        "ranking",
        "beginner variant",
    ):
        sentence = aid.inline(aid.plain(words[name]))
        assert sentence[1:] in html, f"the aid lost the glossary's words for {name!r}"
    steps = aid.turn_steps(words)
    assert [s.split(" ")[0] for s in steps] == ["Refill", "take", "move", "place", "put"]
    for step in steps:
        assert aid.sentence(step) in html
    assert "widget" not in html.replace("novaluna_widget", ""), "the paper aid has no widget"


def test_the_back_has_the_set_up_what_a_turn_leaves_out_and_the_solo_game() -> None:
    html = aid.build_html()
    back = html[html.index('<main class="back">') :]
    for said in (
        "one face up on each of the other 11 wheel spaces",
        "the moon marker by the new moon",
        "drawn blind one by one and stacked in the order drawn",
        "fill as many empty wheel spaces as it can",
        "You must take a tile:</b> you cannot pass",
        "The order of a task's colours does not matter",
        "its tile still counts for every other task and chain",
        "two stacks, 8 and 13",
        "plus 10 for each of the 8 tokens not placed",
        "phase-1 tiles count twice",
        "You cannot swap tiles on the wheel",
    ):
        assert said in back, said
    for lang in LANGUAGES:
        sheet = aid.sheet(lang, aid.glossary() if lang == "en" else None)
        parts = (sheet.setup, sheet.details, sheet.solo)
        assert [len(points) for _, points in parts] == [4, 4, 5] and len(sheet.anatomy[1]) == 5, lang
        html = aid.build_html(lang=lang)
        assert all(point in html for _, points in (*parts, sheet.anatomy) for point in points), lang


def test_the_back_shows_a_tiles_anatomy_as_the_tile_data_has_it() -> None:
    from novaluna_widget import TILES, tile

    html = aid.build_html()
    back = html[html.index('<main class="back">') :]
    anatomy = back[back.index('<section class="anatomy">') :]
    assert "<title>Nova Luna tiles: R15, B01</title>" in anatomy  # the engine's picture of the two tiles
    shown, bare = tile("R15"), tile("B01")
    assert (shown.cost, len(shown.tasks), bare.cost, len(bare.tasks)) == (6, 3, 1, 0)
    assert "R15 has three, B01 none (no cost-1 tile has a task)" in anatomy
    assert all(not t.tasks for t in TILES if t.cost == 1) and {"teal": 1, "yellow": 1} in map(
        dict, shown.tasks
    )
    for said in (
        "<b>Cost</b> (1–7), in the top-left corner",
        "<b>0–3 tasks</b>",
        "<b>One dot, one tile:</b> each dot of a task stands for one tile of its colour",
        "R15's “1 teal + 1 yellow” needs one teal tile and one yellow tile",
        "<b>The tile's turn does not matter:</b>",
        "<b>A tile may fulfil nothing:</b>",
    ):
        assert said in anatomy, said
    assert {t.cost for t in TILES} == set(range(1, 8)) and {len(t.tasks) for t in TILES} == {0, 1, 2, 3}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_counts_the_solo_game_its_back_explains(lang: str) -> None:
    sheet = aid.sheet(lang, aid.glossary() if lang == "en" else None)
    assert sheet.solo[1], "the back has the solo rules"
    counted = {"en": "1–4 players", "ru": "1–4 игрока", "ja": "1〜4人用", "fa": "برای ۱ تا ۴ بازیکن"}[lang]
    assert sheet.byline.startswith(counted) and "2–4" not in sheet.byline and "۲ تا ۴" not in sheet.byline


def test_the_pictures_are_the_engines() -> None:
    html = aid.build_html()
    assert html.count("<svg ") == 5  # the wheel, the rulebook's examples 1, 2 and 7, and a tile's anatomy
    assert "<title>Nova Luna: a 3-player game, seed 109, turn 5, Player 3 to move</title>" in html
    assert html.count("<title>Nova Luna area: ") == 3
    game = aid.wheel_position()
    assert game.players[game.current_player].name == "Player 3"
    assert game.choices() == [3, 5, 6] and game.marker == 1  # the empty wheel spaces 2 and 4 are skipped
    # The caption's stack: players 2 and 3 share the rearmost track space, 3 on top; player 1 is ahead.
    track = game.moon_track()
    assert track is not None and track[min(track)] == [1, 2] and len(track) == 2


def reached(game: Game) -> None:
    """Assert that ``game`` is a position a game reaches: its deal, replayed move by move, gives it."""
    again = Game([p.name for p in game.players], seed=game.seed)
    for action in game.history:
        again.play(action)
    assert game.history, "no move was played: the position was set up, not reached"
    assert [t and t.id for t in again.wheel] == [t and t.id for t in game.wheel]
    assert [t.id for t in again.draw_pile] == [t.id for t in game.draw_pile]
    assert (again.marker, again.moon_track()) == (game.marker, game.moon_track())
    for mine, theirs in zip(game.players, again.players, strict=True):
        assert (mine.time, mine.tokens, dict(mine.board.tiles)) == (
            theirs.time,
            theirs.tokens,
            dict(theirs.board.tiles),
        )
        assert mine.time == sum(t.cost for t in mine.board.tiles.values())
    on_wheel = sum(t is not None for t in game.wheel)
    placed = sum(len(p.board.tiles) for p in game.players)
    assert on_wheel + len(game.draw_pile) + placed == 68 and game.wheel[game.marker] is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_wheels_picture_is_a_position_a_game_reaches(lang: str) -> None:
    reached(aid.wheel_position(lang))


# -- the aid in Russian, Japanese and Persian ------------------------------------------------------------
#: Each rulebook's own words for the moon wheel, the moon marker, the ring of wheel spaces, the draw pile and
#: the moon track (docs/glossary.{ru,ja,fa}.md says where each stands in the rulebook).
RULEBOOK_WORDS = {
    "ru": ["Лунный Диск", "Мипл", "трек выбора", "резерв", "лунном треке"],
    "ja": ["月の輪", "月トークン", "選択トラック", "山札", "月トラック"],
    "fa": ["چرخ ماه", "نشانگر ماه", "ردیف انتخاب", "ستون\u200cهای کاشی", "ردیف ماه"],
}
#: Unicode's bidirectional controls, which pdftotext puts around right-to-left runs.
_BIDI = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


def pdf_text(pdf: Path) -> str:
    """The text of a PDF as pdftotext reads it, in logical order and without presentation forms."""
    done = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, timeout=60)
    return unicodedata.normalize("NFKC", done.stdout.decode("utf-8")).translate(_BIDI)


def texts(sheet: object) -> list[str]:
    """Every text of a sheet of the aid (its title with ``{}`` where its hash goes)."""
    found: list[str] = []
    for value in dataclasses.astuple(sheet):  # type: ignore[call-overload]
        items = value.values() if isinstance(value, dict) else value if isinstance(value, tuple) else [value]
        for item in items:
            found.extend(item if isinstance(item, tuple) else [item])
    return [text for text in found if isinstance(text, str)]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_each_aid_speaks_its_rulebooks_words(lang: str) -> None:
    text = re.sub(r"\s+", " ", pdf_text(aid.paths(lang)[1]))
    for words in RULEBOOK_WORDS[lang]:
        assert words in text.replace("\u00a0", " "), f"the {lang} aid lacks {words!r}"
    rulebook = SEEDS / f"novaluna_rules_{lang}.txt"
    if rulebook.exists():  # the rulebook's extracted text lost its zero-width non-joiners
        said = rulebook.read_text(encoding="utf-8")
        assert all(words.replace("\u200c", "") in said for words in RULEBOOK_WORDS[lang])
    assert "player aid" not in text and "Your turn" not in text  # the aid's own words are translated


@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_the_pictures_are_drawn_in_the_pages_language(lang: str) -> None:
    html = aid.build_html(lang=lang)
    assert html.count("<svg ") == html.count(f" lang='{lang}'") == 5
    assert f'<html lang="{lang}"' in html
    game = aid.wheel_position(lang)
    assert [p.name for p in game.players] == list(aid.SHEETS[lang].players or ())
    assert game.players[game.current_player].name == aid.SHEETS[lang].players[2]
    assert game.choices() == [3, 5, 6]


def test_the_persian_aid_is_right_to_left_with_persian_digits() -> None:
    html = aid.build_html(lang="fa")
    assert '<html lang="fa" dir="rtl">' in html and "list-style-type: persian" in html
    assert html.count("direction='ltr'") == 5  # the pictures' geometry stays as it is
    words = " ".join(texts(aid.SHEETS["fa"]))
    assert not re.search("[0-9]", re.sub(r"docs/glossary\.fa\.md|\{\}", "", words)), "an ASCII digit"
    assert not re.search("[\u064a\u0643\u0660-\u0669]", html), "Arabic yeh, kaf or digits, not Persian ones"
    assert "توکن\u200cهای" in html and "می\u200cشمارد" in html  # the non-joiner where Persian needs it
    wheel = re.search(r"<figure class='wheel'>(.*?)</figure>", html, re.S)
    assert wheel and "۵۷" in wheel[1]  # the draw pile's count in the picture, in Persian digits


def test_japanese_has_no_spaces_between_words() -> None:
    japanese = "[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]"
    assert len(texts(aid.SHEETS["ja"])) > 20
    for text in texts(aid.SHEETS["ja"]):
        assert not re.search(f"{japanese} | {japanese}", text), text


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="needs fontconfig's fc-list")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_is_written_in_a_font_this_machine_has(lang: str) -> None:
    """The first font each page names is installed (.ci/install-chromium.sh installs them), so no page is
    printed in a fallback font, or in boxes."""
    font = aid.FONTS[lang].split(",")[0].strip('"')
    done = subprocess.run(
        ["fc-list", f":family={font}", "family"], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip(), f"no font {font!r} for the {lang} aid: run bash .ci/install-chromium.sh"
