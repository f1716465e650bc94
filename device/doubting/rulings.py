"""What a Doubting Dice ruling page says about one call's (or round reading's) events."""

from __future__ import annotations

from collections.abc import Sequence

from device.doubting import screens as ds
from games.doubting import events as ev
from games.doubting.state import DoubtingState
from games.event import Event

#: What the ruling page asks for (drawn small beside the headline).
NEXT = "o:ok"


def ruling(events: Sequence[Event], state: DoubtingState, counted: bool = False
           ) -> ds.RevealView:
    """The ruling page for one call's (or round reading's) events; ``state``: after them.

    Four lines at most: the count ("4s: 5 + 2 ones = 7"; ``counted``: a count entered by
    hand, shown as entered, "4s + ones: 7"), the bid, who loses or gains (out, strike), and
    who starts next (palifico marked); the strip shows dice left. OK goes on (the hint).
    """
    names = [n.upper() for n in state.names]
    head, face = "OK", None
    lines: list[str] = []
    outs = {e.seat for e in events if isinstance(e, ev.PlayerOut)}
    strikes = {e.seat: e for e in events if isinstance(e, ev.StrikeTaken)}
    palifico = [e.seat for e in events if isinstance(e, ev.PalificoRound)]
    for e in events:
        if isinstance(e, ev.TotalAnnounced):
            head = f"TOTAL {e.total}"
            lines.append(f"{e.dice_in_play} dice add up to {e.total}")
        elif isinstance(e, ev.CallMade):
            head = "EXACT?" if e.kind == "exact" else "CHALLENGE"
            face = e.bid.face
            lines.append(f"bid {e.bid.quantity} x {e.bid.face} ({names[e.bidder]})")
        elif isinstance(e, ev.RevealCounted):
            f = e.bid.face
            if e.ones_wild and counted:
                count = f"{f}s + ones: {e.count}"
            elif e.ones_wild:
                count = f"{f}s: {e.face_count} + {e.ones_count} ones = {e.count}"
            else:
                count = f"{f}s: {e.count}, ones not wild"
            lines.insert(len(lines) - 1, count)
            if head == "EXACT?":
                head = "EXACT!" if e.count == e.bid.quantity else "MISSED!"
            else:
                head = "TRUE!" if e.bid_true else "BLUFF!"
        elif isinstance(e, ev.DiceGained):
            lines.append(f"{names[e.seat]} gains a die: {e.dice_left}" if e.gained
                         else f"{names[e.seat]} keeps {e.dice_left} dice")
        elif isinstance(e, ev.DiceLost):
            lost = "a die" if e.lost == 1 else f"{e.lost} dice"
            if e.seat in strikes:
                k = strikes[e.seat]
                tail = f"strike {k.strikes}/{k.limit}" + (", out" if e.seat in outs else "")
            else:
                tail = "out!" if e.seat in outs else str(e.dice_left)
            lines.append(f"{names[e.seat]} loses {lost}: {tail}")
        elif isinstance(e, ev.GameWon):
            lines.append(f"{names[e.seat]} wins!")
        elif isinstance(e, ev.RoundStarted) and head != "OK":
            pal = " PALIFICO" if palifico else ""
            lines.append(f"{names[e.starter]} opens{pal}")
    return ds.RevealView(head, tuple(lines), face, NEXT)


__all__ = ["ruling"]
