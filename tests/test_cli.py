"""The command line starts and lists its commands."""

from __future__ import annotations

from pathlib import Path

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


def test_odds_help_shows_each_games_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "--game", "doubting", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "BID is a quantity and a face 2-6, like 6x4" in out
    assert '"double 4"' in out


def test_odds_doubting_says_every_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--game", "doubting", "6x1", "--own", "17"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["bluffbox odds: --dice N (the dice in play) is needed for Doubting Dice odds",
                   "bluffbox odds: own dice '17': give values 1-6, like 1,4,4 or 144",
                   "bluffbox odds: nobody bids on ones: they are wild"]


def test_every_simulated_game_is_new_unless_seeded(tmp_path: Path) -> None:
    """Without --seed each game gets its own seed, printed and in the log header."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("NOTIFY_SOCKET", None)
    seeds = []
    for k in range(2):
        state = tmp_path / f"s{k}"
        run = subprocess.run([sys.executable, "-m", "device.cli", "run", "--sim", "--reader",
                              "cup", "--state-dir", str(state)], input="o o o o o o q",
                             capture_output=True, text=True, timeout=120, env=env)
        assert run.returncode == 0, run.stderr
        [log] = (state / "logs").glob("*.jsonl")
        seed = json.loads(log.read_text().splitlines()[0])["box"]["seed"]
        assert f"seed {seed} (--seed {seed} plays these dice again)" in run.stderr
        seeds.append(seed)
    assert seeds[0] != seeds[1]
