"""``bluffbox odds [SCORE]``: each game's odds (``--game``, default the first game): the
chance one roll makes a Bamboozled score, or a Doubting Dice bid's chance. Every game
with odds in :data:`device.registry.GAMES` adds its options and prints its own."""

from __future__ import annotations

import argparse

from device.registry import GAMES


def run(args: argparse.Namespace) -> int:
    odds = next(g.odds for g in GAMES if g.name == args.game and g.odds is not None)
    return odds.run(args)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "odds",
        help="chance one roll makes a score, or ties or beats it; a bid's chance",
        description="The chance that one roll of two dice makes SCORE truthfully, and the "
        "chance it ties or beats SCORE (without SCORE: the whole table); with --game "
        "doubting_dice, the chance a bid is true.",
    )
    p.add_argument("score", nargs="*", metavar="SCORE", help='e.g. 53, 44, "double 4", jackpot')
    games = [g for g in GAMES if g.odds is not None]
    p.add_argument("--game", choices=[g.name for g in games], default=games[0].name,
                   help=f"the game (default {games[0].name})")
    p.add_argument("--json", action="store_true", help="print JSON")
    for g in games:
        assert g.odds is not None
        g.odds.add_arguments(p)
    p.set_defaults(run=run)
