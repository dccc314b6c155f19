"""Static SVG pictures: well-formed, deterministic, and showing what the position holds."""

from __future__ import annotations

import base64
import importlib.util
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from novaluna_widget import (
    Board,
    Game,
    IllegalMove,
    NovaLunaWidget,
    SoloGame,
    tile,
)
from novaluna_widget import (
    _track as track,
)
from novaluna_widget import (
    _wheel as wheel,
)
from novaluna_widget._contract import check
from novaluna_widget._examples import example
from novaluna_widget._i18n import LANGUAGES, cell_words, cmsg, msg, number, set_language, word
from novaluna_widget._log import tokens_left
from novaluna_widget._names import named
from novaluna_widget._render import (
    COVER_OPACITY,
    PROJECTOR,
    SPEC,
    board_svg,
    game_svg,
    picture,
    printed_pieces,
    projector_game_svg,
    tile_svg,
    tile_words,
    tiles_svg,
    wheel_svg,
)
from novaluna_widget._render.drawing import Drawing
from novaluna_widget._tiles import COLOURS, LETTERS, TILES

SVG = "{http://www.w3.org/2000/svg}"
FACE = "width='94' height='94'"  # one per tile drawn


def played(game: Game, turns: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while game.turn < turns and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    return root


def test_game_svg_is_well_formed_and_deterministic() -> None:
    game = played(Game(3, seed=2), 25)
    svg = game_svg(game)
    parse(svg)
    assert svg == game_svg(game) == game_svg(game.copy()) == game_svg(Game.from_json(game.to_json()))
    assert " id=" not in svg and "0x" not in svg  # no ids to clash on a page, no memory addresses


def test_game_svg_draws_every_tile_and_the_takeable_three() -> None:
    game = played(Game(4, seed=3), 30)
    svg = game_svg(game)
    tiles = game.tiles_on_wheel() + sum(len(p.board) for p in game.players)
    assert svg.count(FACE) == tiles
    # The takeable tiles are framed in gold, with no number of their own: the rim's space numbers are the
    # wheel's one numbering (docs/glossary.md).
    frame = "rx='15' fill='#ffd54a' fill-opacity='0.2' stroke='#ffd54a' stroke-width='5'/>"
    assert svg.count(frame) == len(game.choices())
    assert "stroke='#101735' stroke-width='3'/>" not in svg  # no 1–3 badges
    assert f">{len(game.draw_pile)}</text>" in svg and "draw pile" in svg
    for p in game.players:
        # The moon track's one name, as in the widget: the marker's space, never the total "time".
        assert f"{p.tokens} tokens left · moon track {p.space}" in svg and "time" not in svg


COVER = f"fill='#fff' fill-opacity='{COVER_OPACITY}'"  # one per token on a task
DOT = "stroke-width='1.3'"  # one per dot drawn


def test_covered_tasks_carry_their_players_tokens_over_their_dots() -> None:
    game = played(Game(2, seed=4), 30)
    svg = game_svg(game)
    assert svg.count(COVER) == sum(len(p.covered) for p in game.players) > 0
    for i, p in enumerate(game.players):
        ring = SPEC["players"][i]["fill"]
        assert svg.count(f"{COVER} stroke='{ring}'") == len(p.covered) > 0  # rings in the player's colour
        assert svg.count(f"<circle r='19' fill='{ring}'") == 1  # the marker on the moon track
    # A covered task keeps its dots: every task of every tile drawn shows all of its dots.
    tiles = [t for t in game.wheel if t] + [t for p in game.players for t in p.board.tiles.values()]
    assert svg.count(DOT) == sum(task.dots for t in tiles for task in t.tasks)


def test_a_token_on_a_task_is_drawn_after_its_dots_and_lets_them_show() -> None:
    t = tile("Y11")  # "3 red", "3 teal", "2 blue"
    svg = tile_svg(t, 0, 0, covered=[2], player=0)
    disc = svg.split("<g transform='translate(")[4]  # [1] is the tile, [2:] its three tasks
    assert disc.count(DOT) == 2 and disc.index(DOT) < disc.index(COVER)
    assert 0 < COVER_OPACITY < 1
    assert tile_svg(t, 0, 0).count(COVER) == 0


def test_finished_and_solo_games() -> None:
    over = played(Game(2, seed=5), 200)
    assert over.is_over and over.winner is not None
    assert f"{over.players[over.winner].name} wins" in game_svg(over)
    solo = played(SoloGame(seed=5), 3)
    svg = game_svg(solo)
    parse(svg)
    assert "Phase 1" in svg and "small stack" in svg and "time" not in svg


def test_names_are_escaped() -> None:
    svg = game_svg(Game(["<b>Ada</b>", "Bo & Cy"], seed=1))
    parse(svg)
    assert "&lt;b&gt;Ada&lt;/b&gt;" in svg and "Bo &amp; Cy" in svg


def test_board_svg_shows_an_area_with_tokens_on_fulfilled_tasks() -> None:
    empty = board_svg(Board())
    parse(empty)
    assert FACE not in empty and "Nova Luna area: empty" in empty
    placements = [("R04", (0, 0)), ("R05", (1, 0)), ("R06", (2, 0)), ("B01", (0, 1))]
    board = Board((tile(t), cell) for t, cell in placements)
    svg = board_svg(board)
    parse(svg)
    assert svg.count(FACE) == 4
    green = f"{COVER} stroke='{SPEC['colours']['check']}'"  # no player given: white tokens, green rims
    assert svg.count(green) == svg.count(COVER) == len(board.fulfilled_tasks()) > 0
    assert board_svg(board, covered=(), player=1).count(COVER) == 0
    assert svg.count(DOT) == sum(task.dots for t in board.tiles.values() for task in t.tasks)


def test_tile_and_wheel_pieces() -> None:
    t = tile("R07")  # red 3: "1 red + 1 blue + 1 teal + 1 yellow" and "3 teal"
    svg = tile_svg(t, 0, 0)
    assert svg.count("<g transform='translate(") == 1 + len(t.tasks)
    assert ">3</text>" in svg and ">R</text>" in svg
    assert svg.count("<circle cx=") == 1 + 1  # the cost disc and one red dot; other colours have shapes
    parse(f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'>{svg}</svg>")
    parse(wheel_svg(Game(2, seed=1)))


def test_widget_to_svg_is_the_game_picture() -> None:
    w = NovaLunaWidget(seed=6)
    assert w.to_svg() == game_svg(w.game)


def test_labels_name_tiles_and_cells_as_explain_does() -> None:
    board = example(2).board()
    plain, tiles = board_svg(board), board_svg(board, labels=True)
    assert "R02 at (0, 1)" in board.explain((0, 0), 0).sentence and "R02 (0, 1)" in tiles
    assert all(f"{t.id} ({x}, {y})" in tiles for (x, y), t in board.tiles.items())
    assert "(-1, -2)" not in tiles and "(1, 1)" not in tiles  # True names the tiles only
    assert "Y11 (0, 0)" not in plain and "(1, 1)" not in plain
    parse(tiles)


def test_labels_may_name_just_the_cells_a_question_is_about() -> None:
    board = example(2).board()
    svg = board_svg(board, labels=[(0, 0), (1, 1), [0, -1]])  # type: ignore[list-item]
    parse(svg)
    assert "Y11 (0, 0)" in svg and ">(1, 1)</text>" in svg and ">(0, -1)</text>" in svg
    assert "R02 (0, 1)" not in svg and "(-1, -2)" not in svg
    assert svg.count("stroke-width='2.5' stroke-dasharray") == 2  # the two empty cells asked about
    # A cell outside the ring around the area widens the picture to show it.
    far = board_svg(board, labels=[(5, 0)])
    assert ">(5, 0)</text>" in far and _width(far) > _width(svg)
    with pytest.raises(IllegalMove):
        board_svg(board, labels=["A1"])  # type: ignore[list-item]


def _width(svg: str) -> float:
    return float(parse(svg).get("width", "0"))


def test_tiles_svg_draws_tiles_apart_with_their_ids() -> None:
    tiles = [tile("R02"), tile("R13"), tile("R17")]
    svg = tiles_svg(tiles)
    parse(svg)
    assert svg.count(FACE) == 3 and all(f">{t.id}</text>" in svg for t in tiles)
    assert "dasharray" not in svg  # no grid around them


def test_a_picture_shows_untrusted_and_stands_in_for_a_live_widget() -> None:
    board = example(1).board()
    shown = picture(board, labels=True)
    bundle = shown._repr_mimebundle_()
    assert bundle["image/svg+xml"] == board_svg(board, cell=84, labels=True)
    html = str(bundle["text/html"])
    found = re.fullmatch(r"<img src='data:image/svg\+xml;base64,([\w+/=]+)' alt='([^']*)'>", html)
    assert found and base64.b64decode(found[1]).decode() == bundle["image/svg+xml"]
    assert found[2] == "Nova Luna area: 3 tiles (Y11 on cell (0, 0), B01 on cell (-1, 0), B04 on cell (1, 0))"
    assert bundle["text/plain"] == repr(shown) == f"Picture({found[2]})"  # stable, for nbval
    game = Game(["Ada", "Bo"], seed=3)
    assert picture(game)._repr_mimebundle_()["image/svg+xml"] == game_svg(game)
    assert picture([tile("Y17")]).svg == tiles_svg([tile("Y17")], cell=120)
    w = NovaLunaWidget(game.copy())
    live = picture(game, live=w)._repr_mimebundle_()
    assert live["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id  # type: ignore[index]
    assert str(live["text/html"]).startswith("<img src='data:image/svg+xml;base64,")
    mover = game.players[game.current_player].name
    assert live["text/plain"] == f"Picture(Nova Luna: a 2-player game, seed 3, turn 0, {mover} to move)"
    with pytest.raises(TypeError):
        picture(game, labels=True)
    with pytest.raises(TypeError):
        picture("R01")  # type: ignore[arg-type]


def test_the_drawing_spec_fits_the_rules() -> None:
    """drawing.json's layout is drawn for the rules' counts, and its letters are the text views'."""
    assert SPEC["wheel_spaces"] == wheel.SPACES and SPEC["track_spaces"] == track.TRACK_SPACES
    assert list(SPEC["tile_colours"]) == list(COLOURS)
    assert {colour: c["letter"] for colour, c in SPEC["tile_colours"].items()} == LETTERS
    assert len(SPEC["players"]) == Game.SEATS[1]  # a token colour for every seat
    picture = game_svg(played(Game(Game.SEATS[1], seed=7), 30))
    assert all(f"fill='{p['fill']}'" in picture for p in SPEC["players"])


def drawing_builder() -> Any:
    """js/build_drawing.py, which derives the spec's types from drawing.json."""
    root = Path(__file__).parents[1]
    spec = importlib.util.spec_from_file_location("build_drawing", root / "js" / "build_drawing.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_spec_is_typed_from_drawing_json_alone(tmp_path: Path) -> None:
    # One source: the types the pictures read (novaluna_widget/_render/drawing.py) are what drawing.json's
    # shape gives now (`make drawing` writes them), and a change of the file's shape changes them.
    builder = drawing_builder()
    assert builder.TARGET.read_text(encoding="utf-8") == builder.written(), "run make drawing"
    assert "TypedDict" in builder.written() and "class Drawing(" in builder.written()
    changed = json.loads(builder.SOURCE.read_text(encoding="utf-8"))
    changed["token"]["halo"] = 3.5
    builder.SOURCE = tmp_path / "drawing.json"
    builder.SOURCE.write_text(json.dumps(changed), encoding="utf-8")
    assert "    halo: float" in builder.written()
    check(SPEC, Drawing)  # the file keeps to its types


def test_every_tile_is_drawn_from_the_spec() -> None:
    for t in TILES:
        svg = tile_svg(t, 0, 0)
        assert f"fill='{SPEC['tile_colours'][t.colour]['fill']}'" in svg
        assert svg.count(f"<circle r='{SPEC['tile']['disc']}'") == len(t.tasks)
        assert svg.count("stroke-width='1.3'") == sum(sum(task.values()) for task in t.tasks)  # the dots


def test_dot_outlines_are_moved_to_their_place_in_the_disc() -> None:
    # R05's task "2 teal + 1 yellow": teal triangles at (∓6.5, -5), a yellow diamond at (0, 6.5).
    svg = tile_svg(tile("R05"), 0, 0)
    assert "d='M-6.5 -10.8L-0.9 -0.6H-12.1Z'" in svg and "d='M6.5 -10.8L12.1 -0.6H0.9Z'" in svg
    assert "d='M0 0.3L6.2 6.5L0 12.7L-6.2 6.5Z'" in svg


# -- one drawing: the page puts in place the markup the pictures draw --------------------------------
HOOK = re.compile(r" class='[^']*'")  # the page's hooks, which a picture leaves out


def test_the_page_and_the_pictures_draw_a_tile_with_the_same_markup() -> None:
    for lang in LANGUAGES:
        for t in TILES:
            face, tasks = printed_pieces(lang)["tiles"][t.id]
            discs = SPEC["tile"]["discs"][len(t.tasks)]
            placed = "".join(
                f"<g transform='translate({x} {y})'>{HOOK.sub('', task)}</g>"
                for (x, y), task in zip(discs, tasks, strict=True)
            )
            assert (
                tile_svg(t, 0, 0, lang=lang)
                == f"<g transform='translate(0 0)'>{HOOK.sub('', face)}{placed}</g>"
            )
    # R07 in a picture of a game is the markup the page got: its face, and each task with its dots.
    game = Game(2, seed=1)
    space = next(s for s, t in enumerate(game.wheel) if t is not None)
    shown = game.wheel[space]
    assert shown is not None
    face, tasks = printed_pieces("fa")["tiles"][shown.id]
    svg = game_svg(game, lang="fa")
    assert HOOK.sub("", face) in svg and all(HOOK.sub("", task) in svg for task in tasks)
    assert " class=" not in svg  # the hooks are the page's: a picture has no stylesheet to read them


def test_every_tile_is_shipped_to_the_page_once_with_its_hooks() -> None:
    faces = printed_pieces("en")
    assert list(faces["tiles"]) == [t.id for t in TILES] and len(faces["tiles"]) == 68
    assert list(faces["words"]) == list(faces["tiles"])
    for t in TILES:
        face, tasks = faces["tiles"][t.id]
        assert face.count("class='nl-face'") == face.count(FACE) == 1
        assert "class='nl-cost'" in face and f">{t.cost}</text>" in face and "class='nl-letter'" in face
        assert len(tasks) == len(t.tasks)
        for task, drawn in zip(t.tasks, tasks, strict=True):
            assert drawn.count("class='nl-disc'") == 1 and drawn.count("class='nl-dot'") == task.dots


def test_the_page_gets_the_wheel_and_the_moon_track_the_pictures_draw() -> None:
    game = played(Game(3, seed=2), 10)
    for lang in LANGUAGES:
        faces = printed_pieces(lang)
        svg = wheel_svg(game, lang=lang)
        assert HOOK.sub("", faces["track"]) in svg
        numbers = re.findall(r"class='nl-space-no'[^>]*>([^<]*)<", faces["wheel"])
        assert numbers == ["● " + number(0, lang), *(number(s, lang) for s in range(1, wheel.SPACES))]
        assert all(f">{n}</text>" in svg for n in numbers)
        assert faces["track"].count("class='nl-track-no'") == track.TRACK_SPACES
    assert ">۲۳</text>" in printed_pieces("fa")["track"]  # Persian digits


def test_the_page_places_pieces_where_the_pictures_do() -> None:
    faces = printed_pieces("en")
    radius, step = SPEC["wheel"]["space"], SPEC["track"]["stack_step"]
    assert faces["spaces"][0] == (0, -radius) and faces["spaces"][3] == (radius, 0)  # the new moon on top
    assert len(faces["spaces"]) == wheel.SPACES and len(faces["markers"]) == track.TRACK_SPACES
    for places in faces["markers"]:
        assert len(places) == len(SPEC["players"])  # a stack holds every player at most
        radii = [round((x * x + y * y) ** 0.5, 0) for x, y in places]
        assert radii == [SPEC["track"]["radius"] - step * h for h in range(len(places))]  # climbing inward
    # A picture puts the wheel's tiles and the track's markers at these places too.
    game = played(Game(4, seed=3), 20)
    svg = wheel_svg(game)
    at = lambda x, y: f"<g transform='translate({x:g} {y:g})"  # noqa: E731
    for space, t in enumerate(game.wheel):
        if t is not None:
            assert at(*faces["spaces"][space]) + " scale(" in svg
    stacks = game.moon_track()
    assert stacks
    for space, stack in stacks.items():
        for height, player in enumerate(stack):
            marker = SPEC["players"][player]["fill"]
            assert at(*faces["markers"][space][height]) + f"'><circle r='19' fill='{marker}'" in svg


def test_the_words_shipped_for_tiles_and_tasks_are_the_engines() -> None:
    for lang in LANGUAGES:
        words = printed_pieces(lang)["words"]
        for t in TILES:
            assert words[t.id] == (
                tile_words(t).in_language(lang),
                [task.in_language(lang) for task in t.tasks],
            )
    words = printed_pieces("en")["words"]
    assert words["R04"] == ("red tile, cost 3, tasks: 2 red + 1 blue", ["2 red + 1 blue"])
    assert printed_pieces("en")["words"]["B01"][0] == "blue tile, cost 1, no task"
    assert printed_pieces("ru")["words"]["R04"][0].startswith("красный тайл, время 3, задачи: ")


def test_the_widget_sends_the_pieces_in_its_language() -> None:
    w = NovaLunaWidget(seed=1, lang="fa")
    assert w.faces == printed_pieces("fa") and w.faces["lang"] == "fa"
    w.lang = "ru"
    assert w.faces == printed_pieces("ru")


def test_games_and_areas_show_as_pictures_in_any_notebook() -> None:
    # Shown bare in a code cell, a game or an area is a picture even in an untrusted notebook.
    game = Game(["Ada", "Bo"], seed=3)
    board = example(1).board()
    for shown, svg in ((game, game_svg(game)), (board, picture(board).svg)):
        bundle = shown._repr_mimebundle_()
        assert bundle["image/svg+xml"] == svg and str(bundle["text/html"]).startswith("<img src='data:")
        assert bundle["text/plain"] == repr(shown)


# -- languages ----------------------------------------------------------------------------------------
@pytest.fixture
def language():
    """``set_language``, set back to the default after the test."""
    yield set_language
    set_language(None)


def _titles(svg: str) -> tuple[str, str]:
    root = parse(svg)
    title = root.find(f"{SVG}title")
    return root.get("aria-label", ""), "" if title is None else title.text or ""


def test_titles_are_sentences_not_reprs() -> None:
    """A picture's title (its label for screen readers, its tooltip, its text in a notebook) says what it
    shows in words: the kind of game, its seed, the turn and who is to move or has won; an area's tiles and
    their cells. It is not the ``repr`` of what it shows, which stays code."""
    game = Game(["Ada", "Bo"], seed=14)
    mover = game.players[game.current_player].name
    assert _titles(game_svg(game)) == (f"Nova Luna: a 2-player game, seed 14, turn 0, {mover} to move",) * 2
    assert _titles(wheel_svg(game)) == _titles(game_svg(game))
    over = played(Game(3, seed=3), 400)
    winner = over.players[over.winner or 0].name
    assert (
        _titles(game_svg(over))
        == (f"Nova Luna: a 3-player game, seed 3, turn {over.turn}, over: {winner} wins",) * 2
    )
    solo = SoloGame(seed=1)
    assert _titles(game_svg(solo)) == ("Nova Luna: a solo game, seed 1, turn 0, phase 1",) * 2
    solo_over = played(solo.copy(), 400)
    total = solo_over.score_sheet()["total"]  # type: ignore[index]
    assert (
        _titles(game_svg(solo_over))
        == (f"Nova Luna: a solo game, seed 1, turn {solo_over.turn}, over: score {total}",) * 2
    )
    board = example(1).board()
    assert (
        _titles(board_svg(board))
        == ("Nova Luna area: 3 tiles (Y11 on cell (0, 0), B01 on cell (-1, 0), B04 on cell (1, 0))",) * 2
    )
    one = Board([(tile("T03"), (0, 0))])
    assert _titles(board_svg(one)) == ("Nova Luna area: 1 tile (T03 on cell (0, 0))",) * 2
    assert _titles(board_svg(Board())) == ("Nova Luna area: empty",) * 2
    assert _titles(tiles_svg([tile("R01"), tile("B17")])) == ("Nova Luna tiles: R01, B17",) * 2
    # The reprs stay as they were: they are code.
    assert repr(game).startswith("<Game 2 players, seed 14") and repr(board).startswith("Board(3 tiles: ")


@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_titles_in_other_languages_have_no_code_words(lang: str) -> None:
    games: list[Game] = [Game(n, seed=n) for n in (2, 3, 4)] + [SoloGame(seed=1)]
    games += [played(g.copy(), 400, seed) for seed, g in enumerate(games)]
    for game in games:
        titles = [_titles(game_svg(game, lang=lang))[0]] + [
            _titles(board_svg(p.board, lang=lang))[0] for p in game.players
        ]
        for title in titles:
            assert not re.search(r"Game|Board|[<>@]", title), title
        assert str(game.seed) in titles[0]  # the seed, as code writes it, to type it in again


def test_the_titles_read_as_sentences_in_every_language() -> None:
    game, area = Game(["Ada", "Bo"], seed=14), Board([(tile("T03"), (0, 0)), (tile("R16"), (-1, 0))])
    mover = game.players[game.current_player].name
    russian = f"Nova Luna: игра для 2 игроков, сид 14, ход 0, ходит {mover}"
    assert _titles(game_svg(game, lang="ru"))[0] == russian
    assert _titles(game_svg(game, lang="ja"))[0] == f"ノヴァルナ：2人プレイ、シード14、ターン0、{mover}の手番"
    assert _titles(game_svg(game, lang="fa"))[0] == (
        f"نوا لونا: بازی ۲ نفره، بذر \u206814\u2069، نوبت ۰، \u2068{mover}\u2069 بازی می‌کند"
    )
    assert _titles(board_svg(area, lang="ru"))[0] == (
        "Планшет Nova Luna: 2 тайла (T03 в клетке (0, 0), R16 в клетке (-1, 0))"
    )
    japanese = "ノヴァルナのエリア：タイル2枚（マス(0,0)にT03、マス(-1,0)にR16）"
    assert _titles(board_svg(area, lang="ja"))[0] == japanese
    assert _titles(board_svg(area, lang="fa"))[0] == (
        "صفحه‌ی نوا لونا: ۲ کاشی (\u2068T03\u2069 در جایگاه \u2068(۰، ۰)\u2069، "
        "\u2068R16\u2069 در جایگاه \u2068(-۱، ۰)\u2069)"
    )


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in parse(svg).iter(f"{SVG}text")]


def _to_move(name: str, other: str) -> Game:
    """A new game (seed 3) in which the player named ``name`` moves first: which seat moves first is the
    seed's, whatever the names."""
    game = Game([name, other], seed=3)
    return game if game.players[game.current_player].name == name else Game([other, name], seed=3)


def _read_by(game: Game, name: str, lang: str | None = None) -> str:
    """``game_svg`` of ``game`` for the reader: the player named ``name`` (a seat, here found by its name)."""
    return game_svg(game, lang=lang, reader=[p.name for p in game.players].index(name))


def test_the_reader_is_told_to_move_in_their_own_words() -> None:
    """The reader (``reader=``, here the player named You), is "you" in the words beside and under their name:
    Russian «Вы · ваш ход», not «Вы · ходит» (nor the title's «ходите Вы»); Persian says the page's neutral
    «نوبت بازی» to everyone; and Japanese puts 「手番」 under the name at the wheel's centre, as the page's
    badge says."""
    ru, ru_other = (_texts(_read_by(_to_move(a, b), "Вы", "ru")) for a, b in (("Вы", "Луна"), ("Луна", "Вы")))
    assert "Вы · ваш ход" in ru and "ходит" not in ru
    assert "Луна · ходит" in ru_other and "ходит" in ru_other
    assert _titles(_read_by(_to_move("Вы", "Луна"), "Вы", "ru"))[0].endswith(", ваша очередь")
    ja, ja_other = (
        _texts(_read_by(_to_move(a, b), "あなた", "ja")) for a, b in (("あなた", "ルナ"), ("ルナ", "あなた"))
    )
    assert "あなたの手番" in ja and "手番" in ja and "の手番" not in ja
    assert "ルナの手番" in ja_other and "手番" in ja_other
    fa, fa_other = (
        _texts(_read_by(_to_move(a, b), "شما", "fa")) for a, b in (("شما", "لونا"), ("لونا", "شما"))
    )
    # The reader is named by the language's own word for "you", and Luna by the name the package gave her in
    # the language (no isolates: neither is a foreign name).
    assert "شما · نوبت بازی" in fa and "نوبت بازی" in fa
    assert "لونا · نوبت بازی" in fa_other and "نوبت بازی" in fa_other
    assert not any("نوبت اوست" in t for t in fa + fa_other)
    assert "You · to move" in _texts(_read_by(_to_move("You", "Bo"), "You"))


def test_the_reader_wins_in_their_own_words() -> None:
    over = played(Game(["Ann", "Bob"], seed=5), 400)
    winner = over.players[over.winner or 0].name
    you = Game.from_json(over.to_json().replace(f'"{winner}"', '"You"'))
    assert you.is_over and you.players[you.winner or 0].name == "You"
    assert "You win" in _texts(_read_by(you, "You")) and _titles(_read_by(you, "You"))[0].endswith(
        ", over: You win"
    )
    vy = Game.from_json(over.to_json().replace(f'"{winner}"', '"Вы"'))
    assert "Вы победили" in _texts(_read_by(vy, "Вы", "ru"))
    assert _titles(_read_by(vy, "Вы", "ru"))[0].endswith("игра окончена: победили Вы")
    assert f"{winner} wins" in _texts(game_svg(over))


def _unbadged(svg: str) -> str:
    """``svg`` without the numbers of the takeable tiles' badges (a gold disc with its number)."""
    gold = SPEC["colours"]["gold"]
    return re.sub(rf"(<circle r='[^']*' fill='{gold}'[^>]*/>)<text[^>]*>[^<]*</text>", r"\1", svg)


def _untold(game: Game, texts: list[str], lang: str) -> list[str]:
    """The words of ``game``'s picture (``texts``, in ``lang``) without those that say whose turn it is or
    who won (and why the game ended): the names over "to move" and the winner's, and the mover's panel
    named as the others are."""
    names = named([p.name for p in game.players])  # "Player 1" in the picture's language
    mover = word(names[game.current_player], lang)
    turn = cmsg("in a game's picture, under the name of the player whose turn it is", "to move")
    panel = cmsg(
        "a player's panel in a game's picture, when it is their turn",
        "{name} · to move",
        name=names[game.current_player],
    )
    told = {
        m.in_language(lang)
        for m in (
            turn,
            msg("{name} wins", name=names[game.winner or 0]),
            cmsg("why a game ended, in its picture under the winner", "last token placed"),
            cmsg("why a game ended, in its picture under the winner", "no tile left"),
        )
    }
    over_turn = [i - 1 for i, t in enumerate(texts) if t == turn.in_language(lang)]
    unmarked = [mover if t == panel.in_language(lang) else t for t in texts]
    return [t for i, t in enumerate(unmarked) if t not in told and i not in over_turn]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_quiz_picture_says_neither_whose_turn_it_is_nor_who_won(lang: str) -> None:
    """``quiz=True`` draws the same position, to ask about it: its words lose only whose turn it is and
    who won (and why the game ended), its title says the game, seed and turn, and the player to move's
    panel is not marked."""
    games = [Game(["Ada", "Bo"], seed=14), played(Game(3, seed=3), 12), played(Game(4, seed=2), 400)]
    assert games[-1].is_over
    for game in games:
        for draw in (game_svg, wheel_svg):
            shown, quiz = draw(game, lang=lang), draw(game, lang=lang, quiz=True)
            assert _texts(shown) != _texts(quiz) == _untold(game, _texts(_unbadged(shown)), lang)
            title = _titles(quiz)[0]
            assert _titles(shown)[0].startswith(title) and len(title) < len(_titles(shown)[0])
            assert not any(p.name in title for p in game.players)
        marked = f"stroke='{SPEC['colours']['gold']}' stroke-width='2'"  # the panel of the player to move
        assert game_svg(game, lang=lang).count(marked) == (not game.is_over)
        assert marked not in game_svg(game, lang=lang, quiz=True)
    assert _titles(game_svg(games[0], quiz=True)) == ("Nova Luna: a 2-player game, seed 14, turn 0",) * 2
    solo = SoloGame(seed=1)
    assert _texts(game_svg(solo, quiz=True)) == _texts(
        _unbadged(game_svg(solo))
    )  # no turn nor winner to hide


@pytest.mark.parametrize("draw", [game_svg, wheel_svg])
def test_a_quiz_picture_lights_no_tile_as_takeable(draw: Any) -> None:
    # Lit, the next three tiles would answer "which tiles may you take?".
    halo = f"fill='{SPEC['colours']['gold']}'"
    for game in (Game(["Ada", "Bo"], seed=14), SoloGame(seed=1)):
        assert draw(game).count(halo) >= len(game.choices()) > 0
        assert draw(game, quiz=True).count(halo) == 0
    game = Game(["Ada", "Bo"], seed=14)
    assert picture(game, quiz=True).svg == game_svg(game, quiz=True)
    assert projector_game_svg(game, quiz=True).count(halo) == 0 < projector_game_svg(game).count(halo)
    with pytest.raises(TypeError, match="quiz is an option of a game's picture"):
        picture(game.players[0].board, quiz=True)


def test_a_picture_in_another_language_says_which_and_uses_its_digits() -> None:
    game = played(Game(["Ann", "Bo", "Cy"], seed=2), 20)  # names are data: default ones hold digits
    english, russian, persian = game_svg(game), game_svg(game, lang="ru"), game_svg(game, lang="fa")
    for svg in (russian, persian):
        parse(svg)
        assert svg.count(FACE) == english.count(FACE)  # the same drawing
    assert " lang=" not in english and " direction=" not in english
    assert " lang='ru' role='img'" in russian and " direction=" not in russian
    pile = len(game.draw_pile)
    assert f">{pile}</text>" in english and f">{number(pile, 'fa')}</text>" in persian
    assert f">{number(pile, 'fa')}</text>" != f">{pile}</text>"
    # Every player's supply, in the words of the log (a translated message), with Persian digits.
    for p in game.players:
        assert tokens_left(p.tokens).in_language("fa") in persian
        assert tokens_left(p.tokens).in_language("ja") in game_svg(game, lang="ja")
    assert not re.search(r">[^<]*[0-9][^<]*</text>", persian.replace("font-size", "")), "an ASCII digit"


def test_persian_labels_read_right_to_left_in_a_left_to_right_picture() -> None:
    """The geometry stays as it is (the picture is marked left to right, so a right-to-left page around it
    changes nothing); each label of words is set right to left, anchored where the English one starts."""
    game = Game(["سارا", "Bo"], seed=1)
    svg = game_svg(game, lang="fa")
    root = parse(svg)
    assert root.get("lang") == "fa" and root.get("direction") == "ltr"
    texts = list(root.iter(f"{SVG}text"))
    worded = [t for t in texts if t.get("direction") == "rtl"]
    assert all(t.get("unicode-bidi") == "embed" for t in worded)
    mover = game.players[game.current_player].name
    # A name in a Persian sentence is kept apart from the words around it (i18n: a Unicode isolate).
    name = next(
        t
        for t in worded
        if t.text and t.text.startswith(f"\u2068{mover}\u2069") and t.get("font-size") == "15"
    )
    english = next(t for t in parse(game_svg(game)).iter(f"{SVG}text") if t.text == f"{mover} · to move")
    assert (name.get("x"), name.get("y")) == (english.get("x"), english.get("y"))
    assert english.get("text-anchor") is None and name.get("text-anchor") == "end"  # its left edge at x
    centred = [t for t in worded if t.get("text-anchor") == "middle"]
    assert centred, "the wheel's centre has centred words"
    # Numbers alone need no direction of their own.
    assert all(t.get("direction") is None for t in texts if t.text and t.text.strip("●۰۱۲۳۴۵۶۷۸۹ ") == "")


def test_cell_labels_are_worded_as_the_sentences_word_cells() -> None:
    board = example(2).board()
    for lang in ("en", "ja", "fa"):
        svg = board_svg(board, labels=[(0, 0), (1, 1)], lang=lang)
        parse(svg)
        assert f">{cell_words((1, 1)).in_language(lang)}</text>" in svg
        assert f"{cell_words((0, 0)).in_language(lang)}" in svg
    assert ">Y11 (0, 0)</text>" in board_svg(board, labels=[(0, 0)], lang="en")
    assert ">(1,1)</text>" in board_svg(board, labels=[(1, 1)], lang="ja")
    assert ">(۱، ۱)</text>" in board_svg(board, labels=[(1, 1)], lang="fa")
    # In Persian the tile id and the cell beside it are each kept apart from the right-to-left label.
    assert ">\u2068Y11\u2069 \u2068(۰، ۰)\u2069</text>" in board_svg(board, labels=[(0, 0)], lang="fa")


def test_the_package_language_is_the_default(language) -> None:
    game, board, tiles = Game(2, seed=4), example(1).board(), [tile("Y17")]
    language("fa")
    assert game_svg(game) == game_svg(game, lang="fa") != game_svg(game, lang="en")
    assert wheel_svg(game) == wheel_svg(game, lang="fa")
    assert board_svg(board, labels=True) == board_svg(board, labels=True, lang="fa")
    assert tiles_svg(tiles) == tiles_svg(tiles, lang="fa")
    assert picture(game).svg == game_svg(game, lang="fa")
    assert picture(board, lang="en").svg == board_svg(board, cell=84, lang="en")
    assert game._repr_mimebundle_()["image/svg+xml"] == game_svg(game, lang="fa")


def test_an_unknown_language_is_refused() -> None:
    game = Game(2, seed=1)
    for draw in (
        lambda: game_svg(game, lang="de"),
        lambda: board_svg(Board(), lang="de"),
        lambda: picture([tile("R01")], lang="de"),
        lambda: wheel_svg(game, lang="EN"),
    ):
        with pytest.raises(ValueError, match="unknown language"):
            draw()


def test_a_reader_named_otherwise_is_you_in_the_picture() -> None:
    # The reader's seat, not the name, makes "you": Ann reads "You · to move" beside her panel.
    texts = _texts(_read_by(_to_move("Ann", "Bo"), "Ann"))
    assert "You · to move" in texts and "Ann · to move" not in texts
    assert "You" in texts and "Ann" not in texts  # the wheel's centre too: "You", "to move"


# -- a projector: every picture fits a 1920 × 1080 screen and reads from the back of a room ----------
def _late_game() -> Game:
    """A two-player game well under way (tutorial 7's stops 7–9 have areas this large)."""
    from novaluna_widget.bots import make_bot, play_turn

    game = Game(["Suns", "Moons"], seed=2024)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not game.is_over:
        play_turn(game, bots[game.current_player])
    return game


def _size(svg: str) -> tuple[float, float]:
    found = re.search(r"width='([\d.]+)' height='([\d.]+)'", svg)
    assert found is not None
    return float(found[1]), float(found[2])


def test_projector_pictures_fit_the_screen_at_a_size_read_from_the_back() -> None:
    game = _late_game()
    assert _size(game_svg(game, 64))[1] > PROJECTOR[1], "the ordinary picture of this game is too tall"
    whole = picture(game, projector=True).svg
    assert _size(whole) == PROJECTOR
    found = re.search(r"scale\(([\d.]+)\)'>", whole)  # the wheel's scale
    assert found is not None
    scale = float(found[1])
    assert SPEC["track"]["marker"] * scale >= 18, "a track marker at least 36 px across"
    dot = SPEC["tile_colours"]["red"]["dot"]["circle"]
    assert dot * SPEC["wheel"]["tile_scale"] * scale >= 6, "a wheel tile's task dots at least 12 px across"
    for seat, player in enumerate(game.players):
        x0, y0, x1, y1 = player.board.bounds()
        svg = picture(player.board, covered=player.covered, player=seat, labels=True, projector=True).svg
        width, height = _size(svg)
        assert width <= PROJECTOR[0] and height <= PROJECTOR[1]
        cell = height / ((y1 - y0 + 3) * 1.25)  # the grid's rows, each with its label line
        assert cell >= 100 and width == pytest.approx((x1 - x0 + 3) * cell), "cells of 100 px or more"
    tiles = picture([tile("R02"), tile("Y17"), tile("B08")], projector=True).svg
    assert _size(tiles)[0] <= PROJECTOR[0] and _size(tiles)[1] <= PROJECTOR[1]
    with pytest.raises(TypeError, match="projector"):
        picture(game, projector=True, cell=40)


def test_a_games_wheel_alone_is_a_picture_of_its_own():
    game = Game(["Ada", "Bo"], seed=8)
    alone = picture(game, only="wheel")
    assert alone.svg == wheel_svg(game) and alone.svg != picture(game).svg
    with pytest.raises(TypeError, match="only="):
        picture(game.players[0].board, only="wheel")
