"""The catalogue: the 68 real tiles as the reference lists give them."""

import json
from collections import Counter
from pathlib import Path

import pytest

from novaluna_widget import COLOURS, TILES, Task, tile

REFERENCE = Path(__file__).parents[2] / "shared" / "reference" / "novaluna_tiles.json"


def test_68_tiles_17_per_colour_with_unique_ids():
    assert len(TILES) == 68
    assert Counter(t.colour for t in TILES) == {c: 17 for c in COLOURS}
    assert len({t.id for t in TILES}) == 68


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared/ reference not beside the project")
def test_shipped_data_equals_the_shared_reference():
    reference = json.loads(REFERENCE.read_text())
    assert [(t.id, t.colour, t.cost, [dict(task) for task in t.tasks]) for t in TILES] == [
        (r["id"], r["colour"], r["cost"], r["tasks"]) for r in reference
    ]


def test_cost_profile_per_colour():
    for colour in COLOURS:
        costs = Counter(t.cost for t in TILES if t.colour == colour)
        assert costs == {1: 1, 2: 2, 3: 4, 4: 4, 5: 3, 6: 2, 7: 1}


def test_colour_balance_every_colour_demanded_78_dots():
    demanded: Counter[str] = Counter()
    for t in TILES:
        for task in t.tasks:
            demanded.update(task)
    assert demanded == {c: 78 for c in COLOURS}


def test_rulebook_facts_about_tiles():
    assert all(not t.tasks for t in TILES if t.cost == 1)
    twos = [t for t in TILES if t.cost == 2]
    assert all(t.tasks == (Task({t.colour: 4}),) for t in twos)
    for seven in (t for t in TILES if t.cost == 7):
        assert len(seven.tasks) == 3
        assert all(task.dots == 2 and len(task) == 2 and seven.colour not in task for task in seven.tasks)


def test_lookup_by_id_and_errors():
    b08 = tile("B08")
    assert (b08.colour, b08.cost, b08.tasks) == ("blue", 4, (Task(red=4), Task(red=2)))
    assert tile("b08") is b08
    with pytest.raises(KeyError, match="ids run R01"):
        tile("Z99")


def test_task_is_an_ordered_immutable_mapping():
    task = Task({"yellow": 1, "red": 2})
    assert list(task) == ["red", "yellow"] and task["red"] == 2 and task.dots == 3
    assert str(task) == "2 red + 1 yellow" and repr(task) == "Task(red=2, yellow=1)"
    assert task == Task(red=2, yellow=1) and hash(task) == hash(Task(red=2, yellow=1))
    with pytest.raises(AttributeError):
        task._items = ()
    with pytest.raises(ValueError, match="unknown colour"):
        Task(green=1)
    with pytest.raises(ValueError, match="1 to 4 dots"):
        Task(red=3, blue=2)


def test_reprs_are_stable():
    assert repr(tile("R04")) == "<Tile R04 red 3: 2 red + 1 blue>"
    assert str(tile("R01")) == "R01 red 1: no task"
