"""Shared fixtures for the vision tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.dataset import LabeledDie, match, photos_root
from vision.probe_scenes import Probe, probe_scene
from vision.types import Die

Look = Callable[..., list[Die]]


@pytest.fixture(scope="session")
def photos() -> Path:
    """The labeled photos (../shared/dice-photos or $BLUFFBOX_DICE_PHOTOS); skip if absent."""
    root = photos_root(Path(__file__).resolve().parents[2])
    if not (root / "table-white" / "labels.json").exists():
        pytest.skip(f"labeled dice photos not found at {root} (set BLUFFBOX_DICE_PHOTOS)")
    return root


@pytest.fixture
def dice_added_by(monkeypatch: pytest.MonkeyPatch,
                  ) -> Callable[[Look, Iterable[Probe]], list[Die]]:
    """Read scenes 0-3 of each probe with one of the reader's looks that add dice by
    themselves (``uncertain_looks.looked_at_pips``, ``uncertain_looks.looked_beside``)
    watched, where ``read_dice`` looks it up (``vision.reader``): the dice it added."""
    def run(look: Look, probes: Iterable[Probe]) -> list[Die]:
        added: list[Die] = []

        def watched(*args: Any) -> list[Die]:
            found = look(*args)
            added.extend(found)
            return found

        monkeypatch.setattr(R, look.__name__, watched)
        for probe in probes:
            for seed in range(4):
                R.read_dice(probe_scene(probe, seed)[0])
        return added
    return run


@pytest.fixture
def calls_of(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any, str], list[tuple[Any, ...]]]:
    """Watch a module's function (``module``, its ``name``) for the rest of the test: the
    list it returns fills with the arguments of each call, the function still doing its
    work (how many times a memo lets the checks make one look)."""
    def watch(module: Any, name: str) -> list[tuple[Any, ...]]:
        calls: list[tuple[Any, ...]] = []
        real = getattr(module, name)

        def watched(*args: Any) -> Any:
            calls.append(args)
            return real(*args)

        monkeypatch.setattr(module, name, watched)
        return calls
    return watch


@pytest.fixture
def without_missed_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader without its look for dice nothing marked (``vision.missed_dice``), for
    the tests of the other ways such a die is found: the count the game knows, a profile."""
    monkeypatch.setattr(R, "missed_dice", lambda *args: [])


OneLook = Callable[[Probe, int, str, Callable[[], None]], None]


@pytest.fixture
def read_by_that_look() -> OneLook:
    """Check that probe scene ``seed`` is read exactly right, nothing left uncertain, and
    one die short once ``without()`` turns a look off (through the test's monkeypatch): that
    look alone reads the die the test is about (``why``)."""
    def check(probe: Probe, seed: int, why: str, without: Callable[[], None]) -> None:
        image, drawn = probe_scene(probe, seed)
        reading = R.read_dice(image)
        assert match(reading.dice, probe_labels(drawn)).entirely_right, why
        assert reading.uncertain == (), why
        without()
        assert len(R.read_dice(image).dice) == len(drawn) - 1, why  # no other look reads it
    return check


OneCheck = Callable[[np.ndarray, tuple[LabeledDie, ...], str, Callable[[], None]], int]


@pytest.fixture
def told_by_that_check() -> OneCheck:
    """Check that ``image`` (its dice ``labels``) rules no die wrongly and leaves one
    uncertain for ``reason``, and rules a die wrongly once ``without()`` turns a check off
    (through the test's monkeypatch): that check tells the die the test is about. Returns
    how many dice are ruled wrong without it."""
    def check(image: np.ndarray, labels: tuple[LabeledDie, ...], reason: str,
              without: Callable[[], None]) -> int:
        reading = R.read_dice(image)
        assert score_reading(reading, labels)[2] == 0
        assert reason in [r.reason for r in reading.uncertain]
        without()
        ruled_wrong = score_reading(R.read_dice(image), labels)[2]
        assert ruled_wrong > 0
        return ruled_wrong
    return check
