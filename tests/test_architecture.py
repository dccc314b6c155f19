"""The layering of docs/architecture.md, checked: the import-linter contracts in pyproject.toml, and the
solo game told apart by its methods, never by its type, outside the engine; the kind asked, never probed
for; the reader a seat, never a name."""

from __future__ import annotations

import ast
import functools
import importlib
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from novaluna_widget import _names as names

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "novaluna_widget"
LINT = Path(sys.executable).parent / "lint-imports"


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT), "--no-logo", "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_import_contracts_are_kept():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


LAYERS = "Layers: each module imports only from the layers below it"
JUPYTER = "Jupyter is imported by the widget alone"
MODES = "The modes: each imports only the modes below it"
PUZZLES = "The puzzles: worksheet, trainer, makers, answers, ratings, top down"
ANALYSIS = "The engine imports no analysis library"
GUIDE = "The guided game: guide, script, words, data, top down"
PICTURES = "The pictures: notebook, panels, wheel and areas, pieces, svg, spec, drawing, top down"
CONTRACTS = (LAYERS, JUPYTER, MODES, PUZZLES, ANALYSIS, GUIDE, PICTURES)


def _broken(output: str) -> set[str]:
    """The names of the contracts a lint-imports report says are broken."""
    lines = " ".join(output.split())  # the report wraps long contract names
    return {name for name in CONTRACTS if re.search(re.escape(name) + r"[^.]*?BROKEN", lines)}


# Each change a careless edit could make, and the contract that must catch it.
MUTATIONS = {
    "an upward import (the board imports the bots)": ("_board.py", "from . import bots", LAYERS),
    "a cycle between the bots and the coach": ("bots.py", "from . import coach", LAYERS),
    "a cycle between the game and the solo game": ("_game.py", "from . import _solo", LAYERS),
    "a sideways import (the pictures import the page's story)": (
        "_render/svg.py",
        "from .. import _narration",
        LAYERS,
    ),
    "an upward import inside the pictures (the SVG primitives import the panels)": (
        "_render/svg.py",
        "from . import panels",
        PICTURES,
    ),
    "an upward import inside the guided game (its data imports its script)": (
        "_guide/data.py",
        "from . import script",
        GUIDE,
    ),
    "a new module nobody placed in a layer": ("_fresh.py", "from . import _game", LAYERS),
    "Jupyter imported below the widget": ("_narration.py", "import anywidget", JUPYTER),
    "a new module below the widget that imports Jupyter": ("helper.py", "import traitlets", JUPYTER),
    "a mode importing a sibling mode": ("_modes/puzzle.py", "from .guided import Guided", MODES),
    "a new mode nobody placed": ("_modes/fresh.py", "from .base import Mode", MODES),
    "the ratings importing the trainer": ("puzzles/_rating.py", "from . import _trainer", PUZZLES),
    "pandas imported by the engine": ("_game.py", "import pandas", ANALYSIS),
    "tqdm imported by the bots": ("bots.py", "import tqdm", ANALYSIS),
    "matplotlib imported by the pictures": ("_render/svg.py", "import matplotlib", ANALYSIS),
}


@pytest.mark.parametrize("change", MUTATIONS)
def test_the_contracts_catch_each_kind_of_bad_import(tmp_path, change):
    module, line, contract = MUTATIONS[change]
    shutil.copytree(PACKAGE, tmp_path / "novaluna_widget", ignore=shutil.ignore_patterns("static", "locale"))
    path = tmp_path / "novaluna_widget" / module
    before = path.read_text() if path.exists() else ""
    path.write_text(before + f"\n{line}  # noqa\n")
    result = lint(tmp_path)
    assert result.returncode != 0 and contract in _broken(result.stdout), result.stdout


def test_no_type_checks_for_the_solo_game_outside_the_engine():
    engine = {"_game.py", "_solo.py", "_new_game.py"}
    found = [
        f"{path.name}: {line.strip()}"
        for path in sorted(PACKAGE.glob("*.py"))
        if path.name not in engine
        for line in path.read_text().splitlines()
        if re.search(r"isinstance\([^)]*SoloGame|SoloGame\(", line)
    ]
    assert found == [], "ask the game (is_solo, has_moon_track, score_unit, new_like, new_game) instead"


def _lines(pattern: str, allowed: set[str]) -> list[str]:
    """The package's source lines matching ``pattern``, outside the modules ``allowed``."""
    return [
        f"{path.name}: {line.strip()}"
        for path in sorted(PACKAGE.glob("*.py"))
        if path.name not in allowed
        for line in path.read_text().splitlines()
        if re.search(pattern, line)
    ]


def test_the_kind_of_game_is_asked_not_probed_for():
    # A game says its kind (is_solo, has_moon_track, score_unit, token_worth, phase_one_tokens): no module
    # guesses it from a None, and only the engine and the package's front door know the solo module.
    probes = _lines(r"(score_sheet|moon_track)\([^)]*\)\s+is\s+(not\s+)?None", {"_game.py", "_solo.py"})
    assert probes == [], "ask game.is_solo or game.has_moon_track instead"
    solo = _lines(
        r"from \._solo import|from novaluna_widget\._solo import", {"_solo.py", "_new_game.py", "__init__.py"}
    )
    assert solo == [], "ask the game its kind's figures (token_worth, phase_one_tokens) instead"


def test_the_reader_is_a_seat_never_a_name():
    # Who is "you" is given (a reader seat), never guessed from a player's name.
    assert _lines(r"is_you\(\s*(name|who|p\.name|player\.name|names\[)", set()) == []
    assert not hasattr(names, "is_you")


# -- each module's public names ------------------------------------------------------------------------
MODULES = sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _defined(path: Path) -> list[str]:
    """The names a module's own top-level statements define (functions, classes, assignments, type
    aliases), imported names aside."""
    found: list[str] = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                found += [name.id for name in names if isinstance(name, ast.Name)]
        elif sys.version_info >= (3, 12) and isinstance(node, ast.TypeAlias):
            found.append(node.name.id)
    return found


@pytest.mark.parametrize("path", MODULES, ids=_module_name)
def test_a_module_lists_its_public_names_in_all_and_hides_the_rest(path):
    # A module's public names are its __all__: every name it defines is listed there or starts with an
    # underscore, so a name nobody outside uses cannot pass for the module's interface unnoticed.
    module = importlib.import_module(_module_name(path))
    listed = module.__dict__.get("__all__")
    assert isinstance(listed, list), f"{module.__name__} has no __all__"
    assert len(set(listed)) == len(listed), f"{module.__name__}.__all__ lists a name twice"
    assert [name for name in listed if name.startswith("_")] == []
    assert [name for name in listed if not hasattr(module, name)] == []
    unlisted = [name for name in _defined(path) if not name.startswith("_") and name not in listed]
    assert unlisted == [], f"{module.__name__}: make these private (a leading _) or list them in __all__"


def _meanings() -> dict[str, dict[str, object]]:
    """Each public name a module of the package defines (not imports), with what it is in each module that
    defines it."""
    found: dict[str, dict[str, object]] = {}
    for path in MODULES:
        module = importlib.import_module(_module_name(path))
        for name in set(_defined(path)):
            if not name.startswith("_"):
                found.setdefault(name, {})[module.__name__] = module.__dict__[name]
    return found


def test_one_meaning_per_name():
    # A name means one thing across the package: two modules that define it define the same object (a
    # reader who met ``Click`` or ``summary`` once knows it everywhere).
    clashes = {
        name: sorted(where)
        for name, where in _meanings().items()
        if len(where) > 1 and len({id(value) for value in where.values()}) > 1
    }
    assert {name: where for name, where in clashes.items() if name != "main"} == {}
    assert clashes["main"] == ["novaluna_widget.__main__", "novaluna_widget.puzzles.worksheet"]  # python -m


#: Public names of private modules used only in their own module, kept where the module is another's
#: work (the engine's rule numbers, the controller's rooms); each with why.
UNUSED_KEPT = {
    ("_game", "TOKENS"): "a rule number (the tokens a player places), beside the engine's other rules",
    ("_game", "BEGINNER_TOKENS"): "a rule number (the beginner variant's tokens), beside TOKENS",
    ("_modes.puzzle", "puzzle_position"): "the puzzle mode's, in the widget's rooms that other work reshapes",
    ("_session", "Edit"): "the session's, in the widget's rooms that other work reshapes",
}
#: Where a name is used outside its own module: the package, the tests, the benches, the docs' scripts.
USERS = sorted(
    {*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")}
    | {*(ROOT / "docs").glob("*.py"), *(ROOT / "site").glob("*.py"), *(ROOT / "js").glob("*.py")}
)


@functools.cache
def _words() -> dict[Path, Counter[str]]:
    """The words of each of ``USERS`` (runs of letters, digits and _), read once for every module."""
    return {user: Counter(re.findall(r"\w+", user.read_text())) for user in USERS}


def _unused(path: Path, names: list[str]) -> list[str]:
    """The names (identifiers) none of ``USERS`` but the module itself mentions as a word."""
    others = [words for user, words in _words().items() if user != path]
    return [name for name in names if not any(words[name] for words in others)]


PRIVATE = [p for p in MODULES if any(part.startswith("_") for part in _module_name(p).split(".")[1:])]


@pytest.mark.parametrize("path", PRIVATE, ids=_module_name)
def test_a_private_modules_public_names_are_used_by_another(path):
    # A private module's __all__ is what the rest of the package takes from it; a name nothing else uses is
    # the module's own (a leading _) or dead. The contract is exempt: its names are the page's
    # declarations, which js/build_contract.py reads from its source into js/contract.d.ts.
    module = importlib.import_module(_module_name(path))
    if module.__name__ == "novaluna_widget._contract":
        return
    short = module.__name__.removeprefix("novaluna_widget.")
    unused = [name for name in _unused(path, list(module.__all__)) if (short, name) not in UNUSED_KEPT]
    assert unused == [], f"{module.__name__}: make these private (a leading _) or delete them"


def test_the_check_for_unused_names_sees_a_name_nobody_uses(tmp_path):
    # The check has teeth: a name only its own module mentions is found, one another module imports is not.
    name = "_".join(["NOBODY", "USES", "THIS"])  # spelt whole, this file would be its user
    lonely = tmp_path / "_lonely.py"
    lonely.write_text(f'__all__ = ["{name}", "as_cell"]\n{name} = 1\nas_cell = 2\n')
    assert _unused(lonely, [name, "as_cell"]) == [name]


def test_no_name_of_the_package_hides_one_of_its_modules():
    # ``novaluna_widget.simulate`` must stay the module: a function of that name here would shadow it.
    import novaluna_widget

    modules = {module.name for module in pkgutil.iter_modules([str(PACKAGE)])}
    assert {"simulate", "scenario", "_modes"} <= modules
    assert set(novaluna_widget.__all__) & modules == set()


def test_the_public_face_is_a_handful_of_modules():
    # A user sees the engine at the top and these modules; everything else is private (a leading _), so a
    # newcomer's `dir` and the API reference show what to import, not the package's inner rooms.
    public = {
        module.name for module in pkgutil.iter_modules([str(PACKAGE)]) if not module.name.startswith("_")
    }
    assert public == {"bots", "coach", "puzzles", "scenario", "simulate", "whatif", "widget"}
    inner = {m.name for m in pkgutil.iter_modules([str(PACKAGE / "puzzles")]) if not m.name.startswith("_")}
    assert inner == {"worksheet"}


# -- what the import contracts cannot see: imports by name at run time, and upward imports --------------
UPPER = ("_save", "_text_view", "_render")
"""The modules the display hooks import upward (pyproject.toml's ignore_imports)."""


def _dynamic_imports(source: str) -> list[str]:
    """Calls that import a module named at run time: ``__import__``, ``importlib.import_module`` and
    ``importlib.__import__``, which the import contracts never see."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name in {"__import__", "importlib.import_module", "importlib.__import__", "import_module"}:
                found.append(name)
    return found


def _upward_imports_outside_hooks(path: str, source: str) -> list[str]:
    """Imports of the upper modules (``UPPER``) that are not inside a function of ``_hooks``: only there do
    they run when called and not when the engine is imported."""
    tree = ast.parse(source)
    inside = {
        id(inner) for node in tree.body if isinstance(node, ast.FunctionDef) for inner in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.ImportFrom)
            and node.level
            and (node.module or "").split(".")[0] in UPPER
            and (path != "_hooks.py" or id(node) not in inside)
        ):
            found.append(f"{path}: from {'.' * node.level}{node.module}")
    return found


ENGINE = ("_board.py", "_game.py", "_solo.py", "_position.py", "_tiles.py", "_wheel.py", "_track.py")


def test_no_module_imports_by_name_but_the_front_door():
    # The package's own lazy names (``novaluna_widget.NovaLunaWidget``) are its one dynamic import.
    found = {
        path.relative_to(PACKAGE).as_posix(): _dynamic_imports(path.read_text())
        for path in MODULES
        if path != PACKAGE / "__init__.py"
    }
    assert {path: calls for path, calls in found.items() if calls} == {}


def test_the_display_hooks_import_upward_only_from_their_one_place():
    hooks = _upward_imports_outside_hooks("_hooks.py", (PACKAGE / "_hooks.py").read_text())
    engine = [
        found
        for name in ENGINE
        for found in _upward_imports_outside_hooks(name, (PACKAGE / name).read_text())
    ]
    assert hooks == [] and engine == []
    layers = (ROOT / "pyproject.toml").read_text().split("[[tool.importlinter.contracts]]")[1]
    assert set(re.findall(r'"([\w.]+) -> ', layers)) == {"novaluna_widget._hooks"}


SHAPES = {
    "__import__ of a Jupyter package": ("_game.py", "anywidget = __import__('anywidget')", "dynamic"),
    "importlib.import_module": (
        "bots.py",
        "import importlib\npandas = importlib.import_module('pandas')",
        "dynamic",
    ),
    "a display hook's import moved to module level": ("_hooks.py", "from ._render import picture", "upward"),
    "a picture imported by the game itself": (
        "_game.py",
        "def f():\n    from ._render import picture",
        "upward",
    ),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_parsing_checks_catch_each_shape(shape):
    name, line, check = SHAPES[shape]
    source = (PACKAGE / name).read_text() + "\n" + line + "\n"
    if check == "dynamic":
        assert _dynamic_imports(source)
    else:
        assert _upward_imports_outside_hooks(name, source)
