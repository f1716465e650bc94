"""Random presses and random camera looks: the table never crashes, every screen renders,
and the log always replays to exactly the table's state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from device.bamboozled.flow import BamboozledFlow
from device.core.ports import Look
from device.core.roles import Role
from device.ui.views import render
from games.bamboozled.rules import Bamboozled
from games.bamboozled.state import Settings
from games.log import LogWriter, replay

ROLES = [Role.ACCEPT, Role.CHALLENGE, Role.UP, Role.DOWN, Role.OK, Role.CARD, Role.BACK,
         Role.MENU]


class RandomEye:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        r = self.rng.random()
        if r < 0.3:
            return Look(self.rng.choice(["moving", "hand in view", "empty"]))
        if r < 0.4:
            return Look("settled", problem="a die could not be read", frame=None)
        if r < 0.42:
            return Look("error", problem="camera: gone")
        return Look("settled", (self.rng.randint(1, 6), self.rng.randint(1, 6)))


@pytest.mark.parametrize("seed", range(12))
def test_random_presses_keep_table_and_log_in_step(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    rules = Bamboozled()
    players = rng.randint(2, 5)
    names = [f"P{i + 1}" for i in range(players)]
    settings = Settings(strike_limit=rng.randint(1, 3), no_limits=rng.random() < 0.3,
                        no_bluffing=rng.random() < 0.25, first_seat=rng.randrange(players))
    path = tmp_path / "g.jsonl"
    with LogWriter.create(path, rules, names, settings) as writer:
        table = BamboozledFlow(rules.new_game(names, settings), writer, RandomEye(rng),
                      save_photo=lambda frame, n: None)
        t = 0.0
        for _ in range(1500):
            if table.finished:
                break
            if table.busy:
                t += 0.1
                table.tick(t)
            else:
                # favour the buttons that move a game on
                table.press(rng.choice(ROLES + [Role.OK] * 4 + [Role.ACCEPT, Role.CHALLENGE]))
            image = render(table.view())
            assert image.size == (128, 64)
    assert table.finished  # random presses play whole games to a winner
    assert replay(path).state == table.state
