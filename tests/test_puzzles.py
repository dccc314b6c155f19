"""The puzzles (issue 24): every kind's answers found again by brute force, apart from the maker's code;
one right answer where the question says "the"; the same seed, the same puzzles; the position never
changed by checking or explaining; answers of the wrong shape refused in words."""

from __future__ import annotations

import pytest

from novaluna_widget.puzzles import KINDS, AnswerError, Puzzle, generate
from tests import naive

SEED = 11
EACH = 6


@pytest.fixture(scope="module")
def puzzles() -> dict[str, list[Puzzle]]:
    made = generate(EACH * len(KINDS), seed=SEED)
    return {kind: [p for p in made if p.kind == kind] for kind in KINDS}


def _tiles(puzzle: Puzzle):
    return dict(puzzle.game.players[puzzle.seat].board.tiles)


def test_every_kind_is_made_in_turn(puzzles):
    assert {kind: len(found) for kind, found in puzzles.items()} == dict.fromkeys(KINDS, EACH)


def test_fulfilled_answers_are_every_task_the_naive_rule_finds_fulfilled(puzzles):
    for puzzle in puzzles["fulfilled"]:
        tiles = _tiles(puzzle)
        assert puzzle.answers == naive.fulfilled(tiles)
        everything = {(x, y, i) for (x, y), t in tiles.items() for i in range(len(t.tasks))}
        assert puzzle.answers and puzzle.answers < everything
        assert not puzzle.game.players[puzzle.seat].covered  # no token gives the answer away
        assert puzzle.all and puzzle.click == "task"


def _gains(tiles, placed, cell) -> int:
    """Tasks newly fulfilled when ``placed`` goes on ``cell``, by the naive rule."""
    return len(naive.fulfilled({**tiles, cell: placed}) - naive.fulfilled(tiles))


def _open_cells(tiles):
    return {(x + dx, y + dy) for x, y in tiles for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - set(tiles)


def test_placement_has_exactly_one_best_cell_by_trying_every_cell(puzzles):
    for puzzle in puzzles["placement"]:
        tiles = _tiles(puzzle)
        assert puzzle.tile is puzzle.game.wheel[puzzle.space]
        assert puzzle.space in puzzle.game.choices()
        gains = {cell: _gains(tiles, puzzle.tile, cell) for cell in _open_cells(tiles)}
        most = max(gains.values())
        assert most > 0
        assert puzzle.answers == {cell for cell, n in gains.items() if n == most}
        assert len(puzzle.answers) == 1


def test_the_same_seed_gives_the_same_puzzles():
    first, again = generate(9, seed=5), generate(9, seed=5)
    assert [(p.id, p.question, p.answers, p.explain()) for p in first] == [
        (p.id, p.question, p.answers, p.explain()) for p in again
    ]
    assert [p.id for p in generate(9, seed=6)] != [p.id for p in first] or [
        p.answers for p in generate(9, seed=6)
    ] != [p.answers for p in first]


def test_a_kind_gives_the_same_puzzles_whatever_else_is_asked():
    alone = generate(2, seed=5, kinds=["placement"])
    mixed = [p for p in generate(2 * len(KINDS), seed=5) if p.kind == "placement"][:2]
    assert [(p.id, p.answers) for p in alone] == [(p.id, p.answers) for p in mixed]


def test_checking_and_explaining_never_change_the_position(puzzles):
    for found in puzzles.values():
        for puzzle in found:
            before = puzzle.game.snapshot()
            puzzle.explain()
            puzzle.explain("ru")
            right = set(puzzle.answers) if puzzle.all else next(iter(puzzle.answers))
            assert puzzle.check(right).right
            mine = puzzle.game
            mine.play(mine.legal_actions()[0]) if not mine.is_over else None  # a copy of its own
            assert puzzle.game.snapshot() == before


def test_a_right_answer_is_right_and_a_wrong_one_says_why(puzzles):
    puzzle = puzzles["fulfilled"][0]
    verdict = puzzle.check(puzzle.answers)
    assert verdict.right and not verdict.missed and not verdict.wrong
    assert verdict.words.startswith("Right.")
    tiles = _tiles(puzzle)
    wrong = next((x, y, i) for (x, y), t in tiles.items() for i in range(len(t.tasks)) if (x, y, i) not in puzzle.answers)
    verdict = puzzle.check([wrong])
    assert not verdict.right and verdict.wrong == {wrong} and verdict.missed == puzzle.answers
    assert "is not fulfilled" in verdict.words


@pytest.mark.parametrize(
    ("kind", "answer", "words"),
    [
        ("fulfilled", "refill", "this puzzle takes a set of a task (x, y, task index), not 'refill'"),
        ("fulfilled", [(99, 99, 0)], "(99, 99, 0) is no task of this area"),
        ("placement", (1, 2, 3), "this puzzle takes a cell (x, y), not (1, 2, 3)"),
        ("placement", [(0, 1), (1, 0)], "this puzzle takes one answer, not 2"),
    ],
)
def test_an_answer_of_the_wrong_shape_is_refused_saying_what_is_taken(puzzles, kind, answer, words):
    with pytest.raises(AnswerError, match=words.replace("(", r"\(").replace(")", r"\)")):
        puzzles[kind][0].check(answer)
