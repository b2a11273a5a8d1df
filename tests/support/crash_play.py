"""A refereed evening played against a real server that SIGKILLs itself at armed commits.

``CrashingEvening`` runs ``tests.support.crashing_serve`` over one folder, restarts it after
each crash (the restarted server is armed with the points that did not fire yet) and
reconnects everybody. ``play`` drives the table from what the log says (the test reads the
server's SQLite file and folds it, exactly as a restart does), so a command lost by a crash
before its commit is simply sent again, and a command committed just before the crash is
never sent twice. Every wait is for a condition, with a deadline.
"""
from __future__ import annotations

import json
import secrets
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import socketio

from referee.games.liars_dice.rules import Phase
from referee.store.log import EventLog
from referee.table.replay import replay
from referee.table.state import TableState

from .server import Server, free_port, server_settings

BOT, ANNA, BEN = 0, 1, 2
"""Seats: the referee seats a bot first, then Anna and Ben join."""
HUMANS = (ANNA, BEN)
ALWAYS, NEVER = 1, 200


class Client:
    """One Socket.IO connection; ``send`` waits for the acknowledgement or for the server's death."""

    def __init__(self, server: Server, auth: dict[str, Any]) -> None:
        self._server = server
        self.sio = socketio.Client(reconnection=False)
        self.sio.connect(server.base_url, auth=auth, transports=["websocket"], wait_timeout=5)

    def send(self, event: str, data: Any = None, seconds: float = 5.0) -> dict[str, Any] | None:
        """The acknowledgement, or None when the server died (or stayed silent) first."""
        done = threading.Event()
        box: list[Any] = []

        def acked(*args: Any) -> None:
            box.extend(args)
            done.set()

        try:
            self.sio.emit(event, {} if data is None else data, callback=acked)
        except Exception:  # noqa: BLE001 - the connection died with the server
            return None
        deadline = time.monotonic() + seconds
        while not done.wait(0.01):
            if self._server.dead or time.monotonic() > deadline:
                return None
        return box[0] if box else None

    def close(self) -> None:
        """Disconnect (nothing to do when the server is already gone)."""
        try:
            self.sio.disconnect()
        except Exception:  # noqa: BLE001 - already gone with the server
            pass


class CrashingEvening:
    """The crashing server, its log as the test reads it, and the people at one refereed table."""

    def __init__(self, folder: Path, armed: list[str], **sections: dict[str, Any]) -> None:
        self.folder = folder
        self.armed = list(armed)
        self.record = folder / "crashes.txt"
        settings = server_settings(folder, **sections)
        self.server = Server(folder, free_port(), settings, module="tests.support.crashing_serve",
                             env={"TAVERN_CRASH": ",".join(armed), "TAVERN_CRASH_RECORD": str(self.record)})
        self.restarts = 0
        self._start()
        self.log = EventLog(settings["store"]["database"])
        self.table_id = ""
        self.referee_token = ""
        self.tokens: dict[int, str] = {}
        self.clients: dict[Any, Client] = {}
        self.away: set[int] = set()
        self.seeded: set[tuple[int, int]] = set()
        """(round, seat) of each seed sent for the round being rolled: the table holds it until the
        deal (unlogged), so it is sent again only after a crash lost it (a restart forgets them)."""
        self.check_seeded: set[tuple[int, int]] = set()
        """(attempt, draw) of each seed an attempter's page sent for its check: held the same way."""

    # -- the server ------------------------------------------------------------------------

    def fired(self) -> list[str]:
        """The crash points that fired so far, in order."""
        return self.record.read_text(encoding="utf-8").split() if self.record.exists() else []

    def died(self, seconds: float = 5.0) -> bool:
        """True when the server exits within ``seconds`` (a connection cut by its SIGKILL comes
        a moment before the process is gone)."""
        assert self.server.process is not None
        try:
            self.server.process.wait(seconds)
        except subprocess.TimeoutExpired:
            return False
        return True

    def _start(self) -> None:
        for _ in range(len(self.armed) + 1):
            try:
                self.server.start()
                return
            except RuntimeError:
                if not self.server.dead:
                    raise
                self.restarts += 1  # it crashed while resuming its tables: start it again
        raise RuntimeError("the server kept crashing at start-up")

    def restart(self) -> None:
        """After a crash: start the server again and reconnect everybody who is not away."""
        assert self.server.process is not None
        self.server.process.wait(10)
        for client in self.clients.values():
            client.close()
        self.clients = {}
        self.seeded.clear()
        self.check_seeded.clear()
        self.restarts += 1
        self._start()
        try:
            self.connect_all()
        except Exception:  # noqa: BLE001 - a crash point fired by somebody's return: play restarts it
            if not self.died():
                raise

    def stop(self) -> None:
        """Disconnect everybody, stop the server, close the test's reader of the log."""
        for client in self.clients.values():
            client.close()
        self.server.stop()
        self.log.close()

    # -- the table -------------------------------------------------------------------------

    def post(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST /api/tables; None when the server died before answering."""
        request = urllib.request.Request(self.server.base_url + "/api/tables", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=5) as reply:
                return json.loads(reply.read())
        except OSError:
            if self.died():
                return None
            raise

    def get(self, path: str) -> tuple[int, Any]:
        """GET ``path``: (status, parsed JSON or text)."""
        try:
            with urllib.request.urlopen(self.server.base_url + path, timeout=5) as reply:
                body = reply.read()
                status = reply.status
        except urllib.error.HTTPError as error:
            body, status = error.read(), error.code
        try:
            return status, json.loads(body)
        except ValueError:
            return status, body.decode("utf-8", "replace")

    def state(self) -> TableState:
        """The table as the server's log has it now."""
        return replay(self.table_id, self.log.entries(self.table_id))[-1][1]

    def kinds(self) -> set[str]:
        """Every kind of entry the table's log holds."""
        return {entry.kind for entry in self.log.entries(self.table_id)}

    def head(self) -> int:
        """The seq of the table's last stored entry (0 before any)."""
        entries = self.log.entries(self.table_id)
        return entries[-1].seq if entries else 0

    def connect_all(self) -> None:
        """Connect the referee and every seated person who is not away (after a restart)."""
        if not self.table_id:
            return
        self.clients["ref"] = Client(self.server, {"table": self.table_id, "referee_token": self.referee_token})
        for seat, token in self.tokens.items():
            if seat not in self.away:
                self.clients[seat] = Client(self.server, {"table": self.table_id, "token": token})

    def join(self, seat: int, name: str) -> None:
        """A person takes the next free seat (it must be ``seat``)."""
        spectator = Client(self.server, {"table": self.table_id})
        ack = spectator.send("join", {"name": name})
        if ack is None:
            spectator.close()
            return
        assert ack["ok"] and ack["seat"] == seat, ack
        self.tokens[seat] = ack["token"]
        self.clients[seat] = spectator

    def leave(self, seat: int) -> None:
        """The person at ``seat`` closes their page (a bot takes over after the grace period)."""
        self.away.add(seat)
        self.clients.pop(seat).close()

    def come_back(self, seat: int) -> None:
        """The person at ``seat`` opens their page again with their token."""
        self.away.discard(seat)
        self.clients[seat] = Client(self.server, {"table": self.table_id, "token": self.tokens[seat]})

    def wait_for_change(self, seconds: float = 1.0) -> None:
        """Until the log grows or the server dies (at most ``seconds``)."""
        head = self.head()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.server.dead and self.head() == head:
            time.sleep(0.01)


def next_step(evening: CrashingEvening, state: TableState, kinds: set[str]) -> tuple[Any, str, Any] | str | None:
    """What somebody at the table does next, given the log: ``(who, event, data)``, a string for a
    step that is not an event ("join:SEAT", "leave:SEAT", "back:SEAT"), or None to wait."""
    seats = state.seats
    if BOT not in seats:
        return ("ref", "referee_add_bot", {"level": "easy"})
    for seat, name in ((ANNA, "Anna"), (BEN, "Ben")):
        if seat not in seats:
            return f"join:{seat}"
    extras = [("stake_set", ("ref", "referee_stake", {"seat": ANNA, "text": "5 gold"})),
              ("whisper_name_set", ("ref", "referee_whisper_name", {"seat": ANNA, "name": "Anna"})),
              ("chat_posted", (ANNA, "chat", {"text": "Evening, all"})),
              ("message_sent", ("ref", "referee_message", {"seat": BEN, "text": "psst"}))]
    for kind, step in extras:
        if kind not in kinds:
            return step
    game = state.game
    if game is None or (game.phase is Phase.OVER and not set(evening.armed) <= set(evening.fired())):
        return ("ref", "referee_start", {})
    if game.phase is not Phase.ROLLING:
        evening.seeded.clear()  # the seeds held for the last deal are in the log now
    if game.phase is Phase.ROLLING:
        seeds = state.fairness.seeds if state.fairness else {}
        for seat in HUMANS:
            held = (game.round_no, seat) in evening.seeded
            if seat in game.in_game and seat not in seeds and seat not in evening.away and not held:
                return (seat, "seed", {"round": game.round_no, "seed": secrets.token_hex(32)})
        return None
    if game.phase is Phase.REVEALED:
        return (ANNA, "next_round", {"game": state.game_no, "round": game.round_no})
    if game.phase is Phase.BIDDING:
        return bidding_step(evening, state, kinds)
    return None


def bidding_step(evening: CrashingEvening, state: TableState, kinds: set[str]) -> tuple[Any, str, Any] | str | None:
    """A round being bid: the referee's business first, then presence, then the person to act."""
    game = state.game
    assert game is not None
    gm = state.gm
    if gm.paused:
        return ("ref", "referee_resume", {})
    for attempt in gm.attempts:
        stale = (attempt.game, attempt.round) != (state.game_no, game.round_no)
        if attempt.status in ("pending", "judged") and stale:  # a judged check the round outran is never rolled
            return ("ref", "referee_dismiss", {"attempt": attempt.id})
        if attempt.status == "pending":
            difficulty = ALWAYS if attempt.kind == "telekinesis" else NEVER
            return ("ref", "referee_judge", {"attempt": attempt.id, "difficulty": difficulty})
        if attempt.status == "judged":  # its check waits for the attempter's seed, which the page sends at once
            draw = (state.fairness.draw_count + 1) if state.fairness else 0
            if attempt.seat in evening.clients and attempt.seat not in evening.away \
                    and (attempt.id, draw) not in evening.check_seeded:
                evening.check_seeded.add((attempt.id, draw))
                return (attempt.seat, "draw_seed", {"draw": draw, "seed": secrets.token_hex(32)})
            return None  # the draw comes with the seed, or when its wait runs out
        if attempt.awaits_approval:  # a succeeded telekinesis waits for the referee
            return ("ref", "referee_dismiss" if stale else "referee_apply", {"attempt": attempt.id})
        if attempt.status == "rolled":
            return ("ref", "referee_failure", {"attempt": attempt.id, "consequence": "penalty"})
    cheats = {"die_changed": (ANNA, {"kind": "telekinesis", "die": 0, "value": 6}),
              "penalty_applied": (BEN, {"kind": "other"})}
    for kind, (seat, request) in cheats.items():
        wanted = kind not in kinds and not (kind == "penalty_applied" and gm.penalties)
        if wanted and seat in game.in_game and seat not in evening.away and gm.open_attempt(seat) is None:
            return (seat, "cheat", {"description": "a sleight of hand", **request})
    if "game_paused" not in kinds:
        return ("ref", "referee_pause", {})
    if "seat_autopilot" not in kinds and BEN in game.in_game and BEN not in evening.away:
        return f"leave:{BEN}"
    if BEN in evening.away and BEN in state.autopilot:
        return f"back:{BEN}"
    turn = game.turn
    if turn not in HUMANS or turn in state.autopilot or turn in evening.away:
        return None
    if turn == BEN and "turn_timed_out" not in kinds:
        return None  # let Ben's timer run out once
    if game.bids:
        return (turn, "liar", {})
    return (turn, "bid", {"quantity": 1, "face": 2})


def take(evening: CrashingEvening, step: tuple[Any, str, Any] | str | None) -> None:
    """Do one step of ``next_step`` (or wait a moment for the table to move on)."""
    if step is None:
        evening.wait_for_change()
    elif isinstance(step, str):
        action, seat = step.split(":")
        {"join": lambda s: evening.join(s, "Anna" if s == ANNA else "Ben"), "leave": evening.leave,
         "back": evening.come_back}[action](int(seat))
        if action != "join":
            evening.wait_for_change()
    else:
        who, event, data = step
        if who in evening.clients:
            evening.clients[who].send(event, data)
            if event == "seed":
                evening.seeded.add((data["round"], who))


def play(evening: CrashingEvening, stalled_s: float = 90.0, seconds: float = 1200.0) -> TableState:
    """Play until every armed point fired and a game ended with a winner; returns the final state.

    It gives up when the table has not moved (no new entry, no restart) for ``stalled_s``, or after
    ``seconds`` in all: progress is what is waited for, so a machine under load only makes it slower."""
    deadline = time.monotonic() + seconds
    stalled_at, head = time.monotonic() + stalled_s, None
    while time.monotonic() < min(deadline, stalled_at):
        if evening.server.dead:
            stalled_at = time.monotonic() + stalled_s
            evening.restart()
            continue
        state = evening.state()
        kinds = evening.kinds()
        if evening.head() != head:
            head, stalled_at = evening.head(), time.monotonic() + stalled_s
        game = state.game
        if game is not None and game.winner is not None and set(evening.armed) <= set(evening.fired()):
            if not evening.died(1.0):  # the last crash point may have fired just now
                return state
            evening.restart()
            continue
        try:
            take(evening, next_step(evening, state, kinds))
        except Exception:  # noqa: BLE001 - a connection refused by a server that just died
            if not evening.died():
                raise
    missing = sorted(set(evening.armed) - set(evening.fired()))
    raise TimeoutError(f"the evening did not finish (stalled for {stalled_s} s, or {seconds} s in all): "
                       f"armed points not reached {missing}; fired {evening.fired()}")
