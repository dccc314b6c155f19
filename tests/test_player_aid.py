"""The player aid (docs/player-aid.html and .pdf) is what docs/player_aid.py makes now, on one page.

After a change to the glossary, the pictures or the script, ``make player-aid`` writes both again.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
REDO = "run `make player-aid` to write docs/player-aid.html and docs/player-aid.pdf again"
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


def test_the_html_is_what_the_script_writes_now() -> None:
    committed = (DOCS / "player-aid.html").read_text(encoding="utf-8")
    assert aid.build_html() == committed, f"docs/player-aid.html is out of date: {REDO}"


def test_the_title_carries_the_pages_hash() -> None:
    html = aid.build_html()
    title = aid.title_of(html)
    digest = title.rsplit(" ", 1)[-1]
    assert re.fullmatch(r"[0-9a-f]{12}", digest), title
    # The hash changes with the page: the glossary's words are part of it.
    words = aid.glossary()
    words["ranking"] = words["ranking"].replace("Fewest", "Least")
    assert aid.title_of(aid.build_html(words)) != title


def test_the_pdf_is_one_a4_page_printed_from_that_html() -> None:
    title, pages, (width, height) = pdf_facts((DOCS / "player-aid.pdf").read_bytes())
    html_title = aid.title_of((DOCS / "player-aid.html").read_text(encoding="utf-8"))
    assert title == html_title, f"docs/player-aid.pdf was not printed from this HTML: {REDO}"
    assert pages == 1, "the player aid must fit on one page"
    assert abs(width - A4[0]) < 1 and abs(height - A4[1]) < 1, f"not an A4 page: {width} × {height}"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (apt-get install poppler-utils)")
def test_the_page_prints_whole_on_a4_and_on_letter(tmp_path: Path) -> None:
    """Nothing is drawn where a printer cannot print, on A4 or centred on Letter paper at full size:
    Letter is 6 mm wider than A4 but 18 mm shorter."""
    from PIL import Image

    dpi = 36  # half a point a pixel
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-singlefile", str(DOCS / "player-aid.pdf"),
                    str(tmp_path / "page")], check=True, timeout=60)  # fmt: skip
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
    for name in ("refill", "next three tiles", "stack", "fulfilled", "to move", "turns in a row", "chain",
                 "last token", "no tile", "ranking", "beginner variant"):  # fmt: skip
        sentence = aid.inline(aid.plain(words[name]))
        assert sentence[1:] in html, f"the aid lost the glossary's words for {name!r}"
    steps = aid.turn_steps(words)
    assert [s.split(" ")[0] for s in steps] == ["Refill", "take", "move", "place", "put"]
    for step in steps:
        assert aid.sentence(step) in html
    assert "widget" not in html.replace("novaluna_widget", ""), "the paper aid has no widget"


def test_the_pictures_are_the_engines() -> None:
    html = aid.build_html()
    assert html.count("<svg ") == 4  # the wheel and the rulebook's examples 1, 2 and 7
    assert "<title>Nova Luna: &lt;Game 3 players" in html
    assert html.count("<title>Nova Luna area: Board(") == 3
    game = aid.wheel_position()
    assert game.players[game.current_player].name == "Player 3"
    assert game.choices() == [4, 5, 7]  # the empty wheel spaces 3 and 6 are skipped
