"""The JupyterLab the tests run is the one users get: the package's server extension is loaded in it."""

from __future__ import annotations

from .lab import JupyterLab


def test_the_server_sends_kernel_messages_at_once(lab: JupyterLab) -> None:
    # Logged when the extension has put its connection class in the server's settings
    # (novaluna_widget/_server.py); every browser test's clicks then travel through it.
    log = lab.log_path.read_text(errors="replace")
    assert "novaluna_widget: kernel websockets send at once (TCP_NODELAY)" in log, lab.log_tail()
