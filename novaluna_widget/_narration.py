"""What happened in a game, told for a player following it on the page: turns, refills, the solo phases
and score, the end and a summary.

The engine's log (``log``) words each event apart, in the present tense, for ``print(game.log)``.
The page tells a turn (take, move, place, cover) as one past-tense sentence a player can follow ("Bo
took R07 (wheel space 3), placed it right of B04, covered 1 task, and moves again"), says "moves again"
whenever a player takes turns in a row, and names where a tile went by a neighbour rather than by
coordinates. Nothing here judges a rule: the figures come from the engine (the log's events,
``score_sheet``, ``ranking``) and the area's tiles.

Every sentence is an ``i18n.Message`` put into words in the language asked for (``lang``, None: the
package language). The reader (``reader``, a seat given by the page; None: nobody) is told about as
"you": a sentence about them has its own message (the context "the player named You, the reader"),
since other languages change more than English does for it (a translation may put a pronoun for
``{who}``). Any other player is told about in the third person, unless their name is the word "you",
which takes the reader's forms for grammar's sake (``log.seat_words``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ._board import Board, Cell
from ._game import Game, ScoreSheet, sheet_of
from ._i18n import Message, Value, cmsg, cplural, msg, plural, resolve
from ._log import Event, ranking_words, seat_words
from ._names import named
from ._where import where_words

__all__ = ["Turn", "end_summary", "end_words", "solo_goal", "solo_lines", "tell"]

#: (id, kind, player or None, sentence); ``id`` is the index in ``game.log`` of the entry's first event,
#: so the page can tell which entries are new since it last drew.
_Entry = tuple[int, str, int | None, str]


@dataclass(frozen=True)
class Turn:
    """One turn as the log shows it: who took which tile from which wheel space, where it went, and how
    many tasks it covered. ``id`` is the index of its ``take`` event in ``game.log``."""

    id: int
    player: int
    tile: str
    space: int
    cell: Cell
    covered: int


def tell(
    game: Game, limit: int, lang: str | None = None, *, reader: int | None = None
) -> tuple[list[_Entry], list[Turn]]:
    """The latest ``limit`` entries of the page's log (oldest first) and the turns among them, the
    sentences in ``lang``, the player of seat ``reader`` told about as "you" (None: nobody).

    A turn's events come together (take, then the moon-track move, the placement and any cover), so
    ``4 * limit`` events hold at least ``limit`` entries; events of a turn whose take was cut off find
    no turn and are left out."""
    lang = resolve(lang)
    events = game.recent_log(4 * limit, reader=reader)
    first = game.log_length - len(events)
    names = [p.name for p in game.players]
    boards = [p.board for p in game.players]
    turns: list[Turn] = []
    others: list[tuple[int, Event]] = []  # entries that are not turns, by id
    for i, event in enumerate(events):
        data = event.data
        if event.kind == "take":
            assert event.player is not None
            turns.append(Turn(first + i, event.player, data["tile"], data["space"], (0, 0), 0))
        elif event.kind == "place" and turns:
            turns[-1] = replace(turns[-1], cell=(data["cell"][0], data["cell"][1]))
        elif event.kind == "cover" and turns:
            turns[-1] = replace(turns[-1], covered=len(data["tasks"]))
        elif event.kind in ("setup", "refill", "phase", "score", "end"):
            others.append((first + i, event))
    entries: list[_Entry] = []
    for k, t in enumerate(turns):
        following = turns[k + 1].player if k + 1 < len(turns) else _next_player(game)
        again = following == t.player and len(names) > 1  # alone, every turn is "again"
        told = _turn_words(*seat_words(names, t.player, reader), boards[t.player], t, again)
        entries.append((t.id, "turn", t.player, told.in_language(lang)))
    for i, event in others:
        entries.append((i, event.kind, event.player, _event_words(game, event, names, lang, reader)))
    entries.sort()
    return entries[-limit:], turns


def _next_player(game: Game) -> int | None:
    return None if game.is_over else game.current_player


def _turn_words(who: Value, you: bool, board: Board, turn: Turn, again: bool) -> Message:
    """The turn of the player ``who`` in one sentence: one message for each of covered or not, moves again
    or not, and the reader's forms (if ``you``) or another player's (a translator words each whole: no
    clauses pasted together)."""
    n = turn.covered
    args: dict[str, Value] = {
        "who": who,
        "tile": turn.tile,
        "space": turn.space,
        "where": where_words(board.tiles, turn.cell, you=you),
    }
    if you:
        if n and again:
            return cplural(
                "the player named You, the reader",
                "{who} took {tile} (wheel space {space}), placed it {where}, covered {n} task, and move "
                "again.",
                "{who} took {tile} (wheel space {space}), placed it {where}, covered {n} tasks, and move "
                "again.",
                n,
                **args,
            )
        if n:
            return cplural(
                "the player named You, the reader",
                "{who} took {tile} (wheel space {space}), placed it {where}, and covered {n} task.",
                "{who} took {tile} (wheel space {space}), placed it {where}, and covered {n} tasks.",
                n,
                **args,
            )
        if again:
            return cmsg(
                "the player named You, the reader",
                "{who} took {tile} (wheel space {space}), placed it {where}, and move again.",
                **args,
            )
        return cmsg(
            "the player named You, the reader",
            "{who} took {tile} (wheel space {space}) and placed it {where}.",
            **args,
        )
    if n and again:
        return plural(
            "{who} took {tile} (wheel space {space}), placed it {where}, covered {n} task, and moves again.",
            "{who} took {tile} (wheel space {space}), placed it {where}, covered {n} tasks, and moves again.",
            n,
            **args,
        )
    if n:
        return plural(
            "{who} took {tile} (wheel space {space}), placed it {where}, and covered {n} task.",
            "{who} took {tile} (wheel space {space}), placed it {where}, and covered {n} tasks.",
            n,
            **args,
        )
    if again:
        return msg("{who} took {tile} (wheel space {space}), placed it {where}, and moves again.", **args)
    return msg("{who} took {tile} (wheel space {space}) and placed it {where}.", **args)


def _event_words(game: Game, event: Event, names: Sequence[str], lang: str, reader: int | None) -> str:
    data = event.data
    if event.kind == "refill":
        new = len(data["placed"])
        if not data["placed"]:
            return msg("The wheel could not be refilled: the draw pile is empty.").in_language(lang)
        if data["mandatory"]:  # the wheel was bare, or the solo phase 1 ended: nobody chose it
            told = plural(
                "The wheel is refilled: {n} new tile.", "The wheel is refilled: {n} new tiles.", new
            )
            return told.in_language(lang)
        assert event.player is not None
        who, yours = seat_words(names, event.player, reader)
        if yours:
            told = cplural(
                "the player named You, the reader",
                "{who} refilled the wheel: {n} new tile.",
                "{who} refilled the wheel: {n} new tiles.",
                new,
                who=who,
            )
        else:
            told = plural(
                "{who} refilled the wheel: {n} new tile.",
                "{who} refilled the wheel: {n} new tiles.",
                new,
                who=who,
            )
        return told.in_language(lang)
    if event.kind == "phase":
        told = plural(
            "Phase 1 is over: its record is {record} (tile costs {tiles} + {penalty} × {n} token not "
            "placed). Phase 2 begins.",
            "Phase 1 is over: its record is {record} (tile costs {tiles} + "
            "{penalty} × {n} tokens not placed). Phase 2 begins.",
            data["missing"],
            record=data["record"],
            tiles=data["tiles"],
            penalty=game.token_worth,
        )
        return told.in_language(lang)
    if event.kind == "end":
        return end_words(game, lang, reader=reader)
    return event.in_language(lang)  # setup and the solo score: the engine's words need no change


def end_words(game: Game, lang: str | None = None, *, reader: int | None = None) -> str:
    """How the game ended, with the ranking (2–4 players); the player of seat ``reader`` is "you"."""
    return _end(game, reader).in_language(lang)


def _end(game: Game, reader: int | None) -> Message:
    names = [p.name for p in game.players]
    solo = game.is_solo
    winner = game.winner or 0
    if game.end_reason == "no tile":
        over = msg("Game over: no tile can be taken any more.")
    elif solo:  # "Solo placed their last token" reads oddly: Solo is the seat's default name
        supply = game.players[0].supply
        over = (
            plural("Game over: all {n} tokens are placed.", "Game over: all {n} tokens are placed.", supply)
            if supply > 1
            else msg("Game over: the last token is placed.")
        )
    else:
        who, yours = seat_words(names, winner, reader)
        over = (
            cmsg("the player named You, the reader", "Game over: {who} placed your last token.", who=who)
            if yours
            else msg("Game over: {who} placed their last token.", who=who)
        )
    if solo:  # the score follows in the log, and in the summary
        return over
    return msg("{end} {ranking}.", end=over, ranking=ranking_words(names, game.ranking(), reader))


def end_summary(game: Game, lang: str | None = None) -> list[str]:
    """The end of a game in a few lines: each player in ranking order with tokens placed, tasks covered
    and tiles; solo, how the score adds up."""
    lang = resolve(lang)
    if game.is_solo:
        return solo_lines(game, sheet_of(game, lang), lang)
    lines = []
    shown = named([p.name for p in game.players])
    for place, p in enumerate(game.ranking(), 1):
        player = game.players[p]
        board = player.board
        tasks = sum(len(t.tasks) for t in board.tiles.values())
        line = msg(
            "{place}. {name}: {placed}, {covered}, {tiles}",
            place=place,
            name=shown[p],
            placed=plural(
                "{placed} of {n} token placed",
                "{placed} of {n} tokens placed",
                player.supply,
                placed=player.supply - player.tokens,
            ),
            covered=plural(
                "{covered} of {n} task covered",
                "{covered} of {n} tasks covered",
                tasks,
                covered=len(player.covered),
            ),
            tiles=cplural("tiles in an area", "{n} tile", "{n} tiles", len(board)),
        )
        lines.append(line.in_language(lang))
    return lines


def solo_goal(game: Game, sheet: ScoreSheet, lang: str | None = None) -> str:
    """What the solo game asks of the player now, for the page's "what to do now" line ("" once over)."""
    if game.is_over:
        return ""
    if sheet["phase"] == 2:
        goal = plural(
            "Phase 2: place your other {n} token; the wheel refills as usual.",
            "Phase 2: place your other {n} tokens; the wheel refills as usual.",
            game.players[0].tokens,
        )
    elif game.can_end_phase_one:
        goal = plural(
            "All {n} tokens of phase 1 are placed: end phase 1 when you like, or take more tiles "
            "first (each empty wheel space gets a new tile for phase 2).",
            "All {n} tokens of phase 1 are placed: end phase 1 when you like, or take more tiles "
            "first (each empty wheel space gets a new tile for phase 2).",
            game.phase_one_tokens,
        )
    else:
        goal = plural(
            "Phase 1: place the {stack} tokens of the small stack ({left} to go) with the {n} tile "
            "left on the wheel.",
            "Phase 1: place the {stack} tokens of the small stack ({left} to "
            "go) with the {n} tiles left on the wheel.",
            game.tiles_on_wheel(),
            stack=game.phase_one_tokens,
            left=sheet["small"],
        )
    return goal.in_language(lang)


def _record(tiles: int, missing: int, record: int, penalty: int) -> Message:
    """A record as it adds up: ``tile costs 31 + 10 × 2 tokens not placed = 51`` (``tiles``, the sum of
    the costs of the tiles in the area, not a number of tiles; ``penalty``, 10, what a token not placed
    adds)."""
    return plural(
        "tile costs {tiles} + {penalty} × {n} token not placed = {record}",
        "tile costs {tiles} + {penalty} × {n} tokens not placed = {record}",
        missing,
        tiles=tiles,
        penalty=penalty,
        record=record,
    )


def solo_lines(game: Game, sheet: ScoreSheet, lang: str | None = None) -> list[str]:
    """The solo score and how it adds up: each record as tiles + 10 × tokens not placed, the score, and
    that lower is better. While a phase runs its record is what it would be if the phase ended now."""
    player = game.players[0]
    over = game.is_over
    cost = sum(t.cost for t in player.board.tiles.values())
    phase_one: Message | int
    if sheet["phase"] == 1 and not over:
        phase_one = _record(cost, sheet["small"], sheet["phase_one"], game.token_worth)
        head = msg("Phase 1 record if it ended now: {record}", record=phase_one)
    else:
        recorded = next((e for e in reversed(game.log) if e.kind == "phase"), None)
        phase_one = sheet["phase_one"]
        if recorded is not None:
            d = recorded.data
            phase_one = _record(d["tiles"], d["missing"], phase_one, game.token_worth)
        head = msg("Phase 1 record: {record}", record=phase_one)
    end = _record(cost, player.tokens, sheet["final"], game.token_worth)
    if over:
        lines = [
            head,
            msg("End record: {record}", record=end),
            msg(
                "Score {total}: both records added; lower is better, under 100 is excellent",
                total=sheet["total"],
            ),
        ]
    elif not player.board:  # the score so far is every token's penalty: say so, or it reads as a verdict
        lines = [
            head,
            msg("End record if the game ended now: {record}", record=end),
            msg(
                "Score {total} before your first tile: every token not placed yet counts {penalty}; "
                "lower is better, under 100 is excellent",
                total=sheet["total"],
                penalty=game.token_worth,
            ),
        ]
    else:
        lines = [
            head,
            msg("End record if the game ended now: {record}", record=end),
            msg(
                "Score {total} so far: both records added; lower is better, under 100 is excellent",
                total=sheet["total"],
            ),
        ]
    lang = resolve(lang)
    return [line.in_language(lang) for line in lines]
