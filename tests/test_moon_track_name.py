"""One name for the moon track in every language: a game's picture names each marker's place on it as the
widget does ("moon track 5"), never as a "time"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from novaluna_widget import Game
from novaluna_widget._i18n import LANGUAGES, number
from novaluna_widget._render import game_svg

PAGE = json.loads((Path(__file__).resolve().parents[1] / "js" / "locale.json").read_text(encoding="utf-8"))
TIME = {"en": "time", "ru": "время", "ja": "時間", "fa": "زمان"}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_pictures_panels_name_the_moon_track_as_the_widget_does(lang: str) -> None:
    game = Game(3, seed=4)
    for _ in range(7):
        game.play(game.legal_moves()[0])
    svg = game_svg(game, lang=lang)
    phrase = "moon track {space}" if lang == "en" else PAGE["catalogues"][lang]["moon track {space}"]
    for player in game.players:
        assert phrase.format(space=number(player.space, lang)) in svg, (lang, player.space)
    assert TIME[lang] not in svg
