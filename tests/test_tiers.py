"""The suite's tiers (tests/conftest.py): what executes a notebook is marked ``notebook`` and so stays out
of ``make test-fast``, and a test that runs one unmarked is stopped."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import NOTEBOOK_FIXTURES, RUN_AGAIN, SLOW_FIXTURES, RunAgain, _runs_a_notebook


@pytest.mark.parametrize(
    ("command", "runs"),
    [
        (["jupyter", "nbconvert", "--to", "notebook", "--execute", "t.ipynb"], True),
        (["make", "-s", "notebooks", "NOTEBOOKS=t.ipynb"], True),
        ([sys.executable, "-m", "pytest", "--nbval", "notebooks/"], True),
        (["jupyter", "nbconvert", "--to", "html", "t.ipynb"], False),
        (["make", "site"], False),
        ([sys.executable, "-m", "novaluna_widget", "play"], False),
    ],
)
def test_a_command_that_executes_notebooks_is_told_apart(command: list[str], runs: bool) -> None:
    assert _runs_a_notebook(command) is runs


def test_an_unmarked_test_cannot_start_a_notebook_run() -> None:
    with pytest.raises(pytest.fail.Exception, match="is not marked `notebook`"):
        subprocess.run(["jupyter", "nbconvert", "--execute", "t.ipynb"], check=False)


def test_every_collected_notebook_run_is_marked(request: pytest.FixtureRequest) -> None:
    """Whatever this session collected: nbval's cells, the cells run again and every user of a notebook
    fixture carry ``notebook``; every user of a build fixture carries ``slow``."""
    for item in request.session.items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.path.suffix == ".ipynb" or isinstance(item, RunAgain) or fixtures & NOTEBOOK_FIXTURES:
            assert item.get_closest_marker("notebook") is not None, item.nodeid
        if fixtures & SLOW_FIXTURES:
            assert item.get_closest_marker("slow") is not None, item.nodeid
    assert all(path.is_file() for path in RUN_AGAIN)
