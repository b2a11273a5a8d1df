"""What the queue manager publishes: an emit whose members are all in this process stays here,
one to a room (or a sid) another process may hold goes on the channel; a room the others were
not told of is announced as it gets a member, a room left only by the next list of rooms; a
peer's ``hello`` is answered with this process's rooms.

The manager runs on a real python-socketio server (no Redis: what it would publish is recorded,
what the channel would bring is fed to its reader, and what it sends its own connections is
recorded at the Engine.IO boundary).
"""
from __future__ import annotations

import json
from typing import Any

import pytest
import socketio
from hypothesis import given, strategies as st

from referee.web.message_queue import HELLO, HOLD, ROOMS, QueueManager
from referee.web.room_directory import ANSWER_WAIT_S, FORGET_AFTER_S, JOIN_GRACE_S, RoomDirectory


class Node:
    """One process's manager, its published messages and the packets it sent its own connections."""

    def __init__(self, peers_answering: int = 0) -> None:
        self.now = 0.0
        self.manager = QueueManager("redis://127.0.0.1:1/0")
        self.server = socketio.Server(client_manager=self.manager, async_mode="threading")
        self.manager.directory = RoomDirectory(clock=lambda: self.now)
        self.published: list[dict[str, Any]] = []
        self.delivered: list[str] = []
        self.manager._publish = self._record  # type: ignore[method-assign]
        self.server._send_eio_packet = lambda eio_sid, _packet: self.delivered.append(eio_sid)  # type: ignore[method-assign]
        self.manager.directory.listening(answers_due=peers_answering)

    def _record(self, message: dict[str, Any]) -> int:
        self.published.append(json.loads(self.manager.json.dumps(message)))
        return 1

    def connect(self, eio_sid: str, *rooms: str) -> str:
        sid = self.manager.connect(eio_sid, "/")
        for room in rooms:
            self.manager.enter_room(sid, "/", room)
        return sid

    def hear(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """What the listener passes on of one message read on the channel."""
        return self.manager._read({"type": "message", "data": json.dumps(message).encode()})

    def emits(self) -> list[Any]:
        return [message["room"] for message in self.published if message["method"] == "emit"]

    def announced(self) -> list[tuple[str, Any]]:
        return [(message["method"], message.get("room")) for message in self.published if message["method"] != "emit"]


def test_an_emit_to_a_room_whose_members_are_all_here_is_delivered_and_not_published():
    node = Node()
    node.connect("e1", "t1/seat/0")
    node.connect("e2", "t1/watch")
    node.manager.emit("state", {"v": 1}, namespace="/", room="t1/seat/0")
    node.manager.emit("state", {"v": 1}, namespace="/", to="t1/watch")
    assert node.delivered == ["e1", "e2"]
    assert node.emits() == []


def test_an_emit_to_a_connection_held_here_is_not_published_even_while_unsure():
    node = Node()
    sid = node.connect("e1")
    node.manager.directory.deaf()
    node.manager.emit("error", {"code": "x"}, namespace="/", to=sid)
    assert node.delivered == ["e1"] and node.emits() == []


def test_an_emit_for_a_sid_this_process_does_not_hold_is_published():
    node = Node()
    node.manager.emit("state", {"v": 1}, namespace="/", to="sid-held-by-another-process")
    assert node.emits() == ["sid-held-by-another-process"] and node.delivered == []


def test_a_room_another_process_holds_is_published_from_its_hold_until_its_list_leaves_it_out():
    node = Node()
    node.connect("e1", "t1/watch")
    node.hear({"method": HOLD, "host_id": "b", "room": ["/", "t1/watch"]})
    node.manager.emit("state", {"v": 1}, namespace="/", room="t1/watch")
    node.hear({"method": ROOMS, "host_id": "b", "to": None, "rooms": [["/", "t2/watch"]]})
    node.manager.emit("state", {"v": 2}, namespace="/", room="t1/watch")
    assert node.emits() == ["t1/watch"]
    assert node.delivered == ["e1", "e1"]  # both delivered here, only the first published


def test_everything_is_published_until_the_listener_heard_every_peer_or_waited_long_enough():
    node = Node(peers_answering=1)
    node.connect("e1", "t1/watch")
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    node.now = ANSWER_WAIT_S
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    node.manager.directory.listening(answers_due=1)
    node.hear({"method": ROOMS, "host_id": "b", "to": "someone-else", "rooms": []})
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    node.hear({"method": ROOMS, "host_id": "b", "to": node.manager.host_id, "rooms": [["/", "t2/watch"]]})
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    node.manager.emit("state", {}, namespace="/", room="t2/watch")
    assert node.emits() == ["t1/watch", "t1/watch", "t2/watch"]


def test_everything_is_published_again_once_the_listener_lost_redis():
    node = Node()
    node.connect("e1", "t1/watch")
    node.manager.directory.deaf()
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    assert node.emits() == ["t1/watch"]


def test_a_room_is_announced_once_until_a_list_of_rooms_leaves_it_out():
    node = Node()
    first = node.connect("e1", "t1/watch")
    node.connect("e2", "t1/watch")
    node.manager.leave_room(first, "/", "t1/watch")
    node.manager.disconnect(node.manager.sid_from_eio_sid("e2", "/"), "/", ignore_queue=True)
    node.connect("e3", "t1/watch")  # empty and filled again: the others still count it held here
    node.manager.leave_room(node.manager.sid_from_eio_sid("e3", "/"), "/", "t1/watch")
    node.manager._announce_rooms({"method": ROOMS, "to": None})  # the list every REFRESH_S: without it
    node.connect("e4", "t1/watch")
    assert node.announced() == [(HOLD, ["/", "t1/watch"]), (ROOMS, None), (HOLD, ["/", "t1/watch"])]
    assert [message["rooms"] for message in node.published if message["method"] == ROOMS] == [[]]


def test_a_hold_that_could_not_be_published_is_tried_again_at_the_next_join():
    node = Node()
    node.manager._publish = lambda message: None  # type: ignore[method-assign]  # Redis down
    node.connect("e1", "t1/watch")
    node.manager._publish = node._record  # type: ignore[method-assign]
    node.connect("e2", "t1/watch")
    assert node.announced() == [(HOLD, ["/", "t1/watch"])]


def test_a_peers_hello_replaces_what_is_known_of_it_and_is_answered_with_this_process_rooms():
    node = Node()
    node.connect("e1", "t1/seat/0", "t1/watch")
    node.hear({"method": HOLD, "host_id": "b", "room": ["/", "t9/watch"]})
    assert node.hear({"method": HELLO, "host_id": "b", "rooms": [["/", "t1/watch"]]}) is None
    assert node.manager.directory.hosts() == {"b": {("/", "t1/watch")}}
    [answer] = [message for message in node.published if message["method"] == ROOMS]
    assert answer["to"] == "b" and sorted(map(tuple, answer["rooms"])) == [("/", "t1/seat/0"), ("/", "t1/watch")]
    assert answer["host_id"] == node.manager.host_id


def test_a_join_asked_for_a_connection_of_another_process_counts_as_held_there_for_a_while():
    node = Node()
    node.connect("e1", "t1/watch")
    passed_on = node.hear({"method": "enter_room", "host_id": "c", "sid": "remote", "room": "t1/watch",
                           "namespace": "/"})
    assert passed_on is not None and passed_on["method"] == "enter_room"  # python-socketio's own, for its listener
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    node.now = JOIN_GRACE_S
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    node.manager.enter_room("another-remote", "/", "t1/watch")  # asked here, of a sid held elsewhere
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    assert node.emits() == ["t1/watch", "t1/watch"]


def test_messages_of_this_process_itself_and_garbage_change_nothing():
    node = Node()
    node.connect("e1", "t1/watch")
    node.hear({"method": HOLD, "host_id": node.manager.host_id, "room": ["/", "t1/watch"]})
    node.hear({"method": HOLD, "host_id": "b", "room": "t1/watch"})
    assert node.manager._read({"type": "message", "data": b"not json"}) is None
    node.manager.emit("state", {}, namespace="/", room="t1/watch")
    assert node.emits() == [] and node.manager.directory.hosts() == {}


def test_a_peer_silent_for_too_long_is_forgotten():
    node = Node()
    node.hear({"method": HOLD, "host_id": "b", "room": ["/", "t1/watch"]})
    node.now = FORGET_AFTER_S - 1
    assert node.manager.directory.forget_silent() == []
    node.now = FORGET_AFTER_S
    assert node.manager.directory.forget_silent() == ["b"]
    assert not node.manager.directory.held_elsewhere(("/", "t1/watch"))


ROOMS_ = st.sampled_from([("/", f"t{n}/watch") for n in range(3)])
STEPS = st.lists(st.tuples(st.sampled_from(["hold", "replace"]), st.sampled_from(["b", "c"]),
                           st.lists(ROOMS_, max_size=3)), max_size=25)


@given(STEPS)
def test_a_room_is_held_elsewhere_exactly_when_some_peer_said_so_since_its_last_list(steps):
    directory = RoomDirectory(clock=lambda: 0.0)
    directory.listening(answers_due=0)
    model: dict[str, set[tuple[str, str]]] = {}
    for kind, host, rooms in steps:
        if kind == "replace":
            directory.replace(host, rooms)
            model[host] = set(rooms)
        for room in rooms[:1] if kind == "hold" else []:
            directory.hold(host, room)
            model.setdefault(host, set()).add(room)
    for room in [("/", f"t{n}/watch") for n in range(3)]:
        assert directory.held_elsewhere(room) == any(room in held for held in model.values())


@pytest.mark.parametrize("room", [None, ["t1/watch", "elsewhere"]])
def test_an_emit_to_everyone_or_to_a_list_with_a_room_not_here_is_published(room):
    node = Node()
    node.connect("e1", "t1/watch")
    node.manager.emit("notice", {}, namespace="/", room=room)
    assert len(node.emits()) == 1
