"""bluffbox doctor: every check on simulated or mock hardware, and the CLI end to end."""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from device.cli import main
from device.cli.doctor import FAIL, OK, check_buttons, check_storage, run
from device.core.config import load_config
from device.core.roles import Role
from device.hw.buttons import GpioButtons, KeyboardButtons

ROOT = Path(__file__).resolve().parents[2]


def write_config(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(
        '[display]\ntype = "dummy"\n[camera]\nsource = "sim"\nresolution = [320, 240]\n'
        f'[paths]\nstate_dir = "{tmp_path / "state"}"\nmin_free_mb = 0\n' + extra)
    return path


def args(config: Path | None, **kw: object) -> argparse.Namespace:
    base = {"config": str(config) if config else None, "sim": False, "camera": None,
            "no_buttons": False, "button_timeout": 2.0}
    base.update(kw)
    return argparse.Namespace(**base)


def keys(text: str) -> KeyboardButtons:
    return KeyboardButtons(stream=io.StringIO(text))


def test_all_good_with_keyboard_buttons(tmp_path: Path) -> None:
    out = io.StringIO()
    (tmp_path / "state").mkdir()
    with keys("acwsop") as buttons:
        code = run(args(write_config(tmp_path)), out=out, buttons=buttons)
    text = out.getvalue()
    assert code == 0, text
    for name in ("config", "display", "camera", "view", "accept", "challenge", "up", "down",
                 "ok", "card", "storage"):
        assert f"ok    {name}" in text, name
    assert (tmp_path / "state" / "photos").exists() is False  # doctor creates nothing
    assert text.endswith("all good.\n")


def test_bad_config_names_the_key(tmp_path: Path) -> None:
    out = io.StringIO()
    code = run(args(write_config(tmp_path, "[buttons]\nok = 99\n")), out=out)
    assert code == 1
    assert "buttons.ok: pin 99 is not a GPIO (use 2-27" in out.getvalue()


def test_missing_button_times_out_with_a_wiring_hint(tmp_path: Path) -> None:
    cfg = load_config(write_config(tmp_path))
    out = io.StringIO()
    with keys("acwso") as buttons:  # CARD never pressed; QUIT at the end of input
        got = check_buttons(cfg, sim=False, source=buttons, timeout=0.5, out=out)
    assert [c.status for c in got] == [OK] * 5 + [FAIL]
    assert got[-1].detail == "no press within 0.5 s (GPIO23)"
    assert "wires between GPIO23 and GND" in got[-1].fix


def test_swapped_buttons_are_suspected(tmp_path: Path) -> None:
    cfg = load_config(write_config(tmp_path))
    with keys("c") as buttons:
        got = check_buttons(cfg, sim=True, source=buttons, timeout=0.3, out=io.StringIO())
    assert got[0].status == FAIL and "got CHALLENGE instead" in got[0].fix


def test_long_press_counts_as_the_button(tmp_path: Path) -> None:
    cfg = load_config(write_config(tmp_path))
    with keys("acwsbm") as buttons:  # b = BACK (long OK), m = MENU (long CARD)
        got = check_buttons(cfg, sim=True, source=buttons, timeout=1, out=io.StringIO())
    assert all(c.status == OK for c in got)


def test_buttons_on_mock_gpio_pins(tmp_path: Path) -> None:
    """The doctor waits for each real gpiozero Button; a 'person' presses them in order."""
    cfg = load_config(write_config(tmp_path))
    factory = MockFactory()
    out = io.StringIO()
    order = [Role.ACCEPT, Role.CHALLENGE, Role.UP, Role.DOWN, Role.OK, Role.CARD]

    def person() -> None:
        for role in order:
            while f"press {role.name}" not in out.getvalue():
                time.sleep(0.01)
            pin = factory.pin(cfg.buttons.pins[role.value])
            pin.drive_low()
            time.sleep(0.05)
            pin.drive_high()

    with GpioButtons(cfg.buttons, pin_factory=factory) as buttons:
        helper = threading.Thread(target=person, daemon=True)
        helper.start()
        got = check_buttons(cfg, sim=False, source=buttons, timeout=5, out=out)
        helper.join(timeout=5)
    factory.close()
    assert [c.status for c in got] == [OK] * 6, out.getvalue()
    assert got[0].detail == "pressed (GPIO5)"


def test_storage_problems(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cfg = load_config(write_config(tmp_path))
    ok = check_storage(cfg)
    assert ok.status == OK and "MB free" in ok.detail
    bad_path = tmp_path / "bad.toml"
    bad_path.write_text(f'[paths]\nstate_dir = "{blocker / "state"}"\n')
    bad = check_storage(load_config(bad_path))
    assert bad.status == FAIL and "cannot be created" in bad.detail
    if shutil.disk_usage(tmp_path).free // 2**20 >= 1_000_000:
        pytest.skip("more than a terabyte free here")
    full_path = tmp_path / "full.toml"
    full_path.write_text(f'[paths]\nstate_dir = "{tmp_path}"\nmin_free_mb = 1000000\n')
    full = check_storage(load_config(full_path))
    assert full.status == FAIL and "below 1000000 MB" in full.detail


def test_failures_give_exit_1(tmp_path: Path) -> None:
    path = write_config(tmp_path, "")
    path.write_text(path.read_text().replace('source = "sim"', f'source = "photos:{tmp_path}"'))
    out = io.StringIO()
    assert run(args(path, no_buttons=True), out=out) == 1
    assert f"FAIL  camera   photos:{tmp_path}: no photos" in out.getvalue()


def test_dispatcher_knows_doctor(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--config", str(write_config(tmp_path)), "--no-buttons"]) == 0
    assert "WARN  buttons  skipped (--no-buttons)" in capsys.readouterr().out


def test_cli_sim_with_piped_keys(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    env = {**os.environ, "STATE_DIRECTORY": ""}
    result = subprocess.run(
        [sys.executable, "-m", "device.cli", "doctor", "--sim", "--config", str(config),
         "--button-timeout", "5"],
        input="a c w s o p", capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok    card     pressed (key 'p')" in result.stdout
    assert "\u2588" in result.stdout  # the terminal display drew frames


def test_dice_profiles_and_the_empty_tray(tmp_path: Path) -> None:
    from device.cli.doctor import WARN, check_dice

    cfg = load_config(write_config(tmp_path))
    check = check_dice(cfg)
    assert check.status == OK
    assert check.detail == "pip dice: none yet; bone dice: none yet; empty tray: not seen yet"
    broken = tmp_path / "state" / "profiles" / "pips"
    broken.mkdir(parents=True)
    (broken / "profile.json").write_text("[]")
    check = check_dice(cfg)
    assert check.status == WARN and "pip dice: broken profile" in check.detail
    assert "Teach pip dice" in check.fix


def test_the_reader_s_networks_are_checked(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from device.cli.doctor import FAIL, OK, check_reader
    from vision import model

    good = check_reader()
    assert good.status == OK and "(ONNX Runtime " in good.detail  # what runs them, said
    broken = tmp_path / "models"
    broken.mkdir()
    for name in (model.DETECTOR, model.CLASSIFIER):
        (broken / name).write_bytes((model.MODELS / name).read_bytes())
    (broken / model.OPINIONS[0]).write_bytes(b"not a network")
    monkeypatch.setattr(model, "MODELS", broken)
    check = check_reader()
    assert check.status == FAIL
    assert f"{model.OPINIONS[0]} cannot be read" in check.detail
    assert f"{model.OPINIONS[1]} is missing" in check.detail
    assert f"{model.CLOSE_LOOK} is missing" in check.detail
    assert "install-pi.sh" in check.fix


def test_a_reader_calibrated_with_another_opencv_is_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The thresholds are fitted to the reads, and crops differ a little between OpenCV
    versions: on another version the doctor says so."""
    from dataclasses import replace

    import cv2

    from device.cli.doctor import OK, WARN, check_reader
    from vision import model

    cal = model.calibration()
    assert cal.opencv == cv2.__version__  # the committed calibration: this OpenCV's
    monkeypatch.setattr(model, "calibration", lambda: replace(cal, opencv="5.0.0"))
    check = check_reader()
    assert check.status == WARN and "calibrated with OpenCV 5.0.0" in check.detail
    assert f"this is OpenCV {cv2.__version__}" in check.detail and "install-pi.sh" in check.fix
    monkeypatch.setattr(model, "calibration", lambda: replace(cal, opencv=None))
    assert check_reader().status == OK


def test_a_steep_camera_is_warned_of(tmp_path: Path) -> None:
    """A camera that looks down at the dice 42 degrees off straight down (dice drawn as
    cubes, side faces showing): doctor measures the slant on their pips and says to mount it
    straight down; the same dice seen from 8 degrees pass."""
    import cv2

    from vision.probe_scenes import Probe, probe_scene

    for degrees, status in ((42.0, "WARN"), (8.0, "ok  ")):
        folder = tmp_path / f"at-{degrees:.0f}"
        folder.mkdir()
        image, _ = probe_scene(Probe.SLANTED_CUBES, 9, (degrees, degrees))
        cv2.imwrite(str(folder / "frame.png"), image)
        path = write_config(tmp_path)
        path.write_text(path.read_text().replace('source = "sim"', f'source = "photos:{folder}"'))
        out = io.StringIO()
        assert run(args(path, no_buttons=True), out=out) == 0, out.getvalue()
        line = next(t for t in out.getvalue().splitlines() if " view " in t)
        assert line.startswith(f"{status}  view") and "degrees off straight down" in line, line
        if status == "WARN":
            assert "mount it to look straight down" in out.getvalue()


def test_a_camera_slanting_across_the_picture_is_told_to_turn(tmp_path: Path) -> None:
    """Dice seen 22 degrees off straight down by a camera turned a quarter (the far side of
    the tray at the picture's left): their pips are squashed along its rows, and doctor
    says to set ``[camera] turn``; with ``turn = 3`` the frames are turned back upright and
    the view passes."""
    import cv2

    from vision.probe_scenes import Probe, probe_scene

    image, _ = probe_scene(Probe.SLANTED_CUBES, 5, (22.0, 22.0))
    folder = tmp_path / "turned"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE))
    path = write_config(tmp_path)
    text = path.read_text().replace('source = "sim"', f'source = "photos:{folder}"')
    for turn, status in ((0, "WARN"), (3, "ok  ")):
        path.write_text(text.replace("[camera]", f"[camera]\nturn = {turn}"))
        out = io.StringIO()
        assert run(args(path, no_buttons=True), out=out) == 0, out.getvalue()
        line = next(t for t in out.getvalue().splitlines() if " view " in t)
        assert line.startswith(f"{status}  view"), line
        assert ("across the picture" in line) == (turn == 0), line
        assert ("set [camera] turn" in out.getvalue()) == (turn == 0)


def test_a_broken_reader_leaves_the_view_unmeasured(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the dice reader cannot run (its networks missing), the view check warns and
    doctor goes on to the reader's own check, which says why."""
    import numpy as np

    import vision.reader
    from device.cli.doctor import WARN, check_view

    def broken(*_: object, **__: object) -> None:
        raise OSError("detector.onnx: no such file")

    monkeypatch.setattr(vision.reader, "read_dice", broken)
    check = check_view(np.zeros((240, 320, 3), np.uint8))
    assert check.status == WARN and "detector.onnx" in check.detail
