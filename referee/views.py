"""The one place that decides what a seat, a spectator or a referee may see of a game.

Views are built field by field from what a viewer may see (a whitelist): a secret added to
the state later stays on the server until a view names it. The result is JSON-ready and is
what clients and bots read (docs/protocol.md, docs/bots.md).

A table's view is its family's (``FAMILY_VIEWS``, keyed by ``table.family``): a Liar's Dice
game is ``game_view``'s, a poker-dice game ``referee.games.poker_bluff.views``' with its ``evening``.

>>> from referee.games.liars_dice.rules import Settings, new_game, apply, Roll
>>> state = apply(new_game(Settings(dice_per_player=2), (0, 1), 0), Roll(((2, 3), (4, 1)))).state
>>> game_view(state, seat=0)["dice"], game_view(state, seat=1)["dice"], game_view(state, seat=None)["dice"]
([2, 3], [4, 1], [])
>>> "hands" in str(game_view(state, seat=None))
False
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from referee.gm.relay import Translate
from referee.gm.stakes import pot
from referee.gm.state import GmState
from referee.gm.views import gm_views, referee_gm_view
from referee.games.poker_bluff.views import EveningLike, evening_view, poker_game_view, poker_table_games
from referee.games.liars_dice.round_views import RoundHistoryLike, history_view
from referee.games.liars_dice.rules import GameState, Phase, RoundResult, Settings, callers
from referee.games.liars_dice.rules.bound import spot_on_played
from referee.games.poker_bluff import rules as poker_bluff
from referee.rules.families import LIARS_DICE, POKER_BLUFF, TableSettings, rules_of


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
def _table_rules(settings: TableSettings) -> dict[str, Any]:
    return rules_of(settings)


def _rules(settings: TableSettings) -> dict[str, Any]:
    """``rules_of(settings)``, worked out once per distinct settings (a table's change rarely)."""
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


class SeatLike(Protocol):
    """A seat as the table keeps it (``referee.table.SeatInfo``)."""

    seat: int
    name: str
    kind: str
    level: str | None


class TableLike(Protocol):
    """What a table view reads of a table's state (``referee.table.TableState``)."""

    id: str
    host: int | None
    family: str
    settings: TableSettings
    seats: Mapping[int, SeatLike]
    game_no: int
    game: GameState | poker_bluff.GameState | None
    autopilot: Collection[int]
    gm: GmState
    roll_off: Sequence[Mapping[str, Any]]
    evening: EveningLike | None
    moves: int
    round_history: RoundHistoryLike
    stats: Mapping[int, Mapping[str, int]]


Relay = tuple[tuple[int, int] | None, dict[int, list[int]]]
"""The (game, round) whose dice a blind referee may not see yet (None: nothing hidden), and the
dice the referee may relay, by seat."""


@dataclass(frozen=True, slots=True)
class FamilyViews:
    """How a family's table shows its game: each seat's game view (``games``: the running game's
    views by seat, ``{}`` before the first game), the referee's (``referee``: the game seen whole
    unless ``blind``), what the family adds to every table view (``extra``), what the whisper
    relay may tell (``relay``), and the game view's per-seat flags that follow from what everyone
    sees (``flags``: sent once for all as the seats they hold for, ``referee.state_parts``)."""

    games: Callable[[TableLike, Sequence[int | None]], dict[int | None, dict[str, Any]]]
    referee: Callable[[TableLike, bool], dict[str, Any] | None]
    extra: Callable[[TableLike], dict[str, Any]]
    relay: Callable[[TableLike, bool], Relay]
    flags: tuple[str, ...] = ()


def _liars_games(state: TableLike, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    game = state.game
    if not isinstance(game, GameState):
        return {}
    views = game_views(game, seats, game_no=state.game_no, roll_off=state.roll_off)
    past = history_view(state.round_history, bids=len(game.bids))  # public: shared by every view
    return {seat: {**view, **past} for seat, view in views.items()}


def _liars_referee(state: TableLike, blind: bool) -> dict[str, Any] | None:
    game = state.game
    if not isinstance(game, GameState):
        return None
    view = game_view(game, None, game_no=state.game_no, see_all=not blind, roll_off=state.roll_off)
    return {**view, **history_view(state.round_history, bids=len(game.bids))}


def _liars_relay(state: TableLike, blind: bool) -> Relay:
    game = state.game
    if not isinstance(game, GameState) or game.phase is not Phase.BIDDING:
        return None, {}
    if blind:
        return (state.game_no, game.round_no), {}
    return None, {seat: list(hand) for seat, hand in zip(game.seats, game.hands) if hand}


STAT_FIGURES = ("bids", "calls_won", "calls_lost", "dice_lost", "caught")
"""The figures of a player's game that ``stats`` shows (``referee.games.liars_dice.game_stats``), by name."""


def _liars_extra(state: TableLike) -> dict[str, Any]:
    """``stats`` at game over: each player's public figures of the game, in the game's seat order
    (null while a game runs or before the first)."""
    game = state.game
    if not isinstance(game, GameState) or game.phase is not Phase.OVER:
        return {"stats": None}
    figures = state.stats
    return {"stats": [{"seat": seat, **{name: int(figures.get(seat, {}).get(name, 0)) for name in STAT_FIGURES}}
                      for seat in game.seats]}


def _poker_games(state: TableLike, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    game = state.game
    if not isinstance(game, poker_bluff.GameState):
        return {}
    return poker_table_games(game, seats, game_no=state.game_no, moves=state.moves)


def _poker_referee(state: TableLike, blind: bool) -> dict[str, Any] | None:
    game = state.game
    if not isinstance(game, poker_bluff.GameState):
        return None
    return poker_game_view(game, None, game_no=state.game_no, see_all=not blind)


def _poker_relay(state: TableLike, blind: bool) -> Relay:
    """The cup, to its holder, while they have it before them (nothing for a blind referee)."""
    game = state.game
    if blind or not isinstance(game, poker_bluff.GameState) or game.holder is None:
        return None, {}
    view = poker_game_view(game, game.holder, game_no=state.game_no)
    return None, {game.holder: view["cup"]} if view["cup"] else {}


def _poker_extra(state: TableLike) -> dict[str, Any]:
    evening = state.evening
    stakes = [state.gm.stakes[seat] for seat in (evening.bracket.entrants if evening else ()) if seat in state.gm.stakes]
    token_value = state.settings.token_value if isinstance(state.settings, poker_bluff.PokerSettings) else ""
    return {"evening": evening_view(evening, pot=pot(stakes) if stakes else None, token_value=token_value)}


FAMILY_VIEWS: dict[str, FamilyViews] = {
    LIARS_DICE: FamilyViews(_liars_games, _liars_referee, _liars_extra, _liars_relay,
                            flags=("can_call", "can_spot_on")),
    POKER_BLUFF: FamilyViews(_poker_games, _poker_referee, _poker_extra, _poker_relay,
                             flags=("can_doubt", "can_believe", "must_doubt")),
}
"""Each family's views, by the family's name."""


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

    >>> from types import SimpleNamespace
    >>> from referee.gm.state import GmState
    >>> state = SimpleNamespace(id="t1", host=0, family="liars_dice", settings=Settings(), seats={}, game_no=0,
    ...                         game=None, autopilot=(), gm=GmState(), roll_off=(), evening=None, moves=0)
    >>> views = table_views(state, version=4, seats=[0, None], connected=(), spectators=1)
    >>> views[0]["you"], views[None]["you"]["role"], views[0]["table"] is views[None]["table"]
    ({'seat': 0, 'role': 'player', 'is_host': True}, 'spectator', True)
    """
    family = FAMILY_VIEWS[state.family]
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
    shown = dict(commitment) if game is not None and game.phase is not Phase.ROLLING and commitment else None
    extra = family.extra(state)
    gms = gm_views(state.gm, seats=seats, all_seats=list(state.seats))
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


def _names(state: TableLike) -> dict[int, str]:
    return {seat: info.name for seat, info in state.seats.items()}


def referee_view(state: TableLike, *, version: int, connected: Collection[int], spectators: int, now: float = 0.0,
                 deadline: float | None = None, commitment: Mapping[str, Any] | None = None,
                 server_key: Mapping[str, str] | None = None, commitments: Mapping[str, Any] | None = None,
                 translate: Translate, draws: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The referee's ``state``: the spectator's view, the family's game seen whole (every cup
    while bidding, a poker-dice game's ``referee_cup``; none for a blind referee before the
    reveal), the game's commitments, every private thread and attempt, and the whisper relay
    worded by ``translate``.

    >>> from types import SimpleNamespace
    >>> from referee.gm.state import GmState
    >>> from referee.games.poker_bluff.rules import PokerSettings, Roll, apply, new_game
    >>> game = apply(new_game(PokerSettings(), (0, 1), 0), Roll((2, 2, 5, 5, 1))).state
    >>> state = SimpleNamespace(id="t1", host=None, family="poker_bluff", settings=PokerSettings(), seats={},
    ...                         game_no=1, game=game, autopilot=(), gm=GmState(), roll_off=(), evening=None, moves=0)
    >>> view = referee_view(state, version=1, connected=(), spectators=0, translate=lambda key, **_: key)
    >>> view["game"]["referee_cup"], view["you"]["role"], view["evening"]
    ([2, 2, 5, 5, 1], 'referee', None)
    """
    view = table_view(state, version=version, seat=None, connected=connected, spectators=spectators, now=now,
                      deadline=deadline, commitment=commitment, server_key=server_key, draws=draws)
    view["you"] = {"seat": None, "role": "referee", "is_host": True}
    family = FAMILY_VIEWS[state.family]
    blind = state.gm.settings.blind
    if state.game is not None:
        view["game"] = family.referee(state, blind)
    hidden_round, hands = family.relay(state, blind)
    view["commitments"] = dict(commitments) if commitments else None
    view["gm"] = referee_gm_view(state.gm, game_no=state.game_no, seats=list(state.seats), names=_names(state),
                                 hidden_round=hidden_round, hands=hands, translate=translate)
    return view
