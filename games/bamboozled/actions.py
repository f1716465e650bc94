"""The actions of Bamboozled: small frozen values, and their JSON form for the log.

An action never names who does it: it is always the seat the state awaits
(``state.awaiting``). Dice are the two values the camera read, in any order (the
rules never care which die is which); they are logged in the order given.

==================  ==========================================  =========================
action              JSON                                        phase
==================  ==========================================  =========================
Declare(53)         {"type": "declare", "score": 53}            DECLARE
Accept((3, 5))      {"type": "accept", "dice": [3, 5]}          DECIDE
Challenge((3, 5))   {"type": "challenge", "dice": [3, 5]}       DECIDE
PlayCard(SKIP)      {"type": "play", "card": "skip"}            DECIDE, ROLL, offers
Show((DOUBLE,))     {"type": "show", "cards": ["double"]}       SHOW_CARD
Decline()           {"type": "decline"}                         SHOW_CARD, offers
Discard(None)       {"type": "discard", "card": null}           DISCARD
Roll((3, 5), ())    {"type": "roll", "dice": [3, 5], "cards": []}  ROLL (No Bluffing)
==================  ==========================================  =========================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from games.bamboozled.cards import Card
from games.codec import ActionCodec, by_value


@dataclass(frozen=True)
class Declare:
    """The roller declares a score (it must tie or beat the current score)."""

    score: int


@dataclass(frozen=True)
class Accept:
    """The judge accepts; ``dice`` are what the camera then read under the cup."""

    dice: tuple[int, int]


@dataclass(frozen=True)
class Challenge:
    """The judge challenges; ``dice`` are what the camera read at the reveal."""

    dice: tuple[int, int]


@dataclass(frozen=True)
class PlayCard:
    """Play a card: Fresh Start, Skip, Reverse or Revive before deciding (or before an
    open roll); My Bad when offered after a failed challenge; Revive when offered at
    elimination."""

    card: Card


@dataclass(frozen=True)
class Show:
    """The challenged declarer shows after-roll card(s) that reach the declared score
    (one card; several combine only with No Limits)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Decline:
    """Say no to an offer: show no card, play no My Bad, play no Revive."""


@dataclass(frozen=True)
class Discard:
    """At the hand limit: discard one card, naming it or not (``None``)."""

    card: Card | None = None


@dataclass(frozen=True)
class Roll:
    """No Bluffing: the open roll the camera read, with after-roll cards played openly."""

    dice: tuple[int, int]
    cards: tuple[Card, ...] = ()


Action = Union[Declare, Accept, Challenge, PlayCard, Show, Decline, Discard, Roll]


#: The log form of every action (:mod:`games.codec`).
CODEC: ActionCodec[Action] = ActionCodec(
    "Bamboozled",
    {"declare": Declare, "accept": Accept, "challenge": Challenge, "play": PlayCard,
     "show": Show, "decline": Decline, "discard": Discard, "roll": Roll},
    converters=[by_value(Card, "card")],
)  # fmt: skip
