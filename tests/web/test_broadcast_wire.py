"""What the broadcaster saves (views of one version built together, each part encoded once for
all its receivers, by orjson) changes nothing a client receives: every state is, byte for byte,
the view of its viewer built on its own, and a seat still gets only its own."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from socketio import packet as sio_packet

from referee.config import Limits
from referee.fairness.keys import Signer
from referee.table.fair_dealer import FairDealer
from referee.games.liars_dice.round_views import history_view
from referee.games.liars_dice.views import game_view
from referee.views import table_view
from referee.web.frames import GuardedPacket
from referee.web.wire import encode
from tests.support.app import make_harness, states_of
from tests.support.properties import examples
from tests.web.test_leaks import RULES, actor_of, random_action

UNLIMITED = Limits(tables_burst=0, events_burst=0)
"""The seats play faster than a person may: no event budget."""


def alone(harness, table, seat):
    """The view of ``seat`` (None: a spectator) built on its own, its game by ``game_view`` itself
    and the game's public round history (``history_view``)."""
    services = harness.app.extensions["tavern"]
    state, fairness = table.current, table.current.fairness
    view = table_view(state, version=table.version, seat=seat, connected=set(table.connected),
                      spectators=services.connections.spectators(table.id), now=table.now(),
                      deadline=table.turn_deadline(), commitment=fairness.deal_public if fairness else None,
                      server_key=services.server_key, private=table.private_for(seat) if seat is not None else None,
                      draws=table.draw_parts())
    if state.game is not None:
        view["game"] = {**game_view(state.game, seat, game_no=state.game_no, roll_off=state.family_state.roll_off),
                        **history_view(state.family_state.round_history, bids=len(state.game.bids))}
    return view


@pytest.mark.parametrize("players, seed, rules", [(3, 1, "tavern"), (4, 2, "kul_tiras"), (3, 3, "anyone")])
def test_every_state_is_byte_for_byte_its_viewers_own_view_built_alone(players, seed, rules):
    rng = random.Random(seed)
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))), limits=UNLIMITED)
    table_id, host_token = harness.create_table("P0", **{"dice_per_player": 2, **RULES[rules]})
    clients = {0: harness.connect(table_id, host_token)}
    for seat in range(1, players):
        clients[seat], _ = harness.join(table_id, f"P{seat}")
    clients[None] = harness.connect(table_id)
    table = harness.app.extensions["tavern"].tables.get(table_id)
    newest = {}
    assert clients[0].emit("start", {}, callback=True)["ok"]
    for _ in range(150):
        for seat, client in clients.items():
            got = states_of(client)
            newest[seat] = got[-1] if got else newest[seat]
            assert json.dumps(newest[seat]) == json.dumps(alone(harness, table, seat)), seat
        seats = [seat for seat in clients if seat is not None]
        actor = actor_of(rng, newest[0], seats)
        event, payload = random_action(rng, newest[actor])
        ack = clients[actor].emit(event, payload, callback=True)
        assert ack["ok"], (event, payload, ack)
    assert table.current.game_no >= 2 or table.current.game.round_no >= 3, "the games went on"


def test_a_table_nobody_watches_keeps_no_seat_parts():
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))))
    table_id, token = harness.create_table()
    anna = harness.connect(table_id, token)
    broadcaster = harness.app.extensions["tavern"].broadcaster
    table = harness.app.extensions["tavern"].tables.get(table_id)
    assert anna.emit("set_rules", {"rules": {"spot_on": True}}, callback=True)["ok"]
    assert list(broadcaster._seat_parts) == [table_id]
    anna.disconnect()
    broadcaster.table_changed(table)
    assert broadcaster._seat_parts == {}


def test_a_frame_carrying_encoded_text_reads_as_the_frame_python_socketio_makes_of_the_payload():
    """The same packet, read back: type, namespace, ack id and payload (the text writes "Аня" as
    its characters where python-socketio writes escapes)."""
    view = {"version": 3, "table": {"name": "Аня", "seats": [{"seat": 0, "connected": True}]}, "game": None}
    for namespace, ack in ((None, None), ("/", None), ("/desk", 12)):
        plain = sio_packet.Packet(sio_packet.EVENT, data=["state", view], namespace=namespace, id=ack).encode()
        sent = GuardedPacket(sio_packet.EVENT, data=["state", encode(view)], namespace=namespace, id=ack).encode()
        assert "Аня" in sent and "Аня" not in plain
        read, expected = sio_packet.Packet(encoded_packet=sent), sio_packet.Packet(encoded_packet=plain)
        assert (read.packet_type, read.namespace, read.id, read.data) == \
            (expected.packet_type, expected.namespace, expected.id, expected.data) == \
            (sio_packet.EVENT, namespace if namespace != "/" else None, ack, ["state", view])


names = st.text(max_size=6)
seats = st.lists(st.fixed_dictionaries({"seat": st.integers(0, 7), "name": names, "connected": st.booleans(),
                                        "level": st.none() | names}), max_size=4)
views = st.fixed_dictionaries({
    "version": st.integers(0, 99),
    "table": st.sampled_from([{}, {"id": "t1"}]) | st.fixed_dictionaries({"id": names, "seats": seats,
                                                                          "spectators": st.integers(0, 3)}),
    "game": st.none() | st.fixed_dictionaries({"dice": st.lists(st.integers(1, 6), max_size=5)}),
    "gm": st.sampled_from([{"paused": False}, {"paused": True}]),
    "commitment": st.sampled_from([{"root": "ab"}, {"root": "cd", "seeds": {"0": "ef"}}]),
    "private": st.fixed_dictionaries({"salts": st.lists(st.sampled_from(["s1", "s2"]), max_size=3)}),
})
"""Views as referee.views builds them: JSON-ready, each field of one type, parts often repeated."""


scalars = st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False) \
    | st.text(max_size=5) | st.text(st.characters(categories=["Cs"]), min_size=1, max_size=2)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                          max_size=3), max_leaves=8)


def surrogates_in(value) -> bool:
    """True when a text of ``value`` (a key or a string) holds a lone surrogate (category Cs)."""
    if isinstance(value, str):
        return any("\ud800" <= ch <= "\udfff" for ch in value)
    if isinstance(value, dict):
        return any(surrogates_in(key) or surrogates_in(item) for key, item in value.items())
    if isinstance(value, list):
        return any(surrogates_in(item) for item in value)
    return False


@settings(max_examples=examples(300), deadline=None)
@given(views | values)
def test_each_encoded_payload_reads_back_as_the_payload_or_is_refused(payload):
    """Whatever the scalars (non-ASCII text, floats, integers beyond 64 bits through the standard
    encoder) and in the payload's own key order; text that is not valid Unicode is refused, never
    sent altered."""
    if surrogates_in(payload):
        with pytest.raises(ValueError, match="not valid Unicode"):
            encode(payload)
        return
    text = encode(payload).text
    assert json.loads(text) == payload
    assert json.loads(text, object_pairs_hook=list) == json.loads(json.dumps(payload), object_pairs_hook=list)


@pytest.mark.parametrize("payload", ["\ud800\udc00", {"\udc00": 1}, [1, {"name": "a\ud800"}], {"big": 2 ** 70, "x": "\udfff"}])
def test_a_pair_of_lone_surrogates_is_refused_not_read_back_as_one_character(payload):
    """Escaped, "\\ud800\\udc00" would read back as "\U00010000": one character, not the two sent."""
    with pytest.raises(ValueError, match="not valid Unicode"):
        encode(payload)


@given(st.dictionaries(st.text(alphabet=st.characters(codec="utf-8"), max_size=4),
                       st.integers(-2**63, 2**63 - 1) | st.text(alphabet=st.characters(codec="utf-8")) | st.booleans()
                       | st.none(), max_size=5))
def test_without_floats_the_text_is_the_standard_encoders_but_for_non_ascii_escapes(payload):
    assert encode(payload).text == json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("leak", [b"bytes", {1, 2}, object()])
def test_what_is_not_json_is_refused_whichever_encoder_meets_it(leak):
    with pytest.raises(TypeError):
        encode({"version": 1, "private": {"x": leak}})
