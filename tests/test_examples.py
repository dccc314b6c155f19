"""The rulebook's eight task-chain examples (``novaluna_widget._examples``), checked against what the
rulebook says each one shows. Tutorial 2 explains them; these checks are why it need not assert them.

The rulebook's words (Russian edition, our translation) are quoted above each test.
"""

from __future__ import annotations

import pytest

from novaluna_widget import Board, tile
from novaluna_widget._examples import EXAMPLES, RulebookExample, example
from novaluna_widget._i18n import LANGUAGES, Message, set_language


def counted(board: Board, cell: tuple[int, int], task: int) -> dict[str, tuple[int, int, int]]:
    """For each colour of a task: (tiles counted, of them touching the task's tile, dots needed)."""
    why = board.explain(cell, task)
    return {c.colour: (c.counted, len(c.touching), c.needed) for c in why.colours}


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda ex: f"example {ex.number}")
def test_each_example_is_what_it_says(ex: RulebookExample) -> None:
    board = ex.board()  # Board places the tiles in order, so every placement is legal
    assert len(board) == len(ex.placements)
    assert ex.tasks, "an example names the tasks it is about"
    for (x, y, task), fulfilled in ex.tasks:
        assert ((x, y, task) in board.fulfilled_tasks()) is fulfilled, (ex.number, (x, y, task))
        assert board.explain((x, y), task).fulfilled is fulfilled


def test_the_numbers_run_one_to_eight() -> None:
    assert [ex.number for ex in EXAMPLES] == list(range(1, 9))
    assert all(example(n) is EXAMPLES[n - 1] for n in range(1, 9))
    with pytest.raises(ValueError):
        example(9)


def test_example_1_two_blue_tiles_both_next_to_the_yellow_tile() -> None:
    # "The yellow tile shows, among others, the task "2 blue". This task can be fulfilled by 2 blue tiles
    # next to the yellow starting tile (example 1)"
    board = example(1).board()
    yellow = board[(0, 0)]
    assert yellow.colour == "yellow" and str(yellow.tasks[2]) == "2 blue"
    assert counted(board, (0, 0), 2) == {"blue": (2, 2, 2)}  # both touch it


def test_example_2_a_chain_of_blue_and_a_diagonal_red_that_does_not_count() -> None:
    # "but also by 2 adjacent blue tiles of which only one is next to the yellow starting tile
    # (example 2). Example 2 also shows that diagonal tiles do not count in the game. So the task
    # "3 red" is not yet fulfilled."
    ex = example(2)
    board = ex.board()
    assert counted(board, (0, 0), 2) == {"blue": (2, 1, 2)}  # one touching, one by chain
    assert str(board[(0, 0)].tasks[0]) == "3 red"
    assert counted(board, (0, 0), 0) == {"red": (2, 1, 3)}
    corners = [(x, y) for (x, y), t in board.tiles.items() if t.colour == "red" and abs(x) == abs(y) == 1]
    assert corners == [(1, -1)] and (1, -1) not in board.explain((0, 0), 0).colours[0].chain
    assert (0, 0, 2) not in ex.board(upto=2).fulfilled_tasks()  # one blue tile alone is not enough


def test_example_3_two_tasks_of_one_tile_at_once() -> None:
    # "Example 3 shows how two tasks can be fulfilled at once on one tile: each fulfilled task is
    # covered with a token from your supply."
    ex = example(3)
    last, cell = ex.placements[-1]
    before = ex.board(upto=len(ex.placements) - 1)
    assert before.would_fulfil(tile(last), cell) == {(*cell, 0), (*cell, 1)}


def test_example_4_a_cost_7_tile_whose_three_tasks_three_tiles_fulfil() -> None:
    # "Example 4 shows a tile with the number "7" whose three tasks can be fulfilled by just 3 other
    # tiles."
    board = example(4).board()
    seven = board[(0, 0)]
    assert seven.cost == 7 and len(seven.tasks) == 3 and len(board) == 1 + 3
    assert {(0, 0, k) for k in range(3)} <= board.fulfilled_tasks()


def test_examples_5_and_6_tiles_that_help_each_other() -> None:
    # "Example 5 shows how two tiles need no other tiles at all to fulfil a task on each of them. In
    # example 6 two more tiles help these two tiles fulfil the task "2 yellow" as well."
    five, six = example(5).board(), example(6).board()
    assert len(five) == 2 and {x for x, _, _ in five.fulfilled_tasks()} == {0, 1}
    assert len(six) == 4 and set(five.tiles.items()) <= set(six.tiles.items())
    for cell in five.tiles:
        assert str(six[cell].tasks[1]) == "2 yellow" and (*cell, 1) in six.fulfilled_tasks()
        assert (*cell, 1) not in five.fulfilled_tasks()


def test_example_7_two_red_2_tiles_support_each_other() -> None:
    # "remember that the colour of the tile itself never counts. To fulfil the task of the red "2" tile
    # in example 7 you need at least 4 more red tiles. Ideally you manage to place two "2" tiles as shown
    # in example 7, because they support each other."
    ex = example(7)
    board = ex.board()
    twos = [cell for cell, t in board.tiles.items() if t.colour == "red" and t.cost == 2]
    assert len(twos) == 2
    for cell in twos:
        assert str(board[cell].tasks[0]) == "4 red" and (*cell, 0) in board.fulfilled_tasks()
        assert cell not in board.explain(cell, 0).colours[0].chain  # never counts for itself
        assert (*cell, 0) not in ex.board(upto=4).fulfilled_tasks()  # four red tiles in all: one short


def test_example_8_four_red_tiles_fulfil_2_red_and_4_red_of_the_blue_4() -> None:
    # "tasks do not depend on each other (see also example 4)! So the four red tiles in example 8 fulfil
    # both the task "2 red" and the task "4 red" of the blue "4" tile."
    board = example(8).board()
    blue = board[(0, 0)]
    assert blue.colour == "blue" and blue.cost == 4
    assert sorted(str(task) for task in blue.tasks) == ["2 red", "4 red"]
    assert sum(t.colour == "red" for t in board.tiles.values()) == 4
    assert {(0, 0, 0), (0, 0, 1)} <= board.fulfilled_tasks()


def test_a_covered_tasks_tile_keeps_counting_for_other_tasks() -> None:
    # "Every tile can be used for any task as long as the adjacency rules are kept (see examples 4 and
    # 8). So it does not matter that tasks can no longer be recognised once you have covered them."
    # Tutorial 2 shows it: B08 below example 7's R03 counts all five red tiles, R02 and R03 included,
    # though their own tasks are covered.
    board = example(7).board()
    covered = board.fulfilled_tasks()
    assert {(0, 0, 0), (1, 0, 0)} <= covered
    assert board.place(tile("B08"), (1, 1)) == {(1, 1, 0), (1, 1, 1)}
    assert {(0, 0), (1, 0)} <= set(board.explain((1, 1), 0).colours[0].chain)


def test_titles_and_lessons_are_sentences_in_every_language() -> None:
    """A title and a lesson are messages: the English words as before, any language on request."""
    first = example(1)
    assert f"{first.number}. {first.title}" == "1. Two adjacent blue tiles"  # as tutorial 2's menu shows it
    assert str(first.lesson).startswith("The yellow Y11's task '2 blue' is fulfilled")
    for ex in EXAMPLES:
        assert isinstance(ex.title, Message) and isinstance(ex.lesson, Message)
        for lang in LANGUAGES:
            assert ex.title.in_language(lang) and ex.lesson.in_language(lang)
        assert hash(ex) == hash(example(ex.number))  # still a value: hashed by its number and tiles


def test_the_examples_follow_the_package_language() -> None:
    try:
        set_language("ru")
        assert str(example(2).title) == example(2).title.in_language("ru")
    finally:
        set_language(None)
    with pytest.raises(ValueError, match="examples 1 to 8, not 0"):
        example(0)
