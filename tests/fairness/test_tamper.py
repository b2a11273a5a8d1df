"""The tamper matrix: every alteration of a finished game's export is caught, each with its
own message (the altered entry's hash also breaks, which a separate test covers)."""
import pytest

from referee.fairness.dealer import die_change, reveal
from referee.fairness import kinds
from referee.fairness.verify import verify_export

from .logbook import FakeLog, entries_of, play_game, tampered

ROUND = 3


@pytest.fixture(scope="module")
def clean():
    log = FakeLog()
    play_game(log, seats=(0, 1, 2), dice=4, changes={2: [(1, 0, 6)]})
    return log.export()


def failures(export):
    report = verify_export(export)
    assert not report.ok
    return [str(check) for check in report.failures]


def revealed(export, round_no=ROUND):
    return next(e for e in entries_of(export, kinds.ROUND_REVEALED) if e["public"]["round"] == round_no)


def dealt(export, round_no=ROUND):
    return next(e for e in entries_of(export, kinds.ROUND_DEALT) if e["public"]["round"] == round_no)


def test_the_untampered_export_verifies(clean):
    assert verify_export(clean).ok


def test_changing_one_revealed_die_is_caught(clean):
    export = tampered(clean)
    hand = revealed(export)["public"]["hands"]["1"]
    committed = hand[2]
    hand[2] = committed % 6 + 1
    assert f"game 1 round 3: die 2 of seat 1 is revealed as {hand[2]} but was committed as {committed} and no approved change touches it" in failures(export)


def test_swapping_two_seats_dice_is_caught(clean):
    export = tampered(clean)
    hands = revealed(export)["public"]["hands"]
    assert hands["0"] != hands["2"]
    hands["0"], hands["2"] = hands["2"], hands["0"]
    assert "game 1 round 3: the revealed hands of seats 0 and 2 are swapped" in failures(export)


def test_dropping_a_round_is_caught(clean):
    export = tampered(clean)
    export["entries"] = [e for e in export["entries"] if e["kind"] == "bid" or e["public"].get("round") != ROUND]
    found = failures(export)
    assert "game 1 round 4: round 4 is dealt after round 2: round 3 is missing" in found
    assert any("are missing" in message and message.startswith("log: entry") for message in found)


def test_reordering_two_entries_is_caught(clean):
    export = tampered(clean)
    entries = export["entries"]
    i = entries.index(dealt(export))
    entries[i], entries[i + 1] = entries[i + 1], entries[i]
    seq = entries[i]["seq"]
    assert f"log: entry {i + 1}: seq {seq - 1} comes after seq {seq}: entries are out of order" in failures(export)


def test_changing_a_seed_is_caught(clean):
    export = tampered(clean)
    seeds = dealt(export)["public"]["seeds"]
    seeds["0"] = "00" * 32
    found = failures(export)
    assert "game 1 round 3: the seeds digest does not match the seeds" in found
    assert "game 1 round 3: the commitment signature is not valid" in found


def test_changing_a_salt_is_caught(clean):
    export = tampered(clean)
    revealed(export)["public"]["salts"]["2"][1] = "ab" * 32
    assert "game 1 round 3: the salt of die 1 of seat 2 does not match its derivation from x_3" in failures(export)


def test_changing_x_r_is_caught(clean):
    export = tampered(clean)
    revealed(export)["public"]["x"] = "cd" * 32
    assert "game 1 round 3: x_3 does not hash back to the manifest's anchor x_0" in failures(export)


def test_replacing_x_r_by_the_next_link_is_caught(clean):
    export = tampered(clean)
    revealed(export)["public"]["x"] = revealed(export, ROUND + 1)["public"]["x"]
    assert "game 1 round 3: x_3 does not hash back to the manifest's anchor x_0" in failures(export)


def test_changing_the_manifest_is_caught(clean):
    export = tampered(clean)
    entries_of(export, kinds.GAME_OPENED)[0]["public"]["rules"]["dice_per_player"] = 6
    assert "game 1: the manifest signature is not valid: the manifest was altered" in failures(export)


def test_changing_a_commitment_signature_is_caught(clean):
    export = tampered(clean)
    public = dealt(export)["public"]
    public["signature"] = ("0" if public["signature"][0] != "0" else "1") + public["signature"][1:]
    assert "game 1 round 3: the commitment signature is not valid" in failures(export)


def test_changing_a_committed_root_is_caught(clean):
    export = tampered(clean)
    dealt(export)["public"]["root"] = "ee" * 32
    found = failures(export)
    assert "game 1 round 3: the commitment signature is not valid" in found
    assert "game 1 round 3: the dice derived from x_3 and the seeds do not match the committed root" in found


def test_truncating_the_log_is_caught(clean):
    export = tampered(clean)
    last = export["entries"][-1]["seq"]
    export["entries"] = export["entries"][:-3]
    assert f"head: the log ends at seq {last - 3} but the signed head is at seq {last}: the export is truncated" in failures(export)


def test_a_forged_head_is_caught(clean):
    export = tampered(clean)
    export["entries"] = export["entries"][:-3]
    export["head"].update(seq=export["entries"][-1]["seq"], hash=export["entries"][-1]["hash"])
    assert "head: the head signature is not valid for the server key" in failures(export)


def test_altering_an_entry_breaks_its_hash(clean):
    export = tampered(clean)
    entry = revealed(export)
    entry["public"]["hands"]["0"][0] = entry["public"]["hands"]["0"][0] % 6 + 1
    assert f"log: seq {entry['seq']} (round_revealed): the hash does not match the entry's content: the entry was altered" in failures(export)


def test_altering_a_revealed_deal_secret_is_caught(clean):
    export = tampered(clean)
    entry = dealt(export)
    entry["secret"]["hands"]["0"][0] = entry["secret"]["hands"]["0"][0] % 6 + 1
    found = failures(export)
    assert f"log: seq {entry['seq']} (round_dealt): the revealed secret does not match its secret_digest" in found
    assert f"game 1 round 3: the logged deal secret (seq {entry['seq']}) differs from the dice derived from x_3" in found


def test_hiding_an_approved_change_is_caught(clean):
    export = tampered(clean)
    change = entries_of(export, kinds.DIE_CHANGED)[0]
    change["secret"] = None
    assert f"game 1 round 2: the approved die change at seq {change['seq']} is not revealed" in failures(export)


def test_changing_a_draw_result_is_caught(clean):
    export = tampered(clean)
    result = entries_of(export, kinds.DRAW_REVEALED)[0]["public"]["results"][0]
    original = result["value"]
    result["value"] = original % 6 + 1
    found = failures(export)
    assert f"game 1 draw 1: result 0 (seat 0) is revealed as {result['value']} but derives as {original}" in found
    assert "game 1 draw 1: the revealed results do not match the committed root" in found


def test_changing_a_draw_secret_is_caught(clean):
    export = tampered(clean)
    entries_of(export, kinds.DRAW_REVEALED)[0]["public"]["secret"] = "11" * 32
    assert "game 1 draw 1: the revealed secret s_1 is not the one the manifest committed to" in failures(export)


def test_changing_a_draw_request_is_caught(clean):
    export = tampered(clean)
    entries_of(export, kinds.DRAW_REVEALED)[0]["public"]["request"]["purpose"] = "something else"
    assert "game 1 draw 1: the revealed request does not match the committed request digest" in failures(export)


def test_a_malformed_entry_is_reported_not_raised(clean):
    export = tampered(clean)
    del revealed(export)["public"]["salts"]
    assert any(message.startswith("seq ") and "malformed round_revealed entry" in message for message in failures(export))


def test_an_export_of_another_format_is_refused():
    assert [str(c) for c in verify_export({"format": "x"}).failures] == ["export: unknown export format 'x' (expected 'tavern-jack-audit/1')"]


def server_log_with_a_change(logged: bool):
    """A dishonest (or honest) server: the reveal shows a changed die; the change is logged or not."""
    log = FakeLog()
    game = play_game(log, seats=(0, 1), dice=3, finish=False)
    opening, last = game["opening"], game["deals"][-1]
    value = last.hands[1][0] % 6 + 1
    change = die_change(1, last.public["round"], seat=1, index=0, value=value)
    if logged:
        log.append(kinds.DIE_CHANGED, change.public, change.secret)
    log.append(kinds.ROUND_REVEALED, reveal(opening.secret, last.secret, [change.secret]))
    return log.export(), last, value


def test_an_unlogged_die_change_is_reported_as_tampering():
    export, last, value = server_log_with_a_change(logged=False)
    number = last.public["round"]
    assert f"game 1 round {number}: die 0 of seat 1 is revealed as {value} but was committed as {last.hands[1][0]} and no approved change touches it" in failures(export)


def test_a_logged_approved_die_change_verifies():
    export, _, _ = server_log_with_a_change(logged=True)
    report = verify_export(export)
    assert report.ok, [str(c) for c in report.failures]


def test_a_reveal_that_ignores_a_logged_change_is_caught():
    log = FakeLog()
    game = play_game(log, seats=(0, 1), dice=3, finish=False)
    opening, last = game["opening"], game["deals"][-1]
    change = die_change(1, last.public["round"], seat=0, index=0, value=last.hands[0][0] % 6 + 1)  # seat 0 holds a die
    log.append(kinds.DIE_CHANGED, change.public, change.secret)
    log.append(kinds.ROUND_REVEALED, reveal(opening.secret, last.secret))
    expected = f"die 0 of seat 0 is revealed as {last.hands[0][0]} but the approved changes set it to {change.secret['value']}"
    assert f"game 1 round {last.public['round']}: {expected}" in failures(log.export())
