"""``widget.on_move(callback)``: a callback hears each change once the widget shows it, so what it reads of
the widget (``widget.game``, its history) is the game it hears of: the new one on New game, from the page
and from Python, with a bot seat's first move in it; the move played on an ordinary click."""

from __future__ import annotations

from typing import Any

import pytest

from novaluna_widget import Game, Move, NovaLunaWidget
from novaluna_widget.widget import Played

from .test_widget import intent, take


def listen(w: NovaLunaWidget) -> list[tuple[Played, Game, tuple[Any, ...]]]:
    """What a callback heard, with the game it read from the widget then and that game's history."""
    heard: list[tuple[Played, Game, tuple[Any, ...]]] = []
    w.on_move(lambda played: heard.append((played, w.game, w.game.history)))
    return heard


def test_a_callback_on_new_game_from_the_page_reads_the_new_game():
    w = NovaLunaWidget(seed=3)
    take(w, w.game.choices()[0], (0, 0))
    old = w.game
    heard = listen(w)
    intent(w, "new")
    assert w.game is not old and len(old.history) == 1
    assert heard == [(Played("new", None, "page"), w.game, ())]


def test_a_callback_on_new_game_from_python_reads_the_new_game():
    w = NovaLunaWidget(seed=3)
    w.play(w.game.legal_moves()[0])
    old = w.game
    heard = listen(w)
    w.new_game()
    assert w.game is not old
    assert heard == [(Played("new", None, "python"), w.game, ())]


@pytest.mark.parametrize(
    ("seed", "seat", "deal"),
    [
        (0, 0, lambda w: intent(w, "new")),  # the page's New game: this deal starts with seat 0
        (3, 1, lambda w: w.new_game(seed=8)),  # Python's: deal 8 starts with seat 1
    ],
)
def test_a_callback_on_a_bots_first_move_of_a_new_game_reads_that_move(seed, seat, deal):
    w = NovaLunaWidget(seed=seed, bots={seat: "greedy"})
    old = w.game
    heard = listen(w)
    deal(w)
    new = w.game
    assert new is not old and heard[0][0].action == "new" and heard[0][1] is new
    (first, game, history), *_ = [(played, game, history) for played, game, history in heard[1:]]
    assert first.source == "bot" and first.player == seat and game is new  # a bot's seat moves at once
    assert history[0] == first.action and first.action in new.history


def test_a_callback_on_a_click_reads_the_move_played():
    w = NovaLunaWidget(seed=3)
    heard = listen(w)
    space, mover = w.game.choices()[1], w.game.current_player
    take(w, space, (0, 0))
    assert heard == [(Played(Move(space, (0, 0)), mover, "page"), w.game, (Move(space, (0, 0)),))]


def test_a_callback_that_plays_answers_a_click_and_the_page_shows_both_moves():
    w = NovaLunaWidget(seed=3)
    heard = listen(w)

    def answer(played: Played) -> None:
        if played.source == "page":
            w.play(w.game.legal_moves()[0])

    w.on_move(answer)
    take(w, w.game.choices()[0], (0, 0))
    assert [played.source for played, _, _ in heard] == ["page", "python"]
    assert heard[1][2] == w.game.history and len(w.game.history) == 2
    assert w.state["turn"] == 2 and w.state["version"] == w.version and w.last_error is None


def test_a_callback_that_fails_is_said_and_the_others_still_hear():
    w = NovaLunaWidget(seed=3)

    def broken(played: Played) -> None:
        raise RuntimeError("boom")

    w.on_move(broken)
    heard = listen(w)
    take(w, w.game.choices()[0], (0, 0))
    assert len(heard) == 1 and w.last_error is not None and "on_move callback broken failed" in w.last_error
    assert w.state["error"] == w.last_error
