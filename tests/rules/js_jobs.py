"""The job of the agreement test between the Python rules and the browser's JS port (tests/rules/js/agree.mjs):
random games under every valid combination of the house rules and under the presets, with probes (mostly
illegal actions) at every step, random settings, new games and bid-control views; and the JSON shapes both
sides answer in (``state_json``, ``error_json``, ``outcome_json``).

>>> rnd = random.Random(1)
>>> game = play_game(Settings(dice_per_player=1), (0, 1), 0, rnd)
>>> game.final.winner in (0, 1), action_json(NextRound())
(True, {'type': 'next_round'})
"""
from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass
from typing import Any

from referee.games.liars_dice.rules import (PRESETS, Action, Bid, CallLiar, ChangeDie, GameState, LoseDie, MakeBid, MalformedAction,
                           NextRound, Phase, Roll, RollOff, RulesError, Settings, SettingsConflict, SpotOn, apply,
                           callers, count_matching, legal_actions, new_game, order_for)
from referee.games.liars_dice.rules.bound import spot_on_played
from referee.games.liars_dice.rules.settings import CHOICES, INT_RANGES

from tests.rules.random_games import Game, chance


class Shout:
    """An action the rules do not know (``action/unknown``)."""


def action_json(action: Action | Shout) -> dict[str, Any]:
    """The JS port's form of an action (fields as they are, so malformed values stay malformed)."""
    if isinstance(action, Roll):
        return {"type": "roll", "hands": [list(hand) for hand in action.hands]}
    if isinstance(action, RollOff):
        return {"type": "roll_off", "dice": [list(hand) for hand in action.dice]}
    if isinstance(action, MakeBid):
        return {"type": "bid", "seat": action.seat, "quantity": action.bid.quantity, "face": action.bid.face}
    if isinstance(action, (CallLiar, SpotOn, LoseDie)):
        kind = {CallLiar: "liar", SpotOn: "spot_on", LoseDie: "lose_die"}[type(action)]
        return {"type": kind, "seat": action.seat}
    if isinstance(action, ChangeDie):
        return {"type": "change_die", "seat": action.seat, "index": action.index, "value": action.value}
    if isinstance(action, NextRound):
        return {"type": "next_round"}
    return {"type": "shout"}


def state_json(state: GameState) -> dict[str, Any]:
    """Every field of a state, as the JS side writes its own."""
    result = state.result
    return {
        "phase": state.phase.value, "round": state.round_no, "seats": list(state.seats), "counts": list(state.counts),
        "hands": [list(hand) for hand in state.hands], "opener": state.opener, "turn": state.turn,
        "bids": [[b.seat, b.bid.quantity, b.bid.face] for b in state.bids], "winner": state.winner,
        "roll_off": [list(group) for group in state.roll_off], "palifico": state.palifico,
        "one_die_seats": list(state.one_die_seats),
        "result": None if result is None else {
            "bidder": result.bidder, "caller": result.caller, "quantity": result.bid.quantity, "face": result.bid.face,
            "hands": {str(seat): list(hand) for seat, hand in result.hands}, "count": result.count,
            "loser": result.loser, "dice_lost": result.dice_lost, "call": result.call,
            "dice_gained": result.dice_gained, "palifico_next": result.palifico_next,
        },
    }


def error_json(error: RulesError) -> dict[str, Any]:
    out: dict[str, Any] = {"class": type(error).__name__, "code": error.code, "message": error.message}
    if isinstance(error, SettingsConflict):
        out["keys"] = list(error.keys)
    return out


def outcome_json(state: GameState, action: Action | Shout) -> dict[str, Any]:
    """What applying ``action`` gives: the state and events, or the error."""
    try:
        step = apply(state, action)  # type: ignore[arg-type]
    except RulesError as error:
        return {"error": error_json(error)}
    events = [{"kind": e.kind, "data": e.data, "audience": e.audience} for e in step.events]
    return {"state": state_json(step.state), "events": events}


def combinations() -> list[Settings]:
    """Every valid combination of the word and true/false switches (dice and seats left at their defaults)."""
    found = []
    booleans = ("wild_ones", "bids_on_ones", "spot_on", "palifico", "duel_dice")
    names = (*booleans, *CHOICES)
    for values in itertools.product(*[(False, True)] * len(booleans), *CHOICES.values()):
        try:
            found.append(Settings.from_dict(dict(zip(names, values))))
        except SettingsConflict:
            continue
    return found


# --- the games -----------------------------------------------------------------------------------


def _pick(state: GameState, rnd: random.Random, call_bias: float) -> Action:
    if rnd.random() < 0.02:  # the referee's approved die change
        seat = rnd.choice(state.in_game)
        return ChangeDie(seat, rnd.randrange(state.count_of(seat)), rnd.randint(1, 6))
    actions = legal_actions(state)
    calls = [a for a in actions if not isinstance(a, MakeBid)]
    if calls and rnd.random() < call_bias:
        return rnd.choice(calls)
    bids = [a for a in actions if isinstance(a, MakeBid)] or calls
    return rnd.choice(bids[:6]) if rnd.random() < 0.6 else rnd.choice(bids)


def play_game(settings: Settings, seats: tuple[int, ...], opener: int | None, rnd: random.Random) -> Game:
    """A whole random game: chance steps from random_games.chance, now and then a penalty die between rounds."""
    state, trace, call_bias = new_game(settings, seats, opener), [], rnd.choice([0.15, 0.35, 0.7])
    while state.phase is not Phase.OVER:
        if state.phase in (Phase.ROLLING, Phase.REVEALED) and rnd.random() < 0.04:
            action: Action = LoseDie(rnd.choice(state.in_game))
        else:
            action = chance(state, rnd) or _pick(state, rnd, call_bias)
        step = apply(state, action)
        trace.append((state, action, step))
        state = step.state
    return Game(settings, seats, opener, tuple(trace))


def play_to_the_bound(settings: Settings, seats: tuple[int, ...], rnd: random.Random) -> Game:
    """A spot-on game whose players never lose a die until the bound: every opening bid names exactly
    the dice under the cups and the next caller says a right spot on; from the bound on, random calls."""
    def pick(state: GameState) -> Action:
        actions, standing = legal_actions(state), state.standing_bid
        wild = state.settings.wild_ones and not state.palifico
        exact = [a for a in actions if isinstance(a, MakeBid) and standing is None
                 and a.bid.quantity == count_matching(state.hands, a.bid.face, wild_ones=wild)]
        right = standing is not None and count_matching(state.hands, standing.bid.face, wild_ones=wild) == standing.bid.quantity
        spot = [a for a in actions if isinstance(a, SpotOn)] if right else []
        return (exact or spot or [rnd.choice([a for a in actions if not isinstance(a, MakeBid)] or actions)])[0]
    state, trace = new_game(settings, seats, seats[0]), []
    while state.phase is not Phase.OVER:
        action = chance(state, rnd) or pick(state)
        step = apply(state, action)
        trace.append((state, action, step))
        state = step.state
    return Game(settings, seats, seats[0], tuple(trace))


def probes(state: GameState, rnd: random.Random) -> list[Action | Shout]:
    """A few actions to try on ``state`` besides the one played: mostly illegal, some legal side paths."""
    seats, n = list(state.seats), state.total_dice
    anybody = seats + [max(seats) + 1]
    found: list[Action | Shout] = [LoseDie(rnd.choice(anybody)), CallLiar(rnd.choice(seats)), MakeBid(seats[0], Bid(1, 2))]
    if state.phase is Phase.BIDDING:
        turn, standing = state.turn, state.standing_bid
        assert turn is not None
        found += [MakeBid(turn, Bid(rnd.randint(-1, n + 2), rnd.randint(0, 7))) for _ in range(3)]
        raises = order_for(state, turn).raises(standing.bid if standing else None, total_dice=n)
        if raises:
            low = rnd.choice(raises[:8])
            found += [MakeBid(turn, Bid(low.quantity - 1, low.face)), MakeBid(turn, Bid(low.quantity, rnd.randint(1, 6)))]
        found += [MakeBid(rnd.choice([s for s in anybody if s != turn]), Bid(1, 6)), CallLiar(rnd.choice(anybody)),
                  SpotOn(rnd.choice(anybody)), CallLiar(standing.seat if standing else turn),
                  ChangeDie(rnd.choice(anybody), rnd.randint(-1, 5), rnd.randint(0, 7)), NextRound(),
                  Roll(tuple(tuple([2] * c) for c in state.counts)), RollOff(()), rnd.choice(_malformed(turn))]
        return rnd.sample(found, 5)
    if state.phase is Phase.ROLLING:
        hands = [[3] * c for c in state.counts]
        hands[rnd.randrange(len(hands))].append(rnd.choice([2, 7]))
        found += [Roll(tuple(map(tuple, hands))), Roll(tuple(tuple(h) for h in hands[:-1])), NextRound()]
    elif state.phase is Phase.ROLLING_OFF:
        dice = [[4, 4] if any(s in g for g in state.roll_off if len(g) > 1) else [] for s in seats]
        dice[rnd.randrange(len(dice))] = rnd.choice([[], [1, 7], [2, 2, 2], [5, 5]])
        found += [RollOff(tuple(map(tuple, dice))), Roll(()), LoseDie(seats[0])]
    elif state.phase is Phase.REVEALED:
        found += [Roll(()), SpotOn(seats[0]), ChangeDie(seats[0], 0, 3)]
    return rnd.sample(found, min(3, len(found)))


def _malformed(turn: int) -> list[Action | Shout]:
    return [MakeBid("0", Bid(1, 2)), MakeBid(turn, Bid(2.5, 3)), MakeBid(True, Bid(1, 2)),  # type: ignore[arg-type]
            MakeBid(turn, Bid(1, True)), CallLiar("1"), ChangeDie(turn, "1", 3), Shout()]  # type: ignore[arg-type]


@dataclass
class Job:
    """What node gets (``inputs``) and what the Python rules answered (``expected``), section by section."""

    inputs: dict[str, list[Any]]
    expected: dict[str, list[Any]]


def _game_entry(game: Game, rnd: random.Random, job: Job) -> None:
    steps, expected = [], []
    for state, action, _ in game.trace:
        tried = probes(state, rnd)
        steps.append({"action": action_json(action), "probes": [action_json(p) for p in tried]})
        expected.append({"legal": [action_json(a) for a in legal_actions(state)],
                         "probes": [outcome_json(state, p) for p in tried], "result": outcome_json(state, action)})
        if state.phase is Phase.BIDDING and rnd.random() < 0.3:
            _view_entries(state, rnd, job)
    final = game.final
    tried = probes(final, rnd)
    opener = game.opener
    job.inputs["games"].append({"rules": game.settings.to_dict(), "seats": list(game.seats), "opener": opener,
                                "steps": steps, "final_probes": [action_json(p) for p in tried]})
    job.expected["games"].append({"steps": expected, "final": {"legal": [], "probes": [outcome_json(final, p) for p in tried]}})


def contract_view(state: GameState, seat: int) -> dict[str, Any]:
    """The seat view's keys the bid control reads, as the common brief's "Seat view additions" define them."""
    allowed = callers(state)
    return {"rules": state.settings.to_dict(), "palifico": state.palifico, "dice": list(state.hand_of(seat)),
            "total_dice": state.total_dice, "callers": list(allowed), "can_call": seat in allowed,
            "can_spot_on": seat in allowed and spot_on_played(state.settings.spot_on, state.round_no),
            "bids": [{"seat": b.seat, "quantity": b.bid.quantity, "face": b.bid.face} for b in state.bids]}


def _view_entries(state: GameState, rnd: random.Random, job: Job) -> None:
    """The player to act's view with bids to judge, and another seat's (what it is offered)."""
    turn, n = state.turn, state.total_dice
    assert turn is not None
    for seat in (turn, rnd.choice([s for s in state.in_game if s != turn])):
        standing = state.standing_bid
        raises = order_for(state, seat).raises(standing.bid if standing else None, total_dice=n)
        ask: list[tuple[int, int]] = []
        if seat == turn:
            ask = [(rnd.randint(-1, n + 1), rnd.randint(0, 7)) for _ in range(6)]
            ask += [(q, f) for f in range(1, 7) for q in (min((b.quantity for b in raises if b.face == f), default=1) - 1,
                                                          rnd.randint(1, n))]
        job.inputs["views"].append({"view": contract_view(state, seat), "ask": ask})
        why: list[str | None] = []
        for quantity, face in ask:
            try:
                apply(state, MakeBid(seat, Bid(quantity, face)))
                why.append(None)
            except RulesError as error:
                why.append(error.code)
        job.expected["views"].append({"seat": seat, "turn": turn, "raises": [(b.quantity, b.face) for b in raises],
                                      "callers": list(callers(state)),
                                      "spot_on": spot_on_played(state.settings.spot_on, state.round_no), "why": why})


# --- settings and new games ------------------------------------------------------------------------

_GOOD: dict[str, list[Any]] = {"dice_per_player": [1, 3, 7, 10], "max_players": [2, 5, 8], "turn_timer_s": [0, 60, 3600],
                               **{name: list(values) for name, values in CHOICES.items()}}
_BAD_INT, _BAD_BOOL, _BAD_WORD = [0, 11, True, "5", 2.5, None, -1], [1, 0, "true", None], ["other", 1, None, True]


def random_switches(rnd: random.Random, bad: float) -> dict[str, Any]:
    """Some switches of A2, each valid or (with probability ``bad``) not; now and then an unknown key."""
    data: dict[str, Any] = {}
    for field in Settings.__dataclass_fields__:
        if rnd.random() < 0.5:
            continue
        is_int, is_word = field in INT_RANGES, field in CHOICES
        if rnd.random() < bad:
            data[field] = rnd.choice(_BAD_INT if is_int else _BAD_WORD if is_word else _BAD_BOOL)
        else:
            data[field] = rnd.choice(_GOOD[field]) if is_int or is_word else rnd.random() < 0.5
    if rnd.random() < 0.03:
        data[rnd.choice(["dice", "Wild_ones", "__proto__", "toString"])] = 1
    return data


def _settings_entry(rnd: random.Random, job: Job) -> None:
    roll = rnd.random()
    if roll < 0.05:
        item: dict[str, Any] = {"data": rnd.choice([None, [], "tavern", 5])}
    elif roll < 0.3:
        item = {"preset": rnd.choice([*PRESETS, *PRESETS, "vegas", 3, None]),
                "overrides": rnd.choice([None, [], "x", random_switches(rnd, 0.05), random_switches(rnd, 0.0)])}
    else:
        item = {"data": random_switches(rnd, 0.04)}
    job.inputs["settings"].append(item)
    try:
        settings = (Settings.from_dict(item["data"]) if "preset" not in item
                    else Settings.from_preset(item["preset"], item["overrides"]))
    except MalformedAction as error:
        job.expected["settings"].append({"error": error_json(error)})
        return
    job.expected["settings"].append({"dict": settings.to_dict(),
                                     "switches": {f: getattr(settings, f) for f in Settings.__dataclass_fields__}})


def _new_game_entry(rnd: random.Random, settings: Settings, job: Job) -> None:
    seats = sorted(rnd.sample(range(12), rnd.randint(1, 9)))
    if rnd.random() < 0.15:
        seats.append(seats[0])
    opener = rnd.choice([None, seats[0], seats[-1], 12])
    job.inputs["new_games"].append({"rules": settings.to_dict(), "seats": seats, "opener": opener})
    try:
        job.expected["new_games"].append({"state": state_json(new_game(settings, seats, opener))})
    except RulesError as error:
        job.expected["new_games"].append({"error": error_json(error)})


def build_job(seed: int) -> Job:
    """One game per valid combination of the switches (random dice, seats, players), three per preset,
    and random settings and new games; json round-trips the expectations so they compare with node's."""
    rnd = random.Random(seed)
    job = Job({k: [] for k in ("games", "settings", "new_games", "views")},
              {k: [] for k in ("games", "settings", "new_games", "views")})
    plays: list[Settings] = []
    for combo in combinations():
        low = 2 if combo.palifico else 1
        plays.append(Settings.from_dict({**_all(combo), "dice_per_player": rnd.randint(low, 3), "max_players": rnd.randint(2, 8)}))
    plays += [PRESETS[name] for name in PRESETS for _ in range(3)]
    plays.append(Settings.from_preset("kul_tiras", {"duel_dice": True}))
    for settings in plays:
        players = rnd.randint(2, min(settings.max_players, 5))
        seats = tuple(sorted(rnd.sample(range(10), players)))
        opener = None if settings.first_opener == "roll_off" else rnd.choice(seats)
        _game_entry(play_game(settings, seats, opener, rnd), rnd, job)
        _new_game_entry(rnd, settings, job)
    for settings, seats in ((PRESETS["perudo"], (0, 1)), (Settings(spot_on=True, challenge="anyone"), (1, 3, 4))):
        _game_entry(play_to_the_bound(settings, seats, rnd), rnd, job)
    for _ in range(600):
        _settings_entry(rnd, job)
    job.expected = json.loads(json.dumps(job.expected))
    return job


def _all(settings: Settings) -> dict[str, Any]:
    return {f: getattr(settings, f) for f in Settings.__dataclass_fields__}
