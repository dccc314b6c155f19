"""Build, serve and open the static JupyterLite site (``make site``) with nothing but localhost reachable.

The site is meant to work with no network at all, so the browser may reach only the site's own server:
:func:`block_other_hosts` refuses (and records) every other request of the context, the kernel's web
worker included. The page then behaves like JupyterLab (``window.jupyterapp``), so the helpers of
:mod:`.lab` (running cells, asking the kernel) work on it unchanged.

Used by the site's tests (``tests/browser/test_site*.py``) and ``bench/site.py``.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from .lab import _KERNEL_IDLE_JS, _NO_SPLASH_JS, DEADLINE, VIEWPORT, KernelError, LabError, _wait_for

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Request, Route

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "site"
FIRST_NOTEBOOK = "01_first_game.ipynb"
"""Where the site's root opens, for a visitor whose browser speaks none of the translations' languages."""
TUTORIAL_1 = {
    "en": FIRST_NOTEBOOK,
    "ru": "ru/01_first_game.ru.ipynb",
    "ja": "ja/01_first_game.ja.ipynb",
    "fa": "fa/01_first_game.fa.ipynb",
}
"""Tutorial 1 in each language, where the site has it: a translation's file name says its language too
(JupyterLite keys its sessions by file name; see ``_contents_path`` in site/build.py)."""
NOT_IN_PYODIDE = {"06_what_if.ipynb": "pandas and matplotlib (no Pyodide wheels on PyPI) and Dask"}
"""Tutorials that need what Pyodide cannot have offline: the site carries them to read, and their first
cell says where to run them. Every other notebook must run in the site."""


def build_site(timeout: float = 900.0) -> Path:
    """Run ``make site`` (which rebuilds only when the site's inputs changed) and return the site's folder.

    A lock file keeps two test runs in one working tree from building into the same folders at once.
    """
    lock = REPO / "build" / "site.lock"
    lock.parent.mkdir(exist_ok=True)
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        done = subprocess.run(
            ["make", "--no-print-directory", "site"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-40:])
        raise LabError(f"`make site` failed (exit {done.returncode}):\n{tail}")
    return SITE


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files; records what it could not find instead of logging every request."""

    def __init__(self, *args: Any, missing: list[str], **kwargs: Any) -> None:
        self.missing = missing
        self.extensions_map = {
            **self.extensions_map,
            ".mjs": "text/javascript",  # module scripts and workers refuse other types
            ".wasm": "application/wasm",  # lets the browser compile Pyodide while it downloads
        }
        super().__init__(*args, **kwargs)  # handles the request

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        self.missing.append(f"{code} {self.path}")
        super().send_error(code, message, explain)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class StaticSite:
    """A static file server for ``root`` on a free loopback port, in a thread of this process::

    with StaticSite(build_site()) as site:
        page.goto(site.url + "/")
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root).resolve()
        self.missing: list[str] = []
        """Requests answered with an error (``"404 /path"``): a complete site has none."""
        handler = functools.partial(_Handler, directory=str(self.root), missing=self.missing)
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, without a trailing slash."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> StaticSite:
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._server.shutdown()
        self._server.server_close()


def block_other_hosts(context: BrowserContext, origin: str) -> list[str]:
    """Let the context reach ``origin`` only; returns the list that each refused URL is added to.

    Routing covers the pages and their workers (the kernel runs in one); a request that escaped the
    route would still show as a ``request`` event, so those are recorded too.
    """
    outside: list[str] = []

    def route(route: Route) -> None:
        url = route.request.url
        if url.startswith(origin + "/"):
            route.continue_()
        else:
            outside.append(url)
            route.abort("blockedbyclient")

    def seen(request: Request) -> None:
        url = request.url
        if not url.startswith((origin + "/", "data:", "blob:")) and url not in outside:
            outside.append(url)

    context.route("**/*", route)
    context.on("request", seen)
    return outside


@dataclass
class Visit:
    """One visitor's tab."""

    page: Page
    outside: list[str]
    """Requests for anything but the site (refused)."""
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Uncaught errors in the page (the view threw one on its first render before the bridge)."""


@contextmanager
def visitor(browser: Browser, site: StaticSite, locale: str) -> Iterator[Visit]:
    """A tab in a fresh browser context that speaks ``locale`` and may reach only the site."""
    context = browser.new_context(viewport=VIEWPORT, locale=locale)
    context.set_default_timeout(DEADLINE * 1000)
    outside = block_other_hosts(context, site.url)
    state = Visit(context.new_page(), outside)
    state.page.on("console", lambda message: state.console.append(f"{message.type}: {message.text}"))
    state.page.on("pageerror", lambda error: state.errors.append(str(error)))
    try:
        yield state
    finally:
        context.close()


# Scroll each code cell with a saved picture (SVG, or HTML holding one) into view and report what its
# output shows: an <img> the browser decoded, or what else.
PICTURES_JS = """async () => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    const shown = [];
    for (const [index, cell] of notebook.widgets.entries()) {
        const saved = cell.model.type === 'code' ? cell.model.outputs.toJSON() : [];
        if (!saved.some((o) => o.data && ('image/svg+xml' in o.data || 'text/html' in o.data))) continue;
        await notebook.scrollToItem(index, 'center');
        const img = cell.node.querySelector('.jp-OutputArea-output img');
        if (img) await img.decode().catch(() => {});
        shown.push({index, width: img ? img.naturalWidth : 0,
                    output: cell.node.querySelector('.jp-OutputArea-output')?.className ?? 'no output'});
    }
    return shown;
}"""


def open_site(page: Page, url: str, *, path: str = FIRST_NOTEBOOK, timeout: float = 60.0) -> None:
    """Open ``url`` (the site's root or a page of it) and wait until ``path`` is the open document."""
    page.goto(url)
    _wait_for(page, "() => window.jupyterapp !== undefined", what="window.jupyterapp", timeout=timeout)
    _wait_for_document(page, path, timeout)
    _wait_for(page, _NO_SPLASH_JS, what="the splash screen to close", timeout=timeout)


def _wait_for_document(page: Page, path: str, timeout: float) -> None:
    """Wait until ``path`` is the current document and its content is loaded."""
    _wait_for(
        page,
        "(path) => { const widget = window.jupyterapp.shell.currentWidget;"
        " return widget?.context?.path === path && widget.context.isReady; }",
        arg=path,
        what=f"{path} to be the current document",
        timeout=timeout,
    )


def wait_for_kernel(page: Page, *, timeout: float = 180.0) -> None:
    """Wait until the open notebook's kernel (Pyodide, starting in a web worker) is idle."""
    _wait_for(page, _KERNEL_IDLE_JS, what="the Pyodide kernel to be idle", timeout=timeout)


def open_document(page: Page, path: str, *, timeout: float = 180.0) -> None:
    """Open another notebook of the open site, as a visitor does from the file browser (it starts a
    kernel of its own), and wait until its kernel is idle."""
    page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }", path)
    _wait_for_document(page, path, timeout)
    wait_for_kernel(page, timeout=timeout)


def run_cell(page: Page, cell_id: str, *, timeout: float = 120.0) -> None:
    """Run one cell of the open notebook, found by its id, as a visitor does with Ctrl+Enter, and wait
    until it has run; raises :class:`KernelError` if it raised."""
    page.evaluate(
        """(id) => {
        const notebook = window.jupyterapp.shell.currentWidget.content;
        const index = notebook.widgets.findIndex((cell) => cell.model.id === id);
        if (index < 0) throw new Error(`the open notebook has no cell ${id}`);
        notebook.activeCellIndex = index;
        notebook.deselectAll();
        const state = {done: false, error: null};
        window.__novalunaRunCell = state;
        window.jupyterapp.commands.execute('notebook:run-cell').then(
            () => { state.done = true; },
            (error) => { state.error = String(error); state.done = true; });
    }""",
        cell_id,
    )
    _wait_for(
        page,
        """(id) => {
        const widget = window.jupyterapp.shell.currentWidget;
        const cell = widget.content.widgets.find((cell) => cell.model.id === id);
        return window.__novalunaRunCell.done && widget.sessionContext.session?.kernel?.status === 'idle'
            && cell.model.executionState !== 'running' && cell.model.executionCount !== null;
    }""",
        arg=cell_id,
        what=f"cell {cell_id} to run",
        timeout=timeout,
    )
    raised: str | None = page.evaluate(
        """(id) => {
        const cell = window.jupyterapp.shell.currentWidget.content.widgets.find((c) => c.model.id === id);
        const error = cell.model.outputs.toJSON().find((output) => output.output_type === 'error');
        return window.__novalunaRunCell.error ?? (error ? `${error.ename}: ${error.evalue}` : null);
    }""",
        cell_id,
    )
    if raised is not None:
        raise KernelError(f"cell {cell_id} raised {raised}")


def close_document(page: Page) -> None:
    """Shut down the open notebook's kernel and close the notebook (each Pyodide kernel holds a few
    hundred MB), without the dialog that asks whether to save it."""
    page.evaluate("""async () => {
        const widget = window.jupyterapp.shell.currentWidget;
        await widget.sessionContext.shutdown();
        widget.dispose();
    }""")
