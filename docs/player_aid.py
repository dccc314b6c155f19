"""The one-sheet player aid (the turn on the front; set-up, finer points and solo on the back) in English,
Russian, Japanese and Persian: ``docs/player-aid.html`` and ``docs/player-aid.{ru,ja,fa}.html``, each
printed to a PDF of the same name.

Built from the engine's own pictures (``novaluna_widget._render`` and the rulebook's examples in
``novaluna_widget._examples``, drawn in the page's language) and, in English, the glossary's own words
(``docs/glossary.md``), so the aid cannot say or draw anything the engine and the glossary do not. The
other languages' pages are translations of the English one, a table each below (``SHEETS``), in the
terms of their glossaries (``docs/glossary.{ru,ja,fa}.md``) and quoting their rulebooks
(``../shared/seeds/novaluna_rules_{ru,ja,fa}.txt``) where these say the same. The Persian page is
written right to left; the Japanese and Persian pages name the fonts that write them (``FONTS``:
Debian's fonts-noto-cjk and fonts-noto-ui-core, which ``.ci/install-chromium.sh`` installs).

``make player-aid`` runs this script; the HTML is written byte for byte the same from the same sources,
and ``tests/test_player_aid.py`` checks that the committed HTML is what the script writes now and that
each PDF is the sheet's two sides printed from it: the HTML's ``<title>`` ends with a hash of the page, and
Chromium copies the title into the PDF.

    python docs/player_aid.py            # write every language's HTML and print its PDF
    python docs/player_aid.py --html     # write the HTML only
    python docs/player_aid.py --lang fa  # one language (the option may be given again)
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape, unescape
from pathlib import Path

from novaluna_widget import Game, Move, tile
from novaluna_widget._examples import example
from novaluna_widget._i18n import RIGHT_TO_LEFT
from novaluna_widget._render import board_svg, tiles_svg, wheel_svg
from novaluna_widget.puzzles.worksheet import FONTS, print_pdf

DOCS = Path(__file__).resolve().parent
GLOSSARY = DOCS / "glossary.md"
HTML = DOCS / "player-aid.html"
PDF = DOCS / "player-aid.pdf"
TITLE = "Nova Luna player aid"
#: The title's placeholder while the page is hashed; the hash then takes its place.
_UNHASHED = f"{TITLE} · page "
#: The languages of the aid, English first.
LANGUAGES = ("en", "ru", "ja", "fa")
#: The size of a cell in the pictures of areas (before they are scaled to the page).
AREA_CELL = 60
#: A glossary row: ``| **name** | what it is | …``; the first bold name is the key.
_ROW = re.compile(r"^\| \*\*(?P<name>[^*]+)\*\*[^|]*\| (?P<words>[^|]+?) \|")


def paths(lang: str) -> tuple[Path, Path]:
    """The HTML and PDF of the aid in ``lang``: ``player-aid.html`` in English, ``player-aid.ru.html``…"""
    if lang not in LANGUAGES:
        raise ValueError(f"the aid is written in {', '.join(LANGUAGES)}, not {lang!r}")
    if lang == "en":
        return HTML, PDF
    return DOCS / f"player-aid.{lang}.html", DOCS / f"player-aid.{lang}.pdf"


def glossary(path: Path = GLOSSARY) -> dict[str, str]:
    """Every name the glossary defines, with its definition (Markdown, as written there)."""
    words: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        found = _ROW.match(line)
        if found:
            words[found["name"]] = found["words"]
    return words


def inline(markdown: str) -> str:
    """The glossary's inline Markdown (``**bold**``, ``*italic*``, ``code``) as HTML."""
    text = escape(markdown, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case, to follow a label such as "To move:"."""
    return text[:1].lower() + text[1:]


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised and a full stop at the end."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def plain(markdown: str, sentences: int | None = None) -> str:
    """A glossary definition for paper: the sentences about the widget left out, at most ``sentences``
    of the rest, and no full stop at the end (the aid adds its own punctuation)."""
    kept = [s for s in re.split(r"(?<=\.) (?=[A-Z\"*])", markdown.strip()) if "widget" not in s]
    return " ".join(kept[:sentences]).rstrip(".")


def turn_steps(words: dict[str, str]) -> list[str]:
    """The glossary's ``turn``, one step per comma: it names the five steps in order."""
    steps = [step.strip() for step in words["turn"].rstrip(".").split(",")]
    if len(steps) != 5:
        raise ValueError(f"the glossary's 'turn' should name five steps, one per comma: {words['turn']!r}")
    return steps


@dataclass(frozen=True)
class Sheet:
    """Everything the aid says, as HTML (the steps' names as text), in one language: the English sheet is
    made from the glossary (``english``), the others are written out in ``SHEETS``."""

    #: The page's title, ``{}`` where its hash goes.
    title: str
    #: The heading after NOVA LUNA, and the line beside it.
    heading: str
    byline: str
    goal: str
    turn: str
    #: The five steps of a turn: (the step, what it means).
    steps: tuple[tuple[str, str], ...]
    wheel: str
    whose_turn: str
    to_move: str
    in_a_row: str
    chain_rule: str
    chain: str
    #: The captions of the rulebook's examples 1, 2 and 7.
    captions: dict[int, str]
    legend: str
    #: The three ends of the page: (heading, text).
    ends: tuple[tuple[str, str], ...]
    footer: str
    #: The back of the sheet: the set-up, the rules a turn's summary leaves out, and the solo game, each
    #: (heading, its points).
    setup: tuple[str, tuple[str, ...]]
    details: tuple[str, tuple[str, ...]]
    solo: tuple[str, tuple[str, ...]]
    #: A tile's anatomy, under the back's columns beside the picture of ``ANATOMY``'s tiles: (heading, its
    #: points).
    anatomy: tuple[str, tuple[str, ...]]
    #: The players of the wheel's picture, by name (None: the engine's names, "Player 1"…).
    players: tuple[str, ...] | None = None


#: The captions of the rulebook's examples 1, 2 and 7 in the English aid.
CAPTIONS = {
    1: "The yellow tile's task “2 blue” is fulfilled: two blue tiles touch it.",
    2: "“2 blue” is fulfilled: one blue tile touches the yellow tile and the other is chained to it. "
    "“3 red” is not: the red tile at the corner touches only diagonally and does not count, so "
    "there are only 2 red.",
    7: "Both red tiles asking for “4 red” are fulfilled: each counts the four <i>other</i> red tiles of "
    "the chain. A task's own tile never counts.",
}


def english(words: dict[str, str]) -> Sheet:
    """The English aid, in the glossary's words."""
    w = {name: inline(plain(text)) for name, text in words.items()}
    details = [
        f"{w['refill']}.",
        f"{w['next three tiles']}. The moon marker moves to the wheel space of the tile you take.",
        f"<b>Stack:</b> {lower_first(w['stack'])}.",
        "Your first tile anywhere; every later tile on an empty cell next to one of your tiles (a side, "
        "not just a corner).",
        f"<b>Fulfilled:</b> {lower_first(w['fulfilled'])}.",
    ]
    return Sheet(
        title=_UNHASHED + "{}",
        heading="player aid",
        byline="1–4 players · Uwe Rosenberg with Corné van Moorsel, 2019",
        goal="<b>Goal.</b> Be the first to place all your tokens, one on each task you fulfil. Each player "
        "has 21\ntokens of one colour: one is the <b>track marker</b> on the moon track, the other 20 are "
        "the\n"
        f"<b>tokens</b> to place. <b>Beginner variant:</b> {lower_first(w['beginner variant'])}.",
        turn="Your turn in five steps",
        steps=tuple((sentence(step), said) for step, said in zip(turn_steps(words), details, strict=True)),
        wheel="Track markers 2 and 3 share the rearmost track space, and 3 arrived last, on top: player 3 "
        "moves. They take one of the next three tiles after the moon marker (the crescent), framed in gold; "
        "empty wheel spaces are skipped.",
        whose_turn="Whose turn?",
        to_move=f"<b>To move:</b> {lower_first(w['to move'])}.",
        in_a_row=f"<b>Turns in a row:</b> {lower_first(w['turns in a row'])}.",
        chain_rule="The chain rule in three pictures",
        chain=f"<b>Chain:</b> {lower_first(w['chain'])}.",
        captions=CAPTIONS,
        legend="A light disc with a green ring is a token on a fulfilled task. The pictures are the\n"
        "rulebook's examples 1, 2 and 7, drawn by the rules engine.",
        ends=(
            ("The end: last token", f"{w['last token']}."),
            ("The end: no tile", f"{w['no tile']}."),
            ("Ranking and tie-break", f"{w['ranking']}."),
        ),
        footer="Made with novaluna_widget: the words are its glossary's (docs/glossary.md), the pictures its "
        "rules\nengine's. Regenerate with <code>make player-aid</code>.",
        setup=(
            "Set-up",
            (
                "Put the moon wheel in the middle of the table and the moon marker by the new moon, the "
                "golden wheel space 0.",
                "Shuffle the tiles face down and lay one face up on each of the other 11 wheel spaces. The "
                "rest, face down beside the wheel, are the draw pile.",
                "Each player takes 21 tokens of one colour (the beginner variant: see the front).",
                "Turn order: each player puts one token in the middle; they are drawn blind one by one and "
                "stacked in the order drawn, the first at the bottom. The stack goes on the new moon of the "
                "moon track: the top one moves first.",
            ),
        ),
        details=(
            "Good to know",
            (
                "<b>A short draw pile:</b> fill as many empty wheel spaces as it can, nearest the moon "
                "marker first, and stop. Once it is empty there is no refill.",
                "<b>You must take a tile:</b> you cannot pass, and you cannot keep a tile for later: it goes "
                "into your area at once.",
                "<b>The order of a task's colours does not matter:</b> only how many tiles of each colour, "
                "however its dots are arranged and wherever the task is drawn on its tile.",
                "<b>Covered tasks:</b> a task with a token stays fulfilled for good, and its tile still "
                "counts for every other task and chain.",
            ),
        ),
        solo=(
            "Solo game",
            (
                "Take 21 tokens of one colour in two stacks, 8 and 13. No track marker: the moon track "
                "plays no part.",
                "<b>Phase 1:</b> take tiles from the 11 on the wheel (one of the next three, as usual), "
                "with no refill, to place the 8 tokens of the small stack. Once they are placed you may end "
                "phase 1 or take more tiles first; it ends anyway when all 11 are taken.",
                "<b>First record:</b> the costs of all your tiles, plus 10 for each of the 8 tokens not "
                "placed. Then refill every empty wheel space; the tiles left stay.",
                "<b>Phase 2:</b> play on with the usual refill, placing your other tokens (and any of the 8 "
                "not yet placed). It ends when all 21 are placed or no tile is left. <b>Second record:</b> "
                "the costs of all your tiles, plus 10 for each token not placed.",
                "<b>Score:</b> the two records added, so phase-1 tiles count twice. Lower is better: try to "
                "score under 100. You cannot swap tiles on the wheel.",
            ),
        ),
        anatomy=(
            "A tile",
            (
                "<b>Cost</b> (1–7), in the top-left corner: the time the tile takes, how many track spaces "
                "your track marker moves when you take it.",
                "<b>0–3 tasks</b> in its other corners, each fulfilled on its own: R15 has three, B01 none "
                "(no cost-1 tile has a task).",
                "<b>One dot, one tile:</b> each dot of a task stands for one tile of its colour, touching "
                "the task's tile or chained to one that does: R15's “1 teal + 1 yellow” needs one teal tile "
                "and one yellow tile. Each colour has its own shape: red ●, blue ■, teal ▲, yellow ◆.",
                "<b>The tile's turn does not matter:</b> lay it any way round (the rulebook advises the cost "
                "top-left); which corner a task is drawn in changes nothing.",
                "<b>A tile may fulfil nothing:</b> any empty cell next to one of your tiles will do, whether "
                "or not a task is fulfilled there.",
            ),
        ),
    )


#: The aid in Russian, Japanese and Persian: the English page said in each glossary's terms, in the
#: rulebook's own words where it has them (the line of the rulebook is in the glossary).
SHEETS: dict[str, Sheet] = {
    "ru": Sheet(
        title="Памятка игрока Nova Luna · версия {}",
        heading="памятка игрока",
        byline="1–4 игрока · Уве Розенберг по идее Corné&nbsp;van&nbsp;Moorsel,&nbsp;2019",
        goal="<b>Цель.</b> Первым разместить все свои токены, по одному на каждую выполненную задачу. У "
        "каждого игрока 21 токен своего цвета: один — <b>токен на лунном треке</b>, остальные 20 — "
        "<b>токены</b> для задач. <b>Вариант для новичков:</b> в первой игре токенов меньше: с 3 игроками "
        "каждый размещает 17, с 4 игроками — 15 (18 и 16 в правилах считают и токен на лунном треке).",
        turn="Ваш ход в пять шагов",
        steps=(
            (
                "Заполните трек выбора, если можно или нужно.",
                "Тайлы из резерва кладут на пустые места трека выбора по часовой стрелке, начиная с "
                "ближайшего к Миплу (место самого Мипла не заполняют). <i>Можно</i>, если на треке "
                "остался один тайл или два и в резерве есть тайлы; <i>нужно</i>, если не осталось ни одного.",
            ),
            (
                "Возьмите один из следующих трёх тайлов.",
                "Только первые три тайла по часовой стрелке после Мипла; «места, в которых нет тайлов, "
                "игнорируются». Мипл переходит на место взятого тайла.",
            ),
            (
                "Продвиньте свой токен на лунном треке на число тайла.",
                "<b>Стопка:</b> токены на одной позиции лунного трека; пришедший последним лежит сверху.",
            ),
            (
                "Положите тайл на свой планшет.",
                "Первый — куда угодно; каждый следующий — на пустую клетку рядом с одним из ваших тайлов (по "
                "горизонтали или вертикали, не углом).",
            ),
            (
                "Накройте токеном каждую задачу, выполненную теперь.",
                "<b>Задача выполнена,</b> когда для каждого её цвета тайлов этого цвета, смежных с тайлом "
                "задачи по горизонтали или вертикали, вместе с соединёнными с ними в цепочку, не меньше, "
                "чем в задаче. "
                "«Собственный цвет тайла, задание которого вы выполняете, никогда не считается».",
            ),
        ),
        wheel="Токены 2 и 3 разделяют самую последнюю позицию; токен 3 пришёл последним и лежит сверху: "
        "ходит игрок 3. Он берёт один из трёх тайлов после Мипла (полумесяц), в золотой рамке; пустые места "
        "игнорируются.",
        whose_turn="Чей ход?",
        to_move="<b>Ходит</b> всегда тот игрок, чей токен находится <b>сзади остальных</b> на лунном треке; "
        "если таких несколько, то тот, чей токен <b>сверху</b>. Ход НЕ передаётся по часовой стрелке.",
        in_a_row="<b>Несколько ходов подряд:</b> игрок ходит снова, если после тайла с малым числом его "
        "токен всё ещё сзади остальных.",
        chain_rule="Правило цепочки в трёх картинках",
        chain="<b>Цепочка:</b> тайлы одного цвета, соединённые один за другим по горизонтали или вертикали. "
        "Диагональные тайлы не учитываются: не касаются, не считаются и не продолжают цепочку.",
        captions={
            1: "Задача «2&nbsp;синих» жёлтого тайла выполнена: его касаются два синих тайла.",
            2: "«2&nbsp;синих» выполнена: один синий тайл касается жёлтого, второй соединён с ним в цепочку. "
            "«3&nbsp;красных» — нет: угловой красный тайл касается только по диагонали и не считается; "
            "красных лишь 2.",
            7: "Оба тайла «2» с задачей «4&nbsp;красных» выполнены: каждый считает четыре <i>других</i> "
            "красных тайла цепочки. Собственный тайл задачи не считается.",
        },
        legend="Светлый диск с зелёным кольцом — токен на выполненной задаче. Картинки — примеры 1, 2 и 7 "
        "из правил, нарисованные движком правил.",
        ends=(
            (
                "Конец игры: последний токен",
                "Игра сразу заканчивается, когда игрок кладёт свой последний токен: он выигрывает.",
            ),
            (
                "Конец игры: нет тайлов",
                "Игра также заканчивается, когда ходящий игрок не может взять тайл (Лунный Диск и резерв "
                "пусты): выигрывает игрок с наименьшим количеством оставшихся токенов.",
            ),
            (
                "Места и ничья",
                "Чем меньше осталось токенов, тем выше место; при равенстве выше тот, кто ходил бы раньше "
                "(сначала самый задний, в стопке — верхний).",
            ),
        ),
        footer="Сделано с novaluna_widget: слова — из его глоссария (docs/glossary.ru.md) и правил в "
        "переводе Степана Бобошко, картинки — из его движка правил. Пересоздать: "
        "<code>make player-aid</code>.",
        setup=(
            "Подготовка",
            (
                "Поместите Лунный Диск в центр стола, а Мипл — над золотым местом 0 (новолуние).",
                "Перемешайте тайлы лицом вниз и положите по одному лицом вверх на каждое из остальных 11 "
                "мест трека выбора. Остальные тайлы лицом вниз возле Лунного Диска — это резерв.",
                "Каждый игрок берёт 21 токен своего цвета (вариант для новичков — на лицевой стороне).",
                "Порядок хода: каждый кладёт 1 токен в центр стола; их тянут вслепую и складывают в стопку "
                "в порядке вытягивания, первый — внизу. Стопка встаёт на новолуние лунного трека; верхний "
                "токен ходит первым.",
            ),
        ),
        details=(
            "Важно помнить",
            (
                "<b>Мало тайлов в резерве:</b> заполните столько пустых мест, сколько можете, начиная с "
                "ближайшего к Миплу, и остановитесь. Когда резерв пуст, трек выбора больше не заполняют.",
                "<b>Взять тайл обязательно:</b> пропустить ход нельзя, и тайл нельзя оставить на потом — его "
                "сразу кладут на планшет.",
                "<b>Порядок цветов в задаче не важен:</b> важно только число тайлов каждого цвета, как бы ни "
                "были расположены её цвета и где бы задача ни была нарисована на тайле.",
                "<b>Накрытые задачи:</b> задача с токеном выполнена навсегда, а её тайл по-прежнему "
                "считается для всех других задач и цепочек.",
            ),
        ),
        solo=(
            "Соло игра",
            (
                "Возьмите 21 токен одного цвета в две стопки: 8 и 13. Токена на лунном треке нет: трек не "
                "играет роли.",
                "<b>Первый этап:</b> берите тайлы из 11 на треке выбора (как обычно, один из трёх после "
                "Мипла), не заполняя трек, чтобы разместить 8 токенов малой стопки. После этого можно "
                "закончить этап или сначала взять ещё тайлы; когда взяты все 11, этап кончается в любом "
                "случае.",
                "<b>Первая запись:</b> сумма чисел всех ваших тайлов плюс 10 за каждый неразмещённый токен "
                "из 8. Затем заполните все пустые места; невзятые тайлы остаются.",
                "<b>Второй этап:</b> играйте дальше с обычным заполнением, размещая остальные токены (и "
                "оставшиеся из 8). Конец — когда размещены все 21 или тайлов больше нет. <b>Вторая "
                "запись:</b> сумма чисел всех ваших тайлов плюс 10 за каждый неразмещённый токен.",
                "<b>Результат:</b> сумма двух записей, так что тайлы первого этапа считаются дважды. Чем "
                "ниже, тем лучше: постарайтесь набрать меньше 100. Менять тайлы на треке выбора нельзя.",
            ),
        ),
        anatomy=(
            "Тайл",
            (
                "<b>Число</b> (от 1 до 7) в левом верхнем углу — «время», которое стоит взять тайл: на "
                "столько позиций продвигается ваш токен на лунном треке.",
                "<b>От 0 до 3 задач</b> в остальных углах, каждая рассматривается отдельно: у R15 их три, у "
                "B01 — ни одной (у тайлов с числом 1 задач нет).",
                "<b>Один цвет в задаче — один тайл:</b> каждый цвет задачи означает один тайл этого цвета, "
                "смежный с тайлом задачи или соединённый с таким в цепочку: задаче R15 «1&nbsp;бирюзовый + "
                "1&nbsp;жёлтый» нужны один бирюзовый и один жёлтый тайл. У каждого цвета своя фигура: "
                "красный ●, синий ■, бирюзовый ▲, жёлтый ◆.",
                "<b>Поворот тайла неважен:</b> «неважно, в какую сторону повернуты ваши тайлы» (правила "
                "советуют класть число вверху слева); в каком углу нарисована задача, тоже неважно.",
                "<b>Тайл может ничего не выполнить:</b> подходит любая пустая клетка рядом с вашим тайлом, "
                "выполняется там задача или нет.",
            ),
        ),
        players=("Игрок 1", "Игрок 2", "Игрок 3"),
    ),
    "ja": Sheet(
        title="ノヴァルナ・サマリー（{}版）",
        heading="サマリー",
        byline="1〜4人用・作：Uwe Rosenberg、Corné van Moorsel（2019年）",
        goal="<b>ゲームの目的：</b>誰よりも先に自分のトークンを置き切ること。達成したタスク1個ごとにトークンを"
        "1個置きます。各プレイヤーは自分の色のトークンを21個持ちます：1個は月トラック上の<b>自分のトークン</b>、"
        "残りの20個がタイルに置く<b>トークン</b>です。<b>初心者向けルール：</b>初めてのゲームではトークンを"
        "減らし、3人プレイなら17個、4人プレイなら15個を置きます（ルールブックの18個・16個は月トラックの"
        "トークンを含む数です）。",
        turn="あなたのターン：5つの手順",
        steps=(
            (
                "選択トラックを補充する（できる／しなければならないとき）。",
                "山札のタイルを、月トークンから時計回りで近い空きスペースから順に置きます（月トークンのいる"
                "スペースを除く）。選択トラックのタイルが1枚か2枚で山札にタイルがあれば補充<b>できます</b>。"
                "1枚もなければ補充<b>しなければなりません</b>。",
            ),
            (
                "次の3枚から1枚を取る。",
                "月トークンから時計回りに見て3枚目までのタイルだけを取れます。「タイルが残っていないスペースは"
                "数に数えない」。タイルを取ったスペースに月トークンを移動させます。",
            ),
            (
                "自分のトークンを、取ったタイルの数字だけ月トラック上で進める。",
                "<b>重なり：</b>同じマスにあるトークン。後から止まったトークンが上に重なります。",
            ),
            (
                "タイルを自分のエリアに置く。",
                "最初のタイルはどこでも構いません。以降のタイルは、既に置いたタイルの縦か横に隣接する空いた"
                "マスに置きます（角だけで接するのは不可）。",
            ),
            (
                "達成したタスクすべてにトークンを置く。",
                "<b>達成：</b>色ごとに、タスクのタイルに縦か横で隣接するその色のタイルと、それらと同色でつながる"
                "タイルを数え、タスクに示された数以上あれば達成です。「タスクが描かれているタイルの色(そのタイル"
                "自身)はカウントされない」。",
            ),
        ),
        wheel="プレイヤー2と3のトークンが1番後ろのマスで重なり、後から来た3が上にいます：プレイヤー3の"
        "手番です。月トークン（三日月）から時計回りに次の3枚（金色の枠）から1枚を取ります。空いている"
        "スペースは数えません。",
        whose_turn="誰の手番？",
        to_move="<b>手番：</b>常に月トラック上で<b>1番後ろ</b>にあるトークンの持ち主が手番プレイヤーです。"
        "同じマスに複数あれば<b>1番上</b>のトークンの持ち主です。時計回りにはプレイしません。",
        in_a_row="<b>連続した手番：</b>数字の小さいタイルを取った後もまだ1番後ろなら、同じプレイヤーが続けて"
        "手番を行います。",
        chain_rule="つながりのルールを3つの図で",
        chain="<b>つながり：</b>縦か横に次々と隣接する同色のタイル。斜めのタイルは隣接とはみなされず、"
        "数えられず、つながりにもなりません。",
        captions={
            1: "黄色のタイルのタスク「青2枚」は達成：青のタイル2枚が隣接しています。",
            2: "「青2枚」は達成：青のタイル1枚が黄色のタイルに隣接し、もう1枚がそれとつながっています。"
            "「赤3枚」は未達成：角の赤のタイルは斜めに接するだけで数えないので、赤は2枚だけです。",
            7: "「赤4枚」のタスクを持つ赤のタイル2枚はどちらも達成：それぞれがつながりの<b>ほかの</b>赤の"
            "タイル4枚を数えます。タスクのタイル自身は数えません。",
        },
        legend="緑の輪の付いた明るい円は、達成したタスクに置いたトークンです。図はルールブックの例1・2・7を"
        "ルールエンジンが描いたものです。",
        ends=(
            (
                "ゲーム終了：最後のトークン",
                "誰かがトークンを全部置いたら、すぐにゲーム終了となり、そのプレイヤーの勝利です。",
            ),
            (
                "ゲーム終了：タイル切れ",
                "手番プレイヤーが月の輪からも山札からもタイルを取れなくなってもゲーム終了です。残っている"
                "トークンが1番少ないプレイヤーの勝利です。",
            ),
            (
                "順位と同点",
                "残っているトークンが少ない順。同点なら、次に先に手番を迎えるプレイヤーが上位です（1番後ろが"
                "先、重なりは上が先）。",
            ),
        ),
        footer="novaluna_widgetで作成：用語は用語集（docs/glossary.ja.md）とルールブックの和訳から、図は"
        "ルールエンジンによるものです。再生成：<code>make player-aid</code>",
        setup=(
            "準備",
            (
                "月の輪をテーブルの中央に置き、月トークンを新月（金色のスペース0）に置きます。",
                "タイルを裏向きで混ぜ、残り11のスペースに1枚ずつ表向きで置きます。残りは裏向きで月の輪のそばに置き、"
                "山札とします。",
                "各プレイヤーは自分の色のトークンを21個取ります（初心者向けルールは表面を参照）。",
                "手番の順：各プレイヤーがトークンを1個ずつ中央に出し、見ないで1個ずつ引き、引いた順に重ねます（最初に"
                "引いたものが一番下）。この重なりを月トラックの新月に置き、一番上のトークンから手番になります。",
            ),
        ),
        details=(
            "覚えておくこと",
            (
                "<b>山札が足りないとき：</b>月トークンに近い空きスペースから置けるだけ置いて終わります。山札がなく"
                "なったら、もう補充はありません。",
                "<b>タイルは必ず取る：</b>パスはできず、タイルを後に取っておくこともできません。取ったらすぐに"
                "エリアに置きます。",
                "<b>タスクの色の並びは関係ない：</b>各色のタイルの数だけが問題で、色の並びやタスクが描かれた位置は"
                "関係ありません。",
                "<b>トークンを置いたタスク：</b>ずっと達成済みのままで、そのタイルはほかのタスクやつながりに引き続き"
                "数えます。",
            ),
        ),
        solo=(
            "ソロゲーム",
            (
                "1色のトークン21個を8個と13個の2つの山に分けます。月トラックにはトークンを置きません。",
                "<b>第1フェーズ：</b>選択トラックの11枚から（いつも通り月トークンの次の3枚から）補充せずにタイルを"
                "取り、小さい山の8個を置きます。置き終えたらフェーズを終えても、さらにタイルを取ってもかまいません。"
                "11枚すべて取ったら必ず終わります。",
                "<b>1つ目の記録：</b>エリアの全タイルの時間の合計＋置けなかった8個のうちのトークン1個につき10。その後、"
                "空いたスペースをすべて補充します。残ったタイルはそのままです。",
                "<b>第2フェーズ：</b>いつもの補充ルールで続け、残りのトークン（8個の残りも）を置きます。21個すべて"
                "置くか、タイルがなくなったら終わりです。<b>2つ目の記録：</b>全タイルの時間の合計＋置けなかった"
                "トークン1個につき10。",
                "<b>スコア：</b>2つの記録の合計なので、第1フェーズのタイルは2回数えます。低いほど良い。100未満を"
                "目指しましょう。選択トラックのタイルは交換できません。",
            ),
        ),
        anatomy=(
            "タイル",
            (
                "<b>時間</b>（左上の数字、1〜7）：このタイルを取るときのコストで、月トラックのトークンを"
                "その数だけ進めます。",
                "<b>タスクは0〜3個</b>：ほかの角にあり、それぞれ別々に達成します。R15には3個、B01には1個も"
                "ありません（数字が1のタイルにはタスクがありません）。",
                "<b>色1つにタイル1枚：</b>タスクの色1つが、その色のタイル1枚を表します（タスクのタイルに"
                "隣接するか、隣接するタイルとつながっているもの）。R15の「ターコイズ1枚＋黄色1枚」には"
                "ターコイズと黄色のタイルが1枚ずつ必要です。色ごとに形があります：赤●、青■、ターコイズ▲、"
                "黄色◆。",
                "<b>タイルの向きは関係ありません：</b>どの向きに置いてもよく（数字を左上にするのがおすすめ"
                "です）、タスクがどの角に描かれているかも関係ありません。",
                "<b>何も達成しないタイルも置けます：</b>自分のタイルに隣接する空いたマスならどこでもよく、"
                "そこでタスクが達成されるかどうかは問いません。",
            ),
        ),
        players=("プレイヤー1", "プレイヤー2", "プレイヤー3"),
    ),
    "fa": Sheet(
        title="راهنمای بازیکن نوا لونا · نسخه‌ی {}",
        heading="راهنمای بازیکن",
        byline="برای ۱ تا ۴ بازیکن · طراح: اووه روزنبرگ، بر مبنای ایده‌ای از کورنی ون مورسل، ۲۰۱۹",
        goal="<b>هدف بازی.</b> اولین نفری باشید که همه‌ی توکن‌های هدف خود را جای‌گذاری می‌کند: روی هر "
        "هدفی که محقق می‌کنید، یک توکن. هر بازیکن ۲۱ توکن از یک رنگ دارد: یکی <b>توکن بازیکن</b> در "
        "ردیف ماه است و ۲۰ توکن دیگر، <b>توکن‌های هدف</b> برای جای‌گذاری. <b>نسخه‌ی ویژه‌ی "
        "تازه‌کارها:</b> در اولین بازی، توکن کمتر: در بازی ۳ نفره ۱۷ و در بازی ۴ نفره ۱۵ توکن هدف "
        "(۱۸ و ۱۶ توکن دفترچه‌ی قوانین، توکن بازیکن را هم می‌شمارد).",
        turn="نوبت شما در ۵ مرحله",
        steps=(
            (
                "پُر کردن «ردیف انتخاب» (اختیاری / اجباری، بسته به شرایط).",
                "کاشی‌هایی از ستون‌های کاشی را در فضاهای خالی ردیف انتخاب بگذارید: از نزدیک‌ترین فضای خالی "
                "به نشانگر ماه، در جهت ساعتگرد (هرگز در فضای خود نشانگر ماه). اگر فقط ۱ یا ۲ کاشی در ردیف "
                "انتخاب مانده باشد و ستون‌های کاشی هنوز کاشی داشته باشند، <b>می‌توانید</b> پُر کنید؛ اگر هیچ "
                "کاشی‌ای نمانده باشد، <b>باید</b> پُر کنید.",
            ),
            (
                "انتخاب یکی از ۳ کاشی بعدی و جابه‌جا کردن نشانگر ماه.",
                "فقط ۳ کاشی اول بعد از نشانگر ماه (در جهت ساعتگرد) را می‌توانید بردارید: «فضاهای خالی را "
                "نادیده بگیرید!» نشانگر ماه را در فضای کاشی‌ای که برداشتید بگذارید.",
            ),
            (
                "جلو بردن توکن خود در ردیف ماه به اندازه‌ی هزینه‌ی زمانی کاشی.",
                "<b>ستون:</b> توکن‌هایی که در یک خانه‌ی ردیف ماه هستند؛ توکنی که آخر از همه رسیده، در رأس "
                "ستون است.",
            ),
            (
                "جای‌گذاری کاشی در صفحه‌ی خود.",
                "اولین کاشی را هر جا که خواستید بگذارید؛ هر کاشی بعدی را در جایگاهی خالی که به شکل عمودی یا "
                "افقی به یکی از کاشی‌هایتان متصل باشد (با یک ضلع، نه فقط با یک گوشه).",
            ),
            (
                "محقق کردن اهداف: روی هر هدفی که اکنون محقق شده، یک توکن هدف بگذارید.",
                "<b>محقق شده:</b> هدفی که همه‌ی رنگ‌هایش فراهم است: برای هر رنگ، کاشی‌های آن رنگ که به شکل "
                "عمودی یا افقی به کاشی هدف‌دار متصل‌اند، به اضافه‌ی همه‌ی کاشی‌های هم‌رنگی که با آن‌ها "
                "زنجیره می‌سازند، دست کم به تعداد دایره‌های رنگی آن رنگ در هدف باشند. رنگ خود «کاشی "
                "هدف‌دار» در این شمارش اهمیت ندارد.",
            ),
        ),
        wheel="توکن‌های بازیکن ۲ و ۳ در عقب‌ترین خانه‌ی ردیف ماه یک ستون ساخته‌اند و توکن ۳ آخر از همه "
        "رسیده و در رأس ستون است: نوبت با بازیکن ۳ است. او یکی از ۳ کاشی بعد از نشانگر ماه (هلال) را "
        "برمی‌دارد که قاب طلایی دارند؛ فضاهای خالی نادیده گرفته می‌شوند.",
        whose_turn="نوبت با کیست؟",
        to_move="<b>نوبت:</b> نوبت بازی، همیشه با بازیکنی است که توکن‌اش از دیگران <b>عقب‌تر</b> است؛ اگر "
        "چند توکن در یک خانه باشند، با بازیکنی که توکن‌اش <b>در رأس ستون</b> است. نوبت‌ها دور میز "
        "نمی‌چرخند.",
        in_a_row="<b>نوبت‌های پیاپی:</b> اگر بازیکنی پس از برداشتن کاشی‌ای با هزینه‌ی زمانی کم، هنوز از "
        "همه عقب‌تر باشد، دوباره بازی می‌کند.",
        chain_rule="قانون زنجیره در ۳ تصویر",
        chain="<b>زنجیره:</b> کاشی‌های هم‌رنگی که به شکل عمودی یا افقی، یکی پس از دیگری، به هم متصل‌اند. "
        "کاشی‌های مورب هرگز متصل به حساب نمی‌آیند، شمرده نمی‌شوند و زنجیره نمی‌سازند.",
        captions={
            1: "هدف «۲&nbsp;آبی» کاشی زرد محقق شده است: دو کاشی آبی به آن متصل‌اند.",
            2: "«۲&nbsp;آبی» محقق شده است: یک کاشی آبی به کاشی زرد متصل است و دیگری با آن زنجیره می‌سازد. "
            "«۳&nbsp;قرمز» نه: کاشی قرمز گوشه فقط به شکل مورب به کاشی زرد می‌رسد و شمرده نمی‌شود، پس فقط ۲ "
            "قرمز هست.",
            7: "هر دو کاشی قرمزی که «۴&nbsp;قرمز» می‌خواهند، محقق شده‌اند: هر کدام چهار کاشی قرمز <b>دیگر</b> "
            "زنجیره را می‌شمارد. خود کاشی هدف‌دار هرگز شمرده نمی‌شود.",
        },
        legend="دایره‌ی روشن با حلقه‌ی سبز، توکنی روی هدفی محقق شده است. تصویرها مثال‌های ۱، ۲ و ۷ "
        "دفترچه‌ی قوانین‌اند که موتور قوانین بازی کشیده است.",
        ends=(
            (
                "پایان بازی: آخرین توکن",
                "بازی بی‌درنگ به پایان می‌رسد وقتی بازیکنی آخرین توکن هدف خود را جای‌گذاری کند: آن بازیکن "
                "برنده است.",
            ),
            (
                "پایان بازی: کاشی تمام شد",
                "بازی هم‌چنین وقتی به پایان می‌رسد که بازیکنی که نوبت بازی با اوست، نتواند هیچ کاشی جدیدی "
                "انتخاب کند: چرخ ماه و ستون‌های کاشی خالی‌اند. کسی که کمترین توکن را در ذخیره‌ی خود دارد، "
                "برنده است.",
            ),
            (
                "رتبه‌بندی و تساوی",
                "هر بازیکنی که توکن کمتری برایش مانده باشد، رتبه‌ی بالاتری دارد؛ در صورت تساوی، بازیکنی "
                "جلوتر است که «اگر بازی ادامه پیدا می‌کرد اولین نوبت بازی به او می‌رسید» (اول "
                "عقب‌ترین، در یک ستون اول توکن رأس).",
            ),
        ),
        footer="ساخته شده با novaluna_widget: واژه‌ها از واژه‌نامه‌ی آن (docs/glossary.fa.md) و دفترچه‌ی "
        "قوانین فارسی، تصویرها از موتور قوانین آن. برای ساختن دوباره: <code>make player-aid</code>",
        setup=(
            "آماده‌سازی",
            (
                "چرخ ماه را وسط میز و نشانگر ماه را بالای ماه نو (فضای طلایی ۰) بگذارید.",
                "کاشی‌ها را به پشت بُر بزنید و روی هر یک از ۱۱ فضای دیگر یک کاشی به رو بگذارید. بقیه، به "
                "پشت و کنار چرخ ماه، ستون‌های کاشی‌اند.",
                "هر بازیکن ۲۱ توکن از رنگ خود برمی‌دارد (نسخه‌ی ویژه‌ی تازه‌کارها: روی دیگر برگه).",
                "ترتیب نوبت: هر بازیکن یک توکن وسط میز می‌گذارد؛ توکن‌ها با چشم بسته یکی‌یکی برداشته و به "
                "همان ترتیب روی هم چیده می‌شوند، اولی در زیر. این ستون در خانه‌ی ماه نو از ردیف ماه قرار "
                "می‌گیرد و توکن بالایی اول بازی می‌کند.",
            ),
        ),
        details=(
            "به یاد داشته باشید",
            (
                "<b>کمبود کاشی:</b> اگر ستون‌های کاشی کافی نباشد، از نزدیک‌ترین فضای خالی به نشانگر ماه تا "
                "جایی که می‌شود پر کنید و بس. وقتی ستون‌های کاشی تمام شد، ردیف انتخاب دیگر پر نمی‌شود.",
                "<b>برداشتن کاشی اجباری است:</b> نمی‌توانید نوبت را رد کنید یا کاشی را برای بعد نگه دارید: "
                "کاشی بی‌درنگ در صفحه‌ی شما قرار می‌گیرد.",
                "<b>ترتیب رنگ‌های یک هدف مهم نیست:</b> فقط شمار کاشی‌های هر رنگ مهم است، نه چینش دایره‌های "
                "رنگی و نه جای هدف روی کاشی.",
                "<b>هدف‌های پوشانده:</b> هدفی که توکن دارد برای همیشه محقق شده است و کاشی آن همچنان برای "
                "هدف‌ها و زنجیره‌های دیگر شمرده می‌شود.",
            ),
        ),
        solo=(
            "بازی تک‌نفره",
            (
                "۲۱ توکن از یک رنگ را در دو ستون بچینید: ۸ و ۱۳. توکنی در ردیف ماه نیست: ردیف ماه نقشی "
                "ندارد.",
                "<b>مرحله‌ی ۱:</b> از ۱۱ کاشی ردیف انتخاب (مثل همیشه یکی از ۳ کاشی بعدی) بدون پر کردن ردیف "
                "انتخاب بردارید تا ۸ توکن ستون کوچک‌تر را جای‌گذاری کنید. پس از آن می‌توانید مرحله را تمام "
                "کنید یا اول کاشی‌های بیشتری بردارید؛ وقتی هر ۱۱ کاشی برداشته شد، مرحله به هر حال تمام است.",
                "<b>ارزش کل نخست:</b> جمع هزینه‌ی زمانی همه‌ی کاشی‌های شما، به‌علاوه‌ی ۱۰ برای هر توکن جای "
                "گذاری‌نشده از آن ۸ توکن. سپس همه‌ی فضاهای خالی را پر کنید؛ کاشی‌های برداشته‌نشده می‌مانند.",
                "<b>مرحله‌ی ۲:</b> با قاعده‌ی همیشگی پر کردن ردیف انتخاب ادامه دهید و توکن‌های دیگر (و "
                "باقی‌مانده‌ی آن ۸ توکن) را جای‌گذاری کنید. بازی وقتی هر ۲۱ توکن جای‌گذاری شد یا کاشی تمام "
                "شد، پایان می‌یابد. <b>ارزش کل دوم:</b> جمع هزینه‌ی زمانی همه‌ی کاشی‌ها، به‌علاوه‌ی ۱۰ برای "
                "هر توکن جای‌گذاری‌نشده.",
                "<b>امتیاز نهایی:</b> جمع دو ارزش کل؛ پس کاشی‌های مرحله‌ی ۱ دو بار شمرده می‌شوند. هر چه "
                "کمتر، بهتر: بکوشید زیر ۱۰۰ بمانید. کاشی‌های ردیف انتخاب را نمی‌توان عوض کرد.",
            ),
        ),
        anatomy=(
            "کاشی",
            (
                "<b>هزینه‌ی زمانی</b> (از ۱ تا ۷) در گوشه‌ی بالا سمت چپ: وقتی کاشی را برمی‌دارید، توکن "
                "شما در ردیف ماه به همین اندازه جلو می‌رود.",
                "<b>از ۰ تا ۳ هدف</b> در گوشه‌های دیگر، که هر کدام جداگانه محقق می‌شود: کاشی قرمز تصویر سه "
                "هدف دارد و کاشی آبی هیچ (کاشی‌های با هزینه‌ی ۱ هدفی ندارند).",
                "<b>هر دایره‌ی رنگی، یک کاشی:</b> هر دایره‌ی رنگی هدف یعنی یک کاشی از همان رنگ، مجاور "
                "کاشیِ هدف یا در زنجیره‌ای که به آن می‌رسد: هدف «۱&nbsp;فیروزه‌ای + ۱&nbsp;زرد» روی کاشی قرمز "
                "یک کاشی فیروزه‌ای و یک کاشی زرد می‌خواهد. هر رنگ شکل خودش را دارد: قرمز ●، آبی ■، "
                "فیروزه‌ای ▲، زرد ◆.",
                "<b>جهت کاشی مهم نیست:</b> کاشی را به هر سو بگذارید (بهتر است عدد بالا سمت چپ باشد)؛ "
                "این‌که هدف در کدام گوشه کشیده شده هم فرقی نمی‌کند.",
                "<b>کاشی می‌تواند هیچ هدفی را محقق نکند:</b> هر جایگاه خالیِ مجاور یکی از کاشی‌هایتان "
                "مجاز است، چه هدفی آن‌جا محقق شود چه نشود.",
            ),
        ),
        players=("بازیکن ۱", "بازیکن ۲", "بازیکن ۳"),
    ),
}


def sheet(lang: str, words: dict[str, str] | None = None) -> Sheet:
    """The aid's words in ``lang`` (English: from ``words``, by default the glossary's)."""
    if lang == "en":
        return english(glossary() if words is None else words)
    paths(lang)  # a language of the aid
    return SHEETS[lang]


#: The wheel's picture is a position a game reaches: three players dealt from this seed, then these five
#: turns (the greedy bot's, written out so that the picture does not change with the bot). The moon marker
#: stands at wheel space 1 with empty wheel spaces after it (skipped by the next three tiles), and the
#: track markers of players 2 and 3 are stacked behind player 1's, 3 on top.
WHEEL_SEED = 109
WHEEL_TURNS = (Move(2, (0, 0)), Move(4, (0, 0)), Move(7, (0, 0)), Move(10, (-1, 0)), Move(1, (1, 0)))
#: The tiles drawn beside a tile's anatomy: three tasks, and none.
ANATOMY = ("R15", "B01")


def wheel_position(lang: str = "en") -> Game:
    """The game of ``WHEEL_SEED`` after ``WHEEL_TURNS``, its players named in ``lang``."""
    paths(lang)  # a language of the aid
    names = SHEETS[lang].players if lang != "en" else None
    game = Game(3 if names is None else names, seed=WHEEL_SEED)
    for move in WHEEL_TURNS:
        game.play(move)
    return game


def chain_pictures(lang: str = "en") -> list[tuple[str, str]]:
    """The chain rule in three of the rulebook's examples: (picture, caption) each, in ``lang``. Only the
    tasks a caption is about carry a token."""
    paths(lang)  # a language of the aid
    shown = []
    for number, caption in (CAPTIONS if lang == "en" else SHEETS[lang].captions).items():
        rulebook = example(number)
        covered = [ref for ref, fulfilled in rulebook.tasks if fulfilled]
        picture = board_svg(rulebook.board(), covered=covered, cell=AREA_CELL, lang=lang)
        shown.append((cropped(picture, 1.0), caption))
    return shown


#: The size attributes ``render._svg`` gives every picture.
_SIZE = re.compile(r"viewBox='0 0 (?P<width>[\d.]+) (?P<height>[\d.]+)' width='[\d.]+' height='[\d.]+'")


def cropped(svg: str, by: float) -> str:
    """An area's picture with ``by`` cells of its empty ring cut away on every side (1: all of it), so
    that its tiles come out larger on paper."""
    found = _SIZE.search(svg)
    if found is None:
        raise ValueError("not a picture drawn by novaluna_widget._render")
    cut = by * AREA_CELL
    width, height = float(found["width"]) - 2 * cut, float(found["height"]) - 2 * cut
    size = f"viewBox='{cut:g} {cut:g} {width:g} {height:g}' width='{width:g}' height='{height:g}'"
    return svg[: found.start()] + size + svg[found.end() :]


def _figure(svg: str, caption: str, kind: str) -> str:
    return f"<figure class='{kind}'>{svg}<figcaption>{caption}</figcaption></figure>"


#: What a page in another language adds to the English style: the heading on one line (the line beside
#: it wraps instead); Russian, longer than English, a little smaller with smaller pictures; Persian right to
#: left (the list's numbers on the right, in Persian digits); Japanese and Persian letters not spaced
#: apart (the heading's letter spacing would break Persian's joined letters).
EXTRA_STYLE = {
    "en": "",
    "ru": "h1 { white-space: nowrap; }\nheader p { text-align: end; }\nbody { font-size: 8.2pt; }\n"
    "figure.wheel svg { width: 58mm; }\n"
    "figure.chain { grid-template-columns: 46mm 1fr; margin-bottom: 2mm; }\n",
    "ja": "h1 { white-space: nowrap; }\nheader p { text-align: end; }\nh1 span { letter-spacing: normal; }\n",
    "fa": "h1 { white-space: nowrap; }\nheader p { text-align: end; }\nh1 span { letter-spacing: normal; }\n"
    "ol { padding-left: 0; padding-right: 5mm; list-style-type: persian; }\n",
}


def page(words: dict[str, str] | None, title: str, lang: str = "en") -> str:
    """The whole aid in ``lang`` as one HTML page titled ``title`` (English: in the glossary's
    ``words``)."""
    s = sheet(lang, words)
    turn = "".join(f"<li><b>{escape(step)}</b> <span>{detail}</span></li>" for step, detail in s.steps)
    chains = "".join(_figure(svg, caption, "chain") for svg, caption in chain_pictures(lang))
    wheel = _figure(wheel_svg(wheel_position(lang), size=300, lang=lang), s.wheel, "wheel")
    ends = "\n".join(f"<div><h2>{heading}</h2><p>{text}</p></div>" for heading, text in s.ends)
    setup, details, solo, anatomy = (_points(part) for part in (s.setup, s.details, s.solo, s.anatomy))
    tiles = tiles_svg([tile(name) for name in ANATOMY], cell=90, lang=lang)
    direction = ' dir="rtl"' if lang in RIGHT_TO_LEFT else ""
    extra = EXTRA_STYLE[lang]
    return f"""<!DOCTYPE html>
<html lang="{lang}"{direction}>
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>
@page {{ size: A4; margin: 16mm 12mm; }}
* {{ box-sizing: border-box; }}
html {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
body {{ margin: 0; font: 8.8pt/1.3 {FONTS[lang]}; color: #1b1f33; }}
main {{ width: 186mm; height: 264mm; display: flex; flex-direction: column; gap: 2.4mm; overflow: hidden; }}
header {{ display: flex; align-items: baseline; justify-content: space-between;
  border-bottom: 0.6mm solid #c9a227; padding-bottom: 1.2mm; }}
h1 {{ font-size: 17pt; margin: 0; letter-spacing: 0.02em; }}
h1 span {{ font-weight: 400; color: #5b6283; }}
header p {{ margin: 0; color: #5b6283; }}
h2 {{ font-size: 10.5pt; margin: 0 0 1.2mm; color: #16183a; }}
p {{ margin: 0 0 1.2mm; }}
.goal {{ background: #f4f1e4; border-radius: 2mm; padding: 1.8mm 2.6mm; }}
.goal p {{ margin: 0; }}
.columns {{ display: grid; grid-template-columns: 88mm 93mm; gap: 5mm; flex: 1; min-height: 0; }}
ol {{ margin: 0 0 1mm; padding-left: 5mm; }}
li {{ margin-bottom: 1.2mm; }}
li span {{ display: block; color: #373d5c; }}
figure {{ margin: 0; }}
figure svg {{ display: block; width: 100%; height: auto; }}
figcaption {{ color: #373d5c; }}
figure.wheel svg {{ width: 66mm; margin: 1mm auto; }}
figure.chain {{ display: grid; grid-template-columns: 54mm 1fr; gap: 3mm; align-items: center;
  margin-bottom: 3mm; }}
.legend {{ color: #5b6283; font-size: 7.4pt; }}
.end {{ display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 5mm; border-top: 0.3mm solid #c7cadb;
  padding-top: 2mm; }}
.end p {{ margin: 0; }}
footer {{ font-size: 6.8pt; color: #7a809c; border-top: 0.3mm solid #c7cadb; padding-top: 1mm; }}
main.back {{ break-before: page; height: auto; font-size: 9.6pt; }}
.back .columns {{ flex: none; }}
.back ul {{ margin: 0 0 3mm; padding-left: 5mm; }}
.anatomy {{ display: grid; grid-template-columns: 64mm 1fr; gap: 5mm; align-items: center;
  border-top: 0.3mm solid #c7cadb; padding-top: 3mm; margin-top: 2mm; }}
.anatomy svg {{ display: block; width: 64mm; height: auto; }}
{extra}</style>
</head>
<body>
<main>
<header>
<h1>NOVA LUNA <span>· {s.heading}</span></h1>
<p>{s.byline}</p>
</header>
<section class="goal">
<p>{s.goal}</p>
</section>
<div class="columns">
<section>
<h2>{s.turn}</h2>
<ol>{turn}</ol>
{wheel}
</section>
<section>
<h2>{s.whose_turn}</h2>
<p>{s.to_move}</p>
<p>{s.in_a_row}</p>
<h2>{s.chain_rule}</h2>
<p>{s.chain}</p>
{chains}
<p class="legend">{s.legend}</p>
</section>
</div>
<section class="end">
{ends}
</section>
<footer>{s.footer}</footer>
</main>
<main class="back">
<div class="columns">
<section>
{setup}
{details}
</section>
<section>
{solo}
</section>
</div>
<section class="anatomy">
<figure>{tiles}</figure>
<div>{anatomy}</div>
</section>
</main>
</body>
</html>
"""


def _points(part: tuple[str, tuple[str, ...]]) -> str:
    """A part of the back of the sheet: its heading and its points as a list."""
    heading, points = part
    return f"<h2>{heading}</h2><ul>{''.join(f'<li>{point}</li>' for point in points)}</ul>"


def build_html(words: dict[str, str] | None = None, lang: str = "en") -> str:
    """The aid's HTML in ``lang``, its title ending with the first 12 hex digits of the page's SHA-256
    (taken with the title's hash left out, so the page can carry its own)."""
    words = glossary() if words is None and lang == "en" else words
    title = sheet(lang, words).title
    digest = hashlib.sha256(page(words, title.format(""), lang).encode("utf-8")).hexdigest()[:12]
    return page(words, title.format(digest), lang)


def title_of(html: str) -> str:
    """The ``<title>`` of an HTML page (unescaped)."""
    found = re.search(r"<title>(.*?)</title>", html)
    if found is None:
        raise ValueError("the page has no <title>")
    return unescape(found[1])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", action="store_true", help="write the HTML only, do not print the PDF")
    parser.add_argument(
        "--lang",
        action="append",
        choices=LANGUAGES,
        help="only this language (again for more; default: every one)",
    )
    args = parser.parse_args(argv)
    for lang in args.lang or LANGUAGES:
        html, pdf = paths(lang)
        html.write_text(build_html(lang=lang), encoding="utf-8")
        print(f"wrote {html.relative_to(DOCS.parent)}")
        if not args.html:
            print_pdf(html, pdf)
            print(f"printed {pdf.relative_to(DOCS.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
