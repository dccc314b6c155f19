"""Positions from compact descriptions: areas, wheels, markers and tokens, and clear refusals."""

import json

import pytest

from novaluna_widget import TILES, Board, Game, Move, SoloGame, tile
from novaluna_widget.scenario import ScenarioError, area, position


def test_area_reads_tiles_and_cells_in_any_connected_order():
    board = area("Y11@0,0 B04@2,0 B01@1,0")  # B04 touches only B01, which comes later
    assert isinstance(board, Board) and len(board) == 3
    assert board[(2, 0)] == tile("B04") and board.fulfilled_tasks() == {(0, 0, 2)}  # Y11's "2 blue"
    assert area({(0, 0): "y11", (-1, 0): "B01"}) == area([("Y11", (0, 0)), ("B01", (-1, 0))])
    assert len(area("")) == 0 and len(area("R01@-3,-4")) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Y11@0,0 Q99@1,0", "no tile 'Q99'"),
        ("Y11@0,0 B01@5,5", "not connected: B01 at \\(5, 5\\)"),
        ("Y11@0,0 B01@0,0", "two tiles on \\(0, 0\\)"),
        ("Y11@0,0 Y11@1,0", "Y11 appears twice"),
        ("Y11 at 0,0", "cannot read 'Y11'"),
    ],
)
def test_area_refuses_what_is_not_a_legal_area(text, message):
    with pytest.raises(ScenarioError, match=message):
        area(text)


def accounted(game):
    ids = [t.id for t in game.wheel if t] + [t.id for t in game.draw_pile]
    ids += [t.id for p in game.players for t in p.board.tiles.values()]
    return sorted(ids) == sorted(t.id for t in TILES)


def test_position_with_wheel_marker_times_and_covered_tasks():
    game = position(["Y11@0,0 B01@-1,0 B04@1,0", "R01@0,0"], wheel="- R02 - M T03 - - - B05 - - -")
    assert isinstance(game, Game) and accounted(game)
    assert game.marker == 3 and [t and t.id for t in game.wheel][:5] == [None, "R02", None, None, "T03"]
    assert game.choices() == [4, 8, 1]
    first, second = game.players
    assert first.covered == {(0, 0, 2)} and first.tokens == 19 and first.supply == 20
    assert (first.time, second.time) == (8, 1)  # default: the cost of the tiles in each area
    assert game.current_player == 1 and len(game.draw_pile) == 68 - 4 - 3


def test_a_wheel_mapping_and_the_default_wheel():
    game = position(["R01@0,0", "T01@0,0"], wheel={1: "B04", 5: "Y11"}, marker=2)
    assert game.marker == 2 and game.choices() == [5, 1]
    dealt = position(["R01@0,0", "T01@0,0"], marker=6, seed=3)
    assert dealt.wheel[6] is None and dealt.tiles_on_wheel() == 11 and accounted(dealt)
    other = position(["R01@0,0", "T01@0,0"], seed=4)
    assert [t.id for t in dealt.wheel if t] != [t.id for t in other.wheel if t]


def test_stack_decides_who_moves_among_equal_times():
    default = position(["R01@0,0", "T01@0,0"], times=[3, 3])
    assert default.current_player == 0
    assert position(["R01@0,0", "T01@0,0"], times=[3, 3], stack=[0, 1]).current_player == 1
    assert position(["R01@0,0", "T01@0,0"], times=[4, 3]).current_player == 1


def test_tokens_and_covered_can_be_given():
    game = position(["Y11@0,0 B01@-1,0 B04@1,0", "R01@0,0"], tokens=[1, 5], covered=[[], None])
    assert game.players[0].covered == frozenset() and game.players[0].supply == 1
    assert game.players[1].tokens == 5
    with pytest.raises(ScenarioError, match="not fulfilled"):
        position(["Y11@0,0", "R01@0,0"], covered=[[(0, 0, 0)], None])


def test_draw_pile_order_and_seeded_rest():
    game = position(["R01@0,0", "T01@0,0"], wheel="M B01 - - - - - - - - - -", draw_pile="y17 B17", seed=5)
    assert [t.id for t in game.draw_pile[:2]] == ["Y17", "B17"]
    again = position(["R01@0,0", "T01@0,0"], wheel="M B01 - - - - - - - - - -", draw_pile="Y17 B17", seed=5)
    other = position(["R01@0,0", "T01@0,0"], wheel="M B01 - - - - - - - - - -", draw_pile="Y17 B17", seed=6)
    assert again.draw_pile == game.draw_pile != other.draw_pile


def test_names_and_beginner_supply():
    game = position({"Ada": "R01@0,0", "Bo": "T01@0,0", "Cy": "B01@0,0"}, beginner=True)
    assert [p.name for p in game.players] == ["Ada", "Bo", "Cy"] and game.players[0].supply == 17


def test_a_position_plays_undoes_and_saves():
    game = position(["Y11@0,0 B01@-1,0", "R02@0,0"], wheel="M R01 T01 B04 - - - - - - - -", times=[5, 6])
    start = game.to_json()
    assert game.play(Move(3, (1, 0))) == {(0, 0, 2)}
    loaded = Game.from_json(game.to_json())
    assert loaded.players[0].tokens == 19 and loaded.history == game.history
    game.undo()
    assert json.loads(game.to_json())["position"] == json.loads(start)["position"] and game.can_redo


def test_solo_positions_in_both_phases():
    solo = position(["Y11@0,0 B01@-1,0 B04@1,0"])
    assert isinstance(solo, SoloGame) and solo.phase == 1 and solo.small_stack == 7
    assert solo.players[0].tokens == 20
    later = position(["Y11@0,0 B01@-1,0 B04@1,0"], phase=2, phase_one=(8, 7))
    assert isinstance(later, SoloGame)
    assert later.phase == 2 and later.score.phase_one_record == 78 and not later.can_end_phase_one
    with pytest.raises(ScenarioError, match="placed_in_phase_one must be 0–1, not 8"):
        position(["Y11@0,0 B01@-1,0 B04@1,0"], phase=2, phase_one=(8, 0))  # 8 placed, 1 task covered
    with pytest.raises(ScenarioError, match="phase 1 or 2"):
        position(["R01@0,0"], phase=3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(areas=["Y07@0,0", "Y07@0,0"]), "Y07 appears more than once"),
        (dict(areas=["Y07@0,0", "R01@0,0"], wheel="M Y07 - - - - - - - - - -"), "Y07 appears more than once"),
        (dict(areas=["Y07@0,0", "R01@0,0"], draw_pile="R01"), "R01 appears more than once"),
        (dict(areas=["Y07@0,0", "R01@0,0"], wheel="M Y01"), "12 spaces"),
        (
            dict(areas=["Y07@0,0", "R01@0,0"], wheel="R02 - - - - - - - - - - -"),
            "marker's wheel space 0 holds a tile",
        ),
        (dict(areas=["Y07@0,0", "R01@0,0"], wheel="M - M - - - - - - - - -"), "one space"),
        (dict(areas=["Y07@0,0", "R01@0,0"], wheel={12: "R02"}), "0 to 11"),
        (dict(areas=["Y07@0,0", "R01@0,0"], times=[0, 9]), "9 steps apart"),
        (dict(areas=["Y07@0,0", "R01@0,0"], times=[0]), "one entry per player"),
        (dict(areas=["Y07@0,0", "R01@0,0"], stack=[0, 0]), "every player index once"),
        (
            dict(areas=["Y07@0,0", "R01@0,0", "T01@0,0", "B01@0,0", "Y01@0,0"]),
            "^areas: Nova Luna seats 1 \\(solo\\) to 4 players; 5 areas given$",
        ),
    ],
)
def test_position_refuses_what_cannot_occur(kwargs, message):
    with pytest.raises(ScenarioError, match=message):
        position(**kwargs)


def test_position_errors_use_the_positions_own_terms():
    # Not the snapshot's fields ("start.players must list 2–4 players"): what was passed, and what may be.
    with pytest.raises(
        ScenarioError, match=r"^areas: Nova Luna seats 1 \(solo\) to 4 players; 5 areas given$"
    ):
        position({name: "R16@0,0" for name in "ABCDE"})
    with pytest.raises(
        ScenarioError, match=r"^tokens\[0\]: 30 left and 0 on tasks make 30, more than the 20 a"
    ):
        position({"A": "R16@0,0", "B": "B04@0,0"}, tokens=[30, 2])
