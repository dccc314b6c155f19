"""``novaluna app``: the game, the puzzles or the guided game as a Voilà app, for a classroom's screen.

Voilà serves a notebook as a web page showing its outputs only: no code, no notebook around it, each
visitor's page with a kernel of its own. This writes a one-cell notebook that shows the widget (in the
language and size asked for) into a temporary folder, and runs a standalone Voilà on it until stopped
(Ctrl-C). A standalone Voilà loads no Jupyter server extension, so it is given the package's kernel
websocket connection class by name (``_server.ChannelsAtOnce``): the kernel's answers to clicks leave at
once, as under ``jupyter lab``. Voilà's own options (``voila --help``) may follow a ``--``.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final, Literal

from ._i18n import msg

__all__ = ["APPS", "App", "NotInstalled", "app_notebook", "serve", "voila_command"]

App = Literal["game", "puzzles", "guided"]

#: What each app shows: the code of the notebook's one cell, filled in by ``app_notebook``.
APPS: Final[dict[str, str]] = {
    # A game against the greedy bot (the Bot button, its menu and New game are on the widget).
    "game": "NovaLunaWidget(bots={{1: 'greedy'}}, seed={seed}, lang={lang!r}, projector={projector})",
    # The puzzle trainer; the learner's progress is kept in the user's data folder (``puzzles.Trainer``).
    "puzzles": "_puzzles = NovaLunaWidget.puzzles(seed={seed}, lang={lang!r})\n"
    "_puzzles.projector = {projector}\n_puzzles",
    # The guided first game against Luna.
    "guided": "_guided = NovaLunaWidget.tutorial(lang={lang!r})\n_guided.projector = {projector}\n_guided",
}

#: The connection class that sends the kernel's messages at once (``_server``), named as Voilà imports it.
_CONNECTION: Final = "novaluna_widget._server.ChannelsAtOnce"


class NotInstalled(RuntimeError):
    """Voilà is not installed where the package runs; the message says how to install it."""


def app_notebook(app: App, *, lang: str, seed: int | None = None, projector: bool = False) -> str:
    """The app's notebook (nbformat 4, as JSON): one code cell that shows the widget, its output unsaved."""
    code = "from novaluna_widget import NovaLunaWidget\n\n" + APPS[app].format(
        seed=seed, lang=lang, projector=projector
    )
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "id": app,
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": code,
            }
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(notebook, indent=1) + "\n"


def voila_command(
    notebook: Path,
    *,
    port: int | None = None,
    browser: bool = True,
    theme: str = "light",
    voila_args: Sequence[str] = (),
) -> list[str]:
    """The command that serves ``notebook`` with Voilà, from this interpreter's environment."""
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        f"--theme={theme}",
        f"--Voila.kernel_websocket_connection_class={_CONNECTION}",
    ]
    if port is not None:
        command.append(f"--port={port}")
    if not browser:
        command.append("--no-browser")
    return [*command, *voila_args]


def serve(
    app: App,
    *,
    lang: str,
    seed: int | None = None,
    projector: bool = False,
    port: int | None = None,
    browser: bool = True,
    theme: str = "light",
    voila_args: Sequence[str] = (),
) -> int:
    """Serve ``app`` with Voilà until it is stopped; returns Voilà's exit code. ``NotInstalled`` when Voilà
    is missing, before anything is written."""
    if importlib.util.find_spec("voila") is None:
        raise NotInstalled(
            msg(
                "Voilà is not installed here: {command} installs it.",
                command='pip install "novaluna_widget[hosts]"',
            ).in_language(lang)
        )
    with tempfile.TemporaryDirectory(prefix="novaluna-app-") as folder:
        notebook = Path(folder) / f"novaluna-{app}.ipynb"
        notebook.write_text(app_notebook(app, lang=lang, seed=seed, projector=projector), encoding="utf-8")
        command = voila_command(notebook, port=port, browser=browser, theme=theme, voila_args=voila_args)
        server = subprocess.Popen(command, cwd=folder)
        try:
            return server.wait()
        finally:  # Ctrl-C reaches Voilà too; anything else stopping the command stops Voilà with it
            if server.poll() is None:
                server.terminate()
                try:
                    server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
