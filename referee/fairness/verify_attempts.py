"""The game verifier's checks of roleplay cheating (RULES.md C5): every die change and every
penalty die must come from an attempt that allows it.

The attempt entries (``attempt_submitted``, ``attempt_checked``, ``attempt_resolved``) keep
their details in secret parts that the export includes once the attempt's game is settled
(``referee.fairness.export``). ``Attempts`` collects them, the draws and every ``die_changed``
and ``penalty_applied`` in log order; ``check`` then judges each change and penalty:

* the table has roleplay cheating on (a referee named with ``cheating``), else no die may change;
* the change names (``attempt``) an attempt of the same game, which was checked: its total is
  roll + modifier, its success is total ≥ difficulty, the roll is the revealed value of the
  check draw on the table's check die, and it succeeded (a penalty: it failed, and the referee's
  consequence was a penalty for that seat, once);
* the attempt's kind allows this change: telekinesis its own die to the asked value in its
  round, once; a knock the target's die that its draw picked (value − 1) to the asked value in
  its round, once; a loaded die its own die 0 to six from the next round on, once a round;
  other: one die of the referee's choice (the change names it), in its round, once; mind reading
  changes nothing.

A change whose attempt is still sealed (its game is not over) is listed, not failed.

>>> from referee.fairness.report import Report
>>> report = Report()
>>> attempts = Attempts()
>>> attempts.die_changed({"seq": 9, "public": {"game": 1, "round": 1}, "secret": {"seat": 0, "index": 0, "value": 6,
...                       "attempt": 1, "reason": "attempt 1"}}, counts={0: 5, 1: 5})
>>> attempts.check(report)
>>> str(report.checks[0])
'game 1 round 1: seq 9: the die change (die 0 of seat 0 to 6) is at a table without roleplay cheating: no die may change'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .report import Report


@dataclass(slots=True)
class _Attempt:
    number: int
    game: int
    round: int
    request: dict[str, Any] | None = None
    check_draw: int | None = None
    check_seq: int = 0
    check: dict[str, Any] | None = None
    resolution: dict[str, Any] | None = None


@dataclass(slots=True)
class _Draw:
    seq: int
    revealed: dict[str, Any] | None = None


@dataclass(slots=True)
class Attempts:
    """Attempts, draws, die changes and penalties of a table's log, judged by ``check``."""

    cheating: bool = False
    check_die: int = 20
    attempts: dict[int, _Attempt] = field(default_factory=dict)
    draws: dict[tuple[int, int], _Draw] = field(default_factory=dict)
    changes: list[tuple[dict[str, Any], dict[int, int]]] = field(default_factory=list)
    penalties: list[tuple[dict[str, Any], int]] = field(default_factory=list)

    # -- collecting, in log order --------------------------------------------------------------

    def referee_named(self, public: dict[str, Any]) -> None:
        """The table's referee and its settings: cheating on or off, the check die."""
        settings = public.get("settings") or {}
        self.cheating = settings.get("cheating") is True
        self.check_die = settings.get("check_die", 20)

    def attempt_submitted(self, entry: dict[str, Any]) -> None:
        """An attempt: its game and round (public), what was asked (secret, once exported)."""
        public = entry["public"]
        self.attempts[public["attempt"]] = _Attempt(public["attempt"], public["game"], public["round"], entry["secret"])

    def attempt_checked(self, entry: dict[str, Any]) -> None:
        """The attempt's check: its draw (public) and the roll against the difficulty (secret)."""
        attempt = self.attempts.get(entry["public"]["attempt"])
        if attempt is not None:
            attempt.check_draw, attempt.check_seq, attempt.check = entry["public"]["draw"], entry["seq"], entry["secret"]

    def attempt_resolved(self, entry: dict[str, Any]) -> None:
        """The attempt's outcome and the referee's consequence (secret)."""
        attempt = self.attempts.get(entry["public"]["attempt"])
        if attempt is not None:
            attempt.resolution = entry["secret"]

    def draw_committed(self, entry: dict[str, Any]) -> None:
        """A draw of a game, where it sits in the log."""
        self.draws[(entry["public"]["game"], entry["public"]["draw"])] = _Draw(entry["seq"])

    def draw_revealed(self, entry: dict[str, Any]) -> None:
        """A draw's revealed request and results."""
        draw = self.draws.get((entry["public"]["game"], entry["public"]["draw"]))
        if draw is not None:
            draw.revealed = entry["public"]

    def die_changed(self, entry: dict[str, Any], counts: dict[int, int]) -> None:
        """A revealed die change; ``counts`` are the dice each seat was dealt in its round."""
        if entry["secret"] is not None:
            self.changes.append((entry, counts))

    def penalty_applied(self, entry: dict[str, Any], game: int) -> None:
        """A penalty die taken in ``game``."""
        self.penalties.append((entry, game))

    # -- judging ---------------------------------------------------------------------------------

    def check(self, report: Report) -> None:
        """One check per die change, then one per penalty, in log order."""
        uses: dict[tuple[int, int], int] = {}
        for entry, counts in self.changes:
            public, change = entry["public"], entry["secret"]
            where = (f"seq {entry['seq']}: the die change (die {change['index']} of seat {change['seat']} "
                     f"to {change['value']})")
            ok, message = self._change(entry, counts, uses, where)
            report.add(f"game {public['game']} round {public['round']}", ok, message)
        for entry, game in self.penalties:
            where = f"seq {entry['seq']}: the penalty die of seat {entry['public']['seat']}"
            ok, message = self._penalty(entry, game, uses, where)
            report.add(f"game {game}", ok, message)

    def _change(self, entry: dict[str, Any], counts: dict[int, int], uses: dict[tuple[int, int], int],
                where: str) -> tuple[bool, str]:
        public, change = entry["public"], entry["secret"]
        if not self.cheating:
            return False, f"{where} is at a table without roleplay cheating: no die may change"
        number = change.get("attempt")
        if isinstance(number, bool) or not isinstance(number, int):
            return False, f"{where} names no attempt"
        attempt = self.attempts.get(number)
        if attempt is None or attempt.game != public["game"]:
            return False, f"{where} names attempt {number}, which was not made in game {public['game']}"
        if attempt.request is None:
            return True, f"{where} names attempt {number}, whose details are published when the game ends: not checked yet"
        problem = self._check_problem(attempt, success=True)
        if problem is None and (attempt.resolution or {}).get("outcome") != "success":
            problem = f"attempt {number} did not succeed"
        if problem is None:
            problem = self._kind_problem(attempt, entry, counts, uses)
        if problem is not None:
            return False, f"{where}: {problem}"
        check = attempt.check or {}
        return True, (f"{where} follows attempt {number} ({attempt.request['kind']} by seat {attempt.request['seat']}), "
                      f"whose check succeeded: {check['roll']} + {check['modifier']} = {check['total']} ≥ {check['difficulty']}")

    def _penalty(self, entry: dict[str, Any], game: int, uses: dict[tuple[int, int], int], where: str) -> tuple[bool, str]:
        public = entry["public"]
        number = public["attempt"]
        attempt = self.attempts.get(number)
        if attempt is None or attempt.game != game:
            return False, f"{where} names attempt {number}, which was not made in game {game}"
        if attempt.request is None:
            return True, f"{where} names attempt {number}, whose details are published when the game ends: not checked yet"
        problem = self._check_problem(attempt, success=False)
        resolution = attempt.resolution or {}
        if problem is None and attempt.request["seat"] != public["seat"]:
            problem = f"attempt {number} was made by seat {attempt.request['seat']}"
        if problem is None and (resolution.get("outcome"), resolution.get("consequence")) != ("failure", "penalty"):
            problem = f"attempt {number} did not end in a penalty"
        if problem is None and _used(uses, (number, 0)) > 1:
            problem = f"attempt {number} costs one die only"
        if problem is not None:
            return False, f"{where}: {problem}"
        check = attempt.check or {}
        return True, (f"{where} follows attempt {number}, whose check failed ({check['roll']} + {check['modifier']} = "
                      f"{check['total']} < {check['difficulty']}) and whose consequence is a penalty")

    def _check_problem(self, attempt: _Attempt, *, success: bool) -> str | None:
        number, check = attempt.number, attempt.check
        if check is None or attempt.check_draw is None:
            return f"attempt {number} was never checked"
        roll, modifier, total, difficulty = check["roll"], check["modifier"], check["total"], check["difficulty"]
        if total != roll + modifier or check["success"] != (total >= difficulty):
            marked = "a success" if check["success"] else "a failure"
            return f"the check of attempt {number} does not add up: {roll} + {modifier} = {total} against {difficulty} is marked {marked}"
        if check["sides"] != self.check_die:
            return f"the check of attempt {number} rolls a d{check['sides']}, but the table's check die is a d{self.check_die}"
        draw = self.draws.get((attempt.game, attempt.check_draw))
        if check["draw"] != attempt.check_draw or draw is None or draw.revealed is None:
            return f"the check draw {attempt.check_draw} of attempt {number} is not revealed"
        result = draw.revealed["results"][0]
        if (result["value"], result["sides"]) != (roll, check["sides"]):
            return (f"the check of attempt {number} says it rolled {roll} on a d{check['sides']}, but draw "
                    f"{attempt.check_draw} revealed {result['value']} on a d{result['sides']}")
        if check["success"] != success:
            verdict = f"failed: {roll} + {modifier} = {total} < {difficulty}" if success else \
                f"succeeded: {roll} + {modifier} = {total} ≥ {difficulty}"
            return f"the check of attempt {number} {verdict}"
        return None

    def _kind_problem(self, attempt: _Attempt, entry: dict[str, Any], counts: dict[int, int],
                      uses: dict[tuple[int, int], int]) -> str | None:
        request, change, round_ = attempt.request or {}, entry["secret"], entry["public"]["round"]
        number, kind = attempt.number, request["kind"]
        asked = (change["seat"], change["index"], change["value"])
        if kind == "telekinesis":
            if asked != (request["seat"], request["die"], request["value"]):
                return f"attempt {number} is telekinesis on die {request['die']} of seat {request['seat']} to {request['value']}"
            return _same_round(attempt, round_) or _once(uses, number, 0, "changes one die once")
        if kind == "knock":
            if (change["seat"], change["value"]) != (request["target"], request["value"]):
                return f"attempt {number} is a knock on seat {request['target']} to {request['value']}"
            return _same_round(attempt, round_) or self._knocked_die(attempt, entry, counts) or \
                _once(uses, number, 0, "changes one die once")
        if kind == "loaded_die":
            if asked != (request["seat"], 0, 6):
                return f"attempt {number} loads die 0 of seat {request['seat']} to six"
            if round_ <= attempt.round:
                return f"a die loaded by attempt {number} shows six from round {attempt.round + 1} on"
            return _once(uses, number, round_, "loads one die a round")
        if kind == "other":
            return _same_round(attempt, round_) or _once(uses, number, 0, "changes one die once")
        return f"an attempt of kind {kind} changes no die"

    def _knocked_die(self, attempt: _Attempt, entry: dict[str, Any], counts: dict[int, int]) -> str | None:
        number, target = attempt.number, (attempt.request or {})["target"]
        picks = [(n, draw) for (game, n), draw in self.draws.items()
                 if game == attempt.game and attempt.check_seq < draw.seq < entry["seq"]]
        if not picks:
            return f"no draw picks the die of seat {target} for attempt {number}"
        n, draw = max(picks, key=lambda pick: pick[1].seq)
        if draw.revealed is None:
            return f"draw {n}, which picks the die for attempt {number}, is not revealed"
        result = draw.revealed["results"][0]
        if result["sides"] != counts.get(target):
            return f"draw {n} picks among {result['sides']} dice, but seat {target} holds {counts.get(target, 0)}"
        if result["value"] - 1 != entry["secret"]["index"]:
            return f"draw {n} picked die {result['value'] - 1} of seat {target}, not die {entry['secret']['index']}"
        return None


def _same_round(attempt: _Attempt, round_: int) -> str | None:
    return None if round_ == attempt.round else f"attempt {attempt.number} was made in round {attempt.round}"


def _used(uses: dict[tuple[int, int], int], key: tuple[int, int]) -> int:
    uses[key] = uses.get(key, 0) + 1
    return uses[key]


def _once(uses: dict[tuple[int, int], int], number: int, round_: int, what: str) -> str | None:
    return None if _used(uses, (number, round_)) == 1 else f"attempt {number} {what}"
