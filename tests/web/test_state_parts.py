"""One change, one public part (docs/protocol.md, "public and seat"): what each connection receives.

A public part goes to everyone at the table; a seat part only to the connections of its own seat,
only when that seat's own part changed, and just before the public part of the same change; a
spectator never gets one; a client that missed a seat part asks ``sync`` and is whole again.
"""
from __future__ import annotations

import random

import pytest

from referee.config import Limits
from referee.fairness.keys import Signer
from referee.games.poker_bluff.rules import PokerSettings, Roll as PokerRoll, apply as poker_apply, new_game as poker_new
from referee.state_parts import StateFeed, merge, split
from referee.table.fair_dealer import FairDealer
from referee.games.registry import family_named
from referee.games.poker_bluff.views import poker_table_games
from tests.support.app import make_harness, states_of
from tests.support.dealers import PlainDealer
from tests.web.test_leaks import RULES, actor_of, random_action

UNLIMITED = Limits(tables_burst=0, events_burst=0)
HANDS = {0: [1, 2, 3], 1: [6, 6, 5], 2: [2, 2, 4]}


def trio(dealer=None, **rules):
    """Three players and a spectator at a table of three dice; game 1 started, queues drained."""
    harness = make_harness(dealer or PlainDealer(script=[HANDS] * 20), limits=UNLIMITED)
    table_id, token = harness.create_table("Anna", dice_per_player=3, turn_timer_s=0, **rules)
    clients = {0: harness.connect(table_id, token)}
    for seat in (1, 2):
        clients[seat], _ = harness.join(table_id, f"P{seat}")
    clients[None] = harness.connect(table_id)
    assert clients[0].emit("start", {}, callback=True)["ok"]
    return harness, table_id, clients


def test_a_bid_sends_one_public_part_and_no_seat_part():
    _, _, clients = trio()
    received = {seat: client.get_received() for seat, client in clients.items()}
    assert all("public" in [m["name"] for m in got] for got in received.values())
    assert clients[0].emit("bid", {"quantity": 2, "face": 3}, callback=True)["ok"]
    for seat, client in clients.items():
        names = [m["name"] for m in client.get_received()]
        assert names == ["public"], (seat, names)


def test_a_deal_sends_each_seat_its_own_part_before_the_public_part_and_the_spectator_none():
    harness, table_id, clients = trio()
    for seat, client in clients.items():
        got = client.get_received()
        names = [m["name"] for m in got]
        if seat is None:
            assert "seat" not in names
            continue
        parts = [m["args"][0] for m in got if m["name"] == "seat"]
        assert parts and all(part["you"]["seat"] == seat for part in parts)
        at = next(i for i, m in enumerate(got) if m["name"] == "seat" and m["args"][0].get("game", {}).get("dice"))
        dealt = got[at]["args"][0]
        assert dealt["game"]["dice"] == HANDS[seat]
        following = got[at + 1]  # the public part of the same change comes right after it
        assert following["name"] == "public" and following["args"][0]["version"] == dealt["version"]
        assert following["args"][0]["seat_parts"][str(seat)] == dealt["version"]
        assert states_of(clients[seat], got)[-1]["game"]["dice"] == HANDS[seat]


@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_part_reaches_another_seat_or_a_spectator_in_random_play(seed):
    rng = random.Random(seed)
    rules = {key: value for key, value in RULES["anyone"].items() if key != "dice_per_player"}
    harness, table_id, clients = trio(FairDealer(Signer.from_private_bytes(bytes(range(32)))), **rules)
    newest = {}
    for _ in range(120):
        for seat, client in clients.items():
            got = client.get_received()
            for message in got:
                if message["name"] == "seat":
                    part = message["args"][0]
                    assert seat is not None, "a spectator received a seat part"
                    assert part["you"]["seat"] == seat
                    assert part.get("private", {"seat": seat})["seat"] == seat
                if message["name"] == "public":
                    assert "private" not in message["args"][0] and "you" not in message["args"][0]
            states = states_of(client, got)
            newest[seat] = states[-1] if states else newest[seat]
        actor = actor_of(rng, newest[0], [0, 1, 2])
        event, payload = random_action(rng, newest[actor])
        assert clients[actor].emit(event, payload, callback=True)["ok"]


def test_a_client_that_missed_a_seat_part_asks_sync_and_is_whole_again():
    harness, table_id, clients = trio()
    ben, feed = clients[1], StateFeed()
    for message in ben.get_received():
        feed.take(message["name"], message["args"][0])
    assert clients[0].emit("bid", {"quantity": 2, "face": 3}, callback=True)["ok"]
    assert ben.emit("liar", {}, callback=True)["ok"]
    assert ben.emit("next_round", {}, callback=True)["ok"]
    received = ben.get_received()
    assert [m["name"] for m in received].count("seat") == 2  # the reveal's (no dice) and the next deal's
    asked = [feed.take(m["name"], m["args"][0])[1] for m in received if m["name"] != "seat"]  # both lost
    assert asked.count(True) == 1 and asked[-1] is True  # asked once, at the second public part it could not use
    assert len(feed.state["game"]["bids"]) == 1  # it stays at the newest state it could trust: the bid
    assert ben.emit("sync", {}, callback=True)["ok"]
    [(state, sync)] = [feed.take(m["name"], m["args"][0]) for m in ben.get_received()]
    table = harness.app.extensions["tavern"].tables.get(table_id)
    assert not sync and state["game"]["round"] == 2 and state["game"]["dice"] == list(table.current.game.hand_of(1))


def test_versions_never_go_back_on_a_connection():
    _, _, clients = trio()
    for seat, quantity in ((0, 2), (1, 3), (2, 4)):
        assert clients[seat].emit("bid", {"quantity": quantity, "face": 3}, callback=True)["ok"]
    for seat, client in clients.items():
        versions = [m["args"][0]["version"] for m in client.get_received() if m["name"] in ("state", "seat", "public")]
        assert len(versions) > 3 and versions == sorted(versions), seat


def test_a_poker_dice_game_split_and_merged_is_every_seats_own_view():
    state = poker_apply(poker_new(PokerSettings(), (0, 1), 0), PokerRoll((2, 2, 5, 5, 1))).state
    views = poker_table_games(state, [0, 1, None], game_no=1, moves=0)
    public, parts = split({seat: {"version": 1, "you": {"seat": seat}, "game": game} for seat, game in views.items()},
                          family_named("poker_bluff").views.flags)
    assert parts[0]["game"]["cup"] == [2, 2, 5, 5, 1] and "cup" not in parts[1].get("game", {})
    assert public["game"]["cup"] == []
    for seat in (0, 1):
        assert merge({**public, "seat_parts": {}}, parts[seat])["game"] == views[seat]


def test_a_public_part_built_before_a_spectator_took_a_seat_is_built_again_with_that_seat():
    """The trailing spectators' update read the seats online while a spectator was still one, and sends
    after it took a seat (docs/protocol.md: a seat's public parts always name its seat part)."""
    harness = make_harness(PlainDealer(script=[HANDS] * 20), limits=UNLIMITED)
    table_id, token = harness.create_table("Anna", dice_per_player=3, turn_timer_s=0)
    harness.connect(table_id, token)
    watcher = harness.connect(table_id)
    ack = watcher.emit("join", {"name": "Ben"}, callback=True)
    assert ack["ok"]
    services = harness.app.extensions["tavern"]
    table = services.tables.get(table_id)
    watcher.get_received()
    services.broadcaster._deliver(table, [0])  # the seats it read before Ben sat down
    publics = [m["args"][0] for m in watcher.get_received() if m["name"] == "public"]
    assert publics and all(str(ack["seat"]) in public["seat_parts"] for public in publics), publics
