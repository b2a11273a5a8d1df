"""A dishonest server for the threat-model tests: it holds the key and every secret, writes a
log whose hash chain and signatures are all valid, and cheats only where docs/fairness.md
section 10 says it might try. Each scenario returns the export a player would download.

``forged_deal`` and ``forged_draw`` are what such a server runs instead of the honest dealer:
the same derivation, without the dealer's refusals.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from referee.fairness.dealer import Deal, deal, open_game, reveal
from referee.fairness import kinds
from referee.fairness.draws import reveal_draw
from referee.fairness.draws import Draw, draw, request_digest, result_leaves
from referee.fairness.draw_uses import USES
from referee.fairness.verify_draw_seeds import concerned
from referee.fairness.dealer import Opening
from referee.fairness.encoding import DEAL_DOMAIN, DRAW_DOMAIN, MANIFEST_DOMAIN, seat_map, statement
from referee.fairness.merkle import hand_leaves, merkle_root
from referee.fairness.purposes import ATTEMPT_CHECK, ATTEMPT_TARGET_DIE, ROLL_OFF, purpose
from referee.fairness.sealed_seeds import is_sealed, sealed_inputs, sealed_salt
from referee.fairness.secrets_chain import draw_secret, link
from referee.fairness.stream import derive_draw, derive_hands, draw_key, round_key, seeds_digest

from referee.games.liars_dice.roll_off import throw_dice

from .logbook import SIGNER, TABLE, FakeLog, rng_entropy

PEOPLE = (0, 1)
SEATS = (0, 1, 2)  # seat 2 is a bot
DICE = 4


def forged_deal(opening: Any, round_no: int, counts: dict[int, int], seeds: dict[int, str],
                missing: dict[int, str]) -> Deal:
    """A signed deal from any seeds the server likes (the honest dealer would refuse them)."""
    manifest = opening.manifest
    x_r = link(bytes.fromhex(opening.secret["round_top"]), round_no)
    public_seeds = seat_map(seeds)
    digest = seeds_digest(public_seeds)
    hands, salts = derive_hands(round_key(x_r, TABLE, manifest["game"], round_no, digest), counts)
    hex_salts = {seat: [s.hex() for s in salts[seat]] for seat in salts}
    public = {"table": TABLE, "game": manifest["game"], "round": round_no, "counts": seat_map(counts),
              "seeds": public_seeds, "seeds_missing": seat_map(missing), "seeds_digest": digest.hex(),
              "root": merkle_root(hand_leaves(hands, hex_salts)).hex()}
    public["signature"] = SIGNER.sign(statement(DEAL_DOMAIN, public))
    return Deal(public, {"game": manifest["game"], "round": round_no, "hands": seat_map(hands), "salts": seat_map(hex_salts)})


def forged_draw(opening: Any, draw_no: int, request: dict[str, Any], public_purpose: Any,
                seeds: dict[int, str] | None = None, missing: dict[int, str] | None = None,
                sealed: bool | None = None, salt: str | None = None) -> Draw:
    """A signed draw of any request the server likes (free-text purpose, extra inputs, any seeds...);
    ``sealed`` (by default: when the game seals such a draw, ``sealed_seeds``) hides the seeds in its inputs,
    salted with ``salt`` (by default the one derived from s_n, as the honest dealer does)."""
    manifest = opening.manifest
    secret = draw_secret(bytes.fromhex(opening.secret["draw_master"]), draw_no)
    public_seeds = seat_map(seeds or {})
    digest = seeds_digest(public_seeds) if manifest.get("draw_key") == 2 else None
    sealed_part: dict[str, Any] | None = None
    if digest is not None and (is_sealed(manifest, public_purpose) if sealed is None else sealed):
        shown, sealed_part = sealed_inputs(public_seeds, seat_map(missing or {}), salt or sealed_salt(secret))
        digest = bytes.fromhex(shown["seeds_digest"])
    key = draw_key(secret, TABLE, manifest["game"], draw_no, request_digest(request), digest)
    values, salts = derive_draw(key, [item["sides"] for item in request["items"]])
    results = [{"index": k, "label": item["label"], "sides": item["sides"], "value": values[k], "salt": salts[k].hex()}
               for k, item in enumerate(request["items"])]
    inputs = {} if digest is None else {"seeds": public_seeds, "seeds_missing": seat_map(missing or {}),
                                        "seeds_digest": digest.hex()}
    if sealed_part is not None:
        inputs = {"seeds": {}, "seeds_missing": {}, "seeds_digest": digest.hex()}
    public = {"table": TABLE, "game": manifest["game"], "draw": draw_no, "purpose": public_purpose, **inputs,
              "request_digest": request_digest(request).hex(), "size": len(results),
              "root": merkle_root(result_leaves(results)).hex()}
    public["signature"] = SIGNER.sign(statement(DRAW_DOMAIN, public))
    kept = {"game": manifest["game"], "draw": draw_no, "request": request, "results": results}
    return Draw(public, {**kept, "inputs": sealed_part} if sealed_part is not None else kept)


class Server:
    """One game at a table of two people (seats 0, 1) and a bot (seat 2), logged as it goes."""

    def __init__(self, seed: int = 7, rules: dict[str, Any] | None = None, sealed_checks: bool = True) -> None:
        self.rng = random.Random(seed)
        self.log = FakeLog()
        self.opening = open_game(SIGNER, TABLE, 1, rules or {"preset": "tavern"}, list(SEATS), people=PEOPLE,
                                 entropy=rng_entropy(self.rng))
        if not sealed_checks:  # a manifest written before checks took the attempter's seed
            manifest = {key: value for key, value in self.opening.manifest.items() if key not in ("check_seeds", "signature")}
            manifest["signature"] = SIGNER.sign(statement(MANIFEST_DOMAIN, manifest))
            self.opening = Opening(manifest, self.opening.secret)
        self.log.append(kinds.GAME_OPENED, self.opening.manifest, self.opening.secret)
        self.counts = {seat: DICE for seat in SEATS}
        self.round_no = 0
        self.draws = 0
        self.last: Deal | None = None

    def seed(self, seat: int, round_no: int | None = None) -> dict[str, Any]:
        """A person's browser sends a seed, logged as ``seed_contributed``."""
        contribution = {"round": round_no or self.round_no + 1, "seat": seat, "seed": self.rng.randbytes(32).hex()}
        self.log.append(kinds.SEED_CONTRIBUTED, contribution)
        return contribution

    def deal(self, made: Deal | None = None, seeds: list[dict[str, Any]] | None = None,
             missing: dict[int, str] | None = None) -> Deal:
        """Log a deal: ``made`` (forged), else the honest dealer's from ``seeds`` and ``missing``."""
        self.round_no += 1
        self.last = made or deal(SIGNER, self.opening.secret, self.opening.manifest, self.round_no, self.counts,
                                 seeds or [], missing or {})
        self.log.append(kinds.ROUND_DEALT, self.last.public, self.last.secret)
        return self.last

    def honest_round(self) -> Deal:
        """Both people send seeds; the round is dealt with them and revealed."""
        seeds = [self.seed(seat) for seat in PEOPLE]
        dealt = self.deal(seeds=seeds)
        self.reveal()
        return dealt

    def reveal(self, hands: dict[str, list[int]] | None = None) -> dict[str, Any]:
        """Log the reveal of the last deal (``hands``: what a cheating server shows instead)."""
        assert self.last is not None
        shown = reveal(self.opening.secret, self.last.secret)
        if hands is not None:
            shown = dict(shown, hands=hands)
        self.log.append(kinds.ROUND_REVEALED, shown)
        return shown

    def attempt(self, number: int) -> None:
        """A player's cheat attempt is logged (its content stays secret)."""
        self.log.append("attempt_submitted", {"attempt": number, "game": 1, "round": self.round_no},
                        {"seat": 0, "kind": "mind_reading", "target": 2})

    def draw(self, made: Draw | None = None, kind: str = ATTEMPT_CHECK, ref: int = 1, counter: int = 1,
             items: list[Any] | None = None, revealed: bool = True, used: bool = True) -> Draw:
        """Log a draw: ``made`` (forged), else the honest one for {kind, ref, counter}; ``used``: then
        the entry that uses it (``draw_uses.USES``: ``attempt_checked``, ``roll_off``, ...)."""
        self.draws += 1
        if made is None:
            wanted = purpose(kind, ref, counter)
            request = {"purpose": wanted, "items": [{"label": label, "sides": sides} for label, sides in items or [("d20", 20)]]}
            seeds = [self.draw_seed(seat) for seat in concerned(request, list(PEOPLE))]
            if is_sealed(self.opening.manifest, wanted):
                seeds = [self.sealed_seed(ref)]
            made = draw(SIGNER, self.opening.secret, self.opening.manifest, self.draws, wanted, items or [("d20", 20)], seeds)
        return self.log_draw(made, kind, ref, counter, revealed, used)

    def log_draw(self, drawn: Draw, kind: str, ref: int, counter: int, revealed: bool = True, used: bool = True) -> Draw:
        """Log ``drawn`` (numbered already): its commitment, its reveal, the entry that uses it."""
        self.log.append(kinds.DRAW_COMMITTED, drawn.public, drawn.secret)
        if revealed:
            self.log.append(kinds.DRAW_REVEALED, reveal_draw(self.opening.secret, drawn.secret))
        if used:
            self.use(kind, ref, counter, drawn)
        return drawn

    def draw_seed(self, seat: int, draw_no: int | None = None) -> dict[str, Any]:
        """A person's browser sends a seed for the next draw, logged as ``draw_seed``."""
        seed = {"draw": draw_no or self.draws, "seat": seat, "seed": self.rng.randbytes(32).hex()}
        self.log.append(kinds.DRAW_SEED, seed)
        return seed

    def sealed_seed(self, attempt: int, seat: int = 0) -> dict[str, Any]:
        """The attempter's browser sends a seed for the next draw (its check roll or target die), logged
        sealed: ``draw_seed`` {draw, attempt}, secret {seat, seed}."""
        seed = {"draw": self.draws, "seat": seat, "seed": self.rng.randbytes(32).hex()}
        self.log.append(kinds.DRAW_SEED, {"draw": self.draws, "attempt": attempt}, {"seat": seat, "seed": seed["seed"]})
        return seed

    def use(self, kind: str, ref: int, counter: int, drawn: Draw, number: int | None = None) -> None:
        """Log the entry that uses ``drawn`` (naming draw ``number``, its own by default)."""
        number = number or drawn.public["draw"]
        use = USES[kind]
        public: dict[str, Any] = {use.ref: ref, **({"draw": number} if use.named else {})}
        if kind == ROLL_OFF:
            public.update(counter=counter, dice=throw_dice(drawn.secret["results"]))
        self.log.append(use.entry, public)

    def export(self) -> dict[str, Any]:
        """What a player downloads: the whole log, signed head included."""
        return self.log.export()


def grind_bot_seed() -> dict[str, Any]:
    """The server invents seeds for the bot's seat and retries until the bot holds four sixes."""
    server = Server()
    seeds = {seat: server.seed(seat)["seed"] for seat in PEOPLE}
    for tries in range(1, 5_000):
        candidate = {**seeds, 2: tries.to_bytes(32, "big").hex()}
        made = forged_deal(server.opening, 1, server.counts, candidate, {})
        if made.hands[2].count(6) >= 3:
            break
    server.deal(made)
    server.reveal()
    return server.export()


def seed_logged_for_a_bot() -> dict[str, Any]:
    """The server logs a "contribution" for the bot's seat, as if a browser had sent it."""
    server = Server()
    seeds = {seat: server.seed(seat)["seed"] for seat in PEOPLE}
    bot = {"round": 1, "seat": 2, "seed": "42" * 32}
    server.log.append(kinds.SEED_CONTRIBUTED, bot)
    server.deal(forged_deal(server.opening, 1, server.counts, {**seeds, 2: bot["seed"]}, {}))
    server.reveal()
    return server.export()


def seed_for_another_round() -> dict[str, Any]:
    """Round 1's seed of seat 0 is replayed into round 2; seat 0's fresh seed for round 2 is dropped."""
    server = Server()
    first = server.honest_round()
    server.seed(0)
    fresh = server.seed(1)
    replayed = {0: first.public["seeds"]["0"], 1: fresh["seed"]}
    server.deal(forged_deal(server.opening, 2, server.counts, replayed, {}))
    server.reveal()
    return server.export()


def seed_logged_out_of_its_window() -> dict[str, Any]:
    """A seed for round 3 is logged while round 1 waits (a server preparing a later round)."""
    server = Server()
    server.seed(0, round_no=3)
    server.honest_round()
    return server.export()


def person_seed_replaced() -> dict[str, Any]:
    """The server replaces a person's seed with one of its own choosing (and grinds it)."""
    server = Server()
    logged = [server.seed(seat) for seat in PEOPLE]
    made = forged_deal(server.opening, 1, server.counts, {0: "13" * 32, 1: logged[1]["seed"]}, {})
    server.deal(made)
    server.reveal()
    return server.export()


def person_seed_dropped() -> dict[str, Any]:
    """A person's logged seed is left out of the deal and called late."""
    server = Server()
    logged = [server.seed(seat) for seat in PEOPLE]
    server.deal(forged_deal(server.opening, 1, server.counts, {1: logged[1]["seed"]}, {0: "late"}))
    server.reveal()
    return server.export()


def person_seed_unexplained() -> dict[str, Any]:
    """A person's seed is missing and the deal says nothing about it."""
    server = Server()
    logged = server.seed(1)
    server.deal(forged_deal(server.opening, 1, server.counts, {1: logged["seed"]}, {}))
    server.reveal()
    return server.export()


def person_seed_withheld_as_late() -> dict[str, Any]:
    """The server never logs seat 0's seed and deals without it, claiming it was late (allowed, and said)."""
    server = Server()
    logged = server.seed(1)
    server.deal(seeds=[logged], missing={0: "late"})
    server.reveal()
    return server.export()


def round_dealt_with_nobody_connected() -> dict[str, Any]:
    """Allowed, and said loudly: nobody was connected, the server dealt the round alone."""
    server = Server()
    server.deal(missing={0: "not_connected", 1: "not_connected"})
    server.reveal()
    return server.export()


DEAL_ALONE = "game 1 round 1: note: this round's dice were dealt by the server alone: nobody was connected"


def draw_with_free_purpose() -> dict[str, Any]:
    """The old free-text purpose: the server tries texts until the check fails."""
    server = Server()
    server.honest_round()
    server.attempt(1)
    request = {"purpose": "attempt 1 check ", "items": [{"label": "d20", "sides": 20}]}
    server.draw(forged_draw(server.opening, 1, request, "attempt 1 check "))
    return server.export()


def draw_retried() -> dict[str, Any]:
    """The attempt's check is drawn again (its first result did not suit the server)."""
    server = Server()
    server.honest_round()
    server.attempt(1)
    server.draw(revealed=False)
    retry = {"purpose": {"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1}, "items": [{"label": "d20", "sides": 20}]}
    server.draw(forged_draw(server.opening, 2, retry, retry["purpose"]))
    return server.export()


def draw_with_extra_input() -> dict[str, Any]:
    """A check with an extra free input (a "seed" the server picks) to steer the result."""
    server = Server()
    server.honest_round()
    server.attempt(1)
    request = {"purpose": {"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1},
               "items": [{"label": "d20", "sides": 20}], "seeds": {"2": "77" * 32}}
    server.draw(forged_draw(server.opening, 1, request, request["purpose"]))
    return server.export()


def draw_for_no_attempt() -> dict[str, Any]:
    """A check for an attempt nobody made: a dummy draw that moves the real check to another slot."""
    server = Server()
    server.honest_round()
    server.draw(ref=5)
    return server.export()


def target_die_among_wrong_count() -> dict[str, Any]:
    """The random die of seat 2 is picked among 3 dice although seat 2 holds 4."""
    server = Server()
    server.deal(seeds=[server.seed(seat) for seat in PEOPLE])
    server.attempt(1)
    server.draw(kind=ATTEMPT_CHECK, ref=1)
    server.draw(kind=ATTEMPT_TARGET_DIE, ref=1, items=[("die of seat 2", 3)])
    server.reveal()
    return server.export()


def round_dealt_again() -> dict[str, Any]:
    """The server deals round 1 a second time (hoping for better dice) with the same seeds."""
    server = Server()
    seeds = [server.seed(seat) for seat in PEOPLE]
    first = server.deal(seeds=seeds)
    server.log.append(kinds.ROUND_DEALT, first.public, first.secret)
    server.reveal()
    return server.export()


def hands_swapped() -> dict[str, Any]:
    """The reveal shows seat 0's dice as the bot's and the bot's as seat 0's."""
    server = Server()
    dealt = server.deal(seeds=[server.seed(seat) for seat in PEOPLE])
    hands = {str(seat): list(dice) for seat, dice in dealt.hands.items()}
    if hands["0"] == hands["2"]:
        raise AssertionError("pick another seed: the two hands are equal")
    hands["0"], hands["2"] = hands["2"], hands["0"]
    server.reveal(hands)
    return server.export()


def die_changed_unlogged() -> dict[str, Any]:
    """The reveal shows a bot's die turned to another value with no logged, approved change."""
    server = Server()
    dealt = server.deal(seeds=[server.seed(seat) for seat in PEOPLE])
    hands = {str(seat): list(dice) for seat, dice in dealt.hands.items()}
    hands["2"][1] = hands["2"][1] % 6 + 1
    server.reveal(hands)
    return server.export()


ROLL = [("seat 0", 6), ("seat 0", 6), ("seat 1", 6), ("seat 1", 6)]


def roll_off_skipped_and_late() -> dict[str, Any]:
    """A roll-off re-rolled with a gap (a roll hidden), then rolled again after the first deal."""
    server = Server()
    server.draw(kind=ROLL_OFF, ref=1, counter=1, items=ROLL)
    server.draw(kind=ROLL_OFF, ref=1, counter=3, items=ROLL)
    server.honest_round()
    server.draw(kind=ROLL_OFF, ref=1, counter=4, items=ROLL)
    return server.export()


SCENARIOS: dict[str, Callable[[], dict[str, Any]]] = {
    scenario.__name__: scenario for scenario in (
        grind_bot_seed, seed_logged_for_a_bot, seed_for_another_round, seed_logged_out_of_its_window,
        person_seed_replaced, person_seed_dropped, person_seed_unexplained, draw_with_free_purpose,
        draw_retried, draw_with_extra_input, draw_for_no_attempt, target_die_among_wrong_count,
        round_dealt_again, hands_swapped, die_changed_unlogged, roll_off_skipped_and_late,
    )
}
"""Every scenario the verifier must fail (the JS verifier must agree, message for message)."""
