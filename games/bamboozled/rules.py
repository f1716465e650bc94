"""Bamboozled, every rule as ruled in ``rulings.md``: a pure engine.

Driving a game (the box does exactly this):

>>> rules = Bamboozled()
>>> state = rules.new_game(["Sasha", "Charlie", "Anita"], Settings(first_seat=0))
>>> state.phase, state.awaiting                  # Sasha rolls and declares
(<Phase.DECLARE: 'declare'>, 0)
>>> state, events = rules.apply(state, Declare(34))
>>> prompt(state)
"Charlie: accept or challenge Sasha's 34"
>>> state, events = rules.apply(state, Accept((3, 4)))   # the dice the camera read
>>> [e.describe(state.names) for e in events]
["Charlie accepts Sasha's 34", 'Truthful: the dice show 3-4, 34 is true']
>>> state, events = rules.apply(state, Declare(53))      # Charlie rolled 3-2: a bluff
>>> state, events = rules.apply(state, Challenge((3, 2)))
>>> [e.describe(state.names) for e in events][-2:]
['Charlie takes a strike (1)', 'Round 2: Charlie starts, clockwise, score 0']

Every state has one :class:`Phase` and one seat ``state.awaiting`` whose input is
needed; :meth:`Bamboozled.legal_actions` lists what that seat may do. Offers (show an
after-roll card, My Bad, Revive at elimination) are only made when the player holds a
card that could be it; otherwise the forced answer is applied at once.

The engine never knows which cards a player holds, only how many (see
:mod:`games.bamboozled.cards`): a card is named when it is played, and claims the counts make
impossible are refused.

Phases and what the awaited seat may do (``Phase`` / actions):

* DECLARE (roller): ``Declare(score)`` tying or beating ``state.score``; or Revive.
* DECIDE (judge R): ``Accept(dice)`` / ``Challenge(dice)`` with the camera's reading, or
  ``PlayCard`` Fresh Start, Skip, Reverse, Revive.
* SHOW_CARD (challenged declarer P, only if a card could save them): ``Show(cards)`` or
  ``Decline()``.
* MY_BAD_OFFER (failed challenger holding a card): ``PlayCard(MY_BAD)`` or ``Decline()``.
* REVIVE_OFFER (a player the strike would put out, holding a card): ``PlayCard(REVIVE)``
  or ``Decline()``.
* DISCARD (a player holding one over the limit): ``Discard(card or None)``.
* ROLL (No Bluffing; roller): ``Roll(dice, cards)``, or a before-roll card.
* GAME_OVER: nothing; ``state.winner`` is set.

Choices where ``rulings.md`` is silent (what a table expects):

* Skip/Reverse bringing the decision back to the declarer (two players left, or a chain
  of Skips) is the two-player rule: P accepts their own score, no check, no draw. A
  Reverse with two players is played as a Skip and leaves the direction as it is.
* When a chain of Skips/Reverses brings the decision back to a player, it is a new turn
  for them (they may play a before-roll card again).
* Reverse (rulings.md, literally): the judge is the next player after P in the new
  direction who has not played a Skip or Reverse on this declaration, also after a Skip:
  with four players A declares, B skips, C reverses, and D decides (five players: E).
  With three players (A, B skips, C reverses) nobody is left, so the turn comes back to
  P as with two players. A second Reverse on the same declaration passes over the first
  reverser too (four players: A declares, B reverses, D reverses: C decides).
* Revive may also be played by the roller before declaring (their own turn: a round's
  starter, or after Fresh Start); at most one Revive per turn, any number under No
  Limits (seed 000: "as many action cards as they want each turn").
* Revive at elimination leaves the player at ``strike_limit - 1`` strikes (0 with a
  limit of 1).
* Order of consequences: on an accepted bluff P draws (and discards, if over the limit)
  before R declares; a strike (and its Revive offer) comes before the draw that goes
  with it (No Bluffing) and before the new round.
* No Bluffing: an after-roll card played openly must raise the roll's best score; Fresh
  Start, Skip and Reverse need a score to answer; a roller who fails their own score
  (a two-player Skip) takes the strike and nobody draws.
* A big Party with more players than cards: the seats from the first clockwise get one.
* Players need distinct, non-empty names (the screens and the log show them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from games.bamboozled import tally as bamboozled_tally
from games.bamboozled.actions import (
    CODEC,
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
from games.bamboozled.cards import (
    AFTER_ROLL,
    BEFORE_ROLL,
    CARDS,
    HAND_LIMIT,
    Card,
    PileError,
    Piles,
    deck_composition,
)
from games.bamboozled.events import (
    Accepted,
    Bluff,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    CardShown,
    Challenged,
    DeckReshuffled,
    Declared,
    DirectionChanged,
    HandDiscarded,
    NotBeaten,
    NothingToDraw,
    PlayerOut,
    Rolled,
    RoundStarted,
    ScoreReset,
    SelfAccepted,
    StrikeReturned,
    StrikeTaken,
    Truthful,
    TurnPassed,
    Winner,
)
from games.bamboozled.events import (
    Bamboozled as BamboozledEvent,
)
from games.bamboozled.odds import roll_odds as two_dice_chart
from games.bamboozled.scores import (
    ROLLS,
    SCORES,
    best_score,
    best_truthful,
    is_dice,
    is_score,
    is_truthful,
    legal_declarations,
    rank,
    reach_with,
    score_name,
    ties_or_beats,
)
from games.bamboozled.state import CLOCKWISE, PARTY_STRIKE_LIMIT, Phase, Settings, State, Step
from games.common import Rules, dice_text, player_names
from games.errors import GameOver, IllegalAction, InvalidSettings, WrongPhase
from games.event import Event
from games.roll_odds import RollOdds
from games.tally import Move, Tally

__all__ = [
    "Accept", "Action", "Bamboozled", "Card", "Challenge", "Declare", "Decline", "Discard",
    "GameOver", "BadDice", "CardNotAllowed", "CardNotHeld", "NotACard", "NotAScore",
    "ScoreTooLow",
    "Phase", "PlayCard", "Roll", "Settings", "Show", "State", "WrongPhase", "prompt",
    "MAX_PLAYERS", "PARTY_STRIKE_LIMIT", "CLOCKWISE",
]  # fmt: skip

MAX_PLAYERS = 8

# Actions are immutable values: legal_actions hands out these shared ones.
_DECLARES = {s: Declare(s) for s in SCORES}
_ACCEPTS = tuple(Accept(d) for d in ROLLS)
_CHALLENGES = tuple(Challenge(d) for d in ROLLS)
_ROLLS = {d: Roll(d) for d in ROLLS}


# --- errors ------------------------------------------------------------------------------


class NotAScore(IllegalAction):
    """The declared value is not one of the 35 scores."""


class ScoreTooLow(IllegalAction):
    """The declaration does not tie or beat the current score."""


class BadDice(IllegalAction):
    """The dice are not two values 1..6."""


class NotACard(IllegalAction):
    """A card in the action is not one of the eight action cards."""


class CardNotHeld(IllegalAction):
    """The player cannot hold that card (empty hand, or it is known to be discarded)."""


class CardNotAllowed(IllegalAction):
    """The card cannot be played now (wrong timing, once per turn, does not reach...)."""


Events = list[Event]


def _dice(dice: object) -> tuple[int, int]:
    if not is_dice(dice):
        raise BadDice(f"dice must be two values from 1 to 6, not {dice!r}")
    a, b = dice
    return (a, b)


def _check_cards(action: object) -> None:
    """Refuse an action naming something that is not a :class:`Card` (e.g. the string
    "skip"): an illegal action, never a crash deeper in the engine (the invariant that
    every illegal action raises :class:`IllegalAction` with the state unchanged)."""
    if isinstance(action, PlayCard):
        cards: object = (action.card,)
    elif isinstance(action, Discard):
        cards = () if action.card is None else (action.card,)
    elif isinstance(action, Show | Roll):
        cards = action.cards
        if not isinstance(cards, tuple | list):
            raise NotACard(f"cards must be a list of action cards, not {cards!r}")
    else:
        return
    for card in cards:  # type: ignore[attr-defined]
        if not isinstance(card, Card):
            raise NotACard(f"{card!r} is not an action card")


def _tuple_with(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1 :]


def _play(state: State, seat: int, cards: Sequence[Card]) -> Piles:
    try:
        return state.piles.play(seat, cards)
    except PileError as exc:
        what = " + ".join(c.label for c in cards)
        raise CardNotHeld(f"{state.names[seat]} cannot play {what}: {exc}") from None


def _combos(state: State, seat: int) -> list[tuple[Card, ...]]:
    """After-roll card combinations ``seat`` might hold and use on one declaration."""
    limit = state.hand(seat) if state.settings.no_limits else min(1, state.hand(seat))
    kinds = [c for c in CARDS if c in AFTER_ROLL]
    out = []
    for n in range(1, limit + 1):
        found = False
        for combo in combinations_with_replacement(kinds, n):
            if state.piles.can_name(seat, combo):
                out.append(combo)
                found = True
        if not found:
            break
    return out


@lru_cache(maxsize=4096)
def _raises(cards: tuple[Card, ...], dice: tuple[int, int]) -> bool:
    """Whether playing ``cards`` openly raises the best score of ``dice``."""
    return rank(best_score(reach_with(cards, dice))) > rank(best_truthful(dice))


def _reverse_judge(state: State, declarer: int) -> int:
    """The judge after a Reverse (``state.direction`` already flipped, the reverser already
    in ``state.passed``): the next player after P (``declarer``) in the new direction who
    has not played a Skip or Reverse on this declaration; P if nobody is left."""
    judge = state.next_seat(declarer)
    while judge in state.passed and judge != declarer:
        judge = state.next_seat(judge)
    return judge


def _roll_phase(settings: Settings) -> Phase:
    return Phase.ROLL if settings.no_bluffing else Phase.DECLARE


# --- the rules ---------------------------------------------------------------------------


class Bamboozled(Rules[State, Action, Settings]):
    """The rules of Bamboozled (variants through :class:`Settings`)."""

    name = "bamboozled"
    action_codec = CODEC
    settings_type = Settings

    def new_game(self, players: Sequence[str], settings: Settings | None = None) -> State:
        """Deal one card each; ``settings.first_seat`` rolls first, clockwise."""
        settings = settings or Settings()
        names = player_names(players)
        if len(names) < 2:
            raise InvalidSettings("Bamboozled needs at least 2 players")
        if len(names) > MAX_PLAYERS and not settings.party:
            raise InvalidSettings(
                f"{len(names)} players: more than {MAX_PLAYERS} needs the Party variant"
            )
        if settings.first_seat >= len(names):
            raise InvalidSettings(
                f"first_seat {settings.first_seat} is not a seat of {len(names)} players"
            )
        composition = deck_composition(my_bad=not settings.no_bluffing)
        n = len(names)
        return State(
            settings=settings,
            names=names,
            strikes=(0,) * n,
            out=(False,) * n,
            piles=Piles.deal(n, composition, settings.first_seat),
            phase=_roll_phase(settings),
            awaiting=settings.first_seat,
        )

    def winner(self, state: State) -> int | None:
        return state.winner

    # --- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        """Every action :meth:`apply` accepts now (dice: each roll once, low die first)."""
        phase, seat = state.phase, state.awaiting
        if phase is Phase.GAME_OVER or seat is None:
            return []
        if phase is Phase.DECLARE:
            declares: list[Action] = [_DECLARES[s] for s in legal_declarations(state.score)]
            if self._may_revive(state):
                declares.append(PlayCard(Card.REVIVE))
            return declares
        if phase is Phase.DECIDE:
            actions: list[Action] = [*_ACCEPTS, *_CHALLENGES]
            return actions + self._before_roll_cards(state)
        if phase is Phase.ROLL:
            actions = []
            combos = _combos(state, seat)
            for d in ROLLS:
                actions.append(_ROLLS[d])
                actions += [Roll(d, c) for c in combos if _raises(c, d)]
            return actions + self._before_roll_cards(state)
        if phase is Phase.SHOW_CARD:
            assert state.dice is not None
            reach = [
                Show(c) for c in _combos(state, seat) if state.score in reach_with(c, state.dice)
            ]
            return [*reach, Decline()]
        if phase is Phase.MY_BAD_OFFER:
            return [PlayCard(Card.MY_BAD), Decline()]
        if phase is Phase.REVIVE_OFFER:
            return [PlayCard(Card.REVIVE), Decline()]
        if phase is Phase.DISCARD:
            named: list[Action] = [Discard(c) for c in CARDS if state.piles.can_name(seat, (c,))]
            return [Discard(None), *named]
        raise AssertionError(phase)

    def _may_revive(self, state: State) -> bool:
        seat = state.awaiting
        assert seat is not None
        return (
            state.strikes[seat] >= 1
            and not state.revive_spent
            and state.piles.can_name(seat, (Card.REVIVE,))
        )

    def _before_roll_cards(self, state: State) -> list[Action]:
        seat = state.awaiting
        assert seat is not None
        out: list[Action] = []
        for card in (Card.FRESH_START, Card.SKIP, Card.REVERSE, Card.REVIVE):
            if not state.piles.can_name(seat, (card,)):
                continue
            if card is Card.REVIVE:
                if self._may_revive(state):
                    out.append(PlayCard(card))
            elif state.declarer is not None:
                out.append(PlayCard(card))
        return out

    # --- apply ---------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply ``action`` for the awaited seat; :class:`IllegalAction` if not legal."""
        if state.phase is Phase.GAME_OVER or state.awaiting is None:
            winner = state.names[state.winner] if state.winner is not None else "nobody"
            raise GameOver(f"The game is over: {winner} won")
        _check_cards(action)
        handler = _HANDLERS[state.phase]
        events: Events = []
        new_state = handler(self, state, action, events)
        return new_state, tuple(events)

    def _wrong(self, state: State, action: Action) -> IllegalAction:
        what = _ACTION_WORDS.get(type(action), type(action).__name__)
        return WrongPhase(f"{what} is not possible now ({prompt(state)})")

    # DECLARE --------------------------------------------------------------------------
    def _on_declare(self, state: State, action: Action, events: Events) -> State:
        """The roller declares. Before that they may still play Revive on their own turn
        (e.g. a round starter, or after Fresh Start): the rulings make Revive combinable
        with the other before-roll cards, and a table lets you return a strike on your
        own turn. Fresh Start, Skip and Reverse answer a declaration, so not here."""
        if isinstance(action, PlayCard):
            if action.card is not Card.REVIVE:
                raise CardNotAllowed(
                    f"{action.card.label} cannot be played now; now {prompt(state)}"
                )
            return self._revive(state, events)
        if not isinstance(action, Declare):
            raise self._wrong(state, action)
        seat = state.awaiting
        assert seat is not None
        score = action.score
        if not is_score(score):
            raise NotAScore(f"{score!r} is not a Bamboozled score")
        if not ties_or_beats(score, state.score):
            raise ScoreTooLow(f"{score_name(score)} does not tie or beat {score_name(state.score)}")
        judge = state.next_seat(seat)
        events.append(Declared(seat, score))
        return state.evolve(
            phase=Phase.DECIDE, awaiting=judge, judge=judge, score=score,
            declarer=seat, dice=None, revived=False, passed=(),
        )  # fmt: skip

    # DECIDE -----------------------------------------------------------------------------
    def _on_decide(self, state: State, action: Action, events: Events) -> State:
        judge, declarer, score = state.awaiting, state.declarer, state.score
        assert judge is not None and declarer is not None
        if isinstance(action, PlayCard):
            return self._before_roll(state, action.card, events)
        if not isinstance(action, Accept | Challenge):
            raise self._wrong(state, action)
        dice = _dice(action.dice)
        truthful = is_truthful(score, dice)
        state = state.evolve(dice=dice)
        if isinstance(action, Accept):
            events.append(Accepted(judge, declarer, score))
            if truthful:
                events.append(Truthful(declarer, score, dice))
                return self._run(state, [Step("declare", judge)], events)
            # P bluffed and R accepted: P bamboozled R (whatever card P meant to use,
            # nothing is shown on an accept and P keeps it).
            events += [Bluff(declarer, score, dice), BamboozledEvent(declarer, judge)]
            return self._run(state, [Step("draw", declarer), Step("declare", judge)], events)
        events.append(Challenged(judge, declarer, score))
        if truthful:
            events.append(Truthful(declarer, score, dice))
            if state.piles.can_name(judge, (Card.MY_BAD,)):
                return state.evolve(phase=Phase.MY_BAD_OFFER, awaiting=judge)
            return self._run(state, [Step("strike", judge), Step("round", judge)], events)
        events.append(Bluff(declarer, score, dice))
        if any(score in reach_with(c, dice) for c in _combos(state, declarer)):
            return state.evolve(phase=Phase.SHOW_CARD, awaiting=declarer)
        return self._run(state, [Step("strike", declarer), Step("round", declarer)], events)

    def _before_roll(self, state: State, card: Card, events: Events) -> State:
        """Fresh Start, Skip, Reverse or Revive by the awaited seat before deciding/rolling.

        At most one of Fresh Start, Skip, Reverse per turn holds by itself: each ends the
        turn. When Skip/Reverse chains bring the decision back to a player, that is a new
        turn for them (they may play again).
        """
        seat = state.awaiting
        assert seat is not None
        if card not in BEFORE_ROLL:
            when = "after a failed challenge" if card is Card.MY_BAD else "after rolling"
            raise CardNotAllowed(f"{card.label} is played {when}, not before deciding")
        if card is Card.REVIVE:
            return self._revive(state, events)
        declarer = state.declarer
        if declarer is None:
            raise CardNotAllowed(f"{card.label} is played on a declared score; there is none")
        piles = _play(state, seat, (card,))
        passed = state.passed if card is Card.FRESH_START else (*state.passed, seat)
        state = state.evolve(piles=piles, passed=passed)
        events.append(CardPlayed(seat, card))
        if card is Card.FRESH_START:
            # Not a new round: no strike, direction unchanged; P draws nothing.
            events.append(ScoreReset(seat, card))
            state = state.evolve(score=0, declarer=None, passed=())
            return self._run(state, [Step("declare", seat)], events)
        if card is Card.REVERSE and len(state.active) > 2:
            direction = -state.direction
            state = state.evolve(direction=direction)
            events.append(DirectionChanged(direction == CLOCKWISE))
            return self._pass_to(state, _reverse_judge(state, declarer), events)
        # Skip (or Reverse with two players left, played as a Skip: the direction is left
        # as it is, it cannot matter between two players).
        return self._pass_to(state, state.next_seat(seat), events)

    def _revive(self, state: State, events: Events) -> State:
        """Revive on one's own turn: return one strike (once per turn)."""
        seat = state.awaiting
        assert seat is not None
        who = state.names[seat]
        if state.revive_spent:
            raise CardNotAllowed(f"{who} already played Revive this turn (No Limits is off)")
        if state.strikes[seat] < 1:
            raise CardNotAllowed(f"{who} has no strike to return")
        piles = _play(state, seat, (Card.REVIVE,))
        strikes = state.strikes[seat] - 1
        events += [CardPlayed(seat, Card.REVIVE), StrikeReturned(seat, strikes)]
        return state.evolve(
            piles=piles, strikes=_tuple_with(state.strikes, seat, strikes), revived=True
        )

    def _pass_to(self, state: State, seat: int, events: Events) -> State:
        declarer = state.declarer
        assert declarer is not None and state.awaiting is not None
        if seat == declarer:
            # Two players left (or a chain of Skips came back): P accepts their own
            # declaration without a check, draws nothing, and rolls again over it.
            events.append(SelfAccepted(seat, state.score))
            return self._run(state.evolve(passed=()), [Step("declare", seat)], events)
        events.append(TurnPassed(state.awaiting, seat))
        return state.evolve(phase=state.phase, awaiting=seat, judge=seat, revived=False)

    # SHOW_CARD / MY_BAD_OFFER / REVIVE_OFFER ---------------------------------------------
    def _on_show(self, state: State, action: Action, events: Events) -> State:
        declarer, judge, dice = state.awaiting, state.judge, state.dice
        assert declarer is not None and judge is not None and dice is not None
        if isinstance(action, Decline):
            return self._run(state, [Step("strike", declarer), Step("round", declarer)], events)
        if not isinstance(action, Show):
            raise self._wrong(state, action)
        cards = tuple(action.cards)
        if not cards:
            raise CardNotAllowed("show at least one card, or decline")
        wrong = [c.label for c in cards if c not in AFTER_ROLL]
        if wrong:
            raise CardNotAllowed(f"{', '.join(wrong)} is not an after-roll card")
        if len(cards) > 1 and not state.settings.no_limits:
            raise CardNotAllowed("only one after-roll card per declaration (No Limits is off)")
        piles = _play(state, declarer, cards)
        if state.score not in reach_with(cards, dice):
            what = " + ".join(c.label for c in cards)
            raise CardNotAllowed(
                f"{what} does not make {score_name(state.score)} from {dice_text(dice)}"
            )
        events.append(CardShown(declarer, cards, state.score))
        # Nobody takes a strike; the score stays and the challenger rolls over it.
        return self._run(state.evolve(piles=piles), [Step("declare", judge)], events)

    def _on_my_bad(self, state: State, action: Action, events: Events) -> State:
        judge = state.awaiting
        assert judge is not None
        if isinstance(action, Decline):
            return self._run(state, [Step("strike", judge), Step("round", judge)], events)
        if not isinstance(action, PlayCard):
            raise self._wrong(state, action)
        if action.card is not Card.MY_BAD:
            raise CardNotAllowed(f"only My Bad can be played now, not {action.card.label}")
        piles = _play(state, judge, (Card.MY_BAD,))
        events += [CardPlayed(judge, Card.MY_BAD), ScoreReset(judge, Card.MY_BAD)]
        # No strike; the challenger starts a new round (clockwise, like every round).
        return self._run(state.evolve(piles=piles), [Step("round", judge)], events)

    def _on_revive(self, state: State, action: Action, events: Events) -> State:
        seat = state.awaiting
        assert seat is not None
        rest = list(state.pending)
        if isinstance(action, Decline):
            state = self._take_strike(state, seat, events)
            return state if state.winner is not None else self._run(state, rest, events)
        if not isinstance(action, PlayCard):
            raise self._wrong(state, action)
        if action.card is not Card.REVIVE:
            raise CardNotAllowed(f"only Revive can be played now, not {action.card.label}")
        piles = _play(state, seat, (Card.REVIVE,))
        # The player stays in with one strike fewer than the limit; the strike still
        # ends the round (the pending steps start it).
        strikes = state.settings.strike_limit - 1
        events += [CardPlayed(seat, Card.REVIVE), StrikeTaken(seat, strikes, revived=True)]
        state = state.evolve(piles=piles, strikes=_tuple_with(state.strikes, seat, strikes))
        return self._run(state, rest, events)

    # DISCARD ----------------------------------------------------------------------------
    def _on_discard(self, state: State, action: Action, events: Events) -> State:
        seat = state.awaiting
        assert seat is not None
        if not isinstance(action, Discard):
            raise self._wrong(state, action)
        if action.card is None:
            piles = state.piles.discard_unnamed(seat)
        else:
            piles = _play(state, seat, (action.card,))
        events.append(CardDiscarded(seat, action.card))
        return self._run(state.evolve(piles=piles), list(state.pending), events)

    # ROLL (No Bluffing) -------------------------------------------------------------------
    def _on_roll(self, state: State, action: Action, events: Events) -> State:
        """No Bluffing: the best truthful score of the open roll, raised by cards played
        openly; not tying or beating the score is a strike for the roller, and the
        previous player (who made the score) draws a card."""
        seat = state.awaiting
        assert seat is not None
        if isinstance(action, PlayCard):
            return self._before_roll(state, action.card, events)
        if not isinstance(action, Roll):
            raise self._wrong(state, action)
        dice = _dice(action.dice)
        cards = tuple(action.cards)
        score = best_truthful(dice)
        piles = state.piles
        if cards:
            wrong = [c.label for c in cards if c not in AFTER_ROLL]
            if wrong:
                raise CardNotAllowed(f"{', '.join(wrong)} is not an after-roll card")
            if len(cards) > 1 and not state.settings.no_limits:
                raise CardNotAllowed("only one after-roll card per roll (No Limits is off)")
            piles = _play(state, seat, cards)
            raised = best_score(reach_with(cards, dice))
            if rank(raised) <= rank(score):
                raise CardNotAllowed(
                    f"{' + '.join(c.label for c in cards)} does not raise "
                    f"{score_name(score)}: keep the card"
                )
            score = raised
        events += [CardPlayed(seat, c) for c in cards]
        events.append(Rolled(seat, dice, score, cards))
        state = state.evolve(piles=piles, dice=dice)
        if ties_or_beats(score, state.score):
            nxt = state.next_seat(seat)
            return state.evolve(
                score=score, declarer=seat, phase=Phase.ROLL, awaiting=nxt,
                judge=nxt, revived=False, passed=(),
            )  # fmt: skip
        events.append(NotBeaten(seat, score, state.score))
        assert state.declarer is not None
        steps = [Step("strike", seat), Step("draw", state.declarer), Step("round", seat)]
        if state.declarer == seat:
            # The score was the roller's own (a Skip/Reverse with two players brought it
            # back): nobody can be rewarded for beating themselves, so nobody draws.
            del steps[1]
        return self._run(state, steps, events)

    # --- consequences --------------------------------------------------------------------
    def _run(self, state: State, steps: Iterable[Step], events: Events) -> State:
        """Run pending steps in order, stopping where a player's input is needed."""
        todo = list(steps)
        while todo:
            step = todo.pop(0)
            seat = step.seat
            if step.kind == "draw":
                piles, reshuffled, drawn = state.piles.draw(seat)
                if reshuffled:
                    events.append(DeckReshuffled(state.piles.discard))
                events.append(CardDrawn(seat) if drawn else NothingToDraw(seat))
                state = state.evolve(piles=piles)
                if drawn and not state.settings.no_limits and piles.hands[seat] > HAND_LIMIT:
                    return state.evolve(phase=Phase.DISCARD, awaiting=seat, pending=tuple(todo))
            elif step.kind == "strike":
                eliminating = state.strikes[seat] + 1 >= state.settings.strike_limit
                if eliminating and state.piles.can_name(seat, (Card.REVIVE,)):
                    return state.evolve(
                        phase=Phase.REVIVE_OFFER, awaiting=seat, pending=tuple(todo)
                    )
                state = self._take_strike(state, seat, events)
                if state.winner is not None:
                    return state
            elif step.kind == "round":
                state = self._new_round(state, seat, events)
            elif step.kind == "declare":
                # Still the judge's turn (after an accept, a shown card or Fresh Start):
                # a Revive they played this turn counts.
                state = state.evolve(
                    phase=_roll_phase(state.settings), awaiting=seat, judge=seat,
                    revived=state.revived and seat == state.judge,
                )  # fmt: skip
            else:  # pragma: no cover
                raise AssertionError(step)
        return state.evolve(pending=())

    def _take_strike(self, state: State, seat: int, events: Events) -> State:
        strikes = state.strikes[seat] + 1
        events.append(StrikeTaken(seat, strikes))
        state = state.evolve(strikes=_tuple_with(state.strikes, seat, strikes))
        if strikes < state.settings.strike_limit:
            return state
        events.append(PlayerOut(seat))
        held = state.hand(seat)
        piles = state.piles.discard_unnamed(seat, held) if held else state.piles
        if held:
            events.append(HandDiscarded(seat, held))
        state = state.evolve(out=_tuple_with(state.out, seat, True), piles=piles)
        if len(state.active) == 1:
            winner = state.active[0]
            events.append(Winner(winner))
            return state.evolve(
                phase=Phase.GAME_OVER, awaiting=None, judge=None, winner=winner,
                pending=(),
            )  # fmt: skip
        return state

    def _new_round(self, state: State, seat: int, events: Events) -> State:
        """Score 0, clockwise; ``seat`` starts, or the next remaining clockwise if out."""
        starter = seat if not state.out[seat] else state.next_seat(seat, CLOCKWISE)
        if state.direction != CLOCKWISE:
            events.append(DirectionChanged(True))
        events.append(RoundStarted(starter, state.round + 1))
        return state.evolve(
            phase=_roll_phase(state.settings), awaiting=starter, judge=starter,
            score=0, declarer=None, direction=CLOCKWISE, round=state.round + 1,
            revived=False, passed=(),
        )  # fmt: skip

    # --- description -----------------------------------------------------------------------
    def tally(self, move: Move) -> list[tuple[int, Tally]]:
        """Bluffs, challenges and cards (:mod:`games.bamboozled.tally`)."""
        return bamboozled_tally.tally(move)

    def roll_odds(self) -> RollOdds:
        """Two-dice scores against their odds (:func:`games.bamboozled.odds.roll_odds`)."""
        return two_dice_chart()

    def summary(self, state: State, names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON-ready: players, score, whose turn, direction, piles, winner."""
        names = tuple(names) if names is not None else state.names
        piles = state.piles
        return {
            "game": self.name,
            "settings": state.settings.to_json(),
            "players": [
                {
                    "seat": i,
                    "name": names[i],
                    "strikes": state.strikes[i],
                    "cards": piles.hands[i],
                    "out": state.out[i],
                }
                for i in range(state.players)
            ],
            "round": state.round,
            "score": state.score,
            "score_name": score_name(state.score) if state.score else None,
            "declared_by": names[state.declarer] if state.declarer is not None else None,
            "phase": state.phase.value,
            "awaiting": names[state.awaiting] if state.awaiting is not None else None,
            "prompt": prompt(state, names),
            "direction": "clockwise" if state.direction == CLOCKWISE else "counter-clockwise",
            "dice": list(state.dice) if state.dice else None,
            "deck": piles.deck,
            "discard": piles.discard,
            "known_discard": {
                c.value: piles.known_in_discard(c) for c in CARDS if piles.known_in_discard(c)
            },
            "winner": names[state.winner] if state.winner is not None else None,
        }


def prompt(state: State, names: Sequence[str] | None = None) -> str:
    """What the game waits for, as a sentence: "Anita: accept or challenge 53"."""
    names = tuple(names) if names is not None else state.names
    seat = state.awaiting
    if state.phase is Phase.GAME_OVER or seat is None:
        return f"{names[state.winner]} wins" if state.winner is not None else "game over"
    who = names[seat]
    score = score_name(state.score)
    declarer = names[state.declarer] if state.declarer is not None else ""
    if state.phase is Phase.DECLARE:
        if state.score:
            return f"{who}: roll and declare {score} or better"
        return f"{who}: roll and declare any score"
    if state.phase is Phase.ROLL:
        if state.score:
            return f"{who}: roll openly to tie or beat {declarer}'s {score}"
        return f"{who}: roll openly"
    if state.phase is Phase.DECIDE:
        return f"{who}: accept or challenge {declarer}'s {score}"
    if state.phase is Phase.SHOW_CARD:
        return f"{who}: show an after-roll card making {score}, or take the strike"
    if state.phase is Phase.MY_BAD_OFFER:
        return f"{who}: play My Bad, or take the strike"
    if state.phase is Phase.REVIVE_OFFER:
        return f"{who}: play Revive to stay in, or be out"
    if state.phase is Phase.DISCARD:
        return f"{who}: discard one of your cards"
    raise AssertionError(state.phase)


_ACTION_WORDS: dict[type, str] = {
    Declare: "Declaring a score",
    Accept: "Accepting",
    Challenge: "Challenging",
    PlayCard: "Playing a card",
    Show: "Showing a card",
    Decline: "Declining",
    Discard: "Discarding",
    Roll: "An open roll",
}

_HANDLERS = {
    Phase.DECLARE: Bamboozled._on_declare,
    Phase.DECIDE: Bamboozled._on_decide,
    Phase.ROLL: Bamboozled._on_roll,
    Phase.SHOW_CARD: Bamboozled._on_show,
    Phase.MY_BAD_OFFER: Bamboozled._on_my_bad,
    Phase.REVIVE_OFFER: Bamboozled._on_revive,
    Phase.DISCARD: Bamboozled._on_discard,
}
