"""The simulator's notes in a game log: what a simulated table writes so that a restarted
simulator rebuilds the same cups (``{"type": "note", "sim": {...}}``, ignored by replay)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def sim_notes(log_path: str | Path) -> list[dict[str, Any]]:
    """The simulator's notes in a game log (``{"type": "note", "sim": {...}}``), in order."""
    notes = []
    for line in Path(log_path).read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and record.get("type") == "note" and "sim" in record:
            notes.append(record["sim"])
    return notes


__all__ = ["sim_notes"]
