"""Buttons -> one queue of :class:`ButtonEvent`.

Six physical buttons (see :data:`device.core.config.BUTTON_ROLES`) give eight events: a long
press of OK is :attr:`Role.BACK` and a long press of CARD is :attr:`Role.MENU`. Both
sources put :class:`ButtonEvent` values into one ``queue.Queue`` the main loop reads:

* :class:`GpioButtons` -- gpiozero ``Button`` s (internal pull-up, each button between a
  GPIO and GND). Their callbacks run on gpiozero's thread and only decode and enqueue.
* :class:`KeyboardButtons` -- keys in the simulator (:data:`KEY_HELP`), from a terminal
  or from a pipe (EOF -> :attr:`Role.QUIT`).

Debounce and long-press are done by :class:`PressDecoder`, a pure class that is given
timestamps, so it is tested directly (gpiozero's mock pins ignore ``bounce_time``).
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import IO, Any

from device.core.config import ButtonsConfig
from device.core.roles import ButtonEvent, Role

PHYSICAL: tuple[Role, ...] = (Role.ACCEPT, Role.CHALLENGE, Role.UP, Role.DOWN, Role.OK,
                              Role.CARD)
#: Which buttons have a second meaning when held.
LONG_PRESS: Mapping[Role, Role] = {Role.OK: Role.BACK, Role.CARD: Role.MENU}


class PressDecoder:
    """Turns raw edges of the physical buttons into presses (pure; not thread-safe).

    * An edge within ``debounce_s`` of the last accepted edge of the same button is bounce.
    * A button without a long meaning fires on press.
    * A button with one (OK, CARD) fires its long role once held ``long_press_s``
      (reported by :meth:`tick` or :meth:`held`), else its own role on release.
    """

    def __init__(self, debounce_s: float = 0.03, long_press_s: float = 1.0,
                 long_press: Mapping[Role, Role] = LONG_PRESS) -> None:
        self.debounce_s = debounce_s
        self.long_press_s = long_press_s
        self.long_press = dict(long_press)
        self._last_edge: dict[Role, float] = {}
        self._down_at: dict[Role, float] = {}  # buttons currently held (long-capable ones)
        self._long_done: set[Role] = set()

    def edge(self, role: Role, pressed: bool, t: float) -> list[ButtonEvent]:
        """A pin changed: ``pressed`` is the new state. Returns the presses it completes."""
        last = self._last_edge.get(role)
        if last is not None and t - last < self.debounce_s:
            return []
        self._last_edge[role] = t
        if role not in self.long_press:
            return [ButtonEvent(role, t)] if pressed else []
        if pressed:
            self._down_at[role] = t
            self._long_done.discard(role)
            return []
        down = self._down_at.pop(role, None)
        if down is None or role in self._long_done:
            self._long_done.discard(role)
            return []
        if t - down >= self.long_press_s:
            return [ButtonEvent(self.long_press[role], t)]
        return [ButtonEvent(role, t)]

    def tick(self, t: float) -> list[ButtonEvent]:
        """Long presses that have matured by time ``t`` (button still held)."""
        out = []
        for role, down in list(self._down_at.items()):
            if role not in self._long_done and t - down >= self.long_press_s:
                out.extend(self.held(role, t))
        return out

    def held(self, role: Role, t: float) -> list[ButtonEvent]:
        """The hardware says ``role`` has been held long enough: fire its long role once."""
        if role not in self._down_at or role in self._long_done or role not in self.long_press:
            return []
        self._long_done.add(role)
        return [ButtonEvent(self.long_press[role], t)]


class ButtonSource:
    """Common shape of the sources: ``events`` queue, ``get``, ``close``, ``with``."""

    def __init__(self, events: queue.Queue[ButtonEvent] | None = None) -> None:
        self.events: queue.Queue[ButtonEvent] = events if events is not None else queue.Queue()
        self.closed = False

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        """The next event, or ``None`` after ``timeout`` seconds."""
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[ButtonEvent]:
        """Every event waiting now."""
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        self.closed = True

    def __enter__(self) -> ButtonSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class GpioButtons(ButtonSource):
    """gpiozero ``Button`` s on the configured pins, feeding one queue.

    ``pin_factory`` is gpiozero's (``MockFactory()`` in tests); ``None`` uses gpiozero's
    default (``$GPIOZERO_PIN_FACTORY``, lgpio on a Pi). ``clock`` is injectable.
    """

    def __init__(self, config: ButtonsConfig, events: queue.Queue[ButtonEvent] | None = None,
                 *, pin_factory: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(events)
        from gpiozero import Button  # only this source needs gpiozero

        self._clock = clock
        self._lock = threading.Lock()
        self._decoder = PressDecoder(config.debounce_ms / 1000, config.long_press_ms / 1000)
        self.buttons: dict[Role, Any] = {}
        try:
            for role in PHYSICAL:
                pin = config.pins[role.value]
                button = Button(pin, pull_up=True, bounce_time=None,
                                hold_time=config.long_press_ms / 1000, pin_factory=pin_factory)
                button.when_pressed = self._callback(role, True)
                button.when_released = self._callback(role, False)
                if role in LONG_PRESS:
                    button.when_held = self._hold_callback(role)
                self.buttons[role] = button
        except Exception:
            self.close()
            raise

    def _callback(self, role: Role, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:  # gpiozero's thread: decode and enqueue only
            with self._lock:
                out = self._decoder.edge(role, pressed, self._clock())
            for event in out:
                self.events.put(event)

        return on_edge

    def _hold_callback(self, role: Role) -> Callable[[], None]:
        def on_held() -> None:
            with self._lock:
                out = self._decoder.held(role, self._clock())
            for event in out:
                self.events.put(event)

        return on_held

    def pin(self, role: Role) -> int:
        """The BCM number of a button's GPIO."""
        return int(self.buttons[role].pin.info.name.removeprefix("GPIO"))

    def close(self) -> None:
        """Release the pins (idempotent)."""
        if self.closed:
            return
        self.closed = True
        for button in self.buttons.values():
            with contextlib.suppress(Exception):
                button.close()
        self.buttons.clear()


# --- keyboard ---------------------------------------------------------------------------

#: Key -> role. Arrow keys arrive as escape sequences (see :class:`KeyDecoder`).
KEYMAP: Mapping[str, Role] = {
    "a": Role.ACCEPT,
    "c": Role.CHALLENGE,
    "w": Role.UP, "k": Role.UP, "+": Role.UP, "\x1b[A": Role.UP, "\x1bOA": Role.UP,
    "s": Role.DOWN, "j": Role.DOWN, "-": Role.DOWN, "\x1b[B": Role.DOWN, "\x1bOB": Role.DOWN,
    "o": Role.OK, " ": Role.OK, "\r": Role.OK, "\n": Role.OK,
    "p": Role.CARD,
    "b": Role.BACK, "\x7f": Role.BACK, "\x08": Role.BACK, "\x1b": Role.BACK,
    "m": Role.MENU,
    "q": Role.QUIT, "\x04": Role.QUIT,
}
#: One line to show under the simulated screen.
KEY_HELP = ("keys: a accept  c challenge  w/\u2191 up  s/\u2193 down  o/space/enter ok"
            "  p card  b/esc back  m menu  q quit")


class KeyDecoder:
    """Characters -> roles (pure). Unknown keys are ignored.

    For piped scripts (``script=True``) all whitespace is ignored and ``#`` starts a
    comment to the end of the line, so a script can be laid out freely; OK is ``o`` there.
    A lone ESC is only known at :meth:`flush` (nothing followed it).
    """

    def __init__(self, script: bool = False, keymap: Mapping[str, Role] = KEYMAP) -> None:
        self.script = script
        self.keymap = keymap
        self._pending = ""
        self._comment = False

    def feed(self, text: str) -> list[Role]:
        out: list[Role] = []
        for ch in text:
            if self._comment:
                self._comment = ch != "\n"
                continue
            if self._pending:
                self._pending += ch
                if self._pending in ("\x1b[", "\x1bO") or (
                        self._pending.startswith("\x1b[") and not (ch.isalpha() or ch == "~")):
                    continue
                seq, self._pending = self._pending, ""
                if seq in self.keymap:
                    out.append(self.keymap[seq])
                elif len(seq) == 2:  # ESC then an ordinary key: BACK, then that key
                    out.append(Role.BACK)
                    out.extend(self.feed(seq[1]))
                continue
            if ch == "\x1b":
                self._pending = ch
            elif self.script and ch.isspace():
                continue
            elif self.script and ch == "#":
                self._comment = True
            elif ch.lower() in self.keymap:
                out.append(self.keymap[ch.lower()])
        return out

    def flush(self) -> list[Role]:
        """End of a burst of input: a lone pending ESC is BACK."""
        pending, self._pending = self._pending, ""
        return [Role.BACK] if pending == "\x1b" else []


class KeyboardButtons(ButtonSource):
    """Keys from ``stream`` (stdin by default) as button events, read on a thread.

    A terminal is put in cbreak mode (keys arrive without Enter, no echo) and restored on
    :meth:`close`; a pipe is read as a script (see :class:`KeyDecoder`). The end of the
    input puts :attr:`Role.QUIT`. ``key_delay`` spaces out piped keys if wanted.
    """

    def __init__(self, events: queue.Queue[ButtonEvent] | None = None,
                 stream: IO[str] | None = None, *, script: bool | None = None,
                 key_delay: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(events)
        self._stream = stream if stream is not None else sys.stdin
        self._clock = clock
        self._key_delay = key_delay
        self._fd: int | None = None
        with contextlib.suppress(AttributeError, OSError, ValueError):
            self._fd = self._stream.fileno()
        self.is_tty = self._fd is not None and os.isatty(self._fd)
        self._decoder = KeyDecoder(script=not self.is_tty if script is None else script)
        self._saved_tty: Any = None
        if self.is_tty:
            self._enter_cbreak()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bluffbox-keys", daemon=True)
        self._thread.start()

    def _enter_cbreak(self) -> None:
        import termios
        import tty

        assert self._fd is not None
        self._saved_tty = termios.tcgetattr(self._fd)
        tty.setcbreak(self._fd)

    def _put(self, roles: list[Role]) -> None:
        for role in roles:
            self.events.put(ButtonEvent(role, self._clock()))
            if self._key_delay:
                time.sleep(self._key_delay)

    def _read_chunks(self) -> Iterator[str]:
        """Chunks of input; an empty chunk means a pause (nothing more right now)."""
        if self._fd is None:
            while chunk := self._stream.read(1):
                yield chunk
            return
        while not self._stop.is_set():
            ready, _, _ = select.select([self._fd], [], [], 0.05)
            if not ready:
                yield ""
                continue
            data = os.read(self._fd, 64)
            if not data:
                return
            yield data.decode("utf-8", "replace")

    def _run(self) -> None:
        try:
            for chunk in self._read_chunks():
                if self._stop.is_set():
                    return
                self._put(self._decoder.feed(chunk) if chunk else self._decoder.flush())
        except (OSError, ValueError):
            pass
        if not self._stop.is_set():
            self._put(self._decoder.flush() + [Role.QUIT])

    def close(self) -> None:
        """Stop reading and restore the terminal (idempotent)."""
        if self.closed:
            return
        self.closed = True
        self._stop.set()
        if self._saved_tty is not None and self._fd is not None:
            import termios

            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved_tty)
            self._saved_tty = None
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=0.5)


def make_buttons(config: ButtonsConfig, *, sim: bool,
                 events: queue.Queue[ButtonEvent] | None = None,
                 pin_factory: Any = None) -> ButtonSource:
    """The keyboard in the simulator, else the GPIO buttons."""
    if sim:
        return KeyboardButtons(events)
    return GpioButtons(config, events, pin_factory=pin_factory)
