"""Errors raised by the rules: one base class, malformed input apart from a move not allowed now.

Every error carries a stable ``code`` (``bid/not_higher``) for clients and a message that
quotes the input and the state.

>>> err = IllegalAction("bid/not_higher", "3 × 4 does not raise 3 × 5")
>>> err.code, str(err)
('bid/not_higher', '3 × 4 does not raise 3 × 5')
>>> isinstance(err, RulesError) and not isinstance(err, MalformedAction)
True

A message that quotes a sender's text is readable text itself: a lone surrogate the sender slipped
in (JSON can carry one as an escape) is written as its escape, so the refusal can always be sent.

>>> print(MalformedAction("settings/unknown", "unknown setting(s): " + chr(0xD800)).message)
unknown setting(s): \\ud800
"""
from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules raise; ``code`` is stable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
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
