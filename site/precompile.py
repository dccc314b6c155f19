"""Run inside Pyodide by ``site/precompile.mjs`` (``make site``): each wheel in ``/wheels`` gets, beside
every module, its bytecode as Pyodide's Python would write it (``__pycache__/*.cpython-314.pyc``).

A visitor's kernel would otherwise compile every module it imports from source, on every start (IPython,
ipywidgets, the package...: seconds in the browser), since nothing it writes outlives the page. The
bytecode is hash-based and unchecked (PEP 552): the wheel's files never change once installed, and their
times in the browser's file system say nothing. The sources stay, for the lines of a traceback.
"""

from __future__ import annotations

import importlib.util
import io
import site
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path

FOLDER = Path("/wheels")
SITE_PACKAGES = site.getsitepackages()[0]
"""Where Pyodide installs the wheels: the name a traceback gives each module's file."""


def compiled(wheel: bytes) -> bytes:
    """``wheel`` with the bytecode of each of its modules added (those that do not compile left alone)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(wheel)) as source, zipfile.ZipFile(out, "w") as dest:
        for info in source.infolist():
            data = source.read(info)
            dest.writestr(info, data)
            folder, _, name = info.filename.rpartition("/")
            if not name.endswith(".py") or folder.split("/")[0].endswith(".data"):
                continue
            try:
                code = compile(data, f"{SITE_PACKAGES}/{info.filename}", "exec", dont_inherit=True)
            except SyntaxError:  # e.g. a Python 2 file a wheel carries: it was never importable here
                continue
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            cache = f"{folder}/__pycache__" if folder else "__pycache__"
            entry = zipfile.ZipInfo(f"{cache}/{name[:-3]}.{sys.implementation.cache_tag}.pyc", info.date_time)
            dest.writestr(entry, bytes(pyc), zipfile.ZIP_DEFLATED)
    return out.getvalue()


def main() -> None:
    for path in sorted(FOLDER.glob("*.whl")):
        path.write_bytes(compiled(path.read_bytes()))
        print(f"site: compiled {path.name}")


main()
