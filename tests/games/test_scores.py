"""Scores: the 35, ranking, tie-or-beat, truthful scores, card reach, parsing, entry."""

from __future__ import annotations

import pytest

from games.bamboozled.cards import Card
from games.bamboozled.scores import (
    DOUBLES,
    JACKPOT,
    NON_DOUBLES,
    SCORES,
    best_truthful,
    card_reach,
    entry_presses,
    group_of,
    is_score,
    is_truthful,
    jump_down,
    jump_up,
    legal_declarations,
    next_score,
    parse_score,
    previous_score,
    rank,
    reach_with,
    score_name,
    ties_or_beats,
    truthful_scores,
)
from games.errors import InvalidInput


def test_the_35_scores_lowest_to_highest() -> None:
    assert SCORES == (
        13, 14, 15, 16, 23, 24, 25, 26, 31, 32, 34, 35, 36, 41, 42, 43, 45, 46,
        51, 52, 53, 54, 56, 61, 62, 63, 64, 65,
        11, 22, 33, 44, 55, 66,
        21,
    )  # fmt: skip
    assert len(SCORES) == 35 and len(NON_DOUBLES) == 28
    assert [rank(s) for s in SCORES] == list(range(1, 36))


@pytest.mark.parametrize("value", [12, 77, 40, 0, 10, 67, 7, 100, -21])
def test_not_scores(value: int) -> None:
    assert not is_score(value)


def test_ranking_rules() -> None:
    assert rank(JACKPOT) == 35  # the top
    assert all(rank(d) > rank(n) for d in DOUBLES for n in NON_DOUBLES)  # doubles beat all
    assert rank(11) > rank(65)  # 65 is not beaten by value against a double
    assert rank(33) > rank(22) > rank(11)
    assert rank(56) > rank(25)
    assert rank(0) == 0


def test_tie_or_beat() -> None:
    assert ties_or_beats(53, 53)  # a tie is enough
    assert ties_or_beats(54, 53)
    assert not ties_or_beats(35, 53)
    assert ties_or_beats(13, 0)  # any score at the start of a round
    assert ties_or_beats(21, 21) and not ties_or_beats(66, 21)
    assert legal_declarations(0) == SCORES
    assert legal_declarations(66) == (66, 21)
    assert legal_declarations(21) == (21,)


def test_truthful_scores() -> None:
    assert truthful_scores((3, 5)) == {35, 53}
    assert truthful_scores((5, 3)) == {35, 53}
    assert truthful_scores((1, 2)) == {21}  # only the Jackpot; 12 is never a score
    assert truthful_scores((2, 1)) == {21}
    assert truthful_scores((4, 4)) == {44}
    assert truthful_scores((1, 3)) == {13, 31}
    assert best_truthful((3, 5)) == 53 and best_truthful((2, 3)) == 32


def test_a_lower_false_score_is_a_bluff() -> None:
    # Declaring 34 while holding 3-5 is a bluff, even though it is lower than 53.
    assert not is_truthful(34, (3, 5))
    assert is_truthful(35, (3, 5))


def test_double_card_reach() -> None:
    assert card_reach(Card.DOUBLE, (3, 5)) == {35, 53, 33, 55}
    assert {66, 11} <= card_reach(Card.DOUBLE, (6, 1))  # the seed's example
    assert {22, 44} <= card_reach(Card.DOUBLE, (4, 2))


def test_jackpot_card_reaches_21_from_any_dice() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            assert JACKPOT in card_reach(Card.JACKPOT, (a, b))
    assert card_reach(Card.JACKPOT, (6, 6)) == {66, 21}


def test_up_down_card_reach_no_wrap() -> None:
    # 5-4: the 5 may read 4 or 6, or the 4 may read 3 or 5, not both.
    reach = card_reach(Card.UP_DOWN, (5, 4))
    assert {44, 64, 46, 53, 35, 55} <= reach
    assert 63 not in reach and 36 not in reach  # both dice changed
    assert JACKPOT in card_reach(Card.UP_DOWN, (2, 2))  # two twos -> 21
    six = card_reach(Card.UP_DOWN, (6, 6))
    assert six == {66, 56, 65}  # no 7, no wrap to 1
    one = card_reach(Card.UP_DOWN, (1, 1))
    assert 16 not in one and 61 not in one and one == {11, 21}


def test_cards_combine_only_when_several_are_used() -> None:
    assert 65 not in card_reach(Card.DOUBLE, (3, 5))
    assert 65 not in card_reach(Card.UP_DOWN, (3, 5))
    assert 65 in reach_with((Card.DOUBLE, Card.UP_DOWN), (3, 5))
    with pytest.raises(ValueError):
        card_reach(Card.SKIP, (3, 5))


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("53", 53), ("35", 35), ("21", 21), ("jackpot", 21), ("Jackpot!", 21),
        ("JACKPOT", 21), ("jack pot", 21), ("double 4", 44), ("44", 44),
        ("double fours", 44), ("Double 4s", 44), ("double 4's", 44), ("doubles six", 66),
        ("5 3", 53), ("5-3", 53), ("three five", 35), (" 65 ", 65), (13, 13),
        ("double one", 11),
    ],
)  # fmt: skip
def test_parse_score(text: str, score: int) -> None:
    assert parse_score(text.replace("!", "") if isinstance(text, str) else text) == score


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12", "12 is never a score"),
        ("77", "1 to 6"),
        ("0", "not a score"),
        ("abc", "not a score"),
        ("", "no score"),
        ("40", "1 to 6"),
        ("double 7", "1 to 6"),
        ("123", "two dice"),
        ("1 2", "Jackpot"),
    ],
)
def test_parse_score_refuses(text: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        parse_score(text)


def test_invalid_input_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_score("abc")


def test_score_names() -> None:
    assert [score_name(s) for s in (53, 44, 21)] == ["53", "double 4s", "Jackpot"]
    assert [parse_score(score_name(s)) for s in SCORES] == list(SCORES)


def test_entry_steps_through_legal_scores_only() -> None:
    assert next_score(13) == 14 and next_score(65) == 11 and next_score(21) == 13
    assert previous_score(13) == 21
    assert next_score(66, 66) == 21 and next_score(21, 66) == 66
    assert jump_up(13) == 23 and jump_up(16) == 23 and jump_up(61) == 11 and jump_up(11) == 21
    assert jump_down(23) == 13 and jump_down(13) == 21
    assert group_of(44) == "doubles" and group_of(21) == "jackpot" and group_of(53) == "5x"
    # Starting mid-group: the first group is the partial one.
    assert jump_up(53, 53) == 61 and jump_down(61, 53) == 53


@pytest.mark.parametrize("current", [0, *SCORES])
def test_any_legal_score_within_6_presses(current: int) -> None:
    for target in legal_declarations(current):
        assert entry_presses(target, current) <= 6, (current, target)
    with pytest.raises(ValueError):
        entry_presses(13, 66)
