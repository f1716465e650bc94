"""The actions of Bluffaneer: small frozen values, and their JSON form for the log.

An action is answered by the seat the state awaits; the ones that name a seat
(``Steal``, ``Claim``, ``CoinToss``) name the other player involved.

==========================  ============================================  ========
action                      JSON                                          phase
==========================  ============================================  ========
Roll(("ship", "sword"))     {"type": "roll", "dice": ["ship", "sword"]}   ROLL
Steal(2)                    {"type": "steal", "victim": 2}                VICTIM
OwnMatch(Card(...))         {"type": "own_match", "card": ["a", "b"]}     MATCH
Claim(1)                    {"type": "claim", "claimer": 1}               MATCH
NoClaim()                   {"type": "no_claim"}                          MATCH
Trust()                     {"type": "trust"}                             JUDGE
CallBluffaneer()            {"type": "bluffaneer"}                        JUDGE
Reveal(Card(...))           {"type": "reveal", "card": ["a", "b"]}        REVEAL
CoinToss(0)                 {"type": "coin_toss", "winner": 0}            TOSS
==========================  ============================================  ========
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from games.bluffaneer.faces import CARD_JSON, Card
from games.codec import ActionCodec, Seat


@dataclass(frozen=True)
class Roll:
    """The roller's open roll: the two symbols read (by the camera, or entered)."""

    dice: tuple[str, str]


@dataclass(frozen=True)
class Steal:
    """Double swords or ships: the roller steals from ``victim``."""

    victim: Seat


@dataclass(frozen=True)
class OwnMatch:
    """The roller's card matches the roll: they reveal it (it must match)."""

    card: Card


@dataclass(frozen=True)
class Claim:
    """"Gimme Yer Booty": ``claimer`` (the first to say it) claims a match."""

    claimer: Seat


@dataclass(frozen=True)
class NoClaim:
    """Nobody claims a match: no coins move."""


@dataclass(frozen=True)
class Trust:
    """The roller trusts the claim: the claimer gets 1 coin whatever the card shows."""


@dataclass(frozen=True)
class CallBluffaneer:
    """The roller calls "Bluffaneer!": the card decides who pays."""


@dataclass(frozen=True)
class Reveal:
    """The claimer shows their card."""

    card: Card


@dataclass(frozen=True)
class CoinToss:
    """The coin toss between the players tied for most coins: ``winner`` won it."""

    winner: Seat


Action = Union[Roll, Steal, OwnMatch, Claim, NoClaim, Trust, CallBluffaneer, Reveal, CoinToss]


#: The log form of every action (:mod:`games.codec`): a card as its two symbols.
CODEC: ActionCodec[Action] = ActionCodec(
    "Bluffaneer",
    {"roll": Roll, "steal": Steal, "own_match": OwnMatch, "claim": Claim, "no_claim": NoClaim,
     "trust": Trust, "bluffaneer": CallBluffaneer, "reveal": Reveal, "coin_toss": CoinToss},
    converters=[CARD_JSON],
)  # fmt: skip
