"""Stakes at any table (RULES.md C4): at a table without a referee the players set their own stakes
(`stake`, shown to everyone, logged as `stake_set` with `by: player`), only between games; the winner
takes the pot (`game_settled`), and the scoreboard counts it."""
from __future__ import annotations

from tests.support.app import last_state, make_harness
from tests.support.dealers import PlainDealer

HANDS = {0: [2], 1: [5]}
"""One die each: Anna bids one five, Ben calls Liar, the five is there, Ben loses his only die."""


def duel():
    harness = make_harness(PlainDealer(script=[HANDS] * 5))
    table_id, token = harness.create_table("Anna", dice_per_player=1, turn_timer_s=0)
    anna = harness.connect(table_id, token)
    ben, _ = harness.join(table_id, "Ben")
    return harness, table_id, anna, ben


def test_players_stake_their_own_seat_everyone_sees_it_and_the_winner_takes_the_pot():
    harness, table_id, anna, ben = duel()
    assert anna.emit("stake", {"text": "2 gold"}, callback=True) == {"ok": True}
    assert ben.emit("stake", {"text": "1 gold"}, callback=True) == {"ok": True}
    watcher = harness.connect(table_id)
    gm = last_state(watcher)["gm"]
    assert [(s["seat"], s["text"]) for s in gm["stakes"]] == [(0, "2 gold"), (1, "1 gold")]
    assert gm["pot"] == {"amounts": {"gold": "3"}, "items": []}
    table = harness.app.extensions["tavern"].tables.get(table_id)
    entries = [e for e in table._events.entries(table_id) if e.kind == "stake_set"]
    assert [(e.public["seat"], e.public["text"], e.public["by"]) for e in entries] == [(0, "2 gold", "player"),
                                                                                       (1, "1 gold", "player")]
    assert anna.emit("start", {}, callback=True)["ok"]
    locked = ben.emit("stake", {"text": "5 gold"}, callback=True)
    assert (locked["ok"], locked["code"]) == (False, "stakes/locked")
    assert anna.emit("bid", {"quantity": 1, "face": 5}, callback=True)["ok"]
    assert ben.emit("liar", {}, callback=True)["ok"]
    settled = [e.public for e in table._events.entries(table_id) if e.kind == "game_settled"]
    assert len(settled) == 1 and settled[0]["winner"] == 0 and settled[0]["pot"] == {"amounts": {"gold": "3"}, "items": []}
    board = harness.app.test_client().get(f"/t/{table_id}/scoreboard.json").get_json()
    anna_line = next(line for line in board["standings"] if line["name"] == "Anna")
    assert anna_line["wins"] == 1 and anna_line["pot_won"]["amounts"] == {"gold": "3"}


def test_a_stake_is_cleared_with_an_empty_text_and_bad_ones_are_refused_changing_nothing():
    harness, table_id, anna, ben = duel()
    assert anna.emit("stake", {"text": "a song"}, callback=True)["ok"]
    table = harness.app.extensions["tavern"].tables.get(table_id)
    version = table.version
    for client, payload, code in [(anna, {"text": "x" * 61}, "text/too_long"), (anna, {"text": 5}, "payload/malformed"),
                                  (anna, {"text": "   "}, "text/empty"),
                                  (ben, {"seat": 1, "text": "1 gold"}, "payload/malformed"), (ben, {}, "payload/malformed")]:
        answer = client.emit("stake", payload, callback=True)  # the chat budget: five at once per connection
        assert (answer["ok"], answer["code"]) == (False, code), payload
    watcher = harness.connect(table_id)
    answer = watcher.emit("stake", {"text": "1 gold"}, callback=True)
    assert (answer["ok"], answer["code"]) == (False, "seat/none")
    assert table.version == version
    assert anna.emit("stake", {"text": ""}, callback=True)["ok"]
    anna.emit("sync", {}, callback=True)
    assert last_state(anna)["gm"]["stakes"] == []
