"""The widget's Python side: every intent and trait, a fuzzed message handler, syncing, bots, freeing.
What the state holds and how intents are parsed is ``test_protocol``'s (no widget needed there).

Messages go in through ipywidgets' own entry point (``_handle_msg``), as the page's comm messages do,
so a handler that silently replaced ipywidgets' own would fail here too.
"""

from __future__ import annotations

import functools
import gc
import json
import weakref
from typing import Any

import pytest
import traitlets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from novaluna_widget import Game, IllegalMove, Move, NovaLunaWidget, SoloGame
from novaluna_widget import _controller as controller
from novaluna_widget import widget as module
from novaluna_widget._contract import View
from novaluna_widget._protocol import game_state, page_state
from novaluna_widget.bots import make_bot
from novaluna_widget.scenario import position
from novaluna_widget.widget import Played

from .positions import build
from .test_protocol import MALFORMED, json_values, nested, played_out


@pytest.fixture(autouse=True)
def nothing_swallowed(caplog: pytest.LogCaptureFixture):
    """ipywidgets logs and swallows what escapes a message handler: here that fails the test."""
    yield
    messages = [r.getMessage() for r in caplog.get_records("call")]
    swallowed = [m for m in messages if m.startswith("Exception in")]
    assert not swallowed, swallowed[0]


def send(widget: NovaLunaWidget, content: object) -> None:
    """Deliver a custom message as the page's comm would."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent(widget: NovaLunaWidget, action: str, **fields: Any) -> None:
    send(widget, {"action": action, "version": widget.version, **fields})


def take(widget: NovaLunaWidget, space: int, cell: tuple[int, int], player: int | None = None) -> None:
    current = widget.game.current_player if player is None else player
    intent(widget, "take", space=space, cell=list(cell), player=current)


def first_move(widget: NovaLunaWidget) -> Move:
    return widget.game.legal_moves()[0]


def refill_position() -> Game:
    """Player 1 to move with two tiles on the wheel: the refill is optional."""
    return build({1: "R04", 5: "B08"}, players=[{"board": "Y01@0,0"}, {"board": "T01@0,0", "time": 3}])


# -- construction and traits -------------------------------------------------------------------
def test_defaults_deal_a_two_player_game():
    w = NovaLunaWidget(seed=7)
    assert isinstance(w.game, Game) and len(w.game.players) == 2 and w.game.seed == 7
    assert w.version == 1 and w.selected is None and w.last_error is None and w.bots == {}
    assert len(w.catalogue) == 68 and w.catalogue["R04"] == ("red", 3, [[("red", 2), ("blue", 1)]])


def test_players_one_is_solo_and_names_and_beginner_pass_through():
    assert isinstance(NovaLunaWidget(players=1, seed=1).game, SoloGame)
    w = NovaLunaWidget(players=["Ada", "Bo", "Cy"], seed=1, beginner=True)
    assert [p["name"] for p in w.state["players"]] == ["Ada", "Bo", "Cy"]
    assert w.state["players"][0]["supply"] == 17


def test_projector_is_a_synced_trait_that_changes_no_game():
    assert NovaLunaWidget(seed=1).projector is False
    w = NovaLunaWidget(seed=1, projector=True)
    assert w.projector is True and "projector" in w.get_state()
    version = w.version
    w.projector = False
    assert w.get_state()["projector"] is False and w.version == version
    with pytest.raises(traitlets.TraitError):
        w.projector = "big"  # type: ignore[assignment]


def test_wraps_a_given_game_and_refuses_other_things():
    game = Game(3, seed=2)
    assert NovaLunaWidget(game).game is game
    with pytest.raises(TypeError, match="Game or SoloGame"):
        NovaLunaWidget("chess")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        NovaLunaWidget(colour="red")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("bots", "error"),
    [
        ({2: "greedy"}, "seat 2"),
        ({0: "deep blue"}, "unknown bot"),
        (["random"], "one entry"),
        ("greedy", "dict"),
    ],
)
def test_bad_bot_seats_are_refused(bots, error):
    with pytest.raises((ValueError, TypeError), match=error):
        NovaLunaWidget(seed=1, bots=bots)


def test_state_holds_everything_the_page_draws():
    # What the fields hold is test_protocol's; here, that the widget sends its game's and its own.
    w = NovaLunaWidget(seed=3)
    s = w.state
    view: View = {"turn": 0, "turns": 0, "now": True, "label": "the position now", "compare": None}
    assert s == page_state(
        game_state(w.game),
        version=w.version,
        selected=None,
        error=None,
        answered=0,
        bot="greedy",
        view=view,
        can={"hint": True, "review": False},
    )
    assert s["version"] == w.version == 1 and s["turn"] == 0 and s["pile"] == 57
    assert s["bot"] == "greedy" and s["bot_names"] == ["random", "greedy", "search"]
    json.dumps(s, allow_nan=False)


# -- intents from the page ---------------------------------------------------------------------
def test_select_then_take_plays_the_move():
    w = NovaLunaWidget(seed=3)
    space = w.game.choices()[1]
    intent(w, "select", space=space)
    assert w.selected == space == w.state["selected"] and w.last_error is None
    version = w.version
    take(w, space, (0, 0))
    assert w.game.history == (Move(space, (0, 0)),) and w.selected is None
    assert w.version == version + 1 == w.state["version"] and w.state["turn"] == 1


def test_select_null_clears_and_a_non_takeable_space_is_refused():
    w = NovaLunaWidget(seed=3)
    intent(w, "select", space=w.game.choices()[0])
    intent(w, "select", space=None)
    assert w.selected is None and w.last_error is None
    intent(w, "select", space=9)
    assert "T09 on wheel space 9 is not among the next three tiles: take T17 (wheel space 1)," in str(
        w.last_error
    )
    assert w.state["error"] == w.last_error and w.selected is None


def test_illegal_take_is_explained_and_changes_nothing():
    w = NovaLunaWidget(build({1: "R04", 2: "B08", 3: "Y05"}, players=[{"board": "Y01@0,0"}, {"time": 3}]))
    before = w.game.to_json()
    take(w, 2, (5, 5))
    assert "cell (5, 5) touches none of your tiles" in str(w.last_error) and w.game.to_json() == before
    take(w, 2, (0, 0))
    assert "already holds Y01" in str(w.last_error)
    intent(w, "select", space=2)
    assert w.last_error is None  # a good intent clears the error


def test_every_intent_is_answered_even_a_repeated_refusal():
    # The page shows it is waiting until a new state comes; an identical refusal must still send one.
    w = NovaLunaWidget(seed=3)
    intent(w, "select", space=9)
    first = w.state
    intent(w, "select", space=9)
    assert w.state["answered"] == first["answered"] + 1 == 2 and w.state["error"] == first["error"]


def test_one_state_message_per_intent(monkeypatch):
    w = NovaLunaWidget(seed=3)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "_send", lambda msg, buffers=None: sent.append(msg))
    followed = ["version", "turn", "current_player", "result"]  # tests/test_widget_follow.py
    intents: list[tuple[str, dict[str, Any]]] = [
        ("select", {"space": 1}),
        ("take", {"space": 1, "cell": [0, 0], "player": 1}),
        ("undo", {}),
        ("undo", {}),
        ("select", {"space": 9}),
    ]
    for action, fields in intents:
        sent.clear()
        before = {name: getattr(w, name) for name in followed}
        intent(w, action, **fields)
        changed = {name for name in followed if getattr(w, name) != before[name]}
        # The state, and in the same message those of the values other cells follow that it changed.
        assert [m["method"] for m in sent] == ["update"] and set(sent[0]["state"]) == {"state", *changed}


def test_move_for_the_wrong_player_is_refused():
    w = NovaLunaWidget(seed=3)
    other = 1 - w.game.current_player
    take(w, 1, (0, 0), player=other)
    assert "turn, not" in str(w.last_error) and w.game.turn == 0
    take(w, 1, (0, 0), player=7)
    assert "no player 7" in str(w.last_error)


def test_stale_intent_after_undo_is_refused():
    w = NovaLunaWidget(seed=3)
    take(w, 1, (0, 0))
    stale = w.version
    intent(w, "undo")
    assert w.game.turn == 0 and w.state["can"]["redo"]
    send(w, {"action": "take", "version": stale, "space": 2, "cell": [0, 0], "player": w.game.current_player})
    assert "older picture" in str(w.last_error) and w.game.turn == 0
    intent(w, "redo")
    assert w.game.turn == 1 and w.last_error is None


def test_refill_when_optional_and_refused_otherwise():
    w = NovaLunaWidget(seed=3)
    intent(w, "refill")
    assert "no refill now" in str(w.last_error)
    w = NovaLunaWidget(refill_position())
    assert w.state["can"]["refill"]
    intent(w, "refill")
    assert w.game.history == ("refill",) and w.last_error is None and w.game.tiles_on_wheel() == 11


def test_undo_and_redo_with_nothing_to_do_are_explained():
    w = NovaLunaWidget(seed=3)
    intent(w, "undo")
    assert "nothing to undo" in str(w.last_error)
    intent(w, "redo")
    assert "nothing to redo" in str(w.last_error)


def test_new_game_keeps_players_and_variant():
    w = NovaLunaWidget(players=["Ada", "Bo", "Cy"], seed=8, beginner=True)
    take(w, w.game.choices()[0], (0, 0))
    old = w.game
    intent(w, "new")
    assert w.game is not old and w.game.turn == 0 and w.game.beginner
    assert [p.name for p in w.game.players] == ["Ada", "Bo", "Cy"] and w.game.seed != 8
    again = NovaLunaWidget(players=["Ada", "Bo", "Cy"], seed=8, beginner=True)
    again.new_game()
    assert again.game.seed == w.game.seed  # a seeded widget deals the same new games


def test_a_new_game_clears_the_last_error():
    w = NovaLunaWidget(seed=3)
    intent(w, "select", space=9)
    assert w.last_error is not None
    w.new_game()
    assert w.last_error is None and w.state["error"] is None

    def broken(played: Played) -> None:
        raise RuntimeError("boom")

    w.on_move(broken)  # an error about the new game itself still shows
    w.new_game()
    assert "on_move callback broken failed" in w.last_error and w.state["error"] == w.last_error


def test_end_phase_one_in_solo():
    # A real phase 1 played by the greedy bot up to its 8th token (a set-up position that claims 8 tokens
    # placed needs 8 covered tasks to load).
    solo, bot = SoloGame(seed=0), make_bot("greedy", seed=0)
    while not solo.can_end_phase_one:
        solo.play(bot.choose(solo.copy()))
    w = NovaLunaWidget(solo)
    assert w.state["can"]["end_phase_one"]
    intent(w, "end_phase_one")
    assert isinstance(w.game, SoloGame)
    assert w.last_error is None and w.game.phase == 2 and w.state["solo"]["phase"] == 2
    intent(w, "end_phase_one")
    assert "already over" in str(w.last_error)


def test_bot_button_plays_one_turn_for_the_player_to_move():
    w = NovaLunaWidget(seed=3)
    intent(w, "bot", bot="random")
    assert w.game.turn == 1 and w.last_error is None
    intent(w, "bot")  # the widget's bot, greedy
    assert w.game.turn == 2


def test_every_message_of_a_game_over_is_refused_but_new_and_undo():
    w = NovaLunaWidget(played_out(Game(2, seed=9), 200))
    assert w.game.is_over and w.state["choices"] == []
    for action, fields in [("take", {"space": 1, "cell": [0, 0], "player": 0}), ("refill", {}), ("bot", {})]:
        intent(w, action, **fields)
        assert "game is over" in str(w.last_error)
    intent(w, "undo")
    assert not w.game.is_over


@pytest.mark.parametrize(("content", "error"), MALFORMED)
def test_malformed_messages_are_refused(content, error):
    w = NovaLunaWidget(seed=3)
    before = w.game.to_json()
    send(w, content)
    assert error in str(w.last_error) and w.game.to_json() == before and w.state["error"] == w.last_error


def test_a_deeply_nested_cell_is_refused_in_a_few_words():
    # Once "internal error (RecursionError)": quoting the bad value failed.
    w = NovaLunaWidget(seed=3)
    before = w.game.to_json()
    take_ = {"action": "take", "version": w.version, "space": 1, "player": w.game.current_player}
    send(w, {**take_, "cell": nested(5000)})
    assert str(w.last_error).startswith(
        "'cell' of a 'take' message must be a pair of whole numbers [x, y], not "
    )
    assert len(str(w.last_error)) < 220 and w.game.to_json() == before


def test_the_page_cannot_overwrite_the_state_or_the_catalogue(monkeypatch):
    # ipywidgets writes a page's "update" with set_trait, which ignores read_only.
    w = NovaLunaWidget(seed=3)
    state, tiles = w.state, w.catalogue
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "_send", lambda msg, buffers=None: sent.append(msg))
    forged = {"state": {**state, "version": 99, "current": 1 - state["current"]}, "catalogue": {}}
    w._handle_msg(
        {"content": {"data": {"method": "update", "state": forged, "buffer_paths": []}}, "buffers": []}
    )
    assert w.state is state and w.catalogue is tiles
    # The true values go back to the page, which draws the game again (the catalogue is sent only once).
    assert sent == [{"method": "update", "state": {"state": state, "catalogue": tiles}, "buffer_paths": []}]
    take(w, 1, (0, 0))
    assert w.last_error is None and w.game.turn == 1


# -- the fuzz test -----------------------------------------------------------------------------
def messages_for(w: NovaLunaWidget) -> st.SearchStrategy[object]:
    """Messages a buggy or hostile page might send now: well-formed intents for this position (often
    legal), the same with one field replaced by junk, and junk."""
    game = w.game
    current = 0 if game.is_over else game.current_player
    cells = tuple(game.players[current].board.legal_cells())
    return _messages(w.version, current, cells, tuple(game.choices()), len(game.history))


@functools.cache
def _messages(
    now: int, current: int, cells: tuple[tuple[int, int], ...], choices: tuple[int, ...], turns: int
) -> st.SearchStrategy[object]:
    """:func:`messages_for` a position with these values, made once: Hypothesis checks a new strategy's
    parts on its first draw, which took half the fuzzer's time when each draw made its own."""
    version = st.just(now) | st.just(now) | st.integers(now - 2, now + 1)
    space = st.sampled_from(choices or (0,)) | st.integers(-1, 12)
    cell = st.sampled_from([list(c) for c in cells]) | st.lists(st.integers(-3, 3), min_size=2, max_size=2)
    player = st.just(current) | st.just(current) | st.integers(-1, 4)
    wellformed = st.one_of(
        st.builds(
            lambda v, s, c, p: {"action": "take", "version": v, "space": s, "cell": c, "player": p},
            version,
            space,
            cell,
            player,
        ),
        st.builds(lambda v, s: {"action": "select", "version": v, "space": s}, version, space | st.none()),
        st.builds(
            lambda v, a: {"action": a, "version": v},
            version,
            st.sampled_from(["refill", "undo", "redo", "new", "end_phase_one", "bot"]),
        ),
        st.builds(
            lambda v, b: {"action": "bot", "version": v, "bot": b}, version, st.sampled_from(["random", "x"])
        ),
        # The coach's: a hint, history positions (some the game does not have), review rows, Next.
        st.builds(lambda v, a: {"action": a, "version": v}, version, st.sampled_from(["hint", "next"])),
        st.builds(
            lambda v, t: {"action": "show", "version": v, "turn": t},
            version,
            st.integers(-1, turns + 1) | st.none(),
        ),
        st.builds(
            lambda v, r: {"action": "open", "version": v, "row": r}, version, st.integers(-1, 3) | st.none()
        ),
    )
    key = st.sampled_from(["action", "version", "space", "cell", "player", "bot", "turn", "row"]) | st.text(
        max_size=4
    )
    spoiled = st.builds(lambda m, k, v: {**m, k: v}, wellformed, key, json_values)
    return wellformed | wellformed | spoiled | json_values


@pytest.mark.slow  # the fuzzer at full strength
@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_fuzzed_messages_never_escape_or_corrupt_the_game(data):
    bots = data.draw(st.sampled_from([None, {1: "random"}]))
    w = NovaLunaWidget(seed=data.draw(st.integers(0, 3)), bots=bots)
    for _ in range(data.draw(st.integers(1, 8))):
        before = (w.game.to_json(), w.version)
        send(w, data.draw(messages_for(w)))
        state = w.state
        assert state["version"] == w.version and state["error"] == w.last_error
        json.dumps(state, allow_nan=False)
        if w.last_error is not None:
            # Refused: the game is exactly as before (nothing half-applied), and never by a bug.
            assert "internal error" not in w.last_error
            assert (w.game.to_json(), w.version) == before
        # Whatever happened, the game is one the engine can replay from its save.
        assert Game.from_json(w.game.to_json()).history == w.game.history


# -- Python side, syncing, views ---------------------------------------------------------------
def test_moves_from_python_are_noticed_and_bump_the_version():
    w = NovaLunaWidget(seed=3)
    version = w.version
    w.game.play(first_move(w))
    w.refresh()
    assert w.version == version + 1 and w.state["turn"] == 1
    w.refresh()
    assert w.version == version + 1  # no change, no new version


def test_a_click_after_an_unseen_python_move_is_stale():
    w = NovaLunaWidget(seed=3)
    seen = w.version
    w.game.play(first_move(w))  # no refresh: the page still shows the old position
    send(w, {"action": "select", "version": seen, "space": w.game.choices()[0]})
    assert "older picture" in str(w.last_error) and w.state["turn"] == 1


def test_refresh_all_updates_every_live_widget():
    w = NovaLunaWidget(seed=3)
    w.game.play(first_move(w))
    module._refresh_all()
    assert w.state["turn"] == 1


@pytest.fixture
def ipython_hooks(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """A stand-in IPython shell for widgets made from now on: the hooks they register, by event."""
    import IPython

    hooks: dict[str, list[Any]] = {}

    class Events:
        def register(self, name: str, callback: Any) -> None:
            hooks.setdefault(name, []).append(callback)

    class Shell:
        events = Events()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    monkeypatch.setattr(module, "_hooked", False)
    return hooks


def test_the_widget_hooks_into_ipython_after_every_cell(ipython_hooks):
    # The browser tests watch a real kernel run the hook; here, that the widget registers it.
    w = NovaLunaWidget(seed=3)
    NovaLunaWidget(seed=4)
    assert ipython_hooks == {"post_run_cell": [module._refresh_all]}  # once, for all widgets
    w.game.play(first_move(w))
    ipython_hooks["post_run_cell"][0](None)
    assert w.state["turn"] == 1


def test_a_closed_widget_is_freed(ipython_hooks):
    # anywidget ties a closure over the widget to the view's file when _esm is a path: every widget
    # made then lived as long as the kernel. Neither the IPython hook nor the live set may keep one.
    w = NovaLunaWidget(seed=3, bots={1: "greedy"})
    w.on_move(lambda played: None)
    take(w, w.game.choices()[0], (0, 0))
    assert ipython_hooks == {"post_run_cell": [module._refresh_all]} and w in module._LIVE
    freed = weakref.ref(w)
    w.close()
    del w
    gc.collect()
    assert freed() is None


def test_play_undo_redo_select_from_python():
    w = NovaLunaWidget(seed=3)
    w.select(2)
    assert w.state["selected"] == 2
    with pytest.raises(IllegalMove, match="not among"):
        w.select(8)
    covered = w.play((2, (0, 0)))
    assert covered == frozenset() and w.state["turn"] == 1
    with pytest.raises(IllegalMove):
        w.play((2, (9, 9)))
    w.undo()
    assert w.state["turn"] == 0 and w.state["can"]["redo"]
    w.redo()
    assert w.state["turn"] == 1


def test_assigning_a_game_shows_it():
    w = NovaLunaWidget(seed=3)
    w.game = Game(4, seed=2)
    assert len(w.state["players"]) == 4 and w.bots == {}
    with pytest.raises(TypeError):
        w.game = "go"  # type: ignore[assignment]


def test_a_position_over_from_the_start_opens_and_can_be_assigned():
    # A lesson's finished position, or a save of one: once a StopIteration while building the state.
    over = position(["R12@0,0 B01@1,0", "R17@0,0"], tokens=[0, 20])
    w = NovaLunaWidget(over)
    assert w.state["over"]["winner"] == 0 and w.state["over"]["text"].startswith("Game over: Player 1 placed")
    intent(w, "bot")
    assert "game is over" in str(w.last_error)
    other = NovaLunaWidget(seed=3)
    other.game = Game.from_json(over.to_json())
    assert other.state["over"] == w.state["over"] and other.state["current"] is None
    solo = NovaLunaWidget(position(["R12@0,0 B01@1,0"], tokens=[0]))
    assert solo.state["over"]["text"] == "Game over: the last token is placed."
    intent(solo, "new")
    assert not solo.game.is_over and isinstance(solo.game, SoloGame)


def test_a_game_that_cannot_be_shown_leaves_the_widget_as_it_was(monkeypatch):
    w = NovaLunaWidget(seed=3, bots={1: "greedy"})
    intent(w, "select", space=9)
    before = (w.game, w.bots, w.version, w.last_error, w.state)

    def broken(
        game: Game, seats: object = None, lang: object = None, reader: object = None
    ) -> dict[str, Any]:
        raise RuntimeError("cannot draw this")

    monkeypatch.setattr(controller, "game_state", broken)
    with pytest.raises(RuntimeError, match="cannot draw this"):
        w.game = Game(3, seed=1)
    assert (w.game, w.bots, w.version, w.last_error, w.state) == before


def test_on_move_hears_every_change_and_shows_callback_errors():
    w = NovaLunaWidget(seed=3)
    heard: list[Played] = []
    w.on_move(heard.append)
    take(w, 1, (0, 0))
    w.play(first_move(w))
    intent(w, "undo")
    w.new_game(seed=4)
    assert [(p.source, p.action if isinstance(p.action, str) else "move") for p in heard] == [
        ("page", "move"),
        ("python", "move"),
        ("page", "undo"),
        ("python", "new"),
    ]
    assert heard[0] == Played(Move(1, (0, 0)), 0 if heard[0].player == 0 else 1, "page")
    w.on_move(heard.append, remove=True)

    def broken(played: Played) -> None:
        raise RuntimeError("boom")

    w.on_move(broken)
    take(w, w.game.choices()[0], (0, 0))
    assert w.game.turn == 1 and "on_move callback broken failed: RuntimeError: boom" in str(w.last_error)


def test_two_views_share_one_state():
    # Every view draws the one synced state; a click from either is judged against one version.
    w = NovaLunaWidget(seed=3)
    first, second = w.version, w.version
    send(w, {"action": "take", "version": first, "space": 1, "cell": [0, 0], "player": w.game.current_player})
    player = w.game.current_player
    send(w, {"action": "take", "version": second, "space": 2, "cell": [0, 0], "player": player})
    assert w.game.turn == 1 and "older picture" in str(w.last_error)


# -- bots ----------------------------------------------------------------------------------------
def test_bot_seats_answer_a_human_move():
    w = NovaLunaWidget(seed=3, bots={1: "greedy"})
    assert not w.state["players"][0]["bot"] and w.state["players"][1]["bot"] == "greedy"
    assert w.game.current_player == 0  # if the bot was to move first, it already has
    take(w, w.game.choices()[0], (0, 0))
    assert w.last_error is None and w.game.current_player == 0 and w.game.turn >= 2


def test_assigning_bots_lets_a_bot_seat_to_move_play():
    w = NovaLunaWidget(seed=3)
    mover = w.game.current_player
    w.bots = {mover: "random"}
    assert w.bots == {mover: "random"} and w.game.turn >= 1 and w.game.current_player != mover
    assert w.state["players"][mover]["bot"] == "random"


def test_undo_goes_back_to_the_last_human_decision():
    w = NovaLunaWidget(seed=3, bots=[None, "random"])
    take(w, w.game.choices()[0], (0, 0))
    turn = w.game.turn
    intent(w, "undo")
    assert w.game.current_player == 0 and w.game.turn < turn
    intent(w, "redo")
    assert w.game.turn == turn and w.game.current_player == 0


def test_a_human_click_on_a_bot_seat_is_refused():
    w = NovaLunaWidget(seed=3, bots={0: "random", 1: "random"})  # bots only: nothing moves by itself
    assert w.game.turn == 0
    take(w, 1, (0, 0))
    assert "played by the random bot" in str(w.last_error) and w.game.turn == 0
    intent(w, "bot")
    assert w.game.turn == 1


def test_bot_moves_are_reproducible_from_the_widget_seed():
    games = []
    for _ in range(2):
        w = NovaLunaWidget(seed=12, bots={1: "greedy"})
        for _ in range(3):
            w.bot_move("random")
        games.append(w.game.history)
    assert games[0] == games[1]


# -- display -------------------------------------------------------------------------------------
def test_repr_is_stable_and_the_mimebundle_carries_a_picture():
    w = NovaLunaWidget(seed=3)
    assert repr(w) == "NovaLunaWidget(<Game 2 players, seed 3, turn 0, Player 2 to move>)"
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, _ = bundle
    assert data["text/plain"] == repr(w)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    assert data["image/svg+xml"] == w.saved_picture() and data["image/svg+xml"].startswith("<svg")


def test_exported_html_without_widget_state_shows_the_picture():
    import base64
    import re

    import nbformat
    from nbconvert import HTMLExporter

    w = NovaLunaWidget(seed=3)
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, metadata = bundle
    output = nbformat.v4.new_output("display_data", data=data, metadata=metadata)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=[output])])
    html, _ = HTMLExporter().from_notebook_node(nb)
    found = re.findall(r"data:image/svg\+xml;base64,([\w+/=]+)", html)
    pictures = [base64.b64decode(p).decode() for p in found]
    assert w.saved_picture() in pictures


# -- the reader: a seat given or derived from the bots, never a name ----------------------------------
def test_the_reader_is_the_one_seat_not_played_by_a_bot():
    w = NovaLunaWidget(players=["Ann", "You"], seed=3, bots={1: "greedy"})
    assert w.reader == 0
    assert [p["you"] for p in w.state["players"]] == [True, False]  # "You" is a name, the bot's seat
    w.bots = {}
    assert w.reader is None and [p["you"] for p in w.state["players"]] == [False, False]
    assert NovaLunaWidget(seed=3).reader is None  # no bots: nobody is "you"
    assert NovaLunaWidget(players=3, seed=3, bots={2: "greedy"}).reader is None  # two people play


def test_the_reader_can_be_given():
    w = NovaLunaWidget(seed=3, reader=1)
    assert w.reader == 1 and [p["you"] for p in w.state["players"]] == [False, True]
    nobody = NovaLunaWidget(players=["You", "Bo"], seed=3, bots={1: "greedy"}, reader=None)
    assert nobody.reader is None and not any(p["you"] for p in nobody.state["players"])


def test_the_guided_games_reader_is_seat_0():
    guided = NovaLunaWidget.tutorial()
    assert guided.reader == 0 and [p["you"] for p in guided.state["players"]] == [True, False]
