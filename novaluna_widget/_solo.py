"""The solo game: two phases and a score (lower is better; under 100 is excellent).

Phase 1 plays the 11 starting tiles with no refill, racing to place the 8 tokens of the small stack;
once they are placed the player may end phase 1 whenever they like (``end_phase_one``), and taking the
11th tile ends it anyway. Its record is the cost of the tiles in the area plus 10 for each of the 8 not
placed. Then every empty space is refilled and phase 2 follows the usual refill rule until all 21 tokens
are placed or no tile can be taken; its record is the cost of all tiles plus 10 for each token not
placed. The score adds both records, so phase-1 tiles count twice.

Our reading (RULES.md): one supply of 21 tokens; a task covered in phase 1 after the 8th token takes
its token from the stack of 13, and "placed in phase 1" is what the phase-1 record counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from . import _wheel as wheel
from ._board import TaskRef
from ._errors import IllegalMove, PositionError, quote
from ._game import COLOUR_TOKENS, Game, Player, ScoreSheet, Word
from ._i18n import Message, msg, plural
from ._position import check_name, whole
from ._tiles import tile

__all__ = ["SoloGame", "SoloScore"]

#: The 21 tokens in two stacks: phase 1 races to place the small one.
_SMALL_STACK: Final = 8
_LARGE_STACK: Final = COLOUR_TOKENS - _SMALL_STACK
#: What each token not placed adds to a record.
_PENALTY: Final = 10


@dataclass(frozen=True)
class SoloScore:
    """The solo score and how it adds up. ``final`` is False while the game is still running (the
    figures are then what the records would be if the current phase ended now)."""

    phase_one_tiles: int
    phase_one_missing: int
    final_tiles: int
    final_missing: int
    final: bool

    @property
    def phase_one_record(self) -> int:
        return self.phase_one_tiles + _PENALTY * self.phase_one_missing

    @property
    def final_record(self) -> int:
        return self.final_tiles + _PENALTY * self.final_missing

    @property
    def total(self) -> int:
        return self.phase_one_record + self.final_record

    def words(self) -> Message:
        """The score line as data to word (see ``__str__``)."""
        args = {
            "tiles_one": self.phase_one_tiles,
            "missing_one": self.phase_one_missing,
            "record_one": self.phase_one_record,
            "tiles": self.final_tiles,
            "missing": self.final_missing,
            "record": self.final_record,
            "total": self.total,
            "penalty": _PENALTY,
        }
        if self.final:
            return msg(
                "phase 1: {tiles_one} + {penalty} × {missing_one} = {record_one}; "
                "end: {tiles} + {penalty} × {missing} = {record}; score {total}",
                **args,
            )
        return msg(
            "phase 1: {tiles_one} + {penalty} × {missing_one} = {record_one}; "
            "end: {tiles} + {penalty} × {missing} = {record}; score {total} (so far)",
            **args,
        )

    def in_language(self, lang: str | None = None) -> str:
        """The score line in ``lang`` (None: the package language)."""
        return self.words().in_language(lang)

    def __str__(self) -> str:
        """``phase 1: 19 + 10 × 0 = 19; end: 40 + 10 × 3 = 70; score 89``: how the score adds up."""
        return self.in_language()


class SoloGame(Game):
    """Nova Luna for one player (see the module docstring for the rules)."""

    __slots__ = ("_phase", "_phase_one", "_placed_in_phase_one")

    kind: ClassVar[str] = "solo"
    SEATS: ClassVar[tuple[int, int]] = (1, 1)
    EXTRA_FIELDS: ClassVar[tuple[str, ...]] = ("phase", "placed_in_phase_one", "phase_one")
    BEGINNER: ClassVar[bool] = False
    is_solo: ClassVar[bool] = True
    has_moon_track: ClassVar[bool] = False
    score_unit: ClassVar[Literal["tokens", "points"]] = "points"
    token_worth: ClassVar[int] = _PENALTY
    phase_one_tokens: ClassVar[int] = _SMALL_STACK

    def __init__(self, *, seed: int | None = None, name: str = "Solo") -> None:
        check_name(name)
        self.beginner = False
        _, deck = self._deal(seed)
        self._reset(
            wheel=[None, *deck[: wheel.SPACES - 1]],
            marker=0,
            pile=deck[wheel.SPACES - 1 :],
            players=[Player(name, self.supply(1), 0)],
        )
        self._phase = 1
        self._placed_in_phase_one = 0
        self._phase_one: tuple[int, int] | None = None  # (tiles cost, tokens of the 8 not placed)
        self._events.append(("setup", self.seed, (0,)))
        self._start = None  # worked out when first asked (``_start_position``)

    @classmethod
    def supply(cls, players: int = 1, beginner: bool = False) -> int:
        """All 21 tokens: the solo game has no moon-track marker."""
        return _SMALL_STACK + _LARGE_STACK

    @classmethod
    def _dealt(cls, names: list[str], seed: int | None, beginner: bool) -> SoloGame:
        if beginner:
            raise ValueError(msg("the solo game has no beginner variant"))
        (name,) = names
        return SoloGame(seed=seed, name=name)

    # -- reading -------------------------------------------------------------------------------
    @property
    def phase(self) -> int:
        """1 or 2."""
        return self._phase

    @property
    def small_stack(self) -> int:
        """Tokens left of the stack of 8 (phase 2 takes from the stack of 13 first)."""
        return min(self._players[0].tokens, _SMALL_STACK - min(_SMALL_STACK, self._placed_in_phase_one))

    @property
    def large_stack(self) -> int:
        """Tokens left of the stack of 13."""
        return self._players[0].tokens - self.small_stack

    @property
    def can_end_phase_one(self) -> bool:
        return self._over is None and self._phase == 1 and self._placed_in_phase_one >= _SMALL_STACK

    @property
    def can_refill(self) -> bool:
        return self._phase == 2 and super().can_refill

    @property
    def score(self) -> SoloScore:
        """The score: the two records added. While phase 1 runs, both records are taken as if it ended now."""
        cost = self._area_cost()
        phase_one = self._phase_one or (cost, self.small_stack)
        return SoloScore(phase_one[0], phase_one[1], cost, self._players[0].tokens, self._over is not None)

    def score_sheet(self, lang: str | None = None) -> ScoreSheet:
        score = self.score
        return {
            "phase": self._phase,
            "small": self.small_stack,
            "large": self.large_stack,
            "phase_one": score.phase_one_record,
            "final": score.final_record,
            "total": score.total,
            "text": score.in_language(lang),
        }

    def _area_cost(self) -> int:
        """The summed cost of the tiles in the area: what both records count."""
        return sum(t.cost for t in self._players[0].board.tiles.values())

    def ranking(self) -> list[int]:
        return [0]

    # -- acting --------------------------------------------------------------------------------
    def end_phase_one(self) -> None:
        """End phase 1 (allowed once the 8 tokens of the small stack are placed) and refill the wheel."""
        self.play("end_phase_one")

    def _check_word(self, word: str) -> Word:
        if word != "end_phase_one":
            return super()._check_word(word)
        if self._phase != 1:
            raise IllegalMove(msg("phase 1 is already over"))
        if self._placed_in_phase_one < _SMALL_STACK:
            raise IllegalMove(
                plural(
                    "phase 1 may end only once the {small} tokens of the small stack are placed; "
                    "{n} still to place (taking the last starting tile also ends it)",
                    "phase 1 may end only once the {small} tokens of the small stack are placed; "
                    "{n} still to place (taking the last starting tile also ends it)",
                    self.small_stack,
                    small=_SMALL_STACK,
                )
            )
        return "end_phase_one"

    def _perform_word(self, word: Word) -> None:
        if word == "end_phase_one":
            self._end_phase_one()
        else:
            super()._perform_word(word)

    def _end_phase_one(self) -> None:
        self._record_phase_one()
        self._phase = 2
        self._apply_refill(mandatory=True)

    def _advance(self, index: int, player: Player, steps: int) -> int:
        player._time += steps  # no marker on the moon track: time is just the cost taken so far
        return 0

    def _cover(self, index: int, player: Player, newly: frozenset[TaskRef]) -> frozenset[TaskRef]:
        covered = super()._cover(index, player, newly)
        if self._phase == 1:
            self._placed_in_phase_one += len(covered)
        return covered

    def _start_turn(self) -> None:
        if self._phase == 2:
            super()._start_turn()
        elif not self._on_wheel:
            self._end_phase_one()  # all 11 starting tiles taken

    def _finish(self, reason: str, winner: int | None) -> None:
        if self._phase == 1:  # all 21 tokens placed in phase 1
            self._record_phase_one()
        super()._finish(reason, 0)
        s = self.score
        self._events.append(("score", s.phase_one_record, s.final_record, s.total))

    def _record_phase_one(self) -> None:
        cost = self._area_cost()
        self._phase_one = (cost, self.small_stack)
        self._events.append(("phase", cost + _PENALTY * self.small_stack, cost, self.small_stack))

    # -- the game as plain data ----------------------------------------------------------------
    def _extra_position(self) -> dict[str, Any]:
        return {
            "phase": self._phase,
            "placed_in_phase_one": self._placed_in_phase_one,
            "phase_one": None if self._phase_one is None else list(self._phase_one),
        }

    @classmethod
    def _check_extra(cls, snap: Mapping[str, Any], where: str) -> None:
        """The phase fields, cross-checked with the area and the covered tasks (``check_position`` has
        checked the player's own fields)."""
        phase, placed, record = snap["phase"], snap["placed_in_phase_one"], snap["phase_one"]
        if not whole(phase) or phase not in (1, 2):
            raise PositionError(
                msg("{where}.phase must be 1 or 2, not {value}", where=where, value=quote(phase))
            )
        if record is not None if phase == 1 else not _pair(record):
            raise PositionError(
                msg(
                    "{where}.phase_one must be null while phase 1 runs and [tiles cost, tokens missing] "
                    "after it",
                    where=where,
                )
            )
        player = snap["players"][0]
        covered = len(player["covered"])  # every token placed covers a task
        if phase == 1 and placed != covered:
            raise PositionError(
                msg(
                    "{where}.placed_in_phase_one must be {covered} while phase 1 runs (the tasks "
                    "covered), not {value}",
                    where=where,
                    covered=covered,
                    value=quote(placed),
                )
            )
        if not whole(placed) or not 0 <= placed <= covered:
            raise PositionError(
                msg(
                    "{where}.placed_in_phase_one must be 0–{most}, not {value}",
                    where=where,
                    most=covered,
                    value=quote(placed),
                )
            )
        if record is None:
            return
        cost = sum(tile(tid).cost for tid, _, _ in player["board"])
        if not 0 <= record[0] <= cost:
            raise PositionError(
                msg(
                    "{where}.phase_one: phase 1's tiles cost 0–{cost} (the area's tiles), not {value}",
                    where=where,
                    cost=cost,
                    value=quote(record[0]),
                )
            )
        missing = _small_stack_left(player["supply"], placed)
        if record[1] != missing:
            raise PositionError(
                msg(
                    "{where}.phase_one: with {placed} tokens placed in phase 1, {missing} of the small "
                    "stack are missing, not {value}",
                    where=where,
                    placed=placed,
                    missing=missing,
                    value=quote(record[1]),
                )
            )

    def _restore_extra(self, snap: Mapping[str, Any]) -> None:
        self._phase = snap["phase"]
        self._placed_in_phase_one = snap["placed_in_phase_one"]
        self._phase_one = None if snap["phase_one"] is None else tuple(snap["phase_one"])

    def _copy_extra(self, other: Game) -> None:
        assert isinstance(other, SoloGame)
        other._phase = self._phase
        other._placed_in_phase_one = self._placed_in_phase_one
        other._phase_one = self._phase_one

    def __repr__(self) -> str:
        state = f"over, score {self.score.total}" if self._over else f"phase {self._phase}"
        return f"<SoloGame seed {self.seed}, turn {self.turn}, {state}>"


def _small_stack_left(supply: int, placed: int) -> int:
    """The tokens of the small stack not placed once ``placed`` of a ``supply`` are: what the phase-1
    record counts (a set-up position may hold fewer than 21 tokens)."""
    return min(supply - placed, max(0, _SMALL_STACK - placed))


def _pair(record: object) -> bool:
    """Whether a phase-1 record has its shape: ``[tiles cost, tokens missing]``, whole numbers."""
    return isinstance(record, list) and len(record) == 2 and all(map(whole, record))
