"""Reduce a saved notebook's widget outputs to the picture saved with them (``make notebooks`` runs it).

A widget's saved output names its model (``application/vnd.jupyter.widget-view+json``) in a kernel that is
gone. JupyterLab ranks that type first in a trusted notebook and, finding no model, shows "Error displaying
widget: model not found" where the picture the output also holds (``image/svg+xml``: the position when the
cell ran) would serve. Without the dead view JupyterLab, Notebook 7, GitHub and exports draw the picture
until the cell runs again; a run puts the live widget back. An output with no picture is left alone.

Usage: ``python notebooks/keep_pictures.py NOTEBOOK...``
"""

from __future__ import annotations

import sys
from typing import Any

import nbformat

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURES = frozenset({"image/svg+xml", "image/png"})


def keep_pictures(notebook: dict[str, Any]) -> int:
    """Drop the widget view of every output that holds a picture too; return how many were dropped."""
    dropped = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and PICTURES & data.keys():
                del data[WIDGET_VIEW]
                dropped += 1
    return dropped


def main(paths: list[str]) -> int:
    for path in paths:
        notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        if keep_pictures(notebook):
            nbformat.write(notebook, path)  # as Jupyter writes it
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
