"""``bluffbox web``: the scoreboard (:mod:`web.cli`), with host, port and paths from the config."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

from web import cli


def add_parser(sub: Any) -> None:
    cli.add_web_parser(sub, run)


def config_for(args: argparse.Namespace) -> Any:
    """The config with ``--state-dir`` applied; ``None`` (after saying why) if it is bad."""
    from device.core.config import ConfigError, load_config

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return None
    if args.state_dir:
        config = dataclasses.replace(
            config, paths=dataclasses.replace(config.paths, state_dir=Path(args.state_dir)))
    return config


def run(args: argparse.Namespace) -> int:
    config = config_for(args)
    if config is None:
        return 2
    if not config.web.enabled:
        print(f"bluffbox web: turned off in {config.source} ([web] enabled = false)",
              file=sys.stderr)
        return 0
    return cli.serve(config.paths.state_dir, config.paths.logs_dir,
                     args.host or config.web.host, args.port or config.web.port)
