"""The Liar's Dice family of the game verifier: one game re-derived with ``referee.rules``.

``LiarsDiceReplay`` is built when the log starts a game and is fed that game's play entries
in log order. Every step goes through the rules engine (``new_game``, ``apply``,
``pending_roll``, ``first_opener``) with the table's ``Settings``: the opener of the game,
each deal's dice counts, every bid, every call (count and loser from the hands the rules
hold: the committed dice with the approved changes, which the dice half of the verifier
proves are the revealed hands), the next rounds, penalty dice, and the
winner (with ``game_settled``'s). The first mismatch fails one check naming the game, round
and seq, and the rest of the game is not re-derived (everything after it would follow from it).
The game's manifest (``game_opened``) must name the game's seats and the table's settings.

>>> from referee.fairness.report import Report
>>> report = Report()
>>> game = LiarsDiceReplay(GameStart(1, [0, 1], 0, 3, {"dice_per_player": 1}, None), report)
>>> game.feed({"seq": 5, "kind": "round_dealt", "public": {"game": 1, "round": 1, "counts": {"0": 1, "1": 1}},
...            "secret": {"hands": {"0": [2], "1": [5]}}})
>>> game.feed({"seq": 6, "kind": "bid", "public": {"seat": 0, "quantity": 2, "face": 2}, "secret": None})
>>> game.feed({"seq": 7, "kind": "liar", "public": {"seat": 1}, "secret": None})
>>> [str(check) for check in report.checks][-1]
'game 1 round 1: seq 7: seat 1 calls Liar on 2 × 2 by seat 0: 1 counted, so seat 0 loses 1 die and is out; seat 1 wins'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.rules import (Bid, CallLiar, ChangeDie, GameState, LoseDie, MakeBid, NextRound, Phase, Roll,
                           RulesError, Settings, apply, first_opener, new_game, pending_roll)
from referee.rules.state import Action

from .report import Report


@dataclass(frozen=True, slots=True)
class GameStart:
    """What the log says when a game starts (``game_started``), with the table's rules and the
    opener of the table's previous game (None for the first game)."""

    game: int
    seats: list[int]
    opener: int
    seq: int
    rules: dict[str, Any]
    previous_opener: int | None


def seat_counts(counts: dict[int, int]) -> str:
    """Dice by seat as the verifier's messages write them.

    >>> seat_counts({1: 4, 0: 5})
    'seat 0: 5, seat 1: 4'
    """
    return ", ".join(f"seat {seat}: {counts[seat]}" for seat in sorted(counts)) or "none"


class LiarsDiceReplay:
    """One Liar's Dice game re-derived from its log entries (``feed``) into ``report``."""

    KINDS = frozenset({"game_opened", "round_dealt", "die_changed", "bid", "liar", "round_revealed", "next_round",
                       "penalty_applied", "game_settled", "forfeit"})
    """The entry kinds of a game this family reads; the verifier feeds it exactly these."""

    def __init__(self, start: GameStart, report: Report) -> None:
        self.report = report
        self.number = start.game
        self.stopped = False
        self.blind = False
        self.calling = False
        self.last_seq = start.seq
        self.state: GameState | None = None
        self._start(start)

    @property
    def over(self) -> bool:
        """True once the rules have a winner (or the replay stopped: nothing more is expected)."""
        return self.stopped or (self.state is not None and self.state.phase is Phase.OVER)

    def feed(self, entry: dict[str, Any]) -> None:
        """Re-derive one entry of this game (one of ``KINDS``)."""
        if self.stopped or self.state is None:
            return
        self.last_seq = entry["seq"]
        getattr(self, "_" + entry["kind"])(entry["seq"], entry["public"], entry.get("secret"))

    def close(self, seq: int | None) -> None:
        """The log moves on to another game (at ``seq``) or ends (None): an unfinished game is noted or failed."""
        if self.over:
            return
        self.stopped = True
        if seq is None:
            self.report.add(self._game_step, True, f"in play: re-derived by the rules up to seq {self.last_seq}")
        else:
            self.report.fail(self._game_step, f"seq {seq}: game {self.number + 1} starts, but game {self.number} "
                                              "is not over by the rules")

    # -- steps --------------------------------------------------------------------------------

    @property
    def _now(self) -> GameState:
        """The rules state; ``feed`` calls a step only once the game has started."""
        if self.state is None:
            raise RuntimeError("the game has not started")
        return self.state

    @property
    def _game_step(self) -> str:
        return f"game {self.number}"

    @property
    def _round_step(self) -> str:
        return f"game {self.number} round {self.state.round_no if self.state else 0}"

    def _stop(self, step: str, message: str) -> None:
        self.report.fail(step, message)
        self.stopped = True

    def _start(self, start: GameStart) -> None:
        try:
            settings = Settings.from_dict(start.rules)
            state = new_game(settings, start.seats, start.opener)
        except RulesError as error:
            self._stop(self._game_step, f"seq {start.seq}: the rules cannot start this game ({error.code})")
            return
        rule_opener = first_opener(state.seats, start.previous_opener)
        if start.opener != rule_opener:
            self._stop(self._game_step, f"seq {start.seq}: seat {start.opener} opens game {start.game}, but the opener "
                                        f"rule (RULES.md A1.3) gives seat {rule_opener}")
            return
        self.state = state
        self.report.add(self._game_step, True, f"seq {start.seq}: seats {', '.join(map(str, state.seats))} start with "
                                               f"{settings.dice_per_player} dice each; seat {start.opener} opens, as the "
                                               "opener rule gives")

    def _game_opened(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        state = self._now
        try:
            same = Settings.from_dict(public["rules"]) == state.settings
        except RulesError:
            same = False
        if list(public["seats"]) != list(state.seats) or not same:
            self._stop(self._game_step, f"seq {seq}: the manifest names other seats or rules than the game's start "
                                        "and the table")

    def _apply(self, seq: int, action: Action, doing: str) -> bool:
        try:
            self.state = apply(self._now, action).state
        except RulesError as error:
            self._stop(self._round_step, f"seq {seq}: {doing}, which the rules refuse ({error.code}; {self._situation()})")
            return False
        return True

    def _situation(self) -> str:
        state = self._now
        if state.phase is not Phase.BIDDING:
            return f"round {state.round_no} is {state.phase.value}"
        standing = state.standing_bid
        bid = f"{standing.bid.quantity} × {standing.bid.face} by seat {standing.seat}" if standing else "none"
        return f"standing bid {bid}, seat {state.turn} to act, {state.total_dice} dice in play"

    def _round_dealt(self, seq: int, public: dict[str, Any], secret: dict[str, Any] | None) -> None:
        state = self._now
        if state.phase is Phase.OVER:
            self._stop(self._game_step, f"seq {seq}: round {public['round']} is dealt, but the game is over by the "
                                        f"rules: seat {state.winner} won")
            return
        if public["round"] != state.round_no or state.phase is not Phase.ROLLING:
            self._stop(self._game_step, f"seq {seq}: round {public['round']} is dealt while the rules are at round "
                                        f"{state.round_no} ({state.phase.value})")
            return
        held = pending_roll(state)
        given = {int(seat): count for seat, count in public["counts"].items()}
        if given != held:
            out = [seat for seat in state.seats if seat not in held]
            detail = f" (out: {', '.join(f'seat {s}' for s in out)})" if out else ""
            last = f"; round {state.round_no - 1}: {self._result_text()}" if state.result else ""
            self._stop(self._round_step, f"seq {seq}: the deal's dice counts ({seat_counts(given)}) differ from the "
                                         f"dice the rules hold ({seat_counts(held)}){detail}{last}")
            return
        self.blind = secret is None
        hands = {int(s): list(h) for s, h in secret["hands"].items()} if secret is not None else {}
        roll = Roll(tuple(tuple(hands.get(seat, [1] * held.get(seat, 0))) for seat in state.seats))
        if self._apply(seq, roll, "the dealt dice do not fit the dice counts"):
            self.report.add(self._round_step, True, f"seq {seq}: the deal matches the dice the rules hold ({seat_counts(held)})")

    def _result_text(self) -> str:
        result = self._now.result
        if result is None:
            return "no call"
        return (f"{result.bid.quantity} × {result.bid.face} by seat {result.bidder} called by seat {result.caller}, "
                f"{result.count} counted, seat {result.loser} lost")

    def _die_changed(self, seq: int, public: dict[str, Any], secret: dict[str, Any] | None) -> None:
        if secret is None:
            return  # the round is not revealed: its changes are sealed, and so are its dice
        self._apply(seq, ChangeDie(secret["seat"], secret["index"], secret["value"]),
                    f"die {secret['index']} of seat {secret['seat']} is changed to {secret['value']}")

    def _bid(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        self._apply(seq, MakeBid(public["seat"], Bid(public["quantity"], public["face"])),
                    f"seat {public['seat']} bids {public['quantity']} × {public['face']}")

    def _liar(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        if self.blind:
            self._stop(self._round_step, f"seq {seq}: seat {public['seat']} calls Liar, but the round's dice are not "
                                         "in the export (its reveal is missing): the count cannot be re-derived")
            return
        if not self._apply(seq, CallLiar(public["seat"]), f"seat {public['seat']} calls Liar"):
            return
        state = self._now
        result = state.result
        if result is None:
            raise RuntimeError("a call leaves a result")
        lost = "die" if result.dice_lost == 1 else "dice"
        text = (f"seq {seq}: seat {result.caller} calls Liar on {result.bid.quantity} × {result.bid.face} by seat "
                f"{result.bidder}: {result.count} counted, so seat {result.loser} loses {result.dice_lost} {lost}")
        if state.count_of(result.loser) == 0:
            text += " and is out"
        if state.phase is Phase.OVER:
            text += f"; seat {state.winner} wins"
        self.calling = True
        self.report.add(self._round_step, True, text)

    def _round_revealed(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        """A reveal ends a called round; that it shows the committed dice with the approved changes
        (the hands the rules counted) is the dice half's check (``verify_games``)."""
        state = self._now
        if not self.calling or state.result is None:
            self._stop(self._round_step, f"seq {seq}: round {public['round']} is revealed, but nobody called Liar")
            return
        self.calling = False

    def _next_round(self, seq: int, _public: dict[str, Any], _secret: Any) -> None:
        self._apply(seq, NextRound(), "the next round starts")

    def _penalty_applied(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        if self._apply(seq, LoseDie(public["seat"]), f"seat {public['seat']} loses a penalty die"):
            state = self._now
            if state.phase is Phase.OVER:
                self.report.add(self._game_step, True, f"seq {seq}: the penalty leaves seat {state.winner} the last "
                                                       f"player holding dice: seat {state.winner} wins")

    def _game_settled(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        state = self._now
        if state.phase is not Phase.OVER:
            self._stop(self._game_step, f"seq {seq}: game_settled names seat {public['winner']} the winner, but the "
                                        "game is not over by the rules")
        elif public["winner"] != state.winner:
            self._stop(self._game_step, f"seq {seq}: game_settled names seat {public['winner']} the winner, but by the "
                                        f"rules seat {state.winner} won")
        else:
            self.report.add(self._game_step, True, f"seq {seq}: game_settled names seat {state.winner} the winner, "
                                                   "as the rules do")

    def _forfeit(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        self.stopped = True
        self.report.add(self._game_step, True, f"seq {seq}: seat {public['seat']} forfeits the round (an arena fault, "
                                               "which the rules do not model): the rest of the game is not re-derived")
