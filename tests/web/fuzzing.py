"""What the fuzzers send: hostile payloads, argument shapes and event names, and legal moves read
off a table's state (to be sent in order, out of order or again).

Shared by the in-process fuzzer (test_fuzz.py) and the smaller batch against a real server
(test_fuzz_wire.py). The strategies are built once; strings that only exist once a run's
tables do (ids, tokens) are slots that ``resolve`` fills in.
"""
from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from referee.games.liars_dice.rules import CallLiar, MakeBid, Phase, legal_actions
from referee.table.table import Table
from referee.web.frames import MALFORMED_EVENT
from referee.web.referee_sockets import PLAYER_CHAT_EVENTS, REFEREE_CHAT_EVENTS, REFEREE_EVENTS
from referee.web.sockets import SEAT_EVENTS

PLAYER_EVENTS = sorted({*SEAT_EVENTS, *PLAYER_CHAT_EVENTS, "join", "sync"})
REFEREE_ONLY = sorted({*REFEREE_EVENTS, *REFEREE_CHAT_EVENTS, "referee_sync"})
ODD_EVENTS = ["shuffle", "connect", "disconnect", "connect_error", MALFORMED_EVENT, "", "BID", "bid ", "sync\u202e"]

EDGE_TEXTS = ["", " ", "\t", "\n", "\r\n", "\u202e", "\u2066", "\u200b", "\u2028", "\u2029", "\ufeff", "\x00", "\x7f",
              "\ud800", "\uffff", "\ue000", "e\u0301", "\u3164", "\u2800", "🎲", "👨\u200d👩\u200d👧", "Ａｎｎａ",
              "<script>alert(1)</script>", "[[1d20]] @{hp}", "|cFF0000", "x" * 61, "я" * 501, "a" * 64, "A" * 64]
HUGE = [10 ** 99, -(10 ** 99), 2 ** 63, -(2 ** 63) - 1, 2 ** 31, 10 ** 18, 2 ** 53 + 1]
FIELDS = ["quantity", "face", "seat", "level", "name", "text", "round", "game", "seed", "kind", "die", "target",
          "value", "description", "difficulty", "modifier", "attempt", "consequence", "index", "table", "token"]
WORDS = ["easy", "medium", "strong", "telekinesis", "mind_reading", "loaded_die", "knock", "other", "silence",
         "announce", "penalty"]

texts = st.one_of(st.text(max_size=24), st.sampled_from(EDGE_TEXTS))
numbers = st.one_of(st.integers(-3, 12), st.sampled_from(HUGE), st.floats(), st.integers())
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=8)), inner,
                                                 max_size=3)), max_leaves=5)


def nested(depth: int, as_object: bool) -> Any:
    """A value ``depth`` arrays (or objects) deep."""
    value: Any = 1
    for _ in range(depth):
        value = {"text": value} if as_object else [value]
    return value


deep = st.builds(nested, st.integers(20, 200), st.booleans())


SLOTS = ["<this table>", "<other table>", "<other token>", "<referee token>", "<seat token>"]
"""Strings worth trying that are known only once a run's tables exist: ``resolve`` fills them in."""


def resolve(value: Any, slots: dict[str, str]) -> Any:
    """``value`` with every string that names a slot replaced by that slot's string.

    >>> resolve({"text": ["<this table>", 1]}, {"<this table>": "k3Jd9xQp"})
    {'text': ['k3Jd9xQp', 1]}
    """
    if isinstance(value, str):
        return slots.get(value, value)
    if isinstance(value, list):
        return [resolve(item, slots) for item in value]
    if isinstance(value, dict):
        return {key: resolve(item, slots) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(resolve(item, slots) for item in value)
    return value


likely = st.one_of(st.integers(-2, 12), st.sampled_from(WORDS), st.sampled_from(SLOTS), json_values)
payloads = st.one_of(json_values, st.dictionaries(st.sampled_from(FIELDS), likely, max_size=5), deep)
"""Any JSON, an object of known field names with likely and unlikely values, or a deep one."""

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "bid": ("quantity", "face", "against"), "liar": ("against",), "next_round": ("game", "round"), "seed": ("round", "seed"), "join": ("name",),
    "add_bot": ("level",), "referee_add_bot": ("level",), "remove_bot": ("seat",), "referee_remove_seat": ("seat",),
    "chat": ("text",), "message": ("text",), "referee_chat": ("text",), "referee_message": ("seat", "text"),
    "referee_stake": ("seat", "text"), "referee_whisper_name": ("seat", "name"),
    "referee_judge": ("attempt", "difficulty", "modifier"), "referee_failure": ("attempt", "consequence"),
    "referee_dismiss": ("attempt",), "referee_change_die": ("seat", "die", "value", "attempt"),
    "cheat": ("kind", "die", "target", "value", "description"),
}
"""The fields each event takes (the others take ``{}``): the fuzzer fills them with near misses."""

_INTS = {"seat": (-1, 8), "target": (-1, 8), "die": (-1, 10), "value": (-1, 7), "quantity": (0, 12), "face": (0, 7),
         "game": (-1, 5), "round": (-1, 5), "attempt": (-1, 5), "difficulty": (-1, 201), "modifier": (-101, 101)}
_WORDS = {"level": WORDS[:3], "kind": WORDS[3:8], "consequence": WORDS[8:]}
_WRONG = st.one_of(scalars, json_values, st.sampled_from(HUGE), st.sampled_from(SLOTS))


def _field_value(name: str) -> st.SearchStrategy[Any]:
    """A value for the field ``name``: mostly of its type and near its range, now and then anything."""
    if name in _INTS:
        typed: st.SearchStrategy[Any] = st.integers(*_INTS[name])
    elif name in _WORDS:
        typed = st.sampled_from(_WORDS[name])
    elif name == "against":
        typed = st.fixed_dictionaries({"game": st.integers(-1, 5), "round": st.integers(-1, 5), "bids": st.integers(-1, 6)})
    elif name == "seed":
        typed = st.one_of(st.binary(min_size=32, max_size=32).map(bytes.hex), st.sampled_from(EDGE_TEXTS))
    else:
        typed = texts
    return st.one_of(typed, typed, _WRONG)


def shaped(event: str) -> st.SearchStrategy[dict[str, Any]]:
    """An object with all or some of ``event``'s own fields, now and then one field more, each
    holding a likely, a borderline or a wrong value."""
    values = {name: _field_value(name) for name in EVENT_FIELDS.get(event, ())}
    every = st.fixed_dictionaries(values)
    some = st.fixed_dictionaries({}, optional=values)
    extra = st.builds(lambda data, key, more: {**data, key: more}, every, st.sampled_from(FIELDS), json_values)
    return st.one_of(every, every, some, extra)


def argument_lists(event: str) -> st.SearchStrategy[tuple[Any, ...]]:
    """What ``event`` carries: usually one payload shaped for it; sometimes any payload, none,
    ``null`` or two."""
    one = shaped(event).map(lambda payload: (payload,))
    return st.one_of(one, one, one, one, payloads.map(lambda payload: (payload,)), st.just(()), st.just((None,)),
                     st.tuples(shaped(event), payloads))


_SENDS = {event: st.tuples(st.just(event), argument_lists(event))
          for event in [*PLAYER_EVENTS, *REFEREE_ONLY, *ODD_EVENTS]}


def hostile_events(own: list[str]) -> st.SearchStrategy[tuple[str, tuple[Any, ...]]]:
    """An event name with what it carries (slots not yet resolved): mostly one of the sender's
    ``own`` events, else any event or an odd name."""
    mine = st.one_of([_SENDS[event] for event in own])
    return st.one_of(mine, mine, mine, st.one_of(list(_SENDS.values())))


def legal_move(table: Table, rng: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A move the table's state allows now, as ``(who, event, payload)``: ``who`` is a seat
    number as text or ``"referee"``; a seat that may not act is picked now and then."""
    state = table.current
    game = state.game
    seats = sorted(state.seats)
    if state.gm.paused:
        return "referee", "referee_resume", {}
    if game is None or game.phase is Phase.OVER or not state.game_running:
        return "referee", "referee_start", {}
    if game.phase is Phase.REVEALED:
        pressed = {"game": state.game_no, "round": game.round_no} if rng.random() < 0.7 else {}
        return str(rng.choice(seats)), "next_round", pressed
    if game.phase is Phase.ROLLING:
        return str(rng.choice(seats)), "seed", {"round": game.round_no, "seed": rng.randbytes(32).hex()}
    roll = rng.random()
    if roll < 0.15:
        return str(rng.choice(seats)), "cheat", {"kind": "other", "description": "Ловкость рук"}
    if roll < 0.3 and state.gm.attempts:
        return _referee_attempt_move(rng, state.gm.attempts[-1].id)
    action = rng.choice(legal_actions(game))
    seat = action.seat if rng.random() < 0.85 else rng.choice(seats)
    if isinstance(action, MakeBid):
        return str(seat), "bid", {"quantity": action.bid.quantity, "face": action.bid.face}
    if isinstance(action, CallLiar):
        return str(seat), "liar", {}
    return str(seat), "sync", {}


def _referee_attempt_move(rng: random.Random, attempt: int) -> tuple[str, str, dict[str, Any]]:
    kind = rng.choice(["referee_judge", "referee_dismiss", "referee_failure"])
    if kind == "referee_judge":
        return "referee", kind, {"attempt": attempt, "difficulty": rng.randint(1, 30)}
    if kind == "referee_dismiss":
        return "referee", kind, {"attempt": attempt}
    return "referee", kind, {"attempt": attempt, "consequence": rng.choice(["silence", "announce", "penalty"])}
