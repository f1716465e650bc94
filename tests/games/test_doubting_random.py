"""Doubting Dice: random games by a legal-action walker, checking invariants at every step."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.doubting.actions import Bid, Call, Challenge, Exact, RoundDice
from games.doubting.bids import adjust_bid, count_face, is_raise, legal_bids, min_raise, next_bid
from games.doubting.events import DiceGained, GameWon, StrikeTaken
from games.doubting.rules import DoubtingDice
from games.doubting.state import FACES, MAX_DICE, DoubtingSettings, DoubtingState, Phase
from games.errors import IllegalAction

RULES = DoubtingDice()
MAX_STEPS = 4000


def reveal(rng: random.Random, state: DoubtingState) -> tuple[int, ...]:
    """Random dice for every die in play; often made to hit the bid exactly."""
    n = state.dice_in_play
    dice = [rng.randint(1, 6) for _ in range(n)]
    bid = state.bid
    if bid is not None and rng.random() < 0.4 and bid.quantity <= n:
        # exactly bid.quantity matching dice, the rest neither the face nor a one
        match = [1 if rng.random() < 0.3 and not state.palifico else bid.face] * bid.quantity
        others = [f for f in range(2, 7) if f != bid.face]
        dice = match + [rng.choice(others) for _ in range(n - bid.quantity)]
        rng.shuffle(dice)
    return tuple(dice)


def choose(rng: random.Random, state: DoubtingState) -> object:
    actions = RULES.legal_actions(state)
    assert actions, "a game that is not over always has a legal action"
    if state.phase is Phase.ROUND_DICE:
        return RoundDice(tuple(rng.randint(1, 6) for _ in range(state.dice_in_play)))
    bids = [a for a in actions if isinstance(a, Bid)]
    calls = [a for a in actions if isinstance(a, Call)]
    if calls and (not bids or rng.random() < 0.4):
        return rng.choice(calls).with_dice(reveal(rng, state))
    # mostly modest raises, as players make them; sometimes any legal bid
    if rng.random() < 0.7:
        return bids[min(len(bids) - 1, int(rng.expovariate(0.3)))]
    return rng.choice(bids)


def illegal_candidates(rng: random.Random, state: DoubtingState) -> list[object]:
    n = state.dice_in_play
    wrong_count = tuple(rng.randint(1, 6) for _ in range(n + rng.choice((-1, 1))))
    out = [
        Bid(rng.randint(1, n), 1),
        Bid(n + 1, rng.choice(FACES)),
        Bid(0, 3),
        Challenge(wrong_count),
        Exact(wrong_count),
        RoundDice(wrong_count),
        Challenge(),
    ]
    if state.bid is not None:
        out.append(state.bid)  # repeating the bid never raises it
    if state.phase is not Phase.ANSWER:
        out.append(Challenge(tuple(rng.randint(1, 6) for _ in range(n))))
    if state.phase is not Phase.ROUND_DICE:
        out.append(RoundDice(tuple(rng.randint(1, 6) for _ in range(n))))
    return out


def check_state(state: DoubtingState) -> None:
    s = state.settings
    assert all(0 <= d <= MAX_DICE for d in state.dice)
    assert all(out == (d == 0) for d, out in zip(state.dice, state.out, strict=True))
    assert all(0 <= k <= (s.strike_limit if s.lives else 0) for k in state.strikes)
    if state.phase is Phase.GAME_OVER:
        return
    assert len(state.remaining) >= 2 and state.winner is None
    assert not state.out[state.starter]
    if state.phase is Phase.ROUND_DICE:
        assert s.announce_total and state.awaiting is None
        return
    assert state.awaiting is not None and not state.out[state.awaiting]
    if state.phase is Phase.OPENING:
        assert state.bid is None and state.awaiting == state.starter
    else:
        assert state.bid is not None and state.bidder is not None
        assert state.bid.quantity <= state.dice_in_play and state.bid.face in FACES
        seats = state.remaining
        assert state.awaiting == seats[(seats.index(state.bidder) + 1) % len(seats)]
    if state.palifico:
        assert s.palifico and state.palifico_seat is not None
        assert all(b.face == state.bids[0][1].face for _, b in state.bids)


def check_bid_helpers(rng: random.Random, state: DoubtingState) -> None:
    bids = legal_bids(state)
    if state.phase in (Phase.OPENING, Phase.ANSWER):
        every = [Bid(q, f) for q in range(1, state.dice_in_play + 1) for f in FACES]
        assert bids == [b for b in every if is_raise(b, state.bid, state.palifico)]
    low = min_raise(state)
    assert low == (bids[0] if bids else None)
    if bids:
        probe = rng.choice(bids)
        assert next_bid(state, probe) == (bids[bids.index(probe) + 1]
                                         if probe != bids[-1] else None)  # fmt: skip
        entered = adjust_bid(state, probe, quantity=rng.randint(-40, 40), face=rng.randint(-3, 3))
        assert entered in bids


def play_game(seed: int, game_settings: DoubtingSettings, n: int) -> None:
    rng = random.Random(seed)
    game_settings = replace(game_settings, first_player=seed % n)
    state = RULES.new_game([f"P{i}" for i in range(n)], game_settings)
    first = state
    log: list[dict] = []
    for step in range(MAX_STEPS):
        check_state(state)
        if RULES.is_over(state):
            break
        if step % 3 == 0:
            check_bid_helpers(rng, state)
            listed = RULES.legal_actions(state)
            for action in rng.sample(listed, min(3, len(listed))):
                assert RULES.is_legal(state, action), action
        for bad in illegal_candidates(rng, state):
            before = state
            try:
                RULES.apply(state, bad)  # type: ignore[arg-type]
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{bad!r} was accepted in {state!r}")
            assert state == before
        action = choose(rng, state)
        data = json.loads(json.dumps(RULES.action_to_json(action)))  # type: ignore[arg-type]
        assert RULES.action_from_json(data) == action
        log.append(data)
        old = state
        state, events = RULES.apply(state, action)  # type: ignore[arg-type]
        check_transition(old, state, events)
    else:
        raise AssertionError("the game did not end")
    # finished: exactly one winner, the only player still in
    assert state.phase is Phase.GAME_OVER
    assert state.remaining == (state.winner,)
    assert sum(isinstance(e, GameWon) for e in events) == 1
    assert RULES.legal_actions(state) == []
    json.dumps(RULES.summary(state))
    # the log replays to the same state
    replay = first
    for line in log:
        replay, _ = RULES.apply(replay, RULES.action_from_json(line))
    assert replay == state


def check_transition(old: DoubtingState, new: DoubtingState, events: tuple) -> None:
    gained = sum(e.gained for e in events if isinstance(e, DiceGained))
    resets = sum(1 for e in events if isinstance(e, StrikeTaken) and e.strikes < e.limit)
    delta = new.dice_in_play - old.dice_in_play
    assert gained <= 1
    # dice only come back by a right exact (at most 1) or a new life (5 fresh dice)
    assert delta <= gained + MAX_DICE * resets
    if not resets:
        assert delta >= -2
    if gained:
        assert delta == 1
        r = new.last_result
        assert r is not None and r.kind == "exact" and r.count == r.bid.quantity
        assert r.count == count_face(r.dice, r.bid.face, ones_wild=not r.palifico)
    if old.phase is Phase.ANSWER and new.round != old.round:
        assert new.round == old.round + 1
        assert new.palifico_seat is None or new.dice[new.palifico_seat] == 1


game_settings = st.builds(
    DoubtingSettings,
    palifico=st.booleans(),
    announce_total=st.booleans(),
    lives=st.booleans(),
    strike_limit=st.integers(1, 3),
)


@given(seed=st.integers(0, 2**32), game_settings=game_settings, n=st.integers(2, 6))
@settings(max_examples=60)
def test_random_games_keep_the_invariants(
    seed: int, game_settings: DoubtingSettings, n: int
) -> None:
    play_game(seed, game_settings, n)
