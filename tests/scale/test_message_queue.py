"""Two real processes, one PostgreSQL, one Redis: what one process emits reaches the connections
the other holds, a seat's private view never goes anywhere else, and a Redis restart loses nothing.

The honest scenario. Every connection of a table is held by the table's owner: another process
refuses it (``table/moving``, asserted below, while it asks the owner to hand the table over), and
nginx routes a table's traffic to its owner.
So what crosses the queue is the owner's emits to rooms (and sids) that another process holds
members of, and only those: an emit whose members are all the owner's is not published. Process B holds a spectator of its own table; the test puts that connection into
the room of a table of process A the way python-socketio does for a sid another process
holds (an ``enter_room`` message on the queue). From then on every ``public`` part and
announcement A sends to its table also reaches B's connection, through Redis only.
"""
from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
import redis
import socketio

from referee.fairness.verify import verify_export
from referee.web.connections import table_room
from referee.web.message_queue import CHANNEL, HOLD, QueueJSON
from referee.web.wire import Encoded
from tests.support.client import Player, create_table
from tests.support.redis import RedisServer
from tests.support.server import Server

pytestmark = pytest.mark.slow


def at(table: str, test: Callable[[dict[str, Any]], bool] = lambda _state: True) -> Callable[[dict[str, Any]], bool]:
    """A state of ``table`` that passes ``test``."""
    return lambda state: state["table"]["id"] == table and test(state)


def bids(count: int) -> Callable[[dict[str, Any]], bool]:
    return lambda state: state["game"] is not None and len(state["game"]["bids"]) == count


def revealed(state: dict[str, Any]) -> bool:
    return state["game"] is not None and state["game"]["result"] is not None


def record_frames(player: Player) -> list[str]:
    """Every Socket.IO packet ``player`` gets from now on, as the text that came over the wire."""
    frames: list[str] = []
    handle = player.sio._handle_eio_message

    def keep(data: Any) -> None:
        frames.append(data)
        handle(data)
    player.sio.eio.on("message", keep)
    return frames


def state_frame(frames: list[str], table: str, version: int) -> str:
    """The wire text of the ``public`` part of ``table`` at ``version`` among ``frames``."""
    for frame in frames:
        if frame.startswith('2["public",'):
            state = json.loads(frame[1:])[1]
            if state["table"]["id"] == table and state["version"] == version:
                return frame
    raise AssertionError(f"no public part of {table} at version {version}")


def join_through_the_queue(redis_url: str, player: Player, room: str) -> None:
    """Put ``player``'s connection into ``room`` from outside its process, as python-socketio's
    manager does for a sid another process holds: an ``enter_room`` message on the channel."""
    message = {"method": "enter_room", "sid": player.sio.get_sid(), "room": room, "namespace": "/",
               "host_id": "tests"}
    client = redis.Redis.from_url(redis_url)
    try:
        assert client.publish(CHANNEL, json.dumps(message)) >= 2, "both processes listen on the channel"
    finally:
        client.close()


class QueueTap:
    """Every message published on the channel while it listens, as the processes read them."""

    def __init__(self, redis_url: str) -> None:
        self.messages: list[dict[str, Any]] = []
        self._client = redis.Redis.from_url(redis_url)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._pubsub.subscribe(CHANNEL)
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        try:
            for message in self._pubsub.listen():
                self.messages.append(QueueJSON.loads(message["data"]))
        except (redis.ConnectionError, ValueError):  # closed by the test, or its Redis stopped
            return

    def close(self) -> None:
        self._pubsub.close()
        self._client.close()


def a_table_of_a_watched_from_b(a: Server, b: Server, redis_url: str, before_joining: Callable[[], None] = lambda: None
                                ) -> tuple[str, Player, Player, Player, Player]:
    """A table of process A with Anna and Ben seated and a spectator on A; a spectator of a table
    of process B joined to its room through the queue (``before_joining`` runs just before)."""
    host = create_table(a.base_url, "Anna")
    table = host["table"]
    anna = Player(a.base_url, table, host["token"])
    ben = Player(a.base_url, table)
    assert ben.call("join", {"name": "Ben"})["ok"]
    watcher = Player(a.base_url, table)
    own = create_table(b.base_url, "Cleo")
    remote = Player(b.base_url, own["table"])
    remote.wait_for(at(own["table"]))
    before_joining()
    join_through_the_queue(redis_url, remote, table_room(table))
    return table, anna, ben, watcher, remote


def test_process_b_refuses_a_connection_to_a_table_process_a_serves(processes):
    a, b = processes
    host = create_table(a.base_url, "Anna")
    anna = Player(a.base_url, host["table"], host["token"])  # the creator let the table go: A serves it from here
    anna.wait_for(at(host["table"]))
    refusals: list[Any] = []
    client = socketio.Client(reconnection=False)
    client.on("connect_error", refusals.append)
    with pytest.raises(socketio.exceptions.ConnectionError):
        client.connect(b.base_url, auth={"table": host["table"]}, transports=["websocket"], wait_timeout=10)
    assert [refusal["data"]["code"] for refusal in refusals] == ["table/moving"]  # and B asks A to hand it over
    anna.close()


def test_a_connection_held_by_process_b_sees_the_moves_at_a_table_of_process_a(processes, redis_server):
    a, b = processes
    table, anna, ben, watcher, remote = a_table_of_a_watched_from_b(a, b, redis_server.url)
    frames = {"watcher": record_frames(watcher), "remote": record_frames(remote)}
    assert anna.call("start")["ok"]
    anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
    assert anna.call("bid", {"quantity": 2, "face": 3})["ok"]
    seen = remote.wait_for_any(at(table, bids(1)))
    assert seen["game"]["bids"] == [{"seat": 0, "quantity": 2, "face": 3}]
    watcher.wait_for(at(table, bids(1)))
    # the same bytes on both processes' connections: the encoded public part crossed the queue as it was
    assert state_frame(frames["remote"], table, seen["version"]) == state_frame(frames["watcher"], table, seen["version"])
    assert ben.call("liar")["ok"]
    result = remote.wait_for_any(at(table, revealed))["game"]["result"]
    assert result["caller"] == 1 and set(result["hands"]) == {"0", "1"}
    for player in (anna, ben, watcher, remote):
        player.close()


def test_no_private_view_crosses_to_another_seat_through_the_queue(processes, redis_server):
    a, b = processes
    tap = QueueTap(redis_server.url)
    table, anna, ben, watcher, remote = a_table_of_a_watched_from_b(a, b, redis_server.url)
    assert anna.call("start")["ok"]
    anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
    assert anna.call("bid", {"quantity": 1, "face": 4})["ok"]
    ben.wait_for(bids(1))
    assert ben.call("liar")["ok"]
    hands = remote.wait_for_any(at(table, revealed))["game"]["result"]["hands"]
    anna.wait_for(revealed)
    ben.wait_for(revealed)
    own = {"anna": (anna, 0), "ben": (ben, 1), "watcher": (watcher, None), "remote": (remote, None)}
    for name, (player, seat) in own.items():
        before = [s for s in player.states if s["table"]["id"] == table and s["game"] and not revealed(s)]
        assert before, f"{name} saw the round"
        mine = hands[str(seat)] if seat is not None else []
        for state in before:
            assert "hands" not in state["game"], name
            assert state["game"]["dice"] in ([], mine), name  # nothing before the deal, then its own
        assert any(state["game"]["dice"] == mine for state in before), name
    parts = [m for m in tap.messages if m["method"] == "emit" and m["event"] in ("state", "seat", "public")]
    at_table = [(m["room"], m["event"], json.loads(m["data"][0].text)) for m in parts
                if isinstance(m["data"][0], Encoded) and m["room"].startswith(f"{table}/")]
    assert [room for room, _, _ in at_table if room == table_room(table)], "the owner's public parts went through the queue"
    for room, event, part in at_table:
        assert (room, event) in ((f"{table}/seat/0", "seat"), (f"{table}/seat/1", "seat"), (table_room(table), "public"))
        seat = None if room == table_room(table) else int(room.rsplit("/", 1)[1])
        assert part.get("you", {"seat": None})["seat"] == seat
        game = part.get("game")
        if game is not None and not game.get("result"):
            assert game.get("dice", []) in ([], hands[str(seat)] if seat is not None else [])
            assert "hands" not in game and (seat is not None or "private" not in part)
    tap.close()
    for player in (anna, ben, watcher, remote):
        player.close()


def subscribers(redis_url: str) -> int:
    client = redis.Redis.from_url(redis_url)
    try:
        return dict(client.pubsub_numsub(CHANNEL)).get(CHANNEL.encode(), 0)
    finally:
        client.close()


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    event = threading.Event()
    for _ in range(int(seconds * 10)):
        if condition():
            return
        event.wait(0.1)
    raise TimeoutError(what)


def test_a_redis_restart_in_mid_game_loses_nothing_and_the_audit_verifies(processes, redis_server: RedisServer):
    a, b = processes
    table, anna, ben, watcher, remote = a_table_of_a_watched_from_b(a, b, redis_server.url)
    assert anna.call("start")["ok"]
    anna.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
    assert anna.call("bid", {"quantity": 1, "face": 2})["ok"]
    remote.wait_for_any(at(table, bids(1)))
    redis_server.stop()
    # the table plays on: its connections are all the owner's, delivered without the queue
    assert ben.call("bid", {"quantity": 2, "face": 2})["ok"]
    anna.wait_for(bids(2))
    watcher.wait_for(bids(2))
    redis_server.start()
    wait_until(lambda: subscribers(redis_server.url) == 2, 30, "both processes listen on the channel again")
    assert anna.call("bid", {"quantity": 3, "face": 2})["ok"]
    # B's connection missed bid 2 while Redis was down; the next state it gets is the whole table, current
    caught_up = remote.wait_for_any(at(table, bids(3)))
    assert caught_up["version"] == anna.wait_for(bids(3))["version"]
    assert [bid["quantity"] for bid in caught_up["game"]["bids"]] == [1, 2, 3]
    assert ben.call("liar")["ok"]
    remote.wait_for_any(at(table, revealed))
    with urllib.request.urlopen(f"{a.base_url}/t/{table}/audit.json", timeout=10) as reply:
        report = verify_export(json.loads(reply.read()))
    assert report.ok, [str(check) for check in report.failures]
    assert "Cannot publish to redis" in a.log_path.read_text(errors="replace")
    for player in (anna, ben, watcher, remote):
        player.close()


def test_only_the_emits_for_a_room_another_process_holds_go_through_the_queue(processes, redis_server):
    a, b = processes
    quiet = create_table(a.base_url, "Dora")  # nobody elsewhere watches this one
    dora = Player(a.base_url, quiet["table"], quiet["token"])
    eli = Player(a.base_url, quiet["table"])
    assert eli.call("join", {"name": "Eli"})["ok"]
    taps: list[QueueTap] = []

    def tap_the_queue() -> None:
        # both listeners run (from each process's first connection on) before the tap listens too:
        # a tap counted among the subscribers would never answer a process's hello
        wait_until(lambda: subscribers(redis_server.url) == 2, 30, "both processes listen on the channel")
        taps.append(QueueTap(redis_server.url))

    table, anna, ben, watcher, remote = a_table_of_a_watched_from_b(a, b, redis_server.url, tap_the_queue)
    tap = taps[0]
    watched = ["/", table_room(table)]
    wait_until(lambda: any(m["method"] == HOLD and m["room"] == watched for m in tap.messages), 10,
               "process B announces that it holds a member of the table's room")
    for first, second in ((anna, ben), (dora, eli)):
        assert first.call("start")["ok"]
        first.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "bidding")
        assert first.call("bid", {"quantity": 1, "face": 5})["ok"]
        second.wait_for(bids(1))
    remote.wait_for_any(at(table, bids(1)))
    emits = [m["room"] for m in tap.messages if m["method"] == "emit"]
    assert table_room(table) in emits  # B's connection is in it: published
    assert not [room for room in emits if room.startswith(f"{quiet['table']}/") or room.startswith(f"{table}/seat/")], \
        emits  # the seats and the other table are all A's: delivered there, never published
    tap.close()
    for player in (anna, ben, watcher, remote, dora, eli):
        player.close()
