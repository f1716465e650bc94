"""What a Bluffaneer ruling page says about one action's events: a headline and the coins
that moved ("BOB, CAT -> ANN 1 each"), the card reshuffle, the end and the coin toss."""

from __future__ import annotations

from collections.abc import Sequence

from games.bluffaneer import events as ev
from games.bluffaneer.state import State
from games.event import Event


def _who(names: Sequence[str], seat: int | None) -> str:
    return "bank" if seat is None else names[seat]


def _payments(paid: list[ev.Paid], names: Sequence[str]) -> list[str]:
    """Payments of the same amount to the same payee on one line, in order."""
    groups: dict[tuple[int | None, int], list[str]] = {}
    for p in paid:
        groups.setdefault((p.payee, p.coins), []).append(names[p.payer])
    lines = []
    for (payee, coins), payers in groups.items():
        each = " each" if len(payers) > 1 else ""
        lines.append(f"{', '.join(payers)} -> {_who(names, payee)} {coins}{each}")
    return lines


def ruling(events: Sequence[Event], state: State) -> tuple[str, tuple[str, ...]]:
    """The headline and lines for one action's events (``state``: after them).

    >>> from games.bluffaneer.rules import Bluffaneer, Roll
    >>> rules = Bluffaneer()
    >>> state, events = rules.apply(rules.new_game(["Ann", "Bob", "Cat"]),
    ...                             Roll(("chest", "chest")))
    >>> ruling(events, state)
    ('DOUBLE CHEST!', ('BOB, CAT -> ANN 1 each', 'BOB rolls next'))
    """
    names = [n.upper() for n in state.names]
    head = ""
    cards: list[str] = []  # the revealed card first, then the coins, then the rest
    lines: list[str] = []
    paid: list[ev.Paid] = []
    for e in events:
        if isinstance(e, ev.DoubleRolled):
            head = f"DOUBLE {e.symbol.upper()}!"
        elif isinstance(e, ev.CardRevealed):
            cards.append(f"{names[e.seat]}'s card: {e.card.first} + {e.card.second}")
        elif isinstance(e, ev.ClaimRuled):
            head = "TRUE!" if e.true else "BLUFF!"
        elif isinstance(e, ev.Stole):
            head = "ROBBED!"
        elif isinstance(e, ev.NobodyClaimed):
            head = "NO CLAIM"
            lines.append("no coins move")
        elif isinstance(e, ev.Paid):
            paid.append(e)
        elif isinstance(e, ev.ShortOfCoins):
            lines.append(f"{names[e.seat]} had only {e.paid} of {e.owed}")
        elif isinstance(e, ev.DeckReshuffled):
            lines.append(f"reshuffle {e.cards} cards")
        elif isinstance(e, ev.GameEnded):
            lines.append(f"{', '.join(names[s] for s in e.broke)}: no coins left!")
        elif isinstance(e, ev.Tie):
            head = "TIE!"
            lines.append(f"{' & '.join(names[s] for s in e.seats)}: {e.coins} each")
        elif isinstance(e, ev.CoinTossed):
            head = "COIN TOSS"
            lines.append(f"{names[e.winner]} wins the toss")
        elif isinstance(e, ev.Winner):
            lines.append(f"{names[e.seat]} wins with {e.coins}!")
        elif isinstance(e, ev.TurnStarted):
            lines.append(f"{names[e.seat]} rolls next")
    if not head and any(isinstance(e, ev.CardRevealed) for e in events):
        # the roller's own match pays the bank; a trusted claim pays the claimer
        head = "MATCH!" if any(p.payee is None for p in paid) else "TRUSTED"
    return head or "OK", (*cards, *_payments(paid, names), *lines)
