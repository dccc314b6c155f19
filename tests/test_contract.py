"""Python sends nothing the contract (novaluna_widget/_contract.py) lacks: every state, catalogue, review
panel and intent below is checked against it key by key (``contract.check``: a stray key, a missing one, a
wrong type or a null where none may be fails), over real games; and the page's side of the contract
(js/contract.d.ts, js/nullable.json) is what js/build_contract.py writes from it now."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any, Literal, TypedDict, Union, get_args, get_type_hints

import pytest

from novaluna_widget import Game, NovaLunaWidget, coach
from novaluna_widget import _contract as contract
from novaluna_widget import _protocol as protocol
from novaluna_widget._contract import Catalogue, PrintedPieces, ReviewPanel, State, check
from novaluna_widget._i18n import LANGUAGES
from novaluna_widget._protocol import INTENTS, BadIntent, catalogue, parse_intent

from .test_protocol import played_out
from .test_widget import intent, take

ROOT = Path(__file__).parents[1]


def builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_contract", ROOT / "js" / "build_contract.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def conforms(value: object, kind: Any) -> None:
    """``value`` keeps to ``kind`` as Python holds it and as the page receives it (JSON)."""
    check(value, kind)
    check(json.loads(json.dumps(value)), kind)


# -- the page's side is generated -----------------------------------------------------------------
def test_the_pages_declarations_and_nullable_keys_are_what_the_contract_writes_now():
    for path, text in builder().outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"js/{path.name} is stale: run `make contract`"


def test_the_bridge_restores_the_required_keys_that_may_be_null_and_no_other():
    nullable = builder().nullable()
    assert {
        "seed",
        "current",
        "players.[].bot",
        "hint.alternatives.[].cell",
        "view.compare.played.tile",
    } <= set(nullable)
    # A key that may be missing is the contract's own absence, not Pyodide's: it is never put back.
    assert "tutorial.expects.player" not in nullable and "version" not in nullable


# -- the checker ----------------------------------------------------------------------------------
def test_check_refuses_a_stray_key_a_missing_key_a_wrong_type_and_a_null_where_none_may_be():
    state = NovaLunaWidget(seed=1).state
    conforms(state, State)
    player = state["players"][0]
    broken = {
        "a stray key": ({**state, "stray": 1}, r"lacks: \['stray'\]"),
        "a missing key": ({k: v for k, v in state.items() if k != "turn"}, r"with its keys \['turn'\]"),
        "a string for a number": ({**state, "turn": "3"}, r"value\.turn must be int"),
        "a boolean for a number": ({**state, "turn": True}, r"value\.turn must be int"),
        "a null where none may be": ({**state, "turn": None}, r"value\.turn must be int"),
        "a stray key deep down": (
            {**state, "players": [{**player, "colour": "red"}]},
            r"lacks: \['colour'\]",
        ),
        "a short tuple": ({**state, "log": [[0, "setup", None]]}, r"value\.log\[0\] must be a list of 4"),
        "an unknown literal": ({**state, "kind": "chess"}, r"value\.kind must be one of"),
        "an object for a list": ({**state, "choices": {}}, r"value\.choices must be a list"),
    }
    for what, (value, refusal) in broken.items():
        with pytest.raises(TypeError, match=refusal):
            check(value, State)
        assert what
    conforms({**state, "seed": None}, State)  # the contract lets the seed be null


# -- real states ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_state_of_a_game_played_out_by_bots_keeps_to_the_contract(players: int):
    w = NovaLunaWidget(players=players, seed=players)
    conforms(w.state, State)
    phases = set()
    while not w.game.is_over:
        if w.game.can_end_phase_one and w.game.turn > 8:
            w.play("end_phase_one")  # on to phase 2 of the solo game
        else:
            w.bot_move("greedy")
        conforms(w.state, State)
        phases.add(w.state["solo"]["phase"] if w.state["solo"] else None)
    assert w.state["over"] is not None and phases == ({1, 2} if players == 1 else {None})


def test_the_widgets_own_fields_keep_to_the_contract_in_every_language():
    w = NovaLunaWidget(players=["You", "Bo"], seed=5, bots={1: "greedy"})
    intent(w, "select", space=w.game.choices()[0])
    assert w.state["selected"] is not None
    conforms(w.state, State)
    take(w, w.game.choices()[0], (0, 0), player=1)  # not the seat to move: refused
    assert w.state["error"]
    conforms(w.state, State)
    take(w, *w.game.legal_moves()[0])
    w.undo()
    assert w.state["can"]["redo"]
    for lang in LANGUAGES:
        w.lang = lang
        conforms(w.state, State)
        assert w.state["lang"] == lang


def test_the_guided_game_keeps_to_the_contract_step_by_step_in_every_language():
    for lang in LANGUAGES:
        w = NovaLunaWidget.tutorial(lang)
        assert w.guide is not None
        for step in w.guide.steps:
            conforms(step.to_data(), contract.StepData)
        conforms(w.state, State)
        intent(w, "undo")  # not the click awaited: refused in friendly words
        assert w.state["tutorial"]["refused"]
        conforms(w.state, State)
        while not w.guide.done:
            click = w.guide.click
            assert click is not None
            intent(w, **click.intent)
            conforms(w.state, State)
        assert w.state["tutorial"]["done"] and w.state["tutorial"]["expects"] is None


@pytest.mark.slow  # a long scan: `make test` runs it, `make test-fast` leaves it out
def test_the_coach_keeps_to_the_contract(monkeypatch: pytest.MonkeyPatch):
    w = NovaLunaWidget(players=["You", "Bo"], seed=3, bots={1: "greedy"})
    found = w.hint()
    conforms(found.to_data(), contract.HintData)
    assert w.state["hint"] is not None and w.state["hint"]["alternatives"]
    conforms(w.state, State)
    # A finished game, reviewed: the panel in its three shapes, then a row open with its comparison.
    w = NovaLunaWidget(played_out(Game(["You", "Bo"], seed=11), 400))
    panels: list[Any] = [w.review_panel]
    w.observe(lambda change: panels.append(change["new"]), names="review_panel")
    reviewing = coach.reviewing
    monkeypatch.setattr(coach, "reviewing", lambda game, **kw: reviewing(game, nodes=40, **kw))
    w.review(progress=False)
    assert [p.get("status") for p in panels][:2] == [None, "working"] and panels[-1]["status"] == "ready"
    for panel in panels:
        conforms(panel, ReviewPanel)
    w.show_turn(3)
    assert w.state["view"]["now"] is False
    conforms(w.state, State)
    w.open_review(5)
    assert w.state["view"]["compare"] is not None
    for lang in LANGUAGES:
        w.lang = lang
        conforms(w.state, State)
        conforms(w.review_panel, ReviewPanel)
    with pytest.raises(TypeError):
        check({"status": "ready"}, ReviewPanel)  # a ready panel has its rows


def test_the_catalogue_keeps_to_the_contract():
    conforms(catalogue(), Catalogue)
    conforms(NovaLunaWidget().catalogue, Catalogue)


def test_the_faces_keep_to_the_contract_in_every_language():
    w = NovaLunaWidget()
    for lang in LANGUAGES:
        w.lang = lang
        assert w.faces["lang"] == lang
        conforms(w.faces, PrintedPieces)


# -- intents --------------------------------------------------------------------------------------
#: An example of every intent the page sends (js/widget.js), with the picture's version.
EXAMPLES: list[dict[str, Any]] = [
    {"action": "select", "space": 4},
    {"action": "select", "space": None},
    {"action": "take", "space": 4, "cell": [1, 0], "player": 0},
    {"action": "refill"},
    {"action": "refill", "player": 1},
    {"action": "end_phase_one", "player": 0},
    {"action": "bot", "bot": "greedy", "player": 1},
    {"action": "bot"},
    {"action": "undo"},
    {"action": "redo"},
    {"action": "new"},
    {"action": "hint"},
    {"action": "review"},
    {"action": "cancel_review"},
    {"action": "next"},
    {"action": "show", "turn": 3},
    {"action": "show", "turn": None},
    {"action": "open", "row": 2},
    {"action": "open", "row": None},
    {"action": "puzzles"},
    {"action": "pick", "answer": [1, 0]},
    {"action": "unpick", "answer": "refill"},
    {"action": "check"},
    {"action": "reveal"},
    {"action": "download"},
    {"action": "learner", "name": "Ada"},
    {"action": "leave"},
    {"action": "language", "lang": "fa"},
    {"action": "why", "task": [1, 3, 0]},
    {"action": "why", "task": None},
]


def test_parse_intent_takes_exactly_the_contracts_intents():
    declared: dict[str, tuple[set[str], set[str]]] = {}
    for kind in get_args(contract.Intent):
        fields = set(get_type_hints(kind)) - {"action", "version"}
        required = set(kind.__required_keys__) - {"action", "version"}
        for action in get_args(get_type_hints(kind)["action"]):
            declared[action] = (fields, required)
    assert {a: (set(f), {k for k, v in f.items() if v.required}) for a, f in INTENTS.items()} == declared
    assert {example["action"] for example in EXAMPLES} == set(INTENTS)
    for example in EXAMPLES:
        message = {**example, "version": 7}
        assert parse_intent(message) == message
        conforms(message, contract.Intent)
    stray = {"action": "undo", "version": 7, "stray": 1}
    with pytest.raises(BadIntent):
        parse_intent(stray)
    with pytest.raises(TypeError):
        check(stray, contract.Intent)


class _UndoFor(TypedDict):
    version: int
    action: Literal["undo"]
    player: int


class _TakeAnywhere(TypedDict):
    version: int
    action: Literal["take"]
    space: int
    player: int


class _Wave(TypedDict):
    version: int
    action: Literal["wave"]
    hand: int


def test_an_intent_is_written_once_in_the_contract(monkeypatch):
    """What ``parse_intent`` takes is read from the contract's intent types: a field added to one is taken,
    a field taken out of one is refused, and a field no check is known for stops the import."""
    undo = {"action": "undo", "version": 1, "player": 0}
    take = {"action": "take", "version": 1, "space": 2, "player": 0}
    with pytest.raises(BadIntent, match="unexpected field 'player'"):
        parse_intent(undo)
    with pytest.raises(BadIntent, match="needs 'cell'"):
        parse_intent(take)
    kept = [k for k in get_args(contract.Intent) if k not in (contract.HistoryIntent, contract.TakeIntent)]
    monkeypatch.setattr(protocol, "INTENTS", protocol.intent_fields(Union[(*kept, _UndoFor, _TakeAnywhere)]))
    assert parse_intent(undo) == undo and parse_intent(take) == take
    with pytest.raises(BadIntent, match="unexpected field 'cell'"):
        parse_intent({**take, "cell": [0, 0]})
    with pytest.raises(BadIntent, match="unknown action 'redo'"):
        parse_intent({"action": "redo", "version": 1})
    with pytest.raises(TypeError, match=r"_Wave\.hand"):
        protocol.intent_fields(_Wave | contract.WhyIntent)


# -- the state is tagged by its mode --------------------------------------------------------------
def test_the_state_names_its_mode_and_carries_that_modes_fields_and_no_other(tmp_path: Path):
    # The page switches on ``state.mode``: each mode's state keeps to its own variant of ``State``, so a
    # guided step without its ``tutorial``, or a game now carrying one, breaks the contract.
    w = NovaLunaWidget(players=2, seed=3, bots={1: "greedy"})
    states = {w.state["mode"]: w.state}
    take(w, *w.game.legal_moves()[0])
    w.show_turn(0)
    states[w.state["mode"]] = w.state
    w.review(progress=False)  # works any time: a row of the two actions played
    w.open_review(0)
    states[w.state["mode"]] = w.state
    guided = NovaLunaWidget.tutorial()
    states[guided.state["mode"]] = guided.state
    puzzles = NovaLunaWidget.puzzles(seed=1, path=tmp_path / "progress.json")
    states[puzzles.state["mode"]] = puzzles.state
    assert list(states) == ["playing", "history", "review", "guided", "puzzle"]
    own = {"guided": "tutorial", "puzzle": "puzzle"}
    for mode, state in states.items():
        conforms(state, State)
        assert {key for key in own.values() if key in state} == ({own[mode]} if mode in own else set())
    playing, step = states["playing"], states["guided"]
    with pytest.raises(TypeError, match=r"GuidedState with its keys \['tutorial'\]"):
        check({k: v for k, v in step.items() if k != "tutorial"}, State)
    with pytest.raises(TypeError, match=r"lacks: \['tutorial'\]"):
        check({**playing, "tutorial": step["tutorial"]}, State)
    with pytest.raises(TypeError, match=r"value\.mode must be one of"):
        check({**playing, "mode": "solo"}, State)  # solo is the game's kind, no mode
