"""Bluffaneer: random games (a simulated table, and a walker of random legal actions),
checking the invariants at every step and that the log replays to the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bluffaneer import events as ev
from games.bluffaneer.faces import Card
from games.bluffaneer.rules import (
    Bluffaneer,
    CallBluffaneer,
    Claim,
    CoinToss,
    NoClaim,
    OwnMatch,
    Phase,
    Reveal,
    Roll,
    State,
    Steal,
    Trust,
)
from games.bluffaneer.state import Settings
from games.bluffaneer.table import Table
from games.errors import IllegalAction
from games.log import action_record, encode, header_record, parse_log, replay_log
from games.tally import Move, Tally, tally_all

RULES = Bluffaneer()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def check_invariants(before: State, state: State) -> None:
    """What holds after every action."""
    # coins are conserved between the players, the bank and the box
    assert state.total == state.settings.supply == before.total
    assert sum(state.coins) + state.bank + state.box == state.settings.supply
    # nobody goes negative; the bank only fills
    assert min(state.coins) >= 0 and state.bank >= before.bank and state.box == before.box
    # the game ends exactly when someone reaches 0
    over = state.phase in (Phase.TOSS, Phase.GAME_OVER)
    assert over == (min(state.coins) == 0)
    if state.phase is Phase.GAME_OVER:
        assert state.winner is not None and state.coins[state.winner] == max(state.coins)
    else:
        assert state.winner is None
    if state.phase is Phase.TOSS:
        most = max(state.coins)
        assert len(state.tied) > 1 and all(state.coins[s] == most for s in state.tied)
        assert state.tied == tuple(s for s, c in enumerate(state.coins) if c == most)
    # every card is somewhere: one in each hand, the draw pile, the discard pile
    assert state.piles.draw + len(state.piles.discard) + state.players == len(state.settings.deck)
    assert state.piles.draw >= 0


def illegal_candidates(rng: random.Random, state: State) -> list[object]:
    """Actions that are wrong now (or wrong in every state)."""
    n, roller = state.players, state.roller
    off_deck = Card("ship", "kraken")
    out: list[object] = [
        Roll(("ship", "kraken")),
        Roll((1, 2)),  # type: ignore[arg-type]
        Steal(roller),
        Steal(n),
        Steal(True),
        Claim(roller),
        Claim(-1),
        Claim("1"),  # type: ignore[arg-type]
        CoinToss(n + 1),
        Reveal(off_deck),
        Reveal(None),  # type: ignore[arg-type]
        OwnMatch(off_deck),
        "roll",
        None,
    ]
    if state.dice is not None and state.dice[0] != state.dice[1]:
        wrong = [c for c in set(state.settings.deck) if not c.matches(state.dice)]
        out.append(OwnMatch(rng.choice(wrong)))
    if state.phase is Phase.TOSS:
        out += [CoinToss(s) for s in range(n) if s not in state.tied]
    # actions of the other phases
    kinds = {
        Phase.ROLL: Roll(("ship", "sword")),
        Phase.VICTIM: Steal((roller + 1) % n),
        Phase.MATCH: NoClaim(),
        Phase.JUDGE: Trust(),
        Phase.REVEAL: Reveal(Card("chest", "ship")),
        Phase.TOSS: CoinToss(0),
    }
    out += [a for phase, a in kinds.items() if phase is not state.phase]
    out.append(CallBluffaneer() if state.phase is not Phase.JUDGE else Roll(("ship", "ship")))
    return out


def check_illegal_refused(rng: random.Random, state: State) -> None:
    legal = RULES.legal_actions(state)
    for action in illegal_candidates(rng, state):
        if action in legal:
            continue
        snapshot = repr(state)
        try:
            RULES.apply(state, action)  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action!r} was accepted in {state.phase}")
        assert repr(state) == snapshot


def check_replay(state: State, actions: list[object]) -> None:
    lines = [header_record(RULES, state.names, state.settings)]
    lines += [action_record(RULES, i, a) for i, a in enumerate(actions, start=1)]
    log = parse_log(b"".join(encode(r) for r in lines))
    assert replay_log(log).state == state


@settings(max_examples=60)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    coins=st.one_of(st.none(), st.integers(1, 8)),
)
def test_simulated_tables_keep_every_invariant(seed: int, players: int, coins: int | None) -> None:
    table = Table.start(NAMES[:players], Settings(coins=coins, first_seat=seed % players), seed)
    rng = random.Random(seed)
    actions: list[object] = []
    while table.state.winner is None:
        before = table.state
        action = table.choose()
        assert RULES.is_legal(before, action)
        if rng.random() < 0.2:
            check_illegal_refused(rng, before)
        table.apply(action)
        actions.append(action)
        check_invariants(before, table.state)
        assert len(actions) < 5000
    check_replay(table.state, actions)


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_random_legal_actions_keep_every_invariant(seed: int, players: int) -> None:
    """Any legal action, chosen at random (bluffs, reveals of any card in play...)."""
    rng = random.Random(seed)
    state = RULES.new_game(NAMES[:players], Settings(coins=rng.randint(1, 6)))
    actions: list[object] = []
    events_seen: set[type] = set()
    while state.phase is not Phase.GAME_OVER:
        legal = RULES.legal_actions(state)
        assert legal, "a game that is not over always has a legal action"
        action = rng.choice(legal)
        if isinstance(action, Roll) and rng.random() < 0.5:
            action = Roll((action.dice[1], action.dice[0]))  # either order is fine
        check_illegal_refused(rng, state)
        before = state
        state, events = RULES.apply(state, action)
        events_seen |= {type(e) for e in events}
        actions.append(action)
        check_invariants(before, state)
    assert RULES.legal_actions(state) == []
    assert ev.Winner in events_seen
    check_replay(state, actions)


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_the_statistics_add_up(seed: int, players: int) -> None:
    """The tally hook: every caught bluff is one won challenge, and one declared bluff."""
    table = Table.start(NAMES[:players], Settings(coins=3), seed)
    table.play_out()
    state, moves = RULES.new_game(NAMES[:players], table.state.settings), []
    for action, _ in table.log:
        after, events = RULES.apply(state, action)
        moves.append(Move(state, action, events, after))
        state = after
    counts = tally_all(RULES, moves)
    total = {t: sum(per.get(t, 0) for per in counts.values()) for t in Tally}
    assert total[Tally.TURN] == sum(isinstance(a, Roll) for a, _ in table.log)
    assert total[Tally.CHALLENGE_WON] == total[Tally.BLUFF_CAUGHT] <= total[Tally.BLUFF_DECLARED]
    calls = sum(isinstance(a, CallBluffaneer) for a, _ in table.log)
    assert total[Tally.CHALLENGE_MADE] == calls
    for per in counts.values():
        assert per.get(Tally.CHALLENGE_WON, 0) <= per.get(Tally.CHALLENGE_MADE, 0)
    assert total[Tally.CARD_PLAYED] == 0
