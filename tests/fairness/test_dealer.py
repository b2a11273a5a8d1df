import json
import random

import pytest

from referee.fairness.dealer import DealError, deal, die_change, open_game, reveal
from referee.fairness.encoding import FairnessError
from referee.fairness.draws import draw, reveal_draw
from referee.fairness.encoding import DEAL_DOMAIN, MANIFEST_DOMAIN, statement, without_signature
from referee.fairness.keys import verify_signature
from referee.fairness.merkle import die_leaf, leaf_hash, verify_inclusion
from referee.fairness.purposes import ATTEMPT_CHECK, ATTEMPT_TARGET_DIE, ROLL_OFF, PurposeError, purpose

from .logbook import SIGNER, TABLE, rng_entropy


def opened(seats=(0, 1, 2), seed=1, people=()):
    return open_game(SIGNER, TABLE, 1, {"preset": "tavern"}, list(seats), people=people,
                     entropy=rng_entropy(random.Random(seed)))


def seeds_of(round_no, **by_seat):
    """The logged contributions {round, seat, seed} of a round: seeds_of(1, s0="11" * 32)."""
    return [{"round": round_no, "seat": int(name[1:]), "seed": seed} for name, seed in by_seat.items()]


def test_the_manifest_is_signed_and_names_table_game_seats_people_anchor_and_key():
    opening = opened(people=[2, 0])
    manifest = opening.manifest
    assert {k: manifest[k] for k in ("table", "game", "seats", "seed_seats", "key")} == {
        "table": TABLE, "game": 1, "seats": [0, 1, 2], "seed_seats": [0, 2], "key": SIGNER.public_key_hex}
    assert verify_signature(SIGNER.public_key_hex, statement(MANIFEST_DOMAIN, without_signature(manifest)), manifest["signature"])
    assert opening.manifest["round_anchor"] not in json.dumps(opening.secret)


def test_the_same_entropy_gives_the_same_game():
    assert opened(seed=4).manifest == opened(seed=4).manifest
    assert opened(seed=4).manifest != opened(seed=5).manifest


@pytest.mark.parametrize("seats", [[], [1, 0], [0, 0], [-1], [True]])
def test_a_game_needs_distinct_ascending_seats(seats):
    with pytest.raises(DealError, match="seats must be distinct non-negative integers"):
        open_game(SIGNER, TABLE, 1, {}, seats)


def test_the_people_who_give_seeds_must_be_seats_of_the_game():
    with pytest.raises(DealError, match="the people \\[3\\] must be seats of the game"):
        open_game(SIGNER, TABLE, 1, {}, [0, 1], people=[3])


def test_rules_must_be_plain_json():
    with pytest.raises(DealError, match="rules must be plain JSON data"):
        open_game(SIGNER, TABLE, 1, {"bad": object()}, [0, 1])


def test_a_deal_is_deterministic_given_the_secret_and_the_seeds():
    opening = opened(people=[0])
    seeds = seeds_of(1, s0="11" * 32)
    first = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 5}, seeds)
    again = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 5}, seeds)
    assert first.secret == again.secret and first.public["root"] == again.public["root"]


def test_a_players_seed_changes_the_dice():
    opening = opened(people=[0])
    hands = {tuple(deal(SIGNER, opening.secret, opening.manifest, 1, {0: 10}, seeds_of(1, s0=f"{b:02x}" * 32)).hands[0])
             for b in range(8)}
    assert len(hands) == 8


def test_each_round_uses_its_own_secret():
    opening = opened()
    hands = {tuple(deal(SIGNER, opening.secret, opening.manifest, r, {0: 10}, {}).hands[0]) for r in range(1, 9)}
    assert len(hands) == 8


def test_the_commitment_is_signed_and_carries_no_die_or_salt():
    opening = opened(people=[0, 2])
    dealt = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 2: 3}, seeds_of(1, s2="ab" * 32), {0: "late"})
    assert verify_signature(SIGNER.public_key_hex, statement(DEAL_DOMAIN, without_signature(dealt.public)), dealt.public["signature"])
    assert set(dealt.public) == {"table", "game", "round", "counts", "seeds", "seeds_missing", "seeds_digest", "root", "signature"}
    assert dealt.public["seeds"] == {"2": "ab" * 32} and dealt.public["seeds_missing"] == {"0": "late"}
    text = json.dumps(dealt.public)
    assert not any(salt in text for salts in dealt.secret["salts"].values() for salt in salts)


def test_a_seat_gets_only_its_own_dice_salts_and_proofs_and_they_verify():
    opening = opened()
    dealt = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 4, 2: 3}, {})
    private = dealt.private_for(1)
    assert private["dice"] == dealt.hands[1] and private["leaf_indices"] == [5, 6, 7, 8]
    others = [salt for seat in ("0", "2") for salt in dealt.secret["salts"][seat]]
    assert not any(salt in json.dumps(private) for salt in others)
    root = bytes.fromhex(dealt.public["root"])
    for j, (value, salt, index, proof) in enumerate(zip(private["dice"], private["salts"], private["leaf_indices"], private["proofs"])):
        leaf = leaf_hash(die_leaf(1, j, value, salt))
        assert verify_inclusion(leaf, index, private["size"], [bytes.fromhex(p) for p in proof], root)
        assert not verify_inclusion(leaf_hash(die_leaf(1, j, value % 6 + 1, salt)), index, private["size"], [bytes.fromhex(p) for p in proof], root)


def test_a_disclosed_die_verifies_against_the_root():
    opening = opened()
    dealt = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 4}, {})
    shown = dealt.die_disclosure(1, 3)
    assert shown["value"] == dealt.hands[1][3]
    leaf = leaf_hash(die_leaf(1, 3, shown["value"], shown["salt"]))
    assert verify_inclusion(leaf, shown["leaf_index"], shown["size"], [bytes.fromhex(p) for p in shown["proof"]], bytes.fromhex(shown["root"]))


def test_a_seat_without_dice_has_no_private_part():
    opening = opened()
    dealt = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5}, {})
    with pytest.raises(DealError, match="seat 2 holds no dice in round 1"):
        dealt.private_for(2)


@pytest.mark.parametrize("counts, seeds, missing, message", [
    ({7: 5}, [], {}, "seat 7 is not in game 1"),
    ({0: 0}, [], {}, "dice count of seat 0 must be a positive integer"),
    ({0: 5, 1: 5}, seeds_of(1, s0="short"), {}, "the seed of seat 0 must be 64 lowercase hex digits"),
    ({}, [], {}, "round 1 deals no dice"),
    ({0: 5}, {0: "aa" * 32}, {}, "a seed is a logged contribution"),
])
def test_impossible_deals_are_refused_with_a_clear_message(counts, seeds, missing, message):
    opening = opened(people=[0])
    with pytest.raises(FairnessError, match=message):
        deal(SIGNER, opening.secret, opening.manifest, 1, counts, seeds, missing)


def test_a_deal_refuses_a_seed_for_a_bots_seat():
    opening = opened(people=[0])
    with pytest.raises(DealError, match=r"a seed from seat 1, which gives no seeds in game 1 \(people: \[0\]\)"):
        deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 5}, seeds_of(1, s0="aa" * 32, s1="bb" * 32))


def test_a_deal_refuses_a_seed_for_another_round():
    opening = opened(people=[0])
    with pytest.raises(DealError, match="a seed of seat 0 for round 1 cannot deal round 2"):
        deal(SIGNER, opening.secret, opening.manifest, 2, {0: 5, 1: 5}, seeds_of(1, s0="aa" * 32))


def test_a_deal_refuses_a_seed_from_a_person_without_dice_this_round():
    opening = opened(people=[0, 1])
    with pytest.raises(DealError, match="a seed from seat 1, which holds no dice in round 1"):
        deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 2: 5}, seeds_of(1, s0="aa" * 32, s1="bb" * 32))


def test_a_deal_refuses_two_seeds_from_one_seat():
    opening = opened(people=[0])
    twice = seeds_of(1, s0="aa" * 32) + seeds_of(1, s0="bb" * 32)
    with pytest.raises(DealError, match="seat 0 gives two seeds for round 1"):
        deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 5}, twice)


@pytest.mark.parametrize("missing, message", [
    ({}, r"lacks the seeds of seats \[1\], but reasons are given for \[\]"),
    ({1: "late", 2: "late"}, r"lacks the seeds of seats \[1\], but reasons are given for \[1, 2\]"),
    ({1: "asleep"}, "missing for a reason outside"),
])
def test_a_deal_names_every_missing_persons_seed_with_a_known_reason(missing, message):
    opening = opened(people=[0, 1])
    with pytest.raises(DealError, match=message):
        deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 5, 2: 5}, seeds_of(1, s0="aa" * 32), missing)


def test_a_secret_from_another_game_is_refused():
    with pytest.raises(DealError, match="does not belong to game 1's manifest"):
        deal(SIGNER, opened(seed=1).secret, opened(seed=2).manifest, 1, {0: 5}, {})


def test_the_reveal_publishes_x_r_the_dice_after_approved_changes_and_the_salts():
    opening = opened()
    dealt = deal(SIGNER, opening.secret, opening.manifest, 3, {0: 5, 1: 5}, {})
    first = die_change(1, 3, seat=0, index=2, value=1)
    second = die_change(1, 3, seat=0, index=2, value=6)
    shown = reveal(opening.secret, dealt.secret, [first.secret, second.secret])
    assert shown["hands"]["0"] == dealt.hands[0][:2] + [6] + dealt.hands[0][3:]
    assert shown["hands"]["1"] == dealt.hands[1] and shown["salts"] == dealt.secret["salts"]
    assert set(shown) == {"game", "round", "x", "hands", "salts"}


def test_a_die_change_keeps_which_die_and_value_secret():
    change = die_change(2, 4, seat=1, index=0, value=6, reason="telekinesis")
    assert change.public == {"game": 2, "round": 4}
    assert change.secret == {"seat": 1, "index": 0, "value": 6, "reason": "telekinesis"}


@pytest.mark.parametrize("value", [0, 7])
def test_a_die_change_needs_a_face(value):
    with pytest.raises(DealError, match="a value 1..6"):
        die_change(1, 1, seat=0, index=0, value=value)


def test_a_change_of_a_die_that_was_not_dealt_is_refused_at_reveal():
    opening = opened()
    dealt = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 2}, {})
    with pytest.raises(DealError, match="die 4 of seat 0 was not dealt"):
        reveal(opening.secret, dealt.secret, [die_change(1, 1, seat=0, index=4, value=6).secret])


def test_a_draw_gives_values_in_range_and_publishes_only_its_purpose_until_revealed():
    opening = opened()
    made = draw(SIGNER, opening.secret, opening.manifest, 1, purpose(ATTEMPT_TARGET_DIE, 3), [("die of seat 2", 5)])
    assert 1 <= made.values[0] <= 5
    assert made.public["purpose"] == {"kind": "attempt_target_die", "ref": 3, "counter": 1}
    assert "die of seat 2" not in json.dumps(made.public)
    shown = reveal_draw(opening.secret, made.secret)
    assert shown["request"] == {"purpose": made.public["purpose"], "items": [{"label": "die of seat 2", "sides": 5}]}
    assert [r["label"] for r in shown["results"]] == ["die of seat 2"]


def test_draws_with_different_numbers_or_purposes_differ():
    opening = opened()
    items = [("seat 0", 6), ("seat 0", 6), ("seat 1", 6), ("seat 1", 6)]
    by_number = {tuple(draw(SIGNER, opening.secret, opening.manifest, n, purpose(ROLL_OFF, 1), items).values) for n in range(1, 6)}
    by_counter = {tuple(draw(SIGNER, opening.secret, opening.manifest, 1, purpose(ROLL_OFF, 1, c), items).values) for c in range(1, 6)}
    assert len(by_number) == 5 and len(by_counter) == 5


@pytest.mark.parametrize("made, items, error, message", [
    ({"kind": "attempt 1 check", "ref": 1, "counter": 1}, [20], PurposeError, "a draw's kind is one of"),
    ({"kind": ATTEMPT_CHECK, "ref": 1, "counter": 2}, [20], PurposeError, "counter 2 is a retry"),
    ({"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1, "note": "x"}, [20], PurposeError, "exactly {kind, ref, counter}"),
    ({"kind": ATTEMPT_CHECK, "ref": 0, "counter": 1}, [20], PurposeError, "positive integer ref and counter"),
    ({"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1}, [("d20 ", 20)], PurposeError, "draws one"),
    ({"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1}, [20, 20], PurposeError, "draws one"),
    ({"kind": ROLL_OFF, "ref": 1, "counter": 1}, [("seat 1", 6), ("seat 0", 6)], PurposeError, "seats ascending"),
    ({"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1}, [0], DealError, "a draw item is sides or"),
    ({"kind": ATTEMPT_CHECK, "ref": 1, "counter": 1}, [("label", "six")], DealError, "a draw item is sides or"),
])
def test_draws_outside_the_enumeration_or_with_free_inputs_are_refused(made, items, error, message):
    opening = opened()
    with pytest.raises(error, match=message):
        draw(SIGNER, opening.secret, opening.manifest, 1, made, items)


def test_a_game_may_commit_to_more_draws_and_each_is_proven_under_its_signed_manifest():
    opening = open_game(SIGNER, TABLE, 1, {}, [0, 1], entropy=rng_entropy(random.Random(5)), draw_slots=8192)
    assert opening.manifest["draw_slots"] == 8192
    assert verify_signature(SIGNER.public_key_hex, statement(MANIFEST_DOMAIN, without_signature(opening.manifest)),
                            opening.manifest["signature"])
    made = draw(SIGNER, opening.secret, opening.manifest, 6000, purpose(ROLL_OFF, 1), [("seat 0", 6), ("seat 0", 6)])
    shown = reveal_draw(opening.secret, made.secret)
    assert len(shown["proof"]) == 13
    assert verify_inclusion(leaf_hash(bytes.fromhex(shown["secret"])), 5999, 8192,
                            [bytes.fromhex(p) for p in shown["proof"]], bytes.fromhex(opening.manifest["draw_root"]))


def test_a_draw_refuses_an_opening_secret_whose_slots_are_not_the_manifests():
    opening = open_game(SIGNER, TABLE, 1, {}, [0, 1], entropy=rng_entropy(random.Random(5)), draw_slots=1024)
    with pytest.raises(DealError, match="does not belong to game 1's manifest"):
        draw(SIGNER, {**opening.secret, "draw_slots": 512}, opening.manifest, 1, purpose(ROLL_OFF, 1),
             [("seat 0", 6), ("seat 0", 6)])
