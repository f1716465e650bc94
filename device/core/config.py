"""One TOML file -> frozen, validated settings.

``load_config(path)`` reads the file with :mod:`tomllib`, checks every key and returns a
:class:`Config`; ``load_config(None)`` gives the defaults. Every problem found is reported
at once in a :class:`ConfigError` whose lines name the key and the fix, e.g.::

    /etc/bluffbox/config.toml: buttons.accept: pin 99 is not a GPIO (use 2-27)

The sections mirror ``firmware_config/bluffbox.example.toml``: ``[buttons]``,
``[display]``, ``[camera]``, ``[game]``, ``[teach]``, ``[paths]`` and ``[web]``.
"""

from __future__ import annotations

import dataclasses
import difflib
import ipaddress
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.registry import names as game_names

#: The six physical buttons, in the order the wiring table lists them. Long-pressing OK
#: means BACK and long-pressing CARD means MENU (see :mod:`device.hw.buttons`).
BUTTON_ROLES: tuple[str, ...] = ("accept", "challenge", "up", "down", "ok", "card")
DEFAULT_PINS: Mapping[str, int] = {
    "accept": 5,  # physical pin 29
    "challenge": 6,  # 31
    "up": 17,  # 11
    "down": 27,  # 13
    "ok": 22,  # 15
    "card": 23,  # 16
}
GPIO_RANGE = range(2, 28)  # the BCM numbers on the 40-pin header
I2C1_PINS = {2: "SDA", 3: "SCL"}  # taken by the OLED on I2C port 1
DISPLAY_TYPES = ("ssd1306", "sh1106", "dummy", "terminal")
CAMERA_KINDS = ("picamera2", "webcam", "photos", "sim")
SERVICE_STATE_DIR = Path("/var/lib/bluffbox")
SIM_STATE_DIR = Path("var")


class ConfigError(Exception):
    """The configuration cannot be used; ``problems`` lists each bad key and its fix."""

    def __init__(self, problems: list[str], source: str = "config") -> None:
        self.problems = list(problems)
        self.source = source
        super().__init__("\n".join(f"{source}: {p}" for p in self.problems))


@dataclass(frozen=True)
class ButtonsConfig:
    """BCM GPIO numbers per button role (each button wired between the GPIO and GND)."""

    pins: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType(dict(DEFAULT_PINS)), hash=False)
    debounce_ms: int = 30
    long_press_ms: int = 1000


@dataclass(frozen=True)
class DisplayConfig:
    """The OLED: ``type`` is ssd1306, sh1106, dummy (tests) or terminal (simulator)."""

    type: str = "ssd1306"
    i2c_port: int = 1
    address: int = 0x3C
    rotation: int = 0
    contrast: int = 255
    terminal_scale: int = 0  # 0: auto (compact on a narrow terminal)


@dataclass(frozen=True)
class CameraConfig:
    """``source`` is picamera2, webcam, photos (with ``photos_dir``) or sim; ``turn``: quarter
    turns clockwise given to every frame, so that the far side of the tray is at the top
    (the dice reader's slanted-camera look takes a die's top face to lie above its side
    faces)."""

    source: str = "picamera2"
    resolution: tuple[int, int] = (1280, 960)
    webcam_index: int = 0
    photos_dir: Path | None = None
    turn: int = 0

    @property
    def spec(self) -> str:
        """The source as written on a command line (``photos:DIR`` for photos)."""
        return f"photos:{self.photos_dir}" if self.source == "photos" else self.source


@dataclass(frozen=True)
class GameConfig:
    """Defaults offered at game setup (the players can still change them on the box)."""

    name: str = "bamboozled"
    players: int = 3
    strike_limit: int = 3
    variants: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    tray_capacity: int = 30  # dice the tray holds; more are read in batches


@dataclass(frozen=True)
class TeachConfig:
    """How many looks teaching the players' dice asks for (the setup menu's "Teach")."""

    rolls: int = 3  # pip dice: rolls, each checked die by die
    per_face: int = 3  # symbol dice: looks at each face


#: Variant names ``[game] variants`` understands (setup reads them as its defaults).
VARIANTS = ("no-bluffing", "no-limits")


@dataclass(frozen=True)
class PathsConfig:
    """Where the game logs and the photos behind rulings go."""

    state_dir: Path = SERVICE_STATE_DIR
    logs: Path = Path("logs")
    photos: Path = Path("photos")
    min_free_mb: int = 200

    @property
    def logs_dir(self) -> Path:
        return self.state_dir / self.logs

    @property
    def photos_dir(self) -> Path:
        return self.state_dir / self.photos


@dataclass(frozen=True)
class WebConfig:
    """The read-only scoreboard (``bluffbox web``): where it listens, or off."""

    enabled: bool = True
    host: str = "0.0.0.0"  # all interfaces: the phones on the table's network
    port: int = 8080


@dataclass(frozen=True)
class Config:
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    game: GameConfig = field(default_factory=GameConfig)
    teach: TeachConfig = field(default_factory=TeachConfig)
    paths: PathsConfig = field(default_factory=PathsConfig)
    web: WebConfig = field(default_factory=WebConfig)
    source: str = "defaults"


def default_state_dir(sim: bool = False) -> Path:
    """``$STATE_DIRECTORY`` (set by systemd's StateDirectory=), else the service or sim dir."""
    env = os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    if env and not sim:
        return Path(env)
    return SIM_STATE_DIR if sim else SERVICE_STATE_DIR


def load_config(path: str | os.PathLike[str] | None = None, *, sim: bool = False) -> Config:
    """Read and validate ``path``; ``None`` gives the defaults.

    ``sim=True`` only changes defaults: display ``terminal``, camera ``sim`` and state in
    ``./var``; anything the file sets still wins (see :func:`for_sim` to force them).
    Raises :class:`ConfigError` listing every problem.
    """
    if path is None:
        return parse_config({}, source="defaults", sim=sim)
    source = str(path)
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(
            ["file not found (copy firmware_config/bluffbox.example.toml there)"], source
        ) from None
    except IsADirectoryError:
        raise ConfigError(["is a folder, not a file (give the path of the .toml file)"],
                          source) from None
    except OSError as exc:
        raise ConfigError([f"cannot read: {exc.strerror} (check the path and permissions)"],
                          source) from None
    except UnicodeDecodeError as exc:
        raise ConfigError([f"not a text file (byte {exc.start + 1} is not UTF-8): a config is"
                           " plain TOML text; copy firmware_config/bluffbox.example.toml"
                           " there and edit it"], source) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"not valid TOML: {exc} (see"
                           " firmware_config/bluffbox.example.toml for the format)"],
                          source) from None
    return parse_config(data, source=source, sim=sim)


def for_sim(config: Config, camera: str | None = None) -> Config:
    """The same config with the terminal display and the simulated (or given) camera."""
    cam = config.camera
    if camera is not None:
        kind, photos = parse_camera_spec(camera)
        cam = dataclasses.replace(cam, source=kind, photos_dir=photos)
    else:
        cam = dataclasses.replace(cam, source="sim", photos_dir=None)
    return dataclasses.replace(
        config, display=dataclasses.replace(config.display, type="terminal"), camera=cam
    )


def parse_names(text: str) -> tuple[str, ...]:
    """``--names Ann,Bob``: the names checked as the config's ``[game] names`` are;
    :class:`ValueError` saying what is wrong."""
    try:
        return _names("--names", [n.strip() for n in text.split(",") if n.strip()])
    except _Bad as bad:
        raise ValueError(str(bad).removeprefix("--names: ")) from None


def with_state_dir(config: Config, state_dir: str | os.PathLike[str] | None) -> Config:
    """The same config with ``paths.state_dir`` set (``None``: unchanged), for
    ``--state-dir``."""
    if state_dir is None:
        return config
    return dataclasses.replace(
        config, paths=dataclasses.replace(config.paths, state_dir=Path(state_dir)))


def parse_camera_spec(spec: str) -> tuple[str, Path | None]:
    """``"photos:DIR"`` -> ``("photos", Path(DIR))``; other kinds -> ``(kind, None)``."""
    kind, sep, rest = spec.partition(":")
    if kind not in CAMERA_KINDS:
        raise ValueError(f"unknown camera {spec!r} (use {', '.join(_camera_choices())})")
    if kind == "photos":
        if not rest:
            raise ValueError("photos needs a folder: photos:DIR")
        return kind, Path(rest)
    if sep:
        raise ValueError(f"camera {kind!r} takes no argument (only photos:DIR does)")
    return kind, None


def _camera_choices() -> list[str]:
    return [k if k != "photos" else "photos:DIR" for k in CAMERA_KINDS]


# --- validation -------------------------------------------------------------------------


class _Section:
    """Reads one TOML table, recording problems instead of raising at the first."""

    def __init__(self, name: str, data: Any, problems: list[str]) -> None:
        self.name = name
        self.problems = problems
        if not isinstance(data, dict):
            self.error(f"{name}: must be a table ([{name}]), not {_kind(data)}")
            data = {}
        self.data: dict[str, Any] = data
        self.seen: set[str] = set()
        self.bad: set[str] = set()

    def error(self, message: str) -> None:
        self.problems.append(message)

    def get(self, key: str, default: Any, check: Callable[[str, Any], Any]) -> Any:
        self.seen.add(key)
        if key not in self.data:
            return default
        try:
            return check(f"{self.name}.{key}", self.data[key])
        except _Bad as bad:
            self.bad.add(key)
            self.error(str(bad))
            return default

    def finish(self) -> None:
        for key in self.data:
            if key not in self.seen:
                hint = difflib.get_close_matches(key, sorted(self.seen), n=1)
                fix = f"did you mean {hint[0]!r}?" if hint else "known: " + ", ".join(
                    sorted(self.seen))
                self.error(f"{self.name}.{key}: unknown key ({fix})")


class _Bad(Exception):
    pass


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _int(lo: int, hi: int, unit: str = "") -> Callable[[str, Any], int]:
    def check(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad(f"{key}: expected a whole number {lo}-{hi}{unit}, got {_kind(value)}"
                       f" {value!r}")
        if not lo <= value <= hi:
            raise _Bad(f"{key}: {value} is out of range (use {lo}-{hi}{unit})")
        return value

    return check


def _choice(choices: tuple[str, ...]) -> Callable[[str, Any], str]:
    def check(key: str, value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise _Bad(f"{key}: {value!r} is not one of {', '.join(choices)}")
        return value

    return check


def _str(key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(f"{key}: expected a non-empty string, got {_kind(value)} {value!r}")
    return value


def _path(key: str, value: Any) -> Path:
    return Path(_str(key, value)).expanduser()


def _pin(key: str, value: Any) -> int:
    if isinstance(value, str):
        text = value.upper().removeprefix("GPIO").removeprefix("BCM")
        if not text.isdigit():
            raise _Bad(f"{key}: {value!r} is not a GPIO number (write e.g. 17 or \"GPIO17\")")
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(f"{key}: expected a GPIO number, got {_kind(value)} {value!r}")
    if value not in GPIO_RANGE:
        raise _Bad(f"{key}: pin {value} is not a GPIO (use 2-27, the BCM numbers,"
                   " not the physical pin numbers)")
    return value


def _address(key: str, value: Any) -> int:
    if isinstance(value, str):
        try:
            value = int(value, 0)
        except ValueError:
            raise _Bad(f"{key}: {value!r} is not an I2C address (write e.g. 0x3C)") from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(f"{key}: expected an I2C address like 0x3C, got {_kind(value)}")
    if not 0x03 <= value <= 0x77:
        raise _Bad(f"{key}: {value:#x} is not a 7-bit I2C address (OLEDs use 0x3C or 0x3D;"
                   " run `i2cdetect -y 1` to see yours)")
    return value


def _rotation(key: str, value: Any) -> int:
    value = _int(0, 3)(key, value)
    if value % 2:
        raise _Bad(f"{key}: {value} would turn the 128x64 screen portrait; the screens are"
                   " landscape, so use 0 (normal) or 2 (upside down)")
    return value


def _resolution(key: str, value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise _Bad(f"{key}: expected [width, height], e.g. [1280, 960]")
    w, h = value
    if not (64 <= w <= 4656 and 48 <= h <= 3496):
        raise _Bad(f"{key}: {w}x{h} is not a usable size (e.g. [1280, 960])")
    return (w, h)


def _variants(key: str, value: Any) -> tuple[str, ...]:
    known = ", ".join(f'"{v}"' for v in VARIANTS)
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise _Bad(f"{key}: expected a list of variant names, e.g. [] or [{known}]")
    unknown = [v for v in value if v not in VARIANTS]
    if unknown:
        raise _Bad(f"{key}: unknown variant {unknown[0]!r} (known: {known})")
    if len(set(value)) != len(value):
        raise _Bad(f"{key}: a variant is listed twice")
    return tuple(value)


def _bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"{key}: expected true or false, got {_kind(value)} {value!r}")
    return value


_HOSTNAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*")


def _host(key: str, value: Any) -> str:
    text = _str(key, value).strip()
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    if len(text) > 253 or not _HOSTNAME.fullmatch(text):
        raise _Bad(f"{key}: {value!r} is not an address to listen on (e.g. \"0.0.0.0\" for"
                   " every network, \"127.0.0.1\" for this machine only)")
    return text


def _names(key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _Bad(f'{key}: expected a list of player names, e.g. ["Anita", "Charlie"]')
    names = tuple(v.strip() for v in value)
    if len({n.casefold() for n in names}) != len(names):
        raise _Bad(f"{key}: two players have the same name")
    if any(len(n) > 12 for n in names):
        raise _Bad(f"{key}: names of at most 12 letters fit the screen")
    return names


def parse_config(data: Mapping[str, Any], source: str = "config", *, sim: bool = False
                 ) -> Config:
    """Validate already-parsed TOML data (see :func:`load_config`)."""
    problems: list[str] = []
    known = {"buttons", "display", "camera", "game", "teach", "paths", "web"}
    for key in data:
        if key not in known:
            hint = difflib.get_close_matches(key, sorted(known), n=1)
            fix = f"did you mean [{hint[0]}]?" if hint else "known: " + ", ".join(sorted(known))
            problems.append(f"{key}: unknown section ({fix})")

    display = _parse_display(_Section("display", data.get("display", {}), problems), sim)
    buttons = _parse_buttons(_Section("buttons", data.get("buttons", {}), problems), display)
    camera = _parse_camera(_Section("camera", data.get("camera", {}), problems), sim)
    game = _parse_game(_Section("game", data.get("game", {}), problems))
    teach = _parse_teach(_Section("teach", data.get("teach", {}), problems))
    paths = _parse_paths(_Section("paths", data.get("paths", {}), problems), sim)
    web = _parse_web(_Section("web", data.get("web", {}), problems))
    if problems:
        raise ConfigError(problems, source)
    return Config(buttons, display, camera, game, teach, paths, web, source)


def _parse_display(s: _Section, sim: bool) -> DisplayConfig:
    d = DisplayConfig(type="terminal" if sim else "ssd1306")
    out = DisplayConfig(
        type=s.get("type", d.type, _choice(DISPLAY_TYPES)),
        i2c_port=s.get("i2c_port", d.i2c_port, _int(0, 22)),
        address=s.get("address", d.address, _address),
        rotation=s.get("rotation", d.rotation, _rotation),
        contrast=s.get("contrast", d.contrast, _int(0, 255)),
        terminal_scale=s.get("terminal_scale", d.terminal_scale, _int(0, 4)),
    )
    s.finish()
    return out


def _parse_buttons(s: _Section, display: DisplayConfig) -> ButtonsConfig:
    d = ButtonsConfig()
    pins = {role: s.get(role, d.pins[role], _pin) for role in BUTTON_ROLES}
    debounce = s.get("debounce_ms", d.debounce_ms, _int(0, 500, " ms"))
    long_press = s.get("long_press_ms", d.long_press_ms, _int(200, 5000, " ms"))
    s.finish()
    by_pin: dict[int, list[str]] = {}
    for role, pin in pins.items():
        if role not in s.bad:
            by_pin.setdefault(pin, []).append(role)
    for pin, roles in sorted(by_pin.items()):
        if len(roles) > 1:
            s.error(f"buttons.{roles[1]}: pin {pin} is already used by buttons.{roles[0]}"
                    " (give every button its own GPIO)")
    if display.type in ("ssd1306", "sh1106") and display.i2c_port == 1:
        for role, pin in pins.items():
            if pin in I2C1_PINS and role not in s.bad:
                s.error(f"buttons.{role}: GPIO{pin} is the OLED's I2C {I2C1_PINS[pin]} line"
                        " (pick a free GPIO, e.g. 16, 24, 25 or 26)")
    return ButtonsConfig(
        pins=MappingProxyType(dict(pins)), debounce_ms=debounce, long_press_ms=long_press
    )


def _parse_camera(s: _Section, sim: bool) -> CameraConfig:
    d = CameraConfig(source="sim" if sim else "picamera2")

    def check_source(key: str, value: Any) -> tuple[str, Path | None]:
        try:
            return parse_camera_spec(_str(key, value))
        except ValueError as exc:
            raise _Bad(f"{key}: {exc}") from None

    kind, photos = s.get("source", (d.source, None), check_source)
    out = CameraConfig(
        source=kind,
        resolution=s.get("resolution", d.resolution, _resolution),
        webcam_index=s.get("webcam_index", d.webcam_index, _int(0, 63)),
        photos_dir=photos,
        turn=s.get("turn", d.turn, _int(0, 3, " quarter turns")),
    )
    s.finish()
    return out


def _parse_game(s: _Section) -> GameConfig:
    d = GameConfig()
    out = GameConfig(
        name=s.get("name", d.name, _choice(tuple(game_names()))),
        players=s.get("players", d.players, _int(2, 8, " players")),
        strike_limit=s.get("strike_limit", d.strike_limit, _int(1, 9, " strikes")),
        variants=s.get("variants", d.variants, _variants),
        names=s.get("names", d.names, _names),
        tray_capacity=s.get("tray_capacity", d.tray_capacity, _int(2, 200, " dice")),
    )
    s.finish()
    return out


def _parse_teach(s: _Section) -> TeachConfig:
    d = TeachConfig()
    out = TeachConfig(rolls=s.get("rolls", d.rolls, _int(1, 30, " rolls")),
                      per_face=s.get("per_face", d.per_face, _int(1, 10, " looks a face")))
    s.finish()
    return out


def _parse_paths(s: _Section, sim: bool) -> PathsConfig:
    d = PathsConfig()
    out = PathsConfig(
        state_dir=s.get("state_dir", default_state_dir(sim), _path),
        logs=s.get("logs", d.logs, _path),
        photos=s.get("photos", d.photos, _path),
        min_free_mb=s.get("min_free_mb", d.min_free_mb, _int(0, 1_000_000, " MB")),
    )
    s.finish()
    return out


def _parse_web(s: _Section) -> WebConfig:
    d = WebConfig()
    out = WebConfig(
        enabled=s.get("enabled", d.enabled, _bool),
        host=s.get("host", d.host, _host),
        # below 1024 would need root, and the scoreboard runs without it
        port=s.get("port", d.port, _int(1024, 65535, "; ports below 1024 need root")),
    )
    s.finish()
    return out
