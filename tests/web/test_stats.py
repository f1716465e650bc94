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
from games.bamboozled.odds import TWO_DICE_SCORES
from games.bamboozled.rules import Accept, Bamboozled, Challenge, Declare
from games.doubting.actions import Bid, Exact
from games.doubting.actions import Challenge as Call
from games.doubting.rules import DoubtingDice
from games.log import LogWriter
from games.roll_odds import Roll, RollOdds
from games.tally import Tally
from web.app import create_app
from web.cli import print_stats
from web.render import stats_page
from web.stats import collect, fairness, game_charts
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
    scores = collect([]).charts["two_dice_scores"]
    assert sum(scores.chances) == pytest.approx(1.0)
    assert scores.chances[scores.labels.index("Jackpot")] == pytest.approx(2 / 36)
    assert scores.chances[scores.labels.index("double 6s")] == pytest.approx(1 / 36)
    assert scores.short == tuple(str(s) for s in TWO_DICE_SCORES)


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
    scores = stats.charts["two_dice_scores"]
    assert scores.observed[scores.labels.index("double 6s")] == 1
    assert scores.observed[scores.labels.index("41")] == 1
    assert scores.total == scores.rolls == 2


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


# --- the games' own charts (rules.roll_odds), found through the registry ------------------


def test_only_games_with_the_hook_have_a_chart() -> None:
    assert [name for name, _ in game_charts()] == ["bamboozled"]
    assert Bamboozled().roll_odds().key == "two_dice_scores"
    assert DoubtingDice().roll_odds() is None


def test_a_game_without_the_hook_gets_no_chart_and_no_error(tmp_path: Path) -> None:
    rules = DoubtingDice()
    (tmp_path / "logs").mkdir()
    with LogWriter.create(tmp_path / "logs" / "20260101-000003.jsonl", rules,
                          ["Ann", "Bob"]) as w:
        w.action(Bid(2, 5))
        w.action(Call(dice=(5, 5, 1, 2, 3, 4, 6, 2, 3, 5)), {"read": "camera"})
    games = StateDir(tmp_path).games()
    assert games[0].error is None
    stats = collect(games)
    assert stats.faces.total == 10  # its faces are counted...
    assert list(stats.charts) == ["two_dice_scores"]  # ...but it has no chart of its own
    assert stats.charts["two_dice_scores"].total == 0
    page = TestClient(create_app(tmp_path)).get("/api/stats").json()
    assert set(page) == {"games", "players", "faces", "two_dice_scores"}


class FirstDieDoubting(DoubtingDice):
    """Doubting Dice with a chart of its own: is the first die of a reveal odd or even."""

    name = "first_die_doubting"

    def roll_odds(self) -> RollOdds:
        def parity(dice: Roll) -> int | None:
            return dice[0] % 2 if dice and isinstance(dice[0], int) else None

        return RollOdds("first_die", "First die even or odd", ("even", "odd"), (0.5, 0.5),
                        parity)


def test_a_game_with_the_hook_gets_its_chart_over_its_own_rolls(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from games import registry

    monkeypatch.setitem(registry._registered, FirstDieDoubting.name, FirstDieDoubting)
    _bamboozled_log(tmp_path)
    with LogWriter.create(tmp_path / "logs" / "20260101-000004.jsonl", FirstDieDoubting(),
                          ["Ann", "Bob"]) as w:
        w.action(Bid(2, 5))
        w.action(Call(dice=(3, 5, 1, 2, 5, 4, 6, 2, 3, 5)), {"read": "camera"})
    stats = collect(StateDir(tmp_path).games())
    assert list(stats.charts) == ["two_dice_scores", "first_die"]  # the registry's order
    # its own reveal only (odd first); the Bamboozled rolls 6-6 and 4-1 are not its rolls
    assert stats.charts["first_die"].observed == (0, 1)
    assert stats.charts["two_dice_scores"].total == 2  # the Bamboozled rolls only
    html = stats_page(stats)
    assert "First die even or odd" in html and "Two-dice scores against their odds" in html


def test_bad_chart_data_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="one chance for each"):
        RollOdds("k", "T", ("a", "b"), (1.0,), lambda dice: 0)
    with pytest.raises(ValueError, match="add up to 1"):
        RollOdds("k", "T", ("a", "b"), (0.5, 0.4), lambda dice: 0)
