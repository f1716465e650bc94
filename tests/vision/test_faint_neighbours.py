"""A die pressed against another, marked too faintly to keep (``vision.faint_neighbours``,
``uncertain_looks.looked_beside``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vision.bench import box_ruling, probe_labels
from vision.dataset import load_folder, match, read_photo
from vision.faint_neighbours import worth_reading
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice
from vision.uncertain_looks import looked_beside


def test_a_white_five_pressed_under_another_is_read() -> None:
    """Touching-dice scene 50: two white fives on dark cloth, one just below the other. The
    first look gave the pair one peak; the lower five's was 0.21 high, under ``KEEP``, and
    it was never read. Beside a read die of its size, it is read by all four classifiers."""
    image, drawn = probe_scene(Probe.TOUCHING_DICE, 50)
    reading = read_dice(image)
    scored = match(reading.dice, probe_labels(drawn))
    assert scored.entirely_right


def test_a_die_wedged_between_two_boxed_too_large_is_read_smaller(photos: Path) -> None:
    """``IMG_20191208_113012`` (tray-colored): a maroon four with red pips, wedged between a
    yellow six and a purple one. The detector marked it (0.26 high) but boxed it 48 px
    where it is 36, taking in both neighbours' edges; no classifier took that crop for a
    die and it was never read. Read again at ``SHRUNK`` x its box, all four read a four."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191208_113012.jpg")
    scored = match(read_dice(read_photo(photo.path)).dice, photo.dice)
    assert scored.entirely_right, (scored.misses, scored.wrong)


def test_told_the_count_the_wedged_die_is_read_as_well(photos: Path) -> None:
    """The same four, told that 8 dice lie there (as the box is): the faint mark is then read
    for the count (``candidates.with_faint``) and, unsure at 48 px, left an uncertain place,
    which kept the look beside from reading the four there, so the box asked for a re-read
    of a photo the plain reader reads whole. The look beside reads there too, and the four
    it reads stands in the faint place's stead."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191208_113012.jpg")
    told = read_dice(read_photo(photo.path), expect=len(photo.dice))
    assert told.uncertain == () and told.problem is None
    assert box_ruling(told, photo.dice) == (True, False)


def test_only_faint_places_touching_a_die_of_their_size_are_worth_a_look() -> None:
    die = ((100.0, 100.0), 40.0)
    far = ((100.0, 200.0), 40.0)  # two sides away: not touching
    pip = ((130.0, 100.0), 10.0)  # a pip-sized mark beside it
    large = ((150.0, 100.0), 80.0)  # twice its size
    inside = ((110.0, 100.0), 40.0)  # on the die itself
    beside = ((100.0, 141.0), 41.0)
    taken = [(80, 80, 120, 120)]
    assert worth_reading([far, pip, large, inside, beside], [die], taken) == [beside]
    assert worth_reading([beside], [], []) == []  # no read die, nothing beside one


def test_the_look_beside_adds_nothing_where_every_die_is_read(dice_added_by: Any) -> None:
    """On the probes drawn like the shared folders' scenes and on lone dice, every die is
    read already: the look beside, run on every frame, adds no die."""
    probes = (Probe.DARK_CLOTH, Probe.SLANTED_WOOD, Probe.LONE_DICE)
    assert dice_added_by(looked_beside, probes) == []
