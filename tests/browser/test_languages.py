"""The widget in Persian and Russian in a real browser: the root says its language and direction, Persian
reads right to left while the boards keep their geometry, the language menu switches (Python re-words, the
page follows), nothing is cut off at 800 and 1280 px, no English word is left anywhere a reader or a screen
reader meets it, and axe finds no violation. The screenshots in tests/artifacts/ show what a reader sees."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import ARTIFACTS
from .lab import (
    axe_violations,
    collapse_left,
    kernel_json,
    show_cells,
    wait_drawn,
    wait_for_python,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.kept_tab  # each test's cells show its widget in one notebook (conftest)


def game(lang: str) -> str:
    """Four players mid-game, with a hint on show (its words are the longest the page holds)."""
    return (
        "from novaluna_widget import NovaLunaWidget\n"
        f"w = NovaLunaWidget(players=['You', 'Bo', 'Cy', 'Dee'], seed=5, lang={lang!r},\n"
        "                   bots={1: 'greedy', 2: 'greedy', 3: 'greedy'})\n"
        "while w.game.turn < 24: w.bot_move('greedy')\n"
        "w.hint()\n"
        "w"
    )


# Text cut off in the widget: a box whose words overflow it, a button or badge too small for its words, an
# SVG label wider than its pill. The status lines are left out: they keep a fixed number of lines by design
# (so that the board never moves), and the live region and the move log keep every word.
CLIPPED = """(root) => {
  const found = [];
  const name = (el) => `${el.getAttribute('class') ?? el.tagName}: ${el.textContent.trim().slice(0, 60)}`;
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof SVGElement || !el.getClientRects().length) continue;
    if (el.closest('.nl-said, .nl-explain, ol, select')) continue;
    const style = getComputedStyle(el);
    const cut = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (cut && el.scrollWidth > el.clientWidth + 1) found.push(`overflows: ${name(el)}`);
    if (el.matches('button, .nl-badge, .nl-tokens, .nl-name')) {
      const box = el.getBoundingClientRect(), range = document.createRange();
      range.selectNodeContents(el);
      const words = range.getBoundingClientRect();
      if (words.left < box.left - 1 || words.right > box.right + 1) found.push(`too narrow: ${name(el)}`);
    }
  }
  for (const tag of root.querySelectorAll('.nl-tag')) {
    if (tag.querySelector('text').getBBox().width > tag.querySelector('rect').getBBox().width)
      found.push(`label wider than its pill: ${tag.textContent}`);
  }
  return found;
}"""


# Every word the widget holds: its text (the live region's and the SVG titles' too) and the attributes a
# screen reader or a tooltip says. The language menu names each language in its own words.
WORDS = """(root) => {
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); )
    if (!node.parentElement.closest('.nl-lang-pick')) found.push(node.textContent);
  const names = ['title', 'aria-label', 'aria-valuetext', 'aria-roledescription', 'data-busy'];
  for (const el of root.querySelectorAll('*'))
    for (const name of names) if (el.hasAttribute(name)) found.push(el.getAttribute(name));
  return found;
}"""
# What may stay Latin: the game's name, tile ids and the colour letters they begin with (on each tile), the
# players' names, keys as keyboards print them, and game.log (Python's name for the whole log).
NOT_ENGLISH = re.compile(
    r"Nova Luna|(?<![A-Za-z0-9])[RBTY](\d\d)?(?![A-Za-z0-9])"
    r"|(?<![A-Za-z])(You|Bo|Cy|Dee|Esc|Tab|Enter)(?![A-Za-z])|'game\.log'"
)


def english_words(root: Any) -> list[str]:
    """The widget's words with Latin letters in them that are not names, ids or keys."""
    return sorted(
        {text.strip() for text in root.evaluate(WORDS) if re.search(r"[A-Za-z]", NOT_ENGLISH.sub("", text))}
    )


# Where each wheel space is drawn, within the wheel, in hundredths of the wheel's width.
SPACES = """(root) => {
    const wheel = root.querySelector('.nl-wheel').getBoundingClientRect();
    return [...root.querySelectorAll('.nl-wheel [data-space]')].map((s) => {
        const b = s.getBoundingClientRect();
        const at = (v, from) => Math.round((100 * (v - from)) / wheel.width);
        return [at(b.x, wheel.x), at(b.y, wheel.y)];
    });
}"""


@pytest.mark.parametrize(
    ("lang", "width"), [("fa", 800), ("fa", 1280), ("ru", 800), ("ru", 1280), ("ja", 1280)]
)
def test_nothing_is_cut_off_and_axe_is_clean(page: Page, lang: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 1000})
    root = show_cells(page, game(lang))
    if width < 1000:  # as a reader on a small screen: the file browser closed
        collapse_left(page)
    assert (root.get_attribute("lang"), root.get_attribute("dir")) == (lang, "rtl" if lang == "fa" else "ltr")
    assert root.evaluate(CLIPPED) == [], "at the start"
    assert english_words(root) == [], "at the start"
    assert axe_violations(page) == [], "at the start"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / f"widget-{lang}-{width}.png", animations="disabled")

    root.locator(".nl-takeable").first.click()
    wait_for_python(page, "w.selected is not None")
    wait_drawn(page, root)
    assert root.evaluate(CLIPPED) == [], "a tile chosen"
    assert english_words(root) == [], "a tile chosen"
    assert axe_violations(page) == [], "a tile chosen"
    root.screenshot(path=ARTIFACTS / f"widget-{lang}-{width}-chosen.png", animations="disabled")
    assert kernel_json(page, "[w.lang, w.state['lang']]") == [lang, lang]


def test_persian_reads_right_to_left_and_the_boards_keep_their_geometry(page: Page) -> None:
    root = show_cells(page, game("fa"))
    found = root.evaluate("""(root) => {
        const dir = (sel) => getComputedStyle(root.querySelector(sel)).direction;
        return {
            page: [dir('.nl-toolbar'), dir('.nl-status')],
            boards: [dir('.nl-wheel'), dir('.nl-card-big .nl-area'), dir('.nl-track-no')],
            words: [dir('.nl-centre'), dir('.nl-pile-label')],
            digits: [...root.querySelectorAll('.nl-track-no')].slice(10, 13).map((t) => t.textContent),
            // The toolbar runs right to left: its first button stands right of its last.
            toolbar: root.querySelector('[data-action=refill]').getBoundingClientRect().left >
                root.querySelector('[data-action=new]').getBoundingClientRect().left,
        };
    }""")
    assert found == {
        "page": ["rtl", "rtl"],
        "boards": ["ltr", "ltr", "ltr"],
        "words": ["rtl", "rtl"],
        "digits": ["۱۰", "۱۱", "۱۲"],
        "toolbar": True,
    }
    # Where the wheel's spaces are drawn within the wheel does not depend on the language (the page around it
    # is mirrored: the wheel stands on the right).
    spaces = root.evaluate(SPACES)
    kernel_json(page, "setattr(w, 'lang', 'en') or None")  # Python re-words; the page follows
    page.wait_for_function("() => document.querySelector('.nl-root').lang === 'en'")
    assert root.get_attribute("dir") == "ltr"
    assert len(spaces) == 12 and root.evaluate(SPACES) == spaces


def test_the_language_menu_switches_and_python_rewords(page: Page) -> None:
    root = show_cells(page, game("en"))
    menu = root.locator(".nl-lang-pick")
    options = menu.evaluate("(m) => [...m.options].map((o) => [o.value, o.textContent, o.lang])")
    assert options == [
        ["en", "English", "en"],
        ["ru", "Русский", "ru"],
        ["ja", "日本語", "ja"],
        ["fa", "فارسی", "fa"],
    ]
    assert menu.get_attribute("aria-label") == "language"
    kernel_json(page, "w.bot_move('greedy') or None")  # news from the log (the hint is dropped)
    wait_drawn(page, root)
    version = kernel_json(page, "w.version")
    english = root.locator(".nl-said").text_content() or ""
    assert kernel_json(page, "w.state['log'][-1][3]") in english
    menu.focus()  # as a click on it would
    menu.select_option("ru")
    wait_for_python(page, "w.lang == 'ru'")
    page.wait_for_function("() => document.querySelector('.nl-root').lang === 'ru'")
    # Python re-worded the state (its log is Russian now), the position is the same, the menu shows Russian
    # and keeps the focus.
    assert kernel_json(page, "[w.version, w.state['lang'], w.last_error]") == [version, "ru", None]
    log = root.locator(".nl-log li").first.text_content() or ""
    assert any("а" <= c <= "я" for c in log), log
    assert menu.input_value() == "ru"
    assert root.evaluate("(root) => document.activeElement === root.querySelector('.nl-lang-pick')")
    # The status line says the same news again in the new language, never the old words (nor nothing).
    reworded = (
        "(english) => { const said = document.querySelector('.nl-root .nl-said').textContent;"
        " return /[а-я]/.test(said) && !said.includes(english); }"
    )
    page.wait_for_function(reworded, arg=english)
    menu.select_option("en")
    wait_for_python(page, "w.lang == 'en'")
    page.wait_for_function("() => document.querySelector('.nl-root').lang === 'en'")
    page.wait_for_function(
        "(english) => document.querySelector('.nl-root .nl-said').textContent === english", arg=english
    )
    turn = kernel_json(page, "w.game.turn") + 1
    assert root.locator(".nl-headline").text_content() == f"☾ Nova Luna Turn {turn} · You to move"


@pytest.mark.parametrize("lang", ["fa", "ja"])
def test_the_guided_game_speaks_the_readers_language_from_its_first_step(page: Page, lang: str) -> None:
    # The guided game names its seats in its language too («شما» against «لونا»): no English word anywhere,
    # before the first click and after the step's click.
    root = show_cells(
        page,
        f"from novaluna_widget import NovaLunaWidget\nw = NovaLunaWidget.tutorial(lang={lang!r})\nw",
    )
    assert english_words(root) == [], "the first step"
    root.locator(".nl-click").first.click()
    wait_for_python(page, "w.guide.step.number > 1")
    wait_drawn(page, root)
    assert english_words(root) == [], "the second step"
    assert axe_violations(page) == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=ARTIFACTS / f"guided-{lang}.png", animations="disabled")


def test_default_names_follow_the_menu_and_a_seat_named_you_agrees(page: Page) -> None:
    from playwright.sync_api import expect

    setup = "from novaluna_widget import Game, NovaLunaWidget\nw = NovaLunaWidget(players=2, seed=5)\nw"
    root = show_cells(page, setup)
    names = root.locator(".nl-name")
    expect(names).to_have_text(["Player 1", "Player 2"])
    root.locator(".nl-lang-pick").select_option("ru")
    wait_for_python(page, "w.lang == 'ru'")
    # The package's own names for the seats follow the language; the game's data is unchanged.
    expect(names).to_have_text(["Игрок 1", "Игрок 2"])
    expect(root).not_to_contain_text("Player")
    assert kernel_json(page, "[p.name for p in w.game.players]") == ["Player 1", "Player 2"]
    # A seat named "You" with no reader: the page's sentences about it agree with the name ("in your area").
    kernel_json(page, "setattr(w, 'game', Game(['You', 'Bo'], seed=4)) or setattr(w, 'lang', 'en')")
    wait_for_python(page, "w.lang == 'en' and w.game.current_player == 0 and w.reader is None")
    wait_drawn(page, root)
    root.locator(".nl-takeable").first.click()
    wait_for_python(page, "w.selected is not None")
    expect(root.locator(".nl-now")).to_contain_text("in your area: click a lit cell")
