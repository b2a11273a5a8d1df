"""A table's state as a fold over its event log: seats, the running game, the fairness secrets.

``fold`` is the one code path that applies an entry, live and on replay, so a restarted
server rebuilds exactly the table it had.

>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> state = fold(state, "seat_taken", {"seat": 0, "name": "Anna", "kind": "human"}, {"token_digest": "d0"})
>>> state.seat_of_token("d0"), state.seats[0].name
(0, 'Anna')
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from referee.gm.fold import HANDLERS as GM_HANDLERS
from referee.gm.state import GmState
from referee.games.liars_dice.rules import (Bid, CallLiar, ChangeDie, Event, GameState, MakeBid, NextRound, Roll, RollOff, SpotOn, Step,
                           apply, new_game, pending_roll_off)
from referee.games.poker_bluff import rules as poker_bluff
from referee.rules.families import LIARS_DICE, POKER_BLUFF, TableSettings, family_of, rules_of, settings_of

from .draw_order import DRAW_ENTRIES, DRAW_HANDLERS, in_order
from .errors import TableError
from .game_fairness import GameFairness
from referee.games.liars_dice.game_stats import Stats, counted
from referee.games.poker_bluff.evening import Evening
from referee.games.poker_bluff.fold import HANDLERS as POKER_HANDLERS
from referee.games.liars_dice.roll_off import drawn_throw
from referee.games.liars_dice.round_history import RoundHistory, advance


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a person (with the digest of their token) or a bot of some level."""

    seat: int
    name: str
    kind: str
    token_digest: str | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything a table knows: its rules, seats, host (None: the referee hosts), games so far,
    the running game, and the game master's part (``gm``).

    ``family`` names the rules the table plays (``referee.rules.families``); ``settings`` and
    ``game`` are that family's.

    Liar's Dice: ``roll_off`` holds the running game's roll-off throws (the rules' ``roll_off``
    events: ``{dice, standing}``), oldest first; empty unless the game plays ``first_opener =
    roll_off``. ``last_first_opener`` is the first opener of the last game that rotated (a
    roll-off game names none).

    ``round_history`` keeps the current game's finished rounds and which bids a bot made for a
    person (``referee.games.liars_dice.round_history``).

    Poker-dice: ``evening`` is the bracket being played (or the last one), ``moves`` the moves of
    the running round (the ``step`` of its ``against``), ``rolls`` the cup's rolls this game.

    ``stats`` holds each player's figures of the last Liar's Dice game started (``game_stats``)."""

    id: str
    settings: TableSettings
    family: str = LIARS_DICE
    host: int | None = 0
    seats: dict[int, SeatInfo] = field(default_factory=dict)
    game_no: int = 0
    game: GameState | poker_bluff.GameState | None = None
    last_first_opener: int | None = None
    fairness: GameFairness | None = None
    autopilot: frozenset[int] = frozenset()
    strikes: dict[int, int] = field(default_factory=dict)
    events: tuple[Event, ...] = ()
    gm: GmState = field(default_factory=GmState)
    roll_off: tuple[dict[str, Any], ...] = ()
    evening: Evening | None = None
    moves: int = 0
    rolls: int = 0
    round_history: RoundHistory = field(default_factory=RoundHistory)
    stats: Stats = field(default_factory=dict)
    require_seeds: bool = False

    def evolve(self, **changes: Any) -> TableState:
        """A copy with ``changes``, as ``dataclasses.replace`` makes it without going through
        ``__init__`` field by field (every entry folds through here, a few times an entry).

        >>> from referee.games.liars_dice.rules import Settings
        >>> TableState(id="t1", settings=Settings()).evolve(game_no=2).game_no
        2
        >>> TableState(id="t1", settings=Settings()).evolve(score=2)
        Traceback (most recent call last):
        ...
        TypeError: TableState has no field score
        """
        unknown = changes.keys() - _FIELD_NAMES
        if unknown:
            raise TypeError(f"TableState has no field {', '.join(sorted(unknown))}")
        copy = object.__new__(TableState)
        for name in _FIELD_NAMES:
            object.__setattr__(copy, name, changes[name] if name in changes else getattr(self, name))
        return copy

    def seat_of_token(self, token_digest: str) -> int | None:
        """The seat whose token has this digest, or None."""
        for info in self.seats.values():
            if info.token_digest is not None and info.token_digest == token_digest:
                return info.seat
        return None

    def free_seat(self) -> int | None:
        """The lowest free seat number, or None when the table is full."""
        for seat in range(self.settings.max_players):
            if seat not in self.seats:
                return seat
        return None

    def humans(self) -> list[int]:
        """Seats held by people, in seat order."""
        return [seat for seat, info in sorted(self.seats.items()) if info.kind == "human"]

    def is_bot(self, seat: int) -> bool:
        """True for a bot's seat."""
        info = self.seats.get(seat)
        return info is not None and info.kind == "bot"

    @property
    def game_running(self) -> bool:
        """True while a game is being played (not before the first, not after it ended)."""
        return self.game is not None and self.game.winner is None

    @property
    def evening_running(self) -> bool:
        """True while a poker-dice evening has no champion yet (never at a Liar's Dice table)."""
        return self.evening is not None and not self.evening.ended


_FIELD_NAMES = tuple(item.name for item in fields(TableState))


def fold(state: TableState | None, kind: str, public: dict[str, Any], secret: dict[str, Any] | None) -> TableState:
    """The table after one entry; raises a RulesError (and changes nothing) when the entry is not allowed.

    Shared entries (seats, timers, rules, the dealer's manifest and draws, the game master's)
    fold here; every other kind is its family's (``FAMILY_HANDLERS``): another family's entry
    is refused ``game/wrong_family``."""
    if state is None:
        if kind != "table_created":
            raise TableError("table/unknown", f"a table's log must start with table_created, not {kind}")
        rules = public["rules"]
        return TableState(id=public["id"], settings=settings_of(rules), family=family_of(rules))
    handler = _HANDLERS.get(kind) or FAMILY_HANDLERS[state.family].get(kind)
    if handler is None:
        if any(kind in handlers for handlers in FAMILY_HANDLERS.values()):
            raise TableError("game/wrong_family", f"{kind} is not an entry of a {state.family} table")
        raise TableError("log/unknown_kind", f"unknown log entry kind {kind!r}")
    after = handler(state.evolve(events=()), public, secret or {})
    return in_order(state, after, kind, public) if kind in DRAW_ENTRIES else after


def _seat_taken(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    if seat in state.seats:
        raise TableError("seat/taken", f"seat {seat} is taken by {state.seats[seat].name}")
    info = SeatInfo(seat, public["name"], public["kind"], secret.get("token_digest"), public.get("level"))
    return state.evolve(seats={**state.seats, seat: info})


def _seat_left(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    if seat not in state.seats:
        raise TableError("seat/none", f"seat {seat} is empty")
    if state.game_running and state.game is not None and seat in state.game.in_game:
        raise TableError("game/running", f"seat {seat} is playing: it can leave once the game is over")
    if state.evening_running and state.evening is not None and seat in state.evening.contenders:
        raise TableError("evening/running", f"seat {seat} is still in this evening's bracket: it can leave "
                                            "once it is out or the evening has a champion")
    return state.evolve(seats={s: i for s, i in state.seats.items() if s != seat})


def _autopilot(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    autopilot = state.autopilot | {seat} if public["on"] else state.autopilot - {seat}
    return state.evolve(autopilot=autopilot, strikes={**state.strikes, seat: 0})


def _timed_out(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    seat = public["seat"]
    game = _game(state)
    if game.turn != seat:
        raise TableError("timer/stale", f"seat {seat} is not the one to act")
    return state.evolve(strikes={**state.strikes, seat: state.strikes.get(seat, 0) + 1})


def _game_started(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    game = new_game(state.settings, public["seats"], public["opener"])
    rotated = public["opener"] if public["opener"] is not None else state.last_first_opener
    return state.evolve(game_no=public["game"], game=game, last_first_opener=rotated, fairness=None, roll_off=())


def _rolled_off(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """A roll-off throw: exactly the values of its revealed draw, applied to the rules as ``RollOff``."""
    game, fairness = _game(state), _fairness(state)
    counter = len(state.roll_off) + 1
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
    return state.evolve(game=step.state, roll_off=state.roll_off + (thrown,), events=_public_events(step))


def _rules_changed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """The host or the referee changed the table's rules between games (the next game plays them)."""
    if state.game_running or state.evening_running:
        raise TableError("game/running", "the rules change only between games (and evenings)")
    if family_of(public["rules"]) != state.family:
        raise TableError("game/wrong_family", f"a {state.family} table keeps its game: rules of "
                                              f"{family_of(public['rules'])} do not apply")
    settings = settings_of(public["rules"])
    crowded = sorted(seat for seat in state.seats if seat >= settings.max_players)
    if crowded:
        raise TableError("settings/seats_taken", f"max_players {settings.max_players} leaves no room for seat(s) "
                                                 f"{', '.join(map(str, crowded))}: free them first")
    event = Event("rules_changed", {"rules": rules_of(settings), "by": public["by"]})
    return state.evolve(settings=settings, events=(event,))


def _game_opened(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    return state.evolve(fairness=GameFairness(public, secret))


def _seed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    fairness = _fairness(state)
    return state.evolve(fairness=replace(fairness, seeds={**fairness.seeds, public["seat"]: public["seed"]}))


def _round_dealt(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    game = _game(state)
    hands = tuple(tuple(secret["hands"].get(str(seat), ())) for seat in game.seats)
    fairness = _fairness(state)
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
    fairness = replace(_fairness(state), seeds={}, deal_public=None, deal_secret=None, changes=())
    step = apply(_game(state), NextRound())
    return state.evolve(game=step.state, fairness=fairness, events=_public_events(step))


def _die_changed(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    """An approved change (fairness DIE_CHANGED): the rules count the changed die, the reveal shows it."""
    game, fairness = _game(state), _fairness(state)
    if (public["game"], public["round"]) != (state.game_no, game.round_no):
        raise TableError("die/stale", f"round {public['round']} of game {public['game']} is not being played")
    step = apply(game, ChangeDie(secret["seat"], secret["index"], secret["value"]))
    return state.evolve(game=step.state, fairness=replace(fairness, changes=fairness.changes + (dict(secret),)))


def _draw_committed(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
    fairness = _fairness(state)
    if public["draw"] != fairness.draw_count + 1:
        raise TableError("draw/order", f"the next draw of this game is number {fairness.draw_count + 1}")
    wanted = public.get("purpose", {})
    key = (wanted.get("kind"), wanted.get("ref"))
    return state.evolve(fairness=replace(fairness, draws=fairness.draws + ((public, secret),),
                                         counts={**fairness.counts, key: fairness.counts.get(key, 0) + 1}))


def _draw_revealed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    fairness = _fairness(state)
    if fairness.draw_at(public["draw"]) is None or public["draw"] in fairness.draws_revealed:
        raise TableError("draw/order", f"draw {public['draw']} is not waiting for its reveal")
    return state.evolve(fairness=replace(fairness, draws_revealed=fairness.draws_revealed | {public["draw"]}))


def _game(state: TableState) -> GameState:
    if state.game is None:
        raise TableError("game/not_started", "no game is running at this table")
    return state.game


def _fairness(state: TableState) -> GameFairness:
    if state.fairness is None:
        raise TableError("game/not_started", "the game has not been opened by the referee yet")
    return state.fairness


_HANDLERS = {
    "seat_taken": _seat_taken,
    "seat_left": _seat_left,
    "game_opened": _game_opened,
    "rules_changed": _rules_changed,
    "seat_autopilot": _autopilot,
    "turn_timed_out": _timed_out,
    "draw_committed": _draw_committed,
    "draw_revealed": _draw_revealed,
    **DRAW_HANDLERS,
    **GM_HANDLERS,
}
"""Entries every table folds alike, whatever its family."""

Handler = Callable[[TableState, dict[str, Any], dict[str, Any]], TableState]


def _noted(kind: str, handler: Handler) -> Handler:
    """``handler``, then the entry told to the round history (``round_history.advance``)."""
    def noted(state: TableState, public: dict[str, Any], secret: dict[str, Any]) -> TableState:
        after = handler(state, public, secret)
        info = state.seats.get(public.get("seat", -1))
        before_game, after_game = state.game, after.game
        history = advance(state.round_history, kind, public, person=info is not None and info.kind == "human",
                          before=before_game if isinstance(before_game, GameState) else None,
                          after=after_game if isinstance(after_game, GameState) else None)
        return after.evolve(round_history=history)
    return noted


LIARS_DICE_HANDLERS = counted({
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
})

FAMILY_HANDLERS = {LIARS_DICE: LIARS_DICE_HANDLERS, POKER_BLUFF: POKER_HANDLERS}
"""Each family's own entries, by the family's name."""
