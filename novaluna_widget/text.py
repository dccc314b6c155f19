"""Plain-text views of a game, for ``print(game)``, logs and golden playthroughs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


def wheel_text(game: Game) -> str:
    takeable = set(game.choices())
    lines = [f"Moon wheel (marker at space {game.marker}; draw pile {len(game.draw_pile)}):"]
    for space, t in enumerate(game.wheel):
        flag = "M" if space == game.marker else (">" if space in takeable else " ")
        name = "new moon" if space == 0 else ""
        body = f"{t.id} {t.letter}  {'; '.join(map(str, t.tasks)) or 'no task'}" if t else "-"
        lines.append(f"  {flag} {space:>2} {body}{'   (' + name + ')' if name else ''}")
    return "\n".join(lines)


def track_text(game: Game, stacks: dict[int, list[int]]) -> str:
    parts = []
    for space, stack in sorted(stacks.items()):
        names = " on top of ".join(game.players[i].name for i in reversed(stack))
        parts.append(f"space {space}: {names}")
    return "Moon track (top of a stack first): " + "; ".join(parts)


def game_text(game: Game) -> str:
    players = game.players
    sheet = game.score_sheet()
    stacks = game.moon_track()
    if game.is_over:
        result = f"score {sheet['total']}" if sheet else f"{players[game.winner or 0].name} wins"
        head = f"Game over ({game.end_reason}): {result}."
    else:
        head = f"{players[game.current_player].name} to move."
    lines = [f"Nova Luna, {type(game).__name__} seed {game.seed}, turn {game.turn}. {head}", wheel_text(game)]
    if stacks is not None:
        lines.append(track_text(game, stacks))
    if sheet is not None:
        lines.append(f"Phase {sheet['phase']}; small stack {sheet['small']}, large stack {sheet['large']}; "
                     f"{sheet['text']}")
    for p in players:
        tiles = _count(len(p.board), "tile")
        lines.append(f"{p.name}: {_count(p.tokens, 'token')} left, time {p.time}, {tiles}")
        lines.append(p.board.text(p.covered))
    if game.is_over and len(players) > 1:
        lines.append(
            "Ranking: " + ", ".join(f"{n + 1}. {players[i].name}" for n, i in enumerate(game.ranking()))
        )
    return "\n".join(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"
