"""Audit: one test per sentence of ``rulings.md``'s BamBoozal section, its four worked
examples as acceptance tests, and hands in a row (the pot carrying over, bamboozals
chaining).

Every scenario is built by driving the engine from ``new_game`` (the ``drive`` fixture
checks each action is legal and that money is conserved after it).
"""

from __future__ import annotations

import pytest

from games.bamboozal import (
    BamBoozal,
    FoldedPlayer,
    Phase,
    Settings,
    StartHand,
    State,
    Stop,
    WinRound,
)
from games.bamboozal import events as ev
from games.bamboozal.table import hand_actions
from games.errors import InvalidSettings

RULES = BamBoozal()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
ANN, BOB, CAT, DAN = 0, 1, 2, 3


def new(n: int = 3, **settings: int) -> State:
    return RULES.new_game(NAMES[:n], Settings(**settings))


def paid(events: list[object]) -> dict[int, int]:
    return {e.seat: e.amount for e in events if isinstance(e, ev.Paid)}


# --- "3-6 players, a standard deck, a hand of 4 cards each (so 4 rounds), a fixed hand
# amount." ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_three_to_six_players(n: int) -> None:
    state = new(n)
    assert state.players == n and state.phase is Phase.PAY


@pytest.mark.parametrize("n", [1, 2, 7])
def test_fewer_than_three_or_more_than_six_players_are_refused(n: int) -> None:
    with pytest.raises(InvalidSettings, match="3 to 6 players"):
        new(n)


def test_a_hand_of_four_cards_so_four_rounds(drive) -> None:
    state, _ = drive(new(3), hand_actions(new(3), winners=())[:-1])
    assert state.settings.rounds_per_hand == 4
    for k in range(3):
        state, _ = drive(state, [WinRound(k)])
        assert state.phase is Phase.ROUNDS
    state, events = drive(state, [WinRound(ANN)])
    assert state.phase is Phase.SETTLE and ev.HandComplete(1) in events


@pytest.mark.parametrize("rounds", [3, 5, 6])
def test_rounds_per_hand_is_a_setting_of_three_to_six(drive, rounds: int) -> None:
    state = new(3, rounds_per_hand=rounds)
    state, _ = drive(state, hand_actions(state, winners=[ANN] * rounds))
    assert state.results[-1].rounds == (rounds, 0, 0)
    for bad in (2, 7):
        with pytest.raises(InvalidSettings, match="rounds_per_hand must be 3 to 6"):
            Settings(rounds_per_hand=bad)


def test_a_fixed_hand_amount(drive) -> None:
    state = new(4, hand_amount=30)
    for winners in ([0, 0, 1, 2], [1, 1, 2, 0], [2, 2, 1, 0]):
        assert state.dues == (30, 30, 30, 30)
        state, events = drive(state, hand_actions(state, winners, folded=[3]))
        assert paid(events) == dict.fromkeys(range(4), 30)
    with pytest.raises(InvalidSettings, match="hand_amount must be at least 1"):
        Settings(hand_amount=0)


# --- "Every playing player pays the hand amount into the pot for each hand, except a player
# bamboozaled in the previous hand, who pays the whole pot of that hand instead." -----------


def test_every_playing_player_pays_the_hand_amount_into_the_pot_for_each_hand(drive) -> None:
    state = new(3)
    for _ in range(3):
        state, events = drive(state, hand_actions(state, winners=[ANN, BOB, CAT, ANN]))
        assert paid(events) == {ANN: 50, BOB: 50, CAT: 50}
        assert ev.PotIs(150) in events
    assert state.paid_in == (150, 150, 150)


def test_a_player_bamboozaled_in_the_previous_hand_pays_the_whole_pot_of_that_hand_instead(
    drive,
) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[ANN, ANN, BOB, BOB]))  # 150 stays
    assert state.bamboozals == (0, 0, 150) and state.dues == (50, 50, 150)
    state, events = drive(state, [StartHand()])
    # the whole pot of that hand (150), not the hand amount, and not both
    assert paid(events) == {ANN: 50, BOB: 50, CAT: 150}
    assert ev.Paid(CAT, 150, bamboozal=True) in events
    assert state.paid_in == (100, 100, 200) and state.pot == 150 + 250


def test_a_bamboozal_is_charged_only_in_the_next_hand(drive) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[ANN, ANN, ANN, BOB]))
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, CAT, CAT]))
    assert paid(events)[CAT] == 150
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, CAT, CAT]))
    assert paid(events) == {ANN: 50, BOB: 50, CAT: 50}


# --- "A player who wins no round of a hand is bamboozaled. A folded player is not." --------


def test_a_player_who_wins_no_round_of_a_hand_is_bamboozaled(drive) -> None:
    state = new(4)
    state, events = drive(state, hand_actions(state, winners=[ANN, ANN, BOB, ANN]))
    assert state.results[-1].bamboozaled == (CAT, DAN)
    assert ev.Bamboozaled(CAT, 200) in events and ev.Bamboozaled(DAN, 200) in events


def test_a_folded_player_is_not_bamboozaled(drive) -> None:
    state = new(4)
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, CAT, ANN], folded=[DAN]))
    assert state.results[-1].bamboozaled == ()
    assert not [e for e in events if isinstance(e, ev.Bamboozaled)]
    assert state.dues == (50, 50, 50, 50)


# --- "The hand's winner is the player with the most rounds won; the winner takes the pot.
# With a tie for most rounds there is no winner and the pot stays for the next hand." -------


def test_the_hands_winner_is_the_player_with_the_most_rounds_and_takes_the_pot(drive) -> None:
    state = new(5)
    state, events = drive(state, hand_actions(state, winners=[DAN, BOB, DAN, ANN]))
    assert state.results[-1].winner == DAN
    assert ev.PotTaken(DAN, 250, 2) in events
    assert state.taken_out == (0, 0, 0, 250, 0) and state.pot == 0
    assert state.balances == (-50, -50, -50, 200, -50)


def test_a_tie_for_most_rounds_has_no_winner_and_the_pot_stays_for_the_next_hand(
    drive,
) -> None:
    state = new(4)
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, BOB, ANN]))
    result = state.results[-1]
    assert result.winner is None and result.tied == (ANN, BOB)
    assert ev.PotStays(200, (ANN, BOB)) in events
    assert state.pot == 200 and state.taken_out == (0, 0, 0, 0)
    state, _ = drive(state, [StartHand()])
    assert state.pot == 200 + 50 + 50 + 200 + 200  # Cat and Dan were bamboozaled


# --- "The dealer moves one seat clockwise each hand." ----------------------------------------


def test_the_dealer_moves_one_seat_clockwise_each_hand(drive) -> None:
    state = new(4, first_dealer=2)
    dealers = []
    for _ in range(6):
        dealers.append(state.dealer)
        state, events = drive(state, hand_actions(state, winners=[0, 0, 0, 1]))
        assert events[0] == ev.HandStarted(len(dealers), dealers[-1])
    assert dealers == [2, 3, 0, 1, 2, 3]


def test_play_or_fold_goes_clockwise_from_the_dealers_left(drive) -> None:
    state = new(4, first_dealer=2)
    state, events = drive(state, hand_actions(state, winners=[0, 0, 0, 1]))
    assert [e.seat for e in events if isinstance(e, ev.Played)] == [DAN, ANN, BOB, CAT]


# --- "Folded players have paid the hand amount for that hand; they win no round and are not
# bamboozaled." ------------------------------------------------------------------------------


def test_folded_players_have_paid_the_hand_amount_for_that_hand(drive) -> None:
    state = new(4)
    state, events = drive(state, hand_actions(state, winners=[ANN] * 4, folded=[BOB, DAN]))
    assert paid(events)[BOB] == paid(events)[DAN] == 50
    assert state.balances == (150, -50, -50, -50)


def test_folded_players_win_no_round(drive, refused) -> None:
    state = new(4)
    actions = hand_actions(state, winners=[], folded=[BOB])[:-1]
    state, _ = drive(state, actions)
    assert state.phase is Phase.ROUNDS
    refused(state, WinRound(BOB), FoldedPlayer, "Bob folded")


def test_folded_players_are_not_bamboozaled(drive) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[ANN, ANN, CAT, CAT], folded=[BOB]))
    assert state.results[-1].rounds == (2, 0, 2) and state.results[-1].bamboozaled == ()
    assert state.dues == (50, 50, 50)


# --- the seed's four worked examples (hand amount 50) ----------------------------------------


def test_example_1_three_players_win_2_1_1_the_winner_takes_150_next_pot_150(drive) -> None:
    state = new(3)
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, ANN, CAT]))
    assert ev.PotTaken(ANN, 150, 2) in events and state.results[-1].bamboozaled == ()
    assert state.balances == (100, -50, -50)
    state, _ = drive(state, [StartHand()])
    assert state.pot == 150


def test_example_2_four_players_one_folded_win_3_1_0_the_winner_takes_200_next_pot_350(
    drive,
) -> None:
    state = new(4)
    state, events = drive(
        state, hand_actions(state, winners=[ANN, ANN, BOB, ANN], folded=[DAN])
    )
    assert ev.PotTaken(ANN, 200, 3) in events
    assert state.results[-1].bamboozaled == (CAT,)
    state, events = drive(state, [StartHand()])
    assert paid(events) == {ANN: 50, BOB: 50, CAT: 200, DAN: 50}
    assert state.pot == 350


def test_example_3_four_players_win_1_1_1_1_no_winner_the_200_stays_next_pot_400(drive) -> None:
    state = new(4)
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, CAT, DAN]))
    assert ev.PotStays(200, (ANN, BOB, CAT, DAN)) in events
    assert state.results[-1].bamboozaled == ()
    state, _ = drive(state, [StartHand()])
    assert state.pot == 400


def test_example_4_three_players_win_2_2_0_no_winner_the_150_stays_next_pot_400(drive) -> None:
    state = new(3)
    state, events = drive(state, hand_actions(state, winners=[ANN, BOB, ANN, BOB]))
    assert ev.PotStays(150, (ANN, BOB)) in events and ev.Bamboozaled(CAT, 150) in events
    state, events = drive(state, [StartHand()])
    assert paid(events) == {ANN: 50, BOB: 50, CAT: 150}
    assert state.pot == 400


# --- hands in a row ------------------------------------------------------------------------


def test_hands_in_a_row_the_pot_carries_over_and_bamboozals_chain(drive) -> None:
    state = new(3)
    # Hand 1: 2/2/0, the 150 stays; Cat owes 150.
    state, _ = drive(state, hand_actions(state, winners=[ANN, BOB, ANN, BOB]))
    assert (state.pot, state.dues) == (150, (50, 50, 150))
    # Hand 2: pot 400; Ann wins it, Cat wins nothing again and owes this hand's 400.
    state, events = drive(state, hand_actions(state, winners=[ANN, ANN, ANN, BOB]))
    assert ev.PotIs(400) in events and ev.PotTaken(ANN, 400, 3) in events
    assert (state.pot, state.dues) == (0, (50, 50, 400))
    # Hand 3: pot 500; Cat takes it back, Bob is bamboozaled for 500.
    state, events = drive(state, hand_actions(state, winners=[CAT, CAT, ANN, CAT]))
    assert ev.PotIs(500) in events and ev.PotTaken(CAT, 500, 3) in events
    assert state.dues == (50, 500, 50)
    # Hand 4: pot 600, a tie: it stays, Bob owes 600.
    state, events = drive(state, hand_actions(state, winners=[ANN, CAT, ANN, CAT]))
    assert ev.PotIs(600) in events and ev.PotStays(600, (ANN, CAT)) in events
    assert state.balances == (200, -650, -150) and state.pot == 600
    assert state.dues == (50, 600, 50)
    assert [r.dealer for r in state.results] == [0, 1, 2, 0]
    state, events = drive(state, [Stop()])
    assert state.phase is Phase.OVER and events == [ev.GameStopped(4, 600)]
    assert state.bamboozals == (0, 0, 0)  # nothing is charged once the players stop
    assert RULES.winner(state) == ANN
