"""A simulated BamBoozal table: the entries a hand makes, and simple random players who
fold now and then and win rounds by chance (for the shipped example game, tests, demos).

All randomness comes from the ``random.Random`` passed in.

>>> state = BamBoozal().new_game(["Ann", "Bob", "Cat"], Settings(first_dealer=1))
>>> [type(a).__name__ for a in hand_actions(state, winners=(0, 0, 2), folded=(1,))]
['StartHand', 'NoteTrump', 'Play', 'Play', 'Fold', 'WinRound', 'WinRound', 'WinRound', 'Settle']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from games.bamboozal.actions import (
    Action,
    Fold,
    NoteTrump,
    Play,
    Settle,
    StartHand,
    Stop,
    Undo,
    WinRound,
)
from games.bamboozal.rules import BamBoozal
from games.bamboozal.state import SUITS, Phase, Settings, State, Suit


def hand_actions(
    state: State,
    winners: Iterable[int],
    folded: Iterable[int] = (),
    trump: Suit = Suit.HEARTS,
) -> list[Action]:
    """A whole hand from ``state`` (phase PAY): payments, trumps, play or fold clockwise
    from the dealer's left (``folded`` seats fold), each round's winner, settled."""
    out = set(folded)
    decisions: list[Action] = [Fold() if s in out else Play() for s in state.decision_order()]
    rounds: list[Action] = [WinRound(s) for s in winners]
    return [StartHand(), NoteTrump(trump), *decisions, *rounds, Settle()]


class RandomTable:
    """Players who fold with chance ``fold``; each round goes to a random player; an entry
    is taken back with chance ``undo``."""

    def __init__(self, rng: random.Random, fold: float = 0.2, undo: float = 0.0) -> None:
        self.rng = rng
        self.fold = fold
        self.undo = undo

    def choose(self, state: State) -> Action:
        """The next action of a hand (never Stop)."""
        phase = state.phase
        if phase is Phase.PAY:
            return StartHand()
        if phase is not Phase.OVER and self.rng.random() < self.undo:
            return Undo()
        if phase is Phase.TRUMP:
            return NoteTrump(self.rng.choice(SUITS))
        if phase is Phase.DECIDE:
            return Fold() if self.rng.random() < self.fold else Play()
        if phase is Phase.ROUNDS:
            return WinRound(self.rng.choice([s for s, p in enumerate(state.plays()) if p]))
        if phase is Phase.SETTLE:
            return Settle()
        raise ValueError("the players stopped")


def play_logged(
    path: str,
    names: Sequence[str],
    settings: Settings | None,
    seed: int,
    hands: int,
    undo: float = 0.05,
) -> State:
    """Play ``hands`` random hands (an entry taken back now and then) and stop, logging
    every action to ``path`` (a new file)."""
    from games.log import LogWriter

    rules = BamBoozal()
    state = rules.new_game(names, settings)
    table = RandomTable(random.Random(seed), undo=undo)
    with LogWriter.create(path, rules, names, state.settings) as log:
        while len(state.results) < hands:
            action = table.choose(state)
            state, _ = rules.apply(state, action)
            log.action(action)
        state, _ = rules.apply(state, Stop())
        log.action(Stop())
    return state
