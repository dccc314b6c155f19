"""Verdicts read well (issue 33): every sentence opens with a capital, an answer on the wheel is named by
its tile as well as its space, and a wrong solo move is told in words why it scores more."""

from __future__ import annotations

import re

import pytest

from novaluna_widget._game import Move, sheet_of
from novaluna_widget.puzzles import Puzzle, generate

SEED = 13


@pytest.fixture(scope="module")
def made() -> dict[str, list[Puzzle]]:
    return {kind: generate(20, seed=SEED, kinds=[kind], lang="en") for kind in ("take", "solo")}


def opens_with_capitals(text: str) -> bool:
    return not any(s[:1].islower() for s in re.split(r"(?<=[.?!]) ", text))


def test_a_take_verdict_names_each_tile_missed_and_its_space(made):
    for puzzle in made["take"]:
        game, answers = puzzle.game, sorted(puzzle.answers)
        verdict = puzzle.check({answers[0]})  # one right, the others missed
        assert not verdict.right and opens_with_capitals(verdict.words), verdict.words
        for space in answers[1:]:
            tile = game.wheel[space]
            assert tile is not None
            assert f"{tile.id} on wheel space {space}" in verdict.words, verdict.words


def test_a_wrong_solo_move_is_told_why_it_scores_more(made):
    for puzzle in made["solo"]:
        game = puzzle.game
        (best,) = puzzle.answers
        assert isinstance(best, Move)
        wrong = next(m for m in game.legal_moves() if m not in puzzle.answers)
        after = game.copy()
        after.play(wrong)
        tile = game.wheel[wrong.space]
        assert tile is not None
        words = puzzle.check(wrong).words
        assert opens_with_capitals(words), words
        assert f"Your move, take {tile.id} from wheel space {wrong.space}" in words, words
        assert f"scores {sheet_of(after)['total']}: it places" in words, words
        assert "Each token not placed adds 10 to the score, each tile its cost: lower is better." in words
        for lang in ("ru", "ja", "fa"):
            assert "Each token not placed" not in puzzle.check(wrong, lang).words
