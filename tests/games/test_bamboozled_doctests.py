"""The examples in the Bamboozled modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["games.scores", "games.cards", "games.bamboozled", "games.odds"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
