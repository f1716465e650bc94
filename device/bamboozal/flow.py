"""The box's flow for the BamBoozal pot: presses in, engine actions applied and logged, a
view out. The cards are played at the table; the box is the bank and the scorekeeper, so it
never needs the camera.

The rules live in :mod:`games.bamboozal`; this only turns buttons into actions. The modes
follow the engine's phase (:meth:`BamboozalFlow.mode_for`, also after a restart):

* :class:`Paying` (PAY): the hand's payments, one row per player (a bamboozal marked BZ),
  the dealer and the pot they make. OK: paid, the dealer deals (``StartHand``). BACK (hold
  OK) asks :class:`ConfirmStop` "End the game?": OK stops (``Stop``), any other key plays on.
* :class:`Trumps` (TRUMP): UP/DOWN over the four suits, OK notes the dealer's turned card.
* :class:`Deciding` (DECIDE): "Bob: play or fold?": ACCEPT plays, CHALLENGE folds (or
  UP/DOWN and OK).
* :class:`Rounds` (ROUNDS): "Round 2/4: who won?": UP/DOWN over the players who play, each
  with the rounds won so far; OK enters the winner.
* :class:`Settling` (SETTLE): the hand's result (winner takes N, or the split pot stays;
  who is bamboozaled and what they pay next hand). OK settles (``Settle``).
* BACK in Trumps, Deciding, Rounds and Settling undoes the last entry (``Undo``, logged):
  the screen goes back to that entry with the cursor on what was undone.
* MENU (hold CARD): every player's balance, the pot and the dealer; any key returns.
* :class:`device.core.flow.Over` (the players stopped): the final balances; OK: new game.

The trump suit's symbol stays in the header of every screen of the hand, as a reminder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from device.bamboozal.screens import LedgerRow, LedgerView, PickView
from device.core.flow import GameFlow, Over
from device.core.roles import Role
from device.ui.views import MessageView
from games.bamboozal import (
    SUITS,
    BamBoozal,
    Fold,
    NoteTrump,
    Phase,
    Play,
    Settle,
    StartHand,
    State,
    Stop,
    Suit,
    Undo,
    WinRound,
    hand_result,
)
from games.bamboozal import events as ev

# --- UI modes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paying:
    pass


@dataclass(frozen=True)
class ConfirmStop:
    pass


@dataclass(frozen=True)
class Trumps:
    cursor: int = 0  # into SUITS


@dataclass(frozen=True)
class Deciding:
    cursor: int = 0  # 0 play, 1 fold


@dataclass(frozen=True)
class Rounds:
    cursor: int = 0  # into the seats that play, in seat order


@dataclass(frozen=True)
class Settling:
    pass


_MODES: dict[Phase, Callable[[], Any]] = {
    Phase.PAY: Paying,
    Phase.TRUMP: Trumps,
    Phase.DECIDE: Deciding,
    Phase.ROUNDS: Rounds,
    Phase.SETTLE: Settling,
    Phase.OVER: Over,
}

UNDO_HINT = "b:undo"


def signed(amount: int) -> str:
    """A balance as the screens show it: "+100", "-50", "0".

    >>> signed(100), signed(-50), signed(0)
    ('+100', '-50', '0')
    """
    return f"{amount:+d}" if amount else "0"


class BamboozalFlow(GameFlow):
    """The BamBoozal pot on the box (see the module docstring)."""

    rules_factory = BamBoozal
    hint_mark = "\u2717 "
    no_menu = (ConfirmStop,)

    state: State

    # --- modes ---------------------------------------------------------------------------------
    def mode_for(self, state: State) -> Any:
        return _MODES[state.phase]()

    def press_handlers(self) -> Mapping[type, Callable[[Role], bool]]:
        return {
            Paying: self._press_paying,
            ConfirmStop: self._press_confirm_stop,
            Trumps: self._press_trumps,
            Deciding: self._press_deciding,
            Rounds: self._press_rounds,
            Settling: self._press_settling,
        }

    def view_handlers(self) -> Mapping[type, Callable[[Any], Any]]:
        return {
            Paying: self._paying_view,
            ConfirmStop: self._confirm_stop_view,
            Trumps: self._trumps_view,
            Deciding: self._deciding_view,
            Rounds: self._rounds_view,
            Settling: self._settling_view,
            Over: self._over_view,
        }

    def mode_after(self, action: Any) -> Any:
        """The phase's screen; after an undo, with the cursor on what was undone."""
        mode = self.mode_for(self.state)
        if not isinstance(action, Undo):
            return mode
        self.flash = "undone"
        undone = next((e.entry for e in self.last_events if isinstance(e, ev.Undone)), None)
        if isinstance(undone, ev.RoundWon):
            return Rounds(self._playing().index(undone.seat))
        if isinstance(undone, ev.TrumpNoted):
            return Trumps(SUITS.index(undone.suit))
        if isinstance(undone, ev.Folded):
            return Deciding(1)
        return mode

    # --- presses --------------------------------------------------------------------------------
    def _press_paying(self, role: Role) -> bool:
        if role is Role.OK:
            return self.apply(StartHand())
        if role is Role.BACK:
            self.mode = ConfirmStop()
            return True
        return False

    def _press_confirm_stop(self, role: Role) -> bool:
        if role is Role.OK:
            return self.apply(Stop())
        self.mode = Paying()
        return True

    def _press_trumps(self, role: Role) -> bool:
        mode: Trumps = self.mode
        if role in (Role.UP, Role.DOWN):
            step = -1 if role is Role.UP else 1
            self.mode = Trumps((mode.cursor + step) % len(SUITS))
            return True
        if role is Role.OK:
            return self.apply(NoteTrump(SUITS[mode.cursor]))
        return self._undo(role)

    def _press_deciding(self, role: Role) -> bool:
        mode: Deciding = self.mode
        if role is Role.ACCEPT:
            return self.apply(Play())
        if role is Role.CHALLENGE:
            return self.apply(Fold())
        if role in (Role.UP, Role.DOWN):
            self.mode = Deciding(1 - mode.cursor)
            return True
        if role is Role.OK:
            return self.apply(Fold() if mode.cursor else Play())
        return self._undo(role)

    def _press_rounds(self, role: Role) -> bool:
        mode: Rounds = self.mode
        playing = self._playing()
        if role in (Role.UP, Role.DOWN):
            step = -1 if role is Role.UP else 1
            self.mode = Rounds((mode.cursor + step) % len(playing))
            return True
        if role is Role.OK:
            return self.apply(WinRound(playing[mode.cursor]))
        return self._undo(role)

    def _press_settling(self, role: Role) -> bool:
        if role is Role.OK:
            return self.apply(Settle())
        return self._undo(role)

    def _undo(self, role: Role) -> bool:
        """BACK takes back the hand's last entry; any other key does nothing."""
        return role is Role.BACK and self.apply(Undo())

    # --- queries ---------------------------------------------------------------------------------
    def _playing(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.state.plays()) if p)

    @property
    def _trump(self) -> Suit | None:
        hand = self.state.hand
        return hand.trump if hand is not None else None

    def _name(self, seat: int) -> str:
        return self.state.names[seat]

    # --- views ------------------------------------------------------------------------------------
    def _paying_view(self, mode: Paying) -> LedgerView:
        s = self.state
        rows = tuple(LedgerRow(name, str(due), "BZ" if owed else "")
                     for name, due, owed in zip(s.names, s.dues, s.bamboozals, strict=True))
        return LedgerView(
            f"Hand {s.hand_number}: pay in", rows, right=f"pot {s.pot}",
            note=f"{self._name(s.dealer)} deals, pot {s.pot + sum(s.dues)}",
            hint="o:paid b:end m:bal")

    def _confirm_stop_view(self, mode: ConfirmStop) -> MessageView:
        pot = self.state.pot
        left = (f"{pot} stays in the pot.",) if pot else ()
        return MessageView("End the game?", (
            "The balances now are the final result.", *left), "o:end, other: play on")

    def _trumps_view(self, mode: Trumps) -> PickView:
        s = self.state
        return PickView(f"Hand {s.hand_number}: trumps?", tuple(x.label for x in SUITS),
                        mode.cursor, SUITS[mode.cursor], hint="w/s o:trumps " + UNDO_HINT)

    def _deciding_view(self, mode: Deciding) -> PickView:
        s = self.state
        assert s.awaiting is not None
        return PickView(f"{self._name(s.awaiting)}: play or fold?", ("Play", "Fold"),
                        mode.cursor, self._trump, caption=f"Hand {s.hand_number}, pot {s.pot}",
                        hint="a:play c:fold " + UNDO_HINT)

    def _rounds_view(self, mode: Rounds) -> PickView:
        s = self.state
        won = s.rounds_won()
        done = len(s.hand.round_winners) if s.hand else 0
        items = tuple(f"{self._name(seat)}  {won[seat]}" for seat in self._playing())
        return PickView(f"Round {done + 1}/{s.settings.rounds_per_hand}: who won?", items,
                        mode.cursor, self._trump, caption=f"pot {s.pot}",
                        hint="w/s o:won " + UNDO_HINT)

    def _settling_view(self, mode: Settling) -> MessageView:
        return MessageView(f"Hand {self.state.hand_number} result", self.result_lines(),
                           "o:settle " + UNDO_HINT, right=f"pot {self.state.pot}")

    def result_lines(self) -> tuple[str, ...]:
        """What settling the hand will do, for the result screen."""
        r = hand_result(self.state)
        if r.winner is not None:
            lines = [f"{self._name(r.winner).upper()} takes {r.pot}!"]
        elif r.tied:
            tied = ", ".join(self._name(s) for s in r.tied)
            lines = [f"Split pot: {tied} tie. The {r.pot} stays."]
        else:
            lines = [f"Everybody folded: the {r.pot} stays."]
        lines += [f"{self._name(s)} BamBoozaled: pays {r.pot} next hand." for s in r.bamboozaled]
        rounds = ", ".join(f"{self._name(s)} {n}" for s, n in enumerate(r.rounds) if r.plays[s])
        if rounds:
            lines.append(f"Rounds: {rounds}")
        return tuple(lines)

    def _balance_rows(self, dealer: bool) -> tuple[LedgerRow, ...]:
        s = self.state
        return tuple(LedgerRow(name, signed(b), "D" if dealer and i == s.dealer else "")
                     for i, (name, b) in enumerate(zip(s.names, s.balances, strict=True)))

    def players_view(self) -> LedgerView:
        s = self.state
        return LedgerView("Balances", self._balance_rows(dealer=True), right=f"pot {s.pot}",
                          note=f"hand {s.hand_number}, D: dealer", hint="any key: back")

    def _over_view(self, mode: Over) -> LedgerView:
        s = self.state
        pot = f"pot left {s.pot}" if s.pot else "the pot is empty"
        hands = len(s.results)
        return LedgerView("Final balances", self._balance_rows(dealer=False),
                          right=f"{hands} hand{'s' if hands != 1 else ''}", note=pot,
                          hint="o:new game")


__all__ = ["BamboozalFlow", "ConfirmStop", "Deciding", "Paying", "Rounds", "Settling", "Trumps"]
