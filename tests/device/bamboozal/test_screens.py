"""Golden images of the BamBoozal screens, as the flow makes them (luma's dummy OLED).

Regenerate after an intended change with ``--update-goldens`` and look at the PNGs in
tests/device/golden/ (names start with ``bamboozal_``) before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from device.bamboozal.flow import BamboozalFlow
from device.bamboozal.screens import SUIT_ICONS, LedgerRow, LedgerView, suit_icon
from device.bamboozal.setup import BamboozalSetup
from device.core.roles import Role
from device.hw.buttons import KEYMAP
from device.ui import draw as d
from device.ui.views import describe, render
from games.bamboozal import BamBoozal, Settings, Suit
from games.log import LogWriter

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Florence")


class NoEye:
    def start(self) -> None:
        raise AssertionError("no camera")

    def poll(self, t: float) -> object:
        raise AssertionError("no camera")


def flow_after(tmp_path: Path, keys: str, names: tuple[str, ...] = SIX[:4]) -> BamboozalFlow:
    rules = BamBoozal()
    writer = LogWriter.create(tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl", rules, names)
    flow = BamboozalFlow(rules.new_game(names, Settings()), writer, NoEye())
    for key in keys.replace(" ", ""):
        flow.press(KEYMAP[key])
    return flow


# Four players: hand 1, Dan folds, Ann 3 Bob 1 Cat 0 (Cat bamboozaled); hand 2 under way.
HAND_1 = "o ss o a a c a  o o so o"
SCREENS = {
    "pay": "",
    "trumps": "o ss",
    "decide": "o ss o a",
    "rounds": "o ss o a a c a  o so",
    "result": HAND_1,
    "pay_bamboozal": HAND_1 + " o",
    "balances": HAND_1 + " o m",
    "stop": HAND_1 + " o b",
    "final": HAND_1 + " o b o",
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen(golden_view: Callable[[str, Any], None], tmp_path: Path, name: str) -> None:
    golden_view(f"bamboozal_{name}", flow_after(tmp_path, SCREENS[name]).view())


def test_six_players_in_two_columns(golden_view: Callable[[str, Any], None],
                                    tmp_path: Path) -> None:
    flow = flow_after(tmp_path, "o o aaaaaa o o o s o  o", SIX)  # Ann 3, Bob 1
    golden_view("bamboozal_pay_six", flow.view())
    flow.press(Role.MENU)
    golden_view("bamboozal_balances_six", flow.view())


def test_setup_screens(golden_view: Callable[[str, Any], None]) -> None:
    setup = BamboozalSetup(players=4)
    for name in ("players", "amount", "rounds", "dealer", "ready"):
        golden_view(f"bamboozal_setup_{name}", setup.view())
        setup.press(Role.OK)


@pytest.mark.parametrize("suit", list(Suit))
def test_suit_icons_are_symmetric_and_distinct(suit: Suit) -> None:
    rows = SUIT_ICONS[suit]
    assert all(len(r) == 7 and r == r[::-1] for r in rows) and len(rows) == 7
    assert sum(SUIT_ICONS[s] == rows for s in Suit) == 1
    image = Image.new("1", (7, 7))
    suit_icon(ImageDraw.Draw(image), (0, 0), suit)
    lit = {(x, y) for x in range(7) for y in range(7) if image.getpixel((x, y))}
    assert lit == {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#"}


def test_describe_says_the_screen_in_words(tmp_path: Path) -> None:
    flow = flow_after(tmp_path, SCREENS["rounds"])
    assert describe(flow.view()) == (
        "Round 3/4: who won? (trumps: Hearts) | > Ann  1 <  Bob  1  Cat  0 | pot 200"
        "  [w/s o:won b:undo]")
    ledger = LedgerView("Hand 2: pay in", (LedgerRow("Cat", "200", "BZ"),), "pot 0", "x")
    assert describe(ledger) == "Hand 2: pay in (pot 0) | Cat 200 BZ | x"


def test_long_names_and_amounts_stay_inside_their_column() -> None:
    rows = tuple(LedgerRow(n * 3, "-123450", "BZ") for n in SIX)
    image = render(LedgerView("Balances", rows, "pot 999999", "hand 12", "any key: back"))
    rule = d.W // 2 - 1
    for y in range(d.BODY_TOP + 1, 40):  # only the column rule lies between the columns
        assert [image.getpixel((x, y)) for x in range(rule - 2, rule + 3)] == [0, 0, 1, 0, 0]
