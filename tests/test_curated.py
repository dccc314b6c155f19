"""The curated strategy and solo puzzles and the ratings from simulated solvers (issue 33, points 3–4):
the shipped set loads and every entry is a position of its own deal with its answer a choice of the turn;
the makers draw from it; a deep search at the build's settings still finds each stored answer (a sample,
slow); the calibration's solve rates fall with the rating for every solver; the rules kinds' fitted
ratings rank what misreadings catch."""

from __future__ import annotations

import itertools
import json
import random
from importlib.resources import files
from typing import Any

import pytest

from novaluna_widget.puzzles import Generator, Trainer, generate
from novaluna_widget.puzzles._calibrate import fitted, key
from novaluna_widget.puzzles._curated import CURATED_KINDS, entries, made, stored_position
from novaluna_widget.puzzles._deep import DEEP_DEPTH, DEEP_NODES, DEEP_SAMPLES, DEEP_SEEDS, MARGIN, stable
from novaluna_widget.puzzles._identity import content_id
from novaluna_widget.puzzles._solvers import SOLVERS


def _shipped(name: str) -> dict[str, Any]:
    shipped: dict[str, Any] = json.loads(
        files("novaluna_widget.puzzles").joinpath(name).read_text(encoding="utf-8")
    )
    return shipped


def test_the_curated_set_loads_and_each_answer_is_a_choice_of_its_position():
    for kind in CURATED_KINDS:
        found = entries(kind)
        assert len(found) >= 10
        for entry in found:
            assert entry.id == content_id(kind, made(entry))  # the id every puzzle has: its content
            game = stored_position(entry)
            assert game.is_solo == (kind == "solo")
            options = [*game.choices(), *(["refill"] if game.can_refill else [])]
            assert entry.answer in options and entry.runner in options
            assert entry.answer != entry.runner and entry.margin >= MARGIN
    ids = [e.id for kind in CURATED_KINDS for e in entries(kind)]
    assert len(ids) == len(set(ids))


def test_the_set_says_how_it_was_made():
    data = _shipped("curated.json")
    assert data["settings"] == {
        "nodes": DEEP_NODES,
        "hint_nodes": 5000,
        "depth": DEEP_DEPTH,
        "samples": DEEP_SAMPLES,
        "seeds": list(DEEP_SEEDS),
        "margin": MARGIN,
    }
    assert 16 * data["settings"]["hint_nodes"] <= DEEP_NODES
    for kind in CURATED_KINDS:
        figures = data["figures"][kind]
        assert figures["kept"] == len(entries(kind)) <= figures["searched"]


def test_strategy_and_solo_puzzles_are_drawn_from_the_curated_set():
    stored = {e.id: e for kind in CURATED_KINDS for e in entries(kind)}
    made = generate(12, seed=4, kinds=["strategy", "solo"])
    assert {p.kind for p in made} == {"strategy", "solo"}
    for puzzle in made:
        entry = stored[puzzle.id]
        assert puzzle.kind == entry.kind
        assert puzzle.answers == {entry.answer}
        assert puzzle.rating == entry.rating
        assert puzzle.game.snapshot()["position"] == stored_position(entry).snapshot()["position"]
    assert len({p.id for p in made}) == 12  # no repeat before the set is used up
    # Another seed draws them in another order.
    assert [p.id for p in generate(6, seed=5, kinds=["strategy"])] != [
        p.id for p in generate(6, seed=4, kinds=["strategy"])
    ]


def test_a_learner_who_solved_every_curated_puzzle_still_gets_one(tmp_path):
    trainer = Trainer(tmp_path / "progress.json", seed=1)
    for _ in entries("solo"):
        trainer.record(trainer.next(["solo"]), right=True)
    assert trainer.solved()["solo"] == (len(entries("solo")),) * 2
    assert trainer.next(["solo"]).kind == "solo"  # again, rather than a hang
    assert Generator(1).left("solo") == len(entries("solo")) and Generator(1).left("take") is None


@pytest.mark.slow
def test_a_deep_search_at_the_builds_settings_still_finds_the_stored_answers():
    rng = random.Random(33)
    for kind in CURATED_KINDS:
        for entry in rng.sample(entries(kind), 2):
            found = stable(stored_position(entry))
            assert found is not None, entry.id
            assert found.best == entry.answer and found.margin >= MARGIN


def test_the_calibration_solve_rates_fall_as_the_rating_rises_for_every_solver():
    calibration = _shipped("calibration.json")
    assert set(calibration["rates"]) == {s.name for s in SOLVERS}
    assert all(count > 0 for count in calibration["counts"])  # every band has puzzles
    for name, shares in calibration["rates"].items():
        seen = [s for s in shares if s is not None]
        assert all(a >= b for a, b in itertools.pairwise(seen)), name
    for solver in (SOLVERS[-1], SOLVERS[3]):  # the newcomer, one-step greedy: from most solved to fewer
        seen = [s for s in calibration["rates"][solver.name] if s is not None]
        assert seen[0] > seen[-1]


def test_rules_puzzles_are_rated_by_the_misreadings_that_catch_them():
    maker = Generator(77)
    takes = [maker.make("take") for _ in range(30)]
    every = [p for p in takes if p.answers == {s for s, t in enumerate(p.game.wheel) if t is not None}]
    both = [p for p in takes if key(p) == "any tile|no skipping"]
    assert every and both
    # "Click every tile left" is not the hardest take puzzle: one who takes any tile gets it right. Those
    # that catch both misreadings of the rule rate higher.
    assert max(p.rating for p in every) < min(p.rating for p in both)
    overs = [maker.make("over") for _ in range(30)]
    assert len({p.rating for p in overs}) >= 2
    for puzzle in takes + overs:
        assert puzzle.rating == fitted(puzzle)
        assert puzzle.difficulty == max(1, min(5, round((puzzle.rating - 1000) / 200)))
