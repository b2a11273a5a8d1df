"""Checks of the sealed seeds of the referee's check rolls and target dice (``sealed_seeds``; docs/fairness.md section 6).

In a game whose manifest says ``"check_seeds": 1`` a check roll and a target die take the seed of the
person attempting, sealed until the attempt's game is settled. The verifier checks that

* a sealed ``draw_seed`` entry (public ``{draw, attempt}``) is for the next draw to be committed, once,
  and that draw is that attempt's check roll or target die;
* the commitment of such a draw names no seat in public (``seeds`` and ``seeds_missing`` empty, and no
  open ``draw_seed`` entry for it): who attempted is not published before the reveal;
* at the reveal, its ``inputs`` recompute the committed ``seeds_digest``, hold exactly the seed the
  attempter's sealed entry logged, or name the attempter missing with a known reason (a loud note: "this
  check roll was rolled by the server alone"), and no seed of anybody else.

A game whose manifest predates the marker drew its checks with no seed: each gets a note saying so.

>>> from referee.fairness.report import Report
>>> report, ledger = Report(), SealedSeeds({"game": 1, "seed_seats": [0, 1], "draw_key": 2})
>>> request = {"purpose": {"kind": "attempt_check", "ref": 1, "counter": 1}, "items": []}
>>> ledger.revealed("game 1 draw 1", {}, {"draw": 1, "request": request}, report)
>>> str(report.checks[0])[:72]
'game 1 draw 1: note: this check roll was rolled by the server alone (a l'
"""
from __future__ import annotations

from typing import Any

from referee.fairness.dealer import SEED_MISSING_REASONS
from referee.fairness.encoding import EncodingError, seats_of
from referee.fairness.purposes import ATTEMPT_CHECK
from referee.fairness.report import Report
from referee.fairness.sealed_seeds import CHECK_SEEDS, SEALED_KINDS, is_sealed, sealed_digest

WHAT = {ATTEMPT_CHECK: "this check roll"}
"""A sealed draw of each kind, in the notes (the target die otherwise)."""
OLD_WORDS = ("was rolled by the server alone (a log written before checks took the attempter's seed: "
             "the operator could know it before the judgement)")


def what(kind: str) -> str:
    """A sealed draw kind in words."""
    return WHAT.get(kind, "this target die")


class SealedSeeds:
    """One game's sealed draw seeds and attempters, checked against each check roll and target die."""

    def __init__(self, manifest: dict[str, Any]) -> None:
        self.manifest = manifest
        self.game = manifest["game"]
        self.sealing = manifest.get("check_seeds") == CHECK_SEEDS
        self.people: list[int] = manifest.get("seed_seats") or []
        self.attempters: dict[Any, Any] = {}
        self.pending: tuple[int, Any, Any] | None = None
        self.logged: dict[int, tuple[int, Any, Any]] = {}

    def attempt(self, entry: dict[str, Any]) -> None:
        """An ``attempt_submitted`` entry: its seat, once its secret is exported."""
        secret = entry.get("secret")
        if isinstance(secret, dict) and "seat" in secret:
            self.attempters[entry["public"]["attempt"]] = secret["seat"]

    def contributed(self, entry: dict[str, Any], next_draw: int, report: Report) -> None:
        """A sealed ``draw_seed`` entry (public ``{draw, attempt}``) while draw ``next_draw`` is the next one."""
        public, seq = entry["public"], entry["seq"]
        step = f"game {self.game} draw {public['draw']}"
        if not self.sealing:
            report.fail(step, f"seq {seq}: a sealed draw seed is logged in a game whose checks take no seeds")
        elif public["draw"] != next_draw:
            report.fail(step, f"seq {seq}: a sealed seed for draw {public['draw']} is logged while draw {next_draw} "
                              "is the next to be committed")
        elif self.pending is not None:
            report.fail(step, f"seq {seq}: a second sealed seed for draw {public['draw']} (first at seq {self.pending[0]})")
        else:
            self.pending = (seq, public.get("attempt"), entry.get("secret"))

    def committed(self, step: str, public: dict[str, Any], open_seats: list[int], report: Report) -> bool:
        """Check a draw commitment against the sealed seed logged for it (``open_seats``: the seats of the
        open ``draw_seed`` entries logged for it); True when the draw is sealed (its plain checks are skipped)."""
        pending, self.pending = self.pending, None
        purpose: Any = public.get("purpose")
        if not is_sealed(self.manifest, purpose):
            if pending is not None:
                report.fail(step, f"the sealed seed logged at seq {pending[0]} serves draw {public['draw']}, which is "
                                  "not a check roll or target die")
            return False
        named = sorted({*_seats(public.get("seeds")), *_seats(public.get("seeds_missing")), *open_seats})
        if named:
            report.fail(step, f"{what(purpose['kind'])} names seats {named} in public before the attempt is revealed: "
                              "who attempted is published early")
        if pending is not None and pending[1] != purpose.get("ref"):
            report.fail(step, f"the sealed seed logged at seq {pending[0]} is for attempt {pending[1]}, not attempt {purpose.get('ref')}")
        elif pending is not None:
            self.logged[public["draw"]] = pending
        return True

    def revealed(self, step: str, committed: dict[str, Any], revealed: dict[str, Any], report: Report) -> None:
        """At the reveal: the inputs hold the attempter's logged seed, or name the attempter missing."""
        purpose: Any = revealed["request"].get("purpose")
        kind = str(purpose.get("kind")) if isinstance(purpose, dict) else ""
        if not self.sealing:
            if kind in SEALED_KINDS:
                report.add(step, True, f"note: {what(kind)} {OLD_WORDS}")
            return
        if not is_sealed(self.manifest, purpose):
            return
        inputs: Any = revealed.get("inputs")
        try:
            digest = sealed_digest(inputs).hex() if isinstance(inputs, dict) else None
            seeds, missing = dict(inputs["seeds"]), dict(inputs["seeds_missing"])
        except (EncodingError, KeyError, TypeError, ValueError):
            digest = None
        if digest is None:
            report.fail(step, f"the reveal of {what(kind)} lacks its sealed seeds (inputs)")
            return
        if digest != committed.get("seeds_digest"):
            report.fail(step, f"the sealed seeds of {what(kind)} do not match its seeds digest")
        attempter = self.attempters.get(purpose["ref"])
        if attempter is None:
            report.add(step, True, f"note: attempt {purpose['ref']} is still sealed: its seed is checked once it is revealed")
            return
        self._inputs(step, kind, revealed["draw"], [attempter] if attempter in self.people else [], seeds, missing, report)

    def _inputs(self, step: str, kind: str, draw: int, due: list[int], seeds: dict[str, Any], missing: dict[str, Any],
                report: Report) -> None:
        logged = self.logged.get(draw)
        secret = logged[2] if logged is not None and isinstance(logged[2], dict) else {}
        for seat in _seats(seeds):
            if seat not in due:
                report.fail(step, f"{what(kind)} uses a seed for seat {seat}, who did not attempt it")
            elif logged is None:
                report.fail(step, f"{what(kind)} uses a seed for seat {seat} that was never logged for this draw before its commitment")
            elif (secret.get("seat"), secret.get("seed")) != (seat, seeds[str(seat)]):
                report.fail(step, f"{what(kind)} uses another seed for seat {seat} than the one logged at seq {logged[0]}")
        if logged is not None and str(secret.get("seat")) not in seeds:
            report.fail(step, f"the sealed seed logged at seq {logged[0]} is not in the draw")
        absent = [seat for seat in due if str(seat) not in seeds]
        if _seats(missing) != absent:
            report.fail(step, f"{what(kind)} lacks the seeds of seats {absent} but names {_seats(missing)} as missing")
            return
        for seat in absent:
            if missing[str(seat)] not in SEED_MISSING_REASONS:
                report.fail(step, f"the seed of seat {seat} is missing for an unknown reason {missing[str(seat)]!r}")
        if due and not absent:
            report.add(step, True, f"the sealed seed of seat {due[0]}, who attempted it, went into the draw")
        elif due:
            why = "nobody was connected" if set(missing.values()) == {"not_connected"} else "no seed arrived in time"
            report.add(step, True, f"note: {what(kind)} was rolled by the server alone: {why}")


def _seats(mapping: Any) -> list[int]:
    try:
        return seats_of(mapping) if isinstance(mapping, dict) else []
    except (EncodingError, ValueError):
        return []
