"""The public audit export of a table's log (format ``tavern-jack-audit/1``).

Every entry is copied field by field (a whitelist). A secret part is included only when
the protocol has revealed it: a round's ROUND_DEALT and DIE_CHANGED secrets once the round
has a ROUND_REVEALED entry, a DRAW_COMMITTED secret once the draw has a DRAW_REVEALED
entry, and a roleplay attempt's secrets (``attempt_submitted``, ``attempt_checked``,
``attempt_resolved``: who tried what, the check, the outcome; with ``attempt_judged`` and the sealed
``draw_seed`` of its check, the judgement and the attempter's seed) once the attempt's game has its
``game_settled`` entry, which publishes the same attempts anyway; the verifier needs them to
tie every die change to its approved attempt. A revealed secret comes with its salt
(``secret_salt``, null for an entry written before salting), so its salted digest can be
recomputed. Every other secret (the game's chain top and draw master, seat tokens) stays out, and
so does its salt: its ``secret_digest`` lets the hash chain be checked and cannot be tested
against guesses. A private message has no digest at all (``referee.store.chain.PRIVATE_KINDS``).
The export ends with a head, {table, seq, hash}, signed by the server key, so a truncated
log is detected.

>>> from referee.fairness.keys import Signer
>>> export = build_export(Signer.from_private_bytes(bytes(32)), "t1", [])
>>> export["format"], export["head"]["seq"], export["entries"]
('tavern-jack-audit/1', 0, [])
"""
from __future__ import annotations

from typing import Any, Iterable

from referee.fairness import kinds
from referee.fairness.encoding import HEAD_DOMAIN, statement
from referee.fairness.keys import Signer
from referee.store.chain import GENESIS

EXPORT_FORMAT = "tavern-jack-audit/1"


def build_export(signer: Signer, table_id: str, entries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The audit export of ``entries`` (a table's log, oldest first, secrets included)."""
    log = list(entries)
    revealed, attempt_games = _revealed_keys(log), _attempt_games(log)
    exported = [_public_entry(entry, revealed, attempt_games) for entry in log]
    head = {
        "table": table_id,
        "seq": log[-1]["seq"] if log else 0,
        "hash": log[-1]["hash"] if log else GENESIS,
    }
    head["signature"] = signer.sign(statement(HEAD_DOMAIN, head))
    return {
        "format": EXPORT_FORMAT,
        "server_key": signer.public_key_hex,
        "table": table_id,
        "entries": exported,
        "head": head,
    }


ATTEMPT_KINDS = ("attempt_submitted", "attempt_judged", "attempt_checked", "attempt_resolved")
"""The kinds of a roleplay attempt, whose secrets are exported once the attempt's game is settled; so is
the secret (seat and seed) of a sealed ``draw_seed``, public ``{draw, attempt}``, of its check roll or target die."""

Key = tuple[str, int, int]


def _revealed_keys(log: list[dict[str, Any]]) -> set[Key]:
    keys = set()
    for entry in log:
        if entry["kind"] == kinds.ROUND_REVEALED:
            keys.add(("round", entry["public"]["game"], entry["public"]["round"]))
        elif entry["kind"] == kinds.DRAW_REVEALED:
            keys.add(("draw", entry["public"]["game"], entry["public"]["draw"]))
        elif entry["kind"] == "game_settled":
            keys.add(("settled", entry["public"]["game"], 0))
    return keys


def _attempt_games(log: list[dict[str, Any]]) -> dict[Any, int]:
    return {entry["public"]["attempt"]: entry["public"]["game"] for entry in log if entry["kind"] == "attempt_submitted"}


def _secret_key(entry: dict[str, Any], attempt_games: dict[Any, int]) -> Key | None:
    public = entry["public"]
    if entry["kind"] in (kinds.ROUND_DEALT, kinds.DIE_CHANGED):
        return ("round", public["game"], public["round"])
    if entry["kind"] == kinds.DRAW_COMMITTED:
        return ("draw", public["game"], public["draw"])
    sealed_seed = entry["kind"] == kinds.DRAW_SEED and "attempt" in public
    if (entry["kind"] in ATTEMPT_KINDS or sealed_seed) and public.get("attempt") in attempt_games:
        return ("settled", attempt_games[public["attempt"]], 0)
    return None


def _public_entry(entry: dict[str, Any], revealed: set[Key], attempt_games: dict[Any, int]) -> dict[str, Any]:
    key = _secret_key(entry, attempt_games)
    shown = key is not None and key in revealed
    return {
        "seq": entry["seq"],
        "kind": entry["kind"],
        "at": entry["at"],
        "public": entry["public"],
        "secret": entry["secret"] if shown else None,
        "secret_salt": entry.get("salt") if shown else None,
        "secret_digest": entry["secret_digest"],
        "prev_hash": entry["prev_hash"],
        "hash": entry["hash"],
    }
