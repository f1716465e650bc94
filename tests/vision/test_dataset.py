"""Scoring a reading against labels."""

from __future__ import annotations

from vision.dataset import LabeledDie, match, split_of
from vision.types import Die


def _die(v: int, x: float, y: float) -> Die:
    return Die(v, (x, y), (int(x) - 5, int(y) - 5, int(x) + 5, int(y) + 5), 1.0)


def test_match_counts_found_right_false() -> None:
    labels = (LabeledDie(3, (0, 0, 40, 40)), LabeledDie(5, (100, 0, 140, 40)))
    s = match([_die(3, 20, 20), _die(4, 120, 20), _die(2, 300, 300)], labels)
    assert (s.labeled, s.found, s.right, s.false) == (2, 2, 1, 1)
    assert not s.entirely_right
    assert match([_die(3, 44, 20), _die(5, 120, 20)], labels).entirely_right  # grown box
    assert match([_die(3, 20, 20)], labels).misses == (1,)


def test_one_die_matches_one_label() -> None:
    labels = (LabeledDie(3, (0, 0, 40, 40)),)
    s = match([_die(3, 20, 20), _die(3, 22, 20)], labels)
    assert (s.found, s.false) == (1, 1)


def test_split_is_stable() -> None:
    names = [f"dice_{i}.jpg" for i in range(500)]
    held = [n for n in names if split_of(n) == "heldout"]
    assert 60 < len(held) < 140
    assert held == [n for n in names if split_of(n) == "heldout"]
