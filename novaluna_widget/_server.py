"""A Jupyter server extension: the kernel's messages leave for the page at once.

jupyter_server writes each kernel message to the page's websocket as it comes, and leaves Nagle's algorithm
on: a small message waits until the page has acknowledged the one before, and the page's operating system
may delay that acknowledgement by 40 ms or more. Every widget click pays it (the kernel's "busy" goes
first, and the answer waits behind it). Tornado advises ``set_nodelay(True)`` for websockets that carry
small interactive messages, and jupyter_server has no setting for it, so this extension turns it on for
each kernel websocket, keeping whatever connection class the server is configured with (a gateway's too).

Installing the package enables it (``jupyter_server_config.d/novaluna_widget.json``); it changes when
packets leave, never what they hold. ``jupyter server extension disable novaluna_widget._server`` turns it
off.
"""

from __future__ import annotations

from typing import Any

__all__ = ["sending_at_once"]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "novaluna_widget._server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    settings = serverapp.web_app.settings
    base = settings.get("kernel_websocket_connection_class")
    if base is None:
        serverapp.log.warning("novaluna_widget: no kernel websocket connection class to send at once with")
        return
    settings["kernel_websocket_connection_class"] = sending_at_once(base)
    serverapp.log.info("novaluna_widget: kernel websockets send at once (TCP_NODELAY)")


def sending_at_once(base: type) -> type:
    """``base``, a kernel websocket connection class, with TCP_NODELAY set on each websocket it connects."""
    if getattr(base, "sends_at_once", False):
        return base

    class AtOnce(base):  # type: ignore[misc]
        sends_at_once = True

        def connect(self) -> Any:
            # The websocket is open (connect runs in the handler's open()): its stream exists.
            self.websocket_handler.set_nodelay(True)
            return super().connect()

    AtOnce.__name__ = AtOnce.__qualname__ = f"{base.__name__}AtOnce"
    return AtOnce
