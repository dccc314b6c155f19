"""Write js/locale.json, the page's words in every language, from the page's gettext catalogues.

The page (js/) words its sentences with gettext messages of the domain ``novaluna_page``: ``make messages``
extracts them into ``novaluna_widget/locale/novaluna_page.pot`` and merges that into each language's
``<lang>/LC_MESSAGES/novaluna_page.po``, then runs this script; esbuild bundles the JSON it writes (as it
bundles drawing.json), and js/i18n.js reads it. Babel, a build-time tool, reads the catalogues here; the
page needs nothing at run time but the browser's ``Intl.PluralRules``.

locale.json holds:

- ``languages``: every language's code and its own name (``novaluna_widget._i18n.LANGUAGES``);
- ``plural_index``: per language, each plural category ``Intl.PluralRules`` may answer for a whole number
  (CLDR's, as Babel knows them) → the index of the catalogue's form that its Plural-Forms picks for such a
  number, found by trying the numbers 0–999 with both rules (and checked to agree);
- ``digits``: the digits 0–9 of the languages that write their own (``i18n.number``);
- ``catalogues``: per language, each translated message by its msgid (``context\\u0004msgid`` with a
  context): a string, or the list of plural forms. Untranslated messages are left out: the page says them
  in English.

Usage: ``python js/build_locale.py`` (``--check`` only says whether js/locale.json is up to date).
"""

from __future__ import annotations

import argparse
import gettext
import json
import sys
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from novaluna_widget._i18n import LANGUAGES, number  # noqa: E402

DOMAIN = "novaluna_page"
LOCALE = ROOT / "novaluna_widget" / "locale"
OUTPUT = ROOT / "js" / "locale.json"
#: gettext's separator between a context and a msgid.
CONTEXT = "\x04"


def read_catalogue(lang: str) -> Catalog:
    """The page's catalogue of ``lang``."""
    with open(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as po:
        return read_po(po, locale=lang)


def plural_index(lang: str, plural_expr: str) -> dict[str, int]:
    """Each CLDR plural category of ``lang`` that a whole number has → the form gettext's ``plural_expr``
    gives such a number. A category whose numbers gettext puts in two forms is an error: the page could
    not pick between them."""
    category_of = Locale.parse(lang).plural_form
    form_of = gettext.c2py(plural_expr)
    index: dict[str, int] = {}
    for n in range(1000):
        category, form = category_of(n), form_of(n)
        if index.setdefault(category, form) != form:
            raise ValueError(f"{lang}: the numbers of plural category {category!r} take forms "
                             f"{index[category]} and {form} in gettext's {plural_expr!r}")  # fmt: skip
    return dict(sorted(index.items()))


def translations(catalogue: Catalog) -> dict[str, str | list[str]]:
    """The translated messages, by key (``context\\x04msgid`` with a context); plurals by their singular."""
    found: dict[str, str | list[str]] = {}
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        one = message.id if isinstance(message.id, str) else message.id[0]
        key = one if message.context is None else f"{message.context}{CONTEXT}{one}"
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        if forms and all(forms):
            found[key] = forms[0] if isinstance(message.string, str) else forms
    return dict(sorted(found.items()))


def locale_data() -> dict[str, Any]:
    """What js/locale.json holds (see the module's docstring)."""
    others = [lang for lang in LANGUAGES if lang != "en"]
    catalogues = {lang: read_catalogue(lang) for lang in others}
    plurals = {"en": plural_index("en", "(n != 1)")}
    plurals.update({lang: plural_index(lang, catalogues[lang].plural_expr) for lang in others})
    digits = {lang: number("0123456789", lang) for lang in LANGUAGES}
    return {
        "languages": dict(LANGUAGES),
        "plural_index": plurals,
        "digits": {lang: d for lang, d in digits.items() if d != "0123456789"},
        "catalogues": {lang: translations(catalogues[lang]) for lang in others},
    }


def render(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only check that js/locale.json is up to date")
    text = render(locale_data())
    if parser.parse_args().check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            sys.exit(f"{OUTPUT.relative_to(ROOT)} is stale: run `make messages`")
        return
    OUTPUT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
