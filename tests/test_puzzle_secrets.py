"""A puzzle on show gives nothing away (issue 33): the state the page draws a puzzle from carries the
table as a player sees it and nothing the engine concluded from it, for every kind, checked over many
puzzles of each kind as the widget publishes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import NovaLunaWidget
from novaluna_widget._modes import Puzzling
from novaluna_widget.puzzles import KINDS, Puzzle, generate

from .test_widget import nothing_swallowed  # noqa: F401  (an autouse fixture)

SEED = 7
#: Puzzles of each kind looked at.
EACH = 30


@pytest.fixture(scope="module")
def made() -> dict[str, list[Puzzle]]:
    return {kind: generate(EACH, seed=SEED, kinds=[kind]) for kind in KINDS}


def published(tmp_path: Path, puzzles: list[Puzzle]) -> list[dict[str, Any]]:
    """The state the widget publishes for each puzzle, unanswered, as the page receives it."""
    w = NovaLunaWidget.puzzles(seed=SEED, kinds=[puzzles[0].kind], path=tmp_path / "progress.json")
    controller = w._controller
    mode = controller.mode
    assert isinstance(mode, Puzzling)
    states = []
    for puzzle in puzzles:
        controller.screen = controller.screen._replace(mode=mode.begun(puzzle))
        controller.refresh()
        assert w.state["puzzle"]["id"] == puzzle.id
        states.append(w.state)
    return states


@pytest.mark.parametrize("kind", KINDS)
def test_no_puzzle_state_carries_what_the_engine_concluded(tmp_path, made, kind):
    """No player to move, no turn order, no result, no log, no button that plays, no task said to be
    fulfilled: any of them answers some kind's question ("whose turn?", "is it over?", "which tasks?")."""
    for state, puzzle in zip(published(tmp_path, made[kind]), made[kind], strict=True):
        assert state["current"] is None and state["order"] == [], puzzle.id
        assert state["over"] is None and state["log"] == [] and state["recent"] == [], puzzle.id
        assert state["hint"] is None and state["why"] is None and state["selected"] is None, puzzle.id
        assert not any(state["can"].values()), puzzle.id
        assert all(row[2] != 1 and row[3] == [] for p in state["players"] for row in p["tasks"]), puzzle.id
        shown = state["puzzle"]
        assert shown["answers"] is None and shown["explanation"] is None and shown["verdict"] is None
        if puzzle.click != "move":
            assert state["moves"] == {"cells": [], "fulfil": []}, puzzle.id


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in ("strategy", "solo")])
def test_no_gold_frame_says_which_tiles_may_be_taken(tmp_path, made, kind):
    """The takeable tiles answer "which tiles may you take?" and frame in gold a game not over: only the
    kinds that ask which tile on offer is best show them (the rule is not their question)."""
    for state, puzzle in zip(published(tmp_path, made[kind]), made[kind], strict=True):
        assert state["choices"] == [], puzzle.id


def test_which_tasks_are_fulfilled_shows_no_token_count_that_counts_them(tmp_path, made):
    """The area asked about has its whole supply left, like every other: tokens placed would count the
    fulfilled tasks, and a supply lower than the others' would too."""
    for state, puzzle in zip(published(tmp_path, made["fulfilled"]), made["fulfilled"], strict=True):
        assert puzzle.seat is not None
        asked = state["players"][puzzle.seat]
        assert asked["tokens"] == asked["supply"] == max(p["supply"] for p in state["players"]), puzzle.id
        assert len(puzzle.answers) >= 1


def test_whose_turn_is_not_in_the_state_the_page_gets(tmp_path):
    """The issue's case: the state of `NovaLunaWidget.puzzles(seed=3, kinds=["next"])` held the answer."""
    w = NovaLunaWidget.puzzles(seed=3, kinds=["next"], path=tmp_path / "progress.json")
    state = w.state
    assert state["current"] is None and state["order"] == []
    assert all(entry[1] != "turn" for entry in state["log"])
