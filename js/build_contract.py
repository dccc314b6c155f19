"""Write the page's side of the contract from ``novaluna_widget/_contract.py``, where it is written once.

- ``js/contract.d.ts``: every type of the contract as a TypeScript declaration (an interface per
  TypedDict, a type per alias: tuples, unions, literal types, ``| null``, optional ``?``), each with its
  ``#:`` comment or docstring; the view's JSDoc imports them and ``tsc -p js`` (``make lint``) checks the
  view against them.
- ``js/nullable.json``: the keys of the ``state`` that may hold None (``"players.[].bot"``: a key of each
  item of a list), for ``js/bridge.js`` to put back where a Pyodide kernel dropped them.

Usage: ``python js/build_contract.py`` (``make contract``; ``--check`` only says whether both files are up to
date, as tests/test_contract.py does).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from novaluna_widget import _contract as contract  # noqa: E402

SOURCE = ROOT / "novaluna_widget" / "_contract.py"
DECLARATIONS = ROOT / "js" / "contract.d.ts"
NULLABLE = ROOT / "js" / "nullable.json"

HEADER = """\
// Written by js/build_contract.py from novaluna_widget/_contract.py (`make contract`): do not edit.
// What the page reads (the widget's traits) and the intents it sends, as Python builds and checks them.
"""

#: What the view adds: the intents as it writes them (``send`` adds the version) and anywidget's model.
FOOTER = """\
/** An intent as the view writes it: `send` adds the `version`. */
export type Unsent<T> = T extends unknown ? Omit<T, "version"> : never;

/** The part of anywidget's model the view uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K];
  send(message: Intent): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}
"""

_PRIMITIVES: dict[Any, str] = {int: "number", float: "number", str: "string", bool: "boolean"}


Definition = tuple[str, ast.stmt, list[str]]
"""A type of the contract: its name, its statement, and the lines of the module that writes it."""


def _definitions(path: Path) -> dict[str, Definition]:
    """Each class and alias a module writes at its top level, by name."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: dict[str, Definition] = {}
    for node in ast.parse("\n".join(lines)).body:
        if isinstance(node, ast.ClassDef):
            found[node.name] = (node.name, node, lines)
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = (node.targets[0].id, node, lines)
    return found


def _imports(tree: ast.Module) -> dict[ast.ImportFrom, Path]:
    """The contract's imports of the engine's types (``from ._game import ScoreSheet``), each with the file
    of the module it imports from."""
    return {
        node: SOURCE.parent / f"{node.module.replace('.', '/')}.py"
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
    }


def defined() -> list[Definition]:
    """The contract's types in the order it names them: each alias or class it writes, and each type it
    takes from the engine (``from ._game import ScoreSheet``: the engine's own data, which the contract
    describes for the page and which never imports the contract) where it imports it."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    own, imported = _definitions(SOURCE), _imports(tree)
    found: list[Definition] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node in imported:
            module = _definitions(imported[node])
            found += [module[alias.name] for alias in node.names]
        elif isinstance(node, ast.ClassDef):
            found.append(own[node.name])
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found.append(own[node.targets[0].id])
    return found


def comments() -> dict[str, str]:
    """Each documented name's comment: ``"Cell"`` or ``"PlayerState.bot"`` → its ``#:`` lines (or a class
    docstring), as one paragraph. The engine's modules the contract takes types from are read too, so a
    field's comment is found in the class that declares it, wherever it is written."""

    def above(node: ast.stmt, lines: list[str]) -> str:
        said: list[str] = []
        k = node.lineno - 2
        while k >= 0 and lines[k].strip().startswith("#:"):
            said.insert(0, lines[k].strip()[2:].strip())
            k -= 1
        return " ".join(said)

    found: dict[str, str] = {}
    engine = _imports(ast.parse(SOURCE.read_text(encoding="utf-8"))).values()
    for path in [SOURCE, *dict.fromkeys(engine)]:
        for name, node, lines in _definitions(path).values():
            if not isinstance(node, ast.ClassDef):
                found.setdefault(name, above(node, lines))
                continue
            found.setdefault(name, " ".join((ast.get_docstring(node) or "").split()))
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    found.setdefault(f"{name}.{item.target.id}", above(item, lines))
    return found


def public_types() -> dict[str, Any]:
    """The contract's public types, aliases and TypedDicts, in the order they are written."""
    return {name: getattr(contract, name) for name, *_ in defined() if not name.startswith("_")}


def field_comment(kind: Any, key: str, said: dict[str, str]) -> str:
    """The comment of field ``key`` of TypedDict ``kind``, from the class that declares it."""
    for cls in _bases(kind):
        if said.get(f"{cls.__name__}.{key}"):
            return said[f"{cls.__name__}.{key}"]
    return ""


def _bases(kind: Any) -> list[Any]:
    found = [kind]
    for base in getattr(kind, "__orig_bases__", ()):
        if is_typeddict(base):
            found += _bases(base)
    return found


class Writer:
    """Turns the contract's types into TypeScript, naming an alias wherever its value recurs."""

    def __init__(self, named: dict[str, Any]) -> None:
        self.aliases = {value: name for name, value in named.items() if not is_typeddict(value)}
        self.named = named
        self.bases = {
            name: [b.id for b in node.bases if isinstance(b, ast.Name)]
            for name, node, _ in defined()
            if isinstance(node, ast.ClassDef)
        }

    def ts(self, kind: Any, top: bool = False) -> str:
        if not top and not is_typeddict(kind) and kind in self.aliases:
            return self.aliases[kind]
        origin, args = get_origin(kind), get_args(kind)
        if is_typeddict(kind):
            return str(kind.__name__)
        if kind is type(None):
            return "null"
        if kind in _PRIMITIVES:
            return _PRIMITIVES[kind]
        if origin is Literal:
            return " | ".join(json.dumps(a) for a in args)
        if origin in (Union, types.UnionType):
            return " | ".join(self.ts(a) for a in args)
        if origin is tuple:
            return "[" + ", ".join(self.ts(a) for a in args) + "]"
        if origin is list:
            inner = self.ts(args[0])
            return f"({inner})[]" if " | " in inner else f"{inner}[]"
        if origin is dict:
            return f"Record<{self.ts(args[0])}, {self.ts(args[1])}>"
        raise TypeError(f"no TypeScript for {kind!r}")

    def declaration(self, name: str, kind: Any, said: dict[str, str]) -> str:
        doc = _doc(said.get(name, ""), "")
        if not is_typeddict(kind):
            return f"{doc}export type {name} = {self.ts(kind, top=True)};\n"
        hints = get_type_hints(kind)
        if not hints:
            return f"{doc}export type {name} = Record<string, never>;\n"
        bases = [self.named.get(b) for b in self.bases.get(name, [])]
        extends = ""
        if bases and all(is_typeddict(b) for b in bases):
            # Its bases are declared too: it extends them (``GuidedState``: the common fields and the
            # guided mode's) and declares only the fields of its own.
            extends = f" extends {', '.join(b.__name__ for b in bases)}"
            inherited = {key for b in bases for key in get_type_hints(b)}
            hints = {key: value for key, value in hints.items() if key not in inherited}
        body = "".join(
            f"{_doc(field_comment(kind, key, said), '  ')}  {key}{_optional(kind, key)}: {self.ts(value)};\n"
            for key, value in hints.items()
        )
        return f"{doc}export interface {name}{extends} {{\n{body}}}\n"


def _optional(kind: Any, key: str) -> str:
    return "" if key in kind.__required_keys__ else "?"


def _doc(text: str, indent: str) -> str:
    return f"{indent}/** {text.replace('``', '`')} */\n" if text else ""


def declarations() -> str:
    named, said = public_types(), comments()
    writer = Writer(named)
    return "\n".join([HEADER, *(writer.declaration(n, k, said) for n, k in named.items()), FOOTER])


def nullable(kind: Any = contract.State, prefix: str = "") -> list[str]:
    """The paths of the required keys under ``kind`` whose type admits None (a missing optional key is
    the contract's own, not Pyodide's doing). A union of TypedDicts (``State``, one per mode) has the
    paths of each of its members: a key that only some modes have is put back where its parent is."""
    if get_origin(kind) in (Union, types.UnionType):
        return list(dict.fromkeys(path for member in get_args(kind) for path in nullable(member, prefix)))
    paths: list[str] = []
    for key, value in get_type_hints(kind).items():
        members = get_args(value) if get_origin(value) in (Union, types.UnionType) else (value,)
        if type(None) in members and key in kind.__required_keys__:
            paths.append(prefix + key)
        for member in members:
            if is_typeddict(member):
                paths += nullable(member, f"{prefix}{key}.")
            elif get_origin(member) is list and is_typeddict(get_args(member)[0]):
                paths += nullable(get_args(member)[0], f"{prefix}{key}.[].")
    return paths


def outputs() -> dict[Path, str]:
    return {DECLARATIONS: declarations(), NULLABLE: json.dumps(nullable(), indent=2) + "\n"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    stale = [path for path, text in outputs().items() if not path.exists() or path.read_text() != text]
    if parser.parse_args().check:
        if stale:
            sys.exit(f"stale: {', '.join(p.name for p in stale)}; run `make contract`")
        return
    for path, text in outputs().items():
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
