"""The review's helper in the in-browser site (``_browser_review``), as the coach uses it, in CPython: the
helper's part stood in for by a fake that makes the very calls the helper's Pyodide would make, so that
the merging, the claims and the ending are checked here, and the helper's rows in the site itself by
tests/browser/test_site.py."""

from __future__ import annotations

import asyncio
import importlib.metadata
import pickle
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, ClassVar

import pytest

from novaluna_widget import _browser_review, coach
from novaluna_widget._review_runner import Job
from novaluna_widget.widget import _in_slices

from .conftest import RunLoop
from .test_coach import NODES, midgame


class FakeHelper:
    """A helper that has made every call from ``FakeHelper.first`` on by the time the kernel asks."""

    first: ClassVar[int] = 0
    made: ClassVar[list[FakeHelper]] = []

    def __init__(self, function: Callable[..., Any], args: Sequence[tuple[Any, ...]]) -> None:
        self.results = {k: function(*args[k]) for k in range(self.first, len(args))}
        self.claimed: list[int] = []
        self.taken: list[int] = []
        self.stopped = 0

    @classmethod
    def start(cls, function: Callable[..., Any], args: Sequence[tuple[Any, ...]]) -> FakeHelper:
        cls.made.append(cls(function, args))
        return cls.made[-1]

    def take(self, index: int) -> Any:
        if index in self.results:
            self.taken.append(index)
        return self.results.pop(index, None)

    def claim(self, index: int) -> None:
        self.claimed.append(index)

    def __enter__(self) -> FakeHelper:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped += 1


@pytest.fixture
def in_the_site(monkeypatch: pytest.MonkeyPatch) -> type[FakeHelper]:
    """The coach as in the site's Pyodide, with a fake helper, for any review however short."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(coach, "HELPED_WORK", 1)
    monkeypatch.setattr(coach, "Helper", FakeHelper)
    monkeypatch.setattr(FakeHelper, "made", [])
    return FakeHelper


@pytest.mark.parametrize("share", [0.5, 1.0, 0.0], ids=["half", "all", "none"])
def test_a_helped_review_takes_the_helpers_rows_from_the_end_and_they_are_the_kernels(
    in_the_site: type[FakeHelper], monkeypatch: pytest.MonkeyPatch, share: float
) -> None:
    game = midgame(turns=4)
    with monkeypatch.context() as here:
        here.setattr(sys, "platform", "linux")
        alone = list(coach.reviewing(game, nodes=NODES))
    count = len(game.history)
    first = count - round(share * count)
    monkeypatch.setattr(in_the_site, "first", first)
    assert list(coach.reviewing(game, nodes=NODES)) == alone
    (helper,) = in_the_site.made
    assert helper.taken == list(range(first, count))
    assert helper.claimed == list(range(first))  # each row the kernel made itself, claimed before
    assert helper.stopped == 1


def test_a_review_cancelled_midway_ends_its_helper(in_the_site: type[FakeHelper]) -> None:
    rows = coach.reviewing(midgame(turns=4), nodes=NODES)
    assert next(rows)["turn"] == 1
    assert isinstance(rows, Generator)
    rows.close()  # as the Review panel drops the rows of a history that changed
    (helper,) = in_the_site.made
    assert helper.stopped == 1


def test_a_short_review_or_one_outside_the_site_has_no_helper(
    in_the_site: type[FakeHelper], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = midgame(turns=4)
    monkeypatch.setattr(coach, "HELPED_WORK", len(game.history) * NODES + 1)
    list(coach.reviewing(game, nodes=NODES))
    monkeypatch.setattr(coach, "HELPED_WORK", 1)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(coach, "PARALLEL_WORK", 10**9)
    list(coach.reviewing(game, nodes=NODES))
    assert in_the_site.made == []


def test_only_a_caller_that_yields_between_rows_is_given_a_helper(
    monkeypatch: pytest.MonkeyPatch, run_event_loop: RunLoop
) -> None:
    # The widget's Review in slices yields to the event loop between rows, where the helper's rows arrive; a
    # plain call holds the kernel, and a helper's rows would never be heard.
    seen: list[bool] = []

    def steps() -> Iterator[None]:
        seen.append(_browser_review._YIELDING.get())
        yield

    async def review_in_slices() -> None:
        _in_slices(Job(steps))
        while not seen:
            await asyncio.sleep(0.001)

    run_event_loop(review_in_slices())
    assert seen == [True]
    assert _browser_review._YIELDING.get() is False
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert _browser_review.Helper.start(print, [()]) is None  # no yielding caller (and no Pyodide here)


class Uint8Array:
    """A JavaScript byte array as Pyodide hands it to Python."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


def test_the_helper_makes_the_calls_it_is_sent_with_the_kernels_package_only() -> None:
    game = midgame(turns=4)
    start, history = coach._start(game), game.history
    args = [(start, history[: k + 1], 0, NODES, "en", None) for k in range(len(history))]
    version = importlib.metadata.version("novaluna_widget")
    call = _browser_review._serve(Uint8Array(pickle.dumps((version, coach._review_at, args))))
    assert [pickle.loads(call(k)) for k in range(len(args))] == list(coach.reviewing(game, nodes=NODES))
    with pytest.raises(RuntimeError, match=r"the kernel runs novaluna_widget 0\.0\.1, the helper loaded"):
        _browser_review._serve(Uint8Array(pickle.dumps(("0.0.1", coach._review_at, args))))


class Worker:
    """What a Helper asks of its Web Worker, recorded."""

    def __init__(self) -> None:
        self.posted: list[object] = []
        self.terminated = 0
        self.onmessage: object = None
        self.onerror: object = None

    def postMessage(self, message: object) -> None:
        self.posted.append(message)

    def terminate(self) -> None:
        self.terminated += 1


class Listener:
    destroyed = 0

    def destroy(self) -> None:
        self.destroyed += 1


class Scope:
    """The worker's global scope, as far as ``Helper.stop`` uses it."""

    def __init__(self) -> None:
        self.revoked: list[str] = []
        self.URL = self

    def revokeObjectURL(self, url: str) -> None:
        self.revoked.append(url)


class Event:
    def __init__(self, **fields: object) -> None:
        self.__dict__.update(fields)


def test_a_helper_hands_over_what_its_worker_sent_and_a_failure_leaves_the_kernel_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scope, worker, listener = Scope(), Worker(), Listener()
    monkeypatch.setattr(_browser_review, "_js", lambda: scope)
    helper: _browser_review.Helper[dict[str, int]] = _browser_review.Helper(worker, "blob:x", listener)
    row = {"turn": 9}
    helper._hear(Event(data=Event(index=8, result=Uint8Array(pickle.dumps(row)))))
    assert helper.take(7) is None
    helper.claim(7)
    assert worker.posted == [7]  # the kernel makes 7: the helper stops above it
    # The worker's Python failed: what it sent still counts, nothing more comes, the kernel goes on alone.
    helper._hear(Event(data=Event(error="PythonError: boom")))
    assert helper.failure == "PythonError: boom" and worker.terminated == 1
    assert helper.take(8) == row and helper.take(8) is None
    helper._hear(Event(message="the script did not load"))  # an error event: no data
    assert helper.failure == "the script did not load"
    with helper:
        pass
    assert (worker.terminated, listener.destroyed, scope.revoked) == (3, 1, ["blob:x"])
    assert worker.onmessage is None and worker.onerror is None
    helper.stop()  # once is enough
    helper.claim(3)
    assert (worker.terminated, worker.posted) == (3, [7])
