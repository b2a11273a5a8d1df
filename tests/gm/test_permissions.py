"""Who may do what at a refereed table, and what each one is sent."""
from __future__ import annotations

import json

import pytest

from referee.web.payloads import token_digest
from tests.support.app import errors

from .support import create, evening
from tests.support.app import make_harness
from referee.table.fair_dealer import FairDealer
from .support import SIGNER

REFEREE_EVENTS = [("referee_start", {}), ("referee_pause", {}), ("referee_add_bot", {"level": "easy"}),
                  ("referee_remove_seat", {"seat": 1}), ("referee_stake", {"seat": 0, "text": "1 gold"}),
                  ("referee_judge", {"attempt": 1, "difficulty": 1}), ("referee_change_die", {"seat": 1, "die": 0, "value": 6}),
                  ("referee_chat", {"text": "hi"}), ("referee_message", {"seat": 1, "text": "psst"}),
                  ("referee_whisper_name", {"seat": 0, "name": "Thrall"})]


@pytest.mark.parametrize("event, data", REFEREE_EVENTS)
def test_a_player_token_cannot_use_a_referee_action(event, data):
    night = evening()
    version = night.table.version
    ack = night.say(0, event, data)
    assert (ack["ok"], ack["code"]) == (False, "referee/only")
    assert night.table.version == version


def test_a_wrong_referee_token_is_refused_at_connect():
    night = evening(start=False)
    stranger = night.harness.socketio.test_client(night.harness.app,
                                                  auth={"table": night.table_id, "referee_token": night.tokens[0]})
    assert not stranger.is_connected()


def test_the_referee_token_never_reaches_a_player_or_a_spectator():
    night = evening(players=2, start=False)
    spectator = night.harness.connect(night.table_id)
    assert night.ref("referee_stake", {"seat": 0, "text": "2 gold"})["ok"]
    assert night.ref("referee_start")["ok"]
    table = night.table
    night.say(0, "cheat", {"kind": "loaded_die", "description": "…"})
    night.ref("referee_message", {"seat": 0, "text": "посмотрим"})
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    secrets = (night.token, token_digest(night.token))
    for client in (night.players[0], night.players[1], spectator):
        frames = json.dumps(client.get_received(), ensure_ascii=False)
        assert "state" in frames
        assert not any(secret in frames for secret in secrets)


def test_the_referee_sees_every_cup_but_a_blind_referee_sees_none_before_the_reveal():
    seeing = evening()
    hands = seeing.referee_state()["game"]["hands"]
    assert sorted(hands) == ["0", "1"] and all(len(h) == 2 for h in hands.values())
    assert seeing.referee_state()["gm"]["whispers"][0]["lines"]

    blind = evening(gm={"blind": True})
    table = blind.table
    attempt = blind.say(0, "cheat", {"kind": "mind_reading", "target": 1, "description": "…"})["attempt"]
    blind.ref("referee_judge", {"attempt": attempt, "difficulty": 1})
    state = blind.referee_state()
    assert state["game"].get("hands") is None and state["game"]["dice"] == []
    assert state["gm"]["attempts"][0]["effect"] is None
    relay = {w["seat"]: w["lines"] for w in state["gm"]["whispers"]}
    assert relay[1] == [] and len(relay[0]) == 1 and "d20" in relay[0][0], relay
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    assert sorted(blind.referee_state()["game"]["result"]["hands"]) == ["0", "1"]


def test_the_referee_does_not_play_and_players_do_not_start_a_refereed_game():
    night = evening(start=False)
    assert night.say(0, "start")["code"] == "start/not_host"
    assert night.referee.emit("join", {"name": "GM"}, callback=True)["code"] == "referee/no_seat"
    assert night.player_state(0)["you"]["is_host"] is False
    assert night.referee_state()["you"] == {"seat": None, "role": "referee", "is_host": True}


def test_the_referee_seats_and_removes_bots_and_players_between_games():
    night = evening(start=False)
    seat = night.ref("referee_add_bot", {"level": "easy"})["seat"]
    assert night.table.current.is_bot(seat)
    assert night.ref("referee_remove_seat", {"seat": seat})["ok"]
    assert night.ref("referee_remove_seat", {"seat": 1})["ok"]
    assert sorted(night.table.current.seats) == [0]


def test_bad_table_settings_are_refused_with_a_code():
    harness = make_harness(FairDealer(SIGNER))
    client = harness.app.test_client()
    for body in ({"referee": {"name": ""}}, {"referee": {"name": "GM"}, "gm": {"check_die": 6}},
                 {"referee": {"name": "GM"}, "gm": {"whisper_format": "irc"}}, {"referee": "GM"}):
        reply = client.post("/api/tables", json=body)
        assert reply.status_code == 400 and reply.get_json()["code"] in ("name/empty", "name/invalid", "payload/malformed")


def test_creating_a_refereed_table_returns_a_long_token_in_the_link_fragment():
    harness = make_harness(FairDealer(SIGNER))
    table_id, token, body = create(harness, {"whisper_format": "wow"})
    assert len(token) >= 43
    assert body["referee_url"] == f"/t/{table_id}/referee#{token}" and body["url"] == f"/t/{table_id}"
    page = harness.app.test_client().get(f"/t/{table_id}/referee")
    assert page.status_code == 200 and token not in page.get_data(as_text=True)
    plain, _ = harness.create_table()
    assert harness.app.test_client().get(f"/t/{plain}/referee").status_code == 404
    assert errors(harness.connect(table_id)) == []
