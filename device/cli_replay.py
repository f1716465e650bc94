"""``bluffbox replay LOG [--json]``: replay a game log and print where the game stands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def format_summary(summary: dict[str, Any]) -> str:
    """A readable table of a game summary (``Rules.summary``)."""
    players = summary.get("players", [])
    width = max([len("player"), *(len(p["name"]) for p in players)])
    lines = [f"game: {summary.get('game')}"]
    lines.append(f"{'seat':>4}  {'player':<{width}}  {'strikes':>7}  {'cards':>5}  status")
    awaiting = summary.get("awaiting")
    for p in players:
        status = "out" if p.get("out") else "in"
        if p["name"] == summary.get("winner"):
            status = "WINNER"
        elif p["name"] == awaiting:
            status += "  <- to play"
        lines.append(
            f"{p['seat']:>4}  {p['name']:<{width}}  {p.get('strikes', 0):>7}  "
            f"{p.get('cards', 0):>5}  {status}"
        )
    lines.append("")
    if summary.get("winner") is not None:
        lines.append(f"winner: {summary['winner']}")
    else:
        score = summary.get("score_name") or "0 (new round)"
        by = summary.get("declared_by")
        lines.append(f"score: {score}" + (f", declared by {by}" if by else ""))
        lines.append(f"next: {summary.get('prompt')}")
    lines.append(f"direction: {summary.get('direction')}")
    if "deck" in summary:
        lines.append(f"deck: {summary['deck']} cards, discard pile: {summary['discard']} cards")
    if "round" in summary:
        lines.append(f"round: {summary['round']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from games.log import LogError, replay

    try:
        result = replay(args.log)
    except LogError as exc:
        print(f"bluffbox replay: {exc}", file=sys.stderr)
        return 1
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    rules, state = result.rules, result.state
    summary = rules.summary(state)
    summary["actions"] = len(result.log.actions)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    if args.events:
        names = result.log.players
        for n, events in enumerate(result.events, start=1):
            for event in events:
                print(f"{n:>4}  {event.describe(names)}")
        print()
    print(format_summary(summary))
    print(f"actions: {summary['actions']}")
    return 0


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "replay",
        help="replay a game log and print the state",
        description="Rebuild a game from its log (JSON lines) and print the players' "
        "strikes and cards, the score, whose turn, the direction, the piles and the winner.",
    )
    p.add_argument("log", metavar="LOG", help="a game log (.jsonl)")
    p.add_argument("--json", action="store_true", help="print the state as JSON")
    p.add_argument("--events", action="store_true", help="also print every event, in order")
    p.set_defaults(run=run)
