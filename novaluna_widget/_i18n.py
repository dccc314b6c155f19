"""The languages the engine speaks, and how a message becomes words in one of them.

A player-facing sentence is kept as data, a ``Message``: its English text with ``{placeholders}`` (the
gettext msgid) and the values that fill them. It is put into words only when read, in any language:
``message.in_language("ru")``, or ``str(message)`` in the package language (``set_language``, else the
``NOVALUNA_LANG`` environment variable, else English). English is the msgid itself, so the English
words never depend on a catalogue; the others come from the gettext catalogues shipped in ``locale/``
(compiled by ``make messages`` with Babel, read here by the standard library: no runtime dependency).

Values are worded in the same language as the sentence around them: an int gets the language's digits,
a nested ``Message`` or a ``Joined`` list is worded in turn, a str (a name, a tile id, a quoted value)
is left as it is.

In a language written right to left (``RIGHT_TO_LEFT``: Persian), a value that is not the language's own
words is kept apart from the words around it by Unicode's first-strong isolate (``_ISOLATE``, U+2068, and
``_END_ISOLATE``, U+2069) where it fills a placeholder or joins a list: a str (a name like ``Ann``, a tile
id like ``R07``, a quoted value), a negative number (``-۲``), and a ``_Notation`` (a cell, ``(۱، -۲)``).
Otherwise the bidirectional algorithm of whatever shows plain text (``print``, a notebook's output, a log)
would run the Latin letters, digits and minus signs of neighbouring values together with the punctuation
between them, and show them out of order. Each isolate takes its own direction from its first strong
letter, so a Persian name stays right to left and ``R07`` left to right; a sentence's own words, and a
nested sentence (worded in the language), are not isolated, so a sentence still starts with a letter of
its language and is read right to left even when its first value is a name. A browser shows the isolates
as nothing; English, Russian and Japanese never get them.
"""

from __future__ import annotations

import gettext
import os
import re
import reprlib
import warnings
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import ClassVar, Final, Protocol, overload

__all__ = [
    "ENVIRONMENT",
    "LANGUAGES",
    "RIGHT_TO_LEFT",
    "Joined",
    "Message",
    "SeatName",
    "Value",
    "cell_words",
    "check_language",
    "cmsg",
    "compiled_catalogue",
    "cplural",
    "get_language",
    "in_language",
    "joined",
    "listed",
    "message_of",
    "msg",
    "number",
    "plural",
    "quote",
    "resolve",
    "sentences",
    "set_language",
    "word",
]

#: Every language there is, by code, with its own name for itself.
LANGUAGES: Final[Mapping[str, str]] = MappingProxyType(
    {"en": "English", "ru": "Русский", "ja": "日本語", "fa": "فارسی"}
)
#: The languages written right to left (the board's geometry stays as it is; text and panels follow).
RIGHT_TO_LEFT: Final = frozenset({"fa"})
#: The environment variable that sets the package language when ``set_language`` has not.
ENVIRONMENT: Final = "NOVALUNA_LANG"
#: The gettext domain: ``locale/<lang>/LC_MESSAGES/novaluna.mo``.
_DOMAIN: Final = "novaluna"
#: Unicode's first-strong isolate and its end (U+2068, U+2069): around a value from code in a sentence of
#: a right-to-left language, so that it keeps its own direction (see the module docstring).
_ISOLATE: Final = "\u2068"
_END_ISOLATE: Final = "\u2069"
#: Languages written with no spaces between words.
_NO_SPACES: Final = frozenset({"ja"})
#: Languages whose rulebook writes its own digits (the Persian rulebook: ``۶۸ کاشی``).
_DIGITS: Final = {"fa": str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")}

_chosen: str | None = None


def check_language(lang: object) -> str:
    """``lang`` if it is a language code here, else a ``ValueError`` naming the ones there are."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    there = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    raise ValueError(f"unknown language {quote(lang)}; the languages are {there}")


def set_language(lang: str | None) -> None:
    """Make ``lang`` the package language (None: back to ``NOVALUNA_LANG``, else English)."""
    global _chosen
    _chosen = None if lang is None else check_language(lang)


def get_language() -> str:
    """The package language: the one set last, else ``NOVALUNA_LANG``, else English. An unknown
    ``NOVALUNA_LANG`` is warned about and ignored: words are read while errors print, where a
    ``ValueError`` of its own would hide the error being printed."""
    if _chosen is not None:
        return _chosen
    wanted = os.environ.get(ENVIRONMENT)
    if not wanted:
        return "en"
    if wanted in LANGUAGES:
        return wanted
    warnings.warn(
        f"{ENVIRONMENT}={wanted!r} is not a language here ({', '.join(LANGUAGES)}); using English",
        RuntimeWarning,
        stacklevel=2,
    )
    return "en"


def resolve(lang: str | None) -> str:
    """``lang`` checked, or the package language when it is None."""
    return get_language() if lang is None else check_language(lang)


@cache
def compiled_catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English needs none: its words are the msgids)."""
    if check_language(lang) == "en":
        return gettext.NullTranslations()
    path = files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{_DOMAIN}.mo")
    with path.open("rb") as compiled:  # a resource, so it reads from a zip as well
        return gettext.GNUTranslations(compiled)


def number(value: object, lang: str | None = None) -> str:
    """``value`` with the digits of ``lang``: ``number(68, "fa") == "۶۸"``."""
    return _digits(value, resolve(lang))


def _digits(value: object, lang: str) -> str:
    digits = _DIGITS.get(lang)
    return str(value) if digits is None else str(value).translate(digits)


class _Worded(Protocol):
    """Anything that can be put into words in a language (a ``Message``, a task, an error…)."""

    def in_language(self, lang: str | None = None) -> str: ...


#: What may fill a placeholder.
Value = str | int | _Worded


def word(value: Value, lang: str) -> str:
    """One placeholder's value in words of ``lang``, a language code already checked (see the module
    docstring). Sentences nest, so this runs many times a sentence: the common types come first."""
    if isinstance(value, (Message, Joined)):
        return value._words(lang)
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value) if isinstance(value, bool) else _digits(value, lang)
    return value.in_language(lang)


def _filled(value: Value, lang: str) -> str:
    """A value as it fills a placeholder or joins a list: its words (``word``), isolated in a language
    written right to left if they are not the language's own (a str, a negative number, a ``_Notation``)."""
    words = word(value, lang)
    if lang not in RIGHT_TO_LEFT or not words:
        return words
    if isinstance(value, (str, bool, _Notation)) or (isinstance(value, int) and value < 0):
        return f"{_ISOLATE}{words}{_END_ISOLATE}"
    return words


class Message:
    """A sentence as data: the English text with placeholders (``msgid``, and ``plural`` for a count
    ``n``, which fills ``{n}``), an optional gettext ``context`` and the values. Made by ``msg``,
    ``plural``, ``cmsg`` and ``cplural``, the names ``make messages`` extracts."""

    __slots__ = ("args", "context", "msgid", "n", "plural")
    #: Whether its values from code are isolated in a right-to-left language (``_filled``).
    _isolates: ClassVar[bool] = True

    def __init__(
        self,
        msgid: str,
        args: Mapping[str, Value],
        plural: str | None = None,
        n: int = 0,
        context: str | None = None,
    ) -> None:
        self.msgid, self.args, self.plural, self.n, self.context = msgid, dict(args), plural, n, context

    def template(self, lang: str) -> str:
        """The text of ``lang`` with its placeholders still open."""
        if lang == "en":  # the msgids are the English words
            return self.msgid if self.plural is None or self.n == 1 else self.plural
        if not self.msgid:  # gettext's "" is the catalogue's header
            return ""
        found = compiled_catalogue(lang)
        if self.plural is None:
            if self.context is None:
                return found.gettext(self.msgid)
            return found.pgettext(self.context, self.msgid)
        if self.context is None:
            return found.ngettext(self.msgid, self.plural, self.n)
        return found.npgettext(self.context, self.msgid, self.plural, self.n)

    def in_language(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (None: the package language)."""
        return self._words(resolve(lang))

    def _words(self, lang: str) -> str:
        fill = _filled if lang in RIGHT_TO_LEFT and self._isolates else word
        template = self.template(lang)
        values = {
            key: _numbered(value, lang)
            if isinstance(value, (SeatName, Joined)) and _after_noun(template, key, lang)
            else fill(value, lang)
            for key, value in self.args.items()
        }
        if self.plural is not None:
            values["n"] = _digits(self.n, lang)
        return template.format_map(values)

    def __str__(self) -> str:
        return self.in_language()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.plural, self.n, self.context, self.args) == (
            other.msgid,
            other.plural,
            other.n,
            other.context,
            other.args,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.args!r})"


def msg(msgid: str, /, **args: Value) -> Message:
    """A sentence, e.g. ``msg("{who} takes {tile} from wheel space {space}.", who=..., space=4)``."""
    return Message(msgid, args)


def cmsg(context: str, msgid: str, /, **args: Value) -> Message:
    """A sentence whose English is the same as another's but whose words elsewhere may differ."""
    return Message(msgid, args, context=context)


def plural(one: str, many: str, n: int, /, **args: Value) -> Message:
    """A sentence about ``n`` things (``{n}`` in the text), in the plural form each language needs: gettext
    picks it with the catalogue's Plural-Forms (English: ``one`` for 1, else ``many``)."""
    return Message(one, args, many, n)


def cplural(context: str, one: str, many: str, n: int, /, **args: Value) -> Message:
    """``plural`` with a context (the same English, other words elsewhere)."""
    return Message(one, args, many, n, context)


#: The separators of ``joined``: between the items of a list, between clauses, between a task's colours,
#: and between the track markers of a stack (top first).
_SEPARATORS: Final = MappingProxyType(
    {
        "list": cmsg("separator between the items of a list", ", "),
        "clauses": cmsg("separator between clauses", "; "),
        "task": cmsg("separator between the colours of a task", " + "),
        "stack": cmsg("separator between track markers of a stack, top first", " on top of "),
    }
)


class Joined:
    """Values worded one by one and joined by a separator of the language (see ``_SEPARATORS``)."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Iterable[Value], separator: str = "list") -> None:
        if separator not in _SEPARATORS:
            raise ValueError(f"unknown separator {separator!r}; separators are {', '.join(_SEPARATORS)}")
        self.items, self.separator = tuple(items), separator

    def in_language(self, lang: str | None = None) -> str:
        return self._words(resolve(lang))

    def _words(self, lang: str) -> str:
        fill = _filled if lang in RIGHT_TO_LEFT else word
        return _SEPARATORS[self.separator]._words(lang).join([fill(item, lang) for item in self.items])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Joined):
            return NotImplemented
        return (self.items, self.separator) == (other.items, other.separator)

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.in_language()

    def __repr__(self) -> str:
        return f"Joined({list(self.items)!r})"


class _Notation(Message):
    """A message that is a notation read left to right as one whole, like a cell ``(1, -2)``: in a
    right-to-left language the sentence it fills is kept apart from it by an isolate, and its own values
    are not isolated within it (see the module docstring)."""

    __slots__ = ()
    _isolates: ClassVar[bool] = False


#: The word for a player that stands before a seat's name ("player 2", «игрока 2», «بازیکن ۲»), as the
#: first letters all its forms share (Russian declines it: игрок, игрока, игроку).
_PLAYER: Final = cmsg(
    "the word for a player before a seat's number, as in 'the area of player 2': the letters every form of "
    "it begins with",
    "player",
)


class SeatName(Message):
    """A name the package gave a seat, "Player {n}": in a frame whose words just before it are the word for
    a player («на планшете игрока {name}»), only its number fills the slot («на планшете игрока 2»), so
    that the noun is not said twice («игрока Игрок 2»); a list of them too («поверх токенов игроков 1, 2»).
    Made by ``names``, which gives the default names."""

    __slots__ = ()


def _numbered(value: Value, lang: str) -> str:
    """A seat's default name, or a list of them, as their numbers alone; any other value as it fills a
    slot."""
    if isinstance(value, SeatName):
        return word(value.args["n"], lang)
    if isinstance(value, Joined) and value.items and all(isinstance(v, SeatName) for v in value.items):
        return Joined((v.args["n"] for v in value.items), value.separator)._words(lang)  # type: ignore[union-attr]
    return _filled(value, lang) if lang in RIGHT_TO_LEFT else word(value, lang)


def _after_noun(template: str, key: str, lang: str) -> bool:
    """Whether slot ``key`` of ``template`` (a sentence of ``lang``) follows the word for a player."""
    at = template.find("{" + key + "}")
    return at > 0 and _after_player(lang).search(template, 0, at) is not None


def _after_player(lang: str) -> re.Pattern[str]:
    """The word for a player in any of its forms, then a space or nothing, where a slot begins. Not cached:
    the word is the catalogue's, read afresh (``re`` keeps the compiled pattern)."""
    stem = re.escape(_PLAYER._words(lang))
    if lang in _NO_SPACES:  # no word boundary to see: the word itself, right before the slot
        return re.compile(rf"{stem}$")
    return re.compile(rf"(?<!\w){stem}\w*\s$", re.IGNORECASE)


def cell_words(cell: Sequence[int]) -> Message:
    """A cell of an area as a reader sees it: ``(1, -2)``, in the language's digits and punctuation
    (``(۱، -۲)`` in Persian), a ``_Notation``. Here because the log (below the board) and the board both
    name cells."""
    words = cmsg("a cell of an area", "({x}, {y})", x=cell[0], y=cell[1])
    return _Notation(words.msgid, words.args, context=words.context)


def joined(items: Iterable[Value], separator: str = "list") -> Joined:
    """``items`` joined, e.g. ``joined([2, 3, 5])`` is ``2, 3, 5`` in English and ``2、3、5`` in Japanese."""
    return Joined(items, separator)


def listed(items: Sequence[Value]) -> Value:
    """ "a", "a and b", "a, b and c": the language's separator, and its "and" before the last item."""
    if len(items) == 1:
        return items[0]
    return cmsg(
        "a list of two or more, the last after 'and'",
        "{items} and {last}",
        items=joined(items[:-1]),
        last=items[-1],
    )


@overload
def sentences(first: Value, second: Value, /, *more: Value) -> Message: ...
@overload
def sentences(*parts: Value) -> Value: ...
def sentences(*parts: Value) -> Value:
    """Sentences one after the other, as the language writes them: a space between them, or none in
    Japanese (one sentence is itself)."""
    first, *rest = parts
    for part in rest:
        first = cmsg("two sentences one after the other", "{first} {second}", first=first, second=part)
    return first


def message_of(error: BaseException) -> Message | str:
    """What an exception says, as data when it has it (a ``Message``, to word in any language), else as
    its text (an exception from code that words its own)."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Message) else str(error)


def in_language(error: BaseException, lang: str | None = None) -> str:
    """An exception's message in ``lang``: its ``Message`` worded there, else its text as it is."""
    return word(message_of(error), resolve(lang))


def quote(value: object, limit: int = 100) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about bad input: a damaged save
    file's 50 MB string or a page's deeply nested list must not end up whole in an error (nor be
    written out whole first: ``reprlib`` stops early)."""
    try:
        text = _SHORT.repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        text = f"<a {type(value).__name__} too large to print>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 4, 200, 200, 200
