"""Doubting Dice screens: golden images on luma's dummy device."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from device.doubting import screens as ds
from device.ui.views import ReadView, render

GoldenView = Callable[[str, Any], None]

NAMES = ["Ann", "Ben", "Catalina", "Dan", "Eve", "Fynn"]


def strip(n: int = 4, turn: int = 1, lives: bool = False) -> ds.DiceStrip:
    dice = [5, 3, 1, 0, 4, 2]
    return ds.DiceStrip(tuple(
        ds.DiceSeat(NAMES[i], dice[i], i % 3 if lives else 0, dice[i] == 0, i == turn)
        for i in range(n)), lives, 3)


VIEWS = {
    "dd_round": ds.RoundStartView(3, 14, "BEN", strip=strip()),
    "dd_round_palifico": ds.RoundStartView(
        7, 9, "CATALINA", palifico="PALIFICO: ones not wild, face fixed", strip=strip(turn=2)),
    "dd_round_total": ds.RoundStartView(
        1, 30, "ANN", ("then OK to read all dice",), hint="o:read dice", strip=strip(6, 0)),
    "dd_bid": ds.BidView("BEN bids", 6, 4, "beat 5 x 4", "42%", strip=strip()),
    "dd_bid_big": ds.BidView("FYNN bids", 27, 6, "PALIFICO beat 26 x 6", "0%",
                             strip=strip(6, 5, lives=True)),
    "dd_answer": ds.BidView("CATALINA answers", 6, 4, "BEN bid", "42%", False,
                            "a:bid c:chal p:exact", strip(turn=2)),
    "dd_tray": ReadView("Pour the dice", "dice moving", (
        "CAT challenges 6 x 4", "All 14 dice in the tray!"), hint="m:count by hand", gap=1),
    "dd_tray_again": ReadView("Read again", "", (
        "I see 13 dice, expected 14: spread them", "Hands away, then OK."), 2,
        "o:read m:by hand (1)", gap=1),
    "dd_reveal": ds.RevealView("BLUFF!", (
        "4s: 5 + 2 ones = 7", "bid 8 x 4 (BEN)", "BEN loses a die: 2", "BEN opens"), 4,
        strip=strip(turn=-1)),
    "dd_reveal_exact": ds.RevealView("EXACT!", (
        "6s: 3, ones not wild", "bid 3 x 6 (ANN)", "CATALINA gains a die: 2",
        "CATALINA opens"), 6, strip=strip(turn=-1)),
    "dd_table": ds.DiceTableView("Round 4: 15 dice", strip(6, 1, True).seats, True, 3),
    "dd_table4": ds.DiceTableView("Round 2: 18 dice", strip(4).seats),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_doubting_screen_golden(name: str, golden_view: GoldenView) -> None:
    golden_view(name, VIEWS[name])


def test_screens_are_pure() -> None:
    for view in VIEWS.values():
        assert render(view).tobytes() == render(view).tobytes()
