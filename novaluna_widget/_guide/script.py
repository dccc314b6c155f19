"""The guided game's script: the fixed deal, Luna's scripted turns and the turns skipped, and the steps
written by playing them once on a copy of the game, so every figure a sentence says is the engine's."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from .._board import neighbours
from .._game import Action, Game, Move
from .._i18n import Message, Value, cell_words, cmsg, joined, listed, msg, plural, resolve, sentences
from .._names import LUNA as _LUNA
from .._names import seat_names
from .._where import where_words
from ..scenario import position
from .data import (
    NOTHING,
    Highlight,
    Step,
    StepClick,
)
from .words import (
    CHAIN,
    TO_CLICK,
    TOUCHED,
    TurnPlayed,
    asks,
    corner_words,
    counted,
    is_you,
    luna_reply,
    play,
    seat_tokens,
    task_on_tile,
    tile_named,
    track_move,
    wheel_tile,
)

#: The deal: 11 tiles on the wheel, chosen so that the first turns show each rule in turn. The draw pile
#: starts with the tiles the refills take (the skipped turns' two refills, then the guide's own one).
_WHEEL: Final = "M T04 B05 R07 T09 Y11 R10 R13 Y06 Y13 B02 T02"
_DRAW_PILE: Final = (
    "B14 Y01 B07 Y14 R16 Y09 R06 B13 B12 T13 T03 B11 Y04 R17 Y05 Y08 R15 T15 B01 Y16 "
    "R01 B10 Y10 T12 Y02 T11 B09 T17 T08"
)
_SEED: Final = 281  # shuffles the rest of the draw pile, which the story never reaches

#: Luna's scripted turns in the first part, one after each of your turns from the third step on.
_LUNAS_TURNS: Final = (Move(4, (0, 0)), Move(6, (1, 0)), Move(9, (1, 1)))
#: The turns skipped between the chain and the refill (two greedy bots played them once), with Luna's
#: optional refill among them; the refill you must make on the way is the engine's own.
_SKIPPED: Final[tuple[Action, ...]] = (
    Move(11, (0, 1)),
    Move(3, (1, -1)),
    "refill",
    Move(6, (1, -1)),
    Move(9, (0, -1)),
    Move(11, (2, 0)),
    Move(2, (0, -1)),
    Move(4, (-1, 1)),
    Move(7, (2, -1)),
    Move(8, (-1, 0)),
    Move(10, (-1, -1)),
    Move(5, (-1, 0)),
    Move(1, (0, 2)),
    Move(0, (1, 2)),
    Move(3, (-2, -1)),
    Move(5, (-2, 0)),
    Move(8, (-1, 1)),
    Move(11, (-1, 2)),
    Move(1, (-2, 1)),
    Move(2, (-2, 2)),
    Move(4, (2, 2)),
    Move(7, (-1, 2)),
    Move(9, (1, -2)),
)


def deal(lang: str) -> Game:
    """The game at the start: empty areas, both track markers stacked on the new moon, yours on top; the
    seats named in ``lang``."""
    return position(dict.fromkeys(seat_names(lang), ""), wheel=_WHEEL, draw_pile=_DRAW_PILE, seed=_SEED)


def named_in(game: Game, lang: str) -> Game:
    """``game`` with its seats named in ``lang``: the same game (itself if the names are already those),
    else one rebuilt from its snapshot with the names changed (the same position, history and redo)."""
    wanted = seat_names(lang)
    if tuple(p.name for p in game.players) == wanted:
        return game
    data = game.snapshot()
    del data["position"]  # replayed from the start, as coaching.past does
    for player, name in zip(data["start"]["players"], wanted, strict=True):
        player["name"] = name
    return type(game).from_snapshot(data)


def _select(game: Game, space: int, context: Highlight = NOTHING) -> StepClick[Message]:
    """Choosing the tile on ``space``: one of the next three tiles, named by its id and its wheel space."""
    t = wheel_tile(game, space)
    args: dict[str, Value] = {"tile": TO_CLICK[t.colour](t.id), "space": space}
    light = Highlight(spaces=(space,), tasks=context.tasks, track=context.track)
    return StepClick(
        "select",
        msg("Click {tile} on wheel space {space}.", **args),
        msg("Not that one, please: click {tile} on wheel space {space}.", **args),
        msg("You chose {tile}.", tile=tile_named(t)),
        light,
        space=space,
    )


def _take(
    game: Game, move: Move, tell: Callable[[TurnPlayed], Message], context: Highlight = NOTHING
) -> StepClick[Message]:
    """Placing the chosen tile on ``move.cell``: plays the move on the script's game, and ``tell``
    words what it did."""
    seat = game.current_player
    board, t = game.players[seat].board, wheel_tile(game, move.space)
    where = where_words(board.tiles, move.cell, you=is_you(seat))
    cell = cell_words(move.cell)
    light = Highlight(cells=(move.cell, *context.cells), tasks=context.tasks, area=seat)
    prompt = msg("Click cell {cell}, {where}.", cell=cell, where=where)
    refusal = msg(
        "Not there, please: place {tile} on cell {cell}, {where}.", tile=t.id, cell=cell, where=where
    )
    answer = tell(play(game, move))
    return StepClick("take", prompt, refusal, answer, light, space=move.space, cell=move.cell, player=seat)


def _next(prompt: Message | None = None, context: Highlight = NOTHING) -> StepClick[Message]:
    """An explain-only step's click: the Next button. What follows it is told by the next step, or by
    Luna's replies."""
    light = Highlight(track=context.track, button="next")
    refusal = msg("This step only explains: read it, then press Next.")
    return StepClick("next", prompt or msg("Press Next."), refusal, None, light)


# -- the steps -----------------------------------------------------------------------------------
def _welcome(game: Game, number: int) -> Step[Message]:
    supply = game.players[0].supply
    text = plural(
        "Welcome to Nova Luna! You play one game against {name}, and each step teaches a rule just "
        "when it first matters. Each task you fulfil in your area gets one of your {n} tokens: "
        "whoever places all of them first wins. On a turn you take a tile from the moon wheel, "
        "which costs time, and place it in your area. You move first.",
        "Welcome to Nova Luna! You play one game against {name}, and each step teaches a rule just "
        "when it first matters. Each task you fulfil in your area gets one of your {n} tokens: "
        "whoever places all of them first wins. On a turn you take a tile from the moon wheel, "
        "which costs time, and place it in your area. You move "
        "first.",
        supply,
        name=_LUNA,
    )
    stack = Highlight(track=tuple(sorted({p.space for p in game.players})))
    return Step(number, "goal", cmsg("guided game step title", "Welcome"), text, (_next(context=stack),))


def _next_three(game: Game, number: int) -> Step[Message]:
    spaces = game.choices()
    text = msg(
        "The moon marker stands by wheel space {marker}. You may take only one of the next three "
        "tiles clockwise after it, framed in gold on the wheel: {tiles}, on wheel spaces {spaces}. "
        "Empty wheel spaces are skipped.",
        marker=game.marker,
        tiles=listed([wheel_tile(game, s).id for s in spaces]),
        spaces=listed(spaces),
    )
    title = cmsg("guided game step title", "The next three tiles")
    return Step(number, "next three tiles", title, text, (_select(game, 2),))


def _time(game: Game, number: int) -> Step[Message]:
    t = wheel_tile(game, 2)
    text = plural(
        "Taking a tile costs time: the number in its top-left corner. {tile} costs {n}, so your "
        "track marker moves {n} track space along the moon track. Your first tile may go anywhere "
        "in your area.",
        "Taking a tile costs time: the number in its top-left corner. {tile} costs {n}, so your "
        "track marker moves {n} track spaces along the moon track. Your first tile may go anywhere "
        "in your area.",
        t.cost,
        tile=t.id,
    )

    def tell(played: TurnPlayed) -> Message:
        return msg(
            "Your track marker moved from track space {start} to {end}. The moon marker moved to "
            "wheel space {marker}, where {tile} lay, so the next three tiles are now on wheel spaces "
            "{spaces}.",
            marker=game.marker,
            tile=played.tile.id,
            spaces=listed(game.choices()),
            **played.spaces,
        )

    return Step(
        number,
        "time",
        cmsg("guided game step title", "Time on the moon track"),
        text,
        (_take(game, Move(2, (0, 0)), tell),),
    )


def _who_moves(game: Game, number: int) -> Step[Message]:
    you, luna = game.players
    start = game.snapshot()["start"]["players"]
    top = max(range(len(start)), key=lambda i: start[i]["arrival"])  # the seat on top of the stack
    args: dict[str, Value] = {"name": _LUNA, "yours": you.space, "theirs": luna.space}
    if is_you(top):
        text = msg(
            "Who moves next? Not the next player round the table, but the player whose track marker "
            "is rearmost on the moon track. Yours stands on track space {yours} and {name}'s on "
            "{theirs}, so {name} moves next. At the start both lay in one stack on track space 0; of "
            "a stack the one on top moves, and yours lay on top, so you began.",
            **args,
        )
    else:
        text = msg(
            "Who moves next? Not the next player round the table, but the player whose track marker "
            "is rearmost on the moon track. Yours stands on track space {yours} and {name}'s on "
            "{theirs}, so {name} moves next. At the start both lay in one stack on track space 0; of "
            "a stack the one on top moves, and {name}'s lay on top, so {name} "
            "began.",
            **args,
        )
    click = _next(
        msg("Press Next to watch {name}'s turn.", name=_LUNA),
        context=Highlight(track=(you.space, luna.space)),
    )
    return Step(
        number,
        "who moves next",
        cmsg("guided game step title", "Who moves next"),
        text,
        (click,),
        (luna_reply(game, _LUNAS_TURNS[0]),),
    )


def _next_to(game: Game, number: int) -> Step[Message]:
    cells = game.players[0].board.legal_cells()
    text = plural(
        "From your second tile on, each tile goes on an empty cell next to one of your tiles, "
        "along a side: touching only at a corner is not enough. Your area has {n} such cell now: "
        "{cells}.",
        "From your second tile on, each tile goes on an empty cell next to one of your tiles, "
        "along a side: touching only at a corner is not enough. Your area has {n} such cells now: "
        "{cells}.",
        len(cells),
        cells=listed([cell_words(c) for c in cells]),
    )

    def tell(played: TurnPlayed) -> Message:
        why = game.players[0].board.explain(played.move.cell, 2)
        (count,) = why.colours
        return msg(
            '{tile} lies {where}. Its task "{task}" has {has} so far. {track}',
            tile=played.tile.id,
            where=played.where,
            task=why.tile.tasks[2].words(),
            has=count.words(),
            track=track_move(game, played),
        )

    clicks = (_select(game, 5), _take(game, Move(5, (1, 0)), tell, Highlight(cells=tuple(cells))))
    title = cmsg("guided game step title", "Next to your tiles")
    return Step(number, "next to your tiles", title, text, clicks, (luna_reply(game, _LUNAS_TURNS[1]),))


def _first_task(game: Game, number: int) -> Step[Message]:
    t = wheel_tile(game, 7)
    text = msg(
        "A task is fulfilled when enough tiles of its colours touch its tile along a side: one tile "
        "for each dot. Then one of your tokens goes on it. {tile} asks for {tasks}.",
        tile=t.id,
        tasks=asks(t),
    )

    def tell(played: TurnPlayed) -> Message:
        board = game.players[0].board
        (ref,) = played.covered
        return msg(
            "Your first token: {task} is fulfilled, because {why}. {tokens} {track}",
            task=task_on_tile(board, ref),
            why=counted(board, ref),
            tokens=seat_tokens(game, 0),
            track=track_move(game, played),
        )

    clicks = (_select(game, 7), _take(game, Move(7, (1, 1)), tell))
    return Step(
        number,
        "first task",
        cmsg("guided game step title", "A first task fulfilled"),
        text,
        clicks,
        (luna_reply(game, _LUNAS_TURNS[2]),),
    )


def _chain(game: Game, number: int) -> Step[Message]:
    text = msg(
        "Tiles of one colour joined along their sides form a chain. When one tile of a chain touches "
        "a task's tile, the task counts the whole chain."
    )

    def tell(played: TurnPlayed) -> Message:
        board = game.players[0].board
        tasks = joined(
            (
                msg("{task}: {why}", task=task_on_tile(board, ref), why=counted(board, ref))
                for ref in played.covered
            ),
            "clauses",
        )
        partners = [board[c].id for c in board.chain(played.move.cell, played.tile.colour)[0]]
        formed = plural(
            "{tile} and {partners} now form {chain}, and {n} task is fulfilled through it. {tasks}.",
            "{tile} and {partners} now form {chain}, and {n} tasks are fulfilled through it. {tasks}.",
            len(played.covered),
            tile=played.tile.id,
            partners=listed(partners),
            chain=CHAIN[played.tile.colour],
            tasks=tasks,
        )
        corner = corner_words(board, played.covered[0])
        told = [formed, *([] if corner is None else [corner]), seat_tokens(game, 0), track_move(game, played)]
        return sentences(*told)

    tasks = Highlight(tasks=((1, 0, 2), (1, 1, 0)))
    clicks = (_select(game, 10, tasks), _take(game, Move(10, (0, 1)), tell, tasks))
    return Step(number, "chain", cmsg("guided game step title", "A chain"), text, clicks)


def _skip_ahead(game: Game, number: int) -> Step[Message]:
    taken = [0, 0]
    for action in _SKIPPED:
        if isinstance(action, Move):
            taken[game.current_player] += 1
        game.play(action)
    you, luna = game.players
    text = sentences(
        plural(
            "Let's skip ahead in this game: you took {n} more tile and {name} {theirs}, and both areas "
            "have grown.",
            "Let's skip ahead in this game: you took {n} more tiles and {name} {theirs}, and both areas "
            "have grown.",
            taken[0],
            name=_LUNA,
            theirs=taken[1],
        ),
        plural(  # the skipped turns leave you ahead (tests/test_guide.py holds them to it)
            "You have {n} token left and {name} has {theirs}: fewer is better, so you are ahead.",
            "You have {n} tokens left and {name} has {theirs}: fewer is better, so you are ahead.",
            you.tokens,
            name=_LUNA,
            theirs=luna.tokens,
        ),
        msg(
            "The moon track is a circle that track markers go round again and again: yours now stands on "
            "track space {yours} and {name}'s on {theirs}, so you are rearmost and move.",
            yours=you.space,
            name=_LUNA,
            theirs=luna.space,
        ),
    )
    click = _next(context=Highlight(track=(you.space, luna.space)))
    return Step(
        number,
        "skip ahead",
        cmsg("guided game step title", "Later in the game"),
        text,
        (click,),
        skipped=_SKIPPED,
    )


def _refill(game: Game, number: int) -> Step[Message]:
    left = game.choices()
    text = sentences(
        plural(
            "Only {n} tile is left on the wheel, {tiles}, and it would not fulfil a task in your area.",
            "Only {n} tiles are left on the wheel, {tiles}, and neither would fulfil a task in your area.",
            len(left),
            tiles=listed([wheel_tile(game, s).id for s in left]),
        ),
        msg(
            "When 1 or 2 tiles are left at the start of your turn and the draw pile has tiles, you may "
            "refill the wheel before you take a tile: each empty wheel space gets a tile from the draw pile, "
            "from the one nearest the moon marker clockwise. The moon marker's own space stays empty. (With "
            "no tile left, you must refill.)"
        ),
    )
    game.play("refill")
    placed = game.recent_log(1)[0].data["placed"]
    answer = sentences(
        plural(
            "The refill put {n} tile from the draw pile on the empty wheel spaces, from wheel space "
            "{space} clockwise.",
            "The refill put {n} tiles from the draw pile on the empty wheel spaces, from wheel space "
            "{space} clockwise.",
            len(placed),
            space=placed[0][0],
        ),
        msg(
            "The next three tiles are now {tiles}.",
            tiles=listed([wheel_tile(game, s).id for s in game.choices()]),
        ),
    )
    click = StepClick(
        "refill",
        msg("Press Refill."),
        msg("First the refill, please: press Refill."),
        answer,
        Highlight(spaces=tuple(left), button="refill"),
        player=game.current_player,
    )
    return Step(number, "refill", cmsg("guided game step title", "The optional refill"), text, (click,))


def _in_a_row(game: Game, number: int) -> Step[Message]:
    you, luna = game.players
    t = wheel_tile(game, 11)
    text = msg(
        "Your track marker stands on track space {yours} and {name}'s on {theirs}. {tile} costs only "
        "{cost}: after it you are still rearmost, so you move again at once.",
        yours=you.space,
        name=_LUNA,
        theirs=luna.space,
        tile=t.id,
        cost=t.cost,
    )

    def tell(played: TurnPlayed) -> Message:
        board = game.players[0].board
        (ref,) = played.covered
        return sentences(
            msg(
                "{tile} lies {where}, so {task} is fulfilled: {why}.",
                tile=played.tile.id,
                where=played.where,
                task=task_on_tile(board, ref),
                why=counted(board, ref),
            ),
            seat_tokens(game, 0),
            track_move(game, played),
            plural(
                "That makes {n} turn in a row: a cheap tile can win you extra turns.",
                "That makes {n} turns in a row: a cheap tile can win you extra turns.",
                game.turns_in_a_row,
            ),
        )

    track = Highlight(track=(you.space, luna.space))
    clicks = (_select(game, 11, track), _take(game, Move(11, (-3, 0)), tell))
    return Step(number, "turns in a row", cmsg("guided game step title", "Twice in a row"), text, clicks)


def _end(game: Game, number: int) -> Step[Message]:
    move = Move(1, (-3, 1))
    t, board = wheel_tile(game, move.space), game.players[0].board
    near = [TOUCHED[board[n].colour](board[n].id) for n in neighbours(move.cell) if n in board]
    text = sentences(
        seat_tokens(game, 0),
        msg("The game ends the moment a player places their last token, and that player wins."),
        msg(
            "{tile} asks for {tasks}; on cell {cell} it would touch {tiles}.",
            tile=t.id,
            tasks=asks(t),
            cell=cell_words(move.cell),
            tiles=listed(near),
        ),
    )

    def tell(played: TurnPlayed) -> Message:
        # Only you ever place a tile in the guide (Luna's turns are replies, never the last click), and the
        # game ends the moment the mover places their last token, with the mover the winner: so the end is
        # always your win, and told as one.
        assert is_you(played.seat) and game.end_reason == "last token" and game.winner == played.seat
        (ref,) = played.covered
        won = msg(
            "{task} is fulfilled: {why}. That was your last token, so the game is over and you win!",
            task=task_on_tile(board, ref),
            why=counted(board, ref),
        )
        return sentences(
            won,
            plural(
                "{name} still had {n} token left.",
                "{name} still had {n} tokens left.",
                game.players[1].tokens,
                name=_LUNA,
            ),
            _STILL_TO_LEARN,
        )

    clicks = (_select(game, move.space), _take(game, move, tell))
    return Step(number, "end", cmsg("guided game step title", "The end"), text, clicks)


#: The guided game's last words: the rules it did not show, and the tutorials that teach them, by name.
_STILL_TO_LEARN: Final = msg(
    "Now you know the rules of a first game, but for a few it never showed: a task's own tile never "
    "counts for it (tutorial 2, Task chains); a short draw pile and the refill you must make when the "
    "wheel is bare (tutorial 3, Time and turn order); the end when no tile can be taken, and the "
    "tie-break of the ranking (tutorial 4, Ending and scoring). Then try a whole game of your own."
)

_BEATS: Final[tuple[Callable[[Game, int], Step[Message]], ...]] = (
    _welcome,
    _next_three,
    _time,
    _who_moves,
    _next_to,
    _first_task,
    _chain,
    _skip_ahead,
    _refill,
    _in_a_row,
    _end,
)

__all__ = ["deal", "named_in", "steps", "written_steps"]


@cache
def written_steps() -> tuple[Step[Message], ...]:
    """Every step of the guided game with its sentences as messages, written by playing the whole script
    once on a fresh deal (its seats named in English, which no sentence reads: see ``NAMED``)."""
    game = deal("en")
    return tuple(beat(game, number) for number, beat in enumerate(_BEATS, 1))


def steps(lang: str | None = None) -> tuple[Step[str], ...]:
    """Every step of the guided game, worded in ``lang`` (None: the package language); the same tuple
    each time for a language."""
    return _steps(resolve(lang))


@cache
def _steps(lang: str) -> tuple[Step[str], ...]:
    return tuple(step.worded(lang) for step in written_steps())
