"""Bluffaneer's statistics hook (:meth:`games.common.Rules.tally`), from its events.

* turn: each roll, for the roller;
* bluff declared: a claim whose card, revealed, does not match the roll (trusted or not);
* challenge made: "Bluffaneer!" called by the roller;
* challenge won and bluff caught: the called claim's card did not match.

The roller's own match is never a bluff: the rules refuse a card that does not match.

>>> from games.bluffaneer.rules import Bluffaneer, CallBluffaneer, Card, Claim, Reveal, Roll
>>> from games.tally import tally_all
>>> rules = Bluffaneer()
>>> state, moves = rules.new_game(["Ann", "Bob", "Cat"]), []
>>> for action in (Roll(("ship", "sword")), Claim(1), CallBluffaneer(),
...                Reveal(Card("chest", "skull"))):
...     after, events = rules.apply(state, action)
...     moves.append(Move(state, action, events, after))
...     state = after
>>> sorted((seat, str(t)) for seat, per in tally_all(rules, moves).items() for t in per)
[(0, 'challenges made'), (0, 'challenges won'), (0, 'turns'), (1, 'bluffs caught'), \
(1, 'bluffs declared')]
"""

from __future__ import annotations

from games.bluffaneer.events import BluffaneerCalled, CardRevealed, ClaimRuled, Rolled
from games.tally import Move, Tally


def tally(move: Move) -> list[tuple[int, Tally]]:
    """The ``(seat, Tally)`` pairs of one move."""
    out: list[tuple[int, Tally]] = []
    for event in move.events:
        if isinstance(event, Rolled):
            out.append((event.seat, Tally.TURN))
        elif isinstance(event, BluffaneerCalled):
            out.append((event.roller, Tally.CHALLENGE_MADE))
        elif isinstance(event, CardRevealed) and not event.matches:
            out.append((event.seat, Tally.BLUFF_DECLARED))
        elif isinstance(event, ClaimRuled) and not event.true:
            out += [(event.claimer, Tally.BLUFF_CAUGHT), (move.before.roller, Tally.CHALLENGE_WON)]
    return out
