"""What the widget and its page say to each other, as pure functions: no anywidget, traitlets or IPython.

Python owns the game; the page only draws and asks. Python syncs one JSON ``state`` (``page_state``:
the position from ``game_state`` plus the widget's own fields) and, once, the ``catalogue`` of tiles.
The page draws them and sends back *intents* ("take space 4, place at (1, 0)"; ``INTENTS`` lists
them), each carrying the ``version`` of the state it was made on. The version grows with every change
of the position, so a click made on an old picture (after an undo, or a move made from Python) is
refused instead of being applied to a position the player never saw.

What happened is told in the page's own words (``narration``): each turn as a sentence for the log and the
live region, the solo score's breakdown and the summary at the end.

Python trusts nothing the page sends: ``parse_intent`` checks an intent's shape (``BadIntent``),
``check_intent`` refuses one made on an older picture or for a seat that may not move, and the engine
judges the move itself (``IllegalMove``); each refusal is a sentence as data (``i18n.Message``), worded
for the page's error area in the widget's language. The state's words are in the language ``game_state``
is asked for, and ``page_state`` says which (``lang``) and its direction (``dir``). Everything
the page needs for instant feedback (legal cells, what each placement would fulfil, each task's chain)
is computed here, so no rule lives in JavaScript.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, cast, get_args, get_type_hints

from ._board import Board, whole_number
from ._contract import (
    Can,
    Catalogue,
    CoachCan,
    Colour,
    Direction,
    EndReason,
    Fulfil,
    GameKind,
    HintShown,
    Intent,
    Letter,
    LogEntry,
    ModePart,
    MoveOptions,
    Over,
    PlayerState,
    Position,
    RecentTurn,
    Solo,
    State,
    StateCommon,
    TaskRow,
    TaskStatus,
    TrackSpace,
    View,
    Why,
)
from ._errors import BadIntent, IllegalMove, quote
from ._game import Action, Game, Player, sheet_of, track_of
from ._i18n import LANGUAGES, RIGHT_TO_LEFT, Message, cmsg, joined, msg, resolve, word
from ._log import seat_words
from ._names import alone, named
from ._narration import Turn, end_summary, end_words, solo_goal, solo_lines, tell
from ._tiles import COLOURS, LETTERS, TILES
from .bots import BOT_WORDS, BOTS, Bot, play_turn
from .puzzles._progress import MAX_NAME

__all__ = [
    "INTENTS",
    "LOG_TAIL",
    "BadIntent",
    "Reader",
    "Seats",
    "bot_actions",
    "catalogue",
    "check_bot",
    "check_intent",
    "check_reader",
    "check_selection",
    "game_state",
    "intent_fields",
    "page_state",
    "parse_intent",
    "parse_seats",
    "played_by_bot",
    "player_state",
    "reader_of",
]

#: How many of the latest log entries (a turn, a refill, a phase, the end) the state carries; ``game.log``
#: has every event.
LOG_TAIL: Final = 24
#: How many turns ``recent`` holds at most (in a long run of bot turns, the latest).
_RECENT: Final = 8
#: Bot seats as the widget takes them: a mapping seat → bot name, a list with a name or None per seat,
#: or None for no bots.
Seats = Mapping[int, str] | Sequence[str | None] | None
#: Who the widget tells about as "you": a seat, None (nobody), or "auto" (``reader_of`` the seats).
Reader = int | Literal["auto"] | None

_GAME_OVER: Final = msg("the game is over; press New game to play again")


# -- the state the page draws ------------------------------------------------------------------
def game_state(
    game: Game,
    seats: Sequence[str | None] | None = None,
    lang: str | None = None,
    *,
    reader: int | None = None,
) -> Position:
    """The position as the JSON the page draws (``page_state`` adds the widget's own fields), every
    sentence in ``lang`` (None: the package language), the player of seat ``reader`` told about as "you"
    (None: nobody).

    ``wheel``: 12 tile ids or None; ``marker``; ``choices`` (takeable spaces, in order); ``pile``
    (draw pile count) and ``pile_colours`` (its tiles per colour: public, as 17 of each colour less
    those in sight); ``current`` (None once over); ``order`` (turn order); ``track``: ``[space,
    [players bottom to top]]``; ``players``: name, ``you`` (whether the seat is ``reader``'s: the page
    has messages of their own for them), tokens, supply, time, space, ``bot`` (the seat's
    bot from ``seats``, or None), ``tiles`` (``[id, x, y]`` in placement order) and ``tasks`` (see
    ``_tasks``); ``moves``: the legal cells of the player to move and, for each takeable tile, what
    each cell would fulfil; ``recent``: the turns since the player to move last moved (see
    ``_recent``); ``log``: the latest entries ``[id, kind, player, sentence]`` (``narration.tell``) and
    ``log_total``, the number of events in ``game.log`` (an entry whose id is at least the
    ``log_total`` the page drew last is new); ``over`` (reason, winner, ranking, the words and a
    summary); ``solo`` (``Game.score_sheet``, its ``lines`` and the phase's ``goal``); ``can``: what the
    buttons may do.
    """
    lang = resolve(lang)
    seats = list(seats) if seats is not None else [None] * len(game.players)
    entries, turns = tell(game, LOG_TAIL, lang, reader=reader)
    names = [word(name, lang) for name in named([p.name for p in game.players])]
    solo = alone([p.name for p in game.players])  # the one player at a solo table is "you" (names.alone)
    return {
        "kind": cast(GameKind, game.kind),
        "seed": game.seed,
        "turn": game.turn,
        "wheel": [None if t is None else t.id for t in game.wheel],
        "marker": game.marker,
        "choices": game.choices(),
        "pile": len(game.draw_pile),
        "pile_colours": {c: sum(t.colour == c for t in game.draw_pile) for c in COLOURS},
        "current": None if game.is_over else game.current_player,
        "order": game.turn_order(),
        "track": _track(game),
        "players": [
            player_state(p, seat, you=k == reader or solo, name=names[k])
            for k, (p, seat) in enumerate(zip(game.players, seats, strict=True))
        ],
        "moves": _moves(game),
        "recent": _recent(game, turns),
        "log": [cast(LogEntry, entry) for entry in entries],
        "log_total": game.log_length,
        "over": _over(game, lang, reader),
        "solo": _solo(game, lang),
        "can": {
            "refill": game.can_refill,
            "undo": game.can_undo,
            "redo": game.can_redo,
            "end_phase_one": game.can_end_phase_one,
            "bot": not game.is_over,
        },
    }


def page_state(
    position: Position,
    *,
    version: int,
    selected: int | None,
    error: str | None,
    answered: int,
    bot: str,
    view: View,
    mode: ModePart | None = None,
    hint: HintShown | None = None,
    why: Why | None = None,
    can: CoachCan | None = None,
    lang: str | None = None,
) -> State:
    """The whole ``state`` the page draws: ``position`` (from ``game_state``, or a past one), then
    ``version`` (intents must name it), ``selected`` (the space chosen and not yet placed), ``error``
    (why the last intent was refused), ``answered`` (intents handled: each gets a new state, so the page
    knows it was heard even when nothing else changed), ``bot`` (what the Bot button asks), ``bot_names``
    (as code names them) and ``bot_words`` (each as a player reads it),
    and the coach's fields: ``view`` (the position of the history on show, ``coach_view.view_state``),
    ``hint`` (``coach_view.hint_state`` or None), ``why`` (the explanation of the task the page asked
    about, or None), ``can`` flags added to the position's (``hint``, ``review``), the language the words
    are in: ``lang`` (its code; None: the package language) and ``dir`` (``_direction``); last the
    ``mode``'s own fields, which tag the state (its name, the guided game's ``tutorial``, the
    ``puzzle`` on show; None: the game now, ``playing``)."""
    lang = resolve(lang)
    page: StateCommon = {
        **position,
        "version": version,
        "selected": selected,
        "error": error,
        "answered": answered,
        "bot": bot,
        "bot_names": list(BOTS),
        "bot_words": {name: BOT_WORDS[name].in_language(lang) for name in BOTS},
        "view": view,
        "hint": hint,
        "why": why,
        "can": _can(position["can"], can),
        "lang": lang,
        "dir": _direction(lang),
    }
    fields: ModePart = {"mode": "playing"} if mode is None else mode
    return cast(State, {**page, **fields})  # one variant: the mode's fields over the common ones


def _can(position: Can, widget: CoachCan | None) -> Can:
    """The position's button flags with the widget's over them."""
    return {**position, **(widget or {})}


def _direction(lang: str | None = None) -> Direction:
    """The direction the text of ``lang`` runs, as HTML's ``dir`` says it: "rtl" (Persian) or "ltr"."""
    return "rtl" if resolve(lang) in RIGHT_TO_LEFT else "ltr"


def catalogue() -> Catalogue:
    """The 68 tiles by id: ``[colour, cost, tasks]`` with each task a list of ``[colour, count]``.

    Sent once: the state names tiles by id only, which keeps every move's sync small."""
    return {
        t.id: (t.colour, t.cost, [[(cast(Colour, c), n) for c, n in task.items()] for task in t.tasks])
        for t in TILES
    }


def _track(game: Game) -> list[TrackSpace]:
    """``[space, [players bottom to top]]`` for each occupied moon-track space (none solo)."""
    if not game.has_moon_track:
        return []
    return [(space, stack) for space, stack in sorted(track_of(game).items())]


def player_state(
    player: Player, seat: str | None, *, you: bool = False, name: str | None = None
) -> PlayerState:
    """One player of ``state.players`` (see ``game_state``); ``seat`` is the bot playing it, or None;
    ``you``, whether the player is the reader; ``name``, the name as shown (a name the package chose, in
    the state's language: ``names.named``; None: the player's own). Nothing else here is worded: the
    page words its labels about a player itself, ``you`` telling it which messages to use."""
    board = player.board
    return {
        "name": player.name if name is None else name,
        "you": you,
        "tokens": player.tokens,
        "supply": player.supply,
        "time": player.time,
        "space": player.space,
        "bot": seat,
        "tiles": [(t.id, x, y) for (x, y), t in board.tiles.items()],
        "tasks": _tasks(board, player.covered),
    }


def _tasks(board: Board, covered: frozenset[tuple[int, int, int]]) -> list[TaskRow]:
    """Every task of the area with its chain (``Board.explain``), compactly: ``[tile, task, status,
    counts]``.

    ``tile`` indexes the player's ``tiles``; ``status`` is 0 open, 1 fulfilled (no token left for it),
    2 covered; ``counts`` holds ``[colour letter, needed, counted, chain, touching]`` per colour, the
    chain and touching tiles again as indexes into ``tiles``. The page words the sentence from these
    counts: the engine's own sentences would take 26 KB of a late 4-player state, the counts 10 KB.
    """
    index = {cell: i for i, cell in enumerate(board.tiles)}
    fulfilled = board.fulfilled_tasks()
    rows: list[TaskRow] = []
    for cell, t in board.tiles.items():
        for k in range(len(t.tasks)):
            why = board.explain(cell, k)
            ref = (cell[0], cell[1], k)
            status: TaskStatus = 2 if ref in covered else 1 if ref in fulfilled else 0
            counts = [
                (
                    cast(Letter, LETTERS[c.colour]),
                    c.needed,
                    c.counted,
                    [index[m] for m in c.chain],
                    [index[m] for m in c.touching],
                )
                for c in why.colours
            ]
            rows.append((index[cell], k, status, counts))
    return rows


def _moves(game: Game) -> MoveOptions:
    """The legal cells of the player to move and, per takeable space (in ``choices`` order), the cells
    where the tile would fulfil tasks: ``[cell index, [[x, y, task], ...]]`` (the new tile's own
    tasks carry its cell)."""
    if game.is_over:
        return {"cells": [], "fulfil": []}
    board = game.players[game.current_player].board
    cells = board.legal_cells()
    fulfil: list[list[Fulfil]] = []
    for space in game.choices():
        t = game.wheel[space]
        assert t is not None
        effects = ((i, board.would_fulfil(t, c)) for i, c in enumerate(cells))
        fulfil.append([(i, sorted(refs)) for i, refs in effects if refs])
    return {"cells": list(cells), "fulfil": fulfil}


def _recent(game: Game, turns: Sequence[Turn]) -> list[RecentTurn]:
    """The turns since the player to move last moved, that turn included: ``[id, player, tile, space,
    x, y]`` each, oldest first (the latest ``_RECENT``). The page marks them until the next move and
    moves the pieces of those it has not drawn yet. Once the game is over, from the last turn of the
    player the game stopped at."""
    mover = game.current_player
    start = max((k for k, t in enumerate(turns) if t.player == mover), default=0)
    return [(t.id, t.player, t.tile, t.space, *t.cell) for t in turns[start:]][-_RECENT:]


def _over(game: Game, lang: str, reader: int | None) -> Over | None:
    """How the game ended, from the game's own result rather than found in the log (a finished position
    set up by ``scenario.position`` or read from a save need not log its end): reason, winner, ranking,
    the words (``narration.end_words``) and a summary (``narration.end_summary``)."""
    if not game.is_over:
        return None
    return {
        "reason": cast(EndReason, game.end_reason),
        "winner": cast(int, game.winner),
        "ranking": game.ranking(),
        "text": end_words(game, lang, reader=reader),
        "lines": end_summary(game, lang),
    }


def _solo(game: Game, lang: str) -> Solo | None:
    """The solo standing (``Game.score_sheet``) with its breakdown in words (``lines``) and what the
    phase asks now (``goal``); None in a game of 2–4."""
    if not game.is_solo:
        return None
    sheet = sheet_of(game, lang)
    return {**sheet, "lines": solo_lines(game, sheet, lang), "goal": solo_goal(game, sheet, lang)}


# -- intents -----------------------------------------------------------------------------------
def _is_int(value: object) -> bool:
    # bool is an int in Python but never a space or a cell; huge numbers are never meant either.
    return type(value) is int and abs(value) < 2**31


@dataclass(frozen=True)
class _Field:
    """One field of an intent: how to check it, how to say what was expected, and whether the contract
    lets it be missing."""

    expected: Message
    check: Callable[[object], bool]
    required: bool = True


def _or_none(field: _Field, expected: Message) -> _Field:
    return _Field(expected, lambda v: v is None or field.check(v))


_WHOLE = _Field(msg("a whole number"), _is_int)
_TASK = _Field(
    msg("three whole numbers [player, tile, task], or null"),
    lambda v: isinstance(v, list) and len(v) == 3 and all(_is_int(c) for c in v),
)
#: How each field the contract's intents name is checked, by its name and whether the contract lets it be
#: null. A field the contract gains needs its check here, or importing this module fails.
_CHECKS: Final[Mapping[tuple[str, bool], _Field]] = {
    ("space", False): _WHOLE,
    ("space", True): _or_none(_WHOLE, msg("a whole number or null")),
    ("cell", False): _Field(
        msg("a pair of whole numbers [x, y]"),
        lambda v: isinstance(v, list) and len(v) == 2 and all(_is_int(c) for c in v),
    ),
    ("player", False): _Field(msg("a player index"), _is_int),
    ("bot", False): _Field(
        msg("one of {choices}", choices=joined(BOTS)), lambda v: isinstance(v, str) and v in BOTS
    ),
    ("turn", True): _or_none(_WHOLE, msg("a position number or null")),
    ("row", True): _or_none(_WHOLE, msg("an action number or null")),
    ("answer", False): _Field(
        msg("a whole number, a word, or a list of two or three whole numbers"),
        lambda v: (
            _is_int(v)
            or (isinstance(v, str) and 0 < len(v) <= 20)
            or (isinstance(v, list) and 2 <= len(v) <= 3 and all(_is_int(c) for c in v))
        ),
    ),
    ("task", True): _or_none(_TASK, _TASK.expected),
    ("name", False): _Field(
        msg("a name of 1 to {limit} printable characters", limit=MAX_NAME),
        lambda v: isinstance(v, str) and 0 < len(v.strip()) <= MAX_NAME and v.isprintable(),
    ),
    ("lang", False): _Field(
        msg("one of {choices}", choices=joined(LANGUAGES)), lambda v: isinstance(v, str) and v in LANGUAGES
    ),
}


def intent_fields(intents: object) -> dict[str, dict[str, _Field]]:
    """Each action's fields besides ``action`` and ``version`` (which every intent carries), read from
    ``intents``, a union of the contract's intent types (``contract.Intent``): each type's ``action``
    literals, its other keys (checked as ``_CHECKS`` says for the name, null allowed where the type
    allows it) and which of them may be missing (a ``total=False`` key). So an intent is written once, in
    the contract."""
    actions: dict[str, dict[str, _Field]] = {}
    for kind in get_args(intents):
        hints = get_type_hints(kind)
        fields = {}
        for name, hint in hints.items():
            if name in ("action", "version"):
                continue
            nullable = type(None) in get_args(hint)
            if (name, nullable) not in _CHECKS:
                raise TypeError(
                    f"{kind.__name__}.{name}: the contract's field has no check in protocol._CHECKS"
                )
            field = _CHECKS[name, nullable]
            fields[name] = replace(field, required=name in kind.__required_keys__)
        for action in get_args(hints["action"]):
            actions[action] = fields
    return actions


#: Each action's fields, from the contract (``intent_fields``). The actions with a ``player`` field are
#: moves: only the player to move may make them, and not for a bot's seat. ``language`` words everything
#: the widget says in another language (a code of ``i18n.LANGUAGES``); ``why`` asks why a task of the
#: position on show is or is not fulfilled (``State.why``). ``puzzles`` opens the puzzles; ``pick``,
#: ``unpick``, ``check``, ``reveal``, ``download``, ``learner`` (the learner's name) and ``leave`` are
#: theirs (``modes.puzzle``), as ``hint`` and ``next`` are there.
INTENTS: Final[Mapping[str, Mapping[str, _Field]]] = intent_fields(Intent)


def _from_page(content: object) -> object:
    """The page's message with JavaScript's null read as None. In JupyterLite the kernel is Pyodide, which
    hands a message's null to Python as ``pyodide.ffi.jsnull`` (Select's "no tile" would be refused).
    Pyodide's kernel has imported that module before any message arrives; elsewhere it does not exist
    and nothing changes. Only an intent's fields can be a bare null: a null inside a cell is refused
    like any other bad cell."""
    ffi = sys.modules.get("pyodide.ffi")
    if ffi is None or not isinstance(content, dict):
        return content
    return {key: None if value is ffi.jsnull else value for key, value in content.items()}


def parse_intent(content: object) -> Intent:
    """``content`` if it is a well-formed intent (see ``INTENTS``), else ``BadIntent`` with a short
    message. Only the shape is checked here: whether the move is legal is the engine's to judge."""
    content = _from_page(content)
    if not isinstance(content, dict):
        raise BadIntent(
            msg("a message from the page must be an object, not {type}", type=type(content).__name__)
        )
    action = content.get("action")
    if not isinstance(action, str) or action not in INTENTS:
        raise BadIntent(
            msg(
                "unknown action {value}; actions are {actions}",
                value=quote(action, 60),
                actions=joined(INTENTS),
            )
        )
    if not _is_int(content.get("version")):
        raise BadIntent(
            msg("the {action} message lacks the version of the picture it was made on", action=repr(action))
        )
    fields = INTENTS[action]
    for key, value in content.items():
        if key in ("action", "version"):
            continue
        if key not in fields:
            raise BadIntent(
                msg("unexpected field {field} in a {action} message", field=quote(key), action=repr(action))
            )
        if not fields[key].check(value):
            raise BadIntent(
                msg(
                    "{field} of a {action} message must be {expected}, not {value}",
                    field=repr(key),
                    action=repr(action),
                    expected=fields[key].expected,
                    value=quote(value),
                )
            )
    missing = [repr(key) for key, field in fields.items() if field.required and key not in content]
    if missing:
        raise BadIntent(msg("a {action} message needs {fields}", action=repr(action), fields=joined(missing)))
    return cast(Intent, content)


def check_intent(
    intent: Mapping[str, Any],
    game: Game,
    seats: Sequence[str | None],
    version: int,
    *,
    reader: int | None = None,
) -> None:
    """Refuse (``IllegalMove``) a well-formed intent made on another ``version`` of the picture, or a
    move for a seat that may not make it: not the player to move, a bot's seat (but for the Bot button,
    "Bot plays for …"; the refusal says "you" to the seat ``reader``), or any move once the game is
    over. Selections are ``check_selection``'s."""
    if intent["version"] != version:
        raise IllegalMove(
            msg(
                "that click was made on an older picture (version {old}, now {now}); the board "
                "is up to date now, please try again",
                old=intent["version"],
                now=version,
            )
        )
    action = intent["action"]
    if "player" not in INTENTS[action]:
        return
    if game.is_over:
        raise IllegalMove(_GAME_OVER)
    current = game.current_player
    player = intent.get("player")
    if player is not None and player != current:
        raise IllegalMove(_out_of_turn(game, player, reader))
    seat = seats[current]
    if seat is not None and action != "bot":
        raise IllegalMove(played_by_bot(game, seat, reader))
    if action == "take":
        check_selection(game, intent["space"])


def played_by_bot(game: Game, bot: str, reader: int | None, *, hint: bool = False) -> Message:
    """Why the player to move, whose seat the bot ``bot`` plays, may not move by hand (press Bot plays
    for …: the button's words as the page shows them, js/panels.js) or, with ``hint``, ask for a hint;
    the seat ``reader`` is told about as "you". Worded here once, for the page's clicks and the modes."""
    name, yours = seat_words([p.name for p in game.players], game.current_player, reader)
    words = BOT_WORDS[bot]
    if hint and yours:
        return cmsg(
            "the player named You, the reader",
            "{name} are played by the {bot} bot: hints are for the players who move",
            name=name,
            bot=words,
        )
    if hint:
        return msg(
            "{name} is played by the {bot} bot: hints are for the players who move", name=name, bot=words
        )
    if yours:
        return cmsg(
            "the player named You, the reader",
            "{name} are played by the {bot} bot: press Bot plays for {name}",
            name=name,
            bot=words,
        )
    return msg("{name} is played by the {bot} bot: press Bot plays for {name}", name=name, bot=words)


def _out_of_turn(game: Game, player: int, reader: int | None) -> Message:
    """Why a move for seat ``player`` is refused while another moves: the reader (seat ``reader``, or a seat
    named "you": ``log.seat_words``) is told about as "you", in messages of their own ("it is your
    turn", «сейчас ходите вы»)."""
    current = game.current_player
    names = [p.name for p in game.players]
    name, yours = seat_words(names, current, reader)
    if not 0 <= player < len(game.players):
        if yours:
            return cmsg(
                "the player named You, the reader",
                "there is no player {player}; it is your turn",
                player=player,
            )
        return msg("there is no player {player}; it is {name}'s turn", player=player, name=name)
    other, others = seat_words(names, player, reader)
    if yours:
        return cmsg(
            "the player named You, the reader",
            "it is your turn, not {other}'s: place the tile in your area",
            other=other,
        )
    if others:
        return cmsg(
            "the player named You, the reader",
            "it is {name}'s turn, not yours: place the tile in {name}'s area",
            name=name,
        )
    return msg("it is {name}'s turn, not {other}'s: place the tile in {name}'s area", name=name, other=other)


def _offered(game: Game, space: int) -> str:
    """The id of the tile on wheel ``space`` (which holds one)."""
    t = game.wheel[space]
    assert t is not None
    return t.id


def check_selection(game: Game, space: object) -> int | None:
    """``space`` as an int (numpy integers too) if its tile can be taken now, None to clear the choice; else
    ``IllegalMove``.

    The refusal names each tile by its id and says where it lies by the wheel space number the rim shows
    (the glossary's one name for a tile on offer): "B11 on wheel space 9 is not among the next three
    tiles: take R07 (wheel space 4), B03 (wheel space 5) or Y01 (wheel space 6)"."""
    choices = game.choices()
    number = whole_number(space)
    if space is None or number in choices:
        return number
    if not choices:
        raise IllegalMove(msg("no tile can be taken now: the game is over"))
    named = [msg("{tile} (wheel space {space})", tile=_offered(game, s), space=s) for s in choices]
    if len(named) == 1:
        offer = msg("take {choice}", choice=named[0])
    else:
        offer = msg("take {choices} or {last}", choices=joined(named[:-1]), last=named[-1])
    if number is None or not 0 <= number < len(game.wheel) or game.wheel[number] is None:
        given = quote(space) if number is None else number
        raise IllegalMove(msg("wheel space {space} holds no tile: {offer}", space=given, offer=offer))
    raise IllegalMove(
        msg(
            "{tile} on wheel space {space} is not among the next three tiles: {offer}",
            tile=_offered(game, number),
            space=number,
            offer=offer,
        )
    )


# -- bots --------------------------------------------------------------------------------------
def parse_seats(bots: Seats, n_players: int) -> list[str | None]:
    """The bot name (or None) of each of ``n_players`` seats from a mapping (seat → name), a list (a
    name or None per seat) or None; ``ValueError`` or ``TypeError`` for anything else."""
    if bots is None:
        return [None] * n_players
    if isinstance(bots, Mapping):
        pairs = list(bots.items())
    elif isinstance(bots, (list, tuple)):
        if len(bots) != n_players:
            raise ValueError(
                msg(
                    "bots lists one entry (a bot name or None) per player: {players}, not {given}",
                    players=n_players,
                    given=len(bots),
                )
            )
        pairs = [(i, b) for i, b in enumerate(bots) if b is not None]
    else:
        raise TypeError(
            msg(
                "bots is a dict {{seat: bot name}} or a list with a name or None per seat, not {value}",
                value=quote(bots),
            )
        )
    seats: list[str | None] = [None] * n_players
    for seat, name in pairs:
        number = whole_number(seat)  # numpy integers too, as a DataFrame hands them back
        if number is None or not 0 <= number < n_players:
            raise ValueError(
                msg(
                    "bot seat {seat} is not a player index 0–{last}",
                    seat=quote(seat) if number is None else number,  # a number as the reader writes it
                    last=n_players - 1,
                )
            )
        seats[number] = check_bot(name)
    return seats


def check_reader(reader: object, n_players: int) -> Reader:
    """``reader`` as ``NovaLunaWidget(reader=...)`` takes it: a seat (an int, numpy integers too), None or
    ``"auto"``; else ``ValueError``."""
    if reader is None or (isinstance(reader, str) and reader == "auto"):
        return cast(Reader, reader)
    number = whole_number(reader)
    if number is None or not 0 <= number < n_players:
        raise ValueError(
            msg(
                "reader is a player index 0–{last}, None (nobody) or 'auto', not {value}",
                last=n_players - 1,
                value=quote(reader) if number is None else number,
            )
        )
    return number


def reader_of(seats: Sequence[str | None]) -> int | None:
    """The reader a page of these seats has unless told: the one seat not played by a bot when every
    other seat is, else None (nobody is "you" where several people, or only bots, play)."""
    humans = [k for k, bot in enumerate(seats) if bot is None]
    return humans[0] if len(humans) == 1 and len(seats) > 1 else None


def check_bot(name: object) -> str:
    """``name`` if it names a bot (``bots.BOTS``), else ``ValueError``."""
    if not isinstance(name, str) or name not in BOTS:
        raise ValueError(msg("unknown bot {name}; bots are {bots}", name=quote(name), bots=joined(BOTS)))
    return name


def bot_actions(game: Game, bot: Bot) -> list[Action]:
    """One bot turn's actions (a refill or the end of phase 1 may come before the take), worked out on
    a copy so that the widget applies each itself: logged, undoable and heard by ``on_move``."""
    if game.is_over:
        raise IllegalMove(_GAME_OVER)
    return play_turn(game.copy(), bot)
