"""The widget's other hosts for the browser tests: marimo (``marimo run``, the widget in a shadow root) and
Voilà (``python -m novaluna_widget app``, the classroom app), each a server on a free loopback port with its
config sandboxed, stopped with everything it started. The widget is then driven as in JupyterLab; the
Python side is read from what Python drew: the state the view shows, and in marimo the cells that follow.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from .lab import _die_with_parent, _signal_group, free_port

if TYPE_CHECKING:
    from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]


class Server:
    """A server started by ``command`` (``{port}`` in it is filled in), answering HTTP on ``/``."""

    def __init__(self, command: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.command = [part.format(port=self.port) for part in command]
        self.cwd = cwd
        self.sandbox = Path(tempfile.mkdtemp(prefix="novaluna-host-"))
        self.env = {
            **os.environ,
            "JUPYTER_CONFIG_DIR": str(self.sandbox / "config"),
            "JUPYTER_RUNTIME_DIR": str(self.sandbox / "runtime"),
            "IPYTHONDIR": str(self.sandbox / "ipython"),
            "XDG_CONFIG_HOME": str(self.sandbox / "xdg-config"),
            "XDG_CACHE_HOME": str(self.sandbox / "xdg-cache"),
            "NOVALUNA_PUZZLES": str(self.sandbox / "puzzles.json"),
            **(env or {}),
        }
        self.log_path = self.sandbox / "server.log"
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def __enter__(self) -> Server:
        with self.log_path.open("wb") as log:
            self._process = subprocess.Popen(
                self.command,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_die_with_parent,
            )
        try:
            self._wait(120.0)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait(self, timeout: float) -> None:
        assert self._process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"{self.command[:4]} exited while starting:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url, timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # it answers
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError(f"{self.command[:4]} did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        process, self._process = self._process, None
        if process is not None:
            _signal_group(process, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                _signal_group(process, signal.SIGKILL)
                process.wait(timeout=10)

    def log_tail(self, lines: int = 40) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        return "(no server log)"


def marimo_run(notebook: Path) -> Server:
    """``marimo run`` on ``notebook``: an app, its code hidden, a kernel for each page."""
    command = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        str(notebook),
        "--headless",
        "--port={port}",
        "--no-token",
    ]
    return Server(command, cwd=notebook.parent, env={"MARIMO_SKIP_UPDATE_CHECK": "1"})


def voila_app(app: str, *options: str) -> Server:
    """The classroom app, as a teacher starts it: ``python -m novaluna_widget app APP``."""
    command = [sys.executable, "-m", "novaluna_widget", "app", app, "--port={port}", "--no-browser", *options]
    return Server(command, cwd=REPO)


# The element focused in the page, through the shadow roots it sits in (marimo draws widgets in one).
DEEP_FOCUS_JS = """() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    const root = el && el.closest('.nl-root');
    return root ? {cls: el.getAttribute('class') ?? '', space: el.dataset?.space ?? null,
                   cell: el.dataset?.cell ?? null} : null;
}"""


def focused(page: Page) -> dict[str, Any] | None:
    """What has the focus in the widget (its classes, wheel space, cell), or None when it is elsewhere."""
    found: dict[str, Any] | None = page.evaluate(DEEP_FOCUS_JS)
    return found


# The page's colour of the widget's background, and its text's, as sRGB luminance (0 black, 1 white).
LUMINANCE_JS = """(root) => {
    const luminance = (colour) => {
        const probe = document.createElement('canvas').getContext('2d');
        probe.fillStyle = colour;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const style = getComputedStyle(root);
    return {background: luminance(style.backgroundColor), text: luminance(style.color)};
}"""


def seed_3_puzzle(tmp_path: Path) -> tuple[str, str]:
    """The first puzzle a fresh progress file and seed 3 give (the puzzles app's, and the marimo example's),
    worked out in this process too: its answer as the page's choice button names it (JSON), its question."""
    from novaluna_widget import NovaLunaWidget
    from novaluna_widget._modes.puzzle import Puzzling, answer_data

    here = NovaLunaWidget.puzzles(seed=3, path=tmp_path / "key.json")
    mode = here._controller.mode
    assert isinstance(mode, Puzzling) and mode.puzzle is not None
    state = here.state
    assert state["mode"] == "puzzle"
    answer = answer_data(next(iter(mode.puzzle.answers)))
    assert answer in [choice["answer"] for choice in state["puzzle"]["choices"]], "answered with a button"
    return json.dumps(answer), state["puzzle"]["question"]
