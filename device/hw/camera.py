"""Frame sources: BGR ``numpy`` frames of the dice tray.

Every source has the picamera2-style lifecycle ``configure() -> start() -> capture() ->
stop()``; ``with source:`` starts it and closes it, and ``close()`` is idempotent. A
frame is a ``uint8`` array of shape (height, width, 3) in OpenCV's BGR order.

* :class:`Picamera2Source` -- the Pi camera (``picamera2`` is imported lazily here and
  nowhere else; it comes from apt ``python3-picamera2``, never pip).
* :class:`WebcamSource` -- ``cv2.VideoCapture`` (a laptop webcam, or any file/pattern
  OpenCV opens).
* :class:`PhotoFolderSource` -- replays a folder of photos.
* :class:`SimulatedTable` -- renders the dice the simulated cup rolled
  (``roll(values)`` / ``set_dice(values)``), with moving/hand frames after a roll.

:func:`make_camera` builds the one the config names. A missing camera raises
:class:`CameraError` saying how to fix it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from device.core.config import CameraConfig

Frame = np.ndarray
#: ``renderer(values, rng, (width, height)) -> BGR frame`` of dice seen from above.
Renderer = Callable[[Sequence[int | str], np.random.Generator, tuple[int, int]], Frame]
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


class CameraError(Exception):
    """The camera cannot be opened or gave no frame; the message says what to check."""


#: ``cv2.rotate`` codes of the quarter turns clockwise a frame can be given (``turn``).
TURNS = {1: cv2.ROTATE_90_CLOCKWISE, 2: cv2.ROTATE_180, 3: cv2.ROTATE_90_COUNTERCLOCKWISE}


def turned(frame: Frame, turn: int) -> Frame:
    """``frame`` given ``turn`` (0-3) quarter turns clockwise.

    >>> frame = np.arange(6, dtype=np.uint8).reshape(2, 3, 1).repeat(3, axis=2)
    >>> turned(frame, 1)[:, :, 0].tolist(), turned(frame, 0) is frame
    ([[3, 0], [4, 1], [5, 2]], True)
    """
    if turn not in (0, *TURNS):
        raise ValueError(f"turn {turn}: use 0-3 quarter turns")
    return cv2.rotate(frame, TURNS[turn]) if turn else frame


class FrameSource:
    """Base of the frame sources (see the module docstring for the lifecycle). ``turn``:
    quarter turns clockwise given to every frame captured (``turned``), as the config's
    ``[camera] turn`` says, so that the far side of the tray is at the frame's top."""

    name = "camera"

    def __init__(self) -> None:
        self.configured = False
        self.started = False
        self.closed = False
        self.turn = 0

    def configure(self) -> None:
        """Prepare the source (open the device); :meth:`start` calls it if needed."""
        self._configure()
        self.configured = True

    def start(self) -> None:
        if self.closed:
            raise CameraError(f"{self.name}: already closed")
        if not self.configured:
            self.configure()
        if not self.started:
            self._start()
            self.started = True

    def capture(self) -> Frame:
        """One BGR frame (height, width, 3) uint8."""
        if not self.started:
            raise CameraError(f"{self.name}: capture() before start()")
        frame = self._capture()
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise CameraError(f"{self.name}: got a {frame.shape} {frame.dtype} frame, not BGR")
        return turned(frame, self.turn)

    def stop(self) -> None:
        if self.started:
            self.started = False
            self._stop()

    def close(self) -> None:
        """Stop and release the device (idempotent)."""
        if self.closed:
            return
        try:
            self.stop()
        finally:
            self.closed = True
            self._close()

    def __enter__(self) -> FrameSource:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # subclasses override what they need
    def _configure(self) -> None:
        pass

    def _start(self) -> None:
        pass

    def _capture(self) -> Frame:
        raise NotImplementedError

    def _stop(self) -> None:
        pass

    def _close(self) -> None:
        pass


# --- the Pi camera ----------------------------------------------------------------------


class Picamera2Source(FrameSource):
    """The Pi camera through picamera2 (imported here, lazily).

    The stream is configured as ``"RGB888"``, which picamera2 lays out as B, G, R bytes:
    exactly OpenCV's BGR, so frames need no conversion. ``module`` injects a stand-in
    for the ``picamera2`` module in tests.
    """

    name = "picamera2"

    def __init__(self, resolution: tuple[int, int] = (1280, 960), camera_num: int = 0,
                 module: Any = None) -> None:
        super().__init__()
        self.resolution = resolution
        self.camera_num = camera_num
        self._module = module
        self._cam: Any = None

    def _configure(self) -> None:
        module: Any = self._module
        if module is None:
            try:
                import picamera2  # lazy: only on the Pi

                module = picamera2
            except ImportError as exc:
                raise CameraError(
                    "picamera2 is not installed: on Raspberry Pi OS run `sudo apt install"
                    " python3-picamera2` and make the venv with --system-site-packages"
                    " (it is never installed with pip); on a laptop use camera webcam or sim"
                ) from exc
        cls = module.Picamera2
        info = cls.global_camera_info()
        if len(info) <= self.camera_num:
            raise CameraError(
                f"no Pi camera found (libcamera sees {len(info)}): check the ribbon cable in"
                " the CSI port (contacts the right way round), camera_auto_detect=1 or the"
                " sensor's dtoverlay in /boot/firmware/config.txt, then reboot;"
                " `rpicam-hello --list-cameras` should list it"
            )
        try:
            self._cam = cls(self.camera_num)
            config = self._cam.create_preview_configuration(
                main={"size": tuple(self.resolution), "format": "RGB888"}, buffer_count=2)
            self._cam.configure(config)
        except Exception as exc:
            self._release()
            raise CameraError(f"the Pi camera would not open ({exc}): is another program"
                              " using it? (only one process may)") from exc

    def _start(self) -> None:
        self._cam.start()

    def _capture(self) -> Frame:
        frame = self._cam.capture_array("main")
        return np.ascontiguousarray(frame[:, :, :3])

    def _stop(self) -> None:
        with contextlib.suppress(Exception):
            self._cam.stop()

    def _close(self) -> None:
        self._release()

    def _release(self) -> None:
        if self._cam is not None:
            with contextlib.suppress(Exception):
                self._cam.close()
            self._cam = None


# --- OpenCV webcam ----------------------------------------------------------------------


class WebcamSource(FrameSource):
    """``cv2.VideoCapture(device)``: an index (0 = /dev/video0) or a file / pattern."""

    name = "webcam"

    def __init__(self, device: int | str = 0,
                 resolution: tuple[int, int] | None = (1280, 960)) -> None:
        super().__init__()
        self.device = device
        self.resolution = resolution
        self._cap: Any = None

    def _configure(self) -> None:
        cap = cv2.VideoCapture(self.device)
        if not cap.isOpened():
            cap.release()
            where = f"/dev/video{self.device}" if isinstance(self.device, int) else self.device
            raise CameraError(
                f"no webcam at {where}: plug one in, check `ls /dev/video*` and that you may"
                " read it (group video), or set camera.webcam_index"
            )
        if self.resolution is not None and isinstance(self.device, int):
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.resolution[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.resolution[1])
        self._cap = cap

    def _capture(self) -> Frame:
        ok, frame = self._cap.read()
        if not ok or frame is None:
            raise CameraError(f"the webcam ({self.device}) gave no frame: unplugged, or in use"
                              " by another program?")
        if frame.ndim == 2:
            frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
        return frame

    def _close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


# --- a folder of photos -----------------------------------------------------------------


class PhotoFolderSource(FrameSource):
    """Replays the photos in ``folder`` (sorted by name).

    Each photo is returned again and again (so a stillness watcher settles on it) until
    :meth:`advance`, or automatically after ``hold`` captures when ``hold`` is set.
    After the last photo it starts over if ``loop``, else stays on the last one.
    """

    name = "photos"

    def __init__(self, folder: str | Path, hold: int | None = None, loop: bool = True) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.hold = hold
        self.loop = loop
        self.paths: list[Path] = []
        self.index = 0
        self._served = 0
        self._cache: tuple[int, Frame] | None = None

    def _configure(self) -> None:
        if not self.folder.is_dir():
            raise CameraError(f"photo folder {self.folder} does not exist (camera photos:DIR)")
        self.paths = sorted(p for p in self.folder.iterdir()
                            if p.suffix.lower() in PHOTO_SUFFIXES and p.is_file())
        if not self.paths:
            raise CameraError(f"no photos ({', '.join(PHOTO_SUFFIXES)}) in {self.folder}")

    @property
    def current(self) -> Path:
        """The photo :meth:`capture` returns now."""
        return self.paths[self.index]

    def advance(self) -> bool:
        """Move to the next photo; False when there was none (and not looping)."""
        self._served = 0
        if self.index + 1 < len(self.paths):
            self.index += 1
            return True
        if self.loop:
            self.index = 0
            return True
        return False

    def _capture(self) -> Frame:
        if self.hold is not None and self._served >= self.hold:
            self.advance()
        self._served += 1
        if self._cache is None or self._cache[0] != self.index:
            frame = cv2.imread(str(self.current), cv2.IMREAD_COLOR)
            if frame is None:
                raise CameraError(f"cannot read photo {self.current} (not an image?)")
            self._cache = (self.index, frame)
        return self._cache[1].copy()


# --- the simulated table ----------------------------------------------------------------


#: How the simulated table draws symbol dice (:data:`vision.synthetic_symbols.STYLES`):
#: ivory dice, each face's glyph in its own colour, as the seed pictures Bluffaneer's.
BONE_STYLE = "painted"


def default_renderer(seed: int = 0) -> Renderer:
    """The simulated tray: one floor (from ``seed``) under every roll, so the empty-tray
    reference matches it; pip dice from :mod:`vision.synthetic` (white dice), dice showing
    face names (symbol dice) from :mod:`vision.synthetic_symbols` (:data:`BONE_STYLE`), the
    same renderer for teaching and for games."""
    from vision.synthetic import render_dice, tray_floor  # keeps start-up light

    floors: dict[tuple[int, int], Frame] = {}

    def render(values: Sequence[int | str], rng: np.random.Generator, size: tuple[int, int]
               ) -> Frame:
        floor = floors.get(size)
        if floor is None:
            floor = floors[size] = tray_floor(size, np.random.default_rng([seed, 7]))
        if any(isinstance(v, str) for v in values):
            from vision.synthetic_symbols import render_bone_scene

            return render_bone_scene([str(v) for v in values], rng, size, BONE_STYLE,
                                     background=floor)[0]
        return render_dice([int(v) for v in values], rng, size=size, style="white",
                           background=floor)

    return render


class SimulatedTable(FrameSource):
    """A dice tray that shows whatever the simulated cup rolled.

    ``roll(values)`` lays the dice out anew; the next ``moving_frames`` captures show them
    tumbling with a hand over the tray, then every capture is the same still frame (so the
    watcher settles). ``set_dice(values)`` places dice with no motion; ``clear()`` empties
    the tray. Deterministic for a given ``seed``. ``renderer`` is injectable.
    """

    name = "sim"

    def __init__(self, resolution: tuple[int, int] = (640, 480), *, seed: int = 0,
                 renderer: Renderer | None = None, moving_frames: int = 4) -> None:
        super().__init__()
        self.resolution = (int(resolution[0]), int(resolution[1]))
        self.seed = seed
        self.moving_frames = moving_frames
        self._renderer = renderer
        self.values: tuple[int | str, ...] = ()
        self.rolls = 0
        self._moving_left = 0
        self._still: Frame | None = None

    @property
    def renderer(self) -> Renderer:
        if self._renderer is None:
            self._renderer = default_renderer(self.seed)
        return self._renderer

    def roll(self, values: Sequence[int | str]) -> None:
        """The cup was lifted on ``values``: show motion first, then the still dice."""
        self.set_dice(values)
        self._moving_left = self.moving_frames

    def set_dice(self, values: Sequence[int | str]) -> None:
        """Place dice showing ``values`` (pips 1-6, or face names of symbol dice; no
        motion)."""
        values = tuple(v if isinstance(v, str) else int(v) for v in values)
        if any(isinstance(v, int) and not 1 <= v <= 6 or v == "" for v in values):
            raise ValueError(f"die values are 1-6 or face names, got {values}")
        self.values = values
        self.rolls += 1
        self._moving_left = 0
        self._still = None

    def clear(self) -> None:
        """An empty tray."""
        self.set_dice(())

    @property
    def moving(self) -> bool:
        """Whether the next capture is a motion frame."""
        return self._moving_left > 0

    def _rng(self, *extra: int) -> np.random.Generator:
        return np.random.default_rng([self.seed, self.rolls, *extra])

    def _capture(self) -> Frame:
        if self._moving_left > 0:
            self._moving_left -= 1
            frame = self.renderer(self.values, self._rng(1, self._moving_left),
                                  self.resolution)
            return _draw_hand(frame, self._rng(2, self._moving_left))
        if self._still is None:
            self._still = self.renderer(self.values, self._rng(0), self.resolution)
        return self._still.copy()


def _draw_hand(frame: Frame, rng: np.random.Generator) -> Frame:
    """A skin-coloured hand and forearm reaching in from an edge."""
    h, w = frame.shape[:2]
    out = frame.copy()
    x = int(rng.uniform(0.2, 0.8) * w)
    reach = int(rng.uniform(0.3, 0.55) * h)
    skin = (int(rng.integers(120, 160)), int(rng.integers(150, 185)),
            int(rng.integers(200, 235)))  # BGR
    cv2.rectangle(out, (x - w // 10, 0), (x + w // 10, reach), skin, -1)
    cv2.ellipse(out, (x, reach), (w // 8, h // 8), 0, 0, 360, skin, -1)
    return out


def make_camera(config: CameraConfig, *, renderer: Renderer | None = None,
                seed: int = 0) -> FrameSource:
    """The frame source ``config.source`` names (not started), turning its frames
    ``config.turn`` quarter turns clockwise."""
    source = _source(config, renderer, seed)
    source.turn = config.turn
    return source


def _source(config: CameraConfig, renderer: Renderer | None, seed: int) -> FrameSource:
    if config.source == "picamera2":
        return Picamera2Source(config.resolution)
    if config.source == "webcam":
        return WebcamSource(config.webcam_index, config.resolution)
    if config.source == "photos":
        if config.photos_dir is None:
            raise CameraError("camera photos needs a folder: photos:DIR")
        return PhotoFolderSource(config.photos_dir)
    if config.source == "sim":
        return SimulatedTable(_sim_size(config.resolution), seed=seed, renderer=renderer)
    raise CameraError(f"unknown camera {config.source!r}")


def _sim_size(resolution: tuple[int, int]) -> tuple[int, int]:
    """Keep simulated frames small (fast to render) at the configured aspect ratio."""
    w, h = resolution
    if w <= 640:
        return (w, h)
    return (640, max(48, round(h * 640 / w)))
