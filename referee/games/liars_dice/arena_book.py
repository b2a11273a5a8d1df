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

Because seeds are known, the arena's secrets are not secret: an arena export proves that the
dice are the committed ones and that the log is whole and unaltered, not that nobody could
predict them. The default signing key is derived from the seed too (``arena_signer``).

>>> from referee.games.liars_dice.rules import Settings
>>> from referee.fairness.verify import verify_export
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

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from referee.fairness import dealer as fair
from referee.fairness.draws import DrawItem, draw, reveal_draw
from referee.fairness.encoding import fields, hmac_sha256, sha256
from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.fairness.purposes import ROLL_OFF, ROLL_OFF_DICE, ROLL_OFF_SIDES, purpose
from referee.fairness.secrets_chain import Entropy
from referee.games.liars_dice.rules import Settings
from referee.store.log import EventLog, NewEntry

ENTROPY_TAG = "tavern-jack/arena-entropy/1"
SALTS_TAG = "tavern-jack/arena-salts/1"
"""The tag of the stream that salts an arena game's exported secrets (apart from its dice's)."""
KEY_TAG = "tavern-jack/arena-key/1"
FORFEIT = "forfeit"
"""The arena's own log kind: ``{"seat", "reason"}``, a fault that cost ``seat`` one die and the round."""
BOT_LEVELS = ("easy", "medium", "strong")


def arena_signer(seed: int) -> Signer:
    """The arena's default signing key: SHA-256(fields("tavern-jack/arena-key/1", str(seed))) as a raw Ed25519 key.

    Anyone who knows the seed knows this key: it makes an arena export checkable, not authentic.

    >>> arena_signer(7).public_key_hex == arena_signer(7).public_key_hex != arena_signer(8).public_key_hex
    True
    """
    return Signer.from_private_bytes(sha256(fields(KEY_TAG, str(seed))))


def arena_entropy(seed: int, game: int, tag: str = ENTROPY_TAG) -> Entropy:
    """The secrets of arena game ``game`` (1-based) of a run seeded ``seed``, in place of the OS CSPRNG.

    Call k (0, 1, …) returns the first n bytes of HMAC-SHA256(SHA-256(fields(tag, str(seed))),
    fields(game, k)): every game's secrets are independent of the others', so a run can be split
    between processes by game.

    >>> first, again = arena_entropy(3, 1), arena_entropy(3, 1)
    >>> first(32) == again(32) and first(32) == again(32) and first(32) != arena_entropy(3, 2)(32)
    True
    """
    key = sha256(fields(tag, str(seed)))
    calls = itertools.count()

    def entropy(length: int) -> bytes:
        if not 0 <= length <= 32:
            raise ValueError(f"arena entropy gives at most 32 bytes a call, not {length}")
        return hmac_sha256(key, fields(game, next(calls)))[:length]
    return entropy


def logical_clock(start_ms: int = 0) -> Callable[[], float]:
    """A clock for ``EventLog`` that ticks one millisecond per reading: entries' ``at`` are their order
    in the run, so an arena's audit files are byte-identical for a seed.

    >>> clock = logical_clock(); [int(clock() * 1000) for _ in range(3)]
    [0, 1, 2]
    """
    ticks = itertools.count(start_ms)
    return lambda: next(ticks) / 1000


class AuditBook:
    """An arena game's table log (with ``log``; without one nothing is written): table ``table_id`` with
    ``rules``, a bot in each seat (``table_created``, ``seat_taken`` per seat, at once), and its audit export."""

    def __init__(self, signer: Signer, table_id: str, rules: dict[str, Any], names: Sequence[str],
                 log: EventLog | None) -> None:
        self.signer, self.table_id, self.log = signer, table_id, log
        self._head = 0
        self.record("table_created", {"id": table_id, "rules": rules})
        for seat, name in enumerate(names):
            public: dict[str, Any] = {"seat": seat, "name": name, "kind": "bot"}
            if name in BOT_LEVELS:
                public["level"] = name
            self.record("seat_taken", public)

    def record(self, kind: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None:
        """Append one entry to the game's log (nothing without a log)."""
        if self.log is not None:
            self._head = self.log.append(self.table_id, [NewEntry(kind, public, secret)], self._head)[-1].seq

    def export(self) -> dict[str, Any]:
        """The game's audit export (``tavern-jack-audit/1``), signed at its last entry."""
        if self.log is None:
            raise ValueError("this game was played without an audit log")
        entries = [{k: v for k, v in asdict(entry).items() if k != "table"} for entry in self.log.entries(self.table_id)]
        return build_export(self.signer, self.table_id, entries)


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
