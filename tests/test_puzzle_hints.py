"""Hints teach and never give the answer (issue 33): the first is the rule the question turns on, the
same for every puzzle of a kind; a second narrows the search; neither names an answer, over many puzzles
of every kind. A hint costs rating as it gives more away, and Show the answer is a miss."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from novaluna_widget import NovaLunaWidget
from novaluna_widget._game import Move
from novaluna_widget._i18n import cell_words
from novaluna_widget.puzzles import KINDS, Puzzle, generate
from novaluna_widget.puzzles._trainer import Trainer

from .test_widget import intent, nothing_swallowed  # noqa: F401  (an autouse fixture)

SEED = 9
EACH = 30


@pytest.fixture(scope="module")
def made() -> dict[str, list[Puzzle]]:
    return {kind: generate(EACH, seed=SEED, kinds=[kind], lang="en") for kind in KINDS}


def giveaways(puzzle: Puzzle) -> list[str]:
    """Words that would name a right answer of ``puzzle``: its wheel spaces and their tiles, its cells,
    its tasks' tiles and cells, its players, its words."""
    game, found = puzzle.game, []
    for answer in puzzle.answers:
        if isinstance(answer, Move):
            tile = game.wheel[answer.space]
            assert tile is not None
            found += [f"wheel space {answer.space}", tile.id, cell_words(answer.cell).in_language("en")]
        elif puzzle.kind == "gain":
            found += [f"{answer} token", f"places {answer}"]
        elif puzzle.click == "space" and isinstance(answer, int):
            tile = game.wheel[answer]
            assert tile is not None
            found += [f"wheel space {answer}", tile.id]
        elif isinstance(answer, tuple) and len(answer) == 3:
            board = game.players[puzzle.seat or 0].board
            found += [board[(answer[0], answer[1])].id, cell_words(answer[:2]).in_language("en")]
        elif isinstance(answer, tuple):
            found.append(cell_words(answer).in_language("en"))
        else:
            found.append(puzzle.label(answer, "en"))  # a player's name, "the game is not over", a word
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_no_hint_names_an_answer(made, kind):
    for puzzle in made[kind]:
        hints = puzzle.hints("en")
        assert 1 <= len(hints) <= 2, puzzle.id
        for hint in hints:
            for words in giveaways(puzzle):
                assert not re.search(rf"(?<!\w){re.escape(words)}(?!\w)", hint), (puzzle.id, words, hint)


@pytest.mark.parametrize("kind", KINDS)
def test_the_first_hint_is_the_rule_the_same_for_every_puzzle_of_a_kind(made, kind):
    """The rule to apply, whatever the position: only the tile the question names may differ."""
    firsts = {re.sub(r"\b[RBTY]\d\d\b", "TILE", p.hints("en")[0]) for p in made[kind]}
    assert len(firsts) == 1, firsts


def test_hints_come_in_every_language(made):
    puzzle = made["placement"][0]
    worded = {lang: puzzle.hints(lang) for lang in ("en", "ru", "ja", "fa")}
    assert len({tuple(h) for h in worded.values()}) == 4


def opened(tmp_path: Path, name: str) -> NovaLunaWidget:
    return NovaLunaWidget.puzzles(seed=SEED, kinds=["placement"], path=tmp_path / name)


def test_a_hint_in_the_widget_shows_words_and_marks_nothing(tmp_path):
    w = opened(tmp_path, "progress.json")
    puzzle = Trainer(tmp_path / "key.json", seed=SEED).next(["placement"])
    intent(w, "hint")
    shown = w.state["puzzle"]
    assert shown["hints"] == puzzle.hints("en")[:1] and "hinted" not in shown and shown["can"]["hint"]
    intent(w, "hint")
    shown = w.state["puzzle"]
    assert shown["hints"] == puzzle.hints("en") and not shown["can"]["hint"]
    intent(w, "hint")
    assert "every hint of this puzzle is on show" in (w.last_error or "")
    assert w.state["puzzle"]["hints"] == puzzle.hints("en")


def test_a_hint_costs_as_it_gives_away_and_show_the_answer_is_a_miss(tmp_path):
    """The same puzzle answered right with no hint, one, two, and given up: each rating lower."""
    ratings = []
    for hints in range(3):
        w = opened(tmp_path, f"{hints}.json")
        (right,) = Trainer(tmp_path / "key.json", seed=SEED).next(["placement"]).answers
        for _ in range(hints):
            intent(w, "hint")
        assert isinstance(right, tuple)  # a placement's answer: a cell
        intent(w, "pick", answer=list(right))
        intent(w, "check")
        assert w.state["puzzle"]["verdict"]["right"]
        ratings.append(w.state["puzzle"]["rating"])
    w = opened(tmp_path, "shown.json")
    intent(w, "reveal")
    ratings.append(w.state["puzzle"]["rating"])
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) == 4, ratings
    kept = Trainer(tmp_path / "shown.json", seed=SEED)
    assert kept.solved() == {"placement": (0, 1)}  # shown: tried, not solved
