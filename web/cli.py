"""``bluffbox web`` and ``bluffbox stats``: the parsers and what they run.

The box's config is read by the command modules in ``device`` (``device/cli/web.py``,
``device/cli/stats.py``), which hand this module plain paths, host and port; ``web``
never imports ``device``.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

Run = Callable[[argparse.Namespace], int]


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", metavar="PATH",
                   help="the box's TOML config (default: built-in defaults)")
    p.add_argument("--state-dir", metavar="DIR",
                   help="where the box keeps game logs and photos (default: the config's"
                        " [paths] state_dir, /var/lib/bluffbox; the simulator uses ./var)")


def add_web_parser(sub: Any, run: Run) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "web", help="serve the read-only scoreboard (live table, history, statistics)",
        description="Serve the scoreboard to phones on the table's network: the live table "
        "of the running game, every past game with the photos behind its rulings, and "
        "statistics. It only reads the state directory.")
    _common(p)
    p.add_argument("--host", help="address to listen on (default: the config's [web] host,"
                   " 0.0.0.0)")
    p.add_argument("--port", type=int, help="port (default: the config's [web] port, 8080)")
    p.set_defaults(run=run)
    return p


def add_stats_parser(sub: Any, run: Run) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "stats", help="statistics across every game: players, faces, fairness",
        description="The numbers of the scoreboard's statistics page: per player bluffs, "
        "challenges and cards; every camera-read face and two-dice score with a chi-square "
        "test of fairness.")
    _common(p)
    p.add_argument("--json", action="store_true", help="print JSON (the page's /api/stats)")
    p.set_defaults(run=run)
    return p


def serve(state_dir: Path, logs_dir: Path, host: str, port: int) -> int:
    """Run the scoreboard until stopped (SIGINT/SIGTERM); an exit code."""
    import uvicorn

    from web.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("bluffbox.web").info("scoreboard on http://%s:%d/ reading %s",
                                           host, port, state_dir)
    app = create_app(state_dir, logs_dir)
    try:
        uvicorn.run(app, host=host, port=port, log_level="info", access_log=False,
                    server_header=False, limit_concurrency=400, timeout_keep_alive=5,
                    timeout_graceful_shutdown=2, h11_max_incomplete_event_size=16 * 1024)
    except OSError as exc:  # e.g. the port is taken
        print(f"bluffbox web: cannot listen on {host}:{port}: {exc.strerror}", file=sys.stderr)
        return 1
    return 0


def print_stats(state_dir: Path, logs_dir: Path, as_json: bool, out: IO[str] | None = None
                ) -> int:
    """Print the statistics of every game under ``state_dir``."""
    from web.stats import collect, to_text
    from web.store import StateDir

    out = out if out is not None else sys.stdout
    stats = collect(StateDir(state_dir, logs_dir).games())
    out.write(json.dumps(stats.to_json(), indent=2) + "\n" if as_json else to_text(stats))
    return 0
