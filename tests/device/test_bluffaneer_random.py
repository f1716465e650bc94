"""Bluffaneer: random presses and random camera looks (faces, pips, nonsense, errors): the
flow never crashes, every screen renders, and the log always replays to its state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from device.bluffaneer.flow import BluffaneerFlow
from device.core.ports import Look
from device.core.roles import Role
from device.ui.views import describe, render
from games.bluffaneer.faces import DEFAULT_FACES
from games.bluffaneer.rules import Bluffaneer
from games.bluffaneer.state import Settings
from games.log import LogWriter, replay

ROLES = [Role.ACCEPT, Role.CHALLENGE, Role.UP, Role.DOWN, Role.OK, Role.CARD, Role.BACK,
         Role.MENU]
FACES = DEFAULT_FACES.names


class RandomEye:
    """Looks a camera might report over bone dice or a card (not only good ones)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        r = self.rng.random()
        if r < 0.25:
            return Look(self.rng.choice(["moving", "hand in view", "empty"]))
        if r < 0.3:
            return Look("settled", problem="a face could not be read")
        if r < 0.32:
            return Look("error", problem="camera: gone")
        if r < 0.36:
            return Look("settled", (self.rng.randint(1, 6), self.rng.randint(1, 6)))
        if r < 0.4:
            return Look("settled", (self.rng.choice(FACES),))
        return Look("settled", (self.rng.choice(FACES), self.rng.choice(FACES)))


class Coin:
    """The flow's hooks, giving it a seeded coin."""

    def __init__(self, rng: random.Random) -> None:
        self.coin = rng

    def entered(self, flow: object) -> None:
        pass

    def lift(self, flow: object, reading: object) -> None:
        pass

    def applied(self, flow: object, action: object, events: object) -> None:
        pass


@pytest.mark.parametrize("seed", range(10))
def test_random_presses_keep_flow_and_log_in_step(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    rules = Bluffaneer()
    players = rng.randint(3, 6)
    names = [f"P{i + 1}" for i in range(players)]
    settings = Settings(coins=rng.randint(1, 4), first_seat=rng.randrange(players))
    path = tmp_path / "g.jsonl"
    with LogWriter.create(path, rules, names, settings) as writer:
        flow = BluffaneerFlow(rules.new_game(names, settings), writer, RandomEye(rng),
                              save_photo=lambda frame, n, part=None: None,
                              hooks=Coin(random.Random(seed)))  # type: ignore[arg-type]
        t = 0.0
        for _ in range(3000):
            if flow.finished:
                break
            if flow.busy:
                t += 0.1
                flow.tick(t)
            else:
                flow.press(rng.choice(ROLES + [Role.OK] * 4 + [Role.DOWN] * 2))
            assert render(flow.view()).size == (128, 64)
            describe(flow.view())
            assert sum(flow.state.coins) + flow.state.bank + flow.state.box == 50
    assert flow.finished  # random presses play whole games to a winner
    assert replay(path).state == flow.state
