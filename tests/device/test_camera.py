"""Frame sources: lifecycle, errors, OpenCV on real files, photo replay, simulated table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from device.core.config import CameraConfig
from device.hw.camera import (
    CameraError,
    FrameSource,
    PhotoFolderSource,
    Picamera2Source,
    SimulatedTable,
    WebcamSource,
    make_camera,
    turned,
)


def flat(values: Sequence[int], rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A tiny injectable renderer: one grey level per dice total, random speckle."""
    w, h = size
    img = np.full((h, w, 3), 10 * sum(values), np.uint8)
    img[0, 0] = rng.integers(0, 255, 3)
    return img


def write_photos(folder: Path, count: int) -> list[Path]:
    folder.mkdir()
    paths = []
    for i in range(count):
        img = np.zeros((48, 64, 3), np.uint8)
        img[:, :, i % 3] = 50 * (i + 1)
        path = folder / f"shot_{i:03d}.png"
        assert cv2.imwrite(str(path), img)
        paths.append(path)
    return paths


# --- lifecycle ----------------------------------------------------------------------------


def test_lifecycle_and_idempotent_close() -> None:
    table = SimulatedTable((64, 48), renderer=flat)
    with pytest.raises(CameraError, match="before start"):
        table.capture()
    with table as cam:
        assert cam.started and cam.capture().shape == (48, 64, 3)
    assert table.closed and not table.started
    table.close()
    with pytest.raises(CameraError, match="closed"):
        table.start()


def test_bad_frames_are_refused() -> None:
    class Grey(FrameSource):
        def _capture(self) -> np.ndarray:
            return np.zeros((4, 4), np.uint8)

    with Grey() as cam, pytest.raises(CameraError, match="not BGR"):
        cam.capture()


# --- simulated table -----------------------------------------------------------------------


def test_sim_roll_moves_then_settles_on_a_still_frame() -> None:
    with SimulatedTable((64, 48), renderer=flat, moving_frames=3) as table:
        table.roll([6, 5])
        assert table.moving
        moving = [table.capture() for _ in range(3)]
        assert not table.moving
        still = [table.capture() for _ in range(3)]
    assert all((f == still[0]).all() for f in still)
    assert any(not (m == still[0]).all() for m in moving)
    assert still[0][10, 10, 0] == 110


def test_sim_set_dice_is_still_at_once_and_deterministic() -> None:
    a = SimulatedTable((64, 48), renderer=flat, seed=3)
    b = SimulatedTable((64, 48), renderer=flat, seed=3)
    with a, b:
        a.set_dice([1, 2])
        b.set_dice([1, 2])
        assert not a.moving
        assert (a.capture() == b.capture()).all()
        a.clear()
        assert a.values == () and a.capture()[10, 10, 0] == 0
    with pytest.raises(ValueError, match="1-6"):
        a.set_dice([7])


def test_sim_uses_the_vision_renderer_by_default() -> None:
    with SimulatedTable((320, 240), seed=1) as table:
        table.set_dice([3, 4])
        frame = table.capture()
    assert frame.shape == (240, 320, 3) and frame.dtype == np.uint8
    assert frame.std() > 5  # dice drawn on a tray, not a flat image


def test_sim_frames_read_by_the_watcher() -> None:
    """Motion then a settled reading of the rolled dice, through the real vision code."""
    from vision.watcher import Watcher

    watcher = Watcher(expect=2, still_frames=3)
    with SimulatedTable((640, 480), seed=2, moving_frames=3) as table:
        table.roll([6, 2])
        states = []
        for _ in range(10):
            status = watcher.feed(table.capture())
            states.append(status.state)
            if status.settled:
                break
    assert states[0] != "settled" and status.settled, states
    assert status.reading is not None and status.reading.ok
    assert sorted(d.value for d in status.reading.dice) == [2, 6]


# --- photos ---------------------------------------------------------------------------------


def test_photo_folder_holds_each_photo_until_advance(tmp_path: Path) -> None:
    paths = write_photos(tmp_path / "shots", 2)
    (tmp_path / "shots" / "notes.txt").write_text("not a photo")
    with PhotoFolderSource(tmp_path / "shots", loop=False) as photos:
        assert photos.current == paths[0]
        first = photos.capture()
        assert (photos.capture() == first).all()
        assert photos.advance() and photos.current == paths[1]
        assert photos.capture()[0, 0, 1] == 100
        assert not photos.advance() and photos.current == paths[1]


def test_photo_folder_auto_advance_and_loop(tmp_path: Path) -> None:
    write_photos(tmp_path / "shots", 2)
    with PhotoFolderSource(tmp_path / "shots", hold=2) as photos:
        seen = [photos.capture()[0, 0].tolist() for _ in range(6)]
    assert seen == [[50, 0, 0]] * 2 + [[0, 100, 0]] * 2 + [[50, 0, 0]] * 2


def test_photo_folder_errors(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="does not exist"):
        PhotoFolderSource(tmp_path / "nope").start()
    (tmp_path / "empty").mkdir()
    with pytest.raises(CameraError, match="no photos"):
        PhotoFolderSource(tmp_path / "empty").start()


# --- OpenCV ---------------------------------------------------------------------------------


def test_webcam_source_reads_through_opencv(tmp_path: Path) -> None:
    """cv2.VideoCapture opens an image sequence like a camera: real OpenCV code."""
    write_photos(tmp_path / "seq", 3)
    with WebcamSource(str(tmp_path / "seq" / "shot_%03d.png")) as cam:
        frames = [cam.capture() for _ in range(3)]
        with pytest.raises(CameraError, match="gave no frame"):
            cam.capture()
    assert [f[0, 0].tolist() for f in frames] == [[50, 0, 0], [0, 100, 0], [0, 0, 150]]


def test_missing_webcam_says_how_to_fix_it() -> None:
    with pytest.raises(CameraError, match=r"no webcam at /dev/video63"):
        WebcamSource(63).start()


# --- picamera2 ---------------------------------------------------------------------------------


class FakePicamera2:
    """Stands in for picamera2.Picamera2 (not installable off a Pi)."""

    cameras: list[dict[str, Any]] = [{"Model": "imx219"}]
    calls: list[str] = []

    def __init__(self, num: int = 0) -> None:
        self.calls.append(f"open {num}")

    @classmethod
    def global_camera_info(cls) -> list[dict[str, Any]]:
        return cls.cameras

    def create_preview_configuration(self, main: dict[str, Any], **kw: Any) -> dict[str, Any]:
        return {"main": main, **kw}

    def configure(self, config: dict[str, Any]) -> None:
        self.size = config["main"]["size"]
        self.calls.append(f"configure {config['main']['format']}")

    def start(self) -> None:
        self.calls.append("start")

    def capture_array(self, name: str = "main") -> np.ndarray:
        w, h = self.size
        return np.zeros((h, w, 3), np.uint8)

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")


class FakeModule:
    Picamera2 = FakePicamera2


def test_picamera2_lifecycle_with_a_stand_in() -> None:
    FakePicamera2.calls = []
    with Picamera2Source((320, 240), module=FakeModule) as cam:
        assert cam.capture().shape == (240, 320, 3)
    cam.close()
    assert FakePicamera2.calls == ["open 0", "configure RGB888", "start", "stop", "close"]


def test_picamera2_no_camera_and_not_installed() -> None:
    FakePicamera2.cameras = []
    try:
        with pytest.raises(CameraError, match="no Pi camera found"):
            Picamera2Source(module=FakeModule).start()
    finally:
        FakePicamera2.cameras = [{"Model": "imx219"}]
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(CameraError, match="apt install python3-picamera2"):
            Picamera2Source().start()


def test_make_camera_from_config(tmp_path: Path) -> None:
    assert isinstance(make_camera(CameraConfig(source="picamera2")), Picamera2Source)
    assert isinstance(make_camera(CameraConfig(source="webcam")), WebcamSource)
    photos = make_camera(CameraConfig(source="photos", photos_dir=tmp_path))
    assert isinstance(photos, PhotoFolderSource) and photos.folder == tmp_path
    sim = make_camera(CameraConfig(source="sim", resolution=(1280, 960)), renderer=flat)
    assert isinstance(sim, SimulatedTable) and sim.resolution == (640, 480)


def test_frames_are_turned_as_the_config_says(tmp_path: Path) -> None:
    """``[camera] turn``: every frame a source gives is turned that many quarter turns
    clockwise (a camera mounted on its side, the far side of the tray then at the top)."""
    (tmp_path / "shots").mkdir()
    photo = np.zeros((48, 64, 3), np.uint8)
    photo[:10, :20] = (0, 0, 255)  # a red block in the top left corner to follow
    assert cv2.imwrite(str(tmp_path / "shots" / "shot.png"), photo)
    for turn in range(4):
        with make_camera(CameraConfig(source="photos", photos_dir=tmp_path / "shots",
                                      turn=turn)) as cam:
            frame = cam.capture()
        assert (frame == np.rot90(photo, -turn)).all(), turn
    assert turned(photo, 1)[0, -1].tolist() == [0, 0, 255]  # the top left went top right
    with pytest.raises(ValueError, match="0-3 quarter turns"):
        turned(photo, 4)
