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
import secrets
import sys
from typing import Any

log = logging.getLogger("bluffbox")


def _config(args: argparse.Namespace) -> Any:
    from device.core.config import for_sim, load_config, with_state_dir

    config = load_config(args.config, sim=args.sim)
    if args.sim:
        config = for_sim(config, args.camera)
    elif args.camera:
        from device.core.config import parse_camera_spec

        kind, photos = parse_camera_spec(args.camera)
        config = dataclasses.replace(
            config, camera=dataclasses.replace(config.camera, source=kind, photos_dir=photos))
    return with_state_dir(config, args.state_dir or None)


def run(args: argparse.Namespace) -> int:
    # In a terminal the simulator redraws the screen in place: only warnings go there.
    quiet = args.sim and sys.stdout.isatty() and sys.stderr.isatty()
    if quiet:  # OpenCV's own warnings (the dice reader) would shift the in-place screen
        os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, stream=sys.stderr,
                        format="bluffbox: %(levelname)s: %(message)s")
    from device.core.config import ConfigError

    try:
        config = _config(args)
    except (ConfigError, ValueError) as exc:
        print(f"bluffbox run: {exc}", file=sys.stderr)
        return 2
    if args.names:
        from device.core.config import parse_names

        try:
            parse_names(args.names)
        except ValueError as exc:
            print(f"bluffbox run: --names: {exc}", file=sys.stderr)
            return 2
    if args.dice:
        problem = _dice_problem(args.dice)
        if problem is not None:
            print(f"bluffbox run: --dice: {problem}", file=sys.stderr)
            return 2
    if args.seed is None:  # every new simulated game its own dice, unless --seed says
        args.seed = secrets.randbelow(1_000_000)
    if args.sim:
        print(f"bluffbox run: seed {args.seed} (--seed {args.seed} plays these dice again)",
              file=sys.stderr)
    return _run(args, config)


def _dice_problem(text: str) -> str | None:
    """None when some game's simulator can play the scripted ``--dice``; else the first
    game's complaint."""
    from device.registry import GAMES

    problems = []
    for game in GAMES:
        if game.sim_dice is None:
            continue
        try:
            game.sim_dice(text)
        except ValueError as exc:
            problems.append(str(exc))
        else:
            return None
    return problems[0] if problems else None


def _run(args: argparse.Namespace, config: Any) -> int:
    """Assemble the box (hardware, eyes, games, simulator) and run its loop."""
    from device.core.box import Box, BoxSettings, StopFlag, run_loop
    from device.core.flow import SimHooks
    from device.core.game import GameRecord
    from device.core.ports import SimOptions
    from device.hw.box_eyes import BoxEyes
    from device.hw.buttons import KEY_HELP
    from device.hw.display import DisplayError
    from device.hw.eyes import reader_works
    from device.hw.hardware import open_hardware
    from device.hw.photos import PhotoKeeper
    from device.hw.sd_notify import Notifier
    from device.registry import GAMES
    from device.ui.views import describe, render

    sim = args.sim
    paths = config.paths
    from device.core.config import parse_names

    names = list(parse_names(args.names)) if args.names else list(config.game.names)
    try:
        hw = open_hardware(config, sim=sim, screens_dir=args.screens, seed=args.seed,
                           camera_optional=True)
    except DisplayError as exc:
        print(f"bluffbox run: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:
        print(f"bluffbox run: the buttons cannot be used: {exc}", file=sys.stderr)
        return 1
    if hw.camera_problem is not None:  # the flow says so when it needs the dice
        log.error("%s", hw.camera_problem)

    reader = args.reader
    if reader == "camera":  # loaded and warmed now, not at the first ruling
        why = reader_works()
        if why is not None and sim and config.camera.source == "sim":
            log.warning("the dice reader cannot run (%s): the simulator reads its own cup", why)
            reader = "cup"
        elif why is not None:  # the flow asks for the dice by hand when it needs them
            log.error("the dice reader cannot run: %s", why)

    eyes = BoxEyes(hw.camera, paths.state_dir, cup=reader == "cup", sim=sim, seed=args.seed,
                   asks=config.teach)

    def simulate(game: GameRecord, names: Any, settings: Any, writer: Any) -> SimHooks | None:
        if game.simulator is None:
            return None
        options = SimOptions(seed=args.seed, dice=args.dice or "", camera=hw.camera,
                             notes=writer, miss=args.miss_die)
        return game.simulator(names, settings, options)

    settings = BoxSettings(
        logs_dir=paths.logs_dir, photos_dir=paths.photos_dir, state_dir=paths.state_dir,
        players=config.game.players, strike_limit=config.game.strike_limit, names=names,
        variants=config.game.variants, game=config.game.name,
        tray_capacity=config.game.tray_capacity, min_free_mb=paths.min_free_mb,
        header={"box": {"sim": sim, "seed": args.seed, "camera": config.camera.spec,
                        "reader": reader}})
    try:
        box = Box(settings, GAMES, eyes.for_game, simulate=simulate if sim else None,
                  photo_factory=lambda gid: PhotoKeeper(paths.photos_dir, gid,
                                                        base=paths.state_dir,
                                                        min_free_mb=paths.min_free_mb),
                  teach=eyes.teach)
    except OSError as exc:
        hw.close()
        print(f"bluffbox run: {exc}", file=sys.stderr)
        return 1
    device = hw.display.device

    def show(view: Any) -> None:
        if sim and hasattr(device, "footer"):
            text = describe(view).split("\n")  # the screen in words: easier than the font
            device.footer = [f"screen: {text[0]}", *text[1:], KEY_HELP, *box.lines()]
        hw.display.show(render(view))

    stop = StopFlag()
    stop.install()
    script = sim and not getattr(hw.buttons, "is_tty", False)
    with Notifier() as notifier:
        try:
            return run_loop(box, hw.buttons, show, notifier=notifier, stop=stop,
                            hold_keys_while_busy=script)
        finally:
            hw.close()


def _count(text: str) -> int:
    """A whole number >= 0 (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "run", help="run the box (or --sim: the whole box in this terminal)",
        description="Referee any game the box knows (its menu lists them): setup "
        "with the buttons, the camera reads the dice, every action is logged (fsynced) and "
        "an unfinished game can be resumed. "
        "--sim plays it in a terminal: keys for the buttons, the OLED drawn in text.")
    p.add_argument("--config", metavar="PATH", help="TOML config (default: built-in defaults)")
    p.add_argument("--sim", action="store_true",
                   help="simulate the box in this terminal (terminal display, keyboard, "
                   "simulated table camera)")
    p.add_argument("--camera", metavar="SPEC",
                   help="frame source: sim, webcam, picamera2 or photos:DIR")
    p.add_argument("--screens", metavar="DIR", help="save every new screen as a numbered PNG")
    p.add_argument("--seed", type=int, default=None,
                   help="simulator: seed for the dice and the virtual deck (default: a new "
                   "random one, printed and kept in the log header, so a game can be replayed)")
    p.add_argument("--dice", metavar="LIST",
                   help="simulator: the rolls to use first, e.g. 35,44,21 (Doubting Dice: "
                   "every cup's dice in turn, e.g. 14462,33516)")
    p.add_argument("--miss-die", type=_count, default=0, metavar="N",
                   help="simulator, Doubting Dice: the camera misses a die on the first look "
                   "at each of the first N reveals (to see the box read again)")
    p.add_argument("--state-dir", metavar="DIR",
                   help="where game logs and photos go (simulator default ./var)")
    p.add_argument("--names", metavar="A,B,C", help="player names (default P1, P2, ...)")
    p.add_argument("--reader", choices=("camera", "cup"), default="camera",
                   help="simulator: read the dice with the camera (default) or trust the "
                   "simulated cup")
    p.set_defaults(run=run)
