"""The box's state machine for one game of Bluffaneer (a :class:`device.core.flow.GameFlow`).

The rules live in :mod:`games.bluffaneer`; this turns buttons and camera readings into
actions, logs each (fsynced) before the screen changes, and shows the ledger.

* :class:`Turn` "ANN rolls": the roller rolls the two bone dice in the open; OK reads
  them with the camera and the taught profile (the one reading flow: spread and read
  again, by hand with two players confirming).
  A double's effect is automatic; swords and ships ask whom to rob.
* :class:`PickVictim` (double swords or ships): UP/DOWN pick the player, OK steals.
* :class:`Match` (no double): UP/DOWN over "nobody claims", the roller's own match, and
  each other player's claim (the table says who said "Gimme Yer Booty" first); OK.
  The roller's own match is shown to the table and entered by hand (confirmed by the
  roller and the player on their left); it must match the roll.
* :class:`Judge`: the roller trusts the claim (ACCEPT) or calls Bluffaneer (CHALLENGE).
* :class:`ShowCard`: the claimer shows their card to the table; it is entered by hand and
  confirmed by the claimer and the roller. The camera does not read cards: a card's
  printed symbols need not look like the dice's, and a misread card would move coins.
* A ruling page (headline, the coins that moved, the ledger strip); OK goes on.
* :class:`Toss`: a tie for most coins; OK makes the box toss its coin (logged).
* MENU (hold CARD) shows the ledger: coins, bank, box, draw and discard piles.

The photo behind every camera reading is kept (the shared reading flow). The mode after a
restart comes from the engine state alone (:meth:`BluffaneerFlow.mode_for`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from device.bluffaneer import screens as bs
from device.bluffaneer.rulings import ruling
from device.core.flow import (
    MAX_ATTEMPTS,
    ConfirmByHand,
    EnterByHand,
    GameFlow,
    Notice,
    Over,
    PressHandler,
    Reading,
    Ruled,
    ViewHandler,
)
from device.core.ports import DieValue, status_word
from device.core.roles import Role
from device.ui.views import MessageView, NumberView, ReadView
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
from games.bluffaneer.rules import Bluffaneer, Phase, toss
from games.bluffaneer.state import State
from games.errors import InvalidInput


class ReadKind(enum.StrEnum):
    """What the camera reads: the roll, the roller's own card, the claimer's card."""

    ROLL = "roll"
    OWN = "own"
    CARD = "card"


# --- UI modes ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    pass


@dataclass(frozen=True)
class PickVictim:
    cursor: int = 0


@dataclass(frozen=True)
class Match:
    cursor: int = 0


@dataclass(frozen=True)
class Judge:
    pass


@dataclass(frozen=True)
class ShowCard:
    pass


@dataclass(frozen=True)
class Toss:
    pass


class Answer(enum.Enum):
    """The Match menu's entries besides a player's claim."""

    NOBODY = "nobody claims"
    OWN = "the roller's own match"


# --- the flow ----------------------------------------------------------------------------


class BluffaneerFlow(GameFlow):
    """One game of Bluffaneer on the box (see the module docstring for the flow)."""

    rules_factory = Bluffaneer
    state: State

    def press_handlers(self) -> Mapping[type, PressHandler]:
        return {Turn: self._press_turn, PickVictim: self._press_victim, Match: self._press_match,
                Judge: self._press_judge, ShowCard: self._press_show, Toss: self._press_toss}

    def view_handlers(self) -> Mapping[type, ViewHandler]:
        return {Turn: self._turn_view, PickVictim: self._victim_view, Match: self._match_view,
                Judge: self._judge_view, ShowCard: self._show_view, Toss: self._toss_view,
                Ruled: lambda mode: replace(mode.view, ledger=self.ledger())}

    def mode_for(self, state: State) -> Any:
        """The screen the engine state is waiting on."""
        modes: dict[Phase, Any] = {
            Phase.ROLL: Turn(), Phase.VICTIM: PickVictim(), Phase.MATCH: Match(),
            Phase.JUDGE: Judge(), Phase.REVEAL: ShowCard(), Phase.TOSS: Toss(),
        }
        return modes.get(state.phase, Over())

    # --- small queries ---------------------------------------------------------------------
    @property
    def faces(self) -> tuple[str, ...]:
        return self.state.settings.faces.names

    def match_options(self) -> tuple[int | Answer, ...]:
        """The Match menu: nobody claims, the roller's own match (if possible), each other
        player's claim (clockwise from the roller's left)."""
        s = self.state
        own = any(isinstance(a, OwnMatch) for a in self.rules.legal_actions(s))
        return (Answer.NOBODY, *((Answer.OWN,) if own else ()), *s.others(s.roller))

    def coin(self) -> random.Random:
        """The coin the box tosses: the simulator's seeded one, else the system's."""
        coin = getattr(self.hooks, "coin", None)
        return coin if isinstance(coin, random.Random) else random.SystemRandom()

    # --- the reading hooks -----------------------------------------------------------------
    def camera_reads(self, kind: ReadKind) -> bool:
        return kind is ReadKind.ROLL  # cards: by hand, confirmed by two (module doc)

    def check_reading(self, mode: Reading, values: tuple[DieValue, ...]) -> str | None:
        if len(values) != 2:
            return f"I see {len(values)} bone dice, expected 2: spread them"
        unknown = [v for v in values if v not in self.faces]
        if unknown:
            return f"{unknown[0]} is not a face of these dice: teach them, or by hand"
        return None

    def rule(self, kind: ReadKind, values: tuple[DieValue, ...], meta: dict[str, Any]) -> None:
        a, b = str(values[0]), str(values[1])
        if kind is ReadKind.ROLL:
            self.apply(Roll((a, b)), meta)
            return
        try:
            card = Card(a, b)
        except InvalidInput as exc:  # by hand, the same symbol twice
            self.mode = Notice("Not a card", str(exc), self.mode_for(self.state))
            return
        self.apply(OwnMatch(card) if kind is ReadKind.OWN else Reveal(card), meta)

    def refused_back(self, problem: str) -> Any:
        # a card that cannot be (not a match, every copy discarded): back to the choice
        return self.mode_for(self.state)

    def confirmers(self, kind: ReadKind) -> tuple[int, int]:
        s = self.state
        if kind is ReadKind.CARD:
            assert s.claimer is not None
            return s.claimer, s.roller
        return s.roller, s.left_of(s.roller)

    def hand_start(self, kind: ReadKind, batch: int) -> tuple[str, str]:
        if kind is ReadKind.ROLL or self.state.dice is None:
            return (self.faces[0], self.faces[0])
        return self.state.dice  # a card is usually entered as the roll it matches

    def hand_fields(self, kind: ReadKind) -> int:
        return 2

    def hand_step(self, mode: EnterByHand, step: int) -> tuple[str, str]:
        faces = self.faces
        value = list(mode.value)
        value[mode.cursor] = faces[(faces.index(value[mode.cursor]) + step) % len(faces)]
        return (value[0], value[1])

    def hand_values(self, kind: ReadKind, value: tuple[str, str], batch: int
                    ) -> tuple[DieValue, ...]:
        return value

    # --- per mode ---------------------------------------------------------------------------
    def _press_turn(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.start_reading(ReadKind.ROLL)
        return True

    def _press_victim(self, role: Role) -> bool:
        mode: PickVictim = self.mode
        others = self.state.others(self.state.roller)
        if role in (Role.UP, Role.DOWN):
            step = 1 if role is Role.DOWN else -1
            self.mode = PickVictim((mode.cursor + step) % len(others))
        elif role is Role.OK:
            self.apply(Steal(others[mode.cursor]))
        else:
            return False
        return True

    def _press_match(self, role: Role) -> bool:
        mode: Match = self.mode
        options = self.match_options()
        if role in (Role.UP, Role.DOWN):
            step = 1 if role is Role.DOWN else -1
            self.mode = Match((mode.cursor + step) % len(options))
            return True
        if role is not Role.OK:
            return False
        choice = options[min(mode.cursor, len(options) - 1)]
        if choice is Answer.NOBODY:
            self.apply(NoClaim())
        elif choice is Answer.OWN:
            self.start_reading(ReadKind.OWN)
        else:
            self.apply(Claim(choice))
        return True

    def _press_judge(self, role: Role) -> bool:
        if role is Role.ACCEPT:
            self.apply(Trust())
        elif role is Role.CHALLENGE:
            self.apply(CallBluffaneer())
        else:
            return False
        return True

    def _press_show(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.start_reading(ReadKind.CARD)
        return True

    def _press_toss(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.apply(toss(self.state, self.coin()))
        return True

    def mode_after(self, action: Action) -> Any:
        s = self.state
        if s.phase in (Phase.VICTIM, Phase.MATCH, Phase.JUDGE, Phase.REVEAL):
            return self.mode_for(s)  # the turn goes on: no ruling yet
        head, lines = ruling(self.last_events, s)
        return Ruled(bs.RulingView(head, lines, "o:next"))

    # --- views ------------------------------------------------------------------------------
    def ledger(self) -> bs.Ledger:
        s = self.state
        turn = s.roller if s.phase not in (Phase.TOSS, Phase.GAME_OVER) else None
        return bs.Ledger(tuple(bs.Purse(self.who(i), s.coins[i], i == turn)
                               for i in range(len(s.names))), s.bank)

    def _roll(self) -> str:
        dice = self.state.dice
        return f"{dice[0]} + {dice[1]}" if dice else ""

    def players_view(self) -> bs.LedgerView:
        s = self.state
        return bs.LedgerView(f"Turn {s.turn}: coins", self.ledger(), (
            f"box {s.box}, cards: {s.piles.draw} to draw, {len(s.piles.discard)} discarded",))

    def winner_lines(self) -> tuple[str, ...]:
        s = self.state
        assert s.winner is not None
        tossed = " and the coin toss" if s.tied else ""
        return (f"with {s.coins[s.winner]} coins{tossed}",)

    def _turn_view(self, mode: Turn) -> bs.TableView:
        who = self.who(self.state.roller)
        return bs.TableView(f"{who} rolls", ("Roll the two bone dice in the tray, "
                                             "hands away.",), "o:read m:coins", self.ledger())

    def _victim_view(self, mode: PickVictim) -> bs.ChoiceView:
        s = self.state
        assert s.dice is not None
        steals = s.settings.faces.symbol(s.dice[0]).double.steals
        items = tuple(f"{self.who(o)} ({s.coins[o]})" for o in s.others(s.roller))
        return bs.ChoiceView(f"{self.who(s.roller)} steals {steals} from", items, mode.cursor,
                             "w/s o:steal", self.ledger())

    def _match_view(self, mode: Match) -> bs.ChoiceView:
        s = self.state
        words = {Answer.NOBODY: "nobody claims", Answer.OWN: f"{self.who(s.roller)}'s card!"}
        items = tuple(words[o] if isinstance(o, Answer) else f"{self.who(o)}: booty!"
                      for o in self.match_options())
        return bs.ChoiceView(self._roll(), items, mode.cursor, "w/s o:pick", self.ledger())

    def _judge_view(self, mode: Judge) -> bs.TableView:
        s = self.state
        return bs.TableView(f"{self.who(s.roller)}: trust?", (
            f"{self.who(s.claimer)} claims {self._roll()}",
            "trust: pay 1; Bluffaneer: true 2, bluff 1"), "a:trust c:bluffaneer", self.ledger())

    def _show_view(self, mode: ShowCard) -> bs.TableView:
        s = self.state
        call = "trusted" if s.trusted else "Bluffaneer!"
        return bs.TableView(f"{self.who(s.claimer)}: card", (
            f"{call} Show the card to the table.",), "o:enter it", self.ledger())

    def _toss_view(self, mode: Toss) -> bs.TableView:
        s = self.state
        tied = " & ".join(self.who(t) for t in s.tied)
        return bs.TableView("Tie!", (f"{tied}: {s.coins[s.tied[0]]} coins.",
                                     "The box tosses a coin."), "o:toss", self.ledger())

    def reading_view(self, mode: Reading) -> ReadView:
        s = self.state
        if mode.problem is not None:
            left = MAX_ATTEMPTS - mode.attempt
            return ReadView("Read again", "", (mode.problem, "Hands away, then OK."),
                            mode.attempt, f"o:read m:by hand ({left})", gap=1)
        return ReadView(f"{self.who(s.roller)} rolls", status_word(mode.status),
                        ("The two bone dice in the tray!",), mode.attempt, "m:enter by hand",
                        gap=1)

    def hand_view(self, mode: EnterByHand) -> NumberView:
        value = list(mode.value)
        value[mode.cursor] = f"[{value[mode.cursor]}]"
        if mode.kind is ReadKind.ROLL:
            return NumberView("The roll, by hand", " + ".join(value), mode.why,
                              "w/s:face o:next b:read")
        s = self.state
        seat = s.claimer if mode.kind is ReadKind.CARD else s.roller
        return NumberView(f"{self.who(seat)}'s card", " + ".join(value), "the two symbols",
                          "w/s:face o:next b:back")

    def confirm_view(self, mode: ConfirmByHand, who: str) -> MessageView:
        what = "The dice show" if mode.kind is ReadKind.ROLL else "The card shows"
        return MessageView(f"{who}: confirm", (f"{what} {mode.value[0]} + {mode.value[1]}?",
                                               mode.why), "o:yes c:no", f"{mode.step}/2")


__all__ = ["Answer", "BluffaneerFlow", "Judge", "Match", "PickVictim", "ReadKind", "ShowCard",
           "Toss", "Turn"]
