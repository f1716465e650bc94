"""Shared pytest options. Keep fixtures in each package's own conftest.py."""

from __future__ import annotations

import pytest
from hypothesis import settings

# Properties are checked for what they hold, never for how fast: no example has a deadline
# (an emulated arm64 machine, or a busy one, runs a pure-math example 300 ms now and then).
settings.register_profile("bluffbox", deadline=None)
settings.load_profile("bluffbox")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite golden images (tests/device/golden/*.png) instead of comparing",
    )
