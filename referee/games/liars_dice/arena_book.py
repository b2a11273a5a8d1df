"""The arena's dice and its audit log: committed rounds from ``referee.fairness``, logged as a table logs them.

Every arena game is played as a table of its own would play it: the fairness library opens
the game (a signed manifest over a hash chain of round secrets) and deals every round
(signed Merkle commitment); nothing else in the arena makes a die. What differs from a
table is where the secrets come from: a table draws them from the operating system, the
arena from its seed (``arena_entropy``), so a run is deterministic for a seed. With an
``EventLog`` the game is also logged entry by entry, with the kinds and payloads of a real
table (``table_created``, ``seat_taken``, ``game_started``, ``game_opened``, ``round_dealt``,
``bid``, ``liar``, ``spot_on``, ``round_revealed``, ``next_round``; under ``first_opener =
roll_off`` each throw of the roll-off as ``draw_committed``, ``draw_revealed`` and ``roll_off``)
plus ``forfeit`` for an illegal action, and ``export()`` gives its audit export
(docs/fairness.md, ``build_export``).

Its secrets, key, clock and log are every arena's (``referee.arena_audit``).

>>> from referee.games.liars_dice.rules import Settings
>>> from referee.fairness.verify import verify_export
>>> from referee.arena_audit import arena_entropy, arena_signer, logical_clock
>>> from referee.store.log import EventLog
>>> def book(log=None):
...     return GameBook(arena_signer(1), arena_entropy(1, 1), "arena-1-0001", Settings(dice_per_player=2),
...                     ["easy", "medium"], opener=0, log=log)
>>> book().deal(1, {0: 2, 1: 2}) == book().deal(1, {0: 2, 1: 2})
True
>>> book = book(EventLog(":memory:", clock=logical_clock()))
>>> hands = book.deal(1, {0: 2, 1: 2})
>>> book.record("bid", {"seat": 0, "quantity": 2, "face": 3}); book.record("liar", {"seat": 1}); book.reveal()
>>> verify_export(book.export()).ok, [e["kind"] for e in book.export()["entries"]][-4:]
(True, ['round_dealt', 'bid', 'liar', 'round_revealed'])

Under a roll-off the game starts with no opener, and each throw is a committed draw:

>>> rolling = GameBook(arena_signer(1), arena_entropy(1, 1), "arena-1-0001", Settings(first_opener="roll_off"),
...                    ["easy", "medium"], opener=None, log=EventLog(":memory:", clock=logical_clock()))
>>> dice = rolling.roll_off(1, [0, 1])
>>> sorted(dice), [e["kind"] for e in rolling.export()["entries"]][-3:]
([0, 1], ['draw_committed', 'draw_revealed', 'roll_off'])
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.arena_audit import AuditBook
from referee.fairness import dealer as fair
from referee.fairness.draws import DrawItem, draw, reveal_draw
from referee.fairness.keys import Signer
from referee.fairness.purposes import ROLL_OFF, ROLL_OFF_DICE, ROLL_OFF_SIDES, purpose
from referee.fairness.secrets_chain import Entropy
from referee.games.liars_dice.rules import Settings
from referee.store.log import EventLog

FORFEIT = "forfeit"
"""The arena's own log kind: ``{"seat", "reason"}``, a fault that cost ``seat`` one die and the round."""


class GameBook(AuditBook):
    """One arena game's dice and (with ``log``) its audit log, as table ``table_id`` holding game 1.

    Built with the seats' bot names and the first opener (None: the roll-off decides); it opens the
    game at once (logging ``table_created``, ``seat_taken`` per seat, ``game_started`` and ``game_opened``).
    """

    GAME = 1
    """Every arena game is game 1 of its own table."""

    def __init__(self, signer: Signer, entropy: Entropy, table_id: str, settings: Settings,
                 names: Sequence[str], opener: int | None, log: EventLog | None = None) -> None:
        rules = settings.to_dict()
        super().__init__(signer, table_id, rules, names, log)
        seats = list(range(len(names)))
        self.record("game_started", {"game": self.GAME, "seats": seats, "opener": opener})
        self.opening = fair.open_game(signer, table_id, self.GAME, rules, seats, entropy=entropy)
        self.record("game_opened", self.opening.manifest, self.opening.secret)
        self._deal: fair.Deal | None = None
        self._draws = 0

    def deal(self, round_no: int, counts: Mapping[int, int]) -> dict[int, tuple[int, ...]]:
        """Round ``round_no``'s committed dice (bots send no seeds), logged as ``round_dealt``."""
        self._deal = fair.deal(self.signer, self.opening.secret, self.opening.manifest, round_no, dict(counts), {})
        self.record("round_dealt", self._deal.public, self._deal.secret)
        return {seat: tuple(dice) for seat, dice in self._deal.hands.items()}

    def roll_off(self, counter: int, seats: Sequence[int]) -> dict[int, tuple[int, ...]]:
        """Throw ``counter`` (1, 2, …) of the roll-off: two dice for each of ``seats``, as the game's next
        committed draw (purpose ``roll_off`` of game 1), revealed at once and logged as ``roll_off``
        ``{game, counter, draw, dice}``, the dice being the draw's values in item order."""
        self._draws += 1
        order = sorted(seats)
        items: list[DrawItem] = [(f"seat {seat}", ROLL_OFF_SIDES) for seat in order for _ in range(ROLL_OFF_DICE)]
        drawn = draw(self.signer, self.opening.secret, self.opening.manifest, self._draws,
                     purpose(ROLL_OFF, self.GAME, counter), items)
        self.record("draw_committed", drawn.public, drawn.secret)
        self.record("draw_revealed", reveal_draw(self.opening.secret, drawn.secret))
        values = drawn.values
        dice = {seat: tuple(values[ROLL_OFF_DICE * i:ROLL_OFF_DICE * (i + 1)]) for i, seat in enumerate(order)}
        self.record("roll_off", {"game": self.GAME, "counter": counter, "draw": self._draws,
                                 "dice": {str(seat): list(d) for seat, d in dice.items()}})
        return dice

    def reveal(self) -> None:
        """The round is over (a call or a forfeit): log ``round_revealed`` (skipped without a log: nobody reads it)."""
        if self.log is not None and self._deal is not None:
            self.record("round_revealed", fair.reveal(self.opening.secret, self._deal.secret, []))
        self._deal = None
