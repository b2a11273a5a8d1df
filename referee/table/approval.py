"""Which cheat attempt licenses a die change (RULES.md C5: cheating is opt-in, and every change
follows an approved attempt).

Every DIE_CHANGED names its attempt. An effect (telekinesis, knock, a loaded die) is applied by
the table for the attempt whose check succeeded; a change by the referee's hand needs a
succeeded attempt of the kind ``other`` made in the round being played, and changes one die of
the referee's choice, once (RULES.md C5: "once, in its round"). At a table with cheating off
nothing licenses a change.

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> require_approved(state, 1)
Traceback (most recent call last):
...
referee.table.errors.TableError: roleplay cheating is off at this table: no die changes
"""
from __future__ import annotations

from referee.gm.attempts import Attempt

from .errors import TableError
from .state import TableState

HAND_KINDS = ("other",)
"""The kinds of attempt after which the referee may change a die by hand."""


def require_approved(state: TableState, attempt_id: int | None) -> Attempt:
    """The attempt that licenses a change now: cheating on, the attempt of this game, its check succeeded."""
    if not state.gm.settings.cheating:
        raise TableError("cheat/disabled", "roleplay cheating is off at this table: no die changes")
    if attempt_id is None:
        raise TableError("die/no_attempt", "a die changes only after an attempt succeeded: name the attempt")
    attempt = state.gm.attempt(attempt_id)
    if attempt is None:
        raise TableError("attempt/unknown", f"there is no attempt {attempt_id!r}")
    check = attempt.check
    succeeded = attempt.status == "succeeded" or (attempt.status == "rolled" and check is not None and check.success)
    if not succeeded:
        raise TableError("attempt/not_succeeded", f"attempt {attempt.id} is {attempt.status}: it changes no die")
    if attempt.game != state.game_no:
        raise TableError("attempt/stale", f"attempt {attempt.id} was made in game {attempt.game}")
    return attempt


def require_hand_change(state: TableState, attempt_id: int | None) -> Attempt:
    """The attempt that lets the referee change a die by hand: a succeeded ``other`` of this round
    that has changed no die yet (``attempt/used``)."""
    attempt = require_approved(state, attempt_id)
    if attempt.kind not in HAND_KINDS or attempt.status != "succeeded":
        raise TableError("attempt/not_other",
                         f"attempt {attempt.id} is a {attempt.kind}: only a succeeded \"other\" lets the referee change a die")
    game = state.game
    if game is None or attempt.round != game.round_no:
        raise TableError("attempt/stale", f"attempt {attempt.id} was made in an earlier round")
    changes = state.fairness.changes if state.fairness is not None else ()
    if any(change.get("attempt") == attempt.id for change in changes):
        raise TableError("attempt/used", f"attempt {attempt.id} has changed a die already: "
                                         "an \"other\" attempt changes one die, once")
    return attempt
