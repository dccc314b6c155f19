"""Run inside Pyodide by ``site/precompile.mjs`` (``make site``): each wheel in ``/wheels`` gets, beside
every module, its bytecode as Pyodide's Python would write it (``__pycache__/*.cpython-314.pyc``), and
Pyodide's standard library (``python_stdlib.zip``, which the kernel imports from as a zip) gets each
module's ``.pyc`` beside its ``.py``, where ``zipimport`` looks first.

A visitor's kernel would otherwise compile every module it imports from source, on every start (asyncio,
IPython, ipywidgets, the package...: seconds in the browser), since nothing it writes outlives the page.
The bytecode is hash-based and unchecked (PEP 552): the files never change once installed, and their
times in the browser's file system say nothing. The sources stay, for the lines of a traceback.
"""

from __future__ import annotations

import importlib.util
import io
import site
import sys
import zipfile
from collections.abc import Callable
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path

FOLDER = Path("/wheels")
SITE_PACKAGES = site.getsitepackages()[0]
"""Where Pyodide installs the wheels: the name a traceback gives each module's file."""


STDLIB = "python_stdlib.zip"
STDLIB_PATH = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
"""Where the kernel puts Pyodide's standard library: the name a traceback gives each module's file."""


def compiled(archive: bytes, root: str, pyc_name: Callable[[str, str], str]) -> bytes:
    """``archive`` (a zip) with the bytecode of each of its modules added, compiled as if at ``root`` and
    stored as ``pyc_name(folder, module)`` says; what does not compile, a wheel's ``.data`` and what has
    its bytecode already are left alone."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as dest:
        names = set(source.namelist())
        for info in source.infolist():
            data = source.read(info)
            dest.writestr(info, data)
            folder, _, name = info.filename.rpartition("/")
            if not name.endswith(".py") or folder.split("/")[0].endswith(".data"):
                continue
            target = pyc_name(folder, name[:-3])
            if target in names:
                continue
            try:
                code = compile(data, f"{root}/{info.filename}", "exec", dont_inherit=True)
            except SyntaxError:  # e.g. a Python 2 file a wheel carries: it was never importable here
                continue
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(target, info.date_time)
            dest.writestr(entry, bytes(pyc), zipfile.ZIP_DEFLATED)
    return out.getvalue()


def in_pycache(folder: str, module: str) -> str:
    """Where an installed module's bytecode is looked for: ``__pycache__`` beside it."""
    cache = f"{folder}/__pycache__" if folder else "__pycache__"
    return f"{cache}/{module}.{sys.implementation.cache_tag}.pyc"


def beside(folder: str, module: str) -> str:
    """Where ``zipimport`` looks for a module's bytecode: ``module.pyc`` beside ``module.py``."""
    return f"{folder}/{module}.pyc" if folder else f"{module}.pyc"


def main() -> None:
    for path in sorted(FOLDER.glob("*.whl")):
        path.write_bytes(compiled(path.read_bytes(), SITE_PACKAGES, in_pycache))
        print(f"site: compiled {path.name}")
    stdlib = FOLDER / STDLIB
    stdlib.write_bytes(compiled(stdlib.read_bytes(), STDLIB_PATH, beside))
    print(f"site: compiled {STDLIB}")


if __name__ == "__main__":  # as Pyodide runs it (site/precompile.mjs)
    main()
