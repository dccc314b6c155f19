"""The values another cell follows (issue 37): ``version``, ``turn``, ``current_player`` and ``result`` are
synced traits, set with every state the widget sends, read-only for the page. marimo re-runs a cell when
a state it reads is set, and a widget's custom messages (the page's clicks) set none: its notebooks bridge
a trait to ``mo.state`` with ``widget.observe`` (notebooks/marimo_game.py), which is what these tests do.
"""

from __future__ import annotations

from typing import Any

from novaluna_widget import NovaLunaWidget

from .test_widget import intent, take

FOLLOWED = ["version", "turn", "current_player", "result"]


class Follower:
    """What a marimo cell sees through ``widget.observe``: each change of a followed trait, in order."""

    def __init__(self, widget: NovaLunaWidget) -> None:
        self.widget = widget
        self.heard: list[tuple[str, Any]] = []
        widget.observe(lambda change: self.heard.append((change["name"], change["new"])), names=FOLLOWED)

    def last(self, name: str) -> Any:
        values = [new for heard, new in self.heard if heard == name]
        assert values, f"{name} never changed: heard {self.heard}"
        return values[-1]

    def matches_the_game(self) -> None:
        """The last values heard are the live game's."""
        game = self.widget.game
        assert self.last("version") == self.widget.version
        assert self.last("turn") == game.turn
        assert self.widget.current_player == (None if game.is_over else game.current_player)


def test_a_move_by_click_is_heard_with_its_version_and_turn():
    w = NovaLunaWidget(players=["Ada", "Bo"], seed=5)
    follower = Follower(w)
    start = (w.version, w.turn, w.current_player)
    assert start[1:] == (0, w.game.current_player) and w.result is None
    move = w.game.legal_moves()[0]
    intent(w, "select", space=move.space)
    assert w.selected == move.space and follower.heard == []  # a tile chosen changes none of them
    take(w, move.space, move.cell)
    assert w.turn == 1 and follower.last("turn") == 1
    follower.matches_the_game()


def test_a_move_from_python_and_the_bots_answer_are_heard():
    w = NovaLunaWidget(players=["Ada", "Bo"], seed=3, bots={1: "greedy"})
    follower = Follower(w)
    bot_takes = len([e for e in w.game.log if e.kind == "take" and e.player == 1])
    heard = 0
    while len([e for e in w.game.log if e.kind == "take" and e.player == 1]) == bot_takes:
        w.play(w.game.legal_actions()[0])  # until the bot seat has answered
        assert len(follower.heard) > heard  # every move is heard
        heard = len(follower.heard)
        follower.matches_the_game()
    before = w.turn
    w.bot_move("greedy")  # a bot plays for the player to move, the bot seat answers
    assert w.turn > before and follower.last("turn") == w.turn
    follower.matches_the_game()


def test_the_result_is_heard_when_the_game_ends_and_dropped_by_a_new_game():
    w = NovaLunaWidget(players=["Ada", "Bo"], seed=2)
    follower = Follower(w)
    while not w.game.is_over:
        w.bot_move("greedy")
    game = w.game
    assert (
        follower.last("result")
        == w.result
        == {
            "reason": game.end_reason,
            "winner": game.winner,
            "ranking": game.ranking(),
            "score": None,
        }
    )
    assert w.current_player is None and follower.last("current_player") is None
    w.new_game(4)
    assert w.result is None and w.turn == 0 and follower.last("result") is None
    follower.matches_the_game()


def test_a_solo_result_holds_the_score():
    w = NovaLunaWidget(players=1, seed=4)
    while not w.game.is_over:
        w.bot_move("greedy")
    sheet = w.game.score_sheet()
    assert w.result is not None and w.result["score"] == sheet["total"] and w.result["ranking"] == [0]


def test_a_move_made_on_the_game_itself_is_heard_once_the_widget_notices_it():
    w = NovaLunaWidget(players=["Ada", "Bo"], seed=6)
    follower = Follower(w)
    w.game.play(w.game.legal_actions()[0])
    assert follower.heard == []  # marimo runs no IPython hook: refresh() or the next click notices
    w.refresh()
    follower.matches_the_game()


def test_the_page_cannot_write_them():
    w = NovaLunaWidget(players=["Ada", "Bo"], seed=5)
    before = {name: getattr(w, name) for name in FOLLOWED}
    for name, value in [("version", 99), ("turn", 40), ("current_player", 1), ("result", {"winner": 1})]:
        w._handle_msg({"content": {"data": {"method": "update", "state": {name: value}}}, "buffers": []})
    assert {name: getattr(w, name) for name in FOLLOWED} == before
    move = w.game.legal_moves()[0]
    take(w, move.space, move.cell)  # intents still name the true version, and are taken
    assert w.turn == 1 and w.version > before["version"] and w.last_error is None
