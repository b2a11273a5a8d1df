"""Checks of the seeds a draw mixes (games whose manifest says ``"draw_key": 2``, docs/fairness.md section 6).

Every draw of such a game takes the seeds of the people it concerns, sent by their browsers after the
manifest fixed the server's secret s_n: a poker-dice roll both players, a roll-off throw every person
throwing. So the verifier checks, the same way as for a deal's seeds (``verify_inputs``), that

* each ``draw_seed`` entry ``{draw, seat, seed}`` is for the next draw to be committed, from a seat of the
  manifest's ``seed_seats`` (never a bot), once;
* the commitment's ``seeds`` are exactly the draw's logged seeds, its ``seeds_digest`` recomputes, and
  (at the reveal, when the request says who throws) ``seeds_missing`` names exactly the people it
  concerns who gave none, each with a known reason, reported as a note in plain words; a draw no person
  seeded although it concerns people is said so loudly: "this cup was rolled by the server alone:
  nobody was connected".

>>> from referee.fairness.report import Report
>>> ledger, report = DrawSeedLedger({"game": 1, "seed_seats": [0, 1], "draw_key": 2}), Report()
>>> roll = {"kind": "poker_roll", "ref": 1, "counter": 1}
>>> public = {"purpose": roll, "seeds": {}, "seeds_missing": {"0": "not_connected", "1": "not_connected"},
...           "seeds_digest": seeds_digest({}).hex()}
>>> ledger.committed("game 1 draw 1", public, report)
>>> ledger.revealed("game 1 draw 1", public, {"purpose": roll, "items": [{"label": "die", "sides": 6}]}, report)
>>> [str(check) for check in report.checks][-1]
'game 1 draw 1: note: this cup was rolled by the server alone: nobody was connected'
"""
from __future__ import annotations

from typing import Any

from referee.fairness.dealer import SEED_MISSING_REASONS, SEEDED_DRAW_KEY
from referee.fairness.encoding import seats_of
from referee.fairness.purposes import (BRACKET, DECLARED, POKER_ROLL, POKER_STARTER, ROLL_OFF, purpose_problem,
                                       roll_off_seats)
from referee.fairness.report import Report
from referee.fairness.stream import seeds_digest
from referee.fairness.verify_check_seeds import SealedSeeds
from referee.fairness.verify_inputs import check_used_seeds

DRAW_MISSING_WORDS = {
    "not_connected": "their browser was not connected when the draw was made",
    "late": "their seed had not arrived when the wait for seeds ran out",
}
ALONE = {POKER_ROLL: "this cup", ROLL_OFF: "this roll-off throw", POKER_STARTER: "this starter draw",
         BRACKET: "this bracket draw"}
"""What a draw of each seeded kind is, in the loud note of a draw no person seeded."""
INPUTS = ("seeds", "seeds_missing", "seeds_digest")
ALONE_WORDS = "was rolled by the server alone"
"""The words of every note of a draw no person seeded (``referee verify`` prints each)."""


def concerned(request: dict[str, Any], people: list[int]) -> list[int]:
    """The people whose seeds a draw of ``request`` takes: a poker-dice roll or a match's starter draw both
    players, an evening's bracket draw every entrant (every person of the game), a roll-off throw every
    person throwing, a kind a family declared (``purposes.declare``) every person of the game; a check roll or target die the attempter only, sealed (``verify_check_seeds``).

    >>> concerned({"purpose": {"kind": "roll_off"}, "items": [{"label": "seat 1"}, {"label": "seat 1"}]}, [0, 1])
    [1]
    """
    kind = request["purpose"]["kind"]
    if kind in (POKER_ROLL, POKER_STARTER, BRACKET) or kind in DECLARED:
        return list(people)
    if kind == ROLL_OFF:
        throwing = roll_off_seats(request["items"])
        return [seat for seat in people if seat in throwing]
    return []


def alone_words(kind: str, missing: dict[str, str]) -> str:
    """The loud words for a draw no person seeded (``missing``: every person it concerns, with the reason)."""
    why = "nobody was connected" if set(missing.values()) == {"not_connected"} else "no seed arrived in time"
    return f"{ALONE.get(kind, 'this draw')} {ALONE_WORDS}: {why}"


class DrawSeedLedger:
    """One game's logged draw seeds, checked against each draw commitment and reveal of the game."""

    def __init__(self, manifest: dict[str, Any]) -> None:
        self.game = manifest["game"]
        self.seeded = manifest.get("draw_key") == SEEDED_DRAW_KEY
        self.people: list[int] = manifest.get("seed_seats") or []
        self.pending: dict[int, tuple[int, str]] = {}
        self.sealed = SealedSeeds(manifest)
        """The sealed seeds of the game's check rolls and target dice (``verify_check_seeds``)."""

    def contributed(self, entry: dict[str, Any], next_draw: int, report: Report) -> None:
        """A ``draw_seed`` entry while draw ``next_draw`` is the next to be committed."""
        public, seq = entry["public"], entry["seq"]
        if "seat" not in public:
            self.sealed.contributed(entry, next_draw, report)
            return
        seat, number = public["seat"], public["draw"]
        step = f"game {self.game} draw {number}"
        if not self.seeded:
            report.fail(step, f"seq {seq}: a draw seed is logged in a game whose draws take no seeds")
        elif number != next_draw:
            report.fail(step, f"seq {seq}: a seed of seat {seat} for draw {number} is logged while draw {next_draw} "
                              "is the next to be committed")
        elif seat not in self.people:
            report.fail(step, f"seq {seq}: a draw seed is logged for seat {seat}, which may give none (people: {self.people})")
        elif seat in self.pending:
            report.fail(step, f"seq {seq}: seat {seat} contributes a second seed for draw {number} (first at seq {self.pending[seat][0]})")
        else:
            self.pending[seat] = (seq, public["seed"])

    def committed(self, step: str, public: dict[str, Any], report: Report) -> None:
        """Check a draw commitment's seeds against the seeds logged for it."""
        pending, self.pending = self.pending, {}
        if self.sealed.committed(step, public, sorted(pending), report) or not self.seeded:
            return
        if any(name not in public for name in INPUTS):
            report.fail(step, f"the draw commitment lacks its seeds (seeds, seeds_missing, seeds_digest), which "
                              f"game {self.game}'s manifest requires")
            return
        seeds, missing = public["seeds"], public["seeds_missing"]
        if seeds_digest(seeds).hex() != public["seeds_digest"]:
            report.fail(step, "the draw's seeds digest does not match its seeds")
        check_used_seeds(step, "draw", seeds, pending, self.people, report, never_logged="for this draw before its commitment")
        for seat in seats_of(missing):
            if missing[str(seat)] not in SEED_MISSING_REASONS:
                report.fail(step, f"the seed of seat {seat} is missing for an unknown reason {missing[str(seat)]!r}")
        if seats_of(seeds):
            report.add(step, True, f"the seeds of seats {', '.join(map(str, seats_of(seeds)))} went into the draw")

    def revealed(self, step: str, committed: dict[str, Any], request: dict[str, Any], report: Report,
                 revealed: dict[str, Any] | None = None) -> None:
        """At the reveal (the request says who throws): the people the draw concerns gave a seed or are named missing
        (a check roll's or target die's sealed seeds: ``revealed``, the whole reveal, ``verify_check_seeds``)."""
        if revealed is not None:
            self.sealed.revealed(step, committed, revealed, report)
        if not self.seeded or any(name not in committed for name in INPUTS) or purpose_problem(request.get("purpose")):
            return
        seeds, missing = committed["seeds"], committed["seeds_missing"]
        due = concerned(request, self.people)
        for seat in seats_of(seeds):
            if seat in self.people and seat not in due:
                report.fail(step, f"the draw uses a seed for seat {seat}, whom it does not concern")
        absent = [seat for seat in due if str(seat) not in seeds]
        if seats_of(missing) != absent:
            report.fail(step, f"the draw lacks the seeds of seats {absent} but names {seats_of(missing)} as missing")
            return
        for seat in absent:
            reason = missing[str(seat)]
            if reason in DRAW_MISSING_WORDS:
                report.add(step, True, f"note: no seed from seat {seat} ({reason}): {DRAW_MISSING_WORDS[reason]}")
        if due and not seats_of(seeds):
            report.add(step, True, f"note: {alone_words(request['purpose']['kind'], missing)}")
