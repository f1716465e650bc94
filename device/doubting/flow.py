"""The box's state machine for one game of Doubting Dice: presses and camera looks in,
engine actions applied and logged, a view out (a :class:`device.core.flow.GameFlow`).

The rules live in :mod:`games.doubting`; this only turns buttons into actions,
asks the camera to count the tray, logs each action (fsynced) *before* the screen
changes, and describes what happened. No threads, no sleeps.

The flow (UI modes over the engine's phase):

* :class:`RoundStart` "Everyone roll": the round, the dice in play, who opens, and a
  palifico round marked (ones not wild, face fixed). OK goes on to the opening bid. With
  *announce total* (engine phase ROUND_DICE) OK first reads every die (cups lifted for
  the camera) and the box announces their sum.
* :class:`Bidding`: UP/DOWN change the quantity (wrapping from the top to the lowest
  legal one and back), ACCEPT/CHALLENGE the face down/up (only faces legal at that
  quantity; fixed in palifico), CARD jumps the quantity by 5; only legal bids are ever
  shown. OK bids; BACK returns to the answer screen. The header shows the coach odds
  (the chance the bid is true given the dice in play; the box cannot see anyone's dice).
* :class:`Answering`: the next player sees the bid and the bidder; ACCEPT raises (opens
  the bid entry at the lowest raise), CHALLENGE challenges, CARD calls exact.
* The reveal: "pour your dice in the tray", then the one reading flow of
  :class:`device.core.flow.GameFlow`: any number of dice other than the dice in play asks
  to spread them and read again; by hand, the count of the bid's face (or the total) is
  entered and confirmed by two players (bidder and caller). When the dice in play exceed
  what the tray holds (``tray_capacity``), the players pour in turn (seat groups that fit)
  and each batch is read the same way; the counts are summed.
* :class:`Ruled` shows the reveal ("4s: 5 + 2 ones = 7"), who loses or gains dice, outs
  and strikes, and the dice strip; OK goes to the next round or the winner (:class:`Over`).
* MENU (hold CARD) or DOWN on the answer screen show every player's dice.

The mode after a restart is derived from the engine state alone (:meth:`DoubtingFlow.mode_for`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from device.core.flow import (
    MAX_ATTEMPTS,
    ConfirmByHand,
    EnterByHand,
    GameFlow,
    Over,
    Players,
    PressHandler,
    Reading,
    Ruled,
    ViewHandler,
)
from device.core.ports import status_word
from device.core.roles import Role
from device.doubting import screens as ds
from device.doubting.rulings import ruling
from device.ui.views import MessageView, NumberView, ReadView
from games.common import next_seat
from games.doubting.actions import Action, Bid, Challenge, Exact, RoundDice
from games.doubting.bids import adjust_bid, legal_faces, max_bid, min_raise
from games.doubting.odds import bid_odds
from games.doubting.rules import DoubtingDice, dice_for_total, reveal_for
from games.doubting.state import DoubtingState, Phase

QUICK_STEP = 5  # CARD on the bid entry: quantity + 5
_BY_HAND = "m:count by hand"


class ReadKind(enum.StrEnum):
    """What the tray is read for: a challenge, an exact call, or the round's total."""

    CHALLENGE = "challenge"
    EXACT = "exact"
    ROUND = "round"


# --- UI modes ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundStart:
    pass


@dataclass(frozen=True)
class Bidding:
    bid: Bid


@dataclass(frozen=True)
class Answering:
    pass


# --- the flow ----------------------------------------------------------------------------


class DoubtingFlow(GameFlow):
    """One game of Doubting Dice on the box (see the module docstring for the flow)."""

    rules_factory = DoubtingDice
    state: DoubtingState
    _counted = False  # the last reading was a count entered by hand

    def press_handlers(self) -> Mapping[type, PressHandler]:
        return {RoundStart: self._press_roundstart, Bidding: self._press_bidding,
                Answering: self._press_answering}

    def view_handlers(self) -> Mapping[type, ViewHandler]:
        return {RoundStart: self._round_start_view, Bidding: self._bidding_view,
                Answering: self._answering_view,
                Ruled: lambda mode: replace(mode.view, strip=self.strip())}

    # --- small queries ---------------------------------------------------------------------
    def mode_for(self, state: DoubtingState) -> Any:
        """The screen the engine state is waiting on."""
        if state.phase is Phase.GAME_OVER:
            return Over()
        if state.phase is Phase.ANSWER:
            return Answering()
        if state.phase is Phase.OPENING and state.announced_total is not None:
            return Bidding(self.opening_bid(state))
        return RoundStart()

    @staticmethod
    def opening_bid(state: DoubtingState) -> Bid:
        """Where the opening bid's entry starts: about a third of the dice in play (a
        sixth in palifico), face 2, so a usual opening is a few presses away."""
        low = min_raise(state)
        assert low is not None
        guess = state.dice_in_play // (6 if state.palifico else 3)
        return adjust_bid(state, low, quantity=max(0, guess - low.quantity))

    # --- the reading: batches when the tray is too small ----------------------------------------
    def pour_groups(self) -> tuple[tuple[int, ...], ...]:
        """The seats that pour together, in turn: one group when every die fits the tray,
        else consecutive seats whose dice fit (a seat's dice are never split)."""
        groups: list[list[int]] = []
        held = 0
        for seat, n in enumerate(self.state.dice):
            if not n:
                continue
            if not groups or held + n > self.tray_capacity:
                groups.append([])
                held = 0
            groups[-1].append(seat)
            held += n
        if sum(self.state.dice) <= self.tray_capacity:
            return (tuple(s for g in groups for s in g),)
        return tuple(tuple(g) for g in groups)

    def batch_sizes(self, kind: ReadKind) -> tuple[int, ...]:
        return tuple(sum(self.state.dice[s] for s in g) for g in self.pour_groups())

    def check_reading(self, mode: Reading, values: tuple[Any, ...]) -> str | None:
        expected = self.batch_sizes(mode.kind)[mode.batch]
        if len(values) != expected:
            return f"I see {len(values)} dice, expected {expected}: spread them"
        return None

    def rule(self, kind: ReadKind, values: tuple[Any, ...], meta: dict[str, Any]) -> None:
        """Every die is known (camera, or counts confirmed by two players): rule."""
        dice = tuple(int(v) for v in values)
        self._counted = meta.get("read") == "manual"  # the ruling shows the count entered
        action: Action
        if kind is ReadKind.ROUND:
            action = RoundDice(dice)
        elif kind is ReadKind.EXACT:
            action = Exact(dice)
        else:
            action = Challenge(dice)
        self.apply(action, meta)

    def confirmers(self, kind: ReadKind) -> tuple[int, int]:
        s = self.state
        if kind is ReadKind.ROUND:
            return s.starter, next_seat(s.out, s.starter)
        assert s.bidder is not None and s.awaiting is not None
        return s.bidder, s.awaiting

    def _count_range(self, kind: ReadKind, batch: int) -> tuple[int, int]:
        n = self.batch_sizes(kind)[batch]
        return (n, 6 * n) if kind is ReadKind.ROUND else (0, n)

    def hand_start(self, kind: ReadKind, batch: int) -> int:
        n = self.batch_sizes(kind)[batch]
        if kind is ReadKind.ROUND:
            return round(3.5 * n)
        assert self.state.bid is not None
        return min(n, self.state.bid.quantity)

    def hand_step(self, mode: EnterByHand, step: int) -> int:
        lo, hi = self._count_range(mode.kind, mode.batch)
        return int(lo + (mode.value + step - lo) % (hi - lo + 1))

    def hand_values(self, kind: ReadKind, value: int, batch: int) -> tuple[int, ...]:
        n = self.batch_sizes(kind)[batch]
        if kind is ReadKind.ROUND:
            return dice_for_total(n, value)
        assert self.state.bid is not None
        return reveal_for(n, self.state.bid.face, value)

    def hand_meta(self, kind: ReadKind, value: int) -> dict[str, Any]:
        return {"total": value} if kind is ReadKind.ROUND else {"count": value}

    # --- per mode ---------------------------------------------------------------------------
    def _press_roundstart(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        if self.state.phase is Phase.ROUND_DICE:
            self.start_reading(ReadKind.ROUND)
        else:
            self.mode = Bidding(self.opening_bid(self.state))
        return True

    def _press_bidding(self, role: Role) -> bool:
        mode: Bidding = self.mode
        s = self.state
        low, high = min_raise(s), max_bid(s)
        assert low is not None and high is not None
        bid = mode.bid
        if role is Role.UP:
            if bid.quantity >= high.quantity:
                bid = adjust_bid(s, Bid(low.quantity, bid.face))
            else:
                bid = adjust_bid(s, bid, quantity=1)
        elif role is Role.DOWN:
            if bid.quantity <= low.quantity:
                bid = adjust_bid(s, Bid(high.quantity, bid.face))
            else:
                bid = adjust_bid(s, bid, quantity=-1)
        elif role is Role.CARD:
            step = QUICK_STEP if bid.quantity < high.quantity else low.quantity - bid.quantity
            bid = adjust_bid(s, bid, quantity=step)
        elif role in (Role.ACCEPT, Role.CHALLENGE):
            if len(legal_faces(s, bid.quantity)) < 2:
                self.flash = "palifico: face fixed" if s.palifico else "only face at this qty"
                return True
            bid = adjust_bid(s, bid, face=-1 if role is Role.ACCEPT else 1)
        elif role is Role.OK:
            self.apply(bid)
            return True
        elif role is Role.BACK and s.phase is Phase.ANSWER:
            self.mode = Answering()
            return True
        else:
            return False
        self.mode = Bidding(bid)
        return True

    def _press_answering(self, role: Role) -> bool:
        if role is Role.ACCEPT:
            low = min_raise(self.state)
            if low is None:
                self.flash = "top bid: c:chal p:exact"
            else:
                self.mode = Bidding(low)
        elif role is Role.CHALLENGE:
            self.start_reading(ReadKind.CHALLENGE)
        elif role is Role.CARD:
            self.start_reading(ReadKind.EXACT)
        elif role is Role.DOWN:
            self.mode = Players(self.mode)
        else:
            return False
        return True

    # --- doing things ----------------------------------------------------------------------
    def refused_back(self, problem: str) -> Any:
        if isinstance(self.mode, Reading):  # e.g. a miscount: read again, never rule
            return replace(self.mode, problem=problem)
        return self.mode

    def mode_after(self, action: Action) -> Any:
        if isinstance(action, Bid):
            return self.mode_for(self.state)
        return Ruled(ruling(self.last_events, self.state, counted=self._counted))

    # --- views ------------------------------------------------------------------------------
    def strip(self) -> ds.DiceStrip:
        """Every seat's dice (names spelled as every game's headlines and strips: ``who``)."""
        s = self.state
        return ds.DiceStrip(tuple(
            ds.DiceSeat(self.who(i), s.dice[i], s.strikes[i], s.out[i], i == s.awaiting)
            for i in range(len(s.names))), s.settings.lives, s.settings.strike_limit)

    def players_view(self) -> ds.DiceTableView:
        s = self.state
        return ds.DiceTableView(f"Round {s.round}: {s.dice_in_play} dice", self.strip().seats,
                                s.settings.lives, s.settings.strike_limit)

    def winner_lines(self) -> tuple[str, ...]:
        return (f"after {self.state.round} rounds",)

    def _odds(self, bid: Bid) -> str:
        s = self.state
        return f"{bid_odds(bid.quantity, bid.face, s.dice_in_play, (), s.palifico):.0%}"

    _PALIFICO = "PALIFICO: ones not wild, face fixed"

    def _round_start_view(self, mode: RoundStart) -> ds.RoundStartView:
        s = self.state
        lines = ("then OK to read all dice",) if s.phase is Phase.ROUND_DICE else ()
        hint = "o:read dice" if s.phase is Phase.ROUND_DICE else "o:bid m:table"
        return ds.RoundStartView(s.round, s.dice_in_play, self.who(s.starter), lines,
                                 self._PALIFICO if s.palifico else "", hint, self.strip())

    def _bidding_view(self, mode: Bidding) -> ds.BidView:
        s = self.state
        bid = mode.bid
        caption = "opening bid" if s.bid is None else f"beat {s.bid.quantity} x {s.bid.face}"
        if s.announced_total is not None:
            caption += f", total {s.announced_total}"
        if s.palifico:
            caption = "PALIFICO " + caption
        faces = len(legal_faces(s, bid.quantity)) > 1  # else a/c are refused: not offered
        hint = "w/s:qty a/c:face o:ok" if faces else "w/s:qty o:ok"
        return ds.BidView(f"{self.who(s.awaiting)} bids", bid.quantity, bid.face, caption,
                          self._odds(bid), hint=hint, strip=self.strip())

    def _answering_view(self, mode: Answering) -> ds.BidView:
        s = self.state
        assert s.bid is not None
        top = min_raise(s) is None
        hint = "c:chal p:exact" if top else "a:bid c:chal p:exact"
        caption = f"{self.who(s.bidder)} bid" + (", PALIFICO" if s.palifico else "")
        return ds.BidView(f"{self.who(s.awaiting)} answers", s.bid.quantity, s.bid.face,
                          caption, self._odds(s.bid), False, hint, self.strip())

    def hand_view(self, mode: EnterByHand) -> NumberView:
        s = self.state
        lo, hi = self._count_range(mode.kind, mode.batch)
        if mode.kind is ReadKind.ROUND:
            title, caption = "Total of all dice", f"{lo}-{hi}"
        else:
            assert s.bid is not None
            ones = "" if s.palifico else " + ones"
            title, caption = f"How many {s.bid.face}s{ones}?", f"of {hi} dice"
        return NumberView(title, str(mode.value), caption, "w/s:count o:ok b:read")

    def confirm_view(self, mode: ConfirmByHand, who: str) -> MessageView:
        s = self.state
        if mode.kind is ReadKind.ROUND:
            what = f"The dice add up to {mode.value}?"
        else:
            assert s.bid is not None
            what = f"{mode.value} dice count as {s.bid.face}s?"
        return MessageView(f"{who}: confirm", (what, mode.why), "o:yes c:no", f"{mode.step}/2")

    def reading_view(self, mode: Reading) -> ReadView:
        if mode.problem is not None:
            left = MAX_ATTEMPTS - mode.attempt
            return ReadView("Read again", "", (mode.problem, "Hands away, then OK."),
                            mode.attempt, f"o:read m:by hand ({left})", gap=1)
        status = status_word(mode.status)
        s = self.state
        groups = self.pour_groups()
        n = self.batch_sizes(mode.kind)[mode.batch]
        pour = (f"All {n} dice in the tray!" if len(groups) == 1 else
                f"{', '.join(self.who(x) for x in groups[mode.batch])}: {n} dice in!")
        title = "Pour the dice" if len(groups) == 1 else (
            f"Pour {mode.batch + 1}/{len(groups)}")
        if mode.kind is ReadKind.ROUND:
            lift = f"Lift all cups for the camera: {n} dice."
            return ReadView("Show all dice" if len(groups) == 1 else title, status,
                            (lift,) if len(groups) == 1 else (lift, pour), mode.attempt,
                            _BY_HAND, gap=1)
        what = "challenges" if mode.kind is ReadKind.CHALLENGE else "calls exact:"
        assert s.bid is not None
        return ReadView(title, status, (
            f"{self.who(s.awaiting)} {what} {s.bid.quantity} x {s.bid.face}", pour),
            mode.attempt, _BY_HAND, gap=1)


__all__ = ["Answering", "Bidding", "DoubtingFlow", "QUICK_STEP", "ReadKind", "RoundStart"]
