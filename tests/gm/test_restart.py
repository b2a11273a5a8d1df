"""A restarted server rebuilds a refereed table from its log: chat, stakes, pause, attempts, penalties."""
from __future__ import annotations

from referee.gm.settings import GmSettings
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.registry import Tables
from referee.table import desk
from referee.table.fair_dealer import FairDealer

from .support import NEVER, SIGNER


def test_loading_the_log_resumes_chat_stakes_pause_and_pending_attempts():
    clock = ManualScheduler()
    events, dealer = EventLog(":memory:", clock=clock.now), FairDealer(SIGNER)
    table = Tables(events, dealer, clock, seed_wait_s=0).create({"dice_per_player": 3, "turn_timer_s": 30})
    desk.name_referee(table, "GM", "digest", GmSettings(cheating=True, whisper_format="wow"))
    table.join("Anna", "d0")
    table.join("Бен", "d1")
    desk.set_stake(table, 0, "1 gold")
    desk.post_chat(table, 1, "Удачи!")
    table.start_game()
    desk.send_message(table, 0, "psst", by_referee=False)
    failed = desk.submit_attempt(table, 0, {"kind": "loaded_die", "die": None, "target": None, "value": None,
                                            "description": "…"})
    desk.judge(table, failed, NEVER, 0)
    desk.settle_failure(table, failed, "penalty")
    pending = desk.submit_attempt(table, 1, {"kind": "knock", "die": None, "target": 0, "value": 2, "description": "…"})
    clock.advance(10)
    desk.pause(table)

    again = Table.load(table.id, events, dealer, clock)
    assert again.current.gm == table.current.gm
    assert again.current.gm.paused and again.turn_deadline() is None
    assert again.current.gm.attempt(pending).status == "pending"
    assert again.current.gm.penalties == ((0, failed),)
    assert [line.text for line in again.current.gm.chat] == ["Удачи!"]
    assert again.current.gm.stakes[0].amount == "1"
    assert again.game.hands == table.game.hands
    clock.advance(100)
    desk.resume(again)
    assert again.turn_deadline() == clock.now() + 20
