"""The verifier's report: an ordered list of checks, each passed or failed with a message.

>>> report = Report()
>>> report.add("game 1", True, "manifest signed by the server key")
>>> report.add("game 1 round 3", False, "die 2 of seat 1 is revealed as 6 but was committed as 4")
>>> report.ok, [str(check) for check in report.failures]
(False, ['game 1 round 3: die 2 of seat 1 is revealed as 6 but was committed as 4'])
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Check:
    """One verified step: where (``step``), whether it holds, and what was found."""

    step: str
    ok: bool
    message: str

    def __str__(self) -> str:
        return f"{self.step}: {self.message}"


@dataclass(slots=True)
class Report:
    """Every check the verifier made, in the order it made them, and the ``summary``: one line per
    game of a family that sums its games up (a poker evening's pair, winner and rounds checked)."""

    checks: list[Check] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)

    def add(self, step: str, ok: bool, message: str) -> None:
        self.checks.append(Check(step, ok, message))

    def fail(self, step: str, message: str) -> None:
        self.add(step, False, message)

    @property
    def ok(self) -> bool:
        """True when every check holds (and at least one was made)."""
        return bool(self.checks) and all(check.ok for check in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]
