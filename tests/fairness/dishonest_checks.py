"""The dishonest server's check rolls and target dice (docs/fairness.md section 10): each takes the sealed seed of
the person attempting (``referee.fairness.sealed_seeds``). The server keeps every hash and signature valid and
tries to grind the roll with a seed of its own, to drop the attempter's seed, to use a seed never logged, or to
publish who attempted before the reveal. ``CHECKS`` names the failures both verifiers must report (merged into
``dishonest_draws.MATRIX``); the exports show the attempts' secrets, as they are once the game is settled.
"""
from __future__ import annotations

from typing import Any, Callable

from referee.fairness.purposes import ATTEMPT_CHECK, ATTEMPT_TARGET_DIE

from .dishonest import Server, forged_draw

TARGET = [("die of seat 2", 4)]


def _request(kind: str, items: list[tuple[str, int]]) -> dict[str, Any]:
    return {"purpose": {"kind": kind, "ref": 1, "counter": 1},
            "items": [{"label": label, "sides": sides} for label, sides in items]}


def _revealed(server: Server) -> dict[str, Any]:
    """The export once attempt 1's game is settled: the attempt's and its sealed seeds' secrets are shown."""
    export = server.export()
    for entry in export["entries"]:
        sealed_seed = entry["kind"] == "draw_seed" and "attempt" in entry["public"]
        if entry["kind"] == "attempt_submitted" or sealed_seed:
            entry["secret"] = server.log.entries[entry["seq"] - 1]["secret"]
    return export


def _server(kind: str) -> Server:
    """A round dealt (a target die is drawn among its dice), attempt 1 by seat 0, and for a target die its check."""
    server = Server()
    server.deal(seeds=[server.seed(seat) for seat in (0, 1)])
    server.attempt(1)
    if kind == ATTEMPT_TARGET_DIE:
        server.draw(kind=ATTEMPT_CHECK, ref=1)
    return server


def _forged(kind: str, seeds: dict[int, str], missing: dict[int, str] | None = None, logged: bool = True,
            sealed: bool | None = None, open_seed: bool = False) -> dict[str, Any]:
    """The attempter's seed is logged sealed (``logged``) or in the open (``open_seed``); the server signs the draw
    with ``seeds`` ("own": a seed of its own for seat 0, "logged": the logged one) and ``missing``."""
    server = _server(kind)
    server.draws += 1
    given = server.sealed_seed(1) if logged else server.draw_seed(0) if open_seed else None
    chosen = {seat: given["seed"] if seed == "logged" and given else f"{7:064x}" for seat, seed in seeds.items()}
    items = [("d20", 20)] if kind == ATTEMPT_CHECK else TARGET
    request = _request(kind, items)
    made = forged_draw(server.opening, server.draws, request, request["purpose"], chosen, missing, sealed)
    server.log_draw(made, kind, 1, 1)
    server.reveal()
    return _revealed(server)


def check_roll_ground() -> dict[str, Any]:
    return _forged(ATTEMPT_CHECK, {0: "own"})


def check_roll_seed_dropped() -> dict[str, Any]:
    return _forged(ATTEMPT_CHECK, {})


def check_roll_seeds_unlogged() -> dict[str, Any]:
    return _forged(ATTEMPT_CHECK, {0: "own"}, logged=False)


def check_roll_seat_published() -> dict[str, Any]:
    return _forged(ATTEMPT_CHECK, {0: "logged"}, logged=False, sealed=False, open_seed=True)


def check_roll_salt_ground() -> dict[str, Any]:
    """The attempter's logged seed goes in, but the server tries salts (each gives another key) until the d20
    shows 20, against a difficulty of 19."""
    server = _server(ATTEMPT_CHECK)
    server.draws += 1
    given = server.sealed_seed(1)
    request = _request(ATTEMPT_CHECK, [("d20", 20)])
    for attempt in range(1000):
        made = forged_draw(server.opening, server.draws, request, request["purpose"], {0: given["seed"]},
                           salt=f"{attempt:064x}")
        if made.secret["results"][0]["value"] == 20:
            break
    server.log_draw(made, ATTEMPT_CHECK, 1, 1)
    server.reveal()
    return _revealed(server)


def target_die_ground() -> dict[str, Any]:
    return _forged(ATTEMPT_TARGET_DIE, {0: "own"})


def target_die_seed_dropped() -> dict[str, Any]:
    return _forged(ATTEMPT_TARGET_DIE, {})


def check_roll_nobody_connected() -> dict[str, Any]:
    """Allowed, and said loudly: the attempter was not connected, the server rolled the check alone."""
    return _forged(ATTEMPT_CHECK, {}, {0: "not_connected"}, logged=False)


def check_roll_before_sealing() -> dict[str, Any]:
    """A log written before checks took the attempter's seed: it verifies, with a note."""
    server = Server(sealed_checks=False)
    server.honest_round()
    server.attempt(1)
    server.draw(kind=ATTEMPT_CHECK, ref=1)
    return server.export()


CHECK_ALONE = "game 1 draw 1: note: this check roll was rolled by the server alone: nobody was connected"
OLD_CHECK = ("game 1 draw 1: note: this check roll was rolled by the server alone (a log written before checks took "
             "the attempter's seed: the operator could know it before the judgement)")

CHECKS: dict[str, tuple[Callable[[], dict[str, Any]], list[str]]] = {
    "check_roll_ground": (check_roll_ground, [
        "game 1 draw 1: this check roll uses another seed for seat 0 than the one logged at seq 6"]),
    "check_roll_seed_dropped": (check_roll_seed_dropped, [
        "game 1 draw 1: the sealed seed logged at seq 6 is not in the draw",
        "game 1 draw 1: this check roll lacks the seeds of seats [0] but names [] as missing"]),
    "check_roll_seeds_unlogged": (check_roll_seeds_unlogged, [
        "game 1 draw 1: this check roll uses a seed for seat 0 that was never logged for this draw before its commitment"]),
    "check_roll_seat_published": (check_roll_seat_published, [
        "game 1 draw 1: this check roll names seats [0] in public before the attempt is revealed: who attempted is "
        "published early",
        "game 1 draw 1: the reveal of this check roll lacks its sealed seeds (inputs)",
        "game 1 draw 1: the draw uses a seed for seat 0, whom it does not concern"]),
    "check_roll_salt_ground": (check_roll_salt_ground, [
        "game 1 draw 1: the sealed seeds' salt is not the one derived from s_1: the server could have chosen it"]),
    "target_die_ground": (target_die_ground, [
        "game 1 draw 2: this target die uses another seed for seat 0 than the one logged at seq 10"]),
    "target_die_seed_dropped": (target_die_seed_dropped, [
        "game 1 draw 2: the sealed seed logged at seq 10 is not in the draw",
        "game 1 draw 2: this target die lacks the seeds of seats [0] but names [] as missing"]),
}
"""Every check-roll and target-die scenario both verifiers must fail, with the failures (message for message)."""
LOUD: dict[str, tuple[Callable[[], dict[str, Any]], str]] = {
    "check_roll_nobody_connected": (check_roll_nobody_connected, CHECK_ALONE),
    "check_roll_before_sealing": (check_roll_before_sealing, OLD_CHECK),
}
"""Check rolls that verify, each with its loud note."""
