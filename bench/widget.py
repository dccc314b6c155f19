"""How fast the widget answers in a real browser, and how much it sends.

Runs JupyterLab and Debian's Chromium (as the browser tests do) and prints:

- click-to-re-render: from a click in the page to the view having drawn the kernel's answer (p50/p95),
  for choosing a tile and for placing it (a whole move: validate, play, the greedy bot's answer, rebuild
  the state, sync, draw), with every feature on: the bot's turns told in the live region, the last
  moves marked, the tiles flying and the moon marker turning (motion starts after the frame is painted);
- a full render of a late 4-player position, timed in the page with ``performance.now()`` around the
  view's draw function (and once more with the browser's layout forced);
- bytes synced per move: the JSON of every widget update message the kernel sends for one move;
- for reference, the Python-side state build of that late position.

Targets (issues 3 and 10): p95 click-to-re-render <= 100 ms, full render <= 16 ms, <= 20 KB synced per
move.

The server sends kernel messages at once: installing the package enables its server extension
(``novaluna_widget/_server.py``), which sets TCP_NODELAY on kernel websockets. ``--delayed`` measures the
server without it, as jupyter_server is by default: Nagle's algorithm holds the kernel's answer back until
the browser acknowledges the message before it (the kernel's "busy"), which a delayed acknowledgement can
put off by 40 ms.
``--lang ru`` (or ja, fa) measures the widget in that language: its words are longer, and the page looks them
up in its catalogue.
``--against REV`` measures, in the same run, the view (``static/widget.js`` and ``widget.css``) committed at
git revision REV as well, beside today's: the kernel is today's for both, each view is measured in a page of
its own, and the two take turns (``--rounds``), so that a change of the machine's load falls on both alike.
Usage: ``python bench/widget.py [--moves N] [--delayed] [--lang CODE] [--against REV [--rounds N]]``.
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
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.lab import (  # noqa: E402
    FULL_CHROMIUM_PATH,
    VIEWPORT,
    JupyterLab,
    execute_python,
    launch_chromium,
    open_notebook,
    run_all_cells,
    write_notebook,
)

LATE = (
    "{head}set_language({lang!r})\n"
    "late = NovaLunaWidget(players=4, seed=6, bots={{1: 'greedy', 2: 'greedy', 3: 'greedy'}})\n"
    "while late.game.turn < 60: late.bot_move('greedy')\n"
    "late"
)
PLAY = (
    "{head}set_language({lang!r})\nw = NovaLunaWidget(players=['You', 'Bo'], seed=3, bots={{1: 'greedy'}})\nw"
)

HEAD = "from novaluna_widget import NovaLunaWidget, set_language\n"
# Another build of the view: the widget class with that build's code and style, the kernel unchanged.
OTHER_HEAD = (
    HEAD + "from pathlib import Path\n"
    "class NovaLunaWidget(NovaLunaWidget):\n"
    "    _esm = Path({js!r}).read_text(encoding='utf-8')\n"
    "    _css = Path({css!r}).read_text(encoding='utf-8')\n"
)

# In the page: time a click until the view has drawn the answer, and until the first frame after that
# draw is painted (a mutation observer hears the draw at once, so the frame it waits for is the next
# one); the kernel's reply carries its own time stamp, which splits the wait into kernel and transport.
# The last figure is the old measure, the frame after a 1 ms poll noticed the draw: the poll often wakes
# only after the first frame, and then counts a second one (with the tiles' motion starting in it).
CLICK_JS = """async ([rootIndex, selector]) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const root = document.querySelectorAll('.nl-root')[rootIndex];
    const before = Number(root.dataset.renders);
    const afterPaint = (ok) => requestAnimationFrame(() => setTimeout(() => ok(performance.now()), 0));
    let replied = null, arrived = null;
    const listen = (_, msg) => {
        if (msg.header.msg_type === 'comm_msg' && arrived === null) {
            arrived = Date.now();
            replied = Date.parse(msg.header.date);
        }
    };
    kernel.iopubMessage.connect(listen);
    const painted = new Promise((ok) => {
        const observer = new MutationObserver(() => {
            if (Number(root.dataset.renders) === before) return;
            observer.disconnect();
            afterPaint(ok);
        });
        observer.observe(root, {attributes: true, attributeFilter: ['data-renders']});
    });
    const target = root.querySelector(selector);
    const clock = Date.now(), started = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    while (Number(root.dataset.renders) === before) await new Promise((ok) => setTimeout(ok, 1));
    const drawn = root.nlDrawnAt - started;
    kernel.iopubMessage.disconnect(listen);
    const polled = await new Promise(afterPaint);
    return [drawn, (await painted) - started, replied - clock, arrived - replied, polled - started];
}"""

# In the page: count the bytes of widget update messages from the kernel.
WATCH_JS = """() => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    window.__nlBytes = [];
    kernel.iopubMessage.connect((_, msg) => {
        if (msg.header.msg_type === 'comm_msg' && msg.content.data?.method === 'update') {
            window.__nlBytes.push(new TextEncoder().encode(JSON.stringify(msg.content.data)).length);
        }
    });
}"""

DRAW_JS = """([rootIndex, runs, layout]) => {
    const root = document.querySelectorAll('.nl-root')[rootIndex];
    const times = [];
    for (let i = 0; i < runs; i++) {
        const started = performance.now();
        root.novaluna.draw();
        if (layout) root.getBoundingClientRect() && document.body.offsetHeight;
        times.push(performance.now() - started);
    }
    return times;
}"""


# ``--delayed``: the server without the package's extension (kernel messages wait behind Nagle's algorithm).
DELAYED_ARGS = ["--ServerApp.jpserver_extensions=novaluna_widget._server=False"]


def p(values: list[float], q: float) -> float:
    """The ``q``-th percentile."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def play_by_clicking(page, moves: int) -> tuple[list[list[float]], list[list[float]], list[int]]:
    """Play ``moves`` moves by clicks (a game lost to the bot is followed by a new one, dealt with a
    click too); returns the timings (see ``CLICK_JS``) of choosing and of placing a tile, and the bytes
    synced for each move."""
    selects: list[list[float]] = []
    places: list[list[float]] = []
    sizes: list[int] = []
    page.evaluate(WATCH_JS)
    while len(places) < moves:
        state = json.loads(
            execute_python(
                page,
                "import json; print(json.dumps({'c': w.game.choices(), "
                "'p': w.game.current_player, 'over': w.game.is_over}))",
            )
        )
        if state["over"]:
            page.evaluate(CLICK_JS, [0, '[data-action="new"]'])
            continue
        selects.append(page.evaluate(CLICK_JS, [0, f'[data-space="{state["c"][0]}"]']))
        page.evaluate("() => { window.__nlBytes.length = 0; }")
        places.append(page.evaluate(CLICK_JS, [0, f'.nl-card-big [data-player="{state["p"]}"].nl-legal']))
        sizes.append(sum(page.evaluate("() => window.__nlBytes")))
    return selects, places, sizes


@dataclass
class Figures:
    """What one build of the view measured, over every round."""

    name: str
    head: str
    selects: list[list[float]] = field(default_factory=list)
    places: list[list[float]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    draws: list[float] = field(default_factory=list)
    laid_out: list[float] = field(default_factory=list)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="moves to play by clicking (default 40)")
    parser.add_argument(
        "--delayed",
        action="store_true",
        help="measure the server without the package's extension (no TCP_NODELAY on kernel websockets)",
    )
    parser.add_argument("--lang", default="en", help="the widget's language (default en)")
    parser.add_argument("--against", metavar="REV", help="measure the view of git revision REV as well")
    parser.add_argument("--rounds", type=int, default=2, help="turns each build takes with --against")
    args = parser.parse_args()
    websocket = "the server's websocket " + ("without TCP_NODELAY" if args.delayed else "with TCP_NODELAY")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, Chromium headless, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, the widget in {args.lang!r}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        builds = [Figures("today's view", HEAD)]
        if args.against:
            builds.insert(0, Figures(f"the view of {args.against}", other_build(Path(tmp), args.against)))
        rounds = args.rounds if args.against else 1
        server_args = DELAYED_ARGS if args.delayed else []
        measure(Path(tmp), builds, args.moves // rounds, rounds, args.lang, server_args)
        for build in builds:
            report(build, websocket)


def other_build(folder: Path, rev: str) -> str:
    """Write the view committed at ``rev`` into ``folder``; returns the notebook's head that uses it."""
    paths = {}
    for name in ("widget.js", "widget.css"):
        shown = subprocess.run(
            ["git", "show", f"{rev}:novaluna_widget/static/{name}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        path = folder / f"{rev.replace('/', '_')}-{name}"
        path.write_text(shown.stdout, encoding="utf-8")
        paths[name] = str(path)
    return OTHER_HEAD.format(js=paths["widget.js"], css=paths["widget.css"])


def measure(
    folder: Path, builds: list[Figures], moves: int, rounds: int, lang: str, server_args: list[str]
) -> None:
    """Start JupyterLab in ``folder`` and Chromium, and measure each build ``rounds`` times, in turn, each
    in a page of its own (a view's style applies to the whole page)."""
    from playwright.sync_api import sync_playwright

    with JupyterLab(folder, server_args=server_args) as lab, sync_playwright() as pw:
        browser = launch_chromium(pw, FULL_CHROMIUM_PATH)
        for b, build in enumerate(builds):
            write_notebook(lab.root_dir / f"play{b}.ipynb", [PLAY.format(head=build.head, lang=lang)])
            write_notebook(lab.root_dir / f"late{b}.ipynb", [LATE.format(head=build.head, lang=lang)])
        for _ in range(rounds):
            for b, build in enumerate(builds):
                page = browser.new_page(viewport=VIEWPORT)
                open_notebook(page, lab.base_url, f"play{b}.ipynb")
                run_all_cells(page)
                page.wait_for_selector(".nl-root")
                selects, places, sizes = play_by_clicking(page, moves)
                build.selects += selects
                build.places += places
                build.sizes += sizes

                open_notebook(page, lab.base_url, f"late{b}.ipynb")
                run_all_cells(page)
                page.wait_for_selector(".nl-root")
                page.evaluate(DRAW_JS, [0, 10, False])  # warm up
                build.draws += page.evaluate(DRAW_JS, [0, 60, False])
                build.laid_out += page.evaluate(DRAW_JS, [0, 60, True])
                page.close()
                lab.shutdown_kernels()
        page = browser.new_page()
        open_notebook(page, lab.base_url, "late0.ipynb")
        run_all_cells(page)
        size = int(execute_python(page, "import json; print(len(json.dumps(late.state)))"))
        build_ms = float(
            execute_python(
                page,
                "import timeit; from novaluna_widget._protocol import game_state\n"
                "print(min(timeit.repeat(lambda: game_state(late.game), number=1, repeat=20)) * 1000)",
            )
        )
        print(f"late 4-player state: {size / 1000:.1f} KB of JSON; built in Python in {build_ms:.1f} ms")
        browser.close()


def report(build: Figures, websocket: str) -> None:
    """Print one build's figures."""
    print(f"== {build.name}")
    for what, times in (("choose a tile", build.selects), ("place it (a whole move)", build.places)):
        drawn, painted, kernel, transport, polled = ([t[i] for t in times] for i in range(5))
        print(
            f"click-to-re-render, {what}, {len(times)} clicks: drawn p50 {p(drawn, 50):.1f} ms, "
            f"p95 {p(drawn, 95):.1f} ms; painted p50 {p(painted, 50):.1f} ms, "
            f"p95 {p(painted, 95):.1f} ms (target p95 <= 100 ms)"
        )
        print(
            f"  of which: page to kernel's answer p50 {p(kernel, 50):.0f} ms, kernel to page "
            f"p50 {p(transport, 50):.0f} ms ({websocket}); the frame after a 1 ms poll noticed "
            f"the draw (the old measure): p50 {p(polled, 50):.1f} ms, p95 {p(polled, 95):.1f} ms"
        )
    sizes = build.sizes
    print(
        f"bytes synced per move: median {statistics.median(sizes) / 1000:.1f} KB, "
        f"max {max(sizes) / 1000:.1f} KB (target <= 20 KB)"
    )
    draws, laid_out = build.draws, build.laid_out
    print(
        f"full render, late 4-player position (turn 60): median {statistics.median(draws):.2f} ms, "
        f"p95 {p(draws, 95):.2f} ms (target <= 16 ms); with layout forced: median "
        f"{statistics.median(laid_out):.2f} ms, p95 {p(laid_out, 95):.2f} ms"
    )


if __name__ == "__main__":
    main()
