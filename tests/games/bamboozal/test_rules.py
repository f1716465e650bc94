"""The BamBoozal engine beyond the rulings: undo, folds, stopping, errors, the log's JSON,
and the summary."""

from __future__ import annotations

import pytest

from games.bamboozal import (
    Action,
    BamBoozal,
    Fold,
    GameOver,
    HandInProgress,
    NoSuchSeat,
    NotASuit,
    NoteTrump,
    NothingToUndo,
    Phase,
    Play,
    Settings,
    Settle,
    StartHand,
    State,
    Stop,
    Suit,
    Undo,
    WinRound,
    WrongPhase,
    hand_result,
)
from games.bamboozal import events as ev
from games.bamboozal.table import hand_actions
from games.errors import InvalidSettings
from games.registry import get_rules

RULES = BamBoozal()
NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN, BOB, CAT, DAN = 0, 1, 2, 3


def new(n: int = 3, **settings: int) -> State:
    return RULES.new_game(NAMES[:n], Settings(**settings))


def started(drive, n: int = 3) -> State:
    """Hand 1 dealt, trumps noted, everyone playing: the first round's winner is awaited."""
    return drive(new(n), hand_actions(new(n), winners=())[:-1])[0]


# --- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_the_last_rounds_winner(drive) -> None:
    state = started(drive)
    before = state
    state, _ = drive(state, [WinRound(BOB)])
    state, events = drive(state, [Undo()])
    assert events == [ev.Undone(ev.RoundWon(BOB, 1, 1))] and state == before


def test_undo_after_the_last_round_reopens_the_rounds(drive) -> None:
    state = started(drive)
    state, _ = drive(state, [WinRound(ANN), WinRound(ANN), WinRound(BOB), WinRound(CAT)])
    assert state.phase is Phase.SETTLE
    state, events = drive(state, [Undo(), WinRound(ANN), Settle()])
    assert ev.PotTaken(ANN, 150, 3) in events


def test_undo_takes_back_play_or_fold_and_asks_that_player_again(drive) -> None:
    state = drive(new(3), [StartHand(), NoteTrump(Suit.SPADES), Play()])[0]
    state, events = drive(state, [Fold()])  # Ann deals: Bob, Cat, then Ann say
    assert events == [ev.Folded(CAT)] and state.awaiting == ANN
    state, events = drive(state, [Undo()])
    assert events == [ev.Undone(ev.Folded(CAT))] and state.awaiting == CAT
    assert state.plays() == (None, True, None)
    state, _ = drive(state, [Play(), Play()])
    assert state.phase is Phase.ROUNDS
    state, events = drive(state, [Undo()])  # no round entered yet: the last decision
    assert events == [ev.Undone(ev.Played(ANN))] and state.phase is Phase.DECIDE


def test_undo_takes_back_the_trump_then_the_start_of_the_hand(drive) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[ANN, ANN, BOB, BOB]))
    between = state
    state, _ = drive(state, [StartHand(), NoteTrump(Suit.CLUBS)])
    state, events = drive(state, [Undo()])
    assert events == [ev.Undone(ev.TrumpNoted(Suit.CLUBS))] and state.phase is Phase.TRUMP
    state, events = drive(state, [Undo()])
    assert events == [ev.Undone(ev.HandStarted(2, 1))]
    assert state == between and state.dues == (50, 50, 150)  # the bamboozal is owed again


def test_a_settled_hand_cannot_be_undone(drive, refused) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[ANN, ANN, BOB, CAT]))
    refused(state, Undo(), NothingToUndo, "a settled hand is final")


def test_undo_is_logged_as_its_own_action() -> None:
    assert RULES.action_to_json(Undo()) == {"type": "undo"}
    assert RULES.action_from_json({"type": "undo"}) == Undo()


# --- folds -----------------------------------------------------------------------------------


def test_when_everyone_else_folds_the_one_player_left_wins_every_round(drive) -> None:
    state = new(4)
    state, events = drive(state, hand_actions(state, winners=[], folded=[ANN, BOB, DAN])[:-1])
    assert ev.LonePlayer(CAT, 4) in events and state.phase is Phase.SETTLE
    assert state.rounds_won() == (0, 0, 4, 0)
    state, events = drive(state, [Undo()])  # back to the last decision, rounds cleared
    assert events == [ev.Undone(ev.Folded(ANN))] and state.rounds_won() == (0, 0, 0, 0)
    state, events = drive(state, [Fold(), Settle()])
    assert ev.PotTaken(CAT, 200, 4) in events


def test_when_everybody_folds_the_pot_stays_and_nobody_is_bamboozaled(drive) -> None:
    state = new(3)
    state, events = drive(state, hand_actions(state, winners=[], folded=[ANN, BOB, CAT]))
    assert ev.PotStays(150, ()) in events and state.pot == 150
    assert state.results[-1].bamboozaled == () and state.dues == (50, 50, 50)


# --- stopping --------------------------------------------------------------------------------


def test_the_players_stop_between_hands_and_the_balances_are_the_result(drive) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[BOB, BOB, ANN, CAT]))
    assert RULES.winner(state) is None and not RULES.is_over(state)
    state, events = drive(state, [Stop()])
    assert events == [ev.GameStopped(1, 0)] and RULES.is_over(state)
    assert RULES.winner(state) == BOB and state.balances == (-50, 100, -50)
    assert RULES.legal_actions(state) == []


def test_a_tie_on_balances_has_no_winner_but_the_game_is_over(drive) -> None:
    state, _ = drive(new(3), [Stop()])
    assert RULES.is_over(state) and RULES.winner(state) is None


def test_the_players_cannot_stop_or_deal_again_mid_hand(drive, refused) -> None:
    state = started(drive)
    refused(state, Stop(), HandInProgress, "Hand 1 is not settled")
    refused(state, StartHand(), HandInProgress, "Hand 1 is not settled")


def test_nothing_happens_after_the_players_stop(drive, refused) -> None:
    state, _ = drive(new(3), [Stop()])
    for action in (StartHand(), Stop(), Undo(), Play()):
        refused(state, action, GameOver, "The players stopped")


# --- bad input -------------------------------------------------------------------------------


def test_actions_out_of_phase_are_refused(drive, refused) -> None:
    state = new(3)
    refused(state, Play(), WrongPhase, r"Playing is not possible now \(Hand 1: pay in")
    refused(state, Undo(), NothingToUndo, "Nothing to undo")
    state, _ = drive(state, [StartHand()])
    refused(state, WinRound(ANN), WrongPhase, "Entering a round's winner is not possible")
    refused(state, Settle(), WrongPhase, "Settling the hand is not possible")
    refused(state, "play", WrongPhase, "'play' is not possible")


def test_a_trump_must_be_a_suit(drive, refused) -> None:
    state, _ = drive(new(3), [StartHand()])
    refused(state, NoteTrump("cups"), NotASuit, "'cups' is not a suit")  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 3, "1", None])
def test_a_rounds_winner_must_be_a_seat(drive, refused, seat: object) -> None:
    refused(started(drive), WinRound(seat), NoSuchSeat, "is not a seat of 3")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("names", "match"),
    [(["Ann", "Ann", "Bob"], "same name"), (["Ann", " ", "Bob"], "needs a name")],
)
def test_players_need_distinct_names(names: list[str], match: str) -> None:
    with pytest.raises(InvalidSettings, match=match):
        RULES.new_game(names)


def test_the_first_dealer_must_be_a_seat() -> None:
    with pytest.raises(InvalidSettings, match="first_dealer 3 is not a seat of 3"):
        new(3, first_dealer=3)
    with pytest.raises(InvalidSettings, match="first_dealer must be a seat number"):
        Settings(first_dealer=-1)


@pytest.mark.parametrize("bad", [{"hand_amount": "50"}, {"rounds_per_hand": True}, {"x": 1}])
def test_bad_settings_json_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidSettings):
        RULES.settings_from_json(bad)


def test_settings_json_round_trips() -> None:
    settings = Settings(hand_amount=20, rounds_per_hand=6, first_dealer=2)
    assert RULES.settings_from_json(RULES.settings_to_json(settings)) == settings


def test_every_action_json_round_trips(drive) -> None:
    actions: list[Action] = [StartHand(), Stop(), *(NoteTrump(s) for s in Suit), Play(), Fold(),
               WinRound(4), Settle(), Undo()]  # fmt: skip
    for action in actions:
        assert RULES.action_from_json(RULES.action_to_json(action)) == action


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"type": "trump"}, "trump action without 'suit'"),
        ({"type": "trump", "suit": "cups"}, "unknown suit"),
        ({"type": "round", "winner": "Ann"}, "must be a seat number"),
        ({"type": "deal"}, "unknown action type"),
        ({}, "needs a type"),
        ([], "must be an object"),
    ],
)
def test_bad_action_json_is_refused(data: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        RULES.action_from_json(data)  # type: ignore[arg-type]


# --- description -----------------------------------------------------------------------------


def test_the_registry_knows_bamboozal() -> None:
    assert isinstance(get_rules("bamboozal"), BamBoozal)


def test_summary_has_balances_pot_dealer_who_owes_what_and_each_hands_winner(drive) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[ANN, ANN, BOB, BOB]))
    state, _ = drive(state, hand_actions(state, winners=[CAT, CAT, CAT, ANN]))
    summary = RULES.summary(state)
    assert summary["pot"] == 0 and summary["dealer"] == "Cat" and summary["hand"] == 3
    assert [p["balance"] for p in summary["players"]] == [-100, -100, 200]
    assert [p["owes"] for p in summary["players"]] == [50, 400, 50]
    assert [p["bamboozal"] for p in summary["players"]] == [None, 400, None]
    assert [r["winner"] for r in summary["results"]] == [None, "Cat"]
    assert summary["history"] == [
        "Hand 1 (Ann deals): split, 150 stays; Cat bamboozaled (owes 150)",
        "Hand 2 (Bob deals): Cat takes 400; Bob bamboozaled (owes 400)",
    ]
    assert summary["prompt"] == "Hand 3: pay in (Ann 50, Bob 400, Cat 50), then Cat deals"


def test_summary_mid_hand_shows_trumps_plays_and_rounds(drive) -> None:
    state = new(3)
    state, _ = drive(state, hand_actions(state, winners=[], folded=[BOB])[:-1])
    state, _ = drive(state, [WinRound(CAT)])
    summary = RULES.summary(state)
    assert summary["trump"] == "Hearts" and summary["prompt"] == "Who won round 2?"
    assert [p["plays"] for p in summary["players"]] == ["plays", "folds", "plays"]
    assert [p["rounds"] for p in summary["players"]] == [0, 0, 1]
    assert hand_result(state).rounds == (0, 0, 1)
