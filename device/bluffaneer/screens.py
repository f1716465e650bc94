"""Bluffaneer screens: pure functions from a view value to a 128x64 image.

Registered with :func:`device.ui.views.screen`; :mod:`device.bluffaneer.flow` makes the
views and nothing here knows the rules.

* Game screens end with the **ledger strip**: one cell per player with their name and
  coins, the roller in inverse video; the header's right side shows the bank.
* A ruling leads with one big word (DOUBLE SHIP!, MATCH!, TRUE!, BLUFF!, TRUSTED, ...).
* The bottom line is the hint, in the simulator's key letters.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from device.ui import draw as d
from device.ui.font import FONT
from device.ui.views import describe, keyed, screen


@dataclass(frozen=True)
class Purse:
    """One player in the ledger."""

    name: str
    coins: int
    turn: bool = False


@dataclass(frozen=True)
class Ledger:
    purses: tuple[Purse, ...] = ()
    bank: int = 0


@dataclass(frozen=True)
class TableView:
    """A game screen: a title, lines, the hint, and the ledger strip."""

    title: str
    lines: tuple[str, ...] = ()
    hint: str = ""
    ledger: Ledger = Ledger()


@dataclass(frozen=True)
class ChoiceView:
    """A choice on a game screen (the victim, who claims): a menu over the ledger."""

    title: str
    items: tuple[str, ...]
    cursor: int = 0
    hint: str = "w/s o:pick"
    ledger: Ledger = Ledger()


@dataclass(frozen=True)
class RulingView:
    """What a roll or a reveal did: a big headline, the coins that moved, the ledger."""

    headline: str
    lines: tuple[str, ...] = ()
    hint: str = ""
    ledger: Ledger = Ledger()


@dataclass(frozen=True)
class LedgerView:
    """Every player's coins, the bank, the box and the cards (the players' view)."""

    title: str
    ledger: Ledger
    lines: tuple[str, ...] = ()
    hint: str = "any key: back"


# --- helpers ------------------------------------------------------------------------------


def _bank(ledger: Ledger) -> str:
    return f"bank {ledger.bank}" if ledger.purses else ""


def _strip(draw: ImageDraw.ImageDraw, ledger: Ledger, bottom: int) -> int:
    """Draw the ledger strip ending at ``bottom``; returns its top."""
    purses = ledger.purses
    if not purses:
        return bottom
    top = bottom - d.STRIP_H
    cell = d.W // len(purses)
    for i, purse in enumerate(purses):
        x0 = i * cell
        x1 = d.W if i == len(purses) - 1 else x0 + cell
        fg = 1
        if purse.turn:
            draw.rectangle((x0, top, x1 - 2, bottom - 1), fill=1)
            fg = 0
        coins = str(purse.coins)
        chars = max(1, (x1 - x0 - 4 - FONT.text_width(coins)) // FONT.advance)
        name = d.clip(purse.name, chars) if chars >= 3 else purse.name[:chars]
        d.text(draw, (x0 + 1, top + 1), name, fill=fg)
        d.right(draw, top + 1, coins, fill=fg, x1=x1 - 2)
    return top


def _lines(lines: tuple[str, ...]) -> list[str]:
    return [ln for t in lines for ln in d.wrap(t, FONT.fits(d.W - 2))]


# --- screens ------------------------------------------------------------------------------


@screen(TableView)
def table_screen(view: TableView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, _bank(view.ledger))
    bottom = _strip(draw, view.ledger, d.hint_footer(draw, view.hint)) - 1
    d.body_lines(draw, _lines(view.lines), top=d.BODY_TOP + 1, bottom=bottom, center=True)
    return image


@screen(ChoiceView)
def choice_screen(view: ChoiceView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, _bank(view.ledger))
    bottom = _strip(draw, view.ledger, d.hint_footer(draw, view.hint)) - 1
    d.menu(draw, view.items, view.cursor, bottom=bottom)
    return image


@screen(RulingView)
def ruling_screen(view: RulingView) -> Image.Image:
    image, draw = d.new_image()
    bottom = _strip(draw, view.ledger, d.hint_footer(draw, view.hint)) - 1
    head_bottom = 15
    d.big_text(draw, view.headline, 0, head_bottom, max_scale=2)
    d.body_lines(draw, _lines(view.lines), top=head_bottom + 1, bottom=bottom)
    return image


@screen(LedgerView)
def ledger_screen(view: LedgerView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, _bank(view.ledger))
    bottom = d.hint_footer(draw, view.hint)
    purses = view.ledger.purses
    columns = 1 if len(purses) <= 3 else 2
    per_col = -(-len(purses) // columns)
    col_w = d.W // columns
    y0 = d.BODY_TOP
    for i, purse in enumerate(purses):
        col, row = divmod(i, per_col)
        x, y = col * col_w, y0 + row * FONT.line_height
        x1 = x + col_w - 3
        if purse.turn:
            d.text(draw, (x, y), "\u25b6")
        coins = f"{purse.coins}c"
        room = FONT.fits(x1 - x - 10 - FONT.text_width(coins))
        d.text(draw, (x + 7, y), d.clip(purse.name, room))
        d.right(draw, y, coins, x1=x1)
    d.body_lines(draw, _lines(view.lines), top=y0 + per_col * FONT.line_height + 1,
                 bottom=bottom)
    return image


# --- in words (the simulator prints them under the screen) ---------------------------------


def _ledger_words(ledger: Ledger) -> str:
    purses = ", ".join(("> " if p.turn else "") + f"{p.name} {p.coins}" for p in ledger.purses)
    return f"{purses}; bank {ledger.bank}" if purses else ""


@describe.register
def _(view: TableView) -> str:
    return keyed(" | ".join(x for x in (view.title, " ".join(view.lines),
                                        _ledger_words(view.ledger)) if x), view.hint)


@describe.register
def _(view: ChoiceView) -> str:
    items = "  ".join(f"> {item} <" if i == view.cursor else item
                      for i, item in enumerate(view.items))
    return keyed(f"{view.title} | {items} | {_ledger_words(view.ledger)}", view.hint)


@describe.register
def _(view: RulingView) -> str:
    return keyed(" | ".join(x for x in (view.headline, " ".join(view.lines),
                                        _ledger_words(view.ledger)) if x), view.hint)


@describe.register
def _(view: LedgerView) -> str:
    return keyed(f"{view.title} | {_ledger_words(view.ledger)} | {' '.join(view.lines)}",
                 view.hint)


__all__ = ["ChoiceView", "Ledger", "LedgerView", "Purse", "RulingView", "TableView"]
