"""The widget in another language: ``NovaLunaWidget(lang=...)``, ``widget.lang = ...`` and the page's
``language`` intent word every sentence the state carries (the log, the end, the solo score, the coach's
and the guide's words, refusals and errors) in that language, and change nothing else.

Most tests here check the plumbing, against the catalogue itself: a sentence of the Russian state is the
one ``narration``, ``coaching`` or the engine words in Russian, which is English only where the catalogue
has no translation yet. ``test_no_english_is_left`` checks that nothing is English any more; it waits
(skips) until the catalogues translate the widget's sentences.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from novaluna_widget import Game, IllegalMove, NovaLunaWidget, SoloGame, coach
from novaluna_widget import _i18n as i18n
from novaluna_widget._coach_view import BROWSING, hint_state, past, review_row, view_state
from novaluna_widget._guide import Guide
from novaluna_widget._names import YOU, default_names
from novaluna_widget._narration import end_summary, end_words, tell
from novaluna_widget._protocol import (
    LOG_TAIL,
    BadIntent,
    check_intent,
    check_selection,
    game_state,
    parse_intent,
)
from novaluna_widget._render import game_svg
from novaluna_widget._text_view import game_text

from .test_protocol import played_out
from .test_widget import intent, nothing_swallowed, send  # noqa: F401  (an autouse fixture)
from .test_widget_coach import NODES
from .untyped import as_passed

OTHERS = ["ru", "ja", "fa"]


@pytest.fixture(autouse=True)
def package_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """English unless a test sets another (``set_language`` or ``NOVALUNA_LANG``), and put back after."""
    monkeypatch.delenv(i18n.ENVIRONMENT, raising=False)
    i18n.set_language(None)
    yield i18n.set_language
    i18n.set_language(None)


def quick_reviewing(game: Game, **kw: Any) -> Any:
    return REVIEWING(game, nodes=NODES, **kw)


REVIEWING = coach.reviewing


def position(state: Mapping[str, Any]) -> dict[str, Any]:
    """The position part of a page state (what ``game_state`` builds, but ``can``, which the widget adds
    to)."""
    return {k: v for k, v in state.items() if k in POSITION_KEYS}


POSITION_KEYS = set(game_state(Game(2, seed=1))) - {"can"}


# -- choosing the language ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_the_state_says_its_language_and_direction(lang):
    w = NovaLunaWidget(seed=3, lang=lang)
    assert w.lang == lang and w.state["lang"] == lang
    assert w.state["dir"] == ("rtl" if lang == "fa" else "ltr")
    assert position(w.state) == position(game_state(w.game, [None, None], lang))


def test_an_unknown_language_is_a_value_error_naming_the_languages():
    for bad in ("de", "EN", "", 5):  # (None is the package language)
        with pytest.raises(
            ValueError,
            match=r"unknown language .*; the languages are en \(English\), ru "
            r"\(Русский\), ja \(日本語\), fa \(فارسی\)",
        ):
            NovaLunaWidget(seed=3, lang=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown language 'de'"):
        NovaLunaWidget.tutorial(lang="de")
    w = NovaLunaWidget(seed=3, lang="ru")
    before = w.state
    for odd in ("de", 5, None):
        with pytest.raises(ValueError, match="the languages are en"):
            w.lang = as_passed(odd)
    assert w.lang == "ru" and w.state is before


def test_the_package_language_is_the_default(package_language, monkeypatch):
    monkeypatch.setenv(i18n.ENVIRONMENT, "ja")
    assert NovaLunaWidget(seed=3).lang == "ja"
    package_language("fa")  # set_language wins over the environment
    w = NovaLunaWidget(seed=3)
    assert (w.lang, w.state["lang"], w.state["dir"]) == ("fa", "fa", "rtl")
    assert NovaLunaWidget(seed=3, lang="ru").lang == "ru"  # and lang= over both
    assert NovaLunaWidget.tutorial().guide.lang == "fa"  # type: ignore[union-attr]
    package_language("en")
    assert w.lang == "fa"  # chosen when the widget was made: a later set_language does not reach it


def test_the_page_cannot_write_the_language_it_asks_with_an_intent(monkeypatch):
    w = NovaLunaWidget(seed=3)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "_send", lambda msg, buffers=None: sent.append(msg))
    w._handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"lang": "ru"}, "buffer_paths": []}},
            "buffers": [],
        }
    )
    assert w.lang == "en" and sent == [{"method": "update", "state": {"lang": "en"}, "buffer_paths": []}]


# -- switching --------------------------------------------------------------------------------------
def test_switching_rewords_the_state_and_keeps_the_position():
    game = played_out(Game(["You", "Bo"], seed=5), 30)
    w = NovaLunaWidget(game, bots={1: "greedy"})
    english, version = w.state, w.version
    for lang in OTHERS:
        w.lang = lang
        assert w.version == version and w.game is game and w.state["answered"] == english["answered"]
        assert position(w.state) == position(game_state(game, [None, "greedy"], lang, reader=0))
        entries, _ = tell(game, LOG_TAIL, lang, reader=0)
        assert w.state["log"] == list(entries)
        assert w.state["view"] == view_state(game, None, lang=lang)
    w.lang = "en"
    assert w.state == english  # and back, word for word


def test_the_language_intent_switches_and_is_checked():
    w = NovaLunaWidget(seed=3)
    version = w.version
    intent(w, "language", lang="fa")
    assert (w.lang, w.state["lang"], w.state["dir"]) == ("fa", "fa", "rtl")
    assert w.version == version and w.last_error is None
    refused_fields: list[tuple[dict[str, Any], str]] = [
        ({"lang": "de"}, "must be one of en, ru, ja, fa, not 'de'"),
        ({}, "needs 'lang'"),
        ({"lang": ["ru"]}, "must be one of en, ru, ja, fa"),
    ]
    for fields, why in refused_fields:
        with pytest.raises(BadIntent) as refused:
            parse_intent({"action": "language", "version": version, **fields})
        assert why in refused.value.in_language("en")
        intent(w, "language", **fields)
        # Refused in the widget's language (which stays Persian).
        assert w.lang == "fa" and w.last_error == i18n.in_language(refused.value, "fa")
    stale = {"action": "language", "version": version - 1, "lang": "ru"}  # made on an older picture
    send(w, stale)
    with pytest.raises(IllegalMove, match="older picture") as refused_stale:
        check_intent(stale, w.game, [None, None], version)
    assert w.lang == "fa" and w.last_error == refused_stale.value.in_language("fa")


def test_errors_are_worded_in_the_widgets_language_and_reworded_with_it():
    w = NovaLunaWidget(seed=3, lang="ru")
    intent(w, "select", space=9)
    with pytest.raises(IllegalMove) as refused:
        check_selection(w.game, 9)
    assert w.last_error == w.state["error"] == i18n.in_language(refused.value, "ru")
    w.lang = "ja"  # the refusal on show is data: it is worded again
    assert w.last_error == w.state["error"] == refused.value.in_language("ja")
    w.lang = "en"
    assert w.last_error == str(refused.value) and "not among the next three tiles" in w.last_error
    send(w, "junk")
    w.lang = "fa"
    assert w.last_error == i18n.in_language(
        BadIntent(i18n.msg("a message from the page must be an object, not {type}", type="str")), "fa"
    )


def test_an_earlier_position_and_a_browsing_refusal_in_the_language():
    game = played_out(Game(2, seed=4), 12)
    w = NovaLunaWidget(game)
    intent(w, "show", turn=5)
    take = {"space": game.choices()[0], "cell": [0, 0], "player": game.current_player}
    intent(w, "take", **take)
    assert w.last_error == BROWSING.in_language("en")
    w.lang = "ru"  # (the language intent, like any good intent, would clear the error)
    assert w.shown_turn == 5 and w.last_error == BROWSING.in_language("ru")
    assert position(w.state)["log"] == game_state(past(game, 5), None, "ru")["log"]
    assert w.state["view"]["label"] == view_state(game, 5, lang="ru")["label"]


def test_the_end_and_the_solo_score_in_the_language():
    over = played_out(Game(3, seed=2), 400)
    solo = played_out(SoloGame(seed=1), 6)
    for game in (over, solo):
        w = NovaLunaWidget(game, lang="ja")
        if game.is_over:
            assert w.state["over"]["text"] == end_words(game, "ja")
            assert w.state["over"]["lines"] == end_summary(game, "ja")
        else:
            sheet = game.score_sheet("ja")
            assert sheet is not None and w.state["solo"]["text"] == sheet["text"]
            assert w.state["solo"] == game_state(game, None, "ja")["solo"]


def test_the_hint_is_asked_again_in_the_new_language():
    w = NovaLunaWidget(players=["You", "Bo"], seed=3, bots={1: "greedy"})
    intent(w, "hint")
    shown, version = w.state["hint"], w.version
    w.lang = "ru"
    expected = hint_state(coach.hint(w.game, lang="ru"), version, "ru")
    assert w.state["hint"] == expected and w.version == version
    assert w.state["hint"]["action"] == shown["action"]  # the same move, in other words


def test_the_review_panel_is_reworded(monkeypatch):
    calls: list[str] = []

    def reviewing(game: Game, **kw: Any) -> Any:
        calls.append(kw.get("lang", "?"))
        return quick_reviewing(game, **kw)

    monkeypatch.setattr(coach, "reviewing", reviewing)
    game = played_out(Game(["You", "Bo"], seed=11), 400)
    w = NovaLunaWidget(game)
    w.review(progress=False)
    english = w.review_panel
    intent(w, "open", row=3)
    w.lang = "ru"
    rows = list(quick_reviewing(game, lang="ru"))
    shown = [review_row(past(game, k), k, row, "ru") for k, row in enumerate(rows)]
    assert w.review_panel["rows"] == sorted(shown, key=lambda r: (-r["loss"], r["index"]))
    assert w.shown_turn == 3 and w.state["view"]["compare"]["played"]["words"] == shown[3]["played"]
    frame = w.review(progress=False)
    assert list(frame["comment"]) == [row["comment"] for row in rows]
    w.lang = "en"
    assert w.review_panel == english and calls == ["en", "ru"]  # each language worked out once


# -- the names the package chose ------------------------------------------------------------------------
def shown_names(w: NovaLunaWidget) -> list[str]:
    return [p["name"] for p in w.state["players"]]


@pytest.mark.parametrize("players", [2, 4, 1])
def test_the_seats_default_names_follow_a_change_of_language(players):
    # "Player 1" (or "Solo") is the package's name for a seat: worded in the widget's language, on the page,
    # in the log, the picture and print(game), as it switches; the game and its data stay as they were.
    w = NovaLunaWidget(players=players, seed=3)
    game, given = w.game, [p.name for p in w.game.players]
    for lang in [*OTHERS, "en"]:
        w.lang = lang
        names = default_names(players, lang)
        assert shown_names(w) == names and w.game is game and [p.name for p in game.players] == given
        if players > 1:
            assert names[0] in w.state["log"][0][3] and names[0] in w.to_svg()
            assert names[0] in game_text(game, lang) and names[0] in game.log[0].in_language(lang)
            assert all("Player" not in entry[3] for entry in w.state["log"]) == (lang != "en")
        else:  # the one player at a solo table is the reader, told about as "you" (issue 36)
            text = game_text(game, lang)
            assert f"{YOU.in_language(lang)}" in text and f"\n{names[0]}" not in text


def test_names_made_in_another_language_follow_too_and_a_users_names_stay():
    w = NovaLunaWidget(players=3, seed=3, lang="ru")
    assert shown_names(w) == ["Игрок 1", "Игрок 2", "Игрок 3"] == [p.name for p in w.game.players]
    w.lang = "ja"
    assert shown_names(w) == default_names(3, "ja")
    # A name a user gave is never reworded, even one that reads like the package's.
    for given in (["Ann", "Player 2"], ["Player 2", "Player 1"], ["Игрок 1", "Player 2"]):
        w = NovaLunaWidget(players=given, seed=3)
        for lang in OTHERS:
            w.lang = lang
            assert shown_names(w) == given


def test_a_review_rows_seat_is_named_in_its_language():
    game = Game(2, seed=3)
    move = game.legal_actions()[0]
    row = {"turn": 0, "player": 0, "played": move, "suggested": move, "loss": 0.0, "comment": ""}
    assert [review_row(game, 0, row, lang)["name"] for lang in ("en", *OTHERS)] == [
        default_names(2, lang)[0] for lang in ("en", *OTHERS)
    ]


def test_a_puzzles_seats_are_named_in_the_widgets_language(tmp_path):
    # Its question names a seat too ("Which tasks in Player 2's area are fulfilled?"), in the same words.
    w = NovaLunaWidget.puzzles(seed=1, kinds=["fulfilled"], lang="fa", path=tmp_path / "progress.json")
    count = len(w.state["players"])
    assert shown_names(w) == default_names(count, "fa")
    seat = w.state["puzzle"]["seat"]
    assert default_names(count, "fa")[seat] in w.state["puzzle"]["question"]
    w.lang = "ru"
    assert shown_names(w) == default_names(count, "ru")
    # After the word for a player, the seat's number alone: «на планшете игрока 2», not «игрока Игрок 2».
    assert f"на планшете игрока {seat + 1} " in w.state["puzzle"]["question"]
    assert "Player" not in json.dumps(w.state, ensure_ascii=False)


def test_the_guided_game_speaks_the_language():
    w = NovaLunaWidget.tutorial(lang="ru")
    assert w.guide is not None and w.guide.lang == "ru" and w.lang == "ru"
    step = {k: v for k, v in w.state["tutorial"].items() if k != "refused"}
    assert step == Guide(lang="ru").state()
    intent(w, "hint")  # not in the guided game: a friendly refusal, in Russian
    refused = w.state["tutorial"]["refused"]
    assert refused == i18n.msg(
        "In the guided game, follow the steps: Hint, Review, history, Undo and the "
        "bots come with your own games. Press New game when the guide is done."
    ).in_language("ru")
    intent(w, "language", lang="ja")  # the guide listens to the language menu too
    assert w.guide.lang == "ja" and w.state["tutorial"]["prompt"] == Guide(lang="ja").state()["prompt"]


def test_the_guided_games_seats_are_named_in_the_widgets_language():
    w = NovaLunaWidget.tutorial(lang="ru")
    assert [(p["name"], p["you"]) for p in w.state["players"]] == [("Вы", True), ("Луна", False)]
    assert "Луна" in w.state["tutorial"]["text"]
    for _ in range(3):
        assert w.guide is not None and w.guide.click is not None
        intent(w, **w.guide.click.intent)
    version, history, selected = w.version, w.game.history, w.selected
    intent(w, "language", lang="fa")  # the same game, its seats renamed: the picture's version stays
    assert w.guide is not None and w.game is w.guide.game and w.last_error is None
    assert [(p["name"], p["you"]) for p in w.state["players"]] == [("شما", True), ("لونا", False)]
    assert (w.version, w.game.history, w.selected) == (version, history, selected)
    assert all("Луна" not in entry[3] and "Вы" not in entry[3] for entry in w.state["log"])
    assert w.guide.click is not None
    intent(w, **w.guide.click.intent)  # the page's clicks still fit
    assert w.last_error is None and w.version == version + 1
    intent(w, "new")  # a game against the greedy bot, its seats named as they were
    assert [p.name for p in w.game.players] == ["شما", "لونا"] and w.bots == {1: "greedy"}
    assert [p["you"] for p in w.state["players"]] == [True, False]


def test_the_picture_is_drawn_in_the_language():
    w = NovaLunaWidget(seed=3, lang="fa")
    assert w.to_svg() == game_svg(w.game, lang="fa")


def test_only_words_change_with_the_language():
    """Every value of the state but its sentences is the same in every language: the page reads codes,
    numbers and ids, never words, to decide what to draw."""
    game = played_out(Game(["You", "Bo", "Cy"], seed=6), 400)
    w = NovaLunaWidget(game)
    english = leaves(w.state)
    for lang in OTHERS:
        w.lang = lang
        for path, value in leaves(w.state).items():
            if not _worded(path):
                assert value == english[path], (lang, path)


def leaves(value: Any, path: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in leaves(item, f"{path}.{key}").items()}
    if isinstance(value, (list, tuple)):
        return {k: v for i, item in enumerate(value) for k, v in leaves(item, f"{path}[{i}]").items()}
    return {path: value}


#: Where the state holds words: every other leaf is a code, a number, a name or an id.
WORDED = (
    ".log[",
    ".over.text",
    ".over.lines",
    ".solo.lines",
    ".solo.goal",
    ".solo.text",
    ".view.label",
    ".words",
    ".reason",
    ".error",
    ".tutorial.",
    ".lang",
    ".dir",
    ".bot_words.",
)


def _worded(path: str) -> bool:
    if path.startswith(".log["):
        return path.endswith("[3]")  # [id, kind, player, sentence]
    return any(part in path for part in WORDED)


# -- no English left ------------------------------------------------------------------------------
@pytest.mark.slow  # a long scan: `make test` runs it, `make test-fast` leaves it out
@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_is_left(lang, monkeypatch):
    monkeypatch.setattr(coach, "reviewing", quick_reviewing)
    games = [
        played_out(Game(["You", "Bo"], seed=5), 30),
        played_out(Game(3, seed=2), 400),
        played_out(SoloGame(seed=1), 6),
        played_out(SoloGame(seed=1), 400),
    ]
    for game in games:
        w = NovaLunaWidget(game)
        if game.is_over:
            w.review(progress=False)
            intent(w, "open", row=2)
        else:
            intent(w, "hint")
        english = (w.state, w.review_panel)
        w.lang = lang
        said = sentences(*english)
        for path, words in sentences(w.state, w.review_panel).items():
            assert words != said[path], (path, words)


#: The words of a review row.
REVIEWED = ("played", "suggested", "loss_words", "comment")


def sentences(state: dict[str, Any], panel: dict[str, Any]) -> dict[str, str]:
    """The sentences of a state and a review panel."""
    found = {
        path: value
        for path, value in leaves(state).items()
        if _worded(path) and isinstance(value, str) and value and not path.endswith((".lang", ".dir"))
    }
    for k, row in enumerate(panel.get("rows", [])):
        found.update({f"review[{k}].{key}": row[key] for key in REVIEWED})
    return found


def test_the_state_is_plain_json_in_every_language():
    for lang in ["en", *OTHERS]:
        w = NovaLunaWidget(played_out(SoloGame(seed=2), 400), lang=lang)
        json.dumps(w.state, allow_nan=False, ensure_ascii=False)


@pytest.mark.parametrize("lang", OTHERS)
def test_seats_given_by_number_are_named_in_the_widgets_language(lang):
    # "Player 1" and "Solo" are the names of seats given no names: a widget names them in its language.
    for players, english in ((3, ["Player 1", "Player 2", "Player 3"]), (1, ["Solo"])):
        w = NovaLunaWidget(players=players, seed=2, lang=lang)
        named = [p["name"] for p in w.state["players"]]
        assert named == [p.name for p in w.game.players] and not set(named) & set(english)
        assert [p["name"] for p in NovaLunaWidget(players=players, seed=2).state["players"]] == english
        # The same deal whatever the names, and print(game)'s first line has no English class name.
        assert w.game.wheel == NovaLunaWidget(players=players, seed=2).game.wheel
        first = game_text(w.game, lang).splitlines()[0]
        assert "Game" not in first and "Solo" not in first, first
