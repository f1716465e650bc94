"""What the box needs to know about one game: a :class:`GameRecord` (see
:mod:`device.registry`, which lists the games the box ships with)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from device.core.dice import DiceKind
from device.core.flow import GameFlow, SimHooks
from device.core.ports import SimOptions
from device.core.setup import SetupDefaults, SetupSteps


class OddsCommand(Protocol):
    """A game's part of ``bluffbox odds --game NAME``."""

    #: What its input looks like, for ``bluffbox odds --help``.
    format: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Options only this game's odds read (every game's are added to one parser)."""

    def run(self, args: argparse.Namespace) -> int:
        """Print the odds; returns the exit code."""


@dataclass(frozen=True)
class GameRecord:
    """One game on the box.

    ``name``: the box's name for it (config ``[game] name``, ``odds --game``); ``label``:
    the game menu's line; ``rules``: its name in :mod:`games.registry` (what logs say);
    ``flow``: its :class:`device.core.flow.GameFlow` subclass; ``setup``: its setup steps
    from the config's defaults; ``prompt``: what a state waits for, as a sentence (the
    resume screen); ``dice_per_look``: the dice a reading holds (None: any number, the
    flow checks); ``simulator``: its simulated table for ``run --sim`` (or None);
    ``sim_dice``: checks ``--dice`` for it (:class:`ValueError` when it cannot use them);
    ``odds``: its ``bluffbox odds`` part (or None); ``dice``: the dice the camera reads
    for it (None: no camera reads; games of one kind share the taught profile, and setup
    offers to teach them; the simulator teaches symbol dice not yet taught on its
    simulated table before their first game; None also for a game that never looks at
    the tray, like the BamBoozal pot).
    """

    name: str
    label: str
    rules: str
    flow: type[GameFlow]
    setup: Callable[[SetupDefaults], SetupSteps]
    prompt: Callable[[Any], str]
    dice_per_look: int | None = None
    simulator: Callable[[Sequence[str], Any, SimOptions], SimHooks] | None = None
    sim_dice: Callable[[str], object] | None = None
    odds: OddsCommand | None = None
    dice: DiceKind | None = None


def dice_kinds(games: Sequence[GameRecord]) -> tuple[DiceKind, ...]:
    """The kinds of dice the games read, each once, in menu order."""
    kinds: list[DiceKind] = []
    for game in games:
        if game.dice is not None and game.dice.name not in {k.name for k in kinds}:
            kinds.append(game.dice)
    return tuple(kinds)


def find_game(games: Sequence[GameRecord], name: str) -> GameRecord:
    """The record called ``name`` (its box name or its rules name); :class:`KeyError` else."""
    for game in games:
        if name in (game.name, game.rules):
            return game
    known = ", ".join(g.name for g in games)
    raise KeyError(f"unknown game {name!r} (known: {known})")


__all__ = ["GameRecord", "OddsCommand", "dice_kinds", "find_game"]
