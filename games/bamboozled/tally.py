"""Bamboozled's statistics hook (:meth:`games.common.Rules.tally`), from its events.

* bluff declared: the dice did not show the declared score (a :class:`Bluff` ruling,
  whether the judge accepted or challenged);
* challenge made: a :class:`Challenged`; it is won, and the bluff caught, when the dice
  did not show the score and the declarer took the strike (no after-roll card saved them:
  that is decided in the same move or in the declarer's answer to the show offer);
* card played: every card played or shown.
"""

from __future__ import annotations

from games.bamboozled.actions import Decline
from games.bamboozled.events import Bluff, CardPlayed, CardShown, Challenged
from games.bamboozled.state import Phase
from games.tally import Move, Tally


def tally(move: Move) -> list[tuple[int, Tally]]:
    """The ``(seat, Tally)`` pairs of one move."""
    out: list[tuple[int, Tally]] = []
    challenged = next((e for e in move.events if isinstance(e, Challenged)), None)
    for event in move.events:
        if isinstance(event, Bluff):
            out.append((event.declarer, Tally.BLUFF_DECLARED))
        elif isinstance(event, Challenged):
            out.append((event.judge, Tally.CHALLENGE_MADE))
        elif isinstance(event, CardPlayed):
            out.append((event.seat, Tally.CARD_PLAYED))
        elif isinstance(event, CardShown):
            out += [(event.seat, Tally.CARD_PLAYED)] * len(event.cards)
    bluff = any(isinstance(e, Bluff) for e in move.events)
    if challenged is not None and bluff and move.after.phase is not Phase.SHOW_CARD:
        out += [(challenged.declarer, Tally.BLUFF_CAUGHT), (challenged.judge, Tally.CHALLENGE_WON)]
    before = move.before
    if before.phase is Phase.SHOW_CARD and isinstance(move.action, Decline):
        out += [(before.awaiting, Tally.BLUFF_CAUGHT), (before.judge, Tally.CHALLENGE_WON)]
    return out
