"""One message a network bot sends to its table.

>>> Send("sync", {}, "now")
Send(event='sync', payload={}, wait='now')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Send:
    """One message to the table: ``event`` with ``payload``, after the pause named by ``wait``
    (``now``, ``think`` before a move, ``reveal`` before pressing next round, ``slow`` before a
    message the table refused as too fast)."""

    event: str
    payload: dict[str, Any]
    wait: str
