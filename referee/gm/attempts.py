"""Roleplay cheating (RULES.md C5): an attempt, its check, its outcome.

A player asks; the referee sets a difficulty and a modifier; the server rolls the check die
through the fairness draw; ``roll + modifier >= difficulty`` succeeds. A success applies the
kind's effect; a failure gets the referee's consequence: silence, a public announcement, or a
penalty die taken before the next roll.

>>> request = parse_request({"kind": "telekinesis", "die": 2, "value": 6, "description": "Взгляд чародея…"})
>>> request["kind"], request["die"], request["value"], request["target"]
('telekinesis', 2, 6, None)
>>> Check.of(difficulty=12, modifier=2, sides=20, roll=10, draw=1).success
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from referee.fields import DIE_INDICES, FACES, INT_MAX, SEATS, describe, fields_of, int_field, optional_int
from referee.rules.errors import MalformedAction

from .text import CHAT_LIMIT, clean_text

KINDS = ("telekinesis", "mind_reading", "loaded_die", "knock", "other")
TARGETED = ("knock", "mind_reading")
"""The kinds whose success draws one die of the target (``attempt_target_die``)."""
APPROVED = ("telekinesis",)
"""The kinds whose succeeded check waits for the referee to apply its effect (``referee_apply``) or refuse it."""
CONSEQUENCES = ("silence", "announce", "penalty")
DIFFICULTY_RANGE = (1, 200)
MODIFIER_RANGE = (-100, 100)

_FIELDS = {
    "telekinesis": ("die", "value"),
    "mind_reading": ("target",),
    "loaded_die": (),
    "knock": ("target", "value"),
    "other": (),
}
"""What each kind names besides its description."""

_RANGES = {"die": (*DIE_INDICES, "die/none"), "value": (*FACES, "die/value"), "target": (*SEATS, "attempt/target")}
"""Each number of an attempt: its range and the code of a number outside it."""


@dataclass(frozen=True, slots=True)
class Check:
    """The rolled check: ``roll`` on a d``sides`` (fairness draw number ``draw``) plus ``modifier`` against ``difficulty``."""

    difficulty: int
    modifier: int
    sides: int
    roll: int
    total: int
    success: bool
    draw: int

    @classmethod
    def of(cls, *, difficulty: int, modifier: int, sides: int, roll: int, draw: int) -> "Check":
        total = roll + modifier
        return cls(difficulty, modifier, sides, roll, total, total >= difficulty, draw)

    def to_dict(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty, "modifier": self.modifier, "sides": self.sides, "roll": self.roll,
                "total": self.total, "success": self.success, "draw": self.draw}


@dataclass(frozen=True, slots=True)
class Attempt:
    """One cheat attempt. ``status``: pending (waiting for the referee), judged (the referee set the
    difficulty and modifier, kept in ``judgement``: the check waits for the attempter's seed), rolled (a
    failed check waiting for its consequence, or a succeeded knock or mind reading waiting for its
    target die, or a succeeded telekinesis waiting for the referee to apply or refuse it:
    ``awaits_approval``), succeeded, failed, dismissed (the referee refused to roll, or refused a
    succeeded telekinesis its effect)."""

    id: int
    seat: int
    game: int
    round: int
    kind: str
    die: int | None
    target: int | None
    value: int | None
    description: str
    status: str = "pending"
    check: Check | None = None
    consequence: str | None = None
    effect: dict[str, Any] | None = None
    judgement: tuple[int, int] | None = None
    """(difficulty, modifier) once judged; never in ``to_dict`` (the attempter learns them with the check)."""

    @property
    def is_open(self) -> bool:
        """True until the attempt is settled (succeeded, failed with a consequence, or dismissed)."""
        return self.status in ("pending", "judged", "rolled")

    @property
    def targets_die(self) -> bool:
        """True for a kind whose success draws a die of its target (knock, mind reading)."""
        return self.kind in TARGETED

    @property
    def awaits_approval(self) -> bool:
        """True for a succeeded check whose effect waits for the referee (a telekinesis: ``APPROVED``).

        >>> rolled = Attempt(1, 0, 1, 1, "telekinesis", 2, None, 6, "").checked(Check.of(
        ...     difficulty=1, modifier=0, sides=20, roll=5, draw=1))
        >>> rolled.awaits_approval, replace(rolled, kind="knock").awaits_approval
        (True, False)
        """
        return self.status == "rolled" and self.check is not None and self.check.success and self.kind in APPROVED

    def checked(self, check: Check) -> "Attempt":
        return replace(self, status="rolled", check=check)

    def request(self) -> dict[str, Any]:
        """What the player asked, as logged."""
        return {"seat": self.seat, "kind": self.kind, "die": self.die, "target": self.target, "value": self.value,
                "description": self.description}

    def to_dict(self) -> dict[str, Any]:
        """Everything about the attempt (for its player, the referee and, after the game, the audit)."""
        return {"id": self.id, "game": self.game, "round": self.round, **self.request(), "status": self.status,
                "check": self.check.to_dict() if self.check else None, "consequence": self.consequence,
                "effect": self.effect}


def parse_request(data: Any) -> dict[str, Any]:
    """A player's attempt as sent: ``{kind, description, die?, target?, value?}``; each kind
    takes exactly its fields (telekinesis: die and value; mind reading: target; knock: target
    and value; loaded die and other: none). The description may hold line breaks."""
    if not isinstance(data, dict):
        raise MalformedAction("payload/malformed", "an attempt is an object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise MalformedAction("attempt/kind", f"an attempt's kind is one of {', '.join(KINDS)}, not {describe(kind)}")
    data = fields_of(data, "kind", "description", *_FIELDS[kind])
    request: dict[str, Any] = {"kind": kind, "die": None, "target": None, "value": None,
                               "description": clean_text(data.get("description"), limit=CHAT_LIMIT,
                                                         what="a description", multiline=True)}
    for name in _FIELDS[kind]:
        low, high, code = _RANGES[name]
        request[name] = int_field(data, name, low, high, code=code)
    return request


def parse_attempt_id(data: dict[str, Any]) -> int:
    """The attempt number a referee's command names (``attempt/unknown`` when no attempt can have it)."""
    return int_field(data, "attempt", 1, INT_MAX, code="attempt/unknown")


def parse_judgement(data: Any) -> tuple[int, int, int]:
    """``(attempt, difficulty, modifier)`` of the referee's ``referee_judge``; modifier defaults to 0.

    >>> parse_judgement({"attempt": 1, "difficulty": 12})
    (1, 12, 0)
    """
    data = fields_of(data, "attempt", "difficulty", "modifier")
    attempt = parse_attempt_id(data)
    difficulty = int_field(data, "difficulty", *DIFFICULTY_RANGE, code="attempt/difficulty")
    modifier = optional_int(data, "modifier", 0, *MODIFIER_RANGE, code="attempt/modifier")
    return attempt, difficulty, modifier


def parse_consequence(data: Any) -> tuple[int, str]:
    """``(attempt, consequence)`` of the referee's ``referee_failure``: silence, announce or penalty."""
    data = fields_of(data, "attempt", "consequence")
    attempt = parse_attempt_id(data)
    consequence = data.get("consequence")
    if not isinstance(consequence, str) or consequence not in CONSEQUENCES:
        raise MalformedAction("attempt/consequence", f"a consequence is one of {', '.join(CONSEQUENCES)}")
    return attempt, consequence
