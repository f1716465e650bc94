"""A scripted four-player game of Doubting Dice to its winner (the engine side of issue 5's
"done when"): palifico rounds, exact calls that gain and lose dice, and a reading that
first sees the wrong number of dice."""

from __future__ import annotations

import json

import pytest

from games.doubting.actions import Bid, Challenge, Exact
from games.doubting.events import DiceGained, DiceLost, GameWon, PalificoRound, PlayerOut
from games.doubting.rules import DoubtingDice, reveal_for
from games.doubting.state import Phase
from games.errors import IllegalAction
from games.event import Event

RULES = DoubtingDice()
FAVOURITE = 2  # the script lets Cat win


def test_scripted_four_player_game() -> None:
    state = RULES.new_game(["Ana", "Ben", "Cat", "Dan"])
    start, log, events = state, [], []
    misread = False
    for rnd in range(1, 200):
        if state.phase is Phase.GAME_OVER:
            break
        assert state.round == rnd
        opener = state.awaiting
        assert opener is not None
        bid = Bid(2, 4)
        state, evs = RULES.apply(state, bid)
        log.append(bid)
        events += evs
        answerer = state.awaiting
        assert answerer is not None
        n = state.dice_in_play
        if rnd % 5 == 3:
            call = Exact(reveal_for(n, 4, 2))  # right: gains a die (unless at 5)
        elif rnd % 7 == 4:
            call = Exact(reveal_for(n, 4, 3))  # wrong: loses 2 dice
        else:  # the favourite never loses a challenge; otherwise the opener does
            loser = answerer if opener == FAVOURITE else opener
            count = 2 if loser == answerer else 1
            call = Challenge(reveal_for(n, 4, count))
        if not misread:  # the first reading misses a die: refused, the box reads again
            with pytest.raises(IllegalAction, match=f"saw {n - 1} dice but {n} dice"):
                RULES.apply(state, Challenge(call.dice[:-1]))  # type: ignore[index]
            misread = True
        state, evs = RULES.apply(state, call)
        log.append(call)
        events += evs
    assert state.phase is Phase.GAME_OVER and state.winner == FAVOURITE

    def seen(kind: type) -> list[Event]:
        return [e for e in events if isinstance(e, kind)]

    assert len(seen(PalificoRound)) >= 2
    assert any(e.gained == 1 for e in seen(DiceGained))  # type: ignore[attr-defined]
    assert any(e.lost == 2 for e in seen(DiceLost))  # type: ignore[attr-defined]
    assert {e.seat for e in seen(PlayerOut)} == {0, 1, 3}  # type: ignore[attr-defined]
    assert seen(GameWon) == [GameWon(FAVOURITE)]
    # the JSON log of the actions replays to the same final state
    lines = [json.dumps(RULES.action_to_json(a)) for a in log]
    replay = start
    for line in lines:
        replay, _ = RULES.apply(replay, RULES.action_from_json(json.loads(line)))
    assert replay == state
    assert RULES.summary(replay)["winner"] == "Cat"
