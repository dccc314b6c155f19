"""How the static JupyterLite site (``make site``) does for a visitor with no network.

Builds the site (or reuses it), serves it on localhost, fails if the page asks any other host, and prints:

- the site's size (MB and files), and how much a first visit fetches;
- the baseline, in the same run: page open → the bare Pyodide kernel has run ``print(1)`` (the kernel
  started, the package not imported), cold; every time below is also given as a ratio to it, so a reader
  can place the figures on their own machine;
- page open → first widget drawn: the visitor runs tutorial 1 at once (Run All as soon as the kernel is
  idle) until its first widget has drawn; and Run All → first widget drawn;
- each of those **cold** (a fresh browser profile on disk: nothing cached) and **warm** (the second visit
  of the same profile: what the browser kept from the first);
- click → painted: choosing a tile and taking the choice back, each a round trip through Python timed
  in the page (``bench/widget.py``'s ``CLICK_JS``), p50/p95 over ``--clicks`` clicks;
- what a visitor's kernel does before tutorial 1's first widget, in the site's Pyodide under Node
  (``bench/pyodide_start.mjs``): start with the preloaded packages, import IPython, then the package and a
  widget; CPU seconds (robust to the machine's load) and wall seconds, medians of ``--starts`` runs, and
  with ``--against FOLDER`` the same for another build (e.g. main's ``build/site``), runs interleaved;
- the coach in Pyodide against the same in a CPython kernel (a process of ``.venv``'s Python), as
  ratios: a hint, a review of the longest two-player game (random moves until the tiles run out, as
  ``bench/coach.py``), making 10 puzzles. Target: each at most 2× its time in the kernel.

Usage: ``python bench/site.py [--visits N] [--clicks N] [--coach N] [--starts N] [--site FOLDER]
[--against FOLDER]``; medians over ``--visits`` visits of each kind (default 3).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.widget import CLICK_JS, p  # noqa: E402
from tests.browser.lab import (  # noqa: E402
    FULL_CHROMIUM_PATH,
    VIEWPORT,
    execute_python,
    launch_chromium,
    run_all_cells,
)
from tests.browser.lite import StaticSite, build_site, open_site, wait_for_kernel  # noqa: E402

# Resolves, in the page's clock, when the first widget view has drawn.
FIRST_WIDGET_JS = """() => new Promise((resolve) => {
    const check = () => {
        const root = document.querySelector('.nl-root[data-version]');
        if (root) resolve(root.nlDrawnAt); else setTimeout(check, 5);
    };
    check();
})"""

# The coach's work, timed where it runs (Pyodide or CPython): ``await _figure(task, runs)`` gives its wall
# seconds. The review runs as the widget's Review does (``widget._in_a_thread``): in CPython on a thread,
# which reviews on a process per core; in Pyodide, where no thread can start, a row at a time on the event
# loop (``_in_slices``), helped by a second Pyodide in a Web Worker.
COACH_CODE = """
import asyncio, json, statistics, time
from novaluna_widget import Game
from novaluna_widget._review_runner import Job
from novaluna_widget.bots import GreedyBot, RandomBot, play_game
from novaluna_widget.coach import hint, reviewing
from novaluna_widget.puzzles import generate
from novaluna_widget.widget import _in_a_thread

def _timed(work):
    started = time.perf_counter()
    work()
    return time.perf_counter() - started

async def _review_as_the_page():
    finished = []

    def steps():
        for _ in reviewing(_longest):
            yield
        finished.append(time.perf_counter())

    started = time.perf_counter()
    _in_a_thread(Job(steps))
    while not finished:
        await asyncio.sleep(0.01)
    return finished[0] - started

async def _figure(task, runs):
    if task == "hint":
        return statistics.median(_timed(lambda: hint(g)) for g in _positions)
    if task == "review":
        return statistics.median([await _review_as_the_page() for _ in range(runs)])
    return statistics.median(_timed(lambda: generate(10, seed=1)) for _ in range(runs))

async def _helped_or_alone(runs):
    # The page's review with the site's helper and without it (as the site before it), interleaved.
    from novaluna_widget import coach

    times = {"helped": [], "alone": []}
    helped_work = getattr(coach, "HELPED_WORK", None)  # None: a site from before the helper
    for _ in range(runs):
        times["helped"].append(await _review_as_the_page())
        coach.HELPED_WORK = 10**12
        try:
            times["alone"].append(await _review_as_the_page())
        finally:
            coach.HELPED_WORK = helped_work
    return {key: statistics.median(values) for key, values in times.items()}

_game, _bots, _positions = Game(2, seed=0), [GreedyBot(seed=0), GreedyBot(seed=1)], []
while not _game.is_over:
    _positions.append(_game.copy())
    _game.play(_bots[_game.current_player].choose(_game))
_positions = _positions[::4]
_longest = play_game(Game(2, seed=0), [RandomBot(seed=1), RandomBot(seed=2)])
"""
COACH_TASKS = {"hint": "a hint", "review": "the longest review", "puzzles": "10 puzzles"}

# In CPython: each task's wall seconds and CPU seconds a run (this process's and, once they have ended, its
# children's: the review's processes), as JSON.
KERNEL_CODE = """
import multiprocessing, resource

def _cpu():
    while multiprocessing.active_children():  # joins the review's processes as they end
        time.sleep(0.01)
    return time.process_time() + sum(getattr(resource.getrusage(resource.RUSAGE_CHILDREN), f)
                                     for f in ("ru_utime", "ru_stime"))

async def _main():
    figures = {}
    for task in TASKS:
        before = _cpu()
        wall = await _figure(task, RUNS)
        count = len(_positions) if task == "hint" else RUNS
        figures[task] = {"wall": wall, "cpu": (_cpu() - before) / count}
    return figures

print(json.dumps(asyncio.run(_main())), end="")
"""


def visit(context: Any, url: str, clicks: int) -> dict[str, Any]:
    """One visit in ``context`` (a fresh one: cold; one visited before: warm): open the root, wait for
    the kernel, run tutorial 1 until its widget has drawn, then click a tile on and off ``clicks`` times."""
    requests: list[Any] = []

    def listen(request: Any) -> None:
        requests.append(request)

    context.on("requestfinished", listen)
    page = context.new_page()
    started = time.monotonic()
    open_site(page, url + "/")
    wait_for_kernel(page)
    kernel = time.monotonic() - started
    run_started = page.evaluate(
        "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return performance.now(); }"
    )
    drawn_at = page.evaluate(FIRST_WIDGET_JS)
    widget = time.monotonic() - started
    run_all_cells(page)  # Run All is under way: this waits for the last cell and raises on errors
    context.remove_listener("requestfinished", listen)
    fetched = sum(max(0, request.sizes()["responseBodySize"]) for request in requests)  # -1: from the cache
    space = execute_python(page, "widget.game.choices()[0]")
    timings = [page.evaluate(CLICK_JS, [0, f'[data-space="{space}"]']) for _ in range(clicks)]
    if execute_python(page, "print(widget.selected, widget.last_error, end='')") != "None None":
        raise SystemExit("the clicks did not leave the widget as they found it")
    page.close()
    return {
        "kernel": kernel,
        "widget": widget,
        "run": (drawn_at - run_started) / 1000,
        "fetched": fetched,
        "drawn": [t[0] for t in timings],
        "painted": [t[1] for t in timings],
    }


def profile(pw: Any, folder: str) -> Any:
    """A browser with a profile of its own on disk in ``folder`` (a fresh one: nothing cached), as a
    visitor's browser keeps it between visits: a context of ``browser.new_context`` keeps its HTTP cache
    in memory, where entries as large as Pyodide's runtime (9.6 MB) are not kept at all."""
    from tests.browser.lab import CHROMIUM_ARGS

    return pw.chromium.launch_persistent_context(
        folder,
        executable_path=str(FULL_CHROMIUM_PATH),
        headless=True,
        args=list(CHROMIUM_ARGS),
        viewport=VIEWPORT,
        locale="en-US",
    )


def new_context(browser: Any, url: str, context: Any = None) -> tuple[Any, list[str]]:
    """A fresh browser context (nothing cached; else ``context``, e.g. a ``profile``) in English whatever
    the machine's language (the root opens tutorial 1 in the browser's language), and the list of requests
    it makes for anything but the site. Not routed (``block_other_hosts``): Playwright's routing turns the
    browser's HTTP cache off, and the warm visits time what that cache keeps."""
    if context is None:
        context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    outside: list[str] = []

    def seen(request: Any) -> None:
        if not request.url.startswith((url + "/", "data:", "blob:")):
            outside.append(request.url)

    context.on("request", seen)
    return context, outside


def baseline(browser: Any, url: str) -> float:
    """Page open → the bare kernel has run ``print(1)``, cold: the floor any tutorial's first output has."""
    context, outside = new_context(browser, url)
    page = context.new_page()
    started = time.monotonic()
    open_site(page, url + "/")
    wait_for_kernel(page)
    if execute_python(page, "print(1)") != "1\n":
        raise SystemExit("the bare kernel did not print 1")
    seconds = time.monotonic() - started
    context.close()
    if outside:
        raise SystemExit(f"the site asked for other hosts: {outside}")
    return seconds


def coach_in_pyodide(browser: Any, url: str, runs: int) -> dict[str, dict[str, float]]:
    """Each coach task's wall seconds (median) and CPU seconds a run in the site's Pyodide. The CPU is the
    browser's, all processes and threads (the kernel's worker, the review's helper, the page drawing),
    measured from outside: Pyodide cannot measure its own."""
    context, outside = new_context(browser, url)
    page = context.new_page()
    open_site(page, url + "/")
    wait_for_kernel(page)
    execute_python(page, COACH_CODE, timeout=600)
    figures: dict[str, dict[str, float]] = {}
    for task in COACH_TASKS:
        before = browser_cpu()
        wall = float(execute_python(page, f"print(await _figure({task!r}, {runs}), end='')", timeout=1800))
        count = float(execute_python(page, "print(len(_positions), end='')")) if task == "hint" else runs
        figures[task] = {"wall": wall, "cpu": (browser_cpu() - before) / count}
    both = f"print(json.dumps(await _helped_or_alone({runs})))"
    figures["helper"] = json.loads(execute_python(page, both, timeout=1800))
    figures["actions"] = {"count": float(execute_python(page, "print(len(_longest.history), end='')"))}
    figures["hints"] = {"count": float(execute_python(page, "print(len(_positions), end='')"))}
    context.close()
    if outside:
        raise SystemExit(f"the site asked for other hosts: {outside}")
    return figures


def browser_cpu() -> float:
    """CPU seconds so far of this process's descendants that are running: the browser (and Playwright's
    driver)."""
    import psutil

    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def coach_in_kernel(runs: int) -> dict[str, dict[str, float]]:
    """The same work in CPython (``.venv``'s, as the kernel of ``make lab`` runs it)."""
    python = ROOT / ".venv" / "bin" / "python"
    code = COACH_CODE + KERNEL_CODE.replace("TASKS", repr(list(COACH_TASKS))).replace("RUNS", str(runs))
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    figures: dict[str, dict[str, float]] = json.loads(done.stdout)
    return figures


START_STEPS = {
    "pyodide": "Pyodide and the preloaded packages",
    "kernel": "import IPython, comm, ipywidgets",
    "widget": "the package and tutorial 1's first widget",
}


def start_in_node(folder: Path) -> dict[str, dict[str, float]]:
    """One run of ``bench/pyodide_start.mjs`` on the site in ``folder``: each step's wall and CPU seconds."""
    config = json.loads((folder / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    packages = [p for p in kernel["loadPyodideOptions"]["packages"] if p not in {"piplite", "pyodide-kernel"}]
    runtime = folder / "static" / "pyodide"
    done = subprocess.run(
        ["node", str(ROOT / "bench" / "pyodide_start.mjs"), str(runtime), *packages],
        capture_output=True,
        text=True,
        check=True,
    )
    steps: dict[str, dict[str, float]] = json.loads(done.stdout.splitlines()[-1])
    return steps


def print_starts(label: str, runs: list[dict[str, dict[str, float]]]) -> tuple[float, float]:
    """Print the medians of ``runs`` by step; return the median total (CPU, wall)."""
    totals = [(sum(r[k]["cpu"] for k in START_STEPS), sum(r[k]["wall"] for k in START_STEPS)) for r in runs]
    cpu, wall = statistics.median(t[0] for t in totals), statistics.median(t[1] for t in totals)
    words = ", ".join(
        f"{what} {statistics.median(r[key]['cpu'] for r in runs):.2f}" for key, what in START_STEPS.items()
    )
    print(f"  {label}: {cpu:.2f} CPU-s ({words}), {wall:.1f} s wall; medians of {len(runs)} runs")
    return cpu, wall


def median_line(what: str, times: list[float], base: float, kind: str) -> str:
    m = statistics.median(times)
    return (
        f"{what}: median {m:.1f} s = {m / base:.2f}× the baseline "
        f"(min {min(times):.1f}, max {max(times):.1f}; {len(times)} {kind} visits)"
    )


def load() -> str:
    return ", ".join(f"{v:.1f}" for v in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3, help="visits of each kind to time (default 3)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks timed per visit (default 20)")
    parser.add_argument("--coach", type=int, default=3, help="runs of each coach task (default 3; 0: none)")
    parser.add_argument("--site", type=Path, help="serve this built site instead (another build, to compare)")
    parser.add_argument("--starts", type=int, default=5, help="kernel starts under Node (default 5; 0: none)")
    parser.add_argument("--against", type=Path, help="a built site to compare the starts under Node with")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, Chromium headless; the site served from localhost; "
        f"load average {load()}"
    )
    folder = args.site or build_site()
    files = [f for f in folder.rglob("*") if f.is_file()]
    print(f"site size: {sum(f.stat().st_size for f in files) / 1e6:.1f} MB in {len(files)} files")
    if args.starts:
        print("a kernel's start before tutorial 1's first widget, in Pyodide under Node (CPU: all threads):")
        mine, theirs = [], []
        for _ in range(args.starts):
            mine.append(start_in_node(folder))
            if args.against:
                theirs.append(start_in_node(args.against))
        cpu, wall = print_starts(str(folder), mine)
        if args.against:
            their_cpu, their_wall = print_starts(str(args.against), theirs)
            print(f"  this site: {cpu / their_cpu:.2f}× the other's CPU, {wall / their_wall:.2f}× its wall")
        if not args.visits:
            return
    cold: list[dict[str, Any]] = []
    warm: list[dict[str, Any]] = []
    bases: list[float] = []
    with StaticSite(folder) as site, sync_playwright() as pw:
        browser = launch_chromium(pw, FULL_CHROMIUM_PATH)
        for _ in range(args.visits):  # interleaved, so that a change of the machine's load hits all alike
            bases.append(baseline(browser, site.url))
            disk = tempfile.TemporaryDirectory()
            context, outside = new_context(browser, site.url, profile(pw, disk.name))
            cold.append(visit(context, site.url, args.clicks))
            warm.append(visit(context, site.url, args.clicks))
            context.close()
            disk.cleanup()
            if outside:
                raise SystemExit(f"the site asked for other hosts: {outside}")
        pyodide = coach_in_pyodide(browser, site.url, args.coach) if args.coach else None
        browser.close()
    base = statistics.median(bases)
    print(
        f"baseline, page open -> the bare kernel ran print(1), cold: median {base:.1f} s "
        f"(min {min(bases):.1f}, max {max(bases):.1f})"
    )
    for visits, kind in ((cold, "cold"), (warm, "warm")):
        print(f"a {kind} visit fetches {statistics.median(v['fetched'] for v in visits) / 1e6:.1f} MB")
        for key, what in (
            ("kernel", "page open -> kernel idle"),
            ("widget", "page open -> first widget drawn (Run All at kernel idle)"),
            ("run", "Run All -> first widget drawn"),
        ):
            print(f"  {kind}, " + median_line(what, [v[key] for v in visits], base, kind))
    drawn = [t for v in cold + warm for t in v["drawn"]]
    painted = [t for v in cold + warm for t in v["painted"]]
    print(
        f"click -> drawn: p50 {p(drawn, 50):.0f} ms, p95 {p(drawn, 95):.0f} ms; click -> painted: "
        f"p50 {p(painted, 50):.0f} ms, p95 {p(painted, 95):.0f} ms ({len(painted)} clicks)"
    )
    print(f"files the site lacked: {site.missing or 'none'}")
    if pyodide is not None:
        kernel = coach_in_kernel(args.coach)
        print(
            f"the coach, Pyodide against a CPython kernel (medians; {pyodide['hints']['count']:.0f} hints, a "
            f"review of {pyodide['actions']['count']:.0f} actions and 10 puzzles, {args.coach} runs each; "
            "target at most 2×):"
        )
        for key, what in COACH_TASKS.items():
            mine, theirs = pyodide[key], kernel[key]
            print(
                f"  {what}: {mine['wall']:.2f} s in Pyodide, {theirs['wall']:.2f} s in the kernel: "
                f"{mine['wall'] / theirs['wall']:.2f}×; CPU a run {mine['cpu']:.2f} s (the browser's) "
                f"against {theirs['cpu']:.2f} s (the kernel's, with its processes)"
            )
        helper = pyodide["helper"]
        print(
            f"  the longest review in Pyodide with its helper (a second Pyodide) and without, interleaved in "
            f"one page: {helper['helped']:.2f} s against {helper['alone']:.2f} s: "
            f"{helper['helped'] / helper['alone']:.2f}×"
        )
    print(f"load average after the run: {load()}")


if __name__ == "__main__":
    main()
