"""Shared pytest options. Keep fixtures in each package's own conftest.py."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite golden images (tests/device/golden/*.png) instead of comparing",
    )
