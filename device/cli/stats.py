"""``bluffbox stats``: the scoreboard's statistics (:mod:`web.cli`) on the command line."""

from __future__ import annotations

import argparse
from typing import Any

from device.cli.web import config_for
from web import cli


def add_parser(sub: Any) -> None:
    cli.add_stats_parser(sub, run)


def run(args: argparse.Namespace) -> int:
    config = config_for(args)
    if config is None:
        return 2
    return cli.print_stats(config.paths.state_dir, config.paths.logs_dir, args.json)
