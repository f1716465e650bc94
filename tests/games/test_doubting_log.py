"""Doubting Dice through the shared game log: written, replayed, and shown by replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from device.cli import main
from games.doubting.actions import Bid, Call, RoundDice
from games.doubting.rules import DoubtingDice
from games.doubting.state import DoubtingSettings, Phase
from games.log import LogWriter, replay

RULES = DoubtingDice()


def random_game(path: Path, seed: int) -> object:
    rng = random.Random(seed)
    settings = DoubtingSettings(announce_total=True, lives=True, strike_limit=2)
    players = ["Ana", "Ben", "Cat"]
    state = RULES.new_game(players, settings)
    with LogWriter.create(path, RULES, players, settings) as log:
        while state.phase is not Phase.GAME_OVER:
            actions = RULES.legal_actions(state)
            n = state.dice_in_play
            dice = tuple(rng.randint(1, 6) for _ in range(n))
            if state.phase is Phase.ROUND_DICE:
                action: object = RoundDice(dice)
            else:
                bids = [a for a in actions if isinstance(a, Bid)][:6]
                calls = {type(a)() for a in actions if isinstance(a, Call)}
                if calls and (not bids or rng.random() < 0.5):
                    action = rng.choice(sorted(calls, key=str)).with_dice(dice)
                else:
                    action = rng.choice(bids)
            state, _ = RULES.apply(state, action)  # type: ignore[arg-type]
            log.action(action, meta={"photo": f"photos/{log.actions + 1:04}.jpg"})
    return state


def test_log_replays_a_doubting_dice_game(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    state = random_game(path, seed=5)
    assert json.loads(path.read_text().splitlines()[0])["game"] == "doubting_dice"
    result = replay(path)
    assert result.state == state and result.rules.winner(result.state) is not None


def test_bluffbox_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    state = random_game(path, seed=11)
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "doubting_dice"
    assert summary["winner"] == state.names[state.winner]  # type: ignore[attr-defined]
