"""The page's account of a game (``narration``): a turn as one sentence, "moves again", neighbours instead of
coordinates, grammar for the reader (a seat, whatever its name), the solo score's breakdown and the end's
summary."""

from __future__ import annotations

from novaluna_widget import Game, Move, SoloGame
from novaluna_widget._narration import end_summary, end_words, solo_lines, tell
from novaluna_widget._where import where_words
from novaluna_widget.bots import make_bot, play_turn

from .positions import build


def test_a_turn_is_one_sentence_and_says_moves_again():
    # Bo's marker is far behind: Bo takes two turns in a row.
    ada, bo = {"name": "Ada", "board": "Y01@0,0", "time": 7}, {"name": "Bo", "board": "B01@0,0"}
    game = build({1: "R12", 2: "B08", 3: "Y05", 4: "T02"}, players=[ada, bo])
    game.play(Move(1, (1, 0)))  # Bo: R12 (cost 5) right of B01 covers its "1 blue"; Ada is still ahead
    assert game.current_player == 1
    entries, turns = tell(game, 10)
    told = "Bo took R12 (wheel space 1), placed it right of B01, covered 1 task, and moves again."
    assert entries[-1] == (turns[-1].id, "turn", 1, told)
    game.play(Move(2, (0, 1)))  # B08 below B01
    entries, _ = tell(game, 10)
    assert entries[-2][3].endswith("and moves again.")  # said of the earlier turn too, now that it is past
    assert entries[-1][3] == "Bo took B08 (wheel space 2) and placed it below B01."


def test_you_takes_the_plural_verb_and_your_area():
    game = Game(["You", "Bo"], seed=4)
    bot = make_bot("greedy", seed=1)
    texts = []
    while game.turn < 20:
        play_turn(game, bot)
        texts += [
            text for _, kind, player, text in tell(game, 3, reader=0)[0] if kind == "turn" and player == 0
        ]
    assert any(t.startswith("You took ") and "as the first tile of your area" in t for t in texts)
    assert all("You moves" not in t and "You places" not in t and "You takes" not in t for t in texts)
    assert any(t.endswith(", and move again.") for t in texts)


def test_a_seat_named_you_agrees_as_you_but_is_not_the_reader():
    # A player named "You" (or «Вы», あなた) takes the reader's grammar whoever reads ("You took … your
    # area", never "You moves"), by their own name; the reader is still the seat the page gives.
    for name in ("You", "Вы", "あなた"):
        game = Game([name, "Bo"], seed=4)
        bot = make_bot("greedy", seed=1)
        texts, read = [], []  # seat 0's turns told to nobody, and every turn told to Bo as the reader
        while not game.is_over:
            play_turn(game, bot)
            texts += [text for _, kind, player, text in tell(game, 3)[0] if kind == "turn" and player == 0]
            read += [text for _, kind, _, text in tell(game, 3, reader=1)[0] if kind == "turn"]
        assert any(t.startswith(f"{name} took ") and "first tile of your area" in t for t in texts), name
        assert any(t.endswith(", and move again.") for t in texts), name
        assert not any("their area" in t or t.endswith("and moves again.") for t in texts), name
        assert ("your last token" in end_words(game)) == (game.winner == 0)
        # Read by Bo, Bo is "you" (the word, not the name), and seat 0 still goes by its own name.
        assert any("first tile of your area" in t for t in read if t.startswith("You took "))
        assert not any(t.startswith("Bo took ") for t in read)
        assert any(t.startswith(f"{name} took ") for t in read)


def test_the_reader_is_you_in_every_language():
    # A game the guided game named in Russian, told in Russian and in English: the reader's own words.
    for name in ("You", "Вы"):
        game = Game([name, "Bo"], seed=4)
        bot = make_bot("greedy", seed=1)
        while game.turn < 6:
            play_turn(game, bot)
        for lang, yours in (("en", "the first tile of your area"), ("ru", "первым тайлом своего планшета")):
            told = tell(game, 10, lang, reader=0)[0]
            texts = [text for _, kind, player, text in told if kind == "turn" and player == 0]
            assert any(yours in text for text in texts), (name, lang)


def test_where_names_a_neighbour_placed_before():
    game = build({1: "R04"}, players=[{"board": "B01@0,0 B02@0,1 Y01@-1,1"}, {}])
    board = game.players[0].board
    assert str(where_words(board.tiles, (0, 0), you=False)) == "as the first tile of their area"
    assert str(where_words(board.tiles, (0, 1), you=False)) == "below B01"
    assert str(where_words(board.tiles, (-1, 1), you=True)) == "left of B02"
    assert str(where_words(board.tiles, (0, 0), you=True)) == "as the first tile of your area"
    # A cell still empty (the guided game's prompts): beside the first tile placed there, B01 before B02.
    assert str(where_words(board.tiles, (1, 0), you=True)) == "right of B01"
    assert str(where_words(board.tiles, (1, 1), you=True)) == "right of B02"


def test_refills_phases_and_the_end_in_words():
    solo = SoloGame(seed=3)
    bot = make_bot("greedy", seed=1)
    while not solo.is_over:
        play_turn(solo, bot)
    entries, _ = tell(solo, 60)
    kinds = {kind: text for _, kind, _, text in entries}
    record, tiles, missing = next(e for e in solo.log if e.kind == "phase").data.values()
    assert kinds["phase"] == (
        f"Phase 1 is over: its record is {record} (tile costs {tiles} + 10 × {missing} "
        f"token{'s' * (missing != 1)} not placed). Phase 2 begins."
    )
    assert kinds["refill"].startswith("The wheel is refilled: ")
    assert kinds["end"] == end_words(solo) == "Game over: all 21 tokens are placed."
    score = solo.score
    records = f"{score.phase_one_record} (phase 1) + {score.final_record} (end) = {score.total}"
    assert kinds["score"] == f"Solo score: {records}; lower is better."


def test_solo_lines_add_up_and_say_lower_is_better():
    solo = SoloGame(seed=5)
    sheet = solo.score_sheet()
    assert solo_lines(solo, sheet) == [
        "Phase 1 record if it ended now: tile costs 0 + 10 × 8 tokens not placed = 80",
        "End record if the game ended now: tile costs 0 + 10 × 21 tokens not placed = 210",
        "Score 290 before your first tile: every token not placed yet counts 10; lower is better, "
        "under 100 is excellent",
    ]
    bot = make_bot("greedy", seed=2)
    while not solo.is_over:
        play_turn(solo, bot)
    score = solo.score
    lines = solo_lines(solo, solo.score_sheet())
    missing = score.phase_one_missing
    assert lines[0] == (
        f"Phase 1 record: tile costs {score.phase_one_tiles} + 10 × {missing} "
        f"token{'s' * (missing != 1)} not placed = {score.phase_one_record}"
    )
    assert lines[2].startswith(f"Score {score.total}: ") and end_summary(solo) == lines


def test_summary_ranks_players_with_tokens_tasks_and_tiles():
    game = Game(["Ada", "Bo", "Cy"], seed=8)
    bot = make_bot("greedy", seed=3)
    while not game.is_over:
        play_turn(game, bot)
    lines = end_summary(game)
    for place, (line, p) in enumerate(zip(lines, game.ranking(), strict=True), 1):
        player = game.players[p]
        placed = player.supply - player.tokens
        assert line.startswith(f"{place}. {player.name}: {placed} of 20 tokens placed, ")
        assert line.endswith(f"{len(player.board)} tiles")


def test_the_reader_is_you_whatever_their_name():
    # A reader named Ann is "you" in every sentence about them: the verb agrees with "you", never with "Ann".
    game = Game(["Ann", "Bo"], seed=4)
    bot = make_bot("greedy", seed=1)
    read = []
    while not game.is_over:
        play_turn(game, bot)
        read += [
            text for _, kind, player, text in tell(game, 3, reader=0)[0] if kind == "turn" and player == 0
        ]
    assert read and all(t.startswith("You took ") for t in read)
    assert not any("Ann" in t for t in read)
    if game.winner == 0 and game.end_reason == "last token":
        assert end_words(game, reader=0).startswith("Game over: You placed your last token.")
