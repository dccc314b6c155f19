"""Words of the in-browser site (``make site``, site/build.py) that the package's catalogues translate: the
site writes each in every language into its pages, since no Python runs there before the kernel has
started."""

from __future__ import annotations

from typing import Final

from ._i18n import msg

__all__ = ["KERNEL_STARTING"]

KERNEL_STARTING: Final = msg(
    "Starting the Python kernel in your browser… The cells run and the widgets draw once it is ready."
)
"""Shown over the tutorial until its kernel is idle (Pyodide takes seconds, longest on a first visit)."""
