"""games.codec: one action codec for every game (its errors, its rules, round trips)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bamboozal.rules import BamBoozal
from games.bamboozled.rules import Bamboozled
from games.bluffaneer.faces import Card as BoneCard
from games.bluffaneer.rules import Bluffaneer
from games.codec import (
    ActionCodec,
    Converter,
    InvalidJson,
    InvalidSettingsJson,
    JsonSettings,
    Seat,
    by_value,
)
from games.common import AnyRules
from games.doubting.rules import DoubtingDice
from games.errors import InvalidSettings, RulesError


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Point:
    """A nested value written as a list of two numbers."""

    x: int
    y: int


@dataclass(frozen=True)
class Move:
    seat: Seat
    steps: tuple[int, int]
    colour: Colour | None = None


@dataclass(frozen=True)
class Mark:
    label: str
    points: tuple[Point, ...] = ()


@dataclass(frozen=True)
class Pass:
    pass


def read_point(data: Any) -> Point:
    if not isinstance(data, list) or len(data) != 2:
        raise ValueError(f"a point is two numbers, not {data!r}")
    return Point(*data)


POINT = Converter(Point, lambda p: [p.x, p.y], read_point)
CODEC: ActionCodec[Move | Mark | Pass] = ActionCodec(
    "Test", {"move": Move, "mark": Mark, "pass": Pass},
    converters=[by_value(Colour, "colour"), POINT],
)  # fmt: skip


def test_fields_are_written_in_order_with_their_converters() -> None:
    assert CODEC.to_json(Move(1, (2, 3), Colour.RED)) == {
        "type": "move", "seat": 1, "steps": [2, 3], "colour": "red"}  # fmt: skip
    assert CODEC.to_json(Move(1, (2, 3))) == {"type": "move", "seat": 1, "steps": [2, 3],
                                              "colour": None}  # fmt: skip
    assert CODEC.to_json(Mark("x", (Point(1, 2),))) == {"type": "mark", "label": "x",
                                                        "points": [[1, 2]]}  # fmt: skip
    assert CODEC.to_json(Pass()) == {"type": "pass"}


def test_omit_none_leaves_a_none_field_out() -> None:
    codec: ActionCodec[Move] = ActionCodec("Test", {"move": Move}, [by_value(Colour, "c")],
                                           omit_none=True)  # fmt: skip
    assert codec.to_json(Move(1, (2, 3))) == {"type": "move", "seat": 1, "steps": [2, 3]}
    assert codec.from_json({"type": "move", "seat": 1, "steps": [2, 3]}) == Move(1, (2, 3))


def test_a_field_with_a_default_may_be_left_out_or_null() -> None:
    assert CODEC.from_json({"type": "mark", "label": "x"}) == Mark("x")
    assert CODEC.from_json({"type": "move", "seat": 0, "steps": [1, 1], "colour": None}) == (
        Move(0, (1, 1)))  # fmt: skip


def test_values_are_read_into_the_field_types() -> None:
    move = CODEC.from_json({"type": "move", "seat": 0, "steps": [1, 6], "colour": "blue"})
    assert move == Move(0, (1, 6), Colour.BLUE) and isinstance(move.steps, tuple)  # type: ignore[union-attr]
    mark = CODEC.from_json({"type": "mark", "label": "x", "points": [[1, 2], [3, 4]]})
    assert mark == Mark("x", (Point(1, 2), Point(3, 4)))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an action must be an object, not []"),
        ({"seat": 1}, "an action needs a type, not None"),
        ({"type": 3}, "an action needs a type, not 3"),
        ({"type": "fly"}, "unknown action type 'fly' (known: move, mark, pass)"),
        ({"type": "move", "seat": 1}, "move action without 'steps'"),
        ({"type": "pass", "why": "x", "a": 1}, "pass action with unknown key(s) 'a', 'why'"),
        ({"type": "move", "seat": "Ann", "steps": [1, 2]},
         "move action: seat must be a seat number, not 'Ann'"),
        ({"type": "move", "seat": True, "steps": [1, 2]},
         "move action: seat must be a seat number, not True"),
        ({"type": "move", "seat": 1, "steps": "1,2"},
         "move action: steps must be a list, not '1,2'"),
        ({"type": "move", "seat": 1, "steps": [1]},
         "move action: steps must be a list of 2, not [1]"),
        ({"type": "move", "seat": 1, "steps": [1, 2.5]},
         "move action: steps[1] must be a whole number, not 2.5"),
        ({"type": "move", "seat": 1, "steps": [1, 2], "colour": "green"},
         "move action: unknown colour 'green'"),
        ({"type": "mark", "label": None}, "mark action: label must be text, not None"),
        ({"type": "mark", "label": "x", "points": [[1, 2, 3]]},
         "mark action: a point is two numbers, not [1, 2, 3]"),
    ],
)  # fmt: skip
def test_bad_json_is_a_specific_invalid_json(data: Any, message: str) -> None:
    with pytest.raises(InvalidJson) as caught:
        CODEC.from_json(data)
    assert str(caught.value) == message


def test_invalid_json_is_what_the_log_catches() -> None:
    assert issubclass(InvalidJson, ValueError) and issubclass(InvalidJson, RulesError)


def test_writing_a_value_that_is_not_an_action_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="not a Test action"):
        CODEC.to_json(Point(1, 2))  # type: ignore[arg-type]


@dataclass
class Loose:
    n: int


@dataclass(frozen=True)
class Floaty:
    n: float


@dataclass(frozen=True)
class Typed:
    type: str


@pytest.mark.parametrize(
    ("tags", "error", "message"),
    [
        ({"loose": Loose}, TypeError, "not a frozen dataclass"),
        ({"point": int}, TypeError, "not a frozen dataclass"),
        ({"floaty": Floaty}, TypeError, "Floaty.n: no way to write"),
        ({"typed": Typed}, TypeError, "cannot be called 'type'"),
        ({"a": Pass, "b": Pass}, ValueError, "listed under two tags"),
    ],
)
def test_a_codec_it_cannot_keep_is_refused_when_made(
    tags: dict[str, type], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ActionCodec("Test", tags)


# --- every game: round trips through JSON text ----------------------------------------------
RULES: dict[str, AnyRules] = {
    r.name: r for r in (Bamboozled(), DoubtingDice(), Bluffaneer(), BamBoozal())
}
BONE_CARDS = st.tuples(st.text(min_size=1), st.text(min_size=1)).filter(
    lambda p: p[0] != p[1] and p[0].strip() and p[1].strip()
).map(lambda p: BoneCard(*p))  # fmt: skip


def actions(rules: AnyRules) -> st.SearchStrategy[Any]:
    """Any action of the game, every field drawn (the optional ones too)."""

    def build(cls: type) -> st.SearchStrategy[Any]:
        fields: dict[str, Any] = {f.name: ... for f in dataclasses.fields(cls)}
        if "card" in fields and rules.name == "bluffaneer":
            fields["card"] = BONE_CARDS
        return st.builds(cls, **fields)

    return st.one_of([build(cls) for cls in rules.action_codec.tags.values()])


@pytest.mark.parametrize("game", RULES)
@given(data=st.data())
def test_every_action_round_trips_through_json_text(game: str, data: st.DataObject) -> None:
    rules = RULES[game]
    action = data.draw(actions(rules))
    line = json.dumps(rules.action_to_json(action), ensure_ascii=False)
    assert rules.action_from_json(json.loads(line)) == action


@dataclass(frozen=True)
class Table(JsonSettings):
    seats: int
    open: bool = False
    colour: Colour | None = None

    json_converters = (by_value(Colour, "colour"),)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"open": True}, "settings without 'seats'"),
        ({"seats": 4, "open": 1}, "open must be true or false, not 1"),
        ({"seats": True}, "seats must be a whole number, not True"),
        ({"seats": 4, "colour": "green"}, "unknown colour 'green'"),
        ({"seats": 4, "legs": 4, "cloth": 1}, "unknown setting(s): cloth, legs"),
        ([4], "settings must be an object, not [4]"),
    ],
)
def test_bad_settings_json_is_invalid_json_and_invalid_settings(data: Any, message: str) -> None:
    with pytest.raises(InvalidSettingsJson) as caught:
        Table.from_json(data)
    assert str(caught.value) == message
    assert isinstance(caught.value, InvalidJson) and isinstance(caught.value, InvalidSettings)


def test_settings_are_written_in_field_order_and_read_back() -> None:
    table = Table(6, open=True, colour=Colour.BLUE)
    assert table.to_json() == {"seats": 6, "open": True, "colour": "blue"}
    assert list(table.to_json()) == ["seats", "open", "colour"]
    assert Table.from_json(json.loads(json.dumps(table.to_json()))) == table
    assert Table.from_json({"seats": 2}) == Table(2)
