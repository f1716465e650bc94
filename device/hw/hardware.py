"""Open the box's three devices from the config in one go, and close them in one go
(``bluffbox run`` and the tests open the box this way)::

    cfg = for_sim(load_config(path, sim=True))          # or load_config(path) on the Pi
    with open_hardware(cfg, sim=True, screens_dir=None) as hw:
        hw.display.show(render(view))                    # a device.ui.views view
        event = hw.buttons.get(timeout=0.05)             # ButtonEvent or None
        frame = hw.camera.capture()                      # BGR numpy array

With ``camera_optional=True`` (the service) a camera that cannot open is not fatal: it is
replaced by :class:`NoCamera`, whose every look says why, and ``camera_problem`` says so.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from device.core.config import Config
from device.hw.buttons import KEY_HELP, ButtonSource, KeyboardButtons, make_buttons
from device.hw.camera import CameraError, FrameSource, Renderer, make_camera
from device.hw.display import Display, make_device


@dataclass
class Hardware:
    """The opened display, buttons and (started) camera; ``close()`` is idempotent."""

    config: Config
    display: Display
    buttons: ButtonSource
    camera: FrameSource
    camera_problem: str | None = None
    closed: bool = field(default=False, init=False)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for part in (self.camera, self.buttons, self.display):
            with contextlib.suppress(Exception):
                part.close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_hardware(config: Config, *, sim: bool, screens_dir: str | Path | None = None,
                  stream: IO[str] | None = None, key_stream: IO[str] | None = None,
                  pin_factory: Any = None, renderer: Renderer | None = None,
                  seed: int = 0, camera_optional: bool = False) -> Hardware:
    """Display (+ ``screens_dir`` PNGs), buttons (keyboard when ``sim``, else GPIO) and
    the camera, started. Raises the first device's error after closing what was opened.

    In the simulator the terminal display lists the keys under the frame; ``stream`` is
    where it draws (stdout) and ``key_stream`` where keys come from (stdin).
    """
    opened: list[Any] = []
    try:
        footer = [KEY_HELP] if sim else []
        display = Display(make_device(config.display, stream=stream, footer=footer),
                          save_dir=screens_dir)
        opened.append(display)
        buttons: ButtonSource
        if sim:
            buttons = KeyboardButtons(stream=key_stream)
        else:
            buttons = make_buttons(config.buttons, sim=False, pin_factory=pin_factory)
        opened.append(buttons)
        camera: FrameSource
        problem = None
        try:
            camera = make_camera(config.camera, renderer=renderer, seed=seed)
            opened.append(camera)
            camera.start()
        except (CameraError, OSError) as exc:
            if not camera_optional:
                raise
            if opened[-1] is not buttons:
                with contextlib.suppress(Exception):
                    opened.pop().close()
            problem = str(exc)
            camera = NoCamera(config.camera.spec, problem)
    except BaseException:
        for part in reversed(opened):
            with contextlib.suppress(Exception):
                part.close()
        raise
    return Hardware(config, display, buttons, camera, problem)


class NoCamera(FrameSource):
    """Stands in for a camera that would not open: every look says why."""

    def __init__(self, spec: str, why: str = "") -> None:
        super().__init__()
        self.name = spec
        self.why = why

    def _start(self) -> None:
        raise CameraError(f"{self.name} is not available (see `bluffbox doctor`)")
