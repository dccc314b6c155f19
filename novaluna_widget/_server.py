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

A standalone Voilà (``novaluna app``) loads no server extensions: it is told the connection class instead,
``novaluna_widget._server.ChannelsAtOnce`` (jupyter_server's own, sending at once), made when first named.
"""

from __future__ import annotations

import functools
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


@functools.cache
def _channels_at_once() -> type:
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    return sending_at_once(ZMQChannelsWebsocketConnection)


def __getattr__(name: str) -> type:
    """``ChannelsAtOnce``: jupyter_server's default kernel websocket connection class, sending at once, for a
    server that is given the class by name (``Voila.kernel_websocket_connection_class``); jupyter_server is
    imported only then."""
    if name == "ChannelsAtOnce":
        return _channels_at_once()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
