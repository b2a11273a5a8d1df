"""The house rules' socket events in one process: ``liar`` out of turn, ``spot_on``, ``set_rules`` (the host,
and the referee at a refereed table) with its ``rules_changed`` announcement to everyone at the table."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import Settings
from tests.gm.support import evening
from referee.state_parts import FEED_EVENTS
from tests.support.app import last_state, make_harness, states_of
from tests.support.dealers import PlainDealer

HANDS = {0: [2, 2, 3], 1: [4, 4, 5], 2: [6, 6, 1]}


def inbox(client):
    """What the client received since last asked, by event name, its parts merged into ``state`` (draining its queue)."""
    received = client.get_received()
    got: dict[str, list] = {"state": states_of(client, received), "error": [], "rules_changed": []}
    for message in received:
        if message["name"] not in FEED_EVENTS:
            got.setdefault(message["name"], []).append(message["args"][0])
    return got


@pytest.fixture
def trio():
    """Three players at a table of three dice with ``challenge = anyone`` and spot on; game 1 started."""
    harness = make_harness(PlainDealer(script=[HANDS] * 20))
    reply = harness.app.test_client().post("/api/tables", json={
        "name": "Anna", "rules": {"dice_per_player": 3, "challenge": "anyone", "spot_on": True, "turn_timer_s": 0}})
    body = reply.get_json()
    anna = harness.connect(body["table"], body["token"])
    ben, _ = harness.join(body["table"], "Ben")
    cleo, _ = harness.join(body["table"], "Cleo")
    assert anna.emit("start", {}, callback=True) == {"ok": True}
    return harness, body["table"], [anna, ben, cleo]


def turn(client):
    """The ``against`` of the newest state the client holds (asked for afresh)."""
    assert client.emit("sync", {}, callback=True)["ok"]
    game = last_state(client)["game"]
    return {"game": game["game"], "round": game["round"], "bids": len(game["bids"])}


def test_a_player_not_to_act_calls_liar_and_a_second_caller_hears_already_called(trio):
    _, _, (anna, ben, cleo) = trio
    assert anna.emit("bid", {"quantity": 2, "face": 4, "against": turn(anna)}, callback=True)["ok"]
    seen = turn(cleo)
    assert cleo.emit("sync", {}, callback=True)["ok"]
    view = last_state(cleo)["game"]
    assert (view["turn"], view["callers"], view["can_call"], view["can_spot_on"]) == (1, [1, 2], True, True)
    assert cleo.emit("liar", {"against": seen}, callback=True) == {"ok": True}
    late = ben.emit("liar", {"against": seen}, callback=True)
    assert (late["ok"], late["code"]) == (False, "call/already_called")
    got = {name: inbox(client) for name, client in (("anna", anna), ("ben", ben), ("cleo", cleo))}
    assert [e["code"] for e in got["ben"]["error"]] == ["call/already_called"]
    assert got["cleo"]["error"] == [] and got["anna"]["error"] == []
    result = got["anna"]["state"][-1]["game"]["result"]
    assert (result["caller"], result["call"], result["loser"]) == (2, "liar", 2)


def test_spot_on_is_an_event_with_against_and_the_engines_codes(trio):
    _, _, (anna, ben, cleo) = trio
    assert anna.emit("bid", {"quantity": 3, "face": 6, "against": turn(anna)}, callback=True)["ok"]
    own = anna.emit("spot_on", {"against": turn(anna)}, callback=True)
    assert (own["ok"], own["code"]) == (False, "call/own_bid")
    bad = ben.emit("spot_on", {"against": turn(ben), "face": 6}, callback=True)
    assert (bad["ok"], bad["code"]) == (False, "payload/malformed")
    assert ben.emit("spot_on", {"against": turn(ben)}, callback=True) == {"ok": True}
    result = last_state(cleo)["game"]["result"]
    assert (result["call"], result["caller"], result["count"], result["loser"], result["dice_gained"]) == \
        ("spot_on", 1, 3, None, 0)


def test_spot_on_at_a_table_that_does_not_play_it_is_refused():
    harness = make_harness(PlainDealer(script=[HANDS] * 5))
    table, token = harness.create_table("Anna", dice_per_player=3)
    anna = harness.connect(table, token)
    ben, _ = harness.join(table, "Ben")
    anna.emit("start", {}, callback=True)
    anna.emit("bid", {"quantity": 1, "face": 2}, callback=True)
    refused = ben.emit("spot_on", {}, callback=True)
    assert (refused["ok"], refused["code"]) == (False, "spot_on/off")
    assert last_state(ben)["game"]["phase"] == "bidding"


def test_the_host_sets_the_rules_between_games_and_everyone_hears_the_change():
    harness = make_harness(PlainDealer())
    table, token = harness.create_table("Anna", dice_per_player=1, turn_timer_s=0)
    anna = harness.connect(table, token)
    ben, _ = harness.join(table, "Ben")
    watcher = harness.connect(table)
    refused = ben.emit("set_rules", {"preset": "perudo"}, callback=True)
    assert (refused["ok"], refused["code"]) == (False, "host/only")
    assert anna.emit("set_rules", {"preset": "kul_tiras", "rules": {"duel_dice": True}}, callback=True) == {"ok": True}
    rules = Settings.from_preset("kul_tiras", {"duel_dice": True}).to_dict()
    for client in (anna, ben, watcher):
        got = inbox(client)
        assert got["state"][-1]["table"]["rules"] == rules
        assert got["rules_changed"] == [{"rules": rules, "by": 0}]
    assert anna.emit("set_rules", {"rules": {"dice_per_player": 3}}, callback=True) == {"ok": True}
    got = inbox(ben)
    assert got["state"][-1]["table"]["rules"] == {**rules, "dice_per_player": 3}
    assert got["rules_changed"] == [{"rules": {**rules, "dice_per_player": 3}, "by": 0}]


@pytest.mark.parametrize("payload, code", [
    ({"preset": "vegas"}, "settings/preset"),
    ({"rules": {"dice": 5}}, "settings/unknown"),
    ({"rules": {"duel_dice": True}}, "settings/conflict"),
    ({"rules": {"dice_per_player": 11}}, "settings/out_of_range"),
    ({"rules": [1]}, "payload/malformed"),
    ({"rules": {}, "extra": 1}, "payload/malformed"),
    ({"rules": {"max_players": 2}}, "settings/seats_taken"),
])
def test_a_bad_set_rules_is_refused_to_its_sender_and_changes_nothing(payload, code):
    harness = make_harness(PlainDealer())
    table, token = harness.create_table("Anna")
    anna = harness.connect(table, token)
    ben, _ = harness.join(table, "Ben")
    harness.join(table, "Cleo")
    before = last_state(anna)["table"]["rules"]
    inbox(ben)
    refused = anna.emit("set_rules", payload, callback=True)
    assert (refused["ok"], refused["code"]) == (False, code)
    assert [e["code"] for e in inbox(anna)["error"]] == [code] and inbox(ben) == {"state": [], "error": [],
                                                                                  "rules_changed": []}
    assert anna.emit("sync", {}, callback=True)["ok"] and last_state(anna)["table"]["rules"] == before


def test_set_rules_is_refused_while_a_game_runs():
    harness = make_harness(PlainDealer())
    table, token = harness.create_table("Anna")
    anna = harness.connect(table, token)
    harness.join(table, "Ben")
    anna.emit("start", {}, callback=True)
    refused = anna.emit("set_rules", {"preset": "perudo"}, callback=True)
    assert (refused["ok"], refused["code"]) == (False, "game/running")


def test_the_referee_sets_the_rules_of_a_refereed_table_and_the_players_hear_it():
    night = evening(players=2, start=False)
    assert night.ref("set_rules", {"preset": "perudo"}) == {"ok": True}
    rules = Settings.from_preset("perudo").to_dict()
    assert inbox(night.referee)["rules_changed"] == [{"rules": rules, "by": "referee"}]
    assert inbox(night.players[1])["rules_changed"] == [{"rules": rules, "by": "referee"}]
    assert night.referee_state()["table"]["rules"] == rules
    refused = night.say(0, "set_rules", {"preset": "tavern"})
    assert (refused["ok"], refused["code"]) == (False, "host/only")
    assert night.ref("referee_start")["ok"]
    refused = night.ref("set_rules", {"preset": "tavern"})
    assert (refused["ok"], refused["code"]) == (False, "game/running")
    assert night.verify().ok
