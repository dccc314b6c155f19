"""Hypothesis profiles: the default run stays quick; ``HYPOTHESIS_PROFILE=slow`` tries far more cases
(e.g. ``HYPOTHESIS_PROFILE=slow .venv/bin/python -m pytest tests/test_hostile.py``)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("slow", deadline=None, max_examples=5_000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


ROOT = Path(__file__).resolve().parents[1]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``first`` (files that take minutes) run before the others, each file's in its order."""
    items.sort(key=lambda item: item.get_closest_marker("first") is None)


@pytest.fixture(scope="session")
def executed_tutorial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tutorial 1, copied and executed as ``make notebooks`` executes the shipped tutorials (its recipe,
    not a copy of it): for what exported HTML and GitHub show of it (tests/test_export.py)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    notebook = tmp_path_factory.mktemp("export") / "01_first_game.ipynb"
    shutil.copy(ROOT / "notebooks" / notebook.name, notebook)
    # -o: take the installed .venv as up to date, so that only the recipe's nbconvert command runs.
    subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "notebooks", f"NOTEBOOKS={notebook}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )
    return notebook
