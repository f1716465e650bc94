"""``bluffbox odds [SCORE]``: the chance one roll makes a score, or ties or beats it.

Each game's odds are one entry of :data:`GAMES` (``--game``): a function
``(args) -> int`` that prints them. Only Bamboozled's exist for now.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from games.common import InvalidInput


def _fraction(numerator: int, denominator: int) -> str:
    return f"{numerator}/{denominator}"


def _bamboozled(args: argparse.Namespace) -> int:
    from games.bamboozled.odds import odds, table
    from games.bamboozled.scores import parse_score, rank, score_name

    if args.score:
        try:
            rows = [odds(parse_score(" ".join(args.score)))]
        except InvalidInput as exc:
            print(f"bluffbox odds: {exc}", file=sys.stderr)
            return 2
    else:
        rows = table()
    if args.json:
        print(json.dumps([r.to_json() for r in rows], indent=2))
        return 0
    print(f"{'score':<15} {'rank':>4}  {'roll shows it':>14}  {'ties or beats':>14}")
    for r in rows:
        t, b = r.truthful * 36, r.tie_or_beat * 36
        name = score_name(r.score)
        label = f"{r.score}" + (f" ({name})" if name != str(r.score) else "")
        print(
            f"{label:<15} {rank(r.score):>4}  "
            f"{_fraction(int(t), 36):>6} {float(r.truthful):6.1%}  "
            f"{_fraction(int(b), 36):>6} {float(r.tie_or_beat):6.1%}"
        )
    print("\nOne roll of two dice. 'shows it': the dice can truthfully be declared as"
          " the\nscore. 'ties or beats': their best truthful score ties or beats it.\n"
          "Rank: 1 is the lowest of the 35 scores, 35 (the Jackpot) the highest.")
    return 0


#: game name -> the function printing its odds.
GAMES: dict[str, Callable[[argparse.Namespace], int]] = {"bamboozled": _bamboozled}


def _doubting(args: argparse.Namespace) -> int:
    from device.odds_doubting import run_doubting

    return run_doubting(args)


GAMES["doubting"] = _doubting


def run(args: argparse.Namespace) -> int:
    return GAMES[args.game](args)


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "odds",
        help="chance one roll makes a score, or ties or beats it",
        description="The chance that one roll of two dice makes SCORE truthfully, and the "
        "chance it ties or beats SCORE. Without SCORE: the whole table.",
    )
    p.add_argument("score", nargs="*", metavar="SCORE", help='e.g. 53, 44, "double 4", jackpot')
    p.add_argument("--game", choices=sorted(GAMES), default="bamboozled",
                   help="the game (default bamboozled)")
    p.add_argument("--json", action="store_true", help="print JSON")
    from device.odds_doubting import add_arguments as add_doubting_arguments

    add_doubting_arguments(p)  # --dice, --own, --palifico
    p.set_defaults(run=run)
