"""Doubting Dice in the simulator: the box's setup, the simulated cups and tray, resume,
and one whole game piped through ``bluffbox run --sim``."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import numpy as np

from device.bamboozled.setup import Setup
from device.core import flow as core
from device.core.box import Box, BoxSettings
from device.core.chooser import GameChooser
from device.core.setup import SetupDefaults, SetupResult
from device.doubting import flow as dt
from device.doubting.sim import DoubtingSim, parse_flat_dice
from device.hw.buttons import KEYMAP
from device.hw.camera import SimulatedTable
from device.hw.eyes import CupEye
from device.registry import GAMES
from device.ui.views import MenuView, render
from games.doubting.actions import Bid, Challenge, Exact
from games.doubting.events import DiceGained, PalificoRound
from games.doubting.rules import DoubtingDice
from games.doubting.state import DoubtingSettings, Phase
from games.log import read_log, replay


def press(target: Any, keys: str) -> None:
    for k in keys.split("#")[0].replace(" ", "").replace("\n", ""):
        target.press(KEYMAP[k])
        assert render(target.view()).size == (128, 64)


def script(keys: str) -> str:
    """Keys with ``#`` comments per line, as a piped script may have them."""
    return "".join(line.split("#")[0] for line in keys.splitlines())


# Four players, every die a six (so every outcome is known): the first reveal's first
# look misses a die; a wrong exact loses two dice; a right exact gains one; palifico
# rounds come as each player drops to one die; the opener then loses every round.
SETUP = "b s o  w o  o o o o o"  # game menu: Doubting Dice; 4 players; defaults; start
ROUNDS = """
o o c o o       # R1: P1 opens 6x2, P2 challenges; the camera sees 19 of 20: read again
o o p o         # R2: P1 opens 6x2, P2 calls exact: missed, P2 loses 2 dice
o o a o a wwwwwwwwwwww cc o p o   # R3: P2, P3 raise; P4 bids 17x6; P1 exact: gains a die
""" + "o o c o\n" * 13  # P1 loses 5 (one palifico), P2 loses 3 (palifico), P3 loses 5
SIXES = "6" * 400


def box_for(tmp: Path, miss: int = 1) -> tuple[Box, list[Any]]:
    camera = SimulatedTable((160, 120), seed=1, renderer=lambda v, rng, size: np.zeros(
        (size[1], size[0], 3), np.uint8), moving_frames=1)
    sims: list[Any] = []  # the simulators the box made (the test looks at them)

    def simulate(game: Any, names: Any, settings: Any, writer: Any) -> Any:
        sim = DoubtingSim(names, settings, 0, SIXES, camera, writer, miss=miss)
        sims[:] = [sim]
        return sim

    settings = BoxSettings(tmp / "logs", tmp / "photos", tmp, players=3)
    photos: list[int] = []
    box = Box(settings, GAMES, lambda game, hooks: CupEye(camera, hooks.dice),
              simulate=simulate, photo_factory=lambda gid: lambda f, n: (
                  photos.append(n), f"photos/{gid}/{n:04d}.jpg")[1])
    return box, sims


def play(box: Box, keys: str) -> None:
    """Press keys; while the box reads, tick it (as the loop does with piped keys)."""
    t = 0.0
    for k in script(keys).replace(" ", "").replace("\n", ""):
        while box.busy:
            t += 0.1
            box.tick(t)
        box.press(KEYMAP[k])
    while box.busy:
        t += 0.1
        box.tick(t)


def test_game_choice_is_one_back_away(tmp_path: Path) -> None:
    setup = GameChooser(GAMES, SetupDefaults(3, 3))
    assert isinstance(setup.inner, Setup)  # the usual game needs no extra press
    assert setup.view().hint == "w/s o:next b:game"
    press(setup, "b")
    assert setup.view() == MenuView("Game", tuple(g.label for g in GAMES), 0, "w/s o:pick")
    press(setup, "s o")
    assert setup.view().title == "Doubting: players" and setup.view().value == "3"
    press(setup, "s")  # 3 -> 2
    assert setup.view().value == "2"
    press(setup, "s")  # 2 -> 10 (wraps: 2 to 10 players, the tray read in batches)
    assert setup.view().value == "10"
    press(setup, "w o")  # 10 -> 2
    press(setup, "s o s o s o w o")  # palifico off, total on, lives on, 4 strikes
    press(setup, "s o")  # P2 opens
    assert setup.view().title == "Ready?"
    press(setup, "o")
    assert setup.result == SetupResult(("P1", "P2"), DoubtingSettings(
        palifico=False, announce_total=True, lives=True, strike_limit=4, first_player=1))
    setup.result = None  # the box clears it when a start fails
    assert setup.result is None
    back = GameChooser(GAMES, SetupDefaults(3, 3), game="doubting_dice")
    press(back, "b w o")
    assert isinstance(back.inner, Setup)


def test_box_plays_a_four_player_game_and_resumes_anywhere(tmp_path: Path) -> None:
    box, sims = box_for(tmp_path)
    play(box, SETUP)
    table = box.flow
    assert isinstance(table, dt.DoubtingFlow) and table.state.names == ("P1", "P2", "P3", "P4")
    assert sims[0].cups == ((6,) * 5,) * 4
    assert sims[0].lines(table) == ["(sim) P1's cup: 6 6 6 6 6   <- only P1 looks"]
    play(box, "o o c")
    assert "I see 19 dice, expected 20" in table.mode.problem and table.state.round == 1
    # a power cut now: the restarted box resumes on the same round, then reads again
    box.close_game()
    box, sims = box_for(tmp_path)
    assert box.resumable is not None
    assert box.view().lines[1] == "P2: raise 6 x 2, challenge or exact."
    press(box, "o")
    assert isinstance(box.flow.mode, dt.Answering) and sims[0].missed == 1
    play(box, "c")
    assert box.flow.mode.view.headline == "BLUFF!"
    play(box, "o" + script(ROUNDS.strip().split("\n", 1)[1]))  # R2 on
    table = box.flow
    assert table.state.phase is Phase.GAME_OVER and table.state.winner == 3
    assert isinstance(table.mode, core.Over)
    path = sorted((tmp_path / "logs").glob("*.jsonl"))[0]
    assert replay(path).state == table.state
    actions = read_log(path).actions
    exacts = [a for a in actions if isinstance(a, Exact)]
    assert len(exacts) == 2 and Bid(17, 6) in actions
    press(box, "o")  # the winner's OK: a new setup
    assert box.flow is None and box.setup is not None


def test_sim_cups_follow_the_script_then_the_seed(tmp_path: Path) -> None:
    rules = DoubtingDice()
    state = rules.new_game(["A", "B"])
    sim = DoubtingSim(["A", "B"], dice="12345,6")

    class T:
        pass

    table = T()
    table.state = state  # type: ignore[attr-defined]
    sim.round(table)  # type: ignore[arg-type]
    again = DoubtingSim(["A", "B"], dice="12345,6")
    again.round(table)  # type: ignore[arg-type]
    assert sim.cups[0] == (1, 2, 3, 4, 5) and sim.cups[1][0] == 6
    assert sim.cups == again.cups and all(1 <= v <= 6 for v in sim.cups[1])
    sim.round(table)  # type: ignore[arg-type]
    assert sim.rolled == 10  # once a round
    assert parse_flat_dice(" 1-2, 3 ") == [1, 2, 3]


def test_simulated_table_renders_thirty_dice() -> None:
    camera = SimulatedTable((320, 240), seed=3)
    camera.start()
    camera.set_dice([1, 2, 3, 4, 5, 6] * 5)
    frame = camera.capture()
    assert frame.shape == (240, 320, 3) and frame.std() > 10


def run_sim(sim_box: Any, keys: str) -> subprocess.CompletedProcess[str]:
    result = sim_box.run(keys, "--dice", SIXES, "--miss-die", "1")
    assert result.returncode == 0, result.stderr
    return result


def test_bluffbox_run_sim_plays_doubting_dice_to_a_winner(tmp_path: Path,
                                                          sim_box: Any) -> None:
    """The whole box in a subprocess: piped keys (with comments), scripted cups, the
    simulated camera missing a die on the first look; the log replays to a winner."""
    result = run_sim(sim_box, f"{SETUP}  # pick Doubting Dice, 4 players\n{ROUNDS}")
    assert "(sim) P1's cup: 6 6 6 6 6   <- only P1 looks" in result.stdout
    logs = sorted((tmp_path / "state" / "logs").glob("*.jsonl"))
    assert len(logs) == 1
    final = replay(logs[0])
    assert final.state.winner == 3 and final.log.header["game"] == "doubting_dice"
    metas = [m for a, m in zip(final.log.actions, final.log.metas, strict=True)
             if isinstance(a, Challenge | Exact)]
    assert metas[0] is not None and metas[0]["looks"] == 2
    assert all(m and (tmp_path / "state" / m["photo"]).is_file() for m in metas)
    assert any(isinstance(e, DiceGained) and e.gained for evs in final.events for e in evs)
    assert sum(isinstance(e, PalificoRound) for evs in final.events for e in evs) >= 2
    screens = sorted((tmp_path / "screens").glob("*.png"))
    assert screens  # the last frame is the winner screen


def test_announce_total_reads_the_simulated_cups(tmp_path: Path) -> None:
    box, sims = box_for(tmp_path, miss=0)
    play(box, "b s o  o o s o o o o")  # Doubting Dice, 3 players, announce total on
    table = box.flow
    assert table.state.phase is Phase.ROUND_DICE
    play(box, "o")
    assert table.mode.view.headline == "TOTAL 90" and sims[0].tray == (6,) * 15
    play(box, "o")
    assert isinstance(table.mode, dt.Bidding) and table.state.announced_total == 90


def test_config_opens_setup_on_doubting_dice(tmp_path: Path) -> None:
    from device.core.config import load_config

    path = tmp_path / "config.toml"
    path.write_text('[game]\nname = "doubting_dice"\nplayers = 5\n')
    config = load_config(path, sim=True)
    assert config.game.name == "doubting_dice"
    settings = BoxSettings(tmp_path / "logs", tmp_path / "photos", tmp_path,
                           players=config.game.players, game=config.game.name)
    eye = CupEye(SimulatedTable(), lambda: None)
    box = Box(settings, GAMES, lambda game, hooks: eye)
    assert box.view().title == "Doubting: players" and box.view().value == "5"


def test_bluffbox_run_sim_resumes_a_doubting_game(tmp_path: Path, sim_box: Any) -> None:
    """Stopped mid-round (end of keys), the restarted box offers the game, resumes on
    the same screen with the same cups, and plays on to the same winner."""
    keys = script(f"{SETUP}\n{ROUNDS}").replace(" ", "")
    cut = len(script(SETUP).replace(" ", "")) + len("ooco" "o" "oopo" "ooao" "a")
    first = run_sim(sim_box, keys[:cut])  # R3: P4 is entering a bid
    assert first.stdout.rstrip().endswith("(sim) P4's cup: 6 6 6 6 6   <- only P4 looks")
    run_sim(sim_box, "o" + keys[cut - 1:])  # resume: P4 answers again, then raises
    logs = sorted((tmp_path / "state" / "logs").glob("*.jsonl"))
    assert len(logs) == 1
    final = replay(logs[0])
    assert final.state.winner == 3
    assert any(isinstance(a, Exact) for a in final.log.actions)
