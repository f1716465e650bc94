"""The bone dice's faces and the secret cards made from them.

A :class:`FaceSet` names the symbols a bone die shows, what rolling two of a symbol does
(:class:`Double`), and which symbol each face of a die shows (several faces may show the
same symbol). The default, :data:`DEFAULT_FACES`, is the seed's set: treasure chest,
sword, ship, skull and bones, one per face of a four-sided bone die. Colours are kept for
drawing the dice; matching uses symbols only.

A :class:`Card` is two different symbols, in any order:

>>> Card("sword", "chest") == Card("chest", "sword")
True
>>> card = Card("chest", "sword")
>>> card.matches(("sword", "chest")), card.matches(("ship", "chest"))
(True, False)
>>> len(DEFAULT_FACES.deck(3)), DEFAULT_FACES.deck(3).count(Card("ship", "skull"))
(18, 3)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import Any

from games.codec import Converter
from games.errors import InvalidInput, InvalidSettings


class Double(Enum):
    """What rolling two of a symbol does."""

    #: Every other player gives the roller 1 coin (double treasure chest).
    TRIBUTE = "tribute"
    #: The roller steals 2 coins from a chosen player (double swords).
    STEAL_2 = "steal_2"
    #: The roller steals 3 coins from a chosen player (double ships).
    STEAL_3 = "steal_3"
    #: The roller gives 1 coin to each other player clockwise from the left until out
    #: (double skull and bones).
    GIVE_AROUND = "give_around"

    @property
    def steals(self) -> int:
        """Coins stolen from the chosen player (0: this double needs no victim)."""
        return _STEALS.get(self, 0)


_STEALS = {Double.STEAL_2: 2, Double.STEAL_3: 3}


def _check_name(what: str, name: object) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise InvalidSettings(f"{what} must be a non-empty name, not {name!r}")
    return name


@dataclass(frozen=True)
class Symbol:
    """One symbol of the bone dice: its name (what the camera reports), its double,
    and how it is shown (``label``, ``colour``; both only for people and drawings)."""

    name: str
    double: Double
    label: str = ""
    colour: str = ""

    def __post_init__(self) -> None:
        _check_name("a symbol", self.name)
        if not isinstance(self.double, Double):
            raise InvalidSettings(f"{self.name}: double must be a Double, not {self.double!r}")
        if not isinstance(self.label, str) or not isinstance(self.colour, str):
            raise InvalidSettings(f"{self.name}: label and colour must be text")

    @property
    def title(self) -> str:
        """The label, or the name when there is none."""
        return self.label or self.name

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "double": self.double.value, "label": self.label,
                "colour": self.colour}  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Symbol:
        if not isinstance(data, Mapping):
            raise InvalidSettings(f"a symbol must be an object, not {data!r}")
        unknown = sorted(set(data) - {"name", "double", "label", "colour"})
        if unknown:
            raise InvalidSettings(f"unknown symbol key(s): {', '.join(unknown)}")
        try:
            double = Double(data.get("double"))
        except ValueError:
            known = ", ".join(d.value for d in Double)
            raise InvalidSettings(
                f"symbol {data.get('name')!r}: double must be one of {known}"
            ) from None
        return cls(data.get("name"), double, data.get("label", ""), data.get("colour", ""))  # type: ignore[arg-type]


@dataclass(frozen=True, order=True)
class Card:
    """A secret card: two different symbols. Stored in name order, so a card is equal
    to itself written the other way round; :class:`InvalidInput` (a ``ValueError``) for
    one symbol twice."""

    first: str
    second: str

    def __post_init__(self) -> None:
        for symbol in (self.first, self.second):
            if not isinstance(symbol, str) or not symbol.strip():
                raise InvalidInput(f"a card's symbol must be a name, not {symbol!r}")
        if self.first == self.second:
            raise InvalidInput(f"a card shows two different symbols, not {self.first} twice")
        if self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    @property
    def symbols(self) -> tuple[str, str]:
        return (self.first, self.second)

    def matches(self, dice: Sequence[str]) -> bool:
        """Whether a roll shows exactly this card's two symbols (never a double)."""
        return len(dice) == 2 and dice[0] != dice[1] and set(dice) == {self.first, self.second}

    def __str__(self) -> str:
        return f"{self.first}/{self.second}"

    def to_json(self) -> list[str]:
        return [self.first, self.second]

    @classmethod
    def from_json(cls, data: Any) -> Card:
        """A card from ``["chest", "sword"]``; :class:`ValueError` on anything else."""
        if not isinstance(data, list | tuple) or len(data) != 2:
            raise ValueError(f"a card is a list of two symbols, not {data!r}")
        return cls(data[0], data[1])


@dataclass(frozen=True)
class FaceSet:
    """The bone dice: the symbols, and the symbol on each face of a die.

    ``faces`` empty means one face per symbol (a die showing each symbol once).
    """

    symbols: tuple[Symbol, ...]
    faces: tuple[str, ...] = ()
    _by_name: dict[str, Symbol] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.symbols, tuple) or not all(
            isinstance(s, Symbol) for s in self.symbols
        ):
            raise InvalidSettings("symbols must be a tuple of Symbol")
        if len(self.symbols) < 2:
            raise InvalidSettings("a bone die needs at least 2 different symbols")
        by_name = {s.name: s for s in self.symbols}
        if len(by_name) != len(self.symbols):
            raise InvalidSettings("two symbols have the same name")
        if not isinstance(self.faces, tuple):
            raise InvalidSettings("faces must be a tuple of symbol names")
        for face in self.faces:
            if face not in by_name:
                raise InvalidSettings(f"face {face!r} is not one of the symbols")
        missing = [s.name for s in self.symbols if self.faces and s.name not in self.faces]
        if missing:
            raise InvalidSettings(f"no face shows {', '.join(missing)}")
        object.__setattr__(self, "_by_name", by_name)

    @property
    def names(self) -> tuple[str, ...]:
        """The symbol names, in order."""
        return tuple(s.name for s in self.symbols)

    @property
    def die(self) -> tuple[str, ...]:
        """The symbol on each face of one die."""
        return self.faces or self.names

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def symbol(self, name: str) -> Symbol:
        """The symbol called ``name``; :class:`KeyError` if there is none."""
        return self._by_name[name]

    def parse(self, text: str) -> tuple[str, ...]:
        """Symbol names from what a person typed: "ship+sword", "Ship sword", "chest/skull".

        >>> DEFAULT_FACES.parse("Ship + sword")
        ('ship', 'sword')
        >>> DEFAULT_FACES.parse("ship kraken")
        Traceback (most recent call last):
        ...
        games.errors.InvalidInput: 'kraken' is not a face (chest, sword, ship, skull)
        """
        lookup = {name.lower(): name for name in self.names}
        words = [w for w in re.split(r"[\s,+/&]+", str(text).lower()) if w]
        for word in words:
            if word not in lookup:
                raise InvalidInput(f"{word!r} is not a face ({', '.join(self.names)})")
        return tuple(lookup[w] for w in words)

    def pairs(self) -> tuple[Card, ...]:
        """Every card a deck can hold: each pair of two different symbols once."""
        return tuple(Card(a, b) for a, b in combinations(self.names, 2))

    def deck(self, copies: int) -> tuple[Card, ...]:
        """The derived deck: every pair ``copies`` times (4 symbols, 3 copies: 18 cards)."""
        return tuple(card for card in self.pairs() for _ in range(copies))

    def to_json(self) -> dict[str, Any]:
        return {"symbols": [s.to_json() for s in self.symbols], "faces": list(self.faces)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FaceSet:
        if not isinstance(data, Mapping):
            raise InvalidSettings(f"a face set must be an object, not {data!r}")
        unknown = sorted(set(data) - {"symbols", "faces"})
        if unknown:
            raise InvalidSettings(f"unknown face set key(s): {', '.join(unknown)}")
        symbols, faces = data.get("symbols"), data.get("faces", [])
        if not isinstance(symbols, list) or not isinstance(faces, list):
            raise InvalidSettings("a face set has a list of symbols and a list of faces")
        return cls(tuple(Symbol.from_json(s) for s in symbols), tuple(faces))


#: The seed's bone dice (colours as the seed's pictures describe them).
DEFAULT_FACES = FaceSet(
    (
        Symbol("chest", Double.TRIBUTE, "treasure chest", "green"),
        Symbol("sword", Double.STEAL_2, "sword", "purple"),
        Symbol("ship", Double.STEAL_3, "ship", "red"),
        Symbol("skull", Double.GIVE_AROUND, "skull and bones", "black"),
    )
)

#: A card in the log (actions and settings): its two symbols, ``["chest", "sword"]``.
CARD_JSON = Converter(Card, Card.to_json, Card.from_json)
#: A face set in the log header's settings: its :meth:`FaceSet.to_json` object.
FACES_JSON = Converter(FaceSet, FaceSet.to_json, FaceSet.from_json)
