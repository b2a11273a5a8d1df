"""What a seat, a spectator or the referee may see of a poker-dice bluff game (the second family's
``views``).

Built field by field from what the viewer may see (a whitelist), JSON-ready, read by the page
and by the bots (docs/bots.md). The holder of the cup sees its five dice while they are theirs
to look at; the other player and spectators see only the dice set aside face up; everyone sees
the cup once a doubt has opened it.

>>> from referee.games.poker_bluff.rules import PokerSettings, new_game, apply, Roll
>>> state = apply(new_game(PokerSettings(), (0, 1), 0), Roll((2, 2, 5, 5, 1))).state
>>> poker_game_view(state, seat=0)["cup"], poker_game_view(state, seat=1)["cup"], poker_game_view(state, seat=None)["cup"]
([2, 2, 5, 5, 1], [], [])
>>> "referee_cup" in poker_game_view(state, seat=None), poker_game_view(state, None, see_all=True)["referee_cup"]
(False, [2, 2, 5, 5, 1])

At a table each seat's game view also carries ``against`` (``poker_table_games``), and the
table's view an ``evening`` (``evening_view``): the bracket, its matches, the champion.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from referee.family_views import FamilyViews, Relay, TableLike
from referee.games.poker_bluff.rules import (HIGHEST, Bracket, Declaration, GameState, Match, Phase, PokerSettings, RoundResult,
                                             keepable)
from referee.gm.stakes import pot

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


def poker_table_games(state: GameState, seats: Sequence[int | None], *, game_no: int,
                      moves: int) -> dict[int | None, dict[str, Any]]:
    """``poker_game_view`` for each of ``seats`` at a table, with ``against`` ``{game, round, step}``:
    what a move sent from that view answers (``step``: the moves of the round so far).

    >>> from referee.games.poker_bluff.rules import PokerSettings, new_game
    >>> views = poker_table_games(new_game(PokerSettings(), (0, 1), 0), [0, None], game_no=3, moves=0)
    >>> views[None]["against"], views[0]["seat"]
    ({'game': 3, 'round': 1, 'step': 0}, 0)
    """
    against = {"game": game_no, "round": state.round_no, "step": moves}
    return {seat: {**poker_game_view(state, seat, game_no=game_no), "against": dict(against)} for seat in seats}


class EveningLike(Protocol):
    """What an evening's view reads of a table's evening (``referee.games.poker_bluff.evening.Evening``)."""

    number: int
    bracket: Bracket
    matches: tuple[Match, ...]


def evening_view(evening: EveningLike | None, *, pot: Mapping[str, Any] | None, token_value: str) -> dict[str, Any] | None:
    """The evening as everyone sees it (null before the first): each bracket round's pairs with their
    winner and the winner of each game they played, the champion, the ``pot`` of the recorded stakes;
    ``starters_drawn``: each match's first game has its starter drawn, ``drawing``: the running
    game's starter is being drawn (its first roll waits for that draw), and ``drawing_bracket``: the
    bracket order is being drawn (no round is shown before it). ``bracket``: the number the page
    titles an evening of three or more by (the table's brackets so far, a game of two not counted),
    null for a game of two.

    >>> from referee.games.poker_bluff.rules import new_bracket
    >>> from types import SimpleNamespace
    >>> evening = SimpleNamespace(number=1, bracket=new_bracket((0, 1, 2)), matches=(Match(0, 1, False, (1,)),))
    >>> view = evening_view(evening, pot=None, token_value="1 silver")
    >>> view["rounds"][0], view["champion"], view["drawing"]
    ([{'seats': [0, 1], 'winner': None, 'games': [1]}, {'seats': [2], 'winner': 2, 'games': []}], None, False)
    """
    if evening is None:
        return None
    games = {frozenset(match.seats): list(match.winners) for match in evening.matches}
    drawing_bracket = bool(getattr(evening, "drawing_bracket", False))
    return {
        "evening": evening.number,
        "bracket": getattr(evening, "brackets", 0) or None if len(evening.bracket.entrants) >= 3 else None,
        "entrants": list(evening.bracket.entrants),
        "rounds": [[{"seats": list(pairing.seats), "winner": pairing.winner,
                     "games": list(games.get(frozenset(pairing.seats), []))} for pairing in round_]
                   for round_ in evening.bracket.rounds] if not drawing_bracket else [],
        "champion": evening.bracket.champion,
        "pot": dict(pot) if pot is not None else None,
        "token_value": token_value,
        "starters_drawn": bool(getattr(evening, "starters_drawn", False)),
        "drawing": bool(getattr(evening, "drawing", False)),
        "drawing_bracket": drawing_bracket,
    }


def _poker_games(state: TableLike, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    game = state.game
    if not isinstance(game, GameState):
        return {}
    return poker_table_games(game, seats, game_no=state.game_no, moves=state.family_state.moves)


def _poker_referee(state: TableLike, blind: bool) -> dict[str, Any] | None:
    game = state.game
    if not isinstance(game, GameState):
        return None
    return poker_game_view(game, None, game_no=state.game_no, see_all=not blind)


def _poker_relay(state: TableLike, blind: bool) -> Relay:
    """The cup, to its holder, while they have it before them (nothing for a blind referee)."""
    game = state.game
    if blind or not isinstance(game, GameState) or game.holder is None:
        return None, {}
    view = poker_game_view(game, game.holder, game_no=state.game_no)
    return None, {game.holder: view["cup"]} if view["cup"] else {}


def _poker_extra(state: TableLike) -> dict[str, Any]:
    evening = state.family_state.evening
    stakes = [state.gm.stakes[seat] for seat in (evening.bracket.entrants if evening else ()) if seat in state.gm.stakes]
    token_value = state.settings.token_value if isinstance(state.settings, PokerSettings) else ""
    return {"evening": evening_view(evening, pot=pot(stakes) if stakes else None, token_value=token_value)}


VIEWS = FamilyViews(_poker_games, _poker_referee, _poker_extra, _poker_relay,
                    flags=("can_doubt", "can_believe", "must_doubt"))
"""How a poker-dice table shows its game (``Family.views``)."""
