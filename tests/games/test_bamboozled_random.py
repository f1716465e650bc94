"""Thousands of random legal games (hypothesis-drawn seeds), checking invariants.

A walker picks uniformly among the *kinds* of legal action (so cards and offers come up
often), then among the actions of that kind. Every step checks: all cards accounted for
among deck, discard and hands; strikes never above the limit; hands within the limit
unless No Limits (a player choosing a discard holds one more); exactly one awaited seat,
still in the game. Every game ends with exactly one winner, and its log replays to the
same state. Illegal actions leave the state unchanged.
"""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bamboozled.actions import (
    Accept,
    Action,
    Challenge,
    Declare,
    Decline,
    Discard,
    PlayCard,
    Roll,
    Show,
)
from games.bamboozled.cards import CARDS, HAND_LIMIT
from games.bamboozled.rules import Bamboozled
from games.bamboozled.state import Phase, Settings, State
from games.errors import IllegalAction
from games.log import action_record, encode, header_record, parse_log, replay_log

RULES = Bamboozled()
GAMES_PER_EXAMPLE = 12

# Actions of every kind, legal or not in a given state, to probe illegal ones.
PROBES: list[Action] = [
    Declare(12), Declare(53), Declare(21), Accept((3, 5)), Challenge((1, 2)),
    Accept((0, 9)), Roll((6, 6)), Show(()), Decline(), Discard(None),
    *[PlayCard(c) for c in CARDS], *[Show((c,)) for c in CARDS], *[Discard(c) for c in CARDS],
]  # fmt: skip


def random_settings(rng: random.Random) -> tuple[list[str], Settings]:
    party = rng.random() < 0.05
    n = rng.randint(9, 14) if party else rng.randint(2, 6)
    settings = Settings(
        strike_limit=rng.choice([1, 1, 2, 2, 3]),
        no_limits=rng.random() < 0.3,
        no_bluffing=rng.random() < 0.25,
        party=party,
        first_seat=rng.randrange(n),
    )
    return [f"p{i}" for i in range(n)], settings


def check(state: State) -> None:
    piles, limit = state.piles, state.settings.strike_limit
    piles.check()  # deck + discard + hands == deck size; known discards <= discard
    assert all(0 <= s <= limit for s in state.strikes)
    assert all((s == limit) == out for s, out in zip(state.strikes, state.out, strict=True))
    assert all(piles.hands[i] == 0 for i in range(state.players) if state.out[i])
    if not state.settings.no_limits:
        for seat, held in enumerate(piles.hands):
            extra = 1 if state.phase is Phase.DISCARD and seat == state.awaiting else 0
            assert held <= HAND_LIMIT + extra
    if state.phase is Phase.GAME_OVER:
        assert state.awaiting is None and len(state.active) == 1
        assert state.winner == state.active[0] == RULES.winner(state)
    else:
        assert state.awaiting is not None and not state.out[state.awaiting]
        assert len(state.active) >= 2 and state.winner is None


def play_game(rng: random.Random) -> tuple[State, bytes]:
    names, settings = random_settings(rng)
    state = RULES.new_game(names, settings)
    check(state)
    log = [encode(header_record(RULES, names, settings))]
    for n in range(1, 5000):
        actions = RULES.legal_actions(state)
        by_kind: dict[type, list[Action]] = defaultdict(list)
        for action in actions:
            by_kind[type(action)].append(action)
        action = rng.choice(by_kind[rng.choice(list(by_kind))])
        if rng.random() < 0.1:
            probe = rng.choice(PROBES)
            try:
                after, _ = RULES.apply(state, probe)
            except IllegalAction:
                assert probe not in actions or isinstance(probe, Show)
            else:
                check(after)
        state, _ = RULES.apply(state, action)
        log.append(encode(action_record(RULES, n, action)))
        check(state)
        if state.winner is not None:
            return state, b"".join(log)
    raise AssertionError("a game did not finish")


@settings(max_examples=100)
@given(st.integers(min_value=0, max_value=2**64))
def test_random_games(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(GAMES_PER_EXAMPLE):
        state, log = play_game(rng)
        assert sum(not out for out in state.out) == 1  # exactly one winner
        replayed = replay_log(parse_log(log))
        assert replayed.state == state and replayed.warnings == []


@settings(max_examples=100)
@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=40))
def test_legal_actions_are_legal(seed: int, steps: int) -> None:
    """Every listed action is accepted; an illegal one leaves the state as it was."""
    rng = random.Random(seed)
    names, settings_ = random_settings(rng)
    state = RULES.new_game(names, settings_)
    for _ in range(steps):
        if state.winner is not None:
            break
        state, _ = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    legal = RULES.legal_actions(state)
    for action in legal:
        assert RULES.is_legal(state, action)
    before = state
    for probe in PROBES:
        if probe not in legal:
            try:
                RULES.apply(state, probe)
            except IllegalAction:
                assert state == before
            else:
                assert isinstance(probe, Show | Discard | PlayCard), probe


@settings(max_examples=100)
@given(st.data())
def test_drawn_games_shrink_to_a_minimal_story(data: st.DataObject) -> None:
    """Settings and every choice drawn by hypothesis itself, so a failure shrinks to the
    shortest sequence of actions that shows it."""
    n = data.draw(st.integers(2, 5), label="players")
    settings_ = Settings(
        strike_limit=data.draw(st.integers(1, 3), label="strike_limit"),
        no_limits=data.draw(st.booleans(), label="no_limits"),
        no_bluffing=data.draw(st.booleans(), label="no_bluffing"),
        first_seat=data.draw(st.integers(0, n - 1), label="first_seat"),
    )
    names = [f"p{i}" for i in range(n)]
    state = RULES.new_game(names, settings_)
    log = [encode(header_record(RULES, names, settings_))]
    for step in range(1, 80):
        if state.winner is not None:
            break
        actions = RULES.legal_actions(state)
        action = actions[data.draw(st.integers(0, len(actions) - 1), label=f"action {step}")]
        state, _ = RULES.apply(state, action)
        log.append(encode(action_record(RULES, step, action)))
        check(state)
    assert replay_log(parse_log(b"".join(log))).state == state
