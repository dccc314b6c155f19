"""The suite's tiers and Hypothesis profiles.

Tiers: ``make test-fast`` runs the tests that none of ``browser``, ``notebook`` and ``slow`` marks (the
engine, protocol, widget and coach in Python); ``make test`` runs everything. The marks are given here,
not kept by hand: every test under tests/browser is ``browser`` (tests/browser/conftest.py), nbval's
cells and every test using a fixture of :data:`NOTEBOOK_FIXTURES` are ``notebook``, and every test using a
fixture of :data:`SLOW_FIXTURES` is ``slow``. A test that executes a notebook without the mark fails
(:func:`_refuse_unmarked_notebook_runs`), so none can slip into the fast tier.

Hypothesis: the default run stays quick; ``HYPOTHESIS_PROFILE=slow`` tries far more cases
(e.g. ``HYPOTHESIS_PROFILE=slow .venv/bin/python -m pytest tests/test_hostile.py``).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from collections import defaultdict
from collections.abc import Callable, Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("slow", deadline=None, max_examples=5_000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


ROOT = Path(__file__).resolve().parents[1]

NOTEBOOK_FIXTURES = frozenset({"recipe_notebook", "tutorial_runs"})
"""Fixtures that execute a notebook: a test using one is marked ``notebook``."""
SLOW_FIXTURES = frozenset({"binder", "site"})
"""Fixtures that build something big (the Binder environment, the JupyterLite site): marked ``slow``."""
RUN_AGAIN = tuple(
    ROOT / "notebooks" / name
    for name in (
        "04_ending_and_scoring.ipynb",
        "05_solo.ipynb",
        "06_what_if.ipynb",
        "07_classroom.ipynb",
        "08_puzzles.ipynb",
    )
)
"""Tutorials whose every code cell nbval runs a second time after the last, in the same kernel
(:class:`RunAgain`)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Add :class:`RunAgain` after the last cell of each notebook of :data:`RUN_AGAIN`, mark the tiers,
    then run the tests marked ``first`` (files that take minutes) before the others, each file's in its
    order."""
    for path in RUN_AGAIN:
        cells = [item for item in items if item.path == path]
        if cells and isinstance(notebook := cells[0].parent, pytest.Collector):  # nbval's IPyNbFile
            again = RunAgain.from_parent(notebook, name="every code cell again", cells=cells)
            items.insert(items.index(cells[-1]) + 1, again)
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.path.suffix == ".ipynb" or fixtures & NOTEBOOK_FIXTURES:
            item.add_marker(pytest.mark.notebook)
        if fixtures & SLOW_FIXTURES:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("first") is None)


def _runs_a_notebook(command: Sequence[Any]) -> bool:
    """Whether a command line executes notebooks: nbconvert's or nbclient's ``--execute``, nbval, or
    ``make notebooks``."""
    words = [str(word) for word in command]
    return "--execute" in words or "--nbval" in words or ("make" in words[:1] and "notebooks" in words)


@pytest.fixture(autouse=True)
def _refuse_unmarked_notebook_runs(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that starts a notebook run without the ``notebook`` mark (which keeps it out of the
    fast tier): through nbclient (nbconvert's ``--execute`` uses it too) or a command line."""
    if request.node.get_closest_marker("notebook") is not None:
        yield
        return
    monkeypatch = pytest.MonkeyPatch()
    popen = subprocess.Popen.__init__

    def refuse(what: str) -> None:
        pytest.fail(
            f"{request.node.nodeid} executes a notebook ({what}) but is not marked `notebook`: take the "
            "notebook from a fixture of NOTEBOOK_FIXTURES (tests/conftest.py) or mark it",
            pytrace=False,
        )

    def guarded_popen(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
        if _runs_a_notebook([args] if isinstance(args, str | os.PathLike) else args):
            refuse(f"runs {args}")
        popen(self, args, *rest, **kwargs)

    monkeypatch.setattr(subprocess.Popen, "__init__", guarded_popen)
    try:
        from nbclient import NotebookClient
    except ImportError:  # no nbclient, no notebook run through it
        pass
    else:

        def guarded_setup(*args: Any, **kwargs: Any) -> Any:
            refuse("starts nbclient's kernel")

        monkeypatch.setattr(NotebookClient, "async_setup_kernel", guarded_setup)
    try:
        yield
    finally:
        monkeypatch.undo()


#: Runs a coroutine to its end, as a kernel's event loop would, and returns what it returned.
RunLoop = Callable[[Coroutine[Any, Any, Any]], Any]


@pytest.fixture
def run_event_loop() -> RunLoop:
    """``asyncio.run`` on a thread of its own: in ``make test`` a worker that ran a browser test keeps
    Playwright's loop running on the main thread for the session (its sync API), where ``asyncio.run``
    refuses to start, and a test that runs fine alone would fail after one."""

    def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
        with ThreadPoolExecutor(1, thread_name_prefix="event-loop") as pool:
            return pool.submit(asyncio.run, coroutine).result()

    return run


@pytest.fixture(scope="session")
def recipe_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small notebook showing a widget, executed as ``make notebooks`` executes the shipped tutorials (its
    recipe, not a copy of it): what the recipe saves (tests/test_export.py). The tutorials themselves are
    executed once, by nbval, which proves their saved outputs are what a run gives."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    from .browser.lab import write_notebook

    notebook = tmp_path_factory.mktemp("recipe") / "widget.ipynb"
    write_notebook(
        notebook, ["from novaluna_widget import NovaLunaWidget", "NovaLunaWidget(players=2, seed=7)"]
    )
    # -o: take the installed .venv as up to date, so that only the recipe's nbconvert command runs.
    subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "notebooks", f"NOTEBOOKS={notebook}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )
    return notebook


def seen(outputs: Sequence[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """What a reader sees of a code cell's outputs: the printed text (however the kernel cut it into
    messages) and every picture or table (widget model ids aside, which differ on every run)."""
    printed = "".join(o["text"] for o in outputs if o["output_type"] == "stream")
    shown = [
        {kind: value for kind, value in o.get("data", {}).items() if "widget" not in kind}
        for o in outputs
        if o["output_type"] != "stream"
    ]
    return printed, shown


class RunAgain(pytest.Item):
    """Once nbval has run a tutorial, every code cell again in the same kernel: each must show what it
    showed the first time (a cell that moved a shared game on would show a later position). nbval's
    run is the first, so the tutorial is executed once for both checks."""

    def __init__(self, *, cells: list[Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells = cells
        """nbval's items (``IPyNbCell``, untyped) for the notebook's code cells, in order: each holds what
        its run showed in ``test_outputs``."""

    def runtest(self) -> None:
        from nbval.plugin import NbCellError

        for first in self.cells:
            if first.options["skip"]:
                continue
            shown: list[dict[str, Any]] | None = getattr(first, "test_outputs", None)
            if shown is None:
                pytest.fail(f"{first.name} has not run: run the whole notebook", pytrace=False)
            again = type(first).from_parent(
                self.parent,
                name=f"{first.name} again",
                cell_num=first.cell_num,
                cell=first.cell,
                options=defaultdict(bool, first.options, check=False),
            )
            try:
                again.runtest()
            except NbCellError as error:
                pytest.fail(f"{first.name} failed when it ran again: {error}\n{error.inner_traceback}")
            before, after = seen(shown), seen(again.test_outputs)
            if before != after:
                cell_id = first.cell.get("id", first.name)
                pytest.fail(
                    f"{cell_id} shows something else when it runs again:\n{before}\nthen\n{after}",
                    pytrace=False,
                )

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.path.relative_to(ROOT)}::{self.name}"
