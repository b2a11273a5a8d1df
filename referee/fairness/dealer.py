"""Rounds of dice: open a game, deal a round, log an approved change, reveal the round.

The table calls, in this order, appending one log entry per step (kinds in ``kinds``):

1. ``open_game`` when a game starts: log GAME_OPENED(public=manifest, secret=secret).
2. ``deal`` when a round's seeds are in: log ROUND_DEALT(public, secret); send ``public`` to
   everyone and ``private_for(seat)`` to each seat, before the first bid is accepted.
3. ``die_change`` when the referee approves an effect: log DIE_CHANGED(public, secret).
4. ``reveal`` at the end of the round: log ROUND_REVEALED(public=the returned dict).

>>> from referee.fairness.keys import Signer
>>> signer = Signer.from_private_bytes(bytes(32))
>>> opening = open_game(signer, "t1", 1, {"preset": "tavern"}, [0, 1, 2], people=[0, 1])
>>> seed = {"round": 1, "seat": 0, "seed": "ab" * 32}
>>> dealt = deal(signer, opening.secret, opening.manifest, 1, {0: 5, 1: 5, 2: 5}, [seed], {1: "late"})
>>> len(dealt.hands[0]), sorted(dealt.private_for(1))[:3], dealt.public["seeds_missing"]
(5, ['dice', 'game', 'leaf_indices'], {'1': 'late'})
>>> deal(signer, opening.secret, opening.manifest, 1, {0: 5, 1: 5, 2: 5}, [dict(seed, seat=2)], {1: "late"})
Traceback (most recent call last):
...
referee.fairness.dealer.DealError: a seed from seat 2, which gives no seeds in game 1 (people: [0, 1])
>>> change = die_change(1, 1, seat=1, index=0, value=6, reason="telekinesis")
>>> revealed = reveal(opening.secret, dealt.secret, [change.secret])
>>> revealed["hands"]["1"][0], revealed["hands"]["0"] == dealt.secret["hands"]["0"]
(6, True)
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from referee.fairness.encoding import (
    DEAL_DOMAIN,
    MANIFEST_DOMAIN,
    FairnessError,
    from_hex32,
    seat_map,
    seats_of,
    statement,
)
from referee.fairness.keys import Signer
from referee.fairness.merkle import hand_leaves, leaf_hash, levels_of_hashes, path_in_levels
from referee.fairness.secrets_chain import (
    DRAW_SLOTS,
    Entropy,
    anchor,
    draw_secrets_root,
    link,
    new_secret,
)
from referee.fairness.sealed_seeds import CHECK_SEEDS
from referee.fairness.stream import DIE_SIDES, derive_hands, round_key, seeds_digest
from referee.store.chain import canonical


SEEDED_DRAW_KEY = 2
"""A manifest's ``draw_key``: its game's draws mix the seeds of the people they concern (draw key 2,
docs/fairness.md section 6); a manifest without it (logged before) draws with key 1, no seeds."""
SEED_MISSING_REASONS = ("not_connected", "late")
"""Why a person's seed is not in a deal: their browser was not connected when the round was
dealt, or it was connected but its seed had not arrived when the wait for seeds ran out."""


class DealError(FairnessError):
    """A request the dealer cannot honour: unknown seat, bad count, a seed it may not use,
    mismatched secret."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A game's signed public manifest and the secret it commits to (never exported)."""

    manifest: dict[str, Any]
    secret: dict[str, Any]


def open_game(
    signer: Signer,
    table_id: str,
    game_no: int,
    rules: dict[str, Any],
    seats: list[int],
    people: Iterable[int] = (),
    entropy: Entropy = secrets.token_bytes,
    draw_slots: int = DRAW_SLOTS,
) -> Opening:
    """Draw the game's secrets (from ``entropy``, the OS CSPRNG unless a test seeds it)
    and sign its manifest. ``people`` are the seats held by people at the start: the only
    seats that may give seeds in this game (bots never do). ``draw_slots``: how many draws the
    game commits to (a power of two, ``secrets_chain``)."""
    if not isinstance(table_id, str) or not table_id:
        raise DealError(f"table id must be a non-empty string, got {table_id!r}")
    _check_positive(game_no, "game number")
    if not seats or sorted(set(seats)) != list(seats) or any(_not_seat(s) for s in seats):
        raise DealError(f"seats must be distinct non-negative integers, ascending, got {seats!r}")
    seed_seats = sorted(set(people))
    if any(seat not in seats for seat in seed_seats):
        raise DealError(f"the people {seed_seats!r} must be seats of the game {seats!r}")
    try:
        canonical(rules)
    except (TypeError, ValueError) as error:
        raise DealError(f"rules must be plain JSON data: {error}") from None
    top, master = new_secret(entropy), new_secret(entropy)
    manifest = {
        "table": table_id,
        "game": game_no,
        "rules": rules,
        "seats": list(seats),
        "seed_seats": seed_seats,
        "key": signer.public_key_hex,
        "round_anchor": anchor(top).hex(),
        "draw_root": draw_secrets_root(master, draw_slots).hex(),
        "draw_slots": draw_slots,
        "draw_key": SEEDED_DRAW_KEY,
        "check_seeds": CHECK_SEEDS,
    }
    manifest["signature"] = signer.sign(statement(MANIFEST_DOMAIN, manifest))
    return Opening(manifest, {"round_top": top.hex(), "draw_master": master.hex(), "draw_slots": draw_slots})


ROUND_TREES = 512
"""How many rounds' Merkle trees ``Deal`` keeps (one per table playing; ~12 KB each with its key, at a table of five: 6 MB at most)."""
_ROUND_TREES: dict[tuple[Any, Any], list[list[str]]] = {}
"""A round's tree levels (``merkle.levels_of_hashes``, each node in hex) by its hands and salts
(what they are computed from), oldest first. Hex, as the proofs carry them: every seat's proofs
share the tree's strings instead of holding copies of their own."""


def _frozen(by_seat: Mapping[str, Iterable[Any]]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """A per-seat mapping of lists as a key."""
    return tuple((seat, tuple(values)) for seat, values in by_seat.items())


def _round_tree(hands: dict[str, list[int]], salts: dict[str, list[str]]) -> list[list[str]]:
    """The levels of a round's Merkle tree in hex (payload form hands and salts), built once for
    the ``ROUND_TREES`` latest rounds: the deal builds it for its root, then every seat's proofs
    and disclosures read it."""
    key = (_frozen(hands), _frozen(salts))
    levels = _ROUND_TREES.get(key)
    if levels is None:
        by_seat = {seat: list(hands[str(seat)]) for seat in seats_of(hands)}
        leaves = hand_leaves(by_seat, {seat: salts[str(seat)] for seat in by_seat})
        levels = [[node.hex() for node in level] for level in levels_of_hashes([leaf_hash(leaf) for leaf in leaves])]
        while len(_ROUND_TREES) >= ROUND_TREES:
            del _ROUND_TREES[next(iter(_ROUND_TREES))]
        _ROUND_TREES[key] = levels
    return levels


@dataclass(frozen=True, slots=True)
class Deal:
    """One round's dice: ``public`` (signed commitment) and ``secret`` (dice and salts).

    A Deal is rebuilt from its two logged parts with ``Deal(public, secret)``.
    """

    public: dict[str, Any]
    secret: dict[str, Any]

    @property
    def hands(self) -> dict[int, list[int]]:
        """The dealt dice of every seat, as committed (before any approved change)."""
        return {seat: list(self.secret["hands"][str(seat)]) for seat in seats_of(self.secret["hands"])}

    def _first_leaf(self, seat: int, hands: dict[int, list[int]]) -> int:
        if seat not in hands:
            raise DealError(f"seat {seat} holds no dice in round {self.public['round']}")
        return sum(len(hands[s]) for s in hands if s < seat)

    def private_for(self, seat: int) -> dict[str, Any]:
        """What seat ``seat`` alone may see now: its dice, salts and inclusion proofs."""
        hands = self.hands
        first, levels = self._first_leaf(seat, hands), _round_tree(self.secret["hands"], self.secret["salts"])
        indices = list(range(first, first + len(hands[seat])))
        return {
            "table": self.public["table"],
            "game": self.public["game"],
            "round": self.public["round"],
            "seat": seat,
            "root": self.public["root"],
            "size": len(levels[0]),
            "dice": hands[seat],
            "salts": list(self.secret["salts"][str(seat)]),
            "leaf_indices": indices,
            "proofs": [path_in_levels(levels, index) for index in indices],
        }

    def die_disclosure(self, seat: int, index: int) -> dict[str, Any]:
        """One committed die with its proof, for an effect that shows it to someone else."""
        hands = self.hands
        first, levels = self._first_leaf(seat, hands), _round_tree(self.secret["hands"], self.secret["salts"])
        if not 0 <= index < len(hands[seat]):
            raise DealError(f"seat {seat} has no die {index} in round {self.public['round']}")
        return {
            "game": self.public["game"],
            "round": self.public["round"],
            "seat": seat,
            "index": index,
            "value": hands[seat][index],
            "salt": self.secret["salts"][str(seat)][index],
            "leaf_index": first + index,
            "size": len(levels[0]),
            "root": self.public["root"],
            "proof": path_in_levels(levels, first + index),
        }


def deal(
    signer: Signer,
    opening_secret: dict[str, Any],
    manifest: dict[str, Any],
    round_no: int,
    counts: dict[int, int],
    seeds: Iterable[Mapping[str, Any]],
    missing: Mapping[int, str] | None = None,
) -> Deal:
    """Derive round ``round_no``'s dice from x_r and the seeds, commit and sign their root.

    ``seeds`` are the round's logged contributions ``{round, seat, seed}``; each must be for
    this round, from a seat the manifest lets give seeds that holds dice, once. ``missing``
    gives, for every such seat without a seed, the reason (``SEED_MISSING_REASONS``); the
    signed commitment publishes both, so the audit says whose seeds went in and whose did not.
    """
    x_r = _round_secret(opening_secret, manifest, round_no)
    for seat, count in counts.items():
        if seat not in manifest["seats"]:
            raise DealError(f"seat {seat!r} is not in game {manifest['game']} (seats {manifest['seats']})")
        _check_positive(count, f"dice count of seat {seat}")
    if not counts:
        raise DealError(f"round {round_no} deals no dice")
    given = _round_seeds(manifest, round_no, counts, seeds)
    public_missing = _missing_reasons(manifest, round_no, counts, given, missing or {})
    public_seeds = seat_map(given)
    digest = seeds_digest(public_seeds)
    key = round_key(x_r, manifest["table"], manifest["game"], round_no, digest)
    hands, salts = derive_hands(key, counts)
    hex_salts = {seat: [s.hex() for s in salts[seat]] for seat in salts}
    secret = {"game": manifest["game"], "round": round_no, "hands": seat_map(hands), "salts": seat_map(hex_salts)}
    public = {
        "table": manifest["table"],
        "game": manifest["game"],
        "round": round_no,
        "counts": seat_map(dict(counts)),
        "seeds": public_seeds,
        "seeds_missing": public_missing,
        "seeds_digest": digest.hex(),
        "root": _round_tree(secret["hands"], secret["salts"])[-1][0],
    }
    public["signature"] = signer.sign(statement(DEAL_DOMAIN, public))
    return Deal(public, secret)


def _round_seeds(manifest: dict[str, Any], round_no: int, counts: dict[int, int],
                 seeds: Iterable[Mapping[str, Any]]) -> dict[int, str]:
    """The seeds a deal may use, by seat; any other refuses the deal."""
    people = manifest["seed_seats"]
    given: dict[int, str] = {}
    for contribution in seeds:
        if not isinstance(contribution, Mapping):
            raise DealError(f"a seed is a logged contribution {{round, seat, seed}}, got {contribution!r}")
        seat, seed = contribution.get("seat"), contribution.get("seed")
        if contribution.get("round") != round_no:
            raise DealError(f"a seed of seat {seat!r} for round {contribution.get('round')!r} cannot deal round {round_no}")
        if seat not in people:
            raise DealError(f"a seed from seat {seat!r}, which gives no seeds in game {manifest['game']} (people: {people})")
        if seat not in counts:
            raise DealError(f"a seed from seat {seat}, which holds no dice in round {round_no}")
        if seat in given:
            raise DealError(f"seat {seat} gives two seeds for round {round_no}")
        from_hex32(seed, f"the seed of seat {seat}")
        given[seat] = seed
    return given


def _missing_reasons(manifest: dict[str, Any], round_no: int, counts: dict[int, int], given: dict[int, str],
                     missing: Mapping[int, str]) -> dict[str, str]:
    """The published reasons of the seeds that did not come: exactly the people in the round without one."""
    absent = sorted(seat for seat in manifest["seed_seats"] if seat in counts and seat not in given)
    if sorted(missing) != absent:
        raise DealError(f"round {round_no} lacks the seeds of seats {absent}, but reasons are given for {sorted(missing)}")
    for seat, reason in missing.items():
        if reason not in SEED_MISSING_REASONS:
            raise DealError(f"the seed of seat {seat} is missing for a reason outside {SEED_MISSING_REASONS}: {reason!r}")
    return seat_map(dict(missing))


@dataclass(frozen=True, slots=True)
class DieChange:
    """An approved change of one die: ``public`` says only that a change happened in a round;
    ``secret`` (which die, what value, why) is exported once the round is revealed."""

    public: dict[str, Any]
    secret: dict[str, Any]


def die_change(game: int, round_no: int, *, seat: int, index: int, value: int, reason: str = "") -> DieChange:
    """The DIE_CHANGED entry for an approved change: die ``index`` of ``seat`` becomes ``value``."""
    _check_positive(game, "game number")
    _check_positive(round_no, "round number")
    if _not_seat(seat) or _not_seat(index) or _not_seat(value) or not 1 <= value <= DIE_SIDES:
        raise DealError(f"a die change needs a seat, a die index and a value 1..6, got {seat!r}, {index!r}, {value!r}")
    return DieChange(
        {"game": game, "round": round_no},
        {"seat": seat, "index": index, "value": value, "reason": reason},
    )


def apply_changes(hands: dict[str, list[int]], changes: Iterable[dict[str, Any]]) -> dict[str, list[int]]:
    """Hands (payload form) after approved changes ({seat, index, value}) in log order."""
    result = {seat: list(dice) for seat, dice in hands.items()}
    for change in changes:
        dice = result.get(str(change["seat"]))
        if dice is None or not 0 <= change["index"] < len(dice):
            raise DealError(f"die {change['index']} of seat {change['seat']} was not dealt")
        dice[change["index"]] = change["value"]
    return result


def reveal(opening_secret: dict[str, Any], deal_secret: dict[str, Any], changes: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """The public reveal of a round: x_r, the dice as they stand after the approved
    ``changes`` (DieChange secrets, log order), and every salt."""
    round_no = deal_secret["round"]
    top = from_hex32(opening_secret["round_top"], "the chain top")
    return {
        "game": deal_secret["game"],
        "round": round_no,
        "x": link(top, round_no).hex(),
        "hands": apply_changes(deal_secret["hands"], changes),
        "salts": {seat: list(salts) for seat, salts in deal_secret["salts"].items()},
    }


def _round_secret(opening_secret: dict[str, Any], manifest: dict[str, Any], round_no: int) -> bytes:
    _check_positive(round_no, "round number")
    top = from_hex32(opening_secret["round_top"], "the chain top")
    x_r = link(top, round_no)  # raises for a round beyond the chain
    if anchor(top) != from_hex32(manifest["round_anchor"], "the round anchor"):  # x_r hashes to it iff top does
        raise DealError(f"the opening secret does not belong to game {manifest['game']}'s manifest")
    return x_r


def _not_seat(value: Any) -> bool:
    return isinstance(value, bool) or not isinstance(value, int) or value < 0


def _check_positive(value: Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise DealError(f"{what} must be a positive integer, got {value!r}")
