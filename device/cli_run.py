"""``bluffbox run``: the box (on the Pi under systemd), or ``--sim``: the whole box in a
terminal (OLED drawn with half blocks, keys for the buttons, the simulated table).

    bluffbox run --sim                          play in this terminal
    bluffbox run --sim --dice 35,44 < keys.txt  a scripted game (keys piped on stdin)
    bluffbox run --config /etc/bluffbox/config.toml   the service

In the simulator the state (logs, photos) goes to ``./var`` unless the config or
``--state-dir`` says otherwise; ``--screens DIR`` saves every new OLED frame as a PNG.
``--reader cup`` makes the simulator read its own cup instead of running the dice reader
on the simulated camera's frames (the default falls back to it, with a warning, when
the reader cannot load).
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger("bluffbox")


def _config(args: argparse.Namespace) -> Any:
    from device.config import for_sim, load_config

    config = load_config(args.config, sim=args.sim)
    if args.sim:
        config = for_sim(config, args.camera)
    elif args.camera:
        from device.config import parse_camera_spec

        kind, photos = parse_camera_spec(args.camera)
        config = dataclasses.replace(
            config, camera=dataclasses.replace(config.camera, source=kind, photos_dir=photos))
    if args.state_dir:
        config = dataclasses.replace(
            config, paths=dataclasses.replace(config.paths, state_dir=Path(args.state_dir)))
    return config


def run(args: argparse.Namespace) -> int:
    # In a terminal the simulator redraws the screen in place: only warnings go there.
    quiet = args.sim and sys.stdout.isatty() and sys.stderr.isatty()
    if quiet:  # OpenCV's own warnings (the dice reader) would shift the in-place screen
        os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, stream=sys.stderr,
                        format="bluffbox: %(levelname)s: %(message)s")
    from device.config import ConfigError

    try:
        config = _config(args)
    except (ConfigError, ValueError) as exc:
        print(f"bluffbox run: {exc}", file=sys.stderr)
        return 2
    dice: list[tuple[int, int]] = []
    if args.dice:
        from device.sim import parse_dice

        try:
            dice = parse_dice(args.dice)
        except ValueError as exc:
            from device.doubting_sim import parse_flat_dice

            try:  # Doubting Dice's cups: any number of dice per item (14462,33516)
                parse_flat_dice(args.dice)
            except ValueError:
                print(f"bluffbox run: --dice: {exc}", file=sys.stderr)
                return 2
    return _run(args, config, dice)


def _run(args: argparse.Namespace, config: Any, dice: list[tuple[int, int]]) -> int:
    from device.buttons import KEY_HELP, KeyboardButtons, make_buttons
    from device.camera import CameraError, make_camera
    from device.dice_eye import CameraEye, CupEye, reader_works
    from device.display import Display, DisplayError, make_device
    from device.notify import Notifier
    from device.screens import describe, render
    from device.service import Box, BoxSettings, StopFlag, run_loop

    sim = args.sim
    paths = config.paths
    names = [n for n in (args.names or "").split(",") if n.strip()] or list(config.game.names)
    try:
        device = make_device(config.display, footer=[KEY_HELP] if sim else ())
    except DisplayError as exc:
        print(f"bluffbox run: {exc}", file=sys.stderr)
        return 1
    display = Display(device, save_dir=args.screens)
    try:
        camera = make_camera(config.camera, seed=args.seed)
    except CameraError as exc:  # the table says so when it needs the dice
        log.error("%s", exc)
        camera = None
    sim_table: list[Any] = []

    def cup() -> tuple[int, int] | None:
        return sim_table[0].dice() if sim_table else None

    reader = args.reader
    if sim and reader == "camera" and config.camera.source == "sim":
        why = reader_works()
        if why is not None:
            log.warning("the dice reader cannot run (%s): the simulator reads its own cup", why)
            reader = "cup"
    eye: Any
    if camera is None:
        eye = CameraEye(_NoCamera(config.camera.spec))
    elif reader == "cup":
        eye = CupEye(camera, cup)
    else:
        eye = CameraEye(camera)

    hooks_factory = None
    if sim:
        from device.sim import SimTable

        def hooks_factory(names: Any, settings: Any, writer: Any, result: Any,
                          path: Path) -> Any:
            from device.doubting_sim import DoubtingSim
            from games.doubting.state import DoubtingSettings

            if isinstance(settings, DoubtingSettings):  # everyone's cups and the tray
                table = DoubtingSim(names, settings, args.seed, args.dice or "", camera,
                                    writer, miss=getattr(args, "miss_die", 0))
            else:
                table = SimTable(names, settings, args.seed, dice, camera, writer)
            if result is not None:
                table.restore(result.log.actions, path)
            sim_table[:] = [table]
            return table

    settings = BoxSettings(
        logs_dir=paths.logs_dir, photos_dir=paths.photos_dir, state_dir=paths.state_dir,
        players=config.game.players, strike_limit=config.game.strike_limit, names=names,
        variants=config.game.variants, game=config.game.name,
        header={"box": {"sim": sim, "seed": args.seed, "camera": config.camera.spec,
                        "reader": reader}})
    try:
        box = Box(settings, eye, hooks_factory)
    except OSError as exc:
        print(f"bluffbox run: {exc}", file=sys.stderr)
        return 1

    def show(view: Any) -> None:
        if sim and hasattr(device, "footer"):
            lines = sim_table[0].lines(box.table) if sim_table and box.table else []
            text = describe(view).split("\n")  # the screen in words: easier than the font
            device.footer = [f"screen: {text[0]}", *text[1:], KEY_HELP, *lines]
        display.show(render(view))

    stop = StopFlag()
    stop.install()
    try:
        buttons = KeyboardButtons() if sim else make_buttons(config.buttons, sim=False)
    except Exception as exc:
        print(f"bluffbox run: the buttons cannot be used: {exc}", file=sys.stderr)
        return 1
    script = sim and not getattr(buttons, "is_tty", False)
    with Notifier() as notifier:
        try:
            return run_loop(box, buttons, show, notifier=notifier, stop=stop,
                            hold_keys_while_busy=script)
        finally:
            buttons.close()
            if camera is not None:
                camera.close()
            display.close()


class _NoCamera:
    """Stands in for a camera that would not open: every look says why."""

    started = False

    def __init__(self, spec: str) -> None:
        self.spec = spec

    def start(self) -> None:
        raise RuntimeError(f"{self.spec} is not available (see `bluffbox doctor`)")

    def capture(self) -> Any:
        raise RuntimeError(f"{self.spec} is not available")


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "run", help="run the box (or --sim: the whole box in this terminal)",
        description="Referee a game of Bamboozled or Doubting Dice: setup with the buttons, "
        "the camera reads the dice, every action is logged (fsynced) and an unfinished game "
        "can be resumed. "
        "--sim plays it in a terminal: keys for the buttons, the OLED drawn in text.")
    p.add_argument("--config", metavar="PATH", help="TOML config (default: built-in defaults)")
    p.add_argument("--sim", action="store_true",
                   help="simulate the box in this terminal (terminal display, keyboard, "
                   "simulated table camera)")
    p.add_argument("--camera", metavar="SPEC",
                   help="frame source: sim, webcam, picamera2 or photos:DIR")
    p.add_argument("--screens", metavar="DIR", help="save every new screen as a numbered PNG")
    p.add_argument("--seed", type=int, default=0,
                   help="simulator: seed for the dice and the virtual deck (default 0)")
    p.add_argument("--dice", metavar="LIST",
                   help="simulator: the rolls to use first, e.g. 35,44,21 (Doubting Dice: "
                   "every cup's dice in turn, e.g. 14462,33516)")
    p.add_argument("--miss-die", type=int, default=0, metavar="N",
                   help="simulator, Doubting Dice: the camera misses a die on the first look "
                   "at each of the first N reveals (to see the box read again)")
    p.add_argument("--state-dir", metavar="DIR",
                   help="where game logs and photos go (simulator default ./var)")
    p.add_argument("--names", metavar="A,B,C", help="player names (default P1, P2, ...)")
    p.add_argument("--reader", choices=("camera", "cup"), default="camera",
                   help="simulator: read the dice with the camera (default) or trust the "
                   "simulated cup")
    p.set_defaults(run=run)
