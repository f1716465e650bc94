"""Audit: one test per sentence of ``rulings.md``'s Bluffaneer section (test names follow
the ruling), then the seed's rules the rulings take for granted.

Every scenario is built by driving the engine from ``Bluffaneer().new_game(...)`` with
``apply``; every action applied is first checked to be among ``legal_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from games.bluffaneer import events as ev
from games.bluffaneer.faces import DEFAULT_FACES, Card, Double, FaceSet, Symbol
from games.bluffaneer.rules import (
    Bluffaneer,
    CallBluffaneer,
    CardDoesNotMatch,
    CardNotInPlay,
    Claim,
    CoinToss,
    GameOver,
    NoClaim,
    NotAnotherPlayer,
    NotTied,
    OwnMatch,
    Phase,
    Reveal,
    Roll,
    State,
    Steal,
    Trust,
    UnknownCard,
    UnknownFace,
    WrongPhase,
    toss,
)
from games.bluffaneer.state import Settings
from games.errors import IllegalAction, InvalidInput, InvalidSettings
from games.event import Event
from games.registry import get_rules

RULES = Bluffaneer()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
ANN, BOB, CAT, DAN = 0, 1, 2, 3
SHIP_SWORD = Card("ship", "sword")
CHEST_SKULL = Card("chest", "skull")


def new(n: int = 4, **settings: object) -> State:
    return RULES.new_game(NAMES[:n], Settings(**settings))  # type: ignore[arg-type]


def _canonical(action: object) -> object:
    if isinstance(action, Roll):
        order = DEFAULT_FACES.names.index
        return Roll(tuple(sorted(action.dice, key=order)))  # type: ignore[arg-type]
    return action


def play(state: State, *actions: object) -> tuple[State, list[Event]]:
    """Apply ``actions`` in turn, each checked legal first; the state and all events."""
    events: list[Event] = []
    for action in actions:
        assert _canonical(action) in RULES.legal_actions(state), (action, state.phase)
        state, evs = RULES.apply(state, action)  # type: ignore[arg-type]
        events += evs
    return state, events


def paid(events: Sequence[Event]) -> list[tuple[int, int | None, int]]:
    return [(e.payer, e.payee, e.coins) for e in events if isinstance(e, ev.Paid)]


def refused(state: State, action: object, error: type[IllegalAction]) -> None:
    """``action`` raises ``error`` and is not among the legal actions."""
    with pytest.raises(error):
        RULES.apply(state, action)  # type: ignore[arg-type]
    assert action not in RULES.legal_actions(state)


# --- the rulings, sentence by sentence ----------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_three_to_six_players_ten_coins_each_eight_with_six(n: int) -> None:
    state = new(n)
    assert state.coins == ((8,) * 6 if n == 6 else (10,) * n)


@pytest.mark.parametrize("n", [2, 7])
def test_three_to_six_players_refuses_other_counts(n: int) -> None:
    with pytest.raises(InvalidSettings, match="3 to 6"):
        new(n)


def test_the_bank_holds_the_coins_returned_to_the_box() -> None:
    state = new(4)
    assert state.bank == 0 and state.box == 50 - 40
    state, events = play(state, Roll(("ship", "sword")), OwnMatch(SHIP_SWORD))
    assert paid(events) == [(BOB, None, 1), (CAT, None, 1), (DAN, None, 1)]
    assert state.bank == 3 and state.coins == (10, 9, 9, 9) and state.total == 50


def test_the_roller_rolls_two_bone_dice_in_the_open() -> None:
    state = new(4)
    assert state.phase is Phase.ROLL and state.awaiting == ANN == state.roller
    assert all(isinstance(a, Roll) for a in RULES.legal_actions(state))
    assert len(RULES.legal_actions(state)) == 10  # 4 doubles + 6 pairs
    state, events = play(state, Roll(("sword", "ship")))
    assert events == [ev.Rolled(ANN, ("sword", "ship"))]
    assert state.dice == ("sword", "ship")


def test_double_treasure_chest_every_other_player_gives_the_roller_1_coin() -> None:
    state, events = play(new(4), Roll(("chest", "chest")))
    assert paid(events) == [(BOB, ANN, 1), (CAT, ANN, 1), (DAN, ANN, 1)]
    assert state.coins == (13, 9, 9, 9)


def test_double_treasure_chest_a_player_with_none_gives_none() -> None:
    # Nobody is ever at 0 while the game runs (it ends first); at 1 coin each, every
    # other player gives their one and nothing more.
    state, events = play(new(3, coins=1), Roll(("chest", "chest")))
    assert paid(events) == [(BOB, ANN, 1), (CAT, ANN, 1)]
    assert state.coins == (3, 0, 0) and not [e for e in events if isinstance(e, ev.ShortOfCoins)]


def test_double_swords_steal_2_from_a_chosen_player() -> None:
    state, _ = play(new(4), Roll(("sword", "sword")))
    assert state.phase is Phase.VICTIM and state.awaiting == ANN
    assert RULES.legal_actions(state) == [Steal(BOB), Steal(CAT), Steal(DAN)]
    refused(state, Steal(ANN), NotAnotherPlayer)
    refused(state, Steal(4), NotAnotherPlayer)
    state, events = play(state, Steal(CAT))
    assert paid(events) == [(CAT, ANN, 2)] and state.coins == (12, 10, 8, 10)


def test_double_ships_steal_3_from_a_chosen_player() -> None:
    state, events = play(new(4), Roll(("ship", "ship")), Steal(DAN))
    assert paid(events) == [(DAN, ANN, 3)] and state.coins == (13, 10, 10, 7)


def test_double_ships_steal_3_as_many_as_they_have() -> None:
    # Cat drops to 2 coins, then Ann's double ships takes those 2 (not 3).
    state, _ = play(
        new(3, coins=5),
        Roll(("ship", "ship")), Steal(CAT),  # Ann 8, Cat 2
        Roll(("chest", "ship")), NoClaim(),  # Bob's turn: nothing
        Roll(("chest", "skull")), NoClaim(),  # Cat's turn: nothing
    )  # fmt: skip
    state, events = play(state, Roll(("ship", "ship")), Steal(CAT))
    assert paid(events) == [(CAT, ANN, 2)]
    assert ev.ShortOfCoins(CAT, 3, 2) in events
    assert state.coins == (10, 5, 0) and state.phase is Phase.GAME_OVER


def test_double_skull_and_bones_give_1_to_each_other_player_clockwise_from_the_left() -> None:
    state, _ = play(new(4), Roll(("chest", "ship")), NoClaim())  # Bob rolls next
    state, events = play(state, Roll(("skull", "skull")))
    assert paid(events) == [(BOB, CAT, 1), (BOB, DAN, 1), (BOB, ANN, 1)]
    assert state.coins == (11, 7, 11, 11)


def test_double_skull_and_bones_until_the_roller_runs_out() -> None:
    state, events = play(new(4, coins=2), Roll(("skull", "skull")))
    assert paid(events) == [(ANN, BOB, 1), (ANN, CAT, 1)]  # Dan gets nothing
    assert ev.ShortOfCoins(ANN, 3, 2) in events
    assert state.coins == (0, 3, 3, 2)


def test_not_doubles_the_rollers_card_matches_every_other_player_returns_1_to_the_bank() -> None:
    state, events = play(new(5), Roll(("chest", "skull")), OwnMatch(CHEST_SKULL))
    assert ev.CardRevealed(ANN, CHEST_SKULL, True) in events
    assert paid(events) == [(s, None, 1) for s in (BOB, CAT, DAN, 4)]
    assert state.coins == (10, 9, 9, 9, 9) and state.bank == 4


def test_not_doubles_no_match_the_first_other_player_to_claim_makes_a_claim() -> None:
    state, _ = play(new(4), Roll(("ship", "sword")))
    assert state.phase is Phase.MATCH
    legal = RULES.legal_actions(state)
    assert [a for a in legal if isinstance(a, Claim)] == [Claim(BOB), Claim(CAT), Claim(DAN)]
    refused(state, Claim(ANN), NotAnotherPlayer)  # the roller cannot claim
    state, events = play(state, Claim(DAN))
    assert events == [ev.Claimed(DAN, ANN)]
    assert state.phase is Phase.JUDGE and state.awaiting == ANN and state.claimer == DAN


@pytest.mark.parametrize("card", [SHIP_SWORD, CHEST_SKULL])
def test_the_roller_trusts_gives_the_claimer_1_coin_whatever_the_card_shows(card: Card) -> None:
    state, _ = play(new(4), Roll(("ship", "sword")), Claim(CAT), Trust())
    assert state.phase is Phase.REVEAL and state.awaiting == CAT
    state, events = play(state, Reveal(card))
    assert paid(events) == [(ANN, CAT, 1)]
    assert not [e for e in events if isinstance(e, ev.ClaimRuled)]
    assert state.coins == (9, 10, 11, 10)


def test_calls_bluffaneer_a_true_claim_costs_the_roller_2_coins_to_the_claimer() -> None:
    state, events = play(
        new(4), Roll(("ship", "sword")), Claim(BOB), CallBluffaneer(), Reveal(SHIP_SWORD)
    )
    assert ev.ClaimRuled(BOB, True) in events
    assert paid(events) == [(ANN, BOB, 2)] and state.coins == (8, 12, 10, 10)


def test_a_false_claim_costs_the_claimer_1_coin_to_the_roller() -> None:
    state, events = play(
        new(4), Roll(("ship", "sword")), Claim(BOB), CallBluffaneer(), Reveal(CHEST_SKULL)
    )
    assert ev.ClaimRuled(BOB, False) in events
    assert paid(events) == [(BOB, ANN, 1)] and state.coins == (11, 9, 10, 10)


def test_revealed_cards_are_discarded_and_replaced() -> None:
    state = new(4)
    assert state.piles.draw == 18 - 4 and state.piles.discard == ()
    state, events = play(state, Roll(("ship", "sword")), Claim(BOB), Trust(), Reveal(CHEST_SKULL))
    assert [e for e in events if isinstance(e, ev.CardDiscarded | ev.CardDrawn)] == [
        ev.CardDiscarded(BOB, CHEST_SKULL),
        ev.CardDrawn(BOB),
    ]
    assert state.piles.draw == 13 and state.piles.discard == (CHEST_SKULL,)
    state, events = play(state, Roll(("chest", "skull")), OwnMatch(CHEST_SKULL))  # Bob's own
    assert ev.CardDiscarded(BOB, CHEST_SKULL) in events and ev.CardDrawn(BOB) in events
    assert state.piles.draw == 12 and state.piles.discard == (CHEST_SKULL, CHEST_SKULL)


def test_a_transfer_never_takes_more_coins_than_a_player_has() -> None:
    state, _ = play(new(3, coins=1), Roll(("sword", "ship")), Claim(BOB), CallBluffaneer())
    state, events = play(state, Reveal(SHIP_SWORD))  # true: Ann owes 2, has 1
    assert paid(events) == [(ANN, BOB, 1)] and ev.ShortOfCoins(ANN, 2, 1) in events
    assert state.coins == (0, 2, 1)


def test_the_ledger_never_goes_negative() -> None:
    rng = random.Random(5)
    for _ in range(200):
        state = new(rng.randint(3, 6), coins=rng.randint(1, 3))
        while state.phase is not Phase.GAME_OVER:
            state, _ = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
            assert min(state.coins) >= 0 and state.bank >= 0


def test_the_game_ends_when_a_player_loses_their_last_coin() -> None:
    state, events = play(new(3, coins=2), Roll(("sword", "sword")))
    assert state.phase is Phase.VICTIM
    state, events = play(state, Steal(BOB))
    assert ev.GameEnded((BOB,)) in events and state.coins == (4, 0, 2)
    assert state.phase is Phase.GAME_OVER and RULES.legal_actions(state) == []
    refused(state, Roll(("chest", "ship")), GameOver)


def test_most_coins_wins() -> None:
    state, events = play(new(3, coins=2), Roll(("sword", "sword")), Steal(BOB))
    assert state.winner == ANN == RULES.winner(state)
    assert events[-1] == ev.Winner(ANN, 4)


def test_a_tie_is_settled_by_a_coin_toss_the_device_may_toss_it() -> None:
    state, events = play(new(3, coins=2), Roll(("skull", "skull")))  # (0, 3, 3)
    assert ev.Tie((BOB, CAT), 3) in events
    assert state.phase is Phase.TOSS and state.tied == (BOB, CAT) and state.winner is None
    assert RULES.legal_actions(state) == [CoinToss(BOB), CoinToss(CAT)]
    refused(state, CoinToss(ANN), NotTied)
    outcomes = {toss(state, random.Random(seed)) for seed in range(20)}
    assert outcomes == {CoinToss(BOB), CoinToss(CAT)}  # from the RNG: either can win
    action = toss(state, random.Random(7))
    assert toss(state, random.Random(7)) == action  # the same RNG, the same toss
    state, events = play(state, action)
    assert state.winner == action.winner and state.phase is Phase.GAME_OVER
    assert ev.CoinTossed(action.winner, (BOB, CAT)) in events


def test_the_dice_faces_are_symbols_not_pips() -> None:
    state = new(4)
    refused(state, Roll((3, 4)), UnknownFace)  # type: ignore[arg-type]
    refused(state, Roll(("ship", "anchor")), UnknownFace)
    refused(state, Roll(("ship",)), UnknownFace)  # type: ignore[arg-type]


def test_the_set_of_faces_is_configuration() -> None:
    faces = FaceSet(
        (
            Symbol("gem", Double.TRIBUTE),
            Symbol("hook", Double.STEAL_2),
            Symbol("parrot", Double.GIVE_AROUND),
        ),
        faces=("gem", "gem", "hook", "hook", "parrot", "parrot"),
    )
    settings = Settings(faces=faces, card_copies=4)
    assert settings.deck.count(Card("gem", "hook")) == 4 and len(settings.deck) == 12
    state = RULES.new_game(NAMES[:3], settings)
    state, events = RULES.apply(state, Roll(("parrot", "parrot")))
    assert paid(events) == [(ANN, BOB, 1), (ANN, CAT, 1)]
    refused(state, Roll(("ship", "ship")), UnknownFace)
    # the settings (with the face set) survive the log's JSON
    assert RULES.settings_from_json(RULES.settings_to_json(settings)) == settings


def test_the_camera_learns_each_face_names_faces_only() -> None:
    # The camera side (teach, profiles) is vision's; the rules take the face *names* the
    # profile gives, exactly the symbol names of the face set.
    state = new(4)
    rolls = {a.dice for a in RULES.legal_actions(state) if isinstance(a, Roll)}
    assert {d for pair in rolls for d in pair} == set(DEFAULT_FACES.names)


# --- the seed's rules the rulings take for granted -----------------------------------------


def test_the_default_deck_is_18_cards_each_a_pair_of_two_different_symbols() -> None:
    deck = Settings().deck
    assert len(deck) == 18 and all(c.first != c.second for c in deck)
    assert {deck.count(c) for c in deck} == {3} and len(set(deck)) == 6
    with pytest.raises(InvalidInput, match="two different symbols"):
        Card("ship", "ship")


def test_the_roller_cannot_bluff_about_their_own_card() -> None:
    state, _ = play(new(4), Roll(("ship", "sword")))
    refused(state, OwnMatch(CHEST_SKULL), CardDoesNotMatch)
    assert OwnMatch(SHIP_SWORD) in RULES.legal_actions(state)


def test_nobody_claims_no_coins_move_and_the_turn_passes_clockwise() -> None:
    state, events = play(new(4), Roll(("ship", "sword")), NoClaim())
    assert state.coins == (10,) * 4 and paid(events) == []
    assert state.roller == BOB == state.awaiting and state.turn == 2
    state, _ = play(state, Roll(("ship", "chest")), NoClaim(), Roll(("ship", "chest")), NoClaim())
    state, _ = play(state, Roll(("ship", "chest")), NoClaim())
    assert state.roller == ANN


def test_a_card_is_known_only_when_revealed_and_checked() -> None:
    state, _ = play(new(4), Roll(("ship", "sword")), Claim(BOB), Trust())
    refused(state, Reveal("ship/sword"), UnknownCard)  # type: ignore[arg-type]
    refused(state, Reveal(Card("ship", "anchor")), UnknownCard)
    state, _ = play(state, Reveal(SHIP_SWORD))
    for claimer in (CAT, DAN):  # Bob's and Cat's turns: two more ship/sword revealed
        state, _ = play(state, Roll(("ship", "sword")), Claim(claimer), Trust(),
                        Reveal(SHIP_SWORD))  # fmt: skip
    assert state.piles.discard == (SHIP_SWORD,) * 3 and state.roller == DAN
    state, _ = play(state, Roll(("ship", "sword")))  # all three are known: a 4th cannot be
    assert OwnMatch(SHIP_SWORD) not in RULES.legal_actions(state)
    refused(state, OwnMatch(SHIP_SWORD), CardNotInPlay)
    state, _ = play(state, Claim(ANN), CallBluffaneer())
    refused(state, Reveal(SHIP_SWORD), CardNotInPlay)
    state, events = play(state, Reveal(CHEST_SKULL))
    assert ev.ClaimRuled(ANN, False) in events


def test_the_draw_pile_is_reshuffled_from_the_discard_pile_when_it_runs_out() -> None:
    state = new(6, cards=(SHIP_SWORD,) * 6 + (CHEST_SKULL,) * 2)
    assert state.piles.draw == 2
    for _ in range(3):
        state, events = play(state, Roll(("ship", "sword")), Claim(state.left_of(state.roller)),
                             Trust(), Reveal(SHIP_SWORD))  # fmt: skip
    # the draw found the pile empty: the 3 discarded cards (with the one just revealed)
    # make a new one, and one of them is drawn
    assert ev.DeckReshuffled(3) in events
    assert events.index(ev.CardDiscarded(3, SHIP_SWORD)) < events.index(ev.DeckReshuffled(3))
    assert events.index(ev.DeckReshuffled(3)) < events.index(ev.CardDrawn(3))
    assert state.piles.draw == 2 and state.piles.discard == ()
    # the reshuffled pile's cards are unknown again: ship/sword can be revealed once more
    state, _ = play(state, Roll(("ship", "sword")), OwnMatch(SHIP_SWORD))


def test_an_action_of_another_phase_is_refused() -> None:
    state = new(4)
    for action in (Trust(), CallBluffaneer(), NoClaim(), Steal(BOB), Reveal(SHIP_SWORD)):
        refused(state, action, WrongPhase)


def test_settings_are_checked() -> None:
    with pytest.raises(InvalidSettings, match="more than the 50"):
        new(5, coins=11)
    with pytest.raises(InvalidSettings, match="first_seat"):
        new(3, first_seat=3)
    with pytest.raises(InvalidSettings, match="anchor"):
        Settings(cards=(Card("ship", "anchor"),))
    with pytest.raises(InvalidSettings, match="same name"):
        RULES.new_game(["Ann", "Ann", "Bob"])
    with pytest.raises(InvalidSettings, match="cards cannot deal"):
        new(4, cards=(SHIP_SWORD,) * 3)


def test_the_registry_knows_bluffaneer() -> None:
    assert isinstance(get_rules("bluffaneer"), Bluffaneer)
