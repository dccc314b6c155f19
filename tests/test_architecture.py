"""The layering of docs/architecture.md, checked: the import-linter contracts in pyproject.toml, and the
solo game told apart by its methods, never by its type, outside the engine."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

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
    assert found == [], "ask the game (moon_track, score_sheet, new_like, kinds.new_game) instead"
