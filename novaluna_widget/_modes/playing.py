"""Playing: the game now, by clicks and from Python. The home mode: a widget starts in it (but the guided
game), New game comes back to it, and it opens an earlier position (``History``) or a review row
(``Reviewing``)."""

from __future__ import annotations

from typing import Any, Final, SupportsIndex

from .. import coach
from .._coach_view import position_number
from .._errors import IllegalMove
from .._game import Action, Move
from .._i18n import cmsg, msg
from .._log import seat_words
from .._protocol import check_bot
from ..bots import BOT_WORDS
from .base import Acting, Intent, Mode, ModeFields, view_now
from .history import History
from .review import Reviewing

__all__ = ["Playing"]

#: Why Next is refused outside the guided game.
_NEXT: Final = msg("Next belongs to the guided game: NovaLunaWidget.tutorial()")
_REVIEW_AT_THE_END: Final = msg("the Review opens once the game is over (widget.review() works any time)")


class Playing(Acting):
    """Every move, Undo and Redo, the bots, the Hint, the Review panel; bot seats answer a human move."""

    def handle(self, intent: Intent) -> Mode:
        table = self.table
        match intent["action"]:
            case "show":
                return self.show(intent["turn"])
            case "open":
                return self.open(intent["row"])
            case "review":
                if not table.game.is_over:
                    raise IllegalMove(_REVIEW_AT_THE_END)
                table.panel.start(table.game, table.lang, table.reader)  # returns at once: see panel
            case "next":
                raise IllegalMove(_NEXT)
            case "hint":
                self._hint_for_a_human()
                table.ask_hint()
            case "select":
                table.select(intent["space"])
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
        return self

    def _hint_for_a_human(self) -> None:
        """Refuse the Hint button for a bot's seat: the button is for the players who move."""
        game = self.table.game
        bot = self.table.bot_to_move()
        if bot is None:
            return
        name, yours = seat_words([p.name for p in game.players], game.current_player, self.table.reader)
        if yours:
            raise IllegalMove(
                cmsg(
                    "the player named You, the reader",
                    "{name} are played by the {bot} bot: hints are for the players who move",
                    name=name,
                    bot=BOT_WORDS[bot],
                )
            )
        raise IllegalMove(
            msg(
                "{name} is played by the {bot} bot: hints are for the players who move",
                name=name,
                bot=BOT_WORDS[bot],
            )
        )

    def part(self) -> ModeFields:
        game, seats = self.table.game, self.table.seats
        hint = not game.is_over and seats[game.current_player] is None
        return ModeFields(view=view_now(self.table), can={"hint": hint, "review": game.is_over})

    # -- Python's calls ----------------------------------------------------------------------------
    def play(self, action: Action | tuple[int, tuple[int, int]]) -> frozenset[tuple[int, int, int]]:
        covered = self.table.apply(action, "python")
        self.table.play_bot_seats()
        return covered

    def select(self, space: SupportsIndex | None) -> None:
        self.table.select(space)

    def next_step(self) -> None:
        raise IllegalMove(_NEXT)

    def undo(self) -> None:
        self.table.undo("python")

    def redo(self) -> None:
        self.table.redo("python")

    def bot_move(self, name: str | None) -> None:
        self.table.bot_turn(self.table.bot if name is None else check_bot(name))
        self.table.play_bot_seats()

    def hint(self) -> coach.Hint:
        return self.table.ask_hint()

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
