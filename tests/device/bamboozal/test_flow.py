"""The BamBoozal flow in-process: presses become the engine's actions, logged before the
screen changes; undo, stop, the balances menu; a restart resumes on the same screen."""

from __future__ import annotations

from pathlib import Path

from device.bamboozal.flow import (
    BamboozalFlow,
    ConfirmStop,
    Deciding,
    Paying,
    Rounds,
    Settling,
    Trumps,
)
from device.bamboozal.screens import LedgerRow, LedgerView, PickView
from device.bamboozal.setup import AMOUNTS, BamboozalSetup, Step
from device.core.box import find_unfinished
from device.core.flow import Over, Players
from device.core.roles import Role
from device.core.setup import SetupDefaults
from device.hw.buttons import KEYMAP
from device.ui.views import MessageView
from games.bamboozal import BamBoozal, Phase, Settings, Suit
from games.log import LogWriter, replay

NAMES = ("Ann", "Bob", "Cat", "Dan")


class NoEye:
    """The flow never looks at the tray: any look fails the test."""

    def start(self) -> None:
        raise AssertionError("BamBoozal needs no camera")

    def poll(self, t: float) -> object:
        raise AssertionError("BamBoozal needs no camera")


def new_flow(tmp_path: Path, **settings: int) -> tuple[BamboozalFlow, Path]:
    rules = BamBoozal()
    path = tmp_path / "game.jsonl"
    setup = Settings(**settings)
    writer = LogWriter.create(path, rules, NAMES, setup)
    return BamboozalFlow(rules.new_game(NAMES, setup), writer, NoEye()), path


def press(flow: BamboozalFlow, keys: str) -> None:
    for key in keys.replace(" ", ""):
        flow.press(KEYMAP[key])


def test_a_hand_from_payments_to_the_result(tmp_path: Path) -> None:
    flow, path = new_flow(tmp_path)
    view = flow.view()
    assert isinstance(flow.mode, Paying) and isinstance(view, LedgerView)
    assert view.rows[0] == LedgerRow("Ann", "50") and view.note == "Ann deals, pot 200"
    press(flow, "o")  # paid: the dealer deals
    assert isinstance(flow.mode, Trumps) and flow.view().trump is Suit.DIAMONDS
    press(flow, "ss o")  # Hearts
    assert flow.state.hand is not None and flow.state.hand.trump is Suit.HEARTS
    view = flow.view()
    assert isinstance(view, PickView) and view.title == "Bob: play or fold?"
    assert view.trump is Suit.HEARTS  # the reminder
    press(flow, "a a c a")  # Bob, Cat play; Dan folds; Ann plays
    view = flow.view()
    assert view.title == "Round 1/4: who won?" and view.items == ("Ann  0", "Bob  0", "Cat  0")
    press(flow, "o o so o")  # Ann, Ann, Bob, Ann
    assert isinstance(flow.mode, Settling)
    view = flow.view()
    assert isinstance(view, MessageView) and view.lines == (
        "ANN takes 200!", "Cat BamBoozaled: pays 200 next hand.", "Rounds: Ann 3, Bob 1, Cat 0")
    press(flow, "o")
    assert isinstance(flow.mode, Paying)
    view = flow.view()
    assert view.rows[2] == LedgerRow("Cat", "200", "BZ") and view.note == "Bob deals, pot 350"
    assert replay(path).state == flow.state and flow.actions == 11


def test_back_undoes_the_last_entry_with_the_cursor_on_it(tmp_path: Path) -> None:
    flow, path = new_flow(tmp_path)
    press(flow, "o sss o aaaa  so")  # Spades; everyone plays; Bob wins round 1
    press(flow, "b")
    assert flow.mode == Rounds(1) and flow.view().hint == "undone"
    assert flow.state.rounds_won() == (0, 0, 0, 0)
    press(flow, "b")  # Ann's play
    assert flow.mode == Deciding(0) and flow.state.awaiting == 0
    press(flow, "c b")  # Ann folds, undone: the cursor is on Fold
    assert flow.mode == Deciding(1)
    press(flow, "b b b")  # Dan's, Cat's, Bob's plays
    press(flow, "b")  # the trump
    assert flow.mode == Trumps(3)
    press(flow, "b")  # the start of the hand: the payments come back
    assert isinstance(flow.mode, Paying) and flow.state.pot == 0
    assert replay(path).state == flow.state
    undos = [a for a in replay(path).log.actions if type(a).__name__ == "Undo"]
    assert len(undos) == 8  # each logged as its own action


def test_the_players_stop_with_a_held_button_confirmed(tmp_path: Path) -> None:
    flow, path = new_flow(tmp_path)
    press(flow, "o o aaaa o o o o o")  # Ann wins all four rounds
    press(flow, "b")
    assert isinstance(flow.mode, ConfirmStop)
    assert flow.view().lines == ("The balances now are the final result.",)
    press(flow, "s")  # any other key: play on
    assert isinstance(flow.mode, Paying) and flow.state.phase is Phase.PAY
    press(flow, "b o")
    assert isinstance(flow.mode, Over)
    view = flow.view()
    assert isinstance(view, LedgerView) and view.title == "Final balances"
    assert [r.amount for r in view.rows] == ["+150", "-50", "-50", "-50"]
    assert view.note == "the pot is empty" and view.right == "1 hand"
    assert not flow.finished
    press(flow, "o")
    assert flow.finished and replay(path).state.phase is Phase.OVER


def test_menu_shows_the_balances_and_any_key_returns(tmp_path: Path) -> None:
    flow, _ = new_flow(tmp_path)
    press(flow, "o o aaaa o so")
    mode = flow.mode
    press(flow, "m")
    assert isinstance(flow.mode, Players)
    view = flow.view()
    assert isinstance(view, LedgerView) and view.title == "Balances"
    assert view.rows[0] == LedgerRow("Ann", "-50", "D") and view.right == "pot 200"
    press(flow, "a")
    assert flow.mode == mode


def test_presses_that_do_nothing_say_what_works(tmp_path: Path) -> None:
    flow, path = new_flow(tmp_path)
    press(flow, "a")
    assert flow.view().hint == "\u2717 o:paid b:end m:bal" and isinstance(flow.mode, Paying)
    assert replay(path).log.actions == []


def test_a_lone_player_and_everybody_folding_go_straight_to_the_result(tmp_path: Path) -> None:
    flow, _ = new_flow(tmp_path)
    press(flow, "o o ccc")
    press(flow, "a")  # only Ann plays
    assert isinstance(flow.mode, Settling)
    assert flow.view().lines[0] == "ANN takes 200!"
    press(flow, "o o o cccc")
    assert flow.view().lines[0] == "Everybody folded: the 200 stays."


def test_a_restart_resumes_on_the_screen_the_box_showed(tmp_path: Path) -> None:
    flow, path = new_flow(tmp_path)
    shown = {0: flow.view()}
    for key in "osoaaca" "oosoooo" "b":  # a hand; the next one started, undone
        before = flow.actions
        flow.press(KEYMAP[key])
        if flow.actions != before:  # the screen right after each action
            shown[flow.actions] = flow.view()
    rules, actions = BamBoozal(), replay(path).log.actions
    state = rules.new_game(NAMES, Settings())
    for n, action in enumerate(actions, start=1):
        state, _ = rules.apply(state, action)
        again = BamboozalFlow(state, flow.log, NoEye())
        assert again.view() == shown[n] or shown[n].hint == "undone", n
    assert len(shown) == 14 and isinstance(flow.mode, Paying)


def test_setup_steps_players_amount_rounds_dealer() -> None:
    setup = BamboozalSetup.from_defaults(SetupDefaults(players=3, names=NAMES))
    assert setup.choices.players == 4  # one seat per given name
    for key in "oso" "wwo" "wo":
        setup.press(KEYMAP[key])
    assert setup.step is Step.READY
    setup.press(Role.OK)
    assert setup.result is not None and setup.result.names == ("Ann", "Bob", "Cat", "Dan")
    assert setup.result.settings == Settings(hand_amount=AMOUNTS[5], rounds_per_hand=6,
                                             first_dealer=3)
    # players wrap 3..6; BACK steps back
    setup = BamboozalSetup(players=6)
    setup.press(Role.UP)
    assert setup.choices.players == 3
    setup.press(Role.OK)
    setup.press(Role.BACK)
    assert setup.step is Step.PLAYERS


def test_a_stopped_game_is_not_offered_for_resuming_one_mid_hand_is(tmp_path: Path) -> None:
    flow, path = new_flow(tmp_path)
    press(flow, "o o aa")
    found = find_unfinished(tmp_path)
    assert found is not None and found[0] == path
    press(flow, "aa o o o o o  b o")  # the hand played out and settled; the players stop
    assert find_unfinished(tmp_path) is None
