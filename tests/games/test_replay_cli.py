"""``bluffbox replay`` and ``bluffbox odds``, and the shipped example game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from games.bamboozled import events as ev
from games.bamboozled.table import play_logged
from games.log import replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bamboozled-three-players.jsonl"


def test_example_is_a_three_player_game_with_cards_to_its_winner() -> None:
    result = replay(EXAMPLE)
    assert result.log.players == ["Sasha", "Charlie", "Anita"] and result.warnings == []
    assert result.state.winner is not None
    events = [e for evs in result.events for e in evs]
    played = {e.card for e in events if isinstance(e, ev.CardPlayed)}
    assert len(played) >= 5  # several kinds of action card
    assert any(isinstance(e, ev.CardShown) for e in events)
    assert any(isinstance(e, ev.Bamboozled) for e in events)


def test_example_is_what_the_engine_generates(tmp_path: Path) -> None:
    path = tmp_path / "example.jsonl"
    play_logged(str(path), ["Sasha", "Charlie", "Anita"], None, seed=352)
    assert path.read_bytes() == EXAMPLE.read_bytes()


def test_replay_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "WINNER" in out and "Sasha" in out and "Charlie" in out and "out" in out
    assert "deck:" in out and "discard pile:" in out and "direction: clockwise" in out
    assert "winner: " in out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] in ("Sasha", "Charlie", "Anita")
    assert {"name", "strikes", "cards", "out"} <= set(data["players"][0])
    assert {"score", "declared_by", "awaiting", "direction", "deck", "discard"} <= set(data)
    assert sum(p["cards"] for p in data["players"]) + data["deck"] + data["discard"] == 26


def test_replay_mid_game_and_events(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mid.jsonl"
    path.write_bytes(b"".join(EXAMPLE.read_bytes().splitlines(keepends=True)[:5]))
    assert main(["replay", str(path), "--events"]) == 0
    out = capsys.readouterr().out
    assert "<- to play" in out and "score: " in out and "next: " in out
    assert "Sasha declares 62" in out


def test_replay_torn_last_line_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "torn.jsonl"
    path.write_bytes(EXAMPLE.read_bytes()[:-10])
    assert main(["replay", str(path)]) == 0
    assert "warning:" in capsys.readouterr().err


def test_replay_missing_or_corrupt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 1
    assert "no such log file" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    lines = EXAMPLE.read_bytes().splitlines(keepends=True)
    bad.write_bytes(b"".join([lines[0], b"garbage\n", *lines[2:]]))
    assert main(["replay", str(bad)]) == 1
    assert "line 2" in capsys.readouterr().err


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 36 + 4 and out[36] == ""  # the header, 35 scores, then the legend
    assert out[35].split()[0] == "21" and "2/36" in out[35]
    assert "ties or beats" in out[0] and "ties or beats" in out[38]


def test_odds_one_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "double", "4"]) == 0
    out = capsys.readouterr().out
    assert "44 (double 4s)" in out and "1/36" in out and "5/36" in out
    assert main(["odds", "53", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == [
        {
            "score": 53,
            "name": "53",
            "rank": 21,
            "truthful": "1/18",
            "truthful_p": 2 / 36,
            "tie_or_beat": "11/18",
            "tie_or_beat_p": 22 / 36,
        }
    ]


def test_odds_not_a_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "12"]) == 2
    assert "never a score" in capsys.readouterr().err
