"""The referee's desk at a poker-dice table: the evening it starts and watches, its next rounds,
bots, stakes and the pot the champion takes, the scoreboard, pause, chat and private threads,
the refusals of cheating, and the cup that only the referee's view carries."""
from __future__ import annotations

from referee.games.poker_bluff.rules import Phase
from referee.state_parts import FEED_EVENTS
from referee.table.fair_dealer import FairDealer
from tests.support.app import make_harness

from .poker_support import play_game, play_round, poker_night
from .support import SIGNER


def test_the_desk_runs_an_evening_whose_champion_takes_every_entrants_stake():
    night = poker_night(players=3, tokens=1)
    for seat, text in ((0, "1 gold"), (1, "2 gold"), (2, "a song")):
        assert night.ref("referee_stake", {"seat": seat, "text": text})["ok"]
    assert night.ref("referee_start")["ok"]
    view = night.referee_state()
    order = view["evening"]["entrants"]  # in the bracket order the evening's draw gave
    assert sorted(order) == [0, 1, 2] and view["evening"]["champion"] is None
    assert view["evening"]["pot"] == {"amounts": {"gold": "3"}, "items": ["a song"]}
    assert sorted(view["game"]["seats"]) == sorted(order[:2]) and view["game"]["referee_cup"] == list(night.table.game.cup)
    play_game(night)
    assert night.ref("referee_stake", {"seat": 2, "text": "9 gold"})["code"] == "stakes/locked"
    assert night.table.current.series_running
    assert night.ref("referee_start")["ok"]
    play_game(night)
    evening = night.table.current.family_state.evening
    assert evening.ended and evening.champion == night.table.game.winner
    scores = night.table.current.gm.scores
    assert [score.game for score in scores] == [2, 3]  # game 1 drew the bracket
    assert scores[0].pot == {"amounts": {}, "items": []}
    assert scores[1].winner == evening.champion and scores[1].pot == {"amounts": {"gold": "3"}, "items": ["a song"]}
    board = night.harness.app.test_client().get(f"/t/{night.table_id}/scoreboard.json").get_json()
    champion = night.table.current.seats[evening.champion].name
    lines = {line["name"]: line for line in board["standings"]}
    assert lines[champion]["pot_won"] == {"amounts": {"gold": "3"}, "items": ["a song"]}
    assert sum(line["wins"] for line in lines.values()) == 2 and sum(line["games"] for line in lines.values()) == 4
    assert night.referee_state()["gm"]["scoreboard"] == board["standings"]
    assert night.ref("referee_stake", {"seat": 2, "text": "9 gold"})["ok"]  # the evening is over
    report = night.verify()
    assert report.ok, [str(check) for check in report.failures]


def test_the_referee_starts_the_next_round_and_pauses_the_game():
    night = poker_night(tokens=2)
    assert night.ref("referee_start")["ok"]
    play_round(night)
    view = night.referee_state()
    assert view["game"]["phase"] == "revealed" and len(view["game"]["result"]["cup"]) == 5
    assert night.ref("referee_next_round")["ok"]
    game = night.table.game
    assert game.phase is Phase.DECLARING and game.round_no == 2
    assert night.referee_state()["game"]["referee_cup"] == list(game.cup)
    assert night.ref("referee_pause")["ok"]
    holder = game.holder
    ack = night.say(holder, "declare", {"declaration": {"kind": "pair", "faces": [2, 5]}})
    assert ack["code"] == "game/paused"
    assert night.ref("referee_resume")["ok"]
    assert night.say(holder, "declare", {"declaration": {"kind": "pair", "faces": [2, 5]}})["ok"]


def test_bots_seated_from_the_desk_play_the_evening_to_its_champion():
    night = poker_night(players=0, tokens=1)
    assert [night.ref("referee_add_bot", {"level": level})["seat"] for level in ("easy", "medium")] == [0, 1]
    assert night.ref("referee_start")["ok"]
    assert night.ref("referee_remove_seat", {"seat": 0})["code"] == "game/running"
    table = night.table
    for _ in range(2000):
        if table.current.family_state.evening.ended:
            break
        if table.game.phase is Phase.REVEALED:
            assert night.ref("referee_next_round")["ok"]
        else:
            night.harness.clock.advance(1.0)
    assert table.current.family_state.evening.ended and table.current.family_state.evening.champion in (0, 1)
    assert night.referee_state()["evening"]["champion"] == table.current.family_state.evening.champion
    assert night.ref("referee_remove_seat", {"seat": 0})["ok"] and sorted(table.current.seats) == [1]


def test_chat_and_private_threads_work_at_a_poker_table():
    night = poker_night(tokens=1)
    assert night.ref("referee_start")["ok"]
    assert night.ref("referee_chat", {"text": "Ставки сделаны"})["ok"]
    assert night.say(1, "message", {"text": "Мастер, у меня вопрос"})["ok"]
    assert night.ref("referee_message", {"seat": 1, "text": "Слушаю"})["ok"]
    assert night.ref("referee_whisper_name", {"seat": 0, "name": "Торвальд"})["ok"]
    view = night.referee_state()
    assert [line["text"] for line in view["gm"]["messages"]["1"]] == ["Мастер, у меня вопрос", "Слушаю"]
    holder = night.table.game.holder
    relay = {entry["seat"]: entry for entry in view["gm"]["whispers"]}
    assert relay[holder]["lines"] and not relay[1 - holder]["lines"]
    other = night.player_state(0)
    assert [line["text"] for line in other["gm"]["chat"]] == ["Ставки сделаны"] and other["gm"]["messages"] == []


def test_cheating_is_refused_at_a_poker_table_and_changes_nothing():
    harness = make_harness(FairDealer(SIGNER))
    reply = harness.app.test_client().post("/api/tables", json={
        "referee": {"name": "Мастер"}, "game": "poker_bluff", "rules": {}, "gm": {"cheating": True}})
    assert reply.status_code == 400 and reply.get_json()["code"] == "cheat/not_in_this_game"
    assert harness.app.extensions["tavern"].tables.load_all() == []
    night = poker_night(tokens=2)
    assert night.ref("referee_start")["ok"]
    table = night.table
    before, entries = table.version, len(table._events.entries(table.id))
    tries = [
        night.say(0, "cheat", {"kind": "loaded_die", "description": "Кость с секретом"}),
        night.say(1, "cheat", {"kind": "telekinesis", "die": 0, "value": 6, "description": "Взглядом"}),
        night.ref("referee_change_die", {"seat": 0, "die": 0, "value": 6}),
        night.ref("referee_judge", {"attempt": 1, "difficulty": 1}),
        night.ref("referee_failure", {"attempt": 1, "consequence": "announce"}),
        night.ref("referee_dismiss", {"attempt": 1}),
    ]
    assert [ack["code"] for ack in tries] == ["attempt/not_in_this_game"] * len(tries)
    assert table.version == before and len(table._events.entries(table.id)) == entries
    assert night.referee_state()["gm"]["attempts"] == []
    play_round(night)  # the table goes on serving
    assert table.game.phase is Phase.REVEALED


def test_only_the_referees_view_carries_the_cup_and_a_blind_referee_sees_it_only_when_shown():
    night = poker_night(players=2, tokens=2)
    spectator = night.harness.connect(night.table_id)
    assert night.ref("referee_start")["ok"]
    play_game(night)
    assert night.ref("referee_start")["ok"] and night.table.current.family_state.evening.number == 2  # the next evening
    received = [(client, message) for client in (*night.players.values(), spectator)
                for message in client.get_received() if message["name"] in FEED_EVENTS]
    assert len(received) > 6
    assert all("referee_cup" not in str(message["args"]) for _, message in received)
    blind = poker_night(players=2, gm={"blind": True}, tokens=2)
    assert blind.ref("referee_start")["ok"]
    view = blind.referee_state()
    assert "referee_cup" not in view["game"] and view["game"]["cup"] == []
    assert all(not entry["lines"] for entry in view["gm"]["whispers"])
    play_round(blind)
    assert len(blind.referee_state()["game"]["result"]["cup"]) == 5
