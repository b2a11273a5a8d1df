"""The poker-dice bluff engine (RULES.md B): new games, legal actions, applying an action, replaying a log.

Pure: no clock, no I/O, no randomness. Dice come in as the chance action ``Roll``; ``pending_roll``
says how many it must hold (five at a round's start, the dice not kept after a "Believe").
The shape is Liar's Dice's: ``apply(state, action) -> Step(state, events)``, every event with its
audience (None: everyone; a seat: that seat only).

>>> from referee.games.poker_bluff.rules.declarations import parse
>>> state = new_game(PokerSettings(tokens=1), seats=(0, 1), starter=0)
>>> pending_roll(state)
5
>>> state = apply(state, Roll((4, 4, 6, 2, 3))).state
>>> state = apply(state, Declare(0, parse("4,4+6"))).state
>>> state = apply(state, Believe(1)).state
>>> keepable(state.last, state.cup)
(4, 4, 6)
>>> state = apply(state, Reroll(1, (4, 4))).state
>>> state = apply(state, Roll((4, 1, 5))).state
>>> state = apply(state, Declare(1, parse("4,4,4+5"))).state
>>> step = apply(state, Doubt(0))
>>> step.state.result.held, step.state.winner, [e.kind for e in step.events]
(True, 1, ['doubted', 'revealed', 'game_over'])
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from referee.rules.errors import IllegalAction, MalformedAction
from referee.rules.event import Event
from referee.games.poker_bluff.rules.declarations import HIGHEST, Declaration, higher_than, keepable
from referee.games.poker_bluff.rules.settings import PokerSettings
from referee.games.poker_bluff.rules.state import (Action, Believe, Declare, Doubt, GameState, NextRound, Phase, PlacedDeclaration, Reroll, Roll,
                    RoundResult)

CUP = 5
"""Dice in the cup."""
ROUND_BOUND = 500
"""The bound on a game's rounds (RULES.md D): a doubt in round ``ROUND_BOUND`` or later that leaves one player
holding more tokens than the other ends the game, and that player wins. Two players who keep the tokens level
would otherwise play on without end; a round's doubt always moves a token, so a game lasts at most
``ROUND_BOUND + 1`` rounds (docs/rules.md, "Bounds")."""


@dataclass(frozen=True, slots=True)
class Step:
    """The state after an action and the events it produced, in order."""

    state: GameState
    events: tuple[Event, ...]


def new_game(settings: PokerSettings, seats: Sequence[int], starter: int) -> GameState:
    """A game about to roll its first round: two distinct ``seats``; ``starter`` holds the button.

    >>> new_game(PokerSettings(), (2, 5), 5).holder
    5
    >>> new_game(PokerSettings(), (2, 5, 7), 5)
    Traceback (most recent call last):
    ...
    referee.rules.errors.IllegalAction: a game of poker-dice bluff needs 2 distinct seats, got [2, 5, 7]
    """
    seats = tuple(seats)
    if len(seats) != 2 or len(set(seats)) != 2 or any(isinstance(s, bool) or not isinstance(s, int) for s in seats):
        raise IllegalAction("game/players", f"a game of poker-dice bluff needs 2 distinct seats, got {list(seats)}")
    if starter not in seats:
        raise IllegalAction("game/starter", f"the starter {starter!r} is not one of the seats {list(seats)}")
    return GameState(settings=settings, seats=seats, tokens=(settings.tokens, settings.tokens), phase=Phase.ROLLING,
                     round_no=1, starter=starter, holder=starter, cup=(), kept=(), declarations=(), result=None,
                     winner=None)


def pending_roll(state: GameState) -> int:
    """How many dice the holder must roll now: 0 unless the game waits for a roll."""
    return CUP - len(state.kept) if state.phase is Phase.ROLLING else 0


def keep_choices(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Every set of dice the holder may keep now (sub-multisets of ``keepable``, at most four), fewest first.

    >>> from referee.games.poker_bluff.rules.declarations import parse
    >>> state = replace(new_game(PokerSettings(), (0, 1), 0), phase=Phase.KEEPING, holder=1, cup=(4, 4, 6, 2, 3),
    ...                 declarations=(PlacedDeclaration(0, parse("4,4+6")),))
    >>> keep_choices(state)
    ((), (4,), (6,), (4, 4), (4, 6), (4, 4, 6))
    """
    if state.phase is not Phase.KEEPING or state.last is None:
        return ()
    dice = keepable(state.last, state.cup)
    return tuple(sorted({keep for size in range(min(len(dice), CUP - 1) + 1) for keep in combinations(dice, size)},
                        key=lambda keep: (len(keep), keep)))


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the rules accept now, in a fixed order (declarations weakest first; Doubt before
    Believe; keeps fewest first). The chance action is not listed: ``pending_roll`` says what it holds.

    >>> from referee.games.poker_bluff.rules.declarations import HIGHEST
    >>> state = replace(new_game(PokerSettings(), (0, 1), 0), phase=Phase.RESPONDING, cup=(6, 6, 6, 6, 6),
    ...                 declarations=(PlacedDeclaration(0, HIGHEST),))
    >>> legal_actions(state)
    (Doubt(seat=1),)
    """
    turn = state.turn
    if state.phase is Phase.REVEALED:
        return (NextRound(),)
    if turn is None:
        return ()
    if state.phase is Phase.DECLARING:
        return tuple(Declare(turn, d) for d in higher_than(state.last))
    if state.phase is Phase.RESPONDING:
        return (Doubt(turn),) if state.last == HIGHEST else (Doubt(turn), Believe(turn))
    return tuple(Reroll(turn, keep) for keep in keep_choices(state))


def apply(state: GameState, action: Action) -> Step:
    """Apply one action; raise ``IllegalAction`` or ``MalformedAction`` (nothing changes) when the rules forbid it."""
    if state.phase is Phase.OVER:
        raise IllegalAction("game/over", f"the game is over; seat {state.winner} won")
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, Declare):
        return _declare(state, action)
    if isinstance(action, Believe):
        return _believe(state, action)
    if isinstance(action, Doubt):
        return _doubt(state, action)
    if isinstance(action, Reroll):
        return _reroll(state, action)
    if isinstance(action, NextRound):
        return _next_round(state)
    raise MalformedAction("action/unknown", f"unknown action {action!r}")


def replay(settings: PokerSettings, seats: Sequence[int], starter: int, actions: Iterable[Action]) -> GameState:
    """The state reached by applying ``actions`` to a new game: the log is the truth.

    >>> replay(PokerSettings(), (0, 1), 1, [Roll((1, 2, 3, 4, 5))]).phase
    <Phase.DECLARING: 'declaring'>
    """
    state = new_game(settings, seats, starter)
    for action in actions:
        state = apply(state, action).state
    return state


def outcome(state: GameState) -> int | None:
    """The winning seat once the game is over, else None."""
    return state.winner


def _require(state: GameState, phase: Phase, seat: int | None, doing: str) -> None:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise MalformedAction("action/seat", f"a seat is an integer, got {seat!r}")
    if state.phase is not phase:
        raise IllegalAction("action/wrong_phase", f"cannot {doing} while the game is {state.phase.value}")
    if seat is not None and seat != state.turn:
        raise IllegalAction("action/not_your_turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")


def _roll(state: GameState, action: Roll) -> Step:
    _require(state, Phase.ROLLING, None, "roll")
    dice, count = action.dice, pending_roll(state)
    if (not isinstance(dice, tuple) or len(dice) != count
            or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice)):
        raise MalformedAction("roll/dice", f"seat {state.holder} must roll {count} dice of 1–6, got {dice!r}")
    cup = state.kept + dice
    after = replace(state, cup=cup, phase=Phase.DECLARING)
    return Step(after, (
        Event("rolled", {"round": state.round_no, "seat": state.holder, "kept": list(state.kept), "rolled": count}),
        Event("cup", {"round": state.round_no, "dice": list(cup)}, audience=state.holder),
    ))


def _declare(state: GameState, action: Declare) -> Step:
    if not isinstance(action.declaration, Declaration):
        raise MalformedAction("declare/malformed", f"a declaration is a Declaration, got {action.declaration!r}")
    _require(state, Phase.DECLARING, action.seat, "declare")
    declaration, last = action.declaration, state.last
    if last is not None and not declaration > last:
        raise IllegalAction("declare/not_higher", f"{declaration.text} does not beat {last.text}")
    after = replace(state, phase=Phase.RESPONDING,
                    declarations=state.declarations + (PlacedDeclaration(action.seat, declaration),))
    return Step(after, (Event("declared", {"seat": action.seat, **declaration.to_dict(), "text": declaration.text}),))


def _believe(state: GameState, action: Believe) -> Step:
    _require(state, Phase.RESPONDING, action.seat, "believe")
    if state.last == HIGHEST:
        raise IllegalAction("believe/no_higher", f"nothing beats {HIGHEST.text}: seat {action.seat} can only doubt")
    after = replace(state, phase=Phase.KEEPING, holder=action.seat)
    return Step(after, (
        Event("believed", {"seat": action.seat}),
        Event("cup", {"round": state.round_no, "dice": list(state.cup)}, audience=action.seat),
    ))


def _doubt(state: GameState, action: Doubt) -> Step:
    _require(state, Phase.RESPONDING, action.seat, "doubt")
    last = state.declarations[-1]
    held = last.declaration.is_in(state.cup)
    winner, loser = (last.seat, action.seat) if held else (action.seat, last.seat)
    tokens = tuple(t + 1 if s == winner else t - 1 for s, t in zip(state.seats, state.tokens))
    result = RoundResult(declarer=last.seat, doubter=action.seat, declaration=last.declaration, cup=state.cup,
                         held=held, winner=winner, loser=loser)
    bound = tokens[state.seats.index(loser)] > 0 and state.round_no >= ROUND_BOUND and tokens[0] != tokens[1]
    over = bound or tokens[state.seats.index(loser)] == 0
    champion = state.seats[0 if tokens[0] > tokens[1] else 1] if bound else winner
    after = replace(state, tokens=tokens, result=result, phase=Phase.OVER if over else Phase.REVEALED,
                    winner=champion if over else None)
    tokens_json = {str(s): t for s, t in zip(state.seats, tokens)}
    events = [Event("doubted", {"seat": action.seat}),
              Event("revealed", {"declarer": last.seat, "doubter": action.seat, **last.declaration.to_dict(),
                                 "text": last.declaration.text, "cup": list(state.cup), "held": held,
                                 "winner": winner, "loser": loser, "tokens": tokens_json})]
    if over:
        events.append(Event("game_over", {"winner": champion, "tokens": tokens_json,
                                          **({"bound": ROUND_BOUND} if bound else {})}))
    return Step(after, tuple(events))


def _reroll(state: GameState, action: Reroll) -> Step:
    keep = action.keep
    if not isinstance(keep, tuple) or any(isinstance(d, bool) or not isinstance(d, int) for d in keep):
        raise MalformedAction("reroll/malformed", f"the dice to keep are a list of faces, got {keep!r}")
    _require(state, Phase.KEEPING, action.seat, "set dice aside")
    if len(keep) >= CUP:
        raise IllegalAction("reroll/keep_all", f"at least one die must be re-rolled: cannot keep {list(keep)}")
    if Counter(keep) - Counter(state.cup):
        raise IllegalAction("reroll/not_in_cup", f"the cup holds {list(state.cup)}: cannot keep {list(keep)}")
    last = state.declarations[-1].declaration  # the keeping phase follows a declaration
    allowed = keepable(last, state.cup)
    if Counter(keep) - Counter(allowed):
        raise IllegalAction("reroll/not_declared", f"only dice of {last.text} in the cup may be kept "
                                                   f"({list(allowed)}), not {list(keep)}")
    kept = tuple(sorted(keep))
    after = replace(state, phase=Phase.ROLLING, cup=(), kept=kept)
    return Step(after, (Event("set_aside", {"seat": action.seat, "kept": list(kept)}),))


def _next_round(state: GameState) -> Step:
    _require(state, Phase.REVEALED, None, "start the next round")
    if state.result is None:
        raise IllegalAction("action/wrong_phase", "no round has been revealed: there is no winner to start the next")
    starter = state.result.winner
    after = replace(state, phase=Phase.ROLLING, round_no=state.round_no + 1, starter=starter, holder=starter,
                    cup=(), kept=(), declarations=())
    return Step(after, (Event("next_round", {"round": after.round_no, "starter": starter}),))
