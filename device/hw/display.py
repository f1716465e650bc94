"""The 128x64 screen: a luma device made from the config, and a terminal stand-in.

* :func:`make_device` -> a luma device: ``ssd1306`` / ``sh1106`` (luma.oled over
  ``luma.core.interface.serial.i2c``), luma.core's ``dummy`` (tests, headless) or
  :class:`TerminalDevice`, which draws each frame in the terminal with half blocks
  (two pixel rows per text row). All of them work with ``luma.core.render.canvas``.
* :class:`Display` wraps a device for the loop: ``show(image)`` sends only changed frames
  and can save each new frame as a PNG (``bluffbox run --screens DIR``).

A missing or unreachable OLED raises :class:`DisplayError` saying how to fix it.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from luma.core.device import device as LumaDevice
from luma.core.device import dummy
from luma.core.interface.serial import noop
from PIL import Image, ImageChops

from device.core.config import DisplayConfig

WIDTH, HEIGHT = 128, 64
HALF_BLOCKS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
#: 2x2 pixels per character, indexed by top-left + 2*top-right + 4*bottom-left + 8*bottom-right
QUADRANTS = (" \u2598\u259d\u2580\u2596\u258c\u259e\u259b"
             "\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588")
FULL_COLUMNS = WIDTH + 2  # a framed frame at one character per pixel


class DisplayError(Exception):
    """The display cannot be opened; the message says what to check."""


def frame_to_text(image: Image.Image, scale: int = 1, border: bool = True) -> list[str]:
    """A 1-bit image as lines of half-block characters (▀ ▄ █), each pixel ``scale``
    characters wide and ``scale`` half-rows tall; ``scale=0`` is the compact form, 2x2
    pixels per quadrant character (▘ ▝ ▖ ▗ ...), which fits an 80-column terminal.

    >>> img = Image.new("1", (2, 2)); img.putpixel((0, 0), 1); img.putpixel((1, 1), 1)
    >>> frame_to_text(img, border=False)
    ['▀▄']
    >>> frame_to_text(img, scale=0, border=False)
    ['▚']
    """
    img = image.convert("1")
    if scale == 0:
        lines = _quadrants(img)
        return _framed(lines) if border else lines
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.Resampling.NEAREST)
    if img.height % 2:
        padded = Image.new("1", (img.width, img.height + 1), 0)
        padded.paste(img, (0, 0))
        img = padded
    px = img.load()
    assert px is not None
    lines = []
    for y in range(0, img.height, 2):
        lines.append("".join(
            HALF_BLOCKS[(1 if px[x, y] else 0, 1 if px[x, y + 1] else 0)]
            for x in range(img.width)
        ))
    return _framed(lines) if border else lines


def _quadrants(img: Image.Image) -> list[str]:
    w, h = img.width + img.width % 2, img.height + img.height % 2
    padded = Image.new("1", (w, h), 0)
    padded.paste(img, (0, 0))
    px = padded.load()
    assert px is not None
    return ["".join(
        QUADRANTS[(1 if px[x, y] else 0) | (2 if px[x + 1, y] else 0)
                  | (4 if px[x, y + 1] else 0) | (8 if px[x + 1, y + 1] else 0)]
        for x in range(0, w, 2)) for y in range(0, h, 2)]


def _framed(lines: list[str]) -> list[str]:
    width = len(lines[0]) if lines else 0
    return (["\u250c" + "\u2500" * width + "\u2510"]
            + ["\u2502" + line + "\u2502" for line in lines]
            + ["\u2514" + "\u2500" * width + "\u2518"])


class TerminalDevice(LumaDevice):
    """A luma device that draws frames in a terminal (the simulator's OLED).

    On a terminal each frame overwrites the previous one; into a pipe or file frames
    are written one after another. ``footer`` lines (e.g. the key help) go under the frame.
    ``scale`` 1-4 is characters per pixel (half blocks); 0 is the compact 2x2 quadrant
    form; ``None`` picks 1, or 0 on a terminal narrower than the full frame.
    """

    def __init__(self, width: int = WIDTH, height: int = HEIGHT, rotate: int = 0,
                 stream: IO[str] | None = None, scale: int | None = 1,
                 footer: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(serial_interface=noop(), **kwargs)
        self.capabilities(width, height, rotate, mode="1")
        self.stream = stream if stream is not None else sys.stdout
        self.footer = list(footer)
        self.image: Image.Image | None = None
        self.frames = 0
        self._lines_drawn = 0
        self.persist = True  # at exit leave the last frame on screen
        try:
            self.in_place = self.stream.isatty()
        except (AttributeError, ValueError):
            self.in_place = False
        if scale is None:
            columns = shutil.get_terminal_size((FULL_COLUMNS, 40)).columns
            scale = 0 if self.in_place and columns < FULL_COLUMNS else 1
        self.scale = scale

    def display(self, image: Image.Image) -> None:
        assert image.size == self.size
        self.image = self.preprocess(image).convert("1")
        lines = frame_to_text(self.image, self.scale)
        if self.in_place:  # a line the terminal wraps would throw the redraw off
            columns = shutil.get_terminal_size((FULL_COLUMNS, 40)).columns - 1
            lines += [
                part for line in self.footer
                for part in (textwrap.wrap(line, columns, subsequent_indent="  ") or [""])]
        else:
            lines += self.footer
        out = []
        if self.in_place and self._lines_drawn:
            out.append(f"\x1b[{self._lines_drawn}F")  # back to the top of the last frame
        out.append("".join(line + "\x1b[K\n" if self.in_place else line + "\n"
                           for line in lines))
        if self.in_place:
            out.append("\x1b[J")  # a shorter frame: clear what the last one left below
        else:
            out.append("\n")
        self.stream.write("".join(out))
        self.stream.flush()
        self._lines_drawn = len(lines)
        self.frames += 1

    def cleanup(self) -> None:
        with contextlib.suppress(Exception):
            self.stream.flush()


def make_device(config: DisplayConfig, *, stream: IO[str] | None = None,
                footer: Sequence[str] = ()) -> Any:
    """A luma device for ``config.type`` (``stream``/``footer`` only for the terminal)."""
    kind = config.type
    if kind == "dummy":
        return dummy(width=WIDTH, height=HEIGHT, rotate=config.rotation, mode="1")
    if kind == "terminal":
        scale = config.terminal_scale if config.terminal_scale > 0 else None
        return TerminalDevice(rotate=config.rotation, stream=stream, scale=scale,
                              footer=footer)
    if kind in ("ssd1306", "sh1106"):
        return _open_oled(config)
    raise DisplayError(f"display.type {kind!r} is not ssd1306, sh1106, dummy or terminal")


def _open_oled(config: DisplayConfig) -> Any:
    import luma.core.error
    from luma.core.interface.serial import i2c
    from luma.oled.device import sh1106, ssd1306

    where = f"I2C port {config.i2c_port} address {config.address:#04x}"
    try:
        serial = i2c(port=config.i2c_port, address=config.address)
        cls = ssd1306 if config.type == "ssd1306" else sh1106
        oled = cls(serial, width=WIDTH, height=HEIGHT, rotate=config.rotation)
        oled.contrast(config.contrast)
    except luma.core.error.DevicePermissionError as exc:
        raise DisplayError(
            f"no permission for the OLED on {where} ({exc}): add the user to the i2c group"
            " (sudo usermod -aG i2c $USER, then log in again)"
        ) from exc
    except (luma.core.error.DeviceNotFoundError, FileNotFoundError, OSError) as exc:
        raise DisplayError(
            f"no OLED found on {where} ({exc}): enable I2C (dtparam=i2c_arm=on in"
            " /boot/firmware/config.txt, then reboot), check the wiring (SDA GPIO2 pin 3,"
            f" SCL GPIO3 pin 5, 3V3, GND) and the address with `i2cdetect -y"
            f" {config.i2c_port}` (then set display.address)"
        ) from exc
    return oled


class Display:
    """The loop's screen: sends only changed frames, optionally saving each as a PNG.

    ``Display(make_device(cfg))``; ``show(image)`` returns True when the frame was new.
    ``close()`` is idempotent and the object works in a ``with`` block.
    """

    def __init__(self, device: Any, save_dir: str | Path | None = None) -> None:
        self.device = device
        self.save_dir = Path(save_dir) if save_dir is not None else None
        if self.save_dir is not None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
        self.last: Image.Image | None = None
        self.count = 0
        self.closed = False

    @property
    def size(self) -> tuple[int, int]:
        return tuple(self.device.size)

    def show(self, image: Image.Image) -> bool:
        image = image.convert(self.device.mode)
        if self.last is not None and ImageChops.difference(
                self.last.convert("L"), image.convert("L")).getbbox() is None:
            return False
        self.device.display(image)
        self.last = image.copy()
        self.count += 1
        if self.save_dir is not None:
            image.convert("1").save(self.save_dir / f"{self.count:05d}.png")
        return True

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            self.device.cleanup()

    def __enter__(self) -> Display:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
