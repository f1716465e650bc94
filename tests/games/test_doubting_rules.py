"""Doubting Dice: one test (or a few) per rule in rulings.md, plus the silent-gap choices."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.doubting.actions import Bid, Challenge, Exact, RoundDice
from games.doubting.bids import (
    adjust_bid,
    count_face,
    is_raise,
    legal_bids,
    legal_faces,
    max_bid,
    min_raise,
    next_bid,
    parse_bid,
    previous_bid,
)
from games.doubting.events import (
    BidMade,
    CallMade,
    DiceGained,
    DiceLost,
    GameWon,
    PalificoRound,
    PlayerOut,
    RevealCounted,
    RoundStarted,
    StrikeTaken,
    TotalAnnounced,
)
from games.doubting.rules import DoubtingDice, dice_for_total, prompt, reveal_for
from games.doubting.state import MAX_DICE, DoubtingSettings, DoubtingState, Phase
from games.errors import IllegalAction, InvalidInput, InvalidSettings
from games.event import Event

RULES = DoubtingDice()
NAMES = ("Ana", "Ben", "Cat", "Dan")


def game(n: int = 3, dice: tuple[int, ...] | None = None, **settings: object) -> DoubtingState:
    state = RULES.new_game(NAMES[:n], DoubtingSettings(**settings))  # type: ignore[arg-type]
    if dice is not None:
        state = replace(state, dice=dice, out=tuple(d == 0 for d in dice))
    return state


def table(state: DoubtingState, face: int, count: int, ones: int = 0) -> tuple[int, ...]:
    """A reveal of all dice in play: ``count`` x ``face``, ``ones`` ones, the rest filler."""
    filler = 2 if face != 2 else 3
    rest = state.dice_in_play - count - ones
    assert rest >= 0
    return (face,) * count + (1,) * ones + (filler,) * rest


def play(state: DoubtingState, *actions: object) -> tuple[DoubtingState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, evs = RULES.apply(state, action)  # type: ignore[arg-type]
        events += evs
    return state, events


def of(events: list[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def refused(state: DoubtingState, action: object, match: str) -> None:
    before = state
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(state, action)  # type: ignore[arg-type]
    assert state == before


# --- setup -----------------------------------------------------------------------------
def test_new_game_five_dice_each_first_player_opens() -> None:
    state = game(4)
    assert state.dice == (5, 5, 5, 5)
    assert state.phase is Phase.OPENING and state.awaiting == 0 and state.starter == 0
    assert prompt(state) == "Ana: open the bidding" and state.names == NAMES[:4]
    assert state.bid is None and not state.palifico and state.winner is None
    assert RULES.name == "doubting_dice"


def test_first_player_setting() -> None:
    state = game(3, first_player=2)
    assert state.awaiting == 2
    with pytest.raises(InvalidSettings, match="seat 3"):
        game(3, first_player=3)


@pytest.mark.parametrize("n", [0, 1, 11])
def test_player_count(n: int) -> None:
    with pytest.raises(InvalidSettings, match="2-10 players"):
        RULES.new_game([f"p{i}" for i in range(n)])


@pytest.mark.parametrize("n", [2, 7, 10])
def test_two_to_ten_players_play_a_round(n: int) -> None:
    # Seed 004: "no set player count"; ten players is 50 dice in play.
    state = RULES.new_game([f"p{i}" for i in range(n)])
    assert state.dice_in_play == 5 * n and state.awaiting == 0
    state, _ = RULES.apply(state, Bid(5 * n, 6))
    assert state.awaiting == 1
    state, events = RULES.apply(state, Challenge((6,) * (5 * n)))  # the bid is true
    assert state.dice == (5,) + (4,) + (5,) * (n - 2) and state.starter == 1


@pytest.mark.parametrize(
    "bad", [{"strike_limit": 0}, {"first_player": -1}, {"palifico": 1}, {"strike_limit": "3"}]
)
def test_invalid_settings(bad: dict) -> None:
    with pytest.raises(InvalidSettings):
        RULES.new_game(NAMES, DoubtingSettings(**bad))


def test_settings_defaults_and_json_round_trip() -> None:
    default = RULES.default_settings()
    assert default.palifico and not default.announce_total and not default.lives
    custom = DoubtingSettings(palifico=False, announce_total=True, lives=True, strike_limit=2)
    for s in (default, custom):
        data = json.loads(json.dumps(RULES.settings_to_json(s)))
        assert RULES.settings_from_json(data) == s
    with pytest.raises(InvalidSettings, match="unknown"):
        RULES.settings_from_json({"gamebreaker": True})
    with pytest.raises(InvalidSettings):
        RULES.settings_from_json({"strike_limit": 0})


# --- bidding ---------------------------------------------------------------------------
def test_opening_bid_any_quantity_and_face() -> None:
    state = game(3)
    bids = legal_bids(state)
    assert len(bids) == 15 * 5 and bids[0] == Bid(1, 2) and bids[-1] == Bid(15, 6)
    assert RULES.legal_actions(state) == bids  # nothing to challenge yet
    new, events = RULES.apply(state, Bid(7, 3))
    assert new.bid == Bid(7, 3) and new.bidder == 0 and new.phase is Phase.ANSWER
    assert events == (BidMade(0, Bid(7, 3)),)


def test_nobody_bids_on_ones_or_off_the_die() -> None:
    state = game(3)
    refused(state, Bid(3, 1), "ones")
    refused(state, Bid(3, 7), "2-6")
    refused(state, Bid(0, 4), "at least 1")


def test_quantity_at_most_dice_in_play() -> None:
    state = game(2)
    refused(state, Bid(11, 4), "only 10 dice")
    state, _ = play(state, Bid(10, 6))
    # top bid: must call; each call is listed once per possible count of sixes
    assert RULES.legal_actions(state) == [Challenge(reveal_for(10, 6, k)) for k in range(11)] + [
        Exact(reveal_for(10, 6, k)) for k in range(11)
    ]
    assert prompt(state) == "Ben: challenge or exact 10 x 6"
    assert min_raise(state) is None and max_bid(state) is None


def test_raise_same_quantity_higher_face_or_higher_quantity() -> None:
    state, _ = play(game(3), Bid(6, 4))
    for ok in (Bid(6, 5), Bid(6, 6), Bid(7, 2), Bid(8, 4)):
        assert RULES.is_legal(state, ok)
    refused(state, Bid(6, 4), "does not raise")
    refused(state, Bid(6, 3), "does not raise")
    refused(state, Bid(5, 6), "does not raise")  # the seed's example: quantity never down
    assert is_raise(Bid(6, 6), Bid(6, 4)) and not is_raise(Bid(5, 6), Bid(6, 4))


def test_only_the_next_player_answers_and_order_is_clockwise() -> None:
    state, _ = play(game(4), Bid(2, 3))
    assert state.awaiting == 1
    state, _ = play(state, Bid(2, 4))
    assert state.awaiting == 2 and state.bidder == 1
    # the answerer skips players who are out
    state = replace(game(4, dice=(5, 0, 5, 5)))
    state, _ = play(state, Bid(2, 3))
    assert state.awaiting == 2
    assert state.bids == ((0, Bid(2, 3)),)


def test_legal_actions_in_answer_include_calls() -> None:
    state, _ = play(game(3), Bid(14, 6))
    actions = RULES.legal_actions(state)
    assert actions[:5] == [Bid(15, 2), Bid(15, 3), Bid(15, 4), Bid(15, 5), Bid(15, 6)]
    calls = actions[5:]
    assert len(calls) == 2 * 16
    counts = {(type(c), count_face(c.dice, 6)) for c in calls}  # type: ignore[union-attr]
    assert counts == {(kind, k) for kind in (Challenge, Exact) for k in range(16)}
    for action in actions:  # every listed action is accepted
        assert RULES.is_legal(state, action)


def test_no_call_before_the_opening_bid() -> None:
    state = game(3)
    refused(state, Challenge(table(state, 4, 3)), "no bid")
    refused(state, Exact(table(state, 4, 3)), "no bid")


# --- the reveal --------------------------------------------------------------------------
def test_reveal_must_show_every_die_in_play() -> None:
    state, _ = play(game(3), Bid(3, 4))
    refused(state, Challenge((4,) * 14), "saw 14 dice but 15 dice are in play; read again")
    refused(state, Exact((4,) * 16), "saw 16 dice")
    refused(state, Challenge((4,) * 14 + (7,)), "values must be 1-6")
    refused(state, Challenge((4,) * 14 + (0,)), "values must be 1-6")
    refused(state, Challenge(), "missing")
    refused(state, Exact(), "missing")


def test_representative_readings() -> None:
    assert reveal_for(5, 4, 2) == (4, 4, 2, 2, 2) and reveal_for(3, 2, 1) == (2, 3, 3)
    assert dice_for_total(3, 3) == (1, 1, 1) and dice_for_total(3, 18) == (6, 6, 6)
    assert dice_for_total(4, 12) == (6, 4, 1, 1)
    with pytest.raises(ValueError):
        reveal_for(3, 4, 4)
    with pytest.raises(ValueError):
        dice_for_total(3, 19)


def test_count_face_ones_wild() -> None:
    assert count_face((1, 4, 4, 6, 1), 4) == 4
    assert count_face((1, 4, 4, 6, 1), 4, ones_wild=False) == 2


# --- challenge -------------------------------------------------------------------------
def test_challenge_bid_true_challenger_loses_a_die_and_starts() -> None:
    state, _ = play(game(3), Bid(6, 4))
    # the seed's example: 4 fours and 3 ones make 7 fours
    new, events = RULES.apply(state, Challenge(table(state, 4, 4, ones=3)))
    assert of(events, CallMade) == [CallMade(1, "challenge", 0, Bid(6, 4))]
    assert of(events, RevealCounted) == [RevealCounted(Bid(6, 4), 7, 4, 3, True)]
    assert of(events, DiceLost) == [DiceLost(1, 1, 4)]
    assert new.dice == (5, 4, 5)
    assert new.phase is Phase.OPENING and new.awaiting == 1 and new.starter == 1
    assert new.round == 2 and new.bid is None and new.bids == ()
    assert of(events, RoundStarted) == [RoundStarted(2, 1, 14)]


def test_challenge_count_equal_to_quantity_is_true() -> None:
    state, _ = play(game(3), Bid(6, 4))
    new, _ = RULES.apply(state, Challenge(table(state, 4, 5, ones=1)))
    assert new.dice == (5, 4, 5)


def test_challenge_bid_false_bidder_loses_a_die_and_starts() -> None:
    state, _ = play(game(3), Bid(6, 4))
    new, events = RULES.apply(state, Challenge(table(state, 4, 3, ones=2)))  # 5 fours
    assert of(events, DiceLost) == [DiceLost(0, 1, 4)]
    assert new.dice == (4, 5, 5) and new.awaiting == 0
    assert new.last_result is not None and new.last_result.count == 5


# --- exact -----------------------------------------------------------------------------
def test_exact_right_gains_a_die_and_caller_starts() -> None:
    state = game(3, dice=(5, 3, 5))
    state, _ = play(state, Bid(4, 5))
    assert state.awaiting == 1
    new, events = RULES.apply(state, Exact(table(state, 5, 2, ones=2)))
    assert of(events, DiceGained) == [DiceGained(1, 1, 4)]
    assert not of(events, DiceLost)
    assert new.dice == (5, 4, 5) and new.awaiting == 1


def test_exact_right_never_above_five() -> None:
    state, _ = play(game(3), Bid(4, 5))
    new, events = RULES.apply(state, Exact(table(state, 5, 4)))
    assert of(events, DiceGained) == [DiceGained(1, 0, MAX_DICE)]
    assert new.dice == (5, 5, 5) and new.awaiting == 1
    assert "already has 5 dice" in events[2].describe(NAMES)


@pytest.mark.parametrize("count", [3, 5, 9])
def test_exact_wrong_caller_loses_two_dice_and_starts(count: int) -> None:
    state, _ = play(game(3), Bid(4, 5))
    new, events = RULES.apply(state, Exact(table(state, 5, count)))
    assert of(events, DiceLost) == [DiceLost(1, 2, 3)]
    assert new.dice == (5, 3, 5) and new.awaiting == 1


def test_exact_wrong_with_one_die_loses_it_and_is_out() -> None:
    state = game(3, dice=(5, 1, 5))
    state, _ = play(state, Bid(4, 5))
    new, events = RULES.apply(state, Exact(table(state, 5, 2)))
    assert of(events, DiceLost) == [DiceLost(1, 1, 0)]
    assert of(events, PlayerOut) == [PlayerOut(1)]
    assert new.out == (False, True, False) and new.awaiting == 2  # next remaining clockwise


# --- elimination and the winner ----------------------------------------------------------
def test_no_dice_left_is_out_next_remaining_player_starts() -> None:
    state = game(4, dice=(1, 5, 0, 5))
    state, _ = play(state, Bid(2, 2), Bid(3, 2), Bid(9, 2))  # seats 0, 1, 3
    assert state.bidder == 3 and state.awaiting == 0
    new, events = RULES.apply(state, Challenge(table(state, 2, 1)))
    assert of(events, DiceLost) == [DiceLost(3, 1, 4)]
    state = replace(new, dice=(5, 1, 0, 4))
    state, _ = play(state, Bid(2, 2))  # seat 3 lost the die, so seat 3 opens
    assert state.bidder == 3
    state, _ = play(state, Bid(3, 3), Bid(8, 3))  # seats 0, 1
    new, events = RULES.apply(state, Challenge(table(state, 3, 2)))  # seat 3 wins: bid false
    assert of(events, PlayerOut) == [PlayerOut(1)]
    assert new.out == (False, True, True, False)
    assert new.starter == 3 and new.awaiting == 3  # seat 1 out: next remaining clockwise


def test_last_player_with_dice_wins() -> None:
    state = game(2, dice=(1, 4))
    state, _ = play(state, Bid(5, 6))
    new, events = RULES.apply(state, Challenge(table(state, 6, 2)))
    assert of(events, PlayerOut) == [PlayerOut(0)] and of(events, GameWon) == [GameWon(1)]
    assert new.winner == 1 and RULES.winner(new) == 1 and RULES.is_over(new)
    assert new.phase is Phase.GAME_OVER and new.awaiting is None
    assert RULES.legal_actions(new) == []
    refused(new, Bid(1, 2), "over")
    assert RULES.summary(new)["winner"] == "Ben" and prompt(new) == "Ben wins"


# --- palifico --------------------------------------------------------------------------
def palifico_round() -> tuple[DoubtingState, list[Event]]:
    state = game(3, dice=(2, 5, 5))
    state, _ = play(state, Bid(10, 6))
    return play(state, Challenge(table(state, 6, 3)))  # Ben challenges: Ana drops to one


def test_first_drop_to_one_die_makes_next_round_palifico() -> None:
    state, events = palifico_round()
    assert of(events, PalificoRound) == [PalificoRound(0)]
    assert state.palifico and state.palifico_seat == 0 and state.awaiting == 0
    assert state.dice == (1, 5, 5) and state.palifico_used == (True, False, False)
    assert "ones are not wild" in of(events, PalificoRound)[0].describe(NAMES)


def test_palifico_opener_picks_any_face_then_face_fixed() -> None:
    state, _ = palifico_round()
    assert len(legal_bids(state)) == 11 * 5  # any opening bid
    state, _ = play(state, Bid(2, 3))
    assert legal_bids(state) == [Bid(q, 3) for q in range(3, 12)]
    refused(state, Bid(2, 4), "palifico: keep the face 3")
    refused(state, Bid(3, 4), "palifico: keep the face 3")
    state, _ = play(state, Bid(4, 3))
    assert state.bid == Bid(4, 3)


def test_palifico_ones_not_wild() -> None:
    state, _ = palifico_round()
    state, _ = play(state, Bid(3, 3))
    new, events = RULES.apply(state, Challenge(table(state, 3, 2, ones=4)))
    assert of(events, RevealCounted) == [RevealCounted(Bid(3, 3), 2, 2, 0, False)]
    assert of(events, DiceLost) == [DiceLost(0, 1, 0)]  # bid false: Ana is out
    assert "ones not wild" in of(events, RevealCounted)[0].describe(NAMES)
    assert not new.palifico


def test_palifico_lasts_one_round() -> None:
    state, _ = palifico_round()
    state, _ = play(state, Bid(3, 3))
    state, events = RULES.apply(state, Challenge(table(state, 3, 3)))  # true: Ben loses
    assert not state.palifico and not of(events, PalificoRound)
    state, _ = play(state, Bid(3, 3))
    assert RULES.is_legal(state, Bid(3, 4))  # faces change again


def test_palifico_only_on_the_first_drop_to_one() -> None:
    state, _ = palifico_round()
    state = replace(state, dice=(2, 5, 5), palifico_seat=None)  # Ana got a die back
    state, _ = play(state, Bid(10, 6))
    state, events = RULES.apply(state, Challenge(table(state, 6, 3)))
    assert state.dice == (1, 5, 5) and not state.palifico and not of(events, PalificoRound)


def test_exact_gain_then_drop_to_one_is_not_a_new_palifico() -> None:
    state, _ = palifico_round()
    state, _ = play(state, Bid(3, 3), Bid(4, 3), Bid(5, 3))  # Ana, Ben, Cat
    state, events = RULES.apply(state, Exact(table(state, 3, 5)))  # Ana exact: back to 2
    assert state.dice == (2, 5, 5) and state.awaiting == 0
    state, _ = play(state, Bid(12, 6))
    state, events = RULES.apply(state, Challenge(table(state, 6, 1)))
    assert state.dice == (1, 5, 5) and not of(events, PalificoRound)


def test_exact_wrong_dropping_to_one_is_palifico() -> None:
    state = game(3, dice=(5, 3, 5))
    state, _ = play(state, Bid(4, 5))
    state, events = RULES.apply(state, Exact(table(state, 5, 1)))
    assert state.dice == (5, 1, 5) and of(events, PalificoRound) == [PalificoRound(1)]
    assert state.awaiting == 1


def test_palifico_setting_off() -> None:
    state = game(3, dice=(2, 5, 5), palifico=False)
    state, _ = play(state, Bid(10, 6))
    state, events = RULES.apply(state, Challenge(table(state, 6, 3)))
    assert state.dice == (1, 5, 5) and not state.palifico and not of(events, PalificoRound)


# --- announce total --------------------------------------------------------------------
def test_announce_total_round_starts_with_the_dice() -> None:
    state = game(2, announce_total=True)
    assert state.phase is Phase.ROUND_DICE and state.awaiting is None and state.starter == 0
    readings = RULES.legal_actions(state)
    assert [sum(r.dice) for r in readings] == list(range(10, 61))  # type: ignore[union-attr]
    assert all(RULES.is_legal(state, r) for r in readings)
    assert prompt(state) == "Read the 10 dice of round 1"
    refused(state, Bid(2, 3), "read first")
    refused(state, RoundDice((3,) * 9), "saw 9 dice but 10 dice")
    refused(state, RoundDice(), "missing")
    # the seed's example: 5 ones, 4 fives and 1 six add up to 31
    state, events = RULES.apply(state, RoundDice((1,) * 5 + (5,) * 4 + (6,)))
    assert events == (TotalAnnounced(31, 10),)
    assert state.announced_total == 31 and state.phase is Phase.OPENING and state.awaiting == 0
    assert RULES.summary(state)["announced_total"] == 31
    state, _ = play(state, Bid(3, 5))
    refused(state, RoundDice((1,) * 10), "start of a round")
    state, _ = RULES.apply(state, Challenge(table(state, 5, 9)))
    assert state.phase is Phase.ROUND_DICE and state.announced_total is None
    assert state.starter == 1 and state.awaiting is None


def test_round_dice_refused_without_announce_total() -> None:
    state = game(2)
    refused(state, RoundDice((3,) * 10), "start of a round")


# --- lives -----------------------------------------------------------------------------
def test_lives_strike_and_reset_to_five() -> None:
    state = game(3, dice=(1, 5, 5), lives=True, strike_limit=2)
    state, _ = play(state, Bid(10, 6))
    new, events = RULES.apply(state, Challenge(table(state, 6, 2)))  # bid false: Ana loses
    assert of(events, StrikeTaken) == [StrikeTaken(0, 1, 2)]
    assert not of(events, PlayerOut)
    assert new.dice == (5, 5, 5) and new.strikes == (1, 0, 0) and new.out == (False,) * 3
    assert new.awaiting == 0
    assert "takes 5 dice again" in of(events, StrikeTaken)[0].describe(NAMES)


def test_lives_strike_limit_puts_player_out() -> None:
    state = game(3, dice=(1, 5, 5), lives=True, strike_limit=2)
    state = replace(state, strikes=(1, 0, 0))
    state, _ = play(state, Bid(10, 6))
    new, events = RULES.apply(state, Challenge(table(state, 6, 2)))
    assert of(events, StrikeTaken) == [StrikeTaken(0, 2, 2)] and of(events, PlayerOut)
    assert new.dice == (0, 5, 5) and new.out == (True, False, False) and new.awaiting == 1


def test_lives_new_life_has_a_fresh_palifico() -> None:
    state = game(2, dice=(1, 5), lives=True)
    state = replace(state, palifico_used=(True, False))
    state, _ = play(state, Bid(6, 6))
    state, _ = RULES.apply(state, Challenge(table(state, 6, 2)))
    assert state.dice == (5, 5) and state.palifico_used == (False, False)


def test_without_lives_strikes_stay_zero() -> None:
    state = game(2, dice=(1, 5))
    state, _ = play(state, Bid(6, 6))
    state, events = RULES.apply(state, Challenge(table(state, 6, 2)))
    assert state.strikes == (0, 0) and not of(events, StrikeTaken) and state.winner == 1


# --- bid entry helpers -----------------------------------------------------------------
def test_min_raise_next_and_previous_bid() -> None:
    state = game(3)
    assert min_raise(state) == Bid(1, 2)
    state, _ = play(state, Bid(6, 4))
    assert min_raise(state) == Bid(6, 5)
    assert next_bid(state, None) == Bid(6, 5)
    assert next_bid(state, Bid(6, 5)) == Bid(6, 6)
    assert next_bid(state, Bid(6, 6)) == Bid(7, 2)
    assert next_bid(state, Bid(15, 6)) is None
    assert previous_bid(state, Bid(7, 2)) == Bid(6, 6)
    assert previous_bid(state, Bid(6, 5)) is None
    assert max_bid(state) == Bid(15, 6)
    state, _ = play(state, Bid(6, 6))
    assert min_raise(state) == Bid(7, 2)
    assert legal_faces(state, 6) == () and legal_faces(state, 7) == (2, 3, 4, 5, 6)


def test_adjust_bid_quick_entry() -> None:
    state, _ = play(game(4), Bid(6, 4))
    assert adjust_bid(state, None) == Bid(6, 5)
    assert adjust_bid(state, Bid(6, 5), quantity=10) == Bid(16, 5)
    assert adjust_bid(state, Bid(6, 5), quantity=100) == Bid(20, 5)  # clamped to the dice
    assert adjust_bid(state, Bid(16, 5), quantity=-100) == Bid(6, 5)
    assert adjust_bid(state, Bid(9, 2), quantity=-3) == Bid(6, 5)  # face lifted to legal
    assert adjust_bid(state, Bid(6, 6), face=1) == Bid(6, 5)  # faces cycle within legal
    assert adjust_bid(state, Bid(7, 6), face=1) == Bid(7, 2)
    assert adjust_bid(state, Bid(7, 2), face=-1) == Bid(7, 6)
    for q in range(-3, 4):
        for f in range(-2, 3):
            assert RULES.is_legal(state, adjust_bid(state, Bid(8, 3), quantity=q, face=f))


def test_adjust_bid_palifico_and_top() -> None:
    state, _ = palifico_round()
    state, _ = play(state, Bid(2, 3))
    assert adjust_bid(state, Bid(3, 3), face=1) == Bid(3, 3)
    assert adjust_bid(state, Bid(3, 3), quantity=2) == Bid(5, 3)
    top, _ = play(game(2), Bid(10, 6))
    with pytest.raises(IllegalAction, match="challenge or call exact"):
        adjust_bid(top, None)


@pytest.mark.parametrize(
    ("text", "bid"),
    [("5x4", Bid(5, 4)), ("5 4", Bid(5, 4)), ("5 fours", Bid(5, 4)), ("five 4s", Bid(5, 4)),
     ("12 x 6", Bid(12, 6)), ("3 sixes", Bid(3, 6))],
)  # fmt: skip
def test_parse_bid(text: str, bid: Bid) -> None:
    assert parse_bid(text) == bid


@pytest.mark.parametrize("text", ["5 ones", "5x1", "5x7", "0x3", "abc", "5", "5 x 4 x 3"])
def test_parse_bid_refuses(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_bid(text)


# --- serialisation, summary, events ----------------------------------------------------
@pytest.mark.parametrize(
    "action",
    [Bid(3, 4), Challenge((1, 2, 3)), Exact((6, 6)), RoundDice((1, 5)), Challenge(), Exact()],
)
def test_action_json_round_trip(action: object) -> None:
    data = json.loads(json.dumps(RULES.action_to_json(action)))  # type: ignore[arg-type]
    assert RULES.action_from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [{}, {"type": "pass"}, {"type": "bid", "quantity": "3", "face": 4}, {"type": "bid"},
     {"type": "challenge", "dice": "1,2"}, {"type": "exact", "dice": [1, True]}, []],
)  # fmt: skip
def test_action_from_json_refuses(data: object) -> None:
    with pytest.raises(ValueError):
        RULES.action_from_json(data)  # type: ignore[arg-type]


def test_summary_is_json_ready() -> None:
    state, _ = palifico_round()
    state, _ = play(state, Bid(2, 3))
    summary = json.loads(json.dumps(RULES.summary(state)))
    assert summary["players"][0] == {"seat": 0, "name": "Ana", "dice": 1, "out": False,
                                     "strikes": 0}  # fmt: skip
    assert summary["bid"] == {"quantity": 2, "face": 3} and summary["bidder"] == "Ana"
    assert summary["awaiting"] == "Ben" and summary["palifico"] is True
    assert summary["palifico_player"] == "Ana" and summary["winner"] is None
    assert summary["last_round"]["call"] == "challenge" and summary["dice_in_play"] == 11
    assert RULES.summary(state, ["A", "B", "C"])["awaiting"] == "B"


def test_every_event_describes_itself() -> None:
    state = game(2, dice=(2, 3), announce_total=True, lives=True, strike_limit=1)
    events: list[Event] = []

    def step(action: object) -> None:
        nonlocal state
        state, evs = RULES.apply(state, action)  # type: ignore[arg-type]
        events.extend(evs)

    step(RoundDice((2, 3, 4, 5, 6)))
    step(Bid(1, 4))
    step(Exact(table(state, 4, 1)))  # Ben exact: 4 dice, Ben starts
    step(RoundDice((2,) * 6))
    step(Bid(1, 5))
    step(Challenge(table(state, 5, 6)))  # Ana loses: one die, palifico
    step(RoundDice((2,) * 5))
    step(Bid(5, 5))
    step(Challenge(table(state, 5, 0)))  # Ana's last die: strike 1/1, out; Ben wins
    kinds = {type(e) for e in events}
    assert {TotalAnnounced, BidMade, CallMade, RevealCounted, DiceGained, DiceLost,
            RoundStarted, PalificoRound, StrikeTaken, PlayerOut, GameWon} <= kinds  # fmt: skip
    assert state.winner == 1
    for event in events:
        text = event.describe(NAMES)
        assert text and text != type(event).__name__
        assert event.describe([])  # unnamed seats still read


def test_registered_for_the_game_log() -> None:
    from games.registry import get_rules, names

    assert "doubting_dice" in names()
    assert isinstance(get_rules("doubting_dice"), DoubtingDice)
