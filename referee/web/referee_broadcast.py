"""The referee's ``state``: sent to every referee connection of a table in its page's language
(each player's whisper lines in that player's: the language of their seat's newest connection),
and never older than the last one that connection got.

A table tells its listeners after it released its lock, so two changes can be told at once
and a view built from the older state could be sent after the newer one. Each connection's
newest sent version is remembered; a view older than it is dropped (a newer one went already).

>>> sent = SentVersions()
>>> sent.claim("t1", "sid1", 5), sent.claim("t1", "sid1", 4), sent.claim("t1", "sid1", 5)
(True, False, True)
>>> sent.forget_all_but("t1", set()); sent.claim("t1", "sid1", 1)
True
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask_socketio import SocketIO

from referee.table.table import Table
from referee.views import referee_view

from .connections import Connections
from .i18n import translate
from .wire import encode


def _translator(lang: str) -> Callable[..., str]:
    """``translate`` in ``lang``."""
    return lambda key, **params: translate(lang, key, **params)


class SentVersions:
    """The newest version sent to each (table, connection)."""

    def __init__(self) -> None:
        self._sent: dict[tuple[str, str], int] = {}

    def claim(self, table: str, sid: str, version: int) -> bool:
        """True (and remembered) when ``version`` is not older than the last one sent there."""
        key = (table, sid)
        if version < self._sent.get(key, 0):
            return False
        self._sent[key] = version
        return True

    def forget_all_but(self, table: str, sids: set[str]) -> None:
        """Drop what is kept for ``table``'s connections that are gone."""
        self._sent = {key: v for key, v in self._sent.items() if key[0] != table or key[1] in sids}


class RefereeBroadcaster:
    """Sends the referee's ``state`` to every referee connection of a table, in its page's language."""

    def __init__(self, socketio: SocketIO, conns: Connections, server_key: dict[str, str] | None) -> None:
        self._socketio = socketio
        self._conns = conns
        self._server_key = server_key
        self._sent = SentVersions()
        self._lock = threading.Lock()
        self.langs: dict[str, str] = {}

    def view_for(self, table: Table, lang: str) -> dict[str, Any]:
        """The referee's ``state`` of ``table`` worded in ``lang``."""
        state = table.current
        fairness = state.fairness
        commitments = None
        if fairness is not None:
            commitments = {"round_anchor": fairness.opening_public.get("round_anchor"),
                           "draw_root": fairness.opening_public.get("draw_root"),
                           "roots": list(fairness.roots), "draws": fairness.draw_count}
        return referee_view(state, version=table.version, connected=set(table.connected),
                            spectators=self._conns.spectators(table.id), now=table.now(),
                            deadline=table.turn_deadline(),
                            commitment=fairness.deal_public if fairness else None, server_key=self._server_key,
                            commitments=commitments, draws=table.draw_parts(sealed=True),
                            translate=_translator(lang),
                            readers={seat: _translator(reader) for seat, reader in self._conns.seat_langs(table.id).items()})

    def table_changed(self, table: Table) -> None:
        """Send every referee connection of ``table`` its new state."""
        referees = self._conns.referees(table.id)
        for conn in referees:
            self.send_to(conn.sid, table)
        with self._lock:
            self._sent.forget_all_but(table.id, {conn.sid for conn in referees})

    def send_to(self, sid: str, table: Table) -> None:
        """Send one referee connection its state now, unless it already holds a newer one."""
        view = self.view_for(table, self.langs.get(sid, "en"))
        with self._lock:
            if self._sent.claim(table.id, sid, view["version"]):
                self._socketio.emit("state", encode(view), to=sid)
