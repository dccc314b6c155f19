"""Versioned save files: the start position, every action, the redo stack and the position reached.

Loading trusts nothing: it checks the start position (known tiles, each of the 68 exactly once, token
counts that add up, a legal area for every player), replays the history move by move, and compares the
result with the saved position, so a hand-edited or damaged file is named and refused.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .board import Board
from .errors import IllegalMove
from .events import to_event
from .game import Action, Game, Move
from .tiles import TILES, tile

FORMAT = "novaluna_widget.save"
VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the problem."""


def dump(game: Game, indent: int | None = None) -> str:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "kind": game.kind,
        "seed": game.seed,
        "beginner": game.beginner,
        "start": game._start,
        "history": [_action_data(a) for a in game._history],
        "redo": [_action_data(a) for a in game._redo],
        "position": game._snapshot(),
    }
    return json.dumps(data, indent=indent)


def load(text: str | bytes) -> Game:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
        raise SaveError(f"not a novaluna_widget save file: the JSON does not parse ({err})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f'not a novaluna_widget save file: expected "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise SaveError(
            f"save version {data.get('version')!r} is not supported; this version reads {VERSION}"
        )
    for key in ("kind", "seed", "beginner", "start", "history", "redo", "position"):
        if key not in data:
            raise SaveError(f"the save file lacks {key!r}")
    game = _new(data)
    _check_position(data["start"], game, "start")
    try:
        game._start = data["start"]
        game._restore(data["start"])
    except (IllegalMove, KeyError, TypeError, ValueError) as err:
        raise SaveError(f"the start position cannot be rebuilt: {err}") from None
    history = _actions(data["history"], "history")
    for n, action in enumerate(history):
        try:
            game._apply_action(action)
        except IllegalMove as err:
            raise SaveError(f"history[{n}] ({action}) cannot be played: {err}") from None
        game._history.append(action)
    redo = _actions(data["redo"], "redo")
    trial = game.copy()
    for n, action in enumerate(reversed(redo)):
        try:
            trial._apply_action(action)
        except IllegalMove as err:
            raise SaveError(f"redo[{len(redo) - 1 - n}] ({action}) cannot be played: {err}") from None
    game._redo = redo
    difference = _first_difference(data["position"], json.loads(json.dumps(game._snapshot())), "position")
    if difference:
        raise SaveError(f"the saved position does not match its history: {difference}")
    return game


def _new(data: dict[str, Any]) -> Game:
    from .solo import SoloGame

    kinds: dict[str, type[Game]] = {"game": Game, "solo": SoloGame}
    if data["kind"] not in kinds:
        raise SaveError(f"unknown kind {data['kind']!r}; a save holds a 'game' or a 'solo' game")
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise SaveError(f"the seed must be a whole number, not {data['seed']!r}")
    game = kinds[data["kind"]].__new__(kinds[data["kind"]])
    game.seed, game.beginner = data["seed"], bool(data["beginner"])
    return game


def _action_data(action: Action) -> list[Any]:
    if isinstance(action, Move):
        return ["take", action.space, action.cell[0], action.cell[1]]
    return [action]


def _actions(raw: Any, where: str) -> list[Action]:
    if not isinstance(raw, list):
        raise SaveError(f"{where} must be a list of actions")
    actions: list[Action] = []
    for n, a in enumerate(raw):
        if isinstance(a, list) and len(a) == 4 and a[0] == "take" and all(_whole(v) for v in a[1:]):
            actions.append(Move(a[1], (a[2], a[3])))
        elif isinstance(a, list) and len(a) == 1 and a[0] in ("refill", "end_phase_one"):
            actions.append(a[0])
        else:
            raise SaveError(
                f'{where}[{n}] is not an action: {a!r} (expected ["take", space, x, y], '
                '["refill"] or ["end_phase_one"])'
            )
    return actions


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_position(snap: Any, game: Game, where: str) -> None:
    """Refuse a position that cannot occur: unknown or repeated tiles, counts that do not add up."""
    if not isinstance(snap, dict):
        raise SaveError(f"{where} must be an object")
    need = {"wheel", "marker", "draw_pile", "players", "events"}
    if game.kind == "solo":
        need |= {"phase", "placed_in_phase_one", "phase_one"}
    if missing := sorted(need - set(snap)):
        raise SaveError(f"{where} lacks {', '.join(missing)}")
    wheel, marker, players = snap["wheel"], snap["marker"], snap["players"]
    if not isinstance(wheel, list) or len(wheel) != 12:
        raise SaveError(f"{where}.wheel must list the 12 spaces")
    if not _whole(marker) or not 0 <= marker < 12:
        raise SaveError(f"{where}.marker must be a space from 0 to 11, not {marker!r}")
    if wheel[marker] is not None:
        raise SaveError(f"{where}: the marker's space {marker} holds a tile; it must be empty")
    seats = (1, 1) if game.kind == "solo" else (2, 4)
    if not isinstance(players, list) or not seats[0] <= len(players) <= seats[1]:
        raise SaveError(f"{where}.players must list {seats[0]}–{seats[1]} players")
    if not isinstance(snap["draw_pile"], list):
        raise SaveError(f"{where}.draw_pile must be a list of tile ids")
    places: list[tuple[str, str]] = [(t, "on the wheel") for t in wheel if t is not None]
    places += [(t, "in the draw pile") for t in snap["draw_pile"]]
    for n, p in enumerate(players):
        _check_player(p, n, where)
        places += [(entry[0], f"in {p['name']}'s area") for entry in p["board"]]
    for tid, place in places:
        try:
            tile(tid)
        except (KeyError, AttributeError):
            raise SaveError(f"{where}: unknown tile {tid!r} {place}") from None
    counts = Counter(tile(t).id for t, _ in places)
    if twice := sorted(t for t, c in counts.items() if c > 1):
        raise SaveError(
            f"{where}: tile {twice[0]} appears more than once: "
            + ", ".join(p for t, p in places if tile(t).id == twice[0])
        )
    if lost := [t.id for t in TILES if t.id not in counts]:
        raise SaveError(f"{where} accounts for {len(counts)} of the 68 tiles; missing: {', '.join(lost)}")
    times = [p["time"] for p in players]
    if max(times) - min(times) > 7:
        raise SaveError(
            f"{where}: markers are {max(times) - min(times)} steps apart; only the rearmost "
            "moves, by at most 7, so they are never more than 7 apart"
        )
    if len({p["arrival"] for p in players}) != len(players):
        raise SaveError(f"{where}: two markers share an arrival number; stacks need a strict order")
    names = [p["name"] for p in players]
    try:
        boards = [Board((tile(t), (x, y)) for t, x, y in p["board"]) for p in players]
        for e in snap["events"]:
            to_event(tuple(e), names, boards)
    except Exception as err:  # a damaged log entry can fail in many ways; name it, whatever it is
        raise SaveError(f"{where}.events holds an entry that cannot be read: {err!r}") from None
    if game.kind == "solo":
        _check_solo(snap, where)


def _check_player(p: Any, n: int, where: str) -> None:
    at = f"{where}.players[{n}]"
    if not isinstance(p, dict):
        raise SaveError(f"{at} must be an object")
    for key in ("name", "supply", "tokens", "time", "arrival", "board", "covered"):
        if key not in p:
            raise SaveError(f"{at} lacks {key!r}")
    if not isinstance(p["name"], str) or not p["name"].strip():
        raise SaveError(f"{at}.name must be a non-blank string")
    for key in ("supply", "tokens", "time", "arrival"):
        if not _whole(p[key]) or p[key] < 0:
            raise SaveError(f"{at}.{key} must be a whole number ≥ 0, not {p[key]!r}")
    if not 1 <= p["supply"] <= 21:
        raise SaveError(f"{at}.supply must be 1–21 tokens, not {p['supply']}")
    if not isinstance(p["board"], list) or not all(
        isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and _whole(e[1]) and _whole(e[2])
        for e in p["board"]
    ):
        raise SaveError(f"{at}.board must list [tile id, x, y] entries")
    if not isinstance(p["covered"], list) or not all(
        isinstance(c, list) and len(c) == 3 and all(_whole(v) for v in c) for c in p["covered"]
    ):
        raise SaveError(f"{at}.covered must list [x, y, task index] entries")
    if p["tokens"] + len(p["covered"]) != p["supply"]:
        raise SaveError(
            f"{at} ({p['name']}) has {p['tokens']} tokens left and {len(p['covered'])} covered tasks, "
            f"which does not add up to a supply of {p['supply']}"
        )
    try:
        board = Board((tile(t), (x, y)) for t, x, y in p["board"])
    except (IllegalMove, KeyError) as err:
        raise SaveError(f"{at}.board is not a legal area: {err}") from None
    fulfilled = board.fulfilled_tasks()
    for x, y, i in p["covered"]:
        if (x, y, i) not in fulfilled:
            raise SaveError(f"{at} covers task {i} at ({x}, {y}), which is not fulfilled there")


def _check_solo(snap: dict[str, Any], where: str) -> None:
    if snap["phase"] not in (1, 2):
        raise SaveError(f"{where}.phase must be 1 or 2, not {snap['phase']!r}")
    placed = snap["placed_in_phase_one"]
    if not _whole(placed) or not 0 <= placed <= 21:
        raise SaveError(f"{where}.placed_in_phase_one must be 0–21, not {placed!r}")
    record = snap["phase_one"]
    if record is not None and not (
        isinstance(record, list) and len(record) == 2 and all(map(_whole, record))
    ):
        raise SaveError(f"{where}.phase_one must be null or [tiles cost, tokens missing]")


def _first_difference(saved: Any, actual: Any, path: str) -> str | None:
    """Where two JSON values first differ, in words, or None."""
    if isinstance(saved, dict) and isinstance(actual, dict):
        for key in sorted(set(saved) | set(actual)):
            if key not in saved or key not in actual:
                return f"{path}.{key} is {'missing' if key not in saved else 'unexpected'}"
            if found := _first_difference(saved[key], actual[key], f"{path}.{key}"):
                return found
        return None
    if isinstance(saved, list) and isinstance(actual, list):
        if len(saved) != len(actual):
            return f"{path} has {len(saved)} entries in the file but {len(actual)} after replaying"
        for n, (a, b) in enumerate(zip(saved, actual, strict=True)):
            if found := _first_difference(a, b, f"{path}[{n}]"):
                return found
        return None
    if saved != actual or type(saved) is not type(actual):
        return f"{path} is {saved!r} in the file but {actual!r} after replaying"
    return None
