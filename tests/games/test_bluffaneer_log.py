"""Bluffaneer in the game log: every action's JSON, the shipped example, ``bluffbox replay``,
the odds and the doctests."""

from __future__ import annotations

import doctest
import importlib
import json
from fractions import Fraction
from pathlib import Path

import pytest

from device.cli import main
from games.bluffaneer import events as ev
from games.bluffaneer.actions import (
    CallBluffaneer,
    Claim,
    CoinToss,
    NoClaim,
    OwnMatch,
    Reveal,
    Roll,
    Steal,
    Trust,
)
from games.bluffaneer.faces import DEFAULT_FACES, Card, Double, FaceSet, Symbol
from games.bluffaneer.odds import (
    any_double_chance,
    card_holds_chance,
    card_match_chance,
    double_chance,
    pair_chance,
    someone_holds_chance,
    table,
)
from games.bluffaneer.rules import Bluffaneer
from games.bluffaneer.state import Settings
from games.bluffaneer.table import play_logged
from games.errors import InvalidSettings
from games.log import LogError, parse_log, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bluffaneer-four-players.jsonl"
RULES = Bluffaneer()
ACTIONS = [
    Roll(("ship", "sword")), Steal(2), OwnMatch(Card("chest", "ship")), Claim(1), NoClaim(),
    Trust(), CallBluffaneer(), Reveal(Card("skull", "sword")), CoinToss(3),
]  # fmt: skip


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_every_action_round_trips_through_json(action: object) -> None:
    data = json.loads(json.dumps(RULES.action_to_json(action)))  # type: ignore[arg-type]
    assert RULES.action_from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "roll", "dice": ["ship"]},
        {"type": "roll", "dice": [1, 2]},
        {"type": "steal"},
        {"type": "steal", "victim": "2"},
        {"type": "claim", "claimer": True},
        {"type": "reveal", "card": ["ship", "ship"]},
        {"type": "reveal", "card": "ship/sword"},
        {"type": "fly"},
        ["roll"],
    ],
)
def test_bad_action_json_is_a_clear_value_error(data: object) -> None:
    with pytest.raises(ValueError):
        RULES.action_from_json(data)  # type: ignore[arg-type]


def test_settings_round_trip_and_bad_settings_are_refused() -> None:
    settings = Settings(coins=7, first_seat=2, cards=(Card("ship", "sword"),) * 5)
    assert RULES.settings_from_json(json.loads(json.dumps(settings.to_json()))) == settings
    for bad in (
        {"coins": 0},
        {"colour": "red"},
        {"faces": {"symbols": [{"name": "gem", "double": "steal_9"}]}},
        {"faces": {"symbols": [{"name": "gem", "double": "tribute"}]}},  # one symbol
        {"cards": [["ship", "ship"]]},
        {"card_copies": True},
    ):
        with pytest.raises(InvalidSettings):
            RULES.settings_from_json(bad)


def test_a_log_naming_an_unknown_face_is_refused_at_its_line() -> None:
    header = {"v": 1, "type": "start", "game": "bluffaneer", "players": ["A", "B", "C"],
              "settings": {}}  # fmt: skip
    bad = {"type": "action", "n": 1, "action": {"type": "roll", "dice": ["ship", "kraken"]}}
    data = (json.dumps(header) + "\n" + json.dumps(bad) + "\n").encode()
    from games.log import replay_log

    with pytest.raises(LogError, match="line 2: illegal action"):
        replay_log(parse_log(data))


# --- the shipped example ------------------------------------------------------------------


def test_example_is_a_four_player_game_with_every_ruling_to_a_coin_toss() -> None:
    result = replay(EXAMPLE)
    assert result.log.players == ["Anne", "Bonny", "Calico", "Drake"] and not result.warnings
    state = result.state
    assert state.winner is not None and state.total == 50
    events = [e for evs in result.events for e in evs]
    assert {e.effect for e in events if isinstance(e, ev.DoubleRolled)} == set(Double)
    assert {e.true for e in events if isinstance(e, ev.ClaimRuled)} == {True, False}
    assert any(isinstance(e, ev.Trusted) for e in events)
    assert any(isinstance(e, ev.DeckReshuffled) for e in events)
    assert any(isinstance(a, OwnMatch) for a in result.log.actions)
    assert isinstance(result.log.actions[-1], CoinToss)
    # the meta of each claim holds the claimer's real card: bluffs can be seen
    pairs = zip(result.log.actions, result.log.metas, strict=True)
    claims = [m for a, m in pairs if isinstance(a, Claim)]
    assert claims and all(m and "card" in m for m in claims)


def test_example_is_what_the_engine_generates(tmp_path: Path) -> None:
    path = tmp_path / "example.jsonl"
    play_logged(str(path), ["Anne", "Bonny", "Calico", "Drake"], None, seed=1619)
    assert path.read_bytes() == EXAMPLE.read_bytes()


def test_replay_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "game: bluffaneer" in out and "coins" in out and "WINNER" in out
    assert "winner: Drake" in out and "bank: 21" in out and "deck: 14 cards" in out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == "Drake" and data["tied"] == ["Bonny", "Drake"]
    coins = sum(p["coins"] for p in data["players"])
    assert coins + data["bank"] + data["box"] == 50
    assert data["deck"] + data["discard"] + len(data["players"]) == 18


def test_replay_mid_game_shows_whose_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mid.jsonl"
    path.write_bytes(b"".join(EXAMPLE.read_bytes().splitlines(keepends=True)[:7]))
    assert main(["replay", str(path), "--events"]) == 0
    out = capsys.readouterr().out
    assert "Anne: \"Gimme Yer Booty!\"" in out
    assert "next: Calico: trust Anne or call Bluffaneer" in out and "<- to play" in out


# --- odds -------------------------------------------------------------------------------


def test_odds_of_the_seed_dice() -> None:
    assert {double_chance(DEFAULT_FACES, s) for s in DEFAULT_FACES.names} == {Fraction(1, 16)}
    assert any_double_chance(DEFAULT_FACES) == Fraction(1, 4)
    assert pair_chance(DEFAULT_FACES, "ship", "ship") == Fraction(1, 16)
    assert pair_chance(DEFAULT_FACES, "ship", "chest") == Fraction(1, 8)
    assert card_match_chance(DEFAULT_FACES, Card("chest", "ship")) == Fraction(1, 8)
    rows = table(DEFAULT_FACES, DEFAULT_FACES.deck(3))
    assert len(rows) == 10 and sum(r.chance for r in rows) == 1
    with pytest.raises(ValueError, match="kraken"):
        double_chance(DEFAULT_FACES, "kraken")


def test_odds_follow_the_faces_of_a_die() -> None:
    faces = FaceSet(
        (Symbol("gem", Double.TRIBUTE), Symbol("hook", Double.STEAL_2)),
        faces=("gem", "gem", "gem", "gem", "hook", "hook"),
    )
    assert double_chance(faces, "gem") == Fraction(4, 9)
    assert pair_chance(faces, "hook", "gem") == 2 * Fraction(2, 3) * Fraction(1, 3)
    assert double_chance(faces, "gem") + double_chance(faces, "hook") + pair_chance(
        faces, "gem", "hook"
    ) == 1


def test_the_chance_a_claim_is_true() -> None:
    deck = DEFAULT_FACES.deck(3)
    card = Card("ship", "sword")
    assert card_holds_chance(deck, card) == Fraction(3, 18)
    assert card_holds_chance(deck, card, known=[card, card]) == Fraction(1, 16)
    assert someone_holds_chance(deck, card, 1) == Fraction(3, 18)
    assert someone_holds_chance(deck, card, 16, known=[card, card]) == 1
    assert someone_holds_chance(deck, card, 5, known=[card] * 3) == 0
    with pytest.raises(ValueError):
        card_holds_chance(deck, card, known=[card] * 4)


@pytest.mark.parametrize(
    "name",
    ["games.bluffaneer.faces", "games.bluffaneer.rules", "games.bluffaneer.odds"],
)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
