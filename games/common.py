"""The small interface every game on the box shares.

A game is a :class:`Rules` object (python-chess style: one class per game, variants as
settings or subclasses) over immutable state values. The device loop only ever asks:

* ``rules.new_game(players, settings)`` -> the first state;
* ``rules.legal_actions(state)`` -> what may happen now (concrete action values);
* ``rules.apply(state, action)`` -> ``(new_state, events)``, or :class:`IllegalAction`
  with the old state untouched (states are frozen, so nothing can be half-changed);
* ``rules.winner(state)`` -> a seat index once the game is over;
* ``rules.tally(move)`` -> ``(seat, Tally)`` pairs for the statistics (:mod:`games.tally`);
* ``rules.action_to_json`` / ``action_from_json`` (the game's ``action_codec``) and
  ``settings_to_json`` / ``settings_from_json`` (its ``settings_type``'s ``to_json`` /
  ``from_json``, which :class:`games.codec.JsonSettings` gives a settings dataclass) so
  :mod:`games.log` can write and replay any game.

Rules are pure: no I/O, no clocks, and randomness only from an RNG passed in.

``summary(state)`` convention (the web scoreboard renders every game from it, unchanged):
a JSON-ready dict with ``"players"``, a list of one dict per seat holding ``"name"`` and
whatever the game counts per player (strikes, dice, coins, cards...); ``"awaiting"`` (the
name whose input is needed, or ``None``), ``"prompt"`` (that as a sentence) and
``"winner"`` (a name or ``None``); any other key is a table-wide value (score, bid, pot,
deck...). Values are numbers, strings, booleans, ``None``, or small lists/dicts of them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from games.errors import IllegalAction, InvalidSettings
from games.event import Event
from games.roll_odds import RollOdds
from games.tally import Move, Tally, count_turns

if TYPE_CHECKING:
    from games.codec import ActionCodec

CLOCKWISE = 1
"""Seat direction: clockwise is index order (+1); counter-clockwise is -1."""


def player_names(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names as a tuple; :class:`InvalidSettings` if one is blank or two match.

    >>> player_names(["Ann", "Bob"])
    ('Ann', 'Bob')
    """
    names = tuple(players)
    if any(not isinstance(n, str) or not n.strip() for n in names):
        raise InvalidSettings("every player needs a name")
    if len(set(names)) != len(names):
        raise InvalidSettings("two players have the same name")
    return names


#: Number words people type for dice and quantities ("five", "fours", "deuces") -> value.
NUMBER_WORDS: Mapping[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "ones": 1, "twos": 2, "deuces": 2, "threes": 3,
    "treys": 3, "fours": 4, "fives": 5, "sixes": 6, "sixs": 6,
}  # fmt: skip


def dice_text(dice: Sequence[int]) -> str:
    """Dice as rulings and messages write them.

    >>> dice_text((3, 5))
    '3-5'
    """
    return "-".join(str(d) for d in dice)


def next_seat(out: Sequence[bool], seat: int, direction: int = CLOCKWISE) -> int:
    """The next seat after ``seat`` in ``direction`` (+1 clockwise, -1 counter-clockwise)
    that is still in the game (``out[s]`` false); ``ValueError`` if nobody is left.

    >>> next_seat([False, True, False, False], 0)       # seat 1 is out
    2
    >>> next_seat([False, True, False, False], 0, -1)   # counter-clockwise wraps round
    3
    >>> next_seat([False, True], 0)                     # only seat 0 left: back to it
    0
    """
    n = len(out)
    for k in range(1, n + 1):
        candidate = (seat + direction * k) % n
        if not out[candidate]:
            return candidate
    raise ValueError("nobody is left")


StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class GameSettings(Protocol):
    """A game's settings: a value written into the log header and read back."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the settings."""
        ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of :meth:`to_json`; raises :class:`InvalidSettings`."""
        ...


SettingsT = TypeVar("SettingsT", bound=GameSettings)


class Rules(ABC, Generic[StateT, ActionT, SettingsT]):
    """One game's rules. Subclasses set ``name``, ``action_codec`` and ``settings_type``
    and implement the abstract methods."""

    #: Stable identifier written into game logs, e.g. ``"bamboozled"``.
    name: ClassVar[str]
    #: The log form of the game's actions (one :class:`games.codec.ActionCodec` a game).
    action_codec: ActionCodec[ActionT]
    #: The game's settings class: the log header holds its ``to_json``.
    settings_type: type[SettingsT]

    def default_settings(self) -> SettingsT:
        """The settings a new game uses when none are given: ``settings_type()``."""
        return self.settings_type()

    @abstractmethod
    def new_game(self, players: Sequence[str], settings: SettingsT | None = None) -> StateT:
        """The state at the start of a game; raises :class:`InvalidSettings`."""

    @abstractmethod
    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every action that :meth:`apply` accepts in ``state``."""

    @abstractmethod
    def apply(self, state: StateT, action: ActionT) -> tuple[StateT, tuple[Event, ...]]:
        """Apply ``action``; raise :class:`IllegalAction` (state unchanged) if not legal."""

    @abstractmethod
    def winner(self, state: StateT) -> int | None:
        """The winning seat once the game is over, else ``None``."""

    def is_legal(self, state: StateT, action: ActionT) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        try:
            self.apply(state, action)
        except IllegalAction:
            return False
        return True

    def is_over(self, state: StateT) -> bool:
        return self.winner(state) is not None

    def tally(self, move: Move) -> list[tuple[int, Tally]]:
        """The ``(seat, Tally)`` pairs one :class:`games.tally.Move` earns.

        The scoreboard's statistics hook: a game overrides it to count bluffs,
        challenges and cards; this default counts one turn for the awaited seat.
        """
        return count_turns(self, move)

    def roll_odds(self) -> RollOdds | None:
        """The scoreboard's fairness chart for this game's camera-read rolls
        (:mod:`games.roll_odds`); ``None`` (this default): the game has none."""
        return None

    # --- serialisation for the game log -------------------------------------------------
    def action_to_json(self, action: ActionT) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`action_from_json` turns back into ``action``."""
        return self.action_codec.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> ActionT:
        """Inverse of :meth:`action_to_json`; :class:`games.codec.InvalidJson` (a
        ``ValueError``) on bad data."""
        return self.action_codec.from_json(data)

    def settings_to_json(self, settings: SettingsT) -> dict[str, Any]:
        """A JSON-ready dict of ``settings``."""
        return settings.to_json()

    def settings_from_json(self, data: Mapping[str, Any]) -> SettingsT:
        """Inverse of :meth:`settings_to_json`; raises :class:`InvalidSettings`."""
        return self.settings_type.from_json(data)

    @abstractmethod
    def summary(self, state: StateT, names: Sequence[str] | None = None) -> dict[str, Any]:
        """A JSON-ready description of ``state`` for ``bluffbox replay`` and the screens."""


AnyRules = Rules[Any, Any, Any]
"""Any game's rules, where the game is only known at run time (the log, the registry)."""
