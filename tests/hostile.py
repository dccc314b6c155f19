"""Damaged save files and odd values, for the hostile-input tests and ``bench/hostile.py``.

A save file is damaged the ways files are: bytes flipped, cut short, or one field (anywhere in the tree)
deleted, or replaced by another JSON value of any shape and size.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

from novaluna_widget import Game, SoloGame

#: Values a field may be replaced with: every JSON type, edge numbers, long and nested values.
ODD_JSON: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    7,
    11,
    12,
    20,
    21,
    24,
    2**31,
    2**64,
    -(2**63),
    1.5,
    -0.0,
    1e308,
    "",
    " ",
    "x",
    "R01",
    "Z99",
    "refill",
    "take",
    "game",
    "solo",
    "x" * 10_000,
    [],
    [0],
    [None],
    ["R01", 0, 0],
    [[0, 0, 0]],
    {},
    {"a": 1},
    [[[[[[]]]]]],
    list(range(100)),
]

#: Values a cell may be given as: numbers of every kind, and things that are no numbers at all.
ODD_CELL_PARTS: list[Any] = [
    0,
    1,
    -1,
    1.0,
    0.5,
    True,
    False,
    Fraction(1),
    Fraction(1, 2),
    Decimal(1),
    Decimal("0.5"),
    None,
    "1",
    2**70,
    float("nan"),
    float("inf"),
    complex(1),
    [1],
    (1,),
]


def saves() -> list[str]:
    """Real save files: a 3-player beginner game with a redo stack, a finished 4-player game, a solo
    game in phase 2."""
    g = Game(["Ada", "Bo", "Cy"], seed=8, beginner=True)
    for k in range(14):
        if g.can_refill and k % 2:
            g.refill()
        g.play(g.legal_moves()[k % len(g.legal_moves())])
    g.undo()
    g.undo()
    done = Game(4, seed=3)
    while not done.is_over:
        done.play(done.legal_moves()[0])
    solo = SoloGame(seed=5)
    while solo.phase == 1:
        solo.play(solo.legal_actions()[-1])
    solo.play(solo.legal_moves()[0])
    return [g.to_json(), done.to_json(), solo.to_json()]


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON tree (keys and list indexes)."""
    found = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, (*here, i))
    return found


def damage(text: str, rng: random.Random) -> str | bytes:
    """One damaged copy of a save file."""
    how = rng.randrange(4)
    if how == 0:  # bytes flipped
        raw = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if how == 1:  # cut short
        return text[: rng.randrange(len(text))]
    data = json.loads(text)
    path = rng.choice(paths(data)[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if how == 2:  # a field or an entry removed
        del parent[path[-1]]
    else:  # a field replaced by a value of another shape, or a neighbouring value
        old = parent[path[-1]]
        parent[path[-1]] = rng.choice([*ODD_JSON, old + 1 if type(old) is int else 0])
    return json.dumps(data)
