"""Clean exports verify; an export leaks no secret that is not revealed yet."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from referee.fairness.dealer import deal, die_change, reveal
from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.fairness.encoding import DEAL_DOMAIN, statement, without_signature

from .logbook import SIGNER, FakeLog, entries_of, play_game
from tests.support.properties import examples


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 6), st.integers(1, 5), st.booleans())
def test_random_dealt_games_verify_clean(seed, players, dice, roll_off):
    rng = random.Random(seed)
    seats = tuple(sorted(rng.sample(range(8), players)))
    humans = tuple(s for s in seats if rng.random() < 0.6)
    log = FakeLog()
    play_game(log, 1, seats, dice, rng, humans, roll_off=roll_off)
    play_game(log, 2, seats, dice, rng, humans, roll_off=not roll_off, finish=False)
    report = verify_export(log.export())
    assert report.ok, [str(c) for c in report.failures]


def test_a_game_with_logged_approved_changes_verifies_clean():
    log = FakeLog()
    play_game(log, changes={1: [(0, 0, 6), (0, 0, 2)], 3: [(2, 0, 1)]})
    report = verify_export(log.export())
    assert report.ok, [str(c) for c in report.failures]


def test_the_report_names_each_round_and_draw_it_checked():
    log = FakeLog()
    play_game(log, seats=(0, 1), dice=2)
    steps = {check.step for check in verify_export(log.export()).checks}
    assert {"export", "log", "head", "game 1", "game 1 draw 1", "game 1 round 1", "game 1 round 2"} <= steps


def test_an_unrevealed_round_is_reported_as_pending_and_its_secrets_are_not_exported():
    log = FakeLog()
    game = play_game(log, seats=(0, 1), dice=2, finish=False)
    last = game["deals"][-1]
    change = die_change(1, last.public["round"], seat=0, index=0, value=6)
    log.append(kinds.DIE_CHANGED, change.public, change.secret)
    export = log.export()
    text = json.dumps(export)
    assert all(salt not in text for salts in last.secret["salts"].values() for salt in salts)
    assert reveal(game["opening"].secret, last.secret)["x"] not in text
    assert game["opening"].secret["round_top"] not in text and game["opening"].secret["draw_master"] not in text
    assert entries_of(export, kinds.DIE_CHANGED)[-1]["secret"] is None
    assert all(e["secret"] is None for e in entries_of(export, "seat_token"))
    report = verify_export(export)
    assert report.ok
    assert f"game 1 round {last.public['round']}: committed, not revealed yet" in [str(c) for c in report.checks]


def test_revealed_rounds_export_their_deal_secret():
    log = FakeLog()
    play_game(log, seats=(0, 1), dice=2)
    assert all(entry["secret"] is not None for entry in entries_of(log.export(), kinds.ROUND_DEALT))


def test_an_export_that_starts_mid_log_says_so_and_still_verifies():
    log = FakeLog()
    play_game(log, seats=(0, 1), dice=2)
    play_game(log, 2, seats=(0, 1), dice=2)
    export = log.export()
    start = next(i for i, e in enumerate(export["entries"]) if e["kind"] == kinds.GAME_OPENED and e["public"]["game"] == 2)
    export["entries"] = export["entries"][start:]
    report = verify_export(export)
    assert report.ok
    assert f"log: the export starts at seq {start + 1}; earlier entries are not included" in [str(c) for c in report.checks]


def test_a_server_that_commits_dice_not_derived_from_the_chain_is_caught():
    log = FakeLog()
    game = play_game(log, seats=(0, 1), dice=2, finish=False)
    opening, honest = game["opening"], game["deals"][-1]
    rigged = deal(SIGNER, opening.secret, opening.manifest, honest.public["round"], {0: 1, 1: 2}, [], {0: "late", 1: "late"})
    forged = FakeLog()
    last_deal = max(i for i, e in enumerate(log.entries) if e["kind"] == kinds.ROUND_DEALT)
    for entry in log.entries[:last_deal]:
        forged.append(entry["kind"], entry["public"], entry["secret"])
    number = honest.public["round"]
    forged_public = dict(rigged.public, counts=honest.public["counts"], seeds=honest.public["seeds"],
                         seeds_missing=honest.public["seeds_missing"], seeds_digest=honest.public["seeds_digest"])
    forged_public["signature"] = SIGNER.sign(statement(DEAL_DOMAIN, without_signature(forged_public)))
    forged.append(kinds.ROUND_DEALT, forged_public, honest.secret)
    forged.append(kinds.ROUND_REVEALED, reveal(opening.secret, honest.secret))
    messages = [str(c) for c in verify_export(forged.export()).failures]
    assert f"game 1 round {number}: the dice derived from x_{number} and the seeds do not match the committed root" in messages
