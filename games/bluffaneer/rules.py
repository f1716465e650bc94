"""Bluffaneer, as ruled in ``rulings.md``: a pure engine.

Driving a game (the box does exactly this):

>>> rules = Bluffaneer()
>>> state = rules.new_game(["Ann", "Bob", "Cat"])
>>> state.coins, state.phase, prompt(state)
((10, 10, 10), <Phase.ROLL: 'roll'>, 'Ann: roll the bone dice')
>>> state, events = rules.apply(state, Roll(("ship", "ship")))
>>> prompt(state)
'Ann: pick a player to steal 3 coins from'
>>> state, events = rules.apply(state, Steal(2))
>>> [e.describe(state.names) for e in events]
['Ann steals from Cat', 'Cat gives Ann 3 coins', 'Turn 2: Bob rolls']
>>> state, events = rules.apply(state, Roll(("sword", "chest")))
>>> state, events = rules.apply(state, Claim(2))            # Cat: "Gimme Yer Booty!"
>>> state, events = rules.apply(state, CallBluffaneer())    # Bob: "Bluffaneer!"
>>> state, events = rules.apply(state, Reveal(Card("ship", "skull")))
>>> [e.describe(state.names) for e in events][1:3]
['BLUFF: Cat was bluffing', 'Cat gives Bob 1 coin']
>>> state.coins, state.bank, state.piles.draw, state.piles.discard
((13, 11, 6), 0, 14, (Card(first='ship', second='skull'),))

Phases and what the awaited seat may do:

* ROLL (roller): ``Roll(dice)``, the two symbols read.
* VICTIM (roller, after double swords or ships): ``Steal(seat)``.
* MATCH (the table, after no double): ``OwnMatch(card)`` (the roller's card matches: it
  must), ``Claim(seat)`` (the first other player to say "Gimme Yer Booty"), ``NoClaim()``.
* JUDGE (roller): ``Trust()`` or ``CallBluffaneer()``.
* REVEAL (claimer): ``Reveal(card)``.
* TOSS (nobody: the box tosses a coin, :func:`toss`): ``CoinToss(seat)``.
* GAME_OVER: nothing; ``state.winner`` is set.

The cards are secret: the box knows a card only when it is revealed (entered or read)
and checks it against the roll. Every card in the discard pile was revealed, so a card
whose every copy lies there cannot be revealed.

Choices where ``rulings.md`` is silent (what a table expects):

* Play passes clockwise (to the left); ``Settings.first_seat`` starts.
* A trusted claim is paid when the card is revealed, with the same reveal as a
  challenged one: one step for the ruling, the card discarded and replaced either way.
* The game ends the moment a transfer leaves a player with no coins: the rest of that
  action's transfers still happen (everyone returns their coin at a match), then coins
  are counted. Nothing after that (a trusted claim's reveal never waits on it).
* A tie is settled by one toss among all tied players (two or more), made by the box:
  :func:`toss` draws it from the RNG passed in, and the result is logged as an action.
* When a draw finds the draw pile empty, the discard pile (with the card just revealed)
  is shuffled into a new draw pile: the players shuffle, the box only counts.
* The roll's symbols may come in any order; ``legal_actions`` lists each roll once, in
  the face set's order.
* Players need distinct, non-empty names (the screens and the log show them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import Any

from games.bluffaneer import tally as bluffaneer_tally
from games.bluffaneer.actions import (
    CODEC,
    Action,
    CallBluffaneer,
    Claim,
    CoinToss,
    NoClaim,
    OwnMatch,
    Reveal,
    Roll,
    Steal,
    Trust,
)
from games.bluffaneer.events import (
    BluffaneerCalled,
    CardDiscarded,
    CardDrawn,
    CardRevealed,
    Claimed,
    ClaimRuled,
    CoinTossed,
    DeckReshuffled,
    DoubleRolled,
    GameEnded,
    NobodyClaimed,
    Paid,
    Rolled,
    ShortOfCoins,
    Stole,
    Tie,
    Trusted,
    TurnStarted,
    Winner,
)
from games.bluffaneer.faces import Card, Double
from games.bluffaneer.state import MAX_PLAYERS, MIN_PLAYERS, Phase, Piles, Settings, State
from games.common import Rules, player_names
from games.errors import GameOver, IllegalAction, InvalidSettings, WrongPhase
from games.event import Event
from games.tally import Move, Tally

__all__ = [
    "Bluffaneer", "CallBluffaneer", "Card", "CardDoesNotMatch", "CardNotInPlay", "Claim",
    "CoinToss", "GameOver", "NoClaim", "NotAnotherPlayer", "NotTied", "OwnMatch", "Phase",
    "Reveal", "Roll", "Settings", "State", "Steal", "Trust", "UnknownCard", "UnknownFace",
    "WrongPhase", "prompt", "toss",
]  # fmt: skip

#: A trusted claim: the roller gives the claimer this many coins.
TRUST_PAYS = 1
#: "Bluffaneer" on a true claim: the roller gives the claimer this many.
FAILED_CALL_PAYS = 2
#: "Bluffaneer" on a false claim: the claimer gives the roller this many.
CAUGHT_BLUFF_PAYS = 1

Events = list[Event]


# --- errors ------------------------------------------------------------------------------


class UnknownFace(IllegalAction):
    """The roll is not two symbols of the game's bone dice."""


class NotAnotherPlayer(IllegalAction):
    """The seat named (to steal from, as claimer) is not another player of the game."""


class UnknownCard(IllegalAction):
    """The card is not one of the game's cards."""


class CardNotInPlay(IllegalAction):
    """Every copy of that card lies revealed in the discard pile: nobody can hold it."""


class CardDoesNotMatch(IllegalAction):
    """The roller revealed a card that does not match the roll (the roller cannot bluff)."""


class NotTied(IllegalAction):
    """The coin toss named a player who is not tied for most coins."""


# --- small helpers ----------------------------------------------------------------------


def _pay(coins: list[int], payer: int, payee: int | None, owed: int, events: Events) -> int:
    """Move up to ``owed`` coins from ``payer`` (never more than they have); the coins
    moved. ``payee`` ``None`` is the bank."""
    paid = min(owed, coins[payer])
    if paid < owed:
        events.append(ShortOfCoins(payer, owed, paid))
    if paid:
        coins[payer] -= paid
        if payee is not None:
            coins[payee] += paid
        events.append(Paid(payer, payee, paid))
    return paid


def _is_seat(state: State, seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players


def _check_card(state: State, card: object) -> Card:
    deck = state.settings.deck
    if not isinstance(card, Card) or card not in deck:
        raise UnknownCard(f"{card!s} is not one of the game's cards")
    if not state.piles.in_play(deck, card):
        raise CardNotInPlay(
            f"every {card} card is in the discard pile: nobody can hold one; check the card"
        )
    return card


def toss(state: State, rng: random.Random) -> CoinToss:
    """The box's coin toss between the tied players, from ``rng`` (apply and log it).

    >>> rules = Bluffaneer()
    >>> state = rules.new_game(["Ann", "Bob", "Cat"], Settings(coins=2))
    >>> state, _ = rules.apply(state, Roll(("skull", "skull")))  # Ann gives away both
    >>> state.phase, state.tied
    (<Phase.TOSS: 'toss'>, (1, 2))
    >>> toss(state, random.Random(1)) in rules.legal_actions(state)
    True
    """
    if state.phase is not Phase.TOSS:
        raise WrongPhase("there is no tie to toss for")
    return CoinToss(rng.choice(state.tied))


# --- the rules ---------------------------------------------------------------------------


class Bluffaneer(Rules[State, Action, Settings]):
    """The rules of Bluffaneer (face set, cards and coins through :class:`Settings`)."""

    name = "bluffaneer"
    action_codec = CODEC
    settings_type = Settings

    def new_game(self, players: Sequence[str], settings: Settings | None = None) -> State:
        """Coins from the box to each player; one secret card each; the first seat rolls."""
        settings = settings or Settings()
        names = player_names(players)
        n = len(names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidSettings(
                f"Bluffaneer is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}"
            )
        if settings.first_seat >= n:
            raise InvalidSettings(f"first_seat {settings.first_seat} is not a seat of {n}")
        coins = settings.start_coins(n)
        if coins * n > settings.supply:
            raise InvalidSettings(
                f"{n} players x {coins} coins is more than the {settings.supply} in the box"
            )
        deck = settings.deck
        if len(deck) < n:
            raise InvalidSettings(f"{len(deck)} cards cannot deal one to each of {n} players")
        return State(
            settings=settings,
            names=names,
            coins=(coins,) * n,
            bank=0,
            box=settings.supply - coins * n,
            piles=Piles(draw=len(deck) - n),
            phase=Phase.ROLL,
            roller=settings.first_seat,
            awaiting=settings.first_seat,
        )

    def winner(self, state: State) -> int | None:
        return state.winner

    # --- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        """Every action :meth:`apply` accepts now (each roll once, in face set order)."""
        phase = state.phase
        if phase is Phase.ROLL:
            names = state.settings.faces.names
            return [Roll(d) for d in combinations_with_replacement(names, 2)]
        if phase is Phase.VICTIM:
            return [Steal(s) for s in state.others(state.roller)]
        if phase is Phase.MATCH:
            assert state.dice is not None
            actions: list[Action] = []
            card = Card(*state.dice)
            deck = state.settings.deck
            if card in deck and state.piles.in_play(deck, card):
                actions.append(OwnMatch(card))
            return actions + [Claim(s) for s in state.others(state.roller)] + [NoClaim()]
        if phase is Phase.JUDGE:
            return [Trust(), CallBluffaneer()]
        if phase is Phase.REVEAL:
            deck = state.settings.deck
            return [Reveal(c) for c in sorted(set(deck)) if state.piles.in_play(deck, c)]
        if phase is Phase.TOSS:
            return [CoinToss(s) for s in state.tied]
        return []

    # --- apply ---------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply ``action``; :class:`IllegalAction` (state unchanged) if not legal."""
        if state.phase is Phase.GAME_OVER:
            assert state.winner is not None
            raise GameOver(f"The game is over: {state.names[state.winner]} won")
        handler, kinds = _HANDLERS[state.phase]
        if not isinstance(action, kinds):
            what = type(action).__name__
            raise WrongPhase(f"{what} is not possible now ({prompt(state)})")
        events: Events = []
        new_state = handler(self, state, action, events)
        return new_state, tuple(events)

    # ROLL -------------------------------------------------------------------------------
    def _on_roll(self, state: State, action: Action, events: Events) -> State:
        assert isinstance(action, Roll)
        faces = state.settings.faces
        dice = action.dice
        if (
            not isinstance(dice, tuple)
            or len(dice) != 2
            or not all(isinstance(d, str) and d in faces for d in dice)
        ):
            raise UnknownFace(
                f"a roll is two of {', '.join(faces.names)}, not {dice!r}"
            )
        roller = state.roller
        events.append(Rolled(roller, dice))
        state = _evolve(state, dice=dice)
        if dice[0] != dice[1]:
            return _evolve(state, phase=Phase.MATCH)
        effect = faces.symbol(dice[0]).double
        events.append(DoubleRolled(roller, dice[0], effect))
        if effect.steals:
            return _evolve(state, phase=Phase.VICTIM)
        coins = list(state.coins)
        if effect is Double.TRIBUTE:
            for seat in state.others(roller):
                _pay(coins, seat, roller, 1, events)
        else:
            self._give_around(state, coins, events)
        return self._after_coins(state, coins, state.bank, events)

    def _give_around(self, state: State, coins: list[int], events: Events) -> None:
        """Double skull and bones: 1 coin to each other player from the left, until out."""
        roller, others = state.roller, state.others(state.roller)
        given = 0
        for seat in others:
            if not coins[roller]:
                break
            given += _pay(coins, roller, seat, 1, events)
        if given < len(others):
            events.append(ShortOfCoins(roller, len(others), given))

    # VICTIM -----------------------------------------------------------------------------
    def _on_steal(self, state: State, action: Action, events: Events) -> State:
        assert isinstance(action, Steal) and state.dice is not None
        victim, roller = action.victim, state.roller
        if not _is_seat(state, victim) or victim == roller:
            raise NotAnotherPlayer(f"{victim!r} is not another player to steal from")
        coins = list(state.coins)
        events.append(Stole(roller, victim))
        _pay(coins, victim, roller, state.settings.faces.symbol(state.dice[0]).double.steals,
             events)  # fmt: skip
        return self._after_coins(state, coins, state.bank, events)

    # MATCH ------------------------------------------------------------------------------
    def _on_match(self, state: State, action: Action, events: Events) -> State:
        assert state.dice is not None
        roller = state.roller
        if isinstance(action, NoClaim):
            events.append(NobodyClaimed(roller))
            return self._next_turn(state, events)
        if isinstance(action, Claim):
            claimer = action.claimer
            if not _is_seat(state, claimer) or claimer == roller:
                raise NotAnotherPlayer(
                    f"{claimer!r} is not another player: the roller cannot claim"
                )
            events.append(Claimed(claimer, roller))
            return _evolve(state, phase=Phase.JUDGE, claimer=claimer)
        assert isinstance(action, OwnMatch)
        card = _check_card(state, action.card)
        if not card.matches(state.dice):
            raise CardDoesNotMatch(
                f"{card} does not match {state.dice[0]} + {state.dice[1]}: "
                "the roller reveals only a matching card"
            )
        events.append(CardRevealed(roller, card, True))
        coins, bank = list(state.coins), state.bank
        for seat in state.others(roller):
            bank += _pay(coins, seat, None, 1, events)
        state = self._replace_card(state, roller, card, events)
        return self._after_coins(state, coins, bank, events)

    # JUDGE ------------------------------------------------------------------------------
    def _on_judge(self, state: State, action: Action, events: Events) -> State:
        assert state.claimer is not None
        trusted = isinstance(action, Trust)
        event = Trusted if trusted else BluffaneerCalled
        events.append(event(state.roller, state.claimer))
        return _evolve(state, phase=Phase.REVEAL, awaiting=state.claimer, trusted=trusted)

    # REVEAL -----------------------------------------------------------------------------
    def _on_reveal(self, state: State, action: Action, events: Events) -> State:
        assert isinstance(action, Reveal)
        assert state.dice is not None and state.claimer is not None
        card = _check_card(state, action.card)
        roller, claimer = state.roller, state.claimer
        matches = card.matches(state.dice)
        events.append(CardRevealed(claimer, card, matches))
        coins = list(state.coins)
        if state.trusted:
            _pay(coins, roller, claimer, TRUST_PAYS, events)
        else:
            events.append(ClaimRuled(claimer, matches))
            if matches:
                _pay(coins, roller, claimer, FAILED_CALL_PAYS, events)
            else:
                _pay(coins, claimer, roller, CAUGHT_BLUFF_PAYS, events)
        state = self._replace_card(state, claimer, card, events)
        return self._after_coins(state, coins, state.bank, events)

    # TOSS -------------------------------------------------------------------------------
    def _on_toss(self, state: State, action: Action, events: Events) -> State:
        assert isinstance(action, CoinToss)
        if action.winner not in state.tied or not _is_seat(state, action.winner):
            raise NotTied(f"{action.winner!r} is not one of the tied players")
        events.append(CoinTossed(action.winner, state.tied))
        events.append(Winner(action.winner, state.coins[action.winner]))
        return _evolve(state, phase=Phase.GAME_OVER, winner=action.winner)

    # consequences -----------------------------------------------------------------------
    def _replace_card(self, state: State, seat: int, card: Card, events: Events) -> State:
        piles, reshuffled = state.piles.replace(card)
        events.append(CardDiscarded(seat, card))
        if reshuffled:
            events.append(DeckReshuffled(reshuffled))
        events.append(CardDrawn(seat))
        return _evolve(state, piles=piles)

    def _after_coins(self, state: State, coins: list[int], bank: int, events: Events) -> State:
        """The coins after an action: the end when someone has none, else the next turn."""
        state = _evolve(state, coins=tuple(coins), bank=bank)
        broke = tuple(s for s, c in enumerate(coins) if c == 0)
        if not broke:
            return self._next_turn(state, events)
        events.append(GameEnded(broke))
        most = max(coins)
        tied = tuple(s for s, c in enumerate(coins) if c == most)
        if len(tied) > 1:
            events.append(Tie(tied, most))
            return _evolve(state, phase=Phase.TOSS, awaiting=None, tied=tied)
        events.append(Winner(tied[0], most))
        return _evolve(state, phase=Phase.GAME_OVER, awaiting=None, winner=tied[0])

    def _next_turn(self, state: State, events: Events) -> State:
        roller = state.left_of(state.roller)
        events.append(TurnStarted(roller, state.turn + 1))
        return _evolve(
            state, phase=Phase.ROLL, roller=roller, awaiting=roller, turn=state.turn + 1,
            dice=None, claimer=None, trusted=None,
        )  # fmt: skip

    def tally(self, move: Move) -> list[tuple[int, Tally]]:
        """Turns, bluffs and calls (:mod:`games.bluffaneer.tally`)."""
        return bluffaneer_tally.tally(move)

    # --- description ---------------------------------------------------------------------
    def summary(self, state: State, names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON-ready: coins per player, bank, whose turn, the roll, piles, winner."""
        names = tuple(names) if names is not None else state.names

        def seat(s: int | None) -> str | None:
            return None if s is None else names[s]

        return {
            "game": self.name,
            "settings": state.settings.to_json(),
            "players": [
                {"seat": i, "name": names[i], "coins": state.coins[i], "out": not state.coins[i]}
                for i in range(state.players)
            ],
            "phase": state.phase.value,
            "turn": state.turn,
            "roller": seat(state.roller),
            "awaiting": seat(state.awaiting),
            "prompt": prompt(state, names),
            "roll": " + ".join(state.dice) if state.dice else None,
            "claimer": seat(state.claimer),
            "bank": state.bank,
            "box": state.box,
            "deck": state.piles.draw,
            "discard": len(state.piles.discard),
            "discard_cards": [c.to_json() for c in state.piles.discard],
            "tied": [names[s] for s in state.tied],
            "winner": seat(state.winner),
        }


def _evolve(state: State, **changes: Any) -> State:
    return replace(state, **changes)


def prompt(state: State, names: Sequence[str] | None = None) -> str:
    """What the game waits for, as a sentence: "Ann: trust Bob or call Bluffaneer"."""
    names = tuple(names) if names is not None else state.names
    roller = names[state.roller]
    phase = state.phase
    if phase is Phase.GAME_OVER:
        assert state.winner is not None
        return f"{names[state.winner]} wins"
    if phase is Phase.TOSS:
        return "Coin toss between " + " and ".join(names[s] for s in state.tied)
    if phase is Phase.ROLL:
        return f"{roller}: roll the bone dice"
    assert state.dice is not None
    if phase is Phase.VICTIM:
        steals = state.settings.faces.symbol(state.dice[0]).double.steals
        return f"{roller}: pick a player to steal {steals} coins from"
    if phase is Phase.MATCH:
        return f"{state.dice[0]} + {state.dice[1]}: {roller}'s match, a claim, or nobody"
    assert state.claimer is not None
    claimer = names[state.claimer]
    if phase is Phase.JUDGE:
        return f"{roller}: trust {claimer} or call Bluffaneer"
    return f"{claimer}: show your card"


_Handler = Callable[[Bluffaneer, State, Action, Events], State]

#: phase -> its handler and the action types it takes.
_HANDLERS: dict[Phase, tuple[_Handler, tuple[type, ...]]] = {
    Phase.ROLL: (Bluffaneer._on_roll, (Roll,)),
    Phase.VICTIM: (Bluffaneer._on_steal, (Steal,)),
    Phase.MATCH: (Bluffaneer._on_match, (OwnMatch, Claim, NoClaim)),
    Phase.JUDGE: (Bluffaneer._on_judge, (Trust, CallBluffaneer)),
    Phase.REVEAL: (Bluffaneer._on_reveal, (Reveal,)),
    Phase.TOSS: (Bluffaneer._on_toss, (CoinToss,)),
}
