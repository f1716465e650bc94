"""BamBoozal's settings, phases, hands and state: frozen values, no behaviour beyond queries.

Money is whole credits. A seat's balance is what it took out of the pot minus what it paid
in, so the balances and the pot always add up to zero.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from games.codec import JsonSettings
from games.errors import InvalidSettings

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MIN_ROUNDS = 3
MAX_ROUNDS = 6


class Suit(Enum):
    """The four suits, in the seed's order (Diamonds / Clubs / Hearts / Spades)."""

    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def label(self) -> str:
        return self.value.capitalize()


SUITS = tuple(Suit)


def _whole(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidSettings(f"{name} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class Settings(JsonSettings):
    """Chosen before a game.

    hand_amount: what every player pays into the pot each hand (unless bamboozaled).
    rounds_per_hand: cards dealt to each player, so rounds in a hand (3-6, the seed's 4).
    first_dealer: the seat that deals the first hand (the seed: chosen at random).

    >>> Settings(hand_amount=0)
    Traceback (most recent call last):
    games.errors.InvalidSettings: hand_amount must be at least 1, not 0
    """

    hand_amount: int = 50
    rounds_per_hand: int = 4
    first_dealer: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            _whole(f.name, getattr(self, f.name))
        if self.hand_amount < 1:
            raise InvalidSettings(f"hand_amount must be at least 1, not {self.hand_amount}")
        if not MIN_ROUNDS <= self.rounds_per_hand <= MAX_ROUNDS:
            raise InvalidSettings(
                f"rounds_per_hand must be {MIN_ROUNDS} to {MAX_ROUNDS}, "
                f"not {self.rounds_per_hand}"
            )
        if self.first_dealer < 0:
            raise InvalidSettings(f"first_dealer must be a seat number, not {self.first_dealer}")


class Phase(Enum):
    """What the game waits for."""

    #: Between hands: the next hand's payments are due (StartHand), or the players stop.
    PAY = "pay"
    #: The dealer turned a card: its suit is noted as trumps (NoteTrump).
    TRUMP = "trump"
    #: ``State.awaiting`` says play or fold (Play / Fold), clockwise from the dealer's left.
    DECIDE = "decide"
    #: The next round's winner is entered (WinRound).
    ROUNDS = "rounds"
    #: Every round is entered: the result is settled (Settle), or the last entry undone.
    SETTLE = "settle"
    #: The players stopped; the balances are the result.
    OVER = "over"


@dataclass(frozen=True)
class Hand:
    """The hand being played: who paid what, the pot, and the entries so far.

    The entries come in a fixed order (trump, decisions, round winners), so undoing the
    last one needs no separate history.
    """

    number: int
    dealer: int
    #: What each seat paid into the pot for this hand.
    paid: tuple[int, ...]
    #: The pot of this hand (what was left from before plus this hand's payments).
    pot: int
    trump: Suit | None = None
    #: Play (True) or fold (False) for the seats in decision order (``decision_order``).
    decisions: tuple[bool, ...] = ()
    #: The seat that won each round entered so far, in order.
    round_winners: tuple[int, ...] = ()

    def with_(self, **changes: Any) -> Hand:
        return replace(self, **changes)


@dataclass(frozen=True)
class HandResult:
    """How a settled hand ended."""

    number: int
    dealer: int
    trump: Suit | None
    paid: tuple[int, ...]
    #: The hand's pot: what the winner took, or what stayed; a bamboozal next hand.
    pot: int
    plays: tuple[bool, ...]
    rounds: tuple[int, ...]
    winner: int | None
    #: Playing seats that won no round: each pays ``pot`` next hand instead.
    bamboozaled: tuple[int, ...]

    @property
    def tied(self) -> tuple[int, ...]:
        """The seats sharing the most rounds when there is no winner (empty if nobody played)."""
        if self.winner is not None or not any(self.plays):
            return ()
        top = max(self.rounds)
        return tuple(s for s, r in enumerate(self.rounds) if self.plays[s] and r == top)


@dataclass(frozen=True)
class State:
    """A moment of the game. Seats are indexes into ``names``; clockwise is +1."""

    settings: Settings
    names: tuple[str, ...]
    #: Running totals per seat: paid into the pot, taken out of it.
    paid_in: tuple[int, ...]
    taken_out: tuple[int, ...]
    #: The money in the pot now.
    pot: int
    phase: Phase
    #: The hand being played (``None`` between hands and at the end).
    hand: Hand | None = None
    #: Every settled hand, in order.
    results: tuple[HandResult, ...] = ()
    #: The seat that says play or fold (in DECIDE), else ``None``.
    awaiting: int | None = None

    def evolve(self, **changes: Any) -> State:
        return replace(self, **changes)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def balances(self) -> tuple[int, ...]:
        """Taken out minus paid in, per seat."""
        return tuple(t - p for t, p in zip(self.taken_out, self.paid_in, strict=True))

    @property
    def hand_number(self) -> int:
        """The hand being played, or the next one between hands."""
        return len(self.results) + 1

    @property
    def dealer(self) -> int:
        """The dealer of the hand being played, or of the next one between hands."""
        return (self.settings.first_dealer + self.hand_number - 1) % self.players

    def decision_order(self, dealer: int | None = None) -> tuple[int, ...]:
        """The seats clockwise from the dealer's left, the dealer last."""
        dealer = self.dealer if dealer is None else dealer
        return tuple((dealer + k) % self.players for k in range(1, self.players + 1))

    @property
    def dues(self) -> tuple[int, ...]:
        """What each seat pays into the next hand's pot: the hand amount, or, for a seat
        bamboozaled in the previous hand, that hand's whole pot instead."""
        owed = self.bamboozals
        return tuple(o or self.settings.hand_amount for o in owed)

    @property
    def bamboozals(self) -> tuple[int, ...]:
        """The bamboozal each seat owes the next hand (0: none). Charged once, at the start
        of the next hand; nothing is owed during a hand or after the players stop."""
        if self.phase is not Phase.PAY or not self.results:
            return (0,) * self.players
        last = self.results[-1]
        return tuple(last.pot if s in last.bamboozaled else 0 for s in range(self.players))

    def plays(self) -> tuple[bool | None, ...]:
        """Per seat in the current hand: True plays, False folded, None not yet said."""
        said: list[bool | None] = [None] * self.players
        if self.hand is not None:
            for seat, plays in zip(self.decision_order(), self.hand.decisions, strict=False):
                said[seat] = plays
        return tuple(said)

    def rounds_won(self) -> tuple[int, ...]:
        """Rounds each seat won in the current hand so far."""
        won = [0] * self.players
        for seat in self.hand.round_winners if self.hand else ():
            won[seat] += 1
        return tuple(won)
