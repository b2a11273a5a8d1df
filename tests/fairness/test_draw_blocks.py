"""A game that draws more than its manifest's draw slots goes on in blocks (docs/fairness.md
section 6): the middle draw of block b announces the root of block b + 1, signed in its
commitment; the Python verifier and the browser's (node) check each later draw against its
block's announced root, with the same checks and messages, and catch a draw whose block was
never announced or whose secret is not the announced one.
"""
from __future__ import annotations

import copy
import random

import pytest

from referee.fairness import kinds
from referee.fairness.dealer import open_game
from referee.fairness.verify import verify_export
from referee.fairness.draws import draw, reveal_draw
from referee.fairness.encoding import DRAW_DOMAIN, statement, without_signature
from referee.fairness.purposes import ROLL_OFF, purpose
from referee.fairness.secrets_chain import draw_secret, draw_secrets_root
from referee.games.liars_dice.roll_off import throw_dice
from tests.audit.node_verifier import node_verdicts

from .logbook import SIGNER, TABLE, FakeLog, entries_of, rng_entropy

SLOTS = 64
DRAWS = 150
"""Past two blocks of 64: blocks 2 and 3 are announced by draws 32 and 96."""


def long_game() -> dict:
    """A game of 64 draw slots that makes 150 draws (roll-off throws of two seats, seat 0 a person who seeds
    each), each revealed and used."""
    log = FakeLog()
    opening = open_game(SIGNER, TABLE, 1, {"preset": "tavern"}, [0, 1], people=[0],
                        entropy=rng_entropy(random.Random(5)), draw_slots=SLOTS)
    log.append(kinds.GAME_OPENED, opening.manifest, opening.secret)
    for n in range(1, DRAWS + 1):
        seed = {"draw": n, "seat": 0, "seed": f"{n:064x}"}
        log.append(kinds.DRAW_SEED, seed)
        made = draw(SIGNER, opening.secret, opening.manifest, n, purpose(ROLL_OFF, 1, n),
                    [("seat 0", 6), ("seat 0", 6), ("seat 1", 6), ("seat 1", 6)], [seed])
        log.append(kinds.DRAW_COMMITTED, made.public, made.secret)
        log.append(kinds.DRAW_REVEALED, reveal_draw(opening.secret, made.secret))
        log.append("roll_off", {"game": 1, "counter": n, "draw": n, "dice": throw_dice(made.secret["results"])})
    return {"log": log, "opening": opening}


def committed(log: FakeLog, number: int) -> dict:
    return next(e for e in log.entries if e["kind"] == kinds.DRAW_COMMITTED and e["public"]["draw"] == number)


def resign(entry: dict) -> None:
    entry["public"]["signature"] = SIGNER.sign(statement(DRAW_DOMAIN, without_signature(entry["public"])))


def unannounced(game: dict) -> dict:
    """Draw 32 announces no block (signed again): the draws of block 2 have no committed secrets."""
    log = copy.deepcopy(game["log"])
    entry = committed(log, 32)
    del entry["public"]["next_draw_root"]
    resign(entry)
    return log.export()


def misplaced(game: dict) -> dict:
    """Draw 33, not the middle of its block, announces one too (signed again)."""
    log = copy.deepcopy(game["log"])
    entry = committed(log, 33)
    entry["public"]["next_draw_root"] = committed(log, 32)["public"]["next_draw_root"]
    resign(entry)
    return log.export()


def other_secret(game: dict) -> dict:
    """Draw 70's reveal shows another secret than block 2 committed to."""
    export = game["log"].export()
    reveal = next(e for e in entries_of(export, kinds.DRAW_REVEALED) if e["public"]["draw"] == 70)
    reveal["public"]["secret"] = "ab" * 32
    return export


@pytest.fixture(scope="module")
def exports():
    game = long_game()
    return {"clean": game["log"].export(), "unannounced": unannounced(game), "misplaced": misplaced(game),
            "other secret": other_secret(game), "game": game}


@pytest.fixture(scope="module")
def in_node(exports, tmp_path_factory):
    return node_verdicts({name: e for name, e in exports.items() if name != "game"}, tmp_path_factory.mktemp("blocks"))


def test_the_middle_draw_of_each_block_announces_the_root_of_the_next(exports):
    master = bytes.fromhex(exports["game"]["opening"].secret["draw_master"])
    announced = {e["public"]["draw"]: e["public"]["next_draw_root"] for e in entries_of(exports["clean"], kinds.DRAW_COMMITTED)
                 if "next_draw_root" in e["public"]}
    assert announced == {32: draw_secrets_root(master, SLOTS, 2).hex(), 96: draw_secrets_root(master, SLOTS, 3).hex()}


def test_a_draw_past_the_manifests_slots_reveals_its_own_secret_with_a_proof_in_its_block(exports):
    reveal = next(e["public"] for e in entries_of(exports["clean"], kinds.DRAW_REVEALED) if e["public"]["draw"] == 130)
    master = bytes.fromhex(exports["game"]["opening"].secret["draw_master"])
    assert reveal["secret"] == draw_secret(master, 130).hex() and len(reveal["proof"]) == 6


def test_a_game_drawing_past_its_slots_verifies_in_python_and_in_the_browser(exports, in_node):
    report = verify_export(exports["clean"])
    assert report.ok, [str(c) for c in report.failures]
    proven = {c.step for c in report.checks if c.ok and c.message.endswith("match the commitment")}
    assert {f"game 1 draw {n}" for n in range(1, DRAWS + 1)} <= proven
    assert in_node["clean"]["ok"] is True
    assert in_node["clean"]["all"] == [[c.step, c.ok, c.message] for c in report.checks]


@pytest.mark.parametrize("name, step, message", [
    ("unannounced", "game 1 draw 65", "draw 65 is past the game's 64 draws and no earlier draw announced the secrets of its block"),
    ("misplaced", "game 1 draw 33", "draw 33 announces a block of draw secrets, which only the middle draw of a block does"),
    ("other secret", "game 1 draw 70", "the revealed secret s_70 is not the one draw 32 committed to"),
])
def test_a_block_not_announced_announced_out_of_place_or_not_kept_fails_in_both(exports, in_node, name, step, message):
    report = verify_export(exports[name])
    assert any((c.step, c.message) == (step, message) for c in report.failures), [str(c) for c in report.failures][:5]
    assert in_node[name]["ok"] is False
    assert in_node[name]["all"] == [[c.step, c.ok, c.message] for c in report.checks]
