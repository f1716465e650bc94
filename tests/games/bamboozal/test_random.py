"""Random games of BamBoozal (hypothesis-drawn seeds) with undos, checking invariants.

Every step: money is conserved (balances plus pot is zero), every listed action applies,
and actions of every kind that are not legal are refused and change nothing. Every settled
hand's rounds add up to the hand size (none for a folded player), and every hand's
payments are what the previous hand left owing, so a bamboozal is charged exactly once
(also across undone starts). Each game's log replays to the same state.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bamboozal import (
    Action,
    BamBoozal,
    Fold,
    NoteTrump,
    Phase,
    Play,
    Settings,
    Settle,
    StartHand,
    State,
    Stop,
    Suit,
    Undo,
    WinRound,
)
from games.bamboozal.table import RandomTable
from games.errors import IllegalAction
from games.log import action_record, encode, header_record, parse_log, replay_log

RULES = BamBoozal()
PROBES: list[Action] = [
    StartHand(), Stop(), NoteTrump(Suit.SPADES), Play(), Fold(), Settle(), Undo(),
    *(WinRound(s) for s in range(-1, 7)),
]  # fmt: skip


def check_results(state: State) -> None:
    """Each hand's payments follow from the hand before; rounds add up; the pot follows."""
    amount, rounds = state.settings.hand_amount, state.settings.rounds_per_hand
    pot, owed = 0, dict[int, int]()
    for result in state.results:
        assert result.paid == tuple(owed.get(s, amount) for s in range(state.players))
        pot += sum(result.paid)
        assert result.pot == pot
        assert sum(result.rounds) == (rounds if any(result.plays) else 0)
        assert all(result.plays[s] or result.rounds[s] == 0 for s in range(state.players))
        assert set(result.bamboozaled) <= {s for s in range(state.players) if result.plays[s]}
        owed = dict.fromkeys(result.bamboozaled, result.pot)
        pot = 0 if result.winner is not None else pot
    paid = [r.paid for r in state.results]
    if state.hand is not None:
        assert state.hand.paid == tuple(owed.get(s, amount) for s in range(state.players))
        pot += sum(state.hand.paid)
        assert state.hand.pot == pot
        paid.append(state.hand.paid)
    assert state.pot == pot
    assert state.paid_in == tuple(sum(p[s] for p in paid) for s in range(state.players))
    assert sum(state.balances) + state.pot == 0


def play_game(rng: random.Random) -> tuple[State, bytes]:
    n = rng.randint(3, 6)
    names = [f"p{i}" for i in range(n)]
    setup = Settings(
        hand_amount=rng.choice([1, 5, 50]),
        rounds_per_hand=rng.randint(3, 6),
        first_dealer=rng.randrange(n),
    )
    state = RULES.new_game(names, setup)
    table = RandomTable(rng, fold=rng.choice([0.0, 0.3, 0.8]), undo=rng.choice([0.0, 0.15]))
    log = [encode(header_record(RULES, names, setup))]
    hands = rng.randint(1, 8)
    while state.phase is not Phase.OVER:
        legal = RULES.legal_actions(state)
        for probe in PROBES:
            if probe not in legal:
                try:
                    RULES.apply(state, probe)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{probe} applied in {state.phase} but is not listed")
        action = Stop() if len(state.results) >= hands and Stop() in legal else table.choose(state)
        assert action in legal
        state, _ = RULES.apply(state, action)
        log.append(encode(action_record(RULES, len(log), action)))
        check_results(state)
        if state.phase is Phase.ROUNDS:
            assert len(state.hand.round_winners) < setup.rounds_per_hand  # type: ignore[union-attr]
    return state, b"".join(log)


@settings(max_examples=60)
@given(st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        state, log = play_game(rng)
        assert replay_log(parse_log(log)).state == state
