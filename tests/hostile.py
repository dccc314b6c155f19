"""Damaged save files and odd values, for the hostile-input tests and ``bench/hostile.py``.

A save file is damaged the ways files are: bytes flipped, cut short, or one field (anywhere in the tree)
deleted, or replaced by another JSON value of any shape and size. A widget is called from Python with odd
values at every door that takes a number, and must then still work (``still_works``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from novaluna_widget import Game, IllegalMove, NovaLunaWidget, SoloGame

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


#: Values given where the widget takes an index (a turn, a review row, a seat, a space): numpy integers of
#: every width (what pandas hands back), and what is no index at all.
ODD_INDEXES: list[Any] = [
    np.int64(0),
    np.int64(1),
    np.int32(2),
    np.uint8(3),
    np.int16(-1),
    np.int64(10**12),
    0,
    -1,
    2**70,
    True,
    1.0,
    np.float64(1.0),
    0.5,
    Fraction(1),
    Decimal(1),
    "1",
    "",
    None,
    [1],
    (1,),
    np.array([1]),
    complex(1),
    "x" * 10_000,
]

#: What a refused call from Python raises: a move or a position that is not there, or a value of the
#: wrong kind.
REFUSALS = (IllegalMove, ValueError, TypeError)


def widget_doors(w: NovaLunaWidget) -> dict[str, Callable[[Any], object]]:
    """Every call of the widget that takes a number from Python, by name, given that number."""

    def bots(value: Any) -> None:
        w.bots = {value: "greedy"}

    def space(value: Any) -> object:
        return w.play((value, (0, 1)))

    def cell(value: Any) -> object:
        return w.play((w.game.choices()[0], (value, 1)))

    return {
        "show_turn": w.show_turn,
        "open_review": w.open_review,
        "bots": bots,
        "select": w.select,
        "play space": space,
        "play cell": cell,
        "new_game": w.new_game,
    }


def still_works(w: NovaLunaWidget) -> None:
    """What must work after any call, refused or not: a refresh, an undo, a change of language (and back),
    the picture a notebook shows; the state on show is JSON, as the page receives it."""
    w.refresh()
    if w.game.can_undo and w.guide is None:
        w.undo()
        w.redo()
    lang = w.lang
    w.lang = "ru"
    w.lang = lang
    bundle = w._repr_mimebundle_()
    assert bundle is not None and "image/svg+xml" in bundle[0]
    json.dumps([w.state, w.review_panel], allow_nan=False)
