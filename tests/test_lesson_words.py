"""The lessons' words are true: sentences of the tutorials, their translations and the docs that state a
rule or a fact, each held to the engine, the tile data or the files it points at (issue 35, point 5).

Tutorial 7's class puzzles and after-game answers are checked in tests/test_tutorials_4_7.py, the guided
game's sentences in tests/test_guide.py and the player aid in tests/test_player_aid.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget._track import TRACK_SPACES
from novaluna_widget.scenario import position

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
DOCS = REPO / "docs"
LANGUAGES = ("", "ru/", "ja/", "fa/")


def markdown(path: Path) -> str:
    """A notebook's Markdown cells, or a Markdown file, as one text."""
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")


def words(text: str) -> str:
    """Markdown as plain words on one line."""
    return " ".join(text.replace("**", "").replace("*", "").split())


# -- the refill leaves the old tiles where they lie (tutorial 3) --------------------------------------
def test_tutorial_3_says_a_refill_can_keep_the_old_tiles_on_offer() -> None:
    # Its questions 2 and 3: the moon marker on 5, the only tiles left on 7 and 8.
    game = position({"Ada": "R13@0,0", "Bo": "B13@0,0"}, wheel={7: "R04", 8: "B14"}, marker=5)
    game.refill()
    assert game.choices()[1:] == [7, 8] and [t.id for s in (7, 8) if (t := game.wheel[s]) is not None] == [
        "R04",
        "B14",
    ]
    text = words(markdown(NOTEBOOKS / "03_time_and_turn_order.ipynb"))
    assert "the fresh tiles come first" not in text
    assert "the refill also puts the old tiles out of reach" not in text
    assert "the next three tiles are the fresh one on 6 and the old ones on 7 and 8" in text
    # The summary states the rule as the rulebook does: every empty space, from the moon marker on.
    assert (
        "A refill puts a tile on every empty wheel space, starting with the one nearest the moon marker and "
        "going on clockwise, never on the moon marker's own wheel space; the old tiles stay where they lie"
    ) in text


# -- the moon track's 24 track spaces: where the number comes from ------------------------------------
#: What each language says beside "24": the rulebooks give no number, the printed moon wheel has 24.
SOURCE = {
    "": "the rulebook gives no number: 24 is what the printed moon wheel has",
    "ru/": "в правилах их число не названо: 24 позиции на напечатанном Лунном Диске",
    "ja/": "ルールブックにはマスの数が書かれていません。24は印刷された月の輪のマスの数です",
    "fa/": "دفترچه‌ی قوانین شمار خانه‌ها را نمی‌گوید: چرخ ماهِ چاپ‌شده ۲۴ خانه دارد",
}
#: "24 track spaces" in each language's words.
TWENTY_FOUR = {
    "": r"24 (?:\*\*)?track spaces",
    "ru/": r"24 (?:\*\*)?позиции",
    "ja/": r"24マス",
    "fa/": r"۲۴ (?:\*\*)?خانه",
}


def test_the_engine_has_24_track_spaces() -> None:
    assert TRACK_SPACES == 24


@pytest.mark.parametrize(
    "path",
    [
        *(f"{lang}01_first_game.ipynb" for lang in LANGUAGES),
        "03_time_and_turn_order.ipynb",
        "07_classroom.ipynb",
    ],
)
def test_each_tutorial_says_where_the_24_track_spaces_come_from(path: str) -> None:
    lang = path[: path.index("/") + 1] if "/" in path else ""
    text = markdown(NOTEBOOKS / path)
    assert re.search(TWENTY_FOUR[lang], text), "the tutorial no longer counts the track spaces"
    assert SOURCE[lang].lower() in words(text).lower()


def test_the_glossary_says_where_the_24_track_spaces_come_from() -> None:
    text = words(markdown(DOCS / "glossary.md"))
    assert "The rulebooks give no number: 24 is what the printed moon wheel has" in text


# -- the moon marker at the start -------------------------------------------------------------------
def test_the_glossary_puts_the_moon_marker_at_the_new_moon_before_any_tile_is_taken() -> None:
    row = next(
        line for line in markdown(DOCS / "glossary.md").splitlines() if line.startswith("| **moon marker**")
    )
    assert "at the start the new-moon space (0), then the space of the last tile taken" in row
    game = position({"Ada": "R13@0,0", "Bo": "B13@0,0"})
    assert game.marker == 0


# -- links ----------------------------------------------------------------------------------------
def test_tutorial_1_names_every_later_tutorial_in_every_language() -> None:
    later = sorted(p.name for p in NOTEBOOKS.glob("0[2-9]_*.ipynb"))
    assert "08_puzzles.ipynb" in later
    for lang in LANGUAGES:
        text, prefix = markdown(NOTEBOOKS / f"{lang}01_first_game.ipynb"), "../" if lang else ""
        # "What next": the section whose list starts with tutorial 2.
        what_next = text[text.rindex("\n## ", 0, text.rindex(f"]({prefix}02_task_chains.ipynb)")) :]
        missing = [name for name in later if f"]({prefix}{name})" not in what_next]
        assert not missing, f"{lang or 'en/'}: What next leaves out {missing}"


#: A Markdown link's target, or a path in backquotes that looks like one.
LINK = re.compile(r"\]\(([^)#\s]+)[^)]*\)|`(\.\./[^`]+)`")


@pytest.mark.parametrize("name", sorted(p.name for p in DOCS.glob("*.md")))
def test_the_docs_link_nothing_outside_the_repository(name: str) -> None:
    text = markdown(DOCS / name)
    for found in LINK.finditer(text):
        target = found[1] or found[2]
        if re.match(r"[a-z]+:", target):  # a web address
            continue
        resolved = (DOCS / target).resolve()
        assert resolved.is_relative_to(REPO), f"{name} points outside the repository: {target}"
        assert resolved.exists(), f"{name} links a file that is not there: {target}"


# -- tutorial 6: what the study from a position can and cannot tell ---------------------------------
def test_tutorial_6_does_not_credit_the_wins_to_the_moon_track_alone() -> None:
    # The study's position, as the tutorial builds it: Ada ahead in tokens and in time at once.
    built = '{"Ada": "R16@0,0 T16@1,0 Y01@0,1", "Bo": "B13@0,0 B04@1,0 T04@0,1"}'
    notebook = (NOTEBOOKS / "06_what_if.ipynb").read_text(encoding="utf-8")
    assert built.replace('"', '\\"') in notebook and "times=[10, 13]" in notebook
    game = position(json.loads(built), times=[10, 13])
    (ada, bo) = game.players
    assert (ada.tokens, bo.tokens, ada.time, bo.time) == (18, 19, 10, 13)
    text = words(markdown(NOTEBOOKS / "06_what_if.ipynb"))
    assert "her lead on the moon track decides" not in text
    assert (
        f"a token more placed ({ada.tokens} left against Bo's {bo.tokens}) and {bo.time - ada.time} steps of "
        f"time in hand (time {ada.time} against {bo.time}), and this study cannot tell which of the two"
    ) in text


# -- tutorial 8: which puzzles have several answers, and where progress lives ----------------------
def test_tutorial_8_says_which_puzzles_ask_for_every_answer() -> None:
    from novaluna_widget.puzzles import generate

    answers: dict[tuple[str, bool], set[int]] = {}
    for puzzle in generate(36, seed=5):
        answers.setdefault((puzzle.kind, puzzle.all), set()).add(len(puzzle.answers))
    several = {kind for (kind, every), counts in answers.items() if every}
    assert several == {"take", "fulfilled"} and all(max(answers[k, True]) > 1 for k in several)
    assert all(counts == {1} for (kind, every), counts in answers.items() if not every)
    text = words(markdown(NOTEBOOKS / "08_puzzles.ipynb"))
    assert "questions with more than one answer dropped" not in text
    assert "a question with more than one answer is dropped" not in text
    assert (
        'Two kinds ask for every answer instead and say so, "Click them all": take (which tiles may you '
        "take now? two or three of them) and fulfilled (which tasks are fulfilled? often several)"
    ) in text.replace("`", "")


def test_tutorial_8_says_where_progress_lives_on_each_front_end() -> None:
    text = words(markdown(NOTEBOOKS / "08_puzzles.ipynb"))
    assert (
        "In JupyterLab (or Notebook, on your computer or on a JupyterHub): puzzles.json in your user data "
        "folder" in text.replace("`", "")
    )
    assert "NOVALUNA_PUZZLES" in text
    assert (
        "In the in-browser site (JupyterLite, where Python runs in the page): on the site's drive, the "
        "folder of the notebooks, which the browser keeps for the site between visits"
    ) in text
