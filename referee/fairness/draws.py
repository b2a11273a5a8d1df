"""Draws: every random outcome at a table other than a round's dice.

A roll-off for the first opener (two d6 per seat), a referee's d20 or d100 difficulty
check, "one random die of opponent X" (an index among n): each is a draw of numbered items,
each item a value in 1..sides. Draw n of a game (counted from 1) uses the secret s_n the
manifest committed to (see ``secrets_chain``), so the server cannot choose it at draw time.

The request {purpose, items, seeds} stays secret until the reveal (a failed cheat attempt
may never be announced); the signed public commitment carries only its digest and the
Merkle root of the salted results. The table logs DRAW_COMMITTED(public, secret) at once
and DRAW_REVEALED(public=reveal_draw(...)) whenever the result may become public.

>>> from referee.fairness.dealer import open_game
>>> from referee.fairness.keys import Signer
>>> signer = Signer.from_private_bytes(bytes(32))
>>> opening = open_game(signer, "t1", 1, {}, [0, 1])
>>> check = draw(signer, opening.secret, opening.manifest, 1, "difficulty check", [("d20", 20)])
>>> 1 <= check.values[0] <= 20, sorted(check.public)
(True, ['draw', 'game', 'request_digest', 'root', 'signature', 'size', 'table'])
>>> reveal_draw(opening.secret, check.secret)["results"] == check.secret["results"]
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.fairness.dealer import DealError
from referee.fairness.encoding import DRAW_DOMAIN, from_hex32, seat_map, sha256, statement
from referee.fairness.keys import Signer
from referee.fairness.merkle import draw_leaf, merkle_root
from referee.fairness.secrets_chain import draw_secret, draw_secret_proof, draw_secrets_root
from referee.fairness.stream import derive_draw, draw_key
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
    """SHA-256 of the canonical request {purpose, items, seeds}."""
    return sha256(canonical(request))


def draw(
    signer: Signer,
    opening_secret: dict[str, Any],
    manifest: dict[str, Any],
    draw_no: int,
    purpose: str,
    items: list[DrawItem],
    seeds: dict[int, str] | None = None,
) -> Draw:
    """Draw ``items`` (sides, or (label, sides)) as draw ``draw_no`` of the manifest's game."""
    if not isinstance(purpose, str) or not purpose:
        raise DealError(f"a draw needs a purpose label, got {purpose!r}")
    if not items:
        raise DealError("a draw needs at least one item")
    for seat, seed in (seeds or {}).items():
        if seat not in manifest["seats"]:
            raise DealError(f"a seed from seat {seat!r}, which is not in game {manifest['game']}")
        from_hex32(seed, f"the seed of seat {seat}")
    request = {"purpose": purpose, "items": [_item(item) for item in items], "seeds": seat_map(seeds or {})}
    master = from_hex32(opening_secret["draw_master"], "the draw master")
    if draw_secrets_root(master).hex() != manifest["draw_root"]:
        raise DealError(f"the opening secret does not belong to game {manifest['game']}'s manifest")
    key = draw_key(draw_secret(master, draw_no), manifest["table"], manifest["game"], draw_no, request_digest(request))
    values, salts = derive_draw(key, [item["sides"] for item in request["items"]])
    results = [
        {"index": k, "label": item["label"], "sides": item["sides"], "value": values[k], "salt": salts[k].hex()}
        for k, item in enumerate(request["items"])
    ]
    public = {
        "table": manifest["table"],
        "game": manifest["game"],
        "draw": draw_no,
        "request_digest": request_digest(request).hex(),
        "size": len(results),
        "root": merkle_root(result_leaves(results)).hex(),
    }
    public["signature"] = signer.sign(statement(DRAW_DOMAIN, public))
    return Draw(public, {"game": manifest["game"], "draw": draw_no, "request": request, "results": results})


def result_leaves(results: list[dict[str, Any]]) -> list[bytes]:
    """The Merkle leaves of a draw's results, in item order."""
    return [draw_leaf(r["index"], r["label"], r["sides"], r["value"], r["salt"]) for r in results]


def reveal_draw(opening_secret: dict[str, Any], draw_secret_part: dict[str, Any]) -> dict[str, Any]:
    """The public reveal of a draw: s_n with its proof under the manifest's draw root, the
    request and the salted results."""
    master = from_hex32(opening_secret["draw_master"], "the draw master")
    draw_no = draw_secret_part["draw"]
    return {
        "game": draw_secret_part["game"],
        "draw": draw_no,
        "secret": draw_secret(master, draw_no).hex(),
        "proof": [p.hex() for p in draw_secret_proof(master, draw_no)],
        "request": draw_secret_part["request"],
        "results": draw_secret_part["results"],
    }


def _item(item: DrawItem) -> dict[str, Any]:
    label, sides = (f"d{item}", item) if isinstance(item, int) else item
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1 or not isinstance(label, str):
        raise DealError(f"a draw item is sides or (label, sides) with sides >= 1, got {item!r}")
    return {"label": label, "sides": sides}
