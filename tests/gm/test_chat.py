"""The table chat and the private threads: stored as typed, sent as text, limited in size and rate."""
from __future__ import annotations

import pytest

from referee.gm.text import CHAT_LIMIT
from referee.web.referee_sockets import CHAT_BURST
from tests.support.app import last_state

from .support import evening

MARKUP = '<img src=x onerror="alert(1)"> & <script>alert("hi")</script>'


def test_markup_in_a_chat_line_is_kept_as_text_and_never_interpreted():
    night = evening(start=False)
    assert night.say(0, "chat", {"text": f"  {MARKUP}  "})["ok"]
    line = night.player_state(1)["gm"]["chat"][-1]
    assert (line["by"], line["seat"], line["text"]) == ("player", 0, MARKUP)
    assert night.referee_state()["gm"]["chat"][-1]["text"] == MARKUP


def test_a_private_message_reaches_only_its_player_and_the_referee():
    night = evening(players=3, start=False)
    spectator = night.harness.connect(night.table_id)
    assert night.say(1, "message", {"text": "Я подменю кость"})["ok"]
    assert night.ref("referee_message", {"seat": 1, "text": "Посмотрим…"})["ok"]
    thread = night.player_state(1)["gm"]["messages"]
    assert [(m["by"], m["text"]) for m in thread] == [("player", "Я подменю кость"), ("referee", "Посмотрим…")]
    assert night.player_state(0)["gm"]["messages"] == []
    assert "messages" not in last_state(spectator)["gm"]
    assert [m["text"] for m in night.referee_state()["gm"]["messages"]["1"]] == ["Я подменю кость", "Посмотрим…"]
    exported = [e for e in night.audit()["entries"] if e["kind"] == "message_sent"]
    assert len(exported) == 2 and all(e["secret"] is None and "text" not in e["public"] for e in exported)


@pytest.mark.parametrize("text, code", [("x" * (CHAT_LIMIT + 1), "text/too_long"), ("   ", "text/empty"),
                                        ("a\x07b", "text/invalid"), (42, "payload/malformed")])
def test_a_bad_chat_line_is_refused_and_logs_nothing(text, code):
    night = evening(start=False)
    version = night.table.version
    ack = night.say(0, "chat", {"text": text})
    assert (ack["ok"], ack["code"]) == (False, code)
    assert night.table.version == version


def test_a_line_of_exactly_500_characters_is_accepted():
    night = evening(start=False)
    assert night.say(0, "chat", {"text": "я" * CHAT_LIMIT})["ok"]


def test_a_connection_that_writes_too_fast_is_slowed_down_without_hurting_the_others():
    night = evening(start=False)
    acks = [night.say(0, "chat", {"text": f"line {n}"}) for n in range(CHAT_BURST + 1)]
    assert [a["ok"] for a in acks] == [True] * CHAT_BURST + [False]
    assert acks[-1]["code"] == "rate/chat"
    assert night.say(1, "chat", {"text": "my turn"})["ok"]
    assert len(night.table.current.gm.chat) == CHAT_BURST + 1


def test_spectators_read_the_table_chat_but_cannot_write():
    night = evening(start=False)
    spectator = night.harness.connect(night.table_id)
    assert spectator.emit("chat", {"text": "hi"}, callback=True)["code"] == "seat/none"
    night.say(0, "chat", {"text": "hello"})
    assert last_state(spectator)["gm"]["chat"][-1]["text"] == "hello"


def test_a_private_message_needs_a_referee():
    harness_night = evening(start=False)
    plain, token = harness_night.harness.create_table("Anna")
    client = harness_night.harness.connect(plain, token)
    assert client.emit("message", {"text": "psst"}, callback=True)["code"] == "referee/none"
    assert client.emit("chat", {"text": "hello"}, callback=True)["ok"]
