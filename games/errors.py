"""The errors the rules raise: every one leaves the game's state as it was.

:class:`IllegalAction` (and its kinds) for an action the state does not allow,
:class:`InvalidSettings` for a game that cannot be set up so, :class:`InvalidInput` for text
a person typed that is no valid value. All are :class:`RulesError`.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error raised by the rules."""


class IllegalAction(RulesError):
    """The action is not legal in this state. The state is unchanged."""


class WrongPhase(IllegalAction):
    """That kind of action is not what the game is waiting for."""


class GameOver(WrongPhase):
    """The game is over: nothing more can happen."""


class InvalidSettings(RulesError):
    """The game cannot be set up like this (player count, strike limit, ...)."""


class InvalidInput(RulesError, ValueError):
    """Text a person typed (a score, a bid) is not a valid value."""
