"""The examples in the device modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["device.font", "device.screens", "device.display", "device.notify"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0
