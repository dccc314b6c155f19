"""What if: every option of the player to move, played on a copy and described, and lines compared.

Everything is computed on copies; the game passed in is never changed. Nothing here looks at the
face-down draw pile: a refill is listed as an option, but what it would bring stays unknown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ._errors import IllegalMove, quote
from ._game import Action, Game, Move
from ._i18n import message_of, msg

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MOVE_COLUMNS", "analyse_moves", "compare_lines", "play_line"]

#: What ``analyse_moves`` says about each option. ``move`` is the option itself, ready for
#: ``game.play``; ``action`` says what kind it is (take, refill, end_phase_one). ``tasks`` lists the
#: covered tasks as (x, y, task index) and ``on_tiles`` their tiles' ids. ``slack`` is how many more
#: steps the mover could spend and still move next (negative: the turn passes); ``again`` says whether
#: the mover moves next, and ``turns_in_row`` is the run of turns in a row the option makes sure of:
#: the mover's turns so far, this one, and the next if it stays theirs (a cheap tile buys a long run).
MOVE_COLUMNS = [
    "move",
    "action",
    "space",
    "tile",
    "colour",
    "cost",
    "cell",
    "tokens",
    "tasks",
    "on_tiles",
    "time_after",
    "next_player",
    "again",
    "slack",
    "turns_in_row",
    "wins",
]


def analyse_moves(game: Game) -> pd.DataFrame:
    """One row per option of the player to move: every legal move, then the refill and (solo) the end
    of phase 1 where allowed, each with what it does. Best read sorted, e.g. by ``tokens``."""
    import pandas as pd

    _check_game(game, "analyse_moves")
    run = game.turns_in_a_row
    rows = [_describe(game, action, run) for action in game.legal_actions()]
    table = pd.DataFrame(rows, columns=MOVE_COLUMNS)
    return table.astype({c: "Int64" for c in ("space", "cost", "tokens", "time_after", "slack")})


def _describe(game: Game, action: Action, run: int) -> dict[str, Any]:
    mover = game.current_player
    if not isinstance(action, Move):
        return {"move": action, "action": action, "next_player": mover, "again": True, "turns_in_row": run}
    tile = game.wheel[action.space]
    assert tile is not None
    after = game.copy()
    covered = sorted(after.play(action))
    board = after.players[mover].board
    time = after.players[mover].time
    others = [p.time for i, p in enumerate(after.players) if i != mover]
    again = not after.is_over and after.current_player == mover
    return {
        "move": action,
        "action": "take",
        "space": action.space,
        "tile": tile.id,
        "colour": tile.colour,
        "cost": tile.cost,
        "cell": action.cell,
        "tokens": len(covered),
        "tasks": covered,
        "on_tiles": [board[(x, y)].id for x, y, _ in covered],
        "time_after": time,
        "next_player": after.current_player if not after.is_over else None,
        "again": again,
        "slack": min(others) - time if others else None,
        "turns_in_row": run + 1 if again else run,
        "wins": after.is_over and after.winner == mover,
    }


def play_line(game: Game, actions: Sequence[Action]) -> Game:
    """A copy of ``game`` with ``actions`` played (a refill in the line draws from the real pile). An
    action that cannot be played raises ``IllegalMove`` naming its step (1 for the first)."""
    _check_game(game, "play_line")
    return _played(game, actions, None)


def _played(game: Game, actions: Sequence[Action], name: str | None) -> Game:
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
        raise TypeError(f"a line is a list of actions (moves or 'refill'), not {quote(actions)}")
    line = game.copy()
    for step, action in enumerate(actions, 1):
        try:
            line.play(action)
        except IllegalMove as err:
            where = (
                msg("step {step}", step=step)
                if name is None
                else msg("line {line}, step {step}", line=quote(name), step=step)
            )
            raise IllegalMove(msg("{where}: {error}", where=where, error=message_of(err))) from None
    return line


def _check_game(game: object, caller: str) -> None:
    if not isinstance(game, Game):
        raise TypeError(
            f"{caller} takes a game (a Game or SoloGame, such as scenario.position(...)), not {quote(game)}"
        )


def compare_lines(game: Game, lines: Mapping[str, Sequence[Action]]) -> pd.DataFrame:
    """Play each named line on a copy and set the outcomes side by side: one row per line and player,
    with tokens left, time, tiles, who moves next and whether the game is over."""
    import pandas as pd

    _check_game(game, "compare_lines")
    if not isinstance(lines, Mapping):
        raise TypeError(f"lines maps each line's name to its list of actions, not {quote(lines)}")
    rows = []
    for name, actions in lines.items():
        after = _played(game, actions, str(name))
        for i, p in enumerate(after.players):
            rows.append(
                {
                    "line": name,
                    "player": i,
                    "name": p.name,
                    "tokens_left": p.tokens,
                    "time": p.time,
                    "tiles": len(p.board),
                    "to_move": not after.is_over and after.current_player == i,
                    "winner": after.winner == i if after.is_over else None,
                }
            )
    return pd.DataFrame(rows)
