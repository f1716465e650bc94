"""The examples in the scoreboard's docstrings (and the tally hook's) run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["web.reading", "web.chisq", "web.charts", "games.tally"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
