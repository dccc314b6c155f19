"""The engine in every language: the catalogues (complete, current, compiled), the words they give (plural
forms, no spaces in Japanese, Persian digits, no English left), the package language and its errors.

The translations live in ``novaluna_widget/locale/<lang>/LC_MESSAGES/novaluna.po``; ``make messages`` extracts
the sentences, merges them into those files and compiles them. Golden playthroughs in each language
(``tests/golden/i18n/``) show whole games for a reader to check; rewrite them with
``NOVALUNA_UPDATE_GOLDEN=1`` after a deliberate change and read the diff.

The page's own words (js/) are a domain of their own, ``novaluna_page``: its catalogues sit beside the
engine's, ``make messages`` (or ``make messages-page``) extracts them from js/ and writes js/locale.json,
which the view bundles; the tests at the end check that chain and js/i18n.js itself.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import os
import pickle
import re
import shutil
import string
import subprocess
import unicodedata
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import novaluna_widget as nl
from novaluna_widget import Game, IllegalMove, Move, SoloGame
from novaluna_widget import _i18n as i18n
from novaluna_widget import _names as names
from novaluna_widget._errors import PositionError
from novaluna_widget._i18n import cell_words, joined, msg
from novaluna_widget._log import to_event, tokens_left
from novaluna_widget._narration import end_words, tell
from novaluna_widget._protocol import check_selection, game_state
from novaluna_widget._render import board_svg, game_svg
from novaluna_widget._save import SaveError
from novaluna_widget._text_view import game_text
from novaluna_widget.scenario import ScenarioError, area, position
from tests.test_golden import playthrough

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "novaluna_widget" / "locale"
OTHERS = ("ru", "ja", "fa")
GOLDEN = Path(__file__).parent / "golden" / "i18n"
#: Latin words a translation may keep besides code (see ``CODE``): arguments, types and values a caller
#: writes, and the game's name. Anything else in Latin letters is English left untranslated.
CODE_WORDS = {
    "Python",  # a name, kept as it is in every language (the in-browser site's kernel notice)
    "Move",
    "SoloGame",
    "Tile",
    "JSON",
    "CSV",
    "None",
    "true",
    "false",
    "null",
    "str",
    "bytes",
    "random",
    "players",
    "areas",
    "stack",
    "start",
    "beginner",
    "seed",
    "nodes",
    "Game",
    "game",
    "board",
    "shuffle_pile",
    "task_index",
    "novaluna_widget",
    "ID",
    "id",
    "x",
    "y",
    "M",
    "Nova",
    "Luna",
    "Esc",
    "Tab",
    "Enter",  # keys, named as keyboards print them
}
#: The plural rules Babel writes for each language (gettext's Plural-Forms).
PLURAL_FORMS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 "
    ": 2);",
    "ja": "nplurals=1; plural=0;",
    "fa": "nplurals=1; plural=0;",
}
#: Characters of Japanese text: kana, kanji, and the ideographic and full-width punctuation.
JAPANESE = r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]"
#: Tile ids (R01–Y17), which every language writes as code does.
TILE_ID = r"(?<![A-Za-z0-9])[RBTY]\d\d(?![0-9])"
#: Code in a translation: placeholders, tile ids, field paths, JSON examples, quoted values, calls, spots.
CODE = "|".join(
    [
        r"\{\w+\}",
        TILE_ID,
        r"\.\w+",
        r"\w+\[\{n\}\]",
        r"\[[^]]*\]",
        r"'[^']*'",
        r'"[^"]*"',
        r"\w+\([^)]*\)\)?",
        r"\w+=\{\w+\}",
        r"\w+@[\w,]+",
    ]
)
#: What Persian writes in ASCII digits: code (tile ids, a seed's range, JSON examples, paths like covered[0]).
PERSIAN_CODE = "|".join(
    [r"Y07@0,0", TILE_ID, r"0 تا 2\*\*64 - 1", r"\[[^]]*\]", "ID@x,y", r"\{\w+\}", r"\w+\[\{n\}\]"]
)


def catalogue(lang: str) -> Catalog:
    with open(LOCALE / lang / "LC_MESSAGES" / "novaluna.po", "rb") as po:
        return read_po(po)


def entries(lang: str) -> Iterator[Message]:
    return (m for m in catalogue(lang) if m.id)


def page_catalogue(lang: str) -> Catalog:
    """The page's catalogue (js/, the domain ``novaluna_page``)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "novaluna_page.po", "rb") as po:
        return read_po(po)


def page_entries(lang: str) -> Iterator[Message]:
    return (m for m in page_catalogue(lang) if m.id)


def key(m: Message) -> tuple[str | None, str | tuple[str, ...]]:
    return (m.context, m.id if isinstance(m.id, str) else tuple(m.id))


def forms(m: Message) -> list[str]:
    if isinstance(m.string, str):
        return [m.string]
    assert m.string is not None, m.id
    return list(m.string)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


#: The context of a message to the reader, the player named You.
YOU_CONTEXT = "the player named You, the reader"


def english(m: Message) -> list[str]:
    return [m.id] if isinstance(m.id, str) else list(m.id)


@pytest.fixture
def language():
    """Set the package language in a test and always put it back."""
    yield i18n.set_language
    i18n.set_language(None)


# -- the catalogues -----------------------------------------------------------------------------------
@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_the_template_is_up_to_date_with_the_sources(tmp_path):
    fresh = tmp_path / "novaluna.pot"
    # The Makefile's own recipe (`make messages` runs it too), not a copy of its keywords.
    subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "messages-template", f"POT={fresh}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    with open(fresh, "rb") as pot:
        wanted = {key(m) for m in read_po(pot) if m.id}
    with open(LOCALE / "novaluna.pot", "rb") as pot:
        assert {key(m) for m in read_po(pot) if m.id} == wanted, "run `make messages`"
    for lang in OTHERS:
        assert {key(m) for m in entries(lang)} == wanted, f"{lang}: run `make messages`"


#: The names the engine makes messages with, and where their context and words are among the arguments
#: (the Makefile's keywords: ``-k msg -k cmsg:1c,2 -k plural:1,2 -k cplural:1c,2,3``).
MESSAGE_CALLS = {"msg": (None, 1), "cmsg": (1, 2), "plural": (None, 2), "cplural": (1, 3)}


def message_calls(path: Path) -> Iterator[tuple[int, str | None, tuple[str, ...] | None]]:
    """Every call of a message-making name in a module, found by parsing it (so a call inside an f-string,
    a lambda or a default argument is found too): (line, context, English words), the words None when
    they are not written out as literal strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        spec = MESSAGE_CALLS.get(node.func.id)
        if spec is None:
            continue
        context_at, words_to = spec
        given = node.args[:words_to]
        literal = [a.value for a in given if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(given) < words_to or len(literal) < len(given):
            yield node.lineno, None, None
            continue
        first = 0 if context_at is None else 1
        yield node.lineno, (literal[0] if context_at else None), tuple(literal[first:])


def test_every_message_made_in_the_code_is_in_the_template():
    """Extraction reads calls the way a tokenizer sees them and misses some (a ``msg`` inside an f-string,
    the worksheet key's heading once): parse every module and look each call up in the template."""
    with open(LOCALE / "novaluna.pot", "rb") as pot:
        template = {key(m) for m in read_po(pot) if m.id}
    package = ROOT / "novaluna_widget"
    missing, unwritten = [], []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(ROOT)
        for line, context, words in message_calls(path):
            if words == ("",):  # gettext's "" is the catalogue's header: an empty sentence, on purpose
                continue
            if words is None:
                unwritten.append(f"{where}:{line}")
            elif (context, words[0] if len(words) == 1 else words) not in template:
                missing.append(f"{where}:{line} {words[0]!r}")
    assert not missing, f"messages extraction misses (write them where pybabel reads them): {missing}"
    assert not unwritten, f"message calls whose words are not literal strings: {unwritten}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    cat = catalogue(lang)
    assert cat.plural_forms == PLURAL_FORMS[lang]
    for m in entries(lang):
        assert not m.fuzzy, f"{lang}: fuzzy {m.id!r}"
        assert len(forms(m)) == (1 if isinstance(m.id, str) else cat.num_plurals), m.id
        assert all(form.strip() for form in forms(m)), f"{lang}: untranslated {m.id!r}"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_compiled_catalogues_match_the_po_files(lang):
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(lang))
    shipped = (LOCALE / lang / "LC_MESSAGES" / "novaluna.mo").read_bytes()
    assert compiled.getvalue() == shipped, f"{lang}: run `make messages`"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_are_the_same_in_every_translation(lang):
    for m in entries(lang):
        wanted = set().union(*map(fields, english(m)))
        # A sentence to the reader may say "your turn" where the English names the player You (as the
        # page's may): «ваша очередь», never «ходите Вы».
        dropped = {"name"} if m.context == YOU_CONTEXT else set()
        for form in forms(m):
            assert wanted - dropped <= fields(form) <= wanted, f"{lang}: {form!r} for {m.id!r}"


def english_left(messages: list[Message]) -> list[str]:
    """The translations that are English: the same as an English sentence (a msgid of more than one word),
    or with Latin words that are not code."""
    sentences = {
        text
        for m in messages
        for text in english(m)
        if len(re.findall(r"[A-Za-z]+", re.sub(r"\{\w+\}", "", text))) > 1
    }
    return [
        form
        for m in messages
        for form in forms(m)
        if form in sentences or set(re.findall(r"[A-Za-z_]+", re.sub(CODE, "", form))) - CODE_WORDS
    ]


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_is_left_in_a_translation(lang):
    assert english_left(list(entries(lang))) == []


def test_an_english_translation_is_caught():
    # The check has teeth: a Russian entry left in English, or half in English, is found.
    messages = list(entries("ru"))
    first, second = (
        m
        for m in messages
        if m.id == "{who} takes {tile} from wheel space {space}." or m.id == "{who} places {tile} at {cell}."
    )
    first.string = first.id
    second.string = "{who} кладёт {tile} at {cell}."
    assert sorted(english_left(messages)) == sorted([first.id, second.string])


def test_japanese_has_no_spaces_between_words():
    between = re.compile(rf"{JAPANESE} | {JAPANESE}|\}} \{{|{JAPANESE} \{{|\}} {JAPANESE}")
    for m in [*entries("ja"), *page_entries("ja")]:
        for form in forms(m):
            assert not between.search(form), f"a space in {form!r}"


def test_persian_uses_persian_letters_and_digits():
    for m in [*entries("fa"), *page_entries("fa")]:
        for form in forms(m):
            assert not re.search("[\u064a\u0643]", form), f"Arabic yeh or kaf in {form!r}"  # ي ك, not ی ک
            assert not re.search("[0-9]", re.sub(PERSIAN_CODE, "", form)), f"ASCII digits in {form!r}"


# -- the package language -----------------------------------------------------------------------------
def test_english_is_the_default_and_needs_no_catalogue(monkeypatch):
    monkeypatch.delenv("NOVALUNA_LANG", raising=False)
    assert i18n.get_language() == "en"
    assert dict(nl.LANGUAGES) == {"en": "English", "ru": "Русский", "ja": "日本語", "fa": "فارسی"}


def test_the_environment_sets_the_package_language(monkeypatch, language):
    monkeypatch.setenv("NOVALUNA_LANG", "ja")
    assert i18n.get_language() == "ja"
    assert str(tokens_left(3)) == "残りトークン3個"
    language("ru")  # set_language wins over the environment
    assert str(tokens_left(3)) == "осталось 3 токена"
    language(None)
    assert i18n.get_language() == "ja"


def test_an_unknown_language_is_a_clear_error(monkeypatch, language):
    with pytest.raises(ValueError, match=r"unknown language 'de'; the languages are en \(English\), ru"):
        language("de")
    with pytest.raises(ValueError, match="unknown language"):
        tokens_left(1).in_language("xx")
    # An unknown NOVALUNA_LANG cannot raise while an error is printed: it warns and speaks English.
    monkeypatch.setenv("NOVALUNA_LANG", "klingon")
    with pytest.warns(RuntimeWarning, match="NOVALUNA_LANG='klingon' is not a language here"):
        assert str(tokens_left(1)) == "1 token left"


# -- words in each language ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "остался 1 токен"),
        (2, "осталось 2 токена"),
        (5, "осталось 5 токенов"),
        (11, "осталось 11 токенов"),
        (21, "остался 21 токен"),
        (22, "осталось 22 токена"),
    ],
)
def test_russian_plural_forms_of_the_tokens_left(n, words):
    assert tokens_left(n).in_language("ru") == words


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "1 неразмещённый токен"),
        (2, "2 неразмещённых токена"),
        (5, "5 неразмещённых токенов"),
        (11, "11 неразмещённых токенов"),
        (21, "21 неразмещённый токен"),
        (22, "22 неразмещённых токена"),
    ],
)
def test_russian_plural_forms_in_the_log(n, words):
    event = to_event(("phase", 40 + 10 * n, 40, n), ["Solo"], [])
    assert words in event.in_language("ru")
    assert f"10 × {n} {'token' if n == 1 else 'tokens'} not placed" in event.text
    assert event.text.startswith(f"Phase 1 ends: tile costs 40 + 10 × {n}")  # a sum of costs, not 40 tiles


def test_russian_plural_forms_of_an_area_and_a_task():
    game = position(["Y07@0,0 B02@1,0 B03@1,1", "R01@0,0"], tokens=[1, 11])
    text = game_text(game, "ru")
    assert "Игрок 1: остался 1 токен, время 7, 3 тайла" in text  # the seats' default names, in Russian too
    assert "Игрок 2: осталось 11 токенов, время 1, 1 тайл" in text
    why = game.players[0].board.explain((0, 0), 0).in_language("ru")
    assert why.startswith("Задача «1 красный + 1 синий")
    # A colour counted more often than needed is never "2 of 1": the count, then the number needed.
    assert "0 из 1 красного" in why and "2 синих (нужен 1)" in why and "2 из 1" not in why
    explanation = game.players[0].board.explain((0, 0), 0)
    english = explanation.in_language("en")
    assert "0 of 1 red" in english and "2 blue, 1 needed" in english and "2 of 1" not in english
    for lang in ("ja", "fa"):
        assert i18n.number(2, lang) in explanation.in_language(lang)
    assert "青2枚（必要なのは1枚）" in explanation.in_language("ja")


#: A Russian preposition right before a player's name: the name would have to be declined («против Луны»),
#: and names are never declined here (docs/glossary.ru.md), so a sentence says «против игрока {name}».
RUSSIAN_PREPOSITION = re.compile(
    r"(?<![\w-])(без|в|во|для|до|за|из|к|ко|на|над|о|об|от|перед|по|под|при|про|"
    r"против|с|со|у|через)\s+\{(name|who|winner)\}",
    re.IGNORECASE,
)


def test_russian_never_declines_a_name_in_the_guide_and_the_log():
    """«против игрока Луна», «первым ходил игрок Луна»: not «против Луна», «за Луна»."""
    told = [
        form
        for m in entries("ru")
        for form in forms(m)
        if any("/_guide/" in path or path.endswith("_narration.py") for path, _ in m.locations)
    ]
    assert told
    assert [form for form in told if RUSSIAN_PREPOSITION.search(form)] == []
    assert RUSSIAN_PREPOSITION.search("Вы сыграете одну игру против {name}")  # the check has teeth
    # The game's name stays «Nova Luna», as everywhere in Russian, never declined either.
    assert [form for m in entries("ru") for form in forms(m) if re.search("Нов[аоуы] Лун", form)] == []


def test_japanese_counts_tiles_and_tokens_with_counters():
    board = area("Y07@0,0 B02@1,0 B03@1,1")
    assert board.explain((0, 0), 1).in_language("ja") == (
        "マス(0,0)のY07のタスク「青3枚」は未達成です：青3枚中2枚（隣接：(1,0)のB02／つながり：(1,1)のB03）。"
    )


def test_persian_writes_persian_digits():
    assert i18n.number(1234567890, "fa") == "۱۲۳۴۵۶۷۸۹۰"
    assert tokens_left(20).in_language("fa") == "۲۰ توکن باقی مانده"


def every_sentence(game: Game, lang: str) -> Iterator[str]:
    """The log's and ``explain``'s sentences (the text view, a layout in columns, is checked apart)."""
    yield from (e.in_language(lang) for e in game.log)
    for p in game.players:
        for (x, y), t in p.board.tiles.items():
            yield from (p.board.explain((x, y), k).in_language(lang) for k in range(len(t.tasks)))


@pytest.mark.parametrize("lang", OTHERS)
def test_whole_games_are_told_in_every_language(lang):
    # Every sentence of the log, the text view and explain can be worded (no placeholder is missing).
    for game in (Game(["Ann", "Bo", "Cy"], seed=3), SoloGame(seed=4)):
        while not game.is_over:
            game.play(game.legal_actions()[-1] if game.can_end_phase_one else game.legal_moves()[0])
        assert "{" not in game_text(game, lang)
        for sentence in every_sentence(game, lang):
            assert "{" not in sentence
            if lang == "ja":
                assert not re.search(rf"{JAPANESE} | {JAPANESE}", sentence), sentence
            if lang == "fa":  # digits are Persian but in tile ids (R03) and the seed (code, so isolated)
                seed = r"بذر \u2068\d+\u2069"
                assert not re.search("[0-9]", re.sub(rf"{TILE_ID}|{seed}", "", sentence)), sentence


@pytest.mark.parametrize("name", ["game2", "solo"])
@pytest.mark.parametrize("lang", OTHERS)
def test_golden_playthrough_in_every_language(name, lang, language):
    players, seed = {"game2": (2, 21), "solo": (1, 25)}[name]
    language(lang)
    text = playthrough(players, seed)
    path = GOLDEN / f"{name}.{lang}.txt"
    if os.environ.get("NOVALUNA_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path} differs; see the module docstring"


# -- right to left: values from code kept apart ------------------------------------------------------
ISOLATE, END = "\u2068", "\u2069"


def outside_isolates(text: str) -> str:
    """``text`` without its isolates and what they hold (which must pair up)."""
    kept, depth = [], 0
    for char in text:
        if char == ISOLATE:
            depth += 1
        elif char == END:
            depth -= 1
            assert depth >= 0, f"an isolate ends that never began in {text!r}"
        elif depth == 0:
            kept.append(char)
    assert depth == 0, f"an isolate that never ends in {text!r}"
    return "".join(kept)


def first_strong(text: str) -> str | None:
    """The bidirectional class of the first strong letter outside the isolates (what sets a line's
    direction in plain text): L, R or AL."""
    classes = (unicodedata.bidirectional(char) for char in outside_isolates(text))
    return next((c for c in classes if c in ("L", "R", "AL")), None)


def test_a_persian_sentence_keeps_each_value_from_code_apart():
    placed = msg("{who} places {tile} at {cell}.", who="Ann", tile="R07", cell=cell_words((1, -2)))
    persian = placed.in_language("fa")
    # The name, the tile id and the cell (a left-to-right notation, its minus sign with its digit) each
    # stand in an isolate of their own; nothing left to right is left between the Persian words.
    for value in ("Ann", "R07", "(۱، -۲)"):
        assert f"{ISOLATE}{value}{END}" in persian, persian
    assert not re.search("[A-Za-z0-9()-]", outside_isolates(persian)), persian
    assert first_strong(persian) == "AL"  # the line still reads right to left, though it starts with Ann
    # A negative number, a list of ids and a name in Persian; a number of the sentence's own is not kept
    # apart (its digits read as they are).
    values = msg("{a} {b} {c} {d}", a=-2, b=joined(["R07", "B05"]), c="سارا", d=3)
    told = values.in_language("fa")
    assert told == f"{ISOLATE}-۲{END} {ISOLATE}R07{END}، {ISOLATE}B05{END} {ISOLATE}سارا{END} ۳"
    # A cell on its own (a label, a column of the text view) needs no isolate: nothing stands around it.
    assert cell_words((1, -2)).in_language("fa") == "(۱، -۲)"
    # Every other language has no isolates.
    assert placed.in_language("en") == "Ann places R07 at (1, -2)."
    for lang in ("en", "ru", "ja"):
        assert not re.search(f"[{ISOLATE}{END}]", placed.in_language(lang) + values.in_language(lang))


def test_whole_persian_games_read_right_to_left_with_code_kept_apart():
    for game in (Game(["Ann", "Bo", "Cy"], seed=3), SoloGame(seed=4)):
        while not game.is_over:
            game.play(game.legal_actions()[-1] if game.can_end_phase_one else game.legal_moves()[0])
        said = [*every_sentence(game, "fa"), *(entry[3] for entry in tell(game, 60, "fa")[0])]
        for sentence in said:
            assert first_strong(sentence) in ("R", "AL"), sentence
            # tile ids, names and Latin letters only in isolates (a code word a translator wrote aside)
            assert not re.search(rf"{TILE_ID}|Ann|Bo|Cy|Solo", outside_isolates(sentence)), sentence
        for lang in ("en", "ru", "ja"):
            words = [*every_sentence(game, lang), game_text(game, lang), game_svg(game, lang=lang)]
            assert not any(ISOLATE in text or END in text for text in words), lang


# -- sentences composed of several messages, read whole -------------------------------------------------
EVERY = ("en", *OTHERS)


def finished(game: Game) -> Game:
    while not game.is_over:
        game.play(game.legal_actions()[-1] if game.can_end_phase_one else game.legal_moves()[0])
    return game


@pytest.mark.parametrize("lang", EVERY)
def test_the_one_player_at_a_solo_table_is_told_about_as_you(lang):
    # A solo widget has no reader seat, yet the one person at the table is who reads: "You take R05", never
    # «Соло берёт R05», 「ソロがR05を取る」 (a third person named after the kind of game).
    game = finished(SoloGame(seed=4))
    you, solo = names.YOU.in_language(lang), names.default_names(1, lang)[0]
    told = [e.in_language(lang) for e in game.log if e.kind in ("take", "place", "cover", "move")]
    told += [entry[3] for entry in tell(game, 500, lang)[0] if entry[1] == "turn"]
    assert len(told) > 100
    assert [text for text in told if you not in text or solo in text] == []
    assert solo not in game.log[0].in_language(lang)  # no turn order of one


def seat_puzzles(lang: str) -> list[Any]:
    """Puzzles in ``lang`` whose sentences name seats by default names (whose turn, who won, whose area)."""
    from novaluna_widget.puzzles import Generator

    made = Generator(1, lang=lang)
    return [made.make(kind) for kind in ("next", "over", "fulfilled", "next", "over")]


def said_of(puzzle: Any, lang: str) -> list[str]:
    """A puzzle's question (in the language it was made in, ``lang``), its verdict on a right answer and on
    a wrong one, and its explanation."""
    right = set(puzzle.answers) if puzzle.all else next(iter(puzzle.answers))
    said = [puzzle.question, puzzle.check(right, lang=lang).words, puzzle.explain(lang)]
    if puzzle.all:
        said.append(puzzle.check(set(), lang=lang).words)
    elif puzzle.click in ("choice", "seat", "space"):
        wrong = next(c for c in puzzle.choices or range(len(puzzle.game.players)) if c not in puzzle.answers)
        said.append(puzzle.check(wrong, lang=lang).words)
    return said


#: The context of the word for a player, before a seat's number ("player 2", «игрока 2»).
PLAYER_WORD = (
    "the word for a player before a seat's number, as in 'the area of player 2': the letters every form of "
    "it begins with"
)


def after_the_word_for_a_player(lang: str, name: str) -> re.Pattern[str]:
    """``name`` (a pattern) right after the word for a player in ``lang``, in any of its forms."""
    noun = i18n.cmsg(PLAYER_WORD, "player").in_language(lang)
    ending = "" if lang == "ja" else r"[^\W\d]{0,3}\s"  # Russian declines it: игрока, игроку
    return re.compile(noun + ending + name, re.IGNORECASE)


@pytest.mark.parametrize("lang", EVERY)
def test_a_default_name_is_never_said_after_the_word_for_a_player(lang):
    # The package knows its own names: after the word for a player, "Player 2" is only its number
    # («на планшете игрока 2», «توکن بازیکن ۲»), never «игрока Игрок 2», «بازیکن بازیکن ۲».
    default = re.escape(i18n.cmsg("the name of a seat when none is given", "Player {n}").template(lang))
    default = default.replace(r"\{n\}", r"[0-9۰-۹]+")
    doubled = after_the_word_for_a_player(lang, default)
    game = finished(Game(4, seed=3))
    said = [*every_sentence(game, lang), *(entry[3] for entry in tell(game, 200, lang)[0])]
    for puzzle in seat_puzzles(lang):
        said += said_of(puzzle, lang)
    assert len([text for text in said if re.search(default, text)]) > 20
    assert [text for text in said if doubled.search(text)] == []
    # The reader is "you" all through the game-over sentence, its ranking too: never "you" and "Player 1".
    two = finished(Game(2, seed=3))
    for reader in (0, 1):
        over = end_words(two, lang, reader=reader)
        assert names.YOU.in_language(lang) in over and names.default_names(2, lang)[reader] not in over


def test_a_japanese_sentence_made_of_several_messages_keeps_one_register():
    # A refusal quotes why in です・ます as it is itself (never 「補充できません：…6枚ある。…だけです」),
    # and the puzzles, asked in the widget, are polite: 「すべてクリックしてください」, not 「…せよ」.
    refusals = outputs("ja")["illegal move"]
    assert [text for text in refusals if len(japanese_registers(plain(text))) > 1] == []
    from novaluna_widget.puzzles import Generator

    made = Generator(2, lang="ja")
    for kind in ("take", "fulfilled", "next", "refill", "over", "placement", "gain"):
        puzzle = made.make(kind)
        for text in [*said_of(puzzle, "ja"), refused(partial(puzzle.check, "nonsense"), "ja")]:
            unquoted = re.sub(r"「[^「」]*」", "「」", plain(text))  # an answer offered by name is a label
            assert japanese_registers(unquoted) <= {"polite"}, (kind, text)


#: What a puzzle refuses an answer of the wrong shape with, in each language: a case the frame takes
#: (the Russian nominative after «—»), a phrase of its own for a set («набор задач», «چند هدف», not
#: «набор: задачу», «مجموعه‌ای از یک هدف», nor English's "a set of a task").
SHAPES = {
    "en": [
        "this puzzle takes a set of wheel spaces (0 to 11), not 'x'",
        "this puzzle takes a set of tasks (x, y, task index), not 'x'",
        "this puzzle takes a cell (x, y), not 'x'",
    ],
    "ru": [
        "ответ на эту головоломку — набор мест трека выбора (от 0 до 11), а не 'x'",
        "ответ на эту головоломку — набор задач (x, y, номер задачи), а не 'x'",
        "ответ на эту головоломку — клетка (x, y), а не 'x'",
    ],
    "ja": [
        "このパズルの答えはスペース（0〜11）の集まりです。'x'ではありません",
        "このパズルの答えはタスク(x,y,タスク番号)の集まりです。'x'ではありません",
        "このパズルの答えはマス(x,y)です。'x'ではありません",
    ],
    "fa": [
        "پاسخ این معما چند فضا (۰ تا ۱۱) است، نه 'x'",
        "پاسخ این معما چند هدف (x، y، شماره‌ی هدف) است، نه 'x'",
        "پاسخ این معما یک جایگاه (x, y) است، نه 'x'",
    ],
}
#: The quotes around an answer offered by name inside a sentence.
QUOTES = {"en": "“{}”", "ru": "«{}»", "ja": "「{}」", "fa": "«{}»"}


@pytest.mark.parametrize("lang", EVERY)
def test_a_refused_answer_is_one_sentence_in_every_language(lang):
    from novaluna_widget.puzzles import Generator

    made = Generator(1)
    said = [
        plain(refused(partial(made.make(kind).check, "x"), lang))
        for kind in ("take", "fulfilled", "placement")
    ]
    assert said == SHAPES[lang]
    # Offered answers that are clauses stand in the language's quotes, not run together with the list.
    refill = made.make("refill")
    offered = plain(refused(lambda: refill.check("x"), lang))
    for choice in refill.choices:
        assert QUOTES[lang].format(plain(refill.label(choice, lang))) in offered, offered


def test_persian_says_one_tile_when_one_is_left():
    # Persian has one plural form: a sentence for "1 tile left" and "2 tiles left" never says "one of the
    # tiles left" («یکی از کاشی‌های باقی‌مانده»), wrong when one is left.
    from novaluna_widget._i18n import plural

    for n in (1, 2):
        told = plural(
            "You may refill: only {n} tile is left on the wheel and the draw pile has {pile} tiles. You need "
            "not: you may take the tile left instead.",
            "You may refill: only {n} tiles are left on the wheel and the draw pile has {pile} tiles. You "
            "need not: you may take one of the tiles left instead.",
            n,
            pile=40,
        ).in_language("fa")
        assert "یکی از کاشی‌های" not in told, told


# -- the glossaries' terms -----------------------------------------------------------------------------
DOCS = ROOT / "docs"


def held_terms(lang: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The glossary's section "Held by a test": (English pattern, the word its messages say) and the words
    no message says, as regular expressions (a cell's text in backticks, ``\\|`` a pipe)."""
    text = (DOCS / f"glossary.{lang}.md").read_text(encoding="utf-8").split("## Held by a test", 1)[1]
    says: list[tuple[str, str]] = []
    never: list[str] = []
    table = None
    for line in text.splitlines():
        cells = [c.strip().strip("`").replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if not cells or set(cells[0]) <= {"-", " "}:
            continue
        if cells[0] in ("English (pattern)", "never"):
            table = cells[0]
        elif table == "English (pattern)":
            says.append((cells[0], cells[1]))
        elif table == "never":
            never.append(cells[0])
    return says, never


@pytest.mark.parametrize("lang", OTHERS)
def test_the_catalogues_keep_the_glossarys_terms(lang):
    # "puzzle" is «головоломка» in Russian (the rulebook's «задача» is a task), "rating" is not the score's
    # «امتیاز» in Persian, the solo score is スコア in Japanese…: each glossary says which, and both domains
    # keep to it, the page's words as well as the engine's (and the player aid the words it never says).
    says, never = held_terms(lang)
    assert says and never, f"docs/glossary.{lang}.md has no terms held by a test"
    wrong = []
    for domain in ("novaluna", "novaluna_page"):
        for entry in read_po((LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb")):
            if not entry.id:
                continue
            translations = forms(entry)
            for pattern, word in says:
                if re.search(pattern, english(entry)[0], re.IGNORECASE) and not all(
                    word.lower() in text.lower() for text in translations
                ):
                    wrong.append(f"{english(entry)[0]!r} does not say {word!r}: {translations[0]!r}")
            wrong += [
                f"{text!r} says {bad!r}" for bad in never for text in translations if re.search(bad, text)
            ]
    aid = (DOCS / "player_aid.py").read_text(encoding="utf-8")  # the player aid's words, every language's
    wrong += [f"docs/player_aid.py says {bad!r}" for bad in never if re.search(bad, aid)]
    assert wrong == []


# -- no English in a game read in another language ----------------------------------------------------
#: Latin words an output may hold besides ``CODE_WORDS``: the players' names here and the kind of game,
#: a class name (``Nova Luna, Game seed 3``).
OUTPUT_WORDS = CODE_WORDS | {"Ann", "Cy", "Player", "Solo", "Game"}


def english_in(text: str) -> list[str]:
    """The Latin words of three letters or more in ``text`` that are not code, a name or a tile id."""
    text = re.sub(rf"<[^>]*>|&\w+;|{CODE}", " ", text)  # markup of a picture, then code
    return sorted({word for word in re.findall(r"[A-Za-z_]+", text) if len(word) >= 3} - OUTPUT_WORDS)


def refused(act: Callable[[], object], lang: str) -> str:
    """What ``act`` is refused with (an engine error), in ``lang``."""
    with pytest.raises((IllegalMove, PositionError, TypeError, ValueError)) as caught:
        act()
    return i18n.in_language(caught.value, lang)


def outputs(lang: str) -> dict[str, list[str]]:
    """What a player reads of whole games through the public API, by where it comes from, in ``lang``:
    the log and ``explain``, the text view, the page's log, end and solo score (``game_state``), the
    pictures' words, the errors of illegal moves and of bad saves and positions."""
    said: dict[str, list[str]] = {}

    def see(where: str, *texts: str) -> None:
        said.setdefault(where, []).extend(t for t in texts if t)

    def illegal(game: Game, action: Any) -> str:
        return refused(lambda: game.copy().play(action), lang)

    for game in (Game(["Ann", "Bo", "Cy"], seed=3), SoloGame(seed=4)):
        see("game start", game_text(game, lang), game_svg(game, lang=lang))
        while not game.is_over:
            mover = game.players[game.current_player].board
            see("illegal move", illegal(game, Move(99, (0, 0))))
            if len(mover):  # a cell far from the area's tiles
                see("illegal move", illegal(game, Move(game.choices()[0], (9, 9))))
            if not game.can_refill:
                see("illegal move", illegal(game, "refill"))
            if not game.can_end_phase_one:
                see("illegal move", illegal(game, "end_phase_one"))
            game.play(game.legal_actions()[-1] if game.can_end_phase_one else game.legal_moves()[0])
            if len(game.history) % 9 == 0:
                see("text view", game_text(game, lang))
                see("area picture", board_svg(mover, labels=list(mover.tiles)[:2], lang=lang))
                state = game_state(game, lang=lang)
                see("page log", *(entry[3] for entry in state["log"]))
                if state["solo"] is not None:
                    see("solo score", *state["solo"]["lines"], state["solo"]["goal"])
        see("log and explain", *every_sentence(game, lang))
        state = game_state(game, lang=lang)
        see("page log", *(entry[3] for entry in state["log"]))
        over = state["over"]
        assert over is not None  # played out
        see("the end", over["text"], *over["lines"])
        if state["solo"] is not None:
            see("solo score", *state["solo"]["lines"])
        see("text view", game_text(game, lang))
        see("game picture", game_svg(game, lang=lang))
        see("illegal move", illegal(game, Move(1, (0, 0))))
        undone = game.copy()
        while undone.can_undo:
            undone.undo()
        see("illegal move", refused(undone.undo, lang), refused(game.redo, lang))
    see(
        "bad save",
        *(
            refused(partial(Game.from_json, text), lang)
            for text in (
                "{nope",
                b"\xff\xfe",
                '{"format": "novaluna_widget._save", "version": 7}',
                "[]",
                Game(2, seed=1).to_json().replace('"seed": 1', '"seed": 2'),
            )
        ),
    )
    see(
        "bad position",
        refused(lambda: position(["Y07@0,0 B02@5,5", "R01@0,0"]), lang),
        refused(lambda: position(["Y07@0,0", "Y07@0,0"]), lang),
        refused(lambda: Game(9), lang),
    )
    return said


@pytest.mark.parametrize("lang", OTHERS)
def test_a_whole_game_read_in_another_language_has_no_english(lang):
    for where, texts in outputs(lang).items():
        for text in texts:
            assert english_in(text) == [], (where, text[:300])


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_damaged_puzzle_progress_file_is_worded_in_the_language(tmp_path, lang):
    # The parser's and the system's own words are English: the error words the same failure itself, as a
    # bad save's does, and in English it still says what is wrong.
    from novaluna_widget.puzzles import ProgressError, Trainer

    folder = tmp_path / "a folder"
    folder.mkdir()
    for content in (b'{"version": 1, "learner": {"rating": 15', b"", b"\xff\xfe\x00garbage", None):
        path = tmp_path / "progress.json"
        if content is None:
            path = folder
        else:
            path.write_bytes(content)
        with pytest.raises(ProgressError) as raised:
            Trainer(path)
        said = i18n.in_language(raised.value, lang).replace(str(path), "")
        assert (english_in(said) == []) == (lang != "en"), said


def test_the_check_for_english_finds_every_kind_of_output_in_english():
    # The check has teeth: in English, each kind of output it reads has words it would report.
    for where, texts in outputs("en").items():
        assert any(english_in(text) for text in texts), where


def test_the_bot_seats_refusal_names_the_button_as_the_page_words_it():
    # "press Bot plays for Ada": the page's button (js/panels.js), in each language the page has words for.
    game = Game(["Ann", "Bo"], seed=3)
    seats: list[str | None] = [None, None]
    seats[game.current_player] = "greedy"
    name = game.players[game.current_player].name
    take = {"action": "take", "version": 1, "space": 1, "cell": [0, 0], "player": game.current_player}
    from novaluna_widget._protocol import check_intent

    for lang in ("en", *OTHERS):
        button = (
            "Bot plays for {name}"
            if lang == "en"
            else next(
                (forms(m)[0] for m in page_entries(lang) if m.id == "Bot plays for {name}" and not m.context),
                "",
            )
        )
        if button:
            said = refused(lambda: check_intent(take, game, seats, 1), lang)
            assert button.format(name=name) in said.replace(ISOLATE, "").replace(END, ""), (lang, said)


# -- errors -------------------------------------------------------------------------------------------
REFUSED = {
    "en": "wheel space 9 is not among the next three tiles: 1, 2, 3",
    "ru": "место 9 не входит в следующие три тайла: 1, 2, 3",
    "ja": "スペース9は次の3枚のタイルに入っていません（次の3枚のスペース：1、2、3）",
    "fa": "فضای ۹ جزو ۳ کاشی بعدی نیست: ۱، ۲، ۳",
}


@pytest.mark.parametrize("lang", REFUSED)
def test_an_illegal_move_is_worded_in_every_language(lang, language):
    game = Game(2, seed=1)
    with pytest.raises(IllegalMove) as caught:
        game.play((9, (0, 0)))
    error = caught.value
    assert str(error) == REFUSED["en"]  # the package language: English unless set
    assert error.in_language(lang) == REFUSED[lang]
    assert i18n.in_language(error, lang) == REFUSED[lang]
    language(lang)
    assert str(error) == REFUSED[lang]  # worded when read, so a later set_language reaches it too
    copy = pickle.loads(pickle.dumps(error))  # errors cross processes (simulate) with their data
    assert copy.in_language("en") == REFUSED["en"] and copy.in_language(lang) == REFUSED[lang]


def test_errors_built_from_other_errors_keep_their_data():
    with pytest.raises(SaveError) as caught:
        Game.from_json(
            '{"format": "novaluna_widget._save", "version": 1, "kind": "game", "seed": 1, '
            '"beginner": false, "start": {}, "history": [], "redo": []}'
        )
    assert str(caught.value).startswith("start lacks draw_pile, events")
    assert caught.value.in_language("ru").startswith("в start нет: draw_pile, events")
    with pytest.raises(ScenarioError) as refused:
        position(["Y07@0,0 Q99@1,0", "R01@0,0"])
    assert refused.value.in_language("ja").startswith("タイル'Q99'はない")
    with pytest.raises(ScenarioError) as refused:
        position(["Y07@0,0", "R01@0,0"], seed=-1)
    assert refused.value.in_language("fa").startswith("seed باید عدد صحیحی از 0 تا 2**64 - 1 باشد")


def test_text_from_code_without_a_catalogue_stays_as_it_is():
    error = IllegalMove("press Bot move to let it play")  # e.g. from the widget, which words its own
    assert error.in_language("ru") == str(error) == "press Bot move to let it play"
    assert i18n.in_language(ValueError("plain"), "ja") == "plain"


# -- the page's words (js/, the gettext domain novaluna_page) ------------------------------------------
PAGE = "novaluna_page"
JS = ROOT / "js"
#: A call of the page's message functions (js/i18n.js): its name and its string arguments.
PAGE_CALL = re.compile(r'\b(t|tc|tn|tnc)\(\s*((?:"(?:[^"\\]|\\.)*"\s*,\s*)*"(?:[^"\\]|\\.)*")')


def page_template(path: Path) -> set[tuple[str | None, str | tuple[str, ...]]]:
    with open(path, "rb") as pot:
        return {key(m) for m in read_po(pot) if m.id}


def build_locale() -> Any:
    """js/build_locale.py as a module (it is a script beside the view's sources, not part of the package)."""
    spec = importlib.util.spec_from_file_location("build_locale", JS / "build_locale.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- one name for a tile on offer (docs/glossary.md) ---------------------------------------------------
#: A position said by its number, with the word before it: "wheel space {space}", "spaces {spaces}".
SPACE_NUMBER = re.compile(r"(\w+ )?[Ss]paces? (\{\w+\}|\d+)")
#: A second numbering of the tiles on offer beside the rim's space numbers: "tile {pick} of {n}",
#: "tile 1", "marked 1–3", "numbered 1 to 3".
BADGE_NUMBER = re.compile(r"\{pick\}|\btiles? (\{number\}|[1-3]\b)|marked [1-3]|\b1(–| to )(3|\{n\})")


def bare_spaces(text: str) -> list[str]:
    """The numbered positions in ``text`` not said as "wheel space N" or "track space N"."""
    return [
        m.group()
        for m in SPACE_NUMBER.finditer(text)
        if (m.group(1) or "").lower() not in ("wheel ", "track ")
    ]


def test_a_tile_on_offer_is_named_one_way_in_every_sentence():
    """Every English sentence of both catalogues (coach, log, review, guide, refusals, puzzles, the page)
    names a place on the wheel "wheel space N", the rim's number, never "space N" alone (a moon-track place
    is "track space N"), and never numbers the tiles on offer 1–3 as the page once did with badges: the
    tile's id names it and the rim's numbers are the wheel's one numbering."""
    with open(LOCALE / "novaluna.pot", "rb") as pot, open(LOCALE / f"{PAGE}.pot", "rb") as page:
        sentences = [form for m in (*read_po(pot), *read_po(page)) if m.id for form in english(m)]
    assert [s for s in sentences if bare_spaces(s)] == []
    assert [s for s in sentences if BADGE_NUMBER.search(s)] == []
    # As played and told: every log line, refusal and the text picture of whole games.
    told = "\n".join(playthrough(players, seed) for players, seed in ((1, 7), (2, 1), (4, 3)))
    assert "from wheel space" in told and bare_spaces(told) == []
    game = Game(2, seed=3)
    with pytest.raises(IllegalMove) as caught:
        check_selection(game, 9)
    assert str(caught.value).startswith("T09 on wheel space 9 ") and bare_spaces(str(caught.value)) == []


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_the_page_template_is_up_to_date_with_js(tmp_path):
    fresh = tmp_path / f"{PAGE}.pot"
    subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "messages-page-template", f"PAGE_POT={fresh}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    wanted = page_template(fresh)
    assert page_template(LOCALE / f"{PAGE}.pot") == wanted, "run `make messages-page`"
    for lang in OTHERS:
        assert {key(m) for m in page_entries(lang)} == wanted, f"{lang}: run `make messages-page`"


def test_every_call_in_js_is_in_the_page_template():
    # Babel's javascript extractor does not see a call inside a template literal's ${…}, nor one whose
    # strings are not literals: such a sentence would never reach a translator. Every call must be found.
    found = set()
    for path in sorted(JS.glob("*.js")):
        source = path.read_text(encoding="utf-8")
        if path.name == "i18n.js":  # its comments show calls as examples; its code words a seat's name
            code = [line for line in source.splitlines() if not line.lstrip().startswith(("/", "*"))]
            source = "\n".join(code)
        calls = re.findall(r"\b(?:t|tc|tn|tnc)\(", source)
        literal = PAGE_CALL.findall(source)
        assert len(literal) == len(calls), f"{path.name}: a message call without string literals"
        for name, arguments in literal:
            strings = [json.loads(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', arguments)]
            context = strings.pop(0) if name in ("tc", "tnc") else None
            found.add((context, strings[0] if name in ("t", "tc") else tuple(strings[:2])))
    assert found == page_template(LOCALE / f"{PAGE}.pot"), "a call the extractor missed (see js/babel.cfg)"


def test_locale_json_is_up_to_date_with_the_po_files():
    builder = build_locale()
    assert (JS / "locale.json").read_text(encoding="utf-8") == builder.render(builder.locale_data()), (
        "js/locale.json is stale: run `make messages-page`"
    )


def test_the_page_picks_plural_forms_as_gettext_does():
    data = build_locale().locale_data()
    assert data["plural_index"]["ru"] == {"one": 0, "few": 1, "many": 2}
    assert data["plural_index"]["ja"] == {"other": 0} and data["plural_index"]["fa"] == {"one": 0, "other": 0}
    assert data["digits"] == {"fa": "۰۱۲۳۴۵۶۷۸۹"}
    assert data["languages"] == dict(nl.LANGUAGES)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_page_catalogues_have_the_plural_rules_and_placeholders(lang):
    cat = page_catalogue(lang)
    assert cat.plural_forms == PLURAL_FORMS[lang]
    for m in cat:
        if not m.id:
            continue
        wanted = set().union(*map(fields, english(m)))
        assert len(forms(m)) == (1 if isinstance(m.id, str) else cat.num_plurals), m.id
        for form in forms(m):
            # A sentence to the reader may say "you" where the English names the player You.
            dropped = {"name"} if m.context == YOU_CONTEXT else set()
            assert not form or wanted - dropped <= fields(form) <= wanted, f"{lang}: {form!r} for {m.id!r}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_message_is_translated_and_none_is_fuzzy(lang):
    messages = list(page_entries(lang))
    for m in messages:
        assert not m.fuzzy, f"{lang}: fuzzy {m.id!r}"
        assert all(form.strip() for form in forms(m)), f"{lang}: untranslated {m.id!r}"
    assert english_left(messages) == []


@pytest.mark.skipif(
    not (JS / "node_modules" / ".bin" / "esbuild").exists() or shutil.which("node") is None,
    reason="node and esbuild (cd js && npm ci) run the page's i18n.js",
)
def test_the_page_words_russian_plurals_and_persian_digits(tmp_path):
    # js/i18n.js itself, run by node with a Russian message added to the bundled catalogue: the form for each
    # count is the one gettext's Plural-Forms picks, through Intl.PluralRules and locale.json's table.
    script = tmp_path / "check.mjs"
    script.write_text(f"""
        import locale from {json.dumps(str(JS / "locale.json"))};
        import {{ setLanguage, t, tn, num }} from {json.dumps(str(JS / "i18n.js"))};
        locale.catalogues.ru["{{n}} token left"] =
            ["остался {{n}} токен", "осталось {{n}} токена", "осталось {{n}} токенов"];
        locale.catalogues.ru["{{a}} before {{b}}"] = "{{b}} после {{a}}";
        setLanguage("ru");
        const ru = [1, 2, 5, 11, 21, 22].map((n) => tn("{{n}} token left", "{{n}} tokens left", n));
        const order = t("{{a}} before {{b}}", {{ a: "A", b: "B" }});
        const missing = tn("{{n}} tile", "{{n}} tiles", 5);
        setLanguage("fa");
        const fa = [num(68), t("Turn {{turn}}", {{ turn: 12 }})];
        setLanguage("en");
        const en = tn("{{n}} token left", "{{n}} tokens left", 1);
        console.log(JSON.stringify({{ ru, order, missing, fa, en }}));
    """)
    bundle = tmp_path / "check.js"
    subprocess.run(
        [
            str(JS / "node_modules" / ".bin" / "esbuild"),
            str(script),
            "--bundle",
            "--format=esm",
            "--platform=node",
            f"--outfile={bundle}",
            "--log-level=warning",
        ],
        check=True,
    )
    out = json.loads(subprocess.run(["node", str(bundle)], check=True, capture_output=True, text=True).stdout)
    assert out == {
        "ru": [
            "остался 1 токен",
            "осталось 2 токена",
            "осталось 5 токенов",
            "осталось 11 токенов",
            "остался 21 токен",
            "осталось 22 токена",
        ],
        "order": "B после A",
        "missing": "5 tiles",  # untranslated: English
        "fa": ["۶۸", "Turn ۱۲"],
        "en": "1 token left",
    }


def run_page_words(tmp_path: Path, body: str) -> Any:
    """``body``, a script that imports js/i18n.js and js/words.js and ends by logging JSON, bundled by esbuild
    and run by node: what it logged."""
    script = tmp_path / "check.mjs"
    script.write_text(
        f"import {{ setLanguage, t, tc, tn, apart }} from {json.dumps(str(JS / 'i18n.js'))};\n"
        f"import {{ cellWords, list }} from {json.dumps(str(JS / 'words.js'))};\n{body}"
    )
    bundle = tmp_path / "check.js"
    subprocess.run(
        [str(JS / "node_modules" / ".bin" / "esbuild"), str(script), "--bundle", "--format=esm",
         "--platform=node", f"--outfile={bundle}", "--log-level=warning"],
        check=True,
    )  # fmt: skip
    ran = subprocess.run(["node", str(bundle)], check=True, capture_output=True, text=True)
    return json.loads(ran.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_keeps_persian_values_apart_as_the_engine_does(tmp_path):
    # The hint panel's own summary showed cell (2, 0) as "(۰ ،۲)" and -1 as "۱-" beside the engine's sentence:
    # a value the page fills into a Persian sentence is isolated as the engine isolates it (a cell whole, a
    # tile id, a name in Latin letters, a negative number, each item of a list), a sentence of the language
    # and a count are not, and no other language gets isolates.
    said = run_page_words(
        tmp_path,
        """
        const words = () => [
          t("{tile} from wheel space {space} at {cell}", { tile: "R07", space: 3, cell: cellWords(2, 0) }),
          t("{tile} from wheel space {space} at {cell}", { tile: "R07", space: 3, cell: cellWords(-1, 0) }),
          t("{name} wins", { name: "Ann" }),
          t("{name} wins", { name: "سارا" }),
          list(["R07", "B02"]),
          t("loss: {loss}", { loss: -1 }),
        ];
        const out = {};
        for (const lang of ["fa", "ru", "ja", "en"]) { setLanguage(lang); out[lang] = words(); }
        console.log(JSON.stringify(out));
        """,
    )
    fa = said["fa"]
    assert f"{ISOLATE}(۲، ۰){END}" in fa[0] and f"{ISOLATE}R07{END}" in fa[0] and "۳" in fa[0]
    assert f"{ISOLATE}(-۱، ۰){END}" in fa[1]  # the cell read whole: its own values not isolated within it
    assert f"{ISOLATE}Ann{END}" in fa[2] and ISOLATE not in fa[3]
    assert fa[4].count(ISOLATE) == 2 and f"{ISOLATE}-۱{END}" in fa[5]
    for lang in ("ru", "ja", "en"):
        assert not any(ISOLATE in text or END in text for text in said[lang]), said[lang]
    # The engine's own words for the same sentence match the page's.
    engine = msg("{tile} from wheel space {space} at {cell}", tile="R07", space=3, cell=cell_words((2, 0)))
    assert engine.in_language("fa") == fa[0]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_says_a_default_name_after_the_word_for_a_player_by_its_number(tmp_path):
    # «планшет игрока Игрок 2» on the page too: after the word for a player, a seat's default name is its
    # number, as the engine words it (i18n.SeatName); a name a user gave stays whole.
    said = run_page_words(
        tmp_path,
        """
        const out = {};
        for (const lang of ["ru", "fa", "ja", "en"]) {
          setLanguage(lang);
          const seat = tc("the name of a seat when none is given", "Player {n}", { n: 2 });
          out[lang] = [seat, ...[seat, "Ann"].map((name) =>
            t("{name}'s area, cell {cell}: empty", { name, cell: cellWords(1, 0) }))];
        }
        console.log(JSON.stringify(out));
        """,
    )
    for lang, (seat, shown, given) in said.items():
        doubled = after_the_word_for_a_player(lang, re.escape(seat))
        assert not doubled.search(plain(shown)) and "Ann" in given, (lang, shown, given)
    assert plain(said["ru"][1]).startswith("планшет игрока 2,")


# -- the reader, told about as "you" -------------------------------------------------------------------
#: What a sentence whose subject is the reader must never say: a verb of the third person after "You"
#: (English "You takes"), a Russian verb of the third person singular after «Вы» («Вы берёт»), and the reader
#: declined as a player's name («игроку Вы»).
NOT_ABOUT_YOU = re.compile(
    r"\bYou (takes|moves|places|covers|refills|has|is|wins)\b"
    r"|\bВы [а-яё]+(ет|ёт|ит)\b|(игрок|игрока|игроку|игроком) Вы\b",
)
#: A Persian verb of the second person plural, the reader's (می‌گذارید, برداشتید, کنید).
PERSIAN_YOU = re.compile(r"ید(?=[\s.،؛:!)]|$)")


def reader_messages() -> list[i18n.Message]:
    """Every message of the engine whose subject is the reader ("{who} …" in the context "the player
    named You, the reader"), with the reader in ``who`` and a plain value in every other placeholder."""
    with open(LOCALE / "novaluna.pot", "rb") as pot:
        catalogue = read_po(pot)
    found = []
    for entry in catalogue:
        if entry.context != "the player named You, the reader":
            continue
        one, *plural = english(entry)
        many = plural[0] if plural else None
        if not one.startswith("{who}"):
            continue
        fields = {name for _, name, _, _ in string.Formatter().parse(one) if name and name != "n"}
        args = {name: names.YOU if name == "who" else "X" for name in fields}
        found.append(i18n.Message(one, args, many, 2, entry.context))
    return found


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_every_sentence_about_the_reader_has_the_readers_own_grammar(lang):
    messages = reader_messages()
    assert len(messages) >= 15  # the log's, the page's story's and the review's
    you = names.YOU.in_language(lang)
    for message in messages:
        said = message.in_language(lang)
        assert you in said and not NOT_ABOUT_YOU.search(said), said
        if lang == "ru":  # the verb agrees with «Вы»: the second person plural (берёте, кладёте, обязаны)
            assert re.search(r"\bВы [а-яё]*(те|ли|ны)\b", said), said
        if lang == "fa":
            assert PERSIAN_YOU.search(said), said


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_the_log_and_the_story_tell_about_the_reader_in_the_readers_grammar(lang):
    # The guided game's names: the reader is named "You" in the language, and told about as "you".
    game = Game(list(names.seat_names(lang)), seed=4)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    log = [event.in_language(lang) for event in game.recent_log(game.log_length, reader=0)]
    story = [text for *_, text in tell(game, 200, lang, reader=0)[0]]
    assert [text for text in log + story if NOT_ABOUT_YOU.search(text)] == []
    you = names.YOU.in_language(lang)
    yours = [text for text in log if you in text]
    assert len(yours) > 10  # the reader's turns are in the log, each in the reader's words
    if lang == "en":
        assert any(text.startswith("You take ") for text in log)
        assert any(text.startswith("You move on the moon track") for text in log)


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_seat_named_you_takes_the_readers_grammar_when_nobody_reads(lang):
    # Tutorial 1's seat "You", the guided game's «Вы»: with no reader (game.log, print(game), the story
    # told to nobody) the name still agrees as "you", in the very words the reader is told in (a name from
    # code is isolated in Persian, the reader's word is not: compared without the isolates).
    you = names.YOU.in_language(lang)
    game = Game([you, "Bo"], seed=4)
    heads = set()  # print(game)'s first line, at every turn
    while not game.is_over:
        heads.add(game_text(game, lang).splitlines()[0])
        game.play(game.legal_actions()[0])
    heads.add(game_text(game, lang).splitlines()[0])

    def seat_0(events: list[Any]) -> list[str]:
        return [plain(e.in_language(lang)) for e in events if e.player == 0 and e.kind != "setup"]

    def turns_0(reader: int | None) -> list[str]:
        told = tell(game, 200, lang, reader=reader)[0]
        return [plain(text) for _, kind, player, text in told if player == 0 and kind == "turn"]

    told = seat_0(game.recent_log(game.log_length))
    assert told == seat_0(game.recent_log(game.log_length, reader=0))
    assert turns_0(None) == turns_0(0)
    assert len(told) > 10 and [t for t in told + list(heads) if NOT_ABOUT_YOU.search(t)] == []
    take, to_move, win = {
        "en": ("You take ", "You to move.", "You win."),
        "ru": ("Вы берёте ", "Ваш ход.", "Вы победили."),
        "ja": ("あなたがスペース", "あなたの手番。", "あなたの勝利。"),
        "fa": ("برمی\u200cدارید", "نوبت شما است.", "شما برنده شدید."),
    }[lang]
    assert any(take in t for t in told)
    assert any(plain(h).endswith(to_move) for h in heads)
    assert any(plain(h).endswith(win) for h in heads) == (game.winner == 0)
    if lang == "fa":  # every event of seat 0's turns has the reader's verb (the end may have none)
        turns = [
            e for e in game.recent_log(game.log_length) if e.player == 0 and e.kind not in ("end", "setup")
        ]
        assert all(PERSIAN_YOU.search(plain(e.in_language(lang))) for e in turns)


def plain(text: str) -> str:
    """``text`` without Unicode's isolates (U+2068, U+2069)."""
    return text.replace("\u2068", "").replace("\u2069", "")


#: A Japanese clause's end: です・ます, or the plain form (a noun's end, 「…の勝利」, is neither).
POLITE_JA = re.compile(r"(ます|ません|です|でした|ました|ましょう|でしょう|ください)か?[」）)]*$")
PLAIN_JA = re.compile(r"(る|た|だ|ない|う|く|す|つ|む|ぶ|ぐ|ず|せよ)[」）)]*$")


def japanese_registers(text: str) -> set[str]:
    """The registers of ``text``'s clauses (split at 。！？, an opening parenthesis and a colon)."""
    clauses = [c.strip() for c in re.split(r"[。！？（：]", re.sub(r"\{[^}]*\}", "X", text)) if c.strip()]
    return {
        "polite" if POLITE_JA.search(c) else "plain"
        for c in clauses
        if PLAIN_JA.search(c) or POLITE_JA.search(c)
    }


def japanese(domain: str) -> list[tuple[str, str, str]]:
    """Every Japanese translation of ``domain``: (the English, where it is used, the Japanese)."""
    found: list[tuple[str, str, str]] = []
    for entry in read_po((LOCALE / "ja" / "LC_MESSAGES" / f"{domain}.po").open("rb")):
        one = english(entry)[0]
        where = " ".join(path for path, _ in entry.locations)
        for text in forms(entry):
            if one:
                found.append((one, where, text))
    return found


def test_no_japanese_sentence_mixes_the_two_registers():
    # docs/glossary.ja.md: です・ます where the page speaks to the player, the plain form elsewhere, never
    # both in one message («選択トラックを補充する（…できます）» was one).
    texts = japanese("novaluna") + japanese("novaluna_page")
    assert [text for *_, text in texts if len(japanese_registers(text)) > 1] == []


def test_each_japanese_panel_keeps_one_register():
    # The line that says what to do now joins the solo goal to the page's instructions: both in です・ます.
    # The puzzle panel joins the puzzle's question and reasons (the engine's, in です・ます: it asks in the
    # widget) to the page's own lines: none of which is in the plain form, bar its buttons' verb phrases.
    goals = [
        text
        for english, where, text in japanese("novaluna")
        if "_narration.py" in where
        and english.startswith(("Phase 1: place", "Phase 2: place", "All {n} tokens"))
    ]
    assert len(goals) == 3 and all(japanese_registers(goal) == {"polite"} for goal in goals), goals
    puzzle = [text for _, where, text in japanese("novaluna_page") if "puzzle.js" in where]
    sentences = [text for text in puzzle if text.endswith("。")]
    assert len(puzzle) > 5 and [text for text in sentences if "plain" in japanese_registers(text)] == []
    questions = [(english, text) for english, where, text in japanese("novaluna") if "puzzles/" in where]
    on_paper = re.compile(r"\b(Write|Circle)\b")  # the worksheet's own wording of a question
    asked = [text for english, text in questions if "?" in english and not on_paper.search(english)]
    assert len(asked) > 5 and [text for text in asked if japanese_registers(text) != {"polite"}] == []
    # On paper, as a school worksheet asks (docs/glossary.ja.md): 書きなさい, 丸で囲みなさい.
    printed = [text for english, text in questions if "?" in english and on_paper.search(english)]
    assert len(printed) >= 5 and [text for text in printed if not text.endswith("なさい。")] == []


def test_persian_counts_take_a_singular_verb():
    # Persian has one plural form: a sentence with a count is the same for 1 and for 21, so its counted noun
    # and verb stay singular («۳ هدف … کم دارد»), never plural («کم دارند», «شده‌اند»), which is wrong for 1.
    plural_verb = re.compile(r"شده\u200cاند|شده باشند|کم دارند|هستند|می\u200cشوند(?=[\s.،؛:!)»]|$)")
    found = [
        forms(entry)[0]
        for domain in ("novaluna", "novaluna_page")
        for entry in read_po((LOCALE / "fa" / "LC_MESSAGES" / f"{domain}.po").open("rb"))
        if len(english(entry)) > 1 and plural_verb.search(forms(entry)[0])
    ]
    assert found == []
