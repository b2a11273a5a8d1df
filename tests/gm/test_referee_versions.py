"""The referee's desk never receives an older state after a newer one, even when two changes are
told at once (a table tells its listeners after it released its lock)."""
from __future__ import annotations

import threading

from tests.gm.support import evening


def referee_states(night) -> list[dict]:
    """Every ``state`` the referee's connection received since the last call (draining it)."""
    return [m["args"][0] for m in night.referee.get_received() if m["name"] == "state"]


def test_a_referee_view_built_before_a_newer_change_is_not_sent_after_it():
    """A bid is told to the referee while its view is held half-built; meanwhile a chat line is
    logged and told. The held, older view must not reach the desk after the newer one."""
    night = evening(players=2)
    table = night.table
    referee_states(night)
    held, release = threading.Event(), threading.Event()
    bidder = threading.Thread(target=lambda: table.play.bid(table.game.turn, 1, 2))
    desk = next(listener.__self__ for listener in table._listeners
                if type(getattr(listener, "__self__", None)).__name__ == "RefereeBroadcaster")
    real_view_for = desk.view_for

    def view_for(of_table, lang):  # the bid's view is built, then held before it is sent
        view = real_view_for(of_table, lang)
        if threading.current_thread() is bidder and not held.is_set():
            held.set()
            release.wait(10)
        return view

    desk.view_for = view_for
    bidder.start()
    assert held.wait(10)
    assert night.say(0, "chat", {"text": "Ставлю!"})["ok"]
    release.set()
    bidder.join(10)

    versions = [state["version"] for state in referee_states(night)]
    assert versions == sorted(versions), versions
    assert versions[-1] == table.version
