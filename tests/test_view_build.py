"""The committed view build (novaluna_widget/static/) is what js/ and drawing.json build to."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def test_view_files_are_built_and_up_to_date(tmp_path: Path) -> None:
    static = ROOT / "novaluna_widget" / "static"
    assert (static / "widget.js").stat().st_size > 1000 and (static / "widget.css").stat().st_size > 1000
    esbuild = ROOT / "js" / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        why = "esbuild is not installed (cd js && npm ci): cannot compare the build with js/"
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI must check the build")
        pytest.skip(why)
    shutil.copytree(ROOT / "js", tmp_path / "js", ignore=shutil.ignore_patterns("node_modules"))
    (tmp_path / "js" / "node_modules").symlink_to(ROOT / "js" / "node_modules")
    # The view bundles the drawing spec from the package, beside js/ as in the repository.
    (tmp_path / "novaluna_widget").mkdir()
    shutil.copy(ROOT / "novaluna_widget" / "drawing.json", tmp_path / "novaluna_widget")
    subprocess.run(["npm", "run", "--silent", "build"], cwd=tmp_path / "js", check=True, capture_output=True)
    for name in ("widget.js", "widget.css"):
        built = (tmp_path / "novaluna_widget" / "static" / name).read_text()
        assert built == (static / name).read_text(), f"static/{name} is stale: run `make js`"
