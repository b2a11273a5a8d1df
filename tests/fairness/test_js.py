"""static/js/fairness.js and the Python verifier agree: same root, same proof, same verdict
and the same failure messages for a real export and tampered ones (run through node)."""
import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from referee.fairness.dealer import deal, open_game
from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.fairness.merkle import inclusion_proof, merkle_root

from tests.audit.node_verifier import node_verdicts

from . import dishonest, dishonest_checks, dishonest_draws
from .logbook import SIGNER, TABLE, FakeLog, entries_of, play_game

NODE = shutil.which("node")
CHECK = Path(__file__).parent / "js" / "check.mjs"


@pytest.fixture(autouse=True)
def node_is_installed():
    """A missing node fails these tests (never a skip): `make test` installs Debian's nodejs."""
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")


def tamper_die(export):
    hand = entries_of(export, kinds.ROUND_REVEALED)[1]["public"]["hands"]["1"]
    hand[0] = hand[0] % 6 + 1


def tamper_order(export):
    entries = export["entries"]
    entries[4], entries[5] = entries[5], entries[4]


def tamper_truncate(export):
    export["entries"] = export["entries"][:-2]


def tamper_manifest(export):
    entries_of(export, kinds.GAME_OPENED)[0]["public"]["seats"] = [0, 1]


def tamper_draw(export):
    entries_of(export, kinds.DRAW_REVEALED)[0]["public"]["results"][1]["salt"] = "aa" * 32


def tamper_swap(export):
    hands = entries_of(export, kinds.ROUND_REVEALED)[0]["public"]["hands"]
    hands["0"], hands["1"] = hands["1"], hands["0"]


TAMPERS = [tamper_die, tamper_order, tamper_truncate, tamper_manifest, tamper_draw, tamper_swap]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    log = FakeLog()
    play_game(log, seats=(0, 1, 2), dice=3, changes={2: [(0, 1, 6)]})
    play_game(log, game_no=2, seats=(0, 1), dice=2, finish=False)
    clean = log.export()
    exports = {"clean": clean}
    for tamper in TAMPERS:
        exports[tamper.__name__] = copy.deepcopy(clean)
        tamper(exports[tamper.__name__])
    for name, scenario in dishonest.SCENARIOS.items():
        exports[name] = scenario()
    exports["seed_withheld_as_late"] = dishonest.person_seed_withheld_as_late()
    leaves = [f"leaf {i}".encode() for i in range(13)]
    opening = open_game(SIGNER, TABLE, 1, {}, [0, 1, 2])
    dealt = deal(SIGNER, opening.secret, opening.manifest, 1, {0: 5, 1: 4, 2: 3}, [])
    forged = dict(dealt.private_for(1), dice=[d % 6 + 1 for d in dealt.hands[1]])
    job = {
        "merkle": {"leaves": [leaf.hex() for leaf in leaves], "index": 9, "root": merkle_root(leaves).hex(),
                   "proof": [p.hex() for p in inclusion_proof(leaves, 9)]},
        "exports": {name: json.dumps(export) for name, export in exports.items()},
        "own": {
            "honest": {"private": dealt.private_for(1), "public": dealt.public, "key": SIGNER.public_key_hex},
            "forged": {"private": forged, "public": dealt.public, "key": SIGNER.public_key_hex},
        },
        "seeds": own_seed_cases(),
    }
    path = tmp_path_factory.mktemp("js") / "job.json"
    path.write_text(json.dumps(job))
    done = subprocess.run([NODE, str(CHECK), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {"js": json.loads(done.stdout), "exports": exports, "leaves": leaves}


def own_seed_cases():
    """A browser that sent seat 0's seed, against the deals a dishonest (or honest) server signs."""
    def first_deal(export):
        return entries_of(export, kinds.ROUND_DEALT)[0]["public"]

    def first_seed(export, seat=0):
        return next(e["public"]["seed"] for e in entries_of(export, kinds.SEED_CONTRIBUTED) if e["public"]["seat"] == seat)

    honest = dishonest.Server()
    honest.deal(seeds=[honest.seed(seat) for seat in dishonest.PEOPLE])
    replaced, dropped = dishonest.person_seed_replaced(), dishonest.person_seed_dropped()
    late = dishonest.person_seed_withheld_as_late()
    return {
        "used": {"commitment": honest.last.public, "seat": 0, "sent": honest.last.public["seeds"]["0"]},
        "replaced": {"commitment": first_deal(replaced), "seat": 0, "sent": first_seed(replaced)},
        "dropped": {"commitment": first_deal(dropped), "seat": 0, "sent": first_seed(dropped)},
        "withheld_as_late": {"commitment": first_deal(late), "seat": 0, "sent": "5a" * 32},
        "not_sent": {"commitment": first_deal(late), "seat": 1, "sent": None},
    }


def test_js_computes_the_python_merkle_root_and_accepts_its_proof(results):
    js = results["js"]
    assert js["root"] == merkle_root(results["leaves"]).hex()
    assert js["proofHolds"] is True and js["wrongLeafHolds"] is False


def test_js_verifies_the_clean_export_like_python(results):
    verdict = results["js"]["exports"]["clean"]
    python = verify_export(results["exports"]["clean"])
    assert python.ok and verdict["ok"] and verdict["failures"] == []
    assert verdict["steps"] == len(python.checks)


@pytest.mark.parametrize("name", [tamper.__name__ for tamper in TAMPERS])
def test_js_reports_the_same_failures_as_python_for_a_tampered_export(results, name):
    verdict = results["js"]["exports"][name]
    python = [str(check) for check in verify_export(results["exports"][name]).failures]
    assert python and not verdict["ok"]
    assert verdict["failures"] == python


def test_js_marks_a_players_own_dice_verified_and_a_forged_hand_not(results):
    honest, forged = results["js"]["own"]["honest"], results["js"]["own"]["forged"]
    assert all(step["ok"] is True for step in honest) and len(honest) == 1 + 4
    assert honest[0]["message"] == "commitment signed by the server key"
    assert [step["ok"] for step in forged[1:]] == [False] * 4


@pytest.mark.parametrize("name", list(dishonest.SCENARIOS))
def test_js_catches_every_dishonest_server_like_python(results, name):
    verdict = results["js"]["exports"][name]
    python = [str(check) for check in verify_export(results["exports"][name]).failures]
    assert python and not verdict["ok"]
    assert verdict["failures"] == python


def test_js_notes_a_seed_withheld_as_late_like_python(results):
    verdict = results["js"]["exports"]["seed_withheld_as_late"]
    python = verify_export(results["exports"]["seed_withheld_as_late"])
    assert python.ok and verdict["ok"] and verdict["steps"] == len(python.checks)


def test_the_browser_alarms_when_the_seed_it_sent_is_not_the_one_in_the_commitment(results):
    seeds = results["js"]["seeds"]
    assert seeds["used"] == {"ok": True, "code": "used", "reason": None}
    assert seeds["replaced"] == {"ok": False, "code": "different", "reason": None}
    assert seeds["dropped"] == {"ok": False, "code": "missing", "reason": "late"}
    assert seeds["withheld_as_late"] == {"ok": False, "code": "missing", "reason": "late"}
    assert seeds["not_sent"] == {"ok": None, "code": "not_sent", "reason": None}


@pytest.fixture(scope="module")
def draw_matrix(tmp_path_factory):
    exports = {name: scenario() for name, (scenario, _) in dishonest_draws.MATRIX.items()}
    exports["poker_roll_nobody_connected"] = dishonest_draws.poker_roll_nobody_connected()
    exports["round_dealt_with_nobody_connected"] = dishonest.round_dealt_with_nobody_connected()
    exports["roll_off_throw_nobody_connected"] = dishonest_draws.roll_off_throw_nobody_connected()
    exports.update({name: scenario() for name, (scenario, _) in dishonest_checks.LOUD.items()})
    return exports, node_verdicts(exports, tmp_path_factory.mktemp("draws"))


@pytest.mark.parametrize("name", [*dishonest_draws.MATRIX, "poker_roll_nobody_connected", "round_dealt_with_nobody_connected",
                                  "roll_off_throw_nobody_connected", *dishonest_checks.LOUD])
def test_js_judges_the_draw_matrix_check_for_check_like_python(draw_matrix, name):
    exports, verdicts = draw_matrix
    python = verify_export(exports[name])
    assert verdicts[name]["ok"] is python.ok
    assert verdicts[name]["all"] == [[c.step, c.ok, c.message] for c in python.checks]
