"""sd_notify over real unix datagram sockets (path and abstract namespace)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.hw.sd_notify import Notifier, socket_address


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = str(tmp_path / "notify")
    sock.bind(path)
    sock.settimeout(2)
    yield sock, path
    sock.close()


def test_unset_socket_is_a_no_op() -> None:
    n = Notifier(env={})
    assert not n.enabled
    assert not any([n.ready(), n.watchdog(), n.status("x"), n.stopping(), n.maybe_watchdog()])
    n.close()


def test_messages_reach_a_path_socket(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    with Notifier(env={"NOTIFY_SOCKET": path}) as n:
        assert n.ready("playing")
        assert n.watchdog()
        assert n.status("game 3, turn 12")
        assert n.stopping()
        got = [sock.recv(4096).decode() for _ in range(4)]
    assert got == ["READY=1\nSTATUS=playing", "WATCHDOG=1", "STATUS=game 3, turn 12",
                   "STOPPING=1"]


def test_abstract_namespace_socket() -> None:
    name = f"@bluffbox-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(socket_address(name))
    sock.settimeout(2)
    try:
        with Notifier(env={"NOTIFY_SOCKET": name}) as n:
            assert n.ready()
        assert sock.recv(64) == b"READY=1"
    finally:
        sock.close()


def test_send_errors_never_raise(tmp_path: Path) -> None:
    n = Notifier(env={"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert n.enabled and n.ready() is False and n.errors == 1


def test_watchdog_interval_and_pacing(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    now = [0.0]
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())}
    n = Notifier(env=env, clock=lambda: now[0])
    assert n.watchdog_interval == 20.0 and n.ping_interval == 10.0
    assert n.maybe_watchdog()  # first call pings
    now[0] = 9.9
    assert not n.maybe_watchdog()
    now[0] = 10.0
    assert n.maybe_watchdog()
    assert [sock.recv(64) for _ in range(2)] == [b"WATCHDOG=1"] * 2
    n.close()


def test_watchdog_for_another_pid_is_ignored() -> None:
    n = Notifier(env={"WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"})
    assert n.watchdog_interval is None and not n.watchdog_due()
