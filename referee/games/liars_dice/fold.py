"""The Liar's Dice entries of a table's fold, and what a Liar's Dice table keeps besides its game.

``LiarsDiceState`` is the family's part of a table's state (``TableState.family_state``): the running
game's roll-off throws, the first opener of the last game that rotated, the game's finished rounds
(``round_history``) and each player's figures (``game_stats``). ``HANDLERS`` fold the family's own
entries: the game's start, its seeds and deals, the bids and calls, the roll-off's throws, a
reveal, "next round", an approved die change and a penalty die.

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> for seat, name in enumerate(("Anna", "Ben")):
...     state = fold(state, "seat_taken", {"seat": seat, "name": name, "kind": "human"}, None)
>>> state = fold(state, "game_started", {"game": 1, "seats": [0, 1], "opener": 1}, None)
>>> state.game.opener, state.family_state.last_first_opener, state.family_state.busy
(1, 1, False)
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from referee.games.liars_dice.game_stats import Stats, counted
from referee.games.liars_dice.roll_off import drawn_throw
from referee.games.liars_dice.round_history import RoundHistory, advance
from referee.games.liars_dice.rules import (Bid, CallLiar, ChangeDie, GameState, LoseDie, MakeBid, NextRound, Roll,
                                            RollOff, SpotOn, Step, apply, new_game, pending_roll_off)
from referee.gm.fold import penalty_taken
from referee.rules.event import Event
from referee.table.errors import TableError
from referee.table.state import TableState, opened_fairness


@dataclass(frozen=True, slots=True)
class LiarsDiceState:
    """What a Liar's Dice table keeps besides the game (``TableState.family_state``)."""

    roll_off: tuple[dict[str, Any], ...] = ()
    """The running game's roll-off throws (the rules' ``roll_off`` events: ``{dice, standing}``), oldest
    first; empty unless the game plays ``first_opener = roll_off``."""
    last_first_opener: int | None = None
    """The first opener of the last game that rotated (a roll-off game names none)."""
    round_history: RoundHistory = field(default_factory=RoundHistory)
    stats: Stats = field(default_factory=dict)
    busy: bool = False
    """A Liar's Dice table plays game by game: no series holds its rules or seats."""

    def may_leave(self, seat: int) -> None:
        """Any seat not in a running game may leave."""


def _game_started(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    game = new_game(state.settings, public["seats"], public["opener"])
    rotated = public["opener"] if public["opener"] is not None else state.family_state.last_first_opener
    return state.evolve(game_no=public["game"], game=game, fairness=None).with_family(last_first_opener=rotated, roll_off=())


def _rolled_off(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """A roll-off throw: exactly the values of its revealed draw, applied to the rules as ``RollOff``."""
    game, fairness = _game(state), opened_fairness(state)
    counter = len(state.family_state.roll_off) + 1
    if public["game"] != state.game_no or public["counter"] != counter:
        raise TableError("roll_off/order", f"the next roll-off throw is throw {counter} of game {state.game_no}, "
                                           f"not throw {public['counter']} of game {public['game']}")
    number = public["draw"]
    draw = fairness.draw_at(number)
    dice = drawn_throw(draw, draw is not None and fairness.is_revealed(number), state.game_no, counter,
                       pending_roll_off(game))
    if public["dice"] != dice:
        raise TableError("roll_off/draw", f"the dice of throw {counter} are not the values of draw {number}")
    step = apply(game, RollOff(tuple(tuple(dice.get(str(seat), ())) for seat in game.seats)))
    thrown = next(event.data for event in step.events if event.kind == "roll_off")
    return state.evolve(game=step.state, events=_public_events(step)).with_family(
        roll_off=state.family_state.roll_off + (thrown,))


def _seed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    fairness = opened_fairness(state)
    return state.evolve(fairness=replace(fairness, seeds={**fairness.seeds, public["seat"]: public["seed"]}))


def _round_dealt(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    game = _game(state)
    hands = tuple(tuple(secret["hands"].get(str(seat), ())) for seat in game.seats)
    fairness = opened_fairness(state)
    roots = fairness.roots + ((public["root"],) if "root" in public else ())
    fairness = replace(fairness, deal_public=public, deal_secret=secret, changes=(), roots=roots)
    step = apply(game, Roll(hands))
    return state.evolve(game=step.state, fairness=fairness, events=_public_events(step))


def _require_unpaused(state: TableState) -> None:
    if state.gm.paused:
        raise TableError("game/paused", "the referee has paused the game")


def _bid(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    action = MakeBid(public["seat"], Bid(public["quantity"], public["face"]))
    return _played(state, public, apply(_game(state), action))


def _liar(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    return _played(state, public, apply(_game(state), CallLiar(public["seat"])))


def _spot_on(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    return _played(state, public, apply(_game(state), SpotOn(public["seat"])))


def _played(state: TableState, public: dict[str, Any], step: Step) -> TableState:
    """A turn was played: by the seat itself (its timeout strikes reset) or by a bot standing in."""
    strikes = state.strikes if public.get("by_bot") else {**state.strikes, public["seat"]: 0}
    return state.evolve(game=step.state, strikes=strikes, events=_public_events(step))


def _public_events(step: Step) -> tuple[Event, ...]:
    return tuple(event for event in step.events if event.audience is None)


def _round_revealed(state: TableState, _public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    return state


def _next_round(state: TableState, _public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    fairness = replace(opened_fairness(state), seeds={}, deal_public=None, deal_secret=None, changes=())
    step = apply(_game(state), NextRound())
    return state.evolve(game=step.state, fairness=fairness, events=_public_events(step))


def _die_changed(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    """An approved change (fairness DIE_CHANGED): the rules count the changed die, the reveal shows it."""
    game, fairness = _game(state), opened_fairness(state)
    if (public["game"], public["round"]) != (state.game_no, game.round_no):
        raise TableError("die/stale", f"round {public['round']} of game {public['game']} is not being played")
    step = apply(game, ChangeDie(secret["seat"], secret["index"], secret["value"]))
    return state.evolve(game=step.state, fairness=replace(fairness, changes=fairness.changes + (dict(secret),)))


def penalty_applied(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    """A penalty die (RULES.md C5) the referee's ruling set: the seat loses a die."""
    state = penalty_taken(state, public)
    step = apply(_game(state), LoseDie(public["seat"]))
    return state.evolve(game=step.state, events=_public_events(step))


def _game(state: TableState) -> GameState:
    if not isinstance(state.game, GameState):
        raise TableError("game/not_started", "no game is running at this table")
    return state.game


Handler = Callable[[TableState, dict[str, Any], dict[str, Any]], TableState]


def _noted(kind: str, handler: Handler) -> Handler:
    """``handler``, then the entry told to the round history (``round_history.advance``)."""
    def noted(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
        after = handler(state, public, secret)
        info = state.seats.get(public.get("seat", -1))
        before_game, after_game = state.game, after.game
        history = advance(state.family_state.round_history, kind, public, person=info is not None and info.kind == "human",
                          before=before_game if isinstance(before_game, GameState) else None,
                          after=after_game if isinstance(after_game, GameState) else None)
        return after.with_family(round_history=history)
    return noted


HANDLERS = counted({
    "game_started": _noted("game_started", _game_started),
    "seed_contributed": _seed,
    "round_dealt": _round_dealt,
    "bid": _noted("bid", _bid),
    "liar": _noted("liar", _liar),
    "spot_on": _noted("spot_on", _spot_on),
    "roll_off": _rolled_off,
    "round_revealed": _round_revealed,
    "next_round": _noted("next_round", _next_round),
    "die_changed": _die_changed,
    "penalty_applied": penalty_applied,
})
"""The Liar's Dice entries of a table's log, folded onto the table's state (``Family.handlers``)."""
