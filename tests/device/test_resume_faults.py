"""Resuming after faults: a press lost between its button and its log line is named on the
resumed screen; a log with a garbage line in the middle is resumed up to its last good
action, the original kept."""

from __future__ import annotations

from pathlib import Path

from device.core.box import Box, BoxSettings
from device.core.notes import pending_press
from device.core.ports import Look
from device.core.roles import Role
from device.registry import GAMES

ROLES = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN, "o": Role.OK}


class Eye:
    """Moving (a hand over the tray) until ``settle`` is set; then 5-3."""

    def __init__(self) -> None:
        self.settle = False

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        return Look("settled", (5, 3)) if self.settle else Look("moving")


def box_for(state: Path, eye: Eye) -> Box:
    return Box(BoxSettings(state / "logs", state / "photos", state), GAMES,
               lambda game, hooks: eye)


def press(box: Box, keys: str, ticks: int = 3) -> None:
    for k in keys.replace(" ", ""):
        box.press(ROLES[k])
        for _ in range(ticks):
            if box.busy:
                box.tick(0.0)


def test_a_challenge_cut_off_during_the_camera_look_is_asked_again(tmp_path: Path) -> None:
    eye = Eye()
    box = box_for(tmp_path, eye)
    press(box, "o o o o o o aaaaww o")  # P1 declares 53
    press(box, "c")  # P2 challenges; the camera is still looking when the power goes
    assert box.busy
    box.close_game()
    [log] = (tmp_path / "logs").glob("*.jsonl")
    assert pending_press(log) == "CHALLENGE"

    eye.settle = True
    again = box_for(tmp_path, eye)
    press(again, "o")  # resume
    assert again.flow is not None and again.flow.actions == 1
    assert again.view().hint == "press CHALLENGE again"
    press(again, "c")
    assert again.flow.actions == 2
    assert pending_press(log) is None  # the challenge is logged now
    again.close_game()
    resumed = box_for(tmp_path, eye)
    press(resumed, "o")
    assert resumed.flow is not None and "again" not in resumed.view().hint


def test_a_garbage_line_in_the_middle_offers_to_resume_up_to_the_last_good_action(
        tmp_path: Path) -> None:
    eye = Eye()
    eye.settle = True
    box = box_for(tmp_path, eye)
    press(box, "o o o o o o aaaaww o a o wo")  # P1 53, P2 accepts 5-3, P2 declares
    assert box.flow is not None and box.flow.actions == 3
    box.close_game()
    [log] = (tmp_path / "logs").glob("*.jsonl")
    lines = log.read_bytes().splitlines(keepends=True)
    actions = [i for i, line in enumerate(lines) if b'"type": "action"' in line]
    lines[actions[1]] = b"\x85garbage, not JSON\n"  # the accept is garbled
    log.write_bytes(b"".join(lines))
    original = log.read_bytes()

    again = box_for(tmp_path, eye)
    view = again.view()
    assert view.title == "Log damaged" and view.hint == "o:resume c:new game"
    assert view.lines[0].startswith(f"Line {actions[1] + 1} of the game log is bad.")
    assert "after action 1" in view.lines[0]
    press(again, "o")
    assert again.flow is not None and again.flow.actions == 1  # P2 decides on 53 again
    assert again.flow.state.awaiting == 1 and again.flow.state.score == 53
    assert (tmp_path / "logs" / f"{log.name}.damaged-1").read_bytes() == original
    press(again, "a")  # the game goes on in the same log
    assert again.flow.actions == 2


def test_a_damaged_log_can_be_left_for_a_new_game(tmp_path: Path) -> None:
    eye = Eye()
    eye.settle = True
    box = box_for(tmp_path, eye)
    press(box, "o o o o o o aaaaww o a o")
    box.close_game()
    [log] = (tmp_path / "logs").glob("*.jsonl")
    lines = log.read_bytes().splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if b'"type": "action"' in line)
    lines[first] = b"{not json\n"
    log.write_bytes(b"".join(lines))
    original = log.read_bytes()
    again = box_for(tmp_path, eye)
    assert again.view().title == "Log damaged"
    press(again, "c")
    assert again.setup is not None and log.read_bytes() == original  # left as it was
