"""The curated strategy and solo puzzles shipped in ``curated.json`` (issue 33), as puzzles.

Each entry is a position, a seeded deal and the actions that reach it, with the answer two deep searches
agreed on (``_deep.stable``; ``bench/puzzles_set.py`` made the file), the runner-up, the smaller of
their margins and a rating from simulated solvers' attempts (``_calibrate``). ``drawn(kind, seed, n)``
is the ``n``-th puzzle of a kind for a seed: the set in an order of the seed's, over again once all are
drawn.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any, Final

from .._game import Action, Game, _read_actions, action_data
from .._i18n import Value, msg, sentences
from .._new_game import new_game
from ..coach import hint
from ._answers import REASON_NODES, Answer, Made, ahead, choice_of, option_words, tenths

__all__ = [
    "CURATED_KINDS",
    "StoredPuzzle",
    "deal_key",
    "difficulty",
    "drawn",
    "entries",
    "made",
    "settings",
    "stored_position",
]

#: The kinds the curated set holds.
CURATED_KINDS: Final = ("strategy", "solo")


@dataclass(frozen=True)
class StoredPuzzle:
    """One curated puzzle as the file stores it."""

    id: str
    kind: str
    players: int
    seed: int
    actions: tuple[Action, ...]
    answer: Answer
    runner: Answer
    margin: float
    rating: float


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        files(__package__).joinpath("curated.json").read_text(encoding="utf-8")
    )
    return loaded


@cache
def entries(kind: str) -> tuple[StoredPuzzle, ...]:
    """The curated puzzles of ``kind``, in the file's order (by id)."""
    return tuple(
        StoredPuzzle(
            id=raw["id"],
            kind=raw["kind"],
            players=raw["players"],
            seed=raw["seed"],
            actions=tuple(_read_actions(raw["actions"], raw["id"])),
            answer=raw["answer"],
            runner=raw["runner"],
            margin=raw["margin"],
            rating=raw.get("rating", 1500.0),
        )
        for raw in _data()["puzzles"]
        if raw["kind"] == kind
    )


def settings() -> dict[str, Any]:
    """The deep search's settings the set was made with, and the build's figures."""
    return {"settings": _data()["settings"], "figures": _data()["figures"]}


def deal_key(kind: str, players: int, seed: int, actions: Sequence[Action]) -> str:
    """A candidate position's key in the build's logs: its kind and a hash of the deal and the actions.
    (A puzzle's id is ``_identity.content_id``, the table and the question as a player sees them.)"""
    text = json.dumps([players, seed, [action_data(a) for a in actions]])
    return f"{kind}-{hashlib.sha256(text.encode()).hexdigest()[:10]}"


def stored_position(entry: StoredPuzzle) -> Game:
    """The entry's position: its deal replayed."""
    game = new_game(entry.players, seed=entry.seed)
    for action in entry.actions:
        game.play(action)
    return game


def drawn(kind: str, seed: int, n: int) -> tuple[StoredPuzzle, Made]:
    """The ``n``-th curated puzzle of ``kind`` for ``seed``, and the puzzle made of it."""
    every = list(entries(kind))
    random.Random(f"{seed}:{kind}:curated").shuffle(every)
    entry = every[n % len(every)]
    return entry, made(entry)


def made(entry: StoredPuzzle) -> Made:
    """The puzzle an entry asks: which tile to take (or whether to refill), the deep searches' answer."""
    game = stored_position(entry)
    runner = option_words(game, entry.runner)
    lower_by = tenths(entry.margin)
    advice: dict[str, Value] = {}

    def reason(lang: str) -> Value:
        if lang not in advice:  # what the answer does, in the coach's words, and how far ahead it is
            said = hint(game, seed=0, nodes=REASON_NODES, lang=lang)  # words only: a quick search will do
            options = [said, *said.alternatives]
            does = [o.reason for o in options if choice_of(o) == entry.answer]
            advice[lang] = sentences(*does[:1], ahead(entry.margin, runner))
        return advice[lang]

    def about(answer: Answer) -> Value | None:
        """The learner's choice, and how much lower the deep searches put it (the runner-up by the
        margin, any other choice of the turn by at least as much; a tile not on offer: nothing)."""
        offered = [*game.choices(), *(["refill"] if game.can_refill else [])]
        if answer == entry.answer or answer not in offered:
            return None
        chosen = option_words(game, answer)
        if answer == entry.runner:
            return msg("{choice}: the coach values it {tokens} tokens lower.", choice=chosen, tokens=lower_by)
        return msg(
            "{choice}: the coach values it at least {tokens} tokens lower.", choice=chosen, tokens=lower_by
        )

    solo = entry.kind == "solo"
    return Made(
        game=game,
        prompt=(
            msg("Which tile keeps your final solo score lowest? A deep search's choice is clear.")
            if solo
            else msg("Which tile should you take, or should you refill first? The coach's choice is clear.")
        ),
        answers=frozenset({entry.answer}),
        click="space",
        choices=("refill",) if game.can_refill else (),
        seat=game.current_player,
        difficulty=difficulty(entry.rating),
        reason=reason,
        about=about,
        rule="solo score" if solo else "look ahead",
        written=(
            msg("Which tile keeps your final solo score lowest? Circle its wheel space.")
            if solo
            else msg(
                "Which tile should you take, or should you refill first? Circle its wheel space, or refill."
            )
        ),
    )


def difficulty(rating: float) -> int:
    """A rating's difficulty, 1–5 (``make.rating_of`` the other way round)."""
    return max(1, min(5, round((rating - 1000.0) / 200.0)))
