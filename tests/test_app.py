"""``novaluna app``: each app's notebook shows the widget asked for, Voilà is run on it with the connection
class that sends the kernel's messages at once, and a missing Voilà or a bad argument is said in words.
The apps themselves, served and played in Chromium: tests/browser/test_voila.py."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from traitlets.utils.importstring import import_item

from novaluna_widget import NovaLunaWidget
from novaluna_widget import _app as app
from novaluna_widget.__main__ import main


def shown(notebook: str) -> NovaLunaWidget:
    """What the app's one cell shows, run here as Voilà's kernel runs it."""
    cells = json.loads(notebook)["cells"]
    assert [cell["cell_type"] for cell in cells] == ["code"]
    *lines, last = cells[0]["source"].splitlines()
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)
    widget = eval(last, scope)
    assert isinstance(widget, NovaLunaWidget)
    return widget


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "puzzles.json"
    monkeypatch.setenv("NOVALUNA_PUZZLES", str(path))
    return path


def test_the_game_is_against_the_greedy_bot_in_the_language_and_size_asked():
    widget = shown(app.app_notebook("game", lang="ru", seed=5, projector=True))
    assert widget.bots == {1: "greedy"} and widget.lang == "ru" and widget.projector is True
    assert widget.game.seed == 5 and widget.state["mode"] == "playing" and widget.guide is None


def test_the_puzzles_app_is_the_trainer_keeping_progress_in_the_users_file(progress_file: Path):
    widget = shown(app.app_notebook("puzzles", lang="ja"))
    assert widget.state["mode"] == "puzzle" and widget.lang == "ja" and widget.projector is False
    trainer = widget._controller.table.trainer  # the file the environment names, as in a classroom's kernel
    assert trainer is not None and trainer.path == progress_file


def test_the_guided_app_is_the_guided_first_game():
    widget = shown(app.app_notebook("guided", lang="fa", projector=True))
    assert widget.guide is not None and widget.state["mode"] == "guided"
    assert widget.lang == "fa" and widget.projector is True


def test_voila_is_given_the_connection_class_that_sends_at_once(tmp_path: Path):
    command = app.voila_command(
        tmp_path / "a.ipynb", port=9000, browser=False, theme="dark", voila_args=["--x"]
    )
    assert command[1:4] == ["-m", "voila", str(tmp_path / "a.ipynb")]
    assert {"--port=9000", "--no-browser", "--theme=dark"} <= set(command) and command[-1] == "--x"
    named = [
        arg.partition("=")[2] for arg in command if arg.startswith("--Voila.kernel_websocket_connection")
    ]
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    connection = import_item(named[0])  # as Voilà's configuration imports it
    assert issubclass(connection, ZMQChannelsWebsocketConnection) and connection.sends_at_once


def test_the_command_serves_the_notebook_until_voila_stops(monkeypatch: pytest.MonkeyPatch):
    ran: list[tuple[list[str], str]] = []

    class Voila:
        def __init__(self, command: list[str], cwd: str) -> None:
            ran.append((command, Path(command[3]).read_text(encoding="utf-8")))
            assert Path(cwd) == Path(command[3]).parent

        def wait(self, timeout: float | None = None) -> int:
            return 3

        def poll(self) -> int:
            return 3

    monkeypatch.setattr(subprocess, "Popen", Voila)
    code = main(
        ["app", "puzzles", "--port", "8999", "--no-browser", "--lang", "ru", "--", "--Voila.ip=0.0.0.0"]
    )
    assert code == 3  # Voilà's own exit code
    [(command, notebook)] = ran
    assert command[-2:] == ["--no-browser", "--Voila.ip=0.0.0.0"] and "--port=8999" in command
    assert "NovaLunaWidget.puzzles(seed=None, lang='ru')" in notebook
    assert not Path(command[3]).parent.exists()  # the notebook's folder goes with the server


def test_without_voila_the_command_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(app.importlib.util, "find_spec", lambda name: None)
    assert main(["app", "game", "--no-browser"]) == 1
    assert 'pip install "novaluna_widget[hosts]"' in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["app", "chess"], "invalid choice: 'chess'"),
        (["app", "game", "--port", "0"], "must be a whole number from 1 to 65535, not 0"),
        (["app", "game", "--theme", "blue"], "invalid choice: 'blue'"),
        (["app"], "the following arguments are required"),
        (["play", "--", "--Voila.ip=0.0.0.0"], "only app passes options on (after --)"),
    ],
)
def test_bad_arguments_are_usage_errors(argv, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err
