"""A refereed evening stopped in the middle of a round, with everything a sealed entry can hide:
cheat attempts of every kind (their requests, checks and outcomes), die changes by effect and by
the referee's hand, a knock whose old value only the referee may know, a check the referee kept
silent, and private messages both ways. Round 1 is played out first, so the export also holds
revealed secrets (with their salts) that an attacker may try to reuse."""
from __future__ import annotations

from typing import Any

from tests.gm.support import ALWAYS, NEVER, Evening, evening

MESSAGES = ("ok, your roll: 17", "Я подменю кость", "тихо: у него две шестёрки", "psst", "да")
"""The private lines the evening sends (the attacker's dictionary holds them too)."""
DESCRIPTIONS = ("Пальцы чародея", "Стук по столу", "Взгляд в чужую кружку", "Кость из рукава", "Свинец в кубике")


def _cheat(night: Evening, seat: int, difficulty: int, **request: Any) -> int:
    ack = night.say(seat, "cheat", {"description": DESCRIPTIONS[len(night.table.current.gm.attempts) % 5], **request})
    assert ack["ok"], ack
    judged = night.ref("referee_judge", {"attempt": ack["attempt"], "difficulty": difficulty})
    assert judged["ok"], judged
    if night.table.current.gm.attempt(ack["attempt"]).awaits_approval:  # a succeeded telekinesis waits for the referee
        assert night.ref("referee_apply", {"attempt": ack["attempt"]})["ok"]
    return ack["attempt"]


def _finish_round(night: Evening) -> None:
    table = night.table
    game = table.game
    if not game.bids:
        table.play.bid(game.turn, 1, 2)
    table.play.liar(table.game.turn)
    table.next_round(table.game.in_game[0])


def sealed_evening() -> tuple[Evening, dict[str, Any]]:
    """The evening, and its audit export taken mid-round 2 (through the real route)."""
    night = evening(players=3, dice_per_player=4)
    _cheat(night, 0, ALWAYS, kind="telekinesis", die=0, value=6)
    assert night.ref("referee_message", {"seat": 0, "text": MESSAGES[0]})["ok"]
    _finish_round(night)
    _cheat(night, 0, ALWAYS, kind="telekinesis", die=1, value=5)
    _cheat(night, 1, ALWAYS, kind="knock", target=2, value=3)
    other = _cheat(night, 2, ALWAYS, kind="other")
    assert night.ref("referee_change_die", {"seat": 1, "die": 2, "value": 4, "attempt": other})["ok"]
    failed = _cheat(night, 1, NEVER, kind="mind_reading", target=0)
    assert night.ref("referee_failure", {"attempt": failed, "consequence": "silence"})["ok"]
    for seat, text in ((1, MESSAGES[1]), (2, MESSAGES[3])):
        assert night.say(seat, "message", {"text": text})["ok"]
    for seat, text in ((1, MESSAGES[2]), (2, MESSAGES[4])):
        assert night.ref("referee_message", {"seat": seat, "text": text})["ok"]
    assert night.table.game.round_no == 2 and night.table.game.phase.value == "bidding"
    return night, night.audit()


def server_log(night: Evening) -> list[Any]:
    """The table's log as the server holds it: every secret and salt."""
    return night.table._events.entries(night.table_id)
