"""The simulated table: real cards behind the engine's counts, simple players."""

from __future__ import annotations

import pytest

from games.bamboozled.actions import Accept, Declare, Discard, PlayCard
from games.bamboozled.cards import Card
from games.bamboozled.state import Phase, Settings
from games.bamboozled.table import Table


@pytest.mark.parametrize(
    "settings",
    [Settings(), Settings(no_limits=True), Settings(no_bluffing=True, strike_limit=2),
     Settings(strike_limit=1, first_seat=2)],
)  # fmt: skip
def test_simulated_games_finish_and_agree_with_the_engine(settings: Settings) -> None:
    for seed in range(15):
        table = Table.start(["A", "B", "C", "D"], settings, seed)
        state = table.play_out()  # Table.check() runs after every action
        assert state.winner is not None and state.phase is Phase.GAME_OVER


def test_unnamed_discard_and_misnamed_cards_keep_the_counts_true() -> None:
    table = Table.start(["A", "B", "C"], None, seed=1)
    table.apply(Declare(65))
    table.apply(Accept((1, 3)))  # A bluffed: draws a second card
    table.state = table.state.evolve(phase=Phase.DECLARE, awaiting=0, score=0)
    table.apply(Declare(65))
    table.apply(Accept((1, 3)))  # a third card: discard without naming it
    assert table.state.phase is Phase.DISCARD
    table.apply(Discard(None))
    held = table.hands[1]
    missing = next(c for c in (Card.SKIP, Card.REVERSE, Card.FRESH_START) if c not in held)
    table.state = table.state.evolve(phase=Phase.DECIDE, awaiting=1, judge=1, declarer=0)
    table.apply(PlayCard(missing))  # B names a card their virtual hand does not hold
    assert table.discard[-1] is missing
    table.check()
