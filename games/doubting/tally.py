"""Doubting Dice's statistics hook (:meth:`games.common.Rules.tally`).

At a reveal every die is known, so every bid of the round is judged: a bid the dice do
not make is a bluff declared. The caller's challenge is won (and the last bid's bluff
caught) when the bid was false; a call of exact is won when the count is exactly the
bid. There are no cards.
"""

from __future__ import annotations

from games.doubting.actions import Challenge, Exact
from games.doubting.bids import count_face
from games.tally import Move, Tally


def tally(move: Move) -> list[tuple[int, Tally]]:
    """The ``(seat, Tally)`` pairs of one move."""
    action, before = move.action, move.before
    if not isinstance(action, Challenge | Exact) or action.dice is None or before.bid is None:
        return []
    wild, dice = not before.palifico, action.dice

    def made(face: int) -> int:
        return count_face(dice, face, ones_wild=wild)

    out = [(seat, Tally.BLUFF_DECLARED) for seat, bid in before.bids
           if made(bid.face) < bid.quantity]
    caller, bidder, bid = before.awaiting, before.bidder, before.bid
    out.append((caller, Tally.CHALLENGE_MADE))
    count = made(bid.face)
    if isinstance(action, Challenge) and count < bid.quantity:
        out += [(bidder, Tally.BLUFF_CAUGHT), (caller, Tally.CHALLENGE_WON)]
    elif isinstance(action, Exact) and count == bid.quantity:
        out.append((caller, Tally.CHALLENGE_WON))
    return out
