"""Playing: the game now, by clicks and from Python. The home mode: a widget starts in it (but the guided
game), New game comes back to it, and it opens an earlier position (``History``), a review row
(``Reviewing``) or the puzzles (``Puzzling``)."""

from __future__ import annotations

from typing import Any, Final, SupportsIndex

from .. import coach
from .._coach_view import position_number
from .._contract import Intent
from .._errors import IllegalMove
from .._game import Action, Move
from .._i18n import msg
from .._protocol import check_bot, check_selection, played_by_bot
from .base import Mode, ModeFields, Screen, moved, view_now
from .history import History
from .puzzle import open_puzzles
from .review import Reviewing

__all__ = ["Playing"]

#: Why Next is refused outside the guided game.
_NEXT: Final = msg("Next belongs to the guided game: NovaLunaWidget.tutorial()")
_REVIEW_AT_THE_END: Final = msg("the Review opens once the game is over (widget.review() works any time)")


class Playing(Mode):
    """Every move, Undo and Redo, the bots, the Hint, the Review panel; bot seats answer a human move."""

    refusal = _NEXT  # all it does not take is the guided game's Next

    def handle(self, screen: Screen, intent: Intent) -> Screen:
        table = self.table
        match intent["action"]:  # mypy narrows the intent to the contract's type of each action
            case "show":
                return moved(screen, self.show(intent["turn"]))
            case "open":
                return moved(screen, self.open(intent["row"]))
            case "puzzles":
                return open_puzzles(screen, self)
            case "review":
                if not table.game.is_over:
                    raise IllegalMove(_REVIEW_AT_THE_END)
                table.panel.start(table.game, table.lang, table.reader)  # returns at once: see review_runner
            case "cancel_review":  # the panel's Cancel, while it shows the review under way
                table.panel.cancel()
            case "hint":
                if (bot := table.bot_to_move()) is not None:  # the Hint button is for the players who move
                    raise IllegalMove(played_by_bot(table.game, bot, table.reader, hint=True))
                return screen._replace(hint=self.hint())
            case "select":
                return screen._replace(selected=check_selection(table.game, intent["space"]))
            case "undo":
                table.undo("page")
            case "redo":
                table.redo("page")
            case "bot":  # a move of the player to move (check_intent made sure), as the next three
                table.bot_turn(intent.get("bot", table.bot))
                table.play_bot_seats()
            case "take":
                table.apply(Move(intent["space"], (intent["cell"][0], intent["cell"][1])), "page")
                table.play_bot_seats()
            case "refill" | "end_phase_one" as action:
                table.apply(action, "page")
                table.play_bot_seats()
            case _:
                self.refuse(intent)
        return screen

    def part(self) -> ModeFields:
        game, seats = self.table.game, self.table.seats
        hint = not game.is_over and seats[game.current_player] is None
        return ModeFields(
            view=view_now(self.table), can={"hint": hint, "review": game.is_over}, own={"mode": "playing"}
        )

    # -- Python's calls ----------------------------------------------------------------------------
    def play(
        self, screen: Screen, action: Action | tuple[int, tuple[int, int]]
    ) -> tuple[Screen, frozenset[tuple[int, int, int]]]:
        covered = self.table.apply(action, "python")
        self.table.play_bot_seats()
        return screen, covered

    def select(self, screen: Screen, space: SupportsIndex | None) -> Screen:
        return screen._replace(selected=check_selection(self.table.game, space))

    def undo(self) -> None:
        self.table.undo("python")

    def redo(self) -> None:
        self.table.redo("python")

    def bot_move(self, name: str | None) -> None:
        self.table.bot_turn(self.table.bot if name is None else check_bot(name))
        self.table.play_bot_seats()

    def hint(self) -> coach.Hint:
        return self.table.coach_hint()

    def review(self, progress: bool) -> list[dict[str, Any]]:
        table = self.table
        return table.panel.rows(table.game, table.lang, table.reader, progress)

    def show(self, turn: SupportsIndex | None) -> Mode:
        game = self.table.game
        if turn is None:
            return self
        number = position_number(game, turn)  # refuses a position the game does not have
        return self if number == len(game.history) else History(self, number)

    def open(self, row: SupportsIndex | None) -> Mode:
        if row is None:
            return self
        return Reviewing(self, *self.table.panel.row(self.table.game, row))
