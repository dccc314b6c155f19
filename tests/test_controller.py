"""The controller without a browser or anywidget: intents in, one published state out, and the modes it
goes through (playing, an earlier position, a review row open, the guided game). What the widget adds
(traits, ipywidgets' messages) is ``test_widget``'s; what the state holds is ``test_protocol``'s.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import pytest

from novaluna_widget import Game, Move, coach
from novaluna_widget._coach_view import BROWSING, TUTORIAL_ONLY, past
from novaluna_widget._contract import Intent, ReviewPanel, State, View
from novaluna_widget._controller import Controller
from novaluna_widget._errors import IllegalMove
from novaluna_widget._guide import Guide
from novaluna_widget._i18n import msg
from novaluna_widget._modes import Guided, History, Mode, ModeFields, Playing, Reviewing, Screen, guided_by
from novaluna_widget._session import Played

from .test_protocol import played_out
from .test_widget_coach import NODES

JUPYTER = ("anywidget", "ipywidgets", "traitlets", "IPython", "comm")


class Page:
    """What the controller sends: every state and every Review panel, in order."""

    def __init__(self) -> None:
        self.states: list[dict[str, Any]] = []
        self.panels: list[dict[str, Any]] = []

    def publish(self, state: State) -> None:
        self.states.append(dict(state))

    def publish_review(self, panel: ReviewPanel) -> None:
        self.panels.append(dict(panel))


def controller(game: Game | None = None, **kw: Any) -> tuple[Controller, Page]:
    page = Page()
    c = Controller(
        Game(2, seed=3) if game is None else game,
        publish=page.publish,
        publish_review=page.publish_review,
        **kw,
    )
    c.start()
    return c, page


def intent(c: Controller, action: str, **fields: Any) -> None:
    c.handle({"action": action, "version": c.version, **fields})


def take(c: Controller, move: Move) -> None:
    intent(c, "take", space=move.space, cell=list(move.cell), player=c.game.current_player)


def quick_reviewing(game: Game, **kw: Any) -> Any:
    return REVIEWING(game, nodes=NODES, **kw)


REVIEWING = coach.reviewing


def test_the_controller_runs_without_jupyter():
    # A fresh interpreter where the Jupyter packages cannot be imported at all.
    script = textwrap.dedent(
        f"""
        import sys
        from importlib.abc import MetaPathFinder

        class Blocked(MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {JUPYTER!r}:
                    raise ImportError("blocked: " + name)
                return None

        sys.meta_path.insert(0, Blocked())
        from novaluna_widget._controller import Controller
        from novaluna_widget._game import Game

        states = []
        c = Controller(Game(2, seed=3), publish=states.append, publish_review=lambda panel: None)
        c.start()
        c.handle({{"action": "bot", "version": c.version}})
        assert c.game.turn == 1 and states[-1]["turn"] == 1, states[-1]
        print(sorted(set(sys.modules) & set({JUPYTER!r})))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# -- playing ---------------------------------------------------------------------------------------
def test_a_move_by_intent_is_played_published_once_and_heard():
    c, page = controller()
    heard: list[Played] = []
    c.on_move(heard.append)
    assert isinstance(c.mode, Playing) and c.version == 1
    space = c.game.choices()[1]
    published = len(page.states)
    intent(c, "select", space=space)
    assert len(page.states) == published + 1 and page.states[-1]["selected"] == space
    assert c.version == 1  # choosing a tile changes no position
    take(c, Move(space, (0, 0)))
    assert len(page.states) == published + 2
    assert c.game.history == (Move(space, (0, 0)),) and c.version == 2 and c.last_error is None
    state = page.states[-1]
    assert (state["turn"], state["version"], state["selected"]) == (1, 2, None)
    assert heard == [Played(Move(space, (0, 0)), 1 - c.game.current_player, "page")]


def test_a_refused_intent_changes_nothing_but_the_error():
    c, page = controller()
    take(c, c.game.legal_moves()[0])
    take(c, c.game.legal_moves()[0])  # each player has a tile: a tile must now touch one
    before, version, state = c.game.to_json(), c.version, page.states[-1]
    take(c, Move(c.game.choices()[0], (5, 5)))
    assert "touches none of your tiles" in str(c.last_error)
    assert (c.game.to_json(), c.version) == (before, version) and isinstance(c.mode, Playing)
    unchanged = {k: v for k, v in page.states[-1].items() if k not in ("error", "answered")}
    assert unchanged == {k: v for k, v in state.items() if k not in ("error", "answered")}
    assert page.states[-1]["error"] == c.last_error and page.states[-1]["answered"] == state["answered"] + 1
    c.handle("junk")  # not even an intent
    assert "must be an object" in str(c.last_error) and c.game.to_json() == before


def test_every_intent_publishes_one_state():
    c, page = controller(Game(["You", "Bo"], seed=3), bots={1: "greedy"})
    intents: list[tuple[str, dict[str, Any]]] = [
        ("select", {"space": c.game.choices()[0]}),
        ("bot", {}),
        ("undo", {}),
        ("hint", {}),
        ("show", {"turn": 0}),
        ("take", {"space": 1, "cell": [0, 0], "player": 0}),  # refused while browsing
        ("show", {"turn": None}),
        ("language", {"lang": "ru"}),
        ("new", {}),
        ("next", {}),
    ]
    for action, fields in intents:
        published = len(page.states)
        intent(c, action, **fields)
        assert len(page.states) == published + 1, action
        assert page.states[-1]["version"] == c.version and page.states[-1]["error"] == c.last_error


def test_the_version_grows_with_every_change_of_the_position_and_only_then():
    c, _ = controller()
    take(c, c.game.legal_moves()[0])
    assert c.version == 2
    c.game.play(c.game.legal_moves()[0])  # behind the controller's back: noticed on refresh
    assert c.version == 2
    c.refresh()
    assert c.version == 3
    for action in ("hint", "select"):
        intent(c, action, **({"space": c.game.choices()[0]} if action == "select" else {}))
    c.refresh()
    assert c.version == 3
    intent(c, "undo")
    assert c.version == 4


# -- an earlier position ---------------------------------------------------------------------------
def test_history_shows_an_earlier_position_refuses_moves_and_goes_back_to_now():
    c, page = controller(Game(["You", "Bo"], seed=3), bots={1: "greedy"})
    for _ in range(2):
        take(c, c.game.legal_moves()[0])
    n, before = len(c.game.history), c.game.to_json()
    intent(c, "show", turn=1)
    assert isinstance(c.mode, History) and c.mode.shown_turn == 1 and c.last_error is None
    assert page.states[-1]["view"]["turn"] == 1 and not page.states[-1]["view"]["now"]
    take(c, c.game.legal_moves()[0])
    assert c.last_error == BROWSING.in_language("en") and c.game.to_json() == before
    assert isinstance(c.mode, History) and c.mode.shown_turn == 1
    intent(c, "review")  # as on the game now: it waits for the end, and the position stays on show
    assert "once the game is over" in str(c.last_error) and c.mode.shown_turn == 1
    intent(c, "show", turn=n)  # the last position is the position now
    assert isinstance(c.mode, Playing) and page.states[-1]["view"]["now"]
    intent(c, "show", turn=0)
    c.game.play(c.game.legal_moves()[0])  # a change of the game shows the position now
    c.refresh()
    assert isinstance(c.mode, Playing) and page.states[-1]["view"]["turns"] == n + 1


def test_python_acts_on_the_position_now_from_an_earlier_one():
    c, _ = controller()
    take(c, c.game.legal_moves()[0])
    c.show_turn(0)
    c.select(c.game.choices()[0])
    assert isinstance(c.mode, Playing) and c.selected == c.game.choices()[0]
    c.show_turn(0)
    c.play(c.game.legal_moves()[0])
    assert isinstance(c.mode, Playing) and len(c.game.history) == 2
    with pytest.raises(IllegalMove, match="guided game"):
        c.next_step()


# -- why a task is fulfilled ------------------------------------------------------------------------
def test_the_page_asks_why_a_task_is_fulfilled_and_python_says_it_for_one_task():
    c, page = controller(Game(2, seed=5))
    for _ in range(8):
        c.bot_move("greedy")
    p, board = 0, c.game.players[0].board
    t, cell = next((t, cell) for t, cell in enumerate(board.tiles) if board[cell].tasks)
    assert page.states[-1]["why"] is None  # nothing asked: the state carries no sentence
    intent(c, "why", task=[p, t, 0])
    why = page.states[-1]["why"]
    assert why == {"task": [p, t, 0], "text": board.explain(cell, 0).in_language("en")}
    assert c.last_error is None
    intent(c, "language", lang="ru")  # the same question, answered in the new language
    why = page.states[-1]["why"]
    assert why is not None and why["text"] == board.explain(cell, 0).in_language("ru")
    intent(c, "why", task=None)  # the page stopped pointing at it
    assert page.states[-1]["why"] is None
    intent(c, "why", task=[p, t, 0])
    c.bot_move("greedy")  # the position changed: the answer was about another picture
    assert page.states[-1]["why"] is None
    c.handle({"action": "why", "task": [p, t, 0], "version": c.version - 1})  # asked on an older picture
    assert page.states[-1]["why"] is None and c.last_error is None
    intent(c, "why", task=[p, 99, 0])
    assert page.states[-1]["why"] is None and c.last_error == "в показанной позиции нет задачи [0, 99, 0]"


def test_why_explains_the_position_on_show_and_in_the_guided_game():
    c, page = controller(Game(2, seed=5))
    for _ in range(6):
        c.bot_move("greedy")
    intent(c, "show", turn=2)  # an earlier position: its own tiles
    earlier = past(c.game, 2).players[0].board
    t, cell = next((t, cell) for t, cell in enumerate(earlier.tiles) if earlier[cell].tasks)
    intent(c, "why", task=[0, t, 0])
    assert page.states[-1]["why"]["text"] == earlier.explain(cell, 0).in_language("en")
    intent(c, "show", turn=None)  # back to now: another picture
    assert page.states[-1]["why"] is None
    guide = Guide(lang="en")
    c, page = controller(guide.game)
    c.enter(guided_by(guide))
    while not c.game.players[0].board.tiles:
        assert guide.click is not None
        intent(c, **guide.click.intent)
    intent(c, "why", task=[0, 0, 0])  # the guided game answers it too, as no wrong click
    assert page.states[-1]["why"] is not None and page.states[-1]["tutorial"]["refused"] is None


# -- the guided game -------------------------------------------------------------------------------
def test_the_guided_game_answers_other_clicks_and_plays_the_awaited_one():
    guide = Guide(lang="en")
    c, page = controller(guide.game)
    c.enter(guided_by(guide))
    assert isinstance(c.mode, Guided) and c.guide is guide
    before, version = c.game.to_json(), c.version
    intent(c, "undo")  # not a click of the guided game
    tutorial = page.states[-1]["tutorial"]
    assert tutorial["refused"] == TUTORIAL_ONLY.in_language("en") and c.last_error is None
    assert (c.game.to_json(), c.version, tutorial["number"]) == (before, version, 1)
    intent(c, "select", space=11)  # a click, but not the one the step waits for
    assert page.states[-1]["tutorial"]["refused"] == "This step only explains: read it, then press Next."
    with pytest.raises(IllegalMove, match="follow the steps"):
        c.hint()
    assert guide.click is not None
    intent(c, **guide.click.intent)  # the awaited click
    assert page.states[-1]["tutorial"]["refused"] is None and page.states[-1]["tutorial"]["number"] == 2
    intent(c, "new")  # leaves the guide for a game against Luna, played by the greedy bot
    assert isinstance(c.mode, Playing) and c.guide is None and page.states[-1]["mode"] == "playing"
    assert c.bots == {1: "greedy"} and [p.name for p in c.game.players] == ["You", "Luna"]


def test_every_wrong_click_of_the_guided_game_gets_the_guides_sentence_not_the_engines():
    """A click the rules refuse (a seat out of turn, a tile not on offer, a cell taken, the game over) is
    answered in the guide's panel with the step's sentence, never as the engine's refusal in the error
    area; only a click on an older picture is the engine's."""
    guide = Guide(lang="en")
    c, page = controller(guide.game)
    c.enter(guided_by(guide))
    while True:
        awaited = guide.click
        expected = "The guided game is over: start a new game to play on." if awaited is None else None
        game = c.game
        off = [s for s in range(12) if s not in game.choices()]
        luna_cell = next(iter(game.players[1].board.tiles), (0, 0))
        wrong = [
            {"action": "take", "space": [*game.choices(), 0][0], "cell": list(luna_cell), "player": 1},
            {"action": "take", "space": off[0], "cell": [0, 0], "player": game.current_player},
            {"action": "select", "space": off[0]},
        ]
        before, version = c.game.to_json(), c.version
        for click in wrong:
            intent(c, **click)  # type: ignore[arg-type]
            refused = page.states[-1]["tutorial"]["refused"]
            assert c.last_error is None and refused, click
            assert refused == (expected or guide.check(click)), click
            kind = ("Not that one", "Not there", "This step only", "First the", "The guided")
            assert refused.startswith(kind)
            assert (c.game.to_json(), c.version) == (before, version)
        if awaited is None:
            break
        intent(c, **awaited.intent)
    c.handle({"action": "next", "version": c.version - 1})  # an older picture: the engine's own refusal
    assert c.last_error is not None and "older picture" in c.last_error


# -- the review ------------------------------------------------------------------------------------
def test_the_review_waits_for_the_end_then_opens_a_row_side_by_side(monkeypatch):
    monkeypatch.setattr(coach, "reviewing", quick_reviewing)
    c, page = controller(Game(["You", "Bo"], seed=11))
    intent(c, "review")
    assert c.last_error == "the Review opens once the game is over (widget.review() works any time)"
    assert page.panels == []
    c.game = played_out(Game(["You", "Bo"], seed=11), 400)
    intent(c, "review")
    n = len(c.game.history)
    assert c.last_error is None and page.panels[-1]["status"] == "ready" and len(page.panels[-1]["rows"]) == n
    k = page.panels[-1]["rows"][0]["index"]
    intent(c, "open", row=k)
    assert isinstance(c.mode, Reviewing) and c.mode.shown_turn == k
    compared = page.states[-1]["view"]["compare"]
    assert compared["row"] == k and compared["played"]["action"] is not None
    intent(c, "take", space=1, cell=[0, 0], player=0)  # read-only, as any earlier position
    assert "game is over" in c.last_error
    intent(c, "open", row=None)
    assert isinstance(c.mode, Playing) and page.states[-1]["view"]["compare"] is None
    c.undo()  # another history: the panel closes
    assert page.panels[-1] == {}


def test_the_pages_review_is_left_to_run_and_a_change_of_the_game_drops_it(monkeypatch):
    monkeypatch.setattr(coach, "reviewing", quick_reviewing)
    later: list[Any] = []  # the work ``run`` was handed, done when the test says
    c, page = controller(played_out(Game(["You", "Bo"], seed=11), 400), run=later.append)
    n = len(c.game.history)
    intent(c, "review")
    assert len(later) == 1 and page.panels == [{"status": "working", "done": 0, "total": n}]
    assert not c.review_done(timeout=0)
    intent(c, "review")  # the same review under way: not started twice
    assert len(later) == 1 and c.last_error is None
    later.pop()()
    assert c.review_done(timeout=0) and page.panels[-1]["status"] == "ready"
    c.undo()
    intent(c, "redo")
    intent(c, "review")
    c.undo()  # another history: the work under way is dropped, and does nothing once run
    assert page.panels[-1] == {}
    later.pop()()
    assert page.panels[-1] == {} and c.review_done(timeout=0)


# -- a mode of one's own -------------------------------------------------------------------------------
#: What the mode ``Still`` shows: a view of its own (no game's position would be labelled so).
STILL: View = {"turn": 0, "turns": 0, "now": True, "label": "nothing moves here", "compare": None}


class Still(Mode):
    """A mode written outside the package: every intent is refused, and it lights no coach button."""

    REFUSAL = msg("nothing moves here")

    def handle(self, screen: Screen, intent: Intent) -> Screen:
        raise IllegalMove(self.REFUSAL)

    def now(self) -> Mode:
        return Playing(self.table)

    def part(self) -> ModeFields:
        return ModeFields(view=STILL, can={"hint": False, "review": False}, own={"mode": "playing"})


def test_a_new_mode_plugs_in_without_touching_the_others():
    c, page = controller()
    c.screen = c.screen._replace(mode=Still(c.table))
    c.refresh()
    assert page.states[-1]["view"] == STILL
    take(c, c.game.legal_moves()[0])
    assert c.last_error == "nothing moves here" and c.game.turn == 0
    intent(c, "language", lang="ru")  # the controller's own intents work in every mode
    assert c.lang == "ru" and isinstance(c.mode, Still)
    c.play(c.game.legal_moves()[0])  # Python acts in the mode its ``now`` names
    assert isinstance(c.mode, Playing) and c.game.turn == 1
