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
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Final

from .._board import whole_number
from .._i18n import LANGUAGES, RIGHT_TO_LEFT, Value, joined, msg, quote, resolve, word
from ._make import Puzzle, generate
from ._paper import WIDE, Room, figures

__all__ = ["FONTS", "PAPERS", "SEED", "chromium", "main", "print_pdf", "save", "worksheet"]

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
#: Where Chromium may be, first found first used.
_CHROMIUMS: Final = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: The paper sizes a sheet is made for: the page's CSS size and its boxes' heights in mm (a half-width
#: box, four to a page; a box a page wide, for a question about the whole table). The page's width is
#: A4's on both (Letter is 6 mm wider); Letter is 18 mm shorter.
PAPERS: Final[dict[str, tuple[str, float, float]]] = {
    "a4": ("A4", 114.0, 250.0),
    "letter": ("letter", 104.0, 232.0),
}
#: What a box keeps for its heading, question, answer and padding; the rest is its pictures' (mm).
_WORDS_ROOM: Final = 46.0
_HALF_WIDTH: Final = 84.0
#: What the first page's header and instructions take (mm).
_HEADER: Final = 30.0
_FULL_WIDTH: Final = 180.0

_STYLE: Final = """
@page { size: %(size)s; margin: 14mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 10pt/1.35 %(font)s; color: #000; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 6mm;
  border-bottom: 0.6mm solid #000; padding-bottom: 1.5mm; margin-bottom: 3mm; }
h1 { font-size: 16pt; margin: 0; }
header p { margin: 0; white-space: nowrap; }
.blank { display: inline-block; width: 45mm; border-bottom: 0.3mm solid #000; }
.blank.short { width: 25mm; }
.how { margin: 0 0 3mm; }
.puzzles { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.puzzle { border: 0.35mm solid #000; border-radius: 2mm; padding: 2.5mm; height: %(half)smm;
  display: flex; flex-direction: column; break-inside: avoid; overflow: hidden; }
.puzzle.wide { grid-column: 1 / -1; height: %(wide)smm; break-before: page; }
.puzzle.wide:first-child { height: %(first)smm; break-before: auto; }
.puzzle h2, .key h2 { font-size: 11pt; margin: 0 0 1.5mm; }
.pictures { flex: 1; min-height: 0; display: flex; gap: 2mm; align-items: center; justify-content: center; }
.wide .pictures { flex-direction: column; }
.pictures > figure, .pictures .row { display: flex; gap: 2mm; align-items: center; }
.pictures .row { flex-direction: row; align-items: flex-end; justify-content: center; gap: 4mm; }
figure { margin: 0; display: flex; flex-direction: column; align-items: center; }
figcaption { font-size: 9pt; margin-top: 1mm; text-align: center; max-width: 84mm; }
.disc { display: inline-block; min-width: 4.2mm; height: 4.2mm; border-radius: 50%%; border: 0.3mm solid;
  text-align: center; font-weight: 800; font-size: 8pt; line-height: 3.8mm; }
.who { white-space: nowrap; margin-inline-end: 3mm; }
.question { margin: 2mm 0 1.5mm; font-weight: 600; }
.choices { margin: 0 0 1mm; }
.choices span { display: inline-block; border: 0.3mm solid #000; border-radius: 1.5mm; padding: 0 1.5mm;
  margin-inline-end: 2mm; }
.answer { border-top: 0.3mm dotted #000; height: 12mm; color: #444; font-size: 8.5pt; }
.key { break-before: page; }
.key ol { margin: 0; padding-inline-start: 0; list-style: none; }
.key li { margin-bottom: 3mm; break-inside: avoid; }
.key p { margin: 0.5mm 0; }
.key .right, .key .rule { font-weight: 600; }
footer { margin-top: 4mm; font-size: 7.5pt; color: #444; }
"""


def worksheet(
    n: int = _COUNT,
    *,
    seed: int = SEED,
    kinds: Iterable[str] | None = None,
    lang: str | None = None,
    paper: str = "a4",
) -> str:
    """The worksheet of ``n`` puzzles made from ``seed`` (of ``kinds``: kinds or families, None: all) as
    one HTML page, in ``lang`` (None: the package language), for ``paper`` (``"a4"`` or ``"letter"``):
    the puzzles four to a page (a question about the whole table a page of its own, after them), then
    the answer key on pages of its own."""
    lang = resolve(lang)
    if paper not in PAPERS:
        raise ValueError(f"unknown paper size {paper!r}; the sizes are {', '.join(PAPERS)}")
    size, half, wide = PAPERS[paper]
    made = generate(n, seed=seed, kinds=kinds, lang=lang)
    puzzles = [p for p in made if p.kind not in WIDE] + [p for p in made if p.kind in WIDE]
    rooms = {False: (_HALF_WIDTH, half - _WORDS_ROOM), True: (_FULL_WIDTH, wide - _WORDS_ROOM)}
    first = wide - _HEADER  # a sheet of whole-table puzzles alone starts under its header
    boxes = "\n".join(
        _box(
            i,
            p,
            lang,
            (_FULL_WIDTH, first - _WORDS_ROOM) if i == 1 and p.kind in WIDE else rooms[p.kind in WIDE],
        )
        for i, p in enumerate(puzzles, 1)
    )
    key = "\n".join(_key(i, p, lang) for i, p in enumerate(puzzles, 1))
    title = word(msg("Nova Luna puzzles"), lang)
    key_title = word(msg("Answer key"), lang)
    footer = word(
        msg("Made with novaluna_widget from seed {seed}: the rules engine checked every answer.", seed=seed),
        lang,
    )
    name, date = word(msg("Name:"), lang), word(msg("Date:"), lang)
    how = msg(
        "Write each answer in its box, or circle it where the question says so. Name a cell by its (x, y) "
        "as the picture labels it, a task by its tile, a wheel space or track space by its number."
    )
    direction = ' dir="rtl"' if lang in RIGHT_TO_LEFT else ""
    style = _STYLE % {
        "font": FONTS[lang],
        "size": size,
        "half": f"{half:g}",
        "wide": f"{wide:g}",
        "first": f"{first:g}",
    }
    return f"""<!DOCTYPE html>
<html lang="{lang}"{direction}>
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>{style}</style>
</head>
<body>
<header><h1>{escape(title)}</h1>
<p>{escape(name)} <span class="blank"></span> {escape(date)} <span class="blank short"></span></p></header>
<p class="how">{escape(word(how, lang))}</p>
<section class="puzzles">
{boxes}
</section>
<section class="key">
<header><h1>{escape(key_title)}</h1></header>
<ol>
{key}
</ol>
<footer>{escape(footer)}</footer>
</section>
</body>
</html>
"""


def _heading(index: int, lang: str) -> str:
    return escape(word(msg("Puzzle {n}", n=index), lang))


def _box(index: int, puzzle: Puzzle, lang: str, room: Room) -> str:
    """One puzzle's box: its heading, pictures, question, the choices to circle (if it offers some) and
    room for the answer."""
    pictures = "".join(figures(puzzle, lang, room))
    yours = word(msg("Your answer:"), lang)
    wide = " wide" if puzzle.kind in WIDE else ""
    choices = ""
    if puzzle.click == "choice":
        offered = "".join(f"<span>{escape(puzzle.label(c, lang))}</span>" for c in puzzle.choices)
        circle = word(msg("Circle one:"), lang)  # not in the f-string: the catalogue's extraction skips those
        choices = f"<p class='choices'>{escape(circle)} {offered}</p>"
    return (
        f"<article class='puzzle{wide}' data-kind='{puzzle.kind}'><h2>{_heading(index, lang)}</h2>"
        f"<div class='pictures'>{pictures}</div>"
        f"<p class='question'>{escape(puzzle.written(lang))}</p>{choices}"
        f"<div class='answer'>{escape(yours)}</div></article>"
    )


def _key(index: int, puzzle: Puzzle, lang: str) -> str:
    """One puzzle's entry in the answer key: its right answers, the rule they rest on, then why."""
    labels: list[Value] = [puzzle.label(a, lang) for a in sorted(puzzle.answers, key=repr)]
    answers = joined(labels)
    right = (
        msg("Any one of: {answers}", answers=answers)
        if not puzzle.all and len(labels) > 1
        else msg("Answer: {answers}", answers=answers)
    )
    rule = msg("The rule: {rule}", rule=puzzle.rule_words(lang))
    return (
        f"<li><h2>{_heading(index, lang)}</h2><p class='right'>{escape(word(right, lang))}</p>"
        f"<p class='rule'>{escape(word(rule, lang))}</p>"
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
    paper: str = "a4",
) -> Path:
    """Write ``worksheet(n, …)`` to ``path``: the HTML page, or printed to PDF (with Chromium) if the
    path ends in ``.pdf``. Returns the path. It is made beside ``path`` and only then renamed over it, so
    a save that fails (no Chromium, a full disk) leaves any file there as it was."""
    path = Path(path)
    count = whole_number(n)
    if count is None or count < 1:
        raise ValueError(msg("a worksheet has 1 puzzle or more, not {value}", value=quote(n)))
    page = worksheet(count, seed=seed, kinds=kinds, lang=lang, paper=paper)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=f".{path.name}.") as folder:
        made = Path(folder) / path.name
        if path.suffix.lower() == ".pdf":
            html = Path(folder) / f"{path.stem}.html"
            html.write_text(page, encoding="utf-8")
            print_pdf(html, made)
        else:
            made.write_text(page, encoding="utf-8")
        os.replace(made, path)
    return path


def _count(text: str) -> int:
    """The command line's ``-n``: a whole number, 1 or more."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"-n is how many puzzles: 1 or more, not {quote(text, 40)}")
    return number


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print the puzzle worksheet (and its answer key) to PDF.")
    parser.add_argument("--out", type=Path, default=Path("docs"), help="the folder to write into (docs)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the puzzles' seed ({SEED})")
    parser.add_argument("-n", type=_count, default=_COUNT, help=f"how many puzzles ({_COUNT})")
    parser.add_argument(
        "--lang", action="append", choices=list(LANGUAGES), help="only this language (again for more)"
    )
    parser.add_argument("--paper", choices=list(PAPERS), default="a4", help="the paper size (a4)")
    args = parser.parse_args(argv)
    for lang in args.lang or LANGUAGES:
        name = "worksheet.pdf" if lang == "en" else f"worksheet.{lang}.pdf"
        if args.paper != "a4":
            name = name.replace("worksheet", f"worksheet-{args.paper}", 1)
        written = save(args.out / name, args.n, seed=args.seed, lang=lang, paper=args.paper)
        print(f"printed {written} ({args.n} puzzles, seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
