"""Device test fixtures: golden-image comparison on luma's dummy device.

Regenerate the goldens after an intended change to a screen with either::

    .venv/bin/python -m pytest tests/device --update-goldens
    BLUFFBOX_UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/device

then look at the PNGs in tests/device/golden/ before committing them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

GOLDEN_DIR = Path(__file__).with_name("golden")


def _updating(config: pytest.Config) -> bool:
    try:
        flag = bool(config.getoption("--update-goldens"))
    except ValueError:  # option not registered (tests/conftest.py not loaded)
        flag = False
    return flag or os.environ.get("BLUFFBOX_UPDATE_GOLDENS") == "1"


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, Image.Image], None]:
    """``golden(name, image)``: compare ``image`` with ``golden/<name>.png`` (or rewrite)."""

    def check(name: str, image: Image.Image) -> None:
        path = GOLDEN_DIR / f"{name}.png"
        image = image.convert("1")
        if _updating(request.config):
            GOLDEN_DIR.mkdir(exist_ok=True)
            image.save(path)
            return
        assert path.exists(), f"no golden {path.name}: run pytest with --update-goldens"
        expected = Image.open(path).convert("1")
        assert expected.size == image.size
        diff = ImageChops.difference(expected.convert("L"), image.convert("L")).getbbox()
        if diff is not None:
            out = Path(os.environ.get("BLUFFBOX_GOLDEN_OUT", "/tmp")) / f"{name}.actual.png"
            image.save(out)
            pytest.fail(f"{name} differs from its golden in {diff}; actual saved to {out}"
                        " (if intended, rerun with --update-goldens)")

    return check
