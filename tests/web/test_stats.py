"""Statistics: verdicts of the fairness tests, camera-read rolls only, per-player tallies,
and `bluffbox stats` giving the page's numbers."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from device.cli import main
from games.bamboozled.rules import Accept, Bamboozled, Challenge, Declare
from games.doubting.actions import Bid, Exact
from games.doubting.actions import Challenge as Call
from games.doubting.rules import DoubtingDice
from games.log import LogWriter
from games.tally import Tally
from web.app import create_app
from web.cli import print_stats
from web.stats import TWO_DICE_SCORES, collect, fairness
from web.store import StateDir

FAIR = [1 / 6] * 6


def test_verdicts_in_plain_words() -> None:
    few = fairness("t", list("123456"), [2, 1, 1, 1, 1, 0], FAIR, 6, "dice")
    assert few.verdict == "too few rolls to tell yet: 6 rolls (6 dice), a fair test needs 30 dice"
    fair = fairness("t", list("123456"), [48, 52, 50, 49, 51, 50], FAIR, 150, "dice")
    assert fair.verdict == "no sign of a loaded die in 150 rolls (300 dice)"
    loaded = fairness("t", list("123456"), [40, 40, 40, 40, 40, 100], FAIR, 300, "dice")
    assert loaded.verdict.startswith("6 comes up more than chance allows (p = ")
    assert loaded.p_value is not None and loaded.p_value < 1e-6
    low = fairness("t", list("123456"), [10, 60, 60, 60, 60, 50], FAIR, 300, "dice")
    assert not low.verdict.startswith("1 ")  # a face coming up less is not the one named
    none = fairness("t", list("123456"), [0] * 6, FAIR, 0, "dice")
    assert none.verdict == "no camera-read rolls yet" and none.p_value is None


def test_the_two_dice_scores_and_their_odds_cover_every_roll() -> None:
    assert len(TWO_DICE_SCORES) == 21 and TWO_DICE_SCORES[-1] == 21  # the Jackpot last
    stats = collect([])
    assert sum(stats.scores.chances) == pytest.approx(1.0)
    assert stats.scores.chances[stats.scores.labels.index("Jackpot")] == pytest.approx(2 / 36)
    assert stats.scores.chances[stats.scores.labels.index("double 6s")] == pytest.approx(1 / 36)


def _bamboozled_log(state: Path) -> None:
    rules = Bamboozled()
    (state / "logs").mkdir(parents=True)
    cam = {"read": "camera"}
    with LogWriter.create(state / "logs" / "20260101-000001.jsonl", rules,
                          ["Ann", "Bob", "Cat"]) as w:
        w.action(Declare(53))
        w.action(Challenge((6, 6)), cam)  # Bob catches Ann's bluff
        w.action(Declare(31))  # Ann, struck, starts the new round
        w.action(Accept((1, 3)), {"read": "manual", "confirmed_by": ["Ann", "Bob"]})
        w.action(Declare(41))
        w.action(Challenge((4, 1)), {"read": "camera", "seen": 2, "looks": 1})  # Cat loses


def test_tallies_and_camera_rolls_from_a_bamboozled_log(tmp_path: Path) -> None:
    _bamboozled_log(tmp_path)
    stats = collect(StateDir(tmp_path).games())
    assert stats.players["Ann"] == {Tally.BLUFF_DECLARED: 1, Tally.BLUFF_CAUGHT: 1}
    assert stats.players["Bob"] == {Tally.CHALLENGE_MADE: 1, Tally.CHALLENGE_WON: 1}
    assert stats.players["Cat"] == {Tally.CHALLENGE_MADE: 1}
    # the reading entered by hand is not a camera roll
    assert stats.faces.observed == (1, 0, 0, 1, 0, 2) and stats.faces.rolls == 2
    assert stats.scores.observed[stats.scores.labels.index("double 6s")] == 1
    assert stats.scores.observed[stats.scores.labels.index("41")] == 1


def test_doubting_dice_judges_every_bid_at_the_reveal(tmp_path: Path) -> None:
    rules = DoubtingDice()
    (tmp_path / "logs").mkdir()
    dice = (5, 5, 1, 2, 3, 4, 6, 2, 3, 5)  # 4 fives with the one, 2 sixes with it
    with LogWriter.create(tmp_path / "logs" / "20260101-000002.jsonl", rules,
                          ["Ann", "Bob"]) as w:
        w.action(Bid(2, 5))
        w.action(Bid(3, 6))  # Bob bluffs: only 2 sixes
        w.action(Call(dice=dice), {"read": "camera"})  # Ann catches it
        w.action(Bid(4, 5))  # Bob, who lost a die, opens round 2
        w.action(Exact(dice=(5, 5, 1, 2, 3, 4, 6, 2, 5)), {"read": "camera"})  # 4 fives: exact
    games = StateDir(tmp_path).games()
    assert games[0].error is None and len(games[0].steps) == 5
    stats = collect(games)
    assert stats.players["Bob"] == {Tally.BLUFF_DECLARED: 1, Tally.BLUFF_CAUGHT: 1}
    assert stats.players["Ann"] == {Tally.CHALLENGE_MADE: 2, Tally.CHALLENGE_WON: 2}
    assert stats.faces.total == 19


def test_bluffbox_stats_prints_the_numbers_of_the_page(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    _bamboozled_log(tmp_path)
    page = TestClient(create_app(tmp_path)).get("/api/stats").json()
    assert main(["stats", "--state-dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == page
    assert main(["stats", "--state-dir", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "bluffs declared" in text and "Faces the camera read:" in text
    assert page["faces"]["verdict"] in text
    html = TestClient(create_app(tmp_path)).get("/stats").text
    assert page["faces"]["verdict"] in html


def test_stats_over_a_whole_simulated_game(new_game: Any, state_dir: Path) -> None:
    game = new_game()
    game.play()
    out = io.StringIO()
    print_stats(state_dir, state_dir / "logs", True, out)
    data = json.loads(out.getvalue())
    rolls = sum(1 for s in StateDir(state_dir).game(game.id).steps  # type: ignore[union-attr]
                if s.reading is not None)
    assert data["faces"]["count"] == 2 * rolls == 2 * data["two_dice_scores"]["count"]
    assert set(data["players"]) == {"Ann", "Bob", "Cat"}
