"""Invariants under random legal play (hypothesis, stateful): whatever is played, undone, redone,
copied or saved, the game stays a game of Nova Luna."""

import json
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from novaluna_widget import TILES, Game, SoloGame

from . import naive


class Play(RuleBasedStateMachine):
    @initialize(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1), beginner=st.booleans())
    def start(self, players, seed, beginner):
        self.game = SoloGame(seed=seed) if players == 1 else Game(players, seed=seed, beginner=beginner)
        self.supply = [p.tokens for p in self.game.players]
        self.covered_so_far: list[set[Any]] = [set() for _ in self.game.players]
        self.read = 0  # how many events of the log have been read (log_is_readable_data)

    @precondition(lambda self: not self.game.is_over)
    @rule(pick=st.integers(0, 10_000))
    def play_a_move(self, pick):
        g = self.game
        before = [set(p.covered) for p in g.players]
        moves = g.legal_moves()
        g.play(moves[pick % len(moves)])
        for i, p in enumerate(g.players):
            assert before[i] <= p.covered  # a covered task stays covered

    @precondition(lambda self: self.game.can_refill)
    @rule()
    def refill(self):
        self.game.refill()

    @precondition(lambda self: getattr(self.game, "can_end_phase_one", False))
    @rule()
    def end_phase_one(self):
        assert isinstance(self.game, SoloGame)
        self.game.end_phase_one()

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo_then_redo_is_identity(self):
        before = self.game.to_json()
        self.game.undo()
        self.game.redo()
        assert self.game.to_json() == before

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo(self):
        self.game.undo()

    @rule()
    def save_and_load_round_trip(self):
        text = self.game.to_json()
        loaded = type(self.game).from_json(text)
        assert loaded.to_json() == text
        self.game = loaded

    @rule()
    def copy_is_equal_and_independent(self):
        c = self.game.copy()
        assert c.to_json() == self.game.to_json()
        if not c.is_over:
            c.play(c.legal_moves()[0])
            assert c.to_json() != self.game.to_json()

    @invariant()
    def all_68_tiles_are_somewhere_once(self):
        g = self.game
        ids = [t.id for t in g.wheel if t] + [t.id for t in g.draw_pile]
        ids += [t.id for p in g.players for t in p.board.tiles.values()]
        assert sorted(ids) == sorted(t.id for t in TILES)
        assert g.wheel[g.marker] is None

    @invariant()
    def tokens_are_conserved_and_cover_fulfilled_tasks(self):
        for p, supply in zip(self.game.players, self.supply, strict=True):
            assert p.tokens + len(p.covered) == supply and p.tokens >= 0
            fulfilled = p.board.fulfilled_tasks()
            assert p.covered <= fulfilled == naive.fulfilled(p.board.tiles)
            if not self.game.is_over:
                assert p.covered == fulfilled

    @invariant()
    def rearmost_on_top_moves_and_markers_stay_within_seven(self):
        g = self.game
        if isinstance(g, SoloGame):
            return
        times = [p.time for p in g.players]
        assert max(times) - min(times) <= 7
        if not g.is_over:
            me = g.players[g.current_player]
            assert me.time == min(times)
            assert all(p.arrival < me.arrival for p in g.players if p.time == me.time and p is not me)

    @invariant()
    def choices_are_the_next_three_tiles(self):
        g = self.game
        if g.is_over:
            assert g.legal_moves() == []
            return
        assert g.tiles_on_wheel() > 0
        ahead = [(g.marker + k) % 12 for k in range(1, 12)]
        assert g.choices() == [s for s in ahead if g.wheel[s] is not None][:3]

    @invariant()
    def log_is_readable_data(self):
        # The events not read yet: an event's words never change (tiles never move, and an undo takes its
        # events away), and reading the whole log again at every step took half the machine's time.
        g = self.game
        self.read = min(self.read, g.log_length)
        for e in g.recent_log(g.log_length - self.read):
            assert e.text and json.dumps(dict(e.data))
        self.read = g.log_length


Play.TestCase.settings = settings(max_examples=12, stateful_step_count=150, deadline=None)
TestPlay = Play.TestCase  # a dozen random games for the inner loop (`make test-fast`)


class PlayAtFullStrength(Play):
    """The same invariants over fifty games: `make test` only."""


PlayAtFullStrength.TestCase.settings = settings(max_examples=50, stateful_step_count=150, deadline=None)
TestPlayAtFullStrength = pytest.mark.slow(PlayAtFullStrength.TestCase)
