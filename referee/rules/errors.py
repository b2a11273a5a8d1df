"""Errors raised by the rules: one base class, malformed input apart from a move not allowed now.

Every error carries a stable ``code`` (``bid/not_higher``) for clients and a message that
quotes the input and the state.

>>> err = IllegalAction("bid/not_higher", "3 × 4 does not raise 3 × 5")
>>> err.code, str(err)
('bid/not_higher', '3 × 4 does not raise 3 × 5')
>>> isinstance(err, RulesError) and not isinstance(err, MalformedAction)
True
"""
from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules raise; ``code`` is stable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class MalformedAction(RulesError):
    """The action or setting is not well formed (wrong type, unknown field)."""


class IllegalAction(RulesError):
    """The action is well formed but the rules do not allow it in this state."""


class SettingsConflict(MalformedAction):
    """Switches that are each valid but do not combine; ``keys`` names them all, sorted.

    >>> err = SettingsConflict(("duel_dice", "loss"), "duel_dice needs loss = elimination, not one_die")
    >>> err.code, err.keys
    ('settings/conflict', ('duel_dice', 'loss'))
    """

    def __init__(self, keys: tuple[str, ...], message: str) -> None:
        super().__init__("settings/conflict", message)
        self.keys = keys
