"""Bluffaneer's settings, card piles, phases and state: frozen values, queries only."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from games.bluffaneer.faces import CARD_JSON, DEFAULT_FACES, FACES_JSON, Card, FaceSet
from games.codec import JsonSettings
from games.errors import InvalidSettings

MIN_PLAYERS = 3
MAX_PLAYERS = 6
#: Coins each player takes; :data:`COINS_WITH_SIX` with six players.
COINS = 10
COINS_WITH_SIX = 8
#: The gold coins in the game's box.
SUPPLY = 50


def _whole(name: str, value: object, least: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidSettings(f"{name} must be a whole number, not {value!r}")
    if value < least:
        raise InvalidSettings(f"{name} must be at least {least}, not {value}")


@dataclass(frozen=True)
class Settings(JsonSettings):
    """Chosen before a game.

    coins: each player's coins at the start (``None``: 10, or 8 with six players).
    first_seat: who rolls first ("the best pirate impression").
    faces: the bone dice (:data:`~games.bluffaneer.faces.DEFAULT_FACES`: the seed's).
    cards: the secret cards (``None``: every pair of the faces' symbols, ``card_copies``
        times each: 18 cards with the seed's four symbols).
    supply: the coins in the box; the players' coins come from it.
    """

    coins: int | None = None
    first_seat: int = 0
    faces: FaceSet = DEFAULT_FACES
    cards: tuple[Card, ...] | None = None
    card_copies: int = 3
    supply: int = SUPPLY

    json_converters = (FACES_JSON, CARD_JSON)

    def __post_init__(self) -> None:
        if self.coins is not None:
            _whole("coins", self.coins, 1)
        _whole("first_seat", self.first_seat, 0)
        _whole("card_copies", self.card_copies, 1)
        _whole("supply", self.supply, 1)
        if not isinstance(self.faces, FaceSet):
            raise InvalidSettings(f"faces must be a FaceSet, not {self.faces!r}")
        if self.cards is not None:
            if not isinstance(self.cards, tuple) or not all(
                isinstance(c, Card) for c in self.cards
            ):
                raise InvalidSettings("cards must be a tuple of Card")
            for card in self.cards:
                for symbol in card.symbols:
                    if symbol not in self.faces:
                        raise InvalidSettings(f"card {card}: {symbol} is not a face of the dice")

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the game (each copy once)."""
        return self.cards if self.cards is not None else self.faces.deck(self.card_copies)

    def start_coins(self, players: int) -> int:
        """Each player's coins at the start of a game of ``players``."""
        if self.coins is not None:
            return self.coins
        return COINS_WITH_SIX if players == MAX_PLAYERS else COINS


@dataclass(frozen=True)
class Piles:
    """The secret cards away from the players' hands: how many wait in the draw pile,
    and the discard pile, every card of which was revealed (so it is known).

    Each player always holds exactly one card: a revealed card is discarded and replaced
    at once. When a draw finds the draw pile empty, the discard pile (with the card just
    revealed) is shuffled into a new draw pile.
    """

    draw: int
    discard: tuple[Card, ...] = ()

    def in_play(self, deck: tuple[Card, ...], card: Card) -> bool:
        """Whether some player may hold ``card``: a copy is not in the discard pile."""
        return deck.count(card) > self.discard.count(card)

    def replace(self, card: Card) -> tuple[Piles, int]:
        """``card`` discarded and a card drawn: the new piles, and the number of cards
        shuffled into a new draw pile first (0: no reshuffle)."""
        discard = (*self.discard, card)
        if self.draw:
            return replace(self, draw=self.draw - 1, discard=discard), 0
        return Piles(draw=len(discard) - 1), len(discard)


class Phase(Enum):
    """What the game waits for (``State.awaiting`` is the seat that answers)."""

    #: The roller rolls the two bone dice in the open (``Roll``).
    ROLL = "roll"
    #: Double swords or ships: the roller picks whom to steal from (``Steal``).
    VICTIM = "victim"
    #: No double: the roller reveals a matching card (``OwnMatch``), another player
    #: claims (``Claim``), or nobody does (``NoClaim``).
    MATCH = "match"
    #: The roller trusts the claim (``Trust``) or calls Bluffaneer (``CallBluffaneer``).
    JUDGE = "judge"
    #: The claimer shows their card (``Reveal``).
    REVEAL = "reveal"
    #: The game ended with a tie for most coins: a coin toss decides (``CoinToss``).
    TOSS = "toss"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class State:
    """A moment of the game. Seats index ``names``; clockwise is +1 (the left)."""

    settings: Settings
    names: tuple[str, ...]
    coins: tuple[int, ...]
    #: Coins returned to the box during play (a match of the roller's own card).
    bank: int
    #: Coins left in the box at setup, never in play.
    box: int
    piles: Piles
    phase: Phase
    roller: int
    #: The seat whose input is awaited (``None`` at a coin toss and once it is over).
    awaiting: int | None
    turn: int = 1
    #: The roll, as the two symbols read (in the order read).
    dice: tuple[str, str] | None = None
    claimer: int | None = None
    #: The roller's answer to the claim: True trusted, False called Bluffaneer.
    trusted: bool | None = None
    #: The seats tied for most coins at the end, until the coin toss.
    tied: tuple[int, ...] = ()
    winner: int | None = None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def total(self) -> int:
        """Every coin: the players', the bank's and the box's (never changes)."""
        return sum(self.coins) + self.bank + self.box

    def left_of(self, seat: int) -> int:
        """The next seat clockwise (to the left of ``seat``)."""
        return (seat + 1) % self.players

    def others(self, seat: int) -> tuple[int, ...]:
        """Every other seat, clockwise from the left of ``seat``."""
        return tuple((seat + k) % self.players for k in range(1, self.players))
