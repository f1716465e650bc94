"""Doubting Dice screens: pure functions from a view value to a 128x64 image.

Registered with :func:`device.ui.views.screen`, so ``device.ui.views.render(view)`` draws
them; :mod:`device.doubting.flow` makes the views and nothing here knows the rules.

Layout (21 characters x 8 lines of the pinned font):

* game screens end with a **dice strip**: one cell per player with their name and the
  dice they hold (strikes as small boxes with lives on), the player whose input is
  awaited in inverse video, players out crossed;
* a bid is drawn big as ``6 x`` and a die face; the coach odds sit small in the header;
* the reveal leads with one big word (TRUE!, BLUFF!, EXACT!, MISSED!) and the count of
  the bid's face ("4s: 5 + 2 ones = 7");
* the bottom line is the hint, in the simulator's key letters.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from device.ui import draw as d
from device.ui.font import FONT
from device.ui.views import screen


@dataclass(frozen=True)
class DiceSeat:
    """One player in the dice strip / table."""

    name: str
    dice: int = 5
    strikes: int = 0
    out: bool = False
    turn: bool = False


@dataclass(frozen=True)
class DiceStrip:
    seats: tuple[DiceSeat, ...] = ()
    lives: bool = False
    limit: int = 3


@dataclass(frozen=True)
class RoundStartView:
    """"Everyone roll": who opens, dice in play, palifico marked."""

    round: int
    dice_in_play: int
    starter: str
    lines: tuple[str, ...] = ()
    palifico: str = ""  # "PALIFICO: ones not wild, face fixed"
    hint: str = "o:bid m:table"
    strip: DiceStrip = DiceStrip()


@dataclass(frozen=True)
class BidView:
    """A bid being entered (or the standing bid being answered)."""

    title: str
    quantity: int
    face: int
    caption: str = ""
    right: str = ""  # small, e.g. the coach odds "42%"
    arrows: bool = True
    hint: str = "w/s:qty a/c:face o:ok"
    strip: DiceStrip = DiceStrip()


@dataclass(frozen=True)
class RevealView:
    """The ruling after a reveal (or the announced total)."""

    headline: str
    lines: tuple[str, ...] = ()
    face: int | None = None
    hint: str = ""  # OK goes on; four lines and the strip need the room
    strip: DiceStrip = DiceStrip()


@dataclass(frozen=True)
class DiceTableView:
    """Every player's dice (and strikes with lives), one row each."""

    title: str
    seats: tuple[DiceSeat, ...]
    lives: bool = False
    limit: int = 3
    hint: str = "any key: back"


# --- helpers ------------------------------------------------------------------------------


def _strip(draw: ImageDraw.ImageDraw, strip: DiceStrip, bottom: int) -> int:
    """Draw the dice strip ending at ``bottom``; returns its top."""
    seats = strip.seats
    if not seats:
        return bottom
    top = bottom - d.STRIP_H
    cell = d.W // len(seats)
    for i, seat in enumerate(seats):
        x0 = i * cell
        x1 = d.W if i == len(seats) - 1 else x0 + cell
        fg = 1
        if seat.turn:
            draw.rectangle((x0, top, x1 - 2, bottom - 1), fill=1)
            fg = 0
        count = str(seat.dice)
        marks_w = 3 * seat.strikes if strip.lives and not seat.out and cell >= 32 else 0
        chars = max(1, (x1 - x0 - 3 - FONT.text_width(count) - marks_w - 2) // FONT.advance)
        name = d.clip(seat.name, chars) if chars >= 3 else seat.name[:chars]
        end = d.text(draw, (x0 + 1, top + 1), name, fill=fg)
        if seat.out:
            draw.line((x0 + 1, top + 4, end - 1, top + 4), fill=fg)
            continue
        d.right(draw, top + 1, count, fill=fg, x1=x1 - 2 - marks_w)
        for k in range(seat.strikes if marks_w else 0):
            x = x1 - 2 - marks_w + 1 + 3 * k
            draw.rectangle((x, top + 2, x + 1, top + 6), fill=fg)
    return top


def _bid(draw: ImageDraw.ImageDraw, quantity: int, face: int, top: int, bottom: int) -> None:
    """``6 x`` and a die face, centred, as big as fits."""
    label = f"{quantity} x"
    for scale in (3, 2, 1):
        font = FONT.scaled(scale)
        size = font.height
        width = font.text_width(label) + 4 + size
        if size <= bottom - top and width <= d.W - 16:
            break
    x = (d.W - width) // 2
    y = top + (bottom - top - size) // 2
    d.text(draw, (x, y), label, font)
    d.die(draw, (x + font.text_width(label) + 4, y), size, face)


# --- screens ------------------------------------------------------------------------------


@screen(RoundStartView)
def round_start_screen(view: RoundStartView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, f"Round {view.round}", f"{view.dice_in_play} dice")
    bottom = _strip(draw, view.strip, d.hint_footer(draw, view.hint)) - 1
    y = d.BODY_TOP + 1
    if view.palifico:
        lines = d.wrap(view.palifico, FONT.fits(d.W - 4))[:2]
        draw.rectangle((0, y - 1, d.W - 1, y + len(lines) * FONT.line_height - 1), fill=1)
        for line in lines:
            d.centered(draw, y, line, fill=0)
            y += FONT.line_height
        y += 1
    lines = [ln for t in ("Everyone roll!", *view.lines, f"{view.starter} opens")
             for ln in d.wrap(t, FONT.fits(d.W - 4))]
    d.body_lines(draw, lines, top=y, bottom=bottom, center=True)
    return image


@screen(BidView)
def bid_screen(view: BidView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, view.right)
    bottom = _strip(draw, view.strip, d.hint_footer(draw, view.hint)) - 1
    if view.caption:
        bottom -= FONT.line_height
        d.centered(draw, bottom + 1, view.caption)
    _bid(draw, view.quantity, view.face, d.BODY_TOP, bottom)
    if view.arrows:
        d.side_arrows(draw, d.BODY_TOP, bottom)
    return image


@screen(RevealView)
def reveal_screen(view: RevealView) -> Image.Image:
    image, draw = d.new_image()
    bottom = _strip(draw, view.strip, d.hint_footer(draw, view.hint)) - 1
    head_bottom = 15
    x1 = d.W
    if view.face is not None:
        x1 = d.W - 18
        d.die(draw, (x1 + 2, 0), 15, view.face)
    d.big_text(draw, view.headline, 0, head_bottom, x0=0, x1=x1, max_scale=2)
    d.body_lines(draw, view.lines, top=head_bottom + 1, bottom=bottom)  # clipped
    return image


@screen(DiceTableView)
def dice_table_screen(view: DiceTableView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title)
    bottom = d.hint_footer(draw, view.hint)
    seats = view.seats[:6]
    room = bottom - d.BODY_TOP
    columns = 1 if len(seats) * FONT.line_height <= room else 2
    per_col = max(1, -(-len(seats) // columns))
    pitch = max(FONT.line_height, min(12, room // per_col))
    col_w = d.W // columns
    for i, seat in enumerate(seats):
        col, r = divmod(i, per_col)
        x, y = col * col_w, d.BODY_TOP + r * pitch
        x1 = x + col_w - (3 if columns > 1 and col == 0 else 0)
        if seat.turn:
            d.text(draw, (x, y), "\u25b6")
        strikes = f" {seat.strikes}/{view.limit}" if view.lives else ""
        pips = x1 - x - 7 - 5 * 6 - FONT.text_width(strikes) >= 4 * FONT.advance
        dice_w = 5 * 6 if pips else FONT.text_width("5d")
        tail_w = dice_w + FONT.text_width(strikes)
        name = d.clip(seat.name, FONT.fits(x1 - x - 7 - tail_w - 3))
        end = d.text(draw, (x + 7, y), name)
        if seat.out:
            draw.line((x + 7, y + 3, end - 2, y + 3), fill=1)
            continue
        px = x1 - tail_w
        if pips:
            for k in range(5):
                d.text(draw, (px + 6 * k, y), "\u25cf" if k < seat.dice else "\u25cb")
        else:
            d.text(draw, (px, y), f"{seat.dice}d")
        if strikes:
            d.right(draw, y, strikes, x1=x1)
    if columns > 1:
        draw.line((col_w - 1, d.BODY_TOP, col_w - 1, bottom - 2), fill=1)
    return image


__all__ = [
    "BidView", "DiceSeat", "DiceStrip", "DiceTableView", "RevealView", "RoundStartView",
]
