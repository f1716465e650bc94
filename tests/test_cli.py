"""The command line starts and lists its commands."""

from __future__ import annotations

import pytest

from device.cli import main


def test_help_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for command in ("run", "replay", "dice", "odds", "doctor"):
        assert command in out
    assert "bluffbox run --sim" in out
