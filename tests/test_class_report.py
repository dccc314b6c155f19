"""The teacher's view of a class: many learners' progress files, one table, the rules missed, a figure."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from matplotlib.patches import Rectangle

from novaluna_widget._i18n import msg
from novaluna_widget.puzzles import KINDS, RULES, Generator, Puzzle, Trainer, class_report

SEED = 5


@pytest.fixture(scope="module")
def puzzles() -> dict[str, list[Puzzle]]:
    """Two puzzles of each kind of a few, as a trainer of seed ``SEED`` makes them (ids and all)."""
    maker = Generator(SEED, "en")
    return {kind: [maker.make(kind), maker.make(kind)] for kind in ("take", "next", "refill", "gain")}


def _learner(
    path: Path, puzzles: dict[str, list[Puzzle]], record: list[tuple[str, int, bool | None]]
) -> Trainer:
    """A learner's progress file with these attempts: (kind, which puzzle of it, right; None: answered
    right after the answer was shown, which is no puzzle solved)."""
    trainer = Trainer(path, seed=SEED)
    for kind, number, right in record:
        trainer.record(puzzles[kind][number], right is not False, shown=right is None)
    return trainer


@pytest.fixture
def classroom(tmp_path: Path, puzzles: dict[str, list[Puzzle]]) -> Path:
    """Three learners: Ada misses the moon track, Ben the tokens, Cho only tried the wheel."""
    _learner(
        tmp_path / "Ada.json",
        puzzles,
        [("take", 0, True), ("next", 0, False), ("next", 1, False), ("next", 0, True), ("gain", 0, True)],
    )
    _learner(tmp_path / "Ben.json", puzzles, [("take", 0, True), ("gain", 0, False), ("gain", 1, False)])
    _learner(tmp_path / "Cho.json", puzzles, [("take", 1, True), ("refill", 0, True), ("refill", 1, None)])
    return tmp_path


def test_a_row_a_learner_with_their_rating_attempts_solved_and_each_kinds_share(classroom: Path) -> None:
    report = class_report(classroom)
    table = report.table
    assert list(table.index) == ["Ada", "Ben", "Cho"]
    assert list(table.columns) == ["rating", "tried", "solved", *KINDS, "missed most"]
    for name in table.index:
        assert table.loc[name, "rating"] == round(Trainer(classroom / f"{name}.json").rating.rating)
    assert table.loc["Ada", "tried"] == 5 and table.loc["Ada", "solved"] == 3  # next 0 solved at last
    assert table.loc["Ada", "next"] == pytest.approx(1 / 3) and table.loc["Ada", "take"] == 1.0
    refill = table.loc["Ada", "refill"]
    assert isinstance(refill, float) and math.isnan(refill)  # not tried: no share
    assert all(table[kind].dtype == float for kind in KINDS)  # "solo", tried by nobody, too
    assert table.loc["Ben", "gain"] == 0.0 and table.loc["Ben", "solved"] == 1
    assert table.loc["Ada", "missed most"] == "next" and table.loc["Ben", "missed most"] == "gain"
    assert table.loc["Cho", "refill"] == 0.5 and table.loc["Cho", "solved"] == 2  # a shown answer: missed
    assert table.loc["Cho", "missed most"] == "refill"
    assert report.skipped.empty and repr(report) == "ClassReport(3 learners, 0 files skipped)"


def test_the_rules_the_class_misses_most_come_first(
    classroom: Path, puzzles: dict[str, list[Puzzle]]
) -> None:
    """Each puzzle missed counts against the rule its answer rests on (made again from its id)."""
    rules = class_report(classroom).rules
    expected: dict[str, tuple[int, set[str]]] = {}
    for learner, kind, number in [
        ("Ada", "next", 0),
        ("Ada", "next", 1),
        ("Ben", "gain", 0),
        ("Ben", "gain", 1),
        ("Cho", "refill", 1),  # answered after it was shown
    ]:
        rule = puzzles[kind][number].rule
        missed, who = expected.get(rule, (0, set()))
        expected[rule] = (missed + 1, who | {learner})
    found = {row.rule: (row.missed, row.learners) for row in rules.itertuples()}
    assert found == {RULES[r].in_language("en"): (n, len(who)) for r, (n, who) in expected.items()}
    assert list(rules["missed"]) == sorted(rules["missed"], reverse=True)


def test_a_damaged_or_foreign_file_is_skipped_with_the_reason_never_a_crash(classroom: Path) -> None:
    (classroom / "notes.txt").write_text("bring pencils", encoding="utf-8")
    (classroom / "half.json").write_text('{"version": 1, "learner": ', encoding="utf-8")
    (classroom / "newer.json").write_text(json.dumps({"version": 9}), encoding="utf-8")
    (classroom / "list.json").write_text("[1, 2]", encoding="utf-8")
    (classroom / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    header, first, *rest = (classroom / "Ada.json").read_text(encoding="utf-8").splitlines()
    edited = {**json.loads(first), "right": "yes"}  # the file's first attempt, hand-edited
    (classroom / "edited.json").write_text("\n".join([header, json.dumps(edited), *rest]), encoding="utf-8")
    (classroom / ".hidden.json").write_text("not looked at", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in classroom.iterdir()}

    report = class_report(classroom)

    assert list(report.table.index) == ["Ada", "Ben", "Cho"]
    reasons = dict(
        zip(report.skipped["file"].map(lambda f: Path(f).name), report.skipped["reason"], strict=True)
    )
    assert set(reasons) == {"notes.txt", "half.json", "newer.json", "list.json", "picture.png", "edited.json"}
    assert "it is not JSON" in reasons["notes.txt"] and "it is not JSON" in reasons["half.json"]
    assert "gives its version as 9" in reasons["newer.json"] and "version as None" in reasons["list.json"]
    assert "cannot be read as text" in reasons["picture.png"]
    assert "The puzzle progress file 'notes.txt' cannot be read" in reasons["notes.txt"]
    assert "line 2.right" in reasons["edited.json"]  # the first attempt's line
    assert {p.name: p.read_bytes() for p in classroom.iterdir()} == before  # nothing written over


def test_files_may_be_given_one_by_one_and_a_missing_one_is_skipped(classroom: Path) -> None:
    report = class_report([classroom / "Ben.json", classroom / "Gone.json"])
    assert list(report.table.index) == ["Ben"]
    assert list(report.skipped["file"]) == [str(classroom / "Gone.json")]
    assert "There is no file" in report.skipped["reason"][0]


def test_a_folder_that_is_not_there_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(
        FileNotFoundError, match=r"no folder or file .*nowhere: give a folder of progress files"
    ):
        class_report(tmp_path / "nowhere")


def test_learners_whose_files_share_a_name_are_told_apart_by_their_folders(
    tmp_path: Path, puzzles: dict[str, list[Puzzle]]
) -> None:
    """Collected from a JupyterHub's home folders, every learner's file is ``puzzles.json``."""
    for name in ("jo", "kim"):
        _learner(tmp_path / name / "puzzles.json", puzzles, [("take", 0, name == "jo")])
    table = class_report(tmp_path).table
    assert list(table.index) == ["jo/puzzles", "kim/puzzles"]
    assert list(table["solved"]) == [1, 0]


def test_the_figure_has_a_bar_a_kind_tried_at_the_class_share_solved(classroom: Path) -> None:
    figure = class_report(classroom).figure
    (axes,) = figure.axes
    bars = [bar for bar in axes.patches if isinstance(bar, Rectangle)]
    assert len(bars) == len(axes.patches)
    heights = [bar.get_height() for bar in bars]
    kinds = [label.get_text() for label in axes.get_xticklabels()]
    assert kinds == ["take", "next", "refill", "gain"]
    assert heights == pytest.approx([1.0, 1 / 3, 1 / 2, 1 / 3])
    assert axes.get_title() == "What the class solves, kind by kind"


@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_the_report_speaks_the_teachers_language(classroom: Path, lang: str) -> None:
    (classroom / "notes.txt").write_text("bring pencils", encoding="utf-8")
    report = class_report(classroom, lang=lang)
    title = report.figure.axes[0].get_title()
    words = msg("What the class solves, kind by kind").in_language(lang)
    assert words != "What the class solves, kind by kind"
    assert title == words  # matplotlib 3.11 lays out Persian itself
    assert report.rules["rule"][0] in {r.in_language(lang) for r in RULES.values()}
    assert msg("There is no file {path}.", path="x").in_language(lang) != "There is no file x."
    assert "JSON" in report.skipped["reason"][0] and "cannot be read" not in report.skipped["reason"][0]
