"""``bluffbox`` command line: one sub-command per module of this package.

Each command module defines ``add_parser(subparsers)`` (registering itself, with
``set_defaults(run=...)``); a command's heavy imports (OpenCV, luma, gpiozero) happen
inside its ``run``. :mod:`device.cli.run` is the only place that assembles a box.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from device.cli import dice, doctor, odds, replay, run, stats, teach, web

#: The sub-commands, in the order ``--help`` lists them.
COMMANDS = (run, replay, dice, teach, odds, doctor, web, stats)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bluffbox",
        description="Referee for bluffing dice games played with real dice.",
        epilog="Try it on a laptop: bluffbox run --sim   (the whole box in this terminal). "
        "Each command has its own --help.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
