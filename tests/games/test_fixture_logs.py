"""Logs written by earlier versions of the box still replay to the same game.

``fixtures/*.jsonl`` were written by the engines before games/ became one package per
game; ``*.expected.json`` holds what they replayed to then (the final summary and every
event's sentence). Regenerate only on a deliberate rules change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.log import replay

FIXTURES = Path(__file__).parent / "fixtures"
LOGS = sorted(FIXTURES.glob("*.jsonl"))


def test_both_games_have_a_fixture() -> None:
    games = {json.loads(p.read_text().splitlines()[0])["game"] for p in LOGS}
    assert games == {"bamboozled", "doubting_dice"}


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_old_log_replays_to_the_same_game(log: Path) -> None:
    expected = json.loads(log.with_suffix(".expected.json").read_text())
    result = replay(log)
    names = list(result.log.players)
    assert result.warnings == []
    assert [[e.describe(names) for e in evs] for evs in result.events] == expected["events"]
    assert result.rules.summary(result.state) == expected["summary"]
    assert expected["summary"]["winner"] is not None
