"""What a seat, a spectator or the referee may see of a Liar's Dice game (a whitelist, field by field).

>>> from referee.games.liars_dice.rules import Settings, new_game, apply, Roll
>>> state = apply(new_game(Settings(dice_per_player=2), (0, 1), 0), Roll(((2, 3), (4, 1)))).state
>>> game_view(state, seat=0)["dice"], game_view(state, seat=1)["dice"], game_view(state, seat=None)["dice"]
([2, 3], [4, 1], [])
>>> "hands" in str(game_view(state, seat=None))
False
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from referee.family_views import FamilyViews, Relay, TableLike
from referee.games.liars_dice.game_stats import FIGURES as STAT_FIGURES
from referee.games.liars_dice.round_views import history_view
from referee.games.liars_dice.rules import GameState, Phase, RoundResult, Settings, callers
from referee.games.liars_dice.rules.bound import spot_on_played


def game_view(state: GameState, seat: int | None, *, game_no: int = 1, see_all: bool = False,
              roll_off: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of ``state``; ``see_all`` is the referee's view of every cup;
    ``roll_off`` the game's roll-off throws so far (the rules' ``roll_off`` events, oldest first).

    >>> from referee.games.liars_dice.rules import Bid, MakeBid, Roll, apply, new_game
    >>> anyone = Settings(challenge="anyone", spot_on=True)
    >>> state = apply(new_game(anyone, (0, 1, 2), 0), Roll(((2,) * 5,) * 3)).state
    >>> view = game_view(apply(state, MakeBid(0, Bid(3, 4))).state, seat=2)
    >>> view["callers"], view["can_call"], view["can_spot_on"], view["palifico"], view["roll_off"]
    ([1, 2], True, True, False, None)
    """
    in_game = state.in_game
    may_call = list(callers(state))
    view: dict[str, Any] = {
        "game": game_no,
        "phase": state.phase.value,
        "round": state.round_no,
        "seat": seat,
        "dice": _own_dice(state, seat),
        "dice_counts": {str(s): state.count_of(s) for s in in_game},
        "total_dice": state.total_dice,
        "seats_in_game": list(in_game),
        "seat_order": list(state.seats),
        "opener": state.opener,
        "turn": state.turn,
        "bids": [{"seat": b.seat, "quantity": b.bid.quantity, "face": b.bid.face} for b in state.bids],
        "palifico": state.palifico,
        "callers": may_call,
        "can_call": seat in may_call,
        "can_spot_on": seat in may_call and spot_on_played(state.settings.spot_on, state.round_no),
        "result": _result(state.result) if state.phase in (Phase.REVEALED, Phase.OVER) else None,
        "winner": state.winner,
        "rules": _rules(state.settings),
        "roll_off": _roll_off(state, roll_off),
    }
    if see_all:
        view["hands"] = _all_hands(state)
    return view


def game_views(state: GameState, seats: Sequence[int | None], *, game_no: int = 1,
               roll_off: Sequence[Mapping[str, Any]] = ()) -> dict[int | None, dict[str, Any]]:
    """``game_view`` of ``state`` for each of ``seats`` at once: the fields no seat changes are built
    once and shared (the same objects) by every view returned, so treat them as read-only.

    >>> from referee.games.liars_dice.rules import Roll, apply, new_game
    >>> state = apply(new_game(Settings(dice_per_player=2), (0, 1), 0), Roll(((2, 3), (4, 1)))).state
    >>> views = game_views(state, [0, 1, None])
    >>> all(views[seat] == game_view(state, seat) for seat in (0, 1, None)), views[0]["bids"] is views[1]["bids"]
    (True, True)
    """
    public = game_view(state, None, game_no=game_no, roll_off=roll_off)
    may_call, spot_on = public["callers"], spot_on_played(state.settings.spot_on, state.round_no)
    return {seat: public if seat is None else {**public, "seat": seat, "dice": _own_dice(state, seat),
                                               "can_call": seat in may_call,
                                               "can_spot_on": seat in may_call and spot_on}
            for seat in seats}


@lru_cache(maxsize=256)
def _table_rules(settings: Settings) -> dict[str, Any]:
    return settings.to_dict()


def _rules(settings: Settings) -> dict[str, Any]:
    """The rules a Liar's Dice table logs, worked out once per distinct settings (a table's change rarely)."""
    return dict(_table_rules(settings))


def _roll_off(state: GameState, throws: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The roll-off's public throws and the seat order once it is decided (null unless the game plays it)."""
    if state.settings.first_opener != "roll_off":
        return None
    return {
        "throws": [{"dice": {str(s): [int(d) for d in dice] for s, dice in throw["dice"].items()},
                    "standing": [[int(s) for s in group] for group in throw["standing"]]} for throw in throws],
        "seat_order": None if state.phase is Phase.ROLLING_OFF else list(state.seats),
    }


def _own_dice(state: GameState, seat: int | None) -> list[int]:
    if seat is None or seat not in state.seats or state.phase is not Phase.BIDDING:
        return []
    return list(state.hand_of(seat))


def _all_hands(state: GameState) -> dict[str, list[int]] | None:
    if state.phase is not Phase.BIDDING:
        return None
    return {str(seat): list(hand) for seat, hand in zip(state.seats, state.hands) if hand}


def _result(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "bidder": result.bidder,
        "caller": result.caller,
        "quantity": result.bid.quantity,
        "face": result.bid.face,
        "hands": {str(seat): list(hand) for seat, hand in result.hands},
        "count": result.count,
        "loser": result.loser,
        "dice_lost": result.dice_lost,
        "call": result.call,
        "dice_gained": result.dice_gained,
        "palifico_next": result.palifico_next,
    }


def _liars_games(state: TableLike, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    game = state.game
    if not isinstance(game, GameState):
        return {}
    views = game_views(game, seats, game_no=state.game_no, roll_off=state.family_state.roll_off)
    past = history_view(state.family_state.round_history, bids=len(game.bids))  # public: shared by every view
    return {seat: {**view, **past} for seat, view in views.items()}


def _liars_referee(state: TableLike, blind: bool) -> dict[str, Any] | None:
    game = state.game
    if not isinstance(game, GameState):
        return None
    view = game_view(game, None, game_no=state.game_no, see_all=not blind, roll_off=state.family_state.roll_off)
    return {**view, **history_view(state.family_state.round_history, bids=len(game.bids))}


def _liars_relay(state: TableLike, blind: bool) -> Relay:
    game = state.game
    if not isinstance(game, GameState) or game.phase is not Phase.BIDDING:
        return None, {}
    if blind:
        return (state.game_no, game.round_no), {}
    return None, {seat: list(hand) for seat, hand in zip(game.seats, game.hands) if hand}


def _liars_extra(state: TableLike) -> dict[str, Any]:
    """``stats`` at game over: each player's public figures of the game, in the game's seat order
    (null while a game runs or before the first)."""
    game = state.game
    if not isinstance(game, GameState) or game.phase is not Phase.OVER:
        return {"stats": None}
    figures = state.family_state.stats
    return {"stats": [{"seat": seat, **{name: int(figures.get(seat, {}).get(name, 0)) for name in STAT_FIGURES}}
                      for seat in game.seats]}


VIEWS = FamilyViews(_liars_games, _liars_referee, _liars_extra, _liars_relay, flags=("can_call", "can_spot_on"),
                    dealing=lambda game: isinstance(game, GameState) and game.phase is Phase.ROLLING)
"""How a Liar's Dice table shows its game (``Family.views``)."""
