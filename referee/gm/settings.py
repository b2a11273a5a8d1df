"""A refereed table's settings: roleplay cheating on or off, blind referee, the check die, the whisper format.

>>> GmSettings.from_dict({"cheating": True, "check_die": 100}).check_die
100
>>> GmSettings.from_dict({"whisper_format": "irc"})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: gm.whisper_format is one of wow, roll20, plain, not 'irc'
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from referee.rules.errors import MalformedAction

CHECK_DICE = (20, 100)
WHISPER_FORMATS = ("wow", "roll20", "plain")


@dataclass(frozen=True, slots=True)
class GmSettings:
    """``cheating``: players may send roleplay cheat attempts (RULES.md C5); ``blind``: the referee
    sees dice only at the reveal; ``check_die``: d20 or d100; ``whisper_format``: the relay's chat syntax."""

    cheating: bool = False
    blind: bool = False
    check_die: int = 20
    whisper_format: str = "plain"

    @classmethod
    def from_dict(cls, data: Any) -> "GmSettings":
        """Settings from JSON-like data; every bad value raises ``MalformedAction``."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise MalformedAction("payload/malformed", "gm must be an object")
        unknown = sorted(set(data) - {"cheating", "blind", "check_die", "whisper_format"})
        if unknown:
            raise MalformedAction("payload/malformed", f"unknown gm setting(s): {', '.join(map(str, unknown))[:80]}")
        settings = cls(**data)
        for name in ("cheating", "blind"):
            if not isinstance(getattr(settings, name), bool):
                raise MalformedAction("payload/malformed", f"gm.{name} must be true or false")
        if isinstance(settings.check_die, bool) or settings.check_die not in CHECK_DICE:
            raise MalformedAction("payload/malformed", f"gm.check_die is 20 or 100, not {settings.check_die!r}")
        if settings.whisper_format not in WHISPER_FORMATS:
            raise MalformedAction("payload/malformed",
                                  f"gm.whisper_format is one of {', '.join(WHISPER_FORMATS)}, not {settings.whisper_format!r}")
        return settings

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as logged and shown.

        >>> GmSettings().to_dict()
        {'cheating': False, 'blind': False, 'check_die': 20, 'whisper_format': 'plain'}
        """
        return asdict(self)
