"""The BamBoozal pot (seed 002) as ruled in ``rulings.md``: a pure engine.

The cards are played at the table; the box is the bank and the scorekeeper. Driving a hand
(the seed's first worked example: three players, hand amount 50, rounds won 2/1/1):

>>> rules = BamBoozal()
>>> state = rules.new_game(["Ann", "Bob", "Cat"], Settings(hand_amount=50, first_dealer=2))
>>> state.phase, state.dues                      # everyone pays 50, Cat deals
(<Phase.PAY: 'pay'>, (50, 50, 50))
>>> for action in [StartHand(), NoteTrump(Suit.HEARTS), Play(), Play(), Play(),
...                WinRound(0), WinRound(1), WinRound(0), WinRound(2)]:
...     state, events = rules.apply(state, action)
>>> prompt(state)
'Hand 1 is complete: settle it, or undo the last entry'
>>> state, events = rules.apply(state, Settle())
>>> [e.describe(state.names) for e in events]
['Ann wins with 2 rounds and takes 150']
>>> state.balances, state.pot, state.dues
((100, -50, -50), 0, (50, 50, 50))

Phases and actions (:class:`Phase`): PAY ``StartHand()`` (the listed payments are made)
or ``Stop()``; TRUMP ``NoteTrump(suit)``; DECIDE ``Play()`` / ``Fold()`` for
``state.awaiting``, clockwise from the dealer's left; ROUNDS ``WinRound(seat)`` one round
at a time; SETTLE ``Settle()``. ``Undo()`` takes back the hand's last entry in TRUMP,
DECIDE, ROUNDS and SETTLE (in TRUMP: the start of the hand, refunding its payments).

Choices where ``rulings.md`` is silent (what a table expects):

* Every seat pays for every hand, folded or not ("folded players have paid"): there is no
  sitting out. Payments are made when the hand starts; until a card is entered, the start
  itself can be undone (the payments come back).
* The trump suit is noted before the players say play or fold (the seed: the dealer turns
  a card, then the players look at theirs and declare, clockwise from the dealer's left).
* A completed hand waits for ``Settle()`` so the last round's winner can still be undone;
  settling cannot be undone (the money has moved).
* Everyone else folded: the one player left wins every round without playing and takes
  the pot. Everybody folded: no rounds, no winner, nobody bamboozaled, the pot stays.
* "The whole pot of that hand" is the pot the hand was played for (what the winner took,
  or what stayed): all of it, whoever else was bamboozaled in the same hand.
* The players stop only between hands (a hand in progress is settled or undone first).
  A bamboozal owed then is not charged (there is no next hand to pay it into) and what is
  left in the pot stays there: the summary shows it.
* ``winner``: once stopped, the seat with the highest balance (``None`` on a tie).
* Players need distinct, non-empty names (the screens and the log show them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.bamboozal.actions import (
    CODEC,
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
from games.bamboozal.events import (
    Bamboozaled,
    Folded,
    GameStopped,
    HandComplete,
    HandStarted,
    LonePlayer,
    Paid,
    Played,
    PotIs,
    PotStays,
    PotTaken,
    RoundWon,
    TrumpNoted,
    Undone,
)
from games.bamboozal.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SUITS,
    Hand,
    HandResult,
    Phase,
    Settings,
    State,
    Suit,
)
from games.common import Rules, player_names
from games.errors import GameOver, IllegalAction, InvalidSettings, WrongPhase
from games.event import Event

# --- errors ------------------------------------------------------------------------------


class HandInProgress(WrongPhase):
    """A hand is being played: it must be settled (or undone) before another starts or the
    players stop."""


class NothingToUndo(WrongPhase):
    """No entry of an unsettled hand to take back (a settled hand is final)."""


class NotASuit(IllegalAction):
    """The trump is not one of the four suits."""


class NoSuchSeat(IllegalAction):
    """The round's winner is not a seat at this table."""


class FoldedPlayer(IllegalAction):
    """A folded player cannot win a round."""


Events = list[Event]
Handler = Callable[["BamBoozal", State, Any, Events], State]


def _with(values: tuple[int, ...], seat: int, add: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + add,) + values[seat + 1 :]


def _hand(state: State) -> Hand:
    assert state.hand is not None, state.phase
    return state.hand


# --- the rules ---------------------------------------------------------------------------


class BamBoozal(Rules[State, Action, Settings]):
    """The BamBoozal pot: payments, play or fold, rounds won, the result of each hand."""

    name = "bamboozal"
    action_codec = CODEC
    settings_type = Settings

    def new_game(self, players: Sequence[str], settings: Settings | None = None) -> State:
        """Nobody has paid yet; the first hand's payments are due (phase PAY)."""
        settings = settings or Settings()
        names = player_names(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InvalidSettings(
                f"BamBoozal needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
            )
        if settings.first_dealer >= len(names):
            raise InvalidSettings(
                f"first_dealer {settings.first_dealer} is not a seat of {len(names)} players"
            )
        zeros = (0,) * len(names)
        return State(settings, names, paid_in=zeros, taken_out=zeros, pot=0, phase=Phase.PAY)

    def winner(self, state: State) -> int | None:
        """Once the players stopped: the seat with the highest balance, unless tied."""
        if state.phase is not Phase.OVER:
            return None
        best = max(state.balances)
        top = [s for s, b in enumerate(state.balances) if b == best]
        return top[0] if len(top) == 1 else None

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER

    # --- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        """Every action :meth:`apply` accepts now."""
        phase = state.phase
        if phase is Phase.PAY:
            return [StartHand(), Stop()]
        if phase is Phase.TRUMP:
            return [*(NoteTrump(s) for s in SUITS), Undo()]
        if phase is Phase.DECIDE:
            return [Play(), Fold(), Undo()]
        if phase is Phase.ROUNDS:
            playing = [s for s, p in enumerate(state.plays()) if p]
            return [*(WinRound(s) for s in playing), Undo()]
        if phase is Phase.SETTLE:
            return [Settle(), Undo()]
        return []

    # --- apply ---------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply ``action``; :class:`IllegalAction` (state unchanged) if it is not legal."""
        handler = _HANDLERS[state.phase].get(type(action))
        if handler is None:
            raise self._wrong(state, action)
        events: Events = []
        new_state = handler(self, state, action, events)
        return new_state, tuple(events)

    def _wrong(self, state: State, action: object) -> IllegalAction:
        now = prompt(state)
        if state.phase is Phase.OVER:
            return GameOver(f"The players stopped: {now}")
        if state.hand is not None and isinstance(action, StartHand | Stop):
            return HandInProgress(f"Hand {state.hand.number} is not settled yet ({now})")
        if isinstance(action, Undo):
            return NothingToUndo(f"Nothing to undo: a settled hand is final ({now})")
        what = _ACTION_WORDS.get(type(action), repr(action))
        return WrongPhase(f"{what} is not possible now ({now})")

    # PAY --------------------------------------------------------------------------------
    def _start_hand(self, state: State, action: StartHand, events: Events) -> State:
        """Everyone pays what is due; a bamboozal is charged here, once."""
        dues, owed = state.dues, state.bamboozals
        hand = Hand(state.hand_number, state.dealer, paid=dues, pot=state.pot + sum(dues))
        events.append(HandStarted(hand.number, hand.dealer))
        events += [Paid(s, dues[s], owed[s] > 0) for s in state.decision_order()]
        events.append(PotIs(hand.pot))
        paid_in = tuple(p + d for p, d in zip(state.paid_in, dues, strict=True))
        return state.evolve(paid_in=paid_in, pot=hand.pot, hand=hand, phase=Phase.TRUMP)

    def _stop(self, state: State, action: Stop, events: Events) -> State:
        events.append(GameStopped(len(state.results), state.pot))
        return state.evolve(phase=Phase.OVER)

    # TRUMP ------------------------------------------------------------------------------
    def _note_trump(self, state: State, action: NoteTrump, events: Events) -> State:
        if not isinstance(action.suit, Suit):
            raise NotASuit(f"{action.suit!r} is not a suit (one of {_suit_list()})")
        events.append(TrumpNoted(action.suit))
        return state.evolve(
            hand=_hand(state).with_(trump=action.suit),
            phase=Phase.DECIDE,
            awaiting=state.decision_order()[0],
        )

    # DECIDE -----------------------------------------------------------------------------
    def _decide(self, state: State, action: Play | Fold, events: Events) -> State:
        hand, seat = _hand(state), state.awaiting
        assert seat is not None
        plays = isinstance(action, Play)
        events.append(Played(seat) if plays else Folded(seat))
        hand = hand.with_(decisions=(*hand.decisions, plays))
        order = state.decision_order()
        if len(hand.decisions) < state.players:
            return state.evolve(hand=hand, awaiting=order[len(hand.decisions)])
        playing = [s for s, p in zip(order, hand.decisions, strict=True) if p]
        state = state.evolve(hand=hand, awaiting=None)
        if len(playing) >= 2:
            return state.evolve(phase=Phase.ROUNDS)
        if playing:
            rounds = state.settings.rounds_per_hand
            events.append(LonePlayer(playing[0], rounds))
            state = state.evolve(hand=hand.with_(round_winners=(playing[0],) * rounds))
        events.append(HandComplete(hand.number))
        return state.evolve(phase=Phase.SETTLE)

    # ROUNDS -----------------------------------------------------------------------------
    def _win_round(self, state: State, action: WinRound, events: Events) -> State:
        hand, seat = _hand(state), action.winner
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise NoSuchSeat(f"{seat!r} is not a seat of {state.players} players")
        if not state.plays()[seat]:
            raise FoldedPlayer(f"{state.names[seat]} folded: a folded player wins no round")
        hand = hand.with_(round_winners=(*hand.round_winners, seat))
        count = hand.round_winners.count(seat)
        events.append(RoundWon(seat, len(hand.round_winners), count))
        if len(hand.round_winners) < state.settings.rounds_per_hand:
            return state.evolve(hand=hand)
        events.append(HandComplete(hand.number))
        return state.evolve(hand=hand, phase=Phase.SETTLE)

    # SETTLE -----------------------------------------------------------------------------
    def _settle(self, state: State, action: Settle, events: Events) -> State:
        result = hand_result(state)
        taken_out, pot = state.taken_out, state.pot
        if result.winner is not None:
            rounds = result.rounds[result.winner]
            events.append(PotTaken(result.winner, result.pot, rounds))
            taken_out, pot = _with(taken_out, result.winner, result.pot), 0
        else:
            events.append(PotStays(result.pot, result.tied))
        events += [Bamboozaled(s, result.pot) for s in result.bamboozaled]
        return state.evolve(
            taken_out=taken_out,
            pot=pot,
            hand=None,
            results=(*state.results, result),
            phase=Phase.PAY,
        )

    # UNDO -------------------------------------------------------------------------------
    def _undo(self, state: State, action: Undo, events: Events) -> State:
        """Take back the last entry: a round's winner, a play or fold, the trump, or the
        start of the hand (its payments are refunded)."""
        hand = _hand(state)
        playing = sum(hand.decisions)
        if hand.round_winners and playing >= 2:
            seat = hand.round_winners[-1]
            rounds = hand.round_winners
            events.append(Undone(RoundWon(seat, len(rounds), rounds.count(seat))))
            return state.evolve(hand=hand.with_(round_winners=rounds[:-1]), phase=Phase.ROUNDS)
        if hand.decisions:
            seat = state.decision_order()[len(hand.decisions) - 1]
            events.append(Undone(Played(seat) if hand.decisions[-1] else Folded(seat)))
            hand = hand.with_(decisions=hand.decisions[:-1], round_winners=())
            return state.evolve(hand=hand, phase=Phase.DECIDE, awaiting=seat)
        if hand.trump is not None:
            events.append(Undone(TrumpNoted(hand.trump)))
            return state.evolve(hand=hand.with_(trump=None), phase=Phase.TRUMP, awaiting=None)
        events.append(Undone(HandStarted(hand.number, hand.dealer)))
        paid_in = tuple(p - d for p, d in zip(state.paid_in, hand.paid, strict=True))
        return state.evolve(
            paid_in=paid_in, pot=state.pot - sum(hand.paid), hand=None, phase=Phase.PAY
        )

    # --- description -----------------------------------------------------------------------
    def summary(self, state: State, names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON-ready: balances, the pot, the dealer, who owes what, this hand, every
        hand's result."""
        names = tuple(names) if names is not None else state.names
        plays, rounds, owed = state.plays(), state.rounds_won(), state.bamboozals
        in_hand = state.hand is not None
        winner = self.winner(state)
        return {
            "game": self.name,
            "settings": state.settings.to_json(),
            "players": [
                {
                    "seat": i,
                    "name": names[i],
                    "balance": state.balances[i],
                    "paid": state.paid_in[i],
                    "taken": state.taken_out[i],
                    "owes": state.dues[i] if state.phase is Phase.PAY else None,
                    "bamboozal": owed[i] or None,
                    "plays": None if plays[i] is None else ("plays" if plays[i] else "folds"),
                    "rounds": rounds[i] if in_hand else None,
                    "dealer": i == state.dealer and state.phase is not Phase.OVER,
                }
                for i in range(state.players)
            ],
            "hand": state.hand_number if state.phase is not Phase.OVER else None,
            "hands_played": len(state.results),
            "dealer": names[state.dealer] if state.phase is not Phase.OVER else None,
            "pot": state.pot,
            "trump": state.hand.trump.label if state.hand and state.hand.trump else None,
            "phase": state.phase.value,
            "awaiting": names[state.awaiting] if state.awaiting is not None else None,
            "prompt": prompt(state, names),
            "results": [_result_json(r, names) for r in state.results],
            "history": [describe_result(r, names) for r in state.results],
            "winner": names[winner] if winner is not None else None,
        }


def hand_result(state: State) -> HandResult:
    """The result the current hand settles to (in SETTLE: what ``Settle()`` will do).

    >>> rules = BamBoozal()
    >>> state = rules.new_game(["Ann", "Bob", "Cat"])
    >>> for a in [StartHand(), NoteTrump(Suit.CLUBS), Play(), Play(), Play()]:
    ...     state, _ = rules.apply(state, a)
    >>> for seat in (0, 0, 1, 1):
    ...     state, _ = rules.apply(state, WinRound(seat))
    >>> r = hand_result(state)
    >>> r.winner, r.tied, r.bamboozaled, r.pot
    (None, (0, 1), (2,), 150)
    """
    hand = _hand(state)
    plays = tuple(bool(p) for p in state.plays())
    rounds = state.rounds_won()
    playing = [s for s in range(state.players) if plays[s]]
    winner = None
    if playing:
        top = max(rounds[s] for s in playing)
        leaders = [s for s in playing if rounds[s] == top]
        winner = leaders[0] if len(leaders) == 1 else None
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        trump=hand.trump,
        paid=hand.paid,
        pot=hand.pot,
        plays=plays,
        rounds=rounds,
        winner=winner,
        bamboozaled=tuple(s for s in playing if rounds[s] == 0),
    )


def describe_result(result: HandResult, names: Sequence[str]) -> str:
    """One line per hand: "Hand 2 (Cat deals): Ann takes 350; Bob bamboozaled (owes 350)"."""
    head = f"Hand {result.number} ({names[result.dealer]} deals): "
    if result.winner is not None:
        text = f"{names[result.winner]} takes {result.pot}"
    elif result.tied:
        text = f"split, {result.pot} stays"
    else:
        text = f"nobody played, {result.pot} stays"
    for seat in result.bamboozaled:
        text += f"; {names[seat]} bamboozaled (owes {result.pot})"
    return head + text


def _result_json(result: HandResult, names: Sequence[str]) -> dict[str, Any]:
    return {
        "hand": result.number,
        "dealer": names[result.dealer],
        "trump": result.trump.value if result.trump else None,
        "pot": result.pot,
        "paid": {names[s]: p for s, p in enumerate(result.paid)},
        "rounds": {names[s]: r for s, r in enumerate(result.rounds) if result.plays[s]},
        "folded": [names[s] for s, p in enumerate(result.plays) if not p],
        "winner": names[result.winner] if result.winner is not None else None,
        "bamboozaled": [names[s] for s in result.bamboozaled],
    }


def _suit_list() -> str:
    return ", ".join(s.value for s in SUITS)


def prompt(state: State, names: Sequence[str] | None = None) -> str:
    """What the game waits for, as a sentence: "Bob: play or fold?"."""
    names = tuple(names) if names is not None else state.names
    phase = state.phase
    if phase is Phase.PAY:
        dues = ", ".join(f"{names[s]} {state.dues[s]}" for s in state.decision_order())
        return f"Hand {state.hand_number}: pay in ({dues}), then {names[state.dealer]} deals"
    if phase is Phase.TRUMP:
        return f"{names[state.dealer]}: turn a card for trumps"
    if phase is Phase.DECIDE:
        assert state.awaiting is not None
        return f"{names[state.awaiting]}: play or fold?"
    if phase is Phase.ROUNDS:
        return f"Who won round {len(_hand(state).round_winners) + 1}?"
    if phase is Phase.SETTLE:
        return f"Hand {state.hand_number} is complete: settle it, or undo the last entry"
    return f"The players stopped after {len(state.results)} hand(s)"


_ACTION_WORDS: dict[type, str] = {
    StartHand: "Starting a hand",
    Stop: "Stopping",
    NoteTrump: "Noting the trump suit",
    Play: "Playing",
    Fold: "Folding",
    WinRound: "Entering a round's winner",
    Settle: "Settling the hand",
    Undo: "Undoing",
}

_HANDLERS: dict[Phase, dict[type, Handler]] = {
    Phase.PAY: {StartHand: BamBoozal._start_hand, Stop: BamBoozal._stop},
    Phase.TRUMP: {NoteTrump: BamBoozal._note_trump, Undo: BamBoozal._undo},
    Phase.DECIDE: {Play: BamBoozal._decide, Fold: BamBoozal._decide, Undo: BamBoozal._undo},
    Phase.ROUNDS: {WinRound: BamBoozal._win_round, Undo: BamBoozal._undo},
    Phase.SETTLE: {Settle: BamBoozal._settle, Undo: BamBoozal._undo},
    Phase.OVER: {},
}
