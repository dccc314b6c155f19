"""Packaging promises: the engine runs with no Jupyter at all, and a wheel carries its data and the
built widget view, so ``pip install`` needs no node."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

NO_JUPYTER = """
import importlib.abc, sys
BLOCKED = {"anywidget", "ipywidgets", "traitlets", "IPython", "jupyterlab", "ipykernel", "pandas", "tqdm"}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} is not installed here")
sys.meta_path.insert(0, Block())
import novaluna_widget as nl
g = nl.Game(2, seed=1)
while not g.is_over:
    g.play(g.legal_moves()[0])
assert nl.Game.from_json(g.to_json()).winner == g.winner
print("engine ok", sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED))
"""


def test_engine_imports_and_plays_without_jupyter():
    out = subprocess.run([sys.executable, "-c", NO_JUPYTER], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "engine ok []"


FRONT_DOOR = """
import sys
import novaluna_widget as nl
HEAVY = {"anywidget", "ipywidgets", "traitlets", "IPython", "pandas"}
def heavy():
    return sorted({m.split(".")[0] for m in sys.modules} & HEAVY)
print(heavy(), "novaluna_widget._render" in sys.modules)
print(sorted({"NovaLunaWidget", "ScenarioError", "example", "picture"} - set(dir(nl))))
print(nl.picture is nl._render.picture, nl.example(1).number, issubclass(nl.ScenarioError, nl.PositionError))
print(heavy())
print(nl.NovaLunaWidget.__module__, "anywidget" in heavy(), "pandas" in heavy())
"""


def test_the_package_loads_neither_jupyter_nor_pandas_until_asked():
    # ``import novaluna_widget`` is the engine alone: the widget, the pictures and the examples load when
    # first used, and only the widget brings Jupyter.
    out = subprocess.run([sys.executable, "-c", FRONT_DOOR], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "[] False",
        "[]",
        "True 1 True",
        "[]",
        "novaluna_widget.widget True False",
    ]


TUTORIAL_1 = """
import sys
HEAVY = {"pandas", "matplotlib", "numpy", "tqdm", "dask"}
LATER = {"novaluna_widget.simulate", "novaluna_widget.whatif"}
def loaded():
    return sorted(({m.split(".")[0] for m in sys.modules} & HEAVY) | (set(sys.modules) & LATER))
import novaluna_widget
print(loaded())
from novaluna_widget import NovaLunaWidget
guided = NovaLunaWidget.tutorial()
widget = NovaLunaWidget(players=["You", "Bot"], seed=2019, bots=[None, "greedy"])
print(loaded())
"""


def test_tutorial_1s_widgets_load_neither_pandas_matplotlib_nor_numpy():
    # In the in-browser site every module imported before the first widget delays it (issue 38.1): the
    # package and tutorial 1's two widgets need the engine and the widget only, not the analysis tools
    # (which the site cannot load anyway) nor the simulations and the what-if tables.
    out = subprocess.run([sys.executable, "-c", TUTORIAL_1], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "[]"]


@pytest.mark.slow  # builds the wheel
def test_wheel_ships_tile_data_and_the_built_view(tmp_path):
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    subprocess.run(
        [*pip, "-w", tmp_path, ROOT],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("novaluna_widget-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"novaluna_widget/tiles.json", "novaluna_widget/drawing.json", "novaluna_widget/py.typed"} <= names
    assert {"novaluna_widget/static/widget.js", "novaluna_widget/static/widget.css"} <= names
    # The server extension is enabled where the wheel is installed (novaluna_widget/_server.py).
    config = "etc/jupyter/jupyter_server_config.d/novaluna_widget.json"
    assert any(name.endswith(f".data/data/{config}") for name in names), sorted(names)
