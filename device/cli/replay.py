"""``bluffbox replay LOG [--json]``: replay a game log and print where the game stands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

_PLAYER_KEYS = ("seat", "name", "out")
# Game-level keys shown in their own lines (or not at all) rather than in the "other" list.
_SHOWN = {
    "game", "players", "settings", "winner", "score", "score_name", "declared_by",
    "prompt", "direction", "deck", "discard", "round", "awaiting", "phase", "actions",
}  # fmt: skip


def format_summary(summary: dict[str, Any]) -> str:
    """A readable table of any game's summary (``Rules.summary``).

    Players get one row each, with a column per number the game reports for them
    (Bamboozled: strikes and cards held; Doubting Dice: dice and strikes).
    """
    players = summary.get("players", [])
    columns: list[str] = []
    for p in players:
        columns += [k for k in p if k not in _PLAYER_KEYS and k not in columns]
    width = max([len("player"), *(len(str(p.get("name"))) for p in players)])
    head = f"{'seat':>4}  {'player':<{width}}" + "".join(f"  {c:>7}" for c in columns)
    lines = [f"game: {summary.get('game')}", head + "  status"]
    for i, p in enumerate(players):
        status = {True: "out", False: "in"}.get(p.get("out"), "")  # games without "out": ""
        if summary.get("winner") is not None and p.get("name") == summary["winner"]:
            status = "WINNER"
        elif p.get("name") == summary.get("awaiting"):
            status += "  <- to play"
        row = f"{p.get('seat', i):>4}  {p.get('name')!s:<{width}}"
        row += "".join(f"  {_cell(p.get(c)):>7}" for c in columns)
        lines.append(row + "  " + status)
    lines.append("")
    if summary.get("winner") is not None:
        lines.append(f"winner: {summary['winner']}")
    else:
        if "score" in summary:
            score = summary.get("score_name") or "0 (new round)"
            by = summary.get("declared_by")
            lines.append(f"score: {score}" + (f", declared by {by}" if by else ""))
        if summary.get("prompt"):
            lines.append(f"next: {summary['prompt']}")
    if summary.get("direction"):
        lines.append(f"direction: {summary['direction']}")
    if "deck" in summary:
        lines.append(f"deck: {summary['deck']} cards, discard pile: {summary['discard']} cards")
    if "round" in summary:
        lines.append(f"round: {summary['round']}")
    for key, value in summary.items():
        if key not in _SHOWN and value is not None and not isinstance(value, dict | list):
            lines.append(f"{key.replace('_', ' ')}: {_cell(value)}")
    for key, value in summary.items():  # lists of sentences, e.g. each hand's result
        sentences = isinstance(value, list) and value and all(isinstance(v, str) for v in value)
        if key not in _SHOWN and sentences:
            lines += [f"{key.replace('_', ' ')}:", *(f"  {v}" for v in value)]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


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


def add_parser(subparsers: argparse._SubParsersAction) -> None:
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
