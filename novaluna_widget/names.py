"""The names of the guided game's two seats in every language.

The guided game (``guide``) calls the player it talks to "You" and its opponent "Luna", in the words of
the language it speaks: «Вы» and «Луна» in Russian, 「あなた」 and 「ルナ」 in Japanese, «شما» and «لونا» in
Persian. A name is only a name: who the reader is (the player the sentences about a player tell about as
"you") is a seat the page is given (``reader``), never guessed from a name. A seat *named* "you" in one of
the languages (``says_you``) is still worded with the reader's verb forms, for grammar's sake ("You take
R05", not "You takes"): agreement with the name, whoever reads. Here, just above ``i18n``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from .i18n import LANGUAGES, cmsg

__all__ = ["LUNA", "YOU", "says_you", "seat_names"]

#: The name the guided game gives the player it talks to (its reader, seat 0).
YOU: Final = cmsg("the name the guided game gives the player", "You")
#: The name of the guided game's opponent.
LUNA: Final = cmsg("the name of the guided game's opponent", "Luna")


def seat_names(lang: str) -> tuple[str, str]:
    """The guided game's two names in ``lang`` (a language code already checked), the reader's first."""
    return YOU.in_language(lang), LUNA.in_language(lang)


def says_you(name: str) -> bool:
    """Whether ``name`` is the word "you" of one of the languages (``YOU``'s wordings: You, Вы, あなた,
    شما), so that a sentence about its seat agrees with it as with "you"."""
    return name in _yous()


@cache
def _yous() -> frozenset[str]:
    return frozenset(YOU.in_language(lang) for lang in LANGUAGES)
