"""Notes in a game log (ignored by replay): the simulator's (what a simulated table writes
so that a restarted simulator rebuilds the same cups, ``{"type": "note", "sim": {...}}``)
and the box's pending press (``{"type": "note", "pressed": "CHALLENGE"}``: a button that
started a camera look, written before the look, so that after a power cut before the
look's action the resumed screen can say what to press again)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _records(log_path: str | Path) -> list[dict[str, Any]]:
    records = []
    for line in Path(log_path).read_bytes().splitlines():
        try:
            record = json.loads(line.decode("utf-8"))
        except ValueError:  # also a line that is not UTF-8: replay says what is wrong
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def sim_notes(log_path: str | Path) -> list[dict[str, Any]]:
    """The simulator's notes in a game log (``{"type": "note", "sim": {...}}``), in order."""
    return [r["sim"] for r in _records(log_path) if r.get("type") == "note" and "sim" in r]


def pending_press(log_path: str | Path) -> str | None:
    """The button whose action never reached the log (a ``pressed`` note after the last
    action), or None."""
    pressed = None
    for record in _records(log_path):
        if record.get("type") == "action":
            pressed = None
        elif record.get("type") == "note" and isinstance(record.get("pressed"), str):
            pressed = record["pressed"]
    return pressed


__all__ = ["pending_press", "sim_notes"]
