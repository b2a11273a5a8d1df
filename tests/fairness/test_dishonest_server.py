"""The threat model (docs/fairness.md section 10), one test per item: a dishonest server that
holds the key and every secret, writes a log whose hash chain and signatures all hold, and
tries what the section says it might. Each test shows the verifier fails it, or that the audit
states it plainly. The same exports go through the browser's verifier in test_js.py."""
import pytest

from referee.fairness.dealer import DealError, deal
from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.fairness.keys import verify_signature
from referee.fairness.encoding import DEAL_DOMAIN, statement, without_signature
from referee.fairness.purposes import ATTEMPT_CHECK, ROLL_OFF
from referee.fairness.verify_inputs import MISSING_WORDS
from referee.gm.settings import GmSettings
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table import desk
from referee.table.fair_dealer import FairDealer

from . import dishonest, dishonest_checks, dishonest_draws
from .dishonest import PEOPLE, ROLL, SIGNER, Server
from .logbook import entries_of


def failures(export):
    report = verify_export(export)
    assert not report.ok
    return [str(check) for check in report.failures]


def test_an_honest_game_with_people_and_a_bot_verifies():
    server = Server()
    server.honest_round()
    server.honest_round()
    report = verify_export(server.export())
    assert report.ok, [str(c) for c in report.failures]


def test_a_seed_invented_for_a_bot_and_retried_until_the_bot_holds_sixes_is_caught():
    export = dishonest.grind_bot_seed()
    bot_hand = entries_of(export, kinds.ROUND_REVEALED)[0]["public"]["hands"]["2"]
    assert bot_hand.count(6) >= 3  # the grinding worked: the server chose the bot's dice
    assert failures(export) == [
        "game 1 round 1: the deal uses a seed for seat 2, which may give none (people: [0, 1]): a seed the server chose"]


def test_the_honest_dealer_refuses_a_bots_seed():
    server = Server()
    bot = {"round": 1, "seat": 2, "seed": "42" * 32}
    with pytest.raises(DealError, match="a seed from seat 2, which gives no seeds in game 1"):
        deal(SIGNER, server.opening.secret, server.opening.manifest, 1, server.counts, [bot], {0: "late", 1: "late"})


def test_a_seed_logged_for_a_bot_is_caught():
    assert "game 1 round 1: seq 4: a seed is logged for seat 2, which may give none (people: [0, 1])" in failures(
        dishonest.seed_logged_for_a_bot())


def test_a_persons_seed_replayed_from_another_round_is_caught():
    assert failures(dishonest.seed_for_another_round()) == [
        "game 1 round 2: the deal uses another seed for seat 0 than the one it contributed at seq 6"]


def test_a_seed_logged_for_a_round_that_is_not_waiting_is_caught():
    assert failures(dishonest.seed_logged_out_of_its_window()) == [
        "game 1 round 3: seq 2: a seed of seat 0 for round 3 is logged while round 1 is waiting for seeds"]


def test_a_persons_seed_replaced_by_the_servers_is_caught():
    assert failures(dishonest.person_seed_replaced()) == [
        "game 1 round 1: the deal uses another seed for seat 0 than the one it contributed at seq 2"]


def test_a_logged_seed_left_out_of_the_deal_is_caught_even_when_called_late():
    assert failures(dishonest.person_seed_dropped()) == [
        "game 1 round 1: the seed seat 0 contributed at seq 2 is not in the deal"]


def test_a_missing_seed_the_deal_does_not_explain_is_caught():
    assert failures(dishonest.person_seed_unexplained()) == [
        "game 1 round 1: the deal lacks the seeds of seats [0] but names [] as missing"]


def test_a_seed_withheld_as_late_passes_but_the_audit_says_so_plainly():
    report = verify_export(dishonest.person_seed_withheld_as_late())
    assert report.ok
    assert f"game 1 round 1: note: no seed from seat 0 (late): {MISSING_WORDS['late']}" in [str(c) for c in report.checks]


def test_a_draw_with_a_free_text_purpose_is_caught():
    assert failures(dishonest.draw_with_free_purpose()) == [
        'game 1 draw 1: the purpose is not from the enumeration: a draw purpose is exactly {kind, ref, counter}, '
        'got "attempt 1 check "',
        "game 1 draw 1: seq 9: attempt_checked of attempt 1 uses draw 1 (a purpose outside the enumeration), "
        "which is not its attempt_check draw"]


def test_a_retried_draw_is_caught_by_the_verifier_and_refused_by_the_table():
    assert failures(dishonest.draw_retried()) == [
        "game 1 draw 2: attempt_check of attempt 1 is drawn again (first as draw 1): a retried draw"]
    table = Tables(EventLog(":memory:"), FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create({})
    desk.name_referee(table, "GM", "rd", GmSettings(cheating=True))
    table.join("Anna", "d0"), table.join("Ben", "d1")
    table.start_game()
    attempt = desk.submit_attempt(table, 0, {"kind": "telekinesis", "die": 0, "value": 6, "target": None,
                                              "description": "…"})
    desk.judge(table, attempt, 200, 0)
    with pytest.raises(TableError, match="a second draw is a retry") as refused:
        with table.changing():
            table.draw(ATTEMPT_CHECK, attempt, [("d20", 20)])
    assert refused.value.code == "draw/repeated" and len(table.current.fairness.draws) == 1


def test_a_draw_with_an_extra_input_the_server_picks_is_caught():
    assert failures(dishonest.draw_with_extra_input()) == [
        "game 1 draw 1: the request has inputs other than purpose and items: ['seeds']"]


def test_a_draw_serving_no_logged_attempt_is_caught():
    assert failures(dishonest.draw_for_no_attempt()) == [
        "game 1 draw 1: attempt_check of attempt 5 serves an attempt that was never submitted in game 1"]


def test_a_random_die_picked_among_the_wrong_number_of_dice_is_caught():
    assert failures(dishonest.target_die_among_wrong_count()) == [
        "game 1 draw 2: attempt_target_die of attempt 1 picks among 3 dice, seat 2 holds 4 this round"]


def test_a_round_dealt_a_second_time_is_caught():
    assert failures(dishonest.round_dealt_again()) == ["game 1 round 1: seq 5: the round is dealt a second time"]


def test_swapped_hands_are_caught():
    assert "game 1 round 1: the revealed hands of seats 0 and 2 are swapped" in failures(dishonest.hands_swapped())


def test_a_die_changed_without_a_logged_approved_change_is_caught():
    found = failures(dishonest.die_changed_unlogged())
    assert len(found) == 1 and "die 1 of seat 2 is revealed as" in found[0] and "no approved change touches it" in found[0]


def test_a_round_the_server_refuses_to_reveal_is_listed_as_not_revealed():
    server = Server()
    server.honest_round()
    server.deal(seeds=[server.seed(seat) for seat in PEOPLE])
    report = verify_export(server.export())
    assert report.ok and "game 1 round 2: committed, not revealed yet" in [str(c) for c in report.checks]


def test_the_server_sees_every_die_from_the_deal_on_and_the_export_shows_it_holds_them():
    server = Server()
    server.deal(seeds=[server.seed(seat) for seat in PEOPLE])
    log_deal = entries_of({"entries": server.log.entries}, kinds.ROUND_DEALT)[0]
    assert log_deal["secret"]["hands"] == {str(s): d for s, d in server.last.hands.items()}  # the server knows them
    exported = entries_of(server.export(), kinds.ROUND_DEALT)[0]
    assert exported["secret"] is None and exported["secret_digest"] == log_deal["secret_digest"]


def test_a_seed_forged_for_an_absent_person_cannot_be_caught_by_the_verifier_only_by_that_person():
    server = Server()
    forged = {"round": 1, "seat": 1, "seed": "99" * 32}  # seat 1 was not there to send it
    server.log.append(kinds.SEED_CONTRIBUTED, forged)
    server.deal(seeds=[server.seed(0), forged])
    server.reveal()
    export = server.export()
    assert verify_export(export).ok
    assert entries_of(export, kinds.ROUND_DEALT)[0]["public"]["seeds"]["1"] == forged["seed"]


def test_a_history_rewritten_under_the_same_key_verifies_alone_but_contradicts_what_a_player_kept():
    honest, rewritten = Server(seed=7), Server(seed=7)  # the same secrets: one server, two stories
    kept = honest.honest_round().public  # the signed commitment the player's browser received
    rewritten.deal(seeds=[rewritten.seed(seat) for seat in PEOPLE[::-1]])
    rewritten.reveal()
    export = rewritten.export()
    assert verify_export(export).ok  # alone, the rewritten log holds together
    shown = entries_of(export, kinds.ROUND_DEALT)[0]["public"]
    assert shown["root"] != kept["root"]
    assert verify_signature(export["server_key"], statement(DEAL_DOMAIN, without_signature(kept)), kept["signature"])



def test_a_roll_off_and_its_tie_re_rolls_before_the_first_deal_verify():
    server = Server()
    server.draw(kind=ROLL_OFF, ref=1, counter=1, items=[*ROLL, ("seat 2", 6), ("seat 2", 6)])
    server.draw(kind=ROLL_OFF, ref=1, counter=2, items=ROLL)
    server.honest_round()
    report = verify_export(server.export())
    assert report.ok, [str(c) for c in report.failures]
    assert "game 1 draw 2" in {c.step for c in report.checks}


def test_a_roll_off_that_skips_a_roll_or_comes_after_the_first_deal_is_caught():
    assert failures(dishonest.roll_off_skipped_and_late()) == [
        "game 1 draw 2: roll_off of game 1 (roll 3) skips roll 2",
        "game 1 draw 3: roll_off of game 1 (roll 4) is not a roll-off before the first deal of game 1",
    ]


@pytest.mark.parametrize("name", list(dishonest_draws.MATRIX))
def test_the_draw_matrix_every_kind_ground_skipped_reordered_misplaced_or_unseeded_is_caught(name):
    """docs/fairness.md section 10, the draw matrix: each case fails exactly as listed (test_js: the browser too)."""
    scenario, expected = dishonest_draws.MATRIX[name]
    assert failures(scenario()) == expected


@pytest.mark.parametrize("name", ["poker_roll_ground", "poker_reroll_ground", "roll_off_throw_ground"])
def test_a_ground_draw_really_shows_the_servers_choice_and_is_still_caught(name):
    export = dishonest_draws.MATRIX[name][0]()
    values = [r["value"] for r in entries_of(export, kinds.DRAW_REVEALED)[-1]["public"]["results"]]
    assert values.count(6) >= 3  # the grinding worked: without the seeds check the server would choose the cup
    assert any("than the one it contributed" in message for message in failures(export))


@pytest.mark.parametrize("name", list(dishonest_checks.LOUD))
def test_a_check_rolled_without_the_attempters_seed_verifies_and_says_so_loudly(name):
    """The attempter was not connected, or the log predates sealed check seeds: OK, with the loud note."""
    scenario, note = dishonest_checks.LOUD[name]
    report = verify_export(scenario())
    assert report.ok, [str(check) for check in report.failures]
    assert note in [str(check) for check in report.checks]


def test_a_ground_check_roll_really_shows_a_seed_of_the_servers_and_is_still_caught():
    export = dishonest_checks.check_roll_ground()
    committed = entries_of(export, kinds.DRAW_COMMITTED)[-1]["public"]
    inputs = entries_of(export, kinds.DRAW_REVEALED)[-1]["public"]["inputs"]
    assert committed["seeds"] == {} and committed["seeds_missing"] == {}  # nothing public names the attempter
    assert inputs["seeds"] == {"0": f"{7:064x}"}  # the server's own seed went in, sealed
    assert failures(export) == dishonest_checks.CHECKS["check_roll_ground"][1]


@pytest.mark.parametrize("scenario, note", [
    (dishonest_draws.roll_off_throw_nobody_connected, dishonest_draws.THROW_ALONE),
    (dishonest.round_dealt_with_nobody_connected, dishonest.DEAL_ALONE)])
def test_a_throw_or_a_round_made_while_nobody_was_connected_verifies_and_says_so_loudly(scenario, note):
    report = verify_export(scenario())
    assert report.ok, [str(check) for check in report.failures]
    assert note in [str(check) for check in report.checks]


def test_a_cup_rolled_while_nobody_was_connected_verifies_and_says_so_loudly():
    report = verify_export(dishonest_draws.poker_roll_nobody_connected())
    assert report.ok
    assert dishonest_draws.ALONE in [str(check) for check in report.checks]
