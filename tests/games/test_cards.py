"""The action deck: composition, dealing, counts, draw, reshuffle, known discards."""

from __future__ import annotations

import pytest

from games.bamboozled.cards import (
    AFTER_ROLL,
    BEFORE_ROLL,
    CARDS,
    FULL_DECK,
    Card,
    PileError,
    Piles,
    deck_composition,
    parse_card,
)
from games.errors import InvalidInput


def test_the_26_card_deck() -> None:
    assert sum(FULL_DECK.values()) == 26
    assert FULL_DECK == {
        Card.DOUBLE: 2,
        Card.FRESH_START: 4,
        Card.JACKPOT: 1,
        Card.MY_BAD: 4,
        Card.REVERSE: 4,
        Card.REVIVE: 4,
        Card.SKIP: 4,
        Card.UP_DOWN: 3,
    }
    assert {Card.DOUBLE, Card.JACKPOT, Card.UP_DOWN} == AFTER_ROLL
    assert {Card.FRESH_START, Card.SKIP, Card.REVERSE, Card.REVIVE} == BEFORE_ROLL


def test_no_bluffing_deck_has_no_my_bad() -> None:
    deck = deck_composition(my_bad=False)
    assert Card.MY_BAD not in deck and sum(deck.values()) == 22


def test_deal_one_card_each() -> None:
    piles = Piles.deal(3, FULL_DECK)
    assert piles.hands == (1, 1, 1) and piles.deck == 23 and piles.discard == 0
    piles.check()


def test_deal_more_players_than_cards_from_the_first_seat() -> None:
    piles = Piles.deal(30, FULL_DECK, first=5)
    assert sum(piles.hands) == 26 and piles.deck == 0
    assert piles.hands[5] == 1 and piles.hands[4] == 0 and piles.hands[2] == 0
    piles.check()


def test_draw_and_play() -> None:
    piles = Piles.deal(2, FULL_DECK)
    piles, reshuffled, drawn = piles.draw(0)
    assert drawn and not reshuffled and piles.hands == (2, 1) and piles.deck == 23
    piles = piles.play(0, [Card.SKIP])
    assert piles.hands == (1, 1) and piles.discard == 1 and piles.known_in_discard(Card.SKIP) == 1
    piles.check()


def test_empty_deck_reshuffles_the_discard_and_forgets_it() -> None:
    piles = Piles(Piles.deal(2, FULL_DECK).composition, 0, 24, (1, 1), (0,) * len(CARDS))
    piles = Piles(piles.composition, 0, 24, (1, 1), (1,) + (0,) * (len(CARDS) - 1))
    piles, reshuffled, drawn = piles.draw(1)
    assert reshuffled and drawn
    assert piles.deck == 23 and piles.discard == 0 and piles.hands == (1, 2)
    assert sum(piles.known) == 0
    piles.check()


def test_nothing_to_draw_when_deck_and_discard_are_empty() -> None:
    comp = Piles.deal(2, FULL_DECK).composition
    piles = Piles(comp, 0, 0, (13, 13), (0,) * len(CARDS))
    after, reshuffled, drawn = piles.draw(0)
    assert after == piles and not reshuffled and not drawn


def test_known_discards_refuse_impossible_claims() -> None:
    piles = Piles.deal(3, FULL_DECK)
    piles = piles.draw(0)[0].play(0, [Card.JACKPOT])
    assert not piles.can_name(1, [Card.JACKPOT])  # the only Jackpot is in the discard
    with pytest.raises(PileError, match="already"):
        piles.check_name(1, [Card.JACKPOT])
    assert piles.can_name(1, [Card.SKIP])
    assert not piles.can_name(1, [Card.SKIP, Card.SKIP])  # holds only one card
    empty = piles.play(0, [Card.SKIP])
    assert not empty.can_name(0, [Card.SKIP])  # holds no card
    with pytest.raises(PileError, match="hold 0 cards"):
        empty.play(0, [Card.SKIP])


def test_unnamed_discards_stay_unknown() -> None:
    piles = Piles.deal(3, FULL_DECK).discard_unnamed(2)
    assert piles.discard == 1 and sum(piles.known) == 0 and piles.hands[2] == 0
    with pytest.raises(PileError):
        piles.discard_unnamed(2)


def test_my_bad_is_not_in_the_no_bluffing_deck() -> None:
    piles = Piles.deal(2, deck_composition(my_bad=False))
    with pytest.raises(PileError, match="not in this deck"):
        piles.check_name(0, [Card.MY_BAD])


@pytest.mark.parametrize(
    ("text", "card"),
    [("up_down", Card.UP_DOWN), ("Up/Down", Card.UP_DOWN), ("fresh start", Card.FRESH_START),
     ("MY BAD", Card.MY_BAD), ("jackpot", Card.JACKPOT), (Card.SKIP, Card.SKIP)],
)  # fmt: skip
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) is card


def test_parse_card_refuses() -> None:
    with pytest.raises(InvalidInput, match="not an action card"):
        parse_card("joker")
