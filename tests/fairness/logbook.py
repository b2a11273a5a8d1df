"""A fake table log for the fairness tests: the same entry shape the store writes, chained
with ``referee.store.chain.entry_hash``, and a small driver that plays whole games."""
from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

from referee.fairness.export import build_export
from referee.fairness.dealer import deal, die_change, open_game, reveal
from referee.fairness.draws import draw, reveal_draw
from referee.fairness import kinds
from referee.fairness.keys import Signer
from referee.fairness.purposes import ROLL_OFF, purpose
from referee.store.chain import GENESIS, entry_hash, secret_digest
from referee.games.liars_dice.roll_off import throw_dice

SIGNER = Signer.from_private_bytes(bytes(range(32)))
TABLE = "tbl-7"


class FakeLog:
    """An append-only list of entries {seq, kind, public, secret, secret_digest, prev_hash, hash, at}."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    def append(self, kind: str, public: Any, secret: Any = None) -> None:
        seq = len(self.entries) + 1
        prev = self.entries[-1]["hash"] if self.entries else GENESIS
        at = 1_700_000_000.0 + seq * 1.25 if seq % 3 else 1_700_000_000.0 + seq  # some integral floats
        digest = secret_digest(secret)
        self.entries.append({
            "seq": seq, "kind": kind, "public": public, "secret": secret, "secret_digest": digest,
            "prev_hash": prev, "hash": entry_hash(prev, seq, kind, public, digest, at), "at": at,
        })

    def export(self, signer: Signer = SIGNER) -> dict[str, Any]:
        """The export as a verifier receives it: through JSON."""
        return json.loads(json.dumps(build_export(signer, TABLE, self.entries)))


def rng_entropy(rng: random.Random):
    return lambda n: bytes(rng.getrandbits(8) for _ in range(n))


def play_game(
    log: FakeLog,
    game_no: int = 1,
    seats: tuple[int, ...] = (0, 1, 2),
    dice: int = 5,
    rng: random.Random | None = None,
    humans: tuple[int, ...] = (0, 1),
    changes: dict[int, list[tuple[int, int, int]]] | None = None,
    roll_off: bool = True,
    finish: bool = True,
) -> dict[str, Any]:
    """Play a game to its end (a random seat loses a die each round) and log everything;
    with ``finish`` false the game's last round is dealt but never revealed. The ``humans``
    (people) log a seed for every round they play; the other seats are bots.

    ``changes`` maps a round to approved changes (seat, index, value) logged in it.
    Returns the opening and the deals, for tests that need the secrets.
    """
    rng = rng or random.Random(game_no)
    opening = open_game(SIGNER, TABLE, game_no, {"preset": "tavern", "dice_per_player": dice}, list(seats),
                        people=humans, entropy=rng_entropy(rng))
    log.append(kinds.GAME_OPENED, opening.manifest, opening.secret)
    log.append("seat_token", {"seat": seats[0]}, {"token_digest": "never revealed"})
    if roll_off:
        # the throwers' seeds, made apart from ``rng`` so that the rounds are those of logs made before seeded draws
        seeds = [{"draw": 1, "seat": seat, "seed": hashlib.sha256(f"roll-off {game_no} {seat}".encode()).hexdigest()}
                 for seat in humans]
        for seed in seeds:
            log.append(kinds.DRAW_SEED, seed)
        roll = draw(SIGNER, opening.secret, opening.manifest, 1, purpose(ROLL_OFF, game_no),
                    [(f"seat {s}", 6) for s in seats for _ in range(2)], seeds)
        log.append(kinds.DRAW_COMMITTED, roll.public, roll.secret)
        log.append(kinds.DRAW_REVEALED, reveal_draw(opening.secret, roll.secret))
        log.append("roll_off", {"game": game_no, "counter": 1, "draw": 1, "dice": throw_dice(roll.secret["results"])})
    counts = {seat: dice for seat in seats}
    deals = []
    round_no = 0
    while len(counts) > 1:
        round_no += 1
        seeds = [{"round": round_no, "seat": seat, "seed": rng.randbytes(32).hex()} for seat in humans if seat in counts]
        for seed in seeds:
            log.append(kinds.SEED_CONTRIBUTED, seed)
        dealt = deal(SIGNER, opening.secret, opening.manifest, round_no, counts, seeds)
        deals.append(dealt)
        log.append(kinds.ROUND_DEALT, dealt.public, dealt.secret)
        log.append("bid", {"seat": min(counts), "quantity": 2, "face": 5})
        applied = []
        for seat, index, value in (changes or {}).get(round_no, []):
            change = die_change(game_no, round_no, seat=seat, index=index, value=value, reason="telekinesis")
            log.append(kinds.DIE_CHANGED, change.public, change.secret)
            applied.append(change.secret)
        loser = rng.choice(sorted(counts))
        if not finish and counts[loser] == 1 and len(counts) == 2:
            break  # the last round stays dealt and unrevealed
        log.append(kinds.ROUND_REVEALED, reveal(opening.secret, dealt.secret, applied))
        counts[loser] -= 1
        if counts[loser] == 0:
            del counts[loser]
    return {"opening": opening, "deals": deals}


def entries_of(export: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [entry for entry in export["entries"] if entry["kind"] == kind]


def tampered(export: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(export)
