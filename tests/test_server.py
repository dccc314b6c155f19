"""The server extension that sends kernel messages at once (novaluna_widget/_server.py): what it does to a
kernel websocket connection class, and that installing the package enables it."""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from novaluna_widget import _server as server

ROOT = Path(__file__).parents[1]
CONFIG = ROOT / "jupyter-config" / "jupyter_server_config.d" / "novaluna_widget.json"


class Handler:
    """A websocket handler that records the no-delay flag it is given."""

    def __init__(self) -> None:
        self.nodelay: list[bool] = []

    def set_nodelay(self, value: bool) -> None:
        self.nodelay.append(value)


class Connection:
    """A connection class as jupyter_server configures one: built with its handler, then connected."""

    def __init__(self, websocket_handler: Handler) -> None:
        self.websocket_handler = websocket_handler

    def connect(self) -> str:
        return f"connected (no delay: {self.websocket_handler.nodelay})"


def test_a_connection_sets_no_delay_before_it_connects_and_keeps_its_own_connect():
    handler = Handler()
    connection = server.sending_at_once(Connection)(handler)
    assert connection.connect() == "connected (no delay: [True])"
    assert isinstance(connection, Connection)


def test_wrapping_twice_changes_nothing_more():
    once = server.sending_at_once(Connection)
    assert server.sending_at_once(once) is once


def test_loading_replaces_the_configured_class_with_one_that_sends_at_once():
    settings = {"kernel_websocket_connection_class": Connection}
    app = SimpleNamespace(web_app=SimpleNamespace(settings=settings), log=logging.getLogger("test"))
    server._load_jupyter_server_extension(app)
    made = settings["kernel_websocket_connection_class"]
    assert issubclass(made, Connection) and getattr(made, "sends_at_once", False)
    assert made(Handler()).connect() == "connected (no delay: [True])"


@pytest.mark.slow  # installs the package into a fresh venv
def test_installing_the_package_enables_the_extension():
    # The config file the wheel installs names the module whose extension points the server loads.
    enabled = json.loads(CONFIG.read_text())["ServerApp"]["jpserver_extensions"]
    assert enabled == {"novaluna_widget._server": True}
    assert server._jupyter_server_extension_points() == [{"module": "novaluna_widget._server"}]
    listed = subprocess.run(
        [sys.executable, "-m", "jupyter", "server", "extension", "list"],
        capture_output=True,
        text=True,
        check=True,
    )
    out = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)  # no colours
    assert "novaluna_widget._server enabled" in out, out
    assert re.search(r"novaluna_widget\._server\s+OK", out), out
