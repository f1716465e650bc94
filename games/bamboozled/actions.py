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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union

from games.bamboozled.cards import Card


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


def _dice(data: Any) -> tuple[int, int]:
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise ValueError(f"dice must be a list of two numbers, not {data!r}")
    a, b = data
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in (a, b)):
        raise ValueError(f"dice must be whole numbers, not {data!r}")
    return (a, b)


def _card(data: Any) -> Card:
    try:
        return Card(data)
    except ValueError:
        raise ValueError(f"unknown card {data!r}") from None


def _card_list(data: Any) -> tuple[Card, ...]:
    if not isinstance(data, list | tuple):
        raise ValueError(f"cards must be a list, not {data!r}")
    return tuple(_card(c) for c in data)


def action_to_json(action: Action) -> dict[str, Any]:
    """The log form of ``action``."""
    if isinstance(action, Declare):
        return {"type": "declare", "score": action.score}
    if isinstance(action, Accept):
        return {"type": "accept", "dice": list(action.dice)}
    if isinstance(action, Challenge):
        return {"type": "challenge", "dice": list(action.dice)}
    if isinstance(action, PlayCard):
        return {"type": "play", "card": action.card.value}
    if isinstance(action, Show):
        return {"type": "show", "cards": [c.value for c in action.cards]}
    if isinstance(action, Decline):
        return {"type": "decline"}
    if isinstance(action, Discard):
        return {"type": "discard", "card": action.card.value if action.card else None}
    if isinstance(action, Roll):
        return {"type": "roll", "dice": list(action.dice), "cards": [c.value for c in action.cards]}
    raise TypeError(f"not a Bamboozled action: {action!r}")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Inverse of :func:`action_to_json`; :class:`ValueError` on bad data."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, not {data!r}")
    kind = data.get("type")
    try:
        if kind == "declare":
            score = data["score"]
            if not isinstance(score, int) or isinstance(score, bool):
                raise ValueError(f"score must be a number, not {score!r}")
            return Declare(score)
        if kind == "accept":
            return Accept(_dice(data["dice"]))
        if kind == "challenge":
            return Challenge(_dice(data["dice"]))
        if kind == "play":
            return PlayCard(_card(data["card"]))
        if kind == "show":
            return Show(_card_list(data["cards"]))
        if kind == "decline":
            return Decline()
        if kind == "discard":
            card = data.get("card")
            return Discard(None if card is None else _card(card))
        if kind == "roll":
            return Roll(_dice(data["dice"]), _card_list(data.get("cards", [])))
    except KeyError as exc:
        raise ValueError(f"{kind} action without {exc.args[0]!r}") from None
    raise ValueError(f"unknown action type {kind!r}")
