"""The message queue's setting and its messages: a Redis URL or nothing, refused otherwise at
start-up; a message read back from the queue is the one published, and a ``state`` encoded once
crosses as the same text, so a client of another process gets the same bytes."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from socketio import packet as sio_packet

from referee.config import Config, ConfigError, load_config
from referee.fairness.keys import Signer
from referee.table.fair_dealer import FairDealer
from referee.web.app import create_app
from referee.web.frames import GuardedPacket
from referee.web.message_queue import CHANNEL, QueueJSON, QueueManager
from referee.web.wire import Encoded, encode

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=20)


@pytest.mark.parametrize("url", ["amqp://rabbit//", "redis:/x", "localhost:6379", "kafka://k:9092"])
def test_a_message_queue_that_is_not_a_redis_url_is_refused_at_start_up(url):
    with pytest.raises(ConfigError) as refused:
        load_config(None, environ={"TAVERN_SERVER_MESSAGE_QUEUE": url})
    assert str(refused.value).startswith("server.message_queue:") and url in str(refused.value)


def test_no_message_queue_by_default_and_a_redis_url_from_the_environment():
    assert Config().message_queue == ""
    assert load_config(None, environ={"TAVERN_SERVER_MESSAGE_QUEUE": "rediss://q:6380/0"}).message_queue == \
        "rediss://q:6380/0"


def test_the_app_routes_its_emits_through_the_queue_only_when_one_is_set(tmp_path):
    dealer = FairDealer(Signer.from_private_bytes(bytes(32)))
    queued = create_app(Config(async_mode="threading", database=":memory:", message_queue="redis://127.0.0.1:1/0"),
                        dealer=dealer)
    manager = queued.extensions["tavern"].socketio.server.manager
    assert isinstance(manager, QueueManager) and manager.channel == CHANNEL and manager.json is QueueJSON
    alone = create_app(Config(async_mode="threading", database=":memory:"), dealer=dealer)
    assert not isinstance(alone.extensions["tavern"].socketio.server.manager, QueueManager)


@given(JSON)
def test_every_json_payload_reads_back_as_it_was_published(payload):
    message = {"method": "emit", "event": "state", "data": [payload], "room": "t1/seat/0"}
    assert QueueJSON.loads(QueueJSON.dumps(message)) == message


@given(st.dictionaries(st.sampled_from(["version", "table", "private", "game"]), JSON, min_size=1))
def test_an_encoded_state_reaches_the_other_process_as_the_same_bytes(view):
    encoded = encode(view)
    crossed = QueueJSON.loads(QueueJSON.dumps({"method": "emit", "data": [encoded]}))["data"][0]
    assert isinstance(crossed, Encoded)
    sent_here = GuardedPacket(sio_packet.EVENT, data=["state", encoded]).encode()
    sent_there = GuardedPacket(sio_packet.EVENT, data=["state", crossed]).encode()
    assert sent_there == sent_here
