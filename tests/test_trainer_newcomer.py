"""A newcomer's first puzzles (issue 33): a fresh learner asking for any kind gets the rules kinds, each at
its easiest; placement, strategy and solo come once the rules kinds are mostly solved, or at once when
asked for by name."""

from __future__ import annotations

from novaluna_widget import NovaLunaWidget
from novaluna_widget.puzzles import FAMILY, KINDS
from novaluna_widget.puzzles._trainer import Trainer

RULES = [k for k in KINDS if FAMILY[k] == "rules"]


def test_a_fresh_learner_gets_the_rules_kinds_at_their_easiest(tmp_path):
    trainer = Trainer(tmp_path / "progress.json", seed=4)
    assert trainer.newcomer
    for _ in range(8):
        puzzle = trainer.next()
        assert puzzle.kind in RULES, puzzle.id
        made = [p for p in trainer._pool[puzzle.kind] if p.id not in trainer.progress.solved]
        assert puzzle.rating == min(p.rating for p in made), puzzle.id  # the easiest made so far
        assert puzzle.difficulty <= 2, puzzle.id
        trainer.record(puzzle, right=False)  # a miss leaves the newcomer a newcomer


def test_the_puzzles_button_gives_a_newcomer_rules_first(tmp_path):
    w = NovaLunaWidget.puzzles(seed=4, path=tmp_path / "progress.json")
    kinds = []
    for _ in range(5):
        kinds.append(w.state["puzzle"]["kind"])
        w._controller.handle({"action": "next", "version": w._controller.version})
    assert set(kinds) <= set(RULES), kinds


def test_the_other_kinds_come_once_the_rules_kinds_are_mostly_solved(tmp_path):
    trainer = Trainer(tmp_path / "progress.json", seed=4)
    for kind in RULES[1:]:  # all but one, twice each
        for _ in range(2):
            trainer.record(trainer.next([kind]), right=True)
    assert not trainer.newcomer
    assert {trainer.next().kind for _ in range(20)} - set(RULES)  # placement, strategy or solo too


def test_a_kind_asked_for_by_name_comes_at_once(tmp_path):
    trainer = Trainer(tmp_path / "progress.json", seed=4)
    assert trainer.next(["solo"]).kind == "solo"
    assert trainer.next("placement").kind == "placement"
    assert trainer.newcomer
