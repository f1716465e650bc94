"""Bamboozled screens: golden images on luma's dummy device.

Regenerate after an intended change: ``pytest tests/device --update-goldens``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from device.bamboozled import screens as bs
from device.ui.views import ReadView, WinnerView, render

GoldenView = Callable[[str, Any], None]

STRIP3 = bs.Strip((bs.Seat("Anita", 1, 2), bs.Seat("Charlie", 0, 1, turn=True),
                   bs.Seat("Sasha", 2, 0)), 3)
STRIP8 = bs.Strip(tuple(bs.Seat(n, i % 3, i % 3, out=i == 5, turn=i == 2) for i, n in
                        enumerate(["Al", "Bea", "Cy", "Dee", "Eve", "Fynn", "Gus", "Hal"])), 3)

VIEWS = {
    "bz_declare": bs.DeclareView("ANITA", 53, "53", "", "21/35", strip=STRIP3),
    "bz_declare_double": bs.DeclareView("ANITA", 44, "44", "double 4s", ">=53",
                                        strip=STRIP3),
    "bz_decide": bs.DecideView("CHARLIE", "ANITA", "53", strip=STRIP3),
    "bz_decide_8": bs.DecideView("CY", "BEA", "21", "Jackpot", strip=STRIP8),
    "bz_roll": bs.RollView("SASHA", "to beat 53", strip=STRIP3),
    "bz_lift": ReadView("Lift the cup", "dice moving",
                           ("CHARLIE challenges 53", "Hands off the tray.")),
    "bz_spread": ReadView("Spread the dice", "", (
        "a die could not be read.", "Move them apart, hands away, then OK."), 2,
        "o:read again m:hand", of=3),
    "bz_truthful": bs.RulingView("TRUTHFUL", (
        "5-3 shows 53", "CHARLIE takes strike 2/3", "round 4: CHARLIE starts"), (5, 3)),
    "bz_bamboozled": bs.RulingView("BAMBOOZLED!", (
        "53 isn't on 3-2", "ANITA fooled CHARLIE", "ANITA draws, has 2",
        "deck reshuffled", "CHARLIE rolls next"), (3, 2)),
    "bz_out": bs.RulingView("OUT!", ("CHARLIE takes strike 3/3", "CHARLIE is out")),
    "bz_enter": bs.DiceEntryView("Dice by hand", (5, 3), 1, "a die could not be read"),
    "bz_confirm": bs.ConfirmDiceView("ANITA", (5, 3), 1, "Are these the dice?"),
    "bz_show_offer": bs.OfferView("ANITA: show a card?", (
        "53 isn't on the dice.", "Show Double or Up/Down?"), (3, 4), "p:show c:no"),
    "bz_my_bad": bs.OfferView("CHARLIE: My Bad?", (
        "TRUTHFUL: 53 stands.", "Play My Bad, or take a strike (2/3)."), (5, 3),
        "p:my bad c:no"),
    "bz_winner": WinnerView("SASHA", ("after 7 rounds",)),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_bamboozled_screen_golden(name: str, golden_view: GoldenView) -> None:
    golden_view(name, VIEWS[name])


def test_strip_marks_the_turn_and_players_out() -> None:
    image = render(bs.DecideView("CY", "BEA", "21", strip=STRIP8))
    px = image.load()
    cell = 128 // 8
    bottom = 64 - 9 - 2  # the strip sits over the hint line
    # Cy's cell (turn) is lit as a whole, Bea's is not
    assert sum(px[x, bottom - 5] for x in range(2 * cell, 3 * cell - 2)) > cell // 2
    assert sum(px[x, bottom - 8] for x in range(cell, 2 * cell - 2)) < cell // 2


def test_every_screen_has_a_plain_text_line() -> None:
    from device.ui.views import describe

    for view in VIEWS.values():
        text = describe(view)
        assert text and text.splitlines()[0].endswith(f"[{view.hint}]")
    decide = describe(VIEWS["bz_decide"]).splitlines()
    assert decide[0].startswith("CHARLIE: accept or challenge? ANITA says 53")
    assert "> Charlie 0/3 strikes 1 card" in decide[1]
    assert describe(VIEWS["bz_truthful"]).startswith("TRUTHFUL: 5-3 shows 53.")


def test_a_long_ruling_is_never_cut() -> None:
    lines = ("CHARLIE rolls 1-3", "doesn't beat 55", "CHARLIE takes strike 1/3",
             "ANITA draws, has 3", "ANITA: discard a card")  # six lines once wrapped
    image = render(bs.RulingView("TOO LOW!", lines, (1, 3)))
    px = image.load()
    last = range(11 + 5 * 8, 11 + 5 * 8 + 7)  # the sixth line's rows, where the hint was
    assert sum(px[x, y] for x in range(128) for y in last) > 40
    four = render(bs.RulingView("BLUFF!", lines[:3], (1, 3)))
    assert four.getpixel((64, 60)) or any(four.getpixel((x, 60)) for x in range(128))
