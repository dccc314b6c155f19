"""The widget's step as a function, driven without a widget or a controller: ``step(screen, intent)`` is the
screen after the intent, a value (``modes.Screen``, its table too: ``session.Table``); a refused intent
raises and leaves the screen and the game as they were. And the controller knows no mode by name: the modes
decide what a click means."""

from __future__ import annotations

import ast
import inspect
from dataclasses import FrozenInstanceError, replace
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import Game, Move, _modes
from novaluna_widget._coach_view import TUTORIAL_ONLY
from novaluna_widget._controller import Controller
from novaluna_widget._errors import IllegalMove
from novaluna_widget._guide import Guide
from novaluna_widget._modes import Guided, History, Playing, Puzzling, Screen, guided_by, home, puzzles_of
from novaluna_widget._modes.puzzle import Answering, answer_data
from novaluna_widget._review_runner import ReviewRunner, at_once
from novaluna_widget._session import Table
from novaluna_widget._step import catch_up, step
from novaluna_widget.puzzles._trainer import Trainer

CONTROLLER = Path(inspect.getfile(_modes)).parents[1] / "_controller.py"


def table(game: Game | None = None) -> Table:
    panel = ReviewRunner(lambda _: None, at_once, __import__("logging").getLogger(__name__))
    return Table.seated(Game(2, seed=3) if game is None else game, seed=3, bots=None, lang="en", panel=panel)


def steps(screen: Screen, *intents: dict[str, Any]) -> Screen:
    """The screen after each intent in turn, each made on the picture it follows (as the page does)."""
    for intent in intents:
        screen = catch_up(step(catch_up(screen), {**intent, "version": screen.version}))  # type: ignore[arg-type]
    return screen


def test_a_sequence_of_intents_gives_the_expected_screens():
    t = table()
    start = catch_up(Screen(home(t)))
    assert (start.version, start.selected, start.hint, start.error) == (1, None, None, None)
    space = t.game.choices()[0]
    chosen = steps(start, {"action": "select", "space": space})
    assert chosen.selected == space and chosen.version == 1 and t.game.turn == 0
    assert start.selected is None  # the screen before is a value: it did not change
    move = next(m for m in t.game.legal_moves() if isinstance(m, Move) and m.space == space)
    placed = steps(
        chosen,
        {"action": "take", "space": space, "cell": list(move.cell), "player": t.game.current_player},
    )
    assert t.game.history == (move,) and placed.version == 2 and placed.selected is None
    hinted = steps(placed, {"action": "hint"})
    assert hinted.hint is not None and hinted.hint.player == t.game.current_player
    earlier = steps(hinted, {"action": "show", "turn": 0})
    assert isinstance(earlier.mode, History) and earlier.mode.shown_turn == 0 and earlier.version == 2
    back = steps(earlier, {"action": "show", "turn": None})
    assert isinstance(back.mode, Playing) and back.version == 2
    undone = steps(back, {"action": "undo"})
    assert len(t.game.history) == 0 and undone.version == 3 and undone.hint is None
    spoken = steps(undone, {"action": "language", "lang": "ru"})
    assert spoken.table.lang == "ru" and spoken.version == 3


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
    screen = steps(catch_up(Screen(home(t))), {"action": "select", "space": t.game.choices()[0]})
    mover = t.game.current_player
    if "player" in intent:
        intent = {**intent, "player": mover if intent["player"] == "mover" else 1 - mover}
    before = (screen._replace(), t.game.to_json())
    with pytest.raises(IllegalMove):
        steps(screen, intent)
    assert (screen, t.game.to_json()) == before
    assert catch_up(screen) == screen  # nothing for the next picture to catch up with


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
    assert {name for module, name in imported if module == "_modes"} <= {
        "Mode",
        "Refused",
        "Showing",
        "Screen",
        "home",
    }
    words = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    words |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not words & (named | {"PUZZLE_ONLY", "NOT_IN_PUZZLES", "Trainer", "set_aside"})


# -- the widget's state as a value: the screen and its table (issue 32, point 4) -------------------------
def test_a_step_returns_a_new_table_and_leaves_the_one_it_was_given():
    t = table()
    screen = catch_up(Screen(home(t)))
    before = (screen._replace(), replace(t))
    spoken = steps(screen, {"action": "language", "lang": "ru"})
    assert (screen, screen.table) == before and screen.table is t and t.lang == "en"
    assert spoken.table == replace(t, lang="ru") and spoken.mode.table is spoken.table
    assert (
        isinstance(spoken.mode, Playing) and spoken.mode is not screen.mode
    )  # the same mode, over the new table
    dealt = steps(spoken, {"action": "new"})
    assert spoken.table.game is t.game and dealt.table == replace(spoken.table, game=dealt.table.game)
    assert dealt.table.game is not t.game and t.game.history == ()  # the old game is not touched


def test_an_unknown_language_is_refused_and_the_table_stays():
    t = table()
    screen = catch_up(Screen(home(t)))
    before = (screen._replace(), replace(t))
    with pytest.raises(ValueError, match="xx"):
        step(screen, {"action": "language", "lang": "xx", "version": screen.version})
    assert (screen, screen.table) == before and t.lang == "en"


def test_the_table_cannot_be_changed_in_place():
    t = table()
    with pytest.raises(FrozenInstanceError):
        t.lang = "ru"  # type: ignore[misc]
    assert t.lang == "en"


def test_the_seats_the_bot_and_the_language_set_from_python_are_new_tables():
    c = Controller(Game(2, seed=3), publish=lambda _: None, publish_review=lambda _: None, seed=3)
    c.start()
    first = c.screen
    c.bots = {0: "random", 1: "random"}  # bots only: nobody moves until the Bot button
    assert first.table.seats == (None, None) and c.table.seats == ("random", "random")
    second = c.screen
    c.bot = "random"
    assert second.table.bot == "greedy" and c.table.bot == "random"
    third = c.screen
    c.set_language("ja")
    assert third.table.lang == "en" and c.table.lang == "ja" and c.screen.mode.table is c.table
    assert c.table == replace(first.table, seats=("random", "random"), bot="random", lang="ja")


def test_a_pick_in_the_puzzles_is_a_new_value_and_the_trainer_the_tables(tmp_path):
    t = table()
    trainer = Trainer(tmp_path / "progress.json", seed=3, warn=False)
    screen = catch_up(puzzles_of(trainer, ["placement"])(catch_up(Screen(home(t)))))
    puzzles = screen.mode
    assert isinstance(puzzles, Puzzling) and screen.table.trainer is trainer and t.trainer is None
    choice = next(iter(puzzles.puzzle.answers))
    picked = steps(screen, {"action": "pick", "answer": answer_data(choice)})
    assert isinstance(picked.mode, Puzzling) and picked.mode.answering == Answering(puzzles.puzzle, (choice,))
    assert (
        puzzles.answering == Answering(puzzles.puzzle) and screen.mode is puzzles
    )  # the value before stands
    with pytest.raises(TypeError, match="Puzzling has no field pics"):
        puzzles.but(pics=())  # a copy of a mode changes the fields it has, no new one
    left = steps(picked, {"action": "leave"})
    assert isinstance(left.mode, Playing) and left.table.trainer is trainer  # the table keeps its trainer


#: Where a statement may assign a field of the table or the session: nowhere (``_session.Session`` sets its
#: own services when it is made, on ``self``).
TABLE_NAMES = frozenset({"table", "session"})


def fields_assigned(source: str) -> list[str]:
    """The statements of ``source`` that assign a field of something named a table or a session
    (``table.lang = …``, ``self.table.game = …``, ``screen.table.seats += …``, ``a, table.bot = …``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for part in ast.walk(target):
                if not isinstance(part, ast.Attribute):
                    continue
                owner = part.value
                name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
                if name in TABLE_NAMES:
                    found.append(ast.unparse(part))
    return found


def table_modules() -> dict[str, str]:
    """The package's modules that use the table (import ``_session``), and ``_session`` itself."""
    package = CONTROLLER.parent
    modules = {}
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if path.name == "_session.py" or "_session import" in source:
            modules[str(path.relative_to(package))] = source
    return modules


def test_nothing_assigns_a_field_of_the_table_or_the_session():
    modules = table_modules()
    assert {"_controller.py", "_step.py", "_modes/puzzle.py", "_modes/guided.py", "widget.py"} <= set(modules)
    assert {name: found for name, source in modules.items() if (found := fields_assigned(source))} == {}


@pytest.mark.parametrize(
    "statement",
    [
        "table.lang = lang",
        "self.table.game = self.guide.game",
        "puzzles.table.trainer = trainer",
        "table.seats += [None]",
        "table.damaged: Path | None = None",
        "game, table.seats = before",
        "self.session.callbacks = []",
    ],
)
def test_the_check_finds_a_field_of_the_table_assigned(statement):
    source = table_modules()["_step.py"]
    assert fields_assigned(source) == []
    assert fields_assigned(f"{source}\n\ndef f():\n    {statement}\n") != []


#: What a mode may assign once made: caches of what it draws (``History._built``, ``Puzzling._position``),
#: rebuilt when what they were drawn from (the language, the seats) changes, so no state.
DRAWING_CACHES = frozenset({"_built", "_position"})


def assigned(target: ast.expr) -> list[ast.expr]:
    """What an assignment to ``target`` changes: each name or field it binds, and the container of an item
    it sets (``self.rows[0] = …`` changes ``self.rows``); not a field of a field (``self.guide.lang``)."""
    if isinstance(target, ast.Tuple | ast.List):
        return [part for element in target.elts for part in assigned(element)]
    if isinstance(target, ast.Starred | ast.Subscript):
        return assigned(target.value)
    return [target]


def own_fields_assigned(source: str) -> list[str]:
    """The statements of ``source`` that assign a field of ``self`` in a method of a class other than its
    constructor (``self.refused = …``, ``self._history += …``, ``self.a, b = …``, ``self.rows[0] = …``),
    caches aside. A field of what the mode holds (``self.guide.lang``: the guide's) is not the mode's."""
    found = []
    for cls in (node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)):
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) or method.name == "__init__":
                continue
            for node in ast.walk(method):
                if isinstance(node, ast.Assign):
                    targets = node.targets
                elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                    targets = [node.target]
                else:
                    continue
                found += [
                    f"{cls.name}.{method.name}: {ast.unparse(part)}"
                    for target in targets
                    for part in assigned(target)
                    if isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id == "self"
                    and part.attr not in DRAWING_CACHES
                ]
    return found


def mode_modules() -> dict[str, str]:
    return {
        path.name: path.read_text(encoding="utf-8") for path in sorted(CONTROLLER.parent.glob("_modes/*.py"))
    }


def test_no_mode_assigns_its_own_fields_once_made():
    """A mode that changes (the guided game's answer to a click, the puzzles' picks) is a copy of itself
    (``Mode.but``), returned in the next screen: the screen before still holds the mode as it was."""
    modes = mode_modules()
    assert {"base.py", "guided.py", "history.py", "playing.py", "puzzle.py", "review.py"} <= set(modes)
    assert {name: found for name, source in modes.items() if (found := own_fields_assigned(source))} == {}


@pytest.mark.parametrize(
    "statement",
    [
        "self.refused = TUTORIAL_ONLY",
        "self._history += ()",
        "self.refused: Said | None = None",
        "self._history, _ = (), None",
        "*self._history, _ = ()",
        "self._history[0] = None",
        "self.table = replace(self.table)",
    ],
)
def test_the_check_finds_a_mode_assigning_its_own_field(statement):
    source = mode_modules()["guided.py"]
    method = "    def changed(self, screen: Screen) -> Screen:\n"
    assert own_fields_assigned(source) == [] and method in source
    assert own_fields_assigned(source.replace(method, f"{method}        {statement}\n")) != []


def test_a_guided_click_is_a_new_mode_and_the_one_before_stands():
    guide = Guide(lang="en")
    before = Guided(table(guide.game), guide)
    screen = catch_up(Screen(before))
    refused = steps(screen, {"action": "undo"})
    assert isinstance(refused.mode, Guided) and refused.mode.refused == TUTORIAL_ONLY
    assert before.refused is None and screen.mode is before  # the value before stands
    assert guide.click is not None
    played = steps(refused, dict(guide.click.intent))
    assert isinstance(played.mode, Guided) and played.mode.refused is None and guide.number == 2
    assert refused.mode.refused == TUTORIAL_ONLY


def test_a_python_click_the_guide_refuses_raises_with_its_sentence_on_show():
    """``widget.select``/``play``/``next_step`` in the guided game: a click the step does not wait for raises
    ``IllegalMove`` and the page shows the guide's sentence at once, as for the page's own click."""
    guide = Guide(lang="en")
    states: list[Any] = []
    c = Controller(guide.game, publish=states.append, publish_review=lambda _: None, seed=3)
    c.start()
    c.enter(guided_by(guide))
    before, published = c.game.to_json(), len(states)
    with pytest.raises(IllegalMove, match="only explains") as refused:
        c.select(11)
    assert len(states) > published and states[-1]["tutorial"]["refused"] == refused.value.in_language("en")
    assert c.last_error is None and c.game.to_json() == before and guide.number == 1
    with pytest.raises(IllegalMove, match="only explains"):
        c.play(Move(4, (0, 0)))
    c.next_step()
    assert states[-1]["tutorial"]["refused"] is None and states[-1]["tutorial"]["number"] == 2


def test_next_step_from_python_with_the_puzzles_open_over_the_guide_keeps_them_on_show(tmp_path):
    guide = Guide(lang="en")
    c = Controller(guide.game, publish=lambda _: None, publish_review=lambda _: None, seed=3)
    c.start()
    c.enter(guided_by(guide))
    c.enter(puzzles_of(Trainer(tmp_path / "progress.json", seed=3, warn=False), ["placement"]))
    puzzles = c.mode
    assert isinstance(puzzles, Puzzling) and isinstance(puzzles.now(), Guided)
    c.next_step()  # the guide goes on behind the puzzles, which stay as they were
    assert isinstance(c.mode, Puzzling) and c.mode.answering == puzzles.answering and guide.number == 2
    now = c.mode.now()
    assert isinstance(now, Guided) and now is not puzzles.now() and now.refused is None
