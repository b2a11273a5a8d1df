"""Checks of what goes into the dice: whose seeds a deal used, and what each draw is for.

Nobody, the server included, may choose a die once the manifest is signed. The only inputs
of a deal besides the committed x_r are the people's seeds, and the only free input of a
draw is its purpose; so the verifier checks that

* a deal uses exactly the seeds the log shows contributed for that round (``seed_contributed``,
  by that seat, logged after the previous round's reveal and before the deal), only from seats
  the manifest names in ``seed_seats`` (the people at the start; bots never), and says for
  every other person in the round why their seed is missing (reported as a plain note);
* a draw's purpose is from the enumeration (``purposes``), drawn once per reference (a retry
  fails), serving an attempt logged in the game (a roll-off or a poker-dice roll: the game
  itself), with the items its kind draws.

>>> from referee.fairness.report import Report
>>> ledger, report = SeedLedger({"game": 1, "seed_seats": [0, 1]}), Report()
>>> ledger.contributed({"seq": 5, "public": {"round": 1, "seat": 0, "seed": "ab" * 32}}, 1, report)
>>> ledger.dealt("game 1 round 1", {"counts": {"0": 3, "1": 3, "2": 3}, "seeds": {"0": "ab" * 32},
...                                 "seeds_missing": {"1": "late"}}, report)
>>> [str(check) for check in report.checks]
['game 1 round 1: note: no seed from seat 1 (late): their seed had not arrived when the wait for seeds ran out']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.fairness.dealer import SEED_MISSING_REASONS
from referee.fairness.encoding import seats_of
from referee.fairness.purposes import (
    ATTEMPT_CHECK,
    ATTEMPT_TARGET_DIE,
    ROLL_OFF,
    describe,
    is_game_kind,
    items_problem,
    purpose_problem,
    target_seat,
)
from referee.fairness.report import Report

ATTEMPT_SUBMITTED = "attempt_submitted"
MISSING_WORDS = {
    "not_connected": "their browser was not connected when the round was dealt",
    "late": "their seed had not arrived when the wait for seeds ran out",
}


def check_used_seeds(step: str, what: str, seeds: dict[str, Any], pending: dict[int, tuple[int, str]],
                     people: list[int], report: Report, *, never_logged: str, holding: set[int] | None = None) -> None:
    """The one check of the seeds a deal or a draw (``what``) uses against those logged for it (``pending``: seat
    -> (seq, seed)): each is a person's (``people``), of a seat holding dice (``holding``, for a deal), logged
    before it (``never_logged`` ends the message of one that was not) and the very one logged; each logged
    seed is used.

    >>> report = Report()
    >>> check_used_seeds("game 1 draw 2", "draw", {"0": "ab"}, {1: (7, "cd")}, [0, 1], report,
    ...                  never_logged="for this draw before its commitment")
    >>> [check.message for check in report.checks]  # doctest: +NORMALIZE_WHITESPACE
    ['the draw uses a seed for seat 0 that was never logged for this draw before its commitment',
     'the seed seat 1 contributed at seq 7 is not in the draw']
    """
    for seat in seats_of(seeds):
        logged = pending.get(seat)
        if seat not in people:
            report.fail(step, f"the {what} uses a seed for seat {seat}, which may give none (people: {people}): a seed the server chose")
        elif holding is not None and seat not in holding:
            report.fail(step, f"the {what} uses a seed for seat {seat}, which holds no dice in this round")
        elif logged is None:
            report.fail(step, f"the {what} uses a seed for seat {seat} that was never logged {never_logged}")
        elif logged[1] != seeds[str(seat)]:
            report.fail(step, f"the {what} uses another seed for seat {seat} than the one it contributed at seq {logged[0]}")
    for seat, (seq, _) in sorted(pending.items()):
        if str(seat) not in seeds:
            report.fail(step, f"the seed seat {seat} contributed at seq {seq} is not in the {what}")


class SeedLedger:
    """One game's logged seeds, checked against each deal of the game."""

    def __init__(self, manifest: dict[str, Any]) -> None:
        self.game = manifest["game"]
        self.people = manifest.get("seed_seats")
        self.pending: dict[int, tuple[int, str]] = {}

    def contributed(self, entry: dict[str, Any], awaited: int | None, report: Report) -> None:
        """A ``seed_contributed`` entry while round ``awaited`` waits for its deal (None: no round waits)."""
        public, seq = entry["public"], entry["seq"]
        seat, number = public["seat"], public["round"]
        step = f"game {self.game} round {number}"
        if awaited is None or number != awaited:
            waiting = f"round {awaited} is waiting for seeds" if awaited else "no round is waiting for seeds"
            report.fail(step, f"seq {seq}: a seed of seat {seat} for round {number} is logged while {waiting}")
        elif self.people is not None and seat not in self.people:
            report.fail(step, f"seq {seq}: a seed is logged for seat {seat}, which may give none (people: {self.people})")
        elif seat in self.pending:
            report.fail(step, f"seq {seq}: seat {seat} contributes a second seed for round {number} (first at seq {self.pending[seat][0]})")
        else:
            self.pending[seat] = (seq, public["seed"])

    def dealt(self, step: str, public: dict[str, Any], report: Report) -> None:
        """Check a round commitment's seeds and missing seeds against the log, then start the next round's window."""
        pending, self.pending = self.pending, {}
        if self.people is None:
            report.fail(step, "the manifest does not name the seats that may give seeds (seed_seats)")
            return
        seeds, missing = public["seeds"], public["seeds_missing"]
        in_round = set(seats_of(public["counts"]))
        check_used_seeds(step, "deal", seeds, pending, self.people, report,
                         never_logged="as contributed for this round before the deal", holding=in_round)
        absent = [seat for seat in self.people if seat in in_round and str(seat) not in seeds]
        if seats_of(missing) != absent:
            report.fail(step, f"the deal lacks the seeds of seats {absent} but names {seats_of(missing)} as missing")
        for seat in seats_of(missing):
            reason = missing[str(seat)]
            if reason not in SEED_MISSING_REASONS:
                report.fail(step, f"the seed of seat {seat} is missing for an unknown reason {reason!r}")
            elif seat in absent:
                report.add(step, True, f"note: no seed from seat {seat} ({reason}): {MISSING_WORDS[reason]}")
        if absent and not seeds and seats_of(missing) == absent:
            report.add(step, True, f"note: {deal_alone_words(missing)}")


def deal_alone_words(missing: dict[str, str]) -> str:
    """The loud words for a round no person's seed went into (``missing``: every person in the round, with the
    reason): said by the verifiers as by the pages (``fair.deal_alone``).

    >>> deal_alone_words({"0": "not_connected", "1": "late"})
    "this round's dice were dealt by the server alone: no seed arrived in time"
    """
    why = "nobody was connected" if set(missing.values()) == {"not_connected"} else "no seed arrived in time"
    return f"this round's dice were dealt by the server alone: {why}"


@dataclass(slots=True)
class DrawLedger:
    """One game's draw purposes and the attempts they may serve."""

    game: int
    attempts: set[int] = field(default_factory=set)
    drawn: dict[tuple[str, int], dict[int, int]] = field(default_factory=dict)
    """(kind, ref) -> {counter: the draw number that first drew it}."""

    def attempt(self, public: dict[str, Any]) -> None:
        """An ``attempt_submitted`` entry of this game: its number may be served by draws."""
        self.attempts.add(public["attempt"])

    def committed(self, step: str, public: dict[str, Any], dealt_rounds: int, report: Report) -> None:
        """Check a draw commitment's purpose: enumerated, once per reference, serving something logged."""
        value = public.get("purpose")
        problem = purpose_problem(value)
        if problem:
            report.fail(step, f"the purpose is not from the enumeration: {problem}")
            return
        kind, ref, counter = value["kind"], value["ref"], value["counter"]
        earlier = self.drawn.setdefault((kind, ref), {})
        if counter in earlier:
            report.fail(step, f"{describe(value)} is drawn again (first as draw {earlier[counter]}): a retried draw")
        elif counter != max(earlier, default=0) + 1:
            report.fail(step, f"{describe(value)} skips roll {max(earlier, default=0) + 1}")
        earlier.setdefault(counter, public["draw"])
        if kind == ROLL_OFF and (ref != self.game or dealt_rounds):
            report.fail(step, f"{describe(value)} is not a roll-off before the first deal of game {self.game}")
        elif kind != ROLL_OFF and is_game_kind(kind) and ref != self.game:
            report.fail(step, f"{describe(value)} is drawn in game {self.game}")
        elif not is_game_kind(kind) and ref not in self.attempts:
            report.fail(step, f"{describe(value)} serves an attempt that was never submitted in game {self.game}")
        elif kind == ATTEMPT_TARGET_DIE and not self.drawn.get((ATTEMPT_CHECK, ref)):
            report.fail(step, f"{describe(value)} is drawn before the attempt's check")

    def revealed(self, step: str, committed: dict[str, Any], request: dict[str, Any],
                 counts: dict[str, int], report: Report) -> None:
        """Check a revealed request: only {purpose, items}, the committed purpose, the items of its kind."""
        if set(request) != {"purpose", "items"}:
            report.fail(step, f"the request has inputs other than purpose and items: {sorted(set(request) - {'purpose', 'items'})}")
        value = request.get("purpose")
        if value != committed.get("purpose"):
            report.fail(step, "the revealed request's purpose is not the committed purpose")
            return
        if purpose_problem(value) is not None:
            return
        problem = items_problem(value, request["items"])
        if problem:
            report.fail(step, problem)
        elif value["kind"] == ATTEMPT_TARGET_DIE:
            seat = target_seat(request["items"][0])
            if request["items"][0]["sides"] != counts.get(str(seat)):
                report.fail(step, f"{describe(value)} picks among {request['items'][0]['sides']} dice, seat {seat} holds {counts.get(str(seat), 0)} this round")
