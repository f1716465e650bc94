"""What a Bamboozled ruling page says about one action's events."""

from __future__ import annotations

from collections.abc import Sequence

from device.bamboozled import screens as bs
from games.bamboozled import events as ev
from games.bamboozled.actions import Action
from games.bamboozled.cards import Card
from games.bamboozled.scores import score_name
from games.bamboozled.state import Phase, State
from games.common import dice_text
from games.event import Event


def ruling(events: Sequence[Event], state: State, action: Action | None = None
           ) -> bs.RulingView:
    """The ruling page for one action's events (``state``: after them)."""
    names = [n.upper() for n in state.names]
    head = ""
    dice = None
    lines: list[str] = []
    limit = state.settings.strike_limit
    for e in events:
        if isinstance(e, ev.Truthful):
            dice = e.dice
            head = head or "TRUTHFUL"
            lines.append(f"{dice_text(e.dice)} shows {score_name(e.score)}")
        elif isinstance(e, ev.Bluff):
            dice = e.dice
            head = "BLUFF!"
            lines.append(f"{e.score} isn't on {dice_text(e.dice)}")
        elif isinstance(e, ev.Bamboozled):
            head = "BAMBOOZLED!"
            lines.append(f"{names[e.by]} fooled {names[e.victim]}")
        elif isinstance(e, ev.CardDrawn):
            held = state.hand(e.seat)
            lines.append(f"{names[e.seat]} draws, has {held}" if held > 1
                         else f"{names[e.seat]} draws a card")
        elif isinstance(e, ev.NothingToDraw):
            lines.append("deck empty: no card")
        elif isinstance(e, ev.DeckReshuffled):
            lines.append("deck reshuffled")
        elif isinstance(e, ev.CardShown):
            head = "SHOWN!"
            lines.append(f"{names[e.seat]} shows {'+'.join(c.label for c in e.cards)}")
            lines.append(f"{e.score} stands")
        elif isinstance(e, ev.StrikeTaken):
            if e.revived:
                head = head or "REVIVE!"
                lines.append(f"{names[e.seat]} revives: {e.strikes}/{limit}")
            else:
                lines.append(f"{names[e.seat]} takes strike {e.strikes}/{limit}")
        elif isinstance(e, ev.StrikeReturned):
            lines.append(f"{names[e.seat]}: strikes {e.strikes}/{limit}")
        elif isinstance(e, ev.PlayerOut):
            head = "OUT!" if head in ("", "TRUTHFUL") else head
            lines.append(f"{names[e.seat]} is out")
        elif isinstance(e, ev.HandDiscarded):
            lines.append(f"{names[e.seat]}'s card{'s' if e.cards > 1 else ''}: discard pile")
        elif isinstance(e, ev.CardPlayed):
            head = head or e.card.label.upper() + "!"
            if not any(isinstance(x, ev.StrikeTaken) and x.revived for x in events):
                lines.append(f"{names[e.seat]} plays {e.card.label}")
        elif isinstance(e, ev.ScoreReset):
            lines.append("score back to 0")
        elif isinstance(e, ev.DirectionChanged):
            lines.append("now " + ("clockwise" if e.clockwise else "counter-clockwise"))
        elif isinstance(e, ev.TurnPassed):
            lines.append(f"{names[e.to]} decides")
        elif isinstance(e, ev.SelfAccepted):
            lines.append(f"back to {names[e.seat]}: no check")
        elif isinstance(e, ev.CardDiscarded):
            head = head or "DISCARDED"
            what = e.card.label if e.card else "a card"
            lines.append(f"{names[e.seat]} discards {what}")
        elif isinstance(e, ev.Rolled):
            dice = e.dice
            head = "JACKPOT" if e.score == 21 else str(e.score)  # "55", not "DOUBLE 5S"
            using = f" +{'+'.join(c.label for c in e.cards)}" if e.cards else ""
            lines.append(f"{names[e.seat]} rolls {dice_text(e.dice)}{using}")
        elif isinstance(e, ev.NotBeaten):
            head = "TOO LOW!"
            lines.append(f"doesn't beat {e.current}")
        elif isinstance(e, ev.RoundStarted):
            lines.append(f"round {e.round}: {names[e.starter]} starts")
        elif isinstance(e, ev.Winner):
            head = "GAME OVER"
            lines.append(f"{names[e.seat]} wins!")
    # Say who acts next when the events do not ("round 3: CAT starts", "CAT decides").
    seat = state.awaiting
    if seat is not None and not any(isinstance(e, ev.RoundStarted | ev.TurnPassed)
                                    for e in events):
        revive = any(isinstance(e, ev.CardPlayed) and e.card is Card.REVIVE for e in events)
        if state.phase is Phase.DISCARD:
            lines.append(f"{names[seat]}: discard a card")
        elif state.phase in (Phase.DECLARE, Phase.ROLL) and not revive:
            lines.append(f"{names[seat]} rolls next")
    return bs.RulingView(head or "OK", tuple(lines), dice)


__all__ = ["ruling"]
