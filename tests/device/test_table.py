"""The table state machine: button presses and fake camera looks in, logged actions out.

No threads, no sleeps: the eye is a list of scripted looks and time is a counter.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from device.bamboozled import flow as tb
from device.bamboozled import screens as bs
from device.bamboozled.flow import BamboozledFlow
from device.core import flow as core
from device.core.ports import Look
from device.core.roles import Role
from device.hw.buttons import KEYMAP
from device.hw.eyes import ScriptedEye
from device.ui.views import MenuView, MessageView, PlayersView, ReadView, WinnerView, render
from games.bamboozled.actions import PlayCard
from games.bamboozled.cards import Card
from games.bamboozled.rules import Bamboozled
from games.bamboozled.scores import entry_presses, legal_declarations
from games.bamboozled.state import Phase, Settings
from games.log import LogWriter, read_log, replay

NAMES = ["Anita", "Charlie", "Sasha"]


class Rig:
    """A table over a real log file, a fake eye and a fake photo keeper."""

    def __init__(self, tmp: Path, names: list[str] = NAMES, **settings: Any) -> None:
        self.rules = Bamboozled()
        self.settings = Settings(**settings)
        self.path = tmp / "game.jsonl"
        self.writer = LogWriter.create(self.path, self.rules, names, self.settings)
        self.eye = ScriptedEye()
        self.photos: list[int] = []
        self.t = 0.0
        state = self.rules.new_game(names, self.settings)
        self.table = BamboozledFlow(state, self.writer, self.eye, save_photo=self.save)

    def save(self, frame: Any, n: int) -> str:
        self.photos.append(n)
        return f"photos/g/{n:04d}.jpg"

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def mode(self) -> Any:
        return self.table.mode

    def keys(self, keys: str) -> Rig:
        for k in keys.replace(" ", ""):
            self.table.press(KEYMAP[k])
        return self

    def declare(self, score: int) -> Rig:
        """Walk the cursor to ``score`` with UP/DOWN/jumps (shortest way) and OK."""
        from games.bamboozled.scores import jump_down, jump_up, next_score, previous_score

        current = self.state.score
        assert score in legal_declarations(current)
        moves = {"w": next_score, "s": previous_score, "a": jump_up, "c": jump_down}
        seen = {self.mode.score: ""}
        frontier = [self.mode.score]
        while score not in seen:
            frontier = [(t := f(s, current), seen.setdefault(t, seen[s] + k))[0]
                        for s in frontier for k, f in moves.items() if f(s, current) not in seen]
        assert len(seen[score]) <= 6
        return self.keys(seen[score] + "o")

    def read(self, dice: tuple[int, int] | None, problem: str | None = None,
             moving: int = 2) -> Rig:
        """The camera sees motion, then settles on ``dice`` (or a problem)."""
        self.eye.looks = [Look("moving", frame="f")] * moving + [
            Look("settled", dice, problem, frame="frame")]
        for _ in range(moving + 1):
            assert self.table.busy
            self.t += 0.1
            self.table.tick(self.t)
        return self

    def logged(self) -> list[dict[str, Any]]:
        log = read_log(self.path)
        return [{"action": self.rules.action_to_json(a), "meta": m}
                for a, m in zip(log.actions, log.metas, strict=True)]

    def check_log(self) -> None:
        """The log replays to exactly the table's state."""
        assert replay(self.path).state == self.state


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)


def image_ok(table: BamboozledFlow) -> None:
    img = render(table.view())
    assert img.size == (128, 64)


# --- declaring ---------------------------------------------------------------------------------


def test_declare_steps_only_through_legal_scores(rig: Rig) -> None:
    assert isinstance(rig.mode, tb.Declaring) and rig.mode.score == 13
    seen = set()
    for key in "wwwwaaacccssssswawsac" * 3:
        rig.keys(key)
        seen.add(rig.mode.score)
        image_ok(rig.table)
    assert seen <= set(legal_declarations(0))
    rig.keys("s")  # from the lowest, DOWN wraps round to the Jackpot
    rig.table.mode = tb.Declaring(13)
    rig.keys("s")
    assert rig.mode.score == 21
    assert max(entry_presses(s) for s in legal_declarations(0)) <= 6


def test_declare_logs_and_hands_the_dice_on(rig: Rig) -> None:
    rig.declare(53)
    assert rig.state.phase is Phase.DECIDE and rig.state.awaiting == 1
    assert rig.logged() == [{"action": {"type": "declare", "score": 53}, "meta": None}]
    view = rig.table.view()
    assert isinstance(view, bs.DecideView)
    assert (view.judge, view.declarer, view.score_label) == ("CHARLIE", "ANITA", "53")
    assert [s.turn for s in view.strip.seats] == [False, True, False]


def test_over_a_score_only_tying_or_beating_scores(rig: Rig) -> None:
    rig.declare(53).keys("a").read((5, 3)).keys("o")
    assert isinstance(rig.mode, tb.Declaring) and rig.mode.score == 53  # tie is the lowest
    for key in "sssswwwaacc":
        rig.keys(key)
        assert rig.mode.score in legal_declarations(53)
    assert rig.table.view().position == ">=53"


# --- accepting ---------------------------------------------------------------------------------


def test_accept_truthful(rig: Rig) -> None:
    rig.declare(53).keys("a")
    assert rig.table.busy and rig.eye.starts == 1
    assert isinstance(rig.table.view(), ReadView)
    rig.read((3, 5))
    view = rig.table.view()
    assert isinstance(view, bs.RulingView) and view.headline == "TRUTHFUL"
    assert view.dice == (3, 5)
    rig.keys("o")
    assert rig.state.phase is Phase.DECLARE and rig.state.awaiting == 1
    assert rig.logged()[1] == {"action": {"type": "accept", "dice": [3, 5]},
                               "meta": {"read": "camera", "photo": "photos/g/0002.jpg",
                                            "looks": 1, "seen": [{"value": 3}, {"value": 5}]}}
    rig.check_log()


def test_accept_bluff_bamboozles_and_the_declarer_draws(rig: Rig) -> None:
    rig.declare(64).keys("a").read((3, 1))
    view = rig.table.view()
    assert view.headline == "BAMBOOZLED!"
    assert "ANITA draws, has 2" in view.lines
    assert view.lines[-1] == "CHARLIE rolls next"
    assert rig.state.hand(0) == 2
    rig.keys("o")
    assert rig.state.phase is Phase.DECLARE and rig.state.awaiting == 1


def test_deck_empty_says_no_card(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    piles = rig.state.piles
    rig.table.state = replace(rig.state, piles=replace(piles, deck=0, discard=0,
                                                       hands=(1, 1, 1)))
    # nothing in the deck or the discard pile: 26 cards are "elsewhere", keep the sum
    rig.table.state = replace(rig.state, piles=replace(
        rig.state.piles, composition=(0, 0, 0, 0, 0, 0, 0, 3)))
    rig.declare(64).keys("a").read((3, 1))
    assert "deck empty: no card" in rig.table.view().lines


# --- challenging -------------------------------------------------------------------------------


def test_challenge_truthful_offers_my_bad_then_strike(rig: Rig) -> None:
    rig.declare(53).keys("c").read((5, 3))
    assert rig.state.phase is Phase.MY_BAD_OFFER and isinstance(rig.mode, tb.Offer)
    view = rig.table.view()
    assert isinstance(view, bs.OfferView) and view.hint == "p:my bad c:no"
    rig.keys("c")  # no My Bad
    view = rig.table.view()
    assert view.headline == "TRUTHFUL"
    assert "CHARLIE takes strike 1/3" in view.lines
    assert rig.state.strikes == (0, 1, 0)
    rig.keys("o")
    assert rig.state.phase is Phase.DECLARE and rig.state.awaiting == 1
    assert rig.photos == [2]
    rig.check_log()


def test_my_bad_played(rig: Rig) -> None:
    rig.declare(53).keys("c").read((5, 3)).keys("p")
    assert rig.state.strikes == (0, 0, 0)
    assert rig.table.view().headline == "TRUTHFUL"
    assert "CHARLIE plays My Bad" in rig.table.view().lines
    assert rig.logged()[-1]["action"] == {"type": "play", "card": "my_bad"}


def test_challenge_bluff_strikes_the_declarer(rig: Rig) -> None:
    rig.declare(64).keys("c").read((1, 1))  # no after-roll card makes 64 from 1-1
    view = rig.table.view()
    assert view.headline == "BLUFF!" and "ANITA takes strike 1/3" in view.lines
    assert rig.state.strikes == (1, 0, 0)
    rig.keys("o")
    assert rig.state.awaiting == 0 and rig.state.score == 0


def test_after_roll_card_shown(rig: Rig) -> None:
    rig.declare(55).keys("c").read((1, 5))  # Double makes 55 from 1-5
    assert rig.state.phase is Phase.SHOW_CARD and rig.state.awaiting == 0
    view = rig.table.view()
    assert view.lines == ("55 isn't on the dice.", "Show Double?")
    assert view.dice == (1, 5)
    rig.keys("p")  # only Double reaches 55: shown at once
    view = rig.table.view()
    assert view.headline == "SHOWN!"
    assert rig.state.strikes == (0, 0, 0) and rig.state.score == 55
    assert rig.logged()[-1]["action"] == {"type": "show", "cards": ["double"]}
    rig.keys("o")
    assert rig.state.phase is Phase.DECLARE and rig.state.awaiting == 1


def test_after_roll_card_declined(rig: Rig) -> None:
    rig.declare(55).keys("c").read((1, 5)).keys("c")
    assert rig.table.view().headline == "BLUFF!"
    assert rig.state.strikes == (1, 0, 0)


# --- before-roll cards -------------------------------------------------------------------------


@pytest.mark.parametrize("card,judge,score", [
    (Card.FRESH_START, None, 0), (Card.SKIP, 2, 53), (Card.REVERSE, 2, 53)])
def test_before_roll_cards(rig: Rig, card: Card, judge: int | None, score: int) -> None:
    rig.declare(53).keys("p")
    menu = rig.table.view()
    assert isinstance(menu, MenuView)
    assert menu.items == ("Fresh Start", "Skip", "Reverse", "Back")  # no Revive: no strike
    rig.keys("s" * menu.items.index(card.label) + "o")
    view = rig.table.view()
    assert view.headline == card.label.upper() + "!"
    rig.keys("o")
    assert rig.state.score == score
    if card is Card.FRESH_START:
        assert rig.state.phase is Phase.DECLARE and rig.state.awaiting == 1
    else:
        assert rig.state.phase is Phase.DECIDE and rig.state.awaiting == judge
    assert rig.state.direction == (-1 if card is Card.REVERSE else 1)
    rig.check_log()


def test_revive_before_deciding_and_back_from_the_menu(rig: Rig) -> None:
    rig.declare(53).keys("c").read((5, 3)).keys("c o")  # Charlie 1 strike, starts
    rig.declare(44).keys("p")  # Sasha decides; she has no strike: no Revive
    assert "Revive" not in rig.table.view().items
    rig.keys("b")
    assert isinstance(rig.mode, tb.Deciding)
    rig.keys("a").read((4, 4)).keys("o")
    rig.declare(55)  # Anita decides on Sasha's 55
    rig.table.mode = tb.Deciding()
    rig.table.state = replace(rig.state, strikes=(1, 1, 0))
    rig.keys("p")
    items = rig.table.view().items
    assert "Revive" in items
    rig.keys("s" * items.index("Revive") + "o")
    assert rig.state.strikes == (0, 1, 0)
    rig.keys("o")
    assert isinstance(rig.mode, tb.Deciding)  # Revive does not end the turn


def test_card_menu_with_no_card_held(rig: Rig) -> None:
    rig.declare(53).keys("p s o o")  # Charlie plays Skip: holds none now
    assert rig.state.awaiting == 2
    rig.keys("a").read((5, 3)).keys("o")  # Sasha accepts; Sasha rolls
    rig.declare(55)  # Anita decides
    rig.table.state = replace(rig.state, piles=replace(rig.state.piles, hands=(0, 0, 1),
                                                       deck=rig.state.piles.deck + 1))
    rig.keys("p")
    assert isinstance(rig.mode, tb.Deciding)
    assert rig.table.view().hint == "ANITA has no card"


def test_impossible_claim_is_refused_with_a_message(rig: Rig) -> None:
    rig.declare(53)
    before = rig.state
    rig.table.mode = tb.Picking("x", (tb.Choice("My Bad", PlayCard(Card.MY_BAD)),),
                                back=tb.Deciding())
    rig.keys("o")
    view = rig.table.view()
    assert isinstance(view, MessageView) and view.title == "Not allowed"
    assert "My Bad" in view.lines[0]
    assert rig.state == before and len(rig.logged()) == 1
    rig.keys("o")
    assert isinstance(rig.mode, tb.Picking)


# --- hand limit, elimination, winner -----------------------------------------------------------


def test_hand_limit_discard(rig: Rig) -> None:
    rig.table.state = replace(rig.state, piles=replace(rig.state.piles, hands=(2, 1, 1),
                                                       deck=rig.state.piles.deck - 1))
    rig.declare(64).keys("a").read((3, 1))
    assert rig.table.view().headline == "BAMBOOZLED!"
    rig.keys("o")
    assert rig.state.phase is Phase.DISCARD
    menu = rig.table.view()
    assert isinstance(menu, MenuView) and menu.title == "ANITA: discard 1"
    assert menu.items[0] == "Don't name it" and "Jackpot" in menu.items
    rig.keys("s" * menu.items.index("Skip") + "o")
    assert rig.state.hand(0) == 2
    assert rig.logged()[-1]["action"] == {"type": "discard", "card": "skip"}
    assert "ANITA discards Skip" in rig.table.view().lines
    rig.keys("o")
    assert rig.state.phase is Phase.DECLARE and rig.state.awaiting == 1


def test_elimination_with_revive_offer(tmp_path: Path) -> None:
    rig = Rig(tmp_path, strike_limit=1)
    rig.declare(53).keys("c").read((5, 3)).keys("c")  # no My Bad
    assert rig.state.phase is Phase.REVIVE_OFFER
    view = rig.table.view()
    assert view.title == "CHARLIE: Revive?" and view.hint == "p:revive c:no"
    rig.keys("p")
    view = rig.table.view()
    assert view.headline == "TRUTHFUL" and "CHARLIE revives: 0/1" in view.lines
    assert rig.state.out == (False, False, False)
    rig.check_log()


def test_player_out_and_winner(tmp_path: Path) -> None:
    rig = Rig(tmp_path, names=["Anita", "Charlie"], strike_limit=1)
    rig.declare(64).keys("c").read((1, 1))  # Anita bluffed
    assert rig.state.phase is Phase.REVIVE_OFFER
    rig.keys("c")  # no Revive: out
    view = rig.table.view()
    assert view.headline == "GAME OVER"
    assert "ANITA is out" in view.lines and "CHARLIE wins!" in view.lines
    rig.keys("o")
    view = rig.table.view()
    assert isinstance(view, WinnerView) and view.name == "CHARLIE"
    rig.keys("a")
    assert not rig.table.finished
    rig.keys("o")
    assert rig.table.finished
    assert replay(rig.path).state.winner == 1


# --- reading the dice --------------------------------------------------------------------------


def test_reading_shows_motion_then_rules(rig: Rig) -> None:
    rig.declare(53).keys("a")
    rig.eye.looks = [Look("moving"), Look("hand in view")]
    rig.table.tick(1.0)
    assert rig.table.view().status == "dice moving"
    rig.table.tick(2.0)
    assert rig.table.view().status == "hands away"  # a status word, as in every game
    assert rig.eye.polls == [1.0, 2.0]
    assert rig.table.busy


def test_uncertain_reading_spread_then_manual_entry_confirmed_by_two(rig: Rig) -> None:
    rig.declare(53).keys("c")
    rig.read(None, "a die could not be read")
    view = rig.table.view()
    assert view.title == "Spread the dice" and not rig.table.busy
    rig.keys("a")  # wrong button: ignored, hint
    assert rig.table.view().hint.startswith("\u2717 o:read")
    rig.keys("o")
    assert rig.table.busy and rig.eye.starts == 2
    rig.read(None, "expected 2 dice, saw 3")
    rig.keys("o")
    rig.read(None, "expected 2 dice, saw 1")  # third failure: by hand
    assert isinstance(rig.mode, core.EnterByHand)
    assert len(rig.logged()) == 1  # nothing ruled on a guess
    rig.keys("wwww o ww o")  # 5, then 3
    view = rig.table.view()
    assert isinstance(view, bs.ConfirmDiceView)
    assert (view.who, view.dice, view.step) == ("ANITA", (5, 3), 1)
    rig.keys("o")
    assert rig.table.view().who == "CHARLIE"
    rig.keys("c")  # Charlie disagrees: enter again
    assert isinstance(rig.mode, core.EnterByHand)
    rig.keys("o o o o")
    assert rig.state.phase is Phase.MY_BAD_OFFER  # ruled: Charlie may play My Bad
    assert rig.logged()[-1] == {
        "action": {"type": "challenge", "dice": [5, 3]},
        "meta": {"read": "manual", "confirmed_by": ["Anita", "Charlie"],
                 "why": "expected 2 dice, saw 1", "photo": "photos/g/0002.jpg",
                 "looks": 3, "seen": []}}


def test_menu_during_reading_enters_by_hand(rig: Rig) -> None:
    rig.declare(53).keys("a")
    rig.table.tick(0.1)
    rig.keys("m")
    assert isinstance(rig.mode, core.EnterByHand)
    rig.keys("b")  # back from the first die: read with the camera again
    assert rig.table.busy


def test_camera_error_asks_for_the_dice(rig: Rig) -> None:
    rig.declare(53).keys("a")
    rig.eye.looks = [Look("error", problem="camera: no webcam at /dev/video0")]
    rig.table.tick(0.1)
    view = rig.table.view()
    assert isinstance(view, MessageView) and view.title == "Camera problem"
    assert view.lines == ("camera: no webcam at /dev/video0. Enter the dice by hand.",)
    assert rig.state.phase is Phase.DECIDE and len(rig.logged()) == 1
    rig.keys("o")
    assert isinstance(rig.mode, core.EnterByHand)
    assert rig.table.view().caption == "camera problem"


# --- wrong-time buttons, players table -------------------------------------------------------


def test_wrong_time_buttons_are_ignored_with_a_hint(rig: Rig) -> None:
    rig.declare(53)
    before = (rig.state, rig.mode)
    rig.keys("o")
    assert (rig.state, rig.mode) == before
    assert rig.table.view().hint == "\u2717 a:acc c:chal p:card"
    rig.table.press(Role.ACCEPT)
    rig.keys("o")  # during the reading: ignored
    assert rig.table.busy
    rig.read((5, 3)).keys("awsp")  # the ruling page waits for OK
    assert isinstance(rig.mode, core.Ruled)
    rig.keys("o p")  # Charlie declares: no strike to Revive, so no card to play
    assert rig.table.view().hint == "no card to play now"
    assert len(rig.logged()) == 2


def test_players_table_from_decide_and_menu(rig: Rig) -> None:
    rig.declare(53).keys("s")
    view = rig.table.view()
    assert isinstance(view, PlayersView)
    assert [r.active for r in view.players] == [False, True, False]
    rig.keys("o")
    assert isinstance(rig.mode, tb.Deciding)
    rig.keys("m")
    assert isinstance(rig.table.view(), PlayersView)
    rig.keys("w")
    assert isinstance(rig.mode, tb.Deciding)


# --- No Bluffing --------------------------------------------------------------------------------


def test_no_bluffing_open_roll(tmp_path: Path) -> None:
    rig = Rig(tmp_path, no_bluffing=True)
    assert isinstance(rig.mode, tb.Rolling)
    assert isinstance(rig.table.view(), bs.RollView)
    rig.keys("o").read((5, 3))
    assert rig.table.view().items[0] == "No card: 53"  # Anita might hold a card
    rig.keys("o")
    view = rig.table.view()
    assert view.headline == "53" and rig.state.score == 53
    rig.keys("o")
    assert isinstance(rig.mode, tb.Rolling) and rig.state.awaiting == 1
    rig.keys("o").read((2, 1))  # Jackpot beats 53 (no card could do better)
    rig.keys("o o").read((1, 3))  # 31 does not; a card making the Jackpot would tie
    assert rig.table.view().items == ("No card: 31", "Jackpot: Jackpot", "Up/Down: Jackpot")
    rig.keys("o")  # no card: strike for Sasha
    view = rig.table.view()
    assert view.headline == "TOO LOW!" and "SASHA takes strike 1/3" in view.lines
    rig.check_log()


def test_no_bluffing_card_raises_the_roll(tmp_path: Path) -> None:
    rig = Rig(tmp_path, no_bluffing=True)
    rig.keys("o").read((5, 4))
    menu = rig.table.view()
    assert isinstance(menu, MenuView) and menu.items[0] == "No card: 54"
    assert "Double: double 5s" in menu.items
    rig.keys("s" * menu.items.index("Double: double 5s") + "o")
    assert rig.state.score == 55
    assert rig.logged()[-1]["action"] == {"type": "roll", "dice": [5, 4], "cards": ["double"]}
    assert rig.logged()[-1]["meta"]["photo"] == "photos/g/0001.jpg"


# --- resuming -----------------------------------------------------------------------------------


def test_mode_follows_the_state_after_a_restart(rig: Rig) -> None:
    rig.declare(55).keys("c").read((1, 5))
    again = BamboozledFlow(replay(rig.path).state, rig.writer, ScriptedEye(), actions=2)
    assert isinstance(again.mode, tb.Offer) and again.view() == rig.table.view()


def test_revive_on_ones_own_turn_when_declaring(rig: Rig) -> None:
    rig.declare(53).keys("c").read((5, 3)).keys("c o")  # Charlie: 1 strike, starts
    assert isinstance(rig.mode, tb.Declaring) and rig.state.awaiting == 1
    rig.keys("p")
    assert rig.table.view().items == ("Revive", "Back")
    rig.keys("o")
    assert rig.state.strikes == (0, 0, 0)
    assert rig.table.view().headline == "REVIVE!"
    rig.keys("o")
    assert isinstance(rig.mode, tb.Declaring) and rig.state.phase is Phase.DECLARE
    rig.keys("p")
    assert rig.table.view().hint == "CHARLIE has no card"
