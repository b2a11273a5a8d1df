"""The sealed seeds of the referee's check rolls and target dice (manifests with ``"check_seeds": 1``).

A check roll (``attempt_check``) and the target die of a knock or a mind reading
(``attempt_target_die``) take the seed of the person attempting, sent by their browser after the
referee's judgement (difficulty and modifier) was logged. Who attempts is a secret until the
attempt's game is settled, so nothing public may name that seat: the draw commitment publishes
empty ``seeds`` and ``seeds_missing`` and, as its ``seeds_digest``, a salted digest of the real
inputs; the inputs ``{salt, seeds, seeds_missing}`` stay in the draw's secret part and are published
by its reveal (``inputs``). The draw key mixes that digest, so the inputs are fixed by the signed
commitment and the salt keeps a guess ("seat 2, not connected") from being tested before the reveal.
The salt is not the server's choice (every salt would give another key, so a chosen one would let it
pick the roll): it is derived from the draw's own secret s_n (``sealed_salt``), which the manifest
fixed and the reveal opens, and both verifiers check it.
The attempter's ``draw_seed`` entry is sealed too: public ``{draw, attempt}``, secret ``{seat, seed}``.

A manifest without the marker (a log written before) drew its checks with no seed: the verifiers
say so in a note ("rolled by the server alone").

>>> salt = "00" * 32
>>> public, secret = sealed_inputs({"1": "ab" * 32}, {}, salt)
>>> public["seeds"], public["seeds_missing"], secret["seeds"] == {"1": "ab" * 32}
({}, {}, True)
>>> public["seeds_digest"] == sealed_digest(secret).hex() != sealed_digest({**secret, "salt": "01" * 32}).hex()
True
"""
from __future__ import annotations

from typing import Any

from referee.fairness.encoding import fields, from_hex32, sha256
from referee.fairness.purposes import ATTEMPT_CHECK, ATTEMPT_TARGET_DIE
from referee.fairness.stream import seeds_digest

CHECK_SEEDS = 1
"""A manifest's ``check_seeds``: its checks and target dice take the attempter's sealed seed."""
SEALED_KINDS = (ATTEMPT_CHECK, ATTEMPT_TARGET_DIE)
"""The draw kinds whose seeds are sealed until the attempt is revealed."""
SEALED_SEEDS_TAG = "tavern-jack/sealed-seeds/1"
SEALED_SALT_TAG = "tavern-jack/sealed-seeds-salt/1"


def sealed_salt(draw_secret: bytes) -> str:
    """The salt of a sealed draw's inputs: SHA-256(fields(tag, s_n)), hex; secret until s_n is revealed.

    >>> sealed_salt(bytes(32)) == sealed_salt(bytes(32)) != sealed_salt(bytes(31) + b"\x01")
    True
    """
    return sha256(fields(SEALED_SALT_TAG, draw_secret)).hex()


def is_sealed(manifest: dict[str, Any], purpose: Any) -> bool:
    """True when a draw of ``purpose`` in the game of ``manifest`` takes sealed seeds.

    >>> is_sealed({"check_seeds": 1}, {"kind": "attempt_check"}), is_sealed({}, {"kind": "attempt_check"})
    (True, False)
    """
    return manifest.get("check_seeds") == CHECK_SEEDS and isinstance(purpose, dict) and purpose.get("kind") in SEALED_KINDS


def sealed_digest(inputs: dict[str, Any]) -> bytes:
    """SHA-256(fields(tag, salt, seeds digest, (seat, reason) of every missing seed, seats ascending))."""
    missing = inputs["seeds_missing"]
    parts: list[str | int | bytes] = [SEALED_SEEDS_TAG, from_hex32(inputs["salt"], "the seeds' salt"),
                                      seeds_digest(inputs["seeds"])]
    for seat in sorted(missing, key=int):
        parts += [int(seat), str(missing[seat])]
    return sha256(fields(*parts))


def sealed_inputs(seeds: dict[str, str], missing: dict[str, str], salt: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a sealed draw publishes (``seeds``/``seeds_missing`` empty, the salted ``seeds_digest``) and keeps
    (``inputs``: salt, seeds, seeds_missing), from the seat maps a plain draw would publish."""
    inputs = {"salt": salt, "seeds": dict(seeds), "seeds_missing": dict(missing)}
    return {"seeds": {}, "seeds_missing": {}, "seeds_digest": sealed_digest(inputs).hex()}, inputs
