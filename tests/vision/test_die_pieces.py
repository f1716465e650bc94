"""A die the detector marked in pieces is read whole, as the one blob unlike the floor it is
(``vision.die_pieces``), and a three whose pips alone were marked is read by its pips."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import candidates as C
from vision import die_pieces
from vision import reader as R
from vision.bench import probe_labels
from vision.dataset import match
from vision.die_pieces import blob_around, whole_dice
from vision.locate import frames
from vision.probe_scenes import Probe, probe_scene
from vision.types import UNREAD, Die, Region, box_side, square_box
from vision.uncertain_looks import pressed_sure

IN_PIECES = {  # tray-on-table scenes whose one clean die the detector marked in pieces
    8: "a red six on slate, read, and a sliver beside it left 'touching'",
    12: "a green two on brown: its two pips marked as dice 16-21 px",
    13: "a red two on purple by the tray's rim, read, and a copy of it off to one side",
    14: "a black two on deep purple, marked as two halves",
    25: "a green three on grey, marked in three pieces",
    48: "a blue three with gold pips on brown, marked in two pieces",
    56: "a red two on brown, marked as a half and a pip",
    163: "a 43 px six read twice, as two sixes 20 px apart, both sure",
}


@pytest.mark.parametrize("seed", sorted(IN_PIECES))
def test_a_die_marked_in_pieces_is_read_whole(seed: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    image, drawn = probe_scene(Probe.TRAY_ON_TABLE, seed)
    monkeypatch.setattr(C, "FAINT_FRAME", 0.0)  # a faint frame's local look reads some too
    reading = R.read_dice(image)
    scored = match(reading.dice, probe_labels(drawn))
    assert scored.entirely_right and reading.uncertain == (), IN_PIECES[seed]
    monkeypatch.setattr(R, "whole_dice", lambda full, f, read, unsure, sure: (read, unsure))
    without = R.read_dice(image)
    assert without.uncertain != () or without.dice != reading.dice  # no other look reads it


def test_a_three_whose_pips_alone_were_marked_is_read_by_them() -> None:
    """Tray-on-table scene 26: a 74 px green three on pink. The detector marked its three
    pips as dice of 15-17 px, each "pips too small to count"; as pips they are grouped and
    the three is read (``uncertain_looks.looked_at_pips``)."""
    image, drawn = probe_scene(Probe.TRAY_ON_TABLE, 26)
    reading = R.read_dice(image)
    assert [d.value for d in reading.dice] == [3] and reading.uncertain == ()
    assert match(reading.dice, probe_labels(drawn)).entirely_right


def _floor(colour: tuple[int, int, int] = (90, 40, 60)) -> np.ndarray:
    return np.full((240, 320, 3), colour, np.uint8)


def _die(img: np.ndarray, x0: int, y0: int, side: int = 60,
         colour: tuple[int, int, int] = (40, 40, 200)) -> np.ndarray:
    out = cv2.rectangle(img.copy(), (x0, y0), (x0 + side - 1, y0 + side - 1), colour, -1)
    for dx, dy in ((0.25, 0.25), (0.75, 0.75)):
        out = cv2.circle(out, (int(x0 + dx * side), int(y0 + dy * side)), 6, (240, 240, 240),
                         -1)
    return out


def test_a_piece_of_a_die_on_a_plain_floor_gives_the_whole_die() -> None:
    (x, y), side, _ = blob_around(_die(_floor(), 130, 90), (150.0, 110.0), 28.0) or (
        (0.0, 0.0), 0.0, 0.0)
    assert abs(x - 159.5) < 2 and abs(y - 119.5) < 2 and abs(side - 60) < 3


def _grainy_felt_die() -> np.ndarray:
    """A pink die on blue felt whose grain (noise of 16 grey levels) is as strong as the
    die's body is unlike it (the marbled set's translucent dice, round 66)."""
    rng = np.random.default_rng(3)
    felt = np.full((240, 320, 3), (190, 110, 120), np.float32) + rng.normal(0, 16, (240, 320, 3))
    felt[90:150, 130:190] = (150, 125, 185)
    img = np.clip(felt, 0, 255).astype(np.uint8)
    for dx, dy in ((0.25, 0.25), (0.75, 0.75)):
        img = cv2.circle(img, (int(130 + dx * 60), int(90 + dy * 60)), 6, (240, 240, 240), -1)
    return img


def test_a_piece_of_a_die_on_grainy_felt_gives_the_whole_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the look shows no square at all, it is smoothed (``GRAIN``) and looked at again:
    the felt's grain goes, the die's body stays."""
    img, at = _grainy_felt_die(), (166.0, 108.0)  # a place on the die's body, off its pips
    (x, y), side, _ = blob_around(img, at, 28.0) or ((0.0, 0.0), 0.0, 0.0)
    assert abs(x - 159.5) < 2 and abs(y - 119.5) < 2 and abs(side - 60) < 4
    monkeypatch.setattr(die_pieces, "GRAIN", 1e-3)  # not smoothed: the grain hides it
    assert blob_around(img, at, 28.0) is None


@pytest.mark.parametrize("scene", ["busy floor", "two dice touching", "a pile",
                                   "beyond the look", "the whole die"])
def test_no_blob_is_a_die_where_it_is_not_one_closed_square(scene: str) -> None:
    img, at, side = _die(_floor(), 130, 90), (150.0, 110.0), 28.0
    if scene == "busy floor":  # a chequered cloth: the die joins its squares
        cloth = _floor()
        for y in range(0, 240, 24):
            for x in range(24 * ((y // 24) % 2), 320, 48):
                cloth[y:y + 24, x:x + 24] = (200, 200, 120)
        img = _die(cloth, 130, 90)
    elif scene == "two dice touching":
        img = _die(img, 190, 90, colour=(40, 160, 40))
    elif scene == "a pile":
        img = _die(_die(img, 170, 120, colour=(200, 80, 40)), 110, 140)
    elif scene == "beyond the look":  # a die far larger than the place: a tray, a box
        img = cv2.rectangle(_floor(), (20, 20), (300, 220), (40, 40, 200), -1)
    else:
        at, side = (159.5, 119.5), 60.0
    assert blob_around(img, at, side) is None


def test_a_die_read_there_as_another_value_is_neither_overruled_nor_ruled_on() -> None:
    image, (drawn,) = probe_scene(Probe.TRAY_ON_TABLE, 14)  # a black two on deep purple
    fr = frames(image)
    piece = Region((drawn.center[0] - 15, drawn.center[1]),
                   square_box((drawn.center[0] - 15, drawn.center[1]), 0.5 * drawn.side),
                   "dice touching: spread them", 0.5)
    other = Die(5, drawn.center, square_box(drawn.center, drawn.side), 0.9)
    dice, left = whole_dice(fr.full, fr.full_px, [other], [piece], pressed_sure())
    assert dice == [] and len(left) == 1  # the die, its piece and the read five: one place
    (whole,) = left
    assert whole.reason == UNREAD and whole.confidence == 0.9
    assert abs(box_side(whole.box) - drawn.side) < 0.2 * drawn.side
    assert np.hypot(whole.center[0] - drawn.center[0], whole.center[1] - drawn.center[1]) < 5
    dice, left = whole_dice(fr.full, fr.full_px, [], [piece], pressed_sure())
    assert [d.value for d in dice] == [2] and left == []


def test_a_half_of_a_die_read_as_another_value_is_not_ruled_on() -> None:
    """Lone-dice scene 487: a 98 px two on a pale floor, marked in halves; one half was read
    surely as a one, and the whole die, read by all four classifiers as a two, was not
    allowed to overrule it, so the box would have ruled on a one."""
    image, drawn = probe_scene(Probe.LONE_DICE, 487)
    reading = R.read_dice(image)
    two = next(d for d in drawn if d.value == 2)
    assert sorted(d.value for d in reading.dice) == [3, 6]
    (region,) = reading.uncertain
    assert np.hypot(region.center[0] - two.center[0], region.center[1] - two.center[1]) < 10

