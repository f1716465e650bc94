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

>>> action_from_json(action_to_json(WinRound(2)))
WinRound(winner=2)
>>> action_from_json({"type": "trump", "suit": "cups"})
Traceback (most recent call last):
ValueError: unknown suit 'cups'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from games.bamboozal.state import Suit


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

    winner: int


@dataclass(frozen=True)
class Settle:
    """Every round is entered: pay the winner, or leave the pot; charge the bamboozals."""


@dataclass(frozen=True)
class Undo:
    """Take back the hand's last entry (trump, a play or fold, a round's winner), or the
    start of the hand itself; only before the hand is settled."""


Action = Union[StartHand, Stop, NoteTrump, Play, Fold, WinRound, Settle, Undo]

#: The actions with no fields, by their JSON type.
_PLAIN: dict[str, Action] = {
    "start_hand": StartHand(),
    "stop": Stop(),
    "play": Play(),
    "fold": Fold(),
    "settle": Settle(),
    "undo": Undo(),
}
_PLAIN_TYPES: dict[type, str] = {type(a): kind for kind, a in _PLAIN.items()}


def _suit(data: Mapping[str, Any]) -> Action:
    try:
        return NoteTrump(Suit(data["suit"]))
    except ValueError:
        raise ValueError(f"unknown suit {data['suit']!r}") from None


def _round(data: Mapping[str, Any]) -> Action:
    seat = data["winner"]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError(f"a round's winner must be a seat number, not {seat!r}")
    return WinRound(seat)


_PARSERS: dict[str, Callable[[Mapping[str, Any]], Action]] = {"trump": _suit, "round": _round}


def action_to_json(action: Action) -> dict[str, Any]:
    """The log form of ``action``."""
    kind = _PLAIN_TYPES.get(type(action))
    if kind is not None:
        return {"type": kind}
    if isinstance(action, NoteTrump):
        return {"type": "trump", "suit": action.suit.value}
    if isinstance(action, WinRound):
        return {"type": "round", "winner": action.winner}
    raise TypeError(f"not a BamBoozal action: {action!r}")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Inverse of :func:`action_to_json`; :class:`ValueError` on bad data."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, not {data!r}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ValueError(f"an action needs a type, not {kind!r}")
    if kind in _PLAIN:
        return _PLAIN[kind]
    parser = _PARSERS.get(kind)
    if parser is None:
        raise ValueError(f"unknown action type {kind!r}")
    try:
        return parser(data)
    except KeyError as exc:
        raise ValueError(f"{kind} action without {exc.args[0]!r}") from None
