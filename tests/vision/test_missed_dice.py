"""A clean die the detector marked not at all is found as a square blob on the floor of the
dice read (``vision.missed_dice``); a die-shaped thing without pips is not."""

from __future__ import annotations

import cv2
import pytest

from vision import reader as R
from vision.bench import probe_labels
from vision.dataset import match
from vision.probe_scenes import Probe, probe_scene

MISSED = {  # tray-on-table scenes where the detector marked one clean die not at all
    37: "a green one beside a green two on slate",
    68: "a white one with a dark pip",
    87: "a 32 px six",
    105: "the second of two sixes",
    212: "a two beside a six",
    246: "a three beside a one",
}


@pytest.mark.parametrize("seed", sorted(MISSED))
def test_a_die_nothing_marked_is_found_as_a_square_blob_on_the_dice_floor(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    image, drawn = probe_scene(Probe.TRAY_ON_TABLE, seed)
    reading = R.read_dice(image)
    scored = match(reading.dice, probe_labels(drawn))
    assert scored.entirely_right and reading.uncertain == (), MISSED[seed]
    monkeypatch.setattr(R, "missed_dice", lambda *args: [])
    assert len(R.read_dice(image).dice) == len(drawn) - 1  # no other look finds it


@pytest.mark.parametrize("thing", ["a blank square counter", "a coin", "a card"])
def test_a_die_shaped_thing_without_pips_is_no_missed_die(thing: str) -> None:
    image, drawn = probe_scene(Probe.TRAY_ON_TABLE, 37)
    (x, y), side = (180, 280), int(0.85 * drawn[0].side)  # on the slate tray, apart from the dice
    colour = (40, 160, 40)  # the dice's green
    if thing == "a blank square counter":
        cv2.rectangle(image, (x, y), (x + side, y + side), colour, -1)
    elif thing == "a coin":
        cv2.circle(image, (x + side // 2, y + side // 2), side // 2, (60, 180, 200), -1)
    else:
        cv2.rectangle(image, (x, y), (x + side, y + int(1.4 * side)), (230, 230, 230), -1)
    reading = R.read_dice(image)
    assert sorted(d.value for d in reading.dice) == sorted(d.value for d in drawn), thing


def test_the_slanted_webcam_s_red_two_with_no_detector_peak_is_read() -> None:
    """Slanted-wood scene 7: a 67 px red two beside a cream three gets no detector peak
    (only the count the game knows, or a taught profile, found it before); its blob on the
    wood's grey is read as the two."""
    image, drawn = probe_scene(Probe.SLANTED_WOOD, 7)
    reading = R.read_dice(image)
    assert sorted(d.value for d in reading.dice) == [2, 3] and reading.uncertain == ()
    assert match(reading.dice, probe_labels(drawn)).entirely_right
