"""The shipped BamBoozal example log, and ``bluffbox replay`` on it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from games.bamboozal import Phase, Settings
from games.bamboozal import events as ev
from games.bamboozal.table import play_logged
from games.log import replay

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "bamboozal-four-players.jsonl"
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_example_is_several_hands_with_folds_a_split_pot_chained_bamboozals_and_an_undo() -> None:
    result = replay(EXAMPLE)
    assert result.log.players == NAMES and result.warnings == []
    state = result.state
    assert state.phase is Phase.OVER and len(state.results) == 6
    events = [e for evs in result.events for e in evs]
    assert any(isinstance(e, ev.Folded) for e in events)
    assert any(isinstance(e, ev.PotStays) and e.tied for e in events)
    assert len([e for e in events if isinstance(e, ev.Paid) and e.bamboozal]) >= 2
    assert any(isinstance(e, ev.Undone) for e in events)
    assert sum(state.balances) + state.pot == 0


def test_example_is_what_the_engine_generates(tmp_path: Path) -> None:
    path = tmp_path / "example.jsonl"
    play_logged(str(path), NAMES, Settings(hand_amount=50), seed=20, hands=6)
    assert path.read_bytes() == EXAMPLE.read_bytes()


def test_replay_text_shows_balances_and_each_hands_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "game: bamboozal" in out and "balance" in out and "pot: 0" in out
    assert "  Hand 2 (Bob deals): Cat takes 200; Dan bamboozaled (owes 200)" in out
    assert "  Hand 4 (Dan deals): split, 200 stays" in out


def test_replay_json_mid_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mid.jsonl"
    path.write_bytes(b"".join(EXAMPLE.read_bytes().splitlines(keepends=True)[:27]))
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hand"] == 3 and data["dealer"] == "Cat" and data["pot"] == 350
    assert data["trump"] == "Clubs" and data["prompt"] == "Bob: play or fold?"
    assert [p["paid"] for p in data["players"]] == [150, 150, 150, 300]
    assert [p["plays"] for p in data["players"]] == ["plays", None, None, "folds"]
