"""Drive a real JupyterLab 4 in Debian's Chromium headless shell, for the widget's end-to-end tests.

A widget can *look* right in the page while the Python side never hears of the clicks (a handler
named ``_handle_msg`` silently replaces ipywidgets' own), so these helpers cover both sides: the page
through Playwright, and the kernel behind it through :func:`execute_python`.

This module imports Playwright only for type checking, so that test modules importing it still
collect (and skip or fail with a clear message) where Playwright is not installed.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright, ViewportSize

CHROMIUM_PATH = Path("/usr/bin/chromium-headless-shell")
"""Debian's build of Chromium's headless shell (package chromium-headless-shell), the browser the tests
drive: Chromium's own engine without the windowed browser around it, which Playwright too runs for
headless tests. It took a fifth less CPU than Debian's full Chromium in headless mode on the guided game's
browser tests (72 s against 78 s, 49 against 62 CPU-seconds in Chromium's processes, 2026-11-29); the
machine has two cores and the suite is bound by them. Playwright's own browser download is refused on
these machines."""

FULL_CHROMIUM_PATH = Path("/usr/bin/chromium")
"""Debian's full Chromium, the browser a visitor has: bench/site.py times the site's first widget in it."""

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
"""Without the background-networking flags Chromium floods the closed network with refused calls."""

_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
"""IPython colours its tracebacks; assertion messages read better without the escapes."""

VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}
"""A fresh page's window, in the tests (a JupyterLab page, a visitor of the site) and the benches."""

DEADLINE = 60.0
"""Seconds a wait in the page or the kernel may last before the test fails. Every wait ends as soon as
its condition holds, so this only bounds a failure; it is long enough for a machine whose two cores are
taken by other work (Playwright's ``expect`` and actions are given it too: tests/browser/conftest.py)."""

LIGHT_THEME = "JupyterLab Light"
DARK_THEME = "JupyterLab Dark"

DEFAULT_SETTINGS: Mapping[str, Mapping[str, object]] = {
    "@jupyterlab/apputils-extension:themes": {"theme": LIGHT_THEME},
    # No "receive news?" toast over the widget, no update check against the closed network.
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # Every cell in the DOM (no virtual scrolling), and no kernel dialog for a notebook that
    # names no kernel: both would otherwise make locators flaky.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none", "autoStartDefaultKernel": True},
}
"""User settings written before every test, so a test that changes the theme cannot leak it."""


class LabError(RuntimeError):
    """JupyterLab, the notebook or its kernel did not reach the state a test waited for."""


class KernelError(LabError):
    """Code run in the kernel raised; the message carries the Python traceback."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (the server is told not to retry others)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _die_with_parent() -> None:
    """Ask Linux to SIGTERM the server if pytest itself is killed, so no server is ever orphaned."""
    if sys.platform.startswith("linux"):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _signal_group(process: subprocess.Popen[bytes], signum: signal.Signals) -> None:
    """Signal the server and whatever it started in its group, even if the server itself is gone."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signum)


class JupyterLab:
    """A JupyterLab server on a free loopback port, with config, settings and workspaces sandboxed.

    Use it as a context manager (or call :meth:`start` and :meth:`stop`)::

        with JupyterLab(root_dir) as lab:
            page.goto(lab.base_url + "/lab")

    No token and no password: the server listens on 127.0.0.1 only and lives as long as the tests.
    """

    def __init__(
        self,
        root_dir: Path,
        *,
        python: str = sys.executable,
        startup_timeout: float = 60.0,
        server_args: Sequence[str] = (),
    ) -> None:
        self.root_dir = Path(root_dir).resolve()
        """The folder the server serves; notebook paths are relative to it."""
        self.python = python
        """The interpreter that runs the server, and so the ``python3`` kernel."""
        self.startup_timeout = startup_timeout
        self.server_args = list(server_args)
        """More command-line options for the server (``bench/widget.py --delayed`` turns an extension off)."""
        self.port = 0
        self.startup_seconds = 0.0
        """How long :meth:`start` waited for the first HTTP answer."""
        self._sandbox: Path | None = None
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def sandbox(self) -> Path:
        """The temporary folder holding the server's config, settings, workspaces and log."""
        if self._sandbox is None:
            raise LabError("JupyterLab is not started")
        return self._sandbox

    @property
    def settings_dir(self) -> Path:
        return self.sandbox / "settings"

    @property
    def log_path(self) -> Path:
        return self.sandbox / "server.log"

    def __enter__(self) -> JupyterLab:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def start(self) -> None:
        """Start the server and wait until it answers HTTP; on any failure nothing is left running."""
        if self._process is not None:
            raise LabError("JupyterLab is already started")
        self._sandbox = Path(tempfile.mkdtemp(prefix="novaluna-lab-"))
        self.port = free_port()
        self.reset_settings()
        env = {
            **os.environ,
            "JUPYTER_CONFIG_DIR": str(self.sandbox / "config"),
            "JUPYTER_DATA_DIR": str(self.sandbox / "data"),
            "JUPYTER_RUNTIME_DIR": str(self.sandbox / "runtime"),
            "JUPYTERLAB_SETTINGS_DIR": str(self.settings_dir),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.sandbox / "workspaces"),
            "IPYTHONDIR": str(self.sandbox / "ipython"),
        }
        command = [
            self.python,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            f"--port={self.port}",
            "--ip=127.0.0.1",
            "--ServerApp.port_retries=0",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--allow-root",
            # Lets shutdown_kernels() call the REST API without a browser's XSRF cookie; the
            # server has no auth anyway and listens on loopback only.
            "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={self.root_dir}",
            "--LabApp.expose_app_in_browser=True",
            "--JupyterNotebookApp.expose_app_in_browser=True",  # Notebook 7 at /notebooks/, same server
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            *self.server_args,
        ]
        with self.log_path.open("wb") as log:
            self._process = subprocess.Popen(
                command,
                cwd=self.root_dir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, so stop() reaches every child
                preexec_fn=_die_with_parent,
            )
        try:
            self._wait_until_serving()
        except BaseException:
            self.stop()
            raise

    def _wait_until_serving(self) -> None:
        assert self._process is not None
        started = time.monotonic()
        deadline = started + self.startup_timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                code = self._process.returncode
                raise LabError(f"JupyterLab exited with code {code} while starting:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base_url + "/api/status", timeout=2) as response:
                    if response.status == 200:
                        self.startup_seconds = time.monotonic() - started
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        raise LabError(f"JupyterLab did not answer within {self.startup_timeout:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Shut the kernels down, then end the server's process group: TERM, and KILL after 10 s."""
        process, self._process = self._process, None
        if process is not None:
            if process.poll() is None:
                with contextlib.suppress(OSError):  # best effort: the server ends its kernels on TERM too
                    self.shutdown_kernels()
            _signal_group(process, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                _signal_group(process, signal.SIGKILL)
                process.wait(timeout=10)
        if self._sandbox is not None:
            shutil.rmtree(self._sandbox, ignore_errors=True)
            self._sandbox = None

    def log_tail(self, lines: int = 40) -> str:
        """The end of the server's log, for error messages."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def shutdown_kernels(self, *, sparing: str | None = None) -> None:
        """End every kernel session but that of the notebook ``sparing`` (a path under the server's root),
        so each test starts from a fresh kernel and memory stays flat."""
        try:
            sessions = self._api("GET", "/api/sessions")
            for session in sessions or []:
                if sparing is None or session.get("path") != sparing:
                    self._api("DELETE", f"/api/sessions/{session['id']}")
        except urllib.error.HTTPError:
            raise
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass  # the server is already gone: nothing left to shut down

    def _api(self, method: str, path: str) -> Any:
        request = urllib.request.Request(self.base_url + path, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def write_settings(self, plugin_id: str, values: Mapping[str, object]) -> None:
        """Write a plugin's user settings; the page reads them on its next load.

        ``plugin_id`` is JupyterLab's id, e.g. ``"@jupyterlab/apputils-extension:themes"``.
        """
        package, _, plugin = plugin_id.partition(":")
        path = self.settings_dir / package / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2))

    def reset_settings(self) -> None:
        """Forget every user setting a test changed and write :data:`DEFAULT_SETTINGS` again."""
        shutil.rmtree(self.settings_dir, ignore_errors=True)
        for plugin_id, values in DEFAULT_SETTINGS.items():
            self.write_settings(plugin_id, values)

    def set_theme(self, theme: str) -> None:
        """Choose the theme for pages loaded from now on (use :func:`change_theme` for an open page)."""
        self.write_settings("@jupyterlab/apputils-extension:themes", {"theme": theme})


def expect(target: Any) -> Any:
    """Playwright's ``expect(target)``, imported when a test runs: a module importing this one still
    collects where Playwright is missing (the browser fixtures then say how to install it)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def launch_chromium(playwright: Playwright, path: Path = CHROMIUM_PATH) -> Browser:
    """Launch Debian's Chromium headless shell (or the Chromium at ``path``), with the flags these machines
    need."""
    if not path.exists():
        raise LabError(f"{path} is missing: run `bash .ci/install-chromium.sh` (as root)")
    return playwright.chromium.launch(executable_path=str(path), headless=True, args=list(CHROMIUM_ARGS))


def write_notebook(path: Path, sources: Sequence[str]) -> Path:
    """Write a notebook of code cells (``python3`` kernel), as a test's throwaway fixture."""
    cells: list[dict[str, object]] = [
        {
            "cell_type": "code",
            "id": f"cell-{index}",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": source,
        }
        for index, source in enumerate(sources)
    ]
    notebook = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1))
    return path


# Snapshot of what the page shows, for timeout messages: a test that hangs should say where.
_DESCRIBE_JS = """() => {
    const app = window.jupyterapp;
    if (!app) return {jupyterapp: 'not defined yet (JupyterLab has not loaded)'};
    const widget = app.shell.currentWidget;
    const kernel = widget?.sessionContext?.session?.kernel;
    const cells = widget?.content?.widgets ?? [];
    return {
        currentWidget: widget ? (widget.context?.path ?? widget.id) : null,
        kernel: kernel ? `${kernel.name} ${kernel.status} (${kernel.connectionStatus})` : null,
        runningCells: cells.flatMap((c, i) => c.model.executionState === 'running' ? [i] : []),
        dialog: document.querySelector('.jp-Dialog')?.innerText ?? null,
        splash: document.querySelector('#jupyterlab-splash') !== null,
    };
}"""

# The open notebook's kernel is idle and connected: the page can talk to Python.
_KERNEL_IDLE_JS = """() => {
    const kernel = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;
    return kernel?.status === 'idle' && kernel.connectionStatus === 'connected';
}"""


# JupyterLab covers the page with its splash while it loads, and again while a theme loads.
_NO_SPLASH_JS = "() => document.querySelector('#jupyterlab-splash') === null"


def describe(page: Page) -> str:
    """What JupyterLab shows now (current document, kernel, running cells, dialog), as JSON."""
    try:
        return json.dumps(page.evaluate(_DESCRIBE_JS))
    except Exception as error:  # the page itself may be gone; say so instead of hiding the first error
        return f"(page state unavailable: {error})"


def _wait_for(page: Page, script: str, *, what: str, timeout: float, arg: object = None) -> None:
    """Wait until ``script`` is truthy in the page, or raise with what the page shows instead."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(script, arg=arg, timeout=timeout * 1000, polling=100)
    except PlaywrightTimeoutError:
        raise LabError(
            f"timed out after {timeout:.0f} s waiting for {what}; page state: {describe(page)}"
        ) from None


def open_notebook(
    page: Page, base_url: str, path: str | PurePath, *, timeout: float = DEADLINE, app: str = "lab"
) -> None:
    """Open a notebook (path relative to the server's root) and wait until its kernel is idle.

    ``app="notebook"`` opens it in Notebook 7 (``/notebooks/…``, served by the same server) instead of
    JupyterLab. In JupyterLab, ``?reset`` drops the layout an earlier test left in the workspace, which
    would reopen its notebooks and start their kernels too.
    """
    posix = PurePath(path).as_posix()
    if app == "notebook":
        page.goto(f"{base_url}/notebooks/{urllib.parse.quote(posix)}")
    else:
        page.goto(f"{base_url}/lab/tree/{urllib.parse.quote(posix)}?reset")
    _wait_for(page, "() => window.jupyterapp !== undefined", what="window.jupyterapp", timeout=timeout)
    _wait_for(
        page,
        "(path) => window.jupyterapp.shell.currentWidget?.context?.path === path",
        arg=posix,
        what=f"{posix} to be the current document",
        timeout=timeout,
    )
    _wait_for(page, _KERNEL_IDLE_JS, what=f"the kernel of {posix} to be idle", timeout=timeout)
    _wait_for(page, _NO_SPLASH_JS, what="the splash screen to close", timeout=timeout)


def run_all_cells(page: Page, *, timeout: float = 120.0, allow_errors: bool = False) -> None:
    """Run every cell of the current notebook and wait until all have run and the kernel is idle.

    Raises :class:`KernelError` naming the first cell that raised (JupyterLab then skips the cells
    after it), unless ``allow_errors``.
    """
    page.evaluate("""() => {
        const state = {done: false, error: null};
        window.__novalunaRunAll = state;
        window.jupyterapp.commands.execute('notebook:run-all-cells').then(
            () => { state.done = true; },
            (error) => { state.error = String(error); state.done = true; });
    }""")
    _wait_for(
        page,
        """() => {
            const widget = window.jupyterapp.shell.currentWidget;
            const kernel = widget.sessionContext.session?.kernel;
            return window.__novalunaRunAll.done && kernel?.status === 'idle'
                && widget.content.widgets.every((cell) => cell.model.executionState !== 'running');
        }""",
        what="all cells to run",
        timeout=timeout,
    )
    outcome: dict[str, str | None] = page.evaluate("""() => {
        const cells = window.jupyterapp.shell.currentWidget.content.widgets;
        const errors = cells.flatMap((cell, index) => cell.model.type !== 'code' ? [] : cell.model.outputs
            .toJSON().filter((output) => output.output_type === 'error')
            .map((error) => `cell ${index} raised ${error.ename}: ${error.evalue}`));
        const skipped = cells.flatMap((cell, index) =>
            cell.model.type === 'code' && cell.model.executionCount === null ? [index] : []);
        return {
            raised: errors[0] ?? null,
            problem: window.__novalunaRunAll.error
                ?? (skipped.length ? `cells ${skipped.join(', ')} did not run` : null),
        };
    }""")
    if outcome["raised"] is not None:
        if not allow_errors:
            raise KernelError(outcome["raised"])
    elif outcome["problem"] is not None:
        raise LabError(f"{outcome['problem']}; page state: {describe(page)}")


def cell_output_text(page: Page, index: int) -> str:
    """The text a code cell printed or returned (streams and ``text/plain``), read from its model."""
    text: str = page.evaluate(
        """(index) => {
            const cell = window.jupyterapp.shell.currentWidget.content.widgets[index];
            if (!cell || cell.model.type !== 'code') throw new Error(`cell ${index} is not a code cell`);
            return cell.model.outputs.toJSON().map((output) => {
                if (output.output_type === 'stream') return [].concat(output.text).join('');
                if (output.output_type === 'error') return `${output.ename}: ${output.evalue}\\n`;
                return [].concat(output.data?.['text/plain'] ?? []).join('');
            }).join('');
        }""",
        index,
    )
    return text


def execute_python(page: Page, code: str, *, timeout: float = DEADLINE) -> str:
    """Run ``code`` in the open notebook's kernel, out of sight of the notebook, and return its text.

    The text is what it printed plus the ``text/plain`` of a trailing expression, so
    ``execute_python(page, "w.count")`` returns ``"1"``. The page's own kernel connection carries
    the request, so it reaches exactly the objects the notebook's cells created.
    """
    result: dict[str, Any] = page.evaluate(
        """async ({code, timeout}) => {
            const kernel = window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel;
            if (!kernel) return {failure: 'the current document has no kernel'};
            const future = kernel.requestExecute({code, silent: false, store_history: false});
            const texts = [];
            let error = null;
            future.onIOPub = (msg) => {
                const content = msg.content;
                if (msg.header.msg_type === 'stream') texts.push(content.text);
                else if (msg.header.msg_type === 'execute_result' || msg.header.msg_type === 'display_data')
                    texts.push(content.data['text/plain'] ?? '');
                else if (msg.header.msg_type === 'error') error = content;
            };
            let timer;
            const expired = new Promise((resolve) => {
                timer = setTimeout(resolve, timeout * 1000, 'timeout');
            });
            const outcome = await Promise.race([future.done.then(() => 'done'), expired]);
            clearTimeout(timer);
            if (outcome === 'timeout') {
                future.dispose();
                return {failure: `no reply within ${timeout} s (kernel ${kernel.status})`};
            }
            return {text: texts.join(''), error};
        }""",
        {"code": code, "timeout": timeout},
    )
    if "failure" in result:
        raise LabError(f"{result['failure']} while running {code!r}; page state: {describe(page)}")
    if result["error"] is not None:
        error = result["error"]
        traceback = _ANSI_ESCAPE.sub("", "\n".join(error["traceback"]))
        raise KernelError(f"{code!r} raised {error['ename']}: {error['evalue']}\n{traceback}")
    text: str = result["text"]
    return text


def wait_for_python(page: Page, condition: str, *, timeout: float = DEADLINE) -> None:
    """Poll a Python expression in the kernel until it is true: page-to-kernel messages are async."""
    deadline = time.monotonic() + timeout
    while (value := execute_python(page, f"bool({condition})")) != "True":
        if time.monotonic() > deadline:
            raise LabError(f"{condition!r} was still {value} after {timeout:.0f} s")
        page.wait_for_timeout(100)  # not time.sleep: Playwright serves routed requests while it waits


def change_theme(page: Page, theme: str, *, timeout: float = DEADLINE) -> None:
    """Switch the open page's theme and wait until it is applied (it is saved to the user settings)."""
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})", theme)
    _wait_for(
        page,
        "(theme) => document.body.dataset.jpThemeName === theme",
        arg=theme,
        what=f"theme {theme!r}",
        timeout=timeout,
    )
    _wait_for(
        page, _NO_SPLASH_JS, what=f"the splash screen to close after loading {theme!r}", timeout=timeout
    )


def settle(page: Page) -> None:
    """Wait until the page has drawn two more frames: what an input made it do at once or in its next
    frame (a shortcut's command, a hover's redraw, a layout it caused) is done."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def collapse_left(page: Page, *, timeout: float = DEADLINE) -> None:
    """Close JupyterLab's left sidebar (the file browser), as a reader on a small screen does, and wait
    until the notebook has its new width: it stayed the same over two frames with the sidebar closed."""
    _set_left(page, collapsed=True, timeout=timeout)


def expand_left(page: Page, *, timeout: float = DEADLINE) -> None:
    """Open JupyterLab's left sidebar again, showing what it showed when it closed, and wait until the
    notebook has its new width."""
    _set_left(page, collapsed=False, timeout=timeout)


def _set_left(page: Page, *, collapsed: bool, timeout: float) -> None:
    page.evaluate(
        "(collapsed) => { const shell = window.jupyterapp.shell;"
        " if (collapsed) shell.collapseLeft(); else shell.expandLeft(); }",
        collapsed,
    )
    _wait_for(
        page,
        """(collapsed) => new Promise((done) => {
            const shell = window.jupyterapp.shell;
            const width = () => shell.currentWidget?.node.getBoundingClientRect().width;
            const before = width();
            requestAnimationFrame(() => requestAnimationFrame(() =>
                done(shell.leftCollapsed === collapsed && before > 0 && width() === before)));
        })""",
        arg=collapsed,
        what=f"the left sidebar to {'close' if collapsed else 'open'} and the notebook to take its new width",
        timeout=timeout,
    )


# -- the widget in a page ----------------------------------------------------------------------
AXE_PATH = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core from npm (js/package.json's devDependencies), injected into pages to check accessibility."""


def show_widget(page: Page, lab: JupyterLab, name: str, *cells: str, app: str = "lab") -> Any:
    """Write a notebook of ``cells``, open it (JupyterLab, or Notebook 7 with ``app="notebook"``), run
    it, and return the first widget view's locator once it is drawn."""

    write_notebook(lab.root_dir / f"{name}.ipynb", cells)
    open_notebook(page, lab.base_url, f"{name}.ipynb", app=app)
    return _run_to_first_view(page)


def _run_to_first_view(page: Page) -> Any:
    """Run every cell of the open notebook; the first widget view's locator, once it is drawn."""
    from playwright.sync_api import expect

    run_all_cells(page)
    root = page.locator(".nl-root").first
    expect(root).to_be_visible()
    return root


# The open notebook's cells replaced by code cells never run, scrolled to its top.
_REPLACE_CELLS_JS = """(sources) => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    const shared = notebook.model.sharedModel;
    shared.transact(() => {
        shared.deleteCellRange(0, shared.cells.length);
        shared.insertCells(0, sources.map((source) =>
            ({cell_type: 'code', source, metadata: {}, outputs: [], execution_count: null})));
    });
    notebook.activeCellIndex = 0;
    notebook.node.querySelector('.jp-WindowedPanel-outer').scrollTop = 0;
}"""


def show_cells(page: Page, *cells: str) -> Any:
    """:func:`show_widget` in the notebook open in ``page``: its cells become ``cells``, run in its kernel
    as it is, and the first widget view's locator is returned once it is drawn. Where a fresh kernel and page
    would differ, the caller sets them back first (the ``kept_tab`` mark of tests/browser/conftest.py)."""
    page.evaluate(_REPLACE_CELLS_JS, list(cells))
    _wait_for(
        page,
        """(sources) => {
            const cells = window.jupyterapp.shell.currentWidget.content.widgets;
            return cells.length === sources.length
                && cells.every((cell, i) => cell.model.sharedModel.getSource() === sources[i]);
        }""",
        arg=list(cells),
        what="the notebook to hold the test's cells",
        timeout=DEADLINE,
    )
    return _run_to_first_view(page)


def restart_kernel(page: Page, *, timeout: float = DEADLINE) -> None:
    """Restart the open notebook's kernel, as the Kernel menu does, and wait until the new one is idle."""
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.restartKernel()")
    _wait_for(page, _KERNEL_IDLE_JS, what="the restarted kernel to be idle", timeout=timeout)


def kernel_json(page: Page, expression: str) -> Any:
    """Evaluate a Python expression in the kernel and return its value, via JSON."""
    return json.loads(execute_python(page, f"import json as _json; print(_json.dumps({expression}))"))


def wait_drawn(page: Page, root: Any, widget: str = "w") -> None:
    """Wait until the view ``root`` draws the version the kernel's ``widget`` holds."""
    from playwright.sync_api import expect

    version = kernel_json(page, f"{widget}.version")
    expect(root).to_have_attribute("data-version", str(version))


def axe_violations(page: Page, selector: str = ".nl-root") -> list[str]:
    """axe-core's violations within the first element ``selector`` finds, one line each (rule, impact,
    the first offending element); the rest of JupyterLab's page is not ours to judge.

    JupyterLab's ``body`` is 0 px high with ``overflow: hidden`` (its shell is placed absolutely), so axe
    takes everything in the notebook for clipped and skips its colour contrast: for the run the body is
    given the window's height."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_PATH))
    found: list[str] = page.evaluate(
        """async (selector) => {
            const height = document.body.style.minHeight;
            document.body.style.minHeight = '100vh';
            const result = await window.axe.run(document.querySelector(selector)).finally(() => {
                document.body.style.minHeight = height;
            });
            return result.violations.map((v) =>
                `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}; ` +
                `e.g. ${v.nodes[0].html.slice(0, 160)} ` +
                (v.nodes[0].failureSummary ?? '').replace(/\\s+/g, ' ').slice(0, 200));
        }""",
        selector,
    )
    return found
