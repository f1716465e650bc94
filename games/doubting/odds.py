"""Doubting Dice odds: the chance that a bid is true, for the coach hint and ``bluffbox odds``.

The dice a player can see (their own) are counted exactly; every other die in play is
unknown and matches the bid's face with probability 1/3 (the face or a wild one) or 1/6
in a palifico round (ones not wild), independently: the count is a binomial. Results are
exact :class:`~fractions.Fraction` values (floats via :func:`bid_odds`), computed in whole
numbers: over ``u`` unknown dice, ``C(u, k) * 2**(u - k)`` of the ``3**u`` equally likely
outcomes (``5**(u - k)`` of ``6**u`` in palifico) have exactly ``k`` matches, and the
tail sums are cached per ``u``, so any bid costs one lookup.

Inputs are bounded by the box's largest table, :data:`MAX_TABLE_DICE` dice
(``MAX_PLAYERS`` x ``MAX_DICE``):

>>> bid_probability(2, 5, 2)
Fraction(1, 9)
>>> bid_probability(1, 5, 3000)
Traceback (most recent call last):
...
games.errors.InvalidInput: 3000 dice in play: at most 50 (the largest table, 10 players x 5 dice)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from games.doubting.actions import Bid
from games.doubting.bids import count_face
from games.doubting.state import FACES, MAX_DICE, MAX_PLAYERS, DoubtingState
from games.errors import InvalidInput

WILD_P = Fraction(1, 3)
PALIFICO_P = Fraction(1, 6)
MAX_TABLE_DICE = MAX_PLAYERS * MAX_DICE
"""The most dice a game can have in play: the bound on every input here."""

# (matching outcomes, other outcomes) per die: 1 of 3 (the face or a one) or 1 of 6.
_WEIGHTS = {False: (1, 2), True: (1, 5)}


@lru_cache(maxsize=2 * (MAX_TABLE_DICE + 1))
def _tails(unknown: int, palifico: bool) -> tuple[tuple[int, ...], int]:
    """Whole-number tail sums: ``tails[k]`` of ``denominator`` equally likely outcomes of
    ``unknown`` dice have at least ``k`` matches (``tails[unknown + 1] == 0``)."""
    hit, miss = _WEIGHTS[palifico]
    counts = [comb(unknown, k) * hit**k * miss ** (unknown - k) for k in range(unknown + 1)]
    tails = [0] * (unknown + 2)
    for k in range(unknown, -1, -1):
        tails[k] = tails[k + 1] + counts[k]
    return tuple(tails), (hit + miss) ** unknown


def _check_dice_in_play(dice_in_play: int) -> None:
    if not isinstance(dice_in_play, int) or isinstance(dice_in_play, bool):
        raise InvalidInput(f"the dice in play must be a whole number, not {dice_in_play!r}")
    if dice_in_play < 0:
        raise InvalidInput(f"{dice_in_play} dice: the number of dice cannot be negative")
    if dice_in_play > MAX_TABLE_DICE:
        raise InvalidInput(
            f"{dice_in_play} dice in play: at most {MAX_TABLE_DICE} (the largest table, "
            f"{MAX_PLAYERS} players x {MAX_DICE} dice)"
        )


def count_distribution(unknown: int, palifico: bool = False) -> tuple[Fraction, ...]:
    """P(exactly k of ``unknown`` hidden dice match a bid's face), for k = 0..unknown."""
    _check_dice_in_play(unknown)
    tails, total = _tails(unknown, palifico)
    return tuple(Fraction(tails[k] - tails[k + 1], total) for k in range(unknown + 1))


def _known_and_unknown(
    face: int, dice_in_play: int, own_dice: Iterable[int], palifico: bool
) -> tuple[int, int]:
    own = tuple(own_dice)
    if face not in FACES:
        raise InvalidInput(f"{face} is not a face to bid on: 2-6")
    _check_dice_in_play(dice_in_play)
    if any(not isinstance(d, int) or not 1 <= d <= 6 for d in own):
        raise InvalidInput("own dice must be values 1-6")
    if len(own) > dice_in_play:
        raise InvalidInput(
            f"{len(own)} own dice cannot be more than the {dice_in_play} dice in play"
        )
    return count_face(own, face, ones_wild=not palifico), dice_in_play - len(own)


def bid_probability(
    quantity: int,
    face: int,
    dice_in_play: int,
    own_dice: Iterable[int] = (),
    palifico: bool = False,
) -> Fraction:
    """Exact chance that at least ``quantity`` dice show ``face`` at the reveal.

    ``own_dice`` are the dice the asker sees (the bidder's or the answerer's own); the
    other ``dice_in_play - len(own_dice)`` are unknown.
    """
    known, unknown = _known_and_unknown(face, dice_in_play, own_dice, palifico)
    need = quantity - known
    if need <= 0:
        return Fraction(1)
    if need > unknown:
        return Fraction(0)
    tails, total = _tails(unknown, palifico)
    return Fraction(tails[need], total)


def exact_probability(
    quantity: int,
    face: int,
    dice_in_play: int,
    own_dice: Iterable[int] = (),
    palifico: bool = False,
) -> Fraction:
    """Exact chance that exactly ``quantity`` dice show ``face`` (an exact call wins)."""
    known, unknown = _known_and_unknown(face, dice_in_play, own_dice, palifico)
    need = quantity - known
    if not 0 <= need <= unknown:
        return Fraction(0)
    tails, total = _tails(unknown, palifico)
    return Fraction(tails[need] - tails[need + 1], total)


def expected_count(
    face: int, dice_in_play: int, own_dice: Iterable[int] = (), palifico: bool = False
) -> Fraction:
    """The expected count of ``face`` at the reveal."""
    known, unknown = _known_and_unknown(face, dice_in_play, own_dice, palifico)
    return known + unknown * (PALIFICO_P if palifico else WILD_P)


def bid_odds(
    quantity: int,
    face: int,
    dice_in_play: int,
    own_dice: Iterable[int] = (),
    palifico: bool = False,
) -> float:
    """:func:`bid_probability` as a float (what a screen shows)."""
    return float(bid_probability(quantity, face, dice_in_play, own_dice, palifico))


@dataclass(frozen=True)
class OddsRow:
    quantity: int
    face: int
    true: Fraction
    exact: Fraction


def odds_table(
    dice_in_play: int,
    own_dice: Sequence[int] = (),
    palifico: bool = False,
    faces: Sequence[int] = FACES,
) -> list[OddsRow]:
    """For every quantity 1..dice_in_play and face: the chance the bid is true / exact."""
    return [
        OddsRow(
            q,
            f,
            bid_probability(q, f, dice_in_play, own_dice, palifico),
            exact_probability(q, f, dice_in_play, own_dice, palifico),
        )
        for f in faces
        for q in range(1, dice_in_play + 1)
    ]


def state_bid_odds(
    state: DoubtingState, own_dice: Iterable[int] = (), bid: Bid | None = None
) -> Fraction | None:
    """The coach hint: the chance that ``bid`` (default: the standing bid) is true in
    ``state``, seen by a player holding ``own_dice``; ``None`` when there is no bid."""
    bid = bid if bid is not None else state.bid
    if bid is None:
        return None
    return bid_probability(bid.quantity, bid.face, state.dice_in_play, own_dice, state.palifico)
