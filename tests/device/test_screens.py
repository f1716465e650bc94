"""Screens: golden images on luma's dummy device, and layout helpers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from luma.core.device import dummy
from luma.core.render import canvas
from PIL import Image

from device.ui import draw as d
from device.ui.font import BIG, FONT, GLYPHS
from device.ui.views import (
    MenuView,
    MessageView,
    NumberView,
    PlayerRow,
    PlayersView,
    SpreadDiceView,
    TitleView,
    render,
    screen,
)

Golden = Callable[[str, Image.Image], None]
GoldenView = Callable[[str, Any], None]

NAMES = ["Al", "Bea", "Cy", "Dee", "Eve", "Fynn", "Gus", "Hal"]
VIEWS = {
    "title": TitleView("bluffbox", "Bamboozled", "o:start  m:menu"),
    "message": MessageView(
        "Challenge!", ("Bea challenges Al's 65. Lift the cup and keep hands away.",), "o:ok"),
    "message_long": MessageView("Long", ("word " * 60,), right="2/5"),
    "menu": MenuView("Players", tuple(f"{n} players" for n in range(2, 9)), 4, "o:pick b:back"),
    "menu_top": MenuView("Start", ("Resume game", "New game"), 0),
    "menu_end": MenuView("Pick", tuple(f"item {i}" for i in range(12)), 11),
    "number": NumberView("Al declares", "65", "3 of 35", "w/s:score  o:ok"),
    "number_wide": NumberView("Name", "Christopher", can_down=False),
    "players3": PlayersView(
        "Strikes",
        (PlayerRow("Al", 1, 2, active=True), PlayerRow("Bea"),
         PlayerRow("Christopher", 3, 1, out=True)),
        3, "o:next"),
    "players8": PlayersView(
        "Table",
        tuple(PlayerRow(n, i % 4, i % 3, i == 2, i == 5) for i, n in enumerate(NAMES)), 3),
    "players5_limit5": PlayersView(
        "Strikes", tuple(PlayerRow(n, i) for i, n in enumerate(NAMES[:5])), 5, "o:next"),
    "spread": SpreadDiceView(attempt=2),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_screen_golden_on_dummy_device(name: str, golden_view: GoldenView) -> None:
    golden_view(name, VIEWS[name])


def test_screens_are_pure() -> None:
    for view in VIEWS.values():
        assert render(view).tobytes() == render(view).tobytes()


def test_font_sheet_golden(golden: Golden) -> None:
    """Every glyph at both sizes: changing the font is a visible, reviewed change."""
    oled = dummy(width=128, height=64, mode="1")
    chars = "".join(GLYPHS)
    with canvas(oled) as draw:  # the primitives work on luma's canvas too
        for i in range(0, len(chars), 21):
            FONT.draw(draw, (0, (i // 21) * 8), chars[i : i + 21])
        BIG.draw(draw, (0, 48), "0123456789")
    golden("font_sheet", oled.image)


def test_rotation_on_dummy_device(golden: Golden) -> None:
    oled = dummy(width=128, height=64, rotate=2, mode="1")
    oled.display(render(VIEWS["number"]))
    golden("number_rot2", oled.image)


def test_unknown_view_and_registering_a_screen() -> None:
    class Blank:
        pass

    with pytest.raises(TypeError, match="no screen for Blank"):
        render(Blank())

    @screen(Blank)
    def blank(view: Blank) -> Image.Image:
        return d.new_image()[0]

    assert render(Blank()).getbbox() is None


def test_wrap_and_clip() -> None:
    assert d.wrap("aa bb cc", 5) == ["aa bb", "cc"]
    assert d.wrap("abcdefgh", 3) == ["abc", "def", "gh"]
    assert d.wrap("a\n\nb", 5) == ["a", "", "b"]
    assert d.clip("Christopher", 6) == "Chris."
    assert d.clip("Al", 6) == "Al"


def test_scroll_window_keeps_cursor_visible() -> None:
    for count in range(1, 15):
        for cursor in range(count):
            first = d.scroll_window(count, cursor, 4)
            assert first <= cursor < first + 4
            assert 0 <= first <= max(0, count - 4)


def test_font_metrics_and_unknown_glyphs() -> None:
    assert FONT.fits(128) == 21 and FONT.line_height == 8
    assert BIG.advance == 12 and BIG.height == 14
    assert FONT.glyph("\u20ac").tobytes() == FONT.glyph("?").tobytes()
    for ch, rows in GLYPHS.items():
        assert len(rows) in (7, 8) and all(len(r) == 5 for r in rows), ch
        assert set("".join(rows)) <= {"#", "."}, ch
