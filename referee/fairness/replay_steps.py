"""What every family's game replay shares in the verifier: the game's step names, its rules state
and how a failure stops it.

A family's replay (``referee.games.liars_dice.verify.LiarsDiceReplay``, ``referee.games.poker_bluff.replay.PokerGameReplay``)
re-derives one game from its log entries into a ``Report`` through its rules' ``apply`` (the
class attribute ``rules``); its checks are named after the game ("game 2") or its round ("game 2
round 3"), and the first failure stops the game's replay. The check of ``game_settled`` (the
winner the table named is the rules' winner) is the same for every family; what a wrong winner's
message adds is the family's (``_winner_detail``). The audit page's twin is
``static/js/replay_steps.js``, message for message.

>>> from referee.fairness.report import Report
>>> replay = ReplaySteps()
>>> replay.report, replay.number, replay.state, replay.stopped = Report(), 2, None, False
>>> replay._game_step, replay._round_step
('game 2', 'game 2 round 0')
>>> replay._stop("game 2", "not over by the rules"); replay.stopped, replay.report.ok
(True, False)
>>> replay._winner_detail()
''

"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from referee.rules.errors import RulesError

from .report import Report

State = TypeVar("State")
Move = TypeVar("Move")


class ReplaySteps(Generic[State, Move]):
    """Mixed into a family's game replay, which sets ``report``, ``number``, ``state`` and
    ``stopped``, names its rules' ``apply`` as ``rules`` and says where the game stands
    (``_situation``) when the rules refuse a move."""

    report: Report
    number: int
    state: State | None
    stopped: bool
    rules: Callable[[State, Move], Any]

    def _situation(self) -> str:
        raise NotImplementedError

    def _winner_detail(self) -> str:
        """What the message of a wrong winner adds after the rules' winner ("": nothing)."""
        return ""

    @property
    def _now(self) -> State:
        """The rules state; a replay calls a step only once its game has started."""
        if self.state is None:
            raise RuntimeError("the game has not started")
        return self.state

    @property
    def _game_step(self) -> str:
        return f"game {self.number}"

    @property
    def _round_step(self) -> str:
        state: Any = self.state
        return f"game {self.number} round {state.round_no if state is not None else 0}"

    def _stop(self, step: str, message: str) -> None:
        """Fail ``step`` with ``message``; the game's replay stops there."""
        self.report.fail(step, message)
        self.stopped = True

    def _apply(self, seq: int, action: Move, doing: str) -> bool:
        """Play ``action`` (the entry at ``seq``, ``doing`` in words); a move the rules refuse stops the game."""
        try:
            self.state = type(self).rules(self._now, action).state
        except RulesError as error:
            self._stop(self._round_step, f"seq {seq}: {doing}, which the rules refuse ({error.code}; {self._situation()})")
            return False
        return True

    def _game_settled(self, seq: int, public: dict[str, Any], _secret: Any = None) -> None:
        """The table names the game's winner: it must be over by the rules, won by that seat."""
        state: Any = self._now
        if state.phase.value != "over":
            self._stop(self._game_step, f"seq {seq}: game_settled names seat {public['winner']} the winner, but the "
                                        "game is not over by the rules")
        elif public["winner"] != state.winner:
            self._stop(self._game_step, f"seq {seq}: game_settled names seat {public['winner']} the winner, but by the "
                                        f"rules seat {state.winner} won{self._winner_detail()}")
        else:
            self.report.add(self._game_step, True, f"seq {seq}: game_settled names seat {state.winner} the winner, "
                                                   "as the rules do")
