"""``bluffbox odds --game doubting_dice``: the chance a Doubting Dice bid is true.

``bluffbox odds --game doubting_dice 6x4 --dice 20 --own 14462`` prints the chance that at
least (and exactly) 6 fours, ones wild, are among 20 dice when you hold 1 4 4 6 2;
without a bid, the table for every quantity and face. ``--palifico``: ones not wild.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from games.errors import InvalidInput

USAGE = "--dice N (the dice in play) is needed for Doubting Dice odds"
#: What ``bluffbox odds --help`` says about this game's input.
FORMAT = ("--game doubting_dice [BID] --dice N [--own DICE] [--palifico]: BID is a quantity "
          "and a face 2-6, like 6x4, \"6 4\" or \"six fours\" (ones are wild, nobody bids "
          "on them); N the dice in play (all cups); DICE your own, like 1,4,4 or 144. "
          "Without BID: the table for every quantity.")


def parse_own(text: str | None) -> tuple[int, ...]:
    """``"1,4,4"``, ``"1 4 4"`` or ``"144"`` -> (1, 4, 4); :class:`InvalidInput` otherwise."""
    if not text:
        return ()
    digits = re.sub(r"[\s,]", "", text)
    if not re.fullmatch(r"[1-6]*", digits):
        raise InvalidInput(f"own dice {text!r}: give values 1-6, like 1,4,4 or 144")
    return tuple(int(c) for c in digits)


def _pct(p: float) -> str:
    return f"{p:6.1%}"


def run_doubting(args: argparse.Namespace) -> int:
    """Print Doubting Dice odds for ``args`` (score words, dice, own, palifico, json)."""
    from games.doubting.bids import parse_bid
    from games.doubting.odds import bid_probability, exact_probability, expected_count
    from games.doubting.state import FACES

    problems: list[str] = []
    n = getattr(args, "dice", None)
    if n is None:
        problems.append(USAGE)
    elif n < 0:
        problems.append(f"--dice {n}: the dice in play cannot be negative")
    own: tuple[int, ...] = ()
    try:
        own = parse_own(getattr(args, "own", None))
    except InvalidInput as exc:
        problems.append(str(exc))
    palifico = bool(getattr(args, "palifico", False))
    words = " ".join(getattr(args, "score", None) or [])
    bids = None
    try:
        bids = [parse_bid(words)] if words else None
    except InvalidInput as exc:
        problems.append(str(exc))
    if not problems and n is not None:
        try:
            expected_count(bids[0].face if bids else FACES[0], n, own, palifico)  # n, own
        except InvalidInput as exc:
            problems.append(str(exc))
    if problems or n is None:  # each mistake on its own line
        for problem in problems:
            print(f"bluffbox odds: {problem}", file=sys.stderr)
        return 2
    faces = FACES if own or bids else FACES[:1]  # without own dice every face is alike
    rows: list[dict[str, Any]] = []
    for face in faces if bids is None else [bids[0].face]:
        quantities = range(1, n + 1) if bids is None else [bids[0].quantity]
        for q in quantities:
            try:
                true = bid_probability(q, face, n, own, palifico)
                exact = exact_probability(q, face, n, own, palifico)
            except InvalidInput as exc:
                print(f"bluffbox odds: {exc}", file=sys.stderr)
                return 2
            rows.append({"quantity": q, "face": face, "true": true, "exact": exact})
    if args.json:
        out = [
            {**r, "true": float(r["true"]), "exact": float(r["exact"]), "dice_in_play": n,
             "own": list(own), "palifico": palifico}
            for r in rows
        ]  # fmt: skip
        print(json.dumps(out, indent=2))
        return 0
    wild = "ones not wild (palifico)" if palifico else "ones wild"
    mine = f", you hold {' '.join(map(str, own))}" if own else ""
    print(f"{n} dice in play, {wild}{mine}")
    if bids is not None:
        r = rows[0]
        e = float(expected_count(r["face"], n, own, palifico))
        print(f"bid {r['quantity']} x {r['face']}: true {_pct(float(r['true'])).strip()}, "
              f"exact {_pct(float(r['exact'])).strip()} (expected {e:.1f})")  # fmt: skip
        return 0
    if len(faces) == 1:
        print(f"{'quantity':>8}  {'true':>6}  {'exact':>6}")
        for r in rows:
            print(f"{r['quantity']:>8}  {_pct(float(r['true']))}  {_pct(float(r['exact']))}")
        return 0
    print(f"{'quantity':>8}  " + "  ".join(f"{'x ' + str(f):>6}" for f in faces) + "   (true)")
    for q in range(1, n + 1):
        cells = [float(r["true"]) for r in rows if r["quantity"] == q]
        print(f"{q:>8}  " + "  ".join(_pct(p) for p in cells))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options ``bluffbox odds`` takes for Doubting Dice."""
    parser.add_argument("--dice", type=int, help="Doubting Dice: the number of dice in play")
    parser.add_argument("--own", help="Doubting Dice: your own dice, e.g. 1,4,4 or 144")
    parser.add_argument(
        "--palifico", action="store_true", help="Doubting Dice: palifico round, ones not wild"
    )


class DoubtingOdds:
    """``bluffbox odds --game doubting_dice``: its options and its printer."""

    format = FORMAT

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        add_arguments(parser)

    def run(self, args: argparse.Namespace) -> int:
        return run_doubting(args)


ODDS = DoubtingOdds()
