"""The games the box hosts: one :class:`device.core.game.GameRecord` per game, in menu
order (the first is the default), like python-chess's ``VARIANTS`` / ``find_variant``.

Adding a game to the box:

1. Rules in ``games/<game>/`` registered in :mod:`games.registry` (the name logs use).
2. A package ``device/<game>/`` with a :class:`device.core.flow.GameFlow` subclass (its
   modes, press and view handler maps, the reading hooks ``rule``/``check_reading``/
   ``confirmers``/``hand_*``), a :class:`device.core.setup.SetupSteps` subclass, its
   screens (views registered with :func:`device.ui.views.screen`), and optionally a
   simulator (:class:`device.core.flow.SimHooks`, built from
   :class:`device.core.ports.SimOptions`) and an odds command.
3. One :class:`GameRecord` line in :data:`GAMES` below; a game whose dice the camera reads
   names their kind (``dice=``: :data:`device.core.dice.PIP_DICE`, or its own
   :class:`device.core.dice.DiceKind` of face names), and setup's menu and the game's
   in-game menu (MENU twice) offer to teach them. Nothing else in ``device/`` names a
   game: the box, the setup's game menu, ``run --sim``, ``odds`` and resuming a log all go
   through this list.
"""

from __future__ import annotations

from collections.abc import Sequence

from device.bamboozal.flow import BamboozalFlow
from device.bamboozal.setup import BamboozalSetup
from device.bamboozled.flow import BamboozledFlow
from device.bamboozled.odds import ODDS as BAMBOOZLED_ODDS
from device.bamboozled.setup import Setup
from device.bamboozled.sim import SimTable, parse_dice
from device.bluffaneer.flow import BluffaneerFlow
from device.bluffaneer.odds import ODDS as BLUFFANEER_ODDS
from device.bluffaneer.setup import BluffaneerSetup
from device.bluffaneer.sim import BluffaneerSim, parse_rolls
from device.core.dice import PIP_DICE, DiceKind
from device.core.game import GameRecord, find_game
from device.doubting.flow import DoubtingFlow
from device.doubting.odds import ODDS as DOUBTING_ODDS
from device.doubting.setup import DoubtingSetup
from device.doubting.sim import DoubtingSim, parse_flat_dice
from games.bamboozal import rules as bamboozal
from games.bamboozled import rules as bamboozled
from games.bluffaneer.faces import DEFAULT_FACES
from games.bluffaneer.rules import prompt as bluffaneer_prompt
from games.doubting import rules as doubting_dice

#: Bluffaneer's bone dice (the seed's symbols): taught face by face.
BONE_DICE = DiceKind("bone", "bone dice", DEFAULT_FACES.names)

GAMES: tuple[GameRecord, ...] = (
    GameRecord("bamboozled", "Bamboozled", "bamboozled", BamboozledFlow, Setup.from_defaults,
               bamboozled.prompt, dice_per_look=2, simulator=SimTable.simulate,
               sim_dice=parse_dice, odds=BAMBOOZLED_ODDS, dice=PIP_DICE),
    GameRecord("doubting_dice", "Doubting Dice", "doubting_dice", DoubtingFlow,
               DoubtingSetup.from_defaults, doubting_dice.prompt, dice_per_look=None,
               simulator=DoubtingSim.simulate, sim_dice=parse_flat_dice, odds=DOUBTING_ODDS,
               dice=PIP_DICE),
    GameRecord("bluffaneer", "Bluffaneer", "bluffaneer", BluffaneerFlow,
               BluffaneerSetup.from_defaults, bluffaneer_prompt, dice_per_look=2,
               simulator=BluffaneerSim.simulate, sim_dice=parse_rolls, odds=BLUFFANEER_ODDS,
               dice=BONE_DICE),
    GameRecord("bamboozal", "BamBoozal pot", "bamboozal", BamboozalFlow,
               BamboozalSetup.from_defaults, bamboozal.prompt),
)


def names(games: Sequence[GameRecord] | None = None) -> tuple[str, ...]:
    """The box's game names, in menu order.

    >>> names()
    ('bamboozled', 'doubting_dice', 'bluffaneer', 'bamboozal')
    """
    return tuple(g.name for g in (GAMES if games is None else games))


def get_game(name: str, games: Sequence[GameRecord] | None = None) -> GameRecord:
    """The record for ``name`` (box or rules name); :class:`KeyError` naming the known ones.

    >>> get_game("doubting_dice").label
    'Doubting Dice'
    """
    return find_game(GAMES if games is None else games, name)


__all__ = ["GAMES", "GameRecord", "get_game", "names"]
