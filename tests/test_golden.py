"""Golden playthroughs: whole seeded games printed event by event and checked in under tests/golden/.

A change in the rules' behaviour shows up as a diff. After a deliberate change, rewrite them with
``NOVALUNA_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff.
"""

import os
import random
from pathlib import Path

import pytest

from novaluna_widget import Game, SoloGame

GOLDEN = Path(__file__).parent / "golden"
CASES = {"game2": (2, 21), "game3": (3, 22), "game4": (4, 23), "game4_beginner": (4, 24), "solo": (1, 25)}


def playthrough(players: int, seed: int, beginner: bool = False) -> str:
    """Play with a seeded random policy (refills and phase ends included) and print everything."""
    game = SoloGame(seed=seed) if players == 1 else Game(players, seed=seed, beginner=beginner)
    policy = random.Random(seed)
    while not game.is_over:
        if game.can_refill and policy.random() < 0.5:
            game.refill()
        if isinstance(game, SoloGame) and game.can_end_phase_one and policy.random() < 0.3:
            game.end_phase_one()
        moves = game.legal_moves()
        game.play(moves[policy.randrange(len(moves))])
    lines = [f"{n:>3} {e.text}" for n, e in enumerate(game.log)]
    return "\n".join([*lines, "", str(game), ""])


@pytest.mark.parametrize("name", CASES)
def test_golden_playthrough(name):
    players, seed = CASES[name]
    text = playthrough(players, seed, beginner=name.endswith("beginner"))
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("NOVALUNA_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from {path}; see the module docstring"
