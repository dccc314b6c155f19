"""The names the package gives seats itself, in every language, and how a sentence tells about a seat.

The guided game (``guide``) calls the player it talks to "You" and its opponent "Luna", in the words of
the language it speaks: «Вы» and «Луна» in Russian, 「あなた」 and 「ルナ」 in Japanese, «شما» and «لونا» in
Persian. Seats given by number are "Player 1", "Player 2"… ("Solo" alone), in the language of the widget
that dealt them (``default_names``). A name is data, saved with the game; but a name the package chose
(``named``) is worded in each sentence's language, so that it follows a change of language, while a
name a user gave stays as given.

A name is only a name: who the reader is (the player the sentences about a player tell about as "you")
is a seat the page is given (``reader``), never guessed from a name. A seat *named* "you" in one of the
languages (``says_you``) is still worded with the reader's verb forms, for grammar's sake ("You take
R05", not "You takes"): agreement with the name, whoever reads. Here, just above ``i18n``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from ._i18n import LANGUAGES, Message, Value, cmsg

__all__ = ["LUNA", "YOU", "default_names", "named", "says_you", "seat_names"]

#: The name the guided game gives the player it talks to (its reader, seat 0).
YOU: Final = cmsg("the name the guided game gives the player", "You")
#: The name of the guided game's opponent.
LUNA: Final = cmsg("the name of the guided game's opponent", "Luna")
#: The name of the solo player when none is given.
_SOLO: Final = cmsg("the name of the solo player when none is given", "Solo")


def _seat(number: int) -> Message:
    return cmsg("the name of a seat when none is given", "Player {n}", n=number)


def seat_names(lang: str) -> tuple[str, str]:
    """The guided game's two names in ``lang`` (a language code already checked), the reader's first."""
    return YOU.in_language(lang), LUNA.in_language(lang)


def default_names(count: int, lang: str) -> list[str]:
    """The names of ``count`` seats given no names, in ``lang`` (a language code already checked): "Solo"
    alone, else "Player 1", "Player 2"… (in English, the names ``Game`` gives its seats)."""
    return [name.in_language(lang) for name in _defaults(count)]


def _defaults(count: int) -> tuple[Message, ...]:
    return (_SOLO,) if count == 1 else tuple(_seat(n) for n in range(1, count + 1))


def named(names: Sequence[str]) -> tuple[Value, ...]:
    """The seats' ``names`` as sentences word them: names the package chose (``default_names`` or the
    guided game's ``seat_names``, all of one language) as messages, which follow the language of each
    sentence; names a user gave as given."""
    return _named(tuple(names))


@lru_cache(maxsize=64)
def _named(names: tuple[str, ...]) -> tuple[Value, ...]:
    for chosen in (_defaults(len(names)), (YOU, LUNA)):
        if any(names == tuple(m.in_language(lang) for m in chosen) for lang in LANGUAGES):
            return chosen
    return names


def says_you(name: str) -> bool:
    """Whether ``name`` is the word "you" of one of the languages (``YOU``'s wordings: You, Вы, あなた,
    شما), so that a sentence about its seat agrees with it as with "you"."""
    return name in _yous()


@cache
def _yous() -> frozenset[str]:
    return frozenset(YOU.in_language(lang) for lang in LANGUAGES)
