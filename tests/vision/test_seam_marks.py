"""With every die the game counts read, a mark on the seam of read dice is no die
(``vision.seam_marks``)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from vision.bench import box_ruling, probe_labels
from vision.dataset import load_folder, read_photo
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice
from vision.seam_marks import COVERED, cover, seam_mark, without_seam_marks
from vision.types import TOUCHING_DICE, Die, Reading, Region, verdict

LEFT = Die(2, (20.0, 20.0), (0, 0, 40, 40), 0.99)
RIGHT = Die(4, (60.0, 20.0), (40, 0, 80, 40), 0.99)


def reading(*places: Region, expect: int | None = 2) -> Reading:
    dice = (LEFT, RIGHT)
    return Reading(dice, places, expect, 0.0, verdict(dice, places, expect))


def test_a_place_beside_or_under_one_read_die_stands_though_the_count_is_met() -> None:
    beside = Region((100.0, 20.0), (80, 0, 120, 40), TOUCHING_DICE, 0.4)  # touches RIGHT
    half = Region((40.0, 40.0), (20, 20, 60, 60), TOUCHING_DICE, 0.4)  # half under the dice
    under_one = Region((70.0, 20.0), (56, 6, 84, 34), TOUCHING_DICE, 0.4)  # mostly RIGHT's
    r = reading(beside, half, under_one)
    assert without_seam_marks(r) == r and r.problem == "3 dice could not be read"
    assert cover(under_one.box, r.dice)[0] > COVERED and not seam_mark(under_one.box, r.dice)


def test_a_seam_mark_goes_only_with_the_count_met() -> None:
    seam = Region((40.0, 20.0), (22, 2, 58, 38), TOUCHING_DICE, 0.3)
    assert without_seam_marks(reading(seam)).problem is None
    for expect in (None, 1, 3):  # no count, or a count the read dice do not meet
        r = reading(seam, expect=expect)
        assert without_seam_marks(r) == r


boxes = st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(1, 40), st.integers(1, 40))


@given(boxes, st.lists(boxes, max_size=4))
def test_more_dice_never_cover_less(place: tuple[int, int, int, int],
                                    under: list[tuple[int, ...]]) -> None:
    x, y, w, h = place
    dice = tuple(Die(1, (0.0, 0.0), (a, b, a + c, b + d), 0.9) for a, b, c, d in under)
    covers = [cover((x, y, x + w, y + h), dice[:k]) for k in range(len(dice) + 1)]
    assert all(0.0 <= share <= 1.0 and 0 <= parts <= k for k, (share, parts) in enumerate(covers))
    assert covers == sorted(covers)


def test_two_touching_dice_told_apart_are_ruled_on_when_the_count_is_known() -> None:
    """Touching-dice scene 11: four dice read surely, and a mark on the seam of a pair left
    an uncertain place. Told that four dice lie there (as the box is), the box rules."""
    img, drawn = probe_scene(Probe.TOUCHING_DICE, 11)
    labels = probe_labels(drawn)
    told = read_dice(img, expect=len(labels))
    assert told.uncertain == () and told.problem is None
    assert box_ruling(told, labels) == (True, False)
    alone = read_dice(img)  # no count (``bluffbox dice`` without --expect): the place stays
    assert told.dice == alone.dice and [u.reason for u in alone.uncertain] == [TOUCHING_DICE]
    assert seam_mark(alone.uncertain[0].box, alone.dice)


def test_a_tray_of_22_dice_read_whole_is_ruled_on(photos: Path) -> None:
    """A seam mark between a red two and a green four (``IMG_20191208_111246``) kept the box
    from ruling on 22 dice all read surely."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191208_111246.jpg")
    image = read_photo(photo.path)
    told = read_dice(image, expect=len(photo.dice))
    assert len(told.dice) == 22 and told.uncertain == ()
    assert box_ruling(told, photo.dice) == (True, False)
    alone = read_dice(image)
    assert alone.dice == told.dice and [u.reason for u in alone.uncertain] == [TOUCHING_DICE]
