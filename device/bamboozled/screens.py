"""Bamboozled's screens: pure functions from a view value to a 128x64 image.

Built on :mod:`device.ui.draw` and registered with :func:`device.ui.views.screen`, so
``device.ui.views.render(view)`` draws any of them. The flow (:mod:`device.bamboozled.flow`)
makes the views; nothing here knows the rules.

Layout choices (128x64, 21 characters x 8 lines of the pinned font):

* the game screens (declare, decide, open roll) end with a **status strip**: one cell
  per player with their name, strikes (lit boxes) and cards held (digits with a small
  card mark), the player whose input is awaited in inverse video, players out crossed.
  The full table (:class:`device.ui.views.PlayersView`) is one press away (DOWN/MENU).
* scores are drawn big (scale 3 or 2) with their name under them ("double 4s").
* rulings lead with one big word (TRUTHFUL, BLUFF!, BAMBOOZLED!, OUT!) and the dice.
* the bottom line is the hint: the keys that do something now, in the simulator's key
  letters (a accept, c challenge, w/s up/down, o ok, p card, m menu).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from device.ui import draw as d
from device.ui.font import FONT
from device.ui.views import describe, keyed, screen
from games.common import dice_text


@dataclass(frozen=True)
class Seat:
    """One player in the status strip."""

    name: str
    strikes: int = 0
    cards: int = 0
    out: bool = False
    turn: bool = False


@dataclass(frozen=True)
class Strip:
    seats: tuple[Seat, ...] = ()
    limit: int = 3


@dataclass(frozen=True)
class DeclareView:
    """The roller enters the declared score (only legal scores are reachable)."""

    name: str
    score: int
    score_label: str  # "53", "44" ...
    caption: str  # "double 4s", "to beat 53" ...
    position: str = ""  # "3/35"
    hint: str = "w/s a/c:score o:ok"
    strip: Strip = Strip()


@dataclass(frozen=True)
class DecideView:
    """The judge accepts, challenges or plays a card on the declarer's score."""

    judge: str
    declarer: str
    score_label: str
    caption: str = ""
    hint: str = "a:acc c:chal p:card"
    strip: Strip = Strip()


@dataclass(frozen=True)
class RollView:
    """No Bluffing: the roller rolls openly, then OK to read the dice."""

    name: str
    caption: str  # "to beat 53" / "any score"
    hint: str = "o:read  p:card"
    strip: Strip = Strip()


@dataclass(frozen=True)
class RulingView:
    """An outcome: a big headline, the dice read, and a few short lines."""

    headline: str
    lines: tuple[str, ...] = ()
    dice: tuple[int, int] | None = None
    hint: str = "o:next"


@dataclass(frozen=True)
class DiceEntryView:
    """Manual entry of the two dice; ``cursor`` is the die being set (0 or 1)."""

    title: str
    dice: tuple[int, int]
    cursor: int = 0
    caption: str = ""
    hint: str = "w/s:die o:next b:back"


@dataclass(frozen=True)
class ConfirmDiceView:
    """One of two players confirms the manually entered dice."""

    who: str
    dice: tuple[int, int]
    step: int = 1  # 1 or 2
    caption: str = ""
    hint: str = "o:yes c:no"


@dataclass(frozen=True)
class OfferView:
    """An offer to one player (show a card, My Bad, Revive), with the dice if any."""

    title: str
    lines: tuple[str, ...] = ()
    dice: tuple[int, int] | None = None
    hint: str = "p:card c:no"


# --- helpers ------------------------------------------------------------------------------


def _strip(draw: ImageDraw.ImageDraw, strip: Strip, bottom: int) -> int:
    """Draw the status strip ending at ``bottom``; returns its top.

    Each cell: the name (cut to fit), the strikes (a bar per strike, a low dash per
    strike left; a digit when the bars do not fit) and the cards held as a digit on a
    little lit card (none when the cells are too narrow: the players' table has them).
    The layout is the same for every cell; dotted lines separate the cells.
    """
    seats = strip.seats
    if not seats:
        return bottom
    top = bottom - d.STRIP_H
    n = len(seats)
    cell = d.W // n
    limit = max(1, strip.limit)
    digit_w = FONT.text_width("9")
    inner = cell - 3  # the pixels from x0 + 1 to x1 - 2
    card_w = digit_w + 3
    bars_w = limit * 3 - 1
    marks_w = bars_w
    if FONT.advance + bars_w + 1 + card_w + 1 > inner:
        marks_w = digit_w  # strikes as a digit
    if FONT.advance + marks_w + 1 + card_w + 1 > inner:
        card_w = 0  # no room for the cards
    right_w = marks_w + (card_w + 1 if card_w else 0) + 1  # and a gap
    chars = max(1, (inner - right_w - 1 + 1) // FONT.advance)
    for i, seat in enumerate(seats):
        x0 = i * cell
        x1 = d.W if i == n - 1 else x0 + cell
        fg = 1
        if seat.turn:  # lit up to the card, which stays lit with a dark digit
            draw.rectangle((x0, top, x1 - 2 - (card_w + 2 if card_w else 0), bottom - 1),
                           fill=1)
            fg = 0
        if i < n - 1:
            for y in range(top + 1, bottom, 2):
                draw.point((x1 - 1, y), fill=1)
        end = d.text(draw, (x0 + 1, top + 1), seat.name[:chars], fill=fg)  # cut, no dot
        if seat.out:
            draw.line((x0 + 1, top + 4, end - 1, top + 4), fill=fg)
            continue
        mx = x1 - 1 - right_w
        if marks_w == bars_w:
            for k in range(limit):
                bx = mx + k * 3
                if k < seat.strikes:
                    draw.rectangle((bx, top + 2, bx + 1, top + 6), fill=fg)
                else:
                    draw.line((bx, top + 6, bx + 1, top + 6), fill=fg)
        else:
            d.text(draw, (mx, top + 1), str(min(seat.strikes, 9)), fill=fg)
        if card_w and seat.cards:
            cx = x1 - 2 - card_w
            draw.rectangle((cx, top, cx + card_w - 1, bottom - 1), fill=1)
            d.text(draw, (cx + 2, top + 1), str(min(seat.cards, 9)), fill=0)
    return top


def _score_block(draw: ImageDraw.ImageDraw, label: str, caption: str, top: int,
                 bottom: int, x0: int = 0, x1: int = d.W) -> None:
    if caption:
        d.centered(draw, bottom - FONT.line_height, caption, x0=x0, x1=x1)
        bottom -= FONT.line_height + 1
    d.big_text(draw, label, top, bottom, x0=x0, x1=x1)


def _dice(draw: ImageDraw.ImageDraw, dice: tuple[int, int], x: int, y: int, size: int) -> int:
    d.die(draw, (x, y), size, dice[0])
    d.die(draw, (x + size + 3, y), size, dice[1])
    return x + 2 * size + 3


# --- screens ------------------------------------------------------------------------------


@screen(DeclareView)
def declare_screen(view: DeclareView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, f"{view.name} declares", view.position)
    bottom = _strip(draw, view.strip, d.hint_footer(draw, view.hint)) - 1
    _score_block(draw, view.score_label, view.caption, d.BODY_TOP, bottom, x0=8, x1=d.W - 8)
    d.side_arrows(draw, d.BODY_TOP, bottom)
    return image


@screen(DecideView)
def decide_screen(view: DecideView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, f"{view.judge}: decide")
    bottom = _strip(draw, view.strip, d.hint_footer(draw, view.hint)) - 1
    d.centered(draw, d.BODY_TOP + 1, f"{view.declarer} says")
    _score_block(draw, view.score_label, view.caption, d.BODY_TOP + FONT.line_height + 1,
                 bottom)
    return image


@screen(RollView)
def roll_screen(view: RollView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, f"{view.name} rolls")
    bottom = _strip(draw, view.strip, d.hint_footer(draw, view.hint)) - 1
    d.body_lines(draw, ["Roll both dice openly", "in the tray.", view.caption],
                 top=d.BODY_TOP + 2, bottom=bottom, center=True)
    return image


@screen(RulingView)
def ruling_screen(view: RulingView) -> Image.Image:
    image, draw = d.new_image()
    head_bottom = 17
    lines = [ln for t in view.lines for ln in d.wrap(t, FONT.fits(d.W - 2))]
    with_hint = d.above_hint(view.hint)
    if _fitting(head_bottom + 2, with_hint) < len(lines):
        # too much to say under a big headline: a title bar instead; nothing is cut,
        # not even for the hint line (the hint comes back after a wrong press)
        d.header(draw, view.headline, dice_text(view.dice) if view.dice else "")
        bottom = d.H
        if _fitting(d.BODY_TOP, with_hint) >= len(lines):
            bottom = d.hint_footer(draw, view.hint)
        d.body_lines(draw, lines, top=d.BODY_TOP, bottom=bottom)
        return image
    bottom = d.hint_footer(draw, view.hint)
    x1 = d.W
    if view.dice:
        x1 = d.W - 2 * 15 - 3 - 3
        _dice(draw, view.dice, x1 + 2, 1, 15)
    d.big_text(draw, view.headline, 0, head_bottom, x0=0, x1=x1, max_scale=2)
    d.body_lines(draw, lines, top=head_bottom + 2, bottom=bottom)
    return image


def _fitting(top: int, bottom: int) -> int:
    """How many lines :func:`device.ui.draw.body_lines` fits between ``top`` and ``bottom``."""
    return max(0, (bottom - top - FONT.height) // FONT.line_height + 1)


@screen(DiceEntryView)
def dice_entry_screen(view: DiceEntryView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title, f"die {view.cursor + 1}/2")
    bottom = d.hint_footer(draw, view.hint)
    size = 22
    gap = 14
    x = (d.W - 2 * size - gap) // 2
    y = d.BODY_TOP + 3
    for i, value in enumerate(view.dice):
        dx = x + i * (size + gap)
        d.die(draw, (dx, y), size, value)
        if i == view.cursor:  # an arrow beside the die: two caption lines fit below
            d.text(draw, (dx - 7, y + (size - FONT.height) // 2), "\u25b6")
    if view.caption:
        d.body_lines(draw, d.wrap(view.caption, FONT.fits(d.W - 2)), top=y + size + 2,
                     bottom=bottom, center=True)
    return image


@screen(ConfirmDiceView)
def confirm_dice_screen(view: ConfirmDiceView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, f"{view.who}: confirm", f"{view.step}/2")
    bottom = d.hint_footer(draw, view.hint)
    end = _dice(draw, view.dice, 4, d.BODY_TOP + 3, 20)
    d.text(draw, (end + 6, d.BODY_TOP + 4), dice_text(view.dice) + "?",
           FONT.scaled(2))
    lines = d.wrap(view.caption, FONT.fits(d.W - 2)) if view.caption else []
    d.body_lines(draw, lines, top=d.BODY_TOP + 26, bottom=bottom)
    return image


@screen(OfferView)
def offer_screen(view: OfferView) -> Image.Image:
    image, draw = d.new_image()
    d.header(draw, view.title)
    bottom = d.hint_footer(draw, view.hint)
    width = d.W - 2
    top = d.BODY_TOP + 1
    if view.dice:
        _dice(draw, view.dice, d.W - 2 * 13 - 3 - 1, top, 13)
        width = d.W - 2 * 13 - 3 - 6  # a gap before the dice
    lines = [ln for t in view.lines for ln in d.wrap(t, FONT.fits(width))]
    d.body_lines(draw, lines, top=top, bottom=bottom)
    return image


# --- the same screens in plain words (the simulator prints them under the frame) ---------


def strip_text(strip: Strip) -> str:
    """``"> Ann 1/3 strikes 2 cards, Bob out, ..."`` (``>``: whose input is awaited)."""
    return ", ".join(("> " if seat.turn else "") + f"{seat.name} " + (
        "out" if seat.out else f"{seat.strikes}/{strip.limit} strikes {seat.cards} card"
        + ("" if seat.cards == 1 else "s")) for seat in strip.seats)


def _with_strip(text: str, strip: Strip, hint: str) -> str:
    """The text and keys, then the strip on a second line."""
    return keyed(text, hint) + (f"\n  {strip_text(strip)}" if strip.seats else "")


def _sentences(lines: tuple[str, ...]) -> str:
    return " ".join(ln if ln.endswith((".", "?", "!", ":")) else ln + "." for ln in lines)


def _named(label: str, caption: str) -> str:
    return f"{label} ({caption})" if caption else label


@describe.register
def _(view: DeclareView) -> str:
    return _with_strip(f"{view.name} declares {_named(view.score_label, view.caption)}"
                       f" [{view.position}]", view.strip, view.hint)


@describe.register
def _(view: DecideView) -> str:
    return _with_strip(f"{view.judge}: accept or challenge? {view.declarer} says "
                       f"{_named(view.score_label, view.caption)}", view.strip, view.hint)


@describe.register
def _(view: RollView) -> str:
    return _with_strip(f"{view.name} rolls openly, {view.caption}", view.strip, view.hint)


@describe.register
def _(view: RulingView) -> str:
    sep = " " if view.headline.endswith("!") else ": "
    return keyed(f"{view.headline}{sep}{_sentences(view.lines)}", view.hint)


@describe.register
def _(view: DiceEntryView) -> str:
    dice = "  ".join(f"[{v}]" if i == view.cursor else str(v) for i, v in enumerate(view.dice))
    return keyed(f"{view.title}: {dice}" + (f" ({view.caption})" if view.caption else ""),
                 view.hint)


@describe.register
def _(view: ConfirmDiceView) -> str:
    return keyed(f"{view.who}, confirm {view.step}/2: {dice_text(view.dice)}? {view.caption}",
                 view.hint)


@describe.register
def _(view: OfferView) -> str:
    dice = f" [{dice_text(view.dice)}]" if view.dice else ""
    return keyed(f"{view.title}{dice} {_sentences(view.lines)}", view.hint)


__all__ = [
    "ConfirmDiceView", "DecideView", "DeclareView", "DiceEntryView", "OfferView",
    "RollView", "RulingView", "Seat", "Strip", "strip_text",
]
