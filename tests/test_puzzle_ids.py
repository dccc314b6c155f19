"""A puzzle's id names its content (issue 33): the kind and a hash of the table and the question, so a
change to the makers never points a learner's solved puzzles and ratings at other positions."""

from __future__ import annotations

import dataclasses
import re

import pytest

from novaluna_widget._game import Game
from novaluna_widget.puzzles import KINDS, Generator, Puzzle, generate
from novaluna_widget.puzzles._identity import content_id

SEED = 5
EACH = 40


@pytest.fixture(scope="module")
def made() -> dict[str, list[Puzzle]]:
    # Strategy and solo come from the curated set, each puzzle once before any comes again.
    return {
        kind: generate(min(EACH, Generator(SEED).left(kind) or EACH), seed=SEED, kinds=[kind])
        for kind in KINDS
    }


def reached_otherwise(puzzle: Puzzle, seed: int) -> Puzzle:
    """The same puzzle on a position set up directly (no history behind it, another seed): what a maker
    that found the position another way, or a curated set that stores it, would make."""
    snap = puzzle.game.snapshot()
    start = {**snap["position"], "events": []}
    game = Game.from_snapshot(
        {
            "kind": snap["kind"],
            "seed": seed,
            "beginner": snap["beginner"],
            "start": start,
            "history": [],
            "redo": [],
        }
    )
    return dataclasses.replace(puzzle, id="", _made=dataclasses.replace(puzzle._made, game=game))


@pytest.mark.parametrize("kind", KINDS)
def test_an_id_is_the_kind_and_a_hash_of_the_content_not_a_count(made, kind):
    ids = [p.id for p in made[kind]]
    assert all(re.fullmatch(rf"{kind}-[0-9a-f]{{12}}", found) for found in ids), ids[:3]
    assert len(set(ids)) == len(ids)  # different puzzles, different ids


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_position_and_question_reached_another_way_keep_the_id(made, kind):
    for puzzle in made[kind]:
        again = reached_otherwise(puzzle, seed=SEED + 1000)
        assert content_id(kind, again._made) == puzzle.id


def test_another_question_on_the_same_position_is_another_puzzle(made):
    puzzle = made["placement"][0]
    assert puzzle.space is not None
    other = dataclasses.replace(puzzle._made, space=(puzzle.space + 1) % 12)
    assert content_id("placement", other) != puzzle.id
    assert content_id("gain", puzzle._made) != puzzle.id  # another kind of question
