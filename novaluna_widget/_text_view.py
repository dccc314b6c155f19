"""Plain-text views of a game, for ``print(game)``, logs and golden playthroughs, in any language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._game import END_REASONS, sheet_of, track_of
from ._i18n import Message, Value, cmsg, cplural, joined, msg, number, resolve, word
from ._log import ranking_words, seat_words, tokens_left
from ._names import named
from ._tiles import NO_TASK

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["game_text"]


def _wheel_text(game: Game, lang: str | None = None) -> str:
    lang = resolve(lang)
    takeable = set(game.choices())
    lines = [
        msg(
            "Moon wheel (marker at wheel space {space}; draw pile {pile}):",
            space=game.marker,
            pile=len(game.draw_pile),
        ).in_language(lang)
    ]
    new_moon = "   " + msg("(new moon)").in_language(lang)
    for space, t in enumerate(game.wheel):
        flag = "M" if space == game.marker else (">" if space in takeable else " ")
        tasks: Value = joined((task.words() for task in t.tasks), "clauses") if t and t.tasks else NO_TASK
        body = f"{t.id} {t.letter}  {word(tasks, lang)}" if t else "-"
        lines.append(f"  {flag} {number(space, lang).rjust(2)} {body}{new_moon if space == 0 else ''}")
    return "\n".join(lines)


def _track_text(game: Game, stacks: dict[int, list[int]], lang: str | None = None) -> str:
    names = named([p.name for p in game.players])
    parts = [
        msg(
            "track space {space}: {markers}",
            space=space,
            markers=joined((names[i] for i in reversed(stack)), "stack"),
        )
        for space, stack in sorted(stacks.items())
    ]
    told = msg("Moon track (top of a stack first): {stacks}", stacks=joined(parts, "clauses"))
    return told.in_language(lang)


# print(game) has no reader: a seat named "you" takes the reader's forms all the same (``seat_words``).
def _wins(game: Game, seat: int, reason: Value) -> Message:
    name, yours = seat_words([p.name for p in game.players], seat, None)
    if yours:
        return cmsg(
            "the player named You, the reader", "Game over ({reason}): {name} win.", reason=reason, name=name
        )
    return msg("Game over ({reason}): {name} wins.", reason=reason, name=name)


def _to_move(game: Game, seat: int) -> Message:
    name, yours = seat_words([p.name for p in game.players], seat, None)
    if yours:
        return cmsg("the player named You, the reader", "{name} to move.", name=name)
    return msg("{name} to move.", name=name)


def game_text(game: Game, lang: str | None = None) -> str:
    """The whole position in words of ``lang`` (None: the package language): ``print(game)``."""
    lang = resolve(lang)
    players = game.players
    head: Message
    if game.is_over:
        reason = END_REASONS[game.end_reason or "no tile"]
        if game.is_solo:
            head = msg("Game over ({reason}): score {total}.", reason=reason, total=sheet_of(game)["total"])
        else:
            head = _wins(game, game.winner or 0, reason)
    else:
        head = _to_move(game, game.current_player)
    # The seed is a number to type in code: as code writes it. The kind is the class's name in English
    # (what to type, too), in words in another language.
    kind = (
        cmsg("the kind of game in print(game)'s first line: its class in English", "SoloGame")
        if game.is_solo
        else cmsg("the kind of game in print(game)'s first line: its class in English", "Game")
    )
    top = msg(
        "Nova Luna, {kind} seed {seed}, turn {turn}. {head}",
        kind=kind,
        seed=str(game.seed),
        turn=game.turn,
        head=head,
    )
    lines = [top.in_language(lang), _wheel_text(game, lang)]
    if game.has_moon_track:
        lines.append(_track_text(game, track_of(game), lang))
    if game.is_solo:
        sheet = sheet_of(game, lang)
        stand = msg(
            "Phase {phase}; small stack {small}, large stack {large}; {score}",
            phase=sheet["phase"],
            small=sheet["small"],
            large=sheet["large"],
            score=sheet["text"],
        )
        lines.append(stand.in_language(lang))
    names = [p.name for p in players]
    for seat, p in enumerate(players):
        name = seat_words(names, seat, None)[0]  # the one player at a solo table is "you"
        tiles = cplural("tiles in an area", "{n} tile", "{n} tiles", len(p.board))
        lines.append(
            msg(
                "{name}: {tokens}, time {time}, {tiles}",
                name=name,
                tokens=tokens_left(p.tokens),
                time=p.time,
                tiles=tiles,
            ).in_language(lang)
        )
        lines.append(p.board.text(p.covered, lang))
    if game.is_over and len(players) > 1:
        lines.append(ranking_words([p.name for p in players], game.ranking()).in_language(lang))
    return "\n".join(lines)
