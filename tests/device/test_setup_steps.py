"""The press every game's setup shares (device.core.setup.SetupSteps), for every game the
box hosts: BACK, OK to the next step or the deal, the first seat kept in range, and a press
that does nothing flashing a hint and changing nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from device.core.game import GameRecord
from device.core.roles import Role
from device.core.setup import SetupChoices, SetupDefaults, SetupSteps
from device.registry import GAMES


def setup_for(game: GameRecord, players: int = 4) -> SetupSteps:
    return game.setup(SetupDefaults(players=players))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_back_on_the_first_step_says_so_and_ok_goes_on(game: GameRecord) -> None:
    setup = setup_for(game)
    assert isinstance(setup.choices, SetupChoices) and setup.choices.step == 0
    setup.press(Role.BACK)
    assert setup.choices.step == 0 and setup.view().hint == "first step"
    setup.press(Role.OK)
    assert setup.choices.step == 1 and setup.flash == ""
    setup.press(Role.BACK)
    assert setup.choices.step == 0 and setup.result is None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_fewer_players_keep_the_first_seat_in_range(game: GameRecord) -> None:
    setup = setup_for(game)
    setup.choices = replace(setup.choices, first=3)  # the fourth seat goes first
    setup.press(Role.DOWN)  # three players
    setup.press(Role.OK)
    assert setup.choices.players == 3 and setup.choices.first == 2


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_press_that_does_nothing_flashes_a_hint_and_changes_nothing(game: GameRecord) -> None:
    setup = setup_for(game)
    before = setup.choices
    setup.press(Role.ACCEPT)
    assert setup.choices == before and setup.result is None
    expected = f"{setup.hint_mark}ACCEPT ignored" if setup.hint_mark else setup._view().hint
    assert setup.view().hint == expected != ""
    setup.press(Role.UP)  # the next press clears the flash
    assert setup.flash == ""


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_ok_through_every_step_deals_once_with_the_settings(game: GameRecord) -> None:
    setup = setup_for(game)
    for _ in range(len(setup.steps) - 1):
        setup.press(Role.OK)
        assert setup.result is None
    before = setup.choices
    setup.press(Role.UP)  # the last screen has nothing to change
    assert setup.choices == before and setup.flash
    setup.press(Role.OK)
    assert setup.result is not None
    assert setup.result.names == setup.names and len(setup.names) == 4
    assert setup.result.settings == setup.settings()
