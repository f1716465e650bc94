"""``bluffbox run --sim`` end to end: a whole scripted three-player game piped on stdin.

The script is the keys a newcomer would press (whitespace and ``#`` comments are
ignored in piped input); the simulated cup rolls the ``--dice`` given, in order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

from device.ui.views import WinnerView, render
from games.bamboozled.scores import (
    jump_down,
    jump_up,
    legal_declarations,
    next_score,
    previous_score,
)
from games.log import read_log, replay

DICE = "53,31,66,42,11,62,35,44,21"


def declare(target: int, current: int = 0) -> str:
    """The fewest keys from the lowest legal score to ``target``, then OK."""
    moves = {"w": next_score, "s": previous_score, "a": jump_up, "c": jump_down}
    start = legal_declarations(current)[0]
    seen = {start: ""}
    frontier = [start]
    while target not in seen:
        frontier = [(t := f(s, current), seen.setdefault(t, seen[s] + k))[0]
                    for s in frontier for k, f in moves.items() if f(s, current) not in seen]
    assert len(seen[target]) <= 6
    return seen[target] + "o"


# Seed 2 deals Ann a Double, Bob a Fresh Start, Cat an Up/Down; Bob then draws a Reverse.
# Anyone holding a card is offered My Bad / Revive when it could apply: "c" says no.
SCRIPT = f"""
o o o s o o o        # 3 players, Standard, No Limits off, 2 strikes, Ann starts, deal
{declare(53)} c c o   # Ann 53 on 5-3; Bob challenges: truthful, no My Bad: Bob 1/2
{declare(64)} a o     # Bob bluffs 64 on 3-1; Cat accepts: bamboozled, Bob draws
{declare(66, 64)} c c o   # Cat 66; Ann challenges: truthful, no My Bad: Ann 1/2
{declare(44)} p s o o   # Ann bluffs 44 on 4-2; Bob plays Reverse: Cat decides
c p o                # Cat challenges; Ann shows Double: 44 stands
{declare(55, 44)} c o   # Cat bluffs 55 on 1-1; Bob challenges: Cat 1/2
{declare(62)} a o     # Cat 62 on 6-2; Ann accepts: truthful
{declare(65, 62)} p o o   # Ann bluffs 65 on 3-5; Bob plays Fresh Start
{declare(44)} c c c o   # Bob 44 on 4-4; Cat challenges: no My Bad, no Revive: Cat out
{declare(21)} c o     # Ann's Jackpot on 2-1; Bob challenges: Bob out, Ann wins
"""


def test_scripted_three_player_game_to_a_winner(tmp_path: Path, sim_box: Any) -> None:
    result = sim_box.run(SCRIPT, "--dice", DICE, "--seed", "2", "--names", "Ann,Bob,Cat")
    assert result.returncode == 0, result.stderr
    assert "(sim) under the cup: 5-3   <- only ANN looks" in result.stdout
    assert "(sim) ANN's cards: Double" in result.stdout
    assert "keys: a accept" in result.stdout

    logs = list((tmp_path / "state" / "logs").glob("*.jsonl"))
    assert len(logs) == 1
    game = replay(logs[0])
    assert game.state.winner == 0 and game.log.players == ["Ann", "Bob", "Cat"]
    actions = [game.rules.action_to_json(a) for a in game.log.actions]
    assert {"type": "play", "card": "reverse"} in actions
    assert {"type": "play", "card": "fresh_start"} in actions
    assert {"type": "show", "cards": ["double"]} in actions
    assert game.log.header["settings"]["strike_limit"] == 2
    assert game.log.header["box"]["sim"] is True

    # every reading keeps its photo, named in the action's meta
    log = read_log(logs[0])
    read = [m for a, m in zip(actions, log.metas, strict=True)
            if a["type"] in ("accept", "challenge")]
    assert len(read) == 8
    for meta in read:
        assert meta["read"] == "camera"
        assert (tmp_path / "state" / meta["photo"]).stat().st_size > 1000

    # the final screen is the winner's
    frames = sorted((tmp_path / "screens").glob("*.png"))
    assert len(frames) > 50
    final = Image.open(frames[-1])
    assert sim_box.same(final, render(WinnerView("ANN", ("after 5 rounds",))))

    # `bluffbox replay --json` agrees
    assert sim_box.replay_json(logs[0])["winner"] == "Ann"


def test_bad_dice_option_is_a_clear_error(sim_box: Any) -> None:
    result = sim_box.run("", "--dice", "35,77")
    assert result.returncode == 2
    assert "'77' is not two dice 1-6" in result.stderr


def test_bad_config_is_a_clear_error(tmp_path: Path, sim_box: Any) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("[game]\nstrike_limit = 0\n")
    result = sim_box.run("", "--config", str(config))
    assert result.returncode == 2
    assert "game.strike_limit" in result.stderr
    assert not (tmp_path / "state").exists()
