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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union

from games.bluffaneer.faces import Card


@dataclass(frozen=True)
class Roll:
    """The roller's open roll: the two symbols read (by the camera, or entered)."""

    dice: tuple[str, str]


@dataclass(frozen=True)
class Steal:
    """Double swords or ships: the roller steals from ``victim``."""

    victim: int


@dataclass(frozen=True)
class OwnMatch:
    """The roller's card matches the roll: they reveal it (it must match)."""

    card: Card


@dataclass(frozen=True)
class Claim:
    """"Gimme Yer Booty": ``claimer`` (the first to say it) claims a match."""

    claimer: int


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

    winner: int


Action = Union[Roll, Steal, OwnMatch, Claim, NoClaim, Trust, CallBluffaneer, Reveal, CoinToss]


def _seat(data: Any, key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key} must be a seat number, not {value!r}")
    return value


def _dice(data: Any) -> tuple[str, str]:
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise ValueError(f"dice must be a list of two symbols, not {data!r}")
    if not all(isinstance(d, str) for d in data):
        raise ValueError(f"dice must be symbol names, not {data!r}")
    return (data[0], data[1])


def action_to_json(action: Action) -> dict[str, Any]:
    """The log form of ``action``."""
    if isinstance(action, Roll):
        return {"type": "roll", "dice": list(action.dice)}
    if isinstance(action, Steal):
        return {"type": "steal", "victim": action.victim}
    if isinstance(action, OwnMatch):
        return {"type": "own_match", "card": action.card.to_json()}
    if isinstance(action, Claim):
        return {"type": "claim", "claimer": action.claimer}
    if isinstance(action, NoClaim):
        return {"type": "no_claim"}
    if isinstance(action, Trust):
        return {"type": "trust"}
    if isinstance(action, CallBluffaneer):
        return {"type": "bluffaneer"}
    if isinstance(action, Reveal):
        return {"type": "reveal", "card": action.card.to_json()}
    if isinstance(action, CoinToss):
        return {"type": "coin_toss", "winner": action.winner}
    raise TypeError(f"not a Bluffaneer action: {action!r}")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Inverse of :func:`action_to_json`; :class:`ValueError` on bad data."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, not {data!r}")
    kind = data.get("type")
    try:
        if kind == "roll":
            return Roll(_dice(data["dice"]))
        if kind == "steal":
            return Steal(_seat(data, "victim"))
        if kind == "own_match":
            return OwnMatch(Card.from_json(data["card"]))
        if kind == "claim":
            return Claim(_seat(data, "claimer"))
        if kind == "no_claim":
            return NoClaim()
        if kind == "trust":
            return Trust()
        if kind == "bluffaneer":
            return CallBluffaneer()
        if kind == "reveal":
            return Reveal(Card.from_json(data["card"]))
        if kind == "coin_toss":
            return CoinToss(_seat(data, "winner"))
    except KeyError as exc:
        raise ValueError(f"{kind} action without {exc.args[0]!r}") from None
    raise ValueError(f"unknown action type {kind!r}")
