"""The guided first game (``guide``): played by its own clicks it ends in your win; each click is legal
when it is awaited and any other click is refused with its sentence, changing nothing; each rule applies
at the step that teaches it; every figure the sentences name is the engine's; and every sentence is a
message, worded in the guide's language."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from novaluna_widget import Game, IllegalMove, Move
from novaluna_widget import _i18n as i18n
from novaluna_widget import _names as names
from novaluna_widget._board import neighbours
from novaluna_widget._guide import READER, Guide, Step, StepClick, steps
from novaluna_widget._guide import data as guide_data
from novaluna_widget._guide import guide as guide_driver
from novaluna_widget._guide import script as guide_script
from novaluna_widget._guide import words as guide_words
from novaluna_widget._guide.script import _steps
from novaluna_widget._i18n import in_language
from novaluna_widget._names import LUNA as LUNA_NAME
from novaluna_widget._names import YOU as YOU_NAME
from novaluna_widget._protocol import INTENTS, game_state, parse_intent
from novaluna_widget._tiles import Tile
from tests.test_coach import english_words, left_over, messages_of, x_catalogues

#: The two seats' names in English (a guide names them in its own language).
YOU, LUNA = YOU_NAME.in_language("en"), LUNA_NAME.in_language("en")


def walk() -> Iterator[tuple[Guide, StepClick[str]]]:
    """Each click of the guide, with the guide waiting for it; the guide then makes it."""
    guide = Guide()
    while not guide.done:
        click = awaited(guide)
        yield guide, click
        guide.advance(click.intent)


def awaited(guide: Guide) -> StepClick[str]:
    """The click the guide waits for (it is not done)."""
    click = guide.click
    assert click is not None
    return click


def move(click: StepClick[str]) -> Move:
    """The move a take click makes."""
    assert click.action == "take" and click.space is not None and click.cell is not None
    return Move(click.space, click.cell)


def at(rule: str) -> Guide:
    """A guide showing the step that teaches ``rule``, before its first click."""
    guide = Guide()
    while guide.step.rule != rule:
        guide.advance(awaited(guide).intent)
    return guide


def finish(guide: Guide) -> list[str]:
    """Make the clicks of the step shown; returns what they did."""
    number, said = guide.number, []
    while guide.number == number and not guide.done:
        said += guide.advance(awaited(guide).intent)
    return said


def wheel_tile(game: Game, space: int) -> Tile:
    found = game.wheel[space]
    assert found is not None
    return found


# -- the whole game --------------------------------------------------------------------------------
def test_the_guide_played_by_its_clicks_ends_in_your_win() -> None:
    guide, clicks = Guide(), 0
    while not guide.done:
        guide.advance(awaited(guide).intent)
        clicks += 1
    game = guide.game
    assert clicks == sum(len(step.clicks) for step in guide.steps) == 16
    assert [p.name for p in game.players] == [YOU, LUNA]
    assert game.is_over and game.end_reason == "last token" and game.winner == 0
    assert game.players[0].tokens == 0 and game.players[1].tokens > 0
    assert guide.check({"action": "next"}) is not None and guide.click is None


def test_steps_are_numbered_and_say_step_k_of_n() -> None:
    assert [s.number for s in steps()] == list(range(1, len(steps()) + 1))
    seen = []
    for guide, _ in walk():
        assert guide.total == len(steps()) == 11
        assert guide.progress == f"step {guide.number} of {guide.total}"
        assert guide.state()["progress"] == guide.progress
        seen.append(guide.number)
    assert seen == sorted(seen) and set(seen) == set(range(1, 12))  # a step's two clicks share its number


def test_the_rules_come_in_the_order_they_first_apply() -> None:
    assert [s.rule for s in steps()] == [
        "goal",
        "next three tiles",
        "time",
        "who moves next",
        "next to your tiles",
        "first task",
        "chain",
        "skip ahead",
        "refill",
        "turns in a row",
        "end",
    ]


def test_the_story_is_the_same_every_time() -> None:
    first, second = Guide(), Guide()
    assert first.steps is second.steps
    while not first.done:
        assert first.advance(awaited(first).intent) == second.advance(awaited(second).intent)
        assert first.game.to_json() == second.game.to_json()


# -- clicks ----------------------------------------------------------------------------------------
def test_each_awaited_click_is_legal_in_the_engine() -> None:
    for guide, click in walk():
        game = guide.game
        assert not game.is_over
        if click.action != "next":  # you make every move; Luna's turns are scripted replies
            assert game.current_player == 0
        if click.action == "select":
            assert click.space in game.choices()
        elif click.action == "take":
            assert click.player == 0 and move(click) in game.legal_moves()
        elif click.action == "refill":
            assert "refill" in game.legal_actions()
        else:
            assert click.action == "next"


def test_each_click_has_the_shape_of_the_widgets_intent() -> None:
    for step in steps():
        for click in step.clicks:
            intent = {**click.intent, "version": 3}
            if click.action in INTENTS:
                assert parse_intent(intent) == intent
            assert click.accepts(intent)  # the picture's version does not matter here


def test_a_refill_may_name_the_player_to_move() -> None:
    guide = at("refill")
    assert guide.check({"action": "refill", "player": 0, "version": 1}) is None
    assert guide.check({"action": "refill", "player": 1, "version": 1}) is not None


def wrong_clicks(guide: Guide, click: StepClick[str]) -> list[object]:
    """Clicks the page could send that are not ``click``."""
    game = guide.game
    board = game.players[0].board
    other_space = next(s for s in game.choices() if s != click.space)
    other_cell = next(c for c in [*board.legal_cells(), (5, 5)] if c != click.cell)
    wrong: list[object] = [
        {"action": "select", "space": other_space},
        {"action": "select", "space": None},
        {"action": "take", "space": other_space, "cell": list(board.legal_cells()[0]), "player": 0},
        {"action": "undo"},
        {"action": "bot"},
        None,
        "next",
        {"action": click.action, "extra": 1},
    ]
    if click.action == "take":
        wrong += [
            {**click.intent, "cell": list(other_cell)},
            {**click.intent, "player": 1},
            {"action": "select", "space": click.space},
        ]
    wrong += [{"action": a} for a in ("next", "refill") if a != click.action]
    return wrong


def test_any_other_click_is_refused_kindly_and_changes_nothing() -> None:
    for guide, click in walk():
        before, number, state = guide.game.to_json(), guide.number, guide.state()
        for intent in wrong_clicks(guide, click):
            assert guide.check(intent) == click.refusal, intent
            with pytest.raises(IllegalMove) as refused:
                guide.advance(intent)
            assert str(refused.value) == click.refusal
            assert guide.game.to_json() == before and guide.number == number and guide.state() == state


def test_refusals_say_what_to_click_instead() -> None:
    for step in steps():
        for click in step.clicks:
            assert click.refusal.startswith(
                ("Not that one, please", "Not there, please", "This step only", "First the refill")
            )
            if click.action == "select":
                assert f"wheel space {click.space}" in click.refusal
            if click.action == "take":
                x, y = move(click).cell
                assert f"cell ({x}, {y})" in click.refusal
            if click.action in ("next", "refill"):
                assert f"press {click.action.capitalize()}" in click.refusal


def test_the_highlight_names_the_click() -> None:
    for step in steps():
        for click in step.clicks:
            light = click.highlight
            target = {
                "select": click.space in light.spaces,
                "take": click.cell in light.cells,
                "refill": light.button == "refill",
                "next": light.button == "next",
            }
            assert target[click.action]


def test_the_state_and_the_steps_are_json() -> None:
    for guide, _ in walk():
        json.dumps(guide.state())
    data = json.loads(json.dumps([s.to_data() for s in steps()]))
    assert data[0]["clicks"][0]["intent"] == {"action": "next"}


# -- each rule applies at its step -----------------------------------------------------------------
def test_the_next_three_tiles_are_the_first_three_clockwise_after_the_moon_marker() -> None:
    guide = at("next three tiles")
    game = guide.game
    spaces = [s % 12 for s in range(game.marker + 1, game.marker + 12) if game.wheel[s % 12] is not None][:3]
    assert game.choices() == spaces and awaited(guide).space in spaces
    for s in spaces:
        assert f"{wheel_tile(game, s).id}" in guide.step.text and str(s) in guide.step.text
    assert f"wheel space {game.marker}" in guide.step.text


def test_time_moves_your_track_marker_by_the_tiles_cost() -> None:
    guide = at("time")
    taken = wheel_tile(guide.game, move(awaited(guide)).space)
    before = guide.game.players[0].time
    said = finish(guide)
    after = guide.game.players[0].time
    assert after - before == taken.cost and f"costs {taken.cost}" in guide.steps[2].text
    assert f"from track space {before} to {after}" in said[0]
    assert f"wheel space {guide.game.marker}" in said[0]


def test_who_moves_next_is_the_rearmost_and_at_the_start_the_top_of_the_stack() -> None:
    guide = at("who moves next")
    game = guide.game
    you, luna = game.players
    assert game.current_player == 1 and game.turn_order() == [1, 0] and luna.time < you.time
    assert f"Yours stands on track space {you.space} and {LUNA}'s on {luna.space}" in guide.step.text
    start = game.snapshot()["start"]["players"]
    assert start[0]["time"] == start[1]["time"] == 0 and start[0]["arrival"] > start[1]["arrival"]
    assert Guide().game.moon_track() == {0: [1, 0]}  # bottom first: yours on top
    assert "yours lay on top, so you began" in guide.step.text
    finish(guide)  # Luna's scripted turn takes Luna past you
    assert game.current_player == 0 and luna.time > you.time


def test_later_tiles_go_next_to_yours_along_a_side() -> None:
    guide = at("next to your tiles")
    guide.advance(awaited(guide).intent)
    board, cell = guide.game.players[0].board, move(awaited(guide)).cell
    assert len(board) == 1 and board.is_legal(cell)
    assert any(abs(cell[0] - x) + abs(cell[1] - y) == 1 for x, y in board.tiles)
    assert not board.is_legal((1, 1)) and not board.is_legal((2, 0))  # a corner, and too far
    assert all(f"({x}, {y})" in guide.step.text for x, y in board.legal_cells())


def test_a_cell_touching_only_at_a_corner_is_refused_with_the_reason() -> None:
    guide = at("next to your tiles")
    guide.advance(awaited(guide).intent)
    click = awaited(guide)
    corner = {**click.intent, "cell": [1, 1]}
    for lang in i18n.LANGUAGES:
        guide.lang = lang
        refused, step = guide.check(corner), awaited(guide).refusal
        assert refused is not None and refused.endswith(step) and refused != step
    guide.lang = "en"
    assert guide.check(corner) == (
        "Cell (1, 1) touches your tiles only at a corner, which is not enough: a tile goes next to one of "
        f"yours along a side. {click.refusal}"
    )
    far = {**click.intent, "cell": [2, 0]}  # too far: no rule to explain beyond the step's sentence
    assert guide.check(far) == click.refusal
    with pytest.raises(IllegalMove, match="only at a corner"):
        guide.advance(corner)
    assert len(guide.game.players[0].board) == 1


def test_the_end_names_the_rules_it_never_showed_and_the_tutorials_that_teach_them() -> None:
    guide = at("end")
    last = finish(guide)[-1]
    assert "every rule" not in last
    for words in ("own tile", "short draw pile", "must make", "no tile can be taken", "tie-break"):
        assert words in last
    for tutorial in ("tutorial 2, Task chains", "tutorial 3, Time and turn order", "tutorial 4, Ending"):
        assert tutorial in last


def test_the_first_task_is_fulfilled_by_a_touching_tile() -> None:
    guide = at("first task")
    assert guide.game.players[0].covered == frozenset()
    finish(guide)
    you = guide.game.players[0]
    (ref,) = you.covered
    why = you.board.explain(ref[:2], ref[2])
    assert why.fulfilled and all(c.chain == c.touching for c in why.colours)
    assert you.tokens == you.supply - 1


def test_the_chain_step_fulfils_tasks_through_a_chain() -> None:
    guide = at("chain")
    guide.advance(awaited(guide).intent)
    take = awaited(guide)
    game = guide.game.copy()  # the guide skips ahead right after the step: look at the game before
    new = sorted(game.play(move(take)))
    board = game.players[0].board
    assert len(new) == 2
    for x, y, i in new:
        why = board.explain((x, y), i)
        assert why.fulfilled and any(set(c.chain) - set(c.touching) for c in why.colours)
        assert f'"{why.tile.tasks[i]}" on {why.tile.id}' in (take.answer or "")
    assert guide.advance(take.intent)[0] == take.answer


def takes(game: Game) -> list[int]:
    """How many tiles each player has taken, from the game's log."""
    return [sum(1 for e in game.log if e.kind == "take" and e.player == seat) for seat in (0, 1)]


def test_the_skip_ahead_stays_in_this_game() -> None:
    guide = at("chain")
    before = takes(guide.game)
    finish(guide)  # your chain, then the skip
    game = guide.game
    assert guide.step.rule == "skip ahead" and guide.step.skipped
    assert game.history[-len(guide.step.skipped) :] == guide.step.skipped
    yours, lunas = (now - then for now, then in zip(takes(game), before, strict=True))
    you, luna = game.players
    text = guide.step.text
    assert f"you took {yours - 1} more tiles and {LUNA} {lunas}" in text  # less the chain's tile
    # Fewer tokens left is ahead: the sentence says you lead, and the counts agree.
    assert you.tokens < luna.tokens
    assert (
        f"You have {you.tokens} tokens left and {LUNA} has {luna.tokens}: fewer is better, so you are ahead"
        in text
    )
    assert f"{LUNA} only" not in text
    assert f"track space {you.space} and {LUNA}'s on {luna.space}" in text and you.time < luna.time


def test_the_refill_is_offered_with_one_or_two_tiles_left() -> None:
    guide = at("refill")
    game = guide.game
    board = game.players[0].board
    assert game.can_refill and 1 <= game.tiles_on_wheel() <= 2 and game.draw_pile
    left = game.choices()
    assert f"Only {len(left)} tiles are left" in guide.step.text
    for s in left:  # "neither would fulfil a task in your area"
        assert wheel_tile(game, s).id in guide.step.text
        assert not any(board.would_fulfil(wheel_tile(game, s), c) for c in board.legal_cells())
    said = finish(guide)
    assert game.tiles_on_wheel() == 11 and not game.can_refill
    assert f"put {11 - len(left)} tiles" in said[0]
    assert all(wheel_tile(game, s).id in said[0] for s in game.choices())


def test_a_cheap_tile_gives_you_two_turns_in_a_row() -> None:
    guide = at("turns in a row")
    you, luna = guide.game.players
    space = awaited(guide).space
    assert space is not None
    cost = wheel_tile(guide.game, space).cost
    assert you.time + cost < luna.time
    said = finish(guide)
    assert guide.game.current_player == 0 and guide.game.turns_in_a_row == 2
    assert "you move again" in said[-1] and "2 turns in a row" in said[-1]


def test_your_last_token_ends_the_game_and_wins() -> None:
    guide = at("end")
    assert guide.game.players[0].tokens == 1 and "You have 1 token left" in guide.step.text
    said = finish(guide)
    game = guide.game
    assert guide.done and game.is_over and game.end_reason == "last token" and game.winner == 0
    assert "you win" in said[-1] and f"{LUNA} still had {game.players[1].tokens} tokens left" in said[-1]


def test_the_game_can_only_end_in_your_win() -> None:
    # Why the end is told one way only: every tile placed by a click is yours (Luna's turns are replies
    # that follow a step, never its last click), and the game ends the moment the mover places their
    # last token, with the mover the winner. So the game ends on a click of yours, in your win.
    ended = []
    for guide, click in walk():
        if click.action == "take":
            assert click.player == 0 and guide.game.current_player == 0
        if guide.game.is_over:
            ended.append(click)
    assert ended == []  # it never ends during a step's replies or a skip: only by the last click
    game = at("end").game
    assert game.players[0].tokens == 1 and game.players[1].tokens > 1  # Luna cannot win first


# -- the sentences name the engine's facts ---------------------------------------------------------
def test_a_select_names_the_tile_by_its_id_and_its_wheel_space() -> None:
    for guide, click in walk():
        if click.action == "select":
            assert click.space is not None
            t = wheel_tile(guide.game, click.space)
            pick = f"Click the {t.colour} {t.id} on wheel space {click.space}."
            chose = f"You chose {t.id} ({t.colour}, cost {t.cost})"
            assert pick in click.prompt and chose in (click.answer or "")


def told(game: Game, played: Move, text: str, *, whose_turn: bool = True) -> None:
    """Play ``played`` on ``game`` and check that ``text`` names what the engine did."""
    seat = game.current_player
    player = game.players[seat]
    taken, before = wheel_tile(game, played.space), player.time
    covered = game.play(played)
    assert taken.id in text
    if not game.is_over:  # the end says who won instead
        assert f"track space {before % 24} to {player.time % 24}" in text
    for x, y, i in covered:
        assert f'"{taken.tasks[i] if (x, y) == played.cell else player.board[(x, y)].tasks[i]}" on ' in text
        left = f"{player.tokens} token{'s' * (player.tokens != 1)} left" if player.tokens else "last token"
        assert left in text
    if whose_turn and not game.is_over:
        other = game.players[1 - seat]
        mover = "you" if game.current_player == 0 else LUNA
        verb = "move" if mover == "you" else "moves"
        assert f"{mover} {verb} {'again' if game.current_player == seat else 'next'}" in text
        gap = (player.time > other.time) - (player.time < other.time)
        ahead = {1: "past", -1: "still behind", 0: "on top of"}[gap]
        theirs = "yours" if seat else f"{LUNA}'s"
        assert f"{ahead} {theirs} on track space {other.space}" in text


def test_every_turn_is_told_as_the_engine_plays_it() -> None:
    for guide, click in walk():
        if click.action == "take" or (click is guide.step.clicks[-1] and guide.step.replies):
            game = guide.game.copy()
            if click.action == "take":
                # the step after "time" tells whose turn it is
                told(game, move(click), click.answer or "", whose_turn=guide.step.rule != "time")
            for reply in guide.step.replies:
                assert isinstance(reply.action, Move)
                told(game, reply.action, reply.text)


# -- words in every language -----------------------------------------------------------------------
@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[tuple[str | None, str]]]:
    """Every catalogue an ``XCatalogue`` (see ``test_coach``) while the test runs, and the steps worded
    afresh before and after it (they are kept per language)."""
    _steps.cache_clear()
    yield x_catalogues(monkeypatch)
    _steps.cache_clear()


#: Messages of the guide the story never says: the words for the other colours, sides and turns (the
#: story is fixed: Luna never moves twice in a row nor began, and you win).
STORY_NEVER_SAYS = {
    ("a chain of one colour", "a red chain"),
    ("a chain of one colour", "a teal chain"),
    ("a chain of one colour", "a yellow chain"),
    ("a tile it would touch, by colour", "the blue {tile}"),
    ("a tile it would touch, by colour", "the yellow {tile}"),
    ("a tile to click, by its colour", "the teal {tile}"),
    (
        None,
        "Who moves next? Not the next player round the table, but the player whose track marker is "
        "rearmost on the moon track. Yours stands on track space {yours} and {name}'s on {theirs}, so "
        "{name} moves next. At the start both lay in one stack on track space 0; of a stack the one on "
        "top moves, and {name}'s lay on top, so {name} began.",
    ),
    (
        None,
        "Your track marker moved from track space {start} to {end}, on top of {name}'s on track space "
        "{space}: you move again.",
    ),
    (
        None,
        "{name}'s track marker moved from track space {start} to {end}, on top of yours on track space "
        "{space}: {name} moves again.",
    ),
    (
        None,
        "{name}'s track marker moved from track space {start} to {end}, still behind yours on track space "
        "{space}: {name} moves again.",
    ),
}


def everything_said(guide: Guide) -> list[str]:
    """Play the guide through by its clicks, trying a wrong click at each, and return every sentence it
    showed: the steps' words, the state's, refusals (as ``check`` words them and as ``IllegalMove``
    carries them) and what each click did."""
    said = [text for step in guide.steps for text in step_words(step)]
    wrong = {"action": "bot"}
    while True:
        state = guide.state()
        said += [shown for key in ("progress", "title", "text", "prompt") if (shown := state[key])] + state[
            "said"
        ]
        refusal = guide.check(wrong)
        assert refusal is not None
        with pytest.raises(IllegalMove) as refused:
            guide.advance(wrong)
        assert refused.value.message == guide.refusal(wrong)
        assert in_language(refused.value, guide.lang) == refusal
        said.append(refusal)
        if guide.done:
            return said
        corner = corner_cell(guide)
        if awaited(guide).action == "take" and corner is not None:
            said.append(str(guide.check({**awaited(guide).intent, "cell": corner})))
        said += guide.advance(awaited(guide).intent)


def corner_cell(guide: Guide) -> list[int] | None:
    """An empty cell that touches the area of the player to move only at a corner, if there is one."""
    tiles = guide.game.players[guide.game.current_player].board.tiles
    for x, y in tiles:
        for cell in ((x + 1, y + 1), (x + 1, y - 1), (x - 1, y + 1), (x - 1, y - 1)):
            if cell not in tiles and not any(n in tiles for n in neighbours(cell)):
                return list(cell)
    return None


def step_words(step: Step[str]) -> list[str]:
    clicks = [text for c in step.clicks for text in (c.prompt, c.refusal, c.answer) if text]
    return [step.title, step.text, *clicks, *(r.text for r in step.replies)]


def test_every_sentence_of_the_guide_goes_through_the_catalogue(asked: set[tuple[str | None, str]]) -> None:
    said = everything_said(Guide(lang="fa"))
    assert len(said) > 100
    for sentence in said:
        assert left_over(sentence, [LUNA], "fa") == [], sentence
    wording = (guide_words, guide_script, guide_driver)
    assert all(messages_of(module) for module in wording)  # each module that words is read
    written = set().union(*(messages_of(module) for module in (guide_data, *wording)))
    assert written - asked <= STORY_NEVER_SAYS


def test_the_story_is_the_same_in_every_language_but_its_words(asked: set[tuple[str | None, str]]) -> None:
    english = Guide(lang="en")
    for lang in ("ru", "ja", "fa"):
        guide = Guide(lang=lang)
        assert guide.lang == lang and steps(lang) is guide.steps is steps(lang)
        assert guide.steps != english.steps
        for step, other in zip(guide.steps, english.steps, strict=True):
            assert (step.number, step.rule, step.skipped) == (other.number, other.rule, other.skipped)
            assert [r.action for r in step.replies] == [r.action for r in other.replies]
            clicks = [(c.intent, c.highlight) for c in step.clicks]
            assert clicks == [(c.intent, c.highlight) for c in other.clicks]
        while not guide.done:
            said = guide.advance(awaited(guide).intent)
            assert len(said) == len(english.advance(awaited(english).intent))
            assert unnamed(guide.game) == unnamed(english.game)
        english = Guide(lang="en")


def unnamed(game: Game) -> dict[str, object]:
    """A game's snapshot with the players' names left out."""
    data = game.snapshot()
    for position in (data["start"], data["position"]):
        for player in position["players"]:
            del player["name"]
    return data


def test_the_guide_speaks_the_package_language(asked: set[tuple[str | None, str]]) -> None:
    try:
        i18n.set_language("ru")
        guide = Guide()
        assert guide.lang == "ru" and guide.steps is steps() is steps("ru")
        assert guide.progress == Guide(lang="ru").progress != Guide(lang="en").progress
    finally:
        i18n.set_language(None)
    assert Guide().lang == "en" and steps() is steps("en")


def test_the_guides_language_can_change_on_the_way(asked: set[tuple[str | None, str]]) -> None:
    guide, english = Guide(lang="ru"), Guide()
    for _ in range(3):
        guide.advance(awaited(guide).intent)
        english.advance(awaited(english).intent)
    assert guide.state() != english.state()
    guide.lang = "en"
    assert guide.state() == english.state() and guide.steps is steps("en")


#: The guided game's seats in each language: the reader's name, and Luna's.
SEATS = {"en": ("You", "Luna"), "ru": ("Вы", "Луна"), "ja": ("あなた", "ルナ"), "fa": ("شما", "لونا")}


@pytest.mark.parametrize("lang", list(SEATS))
def test_the_seats_are_named_in_the_guides_language(lang: str) -> None:
    guide = Guide(lang=lang)
    assert tuple(p.name for p in guide.game.players) == SEATS[lang] == names.seat_names(lang)
    you, luna = SEATS[lang]
    assert guide.game.players[READER].name == you  # the reader is a seat, the guide's first
    assert [p["you"] for p in game_state(guide.game, lang=lang, reader=READER)["players"]] == [True, False]
    said = everything_said(guide)
    assert any(luna in sentence for sentence in said)  # Luna is named in the guide's words
    if lang != "en":  # and never in English, nor is the reader
        assert not any("Luna" in sentence.replace("Nova Luna", "") or "You" in sentence for sentence in said)


def test_a_change_of_language_renames_the_seats_and_keeps_the_game() -> None:
    guide = Guide(lang="ru")
    for _ in range(5):
        guide.advance(awaited(guide).intent)
    before, number, expects = guide.game, guide.number, awaited(guide).intent
    guide.lang = "ja"
    assert tuple(p.name for p in guide.game.players) == SEATS["ja"]
    assert unnamed(guide.game) == unnamed(before) and guide.game.history == before.history
    assert guide.number == number and awaited(guide).intent == expects
    guide.lang = "ja"  # the same language: the same game
    same = guide.game
    guide.lang = "ja"
    assert guide.game is same
    while not guide.done:  # and it plays on to the end
        guide.advance(awaited(guide).intent)
    assert guide.game.winner == 0


def test_an_unknown_language_is_refused() -> None:
    for ask in (lambda: Guide(lang="de"), lambda: steps("xx")):
        with pytest.raises(ValueError, match="unknown language"):
            ask()
    guide = Guide()
    with pytest.raises(ValueError, match="unknown language"):
        guide.lang = "de"
    assert guide.lang == "en"


TITLE = ("guided game step title", "Welcome")


@pytest.mark.parametrize("lang", ["ru", "ja", "fa"])
def test_no_english_is_left_in_the_guided_game(lang: str) -> None:
    if i18n.compiled_catalogue(lang).pgettext(*TITLE) == TITLE[1]:
        pytest.skip(f"the {lang} catalogue has no translation of the guided game yet")
    for sentence in everything_said(Guide(lang=lang)):  # Luna too is named in the language
        assert english_words(sentence, ["Nova Luna"]) == [], sentence
