"""systemd's sd_notify in a few lines of standard library: READY, WATCHDOG, STATUS, STOPPING.

Messages go as one datagram to the unix socket in ``$NOTIFY_SOCKET`` (a leading ``@``
means Linux's abstract namespace). With the variable unset (not under systemd, or the
simulator) every call is a no-op returning False. ``$WATCHDOG_USEC`` gives the watchdog
interval; the loop should ping at least every half of it (:attr:`Notifier.ping_interval`).

>>> n = Notifier(env={})
>>> n.enabled, n.ready(), n.watchdog_interval
(False, False, None)
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping


def socket_address(value: str) -> str | bytes:
    """``$NOTIFY_SOCKET`` as an address for ``socket.connect``/``sendto``.

    >>> socket_address("@/org/bluffbox")
    b'\\x00/org/bluffbox'
    >>> socket_address("/run/systemd/notify")
    '/run/systemd/notify'
    """
    if value.startswith("@"):
        return b"\0" + value[1:].encode()
    return value


class Notifier:
    """Talks to systemd's notify socket; read from ``env`` (default ``os.environ``) once.

    Only the main process should notify (the unit has ``NotifyAccess=main``). Errors
    sending are swallowed (a notification must never crash the box) and counted.
    """

    def __init__(self, env: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        env = os.environ if env is None else env
        raw = env.get("NOTIFY_SOCKET", "")
        self.address: str | bytes | None = socket_address(raw) if raw else None
        self.watchdog_interval = _watchdog_seconds(env)
        self.errors = 0
        self._clock = clock
        self._last_ping: float | None = None
        self._sock: socket.socket | None = None

    @property
    def enabled(self) -> bool:
        return self.address is not None

    @property
    def ping_interval(self) -> float | None:
        """How often to send WATCHDOG=1: half the watchdog interval (None: no watchdog)."""
        return None if self.watchdog_interval is None else self.watchdog_interval / 2

    def notify(self, *fields: str) -> bool:
        """Send ``KEY=value`` lines as one message; True if it was sent."""
        if self.address is None:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto("\n".join(fields).encode(), self.address)
        except OSError:
            self.errors += 1
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        """The service is up (``Type=notify`` waits for this)."""
        return self.notify("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        """A one-line status for ``systemctl status``."""
        return self.notify(f"STATUS={text}")

    def watchdog(self) -> bool:
        """Tell systemd the main loop is alive."""
        self._last_ping = self._clock()
        return self.notify("WATCHDOG=1")

    def watchdog_due(self) -> bool:
        """Whether a WATCHDOG ping is due now (always False without a watchdog)."""
        interval = self.ping_interval
        if interval is None or not self.enabled:
            return False
        return self._last_ping is None or self._clock() - self._last_ping >= interval

    def maybe_watchdog(self) -> bool:
        """Ping if due: call this every loop iteration."""
        return self.watchdog() if self.watchdog_due() else False

    def stopping(self, status: str | None = None) -> bool:
        """The service is shutting down cleanly."""
        return self.notify("STOPPING=1", *([f"STATUS={status}"] if status else []))

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _watchdog_seconds(env: Mapping[str, str]) -> float | None:
    """``$WATCHDOG_USEC`` in seconds, if set for this process (``$WATCHDOG_PID``)."""
    usec = env.get("WATCHDOG_USEC", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    pid = env.get("WATCHDOG_PID", "")
    if pid and pid.isdigit() and int(pid) != os.getpid():
        return None
    return int(usec) / 1_000_000
