"""Doubting Dice (seed 004, a Liar's dice / Perudo), as a pure rules engine.

Rules as closed by ``rulings.md`` ("Doubting Dice"). Choices where the ruling is silent
are marked **Choice** next to the code that makes them; the main ones:

* Seats are clockwise in index order. Settings ``first_player`` (default seat 0) opens
  the first round (the box may draw it, like a table rolling for the start).
* 2-10 players (seed 004 sets no count; ten is the box's largest table, 50 dice). More
  dice than the tray holds are the box's concern: it reads the reveal in batches.
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
  from the tray); a reading with the wrong number of dice is :class:`BadReading`
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

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from games.common import Rules, next_seat, player_names
from games.doubting import tally as doubting_tally
from games.doubting.actions import (
    CODEC,
    Action,
    Bid,
    Challenge,
    Exact,
    RoundDice,
)
from games.doubting.bids import count_face, is_raise, legal_bids, min_raise
from games.doubting.events import (
    BidMade,
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
    dice_word,
    seat_name,
)
from games.doubting.state import (
    FACES,
    MAX_DICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    DoubtingSettings,
    DoubtingState,
    Phase,
    RoundResult,
)
from games.errors import GameOver, IllegalAction, InvalidSettings, WrongPhase
from games.event import Event
from games.tally import Move, Tally


# --- errors ------------------------------------------------------------------------------
class NotAnAction(IllegalAction):
    """The value is not one of Doubting Dice's actions."""


class NotABid(IllegalAction):
    """The bid names no face 2-6, or a quantity below 1 or above the dice in play."""


class NotARaise(IllegalAction):
    """The bid does not raise the standing bid (palifico: the same face, more dice)."""


class NoBidToCall(WrongPhase):
    """A challenge or exact call with no bid standing."""


class BadReading(IllegalAction):
    """The reveal's reading is missing, has a value outside 1-6, or the wrong number of
    dice: the box reads again and never rules on a guess."""


# --- pure helpers ----------------------------------------------------------------------
def _check_dice(values: object, expected: int) -> tuple[int, ...]:
    if values is None:
        raise BadReading("the reading of the dice is missing")
    if not isinstance(values, Iterable):
        raise BadReading("the dice must be a list of values 1-6")
    dice = tuple(values)
    bad = [d for d in dice if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6]
    if bad:
        raise BadReading(f"a die reads {bad[0]!r}: values must be 1-6; read again")
    if len(dice) != expected:
        raise BadReading(
            f"the camera saw {dice_word(len(dice))} but {dice_word(expected)} are in play; "
            "read again"
        )
    return dice


def _check_bid(bid: Bid, dice_in_play: int) -> None:
    """A bid names a face 2-6 and 1 to ``dice_in_play`` dice."""
    if not isinstance(bid.quantity, int) or not isinstance(bid.face, int):
        raise NotABid("a bid is a whole quantity and a face")
    if bid.face == 1:
        raise NotABid("nobody bids on ones: they are wild")
    if bid.face not in FACES:
        raise NotABid(f"{bid.face} is not a face: bid on 2-6")
    if bid.quantity < 1:
        raise NotABid("a bid needs a quantity of at least 1")
    if bid.quantity > dice_in_play:
        raise NotABid(f"only {dice_word(dice_in_play)} are in play: bid at most {dice_in_play}")


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


# --- the steps of a call ---------------------------------------------------------------
def _count_reveal(
    state: DoubtingState, call: Challenge | Exact
) -> tuple[RoundResult, RevealCounted]:
    """Check the reading and count the bid's face in it (ones too unless palifico)."""
    assert state.bid is not None and state.bidder is not None and state.awaiting is not None
    dice = _check_dice(call.dice, state.dice_in_play)
    bid, wild = state.bid, not state.palifico
    face_count = count_face(dice, bid.face, ones_wild=False)
    ones = dice.count(1) if wild else 0
    count = face_count + ones
    result = RoundResult(call.kind, state.awaiting, state.bidder, bid, state.palifico, count, dice)
    return result, RevealCounted(bid, count, face_count, ones, wild)


def _loser(result: RoundResult) -> tuple[int | None, int]:
    """Who loses dice and how many: a wrong challenger or a true bid's bidder 1, a wrong
    exact 2; ``(None, 0)`` for a right exact."""
    if result.kind == Challenge.kind:
        return (result.caller if result.count >= result.bid.quantity else result.bidder), 1
    if result.count == result.bid.quantity:
        return None, 0
    return result.caller, 2


def _gain_die(state: DoubtingState, seat: int, events: list[Event]) -> DoubtingState:
    """A right exact: ``seat`` gains a die, never above :data:`MAX_DICE`."""
    gained = 1 if state.dice[seat] < MAX_DICE else 0
    dice = _with(state.dice, seat, state.dice[seat] + gained)
    events.append(DiceGained(seat, gained, dice[seat]))
    return replace(state, dice=dice)


def _lose_dice(
    state: DoubtingState, seat: int, loss: int, events: list[Event]
) -> tuple[DoubtingState, int | None]:
    """``seat`` loses ``loss`` dice (never below 0); at 0 a strike (lives) or out; at a
    first drop to one die in this life, the seat whose palifico the next round is."""
    lost = min(loss, state.dice[seat])
    left = state.dice[seat] - lost
    events.append(DiceLost(seat, lost, left))
    settings = state.settings
    if left == 0 and settings.lives:
        strikes = state.strikes[seat] + 1
        events.append(StrikeTaken(seat, strikes, settings.strike_limit))
        state = replace(state, strikes=_with(state.strikes, seat, strikes))
        if strikes < settings.strike_limit:
            # Choice: a new life is 5 fresh dice and a fresh palifico.
            used = _with(state.palifico_used, seat, False)
            return replace(state, dice=_with(state.dice, seat, MAX_DICE), palifico_used=used), None
    if left == 0:
        events.append(PlayerOut(seat))
        out = _with(state.out, seat, True)
        return replace(state, dice=_with(state.dice, seat, 0), out=out), None
    state = replace(state, dice=_with(state.dice, seat, left))
    if left == 1 and settings.palifico and not state.palifico_used[seat]:
        return replace(state, palifico_used=_with(state.palifico_used, seat, True)), seat
    return state, None


def _with(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1 :]


# --- the rules -------------------------------------------------------------------------
class DoubtingDice(Rules[DoubtingState, Action, DoubtingSettings]):
    """Doubting Dice: bid, raise, challenge or exact; ones wild; palifico; lives."""

    name: ClassVar[str] = "doubting_dice"
    action_codec = CODEC
    settings_type = DoubtingSettings

    def new_game(
        self, players: Sequence[str], settings: DoubtingSettings | None = None
    ) -> DoubtingState:
        settings = settings or self.default_settings()
        if not isinstance(settings, DoubtingSettings):
            raise InvalidSettings("settings must be DoubtingSettings")
        names = player_names(players)
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
            raise GameOver("the game is over")
        if isinstance(action, RoundDice):
            return self._round_dice(state, action)
        if state.phase is Phase.ROUND_DICE:
            raise WrongPhase("the round's dice must be read first (announce total)")
        if isinstance(action, Bid):
            return self._bid(state, action)
        if isinstance(action, Challenge | Exact):
            return self._call(state, action)
        raise NotAnAction(f"not a Doubting Dice action: {action!r}")

    def _round_dice(
        self, state: DoubtingState, action: RoundDice
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        if state.phase is not Phase.ROUND_DICE:
            raise WrongPhase("the round's dice are only read at the start of a round")
        dice = _check_dice(action.dice, state.dice_in_play)
        total = sum(dice)
        new = replace(state, phase=Phase.OPENING, awaiting=state.starter, announced_total=total)
        return new, (TotalAnnounced(total, len(dice)),)

    def _bid(self, state: DoubtingState, bid: Bid) -> tuple[DoubtingState, tuple[Event, ...]]:
        seat = state.awaiting
        assert seat is not None
        _check_bid(bid, state.dice_in_play)
        if not is_raise(bid, state.bid, state.palifico):
            if state.palifico:
                assert state.bid is not None
                raise NotARaise(
                    f"palifico: keep the face {state.bid.face} and raise the quantity "
                    f"above {state.bid.quantity}"
                )
            raise NotARaise(
                f"{bid} does not raise {state.bid}: same quantity with a higher face, "
                "or a higher quantity"
            )
        new = replace(
            state,
            phase=Phase.ANSWER,
            bid=bid,
            bidder=seat,
            awaiting=next_seat(state.out, seat),
            bids=state.bids + ((seat, bid),),
        )
        return new, (BidMade(seat, bid),)

    def _call(
        self, state: DoubtingState, call: Challenge | Exact
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        """A challenge or exact call: count the reveal, settle the dice, go on."""
        if state.phase is not Phase.ANSWER or state.bid is None or state.bidder is None:
            raise NoBidToCall(f"there is no bid to {call.kind} yet: make the opening bid")
        result, counted = _count_reveal(state, call)
        events: list[Event] = [
            CallMade(result.caller, result.kind, result.bidder, result.bid),
            counted,
        ]
        loser, loss = _loser(result)
        new = replace(state, last_result=result)
        palifico_seat: int | None = None
        if loser is None:
            new = _gain_die(new, result.caller, events)
        else:
            new, palifico_seat = _lose_dice(new, loser, loss, events)
        starter = result.caller if loser is None else loser
        return self._after_round(new, starter, palifico_seat, events)

    def _after_round(
        self,
        state: DoubtingState,
        starter: int,
        palifico_seat: int | None,
        events: list[Event],
    ) -> tuple[DoubtingState, tuple[Event, ...]]:
        """The game's end with one seat left, else the next round (palifico if earned)."""
        remaining = state.remaining
        if len(remaining) == 1:
            new = replace(
                state,
                phase=Phase.GAME_OVER,
                awaiting=None,
                winner=remaining[0],
                bid=None,
                bidder=None,
                palifico_seat=None,
                announced_total=None,
                bids=(),
            )
            return new, (*events, GameWon(remaining[0]))
        if state.out[starter]:
            starter = next_seat(state.out, starter)
        new, round_events = self._start_round(
            replace(state, round=state.round + 1), starter, palifico_seat
        )
        return new, (*events, *round_events)

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

    # --- summary ------------------------------------------------------------------------
    def tally(self, move: Move) -> list[tuple[int, Tally]]:
        """Bluffs and calls, judged at each reveal (:mod:`games.doubting.tally`)."""
        return doubting_tally.tally(move)

    def summary(self, state: DoubtingState, names: Sequence[str] | None = None) -> dict[str, Any]:
        names = list(names) if names is not None else list(state.names)

        def seat(s: int | None) -> str | None:
            return None if s is None else seat_name(names, s)

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
                    "name": seat_name(names, i),
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
        return f"{seat_name(names, state.winner)} wins" if state.winner is not None else "game over"
    if state.phase is Phase.ROUND_DICE:
        return f"Read the {dice_word(state.dice_in_play)} of round {state.round}"
    who = seat_name(names, state.awaiting if state.awaiting is not None else state.starter)
    pal = " (palifico)" if state.palifico else ""
    if state.phase is Phase.OPENING:
        return f"{who}: open the bidding{pal}"
    assert state.bid is not None
    bid = f"{state.bid.quantity} x {state.bid.face}"
    if min_raise(state) is None:
        return f"{who}: challenge or exact {bid}{pal}"
    return f"{who}: raise {bid}, challenge or exact{pal}"
