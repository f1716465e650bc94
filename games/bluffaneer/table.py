"""A simulated Bluffaneer table: bone dice, a real shuffled deck and secret cards, and
simple players who drive the engine (for the shipped example, tests and the simulator).

The engine knows a card only when it is revealed; :class:`Table` knows where every card
is, the way the people at a real table do, and follows the engine's events. All
randomness (rolls, shuffles, choices, the coin toss) comes from the ``random.Random``
passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.bluffaneer import events as ev
from games.bluffaneer.actions import (
    Action,
    CallBluffaneer,
    Claim,
    NoClaim,
    OwnMatch,
    Reveal,
    Roll,
    Steal,
    Trust,
)
from games.bluffaneer.faces import Card
from games.bluffaneer.rules import Bluffaneer, toss
from games.bluffaneer.state import Phase, Settings, State
from games.event import Event

#: How often a player without the match bluffs a claim, and a roller calls Bluffaneer.
BLUFF_RATE = 0.3
CALL_RATE = 0.4


@dataclass
class Table:
    """The physical table behind a game: the draw pile's order, the discard pile, hands."""

    rules: Bluffaneer
    state: State
    rng: random.Random
    draw: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    hands: list[Card] = field(default_factory=list)
    log: list[tuple[Action, tuple[Event, ...]]] = field(default_factory=list)

    @classmethod
    def start(
        cls, names: Sequence[str], settings: Settings | None = None, seed: int = 0
    ) -> Table:
        """A new game: the deck shuffled and one card dealt to each player."""
        rules = Bluffaneer()
        state = rules.new_game(names, settings)
        rng = random.Random(seed)
        draw = list(state.settings.deck)
        rng.shuffle(draw)
        hands = [draw.pop() for _ in names]
        return cls(rules, state, rng, draw, [], hands)

    # --- keeping the physical table in step with the engine ------------------------------
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` to the engine and move the physical cards to follow it."""
        self.state, events = self.rules.apply(self.state, action)
        self.log.append((action, events))
        for event in events:
            self._follow(event)
        self.check()
        return events

    def _follow(self, event: Event) -> None:
        if isinstance(event, ev.CardDiscarded):
            self._to_discard(event.seat, event.card)
        elif isinstance(event, ev.DeckReshuffled):
            self.draw, self.discard = self.discard, []
            self.rng.shuffle(self.draw)
        elif isinstance(event, ev.CardDrawn):
            self.hands[event.seat] = self.draw.pop()

    def _to_discard(self, seat: int, card: Card) -> None:
        held = self.hands[seat]
        if held != card:
            # A person driving the simulation revealed a card this seat does not hold
            # (the engine cannot know): that card is found where it lies and swapped for
            # the held one, so the table stays a real deck.
            if card in self.draw:
                self.draw[self.draw.index(card)] = held
            else:
                other = self.hands.index(card)
                self.hands[other] = held
        self.discard.append(card)

    def check(self) -> None:
        """The table agrees with the engine's piles."""
        piles = self.state.piles
        assert len(self.draw) == piles.draw and tuple(self.discard) == piles.discard
        assert sorted(self.draw + self.discard + self.hands) == sorted(self.state.settings.deck)

    # --- simple players ---------------------------------------------------------------------
    def roll(self) -> tuple[str, str]:
        die = self.state.settings.faces.die
        return (self.rng.choice(die), self.rng.choice(die))

    def choose(self) -> Action:
        """What the table does next, by a simple, slightly random strategy."""
        state, rng = self.state, self.rng
        if state.phase is Phase.ROLL:
            return Roll(self.roll())
        if state.phase is Phase.VICTIM:
            others = state.others(state.roller)
            return Steal(max(others, key=lambda s: (state.coins[s], rng.random())))
        if state.phase is Phase.MATCH:
            return self._match()
        if state.phase is Phase.JUDGE:
            return CallBluffaneer() if rng.random() < CALL_RATE else Trust()
        if state.phase is Phase.REVEAL:
            assert state.claimer is not None
            return Reveal(self.hands[state.claimer])
        if state.phase is Phase.TOSS:
            return toss(state, rng)
        raise AssertionError(state.phase)

    def _match(self) -> Action:
        state = self.state
        assert state.dice is not None
        if self.hands[state.roller].matches(state.dice):
            return OwnMatch(self.hands[state.roller])
        others = state.others(state.roller)
        for seat in others:
            if self.hands[seat].matches(state.dice):
                return Claim(seat)
        if self.rng.random() < BLUFF_RATE:
            return Claim(self.rng.choice(others))
        return NoClaim()

    def play_out(self, max_actions: int = 10_000) -> State:
        """Play until there is a winner."""
        for _ in range(max_actions):
            if self.state.winner is not None:
                return self.state
            self.apply(self.choose())
        raise RuntimeError("the game did not finish")


def play_logged(path: str, names: Sequence[str], settings: Settings | None, seed: int) -> Table:
    """Play a whole simulated game, logging every action to ``path`` (a new file) through
    :class:`games.log.LogWriter`. The meta of a claim holds the claimer's real card (replay
    ignores it; it lets a reader see who bluffed)."""
    from games.log import LogWriter

    table = Table.start(names, settings, seed)
    with LogWriter.create(path, table.rules, names, table.state.settings) as log:
        while table.state.winner is None:
            action = table.choose()
            meta = None
            if isinstance(action, Claim):
                meta = {"card": table.hands[action.claimer].to_json()}
            table.apply(action)
            log.action(action, meta)
    return table
