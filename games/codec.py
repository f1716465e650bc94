"""One codec for every game's actions and settings: frozen dataclasses <-> the game log's
JSON objects.

A game lists its action classes under their JSON tags (the ``"type"`` key). Every field
is written under its own name, in field order, as its type hint says: ``int`` (a whole
number; :data:`Seat` is one that names a seat), ``bool``, ``str``, ``tuple[X, ...]`` and
``tuple[X, Y]`` (JSON lists), ``X | None``, and the game's few other types through an
explicit :class:`Converter` each (an enum by its value, a card as a list...). A field
with a default may be left out of a line; anything else wrong is an :class:`InvalidJson`.
A game's settings class takes the same form from :class:`JsonSettings` (without a tag).

>>> @dataclass(frozen=True)
... class Bet:
...     seat: Seat
...     dice: tuple[int, ...] = ()
>>> codec = ActionCodec("Example", {"bet": Bet})
>>> codec.to_json(Bet(2, (3, 5)))
{'type': 'bet', 'seat': 2, 'dice': [3, 5]}
>>> codec.from_json({"type": "bet", "seat": 1})
Bet(seat=1, dice=())
>>> codec.from_json({"type": "bet", "seat": "Ann"})
Traceback (most recent call last):
games.codec.InvalidJson: bet action: seat must be a seat number, not 'Ann'
>>> codec.from_json({"type": "fold"})
Traceback (most recent call last):
games.codec.InvalidJson: unknown action type 'fold' (known: bet)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, ClassVar, Generic, Self, TypeVar

from games.errors import InvalidInput, InvalidSettings

T = TypeVar("T")
A = TypeVar("A")
E = TypeVar("E", bound=Enum)


class InvalidJson(InvalidInput):
    """A JSON value (an action of a log line) is not one the codec can read: an unknown
    type tag, a key missing or unknown, a value of the wrong kind. A ``ValueError``."""


class InvalidSettingsJson(InvalidJson, InvalidSettings):
    """A log header's settings are not a JSON object the game's settings class can read."""


@dataclass(frozen=True)
class Noun:
    """``Annotated`` metadata: what an error calls a field's values."""

    text: str


#: A seat number in an action (``Steal.victim``, ``WinRound.winner``): an ``int``.
Seat = Annotated[int, Noun("a seat number")]


@dataclass(frozen=True)
class Converter(Generic[T]):
    """How a field type JSON has no word for is written and read; ``read`` raises
    ``ValueError`` (or ``TypeError``) with a sentence saying what is wrong."""

    type: type[T]
    write: Callable[[T], Any]
    read: Callable[[Any], T]


def by_value(enum: type[E], noun: str) -> Converter[E]:
    """An enum written as its value; "unknown ``noun`` ..." for any other value.

    >>> from enum import Enum
    >>> class Suit(Enum):
    ...     HEARTS = "hearts"
    >>> by_value(Suit, "suit").read("cups")
    Traceback (most recent call last):
    ValueError: unknown suit 'cups'
    """

    def read(data: Any) -> E:
        try:
            return enum(data)
        except (ValueError, TypeError):
            raise ValueError(f"unknown {noun} {data!r}") from None

    return Converter(enum, lambda member: member.value, read)


class _Problem(Exception):
    """A value is wrong; ``args[0]`` says how (``_Plan.read`` names the action or settings)."""


class _Value:
    """Writes and reads the values of one type hint."""

    def write(self, value: Any) -> Any:
        return value

    def read(self, data: Any, path: str) -> Any:
        raise NotImplementedError


class _Plain(_Value):
    """A value JSON has as it is: a whole number (never ``true``), a boolean or a text."""

    def __init__(self, kind: type[int | str], noun: str) -> None:
        self.kind = kind
        self.noun = noun

    def read(self, data: Any, path: str) -> Any:
        if not isinstance(data, self.kind) or (isinstance(data, bool) and self.kind is not bool):
            raise _Problem(f"{path} must be {self.noun}, not {data!r}")
        return data


class _Converted(_Value):
    def __init__(self, converter: Converter[Any]) -> None:
        self.converter = converter

    def write(self, value: Any) -> Any:
        return self.converter.write(value)

    def read(self, data: Any, path: str) -> Any:
        try:
            return self.converter.read(data)
        except (ValueError, TypeError) as exc:
            raise _Problem(str(exc)) from None


class _Optional(_Value):
    def __init__(self, inner: _Value) -> None:
        self.inner = inner

    def write(self, value: Any) -> Any:
        return None if value is None else self.inner.write(value)

    def read(self, data: Any, path: str) -> Any:
        return None if data is None else self.inner.read(data, path)


class _List(_Value):
    """A tuple as a JSON list: of any length (``tuple[X, ...]``) or of one item per type."""

    def __init__(self, items: tuple[_Value, ...], any_length: bool) -> None:
        self.items = items
        self.any_length = any_length

    def _item(self, i: int) -> _Value:
        return self.items[0] if self.any_length else self.items[i]

    def write(self, value: Any) -> Any:
        return [self._item(i).write(item) for i, item in enumerate(value)]

    def read(self, data: Any, path: str) -> Any:
        if not isinstance(data, list | tuple):
            raise _Problem(f"{path} must be a list, not {data!r}")
        if not self.any_length and len(data) != len(self.items):
            raise _Problem(f"{path} must be a list of {len(self.items)}, not {data!r}")
        return tuple(self._item(i).read(item, f"{path}[{i}]") for i, item in enumerate(data))


def _value(hint: Any, converters: Mapping[type, Converter[Any]], where: str) -> _Value:
    """The :class:`_Value` of a type hint; ``TypeError`` (when the codec is made) if the
    hint is none the codec knows."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in converters:
        return _Converted(converters[hint])
    if origin is Annotated:
        nouns = [m.text for m in args[1:] if isinstance(m, Noun)]
        if args[0] is int and nouns:
            return _Plain(int, nouns[0])
        return _value(args[0], converters, where)
    if hint is int:
        return _Plain(int, "a whole number")
    if hint is bool:
        return _Plain(bool, "true or false")
    if hint is str:
        return _Plain(str, "text")
    if origin in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
        (inner,) = [a for a in args if a is not type(None)]
        return _Optional(_value(inner, converters, where))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _List((_value(args[0], converters, where),), any_length=True)
    if origin is tuple and args and Ellipsis not in args:
        return _List(tuple(_value(a, converters, where) for a in args), any_length=False)
    raise TypeError(f"{where}: no way to write {hint!r} (give the codec a Converter)")


@dataclass(frozen=True)
class _Field:
    name: str
    value: _Value
    required: bool  # else a line may leave it out: the dataclass's default


@dataclass(frozen=True)
class _Plan:
    """How one action class is written: its tag and its fields."""

    tag: str
    cls: type[Any]
    fields: tuple[_Field, ...]

    def read(self, data: Mapping[str, Any], error: type[InvalidJson], what: str,
             name_what: bool = True) -> Any:
        """The ``cls`` that ``data`` (its keys already checked) holds, else ``error``: a
        field left out is "WHAT without 'field'", a wrong value "WHAT: why" (only "why"
        without ``name_what``)."""
        values = {}
        for field in self.fields:
            if field.name in data:
                try:
                    values[field.name] = field.value.read(data[field.name], field.name)
                except _Problem as exc:
                    raise error(f"{what}: {exc}" if name_what else str(exc)) from None
            elif field.required:
                raise error(f"{what} without {field.name!r}")
        return self.cls(**values)


def _plan(tag: str, cls: type[Any], converters: Mapping[type, Converter[Any]]) -> _Plan:
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls!r} is not a frozen dataclass")
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = []
    for f in dataclasses.fields(cls):
        if f.name == "type":
            raise TypeError(f"{cls.__name__}: a field cannot be called 'type' (the tag's key)")
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        value = _value(hints[f.name], converters, f"{cls.__name__}.{f.name}")
        fields.append(_Field(f.name, value, required))
    return _Plan(tag, cls, tuple(fields))


class ActionCodec(Generic[A]):
    """One game's actions <-> JSON objects ``{"type": tag, field: value, ...}``.

    ``tags`` maps each JSON tag to its frozen dataclass; ``converters`` write the field
    types that are not ``int``, ``str``, tuples or optional; with ``omit_none`` a field
    holding ``None`` is left out of the object instead of written as ``null``.
    """

    def __init__(
        self,
        game: str,
        tags: Mapping[str, type[A]],
        converters: Iterable[Converter[Any]] = (),
        omit_none: bool = False,
    ) -> None:
        self.game = game
        self.omit_none = omit_none
        by_type = {c.type: c for c in converters}
        self._by_tag = {tag: _plan(tag, cls, by_type) for tag, cls in tags.items()}
        self._by_class = {plan.cls: plan for plan in self._by_tag.values()}
        if len(self._by_class) != len(self._by_tag):
            raise ValueError(f"{game}: an action class is listed under two tags")

    @property
    def tags(self) -> Mapping[str, type[A]]:
        """Every action class by its tag."""
        return {tag: plan.cls for tag, plan in self._by_tag.items()}

    def to_json(self, action: A) -> dict[str, Any]:
        """The log form of ``action``; ``TypeError`` if it is not one of the game's."""
        plan = self._by_class.get(type(action))
        if plan is None:
            raise TypeError(f"not a {self.game} action: {action!r}")
        data: dict[str, Any] = {"type": plan.tag}
        for field in plan.fields:
            value = getattr(action, field.name)
            if value is None and self.omit_none:
                continue
            data[field.name] = field.value.write(value)
        return data

    def from_json(self, data: Any) -> A:
        """The action ``data`` (a :meth:`to_json` object) holds; :class:`InvalidJson`."""
        if not isinstance(data, Mapping):
            raise InvalidJson(f"an action must be an object, not {data!r}")
        tag = data.get("type")
        if not isinstance(tag, str):
            raise InvalidJson(f"an action needs a type, not {tag!r}")
        plan = self._by_tag.get(tag)
        if plan is None:
            raise InvalidJson(f"unknown action type {tag!r} (known: {', '.join(self._by_tag)})")
        unknown = sorted(set(data) - {"type"} - {f.name for f in plan.fields})
        if unknown:
            raise InvalidJson(f"{tag} action with unknown key(s) {', '.join(map(repr, unknown))}")
        return plan.read(data, InvalidJson, f"{tag} action")


_SETTINGS_PLANS: dict[type[Any], _Plan] = {}


def _settings_plan(cls: type[JsonSettings]) -> _Plan:
    """How ``cls`` is written (made on first use: the class is complete by then)."""
    plan = _SETTINGS_PLANS.get(cls)
    if plan is None:
        converters = {c.type: c for c in cls.json_converters}
        plan = _SETTINGS_PLANS[cls] = _plan("settings", cls, converters)
    return plan


class JsonSettings:
    """A frozen dataclass of settings written as ``{field: value, ...}`` (field order)
    and read back; a key left out takes the field's default, and the class's own checks
    (``__post_init__``) run on what is read. Errors are :class:`InvalidSettingsJson`.

    >>> @dataclass(frozen=True)
    ... class Table(JsonSettings):
    ...     seats: int = 4
    ...     open: bool = False
    >>> Table(6).to_json()
    {'seats': 6, 'open': False}
    >>> Table.from_json({"open": True})
    Table(seats=4, open=True)
    >>> Table.from_json({"seats": "six"})
    Traceback (most recent call last):
    games.codec.InvalidSettingsJson: seats must be a whole number, not 'six'
    """

    #: Converters for the field types that are not ``int``, ``bool``, ``str``, tuples or
    #: optional (as :class:`ActionCodec` takes them).
    json_converters: ClassVar[tuple[Converter[Any], ...]] = ()
    #: What an error about keys the class has no field for starts with.
    unknown_settings: ClassVar[str] = "unknown setting(s)"

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict, every field in order."""
        fields = _settings_plan(type(self)).fields
        return {f.name: f.value.write(getattr(self, f.name)) for f in fields}

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The settings ``data`` (a :meth:`to_json` dict) holds; :class:`InvalidSettings`."""
        if not isinstance(data, Mapping):
            raise InvalidSettingsJson(f"settings must be an object, not {data!r}")
        plan = _settings_plan(cls)
        unknown = sorted(set(data) - {f.name for f in plan.fields})
        if unknown:
            raise InvalidSettingsJson(f"{cls.unknown_settings}: {', '.join(unknown)}")
        return plan.read(data, InvalidSettingsJson, "settings", name_what=False)
