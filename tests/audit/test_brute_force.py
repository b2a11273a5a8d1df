"""Nobody recovers a sealed secret from the public audit by trying its plausible values
(issue 24, guarantee 4; docs/fairness.md sections 7 and 10).

A real refereed evening (``sealed_evening``: attempts of every kind, die changes by effect and by
hand, a knocked die's old value, a silent check, private messages both ways) is exported in the
middle of round 2 through ``/t/<table>/audit.json``. For every sealed entry the attacker tries
every plausible secret of its kind, and the true one too (the test reads it from the server's
log): a die change over all seats × dice × faces × attempt numbers, an attempt's request over all
seats and kinds with their dice, targets and values, a check over every roll of a d20 and a d100,
every difficulty and draw number, an outcome over every effect (old values included), a private
line from a dictionary, as its text alone or with every seat and author; each guess is hashed bare
(the digest before salting), and salted with the zero salt and with every salt the export reveals
(a reused salt). Nothing matches. The same guesses against the same log with the digests it would
have carried before salting (the control) recover every entry with few possible values, so the
attack works wherever a digest allows it.

Figures (printed by the test, ``pytest -s``; stable for this evening): 40 sealed entries tried
(11 kinds: die_changed, attempt_submitted, attempt_judged, attempt_checked, attempt_resolved,
message_sent, draw_committed, round_dealt, game_opened, seat_taken, referee_named), 204,380 guesses,
817,520 hashes, nothing recovered. The control recovers 28 entries with the plausible guesses alone:
every attempt's request, judgement, check and outcome (5 each), every private message (5) and every
die change (3). A check's sealed ``draw_seed`` {seat, seed} (its own test) does not give away the seat
even to someone who holds the seed.
"""
from __future__ import annotations

import hashlib
import itertools
import json
from collections import Counter
from typing import Any, Iterator

from referee.fairness.verify import verify_export
from referee.store.chain import canonical, salted_digest, secret_digest

from tests.gm.test_check_seeds import SEED, waiting_evening

from .sealed_evening import DESCRIPTIONS, MESSAGES, sealed_evening, server_log

SEATS, DICE, FACES, ATTEMPTS, DRAWS = range(4), range(5), range(1, 7), range(1, 13), range(1, 11)
WORDS = MESSAGES + ("ok", "нет", "your roll: 17", "ok, your roll: 16", "ok, your roll: 18", "шесть", "шестёрка")


def requests(seat: int) -> Iterator[dict[str, Any]]:
    blank = {"seat": seat, "die": None, "target": None, "value": None}
    for description in DESCRIPTIONS:
        yield from ({**blank, "kind": "telekinesis", "die": d, "value": v, "description": description}
                    for d, v in itertools.product(DICE, FACES))
        yield from ({**blank, "kind": kind, "target": t, "description": description}
                    for kind, t in itertools.product(("mind_reading",), SEATS))
        yield from ({**blank, "kind": "knock", "target": t, "value": v, "description": description}
                    for t, v in itertools.product(SEATS, FACES))
        yield from ({**blank, "kind": kind, "description": description} for kind in ("loaded_die", "other"))


def guesses(kind: str) -> Iterator[Any]:
    """The plausible secret parts of an entry of ``kind`` (what a patient attacker would try)."""
    if kind == "die_changed":
        for s, i, v, n in itertools.product(SEATS, DICE, FACES, ATTEMPTS):
            yield {"seat": s, "index": i, "value": v, "reason": f"attempt {n}", "attempt": n}
    elif kind == "attempt_submitted":
        for seat in SEATS:
            yield from requests(seat)
    elif kind == "attempt_judged":
        for difficulty, modifier in itertools.product([*range(1, 31), 200], range(-10, 11)):
            yield {"difficulty": difficulty, "modifier": modifier}
    elif kind == "attempt_checked":
        for sides in (20, 100):
            for difficulty, roll, draw in itertools.product([*range(1, 31), 200], range(1, sides + 1), DRAWS):
                yield {"difficulty": difficulty, "modifier": 0, "sides": sides, "roll": roll, "total": roll,
                       "success": roll >= difficulty, "draw": draw}
    elif kind == "attempt_resolved":
        for s, i, v, was in itertools.product(SEATS, DICE, FACES, FACES):
            yield {"outcome": "success", "consequence": None, "effect": {"seat": s, "index": i, "value": v, "was": was}}
        for s, i, v in itertools.product(SEATS, DICE, FACES):
            yield {"outcome": "success", "consequence": None, "effect": {"seat": s, "index": i, "value": v, "proof": None}}
        yield {"outcome": "success", "consequence": None, "effect": None}
        for consequence in ("silence", "announce", "penalty"):
            yield {"outcome": "failure", "consequence": consequence, "effect": None}
        yield {"outcome": "dismissed", "consequence": None, "effect": None}
    elif kind == "message_sent":
        for text in WORDS:
            yield {"text": text}
            for seat, by in itertools.product(SEATS, ("player", "referee")):
                yield {"seat": seat, "by": by, "text": text}


def attack(entries: list[dict[str, Any]], truth: dict[int, Any], salts: list[bytes],
           right_guess: bool = True) -> tuple[Counter, int, int, int]:
    """Try every guess (and, with ``right_guess``, the true secret) on every sealed entry: (recovered
    kinds, entries tried, guesses, hashes). A private message has no digest of its own: its guesses
    go against every digest of the export."""
    every = {entry["secret_digest"] for entry in entries if entry["secret_digest"]}
    recovered: Counter = Counter()
    tried = guessed = hashed = 0
    for entry in entries:
        sealed = entry["secret"] is None and (entry["secret_digest"] or entry["kind"] == "message_sent")
        if not sealed or entry["seq"] not in truth:
            continue
        targets = every if entry["kind"] == "message_sent" else {entry["secret_digest"]}
        tried += 1
        for guess in itertools.chain(guesses(entry["kind"]), [truth[entry["seq"]]] if right_guess else []):
            guessed += 1
            text = canonical(guess)
            candidates = [hashlib.sha256(text).hexdigest()] + [salted_digest(guess, salt) for salt in salts]
            hashed += len(candidates)
            if targets.intersection(candidates):
                recovered[entry["kind"]] += 1
                break
    return recovered, tried, guessed, hashed


def test_no_sealed_secret_of_a_mid_round_export_is_recovered_by_trying_its_plausible_values():
    night, export = sealed_evening()
    assert verify_export(export).ok
    log = server_log(night)
    truth = {entry.seq: entry.secret for entry in log if entry.secret is not None}
    revealed = [bytes.fromhex(e["secret_salt"]) for e in export["entries"] if e.get("secret_salt")]
    assert revealed, "round 1's reveal publishes salts an attacker may try again"
    kinds = Counter(e["kind"] for e in export["entries"] if e["secret"] is None and e["seq"] in truth)
    assert {"die_changed", "attempt_submitted", "attempt_checked", "attempt_resolved", "draw_committed",
            "message_sent"} <= set(kinds), kinds

    recovered, tried, guessed, hashed = attack(export["entries"], truth, [bytes(32), *revealed])
    print(f"\n{tried} sealed entries tried ({len(kinds)} kinds), {guessed} guesses, {hashed} hashes, "
          f"recovered: {dict(recovered) or 'nothing'}")
    assert recovered == Counter()
    assert tried == sum(kinds.values())

    control = [{**e, "secret_digest": secret_digest(truth.get(e["seq"])) if e["seq"] in truth else e["secret_digest"]}
               for e in export["entries"]]
    caught, *_ = attack(control, truth, [], right_guess=False)
    print(f"the control (the digests before salting) recovers {sum(caught.values())} entries: {dict(caught)}")
    assert {"die_changed", "attempt_submitted", "attempt_judged", "attempt_checked", "attempt_resolved",
            "message_sent"} <= set(caught)


def test_a_checks_sealed_seed_does_not_tell_who_attempted_even_to_someone_who_knows_the_seed():
    """The attempter's sealed ``draw_seed`` {seat, seed}: even an attacker who somehow holds the seed cannot
    test which seat sent it (salted); with the digest before salting the seat would fall at once."""
    night = waiting_evening()
    attempt_id = night.say(1, "cheat", {"description": "…", "kind": "loaded_die"})["attempt"]
    assert night.ref("referee_judge", {"attempt": attempt_id, "difficulty": 1, "modifier": 0})["rolling"]
    draw = night.player_state(1)["private"]["draw_waiting"]["draw"]
    assert night.say(1, "draw_seed", {"draw": draw, "seed": SEED})["ok"]
    export = night.audit()
    (sealed,) = [e for e in export["entries"] if e["kind"] == "draw_seed" and "attempt" in e["public"]]
    assert sealed["public"] == {"draw": draw, "attempt": attempt_id} and sealed["secret"] is None
    guesses_with_the_seed = [{"seat": seat, "seed": SEED} for seat in SEATS]
    salts = [bytes(32), *(bytes.fromhex(e["secret_salt"]) for e in export["entries"] if e.get("secret_salt"))]
    candidates = {digest for guess in guesses_with_the_seed
                  for digest in [hashlib.sha256(canonical(guess)).hexdigest(), *(salted_digest(guess, s) for s in salts)]}
    assert sealed["secret_digest"].startswith("salted:") and sealed["secret_digest"] not in candidates
    assert secret_digest({"seat": 1, "seed": SEED}) in {hashlib.sha256(canonical(g)).hexdigest() for g in guesses_with_the_seed}


def test_a_private_message_leaves_the_server_in_no_form():
    night, export = sealed_evening()
    text = json.dumps(export, ensure_ascii=False)
    messages = [e for e in export["entries"] if e["kind"] == "message_sent"]
    assert len(messages) == 5
    assert all((e["public"], e["secret"], e["secret_digest"], e["secret_salt"]) == ({}, None, None, None) for e in messages)
    assert not [m for m in MESSAGES if m in text]
    kept = [e.secret for e in server_log(night) if e.kind == "message_sent"]
    assert {m["text"] for m in kept} == set(MESSAGES) and kept[0] == {"seat": 0, "by": "referee", "text": MESSAGES[0]}
