"""A simulated Bamboozled table: real dice, a real shuffled deck and secret hands, and
simple players who drive the engine (for the shipped example game, tests and demos).

The engine only counts cards; :class:`Table` knows which card is where, the way the
people at a real table do, and keeps itself in step with the engine's events. All
randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.bamboozled import events as ev
from games.bamboozled.actions import (
    Accept,
    Action,
    Challenge,
    Declare,
    Decline,
    Discard,
    PlayCard,
    Roll,
    Show,
)
from games.bamboozled.cards import AFTER_ROLL, CARDS, Card, deck_composition
from games.bamboozled.odds import odds
from games.bamboozled.rules import Bamboozled
from games.bamboozled.scores import (
    JACKPOT,
    best_score,
    best_truthful,
    legal_declarations,
    rank,
    reach_with,
    ties_or_beats,
    truthful_scores,
)
from games.bamboozled.state import Phase, Settings, State
from games.event import Event

# How much a player likes to keep each card when over the hand limit (higher: keep).
_VALUE = {
    Card.JACKPOT: 8,
    Card.REVIVE: 7,
    Card.MY_BAD: 6,
    Card.DOUBLE: 5,
    Card.UP_DOWN: 4,
    Card.FRESH_START: 3,
    Card.SKIP: 2,
    Card.REVERSE: 1,
}


@dataclass
class Table:
    """The physical table behind a game: deck order, discard pile, hands, the cup."""

    rules: Bamboozled
    state: State
    rng: random.Random
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    cup: tuple[int, int] | None = None
    log: list[tuple[Action, tuple[Event, ...]]] = field(default_factory=list)

    @classmethod
    def start(cls, names: Sequence[str], settings: Settings | None = None, seed: int = 0) -> Table:
        """A new game with a shuffled deck, one card dealt to each player as counted."""
        rules = Bamboozled()
        state = rules.new_game(names, settings)
        rng = random.Random(seed)
        composition = deck_composition(my_bad=not state.settings.no_bluffing)
        deck = [card for card in CARDS for _ in range(composition.get(card, 0))]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(n)] for n in state.piles.hands]
        return cls(rules, state, rng, deck, [], hands)

    # --- keeping the physical table in step with the engine ------------------------------
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` to the engine and move the physical cards accordingly."""
        seat = self.state.awaiting
        self.state, events = self.rules.apply(self.state, action)
        self.log.append((action, events))
        for event in events:
            self._follow(event, action, seat)
        self.check()
        return events

    def _follow(self, event: Event, action: Action, seat: int | None) -> None:
        if isinstance(event, ev.DeckReshuffled):
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        elif isinstance(event, ev.CardDrawn):
            self.hands[event.seat].append(self.deck.pop())
        elif isinstance(event, ev.CardPlayed):
            self._to_discard(event.seat, event.card)
        elif isinstance(event, ev.CardShown):
            for card in event.cards:
                self._to_discard(event.seat, card)
        elif isinstance(event, ev.CardDiscarded):
            hand = self.hands[event.seat]
            # Unnamed: the player chose one secretly; here, the one they value least.
            card = event.card or min(hand, key=lambda c: _VALUE[c])
            self._to_discard(event.seat, card)
        elif isinstance(event, ev.HandDiscarded):
            self.discard += self.hands[event.seat]
            self.hands[event.seat] = []

    def _to_discard(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        if card not in hand:
            # A person driving the simulation named a card this hand does not hold (the
            # engine only checks counts): the named card goes to the discard all the
            # same, in exchange for one of theirs, so the counts stay true.
            if card in self.deck:
                self.deck[self.deck.index(card)] = hand.pop()
            elif card in self.discard:
                self.discard[self.discard.index(card)] = hand.pop()
            else:  # in another hand
                other = next(h for h in self.hands if card in h)
                other[other.index(card)] = hand.pop()
            hand.append(card)
        hand.remove(card)
        self.discard.append(card)

    def check(self) -> None:
        """The table agrees with the engine's counts."""
        piles = self.state.piles
        assert [len(h) for h in self.hands] == list(piles.hands)
        assert len(self.deck) == piles.deck and len(self.discard) == piles.discard

    # --- simple players ---------------------------------------------------------------------
    def roll(self) -> tuple[int, int]:
        return (self.rng.randint(1, 6), self.rng.randint(1, 6))

    def choose(self) -> Action:
        """What the awaited player does, by a simple, slightly random strategy."""
        state = self.state
        seat = state.awaiting
        assert seat is not None
        hand = self.hands[seat]
        if state.phase is Phase.DECLARE:
            self.cup = self.roll()
            return Declare(self._declaration(hand))
        if state.phase is Phase.ROLL:
            return self._open_roll(hand)
        if state.phase is Phase.DECIDE:
            return self._decide(hand)
        if state.phase is Phase.SHOW_CARD:
            assert state.dice is not None
            for card in sorted(set(hand) & AFTER_ROLL, key=lambda c: _VALUE[c]):
                if state.score in reach_with((card,), state.dice):
                    return Show((card,))
            return Decline()
        if state.phase is Phase.MY_BAD_OFFER:
            return PlayCard(Card.MY_BAD) if Card.MY_BAD in hand else Decline()
        if state.phase is Phase.REVIVE_OFFER:
            return PlayCard(Card.REVIVE) if Card.REVIVE in hand else Decline()
        if state.phase is Phase.DISCARD:
            return Discard(min(hand, key=lambda c: _VALUE[c]))
        raise AssertionError(state.phase)

    def _declaration(self, hand: list[Card]) -> int:
        state, rng = self.state, self.rng
        assert self.cup is not None
        legal = legal_declarations(state.score)
        honest = [s for s in truthful_scores(self.cup) if ties_or_beats(s, state.score)]
        if honest:
            # Usually the best honest score; sometimes a low one to keep the score down.
            return min(honest, key=rank) if rng.random() < 0.2 else best_score(honest)
        helped = [
            s
            for card in set(hand) & AFTER_ROLL
            for s in reach_with((card,), self.cup)
            if ties_or_beats(s, state.score)
        ]
        if helped:
            return min(helped, key=rank)
        return legal[min(int(rng.expovariate(0.7)), len(legal) - 1)]

    def _decide(self, hand: list[Card]) -> Action:
        state, rng = self.state, self.rng
        assert self.cup is not None
        seat = state.awaiting
        assert seat is not None
        if Card.REVIVE in hand and state.strikes[seat] >= 1 and not state.revived:
            return PlayCard(Card.REVIVE)
        danger = 1 - float(odds(state.score).tie_or_beat)
        if hand and rng.random() < danger * 0.6:
            for card in (Card.FRESH_START, Card.SKIP, Card.REVERSE):
                if card in hand:
                    return PlayCard(card)
        believable = float(odds(state.score).truthful) * 6 + 0.25
        if state.score == JACKPOT:
            believable = 0.3
        return (Accept if rng.random() < believable else Challenge)(self.cup)

    def _open_roll(self, hand: list[Card]) -> Action:
        state = self.state
        seat = state.awaiting
        assert seat is not None
        if Card.REVIVE in hand and state.strikes[seat] >= 1 and not state.revived:
            return PlayCard(Card.REVIVE)
        if (
            state.declarer is not None
            and Card.FRESH_START in hand
            and odds(state.score).tie_or_beat < 0.2
        ):
            return PlayCard(Card.FRESH_START)
        dice = self.roll()
        score = best_truthful(dice)
        if not ties_or_beats(score, state.score):
            for card in sorted(set(hand) & AFTER_ROLL, key=lambda c: _VALUE[c]):
                raised = best_score(reach_with((card,), dice))
                if ties_or_beats(raised, state.score):
                    return Roll(dice, (card,))
        return Roll(dice)

    def play_out(self, max_actions: int = 10_000) -> State:
        """Play until there is a winner."""
        for _ in range(max_actions):
            if self.state.winner is not None:
                return self.state
            self.apply(self.choose())
        raise RuntimeError("the game did not finish")


def play_logged(path: str, names: Sequence[str], settings: Settings | None, seed: int) -> Table:
    """Play a whole simulated game, logging every action to ``path`` (a new file).

    The log meta records the dice under the cup when a declaration was made (replay
    ignores it; it shows a reader what the declarer really rolled).
    """
    from games.log import LogWriter

    table = Table.start(names, settings, seed)
    with LogWriter.create(path, table.rules, names, table.state.settings) as log:
        while table.state.winner is None:
            action = table.choose()
            meta = {"cup": list(table.cup)} if isinstance(action, Declare) and table.cup else None
            table.apply(action)
            log.action(action, meta)
    return table
