"""Draws: every random outcome at a table other than a round's dice.

A roll-off for the first opener (two d6 per seat), a referee's d20 or d100 difficulty
check, "one random die of opponent X" (an index among n): each is a draw of numbered items,
each item a value in 1..sides. Draw n of a game (counted from 1) uses the secret s_n the
manifest committed to (see ``secrets_chain``), so the server cannot choose it at draw time.

Every input is fixed in advance: the purpose is an enumerated kind, the number of what it
serves and a counter (``purposes``), and the items are the ones that kind draws. The request
{purpose, items} stays secret until the reveal; the signed public commitment carries the
purpose (so a retried draw is visible at once), the request digest and the Merkle root of the
salted results; the middle draw of each block of the manifest's ``draw_slots`` also carries the next
block's root (``next_draw_root``, ``secrets_chain.announced_block``), so a game may draw on past
its first block. The table logs DRAW_COMMITTED(public, secret) at once and
DRAW_REVEALED(public=reveal_draw(...)) whenever the result may become public.

>>> from referee.fairness.dealer import open_game
>>> from referee.fairness.keys import Signer
>>> from referee.fairness.purposes import ATTEMPT_CHECK, purpose
>>> signer = Signer.from_private_bytes(bytes(32))
>>> opening = open_game(signer, "t1", 1, {}, [0, 1])
>>> check = draw(signer, opening.secret, opening.manifest, 1, purpose(ATTEMPT_CHECK, 1), [("d20", 20)])
>>> 1 <= check.values[0] <= 20, sorted(check.public)[:6]
(True, ['draw', 'game', 'purpose', 'request_digest', 'root', 'seeds'])
>>> check.public["seeds"], check.public["seeds_missing"]
({}, {})
>>> reveal_draw(opening.secret, check.secret)["results"] == check.secret["results"]
True
>>> draw(signer, opening.secret, opening.manifest, 2, purpose(ATTEMPT_CHECK, 1), [("d6", 6)])
Traceback (most recent call last):
...
referee.fairness.purposes.PurposeError: attempt_check of attempt 1 draws one ("d20", 20) or ("d100", 100), not [{"label":"d6","sides":6}]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.fairness.dealer import SEED_MISSING_REASONS, SEEDED_DRAW_KEY, DealError
from referee.fairness.encoding import DRAW_DOMAIN, from_hex32, seat_map, sha256, statement
from referee.fairness.keys import Signer
from referee.fairness.merkle import draw_leaf, merkle_root
from referee.fairness.purposes import PurposeError, items_problem, purpose_problem
from referee.fairness.sealed_seeds import is_sealed, sealed_inputs, sealed_salt
from referee.fairness.secrets_chain import DRAW_SLOTS, announced_block, draw_secret, draw_secret_proof, draw_secrets_root
from referee.fairness.stream import derive_draw, draw_key, seeds_digest
from referee.store.chain import canonical

DrawItem = int | tuple[str, int]


@dataclass(frozen=True, slots=True)
class Draw:
    """A committed draw: ``public`` (signed commitment), ``secret`` (request and results)."""

    public: dict[str, Any]
    secret: dict[str, Any]

    @property
    def values(self) -> list[int]:
        """The drawn values in item order (for "pick among n", the index is value - 1)."""
        return [result["value"] for result in self.secret["results"]]


def request_digest(request: dict[str, Any]) -> bytes:
    """SHA-256 of the canonical request {purpose, items}."""
    return sha256(canonical(request))


def draw(
    signer: Signer,
    opening_secret: dict[str, Any],
    manifest: dict[str, Any],
    draw_no: int,
    purpose: dict[str, Any],
    items: list[DrawItem],
    seeds: Iterable[Mapping[str, Any]] = (),
    missing: Mapping[int, str] | None = None,
) -> Draw:
    """Draw ``items`` (sides, or (label, sides)) as draw ``draw_no`` of the manifest's game, for
    ``purpose`` (``purposes.purpose(kind, ref, counter)``); items that do not fit the purpose are refused.

    In a game whose manifest says ``"draw_key": 2`` the draw mixes ``seeds`` (``draw_seed`` entries
    ``{draw, seat, seed}`` of people of the manifest's ``seed_seats``) and names the people it
    concerns who gave none in ``missing`` (seat -> ``not_connected`` or ``late``)."""
    problem = purpose_problem(purpose)
    if problem:
        raise PurposeError(problem)
    request = {"purpose": dict(purpose), "items": [_item(item) for item in items]}
    problem = items_problem(purpose, request["items"])
    if problem:
        raise PurposeError(problem)
    master, slots = _master(opening_secret)
    if slots != manifest.get("draw_slots", DRAW_SLOTS) or draw_secrets_root(master, slots).hex() != manifest["draw_root"]:
        raise DealError(f"the opening secret does not belong to game {manifest['game']}'s manifest")
    inputs = draw_inputs(manifest, draw_no, seeds, missing or {})
    sealed: dict[str, Any] | None = None
    if inputs and is_sealed(manifest, purpose):  # the attempter's seat stays secret until the reveal (sealed_seeds)
        inputs, sealed = sealed_inputs(inputs["seeds"], inputs["seeds_missing"], sealed_salt(draw_secret(master, draw_no)))
    digest = bytes.fromhex(inputs["seeds_digest"]) if inputs else None
    key = draw_key(draw_secret(master, draw_no), manifest["table"], manifest["game"], draw_no, request_digest(request), digest)
    values, salts = derive_draw(key, [item["sides"] for item in request["items"]])
    results = [
        {"index": k, "label": item["label"], "sides": item["sides"], "value": values[k], "salt": salts[k].hex()}
        for k, item in enumerate(request["items"])
    ]
    public = {
        "table": manifest["table"],
        "game": manifest["game"],
        "draw": draw_no,
        "purpose": dict(purpose),
        **inputs,
        "request_digest": request_digest(request).hex(),
        "size": len(results),
        "root": merkle_root(result_leaves(results)).hex(),
    }
    block = announced_block(draw_no, slots)
    if block is not None:
        public["next_draw_root"] = draw_secrets_root(master, slots, block).hex()
    public["signature"] = signer.sign(statement(DRAW_DOMAIN, public))
    secret = {"game": manifest["game"], "draw": draw_no, "request": request, "results": results}
    return Draw(public, {**secret, "inputs": sealed} if sealed is not None else secret)


def draw_inputs(manifest: dict[str, Any], draw_no: int, seeds: Iterable[Mapping[str, Any]],
                missing: Mapping[int, str]) -> dict[str, Any]:
    """The seeds part of a draw commitment (``seeds``, ``seeds_missing``, ``seeds_digest``), checked; {}
    in a game whose manifest predates seeded draws (which then takes no seed).

    >>> draw_inputs({"game": 1, "seed_seats": [0], "draw_key": 2}, 3, [{"draw": 3, "seat": 0, "seed": "ab" * 32}], {})["seeds"]
    {'0': 'abababababababababababababababababababababababababababababababab'}
    >>> draw_inputs({"game": 1, "seed_seats": [0]}, 3, [], {})
    {}
    """
    seeds, missing = list(seeds), dict(missing)
    if manifest.get("draw_key") != SEEDED_DRAW_KEY:
        if seeds or missing:
            raise DealError(f"game {manifest['game']}'s draws take no seeds (its manifest predates seeded draws)")
        return {}
    people = manifest.get("seed_seats", [])
    given: dict[int, str] = {}
    for seed in seeds:
        seat = seed.get("seat")
        if seed.get("draw") != draw_no or seat not in people or seat in given or seat in missing:
            raise DealError(f"a seed for draw {seed.get('draw')} from seat {seat!r} cannot go into draw {draw_no} "
                            f"(people: {people})")
        from_hex32(seed.get("seed"), f"the seed of seat {seat}")
        given[seat] = seed["seed"]
    for seat, reason in missing.items():
        if seat not in people or reason not in SEED_MISSING_REASONS:
            raise DealError(f"seat {seat!r} cannot miss a seed for {reason!r} (people: {people})")
    public_seeds = seat_map(given)
    return {"seeds": public_seeds, "seeds_missing": seat_map(missing), "seeds_digest": seeds_digest(public_seeds).hex()}


def result_leaves(results: list[dict[str, Any]]) -> list[bytes]:
    """The Merkle leaves of a draw's results, in item order."""
    return [draw_leaf(r["index"], r["label"], r["sides"], r["value"], r["salt"]) for r in results]


def reveal_draw(opening_secret: dict[str, Any], draw_secret_part: dict[str, Any]) -> dict[str, Any]:
    """The public reveal of a draw: s_n with its proof under the manifest's draw root, the
    request and the salted results (and a sealed draw's ``inputs``, ``sealed_seeds``)."""
    master, slots = _master(opening_secret)
    draw_no = draw_secret_part["draw"]
    return {
        "game": draw_secret_part["game"],
        "draw": draw_no,
        "secret": draw_secret(master, draw_no).hex(),
        "proof": [p.hex() for p in draw_secret_proof(master, draw_no, slots)],
        "request": draw_secret_part["request"],
        "results": draw_secret_part["results"],
        **({"inputs": draw_secret_part["inputs"]} if "inputs" in draw_secret_part else {}),
    }


def _master(opening_secret: dict[str, Any]) -> tuple[bytes, int]:
    """The draw master and the number of draw slots of a game's opening secret (games opened
    before the slots were chosen per game have ``DRAW_SLOTS``)."""
    return from_hex32(opening_secret["draw_master"], "the draw master"), opening_secret.get("draw_slots", DRAW_SLOTS)


def _item(item: DrawItem) -> dict[str, Any]:
    label, sides = (f"d{item}", item) if isinstance(item, int) else item
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1 or not isinstance(label, str):
        raise DealError(f"a draw item is sides or (label, sides) with sides >= 1, got {item!r}")
    return {"label": label, "sides": sides}
