"""The box under storage faults: a read-only or missing state folder, a full disk (the
free-space floor, the oldest photos deleted first, a photo that cannot be kept, a log line
that cannot be written), and a restart after space is freed. In process, with an injected
ENOSPC, and on a small tmpfs where this machine lets the tests mount one."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from device.core.box import Box, BoxSettings
from device.core.flow import StorageFull
from device.core.ports import Look
from device.core.roles import Role
from device.core.storage import make_room, space_problem, state_problem
from device.hw.photos import PhotoKeeper
from device.registry import GAMES
from device.ui.views import MessageView
from games.log import read_log, replay

ROLES = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN, "o": Role.OK,
         "p": Role.CARD}
FRAME = np.full((48, 64, 3), 128, np.uint8)
SETUP = "o o o o o o"  # 3 players, 3 strikes, P1 starts
DECLARE_53 = "aaaaww o"


class StillEye:
    """Settled at once on ``dice``, with a frame (kept as the ruling's photo)."""

    def __init__(self, dice: tuple[int, int]) -> None:
        self.dice = dice

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        return Look("settled", self.dice, frame=FRAME)


def box_for(state: Path, dice: tuple[int, int] = (5, 3), *, photos: Any = None,
            min_free_mb: int = 0) -> Box:
    eye = StillEye(dice)
    settings = BoxSettings(state / "logs", state / "photos", state, min_free_mb=min_free_mb)
    factory = photos if photos is not None else (
        lambda gid: PhotoKeeper(state / "photos", gid, base=state))
    return Box(settings, GAMES, lambda game, hooks: eye, photo_factory=factory)


def press(box: Box, keys: str) -> None:
    for k in keys.replace(" ", ""):
        box.press(ROLES[k])
        while box.busy:
            box.tick(0.0)


def title(box: Box) -> str:
    view = box.view()
    assert isinstance(view, MessageView), view
    return view.title


def unfinished_game(state: Path) -> Path:
    """A game with one logged action (P1 declared 53), left unfinished."""
    box = box_for(state)
    press(box, SETUP + " " + DECLARE_53)
    box.close_game()
    [log] = (state / "logs").glob("*.jsonl")
    return log


# --- a small file system of our own ------------------------------------------------------------


def _mount(*args: str) -> None:
    subprocess.run(["mount", *args], check=True, capture_output=True, timeout=30)


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB tmpfs (root only: skipped, with the reason, where mount is not permitted)."""
    where = tmp_path / "mnt"
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (the injected-ENOSPC tests still run)")
    try:
        _mount("-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where))
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"mount is not permitted here: {exc}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)


def read_only(path: Path) -> None:
    _mount("-o", "remount,ro", str(path))


def writable(path: Path) -> None:
    _mount("-o", "remount,rw", str(path))


def fill(where: Path) -> Path:
    """Fill the file system holding ``where``; the filler file (delete it to free space)."""
    filler = where / "filler"
    with open(filler, "wb", buffering=0) as fh:
        try:
            while True:
                fh.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


# --- the state folder ---------------------------------------------------------------------------


def test_read_only_state_dir_with_an_unfinished_game_is_found_before_anything(
        tmpfs: Path, caplog: pytest.LogCaptureFixture) -> None:
    log = unfinished_game(tmpfs)
    before = log.read_bytes()
    read_only(tmpfs)
    box = box_for(tmpfs)
    # no resume offer (it would fail on reopening the log), no setup: a clear screen
    assert title(box) == "Cannot save games"
    assert "Read-only file system" in box.view().lines[0]
    assert box.resumable is None and box.setup is None and box.flow is None
    assert "cannot save games" in caplog.text and "fsck" in caplog.text
    press(box, "o a c")  # checking again changes nothing while it is read-only
    assert title(box) == "Cannot save games"
    writable(tmpfs)
    press(box, "o")
    assert title(box) == "Resume game?"
    press(box, "o")
    assert box.flow is not None and box.flow.actions == 1
    assert log.read_bytes().startswith(before)


def test_missing_state_dir_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("a file, not a folder")
    state = tmp_path / "file" / "state"
    box = box_for(state)
    assert title(box) == "Cannot save games"
    assert "cannot be created" in box.view().lines[0]
    assert box.setup is None
    assert state_problem([state]) is not None and state_problem([tmp_path]) is None


def test_missing_state_dir_that_can_be_created_is_fine(tmp_path: Path) -> None:
    box = box_for(tmp_path / "new" / "state")
    assert box.setup is not None
    press(box, SETUP)
    assert box.flow is not None and (tmp_path / "new" / "state" / "logs").is_dir()


# --- the free-space floor and old photos --------------------------------------------------------


def test_below_the_floor_no_new_game_starts_but_a_game_in_progress_resumes(
        tmp_path: Path) -> None:
    huge = 10**9  # MB: more than any disk has free
    box = box_for(tmp_path, min_free_mb=huge)
    assert title(box) == "Storage full" and box.setup is None
    assert "needs 1000000000 MB" in box.view().lines[0]
    press(box, "o o")
    assert title(box) == "Storage full" and not (tmp_path / "logs").exists()

    log = unfinished_game(tmp_path)
    box = box_for(tmp_path, min_free_mb=huge)
    assert title(box) == "Resume game?"  # the floor is the reserve of a game in progress
    press(box, "o")
    assert box.flow is not None and box.flow.actions == 1
    assert read_log(log).actions


class FakeDisk:
    """Free bytes = capacity minus the photos' sizes (so deleting one frees space)."""

    def __init__(self, root: Path, capacity: int) -> None:
        self.root = root
        self.capacity = capacity

    def __call__(self, path: Path) -> int:
        used = sum(p.stat().st_size for p in self.root.rglob("*") if p.is_file())
        return self.capacity - used


def test_make_room_deletes_the_oldest_photos_first_and_never_a_log(tmp_path: Path) -> None:
    mb = 1024 * 1024
    photos = tmp_path / "photos"
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "old-game.jsonl").write_bytes(b"x" * mb)
    ages = {}
    for i, name in enumerate(["g1/0001.jpg", "g1/0002.jpg", "g2/0001.jpg", "g3/0004.jpg"]):
        path = photos / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"j" * mb)
        os.utime(path, (1000 + i, 1000 + i))
        ages[name] = path
    disk = FakeDisk(tmp_path, 7 * mb)  # 5 MB used: 2 MB free
    assert make_room(photos, 4, disk) == 2  # 4 MB wanted: the two oldest photos go
    assert not ages["g1/0001.jpg"].exists() and not ages["g1/0002.jpg"].exists()
    assert ages["g2/0001.jpg"].exists() and ages["g3/0004.jpg"].exists()
    assert (logs / "old-game.jsonl").exists()
    assert make_room(photos, 4, disk) == 0  # enough now
    # nothing left to delete but the log: the floor is not reached, no new game
    assert make_room(photos, 7, disk) == 2
    assert (logs / "old-game.jsonl").exists()
    assert space_problem(tmp_path, photos, 7, disk) is not None
    assert space_problem(tmp_path, photos, 6, disk) is None


def test_photo_keeper_makes_room_before_each_photo(tmp_path: Path) -> None:
    old = tmp_path / "photos" / "old" / "0001.jpg"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"j" * 1024 * 1024)
    disk = FakeDisk(tmp_path, 3 * 1024 * 1024)  # 2 MB free, the floor 3 MB
    keeper = PhotoKeeper(tmp_path / "photos", "new", base=tmp_path, min_free_mb=3, usage=disk)
    assert keeper.save(FRAME, 1) == "photos/new/0001.jpg"
    assert not old.exists()


# --- a photo that cannot be kept -----------------------------------------------------------------


def test_a_photo_that_cannot_be_written_leaves_no_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture
                                                       ) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("device.hw.photos.os.fsync", no_space)
    keeper = PhotoKeeper(tmp_path / "photos", "g1", base=tmp_path)
    assert keeper.save(FRAME, 14) is None
    assert not (tmp_path / "photos" / "g1" / "0014.jpg").exists()  # no 0-byte photo
    assert "could not keep the photo" in caplog.text


def test_a_lost_photo_is_said_on_screen_and_in_the_log(tmp_path: Path) -> None:
    box = box_for(tmp_path, photos=lambda gid: (lambda frame, n, part=None: None))
    press(box, SETUP + " " + DECLARE_53 + " c")  # P2 challenges: the dice are read
    assert box.flow is not None
    view = box.view()
    assert view.hint.startswith("photo not kept")
    [log] = (tmp_path / "logs").glob("*.jsonl")
    meta = read_log(log).metas[-1]
    assert meta is not None and meta["photo_lost"] == "could not be saved"
    assert "photo" not in meta


# --- the log cannot be written ------------------------------------------------------------------


class FailingLog:
    """The flow's recorder: writes through, or fails with ``errno`` while ``full``."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer
        self.full: int | None = None

    def action(self, action: Any, meta: Any = None) -> int:
        if self.full is not None:
            raise OSError(self.full, os.strerror(self.full))
        return int(self.writer.action(action, meta))

    def note(self, **fields: Any) -> None:
        self.writer.note(**fields)


def test_a_log_that_cannot_be_written_stops_the_game_with_a_clear_screen(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    box = box_for(tmp_path)
    press(box, SETUP)
    assert box.flow is not None
    failing = FailingLog(box.flow.log)
    box.flow.log = failing
    state = box.flow.state
    failing.full = errno.ENOSPC
    press(box, DECLARE_53)
    assert isinstance(box.flow.mode, StorageFull)
    view = box.view()
    assert view.title == "Storage full" and view.hint == "o:try again"
    assert view.lines[0] == "The game is saved up to here."
    assert box.flow.state == state and box.flow.actions == 0  # nothing was taken
    assert "the game log cannot be written" in caplog.text
    press(box, "a c w s p o")  # nothing happens; OK tries again, still full
    assert isinstance(box.flow.mode, StorageFull) and box.flow.state == state
    failing.full = errno.EROFS
    press(box, "o")
    assert box.view().title == "Cannot save"
    failing.full = None  # space freed: OK goes on with the same action
    press(box, "o")
    assert box.flow.actions == 1 and box.flow.state.score == 53
    [log] = (tmp_path / "logs").glob("*.jsonl")
    assert len(read_log(log).actions) == 1


def test_disk_full_on_a_tmpfs_then_resume_after_space_is_freed(tmpfs: Path) -> None:
    box = box_for(tmpfs)
    press(box, SETUP + " " + DECLARE_53)  # one action logged
    assert box.flow is not None and box.writer is not None
    state = box.flow.state
    # a note pads the log to a whole page, so its next line needs a new one
    size = box.writer.path.stat().st_size
    bare = len(b'{"type": "note", "text": ""}\n')
    box.writer.note(text="." * (-(size + bare) % 4096))
    assert box.writer.path.stat().st_size % 4096 == 0
    filler = fill(tmpfs)
    press(box, "a")  # P2 accepts: the dice are read, the log cannot take it
    assert isinstance(box.flow.mode, StorageFull) and box.view().title == "Storage full"
    assert box.flow.state == state
    [log] = (tmpfs / "logs").glob("*.jsonl")
    assert len(read_log(log).actions) == 1 and read_log(log).warnings == []
    box.close_game()  # the power is cut (or the service restarted)
    filler.unlink()
    again = box_for(tmpfs)
    assert title(again) == "Resume game?"
    press(again, "o")
    assert again.flow is not None and again.flow.state == replay(log).state == state
    press(again, "a")  # the accept that was lost, taken again
    assert again.flow.actions == 2


def test_injected_enospc_in_the_real_log_writer_then_ok_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    box = box_for(tmp_path)
    press(box, SETUP)
    assert box.flow is not None
    real_write = os.write

    def full(fd: int, data: Any) -> int:
        real_write(fd, bytes(data)[:7])  # part of the line reaches the card
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("games.log.os.write", full)
    press(box, DECLARE_53)
    assert isinstance(box.flow.mode, StorageFull) and box.view().title == "Storage full"
    [log] = (tmp_path / "logs").glob("*.jsonl")
    assert read_log(log).actions == [] and read_log(log).warnings == []  # cut back, whole
    monkeypatch.setattr("games.log.os.write", real_write)  # space freed
    press(box, "o")
    assert box.flow.actions == 1 and len(read_log(log).actions) == 1
