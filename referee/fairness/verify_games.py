"""Checks of the fairness entries: manifests, round commitments and reveals (with approved
die changes), draw commitments and reveals, and what went into them (``verify_inputs``: the
seeds a deal used, the purpose of each draw). Entries are read in log order.

>>> from referee.fairness.report import Report
>>> report = Report()
>>> check_games({"server_key": "00" * 32, "table": "t1", "entries": []}, report)
>>> report.checks
[]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.fairness import kinds
from referee.fairness.dealer import apply_changes
from referee.fairness.draws import request_digest, result_leaves
from referee.fairness.encoding import (
    DEAL_DOMAIN,
    DRAW_DOMAIN,
    MANIFEST_DOMAIN,
    FairnessError,
    from_hex32,
    seats_of,
    statement,
    without_signature,
)
from referee.fairness.keys import verify_signature
from referee.fairness.merkle import hand_leaves, leaf_hash, merkle_root, verify_inclusion
from referee.fairness.purposes import describe, purpose_problem
from referee.fairness.report import Report
from referee.fairness.secrets_chain import announced_block, block_of, hashes_to
from referee.fairness.sealed_seeds import is_sealed, sealed_salt
from referee.fairness.stream import derive_draw, derive_hands, draw_key, round_key, seeds_digest
from referee.fairness.verify_draw_seeds import DrawSeedLedger
from referee.fairness.verify_inputs import ATTEMPT_SUBMITTED, DrawLedger, SeedLedger


@dataclass(slots=True)
class _Round:
    public: dict[str, Any]
    secret: dict[str, Any] | None
    seq: int
    changes: list[tuple[int, dict[str, Any] | None]] = field(default_factory=list)
    revealed: bool = False


@dataclass(slots=True)
class _Draw:
    public: dict[str, Any]
    secret: dict[str, Any] | None
    counts: dict[str, int]
    revealed: bool = False


@dataclass(slots=True)
class _Game:
    manifest: dict[str, Any]
    seeds: SeedLedger
    purposes: DrawLedger
    draw_seeds: DrawSeedLedger
    rounds: dict[int, _Round] = field(default_factory=dict)
    draws: dict[int, _Draw] = field(default_factory=dict)
    blocks: dict[int, str] = field(default_factory=dict)
    """The draw secrets' roots by block (1: the manifest's; later ones as draws announce them)."""

    def awaited_round(self) -> int | None:
        """The round that may receive seeds now: the next one, once the last dealt one is revealed."""
        last = max(self.rounds, default=0)
        return last + 1 if not last or self.rounds[last].revealed else None

    def counts_in_play(self) -> dict[str, int]:
        """The dice counts of the round dealt last ({} before the first deal)."""
        return self.rounds[max(self.rounds)].public["counts"] if self.rounds else {}


class _Auditor:
    def __init__(self, export: dict[str, Any], report: Report) -> None:
        self.key = export["server_key"]
        self.table = export["table"]
        self.report = report
        self.games: dict[int, _Game] = {}
        self.current: _Game | None = None

    def signed(self, domain: str, payload: dict[str, Any]) -> bool:
        return verify_signature(self.key, statement(domain, without_signature(payload)), payload.get("signature", ""))

    def game(self, entry: dict[str, Any], step: str) -> _Game | None:
        game = self.games.get(entry["public"]["game"])
        if game is None:
            self.report.fail(step, f"seq {entry['seq']} ({entry['kind']}) refers to a game that was never opened")
        return game

    def game_opened(self, entry: dict[str, Any]) -> None:
        manifest = entry["public"]
        step = f"game {manifest['game']}"
        if manifest["game"] in self.games:
            self.report.fail(step, f"seq {entry['seq']}: the game is opened a second time")
            return
        if manifest["key"] != self.key:
            self.report.fail(step, "the manifest names another server key than the export")
        elif not self.signed(MANIFEST_DOMAIN, manifest):
            self.report.fail(step, "the manifest signature is not valid: the manifest was altered")
        elif manifest["table"] != self.table:
            self.report.fail(step, f"the manifest is for table {manifest['table']!r}, not {self.table!r}")
        else:
            self.report.add(step, True, "manifest signed by the server key")
        self.games[manifest["game"]] = self.current = _Game(manifest, SeedLedger(manifest), DrawLedger(manifest["game"]),
                                                            DrawSeedLedger(manifest), blocks={1: manifest["draw_root"]})

    def seed_contributed(self, entry: dict[str, Any]) -> None:
        if self.current is None:
            self.report.fail("log", f"seq {entry['seq']}: a seed is logged before any game of the export was opened")
            return
        self.current.seeds.contributed(entry, self.current.awaited_round(), self.report)

    def draw_seed(self, entry: dict[str, Any]) -> None:
        if self.current is None:
            self.report.fail("log", f"seq {entry['seq']}: a draw seed is logged before any game of the export was opened")
            return
        self.current.draw_seeds.contributed(entry, max(self.current.draws, default=0) + 1, self.report)

    def attempt_submitted(self, entry: dict[str, Any]) -> None:
        game = self.games.get(entry["public"]["game"])
        if game is not None:
            game.purposes.attempt(entry["public"])
            game.draw_seeds.sealed.attempt(entry)

    def round_dealt(self, entry: dict[str, Any]) -> None:
        public = entry["public"]
        step = f"game {public['game']} round {public['round']}"
        game = self.game(entry, step)
        if game is None:
            return
        number = public["round"]
        if number in game.rounds:
            self.report.fail(step, f"seq {entry['seq']}: the round is dealt a second time")
            return
        previous = max(game.rounds, default=0)
        if number != previous + 1:
            self.report.fail(step, f"round {number} is dealt after round {previous}: round {previous + 1} is missing")
        elif previous and not game.rounds[previous].revealed:
            self.report.fail(step, f"round {number} is dealt before round {previous} was revealed")
        ok = self.signed(DEAL_DOMAIN, public)
        if not ok:
            self.report.fail(step, "the commitment signature is not valid")
        if seeds_digest(public["seeds"]).hex() != public["seeds_digest"]:
            ok = False
            self.report.fail(step, "the seeds digest does not match the seeds")
        outsiders = set(seats_of(public["counts"])) - set(game.manifest["seats"])
        if outsiders or public["table"] != self.table:
            ok = False
            self.report.fail(step, f"the commitment names seats {sorted(outsiders)} or a table outside the manifest")
        if ok:
            self.report.add(step, True, f"commitment signed, root {public['root'][:16]}…")
        game.seeds.dealt(step, public, self.report)
        game.rounds[number] = _Round(public, entry.get("secret"), entry["seq"])

    def die_changed(self, entry: dict[str, Any]) -> None:
        public = entry["public"]
        step = f"game {public['game']} round {public['round']}"
        game = self.game(entry, step)
        if game is None:
            return
        round_ = game.rounds.get(public["round"])
        if round_ is None or round_.revealed:
            self.report.fail(step, f"seq {entry['seq']}: a die change for a round that is not in play")
            return
        round_.changes.append((entry["seq"], entry.get("secret")))

    def round_revealed(self, entry: dict[str, Any]) -> None:
        revealed = entry["public"]
        number = revealed["round"]
        step = f"game {revealed['game']} round {number}"
        game = self.game(entry, step)
        if game is None:
            return
        round_ = game.rounds.get(number)
        if round_ is None or round_.revealed:
            self.report.fail(step, f"seq {entry['seq']}: a reveal for a round that is not in play")
            return
        round_.revealed = True
        failures = len(self.report.failures)
        _RoundReveal(self, step, game.manifest, round_, revealed).check()
        if len(self.report.failures) == failures:
            self.report.add(step, True, "x_r, every die and every salt match the commitment")

    def draw_committed(self, entry: dict[str, Any]) -> None:
        public = entry["public"]
        step = f"game {public['game']} draw {public['draw']}"
        game = self.game(entry, step)
        if game is None:
            return
        previous = max(game.draws, default=0)
        if public["draw"] != previous + 1:
            self.report.fail(step, f"draw {public['draw']} is committed after draw {previous}: draw {previous + 1} is missing")
        if not self.signed(DRAW_DOMAIN, public):
            self.report.fail(step, "the draw commitment signature is not valid")
        else:
            self.report.add(step, True, f"draw commitment signed, root {public['root'][:16]}…")
        game.purposes.committed(step, public, len(game.rounds), self.report)
        game.draw_seeds.committed(step, public, self.report)
        if "next_draw_root" in public:
            block = announced_block(public["draw"], game.manifest["draw_slots"])
            if block is None:
                self.report.fail(step, f"draw {public['draw']} announces a block of draw secrets, which only the middle "
                                       "draw of a block does")
            else:
                game.blocks[block] = public["next_draw_root"]
        game.draws[public["draw"]] = _Draw(public, entry.get("secret"), game.counts_in_play())

    def draw_revealed(self, entry: dict[str, Any]) -> None:
        revealed = entry["public"]
        step = f"game {revealed['game']} draw {revealed['draw']}"
        game = self.game(entry, step)
        if game is None:
            return
        committed = game.draws.get(revealed["draw"])
        if committed is None or committed.revealed:
            self.report.fail(step, f"seq {entry['seq']}: a reveal for a draw that is not committed")
            return
        committed.revealed = True
        failures = len(self.report.failures)
        self.check_draw(step, game, committed, revealed)
        game.purposes.revealed(step, committed.public, revealed["request"], committed.counts, self.report)
        game.draw_seeds.revealed(step, committed.public, revealed["request"], self.report, revealed)
        if len(self.report.failures) == failures:
            values = [r["value"] for r in revealed["results"]]
            purpose = revealed["request"]["purpose"]
            label = describe(purpose) if purpose_problem(purpose) is None else "the draw"
            self.report.add(step, True, f"{label}: {values} match the commitment")

    def check_draw(self, step: str, game: _Game, committed: _Draw, revealed: dict[str, Any]) -> None:
        fail, manifest = self.report.fail, game.manifest
        number, request, results = revealed["draw"], revealed["request"], revealed["results"]
        if request_digest(request).hex() != committed.public["request_digest"]:
            fail(step, "the revealed request does not match the committed request digest")
        secret = from_hex32(revealed["secret"], "a draw secret")
        proof = [from_hex32(p, "a proof hash") for p in revealed["proof"]]
        slots = manifest["draw_slots"]
        block, index = block_of(number, slots)
        if block not in game.blocks:
            fail(step, f"draw {number} is past the game's {slots} draws and no earlier draw announced the secrets of its block")
        elif not verify_inclusion(leaf_hash(secret), index, slots, proof, from_hex32(game.blocks[block], "the draw root")):
            fail(step, f"the revealed secret s_{number} is not the one the manifest committed to" if block == 1 else
                 f"the revealed secret s_{number} is not the one draw {(block - 1) * slots - slots // 2} committed to")
        if merkle_root(result_leaves(results)).hex() != committed.public["root"]:
            fail(step, "the revealed results do not match the committed root")
        seeds = committed.public.get("seeds") if game.draw_seeds.seeded else None
        digest = seeds_digest(seeds) if isinstance(seeds, dict) else None
        if is_sealed(manifest, committed.public.get("purpose")):  # its key mixes the salted digest (sealed_seeds)
            digest = from_hex32(committed.public["seeds_digest"], "the seeds digest")
            inputs = revealed.get("inputs")
            if isinstance(inputs, dict) and inputs.get("salt") != sealed_salt(secret):
                fail(step, f"the sealed seeds' salt is not the one derived from s_{number}: the server could have chosen it")
        key = draw_key(secret, manifest["table"], manifest["game"], number, request_digest(request), digest)
        values, salts = derive_draw(key, [item["sides"] for item in request["items"]])
        if len(results) != len(values):
            fail(step, f"{len(results)} results are revealed for {len(values)} requested items")
        for k, (result, item) in enumerate(zip(results, request["items"])):
            if (result["index"], result["label"], result["sides"]) != (k, item["label"], item["sides"]):
                fail(step, f"result {k} does not describe requested item {k}")
            if result["value"] != values[k]:
                fail(step, f"result {k} ({item['label']}) is revealed as {result['value']} but derives as {values[k]}")
            if result["salt"] != salts[k].hex():
                fail(step, f"the salt of result {k} does not match its derivation from s_{number}")
        logged = {"game": revealed["game"], "draw": number, "request": request, "results": results}
        if "inputs" in revealed:
            logged["inputs"] = revealed["inputs"]
        if committed.secret is not None and committed.secret != logged:
            fail(step, "the logged draw secret differs from the reveal")

    def finish(self) -> None:
        for number, game in sorted(self.games.items()):
            for r, round_ in sorted(game.rounds.items()):
                if not round_.revealed:
                    self.report.add(f"game {number} round {r}", True, "committed, not revealed yet")
            for n, draw in sorted(game.draws.items()):
                if not draw.revealed:
                    self.report.add(f"game {number} draw {n}", True, "committed, not revealed yet")


class _RoundReveal:
    """The checks of one round's reveal against its commitment and its approved changes."""

    def __init__(self, auditor: _Auditor, step: str, manifest: dict[str, Any], round_: _Round, revealed: dict[str, Any]) -> None:
        self.fail = lambda message: auditor.report.fail(step, message)
        self.manifest, self.round, self.revealed = manifest, round_, revealed
        self.number = revealed["round"]

    def check(self) -> None:
        public, number = self.round.public, self.number
        x_r = from_hex32(self.revealed["x"], f"x_{number}")
        if not hashes_to(x_r, number, from_hex32(self.manifest["round_anchor"], "the round anchor")):
            self.fail(f"x_{number} does not hash back to the manifest's anchor x_0")
        key = round_key(x_r, self.manifest["table"], self.manifest["game"], number, seeds_digest(public["seeds"]))
        counts = {seat: public["counts"][str(seat)] for seat in seats_of(public["counts"])}
        hands, salts = derive_hands(key, counts)
        hex_salts = {seat: [s.hex() for s in salts[seat]] for seat in salts}
        if merkle_root(hand_leaves(hands, hex_salts)).hex() != public["root"]:
            self.fail(f"the dice derived from x_{number} and the seeds do not match the committed root")
        committed = {str(seat): hands[seat] for seat in hands}
        if self.round.secret is None:
            self.fail(f"the deal secret (seq {self.round.seq}) is missing from the export although the round is revealed")
        elif self.round.secret["hands"] != committed or self.round.secret["salts"] != {str(s): v for s, v in hex_salts.items()}:
            self.fail(f"the logged deal secret (seq {self.round.seq}) differs from the dice derived from x_{number}")
        self.check_salts(hex_salts)
        self.check_dice(committed)

    def check_salts(self, derived: dict[int, list[str]]) -> None:
        revealed = self.revealed["salts"]
        for seat, salts in derived.items():
            shown = revealed.get(str(seat), [])
            for j, salt in enumerate(salts):
                if j >= len(shown) or shown[j] != salt:
                    self.fail(f"the salt of die {j} of seat {seat} does not match its derivation from x_{self.number}")

    def check_dice(self, committed: dict[str, list[int]]) -> None:
        changes = []
        for seq, change in self.round.changes:
            if change is None:
                self.fail(f"the approved die change at seq {seq} is not revealed")
            else:
                changes.append(change)
        try:
            expected = apply_changes(committed, changes)
        except FairnessError as error:
            self.fail(f"an approved die change is impossible: {error}")
            return
        shown = self.revealed["hands"]
        if set(shown) != set(expected):
            self.fail(f"the reveal shows seats {seats_of(shown)}, the commitment seats {seats_of(expected)}")
        for a in seats_of(expected):
            for b in seats_of(expected):
                if a < b and shown.get(str(a)) == expected[str(b)] != expected[str(a)] and shown.get(str(b)) == expected[str(a)]:
                    self.fail(f"the revealed hands of seats {a} and {b} are swapped")
        changed = {(c["seat"], c["index"]) for c in changes}
        for seat in seats_of(expected):
            hand = shown.get(str(seat), [])
            if len(hand) != len(expected[str(seat)]):
                self.fail(f"seat {seat} reveals {len(hand)} dice, {len(expected[str(seat)])} were dealt")
                continue
            for j, value in enumerate(hand):
                if value == expected[str(seat)][j]:
                    continue
                if (seat, j) in changed:
                    self.fail(f"die {j} of seat {seat} is revealed as {value} but the approved changes set it to {expected[str(seat)][j]}")
                else:
                    self.fail(f"die {j} of seat {seat} is revealed as {value} but was committed as {committed[str(seat)][j]} and no approved change touches it")


_HANDLERS = {
    kinds.GAME_OPENED: _Auditor.game_opened,
    kinds.ROUND_DEALT: _Auditor.round_dealt,
    kinds.DIE_CHANGED: _Auditor.die_changed,
    kinds.ROUND_REVEALED: _Auditor.round_revealed,
    kinds.DRAW_COMMITTED: _Auditor.draw_committed,
    kinds.DRAW_REVEALED: _Auditor.draw_revealed,
    kinds.SEED_CONTRIBUTED: _Auditor.seed_contributed,
    kinds.DRAW_SEED: _Auditor.draw_seed,
    ATTEMPT_SUBMITTED: _Auditor.attempt_submitted,
}


def check_games(export: dict[str, Any], report: Report) -> None:
    """Check every fairness entry of ``export`` in log order, into ``report``."""
    auditor = _Auditor(export, report)
    for entry in export["entries"]:
        handler = _HANDLERS.get(entry["kind"])
        if handler is None:
            continue
        try:
            handler(auditor, entry)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            report.fail(f"seq {entry.get('seq')}", f"malformed {entry['kind']} entry ({type(error).__name__}: {error})")
    auditor.finish()
