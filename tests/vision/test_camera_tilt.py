"""The camera's tilt measured on the pips of the dice it reads (``vision.camera_tilt``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.camera_tilt import STEEP, camera_tilt, pip_squashes
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice
from vision.types import Die


@pytest.mark.parametrize("seed", [3, 9, 10])
def test_a_steep_camera_is_told_from_a_near_straight_one(seed: int) -> None:
    """The same dice drawn as cubes, seen 8 and 42 degrees off straight down: the pips
    squashed by the slant put the first under ``STEEP`` and the second over it."""
    tilts = []
    for degrees in (8.0, 42.0):
        image, _ = probe_scene(Probe.SLANTED_CUBES, seed, (degrees, degrees))
        tilt = camera_tilt(image, read_dice(image).dice)
        assert tilt is not None and tilt.dice >= 2
        tilts.append(tilt)
    assert not tilts[0].steep and tilts[1].steep, tilts
    assert tilts[0].degrees < 20 < 30 < tilts[1].degrees


def test_dice_seen_straight_down_are_not_steep() -> None:
    """White dice on dark cloth, the camera straight down (the dark-cloth probe)."""
    measured = []
    for seed in range(6):
        image, _ = probe_scene(Probe.DARK_CLOTH, seed)
        tilt = camera_tilt(image, read_dice(image).dice)
        if tilt is not None:
            measured.append(tilt.degrees)
    assert len(measured) >= 4 and max(measured) < STEEP, measured


def test_no_dice_or_symbols_tell_nothing() -> None:
    image, _ = probe_scene(Probe.DARK_CLOTH, 0)
    assert camera_tilt(image, []) is None
    skull = Die("skull", (100.0, 100.0), (70, 70, 130, 130), 0.99)
    assert pip_squashes(image, skull) == []


def test_bench_tilts_scores_each_band_without_photos(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``scripts/bench-vision --tilts`` reads drawn scenes only: it runs where the shared
    photos are absent, a row and a measured tilt per band (the scoring faked here; the
    measure itself on ten scenes of the steepest band)."""
    from vision import bench

    bands = []

    def fake(probe: Probe, **kw: object) -> bench.ProbeResult:
        bands.append(kw["tilt"])
        return bench.ProbeResult(str(kw["name"]), 60, 150, 150, 150, 60, 60)

    monkeypatch.setattr(bench, "bench_probe", fake)
    monkeypatch.setattr(bench, "measured_tilts", lambda row: f"measured {row.name}")
    assert bench.main(["--tilts", "--photos", str(tmp_path / "none")]) == 0
    out = capsys.readouterr().out
    assert bands == list(bench.TILT_BANDS) and out.count("measured cubes") == len(bench.TILT_BANDS)
    assert "cubes 35-50 deg" in out and "yardstick: the classifier reads a crop in" in out
    monkeypatch.undo()
    row = bench.bench_probe(Probe.SLANTED_CUBES, scenes=10, tilt=bench.TILT_BANDS[-1])
    assert row.tilts, "the tilt is measured on the same readings that are scored"
    said = bench.measured_tilts(row)
    assert said.startswith("camera tilt measured on") and "over 25 in" in said, said
    assert bench.measured_tilts(bench.ProbeResult("none", 10)) == "camera tilt measured on no scene"
