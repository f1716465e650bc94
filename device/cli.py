"""``bluffbox`` command line: one sub-command per module ``device.cli_<name>``.

Each command module defines ``add_parser(subparsers)`` (registering itself, with
``set_defaults(run=...)``); modules are imported only when the CLI starts, and a
command's heavy imports (OpenCV, luma, gpiozero) happen inside its ``run``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS = ("run", "replay", "dice", "teach", "odds", "doctor")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bluffbox",
        description="Referee for bluffing dice games played with real dice.",
        epilog="Try it on a laptop: bluffbox run --sim   (the whole box in this terminal). "
        "Each command has its own --help.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"device.cli_{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"device.cli_{name}":
                raise
            continue
        module.add_parser(sub)
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


if __name__ == "__main__":
    sys.exit(main())
