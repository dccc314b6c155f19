"""How the static JupyterLite site (``make site``) does for a visitor with no network.

Builds the site (or reuses it), serves it on localhost, blocks every other request, and prints:

- the site's size (MB and files), and how much a first visit fetches;
- page open → kernel idle: from opening the site's root until Pyodide's kernel answers;
- page open → first widget rendered: the visitor runs tutorial 1 at once (Run All as soon as the kernel
  is idle) until its widget has drawn; and Run All → first widget rendered;
- click → painted: choosing a tile and taking the choice back, each a round trip through Python timed
  in the page (``bench/widget.py``'s ``CLICK_JS``), p50/p95 over ``--clicks`` clicks.

Each visit is cold: a fresh browser context, so nothing is cached. Usage:
``python bench/site.py [--visits N] [--clicks N]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.widget import CLICK_JS, p  # noqa: E402
from tests.browser.lab import execute_python, launch_chromium, run_all_cells  # noqa: E402
from tests.browser.lite import (  # noqa: E402
    StaticSite,
    block_other_hosts,
    build_site,
    open_site,
    wait_for_kernel,
)

# Resolves, in the page's clock, when the first widget view has drawn.
FIRST_WIDGET_JS = """() => new Promise((resolve) => {
    const check = () => {
        const root = document.querySelector('.nl-root[data-version]');
        if (root) resolve(root.nlDrawnAt); else setTimeout(check, 5);
    };
    check();
})"""


def visit(browser: Any, url: str, clicks: int) -> dict[str, Any]:
    """One cold visit: open the root, wait for the kernel, run tutorial 1 until its widget has drawn,
    then click a tile on and off ``clicks`` times."""
    # English, whatever the machine's language: the root opens tutorial 1 in the browser's language.
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    outside = block_other_hosts(context, url)
    requests: list[Any] = []
    context.on("requestfinished", lambda request: requests.append(request))
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
    fetched = sum(request.sizes()["responseBodySize"] for request in requests)
    space = execute_python(page, "widget.game.choices()[0]")
    timings = [page.evaluate(CLICK_JS, [0, f'[data-space="{space}"]']) for _ in range(clicks)]
    if execute_python(page, "print(widget.selected, widget.last_error, end='')") != "None None":
        raise SystemExit("the clicks did not leave the widget as they found it")
    context.close()
    if outside:
        raise SystemExit(f"the site asked for other hosts: {outside}")
    return {
        "kernel": kernel,
        "widget": widget,
        "run": (drawn_at - run_started) / 1000,
        "fetched": fetched,
        "drawn": [t[0] for t in timings],
        "painted": [t[1] for t in timings],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3, help="cold visits to time (default 3)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks timed per visit (default 20)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, Chromium headless; the site served from localhost"
    )
    folder = build_site()
    files = [f for f in folder.rglob("*") if f.is_file()]
    print(f"site size: {sum(f.stat().st_size for f in files) / 1e6:.1f} MB in {len(files)} files")
    with StaticSite(folder) as site, sync_playwright() as pw:
        browser = launch_chromium(pw)
        visits = [visit(browser, site.url, args.clicks) for _ in range(args.visits)]
        browser.close()
    print(f"a first visit fetches {statistics.median(v['fetched'] for v in visits) / 1e6:.1f} MB")
    for key, what in (
        ("kernel", "page open -> kernel idle"),
        ("widget", "page open -> first widget rendered (Run All at kernel idle)"),
        ("run", "Run All -> first widget rendered"),
    ):
        times = [v[key] for v in visits]
        print(
            f"{what}: median {statistics.median(times):.1f} s (min {min(times):.1f}, "
            f"max {max(times):.1f}; {len(times)} cold visits)"
        )
    drawn = [t for v in visits for t in v["drawn"]]
    painted = [t for v in visits for t in v["painted"]]
    print(
        f"click -> drawn: p50 {p(drawn, 50):.0f} ms, p95 {p(drawn, 95):.0f} ms; click -> painted: "
        f"p50 {p(painted, 50):.0f} ms, p95 {p(painted, 95):.0f} ms ({len(painted)} clicks)"
    )
    print(f"files the site lacked: {site.missing or 'none'}")


if __name__ == "__main__":
    main()
