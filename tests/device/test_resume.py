"""Power-cut safety: kill the running box (SIGKILL) mid-game, restart it, and it resumes
with the identical state and screen; plus the in-process start-up choices."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

from PIL import Image

from device.core.box import Box, BoxSettings, find_unfinished
from device.core.ports import Look
from device.core.roles import Role
from device.registry import GAMES
from device.ui.views import MessageView, WinnerView, render
from games.doubting.events import PalificoRound
from games.doubting.state import Phase
from games.log import read_log, replay

# 3 players, 2 strikes; Ann declares 53 on 5-3, Bob accepts, Bob declares 55 on 6-6 (a
# bluff); the box is killed while Cat decides on it. After the restart Cat challenges.
SETUP = "o o o s o o o"
BEFORE_KILL = SETUP + " aaaaww o a o  ssso"  # Ann 53; Bob accepts 5-3; Bob declares 55
DICE = "53,66,44"


def start(sim_box: Any, screens: str, *extra: str) -> Any:
    return sim_box.start("--dice", DICE, "--seed", "5", "--names", "Ann,Bob,Cat", *extra,
                         screens=screens)


def test_sigkill_mid_game_then_resume_identically(sim_box: Any) -> None:
    tmp_path = sim_box.tmp
    box = start(sim_box, "before")
    # killed on the screen after the last action: Cat decides on Bob's 55
    log = sim_box.kill_after(box, BEFORE_KILL, 3, "before")
    before = sim_box.replay_json(log)
    assert before["awaiting"] == "Cat" and before["score"] == 55 and before["actions"] == 3
    last_before = sim_box.frames(tmp_path / "before")[-1]

    # a power cut mid-write leaves a torn last line: it is cut off on resume
    with open(log, "ab") as fh:
        fh.write(b'{"type": "action", "n": 4, "action": {"type": "acc')

    again = sim_box.run("o  c o", "--dice", DICE, "--seed", "5", "--names", "Ann,Bob,Cat",
                        screens="after")
    assert again.returncode == 0, again.stderr
    after = sim_box.frames(tmp_path / "after")
    first = Image.open(after[0])
    assert first.size == (128, 64)
    # first screen: the offer to resume; then exactly the screen the box was killed on
    assert sim_box.same(after[1], last_before)
    assert "resumed" in again.stderr
    # the state is identical, and the game goes on from it with the same cup (6-6)
    log_after = read_log(log)
    assert log_after.warnings == []
    assert sim_box.replay_json_prefix(log, 3) == before
    assert log_after.actions[3].dice == (6, 6)


# Doubting Dice, chosen by the config; 3 players, the cups from seed 5. R1: Ann opens
# 5 x 2, Bob challenges: true, Bob loses a die; R2: Bob opens 4 x 2, Cat challenges: true,
# Cat loses a die; R3: Cat opens 4 x 2, Ann raises to 4 x 3, Bob to 4 x 5: the box is
# killed while Cat answers. After the restart Cat challenges (true: Cat loses a die) and
# ten more rounds, each opened at the lowest bid and challenged, play the game out (two
# palifico rounds, Cat out, then Ann): Bob wins after 13 rounds.
DD_CONFIG = '[game]\nname = "doubting_dice"\n'
DD_BEFORE_KILL = "oooooo  ooco  ooco  oo ao aco"
DD_AFTER = "o  co" + "  ooco" * 10  # resume; Cat challenges; ten rounds
DD_ACTIONS = 7  # R1 and R2: a bid and a challenge; R3: three bids


def dd_args(sim_box: Any) -> tuple[str, ...]:
    config = sim_box.tmp / "config.toml"
    config.write_text(DD_CONFIG)
    return "--config", str(config), "--seed", "5", "--names", "Ann,Bob,Cat"


def test_sigkill_mid_doubting_round_then_resume_and_play_to_the_end(sim_box: Any) -> None:
    tmp_path = sim_box.tmp
    args = dd_args(sim_box)
    with open(tmp_path / "before.txt", "w") as out:
        box = sim_box.start(*args, screens="before", stdout=out)
        log = sim_box.kill_after(box, DD_BEFORE_KILL, DD_ACTIONS, "before")
    before = sim_box.replay_json(log)
    assert before["game"] == "doubting_dice" and before["round"] == 3
    assert before["phase"] == "answer" and before["awaiting"] == "Cat"
    assert before["bid"] == {"quantity": 4, "face": 5} and before["bidder"] == "Bob"
    assert [p["dice"] for p in before["players"]] == [5, 4, 4]  # Bob and Cat lost a die
    assert before["actions"] == DD_ACTIONS
    state_before = replay(log).state
    assert state_before.round == 3
    last_before = sim_box.frames(tmp_path / "before")[-1]
    cup_lines = [line.strip() for line in (tmp_path / "before.txt").read_text().splitlines()
                 if line.strip().startswith("(sim) ")]
    assert cup_lines[-1] == "(sim) CAT's cup: 3 1 6 2   <- only CAT looks"

    # a power cut mid-write leaves a torn last line: it is cut off on resume
    with open(log, "ab") as fh:
        fh.write(b'{"type": "action", "n": 8, "action": {"type": "challenge", "di')

    again = sim_box.run(DD_AFTER, *args, screens="after")
    assert again.returncode == 0, again.stderr
    assert "resumed" in again.stderr
    after = sim_box.frames(tmp_path / "after")
    # first screen: the offer to resume; then exactly the screen the box was killed on,
    # with Cat's same cup under it
    assert sim_box.same(after[1], last_before)
    assert "(sim) CAT's cup: 3 1 6 2   <- only CAT looks" in again.stdout
    log_after = read_log(log)
    assert log_after.warnings == []
    assert sim_box.replay_json_prefix(log, DD_ACTIONS) == before
    assert replay_prefix(log, DD_ACTIONS) == state_before
    # played on to its end, in the one log: the same game as one never cut off
    assert sim_box.logs() == [log]
    final = replay(log)
    assert final.state.phase is Phase.GAME_OVER and final.state.winner == 1
    assert final.state.round == 13
    assert any(isinstance(e, PalificoRound) for evs in final.events for e in evs)
    assert sim_box.same(after[-1], render(WinnerView("BOB", ("after 13 rounds",))))
    (tmp_path / "whole").mkdir()
    whole = type(sim_box)(tmp_path / "whole")
    uncut = whole.run(DD_BEFORE_KILL + DD_AFTER[1:], *args, screens=None)
    assert uncut.returncode == 0, uncut.stderr
    [whole_log] = whole.logs()
    assert read_log(whole_log).actions == read_log(log).actions
    assert replay(whole_log).state == final.state


def replay_prefix(log: Path, n: int) -> Any:
    """The state after the log's first ``n`` actions."""
    game = read_log(log)
    state = game.rules.new_game(game.players, game.settings)
    for action in game.actions[:n]:
        state = game.rules.apply(state, action)[0]
    return state


# --- in process ---------------------------------------------------------------------------------


class StillEye:
    def __init__(self, dice: tuple[int, int]) -> None:
        self.dice = dice

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        return Look("settled", self.dice, frame=None)


def box_for(tmp: Path, dice: tuple[int, int] = (5, 3)) -> Box:
    eye = StillEye(dice)
    return Box(BoxSettings(tmp / "logs", tmp / "photos", tmp), GAMES, lambda game, hooks: eye)


def press(box: Box, keys: str) -> None:
    roles = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN,
             "o": Role.OK, "p": Role.CARD}
    for k in keys.replace(" ", ""):
        box.press(roles[k])
        while box.busy:
            box.tick(0.0)


def test_no_log_means_setup_then_resume_offer_after_a_restart(tmp_path: Path) -> None:
    box = box_for(tmp_path)
    assert box.setup is not None and find_unfinished(tmp_path / "logs") is None
    press(box, "o o o o o o")  # defaults: 3 players, 3 strikes, P1 starts
    assert box.flow is not None
    press(box, "aaaaww o a o")  # P1 declares 53, P2 accepts 5-3
    state = box.flow.state
    box.close_game()

    again = box_for(tmp_path)
    view = again.view()
    assert isinstance(view, MessageView) and view.title == "Resume game?"
    assert view.hint == "o:resume c:new game"
    press(again, "o")
    assert again.flow is not None and again.flow.state == state
    assert again.flow.actions == 2


def test_new_game_instead_of_resuming(tmp_path: Path) -> None:
    box = box_for(tmp_path)
    press(box, "o o o o o o aaaaww o")
    box.close_game()
    again = box_for(tmp_path)
    press(again, "c")
    assert again.setup is not None and again.flow is None
    press(again, "o o o o o o")
    assert len(list((tmp_path / "logs").glob("*.jsonl"))) == 2


def test_finished_game_is_not_offered(tmp_path: Path) -> None:
    box = box_for(tmp_path, (1, 1))
    # 2 players, 1 strike; P1 bluffs 15 on 1-1, P2 challenges: P1 may Revive (no): out
    press(box, "s o o o s s o o o wwo c c")
    assert box.flow is not None and box.flow.state.winner == 1
    box.close_game()
    assert find_unfinished(tmp_path / "logs") is None
    assert box_for(tmp_path).setup is not None
    assert replay(next((tmp_path / "logs").glob("*.jsonl"))).state.winner == 1


def test_sigterm_stops_cleanly_with_sd_notify(sim_box: Any) -> None:
    """READY once the first screen is up, WATCHDOG pings from the loop, STOPPING on
    SIGTERM, exit 0 (systemd's Restart=on-failure leaves it stopped); the game stays
    resumable."""
    import socket

    tmp_path = sim_box.tmp
    sock_path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    sock.settimeout(10)
    env = {**sim_box.env, "NOTIFY_SOCKET": str(sock_path), "WATCHDOG_USEC": "200000"}
    box = sim_box.start("--dice", DICE, screens=None, env=env)
    try:
        assert box.stdin is not None
        box.stdin.write(SETUP + " aaaaww o")
        box.stdin.flush()
        messages = [sock.recv(4096).decode()]
        assert messages[0].startswith("READY=1")
        while messages.count("WATCHDOG=1") < 2:
            messages.append(sock.recv(4096).decode())
        logs = tmp_path / "state" / "logs"
        sim_box.wait_for(lambda: logs.is_dir() and any(logs.glob("*.jsonl"))
                         and sim_box.actions(next(logs.glob("*.jsonl"))) == 1)
        box.send_signal(signal.SIGTERM)
        assert box.wait(timeout=10) == 0
        while not messages[-1].startswith("STOPPING=1"):
            messages.append(sock.recv(4096).decode())
    finally:
        if box.poll() is None:
            box.kill()
        sock.close()
    assert find_unfinished(tmp_path / "state" / "logs") is not None
