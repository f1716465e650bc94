"""Display: the device factory, the terminal device, and the change-only wrapper."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from luma.core.device import dummy
from luma.core.render import canvas
from PIL import Image

from device.core.config import DisplayConfig
from device.hw.display import (
    Display,
    DisplayError,
    TerminalDevice,
    frame_to_text,
    make_device,
)
from device.ui.views import MessageView, render


def test_dummy_from_config_is_a_luma_1bit_device() -> None:
    oled = make_device(DisplayConfig(type="dummy"))
    assert isinstance(oled, dummy)
    assert oled.mode == "1" and oled.size == (128, 64)
    with canvas(oled) as draw:
        draw.rectangle((0, 0, 3, 3), fill="white")
    assert oled.image.getbbox() == (0, 0, 4, 4)


def test_frame_to_text_half_blocks() -> None:
    img = Image.new("1", (3, 4))
    for xy in [(0, 0), (1, 1), (2, 0), (2, 1), (0, 3)]:
        img.putpixel(xy, 1)
    assert frame_to_text(img, border=False) == ["\u2580\u2584\u2588", "\u2584  "]
    assert frame_to_text(img, scale=2, border=False)[0] == "\u2588\u2588  \u2588\u2588"
    framed = frame_to_text(img)
    assert framed[0] == "\u250c\u2500\u2500\u2500\u2510" and framed[1].startswith("\u2502")


def test_terminal_device_draws_frames_into_a_stream() -> None:
    out = io.StringIO()
    term = make_device(DisplayConfig(type="terminal"), stream=out, footer=["keys: q quit"])
    assert isinstance(term, TerminalDevice)
    term.display(render(MessageView("Hi", ("there",))))
    text = out.getvalue()
    lines = text.splitlines()
    assert len(lines[1]) == 130 and len(lines) == 32 + 2 + 1 + 1
    assert "keys: q quit" in text and "\x1b" not in text  # not a tty: no cursor moves
    with canvas(term) as draw:
        draw.point((0, 0), fill=1)
    assert term.frames == 2 and out.getvalue().count("\u250c") == 2


def test_terminal_device_redraws_in_place_on_a_tty() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Tty()
    term = TerminalDevice(stream=out, scale=2)
    term.display(Image.new("1", (128, 64)))
    term.display(Image.new("1", (128, 64), 1))
    assert "\x1b[66F" in out.getvalue()  # 64 rows + 2 border lines up
    assert "\u2588" * 256 in out.getvalue()


def test_terminal_rotation_follows_luma() -> None:
    term = TerminalDevice(stream=io.StringIO(), rotate=2)
    img = Image.new("1", (128, 64))
    img.putpixel((0, 0), 1)
    term.display(img)
    assert term.image is not None and term.image.getpixel((127, 63))


def test_display_sends_only_changed_frames_and_saves_them(tmp_path: Path) -> None:
    oled = dummy(width=128, height=64, mode="1")
    with Display(oled, save_dir=tmp_path / "screens") as screen:
        a = render(MessageView("A"))
        assert screen.show(a) is True
        assert screen.show(a.copy()) is False
        assert screen.show(render(MessageView("B"))) is True
        assert screen.size == (128, 64)
        shown = oled.image.tobytes()
    screen.close()  # idempotent; luma's cleanup blanks the panel
    assert oled.image.getbbox() is None
    saved = sorted(p.name for p in (tmp_path / "screens").iterdir())
    assert saved == ["00001.png", "00002.png"]
    assert Image.open(tmp_path / "screens" / "00002.png").tobytes() == shown


def test_missing_oled_says_how_to_fix_it() -> None:
    cfg = DisplayConfig(type="ssd1306", i2c_port=17)  # no /dev/i2c-17 here
    with pytest.raises(DisplayError) as exc:
        make_device(cfg)
    msg = str(exc.value)
    assert "dtparam=i2c_arm=on" in msg and "i2cdetect -y 17" in msg


def test_compact_quadrant_frames_fit_80_columns() -> None:
    img = render(MessageView("Hi", ("there",)))
    lines = frame_to_text(img, scale=0)
    assert len(lines) == 32 + 2 and all(len(line) == 66 for line in lines)


def test_auto_scale_is_compact_only_on_a_narrow_terminal(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "80")
    assert TerminalDevice(stream=Tty(), scale=None).scale == 0
    assert TerminalDevice(stream=io.StringIO(), scale=None).scale == 1  # a pipe: full size
    monkeypatch.setenv("COLUMNS", "200")
    assert TerminalDevice(stream=Tty(), scale=None).scale == 1
    assert make_device(DisplayConfig(type="terminal", terminal_scale=2),
                       stream=io.StringIO()).scale == 2


def test_terminal_footer_lines_are_wrapped_to_the_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "80")
    out = Tty()
    term = TerminalDevice(stream=out, scale=0, footer=["word " * 30, "short"])
    term.display(Image.new("1", (128, 64)))
    term.display(Image.new("1", (128, 64), 1))
    drawn = 32 + 2 + 2 + 1  # the framed frame, the long line in two rows, "short"
    assert f"\x1b[{drawn}F" in out.getvalue() and "\x1b[J" in out.getvalue()
