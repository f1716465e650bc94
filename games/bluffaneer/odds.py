"""Bluffaneer's odds, exact (fractions): each double, a given pair, a card matching.

Both bone dice are fair and alike: each face of :attr:`FaceSet.die` comes up equally
often. With the seed's dice (four faces, one symbol each):

>>> from games.bluffaneer.faces import DEFAULT_FACES as FACES
>>> double_chance(FACES, "ship"), pair_chance(FACES, "ship", "sword")
(Fraction(1, 16), Fraction(1, 8))
>>> card_match_chance(FACES, Card("chest", "skull")), any_double_chance(FACES)
(Fraction(1, 8), Fraction(1, 4))

What the roller knows when ship + sword is rolled, holding chest/skull, nothing
discarded: 3 of the 17 other cards are ship/sword, and with three other players
the chance that one of them holds one is 1 - C(14, 3) / C(17, 3):

>>> deck = FACES.deck(3)
>>> card_holds_chance(deck, Card("ship", "sword"), known=[Card("chest", "skull")])
Fraction(3, 17)
>>> someone_holds_chance(deck, Card("ship", "sword"), 3, known=[Card("chest", "skull")])
Fraction(79, 170)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from games.bluffaneer.faces import Card, FaceSet


def _face_chance(faces: FaceSet, symbol: str) -> Fraction:
    if symbol not in faces:
        raise ValueError(f"{symbol!r} is not a face of the dice ({', '.join(faces.names)})")
    die = faces.die
    return Fraction(die.count(symbol), len(die))


def double_chance(faces: FaceSet, symbol: str) -> Fraction:
    """The chance one roll is a double of ``symbol``."""
    return _face_chance(faces, symbol) ** 2


def any_double_chance(faces: FaceSet) -> Fraction:
    """The chance one roll is any double."""
    return sum((double_chance(faces, s) for s in faces.names), Fraction(0))


def pair_chance(faces: FaceSet, first: str, second: str) -> Fraction:
    """The chance one roll shows ``first`` and ``second`` (in either order)."""
    if first == second:
        return double_chance(faces, first)
    return 2 * _face_chance(faces, first) * _face_chance(faces, second)


def card_match_chance(faces: FaceSet, card: Card) -> Fraction:
    """The chance one roll matches ``card`` (its two symbols)."""
    return pair_chance(faces, card.first, card.second)


def _unknown(deck: Sequence[Card], known: Iterable[Card]) -> list[Card]:
    unknown = list(deck)
    for card in known:
        if card not in unknown:
            raise ValueError(f"{card} is not among the cards left to know")
        unknown.remove(card)
    return unknown


def card_holds_chance(deck: Sequence[Card], card: Card, known: Iterable[Card] = ()) -> Fraction:
    """The chance one secret card is ``card``, knowing the cards ``known`` (your own,
    the discard pile): the chance a claim of it is true before any tell."""
    unknown = _unknown(deck, known)
    if not unknown:
        return Fraction(0)
    return Fraction(unknown.count(card), len(unknown))


def someone_holds_chance(
    deck: Sequence[Card], card: Card, players: int, known: Iterable[Card] = ()
) -> Fraction:
    """The chance at least one of ``players`` secret cards is ``card`` (the other
    players at a roll that is not your match), knowing the cards ``known``."""
    unknown = _unknown(deck, known)
    if players > len(unknown):
        raise ValueError(f"{players} secret cards but only {len(unknown)} unknown")
    others = len(unknown) - unknown.count(card)
    return 1 - Fraction(comb(others, players), comb(len(unknown), players))


@dataclass(frozen=True)
class Row:
    """One roll of the odds table: its symbols, its chance, what it does."""

    dice: tuple[str, str]
    chance: Fraction
    #: For a double, its effect (a :class:`~games.bluffaneer.faces.Double` value);
    #: otherwise how many cards of the deck match it.
    effect: str | None
    cards: int

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "chance": str(self.chance),
            "probability": float(self.chance),
            "double": self.effect,
            "cards": self.cards,
        }


def table(faces: FaceSet, deck: Sequence[Card]) -> list[Row]:
    """Every roll (each pair once, doubles first) with its chance and effect.

    >>> from games.bluffaneer.faces import DEFAULT_FACES as FACES
    >>> rows = table(FACES, FACES.deck(3))
    >>> rows[0].dice, rows[0].effect, rows[-1].dice, rows[-1].cards
    (('chest', 'chest'), 'tribute', ('ship', 'skull'), 3)
    >>> sum(r.chance for r in rows)
    Fraction(1, 1)
    """
    doubles = [
        Row((s.name, s.name), double_chance(faces, s.name), s.double.value, 0)
        for s in faces.symbols
    ]
    pairs = [
        Row(card.symbols, card_match_chance(faces, card), None, list(deck).count(card))
        for card in faces.pairs()
    ]
    return doubles + pairs
