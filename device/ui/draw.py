"""Drawing primitives for the 128x64 1-bit screen, on the pinned font.

Every helper takes a ``PIL.ImageDraw.ImageDraw`` (ours or luma's ``canvas``) and draws
with fill 1 = lit; nothing here keeps state. Layout constants: a 10-pixel inverse-video
:func:`header`, body from :data:`BODY_TOP`, an optional one-line :func:`footer` hint.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from device.ui.font import FONT, Font

W, H = 128, 64
HEADER_H = 10  # bar rows 0-8, one dark row under it
BODY_TOP = HEADER_H + 1
FOOTER_TOP = H - FONT.line_height + 1  # 57: the hint's glyph rows are 57-63
ITEM_H = 9  # one menu / table row
STRIP_H = 9  # the players' status strip at the bottom (above the hint line when there is one)


def new_image() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank 128x64 mode "1" image and a draw on it."""
    image = Image.new("1", (W, H), 0)
    return image, ImageDraw.Draw(image)


def clip(text: str, chars: int) -> str:
    """``text`` cut to ``chars`` characters (a cut is marked with a final ``.``)."""
    if len(text) <= chars:
        return text
    return text[: max(0, chars - 1)] + "." if chars > 0 else ""


def wrap(text: str, chars: int) -> list[str]:
    """Word-wrap ``text`` to lines of at most ``chars``; ``\\n`` starts a new line."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            while len(word) > chars:  # a word longer than a line is hard-broken
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:chars])
                word = word[chars:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= chars:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], s: str, font: Font = FONT,
         fill: int = 1) -> int:
    """Draw ``s`` at ``xy`` (top-left); returns the x after it."""
    return font.draw(draw, xy, s, fill)


def centered(draw: ImageDraw.ImageDraw, y: int, s: str, font: Font = FONT, fill: int = 1,
             x0: int = 0, x1: int = W) -> None:
    """Draw ``s`` centred between ``x0`` and ``x1`` (clipped to fit)."""
    s = clip(s, font.fits(x1 - x0))
    text(draw, (x0 + (x1 - x0 - font.text_width(s)) // 2, y), s, font, fill)


def right(draw: ImageDraw.ImageDraw, y: int, s: str, font: Font = FONT, fill: int = 1,
          x1: int = W) -> None:
    """Draw ``s`` ending at ``x1``."""
    text(draw, (x1 - font.text_width(s), y), s, font, fill)


def header(draw: ImageDraw.ImageDraw, title: str, right_text: str = "") -> None:
    """Inverse-video title bar across the top (rows 0-8), optional right-aligned text."""
    draw.rectangle((0, 0, W - 1, HEADER_H - 2), fill=1)
    room = W - 4 - (FONT.text_width(right_text) + 4 if right_text else 0)
    text(draw, (2, 1), clip(title, FONT.fits(room)), fill=0)
    if right_text:
        right(draw, 1, right_text, fill=0, x1=W - 2)


def footer(draw: ImageDraw.ImageDraw, hint: str) -> None:
    """A one-line hint on the bottom row, under a dotted rule."""
    for x in range(0, W, 2):
        draw.point((x, FOOTER_TOP - 2), fill=1)
    centered(draw, FOOTER_TOP, hint)


def above_hint(hint: str) -> int:
    """The y where content must stop: above the hint line when there is one."""
    return FOOTER_TOP - 3 if hint else H


def hint_footer(draw: ImageDraw.ImageDraw, hint: str) -> int:
    """Draw the hint line if any; the y where the content above it must stop."""
    if hint:
        footer(draw, hint)
    return above_hint(hint)


def side_arrows(draw: ImageDraw.ImageDraw, top: int, bottom: int) -> None:
    """UP and DOWN arrows at the left edge, around the middle of ``top..bottom``."""
    mid = top + (bottom - top - FONT.height) // 2
    text(draw, (1, mid - 5), "\u25b2")
    text(draw, (1, mid + 4), "\u25bc")


def inverse_row(draw: ImageDraw.ImageDraw, y: int, s: str, x0: int = 0, x1: int = W) -> None:
    """A highlighted row: a lit bar ``ITEM_H`` high with dark text."""
    draw.rectangle((x0, y, x1 - 1, y + ITEM_H - 1), fill=1)
    text(draw, (x0 + 2, y + 1), clip(s, FONT.fits(x1 - x0 - 4)), fill=0)


def body_lines(draw: ImageDraw.ImageDraw, lines: Sequence[str], top: int = BODY_TOP,
               bottom: int = H, center: bool = False) -> None:
    """Lines of normal text from ``top``, as many as fit above ``bottom``."""
    y = top
    for line in lines:
        if y + FONT.height > bottom:
            break
        if center:
            centered(draw, y, line)
        else:
            text(draw, (2, y), clip(line, FONT.fits(W - 2)))
        y += FONT.line_height


def big_text(draw: ImageDraw.ImageDraw, s: str, top: int, bottom: int, x0: int = 0,
             x1: int = W, max_scale: int = 3) -> Font:
    """``s`` centred in the box at the largest scale (up to ``max_scale``) that fits."""
    for scale in range(max_scale, 0, -1):
        font = FONT.scaled(scale)
        if font.text_width(s) <= x1 - x0 and font.height <= bottom - top:
            break
    y = top + (bottom - top - font.height) // 2
    centered(draw, y, s, font, x0=x0, x1=x1)
    return font


def scroll_window(count: int, cursor: int, rows: int) -> int:
    """The first visible item so that ``cursor`` shows in a window of ``rows`` items."""
    if count <= rows:
        return 0
    return max(0, min(cursor - rows // 2, count - rows))


def menu(draw: ImageDraw.ImageDraw, items: Sequence[str], cursor: int, top: int = BODY_TOP,
         bottom: int = H) -> None:
    """A list with the ``cursor`` item highlighted; scrolls, with arrows when more exist."""
    rows = max(1, (bottom - top) // ITEM_H)
    first = scroll_window(len(items), cursor, rows)
    width = W - 7 if len(items) > rows else W
    for i, item in enumerate(items[first : first + rows]):
        y = top + i * ITEM_H
        if first + i == cursor:
            inverse_row(draw, y, item, x1=width)
        else:
            text(draw, (2, y + 1), clip(item, FONT.fits(width - 4)))
    if first > 0:
        text(draw, (W - 5, top + 1), "\u25b2")
    if first + rows < len(items):
        text(draw, (W - 5, top + (rows - 1) * ITEM_H + 1), "\u25bc")


#: Pip positions on a 3x3 grid (column, row) for each face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die(draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: int, value: int | None) -> None:
    """A die face ``size`` pixels square at ``xy``; ``None`` draws a ``?`` face."""
    x, y = xy
    x1, y1 = x + size - 1, y + size - 1
    draw.rectangle((x, y, x1, y1), outline=1, fill=0)
    for corner in ((x, y), (x1, y), (x, y1), (x1, y1)):  # rounded: stable across Pillows
        draw.point(corner, fill=0)
    if value is None:
        centered(draw, y + (size - FONT.height) // 2, "?", x0=x, x1=x + size)
        return
    step = (size - 1) / 4
    r = max(1, size // 7)
    for cx, cy in PIPS[value]:
        px = round(x + step * (cx + 1))
        py = round(y + step * (cy + 1))
        draw.rectangle((px - r // 2, py - r // 2, px - r // 2 + r - 1, py - r // 2 + r - 1),
                       fill=1)


def marks(draw: ImageDraw.ImageDraw, xy: tuple[int, int], filled: int, total: int,
          size: int = 5, gap: int = 2) -> int:
    """``total`` small boxes, the first ``filled`` lit (strikes); returns the x after."""
    x, y = xy
    for i in range(total):
        box = (x, y, x + size - 1, y + size - 1)
        draw.rectangle(box, outline=1, fill=1 if i < filled else 0)
        x += size + gap
    return x


def row_cells(draw: ImageDraw.ImageDraw, count: int, top: int, bottom: int
              ) -> list[tuple[int, int, int]]:
    """Where ``count`` rows go between ``top`` and ``bottom``: one column while they fit,
    else two (down the first, then the second) with a rule drawn between them. Each cell as
    ``(x, y, width)``."""
    room = bottom - top
    columns = 1 if count * FONT.line_height <= room else 2
    per_col = max(1, -(-count // columns))
    pitch = max(FONT.line_height, min(12, room // per_col))
    col_w = W // columns
    cells = []
    for i in range(count):
        col, r = divmod(i, per_col)
        cells.append((col * col_w, top + r * pitch, col_w - 3 if columns > 1 and col == 0
                      else col_w))
    if columns > 1:
        draw.line((col_w - 1, top, col_w - 1, bottom - 2), fill=1)
    return cells
