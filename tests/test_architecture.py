"""The layering of docs/architecture.md, checked: the import-linter contracts in pyproject.toml, and the
solo game told apart by its methods, never by its type, outside the engine; the kind asked, never probed
for; the reader a seat, never a name."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from novaluna_widget import names

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "novaluna_widget"
LINT = Path(sys.executable).parent / "lint-imports"


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT), "--no-logo", "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_import_contracts_are_kept():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_upward_import_breaks_the_contract(tmp_path):
    # The contract has teeth: the board importing the bots (a layer above it) is caught.
    shutil.copytree(PACKAGE, tmp_path / "novaluna_widget", ignore=shutil.ignore_patterns("static"))
    board = tmp_path / "novaluna_widget" / "board.py"
    board.write_text(board.read_text() + "\nfrom . import bots  # noqa\n")
    result = lint(tmp_path)
    assert result.returncode != 0 and "novaluna_widget.board -> novaluna_widget.bots" in result.stdout


def test_no_type_checks_for_the_solo_game_outside_the_engine():
    engine = {"game.py", "solo.py", "kinds.py"}
    found = [
        f"{path.name}: {line.strip()}"
        for path in sorted(PACKAGE.glob("*.py"))
        if path.name not in engine
        for line in path.read_text().splitlines()
        if re.search(r"isinstance\([^)]*SoloGame|SoloGame\(", line)
    ]
    assert found == [], "ask the game (is_solo, has_moon_track, score_unit, new_like, kinds.new_game) instead"


def _lines(pattern: str, allowed: set[str]) -> list[str]:
    """The package's source lines matching ``pattern``, outside the modules ``allowed``."""
    return [
        f"{path.name}: {line.strip()}"
        for path in sorted(PACKAGE.glob("*.py"))
        if path.name not in allowed
        for line in path.read_text().splitlines()
        if re.search(pattern, line)
    ]


def test_the_kind_of_game_is_asked_not_probed_for():
    # A game says its kind (is_solo, has_moon_track, score_unit, token_worth, phase_one_tokens): no module
    # guesses it from a None, and only the engine and the package's front door know the solo module.
    probes = _lines(r"(score_sheet|moon_track)\([^)]*\)\s+is\s+(not\s+)?None", {"game.py", "solo.py"})
    assert probes == [], "ask game.is_solo or game.has_moon_track instead"
    solo = _lines(
        r"from \.solo import|from novaluna_widget\.solo import", {"solo.py", "kinds.py", "__init__.py"}
    )
    assert solo == [], "ask the game its kind's figures (token_worth, phase_one_tokens) instead"


def test_the_reader_is_a_seat_never_a_name():
    # Who is "you" is given (a reader seat), never guessed from a player's name.
    assert _lines(r"is_you\(\s*(name|who|p\.name|player\.name|names\[)", set()) == []
    assert not hasattr(names, "is_you")
