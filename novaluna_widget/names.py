"""The names of the guided game's two seats in every language, and which player is the reader.

The guided game (``guide``) calls the player it talks to "You" and its opponent "Luna", in the words of
the language it speaks: «Вы» and «Луна» in Russian, 「あなた」 and 「ルナ」 in Japanese, «شما» and «لونا» in
Persian. A player named ``YOU`` in any language is the reader, whom the sentences about a player (the
page's log in ``story``, the coach's advice, the guide, the page's ``players[].you``) tell about as
"you" rather than by name: ``is_you`` says which, whatever the language the game was named in and the
language it is read in. Here, just above ``i18n``, so that every layer that words a player can ask.
"""

from __future__ import annotations

from typing import Final

from .i18n import LANGUAGES, cmsg

__all__ = ["LUNA", "YOU", "is_you", "seat_names"]

#: The name the guided game gives the player it talks to; a player of that name (in any language, any
#: case, spaces around it) is told about as "you".
YOU: Final = cmsg("the name the guided game gives the player", "You")
#: The name of the guided game's opponent.
LUNA: Final = cmsg("the name of the guided game's opponent", "Luna")


#: ``YOU`` in every language, folded: the names a player is told about as "you" by. Read from the shipped
#: catalogues once, on import, so that asking never reads a catalogue (English reads none).
_YOU_NAMES: Final = frozenset(YOU.in_language(lang).strip().casefold() for lang in LANGUAGES)


def is_you(name: str) -> bool:
    """Whether the player of this name is the reader, told about as "you": ``YOU`` in any language
    ("You", "Вы", "あなた", "شما"), in any case, with spaces around it or not."""
    return name.strip().casefold() in _YOU_NAMES


def seat_names(lang: str) -> tuple[str, str]:
    """The guided game's two names in ``lang`` (a language code already checked), the reader's first."""
    return YOU.in_language(lang), LUNA.in_language(lang)
