"""Payload rules: one object per event, bounded integers, one text cleaner for every field.

Each refusal names its stable code, reaches the sender only and leaves the table's log and
state as they were.
"""
from __future__ import annotations

import pytest

from referee.config import Limits
from referee.fields import DIE_INDICES, QUANTITIES, SEATS
from referee.games.liars_dice.rules import MalformedAction, Settings
from referee.text import NAME_CODES, clean_text
from tests.gm.support import evening
from tests.support.app import errors, make_harness
from tests.support.dealers import PlainDealer

BIDI_OVERRIDE = "\u202e"
SPOOFS = {
    "a bidi override": f"1 gold{BIDI_OVERRIDE}dlog 9",
    "a bidi isolate": "Anna\u2066x",
    "a zero-width space": "An\u200bna",
    "a tab": "1\tgold",
    "a line break": "1 gold\n/w Bob hi",
    "a carriage return": "1 gold\r/w Bob hi",
    "a line separator": "Anna\u2028Bob",
    "a paragraph separator": "Anna\u2029Bob",
    "a NUL": "An\x00na",
    "a private-use character": "Anna\ue000",
    "a noncharacter": "Anna\uffff",
}


def refused_quietly(night, send, code: str) -> None:
    """``send()`` is refused with ``code`` to the referee or player who sent it, and nothing changes."""
    state, version = night.table.state, night.table.version
    for client in [night.referee, *night.players.values()]:
        client.get_received()
    ack = send()
    assert ack["ok"] is False and ack["code"] == code and ack["message"], ack
    assert night.table.state is state and night.table.version == version
    assert sum(bool(client.get_received()) for client in [night.referee, *night.players.values()]) == 1


@pytest.mark.parametrize("what", sorted(SPOOFS))
def test_every_text_field_refuses_control_format_and_separator_characters(what):
    night = evening(start=False)
    text = SPOOFS[what]
    refused_quietly(night, lambda: night.say(0, "chat", {"text": text}), "text/invalid")
    refused_quietly(night, lambda: night.say(0, "message", {"text": text}), "text/invalid")
    refused_quietly(night, lambda: night.ref("referee_chat", {"text": text}), "text/invalid")
    refused_quietly(night, lambda: night.ref("referee_message", {"seat": 0, "text": text}), "text/invalid")
    refused_quietly(night, lambda: night.ref("referee_stake", {"seat": 0, "text": text}), "text/invalid")
    refused_quietly(night, lambda: night.ref("referee_whisper_name", {"seat": 0, "name": text}), "text/invalid")
    spectator = night.harness.connect(night.table_id)
    assert spectator.emit("join", {"name": text[:20]}, callback=True)["code"] == "name/invalid"


def test_a_cheat_description_may_hold_line_breaks_but_no_other_control_character():
    night = evening()
    ack = night.say(0, "cheat", {"kind": "other", "description": "Шаг первый.\r\nШаг второй."})
    assert ack["ok"], ack
    attempt = night.referee_state()["gm"]["attempts"][-1]
    assert attempt["description"] == "Шаг первый.\nШаг второй."
    for text in ("a\tb", f"a{BIDI_OVERRIDE}b", "a\u2028b"):
        refused_quietly(night, lambda: night.say(1, "cheat", {"kind": "other", "description": text}), "text/invalid")


@pytest.mark.parametrize("text", ["   ", "\u3164", " \u2800 ", "\u3000", "\u115f\u1160"])
def test_blank_text_is_refused_where_it_means_nothing(text):
    night = evening(start=False)
    refused_quietly(night, lambda: night.say(0, "chat", {"text": text}), "text/empty")
    refused_quietly(night, lambda: night.ref("referee_stake", {"seat": 0, "text": text}), "text/empty")
    refused_quietly(night, lambda: night.ref("referee_whisper_name", {"seat": 0, "name": text}), "text/empty")
    spectator = night.harness.connect(night.table_id)
    assert spectator.emit("join", {"name": text}, callback=True)["code"] == "name/empty"


def test_a_chat_line_of_only_a_zero_width_space_is_refused():
    night = evening(start=False)
    refused_quietly(night, lambda: night.say(0, "chat", {"text": "\u200b"}), "text/invalid")


@pytest.mark.parametrize("text", [7, ["1 gold"], None, {"text": "1 gold"}, True])
def test_a_stake_that_is_not_a_string_is_refused_and_keeps_the_stake(text):
    night = evening(start=False)
    assert night.ref("referee_stake", {"seat": 0, "text": "1 gold"})["ok"]
    refused_quietly(night, lambda: night.ref("referee_stake", {"seat": 0, "text": text}), "payload/malformed")
    assert night.table.current.gm.stakes[0].text == "1 gold"


def test_a_stake_without_its_text_or_without_a_payload_is_refused_and_keeps_the_stake():
    night = evening(start=False)
    assert night.ref("referee_stake", {"seat": 0, "text": "1 gold"})["ok"]
    refused_quietly(night, lambda: night.ref("referee_stake", {"seat": 0}), "payload/malformed")
    refused_quietly(night, lambda: night.referee.emit("referee_stake", callback=True), "payload/malformed")
    refused_quietly(night, lambda: night.referee.emit("referee_stake", None, callback=True), "payload/malformed")
    assert night.table.current.gm.stakes[0].text == "1 gold"


def test_an_empty_stake_or_chat_name_clears_it():
    night = evening(start=False)
    assert night.ref("referee_stake", {"seat": 0, "text": "1 gold"})["ok"]
    assert night.ref("referee_stake", {"seat": 0, "text": ""})["ok"]
    assert night.table.current.gm.stakes == {}
    assert night.ref("referee_whisper_name", {"seat": 0, "name": "Jaina"})["ok"]
    assert night.ref("referee_whisper_name", {"seat": 0, "name": ""})["ok"]


@pytest.fixture
def duel():
    harness = make_harness(PlainDealer(script=[{0: [1, 2, 4, 4, 6], 1: [3, 3, 4, 5, 6]}] * 20))
    table, host_token = harness.create_table("Anna")
    anna = harness.connect(table, host_token)
    ben, _ = harness.join(table, "Ben")
    return harness, harness.app.extensions["tavern"].tables.get(table), anna, ben


@pytest.mark.parametrize("event", ["start", "new_game", "liar", "next_round", "sync"])
@pytest.mark.parametrize("args", [(), (None,), ([],), ("",), (0,), ({}, {})], ids=["nothing", "null", "array", "string",
                                                                                     "number", "two"])
def test_an_event_that_carries_nothing_takes_an_empty_object_only(duel, event, args):
    harness, table, anna, ben = duel
    state, version = table.state, table.version
    anna.get_received(), ben.get_received()
    ack = anna.emit(event, *args, callback=True)
    assert (ack["ok"], ack["code"]) == (False, "payload/malformed"), ack
    assert errors(anna) == ["payload/malformed"] and ben.get_received() == []
    assert table.state is state and table.version == version


def test_start_with_an_empty_object_still_starts(duel):
    harness, table, anna, ben = duel
    assert anna.emit("start", {}, callback=True) == {"ok": True}


@pytest.mark.parametrize("event, payload, code", [
    ("next_round", {"game": -1, "round": 1}, "payload/malformed"),
    ("next_round", {"game": 1, "round": 0}, "payload/malformed"),
    ("next_round", {"game": 10 ** 99, "round": 1}, "payload/malformed"),
    ("next_round", {"game": 1}, "payload/malformed"),
    ("bid", {"quantity": 10 ** 99, "face": 2}, "bid/quantity"),
    ("bid", {"quantity": -(10 ** 30), "face": 2}, "bid/quantity"),
    ("bid", {"quantity": 2, "face": 7}, "bid/face"),
    ("bid", {"quantity": 2, "face": 2.0}, "payload/malformed"),
    ("seed", {"round": -5, "seed": "a" * 64}, "payload/malformed"),
    ("remove_bot", {"seat": 8}, "payload/malformed"),
    ("remove_bot", {"seat": -1}, "payload/malformed"),
    ("add_bot", {"level": ["easy"]}, "payload/malformed"),
])
def test_every_integer_is_bounded_and_a_number_out_of_range_is_refused(duel, event, payload, code):
    harness, table, anna, ben = duel
    assert anna.emit("start", {}, callback=True)["ok"]
    state, version = table.state, table.version
    ack = anna.emit(event, payload, callback=True)
    assert (ack["ok"], ack["code"]) == (False, code), ack
    assert table.state is state and table.version == version


def test_a_name_with_a_line_separator_is_refused(duel):
    harness, table, anna, ben = duel
    watcher = harness.connect(table.id)
    assert watcher.emit("join", {"name": "Anna\u2028Bob"}, callback=True)["code"] == "name/invalid"


@pytest.mark.parametrize("payload, code", [
    ({"seat": 1, "die": 0, "value": 0}, "die/value"),
    ({"seat": 1, "die": 0, "value": 7}, "die/value"),
    ({"seat": 1, "die": 0, "value": 10 ** 99}, "die/value"),
    ({"seat": 1, "die": 10, "value": 3}, "die/none"),
    ({"seat": 1, "die": -1, "value": 3}, "die/none"),
    ({"seat": 99, "die": 0, "value": 3}, "payload/malformed"),
    ({"seat": 1, "die": 0, "value": 3, "attempt": 0}, "attempt/unknown"),
    ({"seat": 1, "die": 0, "value": "3"}, "payload/malformed"),
])
def test_a_die_change_out_of_range_names_what_is_wrong(payload, code):
    night = evening()
    refused_quietly(night, lambda: night.ref("referee_change_die", payload), code)


@pytest.mark.parametrize("event, payload, code", [
    ("referee_judge", {"attempt": 1, "difficulty": 0}, "attempt/difficulty"),
    ("referee_judge", {"attempt": 1, "difficulty": 10 ** 99}, "attempt/difficulty"),
    ("referee_judge", {"attempt": 1, "difficulty": 10, "modifier": -101}, "attempt/modifier"),
    ("referee_judge", {"attempt": -3, "difficulty": 10}, "attempt/unknown"),
    ("referee_dismiss", {"attempt": 10 ** 99}, "attempt/unknown"),
    ("referee_failure", {"attempt": 1, "consequence": ["silence"]}, "attempt/consequence"),
    ("referee_remove_seat", {"seat": 10 ** 99}, "payload/malformed"),
])
def test_the_referees_numbers_are_bounded(event, payload, code):
    night = evening()
    assert night.say(0, "cheat", {"kind": "other", "description": "Подмена"})["ok"]
    refused_quietly(night, lambda: night.ref(event, payload), code)


@pytest.mark.parametrize("request_, code", [
    ({"kind": "telekinesis", "die": 10 ** 99, "value": 6, "description": "x"}, "die/none"),
    ({"kind": "telekinesis", "die": 0, "value": 0, "description": "x"}, "die/value"),
    ({"kind": "knock", "target": 8, "value": 6, "description": "x"}, "attempt/target"),
    ({"kind": ["knock"], "description": "x"}, "attempt/kind"),
])
def test_an_attempts_numbers_are_bounded(request_, code):
    night = evening()
    refused_quietly(night, lambda: night.say(0, "cheat", request_), code)


def test_the_field_ranges_are_the_rule_settings_limits():
    biggest = Settings.from_dict({"max_players": SEATS[1] + 1, "dice_per_player": DIE_INDICES[1] + 1})
    assert QUANTITIES[1] == biggest.max_players * biggest.dice_per_player
    for too_many in ({"max_players": SEATS[1] + 2}, {"dice_per_player": DIE_INDICES[1] + 2}):
        with pytest.raises(MalformedAction):
            Settings.from_dict(too_many)


def test_names_and_texts_share_one_cleaner():
    assert clean_text("  Zoë  ", limit=24, codes=NAME_CODES) == "Zoë"
    assert clean_text("Zoe\u0308", limit=24) == "Zoë"
    with pytest.raises(MalformedAction) as refused:
        clean_text("Zo\u202ee", limit=24, codes=NAME_CODES)
    assert refused.value.code == "name/invalid"
    with pytest.raises(MalformedAction) as refused:
        clean_text("Zoe\t", limit=24)
    assert refused.value.code == "text/invalid"


def test_creating_a_table_with_rules_nested_fifty_thousand_deep_is_a_json_refusal():
    # The decoder is under test, not the body limit (which refuses these bodies first: 413).
    harness = make_harness(PlainDealer(script=[]), limits=Limits(tables_burst=0, http_body_bytes=0))
    http = harness.app.test_client()
    body = '{"name": "Anna", "rules": ' + "[" * 50_000 + "]" * 50_000 + "}"
    reply = http.post("/api/tables", data=body, content_type="application/json")
    assert reply.status_code == 400 and reply.get_json()["code"] == "payload/malformed"
    huge = '{"name": "Anna", "bots": {"count": ' + "9" * 5000 + "}}"
    reply = http.post("/api/tables", data=huge, content_type="application/json")
    assert reply.status_code == 400 and reply.get_json()["code"] == "payload/malformed"
    referee = '{"referee": {"name": "M"}, "gm": ' + "{\"a\": " * 20_000 + "1" + "}" * 20_000 + "}"
    reply = http.post("/api/tables", data=referee, content_type="application/json")
    assert reply.status_code == 400 and reply.get_json()["code"] == "payload/malformed"
    assert http.post("/api/tables", json={"name": "Anna"}).status_code == 201


@pytest.mark.parametrize("fmt", ["wow", "roll20", "plain"])
def test_whisper_lines_never_carry_a_control_or_format_character_even_from_an_old_log(fmt):
    from referee.gm.whisper import whisper_lines

    whisper = whisper_lines(fmt, f"Anna{BIDI_OVERRIDE}\u200b", [f"ставка: 1 gold{BIDI_OVERRIDE}dlog 9\n/w Bob hi\u2028"])
    assert whisper.lines and whisper.adjusted
    for line in whisper.lines:
        assert not any(ch in line for ch in (BIDI_OVERRIDE, "\u200b", "\n", "\u2028"))
        assert "Anna" in line and "ставка: 1 golddlog 9 /w Bob hi" in line
