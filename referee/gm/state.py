"""What a table knows about its referee and the evening: part of the table's state, folded from the log.

>>> gm = GmState()
>>> gm.referee is None, gm.paused, gm.open_attempt(0)
(True, False, None)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .attempts import Attempt
from .scoreboard import GameScore
from .settings import GmSettings
from .stakes import Stake

CHAT_KEEP = 200
"""Lines of the table chat, and of each private thread, kept in the state (the log keeps all)."""


@dataclass(frozen=True, slots=True)
class Referee:
    """The table's game master: a name, the digest of their token, the table's game-master settings."""

    name: str
    token_digest: str
    settings: GmSettings


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line of the table chat or of a private thread. ``by`` is "referee", "player" (``seat``
    wrote it) or "notice" (the referee's ruling: ``notice`` names it, ``seat`` is who it is about)."""

    id: int
    by: str
    seat: int | None
    text: str
    notice: str | None = None


@dataclass(frozen=True, slots=True)
class GmState:
    """The referee (None at a plain table), the pause, chats, stakes, whisper names, attempts,
    penalties waiting for the next roll, loaded dice of the running game, and settled games."""

    referee: Referee | None = None
    paused: bool = False
    resumes: int = 0
    chat: tuple[ChatLine, ...] = ()
    messages: dict[int, tuple[ChatLine, ...]] = field(default_factory=dict)
    lines: int = 0
    stakes: dict[int, Stake] = field(default_factory=dict)
    whisper_names: dict[int, str] = field(default_factory=dict)
    attempts: tuple[Attempt, ...] = ()
    penalties: tuple[tuple[int, int], ...] = ()
    loaded: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    scores: tuple[GameScore, ...] = ()

    @property
    def settings(self) -> GmSettings:
        """The game-master settings (defaults at a table without a referee)."""
        return self.referee.settings if self.referee is not None else GmSettings()

    def attempt(self, attempt_id: int) -> Attempt | None:
        """The attempt with this id, or None."""
        if isinstance(attempt_id, int) and 1 <= attempt_id <= len(self.attempts):
            return self.attempts[attempt_id - 1]
        return None

    def open_attempt(self, seat: int) -> Attempt | None:
        """The seat's attempt that the referee has not settled yet, if any."""
        return next((a for a in self.attempts if a.seat == seat and a.is_open), None)

    def loaded_seats(self, game_no: int, round_no: int) -> list[tuple[int, int]]:
        """``(seat, attempt)`` of every loaded die that shows six in round ``round_no`` of game ``game_no``."""
        return sorted((seat, attempt) for seat, (game, first, attempt) in self.loaded.items()
                      if game == game_no and round_no >= first)
