"""BamBoozal (seed 002): the card game's pot, kept and settled by the box.

The rules are in :mod:`games.bamboozal.rules`; this package re-exports its public names.
"""

from games.bamboozal.actions import (
    Action,
    Fold,
    NoteTrump,
    Play,
    Settle,
    StartHand,
    Stop,
    Undo,
    WinRound,
)
from games.bamboozal.rules import (
    BamBoozal,
    FoldedPlayer,
    GameOver,
    HandInProgress,
    NoSuchSeat,
    NotASuit,
    NothingToUndo,
    WrongPhase,
    describe_result,
    hand_result,
    prompt,
)
from games.bamboozal.state import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    MIN_ROUNDS,
    SUITS,
    Hand,
    HandResult,
    Phase,
    Settings,
    State,
    Suit,
)

__all__ = [
    "Action", "BamBoozal", "Fold", "FoldedPlayer", "GameOver", "Hand", "HandInProgress",
    "HandResult", "MAX_PLAYERS", "MAX_ROUNDS", "MIN_PLAYERS", "MIN_ROUNDS", "NoSuchSeat",
    "NotASuit", "NoteTrump", "NothingToUndo", "Phase", "Play", "SUITS", "Settings", "Settle",
    "StartHand", "State", "Stop", "Suit", "Undo", "WinRound", "WrongPhase",
    "describe_result", "hand_result", "prompt",
]  # fmt: skip
