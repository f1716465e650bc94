"""The box's state machine for one game of Bamboozled: presses and camera looks in,
engine actions applied and logged, a view out.

:class:`BamboozledFlow` is thin: the rules live in :mod:`games.bamboozled`; the flow only
turns buttons into actions, asks the camera for the dice, logs each action (appended,
flushed and fsynced by :class:`games.log.LogWriter`) *before* the screen changes, and
describes what happened.

The flow (UI modes on top of the engine's phase):

* DECLARE -> :class:`Declaring`: UP/DOWN step one legal score, ACCEPT/CHALLENGE jump a
  group (13.., 23.., .., doubles, Jackpot) with wrap-around, so any of the 35 scores is
  at most 6 presses away; OK declares; CARD opens the card menu where the engine allows
  a card now (Revive on one's own turn).
* DECIDE -> :class:`Deciding`: ACCEPT / CHALLENGE read the dice; CARD opens the menu of
  the before-roll cards legal now (the player names the card by picking it); DOWN or
  MENU shows the players' table.
* Reading: "Lift the cup", then the one reading flow of :class:`device.core.flow.GameFlow`
  (two dice expected; spread and read again, by hand with two confirmations: the
  declarer, then the judge; a camera problem explained first; the photo and how the
  dice were read in the action's log meta).
* A ruling page (:class:`Ruled`) follows each decision (an answer to an offer is ruled
  together with what led to it); offers the engine makes (SHOW_CARD, MY_BAD_OFFER,
  REVIVE_OFFER) are their own screens (CARD yes, CHALLENGE no); DISCARD is a menu
  naming the card (or "Don't name it"); GAME_OVER shows the winner, OK ends the game.
* No Bluffing -> :class:`Rolling`: OK reads the open roll; when a card could make it
  good enough, a menu asks whether to use one.
* MENU (long CARD) shows the players' table from any game screen.
* A button that does nothing now is ignored; the hint line shows a cross and what
  works instead. An action the engine refuses shows its message (:class:`Notice`);
  nothing changes.
* With the simulator's hooks (:class:`BamboozledHooks`), card menus offer only the cards in the
  player's virtual hand; on the real box they offer every card the counts allow.

The mode after a restart is derived from the engine state alone (:meth:`BamboozledFlow.mode_for`),
so resuming a log lands on exactly the screen the game was waiting on.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from device.bamboozled import screens as bs
from device.bamboozled.rulings import ruling
from device.core.flow import (
    MAX_ATTEMPTS,
    ConfirmByHand,
    EnterByHand,
    GameFlow,
    NoHooks,
    Over,
    Players,
    PressHandler,
    Reading,
    Ruled,
    ViewHandler,
)
from device.core.ports import status_word
from device.core.roles import Role
from device.ui.views import MenuView, PlayerRow, PlayersView, ReadView
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
from games.bamboozled.cards import Card
from games.bamboozled.rules import Bamboozled
from games.bamboozled.scores import (
    best_truthful,
    jump_down,
    jump_up,
    legal_declarations,
    next_score,
    previous_score,
    rank,
    reach_with,
    score_name,
    ties_or_beats,
)
from games.bamboozled.state import Phase, State
from games.event import Event

_OFFERS = (Phase.SHOW_CARD, Phase.MY_BAD_OFFER, Phase.REVIVE_OFFER)


class ReadKind(enum.StrEnum):
    """Why the dice are read: the judge accepts or challenges, or an open roll."""

    ACCEPT = "accept"
    CHALLENGE = "challenge"
    ROLL = "roll"


class BamboozledHooks(NoHooks):
    """The core hooks plus the cards a seat really holds (the simulator's virtual hands)."""

    def hand(self, seat: int) -> list[Card] | None:
        """The cards ``seat`` holds, if known (None: the real box cannot know)."""
        return None


# --- UI modes ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Declaring:
    score: int


@dataclass(frozen=True)
class Deciding:
    pass


@dataclass(frozen=True)
class Rolling:
    """No Bluffing: waiting for the open roll (OK to read it)."""


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action | None  # None: go back


@dataclass(frozen=True)
class Picking:
    """A menu of actions (cards to play, show, discard; card use on an open roll)."""

    title: str
    choices: tuple[Choice, ...]
    cursor: int = 0
    back: Any = None  # the mode BACK returns to (None: no way back)
    meta: Any = None  # log meta for the chosen action


@dataclass(frozen=True)
class Offer:
    """SHOW_CARD, MY_BAD_OFFER or REVIVE_OFFER: CARD yes, CHALLENGE no."""


# --- the flow ----------------------------------------------------------------------------


class BamboozledFlow(GameFlow):
    """One game of Bamboozled on the box (see the module docstring for the flow).

    ``hooks`` may be :class:`BamboozledHooks` (card menus offer only the cards held).
    """

    rules_factory = Bamboozled
    hint_mark = "\u2717 "
    state: State
    rules: Bamboozled

    def press_handlers(self) -> Mapping[type, PressHandler]:
        return {Declaring: self._press_declaring, Deciding: self._press_deciding,
                Rolling: self._press_rolling, Picking: self._press_picking,
                Offer: self._press_offer}

    def view_handlers(self) -> Mapping[type, ViewHandler]:
        return {Declaring: self._declaring_view, Deciding: self._deciding_view,
                Rolling: self._rolling_view, Picking: self._picking_view,
                Offer: lambda mode: self._offer_view()}

    # --- small queries ---------------------------------------------------------------------
    def mode_for(self, state: State) -> Any:
        """The screen the engine state is waiting on."""
        phase = state.phase
        if phase is Phase.DECLARE:
            return Declaring(legal_declarations(state.score)[0])
        if phase is Phase.DECIDE:
            return Deciding()
        if phase is Phase.ROLL:
            return Rolling()
        if phase in _OFFERS:
            return Offer()
        if phase is Phase.DISCARD:
            return self._discard_menu()
        return Over()

    def _legal(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def _hand(self, seat: int) -> list[Card] | None:
        return self.hooks.hand(seat) if isinstance(self.hooks, BamboozledHooks) else None

    def _held(self, seat: int, card: Card) -> bool:
        hand = self._hand(seat)
        return hand is None or card in hand

    # --- the reading ---------------------------------------------------------------------------
    def rule(self, kind: ReadKind, values: tuple[Any, ...], meta: dict[str, Any]) -> None:
        dice = (int(values[0]), int(values[1]))
        if kind is ReadKind.ACCEPT:
            self.apply(Accept(dice), meta)
        elif kind is ReadKind.CHALLENGE:
            self.apply(Challenge(dice), meta)
        else:
            self._open_roll(dice, meta)

    def check_reading(self, mode: Reading, values: tuple[Any, ...]) -> str | None:
        return None if len(values) == 2 else f"expected 2 dice, saw {len(values)}"

    def confirmers(self, kind: ReadKind) -> tuple[int, int]:
        s = self.state
        assert s.awaiting is not None
        if kind is ReadKind.ROLL:
            return s.awaiting, s.next_seat(s.awaiting)
        assert s.declarer is not None
        return s.declarer, s.awaiting

    def hand_start(self, kind: ReadKind, batch: int) -> tuple[int, int]:
        return (1, 1)

    def hand_fields(self, kind: ReadKind) -> int:
        return 2

    def hand_step(self, mode: EnterByHand, step: int) -> tuple[int, int]:
        dice = list(mode.value)
        dice[mode.cursor] = (dice[mode.cursor] - 1 + step) % 6 + 1
        return (dice[0], dice[1])

    def hand_values(self, kind: ReadKind, value: tuple[int, int], batch: int
                    ) -> tuple[int, int]:
        return value

    # --- per mode ---------------------------------------------------------------------------
    def _press_declaring(self, role: Role) -> bool:
        mode: Declaring = self.mode
        current = self.state.score
        moves = {Role.UP: next_score, Role.DOWN: previous_score, Role.ACCEPT: jump_up,
                 Role.CHALLENGE: jump_down}
        if role in moves:
            self.mode = Declaring(moves[role](mode.score, current))
            return True
        if role is Role.OK:
            self.apply(Declare(mode.score))
            return True
        if role is Role.CARD:  # Revive on one's own turn
            self._card_menu()
            return True
        return False

    def _press_deciding(self, role: Role) -> bool:
        if role is Role.ACCEPT:
            self.start_reading(ReadKind.ACCEPT)
        elif role is Role.CHALLENGE:
            self.start_reading(ReadKind.CHALLENGE)
        elif role is Role.CARD:
            self._card_menu()
        elif role is Role.DOWN:
            self.mode = Players(self.mode)
        else:
            return False
        return True

    def _press_rolling(self, role: Role) -> bool:
        if role is Role.OK:
            self.start_reading(ReadKind.ROLL)
        elif role is Role.CARD:
            self._card_menu()
        elif role is Role.DOWN:
            self.mode = Players(self.mode)
        else:
            return False
        return True

    def _card_menu(self) -> None:
        seat = self.state.awaiting
        assert seat is not None
        choices = [Choice(a.card.label, a) for a in self._legal()
                   if isinstance(a, PlayCard) and self._held(seat, a.card)]
        if not choices:
            held = self.state.hand(seat)
            self.flash = "no card to play now" if held else f"{self.who(seat)} has no card"
            return
        self.mode = Picking(f"{self.who(seat)}: play", tuple(choices) + (Choice("Back", None),),
                            back=self.mode)

    def _press_picking(self, role: Role) -> bool:
        mode: Picking = self.mode
        n = len(mode.choices)
        if role in (Role.UP, Role.DOWN):
            step = -1 if role is Role.UP else 1
            self.mode = replace(mode, cursor=(mode.cursor + step) % n)
        elif role is Role.OK:
            choice = mode.choices[mode.cursor]
            if choice.action is None:
                self.mode = mode.back
            else:
                self.apply(choice.action, mode.meta)
        elif role is Role.BACK and mode.back is not None:
            self.mode = mode.back
        else:
            return False
        return True

    def _press_offer(self, role: Role) -> bool:
        phase = self.state.phase
        seat = self.state.awaiting
        assert seat is not None
        if role is Role.CHALLENGE:
            self.apply(Decline())
            return True
        if role is not Role.CARD:
            return False
        legal = [a for a in self._legal() if not isinstance(a, Decline)]
        if phase is Phase.SHOW_CARD:
            choices = [Choice(" + ".join(c.label for c in a.cards), a) for a in legal
                       if isinstance(a, Show) and all(self._held(seat, c) for c in a.cards)]
        else:
            choices = [Choice(a.card.label, a) for a in legal
                       if isinstance(a, PlayCard) and self._held(seat, a.card)]
        if not choices:
            self.flash = "no such card in hand"
            return True
        if len(choices) == 1:
            action = choices[0].action
            assert action is not None
            self.apply(action)
            return True
        self.mode = Picking(f"{self.who(seat)}: show", tuple(choices) + (Choice("Back", None),),
                            back=self.mode)
        return True

    def _discard_menu(self) -> Picking:
        seat = self.state.awaiting
        assert seat is not None
        choices = []
        hand = self._hand(seat)
        if hand is None:
            choices.append(Choice("Don't name it", Discard(None)))
        for action in self._legal():
            if isinstance(action, Discard) and action.card is not None and (
                    hand is None or action.card in hand):
                choices.append(Choice(action.card.label, action))
        return Picking(f"{self.who(seat)}: discard 1", tuple(choices))

    # --- doing things ----------------------------------------------------------------------
    def _open_roll(self, dice: tuple[int, int], meta: dict[str, Any]) -> None:
        seat = self.state.awaiting
        assert seat is not None
        rolls = [a for a in self._legal() if isinstance(a, Roll) and tuple(a.dice) in (
            dice, dice[::-1]) and all(self._held(seat, c) for c in a.cards)]
        # Only cards that make a score good enough are worth offering.
        raised = [a for a in rolls if a.cards and ties_or_beats(
            max(reach_with(a.cards, dice), key=rank), self.state.score)]
        if not raised:
            self.apply(Roll(dice), meta)
            return
        plain = best_truthful(dice)
        choices = [Choice(f"No card: {score_name(plain)}", Roll(dice))]
        for a in raised:
            best = max(reach_with(a.cards, dice), key=rank)
            choices.append(Choice(f"{' + '.join(c.label for c in a.cards)}: {score_name(best)}",
                                  Roll(dice, a.cards)))
        self.mode = Picking(f"{self.who(seat)}: use a card?", tuple(choices), meta=meta)

    def context(self) -> tuple[Event, ...]:
        # An answer to an offer is ruled together with what led to the offer.
        return self.last_events if self.state.phase in _OFFERS else ()

    def mode_after(self, action: Action) -> Any:
        if isinstance(action, Declare) or self.state.phase in _OFFERS:
            return self.mode_for(self.state)
        return Ruled(ruling(self.last_events, self.state, action))

    # --- views ------------------------------------------------------------------------------
    def strip(self) -> bs.Strip:
        s = self.state
        return bs.Strip(tuple(
            bs.Seat(self.who(i), s.strikes[i], s.hand(i), s.out[i], i == s.awaiting)
            for i in range(len(s.names))), s.settings.strike_limit)

    def players_view(self) -> PlayersView:
        s = self.state
        rows = tuple(PlayerRow(self.who(i), s.strikes[i], s.hand(i), i == s.awaiting,
                               s.out[i]) for i in range(len(s.names)))
        way = "clockwise" if s.direction == 1 else "counter-clockw."
        return PlayersView(f"Round {s.round}, {way}", rows, s.settings.strike_limit,
                           "any key: back")

    def winner_lines(self) -> tuple[str, ...]:
        return (f"after {self.state.round} rounds",)

    def _declaring_view(self, mode: Declaring) -> bs.DeclareView:
        s = self.state
        legal = legal_declarations(s.score)
        where = f">={s.score}" if s.score else f"{legal.index(mode.score) + 1}/{len(legal)}"
        return bs.DeclareView(self.who(s.awaiting), mode.score, str(mode.score),
                              _caption(mode.score), where, strip=self.strip())

    def _deciding_view(self, mode: Deciding) -> bs.DecideView:
        s = self.state
        return bs.DecideView(self.who(s.awaiting), self.who(s.declarer), str(s.score),
                             _caption(s.score), strip=self.strip())

    def _rolling_view(self, mode: Rolling) -> bs.RollView:
        s = self.state
        caption = f"to beat {score_name(s.score)}" if s.score else "any score"
        return bs.RollView(self.who(s.awaiting), caption, strip=self.strip())

    def _picking_view(self, mode: Picking) -> MenuView:
        labels = tuple(c.label for c in mode.choices)
        return MenuView(mode.title, labels, mode.cursor,
                        "w/s o:pick" + (" b:back" if mode.back is not None else ""))

    def hand_view(self, mode: EnterByHand) -> bs.DiceEntryView:
        return bs.DiceEntryView("Dice by hand", mode.value, mode.cursor, mode.why)

    def confirm_view(self, mode: ConfirmByHand, who: str) -> bs.ConfirmDiceView:
        return bs.ConfirmDiceView(who, mode.value, mode.step, "Are these the dice?")

    def reading_view(self, mode: Reading) -> ReadView:
        if mode.problem is not None:
            return ReadView("Spread the dice", "", (
                f"{mode.problem}.", "Move them apart, hands away, then OK."),
                mode.attempt, "o:read again m:hand", of=MAX_ATTEMPTS)
        roll = mode.kind is ReadKind.ROLL
        title = "Read the roll" if roll else "Lift the cup"
        s = self.state
        what = (f"{self.who(s.awaiting)}'s open roll" if roll
                else f"{self.who(s.awaiting)} {mode.kind}s {s.score}")
        return ReadView(title, status_word(mode.status), (what, "Hands off the tray."),
                           mode.attempt, of=MAX_ATTEMPTS if mode.attempt > 1 else 0)

    def _offer_view(self) -> bs.OfferView:
        s = self.state
        seat = s.awaiting
        name = self.who(seat)
        score = str(s.score)  # the number, as the rulings say it: "44 isn't on the dice"
        if s.phase is Phase.SHOW_CARD:
            assert seat is not None
            shows = [a for a in self._legal() if isinstance(a, Show)
                     and all(self._held(seat, c) for c in a.cards)]
            labels = list(dict.fromkeys(c.label for a in shows for c in a.cards))
            which = " or ".join(labels) if labels else "a card"
            # more than one way to show: p asks which card (a menu), never picks one
            return bs.OfferView(f"{name}: show a card?", (
                f"{score} isn't on the dice.", f"Show {which}?"),
                s.dice, "p:pick c:no" if len(shows) > 1 else "p:show c:no")
        if s.phase is Phase.MY_BAD_OFFER:
            assert seat is not None
            return bs.OfferView(f"{name}: My Bad?", (
                f"TRUTHFUL: {score} stands.",
                f"Play My Bad, or take a strike ({s.strikes[seat] + 1}/"
                f"{s.settings.strike_limit})."), s.dice, "p:my bad c:no")
        assert seat is not None
        why = ruling(self.last_events, s, None)  # what led to the offer: "BLUFF! 1-1 ..."
        return bs.OfferView(f"{name}: Revive?", (
            " ".join((why.headline, *why.lines[:1])),
            f"Strike {s.settings.strike_limit}/{s.settings.strike_limit}: out, unless"
            " Revive."), s.dice, "p:revive c:no")


def _caption(score: int) -> str:
    name = score_name(score)
    return "" if name == str(score) else name


__all__ = ["BamboozledFlow", "BamboozledHooks", "Choice", "Declaring", "Deciding", "Offer",
           "Picking", "ReadKind", "Rolling"]
