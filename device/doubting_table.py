"""The box's state machine for one game of Doubting Dice: presses and camera looks in,
engine actions applied and logged, a view out (the same shape as :class:`device.table.Table`,
so the box hosts either game).

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
* :class:`Reading` the reveal: "pour your dice in the tray"; the camera counts until the
  watcher settles. Any number of dice other than the dice in play, or a die it cannot
  read, asks to spread them and read again (OK): the box never rules on a guess. After
  :data:`MAX_ATTEMPTS` failures, or MENU/CARD at any time, the count of the bid's face is
  entered by hand (:class:`EnterCount`) and confirmed by two players (bidder and caller,
  :class:`ConfirmCount`). The frame behind every reveal is saved; its path, how the dice
  were read and how many looks it took go into the action's log ``meta``.
* :class:`Ruled` shows the reveal ("4s: 5 + 2 ones = 7"), who loses or gains dice, outs
  and strikes, and the dice strip; OK goes to the next round or the winner (:class:`Over`).
* MENU (hold CARD) or DOWN on the answer screen show every player's dice.

The mode after a restart is derived from the engine state alone (:meth:`DoubtingTable.mode_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from device import doubting_screens as ds
from device.bamboozled_screens import WinnerView
from device.buttons import Role
from device.screens import MessageView, NumberView
from device.table_base import (
    MAX_ATTEMPTS,
    Notice,
    Over,
    Reading,
    Recorder,
    SavePhoto,
    TableBase,
)
from games.common import Event, next_seat
from games.doubting.actions import Action, Bid, Challenge, Exact, RoundDice
from games.doubting.bids import adjust_bid, legal_faces, max_bid, min_raise
from games.doubting.events import (
    CallMade,
    DiceGained,
    DiceLost,
    GameWon,
    PalificoRound,
    PlayerOut,
    RevealCounted,
    RoundStarted,
    StrikeTaken,
    TotalAnnounced,
)
from games.doubting.odds import bid_odds
from games.doubting.rules import DoubtingDice, dice_for_total, reveal_for
from games.doubting.rules import prompt as dd_prompt
from games.doubting.state import DoubtingState, Phase

QUICK_STEP = 5  # CARD on the bid entry: quantity + 5


class DoubtingHooks:
    """What the simulator (or a test) wants to know; the real box ignores it all."""

    def round(self, table: DoubtingTable) -> None:
        """A round's "Everyone roll" is on screen (the simulated cups roll, once a round)."""

    def lift(self, table: DoubtingTable, kind: str, attempt: int) -> None:
        """The dice are being shown to the camera (``kind``: challenge, exact or round)."""

    def applied(self, table: DoubtingTable, action: Action, events: Sequence[Event]) -> None:
        """An action was applied and logged."""


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


@dataclass(frozen=True)
class EnterCount:
    """By hand: the count of the bid's face (ones included when wild), or the total."""

    kind: str
    value: int
    why: str = ""
    frame: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class ConfirmCount:
    kind: str
    value: int
    step: int = 1
    why: str = ""
    frame: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class Ruled:
    view: ds.RevealView


@dataclass(frozen=True)
class Players:
    back: Any


# --- the eye adapter ---------------------------------------------------------------------


def tray_eye(eye: Any) -> Any:
    """The eye to count a whole tray with: the box's two-dice :class:`CameraEye` becomes a
    :class:`device.doubting_eye.TrayEye` on the same camera; any other eye (the
    simulator's cup, a test's) already reports every die it sees."""
    from device.dice_eye import CameraEye
    from device.doubting_eye import TrayEye

    if isinstance(eye, CameraEye) and not isinstance(eye, TrayEye):
        return TrayEye(eye.source, eye.reader)
    return eye


# --- the table ---------------------------------------------------------------------------


class DoubtingTable(TableBase):
    """One game of Doubting Dice on the box (see the module docstring for the flow)."""

    players_mode = Players
    no_menu = (Reading, EnterCount, ConfirmCount, Players, Notice)

    def __init__(self, state: DoubtingState, log: Recorder, eye: Any, *,
                 save_photo: SavePhoto | None = None, hooks: Any = None,
                 rules: DoubtingDice | None = None, actions: int = 0,
                 last_events: Sequence[Event] = ()) -> None:
        super().__init__(state, log, tray_eye(eye), save_photo=save_photo,
                         hooks=hooks if hooks is not None else DoubtingHooks(),
                         rules=rules or DoubtingDice(), actions=actions,
                         last_events=last_events)

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

    # --- input ------------------------------------------------------------------------------
    def _settled(self, mode: Reading, look: Any) -> None:
        problem = look.problem
        values = tuple(look.values) if look.values is not None else None
        expected = self.state.dice_in_play
        if problem is None and values is not None and len(values) != expected:
            problem = f"I see {len(values)} dice, expected {expected}: spread them"
        if problem is None and values is not None:
            meta = {"read": "camera", "seen": len(values), "looks": mode.attempt}
            self._read(mode.kind, values, look.frame, meta)
            return
        problem = problem or "no dice seen"
        if mode.attempt >= MAX_ATTEMPTS or look.state == "error":
            self.mode = EnterCount(mode.kind, self._count_start(mode.kind), problem, look.frame)
            return
        self.mode = replace(mode, problem=problem, status="", frame=look.frame)

    # --- per mode ---------------------------------------------------------------------------
    def _press_roundstart(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        if self.state.phase is Phase.ROUND_DICE:
            self._start_reading("round")
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
            self._apply(bid)
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
            self._start_reading("challenge")
        elif role is Role.CARD:
            self._start_reading("exact")
        elif role is Role.DOWN:
            self.mode = Players(self.mode)
        else:
            return False
        return True

    def _start_reading(self, kind: str, attempt: int = 1) -> None:
        self.mode = Reading(kind, attempt, status="looking")
        self.hooks.lift(self, kind, attempt)
        self.eye.start()

    def _press_reading(self, role: Role) -> bool:
        mode: Reading = self.mode
        if role in (Role.MENU, Role.CARD):
            self.mode = EnterCount(mode.kind, self._count_start(mode.kind), "by hand",
                                   mode.frame)
            return True
        if mode.problem is not None and role is Role.OK:
            self._start_reading(mode.kind, mode.attempt + 1)
            return True
        return False

    def _count_range(self, kind: str) -> tuple[int, int]:
        n = self.state.dice_in_play
        return (n, 6 * n) if kind == "round" else (0, n)

    def _count_start(self, kind: str) -> int:
        n = self.state.dice_in_play
        if kind == "round":
            return round(3.5 * n)
        assert self.state.bid is not None
        return min(n, self.state.bid.quantity)

    def _press_entercount(self, role: Role) -> bool:
        mode: EnterCount = self.mode
        lo, hi = self._count_range(mode.kind)
        if role in (Role.UP, Role.DOWN):
            step = 1 if role is Role.UP else -1
            self.mode = replace(mode, value=lo + (mode.value + step - lo) % (hi - lo + 1))
        elif role is Role.OK:
            self.mode = ConfirmCount(mode.kind, mode.value, 1, mode.why, mode.frame)
        elif role is Role.BACK:
            self._start_reading(mode.kind)
        else:
            return False
        return True

    def _confirmers(self, kind: str) -> tuple[int, int]:
        s = self.state
        if kind == "round":
            return s.starter, next_seat(s.out, s.starter)
        assert s.bidder is not None and s.awaiting is not None
        return s.bidder, s.awaiting

    def _press_confirmcount(self, role: Role) -> bool:
        mode: ConfirmCount = self.mode
        if role is Role.OK:
            if mode.step == 1:
                self.mode = replace(mode, step=2)
                return True
            names = [self.names[s] for s in self._confirmers(mode.kind)]
            n = self.state.dice_in_play
            if mode.kind == "round":
                dice = dice_for_total(n, mode.value)
                meta = {"read": "manual", "total": mode.value}
            else:
                assert self.state.bid is not None
                dice = reveal_for(n, self.state.bid.face, mode.value)
                meta = {"read": "manual", "count": mode.value}
            meta |= {"confirmed_by": names, "why": mode.why}
            self._read(mode.kind, dice, mode.frame, meta)
        elif role in (Role.CHALLENGE, Role.BACK):
            self.mode = EnterCount(mode.kind, mode.value, mode.why, mode.frame)
        else:
            return False
        return True

    # --- doing things ----------------------------------------------------------------------
    def _read(self, kind: str, dice: Sequence[int], frame: Any, meta: dict[str, Any]) -> None:
        """Every die is known (camera, or a count confirmed by two players): keep the photo
        and rule."""
        meta = self._with_photo(frame, meta)
        action: Action
        if kind == "round":
            action = RoundDice(tuple(dice))
        elif kind == "exact":
            action = Exact(tuple(dice))
        else:
            action = Challenge(tuple(dice))
        self._apply(action, meta)

    def _refused_back(self, problem: str) -> Any:
        if isinstance(self.mode, Reading):  # e.g. a miscount: read again, never rule
            return replace(self.mode, problem=problem)
        return self.mode

    def _mode_after(self, action: Action) -> Any:
        if isinstance(action, Bid):
            return self.mode_for(self.state)
        return Ruled(ruling(self.last_events, self.state))

    def _entered(self) -> None:
        if isinstance(self.mode, RoundStart):
            self.hooks.round(self)

    # --- views ------------------------------------------------------------------------------
    def strip(self) -> ds.DiceStrip:
        s = self.state
        return ds.DiceStrip(tuple(
            ds.DiceSeat(name, s.dice[i], s.strikes[i], s.out[i], i == s.awaiting)
            for i, name in enumerate(s.names)), s.settings.lives, s.settings.strike_limit)

    def _odds(self, bid: Bid) -> str:
        s = self.state
        return f"{bid_odds(bid.quantity, bid.face, s.dice_in_play, (), s.palifico):.0%}"

    def _view(self) -> Any:  # noqa: C901 - one branch per mode
        mode, s = self.mode, self.state
        pal = "PALIFICO: ones not wild, face fixed"
        if isinstance(mode, RoundStart):
            lines = ("then OK to read all dice",) if s.phase is Phase.ROUND_DICE else ()
            hint = "o:read dice" if s.phase is Phase.ROUND_DICE else "o:bid m:table"
            return ds.RoundStartView(s.round, s.dice_in_play, self.who(s.starter), lines,
                                     pal if s.palifico else "", hint, self.strip())
        if isinstance(mode, Bidding):
            bid = mode.bid
            caption = "opening bid" if s.bid is None else f"beat {s.bid.quantity} x {s.bid.face}"
            if s.announced_total is not None:
                caption += f", total {s.announced_total}"
            if s.palifico:
                caption = "PALIFICO " + caption
            return ds.BidView(f"{self.who(s.awaiting)} bids", bid.quantity, bid.face, caption,
                              self._odds(bid), strip=self.strip())
        if isinstance(mode, Answering):
            assert s.bid is not None
            top = min_raise(s) is None
            hint = "c:chal p:exact" if top else "a:bid c:chal p:exact"
            caption = f"{self.who(s.bidder)} bid" + (", PALIFICO" if s.palifico else "")
            return ds.BidView(f"{self.who(s.awaiting)} answers", s.bid.quantity, s.bid.face,
                              caption, self._odds(s.bid), False, hint, self.strip())
        if isinstance(mode, Reading):
            return self._reading_view(mode)
        if isinstance(mode, EnterCount):
            lo, hi = self._count_range(mode.kind)
            if mode.kind == "round":
                title, caption = "Total of all dice", f"{lo}-{hi}"
            else:
                assert s.bid is not None
                ones = "" if s.palifico else " + ones"
                title, caption = f"How many {s.bid.face}s{ones}?", f"of {s.dice_in_play} dice"
            return NumberView(title, str(mode.value), caption, "w/s:count o:ok b:read")
        if isinstance(mode, ConfirmCount):
            who = self.who(self._confirmers(mode.kind)[mode.step - 1])
            if mode.kind == "round":
                what = f"The dice add up to {mode.value}?"
            else:
                assert s.bid is not None
                what = f"{mode.value} dice count as {s.bid.face}s?"
            return MessageView(f"{who}: confirm", (what, mode.why), "o:yes c:no",
                               f"{mode.step}/2")
        if isinstance(mode, Ruled):
            return replace(mode.view, strip=self.strip())
        if isinstance(mode, Notice):
            return MessageView(mode.title, (mode.text,), "o:ok")
        if isinstance(mode, Players):
            seats = self.strip().seats
            return ds.DiceTableView(f"Round {s.round}: {s.dice_in_play} dice", seats,
                                    s.settings.lives, s.settings.strike_limit)
        if isinstance(mode, Over):
            return WinnerView(self.who(s.winner), (f"after {s.round} rounds",))
        raise AssertionError(mode)

    def _reading_view(self, mode: Reading) -> ds.TrayView:
        n = self.state.dice_in_play
        if mode.problem is not None:
            left = MAX_ATTEMPTS - mode.attempt
            return ds.TrayView("Read again", "", (mode.problem, "Hands away, then OK."),
                               mode.attempt, f"o:read m:by hand ({left})")
        status = {"moving": "dice moving", "looking": "looking", "empty": "no dice yet",
                  "hand in view": "hands away"}.get(mode.status, mode.status)
        s = self.state
        if mode.kind == "round":
            return ds.TrayView("Show all dice", status, (
                f"Lift all cups for the camera: {n} dice.",), mode.attempt)
        what = "challenges" if mode.kind == "challenge" else "calls exact:"
        assert s.bid is not None
        return ds.TrayView("Pour the dice", status, (
            f"{self.who(s.awaiting)} {what} {s.bid.quantity} x {s.bid.face}",
            f"All {n} dice in the tray!"), mode.attempt)


# --- rulings ------------------------------------------------------------------------------


def ruling(events: Sequence[Event], state: DoubtingState) -> ds.RevealView:
    """The ruling page for one call's (or round reading's) events; ``state``: after them.

    Four lines at most: the count ("4s: 5 + 2 ones = 7"), the bid, who loses or gains
    (out, strike), and who starts next (palifico marked); the strip shows dice left.
    """
    names = [n.upper() for n in state.names]
    head, face = "OK", None
    lines: list[str] = []
    outs = {e.seat for e in events if isinstance(e, PlayerOut)}
    strikes = {e.seat: e for e in events if isinstance(e, StrikeTaken)}
    palifico = [e.seat for e in events if isinstance(e, PalificoRound)]
    for e in events:
        if isinstance(e, TotalAnnounced):
            head = f"TOTAL {e.total}"
            lines.append(f"{e.dice_in_play} dice add up to {e.total}")
        elif isinstance(e, CallMade):
            head = "EXACT?" if e.kind == "exact" else "CHALLENGE"
            face = e.bid.face
            lines.append(f"bid {e.bid.quantity} x {e.bid.face} ({names[e.bidder]})")
        elif isinstance(e, RevealCounted):
            f = e.bid.face
            if e.ones_wild:
                count = f"{f}s: {e.face_count} + {e.ones_count} ones = {e.count}"
            else:
                count = f"{f}s: {e.count}, ones not wild"
            lines.insert(len(lines) - 1, count)
            if head == "EXACT?":
                head = "EXACT!" if e.count == e.bid.quantity else "MISSED!"
            else:
                head = "TRUE!" if e.bid_true else "BLUFF!"
        elif isinstance(e, DiceGained):
            lines.append(f"{names[e.seat]} gains a die: {e.dice_left}" if e.gained
                         else f"{names[e.seat]} keeps {e.dice_left} dice")
        elif isinstance(e, DiceLost):
            lost = "a die" if e.lost == 1 else f"{e.lost} dice"
            if e.seat in strikes:
                k = strikes[e.seat]
                tail = f"strike {k.strikes}/{k.limit}" + (", out" if e.seat in outs else "")
            else:
                tail = "out!" if e.seat in outs else str(e.dice_left)
            lines.append(f"{names[e.seat]} loses {lost}: {tail}")
        elif isinstance(e, GameWon):
            lines.append(f"{names[e.seat]} wins!")
        elif isinstance(e, RoundStarted) and head != "OK":
            pal = " PALIFICO" if palifico else ""
            lines.append(f"{names[e.starter]} opens{pal}")
    return ds.RevealView(head, tuple(lines), face)




# --- the box hosts either game --------------------------------------------------------------


def table_class(game: str) -> type:
    """The table class for a game name (``rules.name``): the box hosts either game."""
    if game == DoubtingDice.name:
        return DoubtingTable
    from device.table import Table

    return Table


def prompt_for(state: Any) -> str:
    """What a game state waits for, as a sentence, whichever the game."""
    if isinstance(state, DoubtingState):
        return dd_prompt(state)
    from games.bamboozled.rules import prompt

    return prompt(state)


__all__ = ["DoubtingHooks", "DoubtingTable", "MAX_ATTEMPTS", "prompt_for", "ruling", "table_class",
           "tray_eye"]
