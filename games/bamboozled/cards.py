"""The Bamboozled action deck: its composition and the card piles as counts.

The cards are physical and secret: the box never knows which cards a player holds,
only how many. :class:`Piles` tracks the deck, discard and hand *counts*, and what is
*known*: the cards named (when played or shown) that lie in the discard pile since the
last reshuffle. That is enough to refuse impossible claims (a second Jackpot while the
only one is in the discard, a card from an empty hand). Nothing here is random: the
players shuffle and draw the real cards; the box only counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from games.errors import InvalidInput


class Card(Enum):
    """The eight kinds of action card."""

    DOUBLE = "double"
    FRESH_START = "fresh_start"
    JACKPOT = "jackpot"
    MY_BAD = "my_bad"
    REVERSE = "reverse"
    REVIVE = "revive"
    SKIP = "skip"
    UP_DOWN = "up_down"

    @property
    def label(self) -> str:
        """The name printed on the card."""
        return _LABELS[self]


_LABELS = {
    Card.DOUBLE: "Double",
    Card.FRESH_START: "Fresh Start",
    Card.JACKPOT: "Jackpot",
    Card.MY_BAD: "My Bad",
    Card.REVERSE: "Reverse",
    Card.REVIVE: "Revive",
    Card.SKIP: "Skip",
    Card.UP_DOWN: "Up/Down",
}

CARDS: tuple[Card, ...] = tuple(Card)
_INDEX = {card: i for i, card in enumerate(CARDS)}
#: Shown only when challenged, to make a declaration reachable from the dice.
AFTER_ROLL: frozenset[Card] = frozenset({Card.DOUBLE, Card.JACKPOT, Card.UP_DOWN})
#: Played by the receiver before accepting or challenging.
BEFORE_ROLL: frozenset[Card] = frozenset({Card.FRESH_START, Card.SKIP, Card.REVERSE, Card.REVIVE})

#: The 26-card deck of the box.
FULL_DECK: Mapping[Card, int] = {
    Card.DOUBLE: 2,
    Card.FRESH_START: 4,
    Card.JACKPOT: 1,
    Card.MY_BAD: 4,
    Card.REVERSE: 4,
    Card.REVIVE: 4,
    Card.SKIP: 4,
    Card.UP_DOWN: 3,
}
HAND_LIMIT = 2


def deck_composition(my_bad: bool = True) -> dict[Card, int]:
    """The deck's cards per kind; No Bluffing removes the 4 My Bad cards (22 cards)."""
    return {card: n for card, n in FULL_DECK.items() if my_bad or card is not Card.MY_BAD}


def parse_card(text: str | Card) -> Card:
    """A card from its value or label ("up_down", "Up/Down", "fresh start")."""
    if isinstance(text, Card):
        return text
    key = "".join(ch for ch in str(text).lower() if ch.isalpha())
    for card in Card:
        if key == card.value.replace("_", "") or key == "".join(
            ch for ch in card.label.lower() if ch.isalpha()
        ):
            return card
    names = ", ".join(c.label for c in Card)
    raise InvalidInput(f"{text!r} is not an action card: one of {names}")


def _counts(cards: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


class PileError(ValueError):
    """A card move the piles cannot allow (empty hand, card known to be elsewhere)."""


@dataclass(frozen=True)
class Piles:
    """Deck, discard and hand counts, plus the named cards known to be in the discard.

    Invariant: ``deck + discard + sum(hands) == size`` and ``sum(known) <= discard``.
    ``composition`` and ``known`` are counts per kind in :data:`CARDS` order.
    """

    composition: tuple[int, ...]
    deck: int
    discard: int
    hands: tuple[int, ...]
    known: tuple[int, ...]

    @classmethod
    def deal(cls, players: int, composition: Mapping[Card, int], first: int = 0) -> Piles:
        """Shuffled deck, one card dealt to each player from seat ``first`` clockwise.

        With more players than cards (a big Party), the seats reached last get none.
        """
        comp = tuple(composition.get(card, 0) for card in CARDS)
        size = sum(comp)
        hands = [0] * players
        for k in range(min(players, size)):
            hands[(first + k) % players] = 1
        return cls(comp, size - sum(hands), 0, tuple(hands), (0,) * len(CARDS))

    @property
    def size(self) -> int:
        return sum(self.composition)

    def count(self, card: Card) -> int:
        """How many ``card`` the deck holds in all."""
        return self.composition[_INDEX[card]]

    def known_in_discard(self, card: Card) -> int:
        return self.known[_INDEX[card]]

    def available(self, card: Card) -> int:
        """How many ``card`` might still be in someone's hand (not known discarded)."""
        return self.count(card) - self.known_in_discard(card)

    def can_name(self, seat: int, cards: Sequence[Card]) -> bool:
        """Whether player ``seat`` may hold all of ``cards`` at once."""
        if len(cards) == 1:
            i = _INDEX[cards[0]]
            return self.hands[seat] >= 1 and self.known[i] < self.composition[i]
        wanted = _counts(cards)
        return sum(wanted.values()) <= self.hands[seat] and all(
            n <= self.available(card) for card, n in wanted.items()
        )

    def check_name(self, seat: int, cards: Iterable[Card]) -> None:
        """:class:`PileError` with the reason if ``seat`` cannot hold ``cards``."""
        cards = tuple(cards)
        if len(cards) > self.hands[seat]:
            held = self.hands[seat]
            raise PileError(f"they hold {held} card{'s' if held != 1 else ''}")
        for card, n in _counts(cards).items():
            if n > self.available(card):
                count = self.count(card)
                if not count:
                    raise PileError(f"{card.label} is not in this deck")
                raise PileError(
                    f"the deck has {count} {card.label} and "
                    f"{self.known_in_discard(card)} already lie in the discard pile"
                )

    def play(self, seat: int, cards: Iterable[Card]) -> Piles:
        """Named cards go from ``seat``'s hand to the discard pile (known)."""
        cards = tuple(cards)
        self.check_name(seat, cards)
        known = list(self.known)
        for card in cards:
            known[_INDEX[card]] += 1
        return replace(
            self,
            discard=self.discard + len(cards),
            hands=_with(self.hands, seat, self.hands[seat] - len(cards)),
            known=tuple(known),
        )

    def discard_unnamed(self, seat: int, n: int = 1) -> Piles:
        """``n`` unnamed cards from ``seat``'s hand to the discard (identity unknown)."""
        if n > self.hands[seat]:
            raise PileError(f"they hold only {self.hands[seat]}")
        return replace(
            self,
            discard=self.discard + n,
            hands=_with(self.hands, seat, self.hands[seat] - n),
        )

    def draw(self, seat: int) -> tuple[Piles, bool, bool]:
        """``seat`` draws one card: ``(piles, reshuffled, drawn)``.

        An empty deck first takes the shuffled discard pile (what was known about it is
        forgotten); if both are empty nothing is drawn.
        """
        piles, reshuffled = self, False
        if piles.deck == 0 and piles.discard > 0:
            piles = replace(piles, deck=piles.discard, discard=0, known=(0,) * len(CARDS))
            reshuffled = True
        if piles.deck == 0:
            return piles, reshuffled, False
        return (
            replace(
                piles, deck=piles.deck - 1, hands=_with(piles.hands, seat, piles.hands[seat] + 1)
            ),
            reshuffled,
            True,
        )

    def check(self) -> None:
        """Assert the invariants (used by tests)."""
        assert self.deck >= 0 and self.discard >= 0 and min(self.hands, default=0) >= 0
        assert self.deck + self.discard + sum(self.hands) == self.size
        assert sum(self.known) <= self.discard
        assert all(0 <= k <= c for k, c in zip(self.known, self.composition, strict=True))


def _with(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return values[:i] + (value,) + values[i + 1 :]
