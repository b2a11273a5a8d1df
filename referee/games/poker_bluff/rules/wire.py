"""A player's action from its JSON form (what a page or a bot sends), refused with a stable code
when it is not well formed; whether it is allowed now is the engine's to say.

>>> action_from_json(1, {"type": "reroll", "keep": [4, 6]})
Reroll(seat=1, keep=(4, 6))
>>> action_from_json(0, {"type": "declare", "declaration": {"kind": "pair", "faces": [4, 6]}})
Declare(seat=0, declaration=Declaration(kind='pair', faces=(4, 6)))
>>> action_from_json(0, {"type": "pass"})
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: an action is declare, believe, doubt or reroll, got {'type': 'pass'}
"""
from __future__ import annotations

from typing import Any

from referee.rules.errors import MalformedAction
from referee.games.poker_bluff.rules.declarations import from_dict
from referee.games.poker_bluff.rules.state import Action, Believe, Declare, Doubt, Reroll

FIELDS = {"declare": {"type", "declaration"}, "believe": {"type"}, "doubt": {"type"}, "reroll": {"type", "keep"}}


def action_from_json(seat: int, data: Any) -> Action:
    """The action ``seat`` sends as ``data``."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS:
        raise MalformedAction("action/malformed", f"an action is declare, believe, doubt or reroll, got {data!r}")
    if set(data) != FIELDS[kind]:
        raise MalformedAction("action/malformed", f"a {kind} action has the fields {sorted(FIELDS[kind])}, "
                                                  f"got {sorted(map(str, data))}")
    if kind == "declare":
        return Declare(seat, from_dict(data["declaration"]))
    if kind == "believe":
        return Believe(seat)
    if kind == "doubt":
        return Doubt(seat)
    keep = data["keep"]
    if not isinstance(keep, list) or any(isinstance(d, bool) or not isinstance(d, int) for d in keep):
        raise MalformedAction("reroll/malformed", f"the dice to keep are a list of faces, got {keep!r}")
    return Reroll(seat, tuple(keep))
