"""Every game reads its dice through the one reading flow: the same status words, the same
camera-problem handling and the same log meta (docs/game-log.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from device.core import flow as core
from device.core.ports import STATUS_WORDS, Look, LookState, SeenDie
from device.hw.buttons import KEYMAP
from device.hw.eyes import ScriptedEye
from device.registry import GAMES
from games.log import LogWriter, read_log
from games.registry import get_rules

NAMES = ["Ann", "Ben", "Cat"]
#: Keys from a new game to the first reading, and good dice for it, per game.
TO_A_READING = {"bamboozled": ("o a", (3, 5)), "doubting_dice": ("o o c", (6,) * 15),
                "bluffaneer": ("o", ("ship", "sword"))}


class Rig:
    def __init__(self, tmp: Path, name: str) -> None:
        game = next(g for g in GAMES if g.name == name)
        rules = get_rules(game.rules)
        self.path = tmp / "game.jsonl"
        writer = LogWriter.create(self.path, rules, NAMES, rules.default_settings())
        self.eye = ScriptedEye()
        self.flow = game.flow(rules.new_game(NAMES), writer, self.eye,
                              save_photo=lambda frame, n, part=None: f"photos/g/{n:04d}.jpg")
        keys, self.dice = TO_A_READING[name]
        for k in keys.replace(" ", ""):
            self.flow.press(KEYMAP[k])
        assert self.flow.busy and isinstance(self.flow.mode, core.Reading)

    def look(self, *looks: Look) -> Any:
        self.eye.looks = list(looks)
        for t in range(len(looks)):
            self.flow.tick(float(t))
        return self.flow.view()


@pytest.fixture(params=sorted(TO_A_READING))
def rig(request: pytest.FixtureRequest, tmp_path: Path) -> Rig:
    return Rig(tmp_path, request.param)


def test_every_game_that_reads_dice_is_covered() -> None:
    assert sorted(g.name for g in GAMES if g.dice is not None) == sorted(TO_A_READING)


@pytest.mark.parametrize("state", [LookState.MOVING, LookState.HAND, LookState.EMPTY])
def test_status_words(rig: Rig, state: LookState) -> None:
    view = rig.look(Look(state))
    assert view.status == STATUS_WORDS[state] != ""


def test_camera_problem_is_said_logged_then_by_hand(rig: Rig,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    rig.look(Look(LookState.ERROR, problem="camera: unplugged"))
    mode = rig.flow.mode
    assert isinstance(mode, core.Notice) and mode.title == "Camera problem"
    assert mode.text == "camera: unplugged. Enter the dice by hand."
    assert any(r.levelname == "WARNING" and "camera: unplugged" in r.getMessage()
               for r in caplog.records)
    rig.flow.press(KEYMAP["o"])
    assert isinstance(rig.flow.mode, core.EnterByHand)
    assert rig.flow.mode.why == "camera problem"


def test_camera_meta(rig: Rig) -> None:
    seen = tuple(SeenDie(v, (i, 0, i + 9, 9), 0.9) for i, v in enumerate(rig.dice))
    rig.look(Look(LookState.MOVING, frame="f"),
             Look(LookState.SETTLED, rig.dice, frame="frame", seen=seen))
    meta = read_log(rig.path).metas[-1]
    assert meta == {"read": "camera", "photo": meta["photo"], "looks": 1,
                    "seen": [{"value": v, "box": [i, 0, i + 9, 9], "confidence": 0.9}
                             for i, v in enumerate(rig.dice)]}
    assert meta["photo"].startswith("photos/g/")


def test_manual_meta(rig: Rig) -> None:
    rig.look(Look(LookState.SETTLED, problem="a die could not be read", frame="f",
                  seen=(SeenDie(4, (1, 2, 3, 4), 0.4),)))
    rig.flow.press(KEYMAP["o"])  # read again
    rig.flow.press(KEYMAP["m"])  # by hand
    assert isinstance(rig.flow.mode, core.EnterByHand) and rig.flow.mode.looks == 2
    while not isinstance(rig.flow.mode, core.ConfirmByHand):
        rig.flow.press(KEYMAP["o"])
    rig.flow.press(KEYMAP["o"])
    rig.flow.press(KEYMAP["o"])
    meta = read_log(rig.path).metas[-1]
    assert meta is not None
    assert {"read", "looks", "why", "confirmed_by", "seen"} <= set(meta)
    assert meta["read"] == "manual" and meta["looks"] == 2 and len(meta["confirmed_by"]) == 2
    assert meta["why"] == "entered by hand"


def test_the_by_hand_modes_carry_the_reading_between_them(rig: Rig) -> None:
    rig.look(Look(LookState.SETTLED, problem="a die could not be read", frame="f",
                  seen=(SeenDie(4, (1, 2, 3, 4), 0.4),)))
    rig.flow.press(KEYMAP["m"])  # by hand
    enter = rig.flow.mode
    assert isinstance(enter, core.EnterByHand) and enter.frame == "f" and enter.looks == 1
    while not isinstance(rig.flow.mode, core.ConfirmByHand):
        rig.flow.press(KEYMAP["o"])
    assert rig.flow.mode.step == 1 and rig.flow.mode.shared() == enter.shared()
    rig.flow.press(KEYMAP["c"])  # back to the entry
    again = rig.flow.mode
    assert isinstance(again, core.EnterByHand) and again.cursor == 0
    assert again.shared() == enter.shared() and again.seen == enter.seen


def test_the_by_hand_modes_are_built_with_keywords_only() -> None:
    with pytest.raises(TypeError):
        core.EnterByHand("roll", (3, 5), 0, "why")  # type: ignore[misc]
    assert core.ConfirmByHand(kind="roll", value=(3, 5), why="w").step == 1
