"""An export taken in the middle of a round holds only what is already revealed: no seat
token digest, no game's chain top or draw master, no x_r, dice or salts of the open round."""
from __future__ import annotations

import json
import random

from referee.fairness import kinds
from referee.fairness.secrets_chain import link

from .games import Table, export_of, fair_harness


def mid_round_two(seed: int, **rules) -> Table:
    table = Table.seat(fair_harness(), random.Random(seed), players=3, dice=2, **rules)
    table.play_until(lambda game: game["round"] == 2 and game["phase"] == "bidding" and len(game["bids"]) == 1)
    return table


def server_log(table: Table) -> list:
    return table.harness.app.extensions["tavern"].tables.get(table.id)._events.entries(table.id)


def test_an_export_mid_round_holds_no_secret_that_is_not_revealed():
    table = mid_round_two(seed=11)
    text = json.dumps(export_of(table.harness, table.id))
    log = server_log(table)

    tokens = [e.secret["token_digest"] for e in log if e.kind == "seat_taken" and e.secret]
    opened = next(e.secret for e in log if e.kind == kinds.GAME_OPENED)
    open_deal = next(e.secret for e in log if e.kind == kinds.ROUND_DEALT and e.public["round"] == 2)
    top = bytes.fromhex(opened["round_top"])
    forbidden = {
        "a seat token digest": tokens,
        "the chain top": [opened["round_top"]],
        "the draw master": [opened["draw_master"]],
        "x_2 or a later link": [link(top, r).hex() for r in (2, 3, 512)],
        "a salt of round 2": [salt for salts in open_deal["salts"].values() for salt in salts],
    }
    assert len(tokens) == 3
    leaked = {what: [s for s in strings if s in text] for what, strings in forbidden.items()}
    assert leaked == {what: [] for what in forbidden}


def test_the_open_round_has_no_dice_in_the_export_and_the_revealed_round_has_all():
    table = mid_round_two(seed=12)
    entries = export_of(table.harness, table.id)["entries"]
    rounds = {(e["kind"], e["public"].get("round")): e for e in entries if e["kind"] in (kinds.ROUND_DEALT, kinds.ROUND_REVEALED)}

    assert rounds[(kinds.ROUND_DEALT, 2)]["secret"] is None
    assert (kinds.ROUND_REVEALED, 2) not in rounds
    assert not [e for e in entries if e["public"].get("round") == 2 and ("hands" in e["public"] or e["secret"])]
    assert set(rounds[(kinds.ROUND_DEALT, 1)]["secret"]["hands"]) == {"0", "1", "2"}
    assert rounds[(kinds.ROUND_REVEALED, 1)]["public"]["hands"] == rounds[(kinds.ROUND_DEALT, 1)]["secret"]["hands"]


def test_no_secret_other_than_revealed_deals_is_exported():
    table = mid_round_two(seed=13)
    exported = {e["kind"] for e in export_of(table.harness, table.id)["entries"] if e["secret"] is not None}
    kept = {e.kind for e in server_log(table) if e.secret is not None}

    assert exported == {kinds.ROUND_DEALT}
    assert {"seat_taken", kinds.GAME_OPENED} <= kept


def test_under_the_roll_off_an_export_mid_round_holds_the_revealed_throws_and_no_other_secret():
    table = mid_round_two(seed=14, first_opener="roll_off", challenge="anyone", raise_rule="face_up", wild_ones=False)
    export = export_of(table.harness, table.id)
    text = json.dumps(export)
    log = server_log(table)

    opened = next(e.secret for e in log if e.kind == kinds.GAME_OPENED)
    open_deal = next(e.secret for e in log if e.kind == kinds.ROUND_DEALT and e.public["round"] == 2)
    assert opened["draw_master"] not in text and opened["round_top"] not in text
    assert not [salt for salts in open_deal["salts"].values() for salt in salts if salt in text]
    throws = [e for e in export["entries"] if e["kind"] == "roll_off"]
    draws = {e["public"]["draw"]: e for e in export["entries"] if e["kind"] == kinds.DRAW_COMMITTED}
    assert throws and all(draws[t["public"]["draw"]]["secret"] is not None for t in throws)
    exported = {e["kind"] for e in export["entries"] if e["secret"] is not None}
    assert exported == {kinds.ROUND_DEALT, kinds.DRAW_COMMITTED}
