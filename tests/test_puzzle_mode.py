"""The widget's puzzles (``modes.puzzle``): opened from Python or the page, answered by the clicks the
question names, checked, hinted at a cost, shown, followed by the next, and left for the game as it was.
Every intent goes in as the page sends it; refusals change nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import NovaLunaWidget
from novaluna_widget._modes import Playing, Puzzling
from novaluna_widget._modes.puzzle import answer_data
from novaluna_widget.puzzles import KINDS, Puzzle, read_progress
from novaluna_widget.puzzles._trainer import PUZZLES_ENVIRONMENT, Trainer

from .test_widget import intent, nothing_swallowed, send  # noqa: F401  (an autouse fixture)

SEED = 3


def opened(tmp_path: Path, kinds: list[str], name: str = "progress.json", **kw: Any) -> NovaLunaWidget:
    return NovaLunaWidget.puzzles(seed=SEED, kinds=kinds, path=tmp_path / name, **kw)


def key(tmp_path: Path, kinds: list[str]) -> Puzzle:
    """The puzzle a fresh trainer of the same seed gives first: the answer key, made apart."""
    return Trainer(tmp_path / "key.json", seed=SEED).next(kinds)


def puzzle_of(w: NovaLunaWidget) -> dict[str, Any]:
    found: dict[str, Any] | None = w.state["puzzle"]
    assert found is not None
    return found


def answers(puzzle: Puzzle) -> list[Any]:
    return sorted((answer_data(a) for a in puzzle.answers), key=json.dumps)


def picked(w: NovaLunaWidget) -> list[Any]:
    return [p["answer"] for p in puzzle_of(w)["picks"]]


def test_the_puzzles_open_over_the_game_with_the_puzzles_position_and_question(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    expected = key(tmp_path, ["fulfilled"])
    shown = puzzle_of(w)
    assert (shown["id"], shown["question"], shown["click"]) == (expected.id, expected.question, "task")
    assert w.state["wheel"] == [None if t is None else t.id for t in expected.game.wheel]
    assert w.game.history == () and w.state["can"]["refill"] is False  # the game waits; nothing plays
    # Until answered, no task says whether it is fulfilled: the page could not give the answer away.
    assert all(row[2] != 1 and row[3] == [] for p in w.state["players"] for row in p["tasks"])
    assert shown["answers"] is None and shown["explanation"] is None
    assert (shown["rating"], shown["solved"], shown["tried"]) == (1500, 0, 0)


def test_tasks_picked_one_by_one_and_checked_are_right_and_raise_the_rating(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    right = answers(key(tmp_path, ["fulfilled"]))
    for answer in right:
        intent(w, "pick", answer=answer)
        assert w.last_error is None
    assert picked(w) == right and puzzle_of(w)["can"]["check"]
    intent(w, "check")
    shown = puzzle_of(w)
    assert shown["verdict"]["right"] and shown["verdict"]["words"].startswith("Right.")
    assert [a["answer"] for a in shown["answers"]] == right and shown["explanation"]
    assert shown["rating"] > 1500 and (shown["solved"], shown["tried"]) == (1, 1)
    assert read_progress(tmp_path / "progress.json").attempts  # written as it was recorded


def test_a_task_picked_twice_is_one_pick_and_unpick_takes_it_back(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    first = answers(key(tmp_path, ["fulfilled"]))[0]
    intent(w, "pick", answer=first)
    intent(w, "pick", answer=first)
    assert picked(w) == [first]
    intent(w, "unpick", answer=first)
    assert picked(w) == [] and not puzzle_of(w)["can"]["check"]


def test_a_missed_task_is_named_in_the_verdict(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    first, *rest = answers(key(tmp_path, ["fulfilled"]))
    intent(w, "pick", answer=first)
    intent(w, "check")
    verdict = puzzle_of(w)["verdict"]
    assert not verdict["right"] and [a["answer"] for a in verdict["missed"]] == rest
    assert verdict["words"].startswith("Not right.") and all(
        a["words"] in verdict["words"] for a in verdict["missed"]
    )
    assert puzzle_of(w)["rating"] < 1500 and (puzzle_of(w)["solved"], puzzle_of(w)["tried"]) == (0, 1)


def test_a_cell_pick_replaces_the_last_in_a_puzzle_of_one_answer(tmp_path):
    w = opened(tmp_path, ["placement"])
    puzzle = key(tmp_path, ["placement"])
    assert puzzle.tile is not None
    assert puzzle_of(w)["click"] == "cell" and puzzle_of(w)["tile"] == puzzle.tile.id
    (right,) = answers(puzzle)
    wrong = [right[0] + 5, right[1]]  # no cell of the area: judged wrong, and the engine says why
    intent(w, "pick", answer=wrong)
    intent(w, "pick", answer=right)
    assert picked(w) == [right]
    intent(w, "check")
    assert puzzle_of(w)["verdict"]["right"]


def test_a_wrong_cell_is_said_wrong_with_the_engines_reason(tmp_path):
    w = opened(tmp_path, ["placement"])
    (right,) = answers(key(tmp_path, ["placement"]))
    wrong = [right[0] + 5, right[1]]
    intent(w, "pick", answer=wrong)
    intent(w, "check")
    verdict = puzzle_of(w)["verdict"]
    assert not verdict["right"] and [a["answer"] for a in verdict["wrong"]] == [wrong]
    assert "cannot go on" in verdict["words"]


def test_a_hint_says_how_to_look_and_costs_rating(tmp_path):
    plain, hinted = opened(tmp_path, ["placement"], "a.json"), opened(tmp_path, ["placement"], "b.json")
    (right,) = answers(key(tmp_path, ["placement"]))
    intent(hinted, "hint")
    assert puzzle_of(hinted)["hints"] == key(tmp_path, ["placement"]).hints()[:1]
    for w in (plain, hinted):
        intent(w, "pick", answer=right)
        intent(w, "check")
        assert puzzle_of(w)["verdict"]["right"]
    assert puzzle_of(hinted)["rating"] < puzzle_of(plain)["rating"]


def test_a_hint_is_not_made_free_by_skipping_the_puzzle(tmp_path):
    w = opened(tmp_path, ["placement"])
    intent(w, "hint")
    intent(w, "next")
    assert puzzle_of(w)["rating"] < 1500 and puzzle_of(w)["tried"] == 1


def test_show_the_answer_gives_the_puzzle_up(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    intent(w, "reveal")
    shown = puzzle_of(w)
    assert [a["answer"] for a in shown["answers"]] == answers(key(tmp_path, ["fulfilled"]))
    assert shown["explanation"] and shown["verdict"] is None and not any(shown["can"].values())
    assert shown["rating"] < 1500 and (shown["solved"], shown["tried"]) == (0, 1)
    # Answered: the tasks' chains show now.
    assert any(row[3] for p in w.state["players"] for row in p["tasks"])


def test_next_shows_another_puzzle_and_a_click_on_the_last_one_is_stale(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    first, version = puzzle_of(w)["id"], w.version
    intent(w, "next")
    assert puzzle_of(w)["id"] != first and w.version == version + 1 and picked(w) == []
    send(w, {"action": "pick", "version": version, "answer": [0, 0, 0]})  # made on the puzzle before
    assert "older picture" in str(w.last_error) and picked(w) == []


def test_back_to_the_game_leaves_it_exactly_as_it_was(tmp_path):
    w = NovaLunaWidget(seed=SEED)
    w.play(w.game.legal_moves()[0])
    before, history = w.state, w.game.history
    intent(w, "puzzles")
    assert isinstance(w._controller.mode, Puzzling) and w.state["wheel"] != before["wheel"]
    intent(w, "leave")
    assert isinstance(w._controller.mode, Playing) and w.state["mode"] == "playing"
    assert w.game.history == history
    assert {k: v for k, v in w.state.items() if k not in ("version", "answered")} == {
        k: v for k, v in before.items() if k not in ("version", "answered")
    }


def test_the_pages_puzzles_button_keeps_progress_in_the_default_file(tmp_path, monkeypatch):
    monkeypatch.setenv(PUZZLES_ENVIRONMENT, str(tmp_path / "default.json"))
    w = NovaLunaWidget(seed=SEED)
    intent(w, "puzzles")
    intent(w, "reveal")
    assert (tmp_path / "default.json").exists()
    intent(w, "leave")
    intent(w, "puzzles")  # the same trainer again: its count goes on
    assert puzzle_of(w)["tried"] == 1


def test_the_puzzle_is_worded_in_the_widgets_language(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    puzzle = key(tmp_path, ["fulfilled"])
    first = answers(puzzle)[0]
    intent(w, "pick", answer=first)
    intent(w, "check")
    intent(w, "language", lang="fa")
    shown = puzzle_of(w)
    assert shown["id"] == puzzle.id and shown["question"] == puzzle.prompt.in_language("fa")
    assert shown["verdict"]["words"] == puzzle.check([tuple(first)], "fa").words
    assert shown["explanation"] == puzzle.explain("fa") and w.state["dir"] == "rtl"


def odd_intents(w: NovaLunaWidget, right: list[Any]) -> list[tuple[str, dict[str, Any], str]]:
    """Intents the puzzle on show refuses: answers of another shape or no task of the area, a task not
    picked taken back, Check before a pick, and the game's own moves, history and Undo."""
    game = w.game
    take = {"space": game.choices()[0], "cell": [0, 1], "player": game.current_player}
    return [
        ("pick", {"answer": [0, 0]}, "this puzzle takes"),  # a cell where tasks are asked for
        ("pick", {"answer": "refill"}, "this puzzle takes"),
        ("pick", {"answer": [40, 40, 0]}, "no task of this area"),
        ("unpick", {"answer": right[0]}, "not among the answers picked"),
        ("check", {}, "pick an answer first"),
        ("take", take, "Back to the game"),
        ("select", {"space": game.choices()[0]}, "Back to the game"),
        ("undo", {}, "Back to the game"),
        ("show", {"turn": 0}, "Back to the game"),
    ]


def test_odd_intents_in_the_puzzles_are_refused_and_change_nothing(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    for action, fields, says in odd_intents(w, answers(key(tmp_path, ["fulfilled"]))):
        before, history = w.state, w.game.history
        intent(w, action, **fields)
        assert says in str(w.last_error), action
        after = w.state
        assert after["puzzle"] == before["puzzle"] and after["version"] == before["version"]
        assert w.game.history == history and isinstance(w._controller.mode, Puzzling)


def test_a_hint_beyond_the_last_and_a_change_after_the_check_are_refused(tmp_path):
    w = opened(tmp_path, ["fulfilled"])
    for _ in key(tmp_path, ["fulfilled"]).hints():
        intent(w, "hint")
        assert w.last_error is None
    intent(w, "hint")
    assert "every hint of this puzzle is on show" in str(w.last_error)
    intent(w, "reveal")
    for action, fields in [("pick", {"answer": [0, 0, 0]}), ("check", {}), ("hint", {}), ("reveal", {})]:
        intent(w, action, **fields)
        assert "this puzzle is answered" in str(w.last_error)


@pytest.mark.parametrize("action", ["pick", "unpick", "check", "reveal", "download", "leave"])
def test_the_puzzles_intents_are_refused_outside_them(action):
    w = NovaLunaWidget(seed=SEED)
    before = w.game.to_json()
    intent(w, action, **({"answer": 1} if "pick" in action else {}))
    assert "belongs to the puzzles" in str(w.last_error) and w.game.to_json() == before


def test_download_hands_the_page_the_progress_file_once_a_puzzle_is_answered(tmp_path):
    """The page saves what Python sends (a teacher collects these files for ``class_report``); each ask
    is numbered, so a redraw does not save it twice. Before any answer there is no file: said, not sent."""
    w = opened(tmp_path, ["refill"], name="Ada.json")
    before = w.state
    intent(w, "download")
    assert "no progress to download yet" in str(w.last_error)
    assert w.state["puzzle"] == before["puzzle"] and w.state["version"] == before["version"]
    intent(w, "reveal")
    intent(w, "download")
    first = puzzle_of(w)["download"]
    assert first == {
        "number": 1,
        "name": "Ada.json",
        "text": (tmp_path / "Ada.json").read_text(encoding="utf-8"),
    }
    header, attempt = map(json.loads, first["text"].splitlines())  # the file's header and its one attempt
    assert header["format"] and attempt["shown"] is True
    intent(w, "next")
    assert puzzle_of(w)["download"] == first  # a redraw: the same ask, not saved again
    intent(w, "download")
    assert puzzle_of(w)["download"]["number"] == 2


def test_unknown_kinds_are_refused_and_leave_no_widget(tmp_path):
    with pytest.raises(ValueError, match="kind"):
        opened(tmp_path, ["no such kind"])
    assert not (tmp_path / "progress.json").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_solved_by_the_clicks_it_names(tmp_path, kind):
    w = opened(tmp_path, [kind])
    puzzle = key(tmp_path, [kind])
    assert puzzle_of(w)["click"] == puzzle.click
    right = answers(puzzle)
    for answer in right if puzzle.all else right[:1]:
        intent(w, "pick", answer=answer)
        assert w.last_error is None, w.last_error
    intent(w, "check")
    assert puzzle_of(w)["verdict"]["right"], puzzle_of(w)["verdict"]["words"]


def test_a_take_puzzle_does_not_mark_the_takeable_tiles_until_it_is_answered(tmp_path):
    # The page numbers the takeable tiles 1-3 on the wheel: shown, they would be the answer.
    w = NovaLunaWidget.puzzles(seed=4, kinds=["take"], path=tmp_path / "progress.json")
    expected = Trainer(tmp_path / "key.json", seed=4).next(["take"])  # three takeable of six on the wheel
    assert w.state["choices"] == [] and puzzle_of(w)["click"] == "space"
    wrong = next(s for s, t in enumerate(expected.game.wheel) if t is not None and s not in expected.answers)
    intent(w, "pick", answer=wrong)  # any tile on the wheel may be picked, a wrong one too
    assert w.last_error is None and picked(w) == [wrong]
    intent(w, "reveal")
    assert sorted(w.state["choices"]) == sorted(expected.answers)  # answered: the wheel marks them again
