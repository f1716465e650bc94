"""``bluffbox odds --game doubting_dice``: the printer behind it."""

from __future__ import annotations

import argparse
import json

import pytest

from device.doubting.odds import parse_own, run_doubting
from games.errors import InvalidInput


def args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "score": [], "dice": None, "own": None, "palifico": False, "json": False
    }  # fmt: skip
    base.update(kw)
    return argparse.Namespace(**base)


def test_one_bid(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_doubting(args(score=["6x4"], dice=20, own="1,4,4,6,2")) == 0
    out = capsys.readouterr().out
    assert "20 dice in play, ones wild, you hold 1 4 4 6 2" in out
    assert "bid 6 x 4: true 92.1%" in out


def test_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_doubting(args(dice=6)) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2 + 6
    assert run_doubting(args(dice=3, own="14", palifico=True, json=True)) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 3 * 5 and all(r["palifico"] for r in rows)


@pytest.mark.parametrize(
    "kw", [{"dice": None}, {"dice": 4, "score": ["6x1"]}, {"dice": 2, "own": "123"},
           {"dice": 4, "own": "17"}],
)  # fmt: skip
def test_errors_exit_2(kw: dict, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_doubting(args(**kw)) == 2
    assert capsys.readouterr().err.startswith("bluffbox odds: ")


def test_parse_own() -> None:
    assert parse_own("1,4 4") == (1, 4, 4) and parse_own("") == () and parse_own("66") == (6, 6)
    with pytest.raises(InvalidInput):
        parse_own("0")


def test_bluffbox_odds_game_doubting(capsys: pytest.CaptureFixture[str]) -> None:
    from device.cli import main

    assert (
        main(["odds", "--game", "doubting_dice", "5", "threes", "--dice", "15", "--own",
              "13356"]) == 0
    )
    assert "bid 5 x 3: true 89.6%, exact 19.5%" in capsys.readouterr().out
    assert main(["odds", "--game", "doubting_dice", "--dice", "4", "--palifico"]) == 0
    assert "ones not wild" in capsys.readouterr().out
