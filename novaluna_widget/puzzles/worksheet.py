"""A printable worksheet of puzzles for a class, in any of the package's languages.

``worksheet(n, seed=…)`` is one HTML page: ``n`` puzzles (``generate``'s for that seed), each in a box
with its position's picture, its question and room for the answer, then, from a new sheet of paper on,
the answer key: every puzzle's right answers and the engine's explanation. A browser prints it (the
JupyterLite site has no other printer); ``save(path, …)`` writes the HTML, or with a ``.pdf`` path prints
it with headless Chromium. ``python -m novaluna_widget.puzzles.worksheet`` (``make worksheet``) writes
``docs/worksheet.pdf`` and ``docs/worksheet.{ru,ja,fa}.pdf`` for a fixed seed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Final

from .._i18n import LANGUAGES, RIGHT_TO_LEFT, Value, joined, msg, resolve, word
from .._render import board_svg, game_svg, tiles_svg, wheel_svg
from ._make import Puzzle, generate

__all__ = ["FONTS", "SEED", "chromium", "main", "print_pdf", "save", "worksheet"]

#: The seed of ``make worksheet``'s sheets.
SEED: Final = 24
#: How many puzzles ``make worksheet`` puts on a sheet, four to a page.
_COUNT: Final = 8
#: The font each language is printed in (Debian's, which ``.ci/install-chromium.sh`` installs), here and
#: in the player aid (``docs/player_aid.py``): DejaVu Sans has Cyrillic; Japanese and Persian have Noto
#: fonts of their own (Persian with DejaVu Sans for the Latin letters it lacks).
FONTS: Final = {
    "en": '"DejaVu Sans", system-ui, sans-serif',
    "ru": '"DejaVu Sans", system-ui, sans-serif',
    "ja": '"Noto Sans CJK JP", "DejaVu Sans", sans-serif',
    "fa": '"Noto Sans Arabic UI", "DejaVu Sans", sans-serif',
}
#: The kinds whose answer a game's picture says (whose turn it is, who won, which tiles are takeable):
#: their pictures are drawn as a quiz (``quiz=True``), and the others' as the game shows them.
_QUIZ: Final = frozenset({"take", "next", "over"})
#: Where Chromium may be, first found first used.
_CHROMIUMS: Final = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

_STYLE: Final = """
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 10pt/1.35 %(font)s; color: #1b1f33; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 6mm;
  border-bottom: 0.6mm solid #c9a227; padding-bottom: 1.5mm; margin-bottom: 3mm; }
h1 { font-size: 16pt; margin: 0; }
header p { margin: 0; white-space: nowrap; }
.blank { display: inline-block; width: 45mm; border-bottom: 0.3mm solid #1b1f33; }
.blank.short { width: 25mm; }
.how { margin: 0 0 3mm; color: #373d5c; }
.puzzles { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.puzzle { border: 0.35mm solid #5b6283; border-radius: 2mm; padding: 2.5mm; height: 118mm;
  display: flex; flex-direction: column; break-inside: avoid; overflow: hidden; }
.puzzle h2, .key h2 { font-size: 11pt; margin: 0 0 1.5mm; }
.pictures { flex: 1; min-height: 0; display: flex; gap: 2mm; align-items: center; justify-content: center; }
.pictures svg { max-width: 100%%; max-height: 100%%; width: auto; height: auto; }
.pictures svg.tile { max-width: 22mm; flex: none; }
.question { margin: 2mm 0 1.5mm; font-weight: 600; }
.answer { border-top: 0.3mm dotted #7a809c; height: 14mm; color: #7a809c; font-size: 8.5pt; }
.key { break-before: page; }
.key ol { margin: 0; padding-inline-start: 0; list-style: none; }
.key li { margin-bottom: 3mm; break-inside: avoid; }
.key .right { font-weight: 600; }
footer { margin-top: 4mm; font-size: 7.5pt; color: #7a809c; }
"""


def worksheet(
    n: int = _COUNT, *, seed: int = SEED, kinds: Iterable[str] | None = None, lang: str | None = None
) -> str:
    """The worksheet of ``n`` puzzles made from ``seed`` (of ``kinds``: kinds or families, None: all) as
    one HTML page, in ``lang`` (None: the package language): the puzzles four to
    an A4 page, then the answer key on pages of its own."""
    lang = resolve(lang)
    puzzles = generate(n, seed=seed, kinds=kinds, lang=lang)
    boxes = "\n".join(_box(i, p, lang) for i, p in enumerate(puzzles, 1))
    key = "\n".join(_key(i, p, lang) for i, p in enumerate(puzzles, 1))
    title = word(msg("Nova Luna puzzles"), lang)
    made = word(
        msg("Made with novaluna_widget from seed {seed}: the rules engine checked every answer.", seed=seed),
        lang,
    )
    name, date = word(msg("Name:"), lang), word(msg("Date:"), lang)
    how = msg(
        "Answer each question in its box. Name a cell by its (x, y) as the picture labels it, a task by "
        "its tile, a wheel space by its number."
    )
    direction = ' dir="rtl"' if lang in RIGHT_TO_LEFT else ""
    return f"""<!DOCTYPE html>
<html lang="{lang}"{direction}>
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>{_STYLE % {"font": FONTS[lang]}}</style>
</head>
<body>
<header><h1>{escape(title)}</h1>
<p>{escape(name)} <span class="blank"></span> {escape(date)} <span class="blank short"></span></p></header>
<p class="how">{escape(word(how, lang))}</p>
<section class="puzzles">
{boxes}
</section>
<section class="key">
<header><h1>{escape(word(msg("Answer key"), lang))}</h1></header>
<ol>
{key}
</ol>
<footer>{escape(made)}</footer>
</section>
</body>
</html>
"""


def _heading(index: int, lang: str) -> str:
    return escape(word(msg("Puzzle {n}", n=index), lang))


def _box(index: int, puzzle: Puzzle, lang: str) -> str:
    """One puzzle's box: its heading, pictures, question and a line for the answer."""
    pictures = "".join(_pictures(puzzle, lang))
    yours = word(msg("Your answer:"), lang)
    return (
        f"<article class='puzzle'><h2>{_heading(index, lang)}</h2>"
        f"<div class='pictures'>{pictures}</div>"
        f"<p class='question'>{escape(puzzle.question)}</p>"
        f"<div class='answer'>{escape(yours)}</div></article>"
    )


def _pictures(puzzle: Puzzle, lang: str) -> list[str]:
    """What the question is about: the area of ``seat`` (its tiles and the cells a tile may go to named,
    its tasks' tokens as they are in the game, so the picture never gives an answer away) with the tile
    to place; the wheel for a question about its spaces; else the whole table (not saying whose turn it is
    or who won when that is the question)."""
    game = puzzle.game
    if puzzle.seat is not None and puzzle.click in ("cell", "task"):
        player = game.players[puzzle.seat]
        board = player.board
        labels = [*board.tiles, *board.legal_cells()] if puzzle.click == "cell" else [*board.tiles]
        area = board_svg(board, player.covered, puzzle.seat, labels=labels, lang=lang)
        tile = (
            []
            if puzzle.tile is None
            else [tiles_svg([puzzle.tile], lang=lang).replace("<svg ", "<svg class='tile' ", 1)]
        )
        return [area, *tile]
    quiz = puzzle.kind in _QUIZ
    if puzzle.click == "space":
        return [wheel_svg(game, lang=lang, quiz=quiz)]
    return [game_svg(game, lang=lang, quiz=quiz)]


def _key(index: int, puzzle: Puzzle, lang: str) -> str:
    """One puzzle's entry in the answer key: its right answers, then why."""
    labels: list[Value] = [puzzle.label(a, lang) for a in sorted(puzzle.answers, key=repr)]
    answers = joined(labels)
    right = (
        msg("Any one of: {answers}", answers=answers)
        if not puzzle.all and len(labels) > 1
        else msg("Answer: {answers}", answers=answers)
    )
    return (
        f"<li><h2>{_heading(index, lang)}</h2><p class='right'>{escape(word(right, lang))}</p>"
        f"<p>{escape(puzzle.explain(lang))}</p></li>"
    )


def chromium() -> str:
    """The path of Chromium (or Chrome), else an error saying how to get it."""
    for name in _CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    raise FileNotFoundError("printing to PDF needs Chromium: apt-get install -y chromium")


def print_pdf(html: Path, pdf: Path) -> None:
    """Print the page ``html`` to ``pdf`` with headless Chromium (no header or footer; the page's size):
    the worksheet's and the player aid's PDFs."""
    pdf.unlink(missing_ok=True)
    subprocess.run(
        [
            chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--print-to-pdf={pdf.resolve()}",
            html.resolve().as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    if not pdf.exists():
        raise RuntimeError(f"Chromium printed nothing to {pdf}")


def save(
    path: str | Path,
    n: int = _COUNT,
    *,
    seed: int = SEED,
    kinds: Iterable[str] | None = None,
    lang: str | None = None,
) -> Path:
    """Write ``worksheet(n, …)`` to ``path``: the HTML page, or printed to PDF (with Chromium) if the
    path ends in ``.pdf``. Returns the path."""
    path = Path(path)
    page = worksheet(n, seed=seed, kinds=kinds, lang=lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() != ".pdf":
        path.write_text(page, encoding="utf-8")
        return path
    with tempfile.TemporaryDirectory() as folder:
        html = Path(folder) / f"{path.stem}.html"
        html.write_text(page, encoding="utf-8")
        print_pdf(html, path)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print the puzzle worksheet (and its answer key) to PDF.")
    parser.add_argument("--out", type=Path, default=Path("docs"), help="the folder to write into (docs)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the puzzles' seed ({SEED})")
    parser.add_argument("-n", type=int, default=_COUNT, help=f"how many puzzles ({_COUNT})")
    parser.add_argument(
        "--lang", action="append", choices=list(LANGUAGES), help="only this language (again for more)"
    )
    args = parser.parse_args(argv)
    for lang in args.lang or LANGUAGES:
        name = "worksheet.pdf" if lang == "en" else f"worksheet.{lang}.pdf"
        written = save(args.out / name, args.n, seed=args.seed, lang=lang)
        print(f"printed {written} ({args.n} puzzles, seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
