"""Verdicts read well (issue 33): every sentence opens with a capital, an answer on the wheel is named by
its tile as well as its space, and a wrong solo tile is told in words how much lower it is valued."""

from __future__ import annotations

import re

import pytest

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


def test_a_wrong_solo_tile_is_told_why_it_scores_more(made):
    # Solo puzzles ask which tile keeps the final score lowest (the curated set's deep searches).
    for puzzle in made["solo"]:
        game = puzzle.game
        (best,) = puzzle.answers
        assert isinstance(best, int)
        for wrong in (s for s in game.choices() if s != best):
            tile = game.wheel[wrong]
            assert tile is not None
            words = puzzle.check(wrong).words
            assert opens_with_capitals(words), words
            assert f"Not right. {tile.id} from wheel space {wrong}: the coach values it" in words, words
            assert "tokens lower." in words and "to the solo score (lower is better" in words, words
            for lang in ("ru", "ja", "fa"):
                assert "the coach values it" not in puzzle.check(wrong, lang).words
