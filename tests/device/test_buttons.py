"""Buttons: the pure decoder with injected times, gpiozero mock pins, and the keyboard."""

from __future__ import annotations

import io
import os
import queue
import time
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from device.core.config import ButtonsConfig, parse_config
from device.core.roles import Role
from device.hw.buttons import (
    ButtonEvent,
    GpioButtons,
    KeyboardButtons,
    KeyDecoder,
    PressDecoder,
)


def roles(events: list[ButtonEvent]) -> list[Role]:
    return [e.role for e in events]


# --- PressDecoder ------------------------------------------------------------------------


def test_plain_button_fires_on_press_and_ignores_bounce() -> None:
    d = PressDecoder(debounce_s=0.03)
    assert roles(d.edge(Role.ACCEPT, True, 10.000)) == [Role.ACCEPT]
    assert d.edge(Role.ACCEPT, False, 10.002) == []  # bounce
    assert d.edge(Role.ACCEPT, True, 10.004) == []  # bounce
    assert d.edge(Role.ACCEPT, False, 10.200) == []
    assert roles(d.edge(Role.ACCEPT, True, 10.400)) == [Role.ACCEPT]


def test_debounce_is_per_button() -> None:
    d = PressDecoder(debounce_s=0.03)
    assert roles(d.edge(Role.UP, True, 1.0)) == [Role.UP]
    assert roles(d.edge(Role.DOWN, True, 1.001)) == [Role.DOWN]


def test_short_ok_fires_on_release() -> None:
    d = PressDecoder(long_press_s=1.0)
    assert d.edge(Role.OK, True, 5.0) == []
    assert d.tick(5.5) == []
    assert roles(d.edge(Role.OK, False, 5.3)) == [Role.OK]


def test_long_ok_is_back_once_while_held() -> None:
    d = PressDecoder(long_press_s=1.0)
    d.edge(Role.OK, True, 5.0)
    assert d.tick(5.99) == []
    assert roles(d.tick(6.0)) == [Role.BACK]
    assert d.tick(7.0) == []
    assert d.edge(Role.OK, False, 7.5) == []  # release after a long press: nothing more
    assert d.edge(Role.OK, True, 8.0) == []
    assert roles(d.edge(Role.OK, False, 8.1)) == [Role.OK]


def test_long_card_is_menu_even_without_ticks() -> None:
    d = PressDecoder(long_press_s=1.0)
    d.edge(Role.CARD, True, 0.0)
    assert roles(d.edge(Role.CARD, False, 1.2)) == [Role.MENU]


def test_held_from_hardware_fires_once() -> None:
    d = PressDecoder()
    assert d.held(Role.OK, 1.0) == []  # not down
    d.edge(Role.OK, True, 1.0)
    assert roles(d.held(Role.OK, 1.9)) == [Role.BACK]
    assert d.held(Role.OK, 2.0) == [] and d.tick(3.0) == []


def test_missed_release_does_not_wedge_the_button() -> None:
    d = PressDecoder(debounce_s=0.03)
    d.edge(Role.OK, True, 1.0)
    d.edge(Role.OK, False, 1.01)  # real quick release lost as "bounce"
    d.edge(Role.OK, True, 2.0)  # next press re-arms
    assert roles(d.edge(Role.OK, False, 2.2)) == [Role.OK]


# --- gpiozero, mock pins -----------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.close()


def test_mock_pins_deliver_events_to_one_queue(factory: MockFactory) -> None:
    cfg = parse_config({}).buttons
    clock = FakeClock()
    q: queue.Queue[ButtonEvent] = queue.Queue()
    with GpioButtons(cfg, q, pin_factory=factory, clock=clock) as board:
        assert board.events is q
        accept = factory.pin(cfg.pins["accept"])
        assert accept.state == 1  # pulled up: released reads high
        accept.drive_low()
        clock.now += 0.1
        accept.drive_high()
        clock.now += 0.1
        ok = factory.pin(cfg.pins["ok"])
        ok.drive_low()
        clock.now += 0.2
        ok.drive_high()
        clock.now += 0.1
        factory.pin(cfg.pins["challenge"]).drive_low()
        got = board.drain()
    assert roles(got) == [Role.ACCEPT, Role.OK, Role.CHALLENGE]
    assert got[0].t == 100.0


def test_mock_pins_debounce(factory: MockFactory) -> None:
    cfg = ButtonsConfig(debounce_ms=30)
    clock = FakeClock()
    with GpioButtons(cfg, pin_factory=factory, clock=clock) as board:
        pin = factory.pin(cfg.pins["up"])
        for _ in range(3):  # contact bounce: 1 ms apart
            pin.drive_low()
            clock.now += 0.001
            pin.drive_high()
            clock.now += 0.001
        assert roles(board.drain()) == [Role.UP]


def test_mock_pins_long_press_via_gpiozero_hold(factory: MockFactory) -> None:
    cfg = ButtonsConfig(long_press_ms=200)
    with GpioButtons(cfg, pin_factory=factory) as board:
        pin = factory.pin(cfg.pins["ok"])
        pin.drive_low()
        event = board.get(timeout=10)
        pin.drive_high()
        assert event is not None and event.role is Role.BACK
        time.sleep(0.05)
        assert board.drain() == []


def test_close_is_idempotent_and_frees_pins(factory: MockFactory) -> None:
    cfg = ButtonsConfig()
    board = GpioButtons(cfg, pin_factory=factory)
    assert board.pin(Role.CARD) == cfg.pins["card"]
    board.close()
    board.close()
    with GpioButtons(cfg, pin_factory=factory):  # the pins are free again
        pass


# --- keyboard ----------------------------------------------------------------------------


def test_key_decoder_terminal_keys() -> None:
    d = KeyDecoder()
    assert d.feed("acws\x1b[A\x1b[B\n pbmqX?") == [
        Role.ACCEPT, Role.CHALLENGE, Role.UP, Role.DOWN, Role.UP, Role.DOWN, Role.OK, Role.OK,
        Role.CARD, Role.BACK, Role.MENU, Role.QUIT]
    assert d.feed("\x1b") == [] and d.flush() == [Role.BACK]
    assert d.feed("\x1bOA\x1b") == [Role.UP]
    assert d.feed("a") == [Role.BACK, Role.ACCEPT]


def test_key_decoder_script_mode_ignores_newlines_and_comments() -> None:
    d = KeyDecoder(script=True)
    assert d.feed("w w o   # up twice, then ok\n\na c\n") == [
        Role.UP, Role.UP, Role.OK, Role.ACCEPT, Role.CHALLENGE]


def test_keyboard_from_a_pipe_ends_with_quit() -> None:
    r, w = os.pipe()
    os.write(w, b"a c\nw # comment o\n")
    os.close(w)
    with os.fdopen(r) as stream, KeyboardButtons(stream=stream) as keys:
        assert not keys.is_tty
        got = [keys.get(timeout=10) for _ in range(4)]
    assert [e.role for e in got if e] == [Role.ACCEPT, Role.CHALLENGE, Role.UP, Role.QUIT]


def test_keyboard_from_a_text_stream() -> None:
    with KeyboardButtons(stream=io.StringIO("sp")) as keys:
        got = [keys.get(timeout=10) for _ in range(3)]
    assert [e.role for e in got if e] == [Role.DOWN, Role.CARD, Role.QUIT]
    keys.close()
