"""Every event, fed arbitrary JSON by a player, a spectator or the referee: the sender gets an
answer ({"ok": true} or a refusal with a stable code), never a server error, and a refusal
changes nothing (the table's log does not grow).
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from referee.web.referee_sockets import PLAYER_CHAT_EVENTS, REFEREE_CHAT_EVENTS, REFEREE_EVENTS
from referee.web.sockets import SEAT_EVENTS
from tests.gm.support import evening

PLAYER_EVENTS = sorted({*SEAT_EVENTS, *PLAYER_CHAT_EVENTS, "join", "sync"})
REFEREE_ONLY = sorted({*REFEREE_EVENTS, *REFEREE_CHAT_EVENTS, "referee_sync"})

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 10**12), st.floats(allow_nan=False),
                    st.text(max_size=40))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)), max_leaves=10)
field_names = st.sampled_from(["quantity", "face", "seat", "level", "name", "text", "round", "game", "seed",
                               "kind", "die", "target", "value", "description", "difficulty", "modifier",
                               "attempt", "consequence", "index"])
likely_values = st.one_of(st.integers(-2, 12), st.sampled_from(["easy", "medium", "strong", "telekinesis", "knock",
                                                                  "silence", "announce", "penalty", "a" * 64]),
                          json_values)
payloads = st.one_of(json_values, st.dictionaries(field_names, likely_values, max_size=5))

NIGHT = evening(players=2)


def entries() -> int:
    return NIGHT.table.version


def refill_budgets() -> None:
    """Fuzzing spends the per-connection event budgets; they refill between examples."""
    manager = NIGHT.harness.socketio.server.manager
    connections = NIGHT.harness.app.extensions["tavern"].connections
    for client in [NIGHT.referee, *NIGHT.players.values()]:
        conn = connections.get(manager.sid_from_eio_sid(client.eio_sid, "/"))
        if conn is not None:
            conn.bucket.tokens = conn.bucket.capacity


def check(client, event: str, payload) -> None:
    refill_budgets()
    before = entries()
    ack = client.emit(event, payload, callback=True)
    client.get_received()
    assert isinstance(ack, dict) and "ok" in ack, (event, payload, ack)
    if not ack["ok"]:
        assert ack["code"] != "server/error" and "/" in ack["code"] and ack["message"], (event, payload, ack)
        assert entries() == before, (event, payload, ack)


fuzz = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)


@fuzz
@given(st.sampled_from(PLAYER_EVENTS), payloads, st.sampled_from([0, 1]))
def test_a_player_fed_anything_gets_an_answer_and_a_refusal_changes_nothing(event, payload, seat):
    check(NIGHT.players[seat], event, payload)


@fuzz
@given(st.sampled_from(REFEREE_ONLY + PLAYER_EVENTS), payloads)
def test_the_referee_fed_anything_gets_an_answer_and_a_refusal_changes_nothing(event, payload):
    check(NIGHT.referee, event, payload)


@fuzz
@given(st.sampled_from(REFEREE_ONLY + PLAYER_EVENTS), payloads)
def test_a_spectator_may_do_nothing_but_watch_or_join(event, payload):
    spectator = NIGHT.harness.connect(NIGHT.table_id)
    refill_budgets()
    before = entries()
    ack = spectator.emit(event, payload, callback=True)
    if event in REFEREE_ONLY:
        assert ack["ok"] is False and ack["code"] in ("referee/only", "rate/limited"), ack
    if event != "join" and not ack["ok"]:
        assert entries() == before
    assert ack.get("code") != "server/error", (event, payload, ack)
    spectator.disconnect()
