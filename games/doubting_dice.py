"""Doubting Dice (seed 004, a Liar's dice / Perudo), as a pure rules engine.

Rules as closed by ``rulings.md`` ("Doubting Dice"). Choices where the ruling is silent
are marked **Choice** next to the code that makes them; the main ones:

* Seats are clockwise in index order. Settings ``first_player`` (default seat 0) opens
  the first round (the box may draw it, like a table rolling for the start).
* 2-6 players (Perudo's count; 6 x 5 = 30 dice is what the tray holds).
* A bid's quantity is at most the number of dice in play (a higher one can never be
  true); when the top bid is reached the answerer must challenge or call exact.
* Faces are 2..6 in every round, palifico included (nobody bids on ones).
* Palifico: a player's *first* drop to exactly one die (in each life, see ``lives``)
  makes the next round palifico. That player lost the die, so they open it, choosing
  the face freely; after that the face is fixed and only the quantity rises.
  Gaining a die back and dropping to one again does not trigger another palifico.
* Lives: losing the last die (also by a wrong exact from one die) is a strike; below the
  strike limit the player resets to 5 dice and starts the next round, with a fresh
  palifico for the new life.
* Palifico applies with any number of players left, two included.
* A right exact by a player who already has 5 dice gains nothing, but they still start
  the next round. A wrong exact with one die loses that die (never below 0).
* The answerer may call exact on any bid, the opening bid included.
* The dice under the cups are secret: the engine learns them only at a reveal.
  ``Challenge(dice)`` / ``Exact(dice)`` carry every die on the table (read by the camera
  from the tray); a reading with the wrong number of dice is an :class:`IllegalAction`
  so the box reads again and never rules on a guess.
* Announce total: each round starts in phase ``ROUND_DICE``: the box supplies
  ``RoundDice(values)`` (all dice in play at the start of the round, e.g. photographed)
  and the engine announces their sum. Off by default: rounds start with bidding.
  The reveal is not required to match those values (the camera may have misread one;
  the reveal is what is ruled on).

An action never names who makes it: it is always the seat the state awaits
(``state.awaiting``; ``None`` while the box reads the round's dice, and at the end).

The calls carry the reveal, which only the camera knows, so :meth:`legal_actions` cannot
list every possible reading (6^30 of them). It lists concrete actions that ``apply``
accepts and that cover every outcome the rules distinguish: each call once per possible
count of the bid's face (:func:`reveal_for`), ``RoundDice`` once per possible total. The
box builds the real action from the call the player chose, ``call.with_dice(reading)``.

======================  ==================================================  ============
action                  JSON (game log)                                     phase
======================  ==================================================  ============
RoundDice((1, 5, ...))  {"type": "round_dice", "dice": [1, 5, ...]}         ROUND_DICE
Bid(6, 4)               {"type": "bid", "quantity": 6, "face": 4}           OPENING, ANSWER
Challenge((1, 4, ...))  {"type": "challenge", "dice": [1, 4, ...]}          ANSWER
Exact((1, 4, ...))      {"type": "exact", "dice": [1, 4, ...]}              ANSWER
======================  ==================================================  ============

Settings JSON: ``{"palifico": true, "announce_total": false, "lives": false,
"strike_limit": 3, "first_player": 0}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar

from games.common import Event, IllegalAction, InvalidInput, InvalidSettings, Rules

MAX_DICE = 5
"""Dice each player starts with; an exact call never takes a player above it."""
MIN_PLAYERS = 2
MAX_PLAYERS = 6
FACES = (2, 3, 4, 5, 6)
"""Faces a bid may name (ones are wild and never bid on)."""


# --- settings --------------------------------------------------------------------------
@dataclass(frozen=True)
class DoubtingSettings:
    """Options chosen before a game."""

    palifico: bool = True
    """A player's first drop to one die makes the next round palifico."""
    announce_total: bool = False
    """Each round starts with ``RoundDice`` and the sum of all dice is announced."""
    lives: bool = False
    """Losing all dice is a strike and a reset to 5 dice, until ``strike_limit``."""
    strike_limit: int = 3
    """Strikes that put a player out (only with ``lives``)."""
    first_player: int = 0
    """Seat that opens the first round."""

    def validate(self) -> None:
        for name in ("palifico", "announce_total", "lives"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidSettings(f"{name} must be true or false")
        for name in ("strike_limit", "first_player"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidSettings(f"{name} must be a whole number")
        if self.strike_limit < 1:
            raise InvalidSettings("the strike limit must be at least 1")
        if self.first_player < 0:
            raise InvalidSettings("first_player must be a seat number (0 or more)")


# --- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Bid:
    """At least ``quantity`` dice on the table show ``face`` (ones wild unless palifico).

    Bids order by (quantity, face): outside palifico a raise is exactly a bigger bid.
    """

    quantity: int
    face: int

    def __str__(self) -> str:
        return f"{self.quantity} x {self.face}"


@dataclass(frozen=True)
class Call:
    """Base of the two answers that end a round with a reveal of all dice."""

    dice: tuple[int, ...] | None = None
    """Every die on the table at the reveal (any order); ``None`` until the camera read them."""

    kind: ClassVar[str] = "call"

    def with_dice(self, dice: Iterable[int]) -> Call:
        """The same call carrying the camera's reading."""
        return replace(self, dice=tuple(dice))


@dataclass(frozen=True)
class Challenge(Call):
    """The answerer doubts the bid."""

    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True)
class Exact(Call):
    """The answerer says the bid is exactly right."""

    kind: ClassVar[str] = "exact"


@dataclass(frozen=True)
class RoundDice:
    """All dice in play at the start of a round (only with ``announce_total``)."""

    dice: tuple[int, ...] | None = None

    def with_dice(self, dice: Iterable[int]) -> RoundDice:
        return replace(self, dice=tuple(dice))


Action = Bid | Challenge | Exact | RoundDice


# --- state -----------------------------------------------------------------------------
class Phase(StrEnum):
    """What the game waits for."""

    ROUND_DICE = "round_dice"
    """Announce total: the box supplies the dice of the new round (no seat acts)."""
    OPENING = "opening"
    """``awaiting`` makes the round's first bid."""
    ANSWER = "answer"
    """``awaiting`` (right after the bidder) raises, challenges or calls exact."""
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class RoundResult:
    """How the last round ended (for the reveal screen and the summary)."""

    kind: str  # "challenge" | "exact"
    caller: int
    bidder: int
    bid: Bid
    palifico: bool
    count: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class DoubtingState:
    """The whole game; immutable."""

    names: tuple[str, ...]
    settings: DoubtingSettings
    dice: tuple[int, ...]
    """Dice each seat holds (0 when out)."""
    strikes: tuple[int, ...]
    out: tuple[bool, ...]
    palifico_used: tuple[bool, ...]
    """Whether the seat already had its palifico round in its current life."""
    phase: Phase
    awaiting: int | None
    """The seat whose input is awaited (``None`` in ROUND_DICE and OVER)."""
    round: int = 1
    starter: int = 0
    """The seat that opens (or opened) this round."""
    bid: Bid | None = None
    bidder: int | None = None
    palifico_seat: int | None = None
    """Set during a palifico round: whose single die made it one."""
    announced_total: int | None = None
    last_result: RoundResult | None = None
    winner: int | None = None
    bids: tuple[tuple[int, Bid], ...] = field(default=())
    """This round's bids so far, (seat, bid) in order."""

    @property
    def palifico(self) -> bool:
        return self.palifico_seat is not None

    @property
    def dice_in_play(self) -> int:
        return sum(self.dice)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(i for i, o in enumerate(self.out) if not o)


# --- events ----------------------------------------------------------------------------
def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _dice_word(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    starter: int
    dice_in_play: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Round {self.round}: {_dice_word(self.dice_in_play)} in play, "
            f"{_name(names, self.starter)} starts"
        )


@dataclass(frozen=True)
class PalificoRound(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Palifico for {_name(names, self.seat)}: ones are not wild and the face cannot change"
        )


@dataclass(frozen=True)
class TotalAnnounced(Event):
    total: int
    dice_in_play: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The {_dice_word(self.dice_in_play)} on the table add up to {self.total}"


@dataclass(frozen=True)
class BidMade(Event):
    seat: int
    bid: Bid

    def describe(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.seat)} bids {self.bid.quantity} x {self.bid.face}"


@dataclass(frozen=True)
class CallMade(Event):
    seat: int
    kind: str
    bidder: int
    bid: Bid

    def describe(self, names: Sequence[str]) -> str:
        what = "challenges" if self.kind == "challenge" else "calls exact on"
        return (
            f"{_name(names, self.seat)} {what} {_name(names, self.bidder)}'s "
            f"{self.bid.quantity} x {self.bid.face}"
        )


@dataclass(frozen=True)
class RevealCounted(Event):
    bid: Bid
    count: int
    face_count: int
    ones_count: int
    ones_wild: bool

    @property
    def bid_true(self) -> bool:
        return self.count >= self.bid.quantity

    def describe(self, names: Sequence[str]) -> str:
        if self.ones_wild:
            ones = "1 one" if self.ones_count == 1 else f"{self.ones_count} ones"
            detail = f" ({self.face_count} x {self.bid.face} + {ones})"
        else:
            detail = " (ones not wild)"
        bid = f"{self.bid.quantity} x {self.bid.face}"
        return f"{self.count} x {self.bid.face} on the table{detail} against the bid {bid}"


@dataclass(frozen=True)
class DiceLost(Event):
    seat: int
    lost: int
    dice_left: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.seat)} loses {_dice_word(self.lost)}, {self.dice_left} left"


@dataclass(frozen=True)
class DiceGained(Event):
    seat: int
    gained: int
    dice_left: int

    def describe(self, names: Sequence[str]) -> str:
        if not self.gained:
            return f"{_name(names, self.seat)} is exact but already has {MAX_DICE} dice"
        return f"{_name(names, self.seat)} is exact and gains a die: {self.dice_left}"


@dataclass(frozen=True)
class StrikeTaken(Event):
    seat: int
    strikes: int
    limit: int

    def describe(self, names: Sequence[str]) -> str:
        tail = "" if self.strikes >= self.limit else f" and takes {MAX_DICE} dice again"
        return f"{_name(names, self.seat)} takes strike {self.strikes}/{self.limit}{tail}"


@dataclass(frozen=True)
class PlayerOut(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.seat)} is out"


@dataclass(frozen=True)
class GameWon(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.seat)} wins!"


# --- pure helpers ----------------------------------------------------------------------
def count_face(dice: Iterable[int], face: int, ones_wild: bool = True) -> int:
    """How many of ``dice`` show ``face``, ones counting too when wild."""
    return sum(1 for d in dice if d == face or (ones_wild and d == 1))


def is_raise(new: Bid, old: Bid | None, palifico: bool = False) -> bool:
    """Whether ``new`` may follow ``old`` (no bound on the quantity checked here)."""
    if old is None:
        return True
    if palifico:
        return new.face == old.face and new.quantity > old.quantity
    return new > old  # same quantity higher face, or higher quantity any face


def _next_seat(out: Sequence[bool], seat: int) -> int:
    """The next seat clockwise after ``seat`` that is still in."""
    n = len(out)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if not out[s]:
            return s
    raise AssertionError("no player left")


def _check_dice(values: Any, expected: int) -> tuple[int, ...]:
    if values is None:
        raise IllegalAction("the reading of the dice is missing")
    try:
        dice = tuple(values)
    except TypeError:
        raise IllegalAction("the dice must be a list of values 1-6") from None
    bad = [d for d in dice if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6]
    if bad:
        raise IllegalAction(f"a die reads {bad[0]!r}: values must be 1-6; read again")
    if len(dice) != expected:
        raise IllegalAction(
            f"the camera saw {_dice_word(len(dice))} but {_dice_word(expected)} are in play; "
            "read again"
        )
    return dice


def reveal_for(dice_in_play: int, face: int, count: int) -> tuple[int, ...]:
    """A reading of ``dice_in_play`` dice with exactly ``count`` showing ``face`` and no
    ones (so the count is the same wild or not); the others show another face."""
    if not 0 <= count <= dice_in_play:
        raise ValueError(f"cannot show {count} of {dice_in_play} dice")
    filler = 2 if face != 2 else 3
    return (face,) * count + (filler,) * (dice_in_play - count)


def dice_for_total(dice_in_play: int, total: int) -> tuple[int, ...]:
    """A reading of ``dice_in_play`` dice adding up to ``total`` (sixes first)."""
    if not dice_in_play <= total <= 6 * dice_in_play:
        raise ValueError(f"{dice_in_play} dice cannot add up to {total}")
    extra = total - dice_in_play
    dice = []
    for _ in range(dice_in_play):
        step = min(5, extra)
        dice.append(1 + step)
        extra -= step
    return tuple(dice)


# --- bid entry helpers (what the box's buttons use) ---------------------------------------
def _bid_context(state: DoubtingState) -> tuple[Bid | None, bool, int]:
    return state.bid, state.palifico, state.dice_in_play


def legal_bids(state: DoubtingState) -> list[Bid]:
    """Every bid the seat to act may make now, lowest first."""
    if state.phase not in (Phase.OPENING, Phase.ANSWER):
        return []
    current, palifico, total = _bid_context(state)
    if palifico and current is not None:
        return [Bid(q, current.face) for q in range(current.quantity + 1, total + 1)]
    low = min_raise(state)
    if low is None:
        return []
    first = [Bid(low.quantity, f) for f in FACES if f >= low.face]
    return first + [Bid(q, f) for q in range(low.quantity + 1, total + 1) for f in FACES]


def _legal_bid(state: DoubtingState, bid: Bid) -> bool:
    current, palifico, total = _bid_context(state)
    return (
        state.phase in (Phase.OPENING, Phase.ANSWER)
        and bid.face in FACES
        and 1 <= bid.quantity <= total
        and is_raise(bid, current, palifico)
    )


def min_raise(state: DoubtingState) -> Bid | None:
    """The lowest legal bid now (``None`` if no bid is possible)."""
    current, palifico, total = _bid_context(state)
    if state.phase not in (Phase.OPENING, Phase.ANSWER):
        return None
    if current is None:
        candidate = Bid(1, FACES[0])
    elif palifico:
        candidate = Bid(current.quantity + 1, current.face)
    elif current.face < FACES[-1]:
        candidate = Bid(current.quantity, current.face + 1)
    else:
        candidate = Bid(current.quantity + 1, FACES[0])
    return candidate if candidate.quantity <= total else None


def legal_faces(state: DoubtingState, quantity: int) -> tuple[int, ...]:
    """The faces a bid of ``quantity`` may name now (empty if that quantity is not legal)."""
    return tuple(f for f in FACES if _legal_bid(state, Bid(quantity, f)))


def next_bid(state: DoubtingState, bid: Bid | None) -> Bid | None:
    """The next legal bid above ``bid`` in (quantity, face) order (``None`` at the top).

    ``bid=None`` gives :func:`min_raise`.
    """
    if bid is None:
        return min_raise(state)
    return next((b for b in legal_bids(state) if b > bid), None)


def previous_bid(state: DoubtingState, bid: Bid) -> Bid | None:
    """The next legal bid below ``bid`` (``None`` below the minimum raise)."""
    below = [b for b in legal_bids(state) if b < bid]
    return below[-1] if below else None


def max_bid(state: DoubtingState) -> Bid | None:
    """The highest legal bid now (``None`` if no bid is possible)."""
    bids = legal_bids(state)
    return bids[-1] if bids else None


def adjust_bid(state: DoubtingState, bid: Bid | None, quantity: int = 0, face: int = 0) -> Bid:
    """Step a bid being entered by ``quantity`` and ``face``; the result is always legal.

    Quick entry for large quantities: the quantity moves by any step (the box may use
    bigger steps on a long press) and is clamped to the legal range; the face cycles
    through the faces legal at that quantity (only the fixed face in a palifico round).
    A face left behind by a quantity change becomes the lowest legal one. ``bid=None``
    gives :func:`min_raise`. Raises :class:`IllegalAction` when no bid is possible now.
    """
    low, high = min_raise(state), max_bid(state)
    if low is None or high is None:
        raise IllegalAction("no bid is possible now: challenge or call exact")
    if bid is None:
        return low
    q = min(max(bid.quantity + quantity, low.quantity), high.quantity)
    faces = legal_faces(state, q)
    f = bid.face
    if f in faces:
        if face:
            f = faces[(faces.index(f) + face) % len(faces)]
    else:
        f = faces[0] if face >= 0 else faces[-1]
    return Bid(q, f)


_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "ones": 1, "twos": 2, "deuces": 2, "threes": 3,
    "treys": 3, "fours": 4, "fives": 5, "sixes": 6,
}  # fmt: skip


def parse_bid(text: str) -> Bid:
    """Parse what a person types: ``"5x4"``, ``"5 4"``, ``"5 fours"``, ``"five 4s"``.

    Raises :class:`InvalidInput` for anything that is not a bid on faces 2-6.
    """
    words = re.sub(r"(?<=\d)\s*[x*]\s*|,", " ", str(text).strip().lower()).split()
    if len(words) != 2:
        raise InvalidInput(f"{text!r} is not a bid: give a quantity and a face, like 5x4")
    values = []
    for word in words:
        w = word[:-1] if re.fullmatch(r"\d+s", word) else word
        if w.isdigit():
            values.append(int(w))
        elif w in _WORDS:
            values.append(_WORDS[w])
        else:
            raise InvalidInput(f"{text!r} is not a bid: {word!r} is not a number")
    quantity, face = values
    if face == 1:
        raise InvalidInput("nobody bids on ones: they are wild")
    if face not in FACES:
        raise InvalidInput(f"{face} is not a face: bid on 2-6")
    if quantity < 1:
        raise InvalidInput("a bid needs a quantity of at least 1")
    return Bid(quantity, face)


# --- the rules -------------------------------------------------------------------------
class DoubtingDice(Rules[DoubtingState, Action, DoubtingSettings]):
    """Doubting Dice: bid, raise, challenge or exact; ones wild; palifico; lives."""

    name: ClassVar[str] = "doubting_dice"

    def default_settings(self) -> DoubtingSettings:
        return DoubtingSettings()

    def new_game(
        self, players: Sequence[str], settings: DoubtingSettings | None = None
    ) -> DoubtingState:
        settings = settings or self.default_settings()
        if not isinstance(settings, DoubtingSettings):
            raise InvalidSettings("settings must be DoubtingSettings")
        settings.validate()
        names = tuple(str(p) for p in players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InvalidSettings(
                f"Doubting Dice needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}"
            )
        if settings.first_player >= len(names):
            raise InvalidSettings(
                f"first_player is seat {settings.first_player} but there are {len(names)} seats"
            )
        n = len(names)
        state = DoubtingState(
            names=names,
            settings=settings,
            dice=(MAX_DICE,) * n,
            strikes=(0,) * n,
            out=(False,) * n,
            palifico_used=(False,) * n,
            phase=Phase.OPENING,
            awaiting=settings.first_player,
            starter=settings.first_player,
        )
        state, _ = self._start_round(state, settings.first_player, palifico_seat=None)
        return state

    # --- queries ------------------------------------------------------------------------
    def legal_actions(self, state: DoubtingState) -> list[Action]:
        """Legal bids (lowest first), then each call once per possible count of the bid's
        face; in ``ROUND_DICE`` one reading per possible total (see the module notes)."""
        n = state.dice_in_play
        if state.phase is Phase.ROUND_DICE:
            return [RoundDice(dice_for_total(n, t)) for t in range(n, 6 * n + 1)]
        actions: list[Action] = list(legal_bids(state))
        if state.phase is Phase.ANSWER:
            assert state.bid is not None
            for call in (Challenge, Exact):
                actions += [call(reveal_for(n, state.bid.face, k)) for k in range(n + 1)]
        return actions

    def winner(self, state: DoubtingState) -> int | None:
        return state.winner

    # --- apply --------------------------------------------------------------------------
    def apply(
        self, state: DoubtingState, action: Action
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        if state.phase is Phase.GAME_OVER:
            raise IllegalAction("the game is over")
        if isinstance(action, RoundDice):
            return self._round_dice(state, action)
        if state.phase is Phase.ROUND_DICE:
            raise IllegalAction("the round's dice must be read first (announce total)")
        if isinstance(action, Bid):
            return self._bid(state, action)
        if isinstance(action, Challenge | Exact):
            return self._call(state, action)
        raise IllegalAction(f"not a Doubting Dice action: {action!r}")

    def _round_dice(
        self, state: DoubtingState, action: RoundDice
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        if state.phase is not Phase.ROUND_DICE:
            raise IllegalAction("the round's dice are only read at the start of a round")
        dice = _check_dice(action.dice, state.dice_in_play)
        total = sum(dice)
        new = replace(state, phase=Phase.OPENING, awaiting=state.starter, announced_total=total)
        return new, (TotalAnnounced(total, len(dice)),)

    def _bid(self, state: DoubtingState, bid: Bid) -> tuple[DoubtingState, tuple[Event, ...]]:
        seat = state.awaiting
        assert seat is not None
        if not isinstance(bid.quantity, int) or not isinstance(bid.face, int):
            raise IllegalAction("a bid is a whole quantity and a face")
        if bid.face == 1:
            raise IllegalAction("nobody bids on ones: they are wild")
        if bid.face not in FACES:
            raise IllegalAction(f"{bid.face} is not a face: bid on 2-6")
        if bid.quantity < 1:
            raise IllegalAction("a bid needs a quantity of at least 1")
        total = state.dice_in_play
        if bid.quantity > total:
            raise IllegalAction(f"only {_dice_word(total)} are in play: bid at most {total}")
        if not is_raise(bid, state.bid, state.palifico):
            if state.palifico:
                assert state.bid is not None
                raise IllegalAction(
                    f"palifico: keep the face {state.bid.face} and raise the quantity "
                    f"above {state.bid.quantity}"
                )
            raise IllegalAction(
                f"{bid} does not raise {state.bid}: same quantity with a higher face, "
                "or a higher quantity"
            )
        new = replace(
            state,
            phase=Phase.ANSWER,
            bid=bid,
            bidder=seat,
            awaiting=_next_seat(state.out, seat),
            bids=state.bids + ((seat, bid),),
        )
        return new, (BidMade(seat, bid),)

    def _call(
        self, state: DoubtingState, call: Challenge | Exact
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        if state.phase is not Phase.ANSWER or state.bid is None or state.bidder is None:
            raise IllegalAction(f"there is no bid to {call.kind} yet: make the opening bid")
        dice = _check_dice(call.dice, state.dice_in_play)
        caller, bidder, bid = state.awaiting, state.bidder, state.bid
        assert caller is not None
        wild = not state.palifico
        face_count = count_face(dice, bid.face, ones_wild=False)
        ones = sum(1 for d in dice if d == 1) if wild else 0
        count = face_count + ones
        events: list[Event] = [
            CallMade(caller, call.kind, bidder, bid),
            RevealCounted(bid, count, face_count, ones, wild),
        ]
        result = RoundResult(call.kind, caller, bidder, bid, state.palifico, count, dice)
        dice_left = list(state.dice)
        if isinstance(call, Challenge):
            loser = caller if count >= bid.quantity else bidder
            loss = 1
        elif count == bid.quantity:
            loser, loss = None, 0
            gained = 1 if dice_left[caller] < MAX_DICE else 0
            dice_left[caller] += gained
            events.append(DiceGained(caller, gained, dice_left[caller]))
        else:
            loser, loss = caller, 2

        strikes, out, used = list(state.strikes), list(state.out), list(state.palifico_used)
        palifico_seat: int | None = None
        if loser is not None:
            lost = min(loss, dice_left[loser])
            dice_left[loser] -= lost
            events.append(DiceLost(loser, lost, dice_left[loser]))
            if dice_left[loser] == 0:
                if state.settings.lives:
                    strikes[loser] += 1
                    events.append(StrikeTaken(loser, strikes[loser], state.settings.strike_limit))
                    if strikes[loser] < state.settings.strike_limit:
                        # Choice: a new life is 5 fresh dice and a fresh palifico.
                        dice_left[loser] = MAX_DICE
                        used[loser] = False
                    else:
                        out[loser] = True
                else:
                    out[loser] = True
                if out[loser]:
                    events.append(PlayerOut(loser))
            elif dice_left[loser] == 1 and state.settings.palifico and not used[loser]:
                used[loser] = True
                palifico_seat = loser

        starter = caller if loser is None else loser
        new = replace(
            state,
            dice=tuple(dice_left),
            strikes=tuple(strikes),
            out=tuple(out),
            palifico_used=tuple(used),
            last_result=result,
        )
        remaining = new.remaining
        if len(remaining) == 1:
            new = replace(
                new,
                phase=Phase.GAME_OVER,
                awaiting=None,
                winner=remaining[0],
                bid=None,
                bidder=None,
                palifico_seat=None,
                announced_total=None,
                bids=(),
            )
            events.append(GameWon(remaining[0]))
            return new, tuple(events)
        if out[starter]:
            starter = _next_seat(out, starter)
        new, round_events = self._start_round(
            replace(new, round=state.round + 1), starter, palifico_seat
        )
        return new, tuple(events) + round_events

    def _start_round(
        self, state: DoubtingState, starter: int, palifico_seat: int | None
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        announce = state.settings.announce_total
        new = replace(
            state,
            phase=Phase.ROUND_DICE if announce else Phase.OPENING,
            awaiting=None if announce else starter,
            starter=starter,
            bid=None,
            bidder=None,
            bids=(),
            palifico_seat=palifico_seat,
            announced_total=None,
        )
        events: list[Event] = [RoundStarted(new.round, starter, new.dice_in_play)]
        if palifico_seat is not None:
            events.append(PalificoRound(palifico_seat))
        return new, tuple(events)

    # --- serialisation ------------------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        if isinstance(action, Bid):
            return {"type": "bid", "quantity": action.quantity, "face": action.face}
        if isinstance(action, Challenge | Exact | RoundDice):
            kind = "round_dice" if isinstance(action, RoundDice) else action.kind
            data: dict[str, Any] = {"type": kind}
            if action.dice is not None:
                data["dice"] = list(action.dice)
            return data
        raise ValueError(f"not a Doubting Dice action: {action!r}")

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise ValueError("an action must be a JSON object")
        kind = data.get("type")
        if kind == "bid":
            q, f = data.get("quantity"), data.get("face")
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (q, f)):
                raise ValueError("a bid needs whole numbers 'quantity' and 'face'")
            return Bid(q, f)  # type: ignore[arg-type]
        calls: dict[str, type[Challenge] | type[Exact] | type[RoundDice]] = {
            "challenge": Challenge, "exact": Exact, "round_dice": RoundDice}
        cls = calls.get(str(kind))
        if cls is None:
            raise ValueError(f"unknown Doubting Dice action type {kind!r}")
        raw = data.get("dice")
        if raw is None:
            return cls()
        if not isinstance(raw, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in raw
        ):
            raise ValueError("'dice' must be a list of whole numbers")
        return cls(dice=tuple(raw))

    def settings_to_json(self, settings: DoubtingSettings) -> dict[str, Any]:
        return {
            "palifico": settings.palifico,
            "announce_total": settings.announce_total,
            "lives": settings.lives,
            "strike_limit": settings.strike_limit,
            "first_player": settings.first_player,
        }

    def settings_from_json(self, data: Mapping[str, Any]) -> DoubtingSettings:
        if not isinstance(data, Mapping):
            raise InvalidSettings("settings must be a JSON object")
        known = set(self.settings_to_json(DoubtingSettings()))
        unknown = set(data) - known
        if unknown:
            raise InvalidSettings(f"unknown Doubting Dice settings: {', '.join(sorted(unknown))}")
        settings = DoubtingSettings(**dict(data))
        settings.validate()
        return settings

    # --- summary ------------------------------------------------------------------------
    def summary(self, state: DoubtingState, names: Sequence[str] | None = None) -> dict[str, Any]:
        names = list(names) if names is not None else list(state.names)

        def seat(s: int | None) -> str | None:
            return None if s is None else _name(names, s)

        def bid_json(b: Bid | None) -> dict[str, int] | None:
            return None if b is None else {"quantity": b.quantity, "face": b.face}

        last = state.last_result
        return {
            "game": self.name,
            "settings": self.settings_to_json(state.settings),
            "round": state.round,
            "phase": state.phase.value,
            "players": [
                {
                    "seat": i,
                    "name": _name(names, i),
                    "dice": state.dice[i],
                    "out": state.out[i],
                    "strikes": state.strikes[i],
                }
                for i in range(len(state.dice))
            ],
            "dice_in_play": state.dice_in_play,
            "starter": seat(state.starter),
            "awaiting": seat(state.awaiting),
            "prompt": prompt(state, names),
            "bid": bid_json(state.bid),
            "bidder": seat(state.bidder),
            "palifico": state.palifico,
            "palifico_player": seat(state.palifico_seat),
            "announced_total": state.announced_total,
            "last_round": None
            if last is None
            else {
                "call": last.kind,
                "caller": seat(last.caller),
                "bidder": seat(last.bidder),
                "bid": bid_json(last.bid),
                "count": last.count,
                "palifico": last.palifico,
                "dice": list(last.dice),
            },
            "winner": seat(state.winner),
        }


def prompt(state: DoubtingState, names: Sequence[str] | None = None) -> str:
    """What the game waits for, as a sentence: "Ben: raise 6 x 4, challenge or exact"."""
    names = list(names) if names is not None else list(state.names)
    if state.phase is Phase.GAME_OVER:
        return f"{_name(names, state.winner)} wins" if state.winner is not None else "game over"
    if state.phase is Phase.ROUND_DICE:
        return f"Read the {_dice_word(state.dice_in_play)} of round {state.round}"
    who = _name(names, state.awaiting if state.awaiting is not None else state.starter)
    pal = " (palifico)" if state.palifico else ""
    if state.phase is Phase.OPENING:
        return f"{who}: open the bidding{pal}"
    assert state.bid is not None
    bid = f"{state.bid.quantity} x {state.bid.face}"
    if min_raise(state) is None:
        return f"{who}: challenge or exact {bid}{pal}"
    return f"{who}: raise {bid}, challenge or exact{pal}"
