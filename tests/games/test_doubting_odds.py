"""Doubting Dice odds: exact binomial over the unknown dice, checked against brute force."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.doubting.actions import Bid
from games.doubting.bids import count_face
from games.doubting.odds import (
    MAX_TABLE_DICE,
    bid_odds,
    bid_probability,
    count_distribution,
    exact_probability,
    expected_count,
    odds_table,
    state_bid_odds,
)
from games.doubting.rules import DoubtingDice
from games.errors import InvalidInput


def brute_force(quantity: int, face: int, unknown: int, own: tuple[int, ...], pal: bool):
    """(P(count >= q), P(count == q)) by enumerating every roll of the unknown dice."""
    at_least = exactly = 0
    for roll in itertools.product(range(1, 7), repeat=unknown):
        count = count_face(own + roll, face, ones_wild=not pal)
        at_least += count >= quantity
        exactly += count == quantity
    total = 6**unknown
    return Fraction(at_least, total), Fraction(exactly, total)


@given(
    unknown=st.integers(0, 4),
    own=st.lists(st.integers(1, 6), max_size=3).map(tuple),
    face=st.integers(2, 6),
    quantity=st.integers(0, 8),
    pal=st.booleans(),
)
@settings(max_examples=60)
def test_matches_brute_force(unknown: int, own: tuple[int, ...], face: int, quantity: int,
                             pal: bool) -> None:  # fmt: skip
    n = unknown + len(own)
    true, exact = brute_force(quantity, face, unknown, own, pal)
    assert bid_probability(quantity, face, n, own, pal) == true
    assert exact_probability(quantity, face, n, own, pal) == exact


@pytest.mark.parametrize("pal", [False, True])
@pytest.mark.parametrize("n", [0, 1, 7, 30, MAX_TABLE_DICE])
def test_distribution_sums_to_one(n: int, pal: bool) -> None:
    assert sum(count_distribution(n, pal)) == 1
    assert sum(exact_probability(q, 4, n, palifico=pal) for q in range(n + 1)) == 1


@pytest.mark.parametrize("own", [(), (1, 4, 4), (2, 3, 5, 6, 6)])
def test_monotone_in_quantity_and_differences_are_exact(own: tuple[int, ...]) -> None:
    for pal in (False, True):
        probs = [bid_probability(q, 4, 20, own, pal) for q in range(0, 22)]
        assert probs[0] == 1 and probs[-1] == 0
        assert all(a >= b for a, b in zip(probs, probs[1:], strict=False))
        for q in range(0, 21):
            assert probs[q] - probs[q + 1] == exact_probability(q, 4, 20, own, pal)


def test_known_values() -> None:
    assert bid_probability(1, 5, 1) == Fraction(1, 3)
    assert bid_probability(1, 5, 1, palifico=True) == Fraction(1, 6)
    assert bid_probability(2, 5, 2) == Fraction(1, 9)
    assert bid_probability(3, 4, 10, (1, 4, 4)) == 1  # own dice already make it
    assert bid_probability(3, 4, 10, (1, 4, 4), palifico=True) == 1 - Fraction(5, 6) ** 7
    assert bid_probability(11, 4, 10) == 0
    assert expected_count(4, 15, (1, 4, 2, 3, 3)) == 2 + Fraction(10, 3)
    assert expected_count(4, 15, palifico=True) == Fraction(15, 6)
    assert abs(bid_odds(5, 3, 15) - 0.5959) < 1e-4


def test_own_dice_raise_the_odds() -> None:
    assert bid_probability(6, 4, 20, (4, 4, 1, 1, 1)) > bid_probability(6, 4, 20)
    assert bid_probability(6, 4, 20, (2, 3, 5, 6, 6)) < bid_probability(6, 4, 20)


@pytest.mark.parametrize(
    "args", [(3, 1, 10, ()), (3, 7, 10, ()), (3, 4, 2, (1, 2, 3)), (3, 4, 10, (0,))]
)
def test_invalid_inputs(args: tuple) -> None:
    with pytest.raises(InvalidInput):
        bid_probability(*args)


def test_table_is_complete() -> None:
    rows = odds_table(30, (1, 2, 3, 4, 5))
    assert len(rows) == 30 * 5
    assert rows[0].quantity == 1 and rows[0].face == 2 and rows[0].true == 1  # own 1 and 2


def test_state_bid_odds_uses_the_standing_bid_and_palifico() -> None:
    rules = DoubtingDice()
    state = rules.new_game(["A", "B"])
    assert state_bid_odds(state) is None
    assert state_bid_odds(state, bid=Bid(1, 3)) == 1 - Fraction(2, 3) ** 10
    state, _ = rules.apply(state, Bid(3, 5))
    own = (5, 1, 2, 2, 3)
    assert state_bid_odds(state, own) == bid_probability(3, 5, 10, own)
    palifico = replace(state, palifico_seat=0)
    assert state_bid_odds(palifico, own) == bid_probability(3, 5, 10, own, palifico=True)


@pytest.mark.parametrize("n", [51, 3000, 100000])
def test_dice_in_play_bounded_by_the_largest_table(n: int) -> None:
    for ask in (bid_probability, exact_probability):
        with pytest.raises(InvalidInput, match=r"at most 50 \(the largest table, 10 players x 5"):
            ask(3, 4, n)
    with pytest.raises(InvalidInput, match="at most 50"):
        odds_table(n)
    with pytest.raises(InvalidInput, match="at most 50"):
        count_distribution(n)


@pytest.mark.parametrize("bad", [-1, 2.5, True, "7"])
def test_dice_in_play_must_be_a_whole_number_0_or_more(bad: object) -> None:
    with pytest.raises(InvalidInput):
        bid_probability(1, 4, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("pal", [False, True])
def test_the_largest_table_is_exact(pal: bool) -> None:
    # Against the textbook binomial in Fractions, at every quantity of a 50-dice table.
    p = Fraction(1, 6) if pal else Fraction(1, 3)
    own = (1, 4, 4, 2, 6)
    known = count_face(own, 4, ones_wild=not pal)
    n = MAX_TABLE_DICE - len(own)
    pmf = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    for q in range(0, MAX_TABLE_DICE + 2):
        need = q - known
        want = sum(pmf[max(need, 0):], Fraction(0)) if need <= n else Fraction(0)
        assert bid_probability(q, 4, MAX_TABLE_DICE, own, pal) == want
        exact = pmf[need] if 0 <= need <= n else Fraction(0)
        assert exact_probability(q, 4, MAX_TABLE_DICE, own, pal) == exact
