"""The actions of BamBoozal: small frozen values, and their JSON form for the log.

Play and Fold never name who says them: it is always the seat the state awaits
(``state.awaiting``). The others are the table's entries, made by whoever holds the box.

====================  ==========================================  ===========================
action                JSON                                        phase
====================  ==========================================  ===========================
StartHand()           {"type": "start_hand"}                      PAY
Stop()                {"type": "stop"}                            PAY
NoteTrump(HEARTS)     {"type": "trump", "suit": "hearts"}         TRUMP
Play() / Fold()       {"type": "play"} / {"type": "fold"}         DECIDE
WinRound(2)           {"type": "round", "winner": 2}              ROUNDS
Settle()              {"type": "settle"}                          SETTLE
Undo()                {"type": "undo"}                            TRUMP, DECIDE, ROUNDS, SETTLE
====================  ==========================================  ===========================

>>> CODEC.from_json(CODEC.to_json(WinRound(2)))
WinRound(winner=2)
>>> CODEC.from_json({"type": "trump", "suit": "cups"})
Traceback (most recent call last):
games.codec.InvalidJson: trump action: unknown suit 'cups'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from games.bamboozal.state import Suit
from games.codec import ActionCodec, Seat, by_value


@dataclass(frozen=True)
class StartHand:
    """Everyone paid what is due (the screen lists it): the dealer deals the hand."""


@dataclass(frozen=True)
class Stop:
    """The players stop between hands: the balances are the result."""


@dataclass(frozen=True)
class NoteTrump:
    """The dealer turned a card: its suit is trumps for this hand (a reminder)."""

    suit: Suit


@dataclass(frozen=True)
class Play:
    """The awaited player plays this hand."""


@dataclass(frozen=True)
class Fold:
    """The awaited player folds: they paid, win no round and are not bamboozaled."""


@dataclass(frozen=True)
class WinRound:
    """The next round was won by seat ``winner`` (a player who plays this hand)."""

    winner: Seat


@dataclass(frozen=True)
class Settle:
    """Every round is entered: pay the winner, or leave the pot; charge the bamboozals."""


@dataclass(frozen=True)
class Undo:
    """Take back the hand's last entry (trump, a play or fold, a round's winner), or the
    start of the hand itself; only before the hand is settled."""


Action = Union[StartHand, Stop, NoteTrump, Play, Fold, WinRound, Settle, Undo]

#: The log form of every action (:mod:`games.codec`).
CODEC: ActionCodec[Action] = ActionCodec(
    "BamBoozal",
    {"start_hand": StartHand, "stop": Stop, "trump": NoteTrump, "play": Play, "fold": Fold,
     "round": WinRound, "settle": Settle, "undo": Undo},
    converters=[by_value(Suit, "suit")],
)  # fmt: skip
