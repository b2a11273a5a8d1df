"""Each committed draw serves exactly one entry of its own game, in order: one rule for every draw kind.

Every kind of draw (``purposes``) is used by one kind of entry, of one rules family:

====================== ============== ================== ==========================================
draw kind              family         used by            which draw
====================== ============== ================== ==========================================
``roll_off``           liars_dice     ``roll_off``       the entry's ``draw``; its ``game`` is the ref
``poker_roll``         poker_bluff    ``cup_rolled``     the entry's ``draw``; its ``game`` is the ref
``poker_starter``      poker_bluff    ``starter_drawn``  the entry's ``draw``; its ``game`` is the ref
``bracket``            poker_bluff    ``bracket_drawn``  the entry's ``draw``; its ``game`` is the ref
``attempt_check``      liars_dice     ``attempt_checked`` the entry's ``draw``; its ``attempt`` is the ref
``attempt_target_die`` liars_dice     ``attempt_resolved`` the draw waiting, when it is this attempt's
====================== ============== ================== ==========================================

The rule (the table's fold and both verifiers hold the same one, message for message): a game has
at most one draw waiting to be used. A draw of a kind another family draws is refused (``draw/kind``:
a ``poker_roll`` at a Liar's Dice table); a draw committed while another waits leaves that one
serving nothing (``draw/unused``), as does a draw still waiting when its game ends or the log ends;
an entry that names a draw other than the one waiting, or one of another kind or reference, uses a
draw out of order (``draw/order``). So a server cannot commit dummy draws to step through the
committed secrets and pick the slot it likes: every draw is used by the entry right behind it.

A new kind must be added to ``USES`` (the module refuses to load otherwise), so it cannot skip
these checks; a kind a family declares (``declare``) comes with its use.

>>> from referee.fairness.purposes import purpose
>>> waiting = Waiting(1, purpose(POKER_ROLL, 1, 1))
>>> commit_problem("liars_dice", None, {"draw": 1, "purpose": purpose(POKER_ROLL, 1, 1)})
Problem(code='draw/kind', message='draw 1 (poker_roll of game 1 (roll 1)) is not a draw of a liars_dice game')
>>> commit_problem("poker_bluff", waiting, {"draw": 2, "purpose": purpose(POKER_ROLL, 1, 2)}).message
'draw 1 (poker_roll of game 1 (roll 1)) serves nothing: draw 2 is committed before any entry used it'
>>> use_problem("cup_rolled", {"game": 1, "draw": 1}, waiting) is None
True
>>> use_problem("cup_rolled", {"game": 1, "draw": 2}, waiting).message
'cup_rolled uses draw 2, but the draw to use is draw 1 (poker_roll of game 1 (roll 1)): draws are used in the order they are committed'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.fairness.purposes import (
    ATTEMPT_CHECK,
    ATTEMPT_TARGET_DIE,
    BRACKET,
    DRAWS_PER_REFERENCE,
    POKER_ROLL,
    POKER_STARTER,
    ROLL_OFF,
    DrawKind,
    PurposeError,
    describe,
    purpose_problem,
)
from referee.fairness.purposes import declare as declare_kind
from referee.fairness.report import Report

LIARS_DICE = "liars_dice"
"""The family of a game whose manifest's rules name none (``referee.games.registry.DEFAULT``)."""


@dataclass(frozen=True, slots=True)
class Use:
    """Which family draws a kind, which entry kind uses it, and the entry's field holding the draw's ref;
    ``named``: the entry names its draw in ``draw`` (else it uses the draw waiting, when that is its own)."""

    family: str
    entry: str
    ref: str
    named: bool = True


USES: dict[str, Use] = {
    ROLL_OFF: Use(LIARS_DICE, "roll_off", "game"),
    POKER_ROLL: Use("poker_bluff", "cup_rolled", "game"),
    POKER_STARTER: Use("poker_bluff", "starter_drawn", "game"),
    BRACKET: Use("poker_bluff", "bracket_drawn", "game"),
    ATTEMPT_CHECK: Use(LIARS_DICE, "attempt_checked", "attempt"),
    ATTEMPT_TARGET_DIE: Use(LIARS_DICE, "attempt_resolved", "attempt", named=False),
}
if set(USES) != set(DRAWS_PER_REFERENCE):
    raise ImportError("every draw kind of referee.fairness.purposes needs its entry in draw_uses.USES")
KIND_OF_ENTRY = {use.entry: kind for kind, use in USES.items()}
"""The draw kind each using entry kind uses."""


def declare(kind: DrawKind, use: Use) -> None:
    """A family's own kind of draw (``purposes.declare``), used by its entry ``use.entry``, under the rule
    above; a kind or an entry kind already taken is refused.

    >>> declare(DrawKind("coin_toss", 1, lambda shape: shape == [("coin", 2)], '("coin", 2) once'),
    ...         Use("coins", "roll_off", "game"))
    Traceback (most recent call last):
    ...
    referee.fairness.purposes.PurposeError: the entry kind 'roll_off' uses a draw kind already
    """
    if use.entry in KIND_OF_ENTRY:
        raise PurposeError(f"the entry kind {use.entry!r} uses a draw kind already")
    declare_kind(kind)
    USES[kind.name] = use
    KIND_OF_ENTRY[use.entry] = kind.name


@dataclass(frozen=True, slots=True)
class Waiting:
    """A committed draw no entry has used yet: its number and purpose (as committed)."""

    draw: int
    purpose: Any


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a draw or a use breaks the rule: a stable code for the table and a message naming the draw."""

    code: str
    message: str


def label(value: Any) -> str:
    """A purpose in words, or what it is when it is not one of the enumeration."""
    return describe(value) if purpose_problem(value) is None else "a purpose outside the enumeration"


def family_of(rules: Any) -> str:
    """The family a manifest's ``rules`` name (Liar's Dice when they name none)."""
    name = rules.get("game", LIARS_DICE) if isinstance(rules, dict) else LIARS_DICE
    return name if isinstance(name, str) else repr(name)


def commit_problem(family: str, waiting: Waiting | None, public: dict[str, Any]) -> Problem | None:
    """Why draw ``public`` (a commitment) may not be committed in a ``family`` game while ``waiting`` waits."""
    number, value = public["draw"], public.get("purpose")
    if waiting is not None:
        return Problem("draw/unused", f"draw {waiting.draw} ({label(waiting.purpose)}) serves nothing: draw {number} "
                                      "is committed before any entry used it")
    use = USES.get(value.get("kind")) if isinstance(value, dict) and purpose_problem(value) is None else None
    if use is not None and use.family != family:
        return Problem("draw/kind", f"draw {number} ({label(value)}) is not a draw of a {family} game")
    return None


def use_problem(kind: str, public: dict[str, Any], waiting: Waiting | None) -> Problem | None:
    """Why entry ``kind`` (one of ``KIND_OF_ENTRY``) with ``public`` may not use a draw now."""
    draw_kind = KIND_OF_ENTRY[kind]
    use = USES[draw_kind]
    if not use.named:
        return None
    number = public.get("draw")
    if waiting is None:
        return Problem("draw/order", f"{kind} uses draw {number}, but no draw is waiting to be used")
    if number != waiting.draw:
        return Problem("draw/order", f"{kind} uses draw {number}, but the draw to use is draw {waiting.draw} "
                                     f"({label(waiting.purpose)}): draws are used in the order they are committed")
    if not _serves(draw_kind, use, public, waiting):
        return Problem("draw/order", f"{kind} of {use.ref} {public.get(use.ref)} uses draw {waiting.draw} "
                                     f"({label(waiting.purpose)}), which is not its {draw_kind} draw")
    return None


def uses(kind: str, public: dict[str, Any], waiting: Waiting | None) -> bool:
    """True when entry ``kind`` (without a problem) uses the draw ``waiting``."""
    draw_kind = KIND_OF_ENTRY.get(kind)
    if draw_kind is None or waiting is None:
        return False
    use = USES[draw_kind]
    return use.named or _serves(draw_kind, use, public, waiting)


def _serves(draw_kind: str, use: Use, public: dict[str, Any], waiting: Waiting) -> bool:
    value = waiting.purpose
    return isinstance(value, dict) and value.get("kind") == draw_kind and value.get("ref") == public.get(use.ref)


def check_draw_uses(export: dict[str, Any], report: Report) -> None:
    """The rule over a whole export, in log order, into ``report`` (steps ``game G draw n``)."""
    families: dict[int, str] = {}
    waiting: dict[int, Waiting | None] = {}
    current: int | None = None

    def unused(game: int, why: str, seq: Any = None) -> None:
        left = waiting.get(game)
        if left is not None:
            at = f"seq {seq}: " if seq is not None else ""
            report.fail(f"game {game} draw {left.draw}", f"{at}draw {left.draw} ({label(left.purpose)}) serves nothing: {why}")
            waiting[game] = None

    for entry in export["entries"]:
        kind, public, seq = entry.get("kind"), entry.get("public"), entry.get("seq")
        try:
            if kind == "game_opened":
                if current is not None:
                    unused(current, f"game {public['game']} opens before any entry used it", seq)
                current = public["game"]
                families[current], waiting[current] = family_of(public.get("rules")), None
            elif kind == "draw_committed" and public.get("game") in families:
                game = public["game"]
                unused(game, f"draw {public['draw']} is committed before any entry used it", seq)
                problem = commit_problem(families[game], None, public)
                if problem is not None:
                    report.fail(f"game {game} draw {public['draw']}", f"seq {seq}: {problem.message}")
                waiting[game] = Waiting(public["draw"], public.get("purpose"))
            elif kind in KIND_OF_ENTRY and public.get("game", current) in families:
                game = public.get("game", current)
                left = waiting[game]
                problem = use_problem(kind, public, left)
                if problem is not None:
                    shown = left.draw if left is not None else public.get("draw")
                    report.fail(f"game {game} draw {shown}", f"seq {seq}: {problem.message}")
                if problem is not None or uses(kind, public, left):
                    waiting[game] = None
        except (KeyError, TypeError, AttributeError):
            continue  # a malformed entry is reported by the other checks
    for game in sorted(waiting):
        unused(game, "no entry uses it (the log ends)")
