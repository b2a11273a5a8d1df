"""One decision of an arena game: the player to act, and under ``challenge = anyone`` every other would-be caller.

How the arena resolves a turn (docs/bots.md, "Out-of-turn calls"):

1. The player to act is shown its view and answers: a raise, Liar, or spot on. A call ends
   the round at once.
2. A raise is checked by the rules. Then every other seat of ``callers`` (the engine's order:
   clockwise from the player to act, never the bidder) is shown its own view of the standing
   bid, the one that raise would have answered, and answers a call or None ("no call"). The
   first of them that calls wins the race: its call is played and the raise is dropped (at a
   table it would have come after the call). When nobody calls, the raise is played.

Every seat decides on its own view only, so a bot never learns what another seat answered.
A fault (an action the rules refuse, None from the player to act, an exception in the bot)
forfeits the round for the seat at fault: it loses what a lost call would have cost it (one
die; under ``loss = elimination`` all its dice, unless duel dice apply), and the fault is
counted. A forfeit never starts a palifico round.

>>> from referee.games.liars_dice.rules import Settings, new_game
>>> forfeit(new_game(Settings(loss="elimination"), (0, 1, 2), 0), 1, "test").state.counts
(5, 0, 5)
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.games.liars_dice.arena_book import FORFEIT, GameBook
from referee.arena_report import Tally
from referee.games.liars_dice.rules import (Action, Bid, CallLiar, Event, GameState, MakeBid, Phase, RulesError, SpotOn, Step, apply,
                           callers)
from referee.games.liars_dice.views import game_view


@dataclass
class Match:
    """One arena game in play: the bot and tally of every seat, the game's book, the roll-off so far."""

    game_no: int
    players: list[Any]
    tallies: list[Tally]
    book: GameBook
    throws: list[Mapping[str, Any]] = field(default_factory=list)


class Fault(Exception):
    """A seat's answer that costs it the round."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat


def play_turn(state: GameState, match: Match) -> Step:
    """Resolve the bidding phase's next decision (the module docstring) into the step it produces."""
    seat = state.turn
    if seat is None:
        raise ValueError("no player is to act")
    try:
        action = _ask(state, seat, match)
        if action is None:
            raise Fault(seat, "the player to act answered no action")
        step = _checked(state, seat, action)
        if isinstance(action, MakeBid):
            for other in callers(state)[1:]:
                call = _ask(state, other, match)
                if call is not None:
                    return _log(match, call, _checked(state, other, call))
        return _log(match, action, step)
    except Fault as fault:
        match.tallies[fault.seat].illegal_actions += 1
        reason = str(fault)
        match.book.record(FORFEIT, {"seat": fault.seat, "reason": reason})
        match.book.reveal()
        return forfeit(state, fault.seat, reason)


def _ask(state: GameState, seat: int, match: Match) -> Action | None:
    """``seat``'s answer to its own view: an engine action, or None for "no call"."""
    view = game_view(state, seat, game_no=match.game_no, roll_off=match.throws)
    started = time.perf_counter()
    try:
        answer = match.players[seat].act(view)
    except Exception as error:  # a bot's bug costs it the round, never the arena
        raise Fault(seat, f"{type(error).__name__}: {error}") from None
    match.tallies[seat].decision_ms.append((time.perf_counter() - started) * 1000)
    return parse(seat, answer)


def _checked(state: GameState, seat: int, action: Action) -> Step:
    try:
        return apply(state, action)
    except RulesError as error:
        raise Fault(seat, f"{type(error).__name__}: {error}") from None


def parse(seat: int, answer: Any) -> Action | None:
    """The engine action for a bot's JSON answer (None stays None: "no call").

    >>> parse(2, {"type": "spot_on"}), parse(2, None), parse(2, {"type": "bid", "quantity": 3, "face": 4})
    (SpotOn(seat=2), None, MakeBid(seat=2, bid=Bid(quantity=3, face=4)))
    """
    if answer is None:
        return None
    if answer == {"type": "liar"}:
        return CallLiar(seat)
    if answer == {"type": "spot_on"}:
        return SpotOn(seat)
    if isinstance(answer, dict) and answer.get("type") == "bid" and set(answer) == {"type", "quantity", "face"}:
        return MakeBid(seat, Bid(answer["quantity"], answer["face"]))
    raise Fault(seat, f"not an action: {answer!r}")


def _log(match: Match, action: Action, step: Step) -> Step:
    if isinstance(action, MakeBid):
        match.book.record("bid", {"seat": action.seat, "quantity": action.bid.quantity, "face": action.bid.face})
    elif isinstance(action, (CallLiar, SpotOn)):
        match.book.record("spot_on" if isinstance(action, SpotOn) else "liar", {"seat": action.seat})
        match.book.reveal()
    return step


def forfeit(state: GameState, seat: int, reason: str) -> Step:
    """``seat`` loses the round for a fault (what a lost call costs it) and opens the next round (or its successor, if out)."""
    settings = state.settings
    duel = settings.duel_dice and len(state.in_game) == 2
    lost = state.count_of(seat) if settings.loss == "elimination" and not duel else 1
    counts = tuple(c - lost if s == seat else c for s, c in zip(state.seats, state.counts))
    after = replace(state, counts=counts, hands=((),) * len(state.seats), bids=(), turn=None, result=None,
                    palifico=False)
    lost_data: dict[str, Any] = {"seat": seat, "dice_left": after.count_of(seat)}
    if settings.loss != "one_die":
        lost_data["dice_lost"] = lost
    events = [Event("forfeit", {"seat": seat, "reason": reason}), Event("die_lost", lost_data)]
    if after.count_of(seat) == 0:
        events.append(Event("player_out", {"seat": seat}))
    if len(after.in_game) == 1:
        after = replace(after, phase=Phase.OVER, winner=after.in_game[0])
        return Step(after, tuple(events + [Event("game_over", {"winner": after.winner})]))
    opener = seat if after.count_of(seat) else after.next_in_game(seat)
    after = replace(after, phase=Phase.ROLLING, round_no=state.round_no + 1, opener=opener)
    return Step(after, tuple(events + [Event("next_round", {"round": after.round_no, "opener": opener})]))
