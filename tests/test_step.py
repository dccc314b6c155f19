"""The widget's step as a function, driven without a widget or a controller: ``step(table, screen, intent)``
is the screen after the intent, a value (``modes.Screen``); a refused intent raises and leaves the screen
and the game as they were. And the controller knows no mode by name: the modes decide what a click means."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import Game, Move, _modes
from novaluna_widget._coach_view import TUTORIAL_ONLY
from novaluna_widget._errors import IllegalMove
from novaluna_widget._guide import Guide
from novaluna_widget._modes import Guided, History, Playing, Screen, home
from novaluna_widget._review_runner import ReviewRunner, at_once
from novaluna_widget._session import Session
from novaluna_widget._step import catch_up, step

CONTROLLER = Path(inspect.getfile(_modes)).parents[1] / "_controller.py"


def table(game: Game | None = None) -> Session:
    panel = ReviewRunner(lambda _: None, at_once, __import__("logging").getLogger(__name__))
    return Session(Game(2, seed=3) if game is None else game, seed=3, bots=None, lang="en", panel=panel)


def steps(t: Session, screen: Screen, *intents: dict[str, Any]) -> Screen:
    """The screen after each intent in turn, each made on the picture it follows (as the page does)."""
    for intent in intents:
        screen = catch_up(t, step(t, catch_up(t, screen), {**intent, "version": screen.version}))  # type: ignore[arg-type]
    return screen


def test_a_sequence_of_intents_gives_the_expected_screens():
    t = table()
    start = catch_up(t, Screen(home(t)))
    assert (start.version, start.selected, start.hint, start.error) == (1, None, None, None)
    space = t.game.choices()[0]
    chosen = steps(t, start, {"action": "select", "space": space})
    assert chosen.selected == space and chosen.version == 1 and t.game.turn == 0
    assert start.selected is None  # the screen before is a value: it did not change
    move = next(m for m in t.game.legal_moves() if isinstance(m, Move) and m.space == space)
    placed = steps(
        t,
        chosen,
        {"action": "take", "space": space, "cell": list(move.cell), "player": t.game.current_player},
    )
    assert t.game.history == (move,) and placed.version == 2 and placed.selected is None
    hinted = steps(t, placed, {"action": "hint"})
    assert hinted.hint is not None and hinted.hint.player == t.game.current_player
    earlier = steps(t, hinted, {"action": "show", "turn": 0})
    assert isinstance(earlier.mode, History) and earlier.mode.shown_turn == 0 and earlier.version == 2
    back = steps(t, earlier, {"action": "show", "turn": None})
    assert isinstance(back.mode, Playing) and back.version == 2
    undone = steps(t, back, {"action": "undo"})
    assert len(t.game.history) == 0 and undone.version == 3 and undone.hint is None
    spoken = steps(t, undone, {"action": "language", "lang": "ru"})
    assert t.lang == "ru" and spoken.version == 3


@pytest.mark.parametrize(
    "intent",
    [
        {"action": "take", "space": 11, "cell": [0, 0], "player": "mover"},  # not among the next three tiles
        {"action": "take", "space": 0, "cell": [0, 0], "player": "other"},  # out of turn
        {"action": "next"},  # the guided game's
        {"action": "pick", "answer": 1},  # the puzzles'
        {"action": "review"},  # not before the end
        {"action": "show", "turn": 99},
        {"action": "why", "task": [0, 5, 0]},
    ],
)
def test_a_refused_intent_leaves_the_screen_and_the_game_as_they_were(intent):
    t = table()
    screen = steps(t, catch_up(t, Screen(home(t))), {"action": "select", "space": t.game.choices()[0]})
    mover = t.game.current_player
    if "player" in intent:
        intent = {**intent, "player": mover if intent["player"] == "mover" else 1 - mover}
    before = (screen._replace(), t.game.to_json())
    with pytest.raises(IllegalMove):
        steps(t, screen, intent)
    assert (screen, t.game.to_json()) == before
    assert catch_up(t, screen) == screen  # nothing for the next picture to catch up with


def test_the_screen_is_a_value():
    t = table()
    screen = Screen(home(t))
    with pytest.raises(AttributeError):
        screen.selected = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "call",
    ["undo()", "redo()", "bot_move(None)", "hint()", "review(False)", "show(0)", "open(0)"],
)
def test_what_a_mode_does_not_take_it_refuses_with_its_one_sentence(call):
    guide = Guide()
    t = table(guide.game)
    guided = Guided(t, guide)
    before = t.game.to_json()
    with pytest.raises(IllegalMove) as refused:
        eval(f"guided.{call}", {"guided": guided})
    assert refused.value.message == TUTORIAL_ONLY and t.game.to_json() == before


def test_the_controller_knows_no_mode_by_name():
    tree = ast.parse(CONTROLLER.read_text(encoding="utf-8"))
    modes = {name for name in _modes.__all__ if inspect.isclass(getattr(_modes, name))}
    named = {
        getattr(_modes, name).__name__
        for name in modes
        if issubclass(getattr(_modes, name), _modes.Mode) and getattr(_modes, name) is not _modes.Mode
    }
    assert named == {"Guided", "History", "Playing", "Puzzling", "Reviewing"}
    imported = {
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert not {module for module, _ in imported if module and module.startswith("_modes.")}
    assert {name for module, name in imported if module == "_modes"} <= {"Mode", "Showing", "Screen", "home"}
    words = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    words |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not words & (named | {"PUZZLE_ONLY", "NOT_IN_PUZZLES", "Trainer", "set_aside"})
