"""Uncertain places read once more as dice of the set's size (``vision.set_size``,
``uncertain_looks.looked_at_set_size``)."""

from __future__ import annotations

import pytest

from vision.bench import probe_labels, score_reading
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice


@pytest.mark.parametrize("seed", [8, 10, 58])
def test_a_one_beside_its_partner_marked_at_another_size_is_read(seed: int) -> None:
    """Touching-dice scenes 8, 10 and 58: a one (a red one, a blue one by a four, a two's
    partner) was boxed at another size than its partner (scene 10: its pip alone, 28 px on
    a 46 px die) and left uncertain. Read again at its partner's size, it is read."""
    image, drawn = probe_scene(Probe.TOUCHING_DICE, seed)
    reading = read_dice(image)
    scored, _, ruled_wrong = score_reading(reading, probe_labels(drawn))
    assert scored.entirely_right and reading.uncertain == () and not ruled_wrong
