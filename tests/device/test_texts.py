"""What the screens say (issue 12's player findings): the plain-text ``screen:`` line of a
bid, setup hints, the Revive offer, plurals, and names spelled alike in header and strip."""

from __future__ import annotations

from pathlib import Path

from device.core.box import Box, BoxSettings
from device.core.ports import Look
from device.core.roles import Role
from device.registry import GAMES
from device.ui.views import PlayerRow, PlayersView, describe

ROLES = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN, "o": Role.OK,
         "p": Role.CARD, "b": Role.BACK}


class StillEye:
    def __init__(self, dice: tuple[int, ...]) -> None:
        self.dice = dice

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        return Look("settled", self.dice)


def box_for(tmp: Path, game: str, dice: tuple[int, ...] = (5, 3), names: tuple[str, ...] = ()
            ) -> Box:
    eye = StillEye(dice)
    return Box(BoxSettings(tmp / "logs", tmp / "photos", tmp, game=game, names=names), GAMES,
               lambda g, hooks: eye)


def press(box: Box, keys: str) -> None:
    for k in keys.replace(" ", ""):
        box.press(ROLES[k])
        while box.busy:
            box.tick(0.0)


def test_doubting_screen_line_has_the_bid_entered_and_the_standing_bid(tmp_path: Path) -> None:
    box = box_for(tmp_path, "doubting_dice")
    press(box, "oooooo o")  # setup, round 1: P1 opens
    assert describe(box.view()).startswith("P1 bids: 5 x 2 | opening bid | ")
    press(box, "o")  # P1 bids 5 x 2; P2 answers
    line = describe(box.view())
    assert line.startswith("P2 answers: 5 x 2 | P1 bid | ") and "[a:bid c:chal p:exact]" in line
    press(box, "a w")  # P2 raises: entering a bid over the standing 5 x 2
    assert describe(box.view()).startswith("P2 bids: 6 x 3 | beat 5 x 2 | ")


def test_a_palifico_raise_offers_only_the_quantity(tmp_path: Path) -> None:
    box = box_for(tmp_path, "doubting_dice")
    press(box, "oooooo o w o a")
    assert box.view().hint == "w/s:qty a/c:face o:ok"
    assert box.flow is not None
    from dataclasses import replace

    box.flow.state = replace(box.flow.state, palifico_seat=0)  # face fixed this round
    assert box.view().hint == "w/s:qty o:ok"


def test_setup_hints_never_end_in_a_bare_key(tmp_path: Path) -> None:
    for game, keys in (("bamboozled", "ooooo"), ("doubting_dice", "ooooo"),
                       ("bluffaneer", "ooooo"), ("bamboozal", "ooooo")):
        box = box_for(tmp_path / game, game)
        hints = [box.view().hint]
        for k in keys:
            press(box, k)
            hints.append(box.view().hint)
        for hint in hints:
            bare = [t for t in hint.split() if len(t) == 1 and t.isalpha()]  # "b" alone
            assert hint and not bare, (game, hints)
        assert "w/s o:next b:back" in hints


def test_revive_offer_shows_the_ruling_that_caused_it(tmp_path: Path) -> None:
    box = box_for(tmp_path, "bamboozled", (1, 1))
    # 2 players, 1 strike; P1 bluffs 15 on 1-1, P2 challenges: P1 may Revive
    press(box, "s o o o s s o o o wwo c")
    view = box.view()
    assert view.title == "P1: Revive?"
    assert view.lines[0] == "BLUFF! 15 isn't on 1-1" and view.hint == "p:revive c:no"


def test_headline_and_strip_spell_names_alike(tmp_path: Path) -> None:
    box = box_for(tmp_path, "bamboozled", names=("Ann", "Bob", "Cat"))
    press(box, "oooooo")
    view = box.view()
    assert view.name == "ANN" and [s.name for s in view.strip.seats] == ["ANN", "BOB", "CAT"]
    box.press(Role.MENU)  # the players' view spells them the same way
    assert [r.name for r in box.view().players] == ["ANN", "BOB", "CAT"]


def test_doubting_headline_strip_and_table_spell_names_like_the_other_games(
        tmp_path: Path) -> None:
    box = box_for(tmp_path, "doubting_dice", names=("Ann", "Bob", "Cat"))
    press(box, "oooooo")  # setup: round 1, Ann opens
    view = box.view()
    assert box.flow is not None
    who = [box.flow.who(i) for i in range(3)]  # the one spelling (GameFlow.who)
    assert who == ["ANN", "BOB", "CAT"]
    assert view.starter == who[0] and [s.name for s in view.strip.seats] == who
    press(box, "o")  # Ann bids: the bid screen's strip too
    assert box.view().title == "ANN bids" and [s.name for s in box.view().strip.seats] == who
    box.press(Role.MENU)  # the table view spells them the same way
    assert [s.name for s in box.view().seats] == who


def test_one_card_is_singular() -> None:
    view = PlayersView("Round 1", (PlayerRow("Ann", 0, 1, True, False),
                                   PlayerRow("Bob", 1, 2, False, False)), 3, "any key: back")
    assert describe(view) == ("Round 1 | > Ann 0/3 strikes 1 card, Bob 1/3 strikes 2 cards"
                              "  [any key: back]")


def test_doubting_round_start_line_says_the_round(tmp_path: Path) -> None:
    box = box_for(tmp_path, "doubting_dice")
    press(box, "oooooo")
    assert describe(box.view()) == ("Round 1, 15 dice | Everyone roll! P1 opens."
                                    "  [o:bid m:table]")


def test_bluffaneer_ledger_spells_names_like_the_other_games(tmp_path: Path) -> None:
    box = box_for(tmp_path, "bluffaneer", names=("Ann", "Bob", "Cat"))
    press(box, "oooooo")
    assert box.flow is not None
    who = [box.flow.who(i) for i in range(3)]
    assert who == ["ANN", "BOB", "CAT"]
    view = box.flow.players_view()
    assert [p.name for p in view.ledger.purses] == who
