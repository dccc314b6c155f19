"""Click to painted in each host the widget is tested in: JupyterLab, the classroom app (Voilà, as
``novaluna app`` runs it and as a plain ``voila`` would, without the package's connection class) and marimo.

In every host the same game (you against the greedy bot, seed 3) is played by clicks in Chromium: a tile on
offer, then the first lit cell (a whole move: the kernel plays it, the bot answers, the state is sent and
drawn). Each click is timed in the page from the click to the first frame painted after the view drew the
answer (``data-renders`` grew), as bench/widget.py does in JupyterLab. Hosts take turns, a game at a time,
so a change of the machine's load falls on all alike; the figures are medians and p95 over every click.
Usage: ``python bench/hosts.py [--moves N] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.hosts import Server, marimo_run, voila_app  # noqa: E402
from tests.browser.lab import (  # noqa: E402
    FULL_CHROMIUM_PATH,
    JupyterLab,
    launch_chromium,
    open_notebook,
    run_all_cells,
    write_notebook,
)

CELL = "from novaluna_widget import NovaLunaWidget\nNovaLunaWidget(bots={1: 'greedy'}, seed=3)"
MARIMO = f"""import marimo
app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo
    {CELL.splitlines()[0]}
    mo.ui.anywidget({CELL.splitlines()[1]})
    return
"""

# In the page: click what `selector` finds in the widget (in a shadow root or not), and time it until the
# first frame painted after the view drew the kernel's answer; null when nothing matches.
CLICK_JS = """async (selector) => {
    const find = () => document.querySelector('.nl-root') ?? [...document.querySelectorAll('*')]
        .map((el) => el.shadowRoot?.querySelector('.nl-root')).find(Boolean);
    const root = find();
    const target = root.querySelector(selector);
    if (!target) return null;
    const before = Number(root.dataset.renders);
    const painted = new Promise((ok) => {
        const observer = new MutationObserver(() => {
            if (Number(root.dataset.renders) === before) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => ok(performance.now()), 0));
        });
        observer.observe(root, {attributes: true, attributeFilter: ['data-renders']});
    });
    const started = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return (await painted) - started;
}"""
DRAWN_JS = """() => {
    const root = document.querySelector('.nl-root') ?? [...document.querySelectorAll('*')]
        .map((el) => el.shadowRoot?.querySelector('.nl-root')).find(Boolean);
    return Boolean(root?.dataset.version);
}"""


def play(page, moves: int) -> tuple[list[float], list[float]]:
    """Play ``moves`` moves by clicks; the times of choosing a tile and of placing it."""
    chosen: list[float] = []
    placed: list[float] = []
    while len(placed) < moves:
        took = page.evaluate(CLICK_JS, '[data-space][aria-label$="takeable"]')
        if took is None:  # the game is over: a new one
            page.evaluate(CLICK_JS, '[data-action="new"]')
            continue
        chosen.append(took)
        placed.append(page.evaluate(CLICK_JS, ".nl-current .nl-legal"))
    return chosen, placed


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12, help="moves a game in each host (default 12)")
    parser.add_argument("--rounds", type=int, default=2, help="games each host plays, in turn (default 2)")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"Chromium headless, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    from playwright.sync_api import sync_playwright

    figures: dict[str, tuple[list[float], list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_notebook(folder / "play.ipynb", [CELL])
        (folder / "play.py").write_text(MARIMO)
        plain = Server(
            [sys.executable, "-m", "voila", str(folder / "play.ipynb"), "--port={port}", "--no-browser"],
            cwd=folder,
        )
        with (
            JupyterLab(folder) as lab,
            voila_app("game", "--seed", "3") as app,
            plain,
            marimo_run(folder / "play.py") as marimo,
            sync_playwright() as pw,
        ):
            browser = launch_chromium(pw, FULL_CHROMIUM_PATH)
            hosts = {
                "JupyterLab": lambda page: (
                    open_notebook(page, lab.base_url, "play.ipynb"),
                    run_all_cells(page),
                ),
                "Voilà, novaluna app (sends at once)": lambda page: page.goto(app.url),
                "Voilà, plain voila (Nagle's delay)": lambda page: page.goto(plain.url),
                "marimo run": lambda page: page.goto(marimo.url),
            }
            for _ in range(args.rounds):
                for name, open_page in hosts.items():
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    open_page(page)
                    page.wait_for_function(DRAWN_JS, timeout=120_000, polling=100)
                    chosen, placed = play(page, args.moves)
                    figures.setdefault(name, ([], []))
                    figures[name][0].extend(chosen)
                    figures[name][1].extend(placed)
                    page.close()
                    lab.shutdown_kernels()
            browser.close()
    for name, (chosen, placed) in figures.items():
        print(
            f"{name:38s} choose a tile: p50 {statistics.median(chosen):5.1f} ms, p95 {p95(chosen):5.1f} ms; "
            f"place it (the bot answers): p50 {statistics.median(placed):5.1f} ms, p95 {p95(placed):5.1f} ms "
            f"({len(placed)} moves)"
        )


if __name__ == "__main__":
    main()
