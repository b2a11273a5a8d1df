"""Errors of the table layer, in the same family as the rules' errors (one base class, stable codes).

>>> err = TableError("table/full", "all 6 seats are taken")
>>> isinstance(err, RulesError), err.code
(True, 'table/full')
"""
from __future__ import annotations

from referee.rules.errors import IllegalAction, MalformedAction, RulesError

__all__ = ["BadRequest", "RulesError", "TableError"]


class TableError(IllegalAction):
    """A well-formed request that the table does not allow now (full, not the host, no seat…)."""


class BadRequest(MalformedAction):
    """A request that is not well formed."""
