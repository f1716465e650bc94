"""``bluffbox web`` / ``bluffbox stats`` wiring: the [web] config section, the commands, the
systemd unit (checked by ``systemd-analyze verify``) and its place in the Pi install."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from device.cli import main
from device.cli import web as cli_web
from device.core.config import ConfigError, WebConfig, load_config, parse_config

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "firmware_config" / "bluffbox.example.toml"
UNIT = ROOT / "systemd" / "bluffbox-web.service"
MAIN_UNIT = ROOT / "systemd" / "bluffbox.service"


def test_web_section_defaults_and_the_example() -> None:
    assert load_config(None).web == WebConfig(True, "0.0.0.0", 8080)
    assert load_config(EXAMPLE).web == load_config(None).web
    text = EXAMPLE.read_text()
    assert "\n[web]\n" in text
    for key in ("enabled", "host", "port"):
        assert f"\n{key} = " in text, key
    cfg = parse_config({"web": {"enabled": False, "host": "127.0.0.1", "port": 9000}})
    assert cfg.web == WebConfig(False, "127.0.0.1", 9000)
    assert parse_config({"web": {"host": "bluffbox.local"}}).web.host == "bluffbox.local"


@pytest.mark.parametrize(("web", "expected"), [
    ({"port": 80}, "web.port: 80 is out of range (use 1024-65535; ports below 1024 need root)"),
    ({"port": "8080"}, "web.port: expected a whole number"),
    ({"host": "not a host!"}, "web.host: 'not a host!' is not an address to listen on"),
    ({"host": ""}, "web.host: expected a non-empty string"),
    ({"enabled": "no"}, "web.enabled: expected true or false, got a string 'no'"),
    ({"prot": 8080}, "web.prot: unknown key (did you mean 'port'?)"),
])
def test_bad_web_settings_name_the_key_and_the_fix(web: dict[str, Any], expected: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_config({"web": web})
    assert len(exc.value.problems) == 1 and exc.value.problems[0].startswith(expected)


def test_web_turned_off_exits_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[web]\nenabled = false\n")
    assert main(["web", "--config", str(config)]) == 0
    assert "turned off" in capsys.readouterr().err


def test_web_passes_config_and_flags_to_the_server(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(cli_web.cli, "serve", lambda *a: calls.append(a) or 0)
    config = tmp_path / "config.toml"
    config.write_text(
        f'[web]\nhost = "127.0.0.1"\nport = 9001\n[paths]\nstate_dir = "{tmp_path}"\n')
    assert main(["web", "--config", str(config)]) == 0
    assert main(["web", "--config", str(config), "--state-dir", "/srv/x", "--port", "9002",
                 "--host", "::1"]) == 0
    assert calls == [(tmp_path, tmp_path / "logs", "127.0.0.1", 9001),
                     (Path("/srv/x"), Path("/srv/x/logs"), "::1", 9002)]


def test_a_bad_config_is_refused_with_its_problems(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[web]\nport = 1\n")
    assert main(["web", "--config", str(config)]) == 2
    assert main(["stats", "--config", str(config)]) == 2
    assert "web.port: 1 is out of range" in capsys.readouterr().err


def service(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path)
    return parser


def test_web_unit_runs_as_the_box_user_after_the_box_without_root() -> None:
    unit, box = service(UNIT), service(MAIN_UNIT)
    svc = unit["Service"]
    assert "bluffbox.service" in unit["Unit"]["After"].split()
    assert svc["Restart"] == "on-failure"
    assert svc["User"] == box["Service"]["User"] and svc["Group"] == box["Service"]["Group"]
    assert svc["ExecStart"] == ("/opt/bluffbox/venv/bin/bluffbox web --config "
                                "/etc/bluffbox/config.toml")
    assert svc["ProtectSystem"] == "strict" and svc["NoNewPrivileges"] == "yes"
    assert svc["CapabilityBoundingSet"] == ""
    assert "StateDirectory" not in svc  # the box's unit owns the state directory
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def _verify(tmp_path: Path, text: str) -> str:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed")
    copy = tmp_path / "bluffbox-web.service"
    copy.write_text(text)
    result = subprocess.run([tool, "verify", str(copy)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0 or result.stdout + result.stderr
    return (result.stdout + result.stderr).strip()


def test_systemd_analyze_verify_is_silent(tmp_path: Path) -> None:
    text = UNIT.read_text().replace("/opt/bluffbox/venv/bin/bluffbox", "/bin/true")
    assert _verify(tmp_path, text) == ""
    assert "RestartSecs" in _verify(tmp_path, text.replace("RestartSec=", "RestartSecs="))


def test_install_script_and_check_arm64_cover_the_web_unit() -> None:
    install = (ROOT / "firmware_config" / "install-pi.sh").read_text()
    assert "install_unit bluffbox-web.service" in install
    assert 'systemctl enable "$unit"' in install
    check = (ROOT / "scripts" / "check-arm64").read_text()
    assert "/etc/systemd/system/bluffbox-web.service" in check
    assert "bluffbox web --state-dir /tmp/sim/state" in check
    assert "bluffbox stats --state-dir /tmp/sim/state" in check
