"""Config: the example loads, defaults, and each kind of mistake names its key and fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.core.config import (
    BUTTON_ROLES,
    Config,
    ConfigError,
    TeachConfig,
    for_sim,
    load_config,
    parse_camera_spec,
    parse_config,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "firmware_config" / "bluffbox.example.toml"


def problems(data: dict) -> list[str]:
    with pytest.raises(ConfigError) as exc:
        parse_config(data)
    return exc.value.problems


def test_example_file_loads_and_equals_the_defaults() -> None:
    cfg = load_config(EXAMPLE)
    assert cfg.source == str(EXAMPLE)
    defaults = load_config(None)
    assert cfg.buttons.pins == defaults.buttons.pins
    for section in ("display", "camera", "game", "teach", "paths"):
        assert getattr(cfg, section) == getattr(defaults, section), section


def test_example_file_mentions_every_key() -> None:
    text = EXAMPLE.read_text()
    for role in BUTTON_ROLES:
        assert f"\n{role} = " in text
    for key in ("debounce_ms", "long_press_ms", "type", "i2c_port", "address", "rotation",
                "contrast", "terminal_scale", "source", "resolution", "webcam_index", "turn",
                "name", "players", "strike_limit", "variants", "state_dir", "logs", "photos",
                "min_free_mb", "rolls", "per_face"):
        assert f"\n{key} = " in text, key


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    cfg = load_config(None)
    assert isinstance(cfg, Config)
    assert cfg.display.type == "ssd1306" and cfg.display.address == 0x3C
    assert cfg.camera.source == "picamera2"
    assert cfg.paths.state_dir == Path("/var/lib/bluffbox")
    assert cfg.paths.photos_dir == Path("/var/lib/bluffbox/photos")
    sim = load_config(None, sim=True)
    assert (sim.display.type, sim.camera.source, sim.paths.state_dir) == (
        "terminal", "sim", Path("var"))


def test_systemd_state_directory_is_the_service_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", "/srv/box")
    assert load_config(None).paths.state_dir == Path("/srv/box")


def test_config_is_frozen() -> None:
    cfg = load_config(None)
    with pytest.raises(AttributeError):
        cfg.display.type = "dummy"  # type: ignore[misc]
    with pytest.raises(TypeError):
        cfg.buttons.pins["ok"] = 4  # type: ignore[index]


def test_bad_pin_names_key_and_fix() -> None:
    assert problems({"buttons": {"accept": 99}}) == [
        "buttons.accept: pin 99 is not a GPIO (use 2-27, the BCM numbers, not the physical"
        " pin numbers)"
    ]


def test_pin_may_be_written_gpio17() -> None:
    assert parse_config({"buttons": {"up": "GPIO16"}}).buttons.pins["up"] == 16


def test_duplicate_pins() -> None:
    (msg,) = problems({"buttons": {"up": 5}})
    assert msg.startswith("buttons.up: pin 5 is already used by buttons.accept")


def test_i2c_pins_are_taken_by_the_oled_only_when_there_is_one() -> None:
    (msg,) = problems({"buttons": {"ok": 3}})
    assert "buttons.ok: GPIO3 is the OLED's I2C SCL line" in msg
    assert parse_config({"buttons": {"ok": 3}, "display": {"type": "dummy"}})


def test_unknown_keys_and_sections_suggest_the_right_one() -> None:
    got = problems({"buttons": {"acept": 5}, "dispaly": {}})
    assert "dispaly: unknown section (did you mean [display]?)" in got
    assert "buttons.acept: unknown key (did you mean 'accept'?)" in got


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"display": {"rotation": "2"}}, "display.rotation: expected a whole number 0-3"),
        ({"display": {"rotation": 1}}, "display.rotation: 1 would turn the 128x64 screen"),
        ({"display": {"rotation": 5}}, "display.rotation: 5 is out of range (use 0-3)"),
        ({"display": {"type": "ssd1309"}}, "display.type: 'ssd1309' is not one of ssd1306"),
        ({"display": {"address": 0x80}}, "display.address: 0x80 is not a 7-bit I2C address"),
        ({"display": {"contrast": True}}, "display.contrast: expected a whole number"),
        ({"camera": {"source": "usb"}}, "camera.source: unknown camera 'usb'"),
        ({"camera": {"source": "photos"}}, "camera.source: photos needs a folder"),
        ({"camera": {"resolution": "1280x960"}}, "camera.resolution: expected [width, height]"),
        ({"camera": {"turn": 4}}, "camera.turn: 4 is out of range (use 0-3 quarter turns)"),
        ({"camera": {"turn": 1.5}}, "camera.turn: expected a whole number 0-3 quarter turns"),
        ({"game": {"players": 9}}, "game.players: 9 is out of range (use 2-8 players)"),
        ({"game": {"variants": "x"}}, "game.variants: expected a list of variant names"),
        ({"paths": {"state_dir": ""}}, "paths.state_dir: expected a non-empty string"),
        ({"teach": {"rolls": 0}}, "teach.rolls: 0 is out of range (use 1-30 rolls)"),
        ({"teach": {"rolls": "5"}}, "teach.rolls: expected a whole number 1-30 rolls"),
        ({"teach": {"per_face": 11}}, "teach.per_face: 11 is out of range (use 1-10 looks"),
        ({"teach": {"roll": 5}}, "teach.roll: unknown key (did you mean 'rolls'?)"),
        ({"buttons": 3}, "buttons: must be a table ([buttons]), not a number"),
    ],
)
def test_wrong_values(data: dict, expected: str) -> None:
    got = problems(data)
    assert len(got) == 1 and got[0].startswith(expected), got


def test_all_problems_reported_together_with_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[buttons]\naccept = 99\n[display]\naddress = "0x3D"\nrotation = 7\n')
    with pytest.raises(ConfigError) as exc:
        load_config(path)
    text = str(exc.value)
    assert text.splitlines() == [
        f"{path}: display.rotation: 7 is out of range (use 0-3)",
        f"{path}: buttons.accept: pin 99 is not a GPIO (use 2-27, the BCM numbers, not the"
        " physical pin numbers)",
    ]


def test_hex_address_string_and_photos(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[display]\naddress = "0x3D"\n[camera]\nsource = "photos:/tmp/p"\n')
    cfg = load_config(path)
    assert cfg.display.address == 0x3D
    assert cfg.camera.source == "photos" and cfg.camera.photos_dir == Path("/tmp/p")
    assert cfg.camera.spec == "photos:/tmp/p"


def test_missing_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[buttons\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(bad)


def test_for_sim_forces_terminal_and_camera() -> None:
    cfg = for_sim(load_config(None))
    assert cfg.display.type == "terminal" and cfg.camera.source == "sim"
    cfg = for_sim(cfg, camera="photos:shots")
    assert cfg.camera.spec == "photos:shots"
    with pytest.raises(ValueError, match="unknown camera"):
        parse_camera_spec("kinect")


def test_player_names_and_variants_are_setup_defaults() -> None:
    cfg = parse_config({"game": {"names": ["Anita", " Charlie "], "variants": ["no-limits"]}})
    assert cfg.game.names == ("Anita", "Charlie")
    assert cfg.game.variants == ("no-limits",)


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ({"variants": ["no-cards"]}, "game.variants: unknown variant 'no-cards'"),
        ({"names": ["Ann", "ann"]}, "game.names: two players have the same name"),
        ({"names": "Ann"}, "game.names: expected a list of player names"),
        ({"names": ["Bartholomew-the-Bold"]}, "game.names: names of at most 12 letters"),
    ],
)
def test_bad_names_and_variants_name_the_key(game: dict, expected: str) -> None:
    assert any(expected in p for p in problems({"game": game})), problems({"game": game})


def test_a_camera_turned_a_quarter_is_set_in_quarter_turns() -> None:
    """``[camera] turn``: quarter turns clockwise given to every frame (0 by default)."""
    assert parse_config({}).camera.turn == 0
    assert parse_config({"camera": {"turn": 3}}).camera.turn == 3


def test_teaching_asks_for_three_looks_unless_told_otherwise() -> None:
    """``[teach] rolls`` and ``per_face``: how many looks the box's teach mode asks for."""
    assert parse_config({}).teach == TeachConfig(rolls=3, per_face=3)
    assert parse_config({"teach": {"rolls": 10, "per_face": 5}}).teach == TeachConfig(10, 5)
