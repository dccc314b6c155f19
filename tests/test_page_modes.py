"""The page never guesses its mode: the state names it (``state.mode``, a union tagged by it in
js/contract.d.ts), widget.js hands the state to the mode it names (js/modes/), and nothing reads a mode's
own fields (``tutorial``, ``puzzle``) without first switching on that tag: strict ``tsc`` refuses such a
read, and no module probes for the fields instead (``"puzzle" in state``, a cast to one mode's state, the
old ``browsing(state)``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).parents[1] / "js"
PAGE = sorted([*JS.glob("*.js"), *JS.glob("modes/*.js")])

#: Ways to tell a mode from the fields a state carries rather than from its tag.
PROBES = {
    "a mode's field probed with `in`": re.compile(r"""["'](puzzle|tutorial)["']\s+in\b"""),
    "a state cast to one mode's state": re.compile(
        r"@type\s*\{[^}]*(Playing|Guided|Puzzle|History|Review)State\}"
    ),
    "the read-only mode guessed from the view": re.compile(r"\bbrowsing\(|view\.now\s*===\s*false"),
}


def test_no_module_of_the_page_guesses_the_mode_from_the_fields_a_state_carries() -> None:
    found = [
        f"{path.relative_to(JS)}:{number}: {what}: {line.strip()}"
        for path in PAGE
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for what, probe in PROBES.items()
        if probe.search(line)
    ]
    assert not found, "\n".join(found)


def test_widget_js_switches_on_the_mode_once_and_leaves_the_rest_to_the_modes() -> None:
    text = (JS / "widget.js").read_text(encoding="utf-8")
    # It looks the mode up by the state's tag (`modes[state.mode]`), never compares it nor reads its fields.
    assert re.findall(r"modes\[\w+\.mode\]", text) == ["modes[state.mode]", "modes[next.mode]"]
    assert not re.search(r"\.mode\s*[!=]==|\b(state|next|s)\??\.(puzzle|tutorial)\b", text)
    modes = {path.stem for path in (JS / "modes").glob("*.js")} - {"index"}
    assert modes == {"playing", "guided", "puzzle", "history"}


#: Reads of a state, and whether strict tsc must refuse each.
READS = [
    ("state.puzzle?.question", True),  # guessing the puzzles from a field: refused
    ("Boolean(state.tutorial)", True),
    ('state.mode === "puzzle" ? state.puzzle.question : null', False),  # switching on the tag
    ('state.mode === "guided" && state.tutorial.done', False),
]


@pytest.fixture(scope="module")
def tsc_said(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """The page's strict tsc (js/tsconfig.json's options) run once over one module a read of
    :data:`READS` (``probe0.js``…), each reading a state: the errors it gave, by module."""
    tsc = JS / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        why = "typescript is not installed (cd js && npm ci)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI must type-check the page")
        pytest.skip(why)
    folder = tmp_path_factory.mktemp("probes")
    contract = json.dumps(str(JS / "contract"))
    names = [f"probe{index}.js" for index in range(len(READS))]
    for name, (read, _) in zip(names, READS, strict=True):
        (folder / name).write_text(
            f"/** @param {{import({contract}).State}} state */\nexport const probe = (state) => {read};\n",
            encoding="utf-8",
        )
    config = {"extends": str(JS / "tsconfig.json"), "include": names}
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    done = subprocess.run([str(tsc), "-p", "."], cwd=folder, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    said = {name: [line for line in lines if line.startswith(f"{name}(")] for name in names}
    assert (done.returncode != 0) == any(said.values()), done.stdout  # no error outside the probes
    return said


@pytest.mark.slow
@pytest.mark.parametrize(("index", "read", "refused"), [(i, *read) for i, read in enumerate(READS)])
def test_strict_tsc_refuses_a_read_of_a_modes_field_that_does_not_switch_on_the_mode(
    tsc_said: dict[str, list[str]], index: int, read: str, refused: bool
) -> None:
    errors = tsc_said[f"probe{index}.js"]
    assert bool(errors) == refused, (read, errors)
    if refused:
        assert any("does not exist on type 'State'" in error for error in errors), errors
