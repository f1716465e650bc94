"""The table's eyes (camera + watcher, the simulator's cup), photos and the setup flow."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import cv2
import numpy as np

from device.bamboozled.flow import ReadKind
from device.bamboozled.setup import Setup
from device.bamboozled.sim import SimTable, parse_dice
from device.core import flow as core
from device.core.ports import SeenDie
from device.core.roles import Role
from device.core.setup import seat_names
from device.hw.camera import SimulatedTable
from device.hw.eyes import CameraEye, CupEye
from device.hw.photos import PhotoKeeper
from device.ui.views import MenuView, NumberView
from games.bamboozled.state import Settings
from vision.types import Die, Reading


def flat(values: Any, rng: Any, size: tuple[int, int]) -> np.ndarray:
    """A cheap renderer: the dice values as grey levels (enough to see motion)."""
    w, h = size
    frame = np.full((h, w, 3), 40, np.uint8)
    for i, v in enumerate(values):
        frame[10:20, 10 + 20 * i:20 + 20 * i] = 40 * v
    return frame


class FakeWatcher:
    """Says what it is told; records the frames and times it was fed."""

    def __init__(self, statuses: list[Any]) -> None:
        self.statuses = statuses
        self.fed: list[float] = []
        self.resets = 0

    def reset(self) -> None:
        self.resets += 1

    def feed(self, frame: np.ndarray, t: float) -> Any:
        self.fed.append(t)
        return self.statuses.pop(0)


def reading(values: tuple[int, ...], problem: str | None = None) -> Any:
    dice = tuple(Die(v, (5.0 * i, 5.0), (10 * i, 0, 10 * i + 9, 9), 0.9)
                 for i, v in enumerate(values))
    return SimpleNamespace(state="settled", reading=Reading(dice, problem=problem))


def test_camera_eye_maps_the_watcher() -> None:
    source = SimulatedTable((64, 48), renderer=flat)
    watcher = FakeWatcher([SimpleNamespace(state="moving", reading=None),
                           SimpleNamespace(state="hand in view", reading=None),
                           reading((5, 3)), reading((5, 3, 1)),
                           reading((5,), "a die could not be read")])
    eye = CameraEye(source, watcher=watcher)
    eye.start()
    assert source.started and watcher.resets == 1
    looks = [eye.poll(float(t)) for t in range(5)]
    assert [lk.state for lk in looks] == ["moving", "hand in view"] + ["settled"] * 3
    assert looks[2].values == (5, 3) and looks[2].problem is None
    assert looks[2].seen == (SeenDie(5, (0, 0, 9, 9), 0.9), SeenDie(3, (10, 0, 19, 9), 0.9))
    assert looks[3].seen[2].value == 1  # what was seen, even when it cannot be ruled on
    assert looks[2].frame.shape == (48, 64, 3)
    assert looks[3].values is None and looks[3].problem == "expected 2 dice, saw 3"
    assert looks[4].problem == "a die could not be read"
    assert watcher.fed == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_camera_eye_reports_a_missing_camera() -> None:
    class Broken:
        started = False

        def start(self) -> None:
            raise RuntimeError("no webcam at /dev/video0")

    eye = CameraEye(Broken(), watcher=FakeWatcher([]))
    eye.start()
    look = eye.poll(0.0)
    assert look.state == "error" and look.done
    assert look.problem == "camera: no webcam at /dev/video0"


def test_cup_eye_moves_then_reads_the_cup() -> None:
    source = SimulatedTable((64, 48), renderer=flat, moving_frames=2)
    cup = (4, 2)
    eye = CupEye(source, lambda: cup)
    eye.start()
    source.roll(cup)
    looks = [eye.poll(0.0) for _ in range(3)]
    assert [lk.state for lk in looks] == ["moving", "moving", "settled"]
    assert looks[2].values == (4, 2)


def test_sim_cup_rolls_once_per_turn_from_the_script() -> None:
    notes: list[dict[str, Any]] = []
    writer = SimpleNamespace(note=lambda **kw: notes.append(kw))
    camera = SimulatedTable((64, 48), renderer=flat)
    sim = SimTable(["A", "B"], Settings(), seed=1, dice=parse_dice("35,4-4"),
                   camera=camera, notes=writer)
    table = SimpleNamespace(actions=0)
    sim.turn(table)  # type: ignore[arg-type]
    sim.turn(table)  # type: ignore[arg-type]
    assert sim.dice() == (3, 5) and sim.rolls == 1
    table.actions = 2
    sim.turn(table)  # type: ignore[arg-type]
    assert sim.dice() == (4, 4)
    table.actions = 4
    sim.turn(table)  # type: ignore[arg-type]
    again = SimTable(["A", "B"], Settings(), seed=1)
    again.rolls = 2
    assert sim.dice() == again.next_dice()  # seeded after the script
    assert all(1 <= v <= 6 for v in sim.dice())
    assert [n["sim"]["rolls"] for n in notes] == [1, 2, 3]
    sim.lift(table, core.Reading(ReadKind.ACCEPT))  # type: ignore[arg-type]
    assert camera.values == sim.dice() and camera.moving


def test_photo_keeper_writes_jpegs(tmp_path: Path) -> None:
    keeper = PhotoKeeper(tmp_path / "photos", "g1", base=tmp_path)
    frame = np.zeros((48, 64, 3), np.uint8)
    assert keeper.save(frame, 7) == "photos/g1/0007.jpg"
    assert cv2.imread(str(tmp_path / "photos/g1/0007.jpg")).shape == (48, 64, 3)
    (tmp_path / "photos" / "g2").write_text("not a folder")
    assert PhotoKeeper(tmp_path / "photos", "g2").save(frame, 1) is None


def test_setup_flow(tmp_path: Path) -> None:
    setup = Setup(players=3, strike_limit=3, names=["Anita"])
    assert isinstance(setup.view(), NumberView) and setup.view().value == "3"
    for _ in range(6):
        setup.press(Role.UP)
    assert setup.view().value == "9" and "Party" in setup.view().caption
    setup.press(Role.OK)  # Party: the strike limit suggestion drops to 2
    setup.press(Role.DOWN)  # No Bluffing
    setup.press(Role.OK)
    setup.press(Role.UP)  # No Limits on
    setup.press(Role.OK)
    assert setup.view().value == "2"
    setup.press(Role.OK)
    view = setup.view()
    assert isinstance(view, MenuView) and view.items[:2] == ("Anita", "P2")
    setup.press(Role.UP)  # the last seat got up first
    setup.press(Role.BACK)
    setup.press(Role.OK)
    setup.press(Role.OK)
    assert "P9 starts" in setup.view().lines[1]
    setup.press(Role.ACCEPT)
    assert setup.view().hint == "\u2717 ACCEPT ignored" and setup.result is None
    setup.press(Role.OK)
    assert setup.result is not None
    assert setup.result.names == seat_names(9, ["Anita"])
    assert setup.result.settings == Settings(strike_limit=2, no_limits=True, party=True,
                                             no_bluffing=True, first_seat=8)


def test_camera_eye_with_the_real_watcher_on_the_simulated_table() -> None:
    """The vision watcher's own motion logic, with a stand-in reader."""
    from vision.types import Die, Reading

    def reader(frame: np.ndarray, expect: int | None = None) -> Reading:
        dice = tuple(Die(v, (0.0, 0.0), (0, 0, 1, 1), 0.9) for v in (6, 2))
        return Reading(dice=dice, expect=expect)

    source = SimulatedTable((160, 120), renderer=flat, moving_frames=3)
    eye = CameraEye(source, reader=reader)
    eye.start()
    source.roll((6, 2))
    states = []
    for k in range(40):
        look = eye.poll(k * 0.1)
        states.append(look.state)
        if look.done:
            break
    assert look.state == "settled" and look.values == (6, 2)
    assert states[0] in ("moving", "hand in view") and len(states) > 4


def test_the_reader_is_warmed_and_a_broken_one_says_why(monkeypatch: Any) -> None:
    """``reader_works`` readies the reader at the box's start (``None``: it runs), and
    names what stops it instead of raising, so the box starts and asks for dice by hand."""
    import vision.reader
    from device.hw.eyes import reader_works

    assert reader_works() is None

    def broken() -> None:
        raise OSError("close_look.onnx: no such file")

    monkeypatch.setattr(vision.reader, "warm_up", broken)
    assert reader_works() == "OSError: close_look.onnx: no such file"
