"""One step of the widget, as pgx and OpenSpiel step a state: ``step(screen, intent)`` is the screen after
``intent``. The screen (``modes.Screen``) is the widget's whole state as a value: the mode, over the table
it plays on (``session.Table``: which game, its seats and bots, the language, the trainer), the version of
the picture, the tile chosen, the hint, the error. A step never changes the screen it is given, nor the
table in it: what changes comes back in the next screen, a table changed by ``dataclasses.replace`` and the
mode put over it (``Mode.on``). The one thing a step changes in place is the game on the table, the engine's
mutable object, through ``Table.apply``; what it played waits in the session (``Session.record``) for the
controller to tell the ``on_move`` callbacks once the screen after the step is its own.

The step's own intents (``why``, ``language``, ``new``) are the same in every mode; every other goes to the
mode on the screen. A refusal raises, and the screen given stands: nothing in it changed. ``catch_up`` is
the one place a change of the game becomes a new version. No anywidget, traitlets or IPython.
"""

from __future__ import annotations

from dataclasses import replace

from ._contract import Intent
from ._i18n import check_language
from ._modes import Mode, Screen, Showing, home
from ._session import Source
from ._why import ask

__all__ = ["catch_up", "enter", "showing", "speak", "start_new_game", "step"]


def step(screen: Screen, intent: Intent) -> Screen:
    """The screen after ``intent`` (well formed: ``protocol.parse_intent``), made on ``screen`` (caught up
    with the game: ``catch_up``). ``IllegalMove`` (and the progress file's ``ProgressError``) refuses."""
    if intent["action"] == "why":  # a question about the picture, in every mode; never a move
        return screen._replace(asked=ask(screen, screen.table.game, intent["task"], intent["version"]))
    screen.mode.check(intent, screen.version)
    if intent["action"] == "language":  # in every mode, on an earlier position alike
        return speak(screen, intent["lang"], background=True)
    if intent["action"] == "new":  # leaves any mode for a new game
        return start_new_game(screen, None, "page")
    return enter(screen, screen.mode.handle(screen, intent))


def enter(before: Screen, after: Screen) -> Screen:
    """``after``, once its mode (if another) showed it can build its part of the state: a mode made on
    something it cannot show raises here, and ``before`` stands. The mode left (not the same one gone on:
    ``Mode.goes_on``) says what it has to say."""
    if after.mode is before.mode:
        return after
    after.mode.part()
    if after.mode.goes_on(before.mode):
        return after
    said = before.mode.leave()  # the puzzles left: a hint taken is recorded
    return after if said is None else after._replace(error=said)


def showing(mode: Mode) -> Showing:
    """What the version counts now."""
    game = mode.table.game
    return Showing(id(game), game.history, game.can_redo, mode.picture())


def catch_up(screen: Screen, now: Showing | None = None) -> Screen:
    """``screen`` after the changes made to the game since it was drawn: another picture is a new version,
    which shows the position now, drops the tile chosen, the hint and a review of another history, and
    lets the mode follow (``Mode.changed``: the guided game left, the puzzles kept over the game now); an
    ``on_move`` callback that failed is said. ``now``: the picture now, if the caller has it already.

    This is the one place any of that happens: whether the picture is fresh is one comparison of the
    picture now with the one drawn (``Showing``, a named tuple: the game, its history, whether it can be
    redone, what the mode shows instead), and publishing (``Controller.refresh``) only catches up, then
    builds the page's state from the screen, changing nothing."""
    table = screen.table
    failed = table.session.failure()
    if failed is not None:
        screen = screen._replace(error=failed)
    now = showing(screen.mode) if now is None else now
    if now == screen.picture:
        return screen
    table.panel.follow(table.game)
    screen = screen._replace(picture=now, version=screen.version + 1, selected=None, hint=None)
    return screen.mode.changed(screen)


def speak(screen: Screen, lang: object, *, background: bool) -> Screen:
    """Speak ``lang`` from now on: everything on show is worded again (a review too: there and then, or by
    the page's ``run`` if ``background``); the position and its version stay. ``ValueError`` for a language
    there is not."""
    lang = check_language(lang)
    if lang == screen.table.lang:
        return screen
    # First a change made behind the widget's back: what is re-worded is on show.
    screen = catch_up(screen)
    before = screen.table
    # The guided game names its seats in the language: the same game, renamed, the same version.
    table = screen.mode.reword(replace(before, lang=lang))
    screen = screen.on(table)
    if table.game is not before.game and screen.picture is not None:
        screen = screen._replace(picture=screen.picture._replace(game=id(table.game)))
    if screen.hint is not None:  # the coach words its reason once: asked again (same seed, same move)
        screen = screen._replace(hint=table.coach_hint())
    # The rows' own words are cheap; the comments are the coach's: the page's language menu has the
    # review worded again by ``run``, as its Review button.
    table.panel.reword(table.game, lang, table.reader, background=background)
    return screen


def start_new_game(screen: Screen, seed: int | None, source: Source) -> Screen:
    """Leave any mode for a new game (dealt from ``seed``, else the session's generator), played as any
    game; an error about the old game means nothing in the new one."""
    screen.mode.leave()
    table = screen.mode.new_game().new_game(seed, source)
    return screen._replace(mode=home(table), error=None)
