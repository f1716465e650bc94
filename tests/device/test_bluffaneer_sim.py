"""``bluffbox run --sim`` plays Bluffaneer end to end in a subprocess: a scripted 4-player
game reaches its winner, and a SIGKILL mid-turn resumes exactly (the shared ``sim_box``
fixture, as the other games' power-cut tests)."""

from __future__ import annotations

from typing import Any

from games.bluffaneer.actions import CallBluffaneer, Claim
from games.log import read_log, replay

NAMES = "Anne,Bonny,Calico,Drake"
# The seed-0 deal: Anne skull/sword, Bonny skull/sword, Calico chest/sword, Drake chest/ship.
ROLLS = "skull+sword,chest+ship,sword+sword,chest+sword,skull+skull"
SETUP = "o ssssss o o o o "  # 4 players (the names), 4 coins each, the faces, Anne first
T1 = "o so oo oo o "  # Anne's own match, entered (from the roll) and confirmed by two
T2 = "o ssso a o oo oo o "  # Bonny: Drake claims, trusted, shows chest/ship
T3 = "o so o "  # Calico's double swords: robs Anne
T4_CLAIM = "o sssso "  # Drake: Calico claims...
T4_REST = "c o oo oo o "  # ...Bluffaneer! Calico shows chest/sword: true
T5 = "o o "  # Anne's double skull and bones: her last coins go; Calico wins


def args(sim_box: Any) -> tuple[str, ...]:
    config = sim_box.tmp / "config.toml"
    config.write_text('[game]\nname = "bluffaneer"\n')
    return "--config", str(config), "--seed", "0", "--names", NAMES, "--dice", ROLLS


def test_run_sim_plays_a_scripted_four_player_game_to_a_winner(sim_box: Any) -> None:
    keys = SETUP + T1 + T2 + T3 + T4_CLAIM + T4_REST + T5 + "q"
    done = sim_box.run(keys, *args(sim_box))
    assert done.returncode == 0, done.stderr
    [log] = sim_box.logs()
    summary = sim_box.replay_json(log)
    assert summary["game"] == "bluffaneer" and summary["winner"] == "Calico"
    assert [p["coins"] for p in summary["players"]] == [0, 3, 8, 2] and summary["bank"] == 3
    assert "(sim) the dice under the camera: skull + sword" in done.stdout
    assert "(sim) CALICO's card: chest + sword" in done.stdout
    assert "screen: CALICO" in done.stdout or "WINNER: CALICO" in done.stdout
    # the photo behind every camera reading (the five rolls) is kept next to the log
    metas = [m for m in read_log(log).metas if m is not None and m["read"] == "camera"]
    assert len(metas) == 5
    for meta in metas:
        assert (sim_box.tmp / "state" / meta["photo"]).is_file()


def test_sigkill_mid_turn_then_resume_exactly_and_play_to_the_end(sim_box: Any) -> None:
    tmp = sim_box.tmp
    box = sim_box.start(*args(sim_box), screens="before")
    # killed while Drake decides on Calico's claim (10 actions logged)
    log = sim_box.kill_after(box, SETUP + T1 + T2 + T3 + T4_CLAIM, 10, "before")
    before = sim_box.replay_json(log)
    assert before["phase"] == "judge" and before["roller"] == "Drake"
    assert before["claimer"] == "Calico" and before["actions"] == 10
    assert isinstance(read_log(log).actions[-1], Claim)
    state_before = replay(log).state
    last_before = sim_box.frames(tmp / "before")[-1]

    # a power cut mid-write leaves a torn last line: it is cut off on resume
    with open(log, "ab") as fh:
        fh.write(b'{"type": "action", "n": 11, "action": {"type": "bluff')

    again = sim_box.run("o " + T4_REST + T5 + "q", *args(sim_box), screens="after")
    assert again.returncode == 0, again.stderr
    assert "resumed" in again.stderr
    after = sim_box.frames(tmp / "after")
    # first the offer to resume, then exactly the screen the box was killed on
    assert sim_box.same(after[1], last_before)
    loaded = read_log(log)
    assert loaded.warnings == [] and isinstance(loaded.actions[10], CallBluffaneer)
    assert sim_box.replay_json_prefix(log, 10) == before
    assert sim_box.logs() == [log]
    final = replay(log).state
    assert final.winner == 2 and final.coins == (0, 3, 8, 2)
    assert final.settings == state_before.settings


def test_without_reader_cup_the_sim_teaches_once_and_reads_through_the_camera(
        sim_box: Any) -> None:
    """The default reader: the simulator teaches its bone dice once (the profile kept in
    the state directory), then every roll is what the reader makes of the camera's frame
    with that profile (read again from the kept photo, it is the logged roll)."""
    import subprocess

    import cv2

    from vision.profile import Profile
    from vision.reader import read_dice
    from vision.reference import EmptyTray

    cmd = [c for c in sim_box.command(*args(sim_box)) if c not in ("--reader", "cup")]
    done = subprocess.run(cmd, input=SETUP + T1 + "q", capture_output=True, text=True,
                          timeout=600, cwd=sim_box.tmp, env=sim_box.env)
    assert done.returncode == 0, done.stderr
    assert "teaches its bone dice once" in done.stderr
    state = sim_box.tmp / "state"
    profile = Profile.load(state / "profiles" / "bone")
    assert set(profile.kinds) == {"chest", "sword", "ship", "skull"}
    [log] = sim_box.logs()
    loaded = read_log(log)
    rolls = [(a, m) for a, m in zip(loaded.actions, loaded.metas, strict=True)
             if type(a).__name__ == "Roll"]
    assert len(rolls) == 1
    reference = EmptyTray(cv2.imread(str(state / "reference" / "empty-tray.png")))
    for roll, meta in rolls:
        assert meta is not None and meta["read"] == "camera"
        photo = cv2.imread(str(state / meta["photo"]))
        reading = read_dice(photo, expect=2, profile=profile, reference=reference)
        assert sorted(str(d.value) for d in reading.dice) == sorted(roll.dice)
    assert sorted(rolls[0][0].dice) == ["skull", "sword"]  # --dice skull+sword, as drawn
    # a second game reuses the kept profile: no teaching again
    again = subprocess.run(cmd, input="o q", capture_output=True, text=True, timeout=600,
                           cwd=sim_box.tmp, env=sim_box.env)
    assert again.returncode == 0 and "teaches" not in again.stderr
