"""The Doubting Dice table: presses and scripted camera looks in, logged actions out.

No threads, no sleeps: the eye is a list of scripted looks and time is a counter.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from device.core import flow as core
from device.core.flow import NoHooks
from device.core.ports import Look
from device.doubting import flow as dt
from device.doubting.flow import DoubtingFlow
from device.doubting.rulings import ruling
from device.doubting.screens import BidView, DiceTableView, RevealView, RoundStartView
from device.hw.buttons import KEYMAP
from device.hw.eyes import ScriptedEye
from device.ui.views import MessageView, NumberView, render
from games.doubting.actions import Bid, Challenge, Exact
from games.doubting.bids import legal_bids
from games.doubting.rules import DoubtingDice
from games.doubting.state import DoubtingSettings, DoubtingState, Phase
from games.log import LogWriter, read_log, replay

NAMES = ["Ann", "Ben", "Cat", "Dan"]


class Hooks(NoHooks):
    def __init__(self) -> None:
        self.rounds: list[int] = []
        self.lifts: list[tuple[str, int]] = []

    def entered(self, flow: Any) -> None:
        if isinstance(flow.mode, dt.RoundStart):
            self.rounds.append(flow.state.round)

    def lift(self, flow: Any, reading: core.Reading) -> None:
        self.lifts.append((reading.kind, reading.attempt))


class Rig:
    def __init__(self, tmp: Path, names: list[str] = NAMES, tray: int = 30,
                 **settings: Any) -> None:
        self.rules = DoubtingDice()
        self.settings = DoubtingSettings(**settings)
        self.path = tmp / "game.jsonl"
        self.writer = LogWriter.create(self.path, self.rules, names, self.settings)
        self.eye = ScriptedEye()
        self.hooks = Hooks()
        self.photos: list[int] = []
        self.t = 0.0
        state = self.rules.new_game(names, self.settings)
        self.table = DoubtingFlow(state, self.writer, self.eye, save_photo=self.save,
                                  hooks=self.hooks, tray_capacity=tray)

    def save(self, frame: Any, n: int, part: int | None = None) -> str:
        self.photos.append(n)
        return f"photos/g/{n:04d}.jpg" if part is None else f"photos/g/{n:04d}-{part}.jpg"

    @property
    def state(self) -> DoubtingState:
        return self.table.state

    @property
    def mode(self) -> Any:
        return self.table.mode

    def keys(self, keys: str) -> Rig:
        for k in keys.replace(" ", ""):
            self.table.press(KEYMAP[k])
            assert render(self.table.view()).size == (128, 64)
        return self

    def enter(self, quantity: int, face: int) -> Rig:
        """Walk the bid entry to ``quantity x face`` (only legal bids on the way), OK."""
        legal = set(legal_bids(self.state))
        for _ in range(80):
            bid = self.mode.bid
            assert bid in legal
            if bid == Bid(quantity, face):
                return self.keys("o")
            self.keys("w" if bid.quantity < quantity else "s" if bid.quantity > quantity
                      else "c")
        raise AssertionError(f"cannot reach {quantity} x {face}")

    def read(self, dice: tuple[int, ...] | None, problem: str | None = None,
             moving: int = 2) -> Rig:
        """The camera sees motion, then settles on ``dice`` (or a problem)."""
        self.eye.looks = [Look("moving", frame="f")] * moving + [
            Look("settled", dice, problem, frame="frame")]  # type: ignore[arg-type]
        for _ in range(moving + 1):
            assert self.table.busy
            self.t += 0.1
            self.table.tick(self.t)
        return self

    def metas(self) -> list[dict[str, Any] | None]:
        return read_log(self.path).metas

    def check_log(self) -> None:
        assert replay(self.path).state == self.state


def reveal(n: int, face: int, count: int, ones: int = 0, rng: random.Random | None = None
           ) -> tuple[int, ...]:
    """``n`` dice with ``count`` showing ``face`` plus ``ones`` ones, shuffled."""
    others = [f for f in (2, 3, 4, 5, 6) if f != face]
    rng = rng or random.Random(n * 7 + face)
    dice = [face] * count + [1] * ones + [rng.choice(others) for _ in range(n - count - ones)]
    rng.shuffle(dice)
    return tuple(dice)


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)


# --- the done-when game ------------------------------------------------------------------


def test_four_players_to_a_winner(tmp_path: Path) -> None:
    """A scripted four-player game: a first reading with a die missing, exact calls that
    gain and lose dice, palifico rounds (ones not wild, face fixed), eliminations, a
    winner; every reveal's photo kept and the log replays to the same state."""
    r = Rig(tmp_path)
    assert isinstance(r.mode, dt.RoundStart) and r.hooks.rounds == [1]
    view = r.table.view()
    assert isinstance(view, RoundStartView) and view.starter == "ANN" and not view.palifico

    # Round 1: Ann opens 3 x 4; Ben raises 4 x 4; Cat challenges. The first look misses
    # a die: the box asks to spread them and reads again, and rules on the second look.
    r.keys("o").enter(3, 4)
    assert isinstance(r.mode, dt.Answering)
    view = r.table.view()
    assert isinstance(view, BidView) and view.title == "BEN answers" and "ANN" in view.caption
    r.keys("a").enter(4, 4)
    s_before = r.state
    r.keys("c")
    assert r.table.busy and r.hooks.lifts == [("challenge", 1)]
    dice = reveal(20, 4, 2, ones=1)  # 3 fours with the one: Ben's 4 x 4 is a bluff
    r.read(dice[:-1])
    assert r.mode.problem == "I see 19 dice, expected 20: spread them"
    assert r.state == s_before and r.table.actions == 2  # nothing ruled, nothing logged
    assert "19 dice" in r.table.view().lines[0]
    r.keys("o").read(dice)
    assert isinstance(r.mode, core.Ruled) and r.mode.view.headline == "BLUFF!"
    assert r.mode.view.lines[0] == "4s: 2 + 1 ones = 3"
    assert "BEN loses a die: 4" in r.mode.view.lines
    assert r.metas()[-1] == {"read": "camera", "seen": [{"value": v} for v in dice],
                             "looks": 2, "photo": "photos/g/0003.jpg"}
    assert r.hooks.lifts == [("challenge", 1), ("challenge", 2)]
    r.keys("o")
    assert r.state.dice == (5, 4, 5, 5) and r.state.starter == 1

    # Round 2: Ben opens, Cat calls exact and misses: Cat loses 2 dice.
    r.keys("o").enter(5, 6).keys("p").read(reveal(19, 6, 4, ones=2))
    assert r.mode.view.headline == "MISSED!" and "CAT loses 2 dice: 3" in r.mode.view.lines
    r.keys("o")
    assert r.state.dice == (5, 4, 3, 5) and r.state.starter == 2

    # Round 3: Cat opens, Dan calls exact and is right, but already has 5 dice.
    r.keys("o").enter(4, 2).keys("p").read(reveal(17, 2, 3, ones=1))
    assert r.mode.view.headline == "EXACT!" and "DAN keeps 5 dice" in r.mode.view.lines
    r.keys("o").keys("o").enter(5, 3)  # Round 4: Dan opens; Ann challenges: true
    r.keys("c").read(reveal(17, 3, 5, ones=1))
    assert r.mode.view.headline == "TRUE!" and r.state.dice == (4, 4, 3, 5)
    # Round 5: Ann opens, Ben raises, Cat calls exact and is right: Cat gains a die.
    r.keys("o o").enter(3, 5).keys("a").enter(4, 5).keys("p").read(reveal(16, 5, 2, ones=2))
    assert r.mode.view.headline == "EXACT!" and "CAT gains a die: 4" in r.mode.view.lines
    r.keys("o")
    assert r.state.dice == (4, 4, 4, 5) and r.state.starter == 2  # the exact caller opens

    # From here the opener bids and the next player challenges; the reveal makes the bid
    # a bluff, so the opener loses a die each round until out. Palifico rounds come as
    # each player first drops to one die: ones are not wild and the face is fixed.
    palifico_rounds = 0
    while r.state.phase is not Phase.GAME_OVER:
        assert isinstance(r.mode, dt.RoundStart)
        st = r.state
        view = r.table.view()
        if st.palifico:
            palifico_rounds += 1
            assert view.palifico == "PALIFICO: ones not wild, face fixed"
            r.keys("o")
            assert r.mode.bid == Bid(max(1, st.dice_in_play // 6), 2)
            r.keys("c")  # the opener chooses the face freely
            assert r.mode.bid.face == 3
            r.keys("o")
            r.keys("a")
            assert r.mode.bid.face == 3
            r.keys("c")
            assert r.table.view().hint == "palifico: face fixed"
            r.keys("o")
            # two ones and no three: a bluff, since ones are not wild
            bid = r.state.bid
            assert bid is not None
            r.keys("c").read(reveal(st.dice_in_play, 3, 0, ones=2))
            assert r.mode.view.lines[0] == "3s: 0, ones not wild"
        else:
            assert not view.palifico
            r.keys("o o c").read(reveal(st.dice_in_play, 2, 0))
            assert r.mode.view.headline == "BLUFF!"
        r.keys("o")
    assert palifico_rounds >= 3
    assert isinstance(r.mode, core.Over)
    winner = r.state.winner
    assert winner is not None and sum(1 for o in r.state.out if not o) == 1
    assert r.table.view().name == NAMES[winner].upper()
    r.check_log()
    metas = r.metas()
    calls = [i for i, a in enumerate(read_log(r.path).actions)
             if isinstance(a, Challenge | Exact)]
    assert all(metas[i] and metas[i]["photo"] == f"photos/g/{i + 1:04d}.jpg" for i in calls)
    assert r.photos == [i + 1 for i in calls]
    r.keys("o")
    assert r.table.finished


# --- bid entry -----------------------------------------------------------------------------


def test_bid_entry_reaches_only_legal_bids(rig: Rig) -> None:
    rig.keys("o")
    assert rig.mode.bid == Bid(20 // 3, 2)  # the opening starts near the expected count
    rig.enter(3, 4).keys("a")
    assert rig.mode.bid == Bid(3, 5)  # the lowest raise
    legal = set(legal_bids(rig.state))
    seen, frontier = {rig.mode.bid}, [rig.mode.bid]
    while frontier:  # every key from every bid reached: all legal, and all reachable
        bid = frontier.pop()
        for key in "wsacp":
            rig.table.mode = dt.Bidding(bid)
            rig.table.press(KEYMAP[key])
            assert rig.mode.bid in legal
            if rig.mode.bid not in seen:
                seen.add(rig.mode.bid)
                frontier.append(rig.mode.bid)
    assert seen == legal  # and every legal bid is reachable


def test_quantity_wraps_and_jumps(rig: Rig) -> None:
    rig.keys("o").enter(3, 4).keys("a")
    rig.keys("s")
    assert rig.mode.bid == Bid(20, 5)  # below the lowest raise: the top quantity
    rig.keys("w")
    assert rig.mode.bid == Bid(3, 5)  # above the top: back to the lowest
    rig.keys("p")
    assert rig.mode.bid == Bid(8, 5)  # CARD: quantity + 5
    rig.keys("pppp")
    assert rig.mode.bid.quantity == 3  # clamped at 20, then wrapped
    rig.keys("a")
    assert rig.mode.bid == Bid(3, 6)  # face down cycles within the legal faces (5, 6)
    rig.keys("b")
    assert isinstance(rig.mode, dt.Answering)


def test_top_bid_can_only_be_called(rig: Rig) -> None:
    rig.keys("o").enter(20, 6)
    rig.keys("a")
    assert isinstance(rig.mode, dt.Answering)
    assert rig.table.view().hint == "top bid: c:chal p:exact"


def test_odds_on_entry_and_answer(rig: Rig) -> None:
    rig.keys("o")
    assert rig.table.view().right == "70%"  # 6 x 2 of 20 dice, ones wild
    rig.enter(7, 3)
    view = rig.table.view()
    assert view.right == "52%" and view.hint == "a:bid c:chal p:exact"


def test_buttons_that_do_nothing_say_what_works(rig: Rig) -> None:
    rig.keys("a")
    assert rig.table.view().hint == "o:bid m:table"
    assert isinstance(rig.mode, dt.RoundStart)


# --- readings --------------------------------------------------------------------------------


def test_three_bad_readings_then_a_count_by_hand(rig: Rig) -> None:
    rig.keys("o").enter(4, 4).keys("c")
    rig.read(reveal(20, 4, 4)[:18]).keys("o")
    rig.read(None, "a die could not be read: spread them").keys("o")
    rig.read(reveal(20, 4, 4) + (2,))
    assert isinstance(rig.mode, core.EnterByHand) and rig.mode.why.startswith("I see 21 dice")
    assert rig.mode.value == 4
    view = rig.table.view()
    assert isinstance(view, NumberView) and view.title == "How many 4s + ones?"
    rig.keys("ssw w")
    rig.keys("o")
    view = rig.table.view()
    assert isinstance(view, MessageView) and view.title == "ANN: confirm"  # the bidder
    rig.keys("c")
    assert isinstance(rig.mode, core.EnterByHand)
    rig.keys("s o o")
    assert rig.table.view().title == "BEN: confirm"  # then the caller
    rig.keys("o")
    assert rig.mode.view.headline == "BLUFF!"
    assert rig.state.last_result.count == 3
    meta = rig.metas()[-1]
    assert meta is not None and meta["read"] == "manual" and meta["count"] == 3
    assert meta["confirmed_by"] == ["Ann", "Ben"] and meta["photo"] == "photos/g/0002.jpg"
    rig.check_log()


def test_menu_during_reading_counts_by_hand_and_back_reads_again(rig: Rig) -> None:
    rig.keys("o").enter(4, 4).keys("p")
    rig.keys("m")
    assert isinstance(rig.mode, core.EnterByHand) and rig.mode.kind == "exact"
    rig.keys("b")
    assert rig.table.busy and rig.eye.starts == 2


def test_camera_error_says_so_then_goes_to_entry(rig: Rig, caplog: Any) -> None:
    rig.keys("o").enter(4, 4).keys("c")
    rig.eye.looks = [Look("error", problem="camera: gone")]
    rig.table.tick(1.0)
    assert isinstance(rig.mode, core.Notice) and rig.mode.title == "Camera problem"
    assert "camera: gone" in rig.mode.text
    assert "reading the dice: camera: gone" in caplog.text  # a warning in the journal
    rig.keys("o")
    assert isinstance(rig.mode, core.EnterByHand) and rig.mode.why == "camera problem"


def test_more_dice_than_the_tray_holds_are_read_in_batches(tmp_path: Path) -> None:
    """20 dice, a tray for 12: Ann and Ben pour first (10 dice), then Cat and Dan; each
    batch is read with the same rules (a miscount reads again, by hand with two players
    confirming), and the counts are summed into one ruling."""
    r = Rig(tmp_path, tray=12)
    r.keys("o").enter(3, 4).keys("a").enter(5, 4).keys("c")  # Cat challenges 5 x 4
    assert r.table.batch_sizes(dt.ReadKind.CHALLENGE) == (10, 10)
    view = r.table.view()
    assert view.title == "Pour 1/2" and view.lines[1] == "ANN, BEN: 10 dice in!"
    first = (4, 4, 1, 2, 3, 5, 6, 2, 3, 5)  # 2 fours + 1 one
    r.read(first[:-1])  # a die missing from the first batch: read it again
    assert r.mode.problem == "I see 9 dice, expected 10: spread them" and r.mode.batch == 0
    r.keys("o").read(first)
    assert r.table.busy and r.mode.batch == 1 and r.table.view().title == "Pour 2/2"
    assert r.table.view().lines[1] == "CAT, DAN: 10 dice in!"
    assert r.state.bid == Bid(5, 4) and r.table.actions == 2  # nothing ruled yet
    r.keys("m")  # the second batch by hand: how many fours (ones included)?
    assert isinstance(r.mode, core.EnterByHand) and r.mode.batch == 1
    assert r.table.view().caption == "of 10 dice"
    r.keys("w o o o")  # the entry starts at the bid's 5: one up, 6; Ben and Cat confirm
    assert isinstance(r.mode, core.Ruled)
    # a batch counted by hand: the count as entered, not a split nobody entered
    assert r.mode.view.lines[0] == "4s + ones: 9"  # 2 + 6 fours, the one: 9 >= 5
    assert r.mode.view.headline == "TRUE!"
    meta = r.metas()[-1]
    assert meta is not None and meta["read"] == "manual" and meta["looks"] == 3
    assert "photo" not in meta and meta["count"] == 6  # no look at the second batch
    assert [b["read"] for b in meta["batches"]] == ["camera", "manual"]
    assert meta["batches"][0]["photo"] == "photos/g/0003-1.jpg"
    assert [d["value"] for d in meta["batches"][0]["seen"]] == list(first)
    assert meta["confirmed_by"] == ["Ben", "Cat"]
    assert r.hooks.lifts == [("challenge", 1), ("challenge", 2), ("challenge", 1)]
    r.check_log()


def test_ten_players_pour_in_two_batches(tmp_path: Path) -> None:
    names = [f"P{i}" for i in range(1, 11)]
    r = Rig(tmp_path, names=names)
    assert r.table.pour_groups() == ((0, 1, 2, 3, 4, 5), (6, 7, 8, 9))  # 30 + 20 dice
    r.keys("o").enter(10, 3).keys("c")
    assert r.table.view().title == "Pour 1/2"
    r.read((3,) * 30)
    assert r.table.view().title == "Pour 2/2" and r.hooks.lifts[-1] == ("challenge", 1)
    r.read((2,) * 20)
    assert isinstance(r.mode, core.Ruled) and r.mode.view.headline == "TRUE!"
    assert r.mode.view.lines[0] == "3s: 30 + 0 ones = 30"
    r.check_log()


def test_the_tray_size_is_a_config_value(tmp_path: Path) -> None:
    from device.core.config import load_config

    assert load_config(None).game.tray_capacity == 30
    path = tmp_path / "config.toml"
    path.write_text("[game]\ntray_capacity = 12\n")
    assert load_config(path).game.tray_capacity == 12


def test_status_while_looking(rig: Rig) -> None:
    rig.keys("o").enter(4, 4).keys("c")
    rig.eye.looks = [Look("hand in view")]
    rig.table.tick(1.0)
    assert rig.table.view().status == "hands away"
    assert rig.table.view().lines == ("BEN challenges 4 x 4", "All 20 dice in the tray!")


# --- announce total, lives, table, resume ---------------------------------------------------


def test_announce_total_reads_the_round_dice(tmp_path: Path) -> None:
    r = Rig(tmp_path, NAMES[:2], announce_total=True)
    assert isinstance(r.mode, dt.RoundStart) and r.state.phase is Phase.ROUND_DICE
    assert r.table.view().hint == "o:read dice"
    r.keys("o")
    assert r.hooks.lifts == [("round", 1)]
    r.read((6, 6, 5, 1, 2, 3, 3, 4, 4))
    assert "I see 9 dice" in r.mode.problem
    r.keys("o").read((6, 6, 5, 1, 2, 3, 3, 4, 4, 2))
    assert r.mode.view.headline == "TOTAL 36"
    r.keys("o")
    assert isinstance(r.mode, dt.Bidding) and "total 36" in r.table.view().caption
    again = DoubtingFlow(replay(r.path).state, r.writer, ScriptedEye())
    assert again.mode == dt.Bidding(Bid(3, 2))
    # by hand: the total, confirmed by the starter and the next player
    r.enter(3, 2).keys("c").read((1,) * 10)
    r.keys("o")
    assert r.state.phase is Phase.ROUND_DICE
    r.keys("o m")
    assert r.table.view().title == "Total of all dice" and r.mode.value == 32
    r.keys("w o")
    assert r.table.view().title == "BEN: confirm"
    r.keys("o o")
    assert r.mode.view.headline == "TOTAL 33"
    assert r.metas()[-1]["total"] == 33
    r.check_log()


def test_lives_strike_and_reset(tmp_path: Path) -> None:
    r = Rig(tmp_path, NAMES[:2], lives=True, strike_limit=2, palifico=False)
    while r.state.strikes[0] == 0:
        r.keys("o").enter(1, 2).keys("c").read(reveal(r.state.dice_in_play, 2, 0))
        r.keys("o")
    assert r.state.dice == (5, 5) and r.state.strikes == (1, 0)
    view = r.table.view()
    assert view.strip.lives and view.strip.seats[0].strikes == 1
    while r.state.phase is not Phase.GAME_OVER:
        r.keys("o").enter(1, 2).keys("c").read(reveal(r.state.dice_in_play, 2, 0))
        lines = r.mode.view.lines
        r.keys("o")
    assert "ANN loses a die: strike 2/2, out" in lines and r.state.winner == 1


def test_players_table(rig: Rig) -> None:
    rig.keys("o").enter(3, 4)
    rig.keys("s")
    view = rig.table.view()
    assert isinstance(view, DiceTableView) and [s.dice for s in view.seats] == [5] * 4
    assert view.seats[1].turn
    rig.keys("a")
    assert isinstance(rig.mode, dt.Answering)
    rig.keys("m")
    assert isinstance(rig.mode, core.Players)
    rig.keys("o")
    assert isinstance(rig.mode, dt.Answering)


@pytest.mark.parametrize("stop", ["round", "bidding", "answer", "ruled", "over"])
def test_resume_lands_on_the_same_screen(tmp_path: Path, stop: str) -> None:
    r = Rig(tmp_path, NAMES[:2])
    if stop != "round":
        r.keys("o")
    if stop in ("answer", "ruled"):
        r.enter(2, 2)
    if stop == "ruled":
        r.keys("c").read(reveal(10, 2, 0))
    if stop == "over":
        while r.state.phase is not Phase.GAME_OVER:
            if isinstance(r.mode, dt.RoundStart):
                r.keys("o")
            r.enter(1, 2).keys("c").read(reveal(r.state.dice_in_play, 2, 0)).keys("o")
    state = replay(r.path).state
    assert state == r.state
    again = DoubtingFlow(state, r.writer, ScriptedEye())
    expected = {"round": dt.RoundStart(), "bidding": dt.RoundStart(),
                "answer": dt.Answering(), "ruled": dt.RoundStart(), "over": core.Over()}[stop]
    assert again.mode == expected
    assert again.view() == (r.table.view() if stop in ("round", "answer", "over")
                            else again.view())


def test_ruling_lines() -> None:
    rules = DoubtingDice()
    state = rules.new_game(["A", "B"])
    state, _ = rules.apply(state, Bid(2, 5))
    state, events = rules.apply(state, Challenge((5, 5, 1, 2, 2, 3, 3, 4, 4, 6)))
    view = ruling(events, state)
    assert view == RevealView("TRUE!", ("5s: 2 + 1 ones = 3", "bid 2 x 5 (A)",
                                        "B loses a die: 4", "B opens"), 5, "o:ok")


# --- the camera counting a tray ---------------------------------------------------------------


def test_tray_eye_reports_every_die_or_why_not() -> None:
    from device.hw.eyes import CameraEye
    from device.registry import get_game
    from vision.types import Die, Reading, Region
    from vision.watcher import Status

    class Source:
        started = False

        def start(self) -> None:
            self.started = True

        def capture(self) -> str:
            return "frame"

    class Watcher:
        def __init__(self) -> None:
            self.statuses: list[Status] = []

        def reset(self) -> None:
            pass

        def feed(self, frame: Any, t: float) -> Status:
            return self.statuses.pop(0)

    def die(v: int) -> Die:
        return Die(v, (0.0, 0.0), (0, 0, 1, 1), 0.9)

    watcher = Watcher()
    assert get_game("doubting_dice").dice_per_look is None  # the box's eye: any number
    eye = CameraEye(Source(), expect=None, watcher=watcher)
    eye.start()
    watcher.statuses = [
        Status("moving"),
        Status("settled", Reading(tuple(die(v) for v in (1, 4, 4, 6, 2, 3)), expect=None)),
        Status("settled", Reading((die(3),), (Region((0, 0), (0, 0, 1, 1), "blur"),))),
    ]
    assert eye.poll(0.1) == Look("moving", frame="frame")
    good = eye.poll(0.2)
    assert good.state == "settled" and good.values == (1, 4, 4, 6, 2, 3)
    assert good.seen[0].box == (0, 0, 1, 1) and good.seen[0].confidence == 0.9
    bad = eye.poll(0.3)
    assert bad.values is None and bad.problem == "a die could not be read"
    assert eye.poll(0.4).state == "error"  # the watcher failed: a look, never a crash
