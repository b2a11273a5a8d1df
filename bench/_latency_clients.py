"""The K clients of bench/latency.py: a ``Hub`` that stamps each version as it reaches each client,
minimal Socket.IO v5 clients on websocket-client (``WireProbe``, one ``Receiver`` thread for
all) and python-socketio ones (``SioProbe``); ``Clients`` makes whichever kind a run asked for.
"""
from __future__ import annotations

import json
import re
import selectors
import socket
import sys
import threading
import time
from typing import Any

import socketio
import websocket  # websocket-client

PLAYER_GAP_S = 0.11       # one player's events at most ~9 a second (server: 10/s, 30 at once)


class Hub:
    """Counts the clients that have reached the armed version; ``done`` once all K have."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.target = 1 << 62
        self.count = 0
        self.k = 0
        self.done = threading.Event()

    def arm(self, target: int, probes: list["Probe"]) -> None:
        with self.lock:
            self.target, self.k, self.done = target, len(probes), threading.Event()
            self.count = 0
            for probe in probes:
                probe.reached = None
                if probe.version >= target:  # cannot happen when quiescent; keeps the count right
                    probe.reached = time.perf_counter()
                    self.count += 1
            if self.count >= self.k:
                self.done.set()


class Probe:
    """One client of a table; records when it first saw the hub's armed version."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.version = -1
        self.reached: float | None = None
        self.errors: list[dict[str, Any]] = []
        self.last_emit = 0.0
        self._last: Any = None

    @property
    def last(self) -> dict[str, Any] | None:
        """The newest state (parsed on demand: the wire client keeps the raw text)."""
        if isinstance(self._last, str):
            self._last = json.loads(self._last)[1]
        return self._last

    def _seen(self, version: int, now: float, state: Any) -> None:
        hub = self.hub
        with hub.lock:
            if version > self.version:
                if self.version < hub.target <= version:
                    self.reached = now
                    hub.count += 1
                    if hub.count >= hub.k:
                        hub.done.set()
                self.version = version
            if version >= self.version:
                self._last = state

    def emit_paced(self, event: str, data: dict[str, Any]) -> float:
        """Emit after this client's pacing gap; returns the perf_counter stamp of the emit."""
        wait = self.last_emit + PLAYER_GAP_S - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        self.last_emit = stamp = time.perf_counter()
        self.emit(event, data)
        return stamp

    def emit(self, event: str, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def call(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class SioProbe(Probe):
    """A python-socketio ``Client`` (a reader thread each; python-engineio starts a thread per message)."""

    def __init__(self, hub: Hub, url: str, auth: dict[str, Any]) -> None:
        super().__init__(hub)
        self.sio = socketio.Client(reconnection=False, websocket_extra_options={"skip_utf8_validation": True})
        self.sio.on("state", self._on_state)
        self.sio.on("public", self._on_state)  # the part every seat's newer state waits for (docs/protocol.md)
        self.sio.on("error", self.errors.append)
        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=10)

    def _on_state(self, state: dict[str, Any]) -> None:
        self._seen(state.get("version", -1), time.perf_counter(), state)

    def emit(self, event: str, data: dict[str, Any]) -> None:
        self.sio.emit(event, data)

    def call(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        return self.sio.call(event, data, timeout=10)

    def close(self) -> None:
        try:
            self.sio.disconnect()
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass


_STATE_HEAD = re.compile(r'42\["(?:state|public)",\s*\{"version":\s*(\d+)')
"""A whole ``state`` or the ``public`` part of a change (which comes after its seat parts): its version."""


class Receiver:
    """One thread reading every wire client's websocket (select + one frame at a time)."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self.selector.register(self._wake_r, selectors.EVENT_READ, None)
        self._pending: list[WireProbe] = []
        self._leaving: list[WireProbe] = []
        self._lock = threading.Lock()
        self._stop = False
        self.thread = threading.Thread(target=self._run, name="receiver", daemon=True)
        self.thread.start()

    def add(self, probe: "WireProbe") -> None:
        with self._lock:
            self._pending.append(probe)
        self._wake_w.send(b"x")

    def remove(self, probe: "WireProbe") -> None:
        """Stop reading ``probe`` and close its socket (in the reader thread); wait for that."""
        with self._lock:
            self._leaving.append(probe)
        self._wake_w.send(b"x")
        probe.gone.wait(5)

    def _drop(self, probe: "WireProbe") -> None:
        try:
            self.selector.unregister(probe.fd)
        except (KeyError, ValueError):
            pass

    def stop(self) -> None:
        self._stop = True
        self._wake_w.send(b"x")
        self.thread.join(5)
        self.selector.close()
        self._wake_r.close()
        self._wake_w.close()

    def _run(self) -> None:
        while not self._stop:
            for key, _ in self.selector.select(1.0):
                probe = key.data
                if probe is None:
                    try:
                        self._wake_r.recv(4096)
                    except BlockingIOError:
                        pass
                    with self._lock:
                        pending, self._pending = self._pending, []
                        leaving, self._leaving = self._leaving, []
                    for new in pending:
                        self.selector.register(new.fd, selectors.EVENT_READ, new)
                    for old in leaving:
                        self._drop(old)
                        old.ws.shutdown()
                        old.gone.set()
                    continue
                if probe.gone.is_set():
                    continue
                try:
                    text = probe.ws.recv()
                except Exception as error:  # noqa: BLE001 - closed or broken: stop watching it
                    if not probe.leaving:
                        print(f"  warning: a client's websocket broke: {error!r}", file=sys.stderr)
                    self._drop(probe)
                    continue
                probe.on_frame(text, time.perf_counter())


class WireProbe(Probe):
    """A minimal Socket.IO v5 / Engine.IO v4 client on websocket-client: the same frames on the
    same websocket as the browser's client, read by the shared ``Receiver`` thread (the state's
    arrival is stamped as soon as its frame is read; only ``version`` is parsed on the way)."""

    def __init__(self, hub: Hub, url: str, auth: dict[str, Any], receiver: Receiver) -> None:
        super().__init__(hub)
        self._acks: dict[int, tuple[threading.Event, list[Any]]] = {}
        self._next_ack = 0
        self._connected = threading.Event()
        self._refused: Any = None
        self._receiver = receiver
        self.gone = threading.Event()
        ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.ws = websocket.create_connection(ws_url, timeout=10, enable_multithread=True,
                                              skip_utf8_validation=True)  # pure-Python check: ~0.1 ms a KB
        opened = self.ws.recv()
        if not opened.startswith("0"):
            raise RuntimeError(f"unexpected engine.io open packet {opened[:80]!r}")
        self.ws.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.fd = self.ws.sock.fileno()
        self.leaving = False
        self.ws.send("40" + json.dumps(auth))
        receiver.add(self)
        if not self._connected.wait(10):
            raise TimeoutError("no socket.io connect answer")
        if self._refused is not None:
            raise RuntimeError(f"connection refused: {self._refused}")

    def on_frame(self, text: str, now: float) -> None:
        if text.startswith("42"):
            head = _STATE_HEAD.match(text)
            if head:
                self._seen(int(head.group(1)), now, text[2:])  # parsed only if ``last`` is read
                return
            event, data = json.loads(text[2:])[:2]
            if event in ("state", "public"):
                self._seen(data.get("version", -1), now, data)
            elif event == "error":
                self.errors.append(data)
        elif text.startswith("43"):
            body = text[2:]
            digits = len(body) - len(body.lstrip("0123456789"))
            waiter = self._acks.pop(int(body[:digits]), None)
            if waiter is not None:
                waiter[1].extend(json.loads(body[digits:]))
                waiter[0].set()
        elif text == "2":
            self.ws.send("3")
        elif text.startswith("40"):
            self._connected.set()
        elif text.startswith("44"):
            self._refused = text[2:]
            self._connected.set()

    def emit(self, event: str, data: dict[str, Any]) -> None:
        self.ws.send("42" + json.dumps([event, data]))

    def call(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        self._next_ack += 1
        ack, answer = self._next_ack, []
        done = threading.Event()
        self._acks[ack] = (done, answer)
        self.ws.send(f"42{ack}" + json.dumps([event, data]))
        if not done.wait(10):
            raise TimeoutError(f"no answer to {event}")
        return answer[0]

    def close(self) -> None:
        self.leaving = True
        try:
            self.ws.send("41")
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass
        self._receiver.remove(self)


class Clients:
    """Makes the K clients of a series: ``wire`` (default) or ``socketio`` (python-socketio)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.receiver = Receiver() if kind == "wire" else None

    def connect(self, hub: Hub, url: str, auth: dict[str, Any]) -> Probe:
        if self.receiver is not None:
            return WireProbe(hub, url, auth, self.receiver)
        return SioProbe(hub, url, auth)

    def stop(self) -> None:
        if self.receiver is not None:
            self.receiver.stop()
