"""The names of the guided game's two seats in every language.

The guided game (``guide``) calls the player it talks to "You" and its opponent "Luna", in the words of
the language it speaks: «Вы» and «Луна» in Russian, 「あなた」 and 「ルナ」 in Japanese, «شما» and «لونا» in
Persian. A name is only a name: who the reader is (the player the sentences about a player tell about as
"you") is a seat the page is given (``reader``), never guessed from a name. Here, just above ``i18n``.
"""

from __future__ import annotations

from typing import Final

from .i18n import cmsg

__all__ = ["LUNA", "YOU", "seat_names"]

#: The name the guided game gives the player it talks to (its reader, seat 0).
YOU: Final = cmsg("the name the guided game gives the player", "You")
#: The name of the guided game's opponent.
LUNA: Final = cmsg("the name of the guided game's opponent", "Luna")


def seat_names(lang: str) -> tuple[str, str]:
    """The guided game's two names in ``lang`` (a language code already checked), the reader's first."""
    return YOU.in_language(lang), LUNA.in_language(lang)
