"""Screens: pure functions from a view-state value to a 128x64 mode "1" PIL image.

Each view is a frozen dataclass; :func:`render` picks the function for it, so the loop
just does ``device.hw.display(render(view))``. Generic screens live here; a game's screens
compose the same primitives from :mod:`device.ui.draw`.

>>> render(MessageView("Hello", ("world",))).size
(128, 64)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from functools import singledispatch
from typing import Any

from PIL import Image

from device.ui import draw as d
from device.ui.font import FONT


@dataclass(frozen=True)
class TitleView:
    """A big centred title with a subtitle (start-up, winner)."""

    title: str
    subtitle: str = ""
    hint: str = ""


@dataclass(frozen=True)
class MessageView:
    """A header and word-wrapped body text, optional hint on the bottom line."""

    title: str
    lines: tuple[str, ...] = ()
    hint: str = ""
    right: str = ""  # small text at the right of the header, e.g. "2/5"


@dataclass(frozen=True)
class MenuView:
    """A scrolling list with the ``cursor`` item highlighted."""

    title: str
    items: tuple[str, ...]
    cursor: int = 0
    hint: str = ""


@dataclass(frozen=True)
class NumberView:
    """One big value being chosen with UP/DOWN (a score, a count), with arrows."""

    title: str
    value: str
    caption: str = ""
    hint: str = ""
    can_up: bool = True
    can_down: bool = True


@dataclass(frozen=True)
class PlayerRow:
    name: str
    strikes: int = 0
    cards: int = 0
    active: bool = False  # whose turn it is
    out: bool = False  # eliminated


@dataclass(frozen=True)
class PlayersView:
    """Strikes and cards held for up to 8 players; one column up to 4, two up to 8."""

    title: str
    players: tuple[PlayerRow, ...]
    strike_limit: int = 3
    hint: str = ""


@dataclass(frozen=True)
class WinnerView:
    """The game is over: the winner's name, big."""

    name: str
    lines: tuple[str, ...] = ()
    hint: str = "o:new game"


@dataclass(frozen=True)
class ReadView:
    """Waiting for the camera ("Lift the cup", "Pour the dice", "Spread the dice"): what to
    do, a status word for what it sees, the try ("2/3" with ``of``); ``gap``: rows between
    the lines and the status."""

    title: str
    status: str = ""
    lines: tuple[str, ...] = ()
    attempt: int = 0
    hint: str = "m:enter by hand"
    of: int = 0  # the tries before entering by hand: "2/3" in the title bar
    gap: int = 2


@dataclass(frozen=True)
class SpreadDiceView:
    """Ask the players to spread the dice apart so the camera can read them again."""

    title: str = "Spread the dice"
    lines: tuple[str, ...] = ("Move them apart,", "then hands away.")
    hint: str = "o:read again"
    attempt: int = 0  # shown as "try N" when > 0


@dataclass(frozen=True)
class DiceCheckView:
    """Dice read, left to right, one under the cursor (being checked): pip dice drawn as
    faces, other values as text ("x": not a die); a ``note`` and a ``keys`` line under them."""

    title: str
    values: tuple[str, ...]
    cursor: int = 0
    note: str = ""
    keys: str = ""
    hint: str = ""


@singledispatch
def render(view: Any) -> Image.Image:
    """The image for ``view`` (one of this module's view classes, or a registered one)."""
    raise TypeError(f"no screen for {type(view).__name__}")


def screen(cls: type) -> Callable[[Callable[[Any], Image.Image]], Callable[[Any], Image.Image]]:
    """Register a render function for a view class: ``@screen(MyView)``."""

    def register(fn: Callable[[Any], Image.Image]) -> Callable[[Any], Image.Image]:
        render.register(cls)(fn)
        return fn

    return register


@singledispatch
def describe(view: Any) -> str:
    """The screen in plain words on one line, its keys last in brackets: what the
    simulator prints under the frame (the small font drawn in characters is hard to read).

    >>> describe(MessageView("Resume game?", ("Ann, Bob: round 2.",), "o:resume"))
    'Resume game? | Ann, Bob: round 2.  [o:resume]'
    >>> describe(MenuView("Variant", ("Standard", "No Bluffing"), 1, "o:next"))
    'Variant | Standard  > No Bluffing <  [o:next]'
    """
    parts = []
    for f in fields(view) if is_dataclass(view) else ():
        value = getattr(view, f.name)
        if f.name == "hint":
            continue
        if isinstance(value, str) and value:
            parts.append(value)
        elif isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            parts.append(" ".join(value))
    return keyed(" | ".join(parts) or type(view).__name__, getattr(view, "hint", ""))


def keyed(text: str, hint: str) -> str:
    """``text`` with the keys that work now (``hint``) at the end."""
    return f"{text}  [{hint}]" if hint else text


@describe.register
def _(view: MenuView) -> str:
    items = "  ".join(f"> {item} <" if i == view.cursor else item
                      for i, item in enumerate(view.items))
    return keyed(f"{view.title} | {items}", view.hint)


@describe.register
def _(view: NumberView) -> str:
    return keyed(f"{view.title}: {view.value}" + (f" ({view.caption})" if view.caption
                                                   else ""), view.hint)


@describe.register
def _(view: PlayersView) -> str:
    limit = view.strike_limit
    rows = ", ".join(("> " if r.active else "") + f"{r.name} " + (
        "out" if r.out else f"{r.strikes}/{limit} strikes {r.cards} cards")
        for r in view.players)
    return keyed(f"{view.title} | {rows}", view.hint)


@describe.register
def _(view: ReadView) -> str:
    status = f" ({view.status})" if view.status else ""
    return keyed(f"{view.title}: {sentences(view.lines)}{status}", view.hint)


@describe.register
def _(view: DiceCheckView) -> str:
    dice = " ".join(f"[{v}]" if i == view.cursor else v for i, v in enumerate(view.values))
    return keyed(f"{view.title} | {dice} | {view.note}. {view.keys}", view.hint)


@describe.register
def _(view: WinnerView) -> str:
    return keyed(f"WINNER: {view.name}, {sentences(view.lines)}", view.hint)


def sentences(lines: tuple[str, ...]) -> str:
    """Lines as sentences (a full stop added where none ends them).

    >>> sentences(("after 3 rounds", "well played!"))
    'after 3 rounds. well played!'
    """
    return " ".join(ln if ln.endswith((".", "?", "!", ":")) else ln + "." for ln in lines)


@screen(TitleView)
def title_screen(view: TitleView) -> Image.Image:
    image, draw = d.new_image()
    bottom = d.above_hint(view.hint)
    if view.subtitle:
        d.big_text(draw, view.title, 2, bottom - FONT.line_height - 2)
        d.centered(draw, bottom - FONT.line_height - 1, view.subtitle)
    else:
        d.big_text(draw, view.title, 2, bottom)
    if view.hint:
        d.footer(draw, view.hint)
    return image


@screen(MessageView)
def message_screen(view: MessageView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, view.right)
    lines = [line for text in view.lines for line in d.wrap(text, FONT.fits(d.W - 2))]
    d.body_lines(draw, lines, bottom=d.above_hint(view.hint))
    if view.hint:
        d.footer(draw, view.hint)
    return image


@screen(MenuView)
def menu_screen(view: MenuView) -> Image.Image:
    image, draw = d.new_image()
    count = len(view.items)
    d.header(draw, view.title, f"{view.cursor + 1}/{count}" if count > 1 else "")
    d.menu(draw, view.items, view.cursor, bottom=d.above_hint(view.hint))
    if view.hint:
        d.footer(draw, view.hint)
    return image


@screen(NumberView)
def number_screen(view: NumberView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title)
    bottom = d.above_hint(view.hint)
    if view.caption:
        bottom -= FONT.line_height
        d.centered(draw, bottom, view.caption)
    d.big_text(draw, view.value, d.BODY_TOP, bottom - 1, x0=10, x1=d.W - 10)
    mid = d.BODY_TOP + (bottom - d.BODY_TOP - FONT.height) // 2
    if view.can_up:
        d.text(draw, (2, mid - 5), "\u25b2")
    if view.can_down:
        d.text(draw, (2, mid + 5), "\u25bc")
    if view.hint:
        d.footer(draw, view.hint)
    return image


def _player_cell(draw: Any, x: int, y: int, width: int, row: PlayerRow, limit: int) -> None:
    """One player: turn marker, name (struck through when out), strikes, cards held."""
    box = 4 if width < d.W else 5
    cards_w = FONT.text_width("9c")
    boxes_w = limit * (box + 1)
    as_boxes = boxes_w <= width // 3
    strikes_w = boxes_w if as_boxes else FONT.text_width(f"{limit}/{limit}") + 1
    sx = x + width - 1 - cards_w - 3 - strikes_w
    if row.active:
        d.text(draw, (x, y), "\u25b6")
    name = d.clip(row.name, FONT.fits(sx - (x + 7) - 2))
    end = d.text(draw, (x + 7, y), name)
    if row.out:
        draw.line((x + 7, y + 3, end - 2, y + 3), fill=1)
    strikes = min(row.strikes, limit)
    if as_boxes:
        d.marks(draw, (sx, y + (7 - box) // 2), strikes, limit, size=box, gap=1)
    else:
        d.text(draw, (sx, y), f"{strikes}/{limit}")
    if row.cards:
        d.right(draw, y, f"{row.cards}c", x1=x + width - 1)


@screen(PlayersView)
def players_screen(view: PlayersView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title)
    players = view.players[:8]
    cells = d.row_cells(draw, len(players), d.BODY_TOP, d.above_hint(view.hint))
    limit = max(1, view.strike_limit)
    for (x, y, width), row in zip(cells, players, strict=True):
        _player_cell(draw, x, y, width, row, limit)
    if view.hint:
        d.footer(draw, view.hint)
    return image


@screen(WinnerView)
def winner_screen(view: WinnerView) -> Image.Image:
    image, draw = d.new_image()
    bottom = d.hint_footer(draw, view.hint)
    d.centered(draw, 1, "\u2605 WINNER \u2605".replace("\u2605", "*"))
    d.big_text(draw, view.name, 10, 33, max_scale=3)
    lines = [ln for t in view.lines for ln in d.wrap(t, FONT.fits(d.W - 2))]
    d.body_lines(draw, lines, top=35, bottom=bottom, center=True)
    return image


@screen(ReadView)
def read_screen(view: ReadView) -> Image.Image:
    image, draw = d.new_image()
    tries = f"{view.attempt}/{view.of}" if view.of else f"try {view.attempt}"
    d.header(draw, view.title, tries if view.attempt > 1 or view.of else "")
    bottom = d.hint_footer(draw, view.hint)
    lines = [ln for t in view.lines for ln in d.wrap(t, FONT.fits(d.W - 4))]
    d.body_lines(draw, lines, top=d.BODY_TOP + 1, bottom=bottom - FONT.line_height - view.gap,
                 center=True)
    if view.status:
        y = bottom - FONT.line_height - view.gap
        d.centered(draw, y, f"\u00b7 {view.status} \u00b7")
    return image


@screen(DiceCheckView)
def dice_check_screen(view: DiceCheckView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title)
    bottom = d.hint_footer(draw, view.hint)
    n = max(1, len(view.values))
    wide = max([18, *(FONT.text_width(v) + 4 for v in view.values if not _pips(v))])
    pitch = min(wide + 6, (d.W - 4) // n)
    size, width = min(18, pitch - 3), min(wide, pitch - 3)
    x = (d.W - pitch * n) // 2 + 3
    y = d.BODY_TOP + 3
    for i, value in enumerate(view.values):
        if _pips(value):
            d.die(draw, (x + (width - size) // 2, y), size, int(value))
        else:
            draw.rectangle((x, y, x + width - 1, y + size - 1), outline=1, fill=0)
            d.centered(draw, y + (size - FONT.height) // 2, value, x0=x, x1=x + width)
        if i == view.cursor:  # the die being checked: underlined
            draw.rectangle((x, y + size + 1, x + width - 1, y + size + 2), fill=1)
        x += pitch
    lines = [ln for t in (view.note, view.keys) if t for ln in d.wrap(t, FONT.fits(d.W - 2))]
    d.body_lines(draw, lines, top=y + size + 5, bottom=bottom, center=True)
    return image


def _pips(value: str) -> bool:
    return len(value) == 1 and value in "123456"


@screen(SpreadDiceView)
def spread_dice_screen(view: SpreadDiceView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, f"try {view.attempt}" if view.attempt else "")
    size = 16
    y = d.BODY_TOP + 2
    d.die(draw, (4, y), size, 3)
    d.die(draw, (d.W - 4 - size, y), size, 5)
    d.text(draw, (4 + size + 4, y + 5), "\u25c0")
    d.text(draw, (d.W - 4 - size - 4 - 5, y + 5), "\u25b6")
    lines = [ln for t in view.lines for ln in d.wrap(t, FONT.fits(d.W - 2))]
    d.body_lines(draw, lines, top=y + size + 3, bottom=d.above_hint(view.hint), center=True)
    if view.hint:
        d.footer(draw, view.hint)
    return image


__all__ = [
    "DiceCheckView", "MenuView", "MessageView", "NumberView", "PlayerRow", "PlayersView",
    "ReadView", "SpreadDiceView", "TitleView", "WinnerView", "describe", "keyed", "render",
    "screen",
    "sentences",
]
