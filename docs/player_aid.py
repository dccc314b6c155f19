"""The one-page player aid: ``docs/player-aid.html``, printed to ``docs/player-aid.pdf``.

Built from the engine's own pictures (``novaluna_widget.render`` and the rulebook's examples in
``novaluna_widget.examples``) and the glossary's own words (``docs/glossary.md``), so the aid cannot say
or draw anything the engine and the glossary do not. ``make player-aid`` runs this script; the HTML
is written byte for byte the same from the same sources, and ``tests/test_player_aid.py`` checks that
the committed HTML is what the script writes now and that the PDF is one page printed from it: the
HTML's ``<title>`` ends with a hash of the page, and Chromium copies the title into the PDF.

    python docs/player_aid.py            # write docs/player-aid.html and print docs/player-aid.pdf
    python docs/player_aid.py --html     # write the HTML only
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from html import escape, unescape
from pathlib import Path

from novaluna_widget.examples import example
from novaluna_widget.game import Game
from novaluna_widget.render import board_svg, wheel_svg
from novaluna_widget.scenario import position

DOCS = Path(__file__).resolve().parent
GLOSSARY = DOCS / "glossary.md"
HTML = DOCS / "player-aid.html"
PDF = DOCS / "player-aid.pdf"
TITLE = "Nova Luna player aid"
#: The title's placeholder while the page is hashed; the hash then takes its place.
_UNHASHED = f"{TITLE} · page "
#: The size of a cell in the pictures of areas (before they are scaled to the page).
AREA_CELL = 60
#: Where Chromium may be, first found first used.
CHROMIUMS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: A glossary row: ``| **name** | what it is | …``; the first bold name is the key.
_ROW = re.compile(r"^\| \*\*(?P<name>[^*]+)\*\*[^|]*\| (?P<words>[^|]+?) \|")


def glossary(path: Path = GLOSSARY) -> dict[str, str]:
    """Every name the glossary defines, with its definition (Markdown, as written there)."""
    words: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        found = _ROW.match(line)
        if found:
            words[found["name"]] = found["words"]
    return words


def inline(markdown: str) -> str:
    """The glossary's inline Markdown (``**bold**``, ``*italic*``, ``code``) as HTML."""
    text = escape(markdown, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case, to follow a label such as "To move:"."""
    return text[:1].lower() + text[1:]


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised and a full stop at the end."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def plain(markdown: str, sentences: int | None = None) -> str:
    """A glossary definition for paper: the sentences about the widget left out, at most ``sentences``
    of the rest, and no full stop at the end (the aid adds its own punctuation)."""
    kept = [s for s in re.split(r"(?<=\.) (?=[A-Z\"*])", markdown.strip()) if "widget" not in s]
    return " ".join(kept[:sentences]).rstrip(".")


def turn_steps(words: dict[str, str]) -> list[str]:
    """The glossary's ``turn``, one step per comma: it names the five steps in order."""
    steps = [step.strip() for step in words["turn"].rstrip(".").split(",")]
    if len(steps) != 5:
        raise ValueError(f"the glossary's 'turn' should name five steps, one per comma: {words['turn']!r}")
    return steps


def wheel_position() -> Game:
    """Three players, the moon marker beside wheel space 2 with empty wheel spaces after it (skipped
    by the next three tiles), and two track markers stacked behind the third."""
    return position(
        ["R13@0,0", "B13@0,0", "T13@0,0"],
        times=[5, 3, 3],
        stack=[0, 1, 2],
        wheel="R04 - M - T05 Y02 - B05 R09 T11 Y10 B11",
    )


def chain_pictures() -> list[tuple[str, str]]:
    """The chain rule in three of the rulebook's examples: (picture, caption) each. Only the tasks a
    caption is about carry a token."""
    captions = {
        1: "The yellow tile's task “2 blue” is fulfilled: two blue tiles touch it.",
        2: "“2 blue” is fulfilled: one blue tile touches the yellow tile and the other is chained to it. "
        "“3 red” is not: the red tile at the corner touches only diagonally and does not count, so "
        "there are only 2 red.",
        7: "Both red tiles asking for “4 red” are fulfilled: each counts the four <i>other</i> red tiles of "
        "the chain. A task's own tile never counts.",
    }
    shown = []
    for number, caption in captions.items():
        rulebook = example(number)
        covered = [ref for ref, fulfilled in rulebook.tasks if fulfilled]
        shown.append((cropped(board_svg(rulebook.board(), covered=covered, cell=AREA_CELL), 1.0), caption))
    return shown


#: The size attributes ``render._svg`` gives every picture.
_SIZE = re.compile(r"viewBox='0 0 (?P<width>[\d.]+) (?P<height>[\d.]+)' width='[\d.]+' height='[\d.]+'")


def cropped(svg: str, by: float) -> str:
    """An area's picture with ``by`` cells of its empty ring cut away on every side (1: all of it), so
    that its tiles come out larger on paper."""
    found = _SIZE.search(svg)
    if found is None:
        raise ValueError("not a picture drawn by novaluna_widget.render")
    cut = by * AREA_CELL
    width, height = float(found["width"]) - 2 * cut, float(found["height"]) - 2 * cut
    size = f"viewBox='{cut:g} {cut:g} {width:g} {height:g}' width='{width:g}' height='{height:g}'"
    return svg[: found.start()] + size + svg[found.end() :]


def _figure(svg: str, caption: str, kind: str) -> str:
    return f"<figure class='{kind}'>{svg}<figcaption>{caption}</figcaption></figure>"


def page(words: dict[str, str], title: str) -> str:
    """The whole aid as one HTML page titled ``title``."""
    w = {name: inline(plain(text)) for name, text in words.items()}
    steps = turn_steps(words)
    details = [
        f"{w['refill']}.",
        f"{w['next three tiles']}. The moon marker moves to the wheel space of the tile you take.",
        f"<b>Stack:</b> {lower_first(w['stack'])}.",
        "Your first tile anywhere; every later tile on an empty cell next to one of your tiles (a side, "
        "not just a corner).",
        f"<b>Fulfilled:</b> {lower_first(w['fulfilled'])}.",
    ]
    turn = "".join(
        f"<li><b>{escape(sentence(step))}</b> <span>{detail}</span></li>"
        for step, detail in zip(steps, details, strict=True)
    )
    chains = "".join(_figure(svg, caption, "chain") for svg, caption in chain_pictures())
    wheel = _figure(
        wheel_svg(wheel_position(), size=300),
        "Track markers 2 and 3 share the rearmost track space, and 3 arrived last, on top: player 3 moves. "
        "They take one of the next three tiles after the moon marker (the crescent), marked 1–3; the empty "
        "wheel spaces are skipped.",
        "wheel",
    )
    beginner, to_move = lower_first(w["beginner variant"]), lower_first(w["to move"])
    in_a_row, chain = lower_first(w["turns in a row"]), lower_first(w["chain"])
    last_token, no_tile, ranking = w["last token"], w["no tile"], w["ranking"]
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>
@page {{ size: A4; margin: 16mm 12mm; }}
* {{ box-sizing: border-box; }}
html {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
body {{ margin: 0; font: 8.8pt/1.3 "DejaVu Sans", system-ui, sans-serif; color: #1b1f33; }}
main {{ width: 186mm; height: 264mm; display: flex; flex-direction: column; gap: 2.4mm; overflow: hidden; }}
header {{ display: flex; align-items: baseline; justify-content: space-between;
  border-bottom: 0.6mm solid #c9a227; padding-bottom: 1.2mm; }}
h1 {{ font-size: 17pt; margin: 0; letter-spacing: 0.02em; }}
h1 span {{ font-weight: 400; color: #5b6283; }}
header p {{ margin: 0; color: #5b6283; }}
h2 {{ font-size: 10.5pt; margin: 0 0 1.2mm; color: #16183a; }}
p {{ margin: 0 0 1.2mm; }}
.goal {{ background: #f4f1e4; border-radius: 2mm; padding: 1.8mm 2.6mm; }}
.goal p {{ margin: 0; }}
.columns {{ display: grid; grid-template-columns: 88mm 93mm; gap: 5mm; flex: 1; min-height: 0; }}
ol {{ margin: 0 0 1mm; padding-left: 5mm; }}
li {{ margin-bottom: 1.2mm; }}
li span {{ display: block; color: #373d5c; }}
figure {{ margin: 0; }}
figure svg {{ display: block; width: 100%; height: auto; }}
figcaption {{ color: #373d5c; }}
figure.wheel svg {{ width: 66mm; margin: 1mm auto; }}
figure.chain {{ display: grid; grid-template-columns: 54mm 1fr; gap: 3mm; align-items: center;
  margin-bottom: 3mm; }}
.legend {{ color: #5b6283; font-size: 7.4pt; }}
.end {{ display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 5mm; border-top: 0.3mm solid #c7cadb;
  padding-top: 2mm; }}
.end p {{ margin: 0; }}
footer {{ font-size: 6.8pt; color: #7a809c; border-top: 0.3mm solid #c7cadb; padding-top: 1mm; }}
</style>
</head>
<body>
<main>
<header>
<h1>NOVA LUNA <span>· player aid</span></h1>
<p>2–4 players · Uwe Rosenberg with Corné van Moorsel, 2019</p>
</header>
<section class="goal">
<p><b>Goal.</b> Be the first to place all your tokens, one on each task you fulfil. Each player has 21
tokens of one colour: one is the <b>track marker</b> on the moon track, the other 20 are the
<b>tokens</b> to place. <b>Beginner variant:</b> {beginner}.</p>
</section>
<div class="columns">
<section>
<h2>Your turn in five steps</h2>
<ol>{turn}</ol>
{wheel}
</section>
<section>
<h2>Whose turn?</h2>
<p><b>To move:</b> {to_move}.</p>
<p><b>Turns in a row:</b> {in_a_row}.</p>
<h2>The chain rule in three pictures</h2>
<p><b>Chain:</b> {chain}.</p>
{chains}
<p class="legend">A light disc with a green ring is a token on a fulfilled task. The pictures are the
rulebook's examples 1, 2 and 7, drawn by the rules engine.</p>
</section>
</div>
<section class="end">
<div><h2>The end: last token</h2><p>{last_token}.</p></div>
<div><h2>The end: no tile</h2><p>{no_tile}.</p></div>
<div><h2>Ranking and tie-break</h2><p>{ranking}.</p></div>
</section>
<footer>Made with novaluna_widget: the words are its glossary's (docs/glossary.md), the pictures its rules
engine's. Regenerate with <code>make player-aid</code>.</footer>
</main>
</body>
</html>
"""


def build_html(words: dict[str, str] | None = None) -> str:
    """The aid's HTML, its title ending with the first 12 hex digits of the page's SHA-256 (taken with
    the title's hash left out, so the page can carry its own)."""
    words = glossary() if words is None else words
    digest = hashlib.sha256(page(words, _UNHASHED).encode("utf-8")).hexdigest()[:12]
    return page(words, _UNHASHED + digest)


def title_of(html: str) -> str:
    """The ``<title>`` of an HTML page (unescaped)."""
    found = re.search(r"<title>(.*?)</title>", html)
    if found is None:
        raise ValueError("the page has no <title>")
    return unescape(found[1])


def chromium() -> str:
    """The path of Chromium (or Chrome), else an error saying how to get it."""
    for name in CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    raise FileNotFoundError("printing the aid needs Chromium: apt-get install -y chromium")


def print_pdf(html: Path = HTML, pdf: Path = PDF) -> None:
    """Print ``html`` to ``pdf`` with headless Chromium (no header or footer; the page's own size)."""
    pdf.unlink(missing_ok=True)
    subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--disable-dev-shm-usage", f"--print-to-pdf={pdf}", html.resolve().as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    if not pdf.exists():
        raise RuntimeError(f"Chromium printed nothing to {pdf}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", action="store_true", help="write the HTML only, do not print the PDF")
    args = parser.parse_args(argv)
    HTML.write_text(build_html(), encoding="utf-8")
    print(f"wrote {HTML.relative_to(DOCS.parent)}")
    if not args.html:
        print_pdf()
        print(f"printed {PDF.relative_to(DOCS.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
