"""A helper for long work in the in-browser site: a second Pyodide, in a Web Worker, on the other core.

A Pyodide kernel is one process with one thread, so where a CPython kernel reviews a game on a process per
core (``coach``), the site's kernel would review alone, at half the speed on a 2-core machine. A
``Helper`` starts a second Pyodide in a worker of the kernel's own worker (nested dedicated workers:
Chromium, Firefox, Safari 15.5 on), from the site's files only (its Pyodide and the package's wheel, as
the site's lock names it). Given a list of independent calls, the helper makes them from the last one
down while the kernel makes them from the first one up (``claim``, ``take``), so the kernel starts at
once while the helper boots (2–3 s), and the two meet in the middle. Each call's result is pickled, as a
process pool's are, so it is the very value the kernel would have made, by the same code.

The helper's results arrive as messages, which the kernel hears only between its own steps: only a
caller that yields to the event loop between them (``yielding``: the widget's Review, a row at a time)
is given a helper; a plain call in a cell, which holds the kernel until it returns, is not. Where no
worker can start, or it fails, ``start`` gives None or ``take`` gives nothing more, and the kernel does
the rest alone. ``stop`` (or leaving the ``with`` block) ends the worker.
"""

from __future__ import annotations

import importlib.metadata
import logging
import pickle
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.resources import files
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar

__all__ = ["Helper", "yielding"]

_T = TypeVar("_T")
_DISTRIBUTION = "novaluna-widget"
"""The package's name in the site's lock (``site/build.py`` adds its wheel there)."""
_log = logging.getLogger(__name__)

_YIELDING: ContextVar[bool] = ContextVar("novaluna_widget_yielding", default=False)
"""True while the caller yields to the event loop between the steps of its work (``yielding``)."""


@contextmanager
def yielding() -> Iterator[None]:
    """Within this block (in this task or thread only), the caller yields to the event loop between the
    steps of its work, so a ``Helper``'s messages are heard as they arrive."""
    token = _YIELDING.set(True)
    try:
        yield
    finally:
        _YIELDING.reset(token)


class _Bytes(Protocol):
    """A JavaScript Uint8Array as Pyodide hands it to Python."""

    def to_bytes(self) -> bytes: ...


class Helper(Generic[_T]):
    """A worker making the calls ``function(*args)`` of a list from the last one down (``start``)."""

    def __init__(self, worker: Any, url: str, listener: Any) -> None:
        self._worker: Any = worker
        self._url = url
        self._listener: Any = listener
        self._results: dict[int, bytes] = {}
        self.failure: str | None = None
        """Why the helper stopped helping (its worker failed), if it did: the kernel goes on alone."""

    @classmethod
    def start(cls, function: Callable[..., _T], args: Sequence[tuple[Any, ...]]) -> Helper[_T] | None:
        """A helper making ``function(*args[k])`` for each ``k``, from the last down; None outside a Pyodide
        kernel in a browser, outside a ``yielding`` block, or where its worker cannot start. ``function``
        must be importable by name (it is pickled) and its results never None."""
        if sys.platform != "emscripten" or not _YIELDING.get():
            return None
        try:
            import pyodide_js
            from pyodide.ffi import JsException, create_proxy, to_js

            js = _js()
        except ImportError:
            return None
        version = importlib.metadata.version(__package__ or "")
        job = pickle.dumps((version, function, list(args)))
        source = files(__package__ or "").joinpath("_browser_review.mjs").read_text(encoding="utf-8")
        try:
            # Where this kernel's Pyodide came from: the site's static/pyodide/, with its lock and wheels.
            index_url: str = pyodide_js._api.config.indexURL
            blob = js.Blob.new(to_js([source]), to_js({"type": "text/javascript"}, dict_converter=_object))
            url: str = js.URL.createObjectURL(blob)
            worker = js.Worker.new(url, to_js({"type": "module"}, dict_converter=_object))
        except (AttributeError, JsException) as error:  # no Worker here, or no module workers
            _log.info("no helper for the review: %s", error)
            return None
        helper = cls(worker, url, None)
        helper._listener = create_proxy(helper._hear)
        worker.onmessage = worker.onerror = helper._listener
        message = {"indexURL": index_url, "distribution": _DISTRIBUTION, "job": job, "count": len(args)}
        worker.postMessage(to_js(message, dict_converter=_object))
        return helper

    def take(self, index: int) -> _T | None:
        """The result of call ``index`` if the helper has sent it, else None (the kernel makes it itself:
        ``claim`` first)."""
        made = self._results.pop(index, None)
        if made is None:
            return None
        result: _T = pickle.loads(made)
        return result

    def claim(self, index: int) -> None:
        """Tell the helper that the kernel makes call ``index``: it makes none at or below it."""
        if self._worker is not None:
            self._worker.postMessage(index)

    def stop(self) -> None:
        """End the worker (the work is done, failed or cancelled); what it sent and the kernel has not taken
        is dropped."""
        if self._worker is None:
            return
        self._worker.onmessage = self._worker.onerror = None
        self._worker.terminate()
        self._listener.destroy()
        _js().URL.revokeObjectURL(self._url)
        self._worker = None
        self._results.clear()

    def __enter__(self) -> Helper[_T]:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def _hear(self, event: Any) -> None:
        """A message of the worker: a result, or why it failed (a Python error posted by the worker, or
        an error event: its script did not load)."""
        data: Any = getattr(event, "data", None)
        result = getattr(data, "result", None)
        if result is not None:
            self._results[int(data.index)] = result.to_bytes()
            return
        error = getattr(data, "error", None)
        self.failure = str(error if error is not None else getattr(event, "message", "the worker failed"))
        _log.info("the review's helper failed: %s", self.failure)
        self._worker.terminate()  # ``stop`` does the rest: this call is the listener it would destroy


def _js() -> Any:
    """Pyodide's ``js`` module: the global scope of the kernel's worker (to mypy, the repository's ``js/``
    folder, hence Any)."""
    import js

    return js


def _object(entries: Any) -> Any:
    """A Python dict as a plain JavaScript object (``to_js`` makes a Map of it otherwise)."""
    return _js().Object.fromEntries(entries)


def _serve(job: _Bytes) -> Callable[[int], bytes]:
    """In the helper's Pyodide: call ``k`` of the pickled ``job``, its result pickled. The job is refused
    if the kernel's package is not the version the helper loaded: the results would not be the kernel's."""
    version, function, args = pickle.loads(job.to_bytes())
    here = importlib.metadata.version(__package__ or "")
    if version != here:
        raise RuntimeError(f"the kernel runs {__package__} {version}, the helper loaded {here}")

    def call(index: int) -> bytes:
        return pickle.dumps(function(*args[index]))

    return call
