"""The teach flow (device.core.teach): confirm, correct, look again, leave; its screens;
reached from setup's game menu; what it keeps (device.hw.profiles) and every later read
using it (device.hw.box_eyes)."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from device.core.box import Box, BoxSettings
from device.core.config import TeachConfig
from device.core.dice import PIP_DICE, DiceKind, TaughtShot
from device.core.game import GameRecord, dice_kinds
from device.core.ports import Look, LookState, SeenDie
from device.core.roles import Role
from device.core.teach import (
    Checking,
    Clearing,
    Finished,
    Intro,
    KeptChoice,
    Looking,
    TeachFlow,
)
from device.hw.box_eyes import BoxEyes
from device.hw.camera import SimulatedTable
from device.hw.eyes import ScriptedEye
from device.hw.profiles import REFERENCE, KeptTray, ProfileShelf
from device.registry import GAMES
from device.ui.views import DiceCheckView, MenuView, describe
from vision.profile import Profile
from vision.synthetic import tray_floor
from vision.synthetic_symbols import BONE_FACES, render_bone_scene

BONE = DiceKind("toybones", "toy bones", BONE_FACES, per_face=3)  # not the registry's
KEYS = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN, "o": Role.OK,
        "b": Role.BACK}


class FakeShelf:
    def __init__(self, fail: str | None = None, kept: int = 0) -> None:
        self.saved: list[tuple[DiceKind, list[TaughtShot]]] = []
        self.added: list[bool] = []
        self.fail = fail
        self.kept = kept  # dice in a usable kept profile
        self.forgotten: list[DiceKind] = []

    def status(self, kind: DiceKind) -> str:
        return f"{self.kept} dice taught" if self.kept else "none yet"

    def usable(self, kind: DiceKind) -> bool:
        return self.kept > 0

    def forget(self, kind: DiceKind) -> None:
        if self.fail:
            raise OSError(self.fail)
        self.forgotten.append(kind)
        self.kept = 0

    def save(self, kind: DiceKind, shots: Sequence[TaughtShot], add: bool = False) -> str:
        if self.fail:
            raise OSError(self.fail)
        self.saved.append((kind, list(shots)))
        self.added.append(add)
        return f"{sum(len(s.dice) for s in shots)} dice taught"


def settled(*dice: tuple[Any, int]) -> Look:
    """A settled look with dice (value, x) left to right as given (None: unnamed)."""
    seen = tuple(SeenDie(v, (x, 10, x + 20, 30), 0.9) for v, x in dice)
    return Look(LookState.SETTLED, None, frame=np.zeros((8, 8, 3), np.uint8), seen=seen)


def drive(flow: TeachFlow, keys: str, eye: ScriptedEye | None = None,
          looks: list[Look] | None = None) -> None:
    """Press ``keys``; each time the flow looks, the eye gives the next of ``looks`` (taken
    from the list)."""
    queue = looks if looks is not None else []
    for key in keys.replace(" ", ""):
        flow.press(KEYS[key])
        t = 0.0
        while flow.busy:
            if eye is not None and not eye.looks:
                assert queue, "the flow looked more often than the test expected"
                eye.looks.append(queue.pop(0))
            flow.tick(t)
            t += 0.05


def make(kind: DiceKind, shelf: FakeShelf) -> tuple[TeachFlow, ScriptedEye]:
    """A teach flow whose empty-tray step sees the tray empty at once."""
    eye, clear = ScriptedEye(), ScriptedEye()
    clear.then = Look(LookState.EMPTY)
    return TeachFlow(kind, eye, shelf, clear_eye=clear), eye


@pytest.fixture
def rig() -> tuple[TeachFlow, ScriptedEye, FakeShelf]:
    shelf = FakeShelf()
    return (*make(PIP_DICE, shelf), shelf)


def test_confirm_and_correct_one_die(rig: tuple[TeachFlow, ScriptedEye, FakeShelf]) -> None:
    flow, eye, shelf = rig
    looks = [settled((3, 200), (5, 10)), settled((2, 10), (6, 90)), settled((1, 50))]
    drive(flow, "o", eye, looks)  # intro -> empty tray seen -> first look -> check
    assert isinstance(flow.mode, Checking) and flow.mode.values == (5, 3)  # left to right
    drive(flow, "o w", eye, looks)  # the second die read 3 is a 4
    assert flow.mode.values == (5, 4)
    drive(flow, "o", eye, looks)  # OK on the last die: all right -> look 2
    drive(flow, "a", eye, looks)  # ACCEPT: all right
    drive(flow, "a", eye, looks)
    assert isinstance(flow.mode, Finished) and flow.saved
    [(kind, shots)] = shelf.saved
    assert kind is PIP_DICE
    assert [[d.value for d in s.dice] for s in shots] == [[5, 4], [2, 6], [1]]
    assert shots[0].dice[1].box == (200, 10, 220, 30)
    assert "5 dice taught" in describe(flow.view())
    drive(flow, "o")
    assert flow.finished


@pytest.mark.parametrize(("keys", "choice"), [
    ("", KeptChoice.ADD), ("w", KeptChoice.ADD), ("s", KeptChoice.AGAIN),
    ("s s w", KeptChoice.AGAIN), ("s w", KeptChoice.ADD)])
def test_a_kept_profile_is_added_to_unless_the_players_start_again(
        keys: str, choice: KeptChoice) -> None:
    shelf = FakeShelf(kept=12)
    flow, eye = make(PIP_DICE, shelf)
    assert flow.mode == Intro(KeptChoice.ADD)
    assert "Now: 12 dice taught. Add to them (w/s)." in describe(flow.view())
    drive(flow, keys)
    assert flow.mode == Intro(choice) and f"{choice.value} (w/s)." in describe(flow.view())
    drive(flow, "o a a a", eye, [settled((3, 10)), settled((4, 10)), settled((5, 10))])
    assert flow.saved and shelf.added == [choice is KeptChoice.ADD]
    assert shelf.forgotten == []


def test_the_players_may_forget_the_kept_profile() -> None:
    shelf = FakeShelf(kept=12)
    flow, _ = make(PIP_DICE, shelf)
    drive(flow, "s s s")  # DOWN past the last choice stays on it
    assert flow.mode == Intro(KeptChoice.FORGET)
    assert describe(flow.view()) == ("Teach pip dice | Now: 12 dice taught. Forget them (w/s)."
                                     " Reads go on without them.  [o:forget b:leave]")
    drive(flow, "o")
    assert shelf.forgotten == [PIP_DICE] and shelf.saved == []
    assert flow.forgotten and not flow.saved and isinstance(flow.mode, Finished)
    assert "Every read of pip dice goes on without what was taught." in describe(flow.view())
    drive(flow, "o")
    assert flow.finished
    failing = FakeShelf(fail="read-only file system", kept=12)
    flow, _ = make(PIP_DICE, failing)
    drive(flow, "s s o")
    assert describe(flow.view()).startswith("Not forgotten | read-only file system")
    assert not flow.forgotten


def test_with_nothing_kept_there_is_nothing_to_add_to(
        rig: tuple[TeachFlow, ScriptedEye, FakeShelf]) -> None:
    flow, eye, shelf = rig
    drive(flow, "w s")
    assert flow.mode == Intro(None) and flow.view().hint == "o:start b:leave"
    drive(flow, "o a a a", eye, [settled((3, 10)), settled((4, 10)), settled((5, 10))])
    assert shelf.added == [False]


def test_leave_without_saving(rig: tuple[TeachFlow, ScriptedEye, FakeShelf]) -> None:
    flow, eye, shelf = rig
    drive(flow, "o a", eye, [settled((3, 10)), settled((4, 10))])
    drive(flow, "b", eye)
    assert flow.finished and not flow.saved and shelf.saved == []


def test_look_again_not_a_die_and_nothing_kept(
        rig: tuple[TeachFlow, ScriptedEye, FakeShelf]) -> None:
    flow, eye, shelf = rig
    drive(flow, "o", eye, [settled((3, 10), (None, 50))])
    assert flow.mode.values == (3, None)  # an unnamed place starts as "not a die" (x)
    assert isinstance(flow.view(), DiceCheckView) and flow.view().values == ("3", "x")
    drive(flow, "c", eye, [settled((6, 10))])  # CHALLENGE: look again, same look
    assert flow.mode.look == 1 and flow.mode.values == (6,)
    drive(flow, "w", eye)  # UP after the last face: x (not a die), then round to 1
    assert flow.mode.values == (None,)
    drive(flow, "w", eye)
    assert flow.mode.values == (1,)
    drive(flow, "s", eye)
    assert flow.mode.values == (None,)
    drive(flow, "a", eye)
    assert isinstance(flow.mode, Checking) and flow.view().hint == "no die kept"


def test_no_dice_seen_then_look_again(rig: tuple[TeachFlow, ScriptedEye, FakeShelf]) -> None:
    flow, eye, _ = rig
    drive(flow, "o", eye, [Look(LookState.SETTLED, problem="no dice")])
    assert isinstance(flow.mode, Looking) and flow.mode.problem == "no dice seen"
    assert "o:look again" in flow.view().hint
    drive(flow, "o", eye, [settled((2, 10))])
    assert isinstance(flow.mode, Checking)


def test_camera_problem_and_save_problem_end_cleanly() -> None:
    eye = ScriptedEye()
    eye.then = Look(LookState.ERROR, problem="camera: no frames")
    flow = TeachFlow(PIP_DICE, eye, FakeShelf())
    drive(flow, "o")  # the camera fails while looking for the empty tray
    assert isinstance(flow.mode, Finished) and "no frames" in describe(flow.view())
    flow, eye2 = make(PIP_DICE, FakeShelf(fail="disk full"))
    drive(flow, "o a a a", eye2, [settled((1, 1)) for _ in range(3)])
    assert isinstance(flow.mode, Finished) and not flow.saved
    assert describe(flow.view()).startswith("Not saved | disk full")


def test_symbol_dice_each_face_in_turn() -> None:
    shelf = FakeShelf()
    flow, eye = make(BONE, shelf)
    assert BONE.looks == 12
    drive(flow, "o", eye, [settled((None, 10), (3, 60))])  # not named, or a pip read
    assert describe(flow.view()).startswith("Check 1/12 | [chest] chest")
    for k in range(1, 12):
        drive(flow, "a", eye, [settled((None, 10))])
        assert flow.mode.values == (BONE_FACES[k % 4],)
    drive(flow, "a", eye)
    faces = [d.value for s in shelf.saved[0][1] for d in s.dice]
    assert faces[:2] == ["chest", "chest"] and faces[2:5] == ["sword", "ship", "skull"]


# --- screens -------------------------------------------------------------------------------


def test_teach_screens(golden_view: Callable[[str, Any], None]) -> None:
    eye, clear = ScriptedEye(), ScriptedEye()
    flow = TeachFlow(PIP_DICE, eye, FakeShelf(), clear_eye=clear)
    golden_view("teach_intro", flow.view())
    kept = TeachFlow(PIP_DICE, eye, FakeShelf(kept=120), clear_eye=clear)
    golden_view("teach_intro_add", kept.view())  # the longest count still fits its line
    kept.press(Role.DOWN)
    golden_view("teach_intro_start_again", kept.view())
    kept.press(Role.DOWN)
    golden_view("teach_intro_forget", kept.view())
    flow.mode = Clearing(LookState.MOVING)
    golden_view("teach_empty_tray", flow.view())
    flow.mode = Looking(2, LookState.HAND)
    golden_view("teach_roll", flow.view())
    flow.mode = Checking(1, (), (5, None, 2), 1)
    golden_view("teach_check", flow.view())
    bone = TeachFlow(BONE, eye, FakeShelf())
    bone.mode = Looking(2)
    golden_view("teach_show_face", bone.view())
    bone.mode = Checking(2, (), ("sword", "skull"), 0)
    golden_view("teach_check_symbols", bone.view())
    bone.mode = Finished("Dice taught", "24 dice taught. Every read of toy bones uses them.")
    golden_view("teach_saved", bone.view())


# --- the box: the game menu --------------------------------------------------------------


def test_game_menu_offers_teach_only_for_camera_games(tmp_path: Path) -> None:
    taught: list[DiceKind] = []

    def teach(kind: DiceKind) -> TeachFlow:
        taught.append(kind)
        return TeachFlow(kind, ScriptedEye(), FakeShelf())

    no_camera = GameRecord("paper", "Paper", GAMES[0].rules, GAMES[0].flow, GAMES[0].setup,
                           GAMES[0].prompt)
    bone_game = GameRecord("bones", "Bones", GAMES[0].rules, GAMES[0].flow, GAMES[0].setup,
                           GAMES[0].prompt, dice=BONE)
    games = (*GAMES, no_camera, bone_game)
    assert dice_kinds(games)[0] is PIP_DICE and dice_kinds(games)[-1] is BONE
    assert len(dice_kinds(games)) == 3  # pip games share one; then Bluffaneer's bone dice
    settings = BoxSettings(tmp_path / "logs", tmp_path / "photos", tmp_path)
    box = Box(settings, games, lambda g, h: ScriptedEye(), teach=teach)
    box.press(Role.BACK)
    menu = box.view()
    assert isinstance(menu, MenuView)
    labels = tuple(g.label for g in GAMES)
    assert menu.items == (*labels, "Paper", "Bones", "Teach pip dice", "Teach bone dice",
                          "Teach toy bones")
    for _ in range(len(games) + 2):
        box.press(Role.DOWN)
    box.press(Role.OK)
    assert taught == [BONE] and describe(box.view()).startswith("Teach toy bones")
    box.press(Role.BACK)  # leave: back to the menu
    assert isinstance(box.view(), MenuView) and box.view().cursor == len(games) + 2


# --- what is kept: profiles and the reference ------------------------------------------------


def _bone_shots(n: int, seed: int) -> list[TaughtShot]:
    rng = np.random.default_rng(seed)
    floor = tray_floor((320, 240), 1)
    shots = []
    for k in range(n):
        face = BONE_FACES[k % 4]
        img, drawn = render_bone_scene([face, face], rng, (320, 240), background=floor)
        shots.append(TaughtShot(img, tuple(SeenDie(d.face, d.box) for d in drawn)))
    return shots


def test_profile_saved_whole_and_a_broken_one_is_said(tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    shelf = ProfileShelf(tmp_path)
    assert shelf.status(BONE) == "none yet" and shelf.load(BONE) is None
    assert shelf.save(BONE, _bone_shots(8, 0)) == "16 dice taught"
    folder = tmp_path / "profiles" / "toybones"
    assert Profile.load(folder).kinds == ("chest", "ship", "skull", "sword")
    assert sorted(p.name for p in folder.parent.iterdir()) == ["toybones"]
    assert shelf.status(BONE) == "16 dice taught"
    (folder / "profile.json").write_text("{ not json")
    with caplog.at_level(logging.WARNING):
        assert shelf.load(BONE) is None
    assert "broken profile" in shelf.status(BONE)
    assert "toybones profile cannot be used" in caplog.text and "unreadable" in caplog.text
    flow = TeachFlow(BONE, ScriptedEye(), shelf)
    assert "Now: broken profile, reads ignore it; teach again." in describe(flow.view())


def test_teaching_again_adds_to_the_kept_profile_or_starts_it_again(tmp_path: Path) -> None:
    shelf = ProfileShelf(tmp_path)
    assert not shelf.usable(BONE) and shelf.save(BONE, _bone_shots(8, 0)) == "16 dice taught"
    assert shelf.usable(BONE)
    assert shelf.save(BONE, _bone_shots(4, 1), add=True) == "24 dice taught (8 added)"
    kept = Profile.load(tmp_path / "profiles" / "toybones")
    assert len(kept.faces) == 24 and sorted(set(kept.shots.tolist())) == list(range(12))
    assert shelf.status(BONE) == "24 dice taught"
    assert shelf.save(BONE, _bone_shots(4, 2)) == "8 dice taught"  # started again
    (tmp_path / "profiles" / "toybones" / "profile.json").write_text("{ not json")
    assert not shelf.usable(BONE)
    assert shelf.save(BONE, _bone_shots(4, 3), add=True) == "8 dice taught"  # nothing to add to


def test_a_forgotten_profile_stays_forgotten_through_a_power_cut(tmp_path: Path) -> None:
    shelf = ProfileShelf(tmp_path)
    shelf.save(BONE, _bone_shots(4, 0))
    folder = tmp_path / "profiles" / "toybones"
    shutil.copytree(folder, folder.with_name("toybones.old"))  # a save's leftover
    shelf.forget(BONE)
    assert not shelf.usable(BONE) and shelf.status(BONE) == "none yet"
    assert list(folder.parent.iterdir()) == []
    shelf.save(BONE, _bone_shots(4, 1))
    folder.rename(folder.with_name("toybones.forgotten"))  # cut between rename and delete
    fresh = ProfileShelf(tmp_path)
    assert fresh.status(BONE) == "none yet" and list(folder.parent.iterdir()) == []
    fresh.forget(BONE)  # nothing kept: nothing to do


def test_teaching_asks_for_the_configured_looks(tmp_path: Path) -> None:
    camera = SimulatedTable((320, 240), seed=1, moving_frames=1)
    eyes = BoxEyes(camera, tmp_path, asks=TeachConfig(rolls=8, per_face=2))
    flow = eyes.teach(PIP_DICE)
    assert flow.kind.looks == 8 and flow.kind.name == "pips"
    assert "Roll the dice 8 times" in describe(flow.view())
    assert eyes.teach(BONE).kind.looks == 2 * len(BONE.faces)
    assert BoxEyes(camera, tmp_path).teach(PIP_DICE).kind.looks == 3


def test_a_swap_cut_by_a_power_cut_is_finished(tmp_path: Path) -> None:
    shelf = ProfileShelf(tmp_path)
    shelf.save(BONE, _bone_shots(8, 0))
    folder = tmp_path / "profiles" / "toybones"
    folder.rename(folder.with_name("toybones.new"))  # cut between the two renames
    assert ProfileShelf(tmp_path).status(BONE) == "16 dice taught"
    assert folder.is_dir() and not folder.with_name("toybones.new").exists()


def test_reference_taken_kept_and_refreshed(tmp_path: Path) -> None:
    now = [0.0]
    tray = KeptTray(tmp_path, every=60.0, gap=1.0, clock=lambda: now[0])
    floor = tray_floor((320, 240), 3)
    dice, drawn = render_bone_scene(["ship", "skull"], 4, (320, 240), background=floor)
    assert not tray.known and tray.places(dice, 26.0) == []  # nothing known: matches nothing
    tray.update(floor)
    path = tmp_path / REFERENCE
    assert path.is_file() and tray.known
    assert len(tray.places(dice, drawn[0].side)) == 2
    now[0] = 2.0
    tray.guarded(drawn[0].side).update(dice)  # the reader missed the dice: refused
    assert tray.updates == 1
    brighter = cv2.convertScaleAbs(floor, alpha=1.0, beta=12)
    now[0] = 10.0
    guarded = tray.guarded()
    guarded.update(brighter)  # refreshed, written again only after a minute
    assert tray.updates == 2 and np.array_equal(cv2.imread(str(path)), floor)
    now[0] = 10.5
    guarded.update(brighter)  # offered again within a second: not looked at
    assert tray.updates == 2
    now[0] = 70.0
    tray.update(brighter)
    assert np.array_equal(cv2.imread(str(path)), brighter)
    again = KeptTray(tmp_path)  # a restart keeps it
    assert again.known and len(again.places(dice, drawn[0].side)) == 2


def _run_flow(flow: TeachFlow, keys: str) -> None:
    t = [0.0]
    for key in keys.replace(" ", ""):
        flow.press(KEYS[key])
        for _ in range(200):
            if not flow.busy:
                break
            flow.tick(t[0])
            t[0] += 0.05
        assert not flow.busy, "the camera never settled"


def test_taught_symbol_dice_are_read_by_name(tmp_path: Path) -> None:
    """Teach bone dice on the simulated table, then a game's eye reads them by name (the
    pip reader alone names no bone die)."""
    camera = SimulatedTable((640, 480), seed=5, moving_frames=2)
    eyes = BoxEyes(camera, tmp_path, sim=True, seed=5)
    flow = eyes.teach(BONE)
    _run_flow(flow, "o " + "a" * BONE.looks)
    assert flow.saved and (tmp_path / REFERENCE).is_file()
    game = GameRecord("bones", "Bones", GAMES[0].rules, GAMES[0].flow, GAMES[0].setup,
                      GAMES[0].prompt, dice_per_look=2, dice=BONE)
    eye = eyes.for_game(game, None)
    rolls = [("ship", "chest"), ("skull", "sword"), ("sword", "ship"), ("chest", "skull")]
    named = []
    for roll in rolls:
        camera.roll(roll)
        eye.start()
        for k in range(40):
            look = eye.poll(k * 0.05)
            if look.done:
                break
        assert all(isinstance(d.value, str) for d in look.seen)  # names, never pips
        named.append(sorted(map(str, look.values or ())) == sorted(roll))
    assert any(named), "no roll of taught bone dice was read by name"


def test_no_profile_or_a_broken_one_reads_plainly(tmp_path: Path) -> None:
    camera = SimulatedTable((320, 240), seed=2, moving_frames=1)
    camera.roll((5, 2))
    folder = tmp_path / "profiles" / "pips"
    folder.mkdir(parents=True)
    (folder / "profile.json").write_text(json.dumps({"format": "something else"}))
    eye = BoxEyes(camera, tmp_path).for_game(GAMES[0], None)
    eye.start()
    for k in range(20):
        look = eye.poll(k * 0.05)
        if look.done:
            break
    assert look.values is not None and sorted(look.values) == [2, 5]


# --- through the simulated box --------------------------------------------------------------


#: setup -> the game menu -> "Teach pip dice" (after the games) -> its intro
MENU_TEACH = "b " + "s" * len(GAMES) + " o "


def test_teach_through_the_simulated_box(sim_box: Any) -> None:
    # confirm the first roll, correct the second die of the second roll, confirm the third
    out = sim_box.run(MENU_TEACH + "o  a  o w o  a  o q")
    assert out.returncode == 0, out.stderr
    folder = sim_box.tmp / "state" / "profiles" / "pips"
    profile = Profile.load(folder)
    assert len(profile.faces) == 6
    tray_lines = [ln for ln in out.stdout.splitlines() if ln.startswith("(sim) in the tray:")]
    rolls = [tuple(int(v) for v in ln.split(":")[1].split()) for ln in dict.fromkeys(tray_lines)
             if "nothing" not in ln]
    assert len(rolls) == 3
    second = json.loads((folder / "profile.json").read_text())["dice"][2:4]
    assert sorted(d["face"] for d in second) != sorted(rolls[1])  # the corrected die
    assert (sim_box.tmp / "state" / REFERENCE).is_file()
    assert "Dice taught | 6 dice taught" in out.stdout
    assert "w/s fix o:next a:ok" in out.stdout


def test_leave_the_simulated_box_without_saving(sim_box: Any) -> None:
    out = sim_box.run(MENU_TEACH + "o a b q")
    assert out.returncode == 0, out.stderr
    assert not (sim_box.tmp / "state" / "profiles").exists()
    assert "> Teach pip dice <" in out.stdout.split("Check 2/3")[-1]


def test_kill_during_teach_loses_nothing_saved(sim_box: Any) -> None:
    out = sim_box.run(MENU_TEACH + "o a a a o q")
    assert out.returncode == 0, out.stderr
    folder = sim_box.tmp / "state" / "profiles" / "pips"
    before = (folder / "profile.json").read_text()
    proc = sim_box.start(screens="again")
    assert proc.stdin is not None
    proc.stdin.write(MENU_TEACH + "o a a ")  # teaching again, two rolls confirmed
    proc.stdin.flush()
    sim_box.wait_for(lambda: len(sim_box.frames(sim_box.tmp / "again")) > 12)
    sim_box.wait_settled(sim_box.tmp / "again")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert (folder / "profile.json").read_text() == before
    assert len(Profile.load(folder).faces) == 6
    again = subprocess.run(sim_box.command(screens=None), input=MENU_TEACH + "q",
                           capture_output=True, text=True, cwd=sim_box.tmp, env=sim_box.env,
                           timeout=300)
    assert "Now: 6 dice taught." in again.stdout


def test_intro_is_the_first_teach_screen() -> None:
    flow = TeachFlow(PIP_DICE, ScriptedEye(), FakeShelf())
    assert isinstance(flow.mode, Intro)
    assert describe(flow.view()) == ("Teach pip dice | Now: none yet. Roll the dice 3 times; "
                                     "check each die.  [o:start b:leave]")


def test_the_simulator_teaches_untaught_symbol_dice_once(tmp_path: Path) -> None:
    """The simulator's first Bluffaneer game teaches the bone dice on the simulated table
    (kept like a taught profile); the box never teaches by itself; a simulator on another
    camera reads its cup for untaught symbol dice."""
    from device.core.flow import NoHooks
    from device.hw.eyes import CameraEye, CupEye
    from device.registry import BONE_DICE

    class Hooks(NoHooks):
        camera = None

    bluffaneer = next(g for g in GAMES if g.dice is BONE_DICE)
    eyes = BoxEyes(SimulatedTable((640, 480), seed=1, moving_frames=1), tmp_path, sim=True)
    assert isinstance(eyes.for_game(bluffaneer, None), CameraEye)  # the box: the camera
    assert eyes.shelf.load(BONE_DICE) is None
    photos = BoxEyes(object(), tmp_path / "photos", sim=True)
    assert isinstance(photos.for_game(bluffaneer, Hooks()), CupEye)
    eye = eyes.for_game(bluffaneer, Hooks())
    assert isinstance(eye, CameraEye) and eye.profile is not None
    assert sorted(eye.profile.kinds) == sorted(BONE_DICE.faces)
    assert len(eye.profile.faces) == BONE_DICE.looks * BONE_DICE.dice
    assert (tmp_path / REFERENCE).is_file()
    assert isinstance(eyes.for_game(GAMES[0], Hooks()), CameraEye)
    eyes.cup = True
    assert isinstance(eyes.for_game(GAMES[0], Hooks()), CupEye)
    assert isinstance(eyes.for_game(bluffaneer, Hooks()), CupEye)


def test_teaching_under_a_steep_camera_says_to_mount_it_straighter(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Pip dice taught under a camera 42 degrees off straight down (dice drawn as cubes,
    their side faces showing): the profile is kept, and the saved screen's words and the
    journal say how far the camera leans and to mount it straighter; 8 degrees says
    nothing of it."""
    from vision.probe_scenes import Probe, probe_scene
    from vision.types import square_box

    said = {}
    for degrees in (42.0, 8.0):
        shots = []
        for seed in (3, 9, 10):
            image, drawn = probe_scene(Probe.SLANTED_CUBES, seed, (degrees, degrees))
            shots.append(TaughtShot(image, tuple(SeenDie(d.value, square_box(d.center, d.side))
                                                 for d in drawn)))
        with caplog.at_level(logging.WARNING):
            said[degrees] = ProfileShelf(tmp_path / f"at-{degrees:.0f}").save(PIP_DICE, shots)
    assert said[42.0].startswith(said[8.0]) and said[8.0].endswith("dice taught")
    assert "deg off vertical: mount it straight down" in said[42.0]
    assert "mount it straighter" in caplog.text


def test_teaching_under_a_camera_slanting_across_the_picture_says_to_turn_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Pip dice taught under a camera 22 degrees off straight down but turned a quarter
    (the pips squashed along the picture's rows): the saved screen's words and the journal
    say to set ``[camera] turn``; the same shots upright say nothing of it."""
    import cv2

    from vision.probe_scenes import Probe, probe_scene
    from vision.types import square_box

    said = {}
    for turned in (True, False):
        shots = []
        for seed in (3, 5, 9):
            image, drawn = probe_scene(Probe.SLANTED_CUBES, seed, (22.0, 22.0))
            seen = tuple(SeenDie(d.value, square_box(d.center, d.side)) for d in drawn)
            if turned:  # a quarter turn clockwise: (x, y) -> (h - 1 - y, x)
                h = image.shape[0]
                image = cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
                seen = tuple(SeenDie(d.value, square_box((h - 1 - d.center[1], d.center[0]),
                                                         d.side)) for d in drawn)
            shots.append(TaughtShot(image, seen))
        with caplog.at_level(logging.WARNING):
            said[turned] = ProfileShelf(tmp_path / f"turned-{turned}").save(PIP_DICE, shots)
    assert said[True].endswith("camera slants across the picture: set [camera] turn")
    assert "turn" not in said[False]
    assert "far side of the tray is at its top" in caplog.text


def _dark_pip_shots(n: int, seed: int) -> list[TaughtShot]:
    """Pip dice as the box's teach mode confirms them, the frames' lightness turned over."""
    from vision.looks import lightness_turned
    from vision.synthetic import render_dice_scene

    shots = []
    for k in range(n):
        img, drawn = render_dice_scene([1, 2, 3, 4, 5, 6], seed * 10 + k, style="white")
        shots.append(TaughtShot(lightness_turned(img),
                                tuple(SeenDie(d.value, d.box) for d in drawn)))
    return shots


def test_dice_that_read_best_turned_over_are_taught_so_and_added_to_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.teach as T
    from vision.looks import Look

    monkeypatch.setattr(T, "choose_look", lambda shots: Look.TURNED)  # as dark dice choose
    shelf = ProfileShelf(tmp_path)
    said = shelf.save(PIP_DICE, _dark_pip_shots(2, 0))
    assert said == "12 dice taught; read with the lightness turned over"
    monkeypatch.setattr(T, "choose_look", lambda shots: Look.AS_SEEN)  # asked no more
    said = shelf.save(PIP_DICE, _dark_pip_shots(1, 1), add=True)
    assert said == "18 dice taught (6 added); read with the lightness turned over"
    assert shelf.load(PIP_DICE).look is Look.TURNED  # type: ignore[union-attr]
    assert shelf.status(PIP_DICE) == "18 dice taught; read with the lightness turned over"
    assert shelf.save(PIP_DICE, _dark_pip_shots(1, 2)) == "6 dice taught"  # started again
