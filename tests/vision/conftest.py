"""Shared fixtures for the vision tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.dataset import photos_root


@pytest.fixture(scope="session")
def photos() -> Path:
    """The labeled photos (../shared/dice-photos or $BLUFFBOX_DICE_PHOTOS); skip if absent."""
    root = photos_root(Path(__file__).resolve().parents[2])
    if not (root / "table-white" / "labels.json").exists():
        pytest.skip(f"labeled dice photos not found at {root} (set BLUFFBOX_DICE_PHOTOS)")
    return root
