"""The gevent server's timers (``referee.gevent_scheduler``): ``threading.Timer``'s behaviour on the hub's loop."""
from __future__ import annotations

import gevent

from referee.gevent_scheduler import GeventScheduler


def test_calls_run_in_the_order_they_fall_due_and_a_cancelled_one_never_runs() -> None:
    scheduler, calls = GeventScheduler(), []
    scheduler.call_later(0.03, lambda: calls.append("late"))
    scheduler.call_later(0.01, lambda: calls.append("early"))
    scheduler.call_later(0.02, lambda: calls.append("cancelled")).cancel()
    scheduler.call_later(-1, lambda: calls.append("now"))
    gevent.sleep(0.1)
    assert calls == ["now", "early", "late"]


def test_a_call_that_blocks_holds_up_no_other_call() -> None:
    scheduler, calls = GeventScheduler(), []

    def slow() -> None:
        gevent.sleep(0.05)
        calls.append("slow done")

    scheduler.call_later(0, slow)
    scheduler.call_later(0.01, lambda: calls.append("quick"))
    gevent.sleep(0.1)
    assert calls == ["quick", "slow done"]


def test_cancel_after_the_call_ran_changes_nothing_and_a_failing_call_stops_no_later_one() -> None:
    scheduler, calls = GeventScheduler(), []
    ran = scheduler.call_later(0, lambda: calls.append("ran"))
    scheduler.call_later(0, lambda: 1 / 0)
    scheduler.call_later(0.01, lambda: calls.append("after the failure"))
    gevent.sleep(0.05)
    ran.cancel()
    ran.cancel()
    assert calls == ["ran", "after the failure"]
