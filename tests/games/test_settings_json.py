"""Settings a log header may hold: what each game accepts (missing keys take their
defaults) and refuses (wrong type, out of range, unknown key), as the first codec did."""

from __future__ import annotations

from typing import Any

import pytest

from games.bamboozal.rules import BamBoozal
from games.bamboozal.state import Settings as BamBoozalSettings
from games.bamboozled.rules import Bamboozled
from games.bamboozled.state import Settings as BamboozledSettings
from games.bluffaneer.faces import DEFAULT_FACES, Card
from games.bluffaneer.rules import Bluffaneer
from games.bluffaneer.state import Settings as BluffaneerSettings
from games.common import AnyRules
from games.doubting.rules import DoubtingDice
from games.doubting.state import DoubtingSettings
from games.errors import InvalidSettings

BAMBOOZLED, DOUBTING, BLUFFANEER, BAMBOOZAL = (
    Bamboozled(),
    DoubtingDice(),
    Bluffaneer(),
    BamBoozal(),
)

SWORD = Card("chest", "sword")

ACCEPTED: list[tuple[AnyRules, dict[str, Any], object]] = [
    (BAMBOOZLED, {}, BamboozledSettings()),
    (BAMBOOZLED, {"party": True}, BamboozledSettings(party=True)),
    (BAMBOOZLED, {"first_seat": 5, "strike_limit": 1}, BamboozledSettings(1, first_seat=5)),
    (DOUBTING, {}, DoubtingSettings()),
    (DOUBTING, {"lives": True, "strike_limit": 1}, DoubtingSettings(lives=True, strike_limit=1)),
    (BLUFFANEER, {}, BluffaneerSettings()),
    (BLUFFANEER, {"coins": None, "cards": None}, BluffaneerSettings()),
    (BLUFFANEER, {"cards": []}, BluffaneerSettings(cards=())),
    (BLUFFANEER, {"cards": [["sword", "chest"]]}, BluffaneerSettings(cards=(SWORD,))),
    (BLUFFANEER, {"faces": DEFAULT_FACES.to_json(), "supply": 1}, BluffaneerSettings(supply=1)),
    (BAMBOOZAL, {}, BamBoozalSettings()),
    (BAMBOOZAL, {"rounds_per_hand": 3}, BamBoozalSettings(rounds_per_hand=3)),
    (BAMBOOZAL, {"rounds_per_hand": 6, "hand_amount": 1}, BamBoozalSettings(1, 6)),
]  # fmt: skip

REFUSED: list[tuple[AnyRules, Any, str]] = [
    (BAMBOOZLED, [], "settings must be"),
    (BAMBOOZLED, {"jokers": True, "aces": 1}, "unknown setting.*aces, jokers"),
    (BAMBOOZLED, {"strike_limit": True}, "strike_limit must be a whole number"),
    (BAMBOOZLED, {"strike_limit": 2.0}, "strike_limit must be a whole number"),
    (BAMBOOZLED, {"strike_limit": None}, "strike_limit must be a whole number"),
    (BAMBOOZLED, {"party": 1}, "party must be true or false"),
    (BAMBOOZLED, {"no_bluffing": None}, "no_bluffing must be true or false"),
    (BAMBOOZLED, {"strike_limit": 0}, "strike_limit must be at least 1"),
    (BAMBOOZLED, {"first_seat": -1}, "first_seat must be a seat number"),
    (DOUBTING, "palifico", "settings must be"),
    (DOUBTING, {"lives": 0}, "lives must be true or false"),
    (DOUBTING, {"announce_total": None}, "announce_total must be true or false"),
    (DOUBTING, {"first_player": "0"}, "first_player must be a whole number"),
    (DOUBTING, {"strike_limit": False}, "strike_limit must be a whole number"),
    (DOUBTING, {"first_player": -2}, "first_player must be a seat number"),
    (BLUFFANEER, None, "settings must be"),
    (BLUFFANEER, {"coins": "7"}, "coins must be a whole number"),
    (BLUFFANEER, {"coins": -1}, "coins must be at least 1"),
    (BLUFFANEER, {"first_seat": -1}, "first_seat must be at least 0"),
    (BLUFFANEER, {"supply": 0}, "supply must be at least 1"),
    (BLUFFANEER, {"card_copies": 0}, "card_copies must be at least 1"),
    (BLUFFANEER, {"faces": None}, "a face set must be an object"),
    (BLUFFANEER, {"cards": "ship"}, "cards must be a list"),
    (BLUFFANEER, {"cards": [["ship"]]}, "a card is a list of two symbols"),
    (BLUFFANEER, {"cards": [["ship", "kraken"]]}, "kraken is not a face"),
    (BLUFFANEER, {"cards": [["ship", 3]]}, "a card's symbol must be a name"),
    (BAMBOOZAL, [1], "settings must be"),
    (BAMBOOZAL, {"hand_amount": None}, "hand_amount must be a whole number"),
    (BAMBOOZAL, {"first_dealer": 1.5}, "first_dealer must be a whole number"),
    (BAMBOOZAL, {"hand_amount": 0}, "hand_amount must be at least 1"),
    (BAMBOOZAL, {"rounds_per_hand": 2}, "rounds_per_hand must be 3 to 6"),
    (BAMBOOZAL, {"rounds_per_hand": 7}, "rounds_per_hand must be 3 to 6"),
    (BAMBOOZAL, {"first_dealer": -1}, "first_dealer must be a seat number"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "data", "settings"), ACCEPTED)
def test_settings_with_keys_left_out_read_with_their_defaults(
    rules: AnyRules, data: dict[str, Any], settings: object
) -> None:
    assert rules.settings_from_json(data) == settings


@pytest.mark.parametrize(("rules", "data", "match"), REFUSED)
def test_bad_settings_are_refused_saying_why(rules: AnyRules, data: Any, match: str) -> None:
    with pytest.raises(InvalidSettings, match=match):
        rules.settings_from_json(data)


@pytest.mark.parametrize("rules", [BAMBOOZLED, DOUBTING, BLUFFANEER, BAMBOOZAL])
def test_the_default_settings_are_the_settings_with_no_arguments(rules: AnyRules) -> None:
    assert rules.default_settings() == rules.settings_type()
