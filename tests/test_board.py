"""One player's area: placement, task chains, explanations and what-if — checked per rule and against
a plain reading of the rule on random areas."""

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novaluna_widget import TILES, Board, Game, IllegalMove, tile
from novaluna_widget._board import neighbours
from novaluna_widget._examples import EXAMPLES, example
from novaluna_widget._new_game import new_game

from . import naive


def board(*placements: str) -> Board:
    """``board("Y11@0,0", "B01@1,0")``."""
    b = Board()
    for p in placements:
        tid, at = p.split("@")
        x, y = at.split(",")
        b.place(tile(tid), (int(x), int(y)))
    return b


# -- placement ---------------------------------------------------------------------------------
def test_first_tile_anywhere_then_orthogonally_adjacent_only():
    b = Board()
    b.place(tile("R01"), (5, -3))
    assert b.legal_cells() == [(4, -3), (5, -4), (5, -2), (6, -3)]  # sorted by x, then y
    with pytest.raises(
        IllegalMove, match=r"cell \(6, -2\) touches none of your tiles; legal cells: \(4, -3\), \(5, -4\)"
    ):
        b.place(tile("R02"), (6, -2))  # diagonal
    with pytest.raises(IllegalMove, match="already holds R01"):
        b.place(tile("R02"), (5, -3))
    b.place(tile("R02"), (6, -3))
    assert len(b) == 2 and b[(6, -3)].id == "R02"


def test_empty_board_offers_origin_and_accepts_any_cell():
    assert Board().legal_cells() == [(0, 0)]
    assert Board().is_legal((9, 9))


def test_a_tile_cannot_be_placed_twice_and_errors_change_nothing():
    b = board("R01@0,0")
    before = (dict(b.tiles), b.legal_cells(), b.fulfilled_tasks())
    for bad_tile, cell in [
        (tile("R01"), (1, 0)),
        ("R02", (1, 0)),
        (tile("R02"), (1, 0.5)),
        (tile("R02"), (1.0, 0)),
        (tile("R02"), (True, 0)),
        (tile("R02"), [1, 0, 0]),
        (tile("R02"), "1,0"),
    ]:
        with pytest.raises(IllegalMove):
            b.place(bad_tile, cell)  # type: ignore[arg-type]
    assert (dict(b.tiles), b.legal_cells(), b.fulfilled_tasks()) == before


def test_a_pair_of_whole_numbers_is_a_cell_and_is_stored_as_ints():
    np = pytest.importorskip("numpy")
    b = board("R01@0,0")
    b.place(tile("R02"), [1, 0])  # a list, as JSON gives it
    b.place(tile("R03"), (np.int64(2), np.int32(0)))
    assert list(b.tiles) == [(0, 0), (1, 0), (2, 0)]
    assert all(type(v) is int for cell in b.tiles for v in cell)


# -- counting ------------------------------------------------------------------------------------
def test_diagonal_tiles_never_count_nor_link_a_chain():
    b = board("Y04@0,0", "R01@1,0", "B01@1,1")  # Y04: 1 red + 2 blue; B01 diagonal
    assert b.count((0, 0), "blue") == 0
    b.place(tile("B04"), (0, 1))  # now B01 is chained through B04
    assert b.count((0, 0), "blue") == 2 and (0, 0, 0) in b.fulfilled_tasks()


def test_the_task_tile_itself_never_counts_even_in_its_own_colour():
    b = board("R02@0,0", "R01@1,0", "R03@2,0", "R04@3,0")  # R02 needs 4 *other* red
    assert b.count((0, 0), "red") == 3 and (0, 0, 0) not in b.fulfilled_tasks()
    b.place(tile("R05"), (0, 1))
    assert b.count((0, 0), "red") == 4 and (0, 0, 0) in b.fulfilled_tasks()


def test_one_chain_touching_twice_counts_once():
    b = board("Y04@0,0", "B01@1,0", "B04@1,1", "B05@0,1")  # B01-B04-B05 one chain touching Y04 twice
    assert b.count((0, 0), "blue") == 3


def test_separate_groups_touching_add_up():
    b = board("Y11@0,0", "R01@1,0", "R02@-1,0", "R03@0,1")  # three separate red groups
    assert b.count((0, 0), "red") == 3 and (0, 0, 0) in b.fulfilled_tasks()


def test_tasks_are_independent_same_tiles_serve_several():
    b = example(8).board()
    assert {(0, 0, 0), (0, 0, 1)} <= b.fulfilled_tasks()


def test_a_tile_may_be_placed_where_it_fulfils_nothing():
    b = board("R01@0,0")
    assert b.place(tile("Y02"), (1, 0)) == frozenset()


def test_place_returns_tasks_fulfilled_anywhere_in_the_area():
    b = board("Y11@0,0", "B01@1,0")
    assert b.place(tile("B04"), (2, 0)) == {(0, 0, 2)}  # completes a task on another tile


# -- the rulebook's eight examples ----------------------------------------------------------------
@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda e: f"example{e.number}")
def test_rulebook_example(ex):
    b = ex.board()
    fulfilled = b.fulfilled_tasks()
    for ref, expected in ex.tasks:
        assert (ref in fulfilled) is expected, (ex.title, ref)
        assert b.explain(ref[:2], ref[2]).fulfilled is expected
    assert fulfilled == naive.fulfilled(b.tiles)


def test_example2_counts_the_chain_and_not_the_diagonal():
    e = example(2).board().explain((0, 0), 0)  # "3 red"
    (red,) = e.colours
    assert (red.needed, red.counted, red.chain, red.touching) == (3, 2, ((0, 1), (0, 2)), ((0, 1),))
    assert "not fulfilled" in e.sentence and "R03 at (0, 2) by chain" in e.sentence


def test_example3_one_placement_two_tokens():
    b = example(3).board(upto=3)
    assert b.place(tile("R13"), (1, 1)) == {(1, 1, 0), (1, 1, 1)}


def test_example7_each_red_two_needs_the_other():
    b = example(7).board(upto=4)  # R02, R03, R01, R05: chain of four
    assert not {(0, 0, 0), (1, 0, 0)} & b.fulfilled_tasks()
    assert b.place(tile("R06"), (0, 1)) == {(0, 0, 0), (1, 0, 0)}


# -- explain ----------------------------------------------------------------------------------------
def test_explain_sentence_and_fields():
    e = example(1).board().explain((0, 0), 2)
    assert e.fulfilled and e.tile.id == "Y11" and str(e.colours[0].colour) == "blue"
    assert (
        e.sentence
        == "Task 2 blue on Y11 at (0, 0) is fulfilled: 2 of 2 blue (B01 at (-1, 0), B04 at (1, 0) touching)."
    )


def test_explain_own_colour_says_the_tile_itself_never_counts():
    e = board("R02@0,0", "R01@1,0").explain((0, 0), 0)
    assert "1 of 4 red" in e.sentence and "the R02 itself never counts" in e.sentence


def test_explain_errors_name_what_is_allowed():
    b = board("Y11@0,0")
    with pytest.raises(IllegalMove, match=r"no tile at \(1, 1\); tiles are at \(0, 0\)"):
        b.explain((1, 1), 0)
    with pytest.raises(IllegalMove, match=r"has 3 task.*0 to 2"):
        b.explain((0, 0), 3)
    with pytest.raises(IllegalMove, match="has no task; task_index must be nothing"):
        board("R01@0,0").explain((0, 0), 0)


# -- would_fulfil -------------------------------------------------------------------------------------
def test_would_fulfil_predicts_without_changing_the_board():
    b = example(7).board(upto=4)
    before = (dict(b.tiles), b.fulfilled_tasks(), b.legal_cells())
    assert b.would_fulfil(tile("R06"), (0, 1)) == {(0, 0, 0), (1, 0, 0)}
    assert b.would_fulfil(tile("B01"), (0, 1)) == frozenset()
    assert (dict(b.tiles), b.fulfilled_tasks(), b.legal_cells()) == before
    with pytest.raises(IllegalMove):
        b.would_fulfil(tile("R06"), (5, 5))


# -- random areas against the plain reading ------------------------------------------------------------
@st.composite
def areas(draw):
    """A random area of up to 20 tiles placed by the rules, plus a tile and a legal cell to try next."""
    order = draw(st.permutations(TILES))
    b = Board()
    for t in order[: draw(st.integers(1, 20))]:
        b.place(t, draw(st.sampled_from(b.legal_cells())))
    return b, order[len(b)], draw(st.sampled_from(b.legal_cells()))


@settings(max_examples=300, deadline=None)
@given(areas())
def test_incremental_chains_agree_with_the_plain_rule(case):
    b, nxt, cell = case
    assert b.fulfilled_tasks() == naive.fulfilled(b.tiles)
    for (x, y), t in b.tiles.items():
        for i, task in enumerate(t.tasks):
            e = b.explain((x, y), i)
            assert [c.counted for c in e.colours] == [naive.count(b.tiles, (x, y), c) for c in task]
    before = b.fulfilled_tasks()
    predicted = b.would_fulfil(nxt, cell)
    after = b.copy()
    assert after.place(nxt, cell) == predicted == naive.fulfilled(after.tiles) - before
    assert b.fulfilled_tasks() == before and (nxt not in b.tiles.values())


def test_copy_is_independent():
    b = board("Y11@0,0", "B01@1,0")
    c = b.copy()
    c.place(tile("B04"), (2, 0))
    assert len(b) == 2 and (0, 0, 2) not in b.fulfilled_tasks() and (0, 0, 2) in c.fulfilled_tasks()


def test_a_copy_and_its_original_stay_apart_whichever_places_first():
    """Copies share the area's bookkeeping until one of them places (copy on write): each must then see
    only its own tiles, tasks and legal cells, and an area's ``tiles`` view stays live."""
    b = board("Y11@0,0", "B01@1,0")
    view = b.tiles
    c = b.copy()
    d = c.copy()
    b.place(tile("R01"), (-1, 0))  # the original first
    c.place(tile("B04"), (2, 0))
    assert list(view) == [(0, 0), (1, 0), (-1, 0)] == list(b.tiles)
    assert list(c.tiles) == [(0, 0), (1, 0), (2, 0)] and list(d.tiles) == [(0, 0), (1, 0)]
    for area in (b, c, d):
        assert area.fulfilled_tasks() == naive.fulfilled(area.tiles)
        assert area.legal_cells() == sorted(
            {n for cell in area.tiles for n in neighbours(cell)} - set(area.tiles)
        )
        assert (
            set(area.open_tasks())
            == {(x, y, i) for (x, y), t in area.tiles.items() for i in range(len(t.tasks))}
            - area.fulfilled_tasks()
        )
    assert (0, 0, 2) in c.fulfilled_tasks() and (0, 0, 2) not in b.fulfilled_tasks() | d.fulfilled_tasks()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), asked=st.lists(st.booleans(), min_size=67, max_size=67))
def test_legal_cells_stay_sorted_and_counts_current_however_often_asked(seed, asked):
    """The legal cells are kept sorted as tiles go down (not sorted again), and the counts of the colours
    open tasks lack are kept current (not counted again), whether or not anybody asked for them in
    between, and in copies too."""
    rng = random.Random(seed)
    b = Board()
    for t, ask in zip(rng.sample(TILES, 68), [*asked, True], strict=True):
        b.place(t, rng.choice(b.legal_cells()) if b.tiles else (0, 0))
        if ask:
            assert b.legal_cells() == sorted({n for c in b.tiles for n in neighbours(c)} - set(b.tiles))
            for x, y, i in b.open_tasks():
                for colour in b[(x, y)].tasks[i]:
                    assert b.count((x, y), colour) == naive.count(b.tiles, (x, y), colour)
        if rng.random() < 0.2:
            b = b.copy()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_legal_cells_catch_up_with_placements_nobody_asked_about(seed):
    """The legal cells are up to date when asked, however many placements went by unasked,
    on an area and on its copies alike: always the empty cells next to a tile, sorted."""
    rng = random.Random(seed)
    first = Board([(TILES[0], (0, 0))])
    first.legal_cells()
    areas = [first]
    for t in rng.sample(TILES[1:], 67):
        b = rng.choice(areas)
        empty_neighbours = sorted({n for c in b.tiles for n in neighbours(c)} - set(b.tiles))
        b.place(t, rng.choice(empty_neighbours))  # a legal cell, found without asking the area
        if rng.random() < 0.15:
            area = rng.choice(areas)
            assert area.legal_cells() == sorted(
                {n for c in area.tiles for n in neighbours(c)} - set(area.tiles)
            )
        if rng.random() < 0.2:
            areas.append(b.copy())
    for area in areas:
        assert area.legal_cells() == sorted({n for c in area.tiles for n in neighbours(c)} - set(area.tiles))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4))
def test_what_a_game_keeps_about_its_wheel_and_end_agrees_with_the_wheel_itself(seed, players):
    """The areas' game keeps the tiles on the wheel counted and whether it is over (rather than counting
    the wheel's gaps each turn): ``tiles_on_wheel``, ``can_refill`` and ``is_over`` agree with the wheel,
    the draw pile and the end after every action, taken back and redone, in copies and in loaded games,
    solo too."""
    rng = random.Random(seed)
    g = new_game(players, seed=seed)

    def agrees(game: Game) -> None:
        on_wheel = sum(t is not None for t in game.wheel)
        assert game.tiles_on_wheel() == on_wheel
        assert game.is_over is (game.end_reason is not None)
        phase_two = not game.is_solo or game.phase == 2  # type: ignore[attr-defined]
        refill = not game.is_over and bool(game.draw_pile) and 1 <= on_wheel <= 2 and phase_two
        assert game.can_refill is refill

    agrees(g)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
        agrees(g)
        if rng.random() < 0.1:
            g.undo()
            agrees(g)
            g.redo()
            agrees(g)
        if rng.random() < 0.1:
            agrees(g.copy())
            agrees(Game.from_json(g.to_json()))
    agrees(g.copy())
    agrees(Game.from_json(g.to_json()))


def test_text_and_repr_are_stable():
    b = example(1).board()
    assert repr(b) == "Board(3 tiles: Y11@0,0, B01@-1,0, B04@1,0)"
    assert repr(Board()) == "Board(empty)"
    assert str(b).splitlines()[:2] == ["       -1   0   1", "   0   B1  Y4  B3"]
    assert "*2 blue" in str(b)


@pytest.mark.parametrize("clone", ["pickle", "deepcopy"])
def test_an_area_crosses_processes_and_deep_copies_whole(clone):
    """An area sent to another process (``simulate``'s workers pickle games) or deep-copied keeps its tiles,
    legal cells, counts and fulfilled tasks, and goes on like the original: the same tile on the same cell
    fulfils the same tasks on both."""
    rng = random.Random(7)
    area = Board()
    for t in rng.sample(TILES, 20):
        area.place(t, rng.choice(area.legal_cells()) if area.tiles else (0, 0))
    other = pickle.loads(pickle.dumps(area)) if clone == "pickle" else copy.deepcopy(area)
    assert other == area and other.legal_cells() == area.legal_cells()
    assert other.fulfilled_tasks() == area.fulfilled_tasks() and other.open_tasks() == area.open_tasks()
    for x, y, i in area.open_tasks():
        for colour in area[(x, y)].tasks[i]:
            assert other.count((x, y), colour) == area.count((x, y), colour)
    rest = [t for t in TILES if t not in area.tiles.values()]
    for t in rng.sample(rest, 10):
        cell = rng.choice(area.legal_cells())
        assert other.place(t, cell) == area.place(t, cell)
        assert other.legal_cells() == area.legal_cells()
