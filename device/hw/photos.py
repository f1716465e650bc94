"""The photo behind every ruling: one JPEG per read action, kept with the game.

``PhotoKeeper(photos_dir, game_id, base=state_dir).save(frame, n)`` writes
``photos_dir/<game-id>/<n>.jpg`` (n = the action's number in the game log, zero-padded;
``<n>-<part>.jpg`` for each batch of a reading poured in parts),
fsyncs it, and returns its path relative to ``base`` for the action's log ``meta``.
A photo that cannot be written is reported (``None``) but never stops the game.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class PhotoKeeper:
    def __init__(self, photos_dir: str | Path, game_id: str, base: str | Path | None = None,
                 quality: int = 90) -> None:
        self.folder = Path(photos_dir) / game_id
        self.base = Path(base) if base is not None else None
        self.quality = quality

    def path_for(self, n: int, part: int | None = None) -> Path:
        return self.folder / (f"{n:04d}.jpg" if part is None else f"{n:04d}-{part}.jpg")

    def save(self, frame: Any, n: int, part: int | None = None) -> str | None:
        """Write ``frame`` (BGR) as the photo of action ``n`` (``part``: a batch of it);
        its path for the log."""
        import cv2

        path = self.path_for(n, part)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, self.quality])
            if not ok:
                raise OSError("JPEG encoding failed")
            with open(path, "wb") as fh:
                fh.write(data.tobytes())
                fh.flush()
                os.fsync(fh.fileno())
        except (OSError, cv2.error) as exc:
            log.warning("could not keep the photo %s: %s", path, exc)
            return None
        if self.base is not None:
            try:
                return str(path.resolve().relative_to(self.base.resolve()))
            except ValueError:
                pass
        return str(path)

    def __call__(self, frame: Any, n: int, part: int | None = None) -> str | None:
        return self.save(frame, n, part)
