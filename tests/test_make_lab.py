"""`make lab` serves the repository's root, so that docs/ (glossaries, player aid) can be reached from the
file browser, opens tutorial 1, and draws every cell of a notebook."""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow  # it starts JupyterLab, as `make lab` does: `make test` only


def lab_command() -> list[str]:
    """The `jupyter lab` command `make lab` runs (make -n prints it without running it)."""
    printed = subprocess.run(
        ["make", "-n", "lab"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    joined = printed.replace("\\\n", " ")
    return next(
        shlex.split(line) for line in joined.splitlines() if " lab " in f" {line} " and "trust" not in line
    )


def test_make_lab_serves_the_repository_root_with_tutorial_1_open(tmp_path: Path) -> None:
    command = lab_command()
    assert command[-1] == "notebooks/01_first_game.ipynb", command
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    extra = [
        f"--port={port}",
        "--ip=127.0.0.1",
        "--no-browser",
        "--ServerApp.token=",
        "--ServerApp.port_retries=0",
    ]
    env = {"JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    server = subprocess.Popen(
        [*command[:-1], *extra, command[-1]],
        cwd=REPO,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents") as answer:
                    listing = json.load(answer)
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None and time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        names = {item["name"] for item in listing["content"]}
        assert {"docs", "notebooks"} <= names, names
        # The tutorial it opens is reached from that root.
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/contents/{command[-1]}?content=0"
        ) as answer:
            assert json.load(answer)["type"] == "notebook"
        # Every cell drawn (binder/lab-settings): under JupyterLab's virtual scrolling, the default, tutorial
        # 1's link to its guided game lands past the heading (tests/browser/test_tutorial_link.py).
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/notebook-extension:tracker"
        ) as answer:
            schema = json.load(answer)["schema"]  # overrides become the defaults
            assert schema["properties"]["windowingMode"]["default"] == "none"
    finally:
        server.terminate()
        server.wait(timeout=30)
