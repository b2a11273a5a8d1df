"""The Liar's Dice family of the game verifier: one game re-derived with ``referee.games.liars_dice.rules``.

``LiarsDiceReplay`` is built when the log starts a game and is fed that game's play entries
in log order. Every step goes through the rules engine (``new_game``, ``apply``,
``pending_roll``, ``first_opener``) with the table's ``Settings``, whatever house rules they
switch on: the opener of the game (or, under ``first_opener = roll_off``, every roll-off throw
against its revealed draw, ``verify_roll_off``, and the seat order it decides), each deal's dice
counts (a palifico round noted), every bid, every call of Liar or spot on, in turn or out of turn
(count and loser from the hands the rules hold: the committed dice with the approved changes,
which the dice half of the verifier proves are the revealed hands; the dice lost under ``loss``,
a die given back), the next rounds, penalty dice, and the winner (with ``game_settled``'s). The first mismatch fails one check naming the game, round
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

from referee.games.liars_dice.rules import (Bid, CallLiar, ChangeDie, GameState, LoseDie, MakeBid, NextRound, Phase, Roll, RollOff,
                           RulesError, Settings, SpotOn, apply, first_opener, new_game, pending_roll, pending_roll_off)
from referee.games.liars_dice.rules.bound import ROUND_BOUND
from referee.games.liars_dice.rules.state import Action

from referee.fairness.replay_steps import ReplaySteps
from referee.fairness.report import Report
from referee.games.liars_dice.verify_roll_off import throw_problem, throw_text


@dataclass(frozen=True, slots=True)
class GameStart:
    """What the log says when a game starts (``game_started``), with the table's rules and the
    opener of the table's previous game (None for the first game)."""

    game: int
    seats: list[int]
    opener: int | None
    seq: int
    rules: dict[str, Any]
    previous_opener: int | None


def seat_counts(counts: dict[int, int]) -> str:
    """Dice by seat as the verifier's messages write them.

    >>> seat_counts({1: 4, 0: 5})
    'seat 0: 5, seat 1: 4'
    """
    return ", ".join(f"seat {seat}: {counts[seat]}" for seat in sorted(counts)) or "none"


class LiarsDiceReplay(ReplaySteps[GameState, Action]):
    """One Liar's Dice game re-derived from its log entries (``feed``) into ``report``."""

    KINDS = frozenset({"game_opened", "round_dealt", "die_changed", "bid", "liar", "spot_on", "round_revealed",
                       "next_round", "penalty_applied", "game_settled", "forfeit", "draw_revealed", "roll_off"})
    """The entry kinds of a game this family reads; the verifier feeds it exactly these."""
    rules = staticmethod(apply)
    """The rules every move is played through (``ReplaySteps._apply``)."""

    def __init__(self, start: GameStart, report: Report) -> None:
        self.report = report
        self.number = start.game
        self.stopped = False
        self.blind = False
        self.calling = False
        self.last_seq = start.seq
        self.state: GameState | None = None
        self.draws: dict[int, dict[str, Any]] = {}
        self.throws = 0
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

    def _start(self, start: GameStart) -> None:
        try:
            settings = Settings.from_dict(start.rules)
            state = new_game(settings, start.seats, start.opener)
        except RulesError as error:
            self._stop(self._game_step, f"seq {start.seq}: the rules cannot start this game ({error.code})")
            return
        if settings.first_opener == "roll_off":
            self.state = state
            self.report.add(self._game_step, True, f"seq {start.seq}: seats {', '.join(map(str, state.seats))} start "
                                                   f"with {settings.dice_per_player} dice each; the roll-off decides "
                                                   "who opens")
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
            palifico = "; a palifico round: ones are not wild" if self._now.palifico else ""
            self.report.add(self._round_step, True, f"seq {seq}: the deal matches the dice the rules hold "
                                                    f"({seat_counts(held)}){palifico}")

    def _result_text(self) -> str:
        result = self._now.result
        if result is None:
            return "no call"
        call = "spot on said" if result.call == "spot_on" else "called"
        lost = "nobody lost" if result.loser is None else f"seat {result.loser} lost"
        return (f"{result.bid.quantity} × {result.bid.face} by seat {result.bidder} {call} by seat {result.caller}, "
                f"{result.count} counted, {lost}")

    def _die_changed(self, seq: int, public: dict[str, Any], secret: dict[str, Any] | None) -> None:
        if secret is None:
            return  # the round is not revealed: its changes are sealed, and so are its dice
        self._apply(seq, ChangeDie(secret["seat"], secret["index"], secret["value"]),
                    f"die {secret['index']} of seat {secret['seat']} is changed to {secret['value']}")

    def _bid(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        self._apply(seq, MakeBid(public["seat"], Bid(public["quantity"], public["face"])),
                    f"seat {public['seat']} bids {public['quantity']} × {public['face']}")

    def _liar(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        self._call(seq, public["seat"], CallLiar(public["seat"]), "calls Liar")

    def _spot_on(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        self._call(seq, public["seat"], SpotOn(public["seat"]), "says spot on")

    def _call(self, seq: int, seat: int, action: CallLiar | SpotOn, says: str) -> None:
        if self.blind:
            self._stop(self._round_step, f"seq {seq}: seat {seat} {says}, but the round's dice are not "
                                         "in the export (its reveal is missing): the count cannot be re-derived")
            return
        if not self._apply(seq, action, f"seat {seat} {says}"):
            return
        state = self._now
        result = state.result
        if result is None:
            raise RuntimeError("a call leaves a result")
        words = "calls Liar on" if result.call == "liar" else "says spot on to"
        text = (f"seq {seq}: seat {result.caller} {words} {result.bid.quantity} × {result.bid.face} by seat "
                f"{result.bidder}: {result.count} counted, so {self._cost(state)}")
        if state.phase is Phase.OVER and len(state.in_game) > 1:
            text += (f"; the game has reached its bound of {ROUND_BOUND} rounds: seat {state.winner} holds the most "
                     "dice and wins")
        elif state.phase is Phase.OVER:
            text += f"; seat {state.winner} wins"
        self.calling = True
        self.report.add(self._round_step, True, text)

    @staticmethod
    def _cost(state: GameState) -> str:
        """Who loses (or gets back) how many dice after a call, in the verifier's words."""
        result = state.result
        if result is None:
            return "nothing changes"
        if result.loser is None:
            back = f"gets {result.dice_gained} die back" if result.dice_gained else "gets no die back (it holds all its dice)"
            return f"nobody loses and seat {result.caller} {back}"
        lost = "die" if result.dice_lost == 1 else "dice"
        text = f"seat {result.loser} loses {result.dice_lost} {lost}"
        return text + " and is out" if state.count_of(result.loser) == 0 else text

    def _draw_revealed(self, _seq: int, public: dict[str, Any], _secret: Any) -> None:
        self.draws[public["draw"]] = public

    def _roll_off(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        state = self._now
        counter, throwing = self.throws + 1, pending_roll_off(state)
        step = f"{self._game_step} roll-off"
        if not throwing:
            self._stop(step, f"seq {seq}: a roll-off throw is logged, but the rules wait for none "
                             f"(the game is {state.phase.value})")
            return
        if public["counter"] != counter:
            self._stop(step, f"seq {seq}: roll-off throw {public['counter']} is logged where the rules expect "
                             f"throw {counter}")
            return
        problem = throw_problem(self.draws.get(public["draw"]), self.number, counter, throwing, public["dice"])
        if problem:
            self._stop(step, f"seq {seq}: {problem}")
            return
        dice = public["dice"]
        throw = RollOff(tuple(tuple(dice.get(str(seat), ())) for seat in state.seats))
        if not self._apply(seq, throw, f"roll-off throw {counter}"):
            return
        self.throws = counter
        after = self._now
        if after.phase is Phase.ROLLING_OFF:
            tied = " and ".join(f"seats {', '.join(map(str, group))}" for group in after.roll_off if len(group) > 1)
            outcome = f"{tied} are tied and throw again"
        else:
            outcome = f"the seat order is {', '.join(map(str, after.seats))}: seat {after.opener} opens"
        self.report.add(step, True, f"seq {seq}: throw {counter} (draw {public['draw']}): {throw_text(dice)}; {outcome}")

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

    def _forfeit(self, seq: int, public: dict[str, Any], _secret: Any) -> None:
        self.stopped = True
        self.report.add(self._game_step, True, f"seq {seq}: seat {public['seat']} forfeits the round (an arena fault, "
                                               "which the rules do not model): the rest of the game is not re-derived")
