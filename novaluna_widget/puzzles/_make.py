"""Puzzles from the positions of real games: a question, its right answers, and the engine's reasons.

``generate(n, seed=…)`` plays a few seeded bot games (``bots.GreedyBot`` and ``bots.RandomBot``, 2–4
players and solo), keeps every position they pass through, and asks each kind's maker
(``answers.MAKERS``) about positions drawn from that pool until it makes a puzzle. Each kind draws from
a random stream of its own (seeded by the seed and the kind), so the ``n``-th puzzle of a kind for a
seed is the same however many other kinds are asked for. Its ``id`` names its content (the kind and a
short hash of the position and the question, ``_identity``): ``"placement-3f09a1c27b44"``.
A maker checks every answer with the engine as it makes the puzzle and refuses an ambiguous one.

Strategy and solo puzzles are not made here: they are drawn from the curated set (``_curated``), made
offline by a deep search, each with an id that names its position. Every puzzle's rating comes from
simulated solvers' attempts (``_calibrate``): the curated set's own, a rules puzzle's fitted to its kind
and the misreadings of the rules that answer it wrong; its difficulty (1–5) is the rating's band.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from .._board import FAR, Cell, whole_number
from .._errors import quote
from .._game import Game, Move
from .._i18n import Message, Value, cell_words, cmsg, joined, msg, plural, resolve, sentences, word
from .._names import named
from .._new_game import new_game
from .._tiles import Tile
from .._wheel import SPACES
from ..bots import Bot, GreedyBot, RandomBot, play_turn
from . import _calibrate as calibrate
from . import _curated as curated
from ._answers import MAKERS, RULES, Answer, Click, Made
from ._hints import hints
from ._identity import content_id

__all__ = [
    "FAMILY",
    "KINDS",
    "Answer",
    "AnswerError",
    "Click",
    "Generator",
    "Puzzle",
    "Verdict",
    "check_puzzle_seed",
    "generate",
    "rating_of",
]

#: The kinds of puzzle, rules first.
KINDS: Final = ("take", "fulfilled", "next", "refill", "over", "placement", "gain", "strategy", "solo")
#: Each kind's family; ``generate`` takes either.
FAMILY: Final[dict[str, str]] = {
    "take": "rules",
    "fulfilled": "rules",
    "next": "rules",
    "refill": "rules",
    "over": "rules",
    "placement": "placement",
    "gain": "placement",
    "strategy": "strategy",
    "solo": "solo",
}
#: How many positions a kind may try for one puzzle before the pool is judged unable to give it.
_TRIES: Final = 2000
#: The pool each kind draws its positions from (``Generator``): games of 2–4 players, the solo games,
#: or the last positions of every game (over, or nearly).
_POOL: Final[dict[str, str]] = {"solo": "solo", "over": "ends"}
#: The words of the answers that are words.
_WORDS: Final[dict[str, Message]] = {
    "refill": cmsg("a puzzle's answer", "you may refill"),
    "take": cmsg("a puzzle's answer", "no refill: take a tile"),
    "not over": cmsg("a puzzle's answer", "the game is not over"),
}
#: A strategy puzzle's refill is advice, not leave: "refill first", where the refill puzzle's is "you may".
_ADVICE: Final[dict[str, Message]] = {"refill": cmsg("a strategy puzzle's answer", "refill the wheel first")}


def rating_of(difficulty: int) -> float:
    """The Glicko-2 rating a puzzle of this difficulty (1–5) starts with."""
    return 1000.0 + 200.0 * difficulty


class AnswerError(ValueError):
    """An answer of the wrong shape for the puzzle; the message says what the puzzle takes."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    def in_language(self, lang: str | None = None) -> str:
        return self.message.in_language(lang)

    def __str__(self) -> str:
        return self.in_language()


@dataclass(frozen=True)
class Verdict:
    """What ``Puzzle.check`` makes of an answer: ``right``, the right answers ``missed`` (a puzzle that
    wants them all), the answers given that are ``wrong``, and ``words`` saying so and why."""

    right: bool
    missed: frozenset[Answer]
    wrong: frozenset[Answer]
    words: str

    def __bool__(self) -> bool:
        """Whether the answer is right: ``if puzzle.check(answer):`` reads as it says."""
        return self.right


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A question about a position, with every right answer.

    ``game`` is the position (a fresh copy each time it is read: the puzzle never changes its own).
    ``click`` says what the learner clicks: wheel ``space``\\s, ``cell``\\s of the area of ``seat``,
    ``task``\\s of that area, a ``seat``, one of ``choices`` (``choice``) or a whole ``move``; with
    ``all`` the answer is the whole set, else any one of ``answers``. A strategy puzzle's ``choices``
    hold ``"refill"`` where the refill is an option besides the spaces. ``tile`` and ``space`` name the
    tile a placement or gain puzzle places, ``cell`` where a gain puzzle places it. ``prompt`` is the
    question as data (to word in another language); ``question`` is it worded in ``lang``.
    """

    id: str
    kind: str
    question: str
    rating: float
    lang: str
    _made: Made = field(repr=False)

    @property
    def game(self) -> Game:
        """The position, as a copy of its own (play on it freely)."""
        return self._made.game.copy()

    # What the maker found (see the class's docstring), read from it rather than kept twice.
    @property
    def answers(self) -> frozenset[Answer]:
        return self._made.answers

    @property
    def click(self) -> Click:
        return self._made.click

    @property
    def all(self) -> bool:
        return self._made.all

    @property
    def choices(self) -> tuple[Answer, ...]:
        return self._made.choices

    @property
    def seat(self) -> int | None:
        return self._made.seat

    @property
    def tile(self) -> Tile | None:
        return self._made.tile

    @property
    def space(self) -> int | None:
        return self._made.space

    @property
    def cell(self) -> Cell | None:
        return self._made.cell

    @property
    def difficulty(self) -> int:
        return self._made.difficulty

    @property
    def prompt(self) -> Message:
        return self._made.prompt

    @property
    def rule(self) -> str:
        """The rule the answer rests on: a key of ``RULES`` (``rule_words`` says it)."""
        return self._made.rule

    def rule_words(self, lang: str | None = None) -> str:
        """The rule the answer rests on, in a sentence (``lang``; None: the puzzle's)."""
        return RULES[self.rule].in_language(self.lang if lang is None else resolve(lang))

    def written(self, lang: str | None = None) -> str:
        """The question as a sheet of paper asks it: to write or circle where the screen says to click
        (``lang``; None: the puzzle's)."""
        return (self._made.written or self.prompt).in_language(self.lang if lang is None else resolve(lang))

    def check(self, answer: Answer | Iterable[Answer], lang: str | None = None) -> Verdict:
        """Whether ``answer`` is right: one answer, or for a puzzle that wants them all (``all``) every
        answer at once (a set, list or tuple of them; one alone counts as a set of one). Numbers may be
        any integers (numpy's too), never ``True`` or ``False``. ``words`` in ``lang`` (None: the
        puzzle's). The ``Verdict`` is true if the answer is right. Raises ``AnswerError`` for an answer of
        the wrong shape."""
        given = frozenset(self._read(a) for a in self._many(answer))
        if not self.all and len(given) != 1:
            raise AnswerError(
                plural(
                    "this puzzle takes one answer, not {n}",
                    "this puzzle takes one answer, not {n}",
                    len(given),
                )
            )
        wrong = given - self.answers
        missed = self.answers - given if self.all else frozenset()
        right = not wrong and not missed
        lang = self.lang if lang is None else resolve(lang)
        return Verdict(right, missed, wrong, word(self._words(right, wrong, missed, lang), lang))

    def explain(self, lang: str | None = None) -> str:
        """Why the answers are right, in the engine's words (``lang``; None: the puzzle's)."""
        lang = self.lang if lang is None else resolve(lang)
        return word(self._made.reason(lang), lang)

    def hints(self, lang: str | None = None) -> list[str]:
        """The hints, first to last, in ``lang`` (None: the puzzle's): the rule to apply and where to
        look, then (most kinds) a fact that narrows the search; never the answer (``_hints``)."""
        lang = self.lang if lang is None else resolve(lang)
        return [word(hint, lang) for hint in hints(self.kind, self._made)]

    def label(self, answer: Answer, lang: str | None = None) -> str:
        """An answer in words, for a button or a verdict: ``space 4``, ``(1, 0)``, a player's name…"""
        lang = self.lang if lang is None else resolve(lang)
        return word(self._label(self._read(answer)), lang)

    # -- reading answers -----------------------------------------------------------------------
    def _many(self, answer: object) -> list[object]:
        """The answers given: one (a word, a number, a cell, task or move as a tuple or list) or many."""
        if isinstance(answer, (str, bool, Move)) or whole_number(answer) is not None or self._one(answer):
            return [answer]
        if isinstance(answer, (list, tuple, set, frozenset)):
            return list(answer)
        raise AnswerError(self._takes(answer))

    def _one(self, answer: object) -> bool:
        """Whether a tuple or list is one answer: a cell, a task or a move, where the puzzle takes them (a
        puzzle of wheel spaces, seats or choices reads ``[1, 2, 6]`` as three answers)."""
        if not isinstance(answer, (list, tuple)) or self.click in ("space", "seat", "choice"):
            return False
        if all(whole_number(v) is not None for v in answer):
            return True
        return self.click == "move" and len(answer) == 2 and whole_number(answer[0]) is not None

    def _read(self, answer: object) -> Answer:
        """``answer`` in the engine's terms if it has the shape this puzzle takes, else ``AnswerError``."""
        if isinstance(answer, bool):  # True == 1, but no answer is a truth value
            raise AnswerError(self._takes(answer))
        found = _shaped(self.click, answer, len(self._made.game.players))
        if found is None and answer in self.choices:
            found = answer  # a word or number offered
        if found is None or (self.click == "choice" and found not in self.choices):
            raise AnswerError(self._takes(answer))
        if self.click == "task" and not self._is_task(found):
            raise AnswerError(
                msg(
                    "{value} is no task of this area: a task is (x, y, task index) of a tile there",
                    value=quote(answer),
                )
            )
        return found

    def _is_task(self, answer: Answer) -> bool:
        board = self._made.game.players[self.seat or 0].board
        assert isinstance(answer, tuple) and len(answer) == 3
        here = (answer[0], answer[1])
        return here in board and 0 <= answer[2] < len(board[here].tasks)

    def _takes(self, answer: object) -> Message:
        """What this puzzle takes, refusing ``answer``: one answer, or a set of them (a phrase of its own,
        so that a language words "a set of cells" with its own plural and case, not "a set: a cell")."""
        last = {"space": SPACES - 1, "seat": len(self._made.game.players) - 1}
        if self.all:
            many = {
                "space": msg("wheel spaces (0 to {last})", last=last["space"]),
                "cell": msg("cells (x, y)"),
                "task": msg("tasks (x, y, task index)"),
                "seat": msg("seats (0 to {last})", last=last["seat"]),
                "choice": msg("answers among {choices}", choices=self._offered()),
                "move": msg("moves (space, (x, y))"),
            }[self.click]
            return msg("this puzzle takes a set of {what}, not {value}", what=many, value=quote(answer))
        one = {
            "space": msg("a wheel space (0 to {last})", last=last["space"]),
            "cell": msg("a cell (x, y)"),
            "task": msg("a task (x, y, task index)"),
            "seat": msg("a seat (0 to {last})", last=last["seat"]),
            "choice": msg("one of {choices}", choices=self._offered()),
            "move": msg("a move (space, (x, y))"),
        }[self.click]
        return msg("this puzzle takes {what}, not {value}", what=one, value=quote(answer))

    def _offered(self) -> Value:
        """The answers offered, a worded one quoted: it may be a clause ("you may refill"), which a list in
        a sentence would run together with its neighbours."""
        return joined(
            cmsg("an offered answer quoted in a sentence", "“{answer}”", answer=_WORDS[c])
            if isinstance(c, str)
            else self._label(c)
            for c in self.choices
        )

    # -- words ---------------------------------------------------------------------------------
    def _label(self, answer: Answer) -> Value:
        if isinstance(answer, str):
            return _ADVICE[answer] if self.kind == "strategy" else _WORDS[answer]
        game = self._made.game
        if isinstance(answer, Move):
            taken = game.wheel[answer.space]
            if taken is None:
                return answer.words()
            return msg(
                "take {tile} from wheel space {space}, place it at {cell}",
                tile=taken.id,
                space=answer.space,
                cell=cell_words(answer.cell),
            )
        if isinstance(answer, tuple) and len(answer) == 3:
            board = self._made.game.players[self.seat or 0].board
            here = (answer[0], answer[1])
            return msg(
                "{task} on {tile} at {cell}",
                task=board[here].tasks[answer[2]].words(),
                tile=board[here].id,
                cell=cell_words(here),
            )
        if isinstance(answer, tuple):
            return cell_words(answer)
        if self.click == "space":
            there = game.wheel[answer] if isinstance(answer, int) else None
            if there is None:
                return msg("wheel space {space}", space=answer)
            return msg("{tile} on wheel space {space}", tile=there.id, space=answer)
        if self.click == "seat" or self.kind == "over":
            return named([p.name for p in self._made.game.players])[answer]
        return answer

    def _words(self, right: bool, wrong: frozenset[Answer], missed: frozenset[Answer], lang: str) -> Value:
        reason = self._made.reason(lang)
        if right:
            return sentences(msg("Right."), reason)
        notes: list[Value] = []
        for answer in sorted(wrong, key=repr):
            if (note := self._made.about(answer)) is not None:
                notes.append(_Opening(note))
        if missed:
            notes.append(
                plural(
                    "You missed {n} right answer: {answers}.",
                    "You missed {n} right answers: {answers}.",
                    len(missed),
                    answers=joined(self._label(a) for a in sorted(missed, key=repr)),
                )
            )
        return sentences(msg("Not right."), *notes, reason)


class _Opening:
    """A sentence worded from a value that starts in lower case where it stands inside a sentence (a
    move: "take the tile…"): its first letter a capital, in the languages that have capitals."""

    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        self.value = value

    def in_language(self, lang: str | None = None) -> str:
        words = word(self.value, resolve(lang))
        return words[:1].upper() + words[1:]


def _shaped(click: Click, answer: object, seats: int) -> Answer | None:
    """``answer`` in the shape ``click`` takes (ints as ints, a move as a ``Move``), else None."""
    if click in ("space", "seat", "choice"):
        number = whole_number(answer)
        high = SPACES if click == "space" else seats
        if number is not None and (click == "choice" or 0 <= number < high):
            return number
        return None
    if not isinstance(answer, (list, tuple)):
        return None
    if click == "move":
        if len(answer) != 2:
            return None
        space, cell = whole_number(answer[0]), _numbers(answer[1], 2)
        return None if space is None or cell is None else Move(space, (cell[0], cell[1]))
    numbers = _numbers(answer, 2 if click == "cell" else 3)
    return None if numbers is None else tuple(numbers)  # type: ignore[return-value]


def _numbers(value: object, size: int) -> list[int] | None:
    """``value`` as ``size`` ints if it is a tuple or list of that many whole numbers, each no further
    from 0 than any cell or task index of an area can be (``FAR``)."""
    if not isinstance(value, (list, tuple)) or len(value) != size:
        return None
    numbers = [whole_number(v) for v in value]
    if any(n is None or abs(n) > FAR for n in numbers):
        return None
    return numbers  # type: ignore[return-value]


class Generator:
    """Puzzles for one seed, kind by kind (``make(kind)``); it keeps its pools of positions and counts
    what each kind tried (``tried``: ``(kind, "made" | "unsuited" | "ambiguous")`` → count).

    Each kind walks its pool in an order of its own and never asks about one position twice; a pool
    grows by another batch of games when a kind has walked all of it."""

    def __init__(self, seed: int, lang: str | None = None) -> None:
        self.seed, self.lang = check_puzzle_seed(seed), resolve(lang)
        self.tried: Counter[tuple[str, str]] = Counter()
        self._pools: dict[str, list[list[Game]]] = {}
        self._walks: dict[str, tuple[random.Random, list[Game]]] = {}
        self._batches: Counter[str] = Counter()
        self._drawn: Counter[str] = Counter()  # curated puzzles drawn, by kind

    def make(self, kind: str) -> Puzzle:
        """The next puzzle of ``kind`` for this seed."""
        if kind not in MAKERS and kind not in curated.CURATED_KINDS:
            raise ValueError(_unknown(kind))
        if kind in curated.CURATED_KINDS:  # made offline by a deep search (bench/puzzles_set.py)
            entry, found = curated.drawn(kind, self.seed, self._drawn[kind])
            self._drawn[kind] += 1
            self.tried[(kind, "made")] += 1
            found.reason(self.lang)  # the coach's words, asked now (as a maker does) so a check is quick
            return Puzzle(entry.id, kind, found.prompt.in_language(self.lang), entry.rating, self.lang, found)
        for _ in range(_TRIES):
            rng, game = self._next(kind)
            made = MAKERS[kind](game, rng)
            if isinstance(made, str):
                self.tried[(kind, made)] += 1
                continue
            self.tried[(kind, "made")] += 1
            puzzle = Puzzle(
                id=content_id(kind, made),
                kind=kind,
                question=made.prompt.in_language(self.lang),
                rating=rating_of(made.difficulty),
                lang=self.lang,
                _made=made,
            )
            return _rated(puzzle)
        raise RuntimeError(f"no {kind} puzzle in {_TRIES} positions of seed {self.seed}")

    def left(self, kind: str) -> int | None:
        """How many puzzles of ``kind`` not yet made this generator has (None: no end). The curated
        kinds have a set of puzzles each; once all are made, ``make`` gives them again."""
        if kind not in curated.CURATED_KINDS:
            return None
        return max(0, len(curated.entries(kind)) - self._drawn[kind])

    def _next(self, kind: str) -> tuple[random.Random, Game]:
        """The kind's random stream and the next position of its walk (a fresh batch when it is done)."""
        if kind not in self._walks:
            self._walks[kind] = (random.Random(f"{self.seed}:{kind}"), [])
        rng, walk = self._walks[kind]
        if not walk:
            name = _POOL.get(kind, "multi")
            walk += self._batch(name, self._batches[kind])
            self._batches[kind] += 1
            rng.shuffle(walk)
        return rng, walk.pop()

    def _batch(self, name: str, number: int) -> list[Game]:
        batches = self._pools.setdefault(name, [])
        while len(batches) <= number:
            batches.append(_positions(random.Random(f"{self.seed}:{name}:{len(batches)}"), name))
        return list(batches[number])


def _rated(puzzle: Puzzle) -> Puzzle:
    """The puzzle with the rating the calibration fits to what makes it hard (``_calibrate``), and the
    difficulty that rating falls in; as made where there is no calibration for its kind."""
    rating = calibrate.fitted(puzzle)
    if rating is None:
        return puzzle
    made = replace(puzzle._made, difficulty=curated.difficulty(rating))
    return replace(puzzle, rating=rating, _made=made)


def _positions(rng: random.Random, name: str) -> list[Game]:
    """The positions of a batch of bot games: every position of six games of 2–4 players (``multi``) or
    of eight solo games (``solo``), or the last two of twelve games of 2–4 players (``ends``)."""
    found: list[Game] = []
    for players in {"solo": (1,) * 8, "ends": (2, 3, 4) * 4}.get(name, (2, 3, 4) * 2):
        game = new_game(players, seed=rng.randrange(2**32))
        bots: list[Bot] = [GreedyBot(seed=rng.randrange(2**32)) for _ in range(players)]
        if players > 1 and rng.random() < 0.5:  # a careless player now and then: other positions
            bots[rng.randrange(players)] = RandomBot(seed=rng.randrange(2**32))
        seen = [game.copy()]
        while not game.is_over:
            play_turn(game, bots[game.current_player])
            seen.append(game.copy())
        found += seen[-2:] if name == "ends" else seen
    return found


def generate(
    n: int, *, seed: int, kinds: Iterable[str] | None = None, lang: str | None = None
) -> list[Puzzle]:
    """``n`` puzzles for ``seed``, the kinds (``KINDS``, or families of ``FAMILY`` that are not a kind's
    name; None: all) in turn.
    The same seed gives the same puzzles; none is ambiguous. Questions and reasons in ``lang`` (None:
    the package language)."""
    count = whole_number(n)
    if count is None or count < 0:
        raise ValueError(
            msg(
                "{name} is how many puzzles: a whole number, 0 or more, not {value}", name="n", value=quote(n)
            )
        )
    chosen = _kinds(kinds)
    maker = Generator(seed, lang)
    return [maker.make(chosen[i % len(chosen)]) for i in range(count)]


def check_puzzle_seed(seed: object) -> int:
    """``seed`` if it is a whole number (numpy's too; not a bool, nor None: a seed names the puzzles, so
    the same seed gives the same ones), else ``TypeError`` in words."""
    number = whole_number(seed)
    if number is None:
        raise TypeError(msg("a seed is a whole number, not {value}", value=quote(seed)))
    return number


def _kinds(kinds: Iterable[str] | None) -> list[str]:
    if kinds is None:
        return list(KINDS)
    if not isinstance(kinds, (str, Iterable)):
        raise TypeError(
            msg("{name} is a kind, a family or a list of them, not {value}", name="kinds", value=quote(kinds))
        )
    names = [kinds] if isinstance(kinds, str) else list(kinds)
    if not names:
        raise ValueError(
            msg(
                "no kind of puzzle given; kinds are {kinds}, families {families}",
                kinds=joined(KINDS),
                families=joined(dict.fromkeys(FAMILY.values())),
            )
        )
    for name in names:
        if name not in KINDS and name not in FAMILY.values():
            raise ValueError(_unknown(name))
    # A kind's name means the kind ("placement" is not its family, which holds "gain" too).
    return [k for k in KINDS if k in names or (FAMILY[k] in names and FAMILY[k] not in KINDS)]


def _unknown(kind: object) -> Message:
    return msg(
        "unknown kind of puzzle {kind}; kinds are {kinds}, families {families}",
        kind=quote(kind),
        kinds=joined(KINDS),
        families=joined(dict.fromkeys(FAMILY.values())),
    )
