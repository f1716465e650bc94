"""The BamBoozal pot's screens: pure functions from a view value to a 128x64 image.

Registered with :func:`device.ui.views.screen`, so ``render(view)`` draws them;
:mod:`device.bamboozal.flow` makes the views and nothing here knows the rules.

* :class:`LedgerView`: one row per player (name, an amount, a mark), one column up to four
  players and two up to six, a note line: who pays what, the balances, the final result.
* :class:`PickView`: a choice with UP/DOWN (the trump suit, play or fold, a round's
  winner) with the trump suit drawn in the header as a reminder.

The font has no suit symbols: :func:`suit_icon` draws them from :data:`SUIT_ICONS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from device.ui import draw as d
from device.ui.font import FONT
from device.ui.views import describe, keyed, screen
from games.bamboozal import Suit

#: 7x7 suit symbols (``#`` lit).
SUIT_ICONS: dict[Suit, tuple[str, ...]] = {
    Suit.DIAMONDS: ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."),
    Suit.CLUBS: ("..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###.."),
    Suit.HEARTS: (".##.##.", "#######", "#######", ".#####.", "..###..", "...#...", "......."),
    Suit.SPADES: ("...#...", "..###..", ".#####.", "#######", "#######", "...#...", "..###.."),
}
ICON_W = 7


def suit_icon(draw: ImageDraw.ImageDraw, xy: tuple[int, int], suit: Suit, fill: int = 1) -> None:
    """The 7x7 symbol of ``suit`` with its top-left at ``xy``."""
    x, y = xy
    for r, row in enumerate(SUIT_ICONS[suit]):
        for c, ch in enumerate(row):
            if ch == "#":
                draw.point((x + c, y + r), fill=fill)


def _trump_header(draw: ImageDraw.ImageDraw, title: str, trump: Suit | None) -> None:
    """The title bar with the trump suit's symbol at its right (dark on the lit bar)."""
    if trump is None:
        d.header(draw, title)
        return
    d.header(draw, d.clip(title, FONT.fits(d.W - ICON_W - 8)))
    suit_icon(draw, (d.W - ICON_W - 2, 1), trump, fill=0)


@dataclass(frozen=True)
class LedgerRow:
    name: str
    amount: str
    mark: str = ""  # e.g. "BZ" (a bamboozal), "D" (the dealer)


@dataclass(frozen=True)
class LedgerView:
    """Players with an amount each, and a note line (see the module docstring)."""

    title: str
    rows: tuple[LedgerRow, ...]
    right: str = ""
    note: str = ""
    hint: str = ""


@dataclass(frozen=True)
class PickView:
    """A choice made with UP/DOWN and OK; ``trump`` is drawn in the header."""

    title: str
    items: tuple[str, ...]
    cursor: int = 0
    trump: Suit | None = None
    caption: str = ""
    hint: str = ""


def _ledger_cell(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, row: LedgerRow) -> None:
    amount = row.amount + (f" {row.mark}" if row.mark else "")
    d.right(draw, y, amount, x1=x + width - 1)
    room = width - 2 - FONT.text_width(amount) - 4
    d.text(draw, (x + 2, y), d.clip(row.name, FONT.fits(room)))


@screen(LedgerView)
def ledger_screen(view: LedgerView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, view.right)
    bottom = d.above_hint(view.hint)
    if view.note:
        bottom -= FONT.line_height
        d.centered(draw, bottom + 1, view.note)
    rows = view.rows[:6]
    for (x, y, width), row in zip(d.row_cells(draw, len(rows), d.BODY_TOP + 1, bottom), rows,
                                  strict=True):
        _ledger_cell(draw, x, y, width, row)
    if view.hint:
        d.footer(draw, view.hint)
    return image


@screen(PickView)
def pick_screen(view: PickView) -> Image.Image:
    image, draw = d.new_image()
    _trump_header(draw, view.title, view.trump)
    bottom = d.above_hint(view.hint)
    if view.caption:
        bottom -= FONT.line_height
        d.centered(draw, bottom + 1, view.caption)
    d.menu(draw, view.items, view.cursor, bottom=bottom)
    if view.hint:
        d.footer(draw, view.hint)
    return image


@describe.register
def _(view: LedgerView) -> str:
    rows = ", ".join(f"{r.name} {r.amount}" + (f" {r.mark}" if r.mark else "")
                     for r in view.rows)
    parts = [view.title + (f" ({view.right})" if view.right else ""), rows]
    return keyed(" | ".join([*parts, *([view.note] if view.note else [])]), view.hint)


@describe.register
def _(view: PickView) -> str:
    items = "  ".join(f"> {item} <" if i == view.cursor else item
                      for i, item in enumerate(view.items))
    trump = f" (trumps: {view.trump.label})" if view.trump else ""
    caption = f" | {view.caption}" if view.caption else ""
    return keyed(f"{view.title}{trump} | {items}{caption}", view.hint)


__all__ = ["LedgerRow", "LedgerView", "PickView", "SUIT_ICONS", "suit_icon"]
