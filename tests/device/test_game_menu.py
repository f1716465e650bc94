"""Teaching the dice from the game: MENU on the players' view opens the in-game menu
(device.core.flow.GameMenu) of a camera game, whose "Teach <dice>" runs the one teach flow
over the game (device.core.box.Box); the game comes back where it was, its log untouched,
later reads with a new eye, and a power cut while teaching resumes the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from device.core.box import Box, BoxSettings
from device.core.dice import PIP_DICE, DiceKind
from device.core.flow import MENU_HINT, GameMenu, Players
from device.core.game import GameRecord
from device.core.roles import Role
from device.core.teach import Intro, TeachFlow
from device.hw.eyes import ScriptedEye
from device.hw.profiles import REFERENCE
from device.registry import GAMES, get_game
from device.ui.views import MenuView, describe
from games.log import read_log
from tests.device.test_teach import FakeShelf, settled

KEYS = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN, "o": Role.OK,
        "b": Role.BACK, "m": Role.MENU, "p": Role.CARD}
#: the game -> its players' view -> the in-game menu -> "Teach <dice>"
GAME_TEACH = "m m s o"


class Rig:
    """A box on ``tmp`` whose eyes are scripted (each made eye kept) and whose teach flows
    use a fake shelf; ``teach=False``: a box that cannot teach."""

    def __init__(self, tmp: Path, teach: bool = True) -> None:
        self.settings = BoxSettings(tmp / "logs", tmp / "photos", tmp)
        self.eyes: list[ScriptedEye] = []
        self.teaching: list[TeachFlow] = []
        self.shelf = FakeShelf()
        self.box = self.make(teach)

    def make(self, teach: bool = True) -> Box:
        return Box(self.settings, GAMES, self.eye_for, teach=self.teach if teach else None)

    def eye_for(self, game: GameRecord, hooks: Any) -> ScriptedEye:
        self.eyes.append(ScriptedEye())
        return self.eyes[-1]

    def teach(self, kind: DiceKind) -> TeachFlow:
        self.teaching.append(TeachFlow(kind, ScriptedEye(), self.shelf))
        return self.teaching[-1]

    def keys(self, keys: str, box: Box | None = None) -> None:
        for k in keys.split():
            for ch in k:
                (box or self.box).press(KEYS[ch])

    def start(self, game: str) -> None:
        """Set up ``game`` with its defaults (BACK to the game menu, pick it, OK through)."""
        box = self.box
        box.press(Role.BACK)
        while box.view().items[box.view().cursor] != get_game(game).label:
            box.press(Role.DOWN)
        box.press(Role.OK)
        while box.flow is None:
            box.press(Role.OK)

    def log_bytes(self) -> bytes:
        assert self.box.writer is not None
        return self.box.writer.path.read_bytes()


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)


# --- the flow: the menu ---------------------------------------------------------------------


def test_menu_twice_offers_teach_and_back_returns_to_the_game(rig: Rig) -> None:
    rig.start("bamboozled")
    flow = rig.box.flow
    assert flow is not None and flow.teach is PIP_DICE
    game_mode, game_view = flow.mode, rig.box.view()
    rig.keys("m")
    assert isinstance(flow.mode, Players) and rig.box.view().hint == MENU_HINT
    rig.keys("m")
    menu = rig.box.view()
    assert isinstance(flow.mode, GameMenu) and isinstance(menu, MenuView)
    assert menu.items == ("Back to the game", "Teach pip dice") and menu.cursor == 0
    rig.keys("a")  # nothing to do here: a hint, nothing changes
    assert isinstance(flow.mode, GameMenu) and rig.box.view().hint == "\u2717 ACCEPT ignored"
    rig.keys("s w b")
    assert flow.mode == game_mode and rig.box.view() == game_view
    rig.keys("m m o")  # "Back to the game"
    assert flow.mode == game_mode and not rig.teaching and flow.asks_teach is None


def test_any_other_key_on_the_players_view_still_returns(rig: Rig) -> None:
    rig.start("bamboozled")
    assert rig.box.flow is not None
    game_mode = rig.box.flow.mode
    for key in "oacwsbp":
        rig.keys("m " + key)
        assert rig.box.flow.mode == game_mode, key


@pytest.mark.parametrize("game", ["bamboozal"])
def test_a_game_the_camera_does_not_read_has_no_game_menu(rig: Rig, game: str) -> None:
    rig.start(game)
    assert rig.box.flow is not None and rig.box.flow.teach is None
    game_mode = rig.box.flow.mode
    rig.keys("m")
    assert rig.box.view().hint == "any key: back"
    rig.keys("m")
    assert rig.box.flow.mode == game_mode and not rig.teaching


def test_a_box_that_cannot_teach_has_no_game_menu(tmp_path: Path) -> None:
    rig = Rig(tmp_path, teach=False)
    rig.start("doubting_dice")
    assert rig.box.flow is not None and rig.box.flow.teach is None
    game_mode = rig.box.flow.mode
    rig.keys("m")
    assert rig.box.view().hint == "any key: back"
    rig.keys("m")
    assert rig.box.flow.mode == game_mode


# --- the box: teaching over the game --------------------------------------------------------


@pytest.mark.parametrize("game", ["bamboozled", "doubting_dice", "bluffaneer"])
def test_teach_from_the_game_and_back_where_it_was(rig: Rig, game: str) -> None:
    rig.start(game)
    flow = rig.box.flow
    assert flow is not None
    game_mode, game_view, log = flow.mode, rig.box.view(), rig.log_bytes()
    eyes = len(rig.eyes)
    kind = get_game(game).dice
    assert kind is not None
    rig.keys(GAME_TEACH)
    assert [t.kind for t in rig.teaching] == [kind] and isinstance(rig.teaching[0].mode, Intro)
    assert describe(rig.box.view()).startswith(f"Teach {kind.label}")
    rig.keys("b")  # leave without saving
    assert rig.box.teaching is None and rig.box.flow is flow
    assert flow.mode == game_mode and rig.box.view() == game_view
    assert rig.log_bytes() == log and len(rig.eyes) == eyes  # nothing taught: the same eye


def test_a_saved_teach_gives_the_game_a_new_eye_and_leaves_its_log(rig: Rig) -> None:
    rig.start("bamboozled")
    flow = rig.box.flow
    assert flow is not None
    game_mode, log, old_eye = flow.mode, rig.log_bytes(), flow.eye
    rig.keys(GAME_TEACH)
    teach = rig.teaching[0]
    rig.keys("o o")  # intro, skip the empty tray: the first look
    assert rig.box.busy  # the teach flow's camera is looking, not the game's
    for _ in range(PIP_DICE.looks):
        assert isinstance(teach.eye, ScriptedEye)
        teach.eye.looks.append(settled((3, 10), (5, 60)))
        rig.box.tick(0.0)
        rig.keys("a")
    assert teach.saved and describe(rig.box.view()).startswith("Dice taught")
    assert rig.shelf.saved and rig.shelf.saved[0][0] is PIP_DICE
    rig.keys("o")
    assert rig.box.teaching is None and flow.mode == game_mode
    assert flow.eye is rig.eyes[-1] and flow.eye is not old_eye  # later reads: the profile
    assert rig.log_bytes() == log


def test_forgetting_the_taught_dice_mid_game_gives_the_game_a_new_eye(rig: Rig) -> None:
    rig.shelf.kept = 12
    rig.start("bamboozled")
    flow = rig.box.flow
    assert flow is not None
    game_mode, log, old_eye = flow.mode, rig.log_bytes(), flow.eye
    rig.keys(GAME_TEACH)
    rig.keys("s s o")  # the intro: DOWN to "Forget them", OK
    assert rig.shelf.forgotten == [PIP_DICE]
    assert describe(rig.box.view()).startswith("Dice forgotten")
    rig.keys("o")
    assert rig.box.teaching is None and flow.mode == game_mode
    assert flow.eye is rig.eyes[-1] and flow.eye is not old_eye  # later reads: no profile
    assert rig.log_bytes() == log


def test_a_power_cut_while_teaching_resumes_the_game(rig: Rig) -> None:
    rig.start("doubting_dice")
    assert rig.box.flow is not None
    game_mode, game_view = rig.box.flow.mode, rig.box.view()
    rig.keys(GAME_TEACH + " o")  # teaching, the camera looking for the empty tray
    assert rig.box.teaching is not None
    after_cut = rig.make()  # the power came back: a new box on the same state folder
    assert after_cut.resumable is not None and after_cut.teaching is None
    assert describe(after_cut.view()).startswith("Resume game?")
    rig.keys("o", after_cut)
    assert after_cut.flow is not None and after_cut.teaching is None
    assert after_cut.flow.mode == game_mode and after_cut.view() == game_view


def test_setup_menu_teach_still_returns_to_the_menu(rig: Rig) -> None:
    rig.keys("b")
    for _ in range(len(GAMES)):
        rig.keys("s")
    rig.keys("o")
    assert [t.kind for t in rig.teaching] == [PIP_DICE] and rig.box.setup is not None
    rig.keys("b")
    view = rig.box.view()
    assert rig.box.teaching is None and isinstance(view, MenuView)
    assert view.items[view.cursor] == "Teach pip dice"


# --- through the simulated box (``run --sim``, piped keys) ------------------------------------

#: P1 rolls 5-3 and declares 53, P2 challenges, declines My Bad, takes a strike (README)
DECLARE = "oooooo  aaaaww o"
CHALLENGE = "c  c o q"
#: from the game: teach, three rolls confirmed, OK on "Dice taught"
TEACH_ALL = GAME_TEACH + "  o a a a o "


def _screens(stdout: str) -> list[str]:
    return [ln for ln in stdout.splitlines() if ln.startswith("screen:")]


def test_teach_mid_game_through_the_simulated_box(sim_box: Any) -> None:
    plain = sim_box.run(DECLARE + "  " + CHALLENGE, "--dice", "53")
    assert plain.returncode == 0, plain.stderr
    (plain_log,) = sim_box.logs()
    plain_log = plain_log.rename(sim_box.tmp / "plain.jsonl")
    taught = sim_box.run(DECLARE + "  " + TEACH_ALL + CHALLENGE, "--dice", "53")
    assert taught.returncode == 0, taught.stderr
    (log,) = sim_box.logs()
    assert (sim_box.tmp / "state" / "profiles" / "pips" / "profile.json").is_file()
    screens = _screens(taught.stdout)
    menu = next(i for i, s in enumerate(screens) if s.startswith("screen: Menu"))
    done = next(i for i, s in enumerate(screens) if s.startswith("screen: Dice taught"))
    assert screens[menu - 1].endswith("[m:menu, other: back]")
    before = screens[menu - 2]
    assert before.startswith("screen: P2: accept or challenge? P1 says 53")
    assert screens[done + 1] == before  # back where it was
    # the log holds the same actions as the game played without teaching
    assert read_log(log).actions == read_log(plain_log).actions
    assert sim_box.replay_json(log) == sim_box.replay_json(plain_log)


def test_power_cut_while_teaching_mid_game_resumes_the_game(sim_box: Any) -> None:
    box = sim_box.start("--dice", "53")
    reference = sim_box.tmp / "state" / REFERENCE
    # cut once teaching has seen the empty tray (a slow machine may settle a screen earlier)
    log = sim_box.kill_after(box, DECLARE + "  " + GAME_TEACH + " o a ", 1, "screens",
                             until=reference.is_file)
    assert len(read_log(log).actions) == 1
    assert reference.is_file()
    again = sim_box.run("o q", "--dice", "53", screens=None)
    assert again.returncode == 0, again.stderr
    screens = _screens(again.stdout)
    assert screens[0].startswith("screen: Resume game?")
    assert screens[1].startswith("screen: P2: accept or challenge? P1 says 53")
    assert not (sim_box.tmp / "state" / "profiles" / "pips").exists()  # nothing taught
