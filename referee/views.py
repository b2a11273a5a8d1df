"""The one place that decides what a seat, a spectator or a referee may see of a table.

Views are built field by field from what a viewer may see (a whitelist): a secret added to
the state later stays on the server until a view names it. The result is JSON-ready and is
what clients and bots read (docs/protocol.md, docs/bots.md).

A table's game is shown by its family (``Family.views``, a ``referee.family_views.FamilyViews``): a
Liar's Dice game by ``referee.games.liars_dice.views``, a poker-dice game by
``referee.games.poker_bluff.views`` with its ``evening``; the rest (the table, its seats, the
commitment, the game master's part) is the same at every table.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from referee.family_views import SeatLike, TableLike
from referee.games.registry import family_named, rules_of
from referee.gm.relay import Translate
from referee.gm.views import gm_views, referee_gm_view


@lru_cache(maxsize=256)
def _table_rules(settings: Any) -> dict[str, Any]:
    return rules_of(settings)


def _rules(settings: Any) -> dict[str, Any]:
    """``rules_of(settings)``, worked out once per distinct settings (a table's change rarely)."""
    return dict(_table_rules(settings))


def table_view(state: TableLike, *, version: int, seat: int | None, connected: Collection[int],
               spectators: int, now: float = 0.0, deadline: float | None = None, commitment: Mapping[str, Any] | None = None,
               server_key: Mapping[str, str] | None = None, private: Mapping[str, Any] | None = None,
               draws: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The whole ``state`` event payload for one viewer: ``seat`` None is a spectator.

    ``now`` is the server's clock and ``deadline`` when the current turn times out (Unix
    seconds), so a client with a wrong clock can still count down; ``commitment`` is the
    round's signed public commitment and ``server_key`` the key that signs it (public to all);
    ``private`` is what only this seat may read about its own dice (salts and proofs), ``draws`` the
    table's seeded draws (``Table.draw_parts``).
    """
    return table_views(state, version=version, seats=[seat], connected=connected, spectators=spectators, now=now,
                       deadline=deadline, commitment=commitment, server_key=server_key,
                       private={seat: private} if seat is not None and private else None, draws=draws)[seat]


def table_views(state: TableLike, *, version: int, seats: Sequence[int | None], connected: Collection[int],
                spectators: int, now: float = 0.0, deadline: float | None = None,
                commitment: Mapping[str, Any] | None = None, server_key: Mapping[str, str] | None = None,
                private: Mapping[int, Mapping[str, Any]] | None = None,
                draws: Mapping[str, Any] | None = None) -> dict[int | None, dict[str, Any]]:
    """``table_view`` for each of ``seats`` (None: a spectator) at once, ``private`` by seat: the
    parts every viewer sees alike (the table, the commitment, the public game) are built once
    and shared (the same objects) by every view returned, so treat them as read-only. ``draws`` is the
    running game's seeded draws (``Table.draw_parts``), shown to all.

    >>> from referee.table.fold import fold
    >>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
    >>> views = table_views(state, version=4, seats=[0, None], connected=(), spectators=1)
    >>> views[0]["you"], views[None]["you"]["role"], views[0]["table"] is views[None]["table"]
    ({'seat': 0, 'role': 'player', 'is_host': True}, 'spectator', True)
    """
    family = family_named(state.family).views
    table = {
        "id": state.id,
        "host": state.host,
        "family": state.family,
        "rules": _rules(state.settings),
        "seats": [_seat(info, connected, state.autopilot) for _, info in sorted(state.seats.items())],
        "turn_deadline_ms": None if deadline is None else int(deadline * 1000),
        "games_played": state.game_no - (1 if state.game is not None and state.game.winner is None else 0),
        "spectators": spectators,
        "server_key": dict(server_key) if server_key else None,
    }
    game = state.game
    games = family.games(state, seats)
    shown = dict(commitment) if game is not None and not family.dealing(game) and commitment else None
    extra = family.extra(state)
    gms = gm_views(state.gm, seats=seats, all_seats=list(state.seats), changes=_changes(state))
    views: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        view: dict[str, Any] = {
            "version": version,
            "server_now_ms": int(now * 1000),
            "you": {"seat": seat, "role": "player" if seat is not None else "spectator",
                    "is_host": seat is not None and seat == state.host},
            "table": table,
            "game": games.get(seat),
            "gm": gms[seat],
            **extra,
        }
        if shown:
            view["commitment"] = shown
        if draws:
            view["draws"] = draws
        own = private.get(seat) if private is not None and seat is not None else None
        if own:
            view["private"] = dict(own)
        views[seat] = view
    return views


def _seat(info: SeatLike, connected: Collection[int], autopilot: Collection[int]) -> dict[str, Any]:
    seat: dict[str, Any] = {"seat": info.seat, "name": info.name, "kind": info.kind,
                            "connected": info.kind == "bot" or info.seat in connected,
                            "bot_playing": info.seat in autopilot}
    if info.level is not None:
        seat["level"] = info.level
    return seat


def _changes(state: TableLike) -> tuple[dict[str, Any], ...]:
    """The die changes of the round being played (a hand change tells its ``other`` attempt what it did)."""
    fairness = getattr(state, "fairness", None)
    return fairness.changes if fairness is not None else ()


def _names(state: TableLike) -> dict[int, str]:
    return {seat: info.name for seat, info in state.seats.items()}


def referee_view(state: TableLike, *, version: int, connected: Collection[int], spectators: int, now: float = 0.0,
                 deadline: float | None = None, commitment: Mapping[str, Any] | None = None,
                 server_key: Mapping[str, str] | None = None, commitments: Mapping[str, Any] | None = None,
                 translate: Translate, draws: Mapping[str, Any] | None = None,
                 readers: Mapping[int, Translate] | None = None) -> dict[str, Any]:
    """The referee's ``state``: the spectator's view, the family's game seen whole (every cup
    while bidding, a poker-dice game's ``referee_cup``; none for a blind referee before the
    reveal), the game's commitments, every private thread and attempt, and the whisper relay:
    each person's lines worded in their own language (``readers``, by seat; else ``translate``,
    the referee's), none for a regular.

    >>> from referee.games.poker_bluff.rules import PokerSettings, Roll, apply, new_game
    >>> from referee.table.fold import fold
    >>> game = apply(new_game(PokerSettings(), (0, 1), 0), Roll((2, 2, 5, 5, 1))).state
    >>> state = fold(None, "table_created", {"id": "t1", "rules": {"game": "poker_bluff"}}, None)
    >>> state = state.evolve(host=None, game_no=1, game=game)
    >>> view = referee_view(state, version=1, connected=(), spectators=0, translate=lambda key, **_: key)
    >>> view["game"]["referee_cup"], view["you"]["role"], view["evening"]
    ([2, 2, 5, 5, 1], 'referee', None)
    """
    view = table_view(state, version=version, seat=None, connected=connected, spectators=spectators, now=now,
                      deadline=deadline, commitment=commitment, server_key=server_key, draws=draws)
    view["you"] = {"seat": None, "role": "referee", "is_host": True}
    family = family_named(state.family).views
    blind = state.gm.settings.blind
    if state.game is not None:
        view["game"] = family.referee(state, blind)
    hidden_round, hands = family.relay(state, blind)
    view["commitments"] = dict(commitments) if commitments else None
    view["gm"] = referee_gm_view(state.gm, game_no=state.game_no, seats=list(state.seats), names=_names(state),
                                 hidden_round=hidden_round, hands=hands, translate=translate, changes=_changes(state),
                                 readers=readers, regulars={seat for seat, info in state.seats.items() if info.kind == "bot"})
    return view
