"""Real table logs for the game verifier's tests, and a dishonest server's forgeries of them.

``plain_evening`` and ``refereed_evening`` play whole games on a real ``Table`` (the committed
dealer, a fixed key); ``Forger`` holds a log with every secret, as the server does, lets a test
change entries (re-dealing a round with the game's own chain secret where the dice must
change), then re-chains the log and re-signs the head: what a server holding the key would
publish. So a forgery passes every cryptographic check, and only the game checks can catch it.
"""
from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

from referee.fairness import dealer as fair
from referee.fairness.export import build_export
from referee.fairness.keys import Signer
from referee.table import desk
from referee.gm.settings import GmSettings
from referee.store.chain import GENESIS, entry_hash, secret_digest
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer
from referee.web.audit import entry_dict

SIGNER = Signer.from_private_bytes(bytes(range(32)))
ALWAYS, NEVER = 1, 200


def new_table(rules: dict[str, Any]) -> Table:
    """A table dealing committed dice signed by ``SIGNER``, dealt at once (no seed wait)."""
    return Tables(EventLog(":memory:"), FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create(rules)


def play_round(table: Table, rng: random.Random, bids: int = 2) -> None:
    """Up to ``bids`` low raises from whoever is to act, then a call of Liar; then the next round."""
    game = table.game
    for _ in range(rng.randint(1, bids)):
        standing = game.standing_bid
        quantity = standing.bid.quantity + 1 if standing else 1
        if quantity > game.total_dice:
            break
        table.play.bid(game.turn, quantity, rng.choice(game.settings.faces))
        game = table.game
    table.play.liar(game.turn)


def play_to_the_end(table: Table, rng: random.Random, next_round=None) -> None:  # noqa: ANN001
    """Rounds until the game is over; ``next_round`` (default: seat 0 presses it) starts each next round."""
    while table.game.winner is None:
        play_round(table, rng)
        if table.game.winner is None:
            (next_round or (lambda: table.next_round(min(table.current.seats))))()


def plain_evening(seed: int = 1, players: int = 3, dice: int = 2, games: int = 2) -> Table:
    """People at a table without a referee play ``games`` whole games."""
    rng = random.Random(seed)
    table = new_table({"dice_per_player": dice, "turn_timer_s": 0})
    for seat in range(players):
        table.join(f"P{seat}", f"digest-{seat}")
    for number in range(games):
        table.start(0)
        play_to_the_end(table, rng)
    return table


def refereed_table(dice: int = 3, players: int = 2, cheating: bool = True) -> Table:
    """A table with a referee (cheating on or off) and ``players`` people; game 1 started."""
    table = new_table({"dice_per_player": dice, "turn_timer_s": 0})
    desk.name_referee(table, "Мастер", "referee-digest", GmSettings(cheating=cheating))
    for seat in range(players):
        table.join(f"P{seat}", f"digest-{seat}")
    table.start_game()
    return table


def cheat(table: Table, seat: int, difficulty: int, **request: Any) -> int:
    """``seat`` tries ``request`` (kind and its fields) and the referee rolls against ``difficulty``
    (and applies a succeeded telekinesis, which waits for the referee)."""
    attempt = desk.submit_attempt(table, seat, {"die": None, "target": None, "value": None,
                                                "description": "В рукаве звякнуло…", **request})
    desk.judge(table, attempt, difficulty, 0)
    if table.current.gm.attempt(attempt).awaits_approval:
        desk.apply_attempt(table, attempt)
    return attempt


def finish(table: Table, seed: int = 3) -> None:
    """The referee plays the game out (each next round by the referee's hand)."""
    play_to_the_end(table, random.Random(seed), next_round=table.open_next_round)


def raw_log(table: Table) -> list[dict[str, Any]]:
    """The table's log as the server holds it, every secret included, with the die changes
    naming their attempt (``"attempt": n`` in the secret, the contract the table's next
    version writes; here taken from the change's reason ``attempt n``)."""
    entries = [entry_dict(entry) for entry in table._events.entries(table.id)]
    for entry in entries:
        if entry["kind"] == "die_changed":
            found = re.fullmatch(r"attempt (\d+)", entry["secret"]["reason"])
            entry["secret"]["attempt"] = int(found.group(1)) if found else None
    return rechain(entries)


def rechain(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Fresh secret digests and a fresh hash chain from seq 1."""
    previous = GENESIS
    for seq, entry in enumerate(entries, start=1):
        entry["seq"], entry["prev_hash"] = seq, previous
        entry["secret_digest"] = secret_digest(entry["secret"])
        entry["hash"] = entry_hash(previous, seq, entry["kind"], entry["public"], entry["secret_digest"], entry["at"])
        previous = entry["hash"]
    return entries


def export_of(table_id: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The signed export of ``entries``, through JSON as a verifier receives it."""
    return json.loads(json.dumps(build_export(SIGNER, table_id, entries)))


class Forger:
    """A dishonest server's copy of a log: change entries, re-deal rounds, publish a re-signed export."""

    def __init__(self, table: Table) -> None:
        self.table_id = table.id
        self.entries = copy.deepcopy(raw_log(table))

    def all(self, kind: str) -> list[dict[str, Any]]:
        return [entry for entry in self.entries if entry["kind"] == kind]

    def position(self, entry: dict[str, Any]) -> int:
        return next(i for i, e in enumerate(self.entries) if e is entry)

    def remove(self, entry: dict[str, Any]) -> None:
        del self.entries[self.position(entry)]

    def insert_after(self, entry: dict[str, Any], kind: str, public: dict[str, Any],
                     secret: dict[str, Any] | None = None) -> dict[str, Any]:
        new = {"seq": 0, "kind": kind, "at": entry["at"], "public": public, "secret": secret,
               "secret_digest": None, "prev_hash": "", "hash": ""}
        self.entries.insert(self.position(entry) + 1, new)
        return new

    def redeal(self, game: int, round_no: int, counts: dict[int, int]) -> None:
        """Deal round ``round_no`` of ``game`` again with ``counts``, signed, and reveal it accordingly."""
        opened = next(e for e in self.all("game_opened") if e["public"]["game"] == game)
        dealt = next(e for e in self.all("round_dealt") if (e["public"]["game"], e["public"]["round"]) == (game, round_no))
        given = {int(seat): seed for seat, seed in dealt["public"]["seeds"].items() if int(seat) in counts}
        seeds = [{"round": round_no, "seat": seat, "seed": seed} for seat, seed in sorted(given.items())]
        reasons = {int(seat): why for seat, why in dealt["public"]["seeds_missing"].items()}
        missing = {seat: reasons.get(seat, "not_connected") for seat in opened["public"]["seed_seats"]
                   if seat in counts and seat not in given}
        again = fair.deal(SIGNER, opened["secret"], opened["public"], round_no, counts, seeds, missing)
        dealt["public"], dealt["secret"] = again.public, again.secret
        for revealed in self.all("round_revealed"):
            if (revealed["public"]["game"], revealed["public"]["round"]) == (game, round_no):
                revealed["public"] = fair.reveal(opened["secret"], again.secret, [])

    def rereveal(self, game: int, round_no: int) -> None:
        """Reveal round ``round_no`` of ``game`` again with the die changes the forged log holds."""
        opened = next(e for e in self.all("game_opened") if e["public"]["game"] == game)
        dealt = next(e for e in self.all("round_dealt") if (e["public"]["game"], e["public"]["round"]) == (game, round_no))
        changes = [e["secret"] for e in self.all("die_changed") if (e["public"]["game"], e["public"]["round"]) == (game, round_no)]
        for revealed in self.all("round_revealed"):
            if (revealed["public"]["game"], revealed["public"]["round"]) == (game, round_no):
                revealed["public"] = fair.reveal(opened["secret"], dealt["secret"], changes)

    def export(self) -> dict[str, Any]:
        return export_of(self.table_id, rechain(self.entries))


def cheating_evening() -> Table:
    """Two players, three dice, cheating on, one game played out with every kind of attempt:
    round 1 a telekinesis and a knock that succeed and a telekinesis that fails (silence);
    round 2 a loaded die that succeeds, an "other" the referee applies by hand, and a knock that
    fails with a penalty die."""
    table = refereed_table(dice=3)
    cheat(table, 0, ALWAYS, kind="telekinesis", die=1, value=6)
    cheat(table, 1, ALWAYS, kind="knock", target=0, value=2)
    failed = cheat(table, 0, NEVER, kind="telekinesis", die=0, value=5)
    desk.settle_failure(table, failed, "silence")
    play_round(table, random.Random(5))
    table.open_next_round()
    cheat(table, 1, ALWAYS, kind="loaded_die")
    other = cheat(table, 0, ALWAYS, kind="other")
    desk.change_die(table, 1, 0, 3, other)
    penalised = cheat(table, 1, NEVER, kind="knock", target=0, value=4)
    desk.settle_failure(table, penalised, "penalty")
    finish(table)
    return table
