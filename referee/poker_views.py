"""What a seat, a spectator or the referee may see of a poker-dice bluff game (the second family's
``views``).

Built field by field from what the viewer may see (a whitelist), JSON-ready, read by the page
and by the bots (docs/bots.md). The holder of the cup sees its five dice while they are theirs
to look at; the other player and spectators see only the dice set aside face up; everyone sees
the cup once a doubt has opened it.

>>> from referee.rules.poker_bluff import PokerSettings, new_game, apply, Roll
>>> state = apply(new_game(PokerSettings(), (0, 1), 0), Roll((2, 2, 5, 5, 1))).state
>>> poker_game_view(state, seat=0)["cup"], poker_game_view(state, seat=1)["cup"], poker_game_view(state, seat=None)["cup"]
([2, 2, 5, 5, 1], [], [])
>>> "referee_cup" in poker_game_view(state, seat=None), poker_game_view(state, None, see_all=True)["referee_cup"]
(False, [2, 2, 5, 5, 1])
"""
from __future__ import annotations

from typing import Any

from referee.rules.poker_bluff import HIGHEST, Declaration, GameState, Phase, RoundResult, keepable

FAMILY = "poker_bluff"
_CUP_IN_HAND = (Phase.DECLARING, Phase.RESPONDING, Phase.KEEPING)
"""Phases in which the holder has the five dice before them (after a re-roll they wait for the new dice)."""


def poker_game_view(state: GameState, seat: int | None, *, game_no: int = 1, see_all: bool = False) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of ``state``; ``see_all`` adds the referee's ``referee_cup``."""
    answering = state.phase is Phase.RESPONDING and seat is not None and seat == state.turn
    view: dict[str, Any] = {
        "family": FAMILY,
        "game": game_no,
        "phase": state.phase.value,
        "round": state.round_no,
        "seat": seat,
        "seats": list(state.seats),
        "tokens": {str(s): t for s, t in zip(state.seats, state.tokens)},
        "starter": state.starter,
        "holder": state.holder,
        "turn": state.turn,
        "cup": list(state.cup) if seat == state.holder and state.phase in _CUP_IN_HAND else [],
        "set_aside": list(state.kept),
        "declarations": [_declaration(p.seat, p.declaration) for p in state.declarations],
        "can_doubt": answering,
        "can_believe": answering and state.last != HIGHEST,
        "must_doubt": answering and state.last == HIGHEST,
        "keepable": _keepable(state, seat),
        "result": _result(state.result) if state.phase in (Phase.REVEALED, Phase.OVER) else None,
        "winner": state.winner,
        "rules": state.settings.to_dict(),
    }
    if see_all:
        view["referee_cup"] = list(state.cup)
    return view


def _declaration(seat: int, declaration: Declaration) -> dict[str, Any]:
    return {"seat": seat, **declaration.to_dict(), "text": declaration.text}


def _keepable(state: GameState, seat: int | None) -> list[int]:
    if state.phase is not Phase.KEEPING or seat != state.holder or state.last is None:
        return []
    return list(keepable(state.last, state.cup))


def _result(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "declarer": result.declarer,
        "doubter": result.doubter,
        "declaration": _declaration(result.declarer, result.declaration),
        "cup": list(result.cup),
        "held": result.held,
        "winner": result.winner,
        "loser": result.loser,
    }
