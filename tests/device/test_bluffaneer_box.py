"""Bluffaneer on the box, in process: setup, every kind of turn through the buttons and
the simulated tray, by-hand entries confirmed by two players (every revealed card),
refusals, the coin toss, the photos behind the rulings, resuming, the odds command and the
screens. These read the simulator's cup (``--reader cup``) so that the scripts do not
depend on the reader; the simulator's camera path is tested at the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops

from device.bluffaneer.flow import BluffaneerFlow, Judge, Match, PickVictim, ShowCard, Toss, Turn
from device.bluffaneer.screens import ChoiceView, Ledger, LedgerView, Purse, RulingView, TableView
from device.bluffaneer.sim import BluffaneerSim, parse_rolls
from device.cli import main
from device.core.box import Box, BoxSettings
from device.core.flow import ConfirmByHand, EnterByHand, Notice, Over, Reading, Ruled
from device.core.ports import SimOptions
from device.core.roles import Role
from device.hw.buttons import KEYMAP
from device.hw.camera import SimulatedTable
from device.hw.eyes import CupEye
from device.registry import GAMES, get_game
from device.ui.views import describe, render
from games.bluffaneer.actions import CoinToss, Reveal, Roll
from games.bluffaneer.faces import DEFAULT_FACES, Card
from games.bluffaneer.rules import Phase
from games.log import read_log, replay

NAMES = ("Anne", "Bonny", "Calico", "Drake")
# The seed-0 deal: Anne skull/sword, Bonny skull/sword, Calico chest/sword, Drake chest/ship.
#: BACK on the first setup screen opens the game menu: down to Bluffaneer, OK.
MENU = "b " + "s" * [g.name for g in GAMES].index("bluffaneer") + " o"
SETUP = MENU + "  o ssssss o o o o"  # Bluffaneer, 4 players, 4 coins each, Anne first


def box_for(tmp: Path, dice: str, photos: list[Any] | None = None) -> Box:
    game = get_game("bluffaneer")

    def simulate(game: Any, names: Any, settings: Any, writer: Any) -> Any:
        assert game.simulator is not None
        camera = SimulatedTable((320, 240), seed=0, moving_frames=1)
        return game.simulator(names, settings, SimOptions(seed=0, dice=dice, camera=camera,
                                                          notes=writer))

    def keeper(gid: str) -> Any:
        def save(frame: Any, n: int, part: int | None = None) -> str:
            assert frame is not None and frame.shape[2] == 3
            if photos is not None:
                photos.append(frame)
            return f"photos/{gid}/{n:04d}.png"

        return save

    assert game.dice is not None and game.dice.symbols  # the simulator reads its cup
    return Box(BoxSettings(tmp / "logs", tmp / "photos", tmp, players=4, names=NAMES), GAMES,
               lambda game, hooks: CupEye(hooks.camera, hooks.dice), simulate=simulate,
               photo_factory=keeper)


def play(box: Box, keys: str) -> None:
    t = 0.0
    for k in keys.replace(" ", ""):
        while box.busy:
            t += 0.1
            box.tick(t)
        box.press(KEYMAP[k])
        assert render(box.view()).size == (128, 64)
        describe(box.view())
    while box.busy:
        t += 0.1
        box.tick(t)


def flow(box: Box) -> BluffaneerFlow:
    assert isinstance(box.flow, BluffaneerFlow)
    return box.flow


def the_log(tmp: Path) -> Path:
    return sorted((tmp / "logs").glob("*.jsonl"))[0]


def test_a_scripted_four_player_game_plays_every_turn_to_a_winner(tmp_path: Path) -> None:
    photos: list[Any] = []
    box = box_for(tmp_path, "skull+sword,chest+ship,sword+sword,chest+sword,skull+skull",
                  photos)
    play(box, SETUP)
    f = flow(box)
    assert f.state.coins == (4, 4, 4, 4) and isinstance(f.mode, Turn)
    # T1: Anne rolls skull + sword: her own card matches (entered, starting from the roll,
    # and confirmed by Anne and Bonny)
    play(box, "o")
    assert isinstance(f.mode, Match) and f.state.dice == ("skull", "sword")
    play(box, "s o")
    assert isinstance(f.mode, EnterByHand) and f.mode.value == ("skull", "sword")
    play(box, "oo oo")
    assert isinstance(f.mode, Ruled) and f.mode.view.headline == "MATCH!"
    assert f.state.coins == (4, 3, 3, 3) and f.state.bank == 3
    # T2: Bonny rolls chest + ship; Drake claims (third in Bonny's list), Bonny trusts
    play(box, "o  o  sss o")
    assert isinstance(f.mode, Judge) and f.state.claimer == 3
    play(box, "a")
    assert isinstance(f.mode, ShowCard) and f.state.trusted is True
    play(box, "o oo oo")
    assert f.mode.view.headline == "TRUSTED" and f.state.coins == (4, 2, 3, 4)
    # T3: Calico rolls double swords and robs Anne (second in her list)
    play(box, "o  o")
    assert isinstance(f.mode, PickVictim)
    play(box, "s o")
    assert f.mode.view.headline == "ROBBED!" and f.state.coins == (2, 2, 5, 4)
    # T4: Drake rolls chest + sword; Calico claims, Drake calls Bluffaneer: true
    play(box, "o  o  ssss o  c  o oo oo")
    assert f.mode.view.headline == "TRUE!" and f.state.coins == (2, 2, 7, 2)
    # T5: Anne's double skull and bones gives her last coins away, from her left
    play(box, "o  o")
    assert isinstance(f.mode, Ruled) and f.state.phase is Phase.GAME_OVER
    assert f.state.coins == (0, 3, 8, 2) and f.state.winner == 2
    assert "CALICO wins with 8!" in f.mode.view.lines
    play(box, "o")
    assert isinstance(f.mode, Over) and box.view().name == "CALICO"

    log = read_log(the_log(tmp_path))
    kinds = [type(a).__name__ for a in log.actions]
    assert kinds == ["Roll", "OwnMatch", "Roll", "Claim", "Trust", "Reveal", "Roll", "Steal",
                     "Roll", "Claim", "CallBluffaneer", "Reveal", "Roll"]
    # the photo behind every camera reading (the five rolls); the cards entered by hand
    read = [m for m in log.metas if m is not None]
    camera = [m for m in read if m["read"] == "camera"]
    assert len(camera) == len(photos) == 5
    assert all(m["photo"].startswith("photos/") for m in camera)
    assert log.metas[0]["seen"] == [{"value": "skull"}, {"value": "sword"}]
    cards = [m["confirmed_by"] for m in read if m["read"] == "manual"]
    assert cards == [["Anne", "Bonny"], ["Drake", "Bonny"], ["Calico", "Drake"]]
    assert replay(the_log(tmp_path)).state == f.state


def test_the_roll_and_a_card_by_hand_confirmed_by_two_players(tmp_path: Path) -> None:
    box = box_for(tmp_path, "ship+sword")
    play(box, SETUP)
    f = flow(box)
    box.press(Role.OK)  # the camera starts to look...
    box.press(Role.MENU)  # ...but the players enter the roll by hand
    assert isinstance(f.mode, EnterByHand) and f.mode.value == ("chest", "chest")
    play(box, "ww o  w o")  # die 1: ship; die 2: sword
    assert isinstance(f.mode, ConfirmByHand) and f.mode.value == ("ship", "sword")
    assert "ANNE: confirm" in describe(box.view())
    play(box, "o")
    assert "BONNY: confirm" in describe(box.view())  # the player on the roller's left
    play(box, "o")
    assert isinstance(f.mode, Match) and f.state.dice == ("ship", "sword")
    # Bonny claims, Anne calls Bluffaneer; Bonny's card entered by hand: chest + skull
    play(box, "ss o c")
    box.press(Role.OK)  # the card is entered by hand at once, starting from the roll
    assert isinstance(f.mode, EnterByHand) and f.mode.value == ("ship", "sword")
    assert "BONNY's card" in describe(box.view())
    play(box, "ss o  ss o")  # ship -> chest; sword -> skull
    assert f.mode.value == ("chest", "skull")
    assert "BONNY: confirm" in describe(box.view())  # the claimer, then the roller
    play(box, "o")
    assert "ANNE: confirm" in describe(box.view())
    play(box, "o")
    assert f.mode.view.headline == "BLUFF!" and f.state.coins == (5, 3, 4, 4)
    log = read_log(the_log(tmp_path))
    assert log.actions[-1] == Reveal(Card("chest", "skull"))
    assert log.metas[-1]["read"] == "manual"
    assert log.metas[-1]["confirmed_by"] == ["Bonny", "Anne"]
    assert log.metas[0]["confirmed_by"] == ["Anne", "Bonny"]


def test_a_card_that_cannot_be_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    # Anne rolls ship + sword and enters her skull/sword as her "own match": refused
    box = box_for(tmp_path, "ship+sword")
    play(box, SETUP + " o")
    f = flow(box)
    before = f.state
    play(box, "s o  w o  o  o o")  # ship -> skull; sword; confirmed by Anne and Bonny
    assert isinstance(f.mode, Notice) and "does not match" in f.mode.text
    assert f.state == before and len(read_log(the_log(tmp_path)).actions) == 1
    play(box, "o")
    assert isinstance(f.mode, Match)  # back to the choice: nobody claims
    play(box, "o")
    assert f.mode.view.headline == "NO CLAIM" and f.state.coins == (4, 4, 4, 4)


def test_a_tie_is_settled_by_the_boxs_coin_toss(tmp_path: Path) -> None:
    box = box_for(tmp_path, "skull+skull")
    play(box, MENU + "  o ssssssss o o o o")  # 2 coins each
    f = flow(box)
    play(box, "o")  # Anne gives Bonny and Calico one each: she has none left
    assert f.mode.view.headline == "TIE!" and f.state.coins == (0, 3, 3, 2)
    play(box, "o")
    assert isinstance(f.mode, Toss) and "BONNY & CALICO" in describe(box.view())
    play(box, "o")
    assert f.mode.view.headline == "COIN TOSS" and f.state.winner in (1, 2)
    toss = read_log(the_log(tmp_path)).actions[-1]
    assert isinstance(toss, CoinToss) and toss.winner == f.state.winner
    # the simulator's coin is seeded: the same toss every time
    again = box_for(tmp_path / "again", "skull+skull")
    play(again, MENU + "  o ssssssss o o o o  o o o")
    assert flow(again).state.winner == f.state.winner


def test_resuming_mid_turn_shows_the_same_screen_and_plays_on(tmp_path: Path) -> None:
    box = box_for(tmp_path, "chest+sword,skull+skull")
    play(box, SETUP + " o  sss o")  # Anne rolls chest + sword; Calico claims
    f = flow(box)
    assert isinstance(f.mode, Judge)
    screen = render(box.view())
    box.close_game()
    again = box_for(tmp_path, "chest+sword,skull+skull")
    assert again.resumable is not None
    play(again, "o")
    g = flow(again)
    assert isinstance(g.mode, Judge) and g.state == f.state
    assert ImageChops.difference(render(again.view()), screen).getbbox() is None
    play(again, "c o oo oo")  # Calico holds chest/sword: true, Anne pays 2
    assert g.mode.view.headline == "TRUE!" and g.state.coins == (2, 4, 6, 4)
    play(again, "o o")  # Bonny's double skull, from the same script after the restart
    assert g.mode.view.headline == "DOUBLE SKULL!" and g.state.coins == (3, 1, 7, 5)
    assert read_log(the_log(tmp_path)).actions[-1] == Roll(("skull", "skull"))


def test_the_players_view_shows_the_ledger(tmp_path: Path) -> None:
    box = box_for(tmp_path, "")
    play(box, SETUP + " m")
    view = box.view()
    assert isinstance(view, LedgerView)
    assert [p.coins for p in view.ledger.purses] == [4, 4, 4, 4]
    assert "14 to draw" in view.lines[0]
    play(box, "o")
    assert isinstance(flow(box).mode, Turn)


def test_the_sim_rolls_follow_the_script_then_the_seed() -> None:
    assert parse_rolls("ship+sword, skull/chest") == [("ship", "sword"), ("skull", "chest")]
    with pytest.raises(ValueError, match="kraken"):
        parse_rolls("ship+kraken")
    with pytest.raises(ValueError, match="two bone dice"):
        parse_rolls("ship")
    sim = BluffaneerSim(NAMES, None, seed=3, rolls=[("ship", "ship")])
    assert sim.next_roll() == ("ship", "ship")
    sim.applied(None, Roll(("ship", "ship")), ())
    other = BluffaneerSim(NAMES, None, seed=3)
    other.applied(None, Roll(("ship", "ship")), ())
    seeded = sim.next_roll()
    assert seeded == other.next_roll() and set(seeded) <= set(DEFAULT_FACES.names)
    rolls = set()
    for k in range(40):  # the seeded rolls vary
        sim.rolled = k + 1
        rolls.add(sim.next_roll())
    assert len(rolls) > 5


def test_odds_command_for_bluffaneer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--game", "bluffaneer"]) == 0
    out = capsys.readouterr().out
    assert "ship + ship" in out and "1/16" in out and "3 of the 18 cards match" in out
    assert main(["odds", "--game", "bluffaneer", "ship", "sword", "--card", "chest,skull"]) == 0
    out = capsys.readouterr().out
    assert "1/8" in out and "17.6%" in out and "46.5%" in out
    assert main(["odds", "--game", "bluffaneer", "ship+sword", "--json"]) == 0
    assert '"someone_holds"' in capsys.readouterr().out
    assert main(["odds", "--game", "bluffaneer", "ship", "kraken"]) == 2
    assert "kraken" in capsys.readouterr().err


LEDGER = Ledger((Purse("ANNE", 4), Purse("BONNY", 12, True), Purse("CALICO", 0),
                 Purse("DRAKE", 7)), 3)


@pytest.mark.parametrize(
    ("name", "view"),
    [
        ("bluffaneer_turn", TableView("BONNY rolls", ("Roll the two bone dice in the tray, "
                                                     "hands away.",), "o:read m:coins", LEDGER)),
        ("bluffaneer_ruling", RulingView("BLUFF!", ("DRAKE's card: chest + ship",
                                                    "DRAKE -> BONNY 1"), "o:next", LEDGER)),
        ("bluffaneer_match", ChoiceView("ship + sword", ("nobody claims", "BONNY's card!",
                                                         "CALICO: booty!"), 2, "w/s o:pick",
                                        LEDGER)),
        ("bluffaneer_ledger", LedgerView("Turn 7: coins", LEDGER, ("box 10, cards: 9 to draw",))),
    ],
)
def test_screens_match_their_goldens(name: str, view: Any, golden_view: Any) -> None:
    golden_view(name, view)


def test_the_sim_rolls_are_read_by_the_camera_not_handed_over(tmp_path: Path) -> None:
    """The simulator as ``run --sim`` builds it: it teaches its bone dice once on the
    simulated table, and the box then reads each roll from the camera's frame with that
    profile. Dice drawn with a face the profile was never taught are not ruled on (read
    again, then by hand), whatever the simulator rolled."""
    from device.hw.box_eyes import BoxEyes
    from device.hw.camera import default_renderer

    drawn: dict[str, Any] = {"instead": None}  # what the camera draws instead of the roll
    base = default_renderer(0)

    def renderer(values: Any, rng: Any, size: tuple[int, int]) -> Any:
        return base(drawn["instead"] or values, rng, size)

    camera = SimulatedTable((640, 480), seed=0, renderer=renderer, moving_frames=1)
    eyes = BoxEyes(camera, tmp_path, sim=True, seed=0)

    def simulate(game: Any, names: Any, settings: Any, writer: Any) -> Any:
        assert game.simulator is not None
        return game.simulator(names, settings, SimOptions(seed=0, dice="skull+sword,ship+chest",
                                                          camera=camera, notes=writer))

    box = Box(BoxSettings(tmp_path / "logs", tmp_path / "photos", tmp_path, players=4,
                          names=NAMES), GAMES, eyes.for_game, simulate=simulate)
    play(box, SETUP)
    assert (tmp_path / "profiles" / "bone" / "profile.json").is_file()  # taught once
    f = flow(box)
    play(box, "o")
    assert isinstance(f.mode, Match) and sorted(f.state.dice or ()) == ["skull", "sword"]
    play(box, "o o")  # nobody claims; Bonny rolls ship + chest, the camera draws krakens
    drawn["instead"] = ("kraken", "kraken")
    play(box, "o")
    assert isinstance(f.mode, Reading) and f.mode.problem is not None
    assert describe(box.view()).startswith("Read again")
    play(box, "o o")
    assert isinstance(f.mode, EnterByHand) and f.state.phase is Phase.ROLL
    assert [type(a).__name__ for a in read_log(the_log(tmp_path)).actions] == ["Roll",
                                                                               "NoClaim"]
