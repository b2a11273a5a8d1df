"""What a rules engine says happened: an event, public or for one seat only. Every family's engine speaks it.

>>> Event("bid", {"seat": 0, "quantity": 2, "face": 3}).audience is None
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened; ``audience`` is None for everyone or the one seat that may see it."""

    kind: str
    data: dict[str, Any]
    audience: int | None = None
