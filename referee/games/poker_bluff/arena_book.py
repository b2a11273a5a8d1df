"""The poker-dice arena's dice and its audit log: every roll a committed draw, logged as a table logs it.

Each arena game is one evening at a table of its own (``arena-<seed>-<g:04d>``), whose seats hold the
bots in the arena's line-up for that game. As at a table (docs/protocol.md, "A poker-dice table's log"),
the book logs ``table_created`` and a ``seat_taken`` per bot, ``evening_started`` (the line-up enters
the bracket in seat order: the arena turns it game by game so that no bot keeps the first pair or the
bye, and the button of a match is its pairing's first seat, so the evening is logged without drawn
starters or a drawn bracket, and both verifiers say so in a note for three bots or more), each game's
``game_started`` and ``game_opened``, every roll as a ``poker_roll`` draw (``draw_committed``, then
``cup_rolled``), the moves (``declared``, ``believed``, ``kept``, ``doubted`` with the cup's
``draw_revealed``), ``next_round``, and ``evening_ended``; an illegal action is the arena's own
``forfeit`` ``{seat, reason}`` (the verifiers stop re-deriving that game there). Bots send no seeds.

The secrets come from the arena's seed (``arena_entropy``), so a run is deterministic, and checkable, not
unpredictable (as ``referee.games.liars_dice.arena_book`` says of Liar's Dice).

>>> from referee.arena_audit import arena_entropy, arena_signer, logical_clock
>>> from referee.fairness.verify import verify_export
>>> from referee.games.poker_bluff.rules import HIGHEST, Declare, Doubt, PokerSettings, Roll, apply, new_game
>>> from referee.store.log import EventLog
>>> book = PokerBook(arena_signer(1), arena_entropy(1, 1), "arena-1-0001", PokerSettings(tokens=1),
...                  ["easy", "medium"], EventLog(":memory:", clock=logical_clock()))
>>> state = new_game(PokerSettings(tokens=1), (0, 1), 0)
>>> book.evening([0, 1]); book.game(state)
>>> state = apply(state, Roll(book.roll(5))).state
>>> book.move(0, "declared", {"declaration": HIGHEST.to_dict()}); state = apply(state, Declare(0, HIGHEST)).state
>>> book.doubt(1); state = apply(state, Doubt(1)).state
>>> book.ended(state.winner)
>>> verify_export(book.export()).ok, [e["kind"] for e in book.export()["entries"]][-4:]
(True, ['declared', 'doubted', 'draw_revealed', 'evening_ended'])
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.arena_audit import AuditBook
from referee.fairness import dealer as fair
from referee.fairness.draws import draw, reveal_draw
from referee.fairness.keys import Signer
from referee.fairness.purposes import POKER_DIE, POKER_ROLL, purpose
from referee.fairness.secrets_chain import Entropy
from referee.games.poker_bluff.rules import GameState, PokerSettings
from referee.store.log import EventLog

EVENING = 1
"""Every arena game is evening 1 of its own table."""


class PokerBook(AuditBook):
    """One arena game's committed rolls and (with ``log``) its audit log, as table ``table_id``."""

    def __init__(self, signer: Signer, entropy: Entropy, table_id: str, settings: PokerSettings,
                 names: Sequence[str], log: EventLog | None = None) -> None:
        self.rules = {"game": "poker_bluff", **settings.to_dict()}
        super().__init__(signer, table_id, self.rules, names, log)
        self.entropy = entropy
        self.number = 0
        self.opening: fair.Opening | None = None
        self.draws: list[dict[str, Any]] = []
        self.shown = 0
        self.rolls = 0

    def evening(self, entrants: Sequence[int]) -> None:
        """``evening_started``: ``entrants`` (every seat, ascending) enter the bracket in seat order."""
        self.record("evening_started", {"evening": EVENING, "entrants": list(entrants)})

    def game(self, state: GameState) -> None:
        """The next game begins (``state``: its opening state, button first): ``game_started`` and its manifest."""
        self.number += 1
        self.record("game_started", {"game": self.number, "seats": list(state.seats), "opener": state.starter})
        self.opening = fair.open_game(self.signer, self.table_id, self.number, self.rules, sorted(state.seats),
                                      entropy=self.entropy)
        self.record("game_opened", self.opening.manifest, self.opening.secret)
        self.draws, self.shown, self.rolls = [], 0, 0

    def roll(self, count: int) -> tuple[int, ...]:
        """``count`` dice into the cup: the game's next committed draw (``poker_roll``), logged with ``cup_rolled``."""
        opening = self._opened()
        self.rolls += 1
        drawn = draw(self.signer, opening.secret, opening.manifest, len(self.draws) + 1,
                     purpose(POKER_ROLL, self.number, self.rolls), [POKER_DIE] * count)
        self.draws.append(drawn.secret)
        self.record("draw_committed", drawn.public, drawn.secret)
        self.record("cup_rolled", {"game": self.number, "draw": len(self.draws)})
        return tuple(drawn.values)

    def move(self, seat: int, kind: str, public: dict[str, Any] | None = None) -> None:
        """A bot's move (``declared``, ``believed``, ``kept``), played by the bot of its own seat."""
        self.record(kind, {"seat": seat, **(public or {}), "by_bot": True})

    def doubt(self, seat: int) -> None:
        """``doubted``, and the cup shown: every draw of the game not revealed yet."""
        self.move(seat, "doubted")
        self._show()

    def next_round(self, seat: int) -> None:
        """The next round, begun by ``seat`` (its starter)."""
        self.record("next_round", {"seat": seat})

    def forfeit(self, seat: int, reason: str) -> None:
        """``seat`` faulted (an arena fault): ``forfeit``, and the cup shown."""
        self.record("forfeit", {"seat": seat, "reason": reason})
        self._show()

    def ended(self, champion: int) -> None:
        """``evening_ended``: ``champion`` won the bracket."""
        self.record("evening_ended", {"evening": EVENING, "champion": champion})

    def _show(self) -> None:
        opening = self._opened()
        for secret in self.draws[self.shown:]:
            self.record("draw_revealed", reveal_draw(opening.secret, secret))
        self.shown = len(self.draws)

    def _opened(self) -> fair.Opening:
        if self.opening is None:
            raise ValueError("no game of this arena evening has begun")
        return self.opening
