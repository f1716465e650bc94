"""``bluffbox odds [SCORE]``: the chance one roll makes a Bamboozled score, or ties or
beats it (the whole table without SCORE)."""

from __future__ import annotations

import argparse
import json
import sys

from games.errors import InvalidInput


def _fraction(numerator: int, denominator: int) -> str:
    return f"{numerator}/{denominator}"


class BamboozledOdds:
    """``bluffbox odds [SCORE]`` for Bamboozled (no options of its own)."""

    format = ("--game bamboozled [SCORE]: SCORE is a declared score, like 53, 44, "
              "\"double 4\" or jackpot. Without SCORE: the table of all 35.")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        pass

    def run(self, args: argparse.Namespace) -> int:
        return _print_odds(args)


def _print_odds(args: argparse.Namespace) -> int:
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


ODDS = BamboozledOdds()

__all__ = ["ODDS", "BamboozledOdds"]
