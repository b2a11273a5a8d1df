"""The seat view the arena shows its bots: ``referee.views.game_view`` with the keys of the shared contract.

Bots read the view keys of docs/bots.md ("The seat view"): besides what ``game_view`` gives
today, ``palifico``, ``callers``, ``can_call`` (the seat is one of ``callers``),
``can_spot_on``, the reveal's ``call``, ``dice_gained`` and ``palifico_next``, and
``roll_off``. ``seat_view`` sets exactly those from the state, as the contract defines them,
so the arena's bots see what bots at a table will see. It is a bridge: once ``game_view``
builds these keys itself, the arena calls ``game_view`` and this module goes.

>>> from referee.rules import MakeBid, Bid, Roll, Settings, apply, new_game
>>> state = apply(new_game(Settings(challenge="anyone", spot_on=True), (0, 1, 2), 0), Roll(((2,) * 5,) * 3)).state
>>> state = apply(state, MakeBid(0, Bid(3, 4))).state
>>> view = seat_view(state, 2, game_no=1)
>>> view["callers"], view["can_call"], view["can_spot_on"], view["palifico"], view["roll_off"]
([1, 2], True, True, False, None)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.rules import GameState, Phase, callers
from referee.views import game_view


def seat_view(state: GameState, seat: int | None, *, game_no: int,
              throws: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """What ``seat`` sees of ``state``, with the contract's keys; ``throws`` are the roll-off's
    ``roll_off`` event payloads so far (``{"dice", "standing"}``, in order)."""
    view = game_view(state, seat, game_no=game_no)
    may_call = list(callers(state))
    view["palifico"] = state.palifico
    view["callers"] = may_call
    view["can_call"] = seat in may_call
    view["can_spot_on"] = seat in may_call and state.settings.spot_on
    if view["result"] is not None and state.result is not None:
        view["result"] = {**view["result"], "call": state.result.call, "dice_gained": state.result.dice_gained,
                          "palifico_next": state.result.palifico_next}
    view["roll_off"] = None
    if state.settings.first_opener == "roll_off":
        decided = state.phase is not Phase.ROLLING_OFF
        view["roll_off"] = {"throws": [{"dice": dict(t["dice"]), "standing": [list(g) for g in t["standing"]]}
                                       for t in throws],
                            "seat_order": list(state.seats) if decided else None}
    return view
