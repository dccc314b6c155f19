"""Tutorials 4–8: how they are written, and every answer they give, checked against the engine.

nbval runs the notebooks and compares their outputs; these tests read them (and nbval, in the same kernel,
runs each tutorial's code cells a second time: tests/conftest.py's ``RunAgain``). Each tutorial opens with
what you will learn and how long it takes and closes with what you learned. Answers are hidden in
every renderer: a text answer is a Markdown ``<details>`` right after its question, and a code cell
folded away carries both ``jupyter.source_hidden`` and the ``hide-input`` tag. Every answer is checked
here with the engine, so a change to the rules or the bots that makes one wrong fails a test. The
classroom's stops rebuild their positions, so running the notebook twice in one kernel shows the same.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import Board, Game, SoloGame, SoloScore, tile
from novaluna_widget.bots import make_bot, play_game
from novaluna_widget.scenario import position

from .conftest import RUN_AGAIN

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TUTORIALS = {
    4: "04_ending_and_scoring.ipynb",
    5: "05_solo.ipynb",
    6: "06_what_if.ipynb",
    7: "07_classroom.ipynb",
    8: "08_puzzles.ipynb",
}
SUMMARY = "<summary>Answer</summary>"


def notebook(number: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / TUTORIALS[number]).read_text(encoding="utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def cells_by_id(number: int) -> dict[str, dict[str, Any]]:
    return {cell["id"]: cell for cell in notebook(number)["cells"]}


def words(text: str) -> str:
    """Markdown as plain words on one line: no emphasis, no line breaks, single spaces."""
    return " ".join(text.replace("**", "").replace("*", "").split())


def answer(number: int, question: int) -> str:
    """The words of the answer to a question, from its ``<details>``."""
    text = source(cells_by_id(number)[f"nb0{number}-answer-{question}"])
    return words(text.replace(SUMMARY, "").replace("<details>", "").replace("</details>", ""))


# -- how the tutorials are written ---------------------------------------------------------------
@pytest.mark.parametrize("number", TUTORIALS)
def test_each_tutorial_says_what_you_learn_how_long_and_what_you_learned(number: int) -> None:
    cells = notebook(number)["cells"]
    opening, closing = source(cells[0]), source(cells[-1])
    assert cells[0]["cell_type"] == "markdown" and opening.startswith(f"# {number} · ")
    assert re.search(r"\*\*(You will learn|The class will learn)\*\*", opening)
    assert re.search(r"\*\*Time:\*\* about \d+ minutes", opening)
    assert re.search(r"^## What you learned", closing, re.M)
    assert re.search(r"about \d+ minutes", closing), "the closing note says how long it took"
    assert cells[1]["cell_type"] == "markdown", "the game comes before the code"


@pytest.mark.parametrize("number", TUTORIALS)
def test_answers_are_hidden_in_every_renderer(number: int) -> None:
    cells = notebook(number)["cells"]
    ids = [cell["id"] for cell in cells]
    for n, cell in enumerate(cells):
        text = source(cell)
        if "-question-" in cell["id"]:
            follower = cells[n + 1]
            assert follower["id"] == cell["id"].replace("question", "answer"), f"{cell['id']} has no answer"
        if "-answer-" in cell["id"]:
            assert cell["cell_type"] == "markdown"
            assert text.startswith(f"<details>{SUMMARY}\n\n") and text.endswith("\n\n</details>"), cell["id"]
        elif "<details>" in text:
            pytest.fail(f"{cell['id']}: an answer cell's id names it: nb0{number}-answer-N")
        if cell["cell_type"] == "code":
            hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
            tagged = "hide-input" in cell["metadata"].get("tags", [])
            assert hidden == tagged, f"{cell['id']}: folded code carries both source_hidden and hide-input"
            if hidden and "-check" in cell["id"]:
                shown = "".join("".join(o.get("text", "")) for o in cell["outputs"])
                agrees = re.fullmatch(
                    r"✓ The engine agrees with (all three|all four|both) answers\.\n", shown
                )
                assert agrees, f"{cell['id']}: a check's output gives nothing away"
    assert len([i for i in ids if "-answer-" in i]) == len([i for i in ids if "-question-" in i]) > 0


#: What the glossary names otherwise: a marker is the moon marker or a track marker, a space a wheel
#: space or a track space, and a cell of a notebook a code cell.
UNCLEAR = {
    "a marker, unnamed": r"(?<!moon )(?<!track )(?<!\[moon\] )\bmarkers?\b",
    "a space, unnamed": r"(?<!wheel )(?<!track )(?<!\[wheel\] )\bspaces?\b",
    "a notebook cell, not a code cell": r"(?<!code )\bcells? (below|above)\b|\b(this|notebook) cells?\b",
    "a reading where the rulebook speaks": r"\bour (reading|words)\b",
    "a name the glossary avoids": r"\b(selection track|time track|slot|deck|meeple|pawn|disc|choices)\b",
}


@pytest.mark.parametrize("number", TUTORIALS)
def test_the_glossarys_names(number: int) -> None:
    for cell in notebook(number)["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"```.*?```|`[^`]*`", "", source(cell), flags=re.S)  # code is not prose
        text = " ".join(text.replace("> ", " ").split())
        for what, pattern in UNCLEAR.items():
            found = re.search(pattern, text, re.I)
            assert found is None, f"{cell['id']}: {what}: …{text[max(0, found.start() - 40) : found.end()]}…"


# -- tutorial 4 ----------------------------------------------------------------------------------
def test_tutorial_4_answers() -> None:
    one = position({"Ada": "R13@0,0", "Bo": "B13@0,0", "Cy": "T13@0,0"}, times=[60, 58, 61], tokens=[5, 5, 4])
    assert [one.players[i].name for i in one.ranking()] == ["Cy", "Bo", "Ada"]
    assert "Cy wins" in answer(4, 1) and "Bo would have moved first and is second" in answer(4, 1)
    assert "Ada is third" in answer(4, 1)
    two = position({"Ada": "R13@0,0", "Bo": "B13@0,0"}, times=[40, 40], tokens=[2, 2], stack=[0, 1])
    assert two.players[two.ranking()[0]].name == "Bo" and answer(4, 2).startswith("Bo.")
    first_game = Game(4, seed=1, beginner=True)
    assert first_game.players[0].tokens == 15  # and the track marker: 16 tokens of the colour
    assert "takes 16 tokens" in answer(4, 3) and "15 go on tasks" in answer(4, 3)
    assert "places their 15th token" in answer(4, 3)


def test_tutorial_4_claims() -> None:
    text = words("".join(source(c) for c in notebook(4)["cells"] if c["cell_type"] == "markdown"))
    duel = play_game(Game(["Ada", "Bo"], seed=1), [make_bot("greedy", seed=1), make_bot("greedy", seed=2)])
    ada, bo = duel.players
    assert duel.winner == 0 and (ada.time, bo.time, bo.tokens) == (66, 65, 4) and duel.turn_order()[0] == 1
    assert "to time 66, past Bo's 65" in text
    quartet = Game(["Ada", "Bo", "Cy", "Di"], seed=23)
    play_game(quartet, [make_bot("greedy", seed=92 + n) for n in range(4)])
    assert quartet.end_reason == "no tile"
    assert [len(p.board) for p in quartet.players] == [17, 16, 18, 17] and "17, 16, 18 and 17" in text
    assert [p.tokens for p in quartet.players] == [3, 1, 1, 1]
    assert quartet.moon_track() == {18: [3], 19: [1, 2], 20: [0]}
    assert quartet.ranking() == [3, 2, 1, 0]
    dry = quartet.copy()
    while dry.turn > 60:
        dry.undo()
    assert dry.tiles_on_wheel() == 8 and not dry.draw_pile and dry.marker == 5
    assert [s for s, t in enumerate(dry.wheel) if t is None] == [2, 3, 4, 5]
    assert "wheel spaces 2, 3 and 4 stay empty, and so does the moon marker's wheel space 5" in text


# -- tutorial 5 ----------------------------------------------------------------------------------
def test_tutorial_5_answers() -> None:
    assert SoloScore(30, 2, 70, 1, final=True).total == 130 and "score 50 + 80 = 130" in answer(5, 1)
    assert SoloScore(38, 2, 38, 15, final=False).phase_one_record == 58
    assert "First record 38 + 10 × 2 = 58" in answer(5, 2)
    solo = SoloGame(seed=6)
    play_game(solo, [make_bot("greedy", seed=1)])
    first = solo.copy()
    while first.history[-1] != "end_phase_one":
        first.undo()
    phase_one = list(first.players[0].board.tiles.values())
    assert len(phase_one) == 9 and sum(t.cost for t in phase_one) == 33
    score = solo.score
    assert (score.phase_one_record, score.final_record, score.total) == (33, 75, 108) and solo.turn == 19
    assert "nine tiles taken in phase 1, costing 33" in answer(5, 3)
    assert "2 × 33 = 66 of the score of 108; the ten tiles of phase 2 add 42" in answer(5, 3)


# -- tutorial 7: the classroom -------------------------------------------------------------------
@pytest.fixture(scope="module")
def replay() -> Callable[..., Game]:
    """The classroom notebook's own ``replay``, from its set-up code cell."""
    setup = source(cells_by_id(7)["nb07-setup"])
    space: dict[str, Any] = {}
    exec(compile(setup, "07_classroom.ipynb: set-up", "exec"), space)
    made: Callable[..., Game] = space["replay"]
    return made


def test_stops_rebuild_the_same_position(replay: Callable[..., Game]) -> None:
    assert replay(24).snapshot() == replay(24).snapshot()
    assert replay(None).is_over and replay(None).turn == 34


def test_stop_timings_add_up() -> None:
    cells = notebook(7)["cells"]
    table = source(cells[0])
    planned = {
        m[1].strip(): int(m[2]) for m in re.finditer(r"^\| ([^|*]+?) \| [^|]+ \| (\d+) \|$", table, re.M)
    }
    total = int(re.search(r"\*\*total\*\* \| \| \*\*(\d+)\*\*", table)[1])  # type: ignore[index]
    headings = {
        m[1]: int(m[2]) for c in cells for m in re.finditer(r"^## (.+?) \((\d+) min\)$", source(c), re.M)
    }
    assert headings == planned and sum(planned.values()) == total
    assert f"about {total} minutes" in table and f"about {total} minutes" in source(cells[-1])


def test_stop_1_and_2(replay: Callable[..., Game]) -> None:
    start = replay(0)
    assert [start.wheel[s].id for s in start.choices()] == ["R03", "Y07", "R02"]  # type: ignore[union-attr]
    assert start.players[start.current_player].name == "Suns"
    assert "wheel spaces 1, 2 and 3, framed in gold (R03, Y07 and R02)" in answer(7, 1)
    after = replay(1)
    assert after.log[-1].data == {"tile": "R03", "cell": [0, 0]} and after.players[0].time == 2
    assert after.players[after.current_player].name == "Moons" and "The Moons move next" in answer(7, 1)
    stacked = replay(2)
    assert stacked.players[0].time == stacked.players[1].time == 2
    assert stacked.moon_track() == {2: [0, 1]} and stacked.current_player == 1
    assert answer(7, 2).startswith("The Moons again.")


def test_stop_3(replay: Callable[..., Game]) -> None:
    game = replay(3)
    assert [p.time for p in game.players] == [2, 4] and game.current_player == 0
    assert game.wheel[game.choices()[2]] == tile("B01")
    after = replay(4)
    assert after.players[0].time == 3 and after.current_player == 0
    assert after.players[0].board[(-1, 0)] == tile("B01")
    assert answer(7, 3).startswith("The Suns again: B01 takes them to time 3, still behind the Moons' 4.")


def test_stop_4(replay: Callable[..., Game]) -> None:
    game = replay(6)
    board = game.players[0].board
    placing: dict[str, set[tuple[int, int]]] = {}
    for move in game.legal_moves():
        offered = game.wheel[move.space]
        assert offered is not None
        if board.would_fulfil(offered, move.cell):
            placing.setdefault(offered.id, set()).add(move.cell)
    assert placing == {"Y14": {(0, -1), (1, 0), (-1, 1), (1, 1), (0, 2)}, "Y17": {(-1, 1)}}
    text = answer(7, 4)
    assert (
        "Y14 (cost 5) on any of the five free cells touching a red tile, (0, -1), (1, 0), (-1, 1), " in text
    )
    assert "(1, 1) or (0, 2)" in text
    assert "Y17 (cost 7) only on (-1, 1)" in text and "Y07 nowhere" in text
    assert replay(7).log[-2].data["tile"] == "Y14" and text.endswith("the bot takes the cheaper, Y14.")


def test_stop_5(replay: Callable[..., Game]) -> None:
    game = replay(10)
    assert game.can_refill and game.tiles_on_wheel() == 1 and game.marker == 6 and game.current_player == 0
    y07 = game.wheel[2]
    assert y07 == tile("Y07")
    assert not any(game.players[0].board.would_fulfil(y07, m.cell) for m in game.legal_moves())
    refilled = game.copy()
    refilled.refill()
    filled = [s for s, _ in refilled.log[-1].data["placed"]]
    assert filled == [7, 8, 9, 10, 11, 0, 1, 3, 4, 5] and refilled.choices() == [7, 8, 9]
    text = answer(7, 5)
    assert "wheel spaces 7, 8, 9, 10, 11, 0, 1, 3, 4 and 5" in text and "wheel spaces 7, 8 and 9" in text
    assert "the 8th tile after the moon marker" in text
    bot = replay(11).log
    refill = next(e for e in bot if e.kind == "refill")
    assert refill.player == 0 and not refill.data["mandatory"]
    assert any(e.kind == "take" and e.data == {"space": 8, "tile": "B16"} for e in bot)


def test_stop_6(replay: Callable[..., Game]) -> None:
    board = replay(11).players[0].board
    assert board[(1, 1)] == tile("B16") and board[(-1, 1)] == tile("Y14")
    red, teal, yellow = (board.explain((1, 1), i) for i in range(3))
    assert red.fulfilled and "R06 at (0, 1) touching; R03 at (0, 0) by chain" in str(red)
    assert not teal.fulfilled and not yellow.fulfilled and "0 of 1 yellow" in str(yellow)
    assert "0 of 1 yellow" in answer(7, 6) and "chain" in answer(7, 6)


def test_stop_7_and_8(replay: Callable[..., Game]) -> None:
    ahead = replay(24)
    suns, moons = ahead.players
    assert (suns.tokens, moons.tokens, suns.time, moons.time) == (11, 7, 43, 48) and ahead.current_player == 0
    assert "The Moons are ahead: 7 tokens left against the Suns' 11" in answer(7, 7)
    assert "up to 5 steps" in answer(7, 7)
    point = replay(32)
    suns, moons = point.players
    assert (suns.tokens, moons.tokens, suns.time, moons.time) == (2, 2, 64, 61) and point.current_player == 1
    costs = [point.wheel[s].cost for s in point.choices()]  # type: ignore[union-attr]
    assert costs == [3, 2, 3] and all(61 + c <= 64 for c in costs)
    assert answer(7, 8).startswith("All three. They cost 3, 2 and 3")


def test_stop_9(replay: Callable[..., Game]) -> None:
    end = replay(None)
    suns, moons = end.players
    assert end.end_reason == "last token" and end.winner == 1
    assert (suns.tokens, suns.time, moons.time) == (2, 64, 67) and end.turn_order()[0] == 0
    assert answer(7, 9).startswith("No: the Moons win at once.")


def test_after_the_game_answers(replay: Callable[..., Game]) -> None:
    # 1. A cheap tile kept the Suns moving at stop 3 (checked there too).
    assert replay(4).current_player == 0 and "as B01 did for the Suns at stop 3" in answer(7, 10)
    # …and a cheap tile can place tokens: the Moons' T02 (cost 2) placed two, on Y17's tasks.
    after_t02 = replay(12)
    take = next(e for e in reversed(after_t02.log) if e.kind == "take")
    cover = after_t02.log[-1]
    assert (take.player, take.data["tile"], tile("T02").cost) == (1, "T02", 2) and replay(11).turn == 11
    assert cover.kind == "cover" and cover.data["tasks"] == [[-1, -1, 1], [-1, -1, 2]]
    assert after_t02.players[1].board.tiles[(-1, -1)].id == "Y17"
    assert "cannot give you tokens" not in answer(7, 10) and "placed 2 tokens at once" in answer(7, 10)
    # What it brings little of: tasks of its own (none at cost 1, one at cost 2, two or three from cost 4).
    from novaluna_widget import TILES

    tasks = {cost: {len(t.tasks) for t in TILES if t.cost == cost} for cost in range(1, 8)}
    assert tasks[1] == {0} and tasks[2] == {1} and all(tasks[c] <= {2, 3} for c in range(4, 8))
    assert [dict(task) for task in tile("T02").tasks] == [{"teal": 4}]
    assert (
        'a cost-2 tile only one, four of its own colour (T02\'s "4 teal"), where a dear tile has two'
        in answer(7, 10)
    )
    # 2. A task's own tile never counts: R03's "4 red" with three other red tiles, then four.
    board = Board(
        [(tile("R03"), (0, 0)), (tile("R01"), (1, 0)), (tile("R02"), (2, 0)), (tile("R04"), (3, 0))]
    )
    assert not board.explain((0, 0), 0).fulfilled
    board.place(tile("R05"), (0, 1))
    assert board.explain((0, 0), 0).fulfilled and "a task's own tile never counts" in answer(7, 11)
    # 3. May with 1 or 2 tiles and a draw pile, must with none; the moon marker's wheel space stays empty.
    two_left = replay(9)
    assert two_left.tiles_on_wheel() == 2 and two_left.can_refill
    assert not replay(8).can_refill and replay(8).tiles_on_wheel() == 3
    forced = next(e for e in replay(22).log if e.kind == "refill" and e.data["mandatory"])
    assert len(forced.data["placed"]) == 11
    assert "You may refill" in answer(7, 12) and "you must when none is left" in answer(7, 12)
    # 4. The tie-break: further behind first, then the top of a stack.
    behind = position({"A": "R13@0,0", "B": "B13@0,0"}, times=[30, 28], tokens=[3, 3])
    stacked = position({"A": "R13@0,0", "B": "B13@0,0"}, times=[30, 30], tokens=[3, 3], stack=[1, 0])
    assert behind.ranking()[0] == 1 and stacked.ranking()[0] == 0
    assert "further behind on the moon track, or, on one track space, the one on top" in answer(7, 13)


def test_the_widget_starts_from_a_stop(replay: Callable[..., Game]) -> None:
    code = [source(c) for c in notebook(7)["cells"] if c["cell_type"] == "code"]
    assert code[-1].strip().endswith("NovaLunaWidget(replay(24), projector=True)"), (
        "the class plays on a rebuilt game"
    )
    game = replay(24)
    game.play(game.legal_moves()[0])  # what a click does to the widget's game…
    assert replay(24).turn == 24  # …changes no stop


def test_puzzles_for_the_class() -> None:
    """Four puzzles after the lesson, outside its 50 minutes: each answer the engine's, each picture
    silent about it (the first asks whose turn it is, the third which tasks have a token)."""
    from novaluna_widget._render import COVER_OPACITY
    from novaluna_widget.puzzles import generate

    fulfilled, turn, refill, placement = generate(
        4, seed=38, kinds=["fulfilled", "next", "refill", "placement"]
    )
    for number, puzzle in ((14, turn), (15, refill), (16, fulfilled), (17, placement)):
        assert words(puzzle.explain()) in answer(7, number), number
    assert answer(7, 14).startswith("Player 3.") and turn.answers == {2}
    assert answer(7, 15).startswith("Player 1 may refill.") and refill.answers == {"refill"}
    assert refill.game.current_player == 0
    assert answer(7, 16).startswith('Two: "2 red" on T14, and "1 yellow" on R13.')
    assert [fulfilled.label(a) for a in sorted(fulfilled.answers)] == [
        "2 red on T14 at (0, -1)",
        "1 yellow on R13 at (1, 0)",
    ]
    assert placement.answers == {(-1, 0)}
    # B14's tasks as the tile data has them, and how many the answer's cell fulfils, in the words.
    shipped = json.loads((NOTEBOOKS.parent / "novaluna_widget" / "tiles.json").read_text(encoding="utf-8"))
    tasks = next(t["tasks"] for t in shipped if t["id"] == "B14")
    assert tasks == [{"blue": 2}, {"teal": 2}, {"yellow": 2}]
    parts = [f"{count} {colour}" for task in tasks for colour, count in task.items()]
    said = f"{', '.join(parts[:-1])} and {parts[-1]}"
    question = words(source(cells_by_id(7)["nb07-puzzle-4-title"]))
    assert f"whose three tasks ask for {said}." in question
    assert placement.seat is not None
    trial = placement.game.players[placement.seat].board.copy()
    trial.place(tile("B14"), (-1, 0))
    own = [trial.explain((-1, 0), index).fulfilled for index in range(3)]
    assert own == [False, True, True]
    assert answer(7, 17).startswith("(-1, 0), where it fulfils two of its three tasks.")
    assert 'Its "2 blue" stays open' in answer(7, 17)
    cells = cells_by_id(7)
    shown = {
        name: "".join("".join(o["data"]["image/svg+xml"]) for o in cells[name]["outputs"] if "data" in o)
        for name in ("nb07-puzzle-1", "nb07-puzzle-3", "nb07-puzzle-4")
    }
    assert "Player 3" in shown["nb07-puzzle-1"] and "to move" not in shown["nb07-puzzle-1"]
    # Drawn for the projector as the stops are: the 1920×1080 screen, not a notebook-sized picture.
    assert "viewBox='0 0 1920 1080'" in shown["nb07-puzzle-1"]
    token = f"fill-opacity='{COVER_OPACITY}'"  # a covered task's token (render._cover)
    assert "T14" in shown["nb07-puzzle-3"] and token not in shown["nb07-puzzle-3"]
    assert shown["nb07-puzzle-4"].count(token) == len(placement.game.players[0].covered) > 0
    opening, cut = source(cells["nb07-00"]), "Outside the 50 minutes, for a follow-up lesson or homework"
    assert cut in words(opening) and "Puzzles for the class" in opening
    assert "Next, [8 · Puzzles](08_puzzles.ipynb)" in source(notebook(7)["cells"][-1])


# -- tutorial 6, and what the tables say -----------------------------------------------------------
def test_tutorial_6_answers() -> None:
    from novaluna_widget.whatif import analyse_moves

    game = position(
        {"Ada": "R16@0,0 T16@1,0 Y01@0,1", "Bo": "B13@0,0 B04@1,0 T04@0,1"},
        times=[10, 13],
        wheel="M Y16 B01 T05 Y02 R09 B11 - - - - -",
    )
    options = analyse_moves(game)
    placing = options[options["tokens"] > 0]
    assert len(options) == len(game.legal_actions()) == 21
    assert (
        len(placing) == 5 and set(placing["tile"]) == {"Y16"} and answer(6, 1).startswith("5, all with Y16")
    )
    assert options[(options["tokens"] > 0) & options["again"]].empty and answer(6, 2).startswith("No.")


# -- tutorial 8 ----------------------------------------------------------------------------------
def test_tutorial_8_answers() -> None:
    """Its answers, and the puzzle it makes of its own position, as the engine finds them."""
    from novaluna_widget._game import track_of
    from novaluna_widget.puzzles import generate, rating_of
    from novaluna_widget.puzzles._rating import LEARNER, Rating, update

    turn = generate(3, seed=8)[2]
    assert turn.kind == "next" and turn.answers == {1} and turn.label(1) == "Player 2"
    assert track_of(turn.game)[10] == [2, 1] and min(track_of(turn.game)) == 10
    assert answer(8, 1).startswith("Player 2.") and "Player 2's and Player 3's track markers" in answer(8, 1)
    puzzle = Rating(rating_of(3), 150.0, 0.06)
    hinted, solved = update(LEARNER, [(puzzle, 0.75)]), update(LEARNER, [(puzzle, 1.0)])
    assert LEARNER.rating < hinted.rating < solved.rating and answer(8, 2).startswith("Up, a little.")

    def best(wheel: str) -> set[tuple[str, tuple[int, int]]]:
        game = position(
            {"Ada": "T03@0,0 R05@1,0 Y14@0,1", "Bo": "B13@0,0 B04@1,0 T04@0,1"}, times=[8, 11], wheel=wheel
        )
        board = game.players[game.current_player].board
        offered = [t for s in game.choices() if (t := game.wheel[s]) is not None]
        tried = {
            (t.id, cell): len(board.would_fulfil(t, cell)) for t in offered for cell in board.legal_cells()
        }
        return {option for option, tasks in tried.items() if tasks == max(tried.values())}

    assert best("M R11 T02 Y05 B09 - - - - - - -") == {("R11", (1, 1))}
    assert best("M B05 Y12 T09 R01 - - - - - - -") == {("Y12", (1, -1)), ("Y12", (1, 1)), ("Y12", (2, 0))}
    assert answer(8, 3).startswith("No. Y12 from wheel space 2 fulfils one task on any of three cells")


def outputs(number: int) -> str:
    """Every saved text output of a tutorial, as one text (nbval checks they are what a run gives)."""
    texts = []
    for cell in notebook(number)["cells"]:
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            texts.append(text if isinstance(text, str) else "".join(text))
    return words("\n".join(texts))


def prose(number: int) -> str:
    return words("\n".join(source(c) for c in notebook(number)["cells"] if c["cell_type"] == "markdown"))


@pytest.mark.parametrize(
    ("number", "shown", "said"),
    [
        (4, "3 standard 50 50 0 48.3", "about 6 fewer tiles per game with 3 players"),
        (4, "3 beginner 50 50 0 42.6", "about 6 fewer tiles per game with 3 players"),
        (4, "4 standard 50 47 3 63.8", "only 3 of the 50 standard four-player games ran out of tiles"),
        (4, "4 standard 50 47 3 63.8", "3 of the 50 standard four-player games (all 20 tokens)"),
        (4, "4 beginner 50 50 0 50.8", "about 13 fewer with 4"),
        (5, "scores from 98 to 160, median 115.0", "scored below 100 only 5 times"),
        (5, "below 100: 5 of 100 games", "the greedy bot managed it in 5 games of 100"),
        (5, "all 21 placed: 100 of 100", "always placed all 21 tokens"),
        (6, "cheap 100 50 8 0.08", "The cheap bot won 8 of the 100 games"),
        (6, "cheap 100 50 8 0.08", "always saving time lost 92 games in 100"),
        (5, "phase 1: 33 + 10 × 4 = 73; end: 76 + 10 × 0 = 76", "The 4 tokens phase 1 missed were not lost"),
        (6, "2 0 200 103 0.515", "the one who moved first won 103 of the 200 games"),
        (6, "the same 40 games: True", "give the same rows"),
    ],
)
def test_each_figure_in_the_text_is_in_a_seeded_table(number: int, shown: str, said: str) -> None:
    assert shown in outputs(number), f"tutorial {number}'s output no longer shows {shown!r}"
    assert said in prose(number)


def test_strategic_claims_elsewhere_cite_tutorial_6s_seeded_table() -> None:
    """Tutorials 3 and 7 say what saving time is worth only with tutorial 6's 100 seeded games."""
    assert "cheap 100 50 8 0.08" in outputs(6)
    third = json.loads((NOTEBOOKS / "03_time_and_turn_order.ipynb").read_text(encoding="utf-8"))
    assert "Tutorial 6 measures" in words("".join(source(c) for c in third["cells"]))
    assert "the cheapest-tile bot won only 8" in words("".join(source(c) for c in third["cells"]))
    assert "the cheapest-tile bot won 8 of them" in answer(7, 10)
    for number, text in (
        (3, words("".join(source(c) for c in third["cells"]))),
        (6, prose(6)),
        (7, prose(7)),
    ):
        assert "worth as much" not in text, number


def test_the_40_minute_lesson_skips_no_stop_an_answer_after_the_game_cites(
    replay: Callable[..., Game],
) -> None:
    skipped = re.search(
        r"For a 40-minute lesson, skip stops (\d) and (\d)", words(source(notebook(7)["cells"][0]))
    )
    assert skipped is not None
    for question in range(10, 14):
        assert not any(f"stop {n}" in answer(7, question) for n in skipped.groups()), question
    assert "recalls the stack of stop 2" in words(source(notebook(7)["cells"][0]))
    assert "on top" in answer(7, 8)  # stop 8's answer says what stop 2 taught


def test_stop_7_reads_the_moon_track_as_a_circle(replay: Callable[..., Game]) -> None:
    suns, moons = replay(24).players
    assert (suns.space, moons.space) == (19, 0) and moons.time - suns.time == 5
    assert "the Moons' track marker is on track space 0 and the Suns' on 19" in answer(7, 7)
    assert "5 track spaces ahead, not 19 behind" in answer(7, 7)


# -- every code cell may run again -----------------------------------------------------------------
def test_nbval_runs_every_code_cell_of_each_tutorial_again() -> None:
    """nbval runs each tutorial, then (tests/conftest.py's ``RunAgain``) every code cell again in the same
    kernel: the second run must show what the first did."""
    assert [path.name for path in RUN_AGAIN] == list(TUTORIALS.values())
    assert all(path.parent == NOTEBOOKS for path in RUN_AGAIN)
