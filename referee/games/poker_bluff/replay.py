"""One poker-dice game of a table's log re-derived with ``referee.games.poker_bluff.rules`` (the game half
of a poker evening's check, ``play_poker_bluff``).

``PokerGameReplay`` is built when the log starts a game (``game_started``) and fed that game's
entries in log order. Each roll (``cup_rolled``) must use the game's next committed draw, whose
purpose is the next roll of the game (``poker_roll``, ref = the game, counter = 1, 2, ...) with as
many dice as the rules roll (``pending_roll``), and the dice are that draw's revealed values (item
order). Every declaration, believe, keep, doubt and next round goes through the engine; a doubt's
outcome and the tokens follow from the cup the rules hold, and the doubt must reveal, right after
it, every draw of the game not yet revealed (ascending). A match's first game whose starter is drawn
(``PokerStart.opener`` None) must first log ``starter_drawn``: the seat its ``poker_starter`` draw
(revealed at once) names, 1 the lower of the two seats and 2 the higher, who then holds the button
and starts. The first mismatch fails one check naming
the game, round and seq, and the rest of the game is not re-derived. A round whose draws are not
revealed at the end of the log is in play: "not yet revealed", not a failure.

>>> from referee.fairness.report import Report
>>> from referee.games.poker_bluff.rules import PokerSettings
>>> report = Report()
>>> game = PokerGameReplay(PokerStart(1, [0, 1], 0, 3, PokerSettings(tokens=1)), {1: [4, 4, 6, 2, 3]}, report)
>>> game.feed({"seq": 4, "kind": "draw_committed", "public": {"game": 1, "draw": 1, "size": 5,
...            "purpose": {"kind": "poker_roll", "ref": 1, "counter": 1}}, "secret": None})
>>> game.feed({"seq": 5, "kind": "cup_rolled", "public": {"game": 1, "draw": 1}, "secret": None})
>>> game.feed({"seq": 6, "kind": "declared", "public": {"seat": 0, "declaration": {"kind": "three", "faces": [4, 6]}},
...            "secret": None})
>>> game.feed({"seq": 7, "kind": "doubted", "public": {"seat": 1}, "secret": None})
>>> str(report.checks[-1])
'game 1 round 1: seq 7: seat 1 doubts 4,4,4+6 by seat 0: the cup holds 4, 4, 6, 2, 3, a bluff, so seat 0 gives a token to seat 1 (seat 0: 0, seat 1: 2); seat 1 wins'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.rules.errors import RulesError
from referee.games.poker_bluff.rules import (ROUND_BOUND, Action, Believe, Declare, Doubt, GameState, NextRound, Phase,
                                       PokerSettings, Reroll, Roll, apply, from_dict, new_game, pending_roll)

from referee.fairness.purposes import POKER_ROLL, POKER_STARTER, describe, purpose, purpose_problem
from referee.fairness.replay_steps import ReplaySteps
from referee.fairness.report import Report


_SEALED_MOVES = frozenset({"cup_rolled", "declared", "believed", "kept", "next_round"})
"""The moves of a round whose dice are not revealed (yet): not re-derived until a doubt shows the cup."""


@dataclass(frozen=True, slots=True)
class PokerStart:
    """What ``game_started`` says (the game, its pair button first, the starter or None while it is to be
    drawn, its seq) and the table's settings."""

    game: int
    seats: list[int]
    opener: int | None
    seq: int
    settings: PokerSettings


def pair_text(seats: Any, opener: Any) -> str:
    """A game's pair and starter in words: ``seats 2, 0 (seat 2 opens)``, or ``(the starter is drawn)``.

    >>> pair_text([0, 1], None)
    'seats 0, 1 (the starter is drawn)'
    """
    starts = "the starter is drawn" if opener is None else f"seat {opener} opens"
    return f"seats {', '.join(map(str, seats))} ({starts})"


def seat_tokens(state: GameState) -> str:
    """Tokens by seat as the verifier's messages write them.

    >>> seat_tokens(new_game(PokerSettings(tokens=2), (3, 1), 1))
    'seat 1: 2, seat 3: 2'
    """
    return ", ".join(f"seat {seat}: {state.tokens_of(seat)}" for seat in sorted(state.seats))


def dice_text(dice: Any) -> str:
    """Dice as the messages list them: ``4, 4, 6`` (``none`` for no dice)."""
    return ", ".join(map(str, dice)) or "none"


class PokerGameReplay(ReplaySteps[GameState, Action]):
    """One poker-dice game re-derived from its log entries (``feed``) into ``report``; ``revealed``
    holds the values of every draw of the game the log reveals (draw number -> values)."""

    KINDS = frozenset({"game_opened", "draw_committed", "draw_revealed", "starter_drawn", "cup_rolled", "declared",
                       "believed", "kept", "doubted", "next_round", "game_settled", "forfeit"})
    """The entry kinds of a game this family reads."""
    rules = staticmethod(apply)
    """The rules every move is played through (``ReplaySteps._apply``)."""

    def __init__(self, start: PokerStart, revealed: dict[int, list[int]], report: Report) -> None:
        self.report, self.revealed, self.number = report, revealed, start.game
        self.seats, self.opener, self.settings = start.seats, start.opener, start.settings
        self.stopped = self.sealed = self.failed = self.forfeited = False
        self.last_seq = start.seq
        self.committed: dict[int, dict[str, Any]] = {}
        self.shown: set[int] = set()
        self.used: list[int] = []
        self.due: list[int] = []
        self.doubt_seq = 0
        self.rounds = 0
        self.state: GameState | None = None
        try:
            self.state = new_game(start.settings, start.seats, start.seats[0] if start.opener is None else start.opener)
        except RulesError as error:
            self._stop(self._game_step, f"seq {start.seq}: the rules cannot start this game ({error.code})")

    @property
    def over(self) -> bool:
        """True once the rules have a winner (or the replay stopped: nothing more is expected)."""
        return self.stopped or self.winner is not None

    @property
    def winner(self) -> int | None:
        """The game's winner by the rules, once over."""
        return self.state.winner if self.state is not None and not self.stopped else None

    def feed(self, entry: dict[str, Any]) -> None:
        """Re-derive one entry of this game (one of ``KINDS``)."""
        if self.stopped or self.state is None:
            return
        kind, seq = entry["kind"], entry["seq"]
        if self.due and kind != "draw_revealed":
            self._stop(self._round_step, f"seq {self.doubt_seq}: the doubt does not show the cup: draw {self.due[0]} "
                                         f"is not revealed after it (seq {seq} moves on)")
            return
        self.last_seq = seq
        if self.sealed and kind in _SEALED_MOVES:
            return  # the round's dice are sealed: its moves wait for the reveal a doubt brings
        getattr(self, "_" + kind)(seq, entry["public"])

    def close(self, seq: int | None) -> None:
        """The log moves on to another game (at ``seq``) or ends (None): an unfinished game is noted or failed."""
        if self.due and not self.stopped:
            self._stop(self._round_step, f"seq {self.doubt_seq}: the doubt does not show the cup: draw {self.due[0]} "
                                         "is not revealed after it (the log ends)")
        if self.over:
            return
        self.stopped = True
        if seq is not None:
            self.failed = True
            self.report.fail(self._game_step, f"seq {seq}: game {self.number + 1} starts, but game {self.number} is not "
                                              "over by the rules")
        elif self.sealed:
            self.report.add(self._round_step, True, f"in play: the round's dice are not yet revealed; re-derived by "
                                                    f"the rules up to seq {self.last_seq}")
        else:
            self.report.add(self._game_step, True, f"in play: re-derived by the rules up to seq {self.last_seq}")

    def summary(self) -> str:
        """The game in one line: its pair and starter, its winner (or how it stands), the rounds checked.

        >>> PokerGameReplay(PokerStart(2, [1, 0], 1, 9, PokerSettings()), {}, Report()).summary()
        'game 2: seats 1, 0 (seat 1 opens): in play, 0 rounds checked'
        """
        how = f"seat {self.winner} wins" if self.winner is not None else "FAILED" if self.failed else \
            "stopped by an arena forfeit" if self.forfeited else "in play"
        rounds = "round" if self.rounds == 1 else "rounds"
        return f"game {self.number}: {pair_text(self.seats, self.opener)}: {how}, {self.rounds} {rounds} checked"

    # -- steps --------------------------------------------------------------------------------

    def _stop(self, step: str, message: str) -> None:
        super()._stop(step, message)
        self.failed = True

    def _winner_detail(self) -> str:
        return f" ({seat_tokens(self._now)})"

    def _situation(self) -> str:
        state = self._now
        if state.phase is Phase.OVER:
            return f"the game is over: seat {state.winner} won"
        last = state.declarations[-1] if state.declarations else None
        standing = f"{last.declaration.text} by seat {last.seat}" if last else "none"
        turn = f"seat {state.turn} to act" if state.turn is not None else "nobody to act"
        return f"round {state.round_no} is {state.phase.value}, {turn}, last declaration {standing}"

    def _game_opened(self, seq: int, public: dict[str, Any]) -> None:
        state = self._now
        try:
            same = PokerSettings.from_dict({k: v for k, v in public["rules"].items() if k != "game"}) == state.settings
        except RulesError:
            same = False
        if list(public["seats"]) != sorted(state.seats) or not same:
            self._stop(self._game_step, f"seq {seq}: the manifest names other seats or rules than the game's start "
                                        "and the table")

    def _forfeit(self, seq: int, public: dict[str, Any]) -> None:
        """An arena's ``forfeit`` (a bot's fault, which the rules do not model): the game is not re-derived further."""
        self.stopped = self.forfeited = True
        self.report.add(self._game_step, True, f"seq {seq}: seat {public['seat']} forfeits the round (an arena fault, "
                                               "which the rules do not model): the rest of the game is not re-derived")

    def _draw_committed(self, seq: int, public: dict[str, Any]) -> None:
        self.committed[public["draw"]] = {"purpose": public["purpose"], "size": public["size"], "seq": seq}

    def _draw_revealed(self, seq: int, public: dict[str, Any]) -> None:
        number = public["draw"]
        self.shown.add(number)
        if not self.due:
            return
        if number != self.due[0]:
            self._stop(self._round_step, f"seq {seq}: draw {number} is revealed after the doubt at seq "
                                         f"{self.doubt_seq} where draw {self.due[0]} is due")
            return
        self.due.pop(0)

    def _starter_drawn(self, seq: int, public: dict[str, Any]) -> None:
        number, seat = public["draw"], public["seat"]
        wanted = purpose(POKER_STARTER, self.number)
        draw, values = self.committed.get(number), self.revealed.get(number)
        pair = sorted(self.seats)
        if self.opener is not None:
            self._stop(self._game_step, f"seq {seq}: a starter is drawn, but game {self.number}'s starter is "
                                        f"seat {self.opener}, as the match gives")
        elif draw is None or draw["purpose"] != wanted:
            what = "is not committed in this game" if draw is None else f"is {self._purpose_text(draw)}"
            self._stop(self._game_step, f"seq {seq}: the starter names draw {number}, which {what}, not "
                                        f"{describe(wanted)}")
        elif values is None or values not in ([1], [2]):
            self._stop(self._game_step, f"seq {seq}: the starter draw {number} is not revealed with one value of 1 "
                                        "or 2: nobody can check who starts")
        elif seat != pair[values[0] - 1]:
            self._stop(self._game_step, f"seq {seq}: seat {seat} is named to start, but draw {number} "
                                        f"({describe(wanted)}) gives {values[0]}: seat {pair[values[0] - 1]} starts")
        else:
            self.opener, self.seats = seat, [seat] + [other for other in self.seats if other != seat]
            self.state = new_game(self.settings, self.seats, seat)
            self.report.add(self._game_step, True, f"seq {seq}: draw {number} ({describe(wanted)}) gives "
                                                   f"{values[0]}: seat {seat} starts, as the draw names")

    def _cup_rolled(self, seq: int, public: dict[str, Any]) -> None:
        state, number = self._now, public["draw"]
        if self.opener is None:
            self._stop(self._round_step, f"seq {seq}: a roll is logged before game {self.number}'s starter is drawn")
            return
        count = pending_roll(state)
        if not count:
            self._stop(self._round_step, f"seq {seq}: a roll is logged, but the rules wait for none (the game is "
                                         f"{state.phase.value})")
            return
        fresh = [n for n in sorted(self.committed) if n not in self.used and self._is_roll(n)]
        roll = purpose(POKER_ROLL, self.number, len(self.used) + 1)
        draw = self.committed.get(number)
        if draw is None:
            self._stop(self._round_step, f"seq {seq}: the roll names draw {number}, which is not committed in game "
                                         f"{self.number}")
        elif number in self.used:
            self._stop(self._round_step, f"seq {seq}: the roll names draw {number}, which roll "
                                         f"{self.used.index(number) + 1} already used")
        elif draw["purpose"] != roll:
            self._stop(self._round_step, f"seq {seq}: the roll names draw {number}, {self._purpose_text(draw)}, but "
                                         f"the rules' next roll is {describe(roll)}")
        elif fresh and number != fresh[0]:
            self._stop(self._round_step, f"seq {seq}: the roll names draw {number}, but the game's next roll draw is "
                                         f"draw {fresh[0]}")
        elif draw["size"] != count:
            self._stop(self._round_step, f"seq {seq}: draw {number} rolls {draw['size']} dice, but seat {state.holder} "
                                         f"rolls {count} (the dice not kept: {dice_text(state.kept)} stay)")
        else:
            self.used.append(number)
            values = self.revealed.get(number)
            if values is None:
                self.sealed = True
                return
            self._apply(seq, Roll(tuple(values)), f"draw {number} rolls {dice_text(values)}")

    def _is_roll(self, number: int) -> bool:
        value = self.committed[number]["purpose"]
        return purpose_problem(value) is None and value["kind"] == POKER_ROLL

    @staticmethod
    def _purpose_text(draw: dict[str, Any]) -> str:
        value = draw["purpose"]
        return describe(value) if purpose_problem(value) is None else "a draw of no known purpose"

    def _declared(self, seq: int, public: dict[str, Any]) -> None:
        seat = public["seat"]
        try:
            declaration = from_dict(public["declaration"])
        except RulesError as error:
            self._stop(self._round_step, f"seq {seq}: seat {seat} declares something that is not a declaration "
                                         f"({error.code})")
            return
        self._apply(seq, Declare(seat, declaration), f"seat {seat} declares {declaration.text}")

    def _believed(self, seq: int, public: dict[str, Any]) -> None:
        self._apply(seq, Believe(public["seat"]), f"seat {public['seat']} believes")

    def _kept(self, seq: int, public: dict[str, Any]) -> None:
        keep = public["keep"]
        if not isinstance(keep, list):
            raise TypeError("the kept dice are not a list")
        self._apply(seq, Reroll(public["seat"], tuple(keep)), f"seat {public['seat']} keeps {dice_text(keep)}")

    def _doubted(self, seq: int, public: dict[str, Any]) -> None:
        seat = public["seat"]
        if self.sealed:
            missing = [n for n in self.used if n not in self.revealed]
            self._stop(self._round_step, f"seq {seq}: seat {seat} doubts, but draw {missing[0]} of the cup is never "
                                         "revealed: the cup cannot be shown")
            return
        if not self._apply(seq, Doubt(seat), f"seat {seat} doubts"):
            return
        state, result = self._now, self._now.result
        if result is None:
            raise RuntimeError("a doubt leaves a result")
        self.rounds += 1
        held = "it holds" if result.held else "a bluff"
        text = (f"seq {seq}: seat {seat} doubts {result.declaration.text} by seat {result.declarer}: the cup holds "
                f"{dice_text(result.cup)}, {held}, so seat {result.loser} gives a token to seat {result.winner} "
                f"({seat_tokens(state)})")
        if state.phase is Phase.OVER and min(state.tokens) > 0:
            text += (f"; the game has reached its bound of {ROUND_BOUND} rounds: seat {state.winner} holds the most "
                     "tokens and wins")
        elif state.phase is Phase.OVER:
            text += f"; seat {state.winner} wins"
        self.report.add(self._round_step, True, text)
        self.due, self.doubt_seq = [n for n in sorted(self.committed) if n not in self.shown], seq

    def _next_round(self, seq: int, _public: dict[str, Any]) -> None:
        self._apply(seq, NextRound(), "the next round starts")
