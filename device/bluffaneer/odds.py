"""``bluffbox odds --game bluffaneer``: the chance of each roll of the bone dice.

Without symbols: every double (with what it does) and every pair (with how many cards
match it). ``bluffbox odds --game bluffaneer ship sword``: that roll's chance, the chance a
card matches it, and the chance one of the other players holds a match (``--players``,
the other players; ``--card chest,skull``: your own card, known not to be theirs).
"""

from __future__ import annotations

import argparse
import json
import sys

from games.bluffaneer.faces import Double
from games.errors import InvalidInput

OTHER_PLAYERS = 3
#: What each double does, in words.
DOUBLES = {Double.TRIBUTE: "every other player pays the roller 1",
           Double.STEAL_2: "the roller steals 2 from a player",
           Double.STEAL_3: "the roller steals 3 from a player",
           Double.GIVE_AROUND: "the roller gives 1 to each, from the left"}


def _pct(p: object) -> str:
    return f"{float(p):6.1%}"  # type: ignore[arg-type]


def run_bluffaneer(args: argparse.Namespace) -> int:
    """Print Bluffaneer odds for ``args`` (symbol words, players, card, json)."""
    from games.bluffaneer.faces import Card
    from games.bluffaneer.odds import (
        card_holds_chance,
        pair_chance,
        someone_holds_chance,
        table,
    )
    from games.bluffaneer.state import Settings

    settings = Settings()
    faces, deck = settings.faces, settings.deck
    players = getattr(args, "players", None)
    players = OTHER_PLAYERS if players is None else players
    try:
        if players < 1:
            raise InvalidInput(f"--players must be at least 1, not {players}")
        words = faces.parse(" ".join(getattr(args, "score", None) or []))
        own = faces.parse(getattr(args, "card", None) or "")
        if len(words) not in (0, 2) or len(own) not in (0, 2):
            raise InvalidInput("give a roll (and --card) as two symbols, like ship sword")
        known = [Card(*own)] if own else []
        if words and words[0] != words[1]:
            card = Card(*words)
            holds = card_holds_chance(deck, card, known)
            anyone = someone_holds_chance(deck, card, players, known)
    except ValueError as exc:  # InvalidInput too: a face not in the set, a bad card
        print(f"bluffbox odds: {exc}", file=sys.stderr)
        return 2
    if not words:
        rows = table(faces, deck)
        if args.json:
            print(json.dumps([r.to_json() for r in rows], indent=2))
            return 0
        print(f"{'roll':<16} {'chance':>13}  what it does")
        for r in rows:
            shown = " + ".join(r.dice)
            matching = f"{r.cards} of the {len(deck)} cards match"
            what = DOUBLES[Double(r.effect)] if r.effect else matching
            print(f"{shown:<16} {str(r.chance):>5} {_pct(r.chance)}  {what}")
        print("\nOne roll of two bone dice, each face equally likely.")
        return 0
    roll = words
    chance = pair_chance(faces, roll[0], roll[1])
    out: dict[str, object] = {"dice": list(roll), "chance": float(chance)}
    if roll[0] != roll[1]:
        out.update(card_holds=float(holds), someone_holds=float(anyone), players=players)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{roll[0]} + {roll[1]}: {chance} ({_pct(chance).strip()}) of rolls")
    if roll[0] != roll[1]:
        mine = f", you hold {own[0]}/{own[1]}" if own else ""
        print(f"a secret card matches it: {_pct(out['card_holds']).strip()}{mine}")
        print(f"one of {players} other players holds a match: "
              f"{_pct(out['someone_holds']).strip()}")  # fmt: skip
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options ``bluffbox odds`` takes for Bluffaneer."""
    parser.add_argument(
        "--players", type=int, help=f"Bluffaneer: the other players (default {OTHER_PLAYERS})"
    )
    parser.add_argument("--card", help="Bluffaneer: your own card, e.g. chest,skull")


class BluffaneerOdds:
    """``bluffbox odds --game bluffaneer``: its options and its printer."""

    format = ("--game bluffaneer [SYMBOL SYMBOL] [--players N] [--card A,B]: a roll of the "
              "two bone dice by their symbols (chest, sword, ship, skull), like ship sword; "
              "N the other players; A,B your own card. Without a roll: every roll's chance.")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        add_arguments(parser)

    def run(self, args: argparse.Namespace) -> int:
        return run_bluffaneer(args)


ODDS = BluffaneerOdds()
