"""Static SVG pictures: well-formed, deterministic, and showing what the position holds."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from novaluna_widget import Board, Game, NovaLunaWidget, SoloGame, tile, track, wheel
from novaluna_widget.render import SPEC, board_svg, game_svg, tile_svg, wheel_svg
from novaluna_widget.tiles import COLOURS, LETTERS, TILES

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


def test_game_svg_is_well_formed_and_deterministic():
    game = played(Game(3, seed=2), 25)
    svg = game_svg(game)
    parse(svg)
    assert svg == game_svg(game) == game_svg(game.copy()) == game_svg(Game.from_json(game.to_json()))
    assert " id=" not in svg and "0x" not in svg  # no ids to clash on a page, no memory addresses


def test_game_svg_draws_every_tile_and_the_takeable_three():
    game = played(Game(4, seed=3), 30)
    svg = game_svg(game)
    tiles = game.tiles_on_wheel() + sum(len(p.board) for p in game.players)
    assert svg.count(FACE) == tiles
    assert svg.count("stroke='#101735' stroke-width='3'/>") == len(game.choices())  # the 1-2-3 badges
    assert f">{len(game.draw_pile)}</text>" in svg and "draw pile" in svg
    for p in game.players:
        assert f"{p.tokens} tokens left · time {p.time}" in svg


def test_covered_tasks_carry_their_players_tokens():
    game = played(Game(2, seed=4), 30)
    svg = game_svg(game)
    for i, p in enumerate(game.players):
        fill = SPEC["players"][i]["fill"]
        assert svg.count(f"<circle r='16' fill='{fill}'") == len(p.covered) > 0  # on the tasks
        assert svg.count(f"<circle r='19' fill='{fill}'") == 1  # the marker on the moon track


def test_finished_and_solo_games():
    over = played(Game(2, seed=5), 200)
    assert over.is_over and f"{over.players[over.winner].name} wins" in game_svg(over)
    solo = played(SoloGame(seed=5), 3)
    svg = game_svg(solo)
    parse(svg)
    assert "Phase 1" in svg and "small stack" in svg and "time" not in svg


def test_names_are_escaped():
    svg = game_svg(Game(["<b>Ada</b>", "Bo & Cy"], seed=1))
    parse(svg)
    assert "&lt;b&gt;Ada&lt;/b&gt;" in svg and "Bo &amp; Cy" in svg


def test_board_svg_shows_an_area_with_checks_on_fulfilled_tasks():
    empty = board_svg(Board())
    parse(empty)
    assert FACE not in empty and "Board(empty)" in empty
    placements = [("R04", (0, 0)), ("R05", (1, 0)), ("R06", (2, 0)), ("B01", (0, 1))]
    board = Board((tile(t), cell) for t, cell in placements)
    svg = board_svg(board)
    parse(svg)
    assert svg.count(FACE) == 4
    assert svg.count("stroke='#2e7d32'") == len(board.fulfilled_tasks()) > 0
    assert board_svg(board, covered=(), player=1).count("stroke='#2e7d32'") == 0


def test_tile_and_wheel_pieces():
    t = tile("R07")  # red 3: "1 red + 1 blue + 1 teal + 1 yellow" and "3 teal"
    svg = tile_svg(t, 0, 0)
    assert svg.count("<g transform='translate(") == 1 + len(t.tasks)
    assert ">3</text>" in svg and ">R</text>" in svg
    assert svg.count("<circle cx=") == 1 + 1  # the cost disc and one red dot; other colours have shapes
    parse(f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'>{svg}</svg>")
    parse(wheel_svg(Game(2, seed=1)))


def test_widget_to_svg_is_the_game_picture():
    w = NovaLunaWidget(seed=6)
    assert w.to_svg() == game_svg(w.game)


def test_labels_name_tiles_and_cells_as_explain_does():
    from novaluna_widget.examples import example
    from novaluna_widget.render import board_svg

    board = example(2).board()
    plain, labelled = board_svg(board), board_svg(board, labels=True)
    assert "Y11 (0, 0)" in labelled and "(-1, -2)" in labelled and "Y11 (0, 0)" not in plain
    assert "R02 at (0, 1)" in board.explain((0, 0), 0).sentence and "R02 (0, 1)" in labelled


def test_the_drawing_spec_fits_the_rules():
    """drawing.json's layout is drawn for the rules' counts, and its letters are the text views'."""
    assert SPEC["wheel_spaces"] == wheel.SPACES and SPEC["track_spaces"] == track.SPACES
    assert list(SPEC["tile_colours"]) == list(COLOURS)
    assert {colour: c["letter"] for colour, c in SPEC["tile_colours"].items()} == LETTERS
    assert len(SPEC["players"]) == Game.SEATS[1]  # a token colour for every seat
    picture = game_svg(played(Game(Game.SEATS[1], seed=7), 30))
    assert all(f"fill='{p['fill']}'" in picture for p in SPEC["players"])


def test_every_tile_is_drawn_from_the_spec():
    for t in TILES:
        svg = tile_svg(t, 0, 0)
        assert f"fill='{SPEC['tile_colours'][t.colour]['fill']}'" in svg
        assert svg.count(f"<circle r='{SPEC['tile']['disc']}'") == len(t.tasks)
        assert svg.count("stroke-width='1.3'") == sum(sum(task.values()) for task in t.tasks)  # the dots


def test_dot_outlines_are_moved_to_their_place_in_the_disc():
    # R05's task "2 teal + 1 yellow": teal triangles at (∓6.5, -5), a yellow diamond at (0, 6.5).
    svg = tile_svg(tile("R05"), 0, 0)
    assert "d='M-6.5 -10.8L-0.9 -0.6H-12.1Z'" in svg and "d='M6.5 -10.8L12.1 -0.6H0.9Z'" in svg
    assert "d='M0 0.3L6.2 6.5L0 12.7L-6.2 6.5Z'" in svg
