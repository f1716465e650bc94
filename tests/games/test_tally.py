"""The statistics hook (``rules.tally``): invariants over random Bamboozled games, the show-card
path, and the generic fallback."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bamboozled.cards import Card
from games.bamboozled.events import CardPlayed
from games.bamboozled.rules import Bamboozled, Challenge, Declare, Decline, Phase, Settings, Show
from games.bamboozled.table import Table
from games.common import Rules
from games.doubting.actions import Bid
from games.doubting.rules import DoubtingDice
from games.tally import Move, Tally, count_turns, tally_all


def moves_of(table: Table) -> list[Move]:
    rules = table.rules
    state = rules.new_game(table.state.names, table.state.settings)
    out = []
    for action, _ in table.log:
        after, events = rules.apply(state, action)
        out.append(Move(state, action, events, after))
        state = after
    return out


@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_every_won_challenge_catches_one_bluff(seed: int, players: int) -> None:
    table = Table.start([f"P{i}" for i in range(players)], Settings(), seed)
    table.play_out()
    counts = tally_all(table.rules, moves_of(table))
    total = {t: sum(per.get(t, 0) for per in counts.values()) for t in Tally}
    assert total[Tally.CHALLENGE_WON] == total[Tally.BLUFF_CAUGHT]
    assert total[Tally.BLUFF_CAUGHT] <= total[Tally.BLUFF_DECLARED]
    for per in counts.values():
        assert per.get(Tally.CHALLENGE_WON, 0) <= per.get(Tally.CHALLENGE_MADE, 0)
    assert total[Tally.TURN] == 0
    played = sum(1 for _, evs in table.log for e in evs if isinstance(e, CardPlayed))
    assert total[Tally.CARD_PLAYED] >= played


def _to_show_offer(rules: Bamboozled) -> tuple[Any, Move]:
    """P0 declares 64 rolling 5-4 and holds Up/Down; P1 challenges: the show offer."""
    state = rules.new_game(["Ann", "Bob"])
    state = rules.apply(state, Declare(64))[0]
    assert state.piles.hands[0] == 1  # which card is unknown to the engine: it could save her
    after, events = rules.apply(state, Challenge((5, 4)))
    return after, Move(state, Challenge((5, 4)), events, after)


def test_a_bluff_saved_by_a_card_is_not_caught_and_a_declined_show_is() -> None:
    rules = Bamboozled()
    after, move = _to_show_offer(rules)
    assert after.phase is Phase.SHOW_CARD  # Up/Down makes 64 from 5-4
    assert (0, Tally.BLUFF_CAUGHT) not in rules.tally(move)
    assert (0, Tally.BLUFF_DECLARED) in rules.tally(move)
    declined, events = rules.apply(after, Decline())
    caught = rules.tally(Move(after, Decline(), events, declined))
    assert (0, Tally.BLUFF_CAUGHT) in caught and (1, Tally.CHALLENGE_WON) in caught
    shown, events = rules.apply(after, Show((Card.UP_DOWN,)))
    saved = rules.tally(Move(after, Show((Card.UP_DOWN,)), events, shown))
    assert saved == [(0, Tally.CARD_PLAYED)]


def test_the_fallback_counts_a_turn_for_the_awaited_seat() -> None:
    rules = DoubtingDice()
    state = rules.new_game(["Ann", "Bob"])
    after, events = rules.apply(state, Bid(2, 5))
    move = Move(state, Bid(2, 5), events, after)
    assert count_turns(rules, move) == [(0, Tally.TURN)]
    assert Rules.tally(rules, move) == [(0, Tally.TURN)]  # what a game without a hook gets
