"""A third game, defined only here, plugs into the box through the two registries and is
played through the simulated box: no other module needed an edit.

"High Die": every player rolls one die in turn (the camera reads it); the highest wins,
a tie for the highest starts a new round.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from device.core.box import Box, BoxSettings
from device.core.config import load_config
from device.core.flow import ConfirmByHand, EnterByHand, GameFlow, NoHooks, Over, Reading, Ruled
from device.core.game import GameRecord
from device.core.ports import SimOptions, status_word
from device.core.roles import Role
from device.core.setup import Change, SetupChoices, SetupDefaults, SetupSteps, wrap
from device.hw.buttons import KEYMAP
from device.hw.camera import SimulatedTable
from device.hw.eyes import CupEye
from device.ui.views import MenuView, MessageView, NumberView, render
from games import registry as rules_registry
from games.codec import ActionCodec
from games.common import Rules
from games.errors import IllegalAction
from games.event import Event
from games.log import read_log, replay

# --- the rules (pure) ---------------------------------------------------------------------


@dataclass(frozen=True)
class HighSettings:
    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HighSettings:
        return cls()


@dataclass(frozen=True)
class HighState:
    names: tuple[str, ...]
    rolls: tuple[int | None, ...]
    awaiting: int | None = 0
    round: int = 1
    winner: int | None = None


@dataclass(frozen=True)
class Throw:
    value: int


@dataclass(frozen=True)
class Thrown(Event):
    seat: int
    value: int


@dataclass(frozen=True)
class Tied(Event):
    round: int


@dataclass(frozen=True)
class Won(Event):
    seat: int


class HighDie(Rules[HighState, Throw, HighSettings]):
    name = "high_die"
    action_codec = ActionCodec("High Die", {"throw": Throw})
    settings_type = HighSettings

    def default_settings(self) -> HighSettings:
        return HighSettings()

    def new_game(self, players: Sequence[str], settings: HighSettings | None = None
                 ) -> HighState:
        return HighState(tuple(players), (None,) * len(players))

    def legal_actions(self, state: HighState) -> list[Throw]:
        return [] if state.winner is not None else [Throw(v) for v in range(1, 7)]

    def apply(self, state: HighState, action: Throw) -> tuple[HighState, tuple[Event, ...]]:
        if state.awaiting is None or not 1 <= action.value <= 6:
            raise IllegalAction(f"cannot throw {action.value} now")
        seat = state.awaiting
        rolls = list(state.rolls)
        rolls[seat] = action.value
        events: list[Event] = [Thrown(seat, action.value)]
        if seat + 1 < len(rolls):
            return replace(state, rolls=tuple(rolls), awaiting=seat + 1), tuple(events)
        top = max(v for v in rolls if v is not None)
        best = [i for i, v in enumerate(rolls) if v == top]
        if len(best) > 1:
            events.append(Tied(state.round))
            return replace(state, rolls=(None,) * len(rolls), awaiting=0,
                           round=state.round + 1), tuple(events)
        events.append(Won(best[0]))
        return replace(state, rolls=tuple(rolls), awaiting=None, winner=best[0]), tuple(events)

    def winner(self, state: HighState) -> int | None:
        return state.winner

    def summary(self, state: HighState, names: Sequence[str] | None = None) -> dict[str, Any]:
        return {"rolls": list(state.rolls), "winner": state.winner}


def prompt(state: HighState) -> str:
    return "game over" if state.awaiting is None else f"{state.names[state.awaiting]} rolls"


# --- the box's part: flow, setup, simulator, record -----------------------------------------


class Kind(enum.StrEnum):
    THROW = "throw"


@dataclass(frozen=True)
class Turn:
    pass


class HighDieFlow(GameFlow):
    rules_factory = HighDie

    def press_handlers(self) -> Mapping[type, Any]:
        return {Turn: self._press_turn}

    def view_handlers(self) -> Mapping[type, Any]:
        return {Turn: lambda mode: MessageView(f"{self.who(self.state.awaiting)} rolls",
                                               ("Roll one die in the tray.",), "o:read")}

    def mode_for(self, state: HighState) -> Any:
        return Over() if state.winner is not None else Turn()

    def _press_turn(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.start_reading(Kind.THROW)
        return True

    def mode_after(self, action: Throw) -> Any:
        lines = tuple(e.describe(self.names) for e in self.last_events)
        return Ruled(MessageView("Thrown", lines, "o:next"))

    def rule(self, kind: Any, values: tuple[Any, ...], meta: dict[str, Any]) -> None:
        self.apply(Throw(int(values[0])), meta)

    def check_reading(self, mode: Reading, values: tuple[Any, ...]) -> str | None:
        return None if len(values) == 1 else f"expected 1 die, saw {len(values)}"

    def confirmers(self, kind: Any) -> tuple[int, int]:
        seat = self.state.awaiting
        return seat, (seat + 1) % len(self.names)

    def hand_start(self, kind: Any, batch: int) -> int:
        return 1

    def hand_step(self, mode: EnterByHand, step: int) -> int:
        return wrap(mode.value + step, 1, 6)

    def hand_values(self, kind: Any, value: int, batch: int) -> tuple[int, ...]:
        return (value,)

    def reading_view(self, mode: Reading) -> MessageView:
        return MessageView("Read the die", (status_word(mode.status), mode.problem or ""),
                           "m:by hand")

    def hand_view(self, mode: EnterByHand) -> NumberView:
        return NumberView("Die by hand", str(mode.value), mode.why, "w/s o:ok")

    def confirm_view(self, mode: ConfirmByHand, who: str) -> MessageView:
        return MessageView(f"{who}: confirm", (f"the die shows {mode.value}?",), "o:yes c:no")

    def players_view(self) -> MessageView:
        return MessageView("Players", self.names, "any key: back")

    def winner_lines(self) -> tuple[str, ...]:
        return (f"in round {self.state.round}",)


class HighDieStep(enum.Enum):
    PLAYERS = "players"


class HighDieSetup(SetupSteps):
    """One step, the player count: the shared press does BACK, OK and the hint."""

    def __init__(self, defaults: SetupDefaults) -> None:
        super().__init__(defaults.names, SetupChoices(players=max(2, min(4, defaults.players))))

    @property
    def steps(self) -> tuple[HighDieStep, ...]:
        return tuple(HighDieStep)

    def changes(self) -> Mapping[HighDieStep, Change]:
        return {HighDieStep.PLAYERS: self.players_within(2, 4)}

    def settings(self) -> HighSettings:
        return HighSettings()

    def _view(self) -> NumberView:
        return NumberView("High Die: players", str(self.choices.players), "", "w/s o:start")


class HighDieSim(NoHooks):
    """The simulated cup: the scripted values, one die per throw."""

    def __init__(self, values: Sequence[int], camera: Any) -> None:
        self.values = list(values)
        self.camera = camera
        self.tray: tuple[int, ...] | None = None

    @classmethod
    def simulate(cls, names: Sequence[str], settings: Any, options: SimOptions) -> HighDieSim:
        return cls([int(c) for c in options.dice], options.camera)

    def lift(self, flow: GameFlow, reading: Reading) -> None:
        self.tray = (self.values.pop(0),)
        self.camera.roll(self.tray)

    def dice(self) -> tuple[int, ...] | None:
        return self.tray


HIGH_DIE = GameRecord("high_die", "High Die", HighDie.name, HighDieFlow, HighDieSetup,
                      prompt, dice_per_look=1, simulator=HighDieSim.simulate)


# --- plugging it in and playing it -----------------------------------------------------------


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> tuple[GameRecord, ...]:
    """High Die in both registries (undone after the test)."""
    import device.registry

    monkeypatch.setitem(rules_registry._registered, HighDie.name, HighDie)
    games = (*device.registry.GAMES, HIGH_DIE)
    monkeypatch.setattr(device.registry, "GAMES", games)
    return games


def simulated_box(tmp: Path, games: Sequence[GameRecord], dice: str) -> Box:
    camera = SimulatedTable((160, 120), seed=1, moving_frames=1,
                            renderer=lambda v, rng, size: np.zeros((size[1], size[0], 3),
                                                                   np.uint8))

    def simulate(game: GameRecord, names: Any, settings: Any, writer: Any) -> Any:
        assert game.simulator is not None
        return game.simulator(names, settings, SimOptions(dice=dice, camera=camera,
                                                          notes=writer))

    return Box(BoxSettings(tmp / "logs", tmp / "photos", tmp, players=3), games,
               lambda game, hooks: CupEye(camera, hooks.dice), simulate=simulate)


def play(box: Box, keys: str) -> None:
    t = 0.0
    for k in keys.replace(" ", ""):
        while box.busy:
            t += 0.1
            box.tick(t)
        box.press(KEYMAP[k])
        assert render(box.view()).size == (128, 64)
    while box.busy:
        t += 0.1
        box.tick(t)


def test_a_third_game_plugs_in_through_the_registries(
        tmp_path: Path, registered: tuple[GameRecord, ...]) -> None:
    from device.registry import get_game, names

    assert names()[-1] == "high_die" and get_game("high_die") is HIGH_DIE
    config = tmp_path / "config.toml"
    config.write_text('[game]\nname = "high_die"\n')
    assert load_config(config).game.name == "high_die"  # the config knows it too

    box = simulated_box(tmp_path, registered, "3546")
    play(box, "b")  # the game menu lists it
    menu = box.view()
    assert isinstance(menu, MenuView) and menu.items[-1] == "High Die"
    play(box, "w o")  # up from the first game wraps to the last
    assert box.view().title == "High Die: players"
    play(box, "o")  # 3 players (the config's default)
    assert isinstance(box.flow, HighDieFlow) and box.view().title == "P1 rolls"
    play(box, "o o o o o o")  # P1 throws 3, P2 5, P3 4
    assert box.flow.state.winner == 1 and box.view().name == "P2"
    metas = read_log(sorted((tmp_path / "logs").glob("*.jsonl"))[0]).metas
    assert metas[0] == {"read": "camera", "looks": 1, "seen": [{"value": 3}]}


def test_a_third_game_reads_by_hand_and_resumes(tmp_path: Path,
                                                registered: tuple[GameRecord, ...]) -> None:
    box = simulated_box(tmp_path, registered, "3")
    play(box, "b w o s o")  # High Die, 2 players
    box.press(Role.OK)  # P1 rolls: the camera looks...
    box.press(Role.MENU)  # ...but the players enter it by hand
    play(box, "w o o o")  # 2, confirmed by P1 and P2
    path = sorted((tmp_path / "logs").glob("*.jsonl"))[0]
    meta = read_log(path).metas[0]
    assert meta is not None and meta["read"] == "manual" and meta["confirmed_by"] == ["P1", "P2"]
    box.close_game()
    again = simulated_box(tmp_path, registered, "5")
    assert again.resumable is not None and "P2 rolls" in again.view().lines[1]
    play(again, "o o o")  # resume, P2 throws 5, the ruling
    assert again.flow is not None and again.flow.state.winner == 1
    assert replay(path).state == again.flow.state
