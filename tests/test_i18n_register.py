"""What the widget says in its coaching panels, as whole composed sentences: a hint, a review's rows,
each puzzle kind's explanation, hints and verdicts (issue 36, point 4).

The Japanese widget speaks in です・ます everywhere (docs/glossary.ja.md): its coach's narration too,
so that a hint, a review row and a puzzle explanation, which quote the coach's sentences inside the
polite panel, read in one register. A solo table's one player is "you" in the review as in the log
(point 2).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from novaluna_widget import Game, SoloGame, coach
from novaluna_widget import _names as names
from novaluna_widget.puzzles import KINDS, Generator

#: A polite sentence's end: です・ます (a question with か), before any closing bracket or note
#: in parentheses.
POLITE_END = re.compile(r"(ます|ません|です|でした|ました|ましょう|でしょう|ください|ませんでした)か?$")
NODES = 40  # a weak search is enough: the words, not the choice, are under test


def sentences(text: str) -> Iterator[str]:
    """``text``'s sentences, split after 。, without Unicode's isolates."""
    text = text.replace("\u2068", "").replace("\u2069", "")
    yield from (s.strip() for s in re.split(r"(?<=[。！？])", text) if s.strip())


def main_clause(sentence: str) -> str:
    """What decides a sentence's register: its text without the closing 。, trailing notes in parentheses and
    closing quotes; for a heading clause before a colon and its details after it («…は達成済みです：赤1枚中1枚
    （隣接：…）»), the heading clause."""
    core = re.sub(r"[。！？]$", "", sentence)
    while (shorter := re.sub(r"（[^（）]*）$|\([^()]*\)$|」$", "", core)) != core:
        core = shorter
    if not POLITE_END.search(core) and "：" in core:
        core = core.split("：", 1)[0]
    return core


def impolite(texts: list[str]) -> list[str]:
    return sorted({s for text in texts for s in sentences(text) if not POLITE_END.search(main_clause(s))})


def played(game: Game | SoloGame, moves: int) -> Iterator[Game | SoloGame]:
    """``game`` after each of its first ``moves`` actions (the solo game ends phase 1 when it can)."""
    for i in range(moves):
        if game.is_over:
            return
        legal = game.legal_moves()
        game.play("end_phase_one" if game.can_end_phase_one and i % 2 else legal[i * 7 % len(legal)])
        yield game


def coached(lang: str) -> dict[str, list[str]]:
    """The hints (the suggestion and its alternatives) and the review rows of a 2-player, a 4-player
    and a solo game, with the reader as the widget has it (seat 0, and nobody)."""
    said: dict[str, list[str]] = {"hint": [], "review": []}
    for game in (Game(2, seed=3), Game(4, seed=5), SoloGame(seed=4)):
        for position in played(game, 24):
            if len(position.history) % 4 == 1:
                hint = coach.hint(position, lang=lang, nodes=NODES, reader=0)
                said["hint"] += [hint.reason, *(option.reason for option in hint.alternatives)]
        for reader in (None, 0):
            rows = coach.reviewing(game, lang=lang, nodes=NODES, reader=reader)
            said["review"] += [row["comment"] for row in rows]
    return said


def puzzled(lang: str) -> dict[str, list[str]]:
    """Per puzzle kind: the explanation, the hints, and the verdicts on right and wrong answers of two
    puzzles."""
    made = Generator(2, lang=lang)
    said: dict[str, list[str]] = {}
    for kind in KINDS:
        for _ in range(2):
            puzzle = made.make(kind)
            right = set(puzzle.answers) if puzzle.all else next(iter(puzzle.answers))
            wrong = [c for c in puzzle.choices or () if c not in puzzle.answers][:2]
            said.setdefault(kind, []).extend(
                [
                    puzzle.explain(lang),
                    *puzzle.hints(lang),
                    puzzle.check(right, lang=lang).words,
                    *(puzzle.check(answer, lang=lang).words for answer in wrong),
                    *([puzzle.check(set(), lang=lang).words] if puzzle.all else []),
                ]
            )
    return said


def test_every_japanese_sentence_of_a_hint_a_review_and_a_puzzle_is_polite():
    # Before: 「…マス(0,0)に置いた：タスクの達成はまだない…。
    # 月トラックで時間が4かかり、次はプレイヤー1の手番だった。」 in a review row under the panel's
    # polite lines, and the strategy puzzle's 「…が達成間近。…渡さずに済む。」 beside
    # 「…高く評価しています。」.
    said = {**coached("ja"), **puzzled("ja")}
    assert set(KINDS) <= set(said) and len(said["hint"]) > 20 and len(said["review"]) > 50
    assert {where: impolite(texts) for where, texts in said.items() if impolite(texts)} == {}


def test_the_register_check_finds_a_plain_sentence():
    assert impolite(["次はプレイヤー1の手番だった。", "コーチの提案も同じ。", "月トークンを探すこと。"]) == [
        "コーチの提案も同じ。",
        "月トークンを探すこと。",
        "次はプレイヤー1の手番だった。",
    ]
    assert impolite(["マスの「青2枚」は達成済みです：青2枚中2枚（隣接：(0,1)のB01）。", "正解です。"]) == []


@pytest.mark.parametrize("lang", ["en", "ru", "ja", "fa"])
def test_the_review_of_a_solo_game_tells_its_one_player_as_you(lang):
    # A solo widget has no reader seat (reader=None): its review said «Solo took»,
    # 「ソロはスペース0のY03…を取り」.
    game = SoloGame(seed=4)
    for _ in played(game, 6):
        pass
    you, solo = names.YOU.in_language(lang), names.default_names(1, lang)[0]
    comments = [row["comment"] for row in coach.reviewing(game, lang=lang, nodes=NODES)]
    assert len(comments) == 6
    assert [c for c in comments if not c.replace("\u2068", "").replace("\u2069", "").startswith(you)] == []
    # the solo score's name (ソロのスコア) is no player's
    assert [c for c in comments if solo in c.replace("ソロのスコア", "")] == []
