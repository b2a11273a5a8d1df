"""A referee's check roll waits for the attempter's seed, sent after the judgement was logged, sealed: nobody
else (other players, spectators, the public audit) learns who attempted, the seed, or that a seed is due.

The tables here wait for seeds (``seed_wait_s`` 5 on the manual clock); the test clients send seeds only when told.
"""
from __future__ import annotations

import json
from typing import Any

from referee.gm.settings import GmSettings
from referee.games.liars_dice.rules import Phase
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.registry import Tables
from referee.table import desk
from referee.table.fair_dealer import FairDealer
from tests.support.app import last_state, make_harness

from .support import ALWAYS, SIGNER, Evening, create

WAIT = 5.0
SEED = "ab" * 32


def _state_of(client: Any) -> dict[str, Any]:
    """A spectator's newest state (asked for afresh)."""
    assert client.emit("sync", {}, callback=True)["ok"]
    return last_state(client)


def waiting_evening(players: int = 3) -> Evening:
    """A refereed table with cheating whose draws and deals wait ``WAIT`` seconds for seeds; round 1 is being bid."""
    harness = make_harness(FairDealer(SIGNER), seed_wait_s=WAIT)
    table_id, token, _ = create(harness, {"cheating": True}, dice_per_player=3, turn_timer_s=0)
    referee = harness.socketio.test_client(harness.app, auth={"table": table_id, "referee_token": token})
    seated, tokens = {}, {}
    for seat, name in enumerate(["Анна", "Бен", "Вера"][:players]):
        seated[seat], tokens[seat] = harness.join(table_id, name)
    night = Evening(harness, table_id, token, referee, seated, tokens)
    assert night.ref("referee_start")["ok"]
    for _ in range(20):  # the roll-off and the deal wait for the seeds these clients never send
        game = night.table.game
        if game is not None and game.phase is Phase.BIDDING:
            break
        harness.clock.advance(WAIT)
    assert night.table.game.phase is Phase.BIDDING
    return night


def attempt(night: Evening, seat: int, **request: Any) -> int:
    ack = night.say(seat, "cheat", {"description": "…", **request})
    assert ack["ok"], ack
    return ack["attempt"]


def judge(night: Evening, attempt_id: int, difficulty: int = ALWAYS) -> dict[str, Any]:
    return night.ref("referee_judge", {"attempt": attempt_id, "difficulty": difficulty, "modifier": 0})


def sealed_entries(export: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in export["entries"] if e["kind"] == "draw_seed" and "attempt" in e["public"]]


def finish(night: Evening) -> None:
    table = night.table
    while table.game.winner is None:
        game = table.game
        if game.phase is Phase.REVEALED:
            table.next_round(game.in_game[0])
            night.harness.clock.advance(WAIT)  # the next deal waits for the seeds
        elif game.phase is not Phase.BIDDING:
            night.harness.clock.advance(WAIT)
        elif game.bids:
            table.play.liar(game.turn)
        else:
            table.play.bid(game.turn, 1, 2)


def test_the_check_waits_for_the_attempters_seed_which_only_the_attempter_and_the_referee_see_asked():
    night = waiting_evening()
    table = night.table
    attempt_id = attempt(night, 0, kind="telekinesis", die=0, value=6)
    draws_before = table.current.fairness.draw_count
    assert judge(night, attempt_id) == {"ok": True, "check": None, "rolling": True}
    assert table.current.fairness.draw_count == draws_before  # nothing is drawn before the seed

    number = draws_before + 1
    mine = night.player_state(0)
    assert mine["private"]["draw_waiting"] == {"draw": number, "kind": "attempt_check", "seats": [0], "paused": False,
                                               "attempt": attempt_id}
    assert mine["draws"]["waiting"] is None
    for seat in (1, 2):
        other = night.player_state(seat)
        assert "draw_waiting" not in other.get("private", {}) and other["draws"]["waiting"] is None
        assert "attempt_check" not in json.dumps(other)
    watcher = night.harness.socketio.test_client(night.harness.app, auth={"table": night.table_id})
    assert watcher.is_connected()
    spectator = _state_of(watcher)
    assert spectator["draws"]["waiting"] is None and "attempt_check" not in json.dumps(spectator)
    referee = night.referee_state()
    assert referee["draws"]["waiting"] == {"draw": number, "kind": "attempt_check", "seats": [0], "paused": False}
    assert referee["gm"]["attempts"][0]["status"] == "judged" and referee["gm"]["attempts"][0]["check"] is None
    for probe in (number, number + 1):  # another seat probing gets the same answer as when nothing waits
        refused = night.say(1, "draw_seed", {"draw": probe, "seed": SEED})
        assert not refused["ok"] and refused["code"] == "seed/late"

    assert night.say(0, "draw_seed", {"draw": number, "seed": SEED})["ok"]
    referee = night.referee_state()
    assert referee["gm"]["attempts"][0]["status"] == "rolled" and referee["gm"]["attempts"][0]["check"]["draw"] == number
    assert night.ref("referee_apply", {"attempt": attempt_id})["ok"]  # the telekinesis waits for the referee
    assert table.game.hand_of(0)[0] == 6

    audit = night.audit()  # mid-game: nothing public names the seat or the seed
    (sealed,) = sealed_entries(audit)
    assert sealed["public"] == {"draw": number, "attempt": attempt_id} and sealed["secret"] is None
    committed = next(e for e in audit["entries"] if e["kind"] == "draw_committed" and e["public"]["draw"] == number)
    assert committed["public"]["seeds"] == {} and committed["public"]["seeds_missing"] == {}
    assert SEED not in json.dumps(audit)
    assert not any(e["kind"] == "draw_seed" and e["public"].get("seat") == 0 and e["public"]["draw"] == number
                   for e in audit["entries"])

    finish(night)
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]
    assert f"game 1 draw {number}: the sealed seed of seat 0, who attempted it, went into the draw" in \
        [str(c) for c in report.checks]
    (sealed,) = sealed_entries(night.audit())
    assert sealed["secret"] == {"seat": 0, "seed": SEED}  # revealed with the attempt, once the game is settled


def test_a_check_whose_seed_never_comes_is_rolled_by_the_server_alone_when_the_wait_ends_and_says_so():
    night = waiting_evening(players=2)
    attempt_id = attempt(night, 1, kind="loaded_die")
    assert judge(night, attempt_id)["rolling"]
    night.harness.clock.advance(WAIT)
    assert night.referee_state()["gm"]["attempts"][0]["status"] == "succeeded"
    finish(night)
    report = night.verify()
    assert report.ok, [str(c) for c in report.failures]
    assert any(str(c).endswith("note: this check roll was rolled by the server alone: no seed arrived in time")
               for c in report.checks)


def test_a_second_judgement_while_a_check_is_rolled_is_refused_and_changes_nothing():
    night = waiting_evening()
    first, second = attempt(night, 0, kind="loaded_die"), attempt(night, 1, kind="loaded_die")
    assert judge(night, first)["rolling"]
    version = night.table.version
    refused = judge(night, second)
    assert not refused["ok"] and refused["code"] == "attempt/rolling"
    assert night.table.version == version
    refused = night.ref("referee_dismiss", {"attempt": first})
    assert not refused["ok"] and refused["code"] == "attempt/rolling"


def test_a_knock_that_succeeds_waits_again_for_the_attempters_seed_for_its_target_die():
    night = waiting_evening()
    attempt_id = attempt(night, 0, kind="knock", target=1, value=1)
    assert judge(night, attempt_id)["rolling"]
    check_draw = night.player_state(0)["private"]["draw_waiting"]["draw"]
    assert night.say(0, "draw_seed", {"draw": check_draw, "seed": SEED})["ok"]
    waiting = night.player_state(0)["private"]["draw_waiting"]
    assert waiting == {"draw": check_draw + 1, "kind": "attempt_target_die", "seats": [0], "paused": False,
                       "attempt": attempt_id}
    assert "draw_waiting" not in night.player_state(1).get("private", {})
    assert night.say(0, "draw_seed", {"draw": check_draw + 1, "seed": "cd" * 32})["ok"]
    mine = night.player_state(0)["gm"]["attempts"][0]
    assert mine["status"] == "succeeded" and night.table.game.hand_of(1)[mine["effect"]["index"]] == 1
    finish(night)
    assert night.verify().ok


def test_a_check_still_waiting_when_its_round_ends_is_never_rolled_and_the_referee_dismisses_it():
    night = waiting_evening(players=2)
    table = night.table
    attempt_id = attempt(night, 0, kind="loaded_die")
    assert judge(night, attempt_id)["rolling"]
    draws = table.current.fairness.draw_count
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)  # the round ends before the seed came
    night.harness.clock.advance(WAIT)
    assert table.current.fairness.draw_count == draws  # no check was drawn: no draw serves nothing
    assert table.current.gm.attempt(attempt_id).status == "judged"
    assert night.ref("referee_dismiss", {"attempt": attempt_id})["ok"]
    assert table.current.gm.attempt(attempt_id).status == "dismissed"
    finish(night)
    assert night.verify().ok


def test_a_check_waiting_for_its_seed_waits_again_after_a_restart_and_takes_the_seed():
    clock = ManualScheduler()
    events, dealer = EventLog(":memory:", clock=clock.now), FairDealer(SIGNER)
    table = Tables(events, dealer, clock, seed_wait_s=WAIT).create({"dice_per_player": 2, "turn_timer_s": 0})
    desk.name_referee(table, "GM", "digest", GmSettings(cheating=True))
    for seat in range(2):
        table.join(f"P{seat}", f"d{seat}")
        table.set_connected(seat, True)
    table.start_game()
    while table.game.phase is not Phase.BIDDING:
        clock.advance(WAIT)
    attempt_id = desk.submit_attempt(table, 0, {"kind": "loaded_die", "die": None, "target": None, "value": None,
                                                "description": "…"})
    assert desk.judge(table, attempt_id, ALWAYS, 0) is None
    number = table.current.fairness.draw_count + 1
    table.close()

    again = Table.load(table.id, events, dealer, clock, seed_wait_s=WAIT)
    again.set_connected(0, True)
    assert again.sealed_waiting(0) == {"draw": number, "kind": "attempt_check", "seats": [0], "paused": False,
                                       "attempt": attempt_id}
    assert again.sealed_waiting(1) is None and again.draw_parts()["waiting"] is None
    again.contribute_draw_seed(0, number, SEED)
    assert again.current.gm.attempt(attempt_id).status == "succeeded"
    assert again.current.fairness.draw_count == number


def test_after_the_game_the_attempters_page_state_shows_the_seed_its_check_took_and_a_missing_one():
    """The page compares its kept seed with the draw's seeds once revealed (draw_seeds_page.js, as for a cup)."""
    night = waiting_evening(players=2)
    seeded = attempt(night, 0, kind="loaded_die")
    assert judge(night, seeded)["rolling"]
    number = night.player_state(0)["private"]["draw_waiting"]["draw"]
    before = night.player_state(1)["draws"]["recent"]
    assert night.say(0, "draw_seed", {"draw": number, "seed": SEED})["ok"]
    assert night.player_state(1)["draws"]["recent"] == before  # sealed until the game is settled
    finish(night)
    shown = [d for d in night.player_state(0)["draws"]["recent"] if d["draw"] == number]
    assert shown == [{"draw": number, "purpose": {"kind": "attempt_check", "ref": seeded, "counter": 1},
                      "seeds": {"0": SEED}, "seeds_missing": {}, "alone": False}]


def test_a_new_check_of_the_same_draw_number_gets_its_own_wait_after_one_that_was_never_rolled():
    """A check whose round ended unrolled leaves its draw number free: the next attempt's check takes it, and
    the first check's wait running out does not roll the second one before its own seed or its own wait."""
    clock = ManualScheduler()
    table = Tables(EventLog(":memory:", clock=clock.now), FairDealer(SIGNER), clock, seed_wait_s=WAIT).create(
        {"dice_per_player": 3, "turn_timer_s": 0})
    desk.name_referee(table, "GM", "digest", GmSettings(cheating=True))
    for seat in range(2):
        table.join(f"P{seat}", f"d{seat}")
        table.set_connected(seat, True)
    table.start_game()
    while table.game.phase is not Phase.BIDDING:
        clock.advance(WAIT)
    request = {"kind": "loaded_die", "die": None, "target": None, "value": None, "description": "…"}
    first = desk.submit_attempt(table, 0, request)
    assert desk.judge(table, first, ALWAYS, 0) is None
    number = table.current.fairness.draw_count + 1
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)  # round 1 ends: the first check is never rolled
    desk.dismiss(table, first)
    table.next_round(table.game.in_game[0])
    for seat in table.game.in_game:  # round 2 is dealt with both seeds at once
        table.play.contribute_seed(seat, table.game.round_no, f"{seat + 1:064x}")
    assert table.game.phase is Phase.BIDDING
    second = desk.submit_attempt(table, 0, request)
    clock.advance(WAIT - 1)
    assert desk.judge(table, second, ALWAYS, 0) is None
    assert table.sealed_waiting(0)["draw"] == number and table.sealed_waiting(0)["attempt"] == second
    clock.advance(1)  # the first check's wait ends: the second one still waits for its own seed
    assert table.current.gm.attempt(second).status == "judged"
    table.contribute_draw_seed(0, number, SEED)
    assert table.current.gm.attempt(second).status == "succeeded"
