"""The box's state machine for one game of Bamboozled: presses and camera looks in,
engine actions applied and logged, a view out.

:class:`Table` is thin: the rules live in :mod:`games.bamboozled.rules`; the table only turns
buttons into actions, asks the camera for the dice, logs each action (appended, flushed
and fsynced by :class:`games.log.LogWriter`) *before* the screen changes, and describes
what happened. No threads, no sleeps: the loop calls :meth:`Table.press` for each
button and :meth:`Table.tick` with the time while :attr:`Table.busy` (reading dice).

The flow (UI modes on top of the engine's phase):

* DECLARE -> :class:`Declaring`: UP/DOWN step one legal score, ACCEPT/CHALLENGE jump a
  group (13.., 23.., .., doubles, Jackpot) with wrap-around, so any of the 35 scores is
  at most 6 presses away; OK declares; CARD opens the card menu where the engine allows
  a card now (Revive on one's own turn).
* DECIDE -> :class:`Deciding`: ACCEPT / CHALLENGE read the dice; CARD opens the menu of
  the before-roll cards legal now (the player names the card by picking it); DOWN or
  MENU shows the players' table.
* Reading (:class:`Reading`): "Lift the cup", camera looks until the watcher settles.
  A reading that is not exactly two dice, or has an uncertain die, asks to spread the
  dice and read again (OK); after :data:`MAX_ATTEMPTS` failures, or MENU/CARD at any
  time, the dice are entered by hand (:class:`EnterDice`) and must be confirmed by two
  players (:class:`ConfirmDice`: the declarer, then the judge). The box never rules on
  a guess. A camera or reader failure is explained first (:class:`Notice`), then the
  dice are entered by hand. The frame behind the ruling is saved (``save_photo``) and
  its path, with how the dice were read, goes into the action's log ``meta``.
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
* With the simulator's hooks (:class:`Hooks`), card menus offer only the cards in the
  player's virtual hand; on the real box they offer every card the counts allow.

The mode after a restart is derived from the engine state alone (:meth:`Table.mode_for`),
so resuming a log lands on exactly the screen the game was waiting on.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from device import bamboozled_screens as bs
from device.buttons import Role
from device.screens import MenuView, MessageView, PlayerRow, PlayersView
from device.table_base import (
    MAX_ATTEMPTS,
    Notice,
    Over,
    Reading,
    Recorder,
    SavePhoto,
    TableBase,
)
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
from games.common import Event

log = logging.getLogger(__name__)
_OFFERS = (Phase.SHOW_CARD, Phase.MY_BAD_OFFER, Phase.REVIVE_OFFER)


# --- what the table needs from the outside --------------------------------------------------


@dataclass(frozen=True)
class Look:
    """What the camera makes of the tray now.

    state: "moving", "hand in view", "empty", "settled" or "error".
    values: the two dice when settled on a good reading of exactly two dice.
    problem: why a settled reading cannot be ruled on ("a die could not be read",
    "expected 2 dice, saw 3", a camera error...).
    frame: the BGR frame looked at (saved as the photo behind a ruling).
    """

    state: str
    values: tuple[int, int] | None = None
    problem: str | None = None
    frame: Any = None

    @property
    def done(self) -> bool:
        """A settled reading (good or not) or an error: stop looking."""
        return self.state in ("settled", "error")


class Eye(Protocol):
    def start(self) -> None:
        """Start looking afresh (forget earlier frames)."""

    def poll(self, t: float) -> Look:
        """Look at the next frame (``t``: seconds, monotonic)."""


class Hooks:
    """What the simulator (or a test) wants to know; the real box ignores it all."""

    def turn(self, table: Table) -> None:
        """A roller's turn is on screen (the simulated cup rolls, once per turn)."""

    def lift(self, table: Table) -> None:
        """The cup is being lifted: the camera will see the dice."""

    def applied(self, table: Table, action: Action, events: Sequence[Event]) -> None:
        """An action was applied and logged."""

    def hand(self, seat: int) -> list[Card] | None:
        """The cards ``seat`` really holds, if known (the simulator's virtual hands)."""
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
class EnterDice:
    kind: str
    dice: tuple[int, int] = (1, 1)
    cursor: int = 0
    why: str = ""
    frame: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class ConfirmDice:
    kind: str
    dice: tuple[int, int]
    step: int = 1
    why: str = ""
    frame: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class Offer:
    """SHOW_CARD, MY_BAD_OFFER or REVIVE_OFFER: CARD yes, CHALLENGE no."""


@dataclass(frozen=True)
class Ruled:
    view: bs.RulingView


@dataclass(frozen=True)
class ShowingTable:
    """The players' table (strikes, cards, whose turn); any button returns."""

    back: Any


# --- the table ---------------------------------------------------------------------------


class Table(TableBase):
    """One game on the box. See the module docstring for the flow.

    ``state``: the engine state (from ``rules.new_game`` or a log replay);
    ``log``: where actions are recorded (a :class:`games.log.LogWriter`);
    ``eye``: the camera (:class:`Eye`); ``save_photo(frame, n) -> path or None`` keeps
    the frame behind the n-th action; ``hooks``: the simulator's; ``last_events``: the
    events of the last action (after a resume, to describe an open offer).
    """

    players_mode = ShowingTable
    no_menu = (Reading, EnterDice, ConfirmDice, ShowingTable, Notice)

    def __init__(self, state: State, log: Recorder, eye: Eye, *,
                 save_photo: SavePhoto | None = None, hooks: Hooks | None = None,
                 rules: Bamboozled | None = None, actions: int = 0,
                 last_events: Sequence[Event] = ()) -> None:
        super().__init__(state, log, eye, save_photo=save_photo, hooks=hooks or Hooks(),
                         rules=rules or Bamboozled(), actions=actions, last_events=last_events)

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
        if phase in (Phase.SHOW_CARD, Phase.MY_BAD_OFFER, Phase.REVIVE_OFFER):
            return Offer()
        if phase is Phase.DISCARD:
            return self._discard_menu()
        return Over()

    def _legal(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def _held(self, seat: int, card: Card) -> bool:
        hand = self.hooks.hand(seat)
        return hand is None or card in hand

    # --- input ------------------------------------------------------------------------------
    def _settled(self, mode: Reading, look: Look) -> None:
        if look.values is not None and look.problem is None:
            self._read(mode.kind, look.values, look.frame, {"read": "camera"})
            return
        problem = look.problem or "no dice seen"
        if look.state == "error":
            log.warning("reading the dice: %s", problem)
            self.mode = Notice("Camera problem", f"{problem}. Enter the dice by hand.",
                               EnterDice(mode.kind, why="camera problem", frame=look.frame))
            return
        if mode.attempt >= MAX_ATTEMPTS:
            self.mode = EnterDice(mode.kind, why=problem, frame=look.frame)
            return
        self.mode = replace(mode, problem=problem, status="", frame=look.frame)

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
            self._apply(Declare(mode.score))
            return True
        if role is Role.CARD:  # Revive on one's own turn
            self._card_menu()
            return True
        return False

    def _press_deciding(self, role: Role) -> bool:
        if role is Role.ACCEPT:
            self._start_reading("accept")
        elif role is Role.CHALLENGE:
            self._start_reading("challenge")
        elif role is Role.CARD:
            self._card_menu()
        elif role is Role.DOWN:
            self.mode = ShowingTable(self.mode)
        else:
            return False
        return True

    def _press_rolling(self, role: Role) -> bool:
        if role is Role.OK:
            self._start_reading("roll")
        elif role is Role.CARD:
            self._card_menu()
        elif role is Role.DOWN:
            self.mode = ShowingTable(self.mode)
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
                self._apply(choice.action, mode.meta)
        elif role is Role.BACK and mode.back is not None:
            self.mode = mode.back
        else:
            return False
        return True

    def _start_reading(self, kind: str, attempt: int = 1) -> None:
        self.mode = Reading(kind, attempt, status="looking")
        self.hooks.lift(self)
        self.eye.start()

    def _press_reading(self, role: Role) -> bool:
        mode: Reading = self.mode
        if role in (Role.MENU, Role.CARD):
            self.mode = EnterDice(mode.kind, why="entered by hand", frame=mode.frame)
            return True
        if mode.problem is not None and role is Role.OK:
            self._start_reading(mode.kind, mode.attempt + 1)
            return True
        return False

    def _press_enterdice(self, role: Role) -> bool:
        mode: EnterDice = self.mode
        if role in (Role.UP, Role.DOWN):
            step = 1 if role is Role.UP else -1
            dice = list(mode.dice)
            dice[mode.cursor] = (dice[mode.cursor] - 1 + step) % 6 + 1
            self.mode = replace(mode, dice=(dice[0], dice[1]))
        elif role is Role.OK:
            if mode.cursor == 0:
                self.mode = replace(mode, cursor=1)
            else:
                self.mode = ConfirmDice(mode.kind, mode.dice, 1, mode.why, mode.frame)
        elif role is Role.BACK:
            if mode.cursor == 1:
                self.mode = replace(mode, cursor=0)
            else:
                self._start_reading(mode.kind)
        else:
            return False
        return True

    def _confirmers(self, kind: str) -> tuple[int, int]:
        s = self.state
        assert s.awaiting is not None
        if kind == "roll":
            return s.awaiting, s.next_seat(s.awaiting)
        assert s.declarer is not None
        return s.declarer, s.awaiting

    def _press_confirmdice(self, role: Role) -> bool:
        mode: ConfirmDice = self.mode
        if role is Role.OK:
            if mode.step == 1:
                self.mode = replace(mode, step=2)
            else:
                names = [self.names[s] for s in self._confirmers(mode.kind)]
                meta = {"read": "manual", "confirmed_by": names, "why": mode.why}
                self._read(mode.kind, mode.dice, mode.frame, meta)
        elif role in (Role.CHALLENGE, Role.BACK):
            self.mode = EnterDice(mode.kind, mode.dice, 0, mode.why, mode.frame)
        else:
            return False
        return True

    def _press_offer(self, role: Role) -> bool:
        phase = self.state.phase
        seat = self.state.awaiting
        assert seat is not None
        if role is Role.CHALLENGE:
            self._apply(Decline())
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
            self._apply(choices[0].action)  # type: ignore[arg-type]
            return True
        self.mode = Picking(f"{self.who(seat)}: show", tuple(choices) + (Choice("Back", None),),
                            back=self.mode)
        return True

    def _discard_menu(self) -> Picking:
        seat = self.state.awaiting
        assert seat is not None
        choices = []
        hand = self.hooks.hand(seat)
        if hand is None:
            choices.append(Choice("Don't name it", Discard(None)))
        for action in self._legal():
            if isinstance(action, Discard) and action.card is not None and (
                    hand is None or action.card in hand):
                choices.append(Choice(action.card.label, action))
        return Picking(f"{self.who(seat)}: discard 1", tuple(choices))

    _press_showingtable = TableBase._press_players

    # --- doing things ----------------------------------------------------------------------
    def _read(self, kind: str, dice: tuple[int, int], frame: Any, meta: dict[str, Any]) -> None:
        """The dice are known (camera or confirmed by hand): save the photo and rule."""
        meta = self._with_photo(frame, meta)
        if kind == "accept":
            self._apply(Accept(dice), meta)
        elif kind == "challenge":
            self._apply(Challenge(dice), meta)
        else:
            self._open_roll(dice, meta)

    def _open_roll(self, dice: tuple[int, int], meta: dict[str, Any]) -> None:
        seat = self.state.awaiting
        assert seat is not None
        rolls = [a for a in self._legal() if isinstance(a, Roll) and tuple(a.dice) in (
            dice, dice[::-1]) and all(self._held(seat, c) for c in a.cards)]
        # Only cards that make a score good enough are worth offering.
        raised = [a for a in rolls if a.cards and ties_or_beats(
            max(reach_with(a.cards, dice), key=rank), self.state.score)]
        if not raised:
            self._apply(Roll(dice), meta)
            return
        plain = best_truthful(dice)
        choices = [Choice(f"No card: {score_name(plain)}", Roll(dice))]
        for a in raised:
            best = max(reach_with(a.cards, dice), key=rank)
            choices.append(Choice(f"{' + '.join(c.label for c in a.cards)}: {score_name(best)}",
                                  Roll(dice, a.cards)))
        self.mode = Picking(f"{self.who(seat)}: use a card?", tuple(choices), meta=meta)

    def _context(self) -> tuple[Event, ...]:
        # An answer to an offer is ruled together with what led to the offer.
        return self.last_events if self.state.phase in _OFFERS else ()

    def _mode_after(self, action: Action) -> Any:
        if isinstance(action, Declare) or self.state.phase in _OFFERS:
            return self.mode_for(self.state)
        return Ruled(ruling(self.last_events, self.state, action))

    def _entered(self) -> None:
        if isinstance(self.mode, Declaring | Rolling):
            self.hooks.turn(self)

    # --- views ------------------------------------------------------------------------------
    def strip(self) -> bs.Strip:
        s = self.state
        return bs.Strip(tuple(
            bs.Seat(name, s.strikes[i], s.hand(i), s.out[i], i == s.awaiting)
            for i, name in enumerate(s.names)), s.settings.strike_limit)

    def players_view(self) -> PlayersView:
        s = self.state
        rows = tuple(PlayerRow(name, s.strikes[i], s.hand(i), i == s.awaiting, s.out[i])
                     for i, name in enumerate(s.names))
        way = "clockwise" if s.direction == 1 else "counter-clockw."
        return PlayersView(f"Round {s.round}, {way}", rows, s.settings.strike_limit,
                           "any key: back")

    def _hint_for_mode(self) -> str:
        """The hint after a press that did nothing: a cross, then what works now."""
        return "\u2717 " + super()._hint_for_mode()

    def _view(self) -> Any:  # noqa: C901 - one branch per mode
        mode, s = self.mode, self.state
        name = self.who(s.awaiting)
        if isinstance(mode, Declaring):
            legal = legal_declarations(s.score)
            where = f">={s.score}" if s.score else f"{legal.index(mode.score) + 1}/{len(legal)}"
            return bs.DeclareView(name, mode.score, str(mode.score), _caption(mode.score),
                                  where, strip=self.strip())
        if isinstance(mode, Deciding):
            return bs.DecideView(name, self.who(s.declarer), str(s.score), _caption(s.score),
                                 strip=self.strip())
        if isinstance(mode, Rolling):
            caption = f"to beat {score_name(s.score)}" if s.score else "any score"
            return bs.RollView(name, caption, strip=self.strip())
        if isinstance(mode, Picking):
            labels = tuple(c.label for c in mode.choices)
            return MenuView(mode.title, labels, mode.cursor,
                            "w/s o:pick" + (" b:back" if mode.back is not None else ""))
        if isinstance(mode, Reading):
            return self._reading_view(mode)
        if isinstance(mode, EnterDice):
            return bs.DiceEntryView("Dice by hand", mode.dice, mode.cursor, mode.why)
        if isinstance(mode, ConfirmDice):
            who = self.who(self._confirmers(mode.kind)[mode.step - 1])
            return bs.ConfirmDiceView(who, mode.dice, mode.step, "Are these the dice?")
        if isinstance(mode, Offer):
            return self._offer_view()
        if isinstance(mode, Ruled):
            return mode.view
        if isinstance(mode, Notice):
            return MessageView(mode.title, (mode.text,), "o:ok")
        if isinstance(mode, ShowingTable):
            return self.players_view()
        if isinstance(mode, Over):
            winner = s.winner
            lines = (f"after {s.round} rounds",)
            return bs.WinnerView(self.who(winner), lines)
        raise AssertionError(mode)

    def _reading_view(self, mode: Reading) -> bs.ReadView:
        if mode.problem is not None:
            return bs.ReadView("Spread the dice", "", (
                f"{mode.problem}.", "Move them apart, hands away, then OK."),
                mode.attempt, "o:read again m:hand", of=MAX_ATTEMPTS)
        title = "Read the roll" if mode.kind == "roll" else "Lift the cup"
        status = {"moving": "dice moving", "looking": "looking", "empty": "no dice yet"}.get(
            mode.status, mode.status)
        s = self.state
        what = (f"{self.who(s.awaiting)}'s open roll" if mode.kind == "roll"
                else f"{self.who(s.awaiting)} {mode.kind}s {s.score}")
        return bs.ReadView(title, status, (what, "Hands off the tray."), mode.attempt,
                           of=MAX_ATTEMPTS if mode.attempt > 1 else 0)

    def _offer_view(self) -> bs.OfferView:
        s = self.state
        seat = s.awaiting
        name = self.who(seat)
        score = str(s.score)  # the number, as the rulings say it: "44 isn't on the dice"
        if s.phase is Phase.SHOW_CARD:
            shows = [a for a in self._legal() if isinstance(a, Show)]
            labels = list(dict.fromkeys(c.label for a in shows for c in a.cards))
            which = " or ".join(labels) if labels else "a card"
            return bs.OfferView(f"{name}: show a card?", (
                f"{score} isn't on the dice.", f"Show {which}?"),
                s.dice, "p:show c:no")
        if s.phase is Phase.MY_BAD_OFFER:
            assert seat is not None
            return bs.OfferView(f"{name}: My Bad?", (
                f"TRUTHFUL: {score} stands.",
                f"Play My Bad, or take a strike ({s.strikes[seat] + 1}/"
                f"{s.settings.strike_limit})."), s.dice, "p:my bad c:no")
        assert seat is not None
        return bs.OfferView(f"{name}: Revive?", (
            f"Strike {s.settings.strike_limit}/{s.settings.strike_limit}: out!",
            "Play Revive to stay in?"), s.dice, "p:revive c:no")


def _caption(score: int) -> str:
    name = score_name(score)
    return "" if name == str(score) else name


# --- rulings ------------------------------------------------------------------------------


def ruling(events: Sequence[Event], state: State, action: Action | None = None
           ) -> bs.RulingView:
    """The ruling page for one action's events (``state``: after them)."""
    names = [n.upper() for n in state.names]
    head = ""
    dice = None
    lines: list[str] = []
    limit = state.settings.strike_limit
    for e in events:
        if isinstance(e, ev.Truthful):
            dice = e.dice
            head = head or "TRUTHFUL"
            lines.append(f"{_d(e.dice)} shows {score_name(e.score)}")
        elif isinstance(e, ev.Bluff):
            dice = e.dice
            head = "BLUFF!"
            lines.append(f"{e.score} isn't on {_d(e.dice)}")
        elif isinstance(e, ev.Bamboozled):
            head = "BAMBOOZLED!"
            lines.append(f"{names[e.by]} fooled {names[e.victim]}")
        elif isinstance(e, ev.CardDrawn):
            held = state.hand(e.seat)
            lines.append(f"{names[e.seat]} draws, has {held}" if held > 1
                         else f"{names[e.seat]} draws a card")
        elif isinstance(e, ev.NothingToDraw):
            lines.append("deck empty: no card")
        elif isinstance(e, ev.DeckReshuffled):
            lines.append("deck reshuffled")
        elif isinstance(e, ev.CardShown):
            head = "SHOWN!"
            lines.append(f"{names[e.seat]} shows {'+'.join(c.label for c in e.cards)}")
            lines.append(f"{e.score} stands")
        elif isinstance(e, ev.StrikeTaken):
            if e.revived:
                head = head or "REVIVE!"
                lines.append(f"{names[e.seat]} revives: {e.strikes}/{limit}")
            else:
                lines.append(f"{names[e.seat]} takes strike {e.strikes}/{limit}")
        elif isinstance(e, ev.StrikeReturned):
            lines.append(f"{names[e.seat]}: strikes {e.strikes}/{limit}")
        elif isinstance(e, ev.PlayerOut):
            head = "OUT!" if head in ("", "TRUTHFUL") else head
            lines.append(f"{names[e.seat]} is out")
        elif isinstance(e, ev.HandDiscarded):
            lines.append(f"{names[e.seat]}'s card{'s' if e.cards > 1 else ''}: discard pile")
        elif isinstance(e, ev.CardPlayed):
            head = head or e.card.label.upper() + "!"
            if not any(isinstance(x, ev.StrikeTaken) and x.revived for x in events):
                lines.append(f"{names[e.seat]} plays {e.card.label}")
        elif isinstance(e, ev.ScoreReset):
            lines.append("score back to 0")
        elif isinstance(e, ev.DirectionChanged):
            lines.append("now " + ("clockwise" if e.clockwise else "counter-clockwise"))
        elif isinstance(e, ev.TurnPassed):
            lines.append(f"{names[e.to]} decides")
        elif isinstance(e, ev.SelfAccepted):
            lines.append(f"back to {names[e.seat]}: no check")
        elif isinstance(e, ev.CardDiscarded):
            head = head or "DISCARDED"
            what = e.card.label if e.card else "a card"
            lines.append(f"{names[e.seat]} discards {what}")
        elif isinstance(e, ev.Rolled):
            dice = e.dice
            head = "JACKPOT" if e.score == 21 else str(e.score)  # "55", not "DOUBLE 5S"
            using = f" +{'+'.join(c.label for c in e.cards)}" if e.cards else ""
            lines.append(f"{names[e.seat]} rolls {_d(e.dice)}{using}")
        elif isinstance(e, ev.NotBeaten):
            head = "TOO LOW!"
            lines.append(f"doesn't beat {e.current}")
        elif isinstance(e, ev.RoundStarted):
            lines.append(f"round {e.round}: {names[e.starter]} starts")
        elif isinstance(e, ev.Winner):
            head = "GAME OVER"
            lines.append(f"{names[e.seat]} wins!")
    # Say who acts next when the events do not ("round 3: CAT starts", "CAT decides").
    seat = state.awaiting
    if seat is not None and not any(isinstance(e, ev.RoundStarted | ev.TurnPassed)
                                    for e in events):
        revive = any(isinstance(e, ev.CardPlayed) and e.card is Card.REVIVE for e in events)
        if state.phase is Phase.DISCARD:
            lines.append(f"{names[seat]}: discard a card")
        elif state.phase in (Phase.DECLARE, Phase.ROLL) and not revive:
            lines.append(f"{names[seat]} rolls next")
    return bs.RulingView(head or "OK", tuple(lines), dice)


def _d(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


__all__ = ["Hooks", "Look", "MAX_ATTEMPTS", "Table", "ruling"]
