"""``bluffbox doctor``: check the config, display, camera (and its view), buttons and free space.

Each check prints ``ok``, ``WARN`` or ``FAIL`` with what is wrong and how to fix it; the
exit status is 1 when any check failed. ``--sim`` checks the simulator's pieces instead
(terminal display, simulated camera, keyboard for the buttons)::

    bluffbox doctor --config /etc/bluffbox/config.toml
    bluffbox doctor --sim --no-buttons
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from device.core.config import Config, ConfigError, for_sim, load_config, with_state_dir
from device.core.storage import free_mb, state_fix, state_problem

OK, WARN, FAIL = "ok", "WARN", "FAIL"
SIM_DICE = (3, 5)


@dataclass(frozen=True)
class Check:
    """One check's outcome: ``status`` is ok, WARN or FAIL; ``fix`` says what to do."""

    name: str
    status: str
    detail: str
    fix: str = ""

    def lines(self) -> list[str]:
        out = [f"{self.status:<4}  {self.name:<8} {self.detail}"]
        if self.fix:
            out.append(f"{'':<4}  {'':<8} fix: {self.fix}")
        return out


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "doctor", help="check the config, camera, display, buttons and free space",
        description="Check the box: config, display (draws a test pattern), camera (one"
        " frame), each button (press it when asked) and free space for logs and photos.")
    p.add_argument("--config", metavar="PATH", help="the TOML config (default: built-in"
                   " defaults)")
    p.add_argument("--sim", action="store_true", help="check the simulator: terminal display,"
                   " simulated camera, keyboard buttons")
    p.add_argument("--camera", metavar="SPEC", help="with --sim: webcam, photos:DIR or sim")
    p.add_argument("--state-dir", metavar="DIR", help="check this state directory (game logs"
                   " and photos) instead of the config's")
    p.add_argument("--no-buttons", action="store_true", help="skip the button presses")
    p.add_argument("--button-timeout", type=float, default=10.0, metavar="S",
                   help="seconds to wait for each button (default 10)")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace, *, out: IO[str] | None = None, buttons: Any = None,
        display_stream: IO[str] | None = None) -> int:
    """Run every check; 0 when none failed. ``buttons`` injects a button source."""
    out = out if out is not None else sys.stdout
    results: list[Check] = []

    def report(check: Check) -> None:
        results.append(check)
        out.write("\n".join(check.lines()) + "\n")
        out.flush()

    cfg, check = check_config(args.config, sim=args.sim, camera=args.camera,
                              state_dir=getattr(args, "state_dir", None))
    report(check)
    if cfg is None:
        return 1
    screen, check = check_display(cfg, stream=display_stream)
    report(check)
    try:
        frame, check = take_frame(cfg)
        report(check)
        if frame is not None:
            report(check_view(frame))
        if args.no_buttons:
            report(Check("buttons", WARN, "skipped (--no-buttons)"))
        else:
            for check in check_buttons(cfg, sim=args.sim, source=buttons, screen=screen,
                                       timeout=args.button_timeout, out=out):
                report(check)
        report(check_storage(cfg))
        report(check_reader())
        report(check_dice(cfg))
    finally:
        if screen is not None:
            with contextlib.suppress(Exception):
                _show_text(screen, "doctor", _summary(results))
                screen.persist = True  # leave the summary on the panel
    failed = [c for c in results if c.status == FAIL]
    warned = [c.name for c in results if c.status == WARN]
    if failed:
        out.write(f"\n{len(failed)} problem(s) found.\n")
    elif warned:
        out.write(f"\nno problems; look at the warning(s): {', '.join(warned)}.\n")
    else:
        out.write("\nall good.\n")
    return 1 if failed else 0


def _summary(results: list[Check]) -> list[str]:
    bad = [c for c in results if c.status == FAIL]
    return [f"FAIL {c.name}" for c in bad] or ["all good"]


# --- config -----------------------------------------------------------------------------


def check_config(path: str | None, *, sim: bool = False, camera: str | None = None,
                 state_dir: str | None = None) -> tuple[Config | None, Check]:
    where = path or "(defaults)"
    try:
        cfg = with_state_dir(load_config(path, sim=sim), state_dir)
        if sim:
            cfg = for_sim(cfg, camera=camera)
    except ConfigError as exc:
        return None, Check("config", FAIL, where + ":\n" + "\n".join(
            f"{'':<14} {p}" for p in exc.problems),
            "edit the file; firmware_config/bluffbox.example.toml documents every key")
    except ValueError as exc:  # a bad --camera
        return None, Check("config", FAIL, str(exc))
    return cfg, Check("config", OK, f"{where} (display {cfg.display.type}, camera"
                      f" {cfg.camera.spec})")


# --- display ----------------------------------------------------------------------------


def check_display(cfg: Config, stream: IO[str] | None = None) -> tuple[Any, Check]:
    """Open the display and draw a test pattern; returns the device (or None)."""
    from device.hw.display import DisplayError, TerminalDevice, make_device

    try:
        device = make_device(cfg.display, stream=stream)
        if isinstance(device, TerminalDevice):
            device.in_place = False  # frames between the report lines, not over them
        _test_pattern(device)
    except DisplayError as exc:
        return None, Check("display", FAIL, str(exc))
    except Exception as exc:  # noqa: BLE001 - any driver error is a finding
        return None, Check("display", FAIL, f"{cfg.display.type}: {exc}",
                           "check the OLED wiring and display.type (ssd1306 or sh1106)")
    what = cfg.display.type
    if what in ("ssd1306", "sh1106"):
        what += f" at {cfg.display.address:#04x} on I2C port {cfg.display.i2c_port}"
    return device, Check("display", OK, f"{what}: test pattern drawn (a frame, a checker"
                         " block and text; is all of it visible?)")


def _test_pattern(device: Any) -> None:
    from luma.core.render import canvas

    from device.ui import draw as d

    with canvas(device) as draw:
        w, h = device.size
        draw.rectangle((0, 0, w - 1, h - 1), outline=1)
        for y in range(4, 20):
            for x in range(w - 20, w - 4):
                if (x // 2 + y // 2) % 2:
                    draw.point((x, y), fill=1)
        d.text(draw, (4, 4), "bluffbox")
        d.text(draw, (4, 14), "doctor")
        d.text(draw, (4, 30), "ABCDEFGHIJKLMNOPQRST")
        d.text(draw, (4, 40), "0123456789 \u25b2\u25bc\u25b6")
        d.die(draw, (w - 20, h - 20), 16, 5)


def _show_text(device: Any, title: str, lines: list[str]) -> None:
    from device.ui.views import MessageView, render

    device.hw.display(render(MessageView(title, tuple(lines))).convert(device.mode))


# --- camera -----------------------------------------------------------------------------


def check_reader() -> Check:
    """The dice reader's networks: every file there and loading, and its calibration."""
    import cv2

    from vision import model

    problems = model.network_problems()
    if problems:
        return Check("reader", FAIL, "; ".join(problems) + f" (in {model.MODELS})",
                     "reinstall bluffbox (firmware_config/install-pi.sh), which puts the "
                     "networks back")
    cal = model.calibration()
    said = (f"{len(model.NETWORKS)} networks load ({model.ENGINE}); a die is read at P >= "
            f"{cal.sure:.3f}, a "
            f"touching one at {cal.sure_touching:.3f} ({cal.pressed_easy:.3f} among dice read "
            "surely)")
    if cal.opencv is not None and cal.opencv != cv2.__version__:
        return Check("reader", WARN, f"{said}; calibrated with OpenCV {cal.opencv}, but this "
                     f"is OpenCV {cv2.__version__}: its crops differ a little, so its "
                     "confidence may be off",
                     "install the OpenCV pyproject.toml asks for (firmware_config/install-pi.sh "
                     "does)")
    return Check("reader", OK, said)


def check_dice(cfg: Config) -> Check:
    """What the box knows of the players' dice: each kind's taught profile, the empty tray."""
    from device.core.game import dice_kinds
    from device.hw.profiles import KeptTray, ProfileShelf
    from device.registry import GAMES

    shelf = ProfileShelf(cfg.paths.state_dir)
    kinds = dice_kinds(GAMES)
    said = [f"{k.label}: {shelf.status(k)}" for k in kinds]
    tray = KeptTray(cfg.paths.state_dir)
    said.append("empty tray: " + ("kept" if tray.known else "not seen yet"))
    detail = "; ".join(said)
    broken = [k for k in kinds if shelf.path(k).exists() and shelf.load(k) is None]
    if broken:
        return Check("dice", WARN, detail, "teach them again: setup, BACK, "
                     + ", ".join(f"Teach {k.label}" for k in broken))
    return Check("dice", OK, detail)


def take_frame(cfg: Config) -> tuple[Any, Check]:
    """Open the camera and take one frame (None where it fails); saves it so the view can
    be checked."""
    from device.hw.camera import CameraError, SimulatedTable, make_camera

    try:
        with make_camera(cfg.camera) as cam:
            if isinstance(cam, SimulatedTable):
                cam.set_dice(SIM_DICE)
            frame = cam.capture()
    except CameraError as exc:
        return None, Check("camera", FAIL, f"{cfg.camera.spec}: {exc}")
    except Exception as exc:  # noqa: BLE001 - any driver error is a finding
        return None, Check("camera", FAIL, f"{cfg.camera.spec}: {type(exc).__name__}: {exc}",
                           "check the camera cable and that no other program uses the camera")
    return frame, check_frame(cfg, frame)


def check_frame(cfg: Config, frame: Any) -> Check:
    """The camera's frame: saved for a look, and neither black nor flat."""
    h, w = frame.shape[:2]
    detail = f"{cfg.camera.spec}: one {w}x{h} frame"
    saved = _save_frame(cfg, frame)
    if saved:
        detail += f", saved to {saved}"
    mean = float(frame.mean())
    if mean < 12:
        return Check("camera", WARN, detail + f" but it is nearly black (mean {mean:.0f})",
                     "lens cap? light over the tray? camera pointing at the dice?")
    if float(frame.std()) < 2:
        return Check("camera", WARN, detail + " but it is flat (one colour)",
                     "is the lens covered or out of focus?")
    return Check("camera", OK, detail)


def check_view(frame: Any) -> Check:
    """How far from straight down the camera looks, from the pips of the dice in ``frame``
    (``vision.camera_tilt``): a steep camera takes dice's side faces for their tops."""
    from vision.camera_tilt import STEEP, camera_tilt
    from vision.reader import read_dice

    try:
        reading = read_dice(frame)
    except Exception as exc:  # noqa: BLE001 - the reader's own check says why, below
        return Check("view", WARN, f"the dice reader could not read the frame: {exc}",
                     "see the reader check below")
    tilt = camera_tilt(frame, reading.dice)
    if tilt is None:
        return Check("view", OK, f"{len(reading.dice)} dice read; too few clear pips to tell"
                     " how far from straight down the camera looks (put a few dice in the "
                     "tray to measure it)")
    said = (f"the camera looks about {tilt.degrees:.0f} degrees off straight down (the pips "
            f"of {tilt.dice} dice)")
    advice = []
    if tilt.steep:
        advice.append(f"mount it to look straight down, within {STEEP:.0f} degrees: at a slant"
                      " the box may take a die's side face for its top")
    if tilt.turned:
        said += ", across the picture (the far side of the tray at its left or right)"
        advice.append("set [camera] turn = 1 or 3 (quarter turns clockwise) so that the far"
                      " side of the tray is at the top of the picture: the reader looks for a"
                      " die's top face above its side faces")
    if advice:
        return Check("view", WARN, said, "; ".join(advice))
    return Check("view", OK, said)


def _save_frame(cfg: Config, frame: Any) -> Path | None:
    import cv2

    path = cfg.paths.photos_dir / "doctor.jpg"
    if not path.parent.is_dir() or not os.access(path.parent, os.W_OK):
        return None
    try:
        return path if cv2.imwrite(str(path), frame) else None
    except (OSError, cv2.error):
        return None


# --- buttons ----------------------------------------------------------------------------


def check_buttons(cfg: Config, *, sim: bool, source: Any = None, screen: Any = None,
                  timeout: float = 10.0, out: IO[str] | None = None,
                  clock: Callable[[], float] = time.monotonic) -> list[Check]:
    """Ask for each button in turn; one Check per button (or one for a failed setup)."""
    from device.hw.buttons import KEYMAP, LONG_PRESS, PHYSICAL, KeyboardButtons, make_buttons

    out = out if out is not None else sys.stdout
    own = source is None
    if own:
        try:
            with warnings.catch_warnings():  # gpiozero's pin-factory fallback chatter
                warnings.simplefilter("ignore")
                source = make_buttons(cfg.buttons, sim=sim)
        except Exception as exc:  # noqa: BLE001 - gpiozero's errors vary by platform
            return [Check("buttons", FAIL, f"cannot use the GPIO pins: {type(exc).__name__}:"
                          f" {exc}", "run on the Pi with lgpio installed (pip install"
                          " '.[pi]') as a user in group gpio, or use --sim")]
    results = []
    try:
        if not isinstance(source, KeyboardButtons):  # typed-ahead keys are fine
            source.drain()  # drop presses from before the check
        for role in PHYSICAL:
            key = next((k for k, r in KEYMAP.items() if r is role and len(k) == 1), "?")
            where = (f"key {key!r}" if sim else
                     f"GPIO{cfg.buttons.pins[role.value]}")
            prompt = f"press {role.name} ({where})"
            out.write(f"      buttons  {prompt} ... (within {timeout:g} s)\n")
            out.flush()
            if screen is not None:
                with contextlib.suppress(Exception):
                    _show_text(screen, "press a button", [role.name, where])
            results.append(_wait_for(role, source, timeout, where, clock, LONG_PRESS))
    finally:
        if own:
            source.close()
    return results


def _wait_for(role: Any, source: Any, timeout: float, where: str,
              clock: Callable[[], float], long_press: Any) -> Check:
    from device.core.roles import Role

    deadline = clock() + timeout
    others: list[str] = []
    while (left := deadline - clock()) > 0:
        event = source.get(timeout=min(left, 0.5))
        if event is None:
            continue
        got = next((k for k, v in long_press.items() if v is event.role), event.role)
        if got is role:
            return Check(role.name.lower(), OK, f"pressed ({where})")
        if event.role is Role.QUIT:
            break
        others.append(event.role.name)
    fix = (f"check the wires between {where} and GND" if where.startswith("GPIO")
           else "press the key shown")
    if others:
        fix += f"; got {', '.join(others)} instead: are two buttons' wires swapped?"
    return Check(role.name.lower(), FAIL, f"no press within {timeout:g} s ({where})", fix)


# --- storage ----------------------------------------------------------------------------


def check_storage(cfg: Config) -> Check:
    """The state, logs and photos directories are writable (or creatable) and have room.

    Nothing is created here (doctor may run as another user than the service).
    """
    paths = cfg.paths
    problem = state_problem((paths.state_dir, paths.logs_dir, paths.photos_dir))
    if problem:
        return Check("storage", FAIL, problem, state_fix(paths.state_dir))
    free = free_mb(paths.state_dir)
    detail = f"{free} MB free for {paths.logs_dir} and {paths.photos_dir}"
    if free < paths.min_free_mb:
        return Check("storage", FAIL, detail + f", below {paths.min_free_mb} MB",
                     f"free some space (old photos in {paths.photos_dir}?) or lower"
                     " paths.min_free_mb")
    return Check("storage", OK, detail)
