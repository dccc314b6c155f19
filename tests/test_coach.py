"""The coach: hints on positions whose best move is plain, their words, the alternatives, and reviews
of games whose moves are known to be the suggestion or plainly worse."""

import gettext
import json
import multiprocessing
import re
import subprocess
import sys
import threading
import time
from collections.abc import Generator
from typing import Any

import pytest
from babel.messages.extract import extract

from novaluna_widget import Game, IllegalMove, Move, coach
from novaluna_widget import _i18n as i18n
from novaluna_widget._game import Action
from novaluna_widget._i18n import in_language
from novaluna_widget._new_game import new_game
from novaluna_widget.bots import GreedyBot, play_turn
from novaluna_widget.coach import ALTERNATIVES, NOTABLE, REVIEW_COLUMNS, hint, review, reviewing
from novaluna_widget.scenario import position

from .untyped import rows

#: A small search budget keeps the tests quick; the positions below are plain enough for it.
NODES = 400

#: Player 1 has a red group of four ending in R04 (2 red + 1 blue); B08 (4 red; 2 red) placed beside
#: R04 covers all three tasks. T12 and Y08 cover nothing there. Player 1 is at time 8, Player 2 at 14.
REDS = "R01@0,0 R02@0,1 R03@0,2 R04@0,3"
RIVAL = "T17@0,0 Y17@1,0"
WHEEL = "M B08 T12 Y08 - - - - - - - -"
BESIDE_R04 = {(1, 3), (-1, 3), (0, 4)}
#: A solo start where T08 (4 blue; 2 blue) covers "2 blue" beside B02 and B03. The tiles after Y02 cover
#: nothing, so taking Y02 puts T08 out of reach for a long while.
SOLO_BLUES = "B02@0,0 B03@0,1"
SOLO_WHEEL = "M T08 R01 Y02 R05 R08 Y08 - - - - -"
#: A solo area after eight tokens in phase 1 (a greedy game's, seed 0); B15, T15 and B17 cover nothing.
SOLO_AREA = "T14@0,0 B13@1,0 T03@0,-1 Y01@-1,0 T10@-1,-1 B12@-1,-2 Y15@1,-1 Y05@2,-1"


def three_tasks(times=None):
    return position([REDS, RIVAL], wheel=WHEEL, times=times)


def midgame(players=2, seed=3, turns=12):
    game = new_game(players, seed=seed)
    bots = [GreedyBot(seed=i) for i in range(players)]
    while game.turn < turns:
        play_turn(game, bots[game.current_player])
    return game


# -- hint ----------------------------------------------------------------------------------------
def test_hint_takes_the_tile_that_covers_three_tasks_and_says_why():
    found = hint(three_tasks(), nodes=NODES)
    assert isinstance(found.action, Move) and found.action.space == 1 and found.action.cell in BESIDE_R04
    assert (found.space, found.tile, found.cell, found.cost) == (1, "B08", found.action.cell, 4)
    assert found.cell is not None
    x, y = found.cell
    assert set(found.covers) == {(x, y, 0), (x, y, 1), (0, 3, 0)}
    assert found.player == 0 and found.next_player == 0
    for words in (
        "Take B08 (blue) from wheel space 1",
        f"at ({x}, {y}), covering ",
        "4 red on B08",
        "2 red on B08",
        "2 red + 1 blue on R04",
        "(3 tokens)",
        "costs 4 time on the moon track",
        "you move again",
    ):
        assert words in found.reason


def test_hint_says_who_moves_next_when_the_turn_passes():
    found = hint(three_tasks(times=[8, 10]), nodes=NODES)  # B08 takes Player 1 to 12, past Player 2
    assert found.next_player == 1
    assert "Player 2 moves next" in found.reason and "move again" not in found.reason


def test_alternatives_are_the_other_tiles_legal_ranked_and_marked():
    game = three_tasks()
    found = hint(game, nodes=NODES)
    alternatives = found.alternatives
    assert 2 <= len(alternatives) <= ALTERNATIVES
    assert {a.tile for a in alternatives} >= {"T12", "Y08"}  # every other tile on offer is compared
    values = [found.value, *(a.value for a in alternatives)]
    assert values == sorted(values, reverse=True)
    for option in alternatives:
        assert option.action in game.legal_actions() and option.action != found.action
        assert isinstance(option.action, Move)
        assert option.behind == pytest.approx(found.value - option.value) and option.behind >= 0
        assert (option.space, option.cell) == (option.action.space, option.action.cell)
        assert option.reason.startswith(f"Take {option.tile} ")
        assert option.covers == () or option.tile == "B08"
    t12 = next(a for a in alternatives if a.tile == "T12")
    assert t12.cell is not None
    # T12's "1 yellow" is left one tile short, and Player 2 (Y17) could cover it with T12 now.
    assert t12.sets_up == ((*t12.cell, 1),)
    assert "covering no task yet but leaving 1 yellow on T12 one yellow short" in t12.reason
    assert "keeps T12 from Player 2, who could cover 1 task with it" in t12.reason
    y08 = next(a for a in alternatives if a.tile == "Y08")  # "4 teal; 2 teal", far from any teal
    assert y08.sets_up == () and "covering no task yet but opening 2 tasks on Y08." in y08.reason


@pytest.mark.parametrize("players", [1, 2, 4])
def test_hint_changes_nothing_and_repeats_with_its_seed(players):
    game = midgame(players)
    before = game.to_json()
    first = hint(game, seed=5, nodes=NODES)
    assert game.to_json() == before
    assert hint(game, seed=5, nodes=NODES) == first
    assert first.action in game.legal_actions()


def test_refill_when_no_tile_left_helps():
    game = refill_time()
    assert game.can_refill
    found = hint(game, nodes=NODES)
    assert found.action == "refill" and found.next_player == 0
    assert found.reason.startswith(
        "Refill the wheel first: the 2 tiles left on the wheel cover no task now, "
        "and a refill brings 9 fresh tiles from the draw pile."
    )
    assert {a.tile for a in found.alternatives} == {"R08", "R05"}
    # Values are per sampled draw pile (tokens), not added over the samples: a useless tile instead of
    # a refill costs its time and a turn, about a token, not four.
    assert all(0 < a.behind < 2 for a in found.alternatives)


def test_solo_hint_counts_the_cost_twice_in_phase_one():
    game = position([SOLO_BLUES], wheel=SOLO_WHEEL)
    found = hint(game, nodes=NODES)
    assert found.tile == "T08" and len(found.covers) == 1
    assert "covering 2 blue on T08 (1 token)" in found.reason
    assert "It adds 8 points to the solo score (lower is better; phase-1 tiles count twice)." in found.reason


def test_solo_hint_ends_phase_one_when_only_dear_useless_tiles_are_left():
    game = position([SOLO_AREA], wheel="M B15 T15 B17 - - - - - - - -")
    assert game.can_end_phase_one
    found = hint(game, nodes=NODES)
    assert found.action == "end_phase_one"
    assert found.reason.startswith("End phase 1 now, as the 8 tokens of the small stack are placed")
    assert "refilled with 8 fresh tiles" in found.reason


def test_hint_as_json_data():
    found = hint(three_tasks(), nodes=NODES)
    data = json.loads(json.dumps(found.to_data()))
    x, y = data["cell"]
    assert data["action"] == ["take", 1, x, y] and data["tile"] == "B08" and data["player"] == 0
    assert sorted(data["covers"]) == sorted([[x, y, 0], [x, y, 1], [0, 3, 0]])
    assert [a["action"][1:] for a in data["alternatives"]] == [
        [a.space, *(a.cell or ())] for a in found.alternatives
    ]


def test_a_single_legal_action_is_suggested_without_search():
    game = position([""], wheel="M R01 - - - - - - - - - -")  # an empty solo area, one tile on offer
    found = hint(game)
    assert found.action == Move(1, (0, 0)) and found.alternatives == ()


def test_no_hint_once_the_game_is_over():
    game = position(
        ["B02@0,0 B03@0,1", RIVAL], wheel="M T08 - - - - - - - - - -", tokens=[1, 5], times=[10, 14]
    )
    game.play(Move(1, (-1, 0)))  # T08's "2 blue": Player 1's last token
    assert game.is_over
    with pytest.raises(IllegalMove, match="over"):
        hint(game)


def test_the_coach_imports_and_hints_without_pandas_or_tqdm():
    code = (
        "import sys; sys.modules['pandas'] = sys.modules['tqdm'] = None\n"
        "from novaluna_widget import Game\nfrom novaluna_widget.coach import hint\n"
        "print(hint(Game(2, seed=1), nodes=50).tile)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


# -- review --------------------------------------------------------------------------------------
def test_review_has_one_row_per_action_and_changes_nothing():
    game = midgame(turns=6)
    before = game.to_json()
    table = review(game, nodes=NODES)
    assert game.to_json() == before
    assert list(table.columns) == REVIEW_COLUMNS
    assert list(table["played"]) == list(game.history)
    replay = Game(2, seed=3)
    for row in rows(table):
        assert (row.turn, row.player) == (replay.turn + 1, replay.current_player)
        assert row.suggested in replay.legal_actions() and row.loss >= 0
        replay.play(row.played)


def children_gone():
    """Wait until every process the review started has ended (``active_children`` joins them)."""
    deadline = time.monotonic() + 60
    while multiprocessing.active_children():
        assert time.monotonic() < deadline, "the review's processes did not end"
        time.sleep(0.05)


@pytest.mark.parametrize("on", ["main thread", "another thread"])
def test_a_long_review_runs_on_a_process_a_core_with_the_same_rows(monkeypatch, on):
    """The widget reviews on a thread of its own (processes then start afresh), a script on its main
    thread (they fork): both give the rows of a review in this process, in order."""
    game = midgame(turns=6)
    alone = list(reviewing(game, nodes=NODES))
    monkeypatch.setattr(coach, "PARALLEL_WORK", 1)
    workers = coach._workers(len(game.history) * NODES)
    seen: dict[str, Any] = {}

    def review_it():
        rows = reviewing(game, nodes=NODES)
        first = next(rows)
        seen["processes"] = len(multiprocessing.active_children())
        seen["rows"] = [first, *rows]

    if on == "main thread":
        review_it()
    else:
        thread = threading.Thread(target=review_it)
        thread.start()
        thread.join()
    assert seen["rows"] == alone
    assert seen["processes"] == (workers if workers > 1 else 0)
    children_gone()


def test_a_review_stays_in_this_process_where_none_can_start(monkeypatch):
    game = midgame(turns=4)
    alone = list(reviewing(game, nodes=NODES))
    monkeypatch.setattr(coach, "PARALLEL_WORK", 1)
    with monkeypatch.context() as pyodide:
        pyodide.setattr(sys, "platform", "emscripten")
        assert coach._workers(10**9) == 1
        assert list(reviewing(game, nodes=NODES)) == alone

    def refused():
        raise OSError("no processes here")

    monkeypatch.setattr(coach, "_processes", refused)
    assert list(reviewing(game, nodes=NODES)) == alone
    assert not multiprocessing.active_children()


def test_a_review_cancelled_midway_ends_its_processes(monkeypatch):
    monkeypatch.setattr(coach, "PARALLEL_WORK", 1)
    rows = reviewing(midgame(turns=12), nodes=NODES)
    assert isinstance(rows, Generator) and next(rows)["turn"] == 1
    rows.close()  # as the Review panel drops the rows of a history that changed
    children_gone()


def test_review_of_the_coachs_own_moves_loses_nothing():
    game = Game(2, seed=8)
    for _ in range(6):
        game.play(hint(game, seed=2, nodes=NODES).action)
    table = review(game, seed=2, nodes=NODES)
    assert list(table["suggested"]) == list(table["played"])
    assert (table["loss"] == 0).all()
    assert all(c.endswith("The coach suggests the same.") for c in table["comment"])


def test_review_finds_a_plainly_bad_move_and_says_what_was_better():
    game = three_tasks()
    game.play(Move(2, (-1, 0)))  # T12, covering nothing, instead of B08's three tasks
    (row,) = rows(review(game, nodes=NODES))
    assert row.loss >= 2 * NOTABLE
    assert row.suggested.space == 1 and row.suggested.cell in BESIDE_R04
    assert row.comment.startswith(
        "Player 1 took T12 (teal) from wheel space 2 and placed it at (-1, 0), covering no task yet"
    )
    assert "It cost 5 time on the moon track, and Player 1 moved again" in row.comment
    assert "Better: take B08 (blue) from wheel space 1" in row.comment and "(3 tokens)" in row.comment
    assert f"that is about {row.loss:.1f} tokens better." in row.comment


def test_review_of_the_right_tile_in_the_wrong_place():
    game = three_tasks()
    game.play(Move(1, (1, 2)))  # B08 beside R03: its own two tasks, but not R04's
    (row,) = rows(review(game, nodes=NODES))
    assert row.loss >= NOTABLE and row.suggested.cell in BESIDE_R04
    assert "covering 4 red on B08 and 2 red on B08 (2 tokens)" in row.comment
    assert f"Better: place it at ({row.suggested.cell[0]}, {row.suggested.cell[1]}) instead" in row.comment


def test_review_of_a_solo_game_counts_points(capsys):
    game = position([SOLO_BLUES], wheel=SOLO_WHEEL)
    game.play(Move(3, (-1, 0)))  # Y02, covering nothing, instead of T08's "2 blue"
    (row,) = rows(review(game, nodes=NODES, progress=True))
    assert row.suggested.space == 1 and row.loss >= NOTABLE
    assert "It added 4 points to the solo score (lower is better; phase-1 tiles count twice)" in row.comment
    assert f"about {row.loss * 10:.0f} points of score better" in row.comment
    assert "1/1" in capsys.readouterr().err  # the progress bar


def refill_time():
    """R17 and B17 wait for teal and yellow; the two red tiles left cover nothing; the draw pile is full."""
    return position(["R17@0,0 B17@1,0", RIVAL], wheel="M R08 R05 - - - - - - - - -")


@pytest.mark.parametrize("make", [three_tasks, refill_time])
def test_a_review_measures_a_move_as_the_hint_ranked_it(make):
    """The review asks the hint's own search: an alternative taken loses what the hint said it trails by."""
    nodes = 1000  # enough to cut a deeper search short: both must spend their budget alike
    found = hint(make(), nodes=nodes)
    for option in found.alternatives:
        game = make()
        game.play(option.action)
        (row,) = rows(review(game, nodes=nodes))
        assert row.suggested == found.action
        assert row.loss == pytest.approx(option.behind, abs=1e-3)


# -- words in every language ---------------------------------------------------------------------
#: How make messages finds the sentences (the Makefile's keywords, in Babel's form).
KEYWORDS = {"msg": None, "cmsg": ((1, "c"), 2), "plural": (1, 2), "cplural": ((1, "c"), 2, 3)}
#: Tile ids, which every language writes as code does.
TILE_ID = r"(?<![A-Za-z0-9])[RBTY]\d\d(?![0-9])"


def messages_of(module):
    """Every message ``make messages`` would extract from ``module``, as (context, msgid)."""
    with open(module.__file__, "rb") as source:
        return {
            (context, msgid if isinstance(msgid, str) else msgid[0])
            for _, msgid, _, context in extract("python", source, keywords=KEYWORDS)
        }


class XCatalogue(gettext.NullTranslations):
    """A stand-in catalogue for every language: a message's own words (letters and digits) become x's
    and its placeholders stay, so whatever Latin letter but x or ASCII digit a sentence shows did not
    come through a catalogue. It notes each message asked for in ``asked``, as (context, msgid)."""

    def __init__(self, asked):
        super().__init__()
        self.asked = asked

    def _xs(self, context, msgid, text):
        self.asked.add((context, msgid))
        return re.sub(r"\{\w+\}|[A-Za-z0-9]", lambda m: m[0] if m[0].startswith("{") else "x", text)

    def gettext(self, message):
        return self._xs(None, message, message)

    def pgettext(self, context, message):
        return self._xs(context, message, message)

    def ngettext(self, msgid1, msgid2, n):
        return self._xs(None, msgid1, msgid1 if n == 1 else msgid2)

    def npgettext(self, context, msgid1, msgid2, n):
        return self._xs(context, msgid1, msgid1 if n == 1 else msgid2)


def x_catalogues(monkeypatch):
    """Every language's catalogue an ``XCatalogue`` (English keeps its msgids); returns the set of the
    messages asked for."""
    asked: set[str] = set()
    monkeypatch.setattr(i18n, "compiled_catalogue", lambda lang: XCatalogue(asked))
    return asked


def left_over(text, names=(), lang="ru"):
    """What ``text``, worded with ``XCatalogue`` in ``lang``, has that no catalogue gave: Latin letters
    but x, and in Persian ASCII digits (a number worded in the language has Persian ones), once tile ids
    and the players' ``names`` are taken out."""
    for name in names:
        text = text.replace(name, "")
    return re.findall(r"[A-Za-wyz0-9]+" if lang == "fa" else "[A-Za-wyz]+", re.sub(TILE_ID, "", text))


@pytest.fixture
def asked(monkeypatch):
    return x_catalogues(monkeypatch)


#: T08 on offer covers "2 blue" beside B02 and B03: the last token of a player who has one left.
LAST_TOKEN = "M T08 R01 - - - - - - - - -"
#: Messages of the coach that no position below reaches: a game won by another player than the one who
#: moves ends with no tile left to take, and a scenario's draw pile is never empty.
NEVER_REACHED = {(None, "It costs {n} time on the moon track, and the game ends: {winner} wins.")}
#: Refusals of a script's wrong arguments, which name code (``Game``, ``nodes``): tests/test_hostile.py.
ARGUMENTS = {
    (None, "the coach looks at a Game or a SoloGame, not {value}"),
    (None, "nodes must be a whole number, 1 or more, not {value}"),
}


def coach_sentences(lang):
    """Every kind of sentence the coach says, in ``lang``: hints (advice), review comments (what
    happened, and what was better), the loss in words and the refusal of a game over."""
    said = []

    def hinted(game, nodes=NODES):
        found = hint(game, nodes=nodes, lang=lang)
        said.extend([found.reason, *(a.reason for a in found.alternatives)])

    def reviewed(game, nodes=NODES, reader=None):
        said.extend(row["comment"] for row in reviewing(game, nodes=nodes, lang=lang, reader=reader))

    hinted(three_tasks())
    hinted(three_tasks(times=[8, 10]))
    for played in (Move(2, (-1, 0)), Move(1, (1, 2))):
        game = three_tasks()
        game.play(played)
        said.extend(review(game, nodes=NODES, lang=lang)["comment"])
    hinted(refill_time())
    game = refill_time()
    game.play("refill")
    reviewed(game)
    reviewed(game, reader=refill_time().current_player)  # the reader refilled: told as "you"
    solo_actions: tuple[Action, ...] = ("end_phase_one", Move(1, (2, 0)))
    for action in solo_actions:
        # a solo player a user named is told about by name, the reader (reader=0) as "you"
        game = position({"Ann": SOLO_AREA}, wheel="M B15 T15 B17 - - - - - - - -")
        hinted(game)
        game.play(action)
        reviewed(game)
        reviewed(game, reader=0)
    hinted(position([SOLO_BLUES], wheel=SOLO_WHEEL, tokens=[1], phase=2))  # the last token ends it
    for names, reader in ((["Ann", "Bo"], None), (["You", "Bo"], 0)):  # the reader, seat 0, is "you"
        game = position(
            dict(zip(names, ["B02@0,0 B03@0,1", RIVAL], strict=True)),
            wheel=LAST_TOKEN,
            tokens=[1, 5],
            times=[10, 14],
        )
        hinted(game)
        game.play(Move(1, (-1, 0)))
        reviewed(game, reader=reader)
        with pytest.raises(IllegalMove) as over:
            hint(game)
        said.append(in_language(over.value, lang))
    for players in (1, 2):  # whole games: refills, every cost and turn
        game = new_game(players, seed=1)
        bots = [GreedyBot(seed=i) for i in range(players)]
        while not game.is_over:
            if game.can_refill:
                hinted(game, 30)
            play_turn(game, bots[game.current_player])
        reviewed(game, 30)
    # What a review says in rarer cases: the same tile placed better, a loss of 1.0 token, a game decided.
    game = three_tasks()
    played = Move(1, (1, 3))
    said.append(
        coach._instead(game, played, coach._effect(game, played), Move(1, (-1, 0)), None).in_language(lang)
    )
    said += [coach._by_how_much(game, loss).in_language(lang) for loss in (1.0, 1.04, 2.5, coach.MAX_LOSS)]
    return said


def test_every_sentence_of_the_coach_goes_through_the_catalogue(asked):
    said = coach_sentences("fa")
    assert len(said) > 100
    names = ["Player 1", "Player 2", "Ann", "Bo", "You", "Solo"]
    for sentence in said:
        assert left_over(sentence, names, "fa") == [], sentence
    assert messages_of(coach) - asked <= NEVER_REACHED | ARGUMENTS


def test_the_english_words_are_the_messages_themselves(asked):
    # English needs no catalogue: the sentences are the msgids, worded as before.
    found = hint(three_tasks(), nodes=NODES, lang="en")
    assert found.reason.startswith("Take B08 (blue) from wheel space 1 and place it at (")
    assert asked == set()


def test_a_hint_is_the_same_in_every_language_but_its_words(asked):
    english = hint(three_tasks(), nodes=NODES, lang="en")
    for lang in ("ru", "ja", "fa"):
        found = hint(three_tasks(), nodes=NODES, lang=lang)
        data: dict[str, Any] = dict(found.to_data())
        wanted: dict[str, Any] = dict(english.to_data())
        assert found.reason != english.reason and left_over(found.reason, ["Player 2"], lang) == []
        for option in [data, *data["alternatives"], wanted, *wanted["alternatives"]]:
            del option["reason"]
        assert data == wanted


def test_the_reader_is_you_whatever_language_named_them():
    # The guided game names the reader in its language ("Вы" in Russian): the coach tells about the
    # reader's seat as "you" whatever its name, and about a player who is not the reader by name.
    said = {}
    for name in ("You", "Вы", "Ann"):
        game = Game([name, "Bo"], seed=1)
        bot = GreedyBot(seed=1)
        while len(game.history) < 4:
            play_turn(game, bot)
        reader = None if name == "Ann" else 0
        rows = reviewing(game, nodes=NODES, lang="ru", reader=reader)
        said[name] = [row["comment"] if reader == 0 else row["comment"].replace(name, "NAME") for row in rows]
    assert said["Вы"] == said["You"] != said["Ann"]
    assert any("ход переходит к вам" in comment for comment in said["Вы"])
    # What the reader did is said in the reader's own verb forms, never a name's: «Вы берёте», not «Вы берёт».
    assert any(comment.startswith("Вы берёте") for comment in said["Вы"])
    assert not any("Вы берёт " in comment or "игроку Вы" in comment for comment in said["Вы"])
    # A name is never declined: "to Bo" is «к игроку Bo», not «к Bo».
    others = " ".join(said["Ann"])
    assert "к игроку " in others and "к Bo" not in others and "к NAME" not in others


def test_a_review_with_no_reader_words_the_seats_as_the_log_does():
    # The scripting API's review (no reader): a seat named "you" still agrees as "you" in what was played
    # («Вы берёте», never «Вы берёт» or «игроку Вы»; the advice after «Лучше:» speaks to its mover as
    # "you", so there the seat goes by its name), and names the package chose are in the review's language.
    for names in (["Вы", "Bo"], 2):
        game = Game(names, seed=1)
        bot = GreedyBot(seed=1)
        while len(game.history) < 4:
            play_turn(game, bot)
        said = " ".join(row["comment"].split("Лучше:")[0] for row in reviewing(game, nodes=NODES, lang="ru"))
        assert "Вы берёт " not in said and "игроку Вы" not in said and "Player" not in said, said
        if names == 2:
            assert "Игрок 1 берёт" in said and "Игрок 2 берёт" in said, said
        else:
            assert "Вы берёте" in said and "к вам" in said, said


def test_the_coach_speaks_the_package_language(asked):
    game = three_tasks()
    game.play(Move(2, (-1, 0)))
    try:
        i18n.set_language("ru")
        assert hint(three_tasks(), nodes=NODES).reason == hint(three_tasks(), nodes=NODES, lang="ru").reason
        (row,) = reviewing(game, nodes=NODES)
        assert row["comment"] == next(reviewing(game, nodes=NODES, lang="ru"))["comment"]
        assert left_over(row["comment"], ["Player 1", "Player 2"]) == []
    finally:
        i18n.set_language(None)
    assert hint(three_tasks(), nodes=NODES).reason.startswith("Take B08")


def test_an_unknown_language_is_refused_before_any_search():
    game = three_tasks()
    for ask in (
        lambda: hint(game, lang="de"),
        lambda: reviewing(game, lang="de"),
        lambda: review(game, lang="xx"),
    ):
        with pytest.raises(ValueError, match="unknown language"):
            ask()


def translated(lang, msgid):
    """Whether the shipped catalogue of ``lang`` has ``msgid`` (the coach's and the guide's sentences
    come to the catalogues after phase A of issue 14: until then the tests that need them wait)."""
    return i18n.compiled_catalogue(lang).gettext(msgid) != msgid


TAKE = "Take {tile} ({colour}) from wheel space {space} and place it at {cell}, {outcome}. {then}"


@pytest.mark.slow  # a long scan: `make test` runs it, `make test-fast` leaves it out
@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_no_english_is_left_in_the_coachs_words(lang):
    if not translated(lang, TAKE):
        pytest.skip(f"the {lang} catalogue has no translation of the coach's sentences yet")
    for sentence in coach_sentences(lang):
        assert english_words(sentence, ["Player 1", "Player 2", "Ann", "Bo", "You", "Solo"]) == [], sentence


def english_words(text, names=()):
    """The Latin words of ``text`` once tile ids and the players' ``names`` are taken out."""
    for name in names:
        text = text.replace(name, "")
    return re.findall(r"[A-Za-z]{2,}", re.sub(TILE_ID, "", text))
