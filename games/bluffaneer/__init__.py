"""Bluffaneer (seed 003): bone dice, secret symbol cards, a coin ledger.

The public names live in :mod:`games.bluffaneer.rules` and are re-exported here.
"""

from games.bluffaneer.faces import DEFAULT_FACES, Card, Double, FaceSet, Symbol
from games.bluffaneer.rules import (
    Bluffaneer,
    CallBluffaneer,
    CardDoesNotMatch,
    CardNotInPlay,
    Claim,
    CoinToss,
    GameOver,
    NoClaim,
    NotAnotherPlayer,
    NotTied,
    OwnMatch,
    Phase,
    Reveal,
    Roll,
    Settings,
    State,
    Steal,
    Trust,
    UnknownCard,
    UnknownFace,
    WrongPhase,
    prompt,
    toss,
)

__all__ = [
    "DEFAULT_FACES", "Bluffaneer", "CallBluffaneer", "Card", "CardDoesNotMatch",
    "CardNotInPlay", "Claim", "CoinToss", "Double", "FaceSet", "GameOver", "NoClaim",
    "NotAnotherPlayer", "NotTied", "OwnMatch", "Phase", "Reveal", "Roll", "Settings",
    "State", "Steal", "Symbol", "Trust", "UnknownCard", "UnknownFace", "WrongPhase",
    "prompt", "toss",
]  # fmt: skip
