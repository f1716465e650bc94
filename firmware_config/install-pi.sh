#!/usr/bin/env bash
# Install bluffbox on Raspberry Pi OS Bookworm (or later) from this checkout, as a systemd service.
#
#   sudo firmware_config/install-pi.sh            install or upgrade; safe to run again
#   sudo firmware_config/install-pi.sh --help     options
#
# What it does, in order:
#   1. apt: python3-picamera2 python3-venv python3-pip python3-numpy i2c-tools (+ python3-lgpio
#      when the apt repository has it; it is only in Raspberry Pi OS's own repository)
#   2. the system user 'bluffbox' in the groups gpio, i2c and video (groups created if missing)
#   3. a venv at PREFIX/venv made with --system-site-packages, so apt's picamera2 and numpy are
#      used; pip is held to the system numpy by a constraints file (PREFIX/constraints.txt), and
#      on a numpy 1.x system (Bookworm) also by firmware_config/pi-constraints.txt
#   4. pip install '.[pi]' from a copy of this checkout (the checkout stays untouched)
#   5. /etc/bluffbox/config.toml from firmware_config/bluffbox.example.toml, only if absent
#   6. systemd/bluffbox.service and systemd/bluffbox-web.service (the scoreboard on port 8080)
#      into /etc/systemd/system, enabled (restarted if they were running)
#   7. checks for the config.txt lines (I2C on, camera) and says what to add
# shellcheck disable=SC2317  # nested functions in main() are reached; shellcheck 0.9 thinks not
set -euo pipefail
# The whole script is the function main, read before it starts: a git pull during a run
# cannot change the script under the running shell.
main() {
prog="install-pi.sh"
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix=/opt/bluffbox
etc_dir=/etc/bluffbox
unit_dir=/etc/systemd/system
service_user=bluffbox
state_dir=/var/lib/bluffbox
do_apt=1
do_picamera2=1
do_enable=1
boot_config=""

usage() {
  cat <<EOF
Usage: sudo $0 [options]

Installs bluffbox from this checkout ($src) on Raspberry Pi OS Bookworm or later.

Options:
  --prefix DIR       where the venv goes (default $prefix; the venv is DIR/venv)
  --no-apt           do not run apt-get; the apt packages must already be there
  --no-picamera2     do not require python3-picamera2 (only in Raspberry Pi OS's apt
                     repository; used by scripts/check-arm64 on plain Debian)
  --no-enable        install the systemd unit but do not run systemctl
                     (also skipped automatically when systemd is not running, e.g. in a chroot)
  --boot-config FILE config.txt to check for I2C and camera lines
                     (default /boot/firmware/config.txt, or /boot/config.txt)
  -h, --help         this help
EOF
}

say() { printf '%s: %s\n' "$prog" "$*"; }
warn() { printf '%s: WARNING: %s\n' "$prog" "$*" >&2; }
die() {
  printf '%s: ERROR: %s\n' "$prog" "$*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    --no-apt) do_apt=0; shift ;;
    --no-picamera2) do_picamera2=0; shift ;;
    --no-enable) do_enable=0; shift ;;
    --boot-config) [ $# -ge 2 ] || die "--boot-config needs a file"; boot_config="$2"; shift 2 ;;
    --boot-config=*) boot_config="${1#*=}"; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

case "$prefix" in
  /*) ;;
  *) die "--prefix must be an absolute path, not '$prefix'" ;;
esac
prefix="${prefix%/}"
venv="$prefix/venv"
constraints="$prefix/constraints.txt"

[ "$(id -u)" -eq 0 ] || die "run as root: sudo $0 $*"
[ -f "$src/pyproject.toml" ] || die "$src has no pyproject.toml: run the script from a bluffbox checkout"

# --- 0. the system -------------------------------------------------------------------------
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  . /etc/os-release
  say "system: ${PRETTY_NAME:-unknown} on $(uname -m)"
  case "${VERSION_CODENAME:-}" in
    buster | bullseye) die "${PRETTY_NAME:-this system} is too old: bluffbox needs Raspberry Pi OS Bookworm or later" ;;
  esac
fi
case "$(uname -m)" in
  aarch64 | armv7l) ;;
  *) warn "this is not a Raspberry Pi ($(uname -m)); continuing anyway" ;;
esac

# --- 1. apt packages ---------------------------------------------------------------------
apt_pkgs=(python3-venv python3-pip python3-numpy i2c-tools)
if [ "$do_picamera2" -eq 1 ]; then apt_pkgs=(python3-picamera2 "${apt_pkgs[@]}"); fi

pkg_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}
pkg_available() {
  [ -n "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | grep -v '(none)' || true)" ]
}

if [ "$do_apt" -eq 1 ]; then
  missing=()
  for p in "${apt_pkgs[@]}"; do pkg_installed "$p" || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    say "apt: installing ${missing[*]}"
    apt-get update -q
    if [ "$do_picamera2" -eq 1 ] && ! pkg_available python3-picamera2; then
      die "apt has no python3-picamera2: it is only in Raspberry Pi OS's own apt repository. On plain Debian use --no-picamera2."
    fi
    # --no-install-recommends: on Raspberry Pi OS Lite, picamera2's recommends pull in a desktop.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    say "apt: ${apt_pkgs[*]} already installed"
  fi
  # lgpio from apt when the repository has it (Raspberry Pi OS); otherwise pip installs the
  # lgpio wheel through the [pi] extra.
  if ! pkg_installed python3-lgpio && pkg_available python3-lgpio; then
    say "apt: installing python3-lgpio"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-lgpio
  fi
else
  say "apt: skipped (--no-apt)"
fi

command -v python3 >/dev/null 2>&1 || die "python3 is missing: apt install python3"
sys_python=$(command -v python3)
"$sys_python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
  die "bluffbox needs Python 3.11 or later; this system has $("$sys_python" -V 2>&1)"
"$sys_python" -m venv --help >/dev/null 2>&1 || die "python3-venv is missing: apt install python3-venv"
sys_numpy=$("$sys_python" -c 'import numpy; print(numpy.__version__)' 2>/dev/null) ||
  die "the system numpy is missing: apt install python3-numpy"
if [ "$do_picamera2" -eq 1 ]; then
  "$sys_python" -c 'import picamera2' 2>/dev/null ||
    warn "the system python cannot import picamera2 (apt install python3-picamera2); the camera will not work"
fi
say "system python: $("$sys_python" -V 2>&1), numpy $sys_numpy"

# --- 2. service user and groups ----------------------------------------------------------
for g in gpio i2c video; do
  if ! getent group "$g" >/dev/null; then
    say "creating group $g"
    groupadd --system "$g"
  fi
done
if ! id -u "$service_user" >/dev/null 2>&1; then
  say "creating system user $service_user"
  useradd --system --user-group --home-dir "$state_dir" --no-create-home \
    --shell /usr/sbin/nologin --comment "bluffbox table referee" "$service_user"
fi
usermod -a -G gpio,i2c,video "$service_user"
say "user $service_user: $(id "$service_user")"
install -d -m 0750 -o "$service_user" -g "$service_user" "$state_dir"

# --- 3. venv and constraints -------------------------------------------------------------
if [ -x "$venv/bin/python" ] &&
  ! grep -qiE '^include-system-site-packages *= *true' "$venv/pyvenv.cfg" 2>/dev/null; then
  warn "$venv was made without --system-site-packages; making it again"
  rm -rf "$venv"
fi
if [ -x "$venv/bin/python" ] && ! "$venv/bin/python" -c 'pass' 2>/dev/null; then
  warn "$venv is broken (was the system python upgraded?); making it again"
  rm -rf "$venv"
fi
if [ ! -x "$venv/bin/python" ]; then
  say "creating venv $venv (--system-site-packages)"
  install -d -m 0755 "$prefix"
  "$sys_python" -m venv --system-site-packages "$venv"
else
  say "venv $venv exists"
fi

# A pip numpy would shadow apt's, which picamera2 and simplejpeg are built against: pin it.
{
  echo "# written by firmware_config/install-pi.sh: keep the system numpy ($sys_python)"
  echo "numpy==$sys_numpy"
  if [ "${sys_numpy%%.*}" -lt 2 ]; then
    [ -f "$src/firmware_config/pi-constraints.txt" ] ||
      die "$src/firmware_config/pi-constraints.txt is missing"
    echo "# from firmware_config/pi-constraints.txt (system numpy is 1.x)"
    grep -vE '^[[:space:]]*(#|$)' "$src/firmware_config/pi-constraints.txt"
  fi
} >"$constraints.tmp"
mv "$constraints.tmp" "$constraints"
say "pip constraints ($constraints): $(grep -v '^#' "$constraints" | tr '\n' ' ')"

# --- 4. the package ----------------------------------------------------------------------
# Build from a copy so that pip's build/ and *.egg-info never land, root-owned, in the checkout.
stage=$(mktemp -d /tmp/bluffbox-install.XXXXXX)
trap 'rm -rf "$stage"' EXIT
tar -C "$src" --exclude=./.git --exclude=./.venv --exclude=./build --exclude='*.egg-info' \
  --exclude=__pycache__ --exclude=.pytest_cache --exclude=.ruff_cache --exclude=.hypothesis \
  --exclude=./var --exclude=./out -cf - . | tar -C "$stage" -xf -
say "pip install '.[pi]' into $venv"
# (pip always reinstalls a project given as a local directory, so an upgrade of the checkout
# takes effect even when the version number did not change.)
"$venv/bin/python" -m pip install --no-input --constraint "$constraints" "${stage}[pi]"

# Prove that the venv uses the system numpy and that OpenCV loads against it.
"$venv/bin/python" - "$sys_numpy" <<'PY' || die "the venv does not work with the system numpy (see above)"
import sys

import numpy

want = sys.argv[1]
if numpy.__version__ != want or not numpy.__file__.startswith("/usr/"):
    sys.exit(f"venv numpy is {numpy.__version__} at {numpy.__file__}, expected the system's {want}")
import cv2  # noqa: E402
from vision import model  # noqa: E402 (it loads ONNX Runtime, its telemetry off)

img = numpy.zeros((8, 8, 3), dtype=numpy.uint8)
assert cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).shape == (8, 8)
print(f"install-pi.sh: venv OK: numpy {numpy.__version__} (system), opencv {cv2.__version__}, "
      f"{model.ENGINE}")
PY
"$venv/bin/bluffbox" --help >/dev/null || die "$venv/bin/bluffbox --help failed"
# The unit's Documentation= points here.
if [ -f "$src/README.md" ]; then install -m 0644 "$src/README.md" "$prefix/README.md"; fi

# --- 5. config ---------------------------------------------------------------------------
example="$src/firmware_config/bluffbox.example.toml"
install -d -m 0755 "$etc_dir"
if [ -f "$etc_dir/config.toml" ]; then
  say "$etc_dir/config.toml exists: left as it is"
  if [ -f "$example" ] && ! cmp -s "$example" "$etc_dir/config.toml"; then
    say "  (compare it with $example for new settings)"
  fi
elif [ -f "$example" ]; then
  install -m 0644 "$example" "$etc_dir/config.toml"
  say "installed $etc_dir/config.toml from firmware_config/bluffbox.example.toml: edit pins, display and camera there"
else
  warn "$example is missing: write $etc_dir/config.toml yourself before starting the service"
fi

# --- 6. systemd units ---------------------------------------------------------------------
# bluffbox.service (the box) and bluffbox-web.service (the read-only scoreboard, [web] in the
# config); each is enabled, and restarted if it was running.
install_unit() {
  local unit="$1" unit_src="$src/systemd/$1"
  if [ ! -f "$unit_src" ]; then
    warn "$unit_src is missing: $unit not installed"
    return 0
  fi
  install -d -m 0755 "$unit_dir"
  # The unit names /opt/bluffbox/venv; follow --prefix.
  sed "s#/opt/bluffbox/venv#$venv#g" "$unit_src" >"$unit_dir/$unit.tmp"
  chmod 0644 "$unit_dir/$unit.tmp"
  mv "$unit_dir/$unit.tmp" "$unit_dir/$unit"
  say "installed $unit_dir/$unit"
  if [ "$do_enable" -eq 0 ]; then
    say "systemctl skipped (--no-enable): run 'systemctl daemon-reload && systemctl enable --now ${unit%.service}'"
  elif [ ! -d /run/systemd/system ] || ! command -v systemctl >/dev/null 2>&1; then
    say "systemd is not running here (chroot or container): skipped systemctl for $unit"
  else
    systemctl daemon-reload
    systemctl enable "$unit"
    if systemctl is-active --quiet "$unit"; then
      systemctl restart "$unit"
      say "$unit restarted with the new version"
    else
      say "$unit enabled: it starts at boot; start it now with 'systemctl start ${unit%.service}'"
    fi
  fi
}
install_unit bluffbox.service
install_unit bluffbox-web.service

# --- 7. config.txt reminders -------------------------------------------------------------
if [ -z "$boot_config" ]; then
  for f in /boot/firmware/config.txt /boot/config.txt; do
    if [ -f "$f" ]; then boot_config="$f"; break; fi
  done
fi
if [ -n "$boot_config" ] && [ -f "$boot_config" ]; then
  need=()
  grep -qE '^[[:space:]]*dtparam=i2c_arm=on' "$boot_config" || need+=("dtparam=i2c_arm=on")
  grep -qE '^[[:space:]]*dtparam=i2c_arm_baudrate=' "$boot_config" ||
    need+=("dtparam=i2c_arm_baudrate=400000   (a 4x faster screen; 100000 for long wires)")
  grep -qE '^[[:space:]]*(camera_auto_detect=1|dtoverlay=(imx|ov)[0-9])' "$boot_config" ||
    need+=("camera_auto_detect=1   (or the dtoverlay= line of your sensor)")
  if [ "${#need[@]}" -gt 0 ]; then
    say "add to $boot_config under [all], then reboot (firmware_config/config.txt has them all):"
    for line in "${need[@]}"; do say "    $line"; done
  else
    say "$boot_config has I2C and the camera on"
  fi
else
  say "no config.txt found here: on the Pi, /boot/firmware/config.txt needs dtparam=i2c_arm=on"
  say "  and camera_auto_detect=1: see firmware_config/config.txt"
fi
[ -e /dev/i2c-1 ] || say "note: /dev/i2c-1 is absent: the OLED needs I2C on (then reboot)"

say "done. Wiring: firmware_config/pins.md. Check the box: sudo -u $service_user $venv/bin/bluffbox doctor --config $etc_dir/config.toml"
say "the scoreboard: http://$(hostname).local:8080/ from a phone on the same network ([web] in $etc_dir/config.toml)"
}
main "$@"
exit
