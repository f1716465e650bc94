"""``bluffbox run --sim`` plays the BamBoozal pot: a scripted game of four hands piped in,
and a SIGKILL mid-hand that resumes exactly."""

from __future__ import annotations

from typing import Any

from device.registry import GAMES
from games.bamboozal import Phase
from games.log import read_log, replay

NAMES = "Ann,Bob,Cat,Dan"
CONFIG = '[game]\nname = "bamboozal"\n'
SETUP = "o o o o o"  # 4 players (the names), 50 a hand, 4 rounds, Ann deals first
# Hand 1 (Ann deals; Bob, Cat, Dan, Ann say): Dan folds; Ann 3, Bob 1, Cat 0: Ann takes
# 200, Cat is bamboozaled (the seed's second worked example). The balances menu once.
HAND_1 = "o o aaca  o o so o  m a  o"
# Hand 2 (Bob deals): Cat pays 200, pot 350; all play; 1/1/1/1 with an undo: the 350 stays.
HAND_2 = "o so aaaa  o so b o sso ssso  o"
# Hand 3 (Cat deals): pot 550; Ann 2, Bob 2: split, Cat and Dan bamboozaled for 550 each.
HAND_3 = "o o aaaa  o o so so  o"
# Hand 4 (Dan deals): pot 1750; Dan wins every round and takes it.
HAND_4 = "o o aaaa  ssso ssso ssso ssso  o"
STOP = "b o"  # hold OK on the payments screen, confirm: the players stop
GAME = " ".join([SETUP, HAND_1, HAND_2, HAND_3, HAND_4, STOP])


def args(sim_box: Any) -> tuple[str, ...]:
    config = sim_box.tmp / "config.toml"
    config.write_text(CONFIG)
    return "--config", str(config), "--names", NAMES


def test_a_scripted_game_of_four_hands_with_no_camera(sim_box: Any) -> None:
    no_camera = f"photos:{sim_box.tmp / 'no-camera'}"  # a camera that cannot open
    done = sim_box.run(GAME, *args(sim_box), "--camera", no_camera)
    assert "photo folder" in done.stderr and "does not exist" in done.stderr
    assert done.returncode == 0, done.stderr
    [log] = sim_box.logs()
    summary = sim_box.replay_json(log)
    assert summary["game"] == "bamboozal" and summary["phase"] == "over"
    assert [p["balance"] for p in summary["players"]] == [0, -200, -850, 1050]
    assert summary["pot"] == 0 and summary["winner"] == "Dan"
    assert [r["winner"] for r in summary["results"]] == ["Ann", None, None, "Dan"]
    assert [r["pot"] for r in summary["results"]] == [200, 350, 550, 1750]
    assert [r["bamboozaled"] for r in summary["results"]] == [
        ["Cat"], [], ["Cat", "Dan"], ["Ann", "Bob", "Cat"]]
    assert [r["dealer"] for r in summary["results"]] == ["Ann", "Bob", "Cat", "Dan"]
    assert [r["trump"] for r in summary["results"]] == ["diamonds", "clubs", "diamonds",
                                                         "diamonds"]
    kinds = [type(a).__name__ for a in read_log(log).actions]
    assert kinds.count("Undo") == 1 and kinds[-1] == "Stop"
    assert "screen: Final balances (4 hands)" in done.stdout
    assert "screen: Balances (pot 200)" in done.stdout


def test_the_game_is_chosen_from_the_setup_menu(sim_box: Any) -> None:
    # BACK on the first setup step opens the game menu: down to BamBoozal, OK
    menu = "b " + "s" * [g.name for g in GAMES].index("bamboozal") + " o "
    done = sim_box.run(menu + SETUP + " o", "--names", NAMES, screens=None)
    assert done.returncode == 0, done.stderr
    [log] = sim_box.logs()
    assert read_log(log).header["game"] == "bamboozal"
    assert sim_box.replay_json(log)["phase"] == "trump"


def test_sigkill_mid_hand_then_resume_exactly(sim_box: Any) -> None:
    extra = args(sim_box)
    # killed in hand 2 after two rounds (Ann, then Bob won one each)
    before_keys = " ".join([SETUP, HAND_1, "o so aaaa  o so"])
    box = sim_box.start(*extra, screens="before")
    log = sim_box.kill_after(box, before_keys, 19, "before")
    before = sim_box.replay_json(log)
    assert before["hand"] == 2 and before["phase"] == "rounds" and before["pot"] == 350
    assert [p["rounds"] for p in before["players"]] == [1, 1, 0, 0]
    state_before = replay(log).state
    last_before = sim_box.frames(sim_box.tmp / "before")[-1]

    with open(log, "ab") as fh:  # a power cut mid-write leaves a torn last line
        fh.write(b'{"type": "action", "n": 20, "action": {"type": "rou')

    rest = " ".join(["o", "sso ssso  o", HAND_3, HAND_4, STOP])  # resume, then as GAME
    again = sim_box.run(rest, *extra, screens="after")
    assert again.returncode == 0, again.stderr
    assert "resumed" in again.stderr
    after = sim_box.frames(sim_box.tmp / "after")
    assert sim_box.same(after[1], last_before)  # the very screen it was killed on
    assert read_log(log).warnings == [] and sim_box.logs() == [log]
    assert sim_box.replay_json_prefix(log, 19) == before
    final = replay(log).state
    assert final.phase is Phase.OVER and final.balances == (0, -200, -850, 1050)
    assert state_before.hand is not None and state_before.hand.round_winners == (0, 1)
    assert final.results[1].rounds == (1, 1, 1, 1) and final.results[1].pot == 350
