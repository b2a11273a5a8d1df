"""How many draws a game commits to, and that every export verifies whatever the number.

A Liar's Dice game without roleplay cheating commits to 64 draw slots (its roll-off's throws), one
with cheating to 512 (``referee.games.liars_dice.opening.draw_slots_for``). The Python verifier and the
browser's (node) take the number from the signed manifest: new exports of either size verify, and
so does an export made before the slots were sized (``fixtures/roll_off_game_512_draw_slots.json``,
written by the code of 5bcda3f: a roll-off game of three players at 512 slots); a die changed in it
is caught by both.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.table import desk
from referee.gm.settings import GmSettings
from tests.audit.node_verifier import node_verdicts
from tests.audit.play_logs import Forger, finish, new_table, play_to_the_end

OLD_EXPORT = Path(__file__).parent / "fixtures" / "roll_off_game_512_draw_slots.json"


def roll_off_game(players: int = 3) -> Forger:
    """A finished roll-off game of people at a table without a referee."""
    table = new_table({"first_opener": "roll_off", "dice_per_player": 2, "turn_timer_s": 0})
    for seat in range(players):
        table.join(f"P{seat}", f"digest-{seat}")
    table.start(0)
    play_to_the_end(table, random.Random(4))
    return Forger(table)


def refereed_cheating_game() -> Forger:
    table = new_table({"dice_per_player": 2, "turn_timer_s": 0})
    desk.name_referee(table, "Мастер", "referee-digest", GmSettings(cheating=True))
    for seat in range(2):
        table.join(f"P{seat}", f"digest-{seat}")
    table.start_game()
    attempt = desk.submit_attempt(table, 0, {"kind": "telekinesis", "die": 0, "value": 6, "target": None,
                                             "description": "…"})
    desk.judge(table, attempt, 1, 0)
    finish(table)
    return Forger(table)


def slots_of(export):
    return [entry["public"]["draw_slots"] for entry in export["entries"] if entry["kind"] == kinds.GAME_OPENED]


def tamper_die(export):
    """The first revealed round shows another value for seat 1's first die."""
    export = copy.deepcopy(export)
    hand = next(e for e in export["entries"] if e["kind"] == kinds.ROUND_REVEALED)["public"]["hands"]["1"]
    hand[0] = hand[0] % 6 + 1
    return export


@pytest.fixture(scope="module")
def exports():
    old = json.loads(OLD_EXPORT.read_text(encoding="utf-8"))
    return {"old": old, "old, a die changed": tamper_die(old), "roll-off": roll_off_game().export(),
            "cheating": refereed_cheating_game().export()}


@pytest.fixture(scope="module")
def in_node(exports, tmp_path_factory):
    return node_verdicts(exports, tmp_path_factory.mktemp("draw-slots-js"))


def test_a_game_without_cheating_commits_to_64_draws_and_one_with_cheating_to_512(exports):
    assert slots_of(exports["roll-off"]) == [64]
    assert slots_of(exports["cheating"]) == [512]
    assert slots_of(exports["old"]) == [512]


@pytest.mark.parametrize("name", ["old", "roll-off", "cheating"])
def test_every_export_verifies_in_python_and_in_the_browser_with_the_same_checks(exports, in_node, name):
    report = verify_export(exports[name])
    assert report.ok, [str(c) for c in report.failures]
    assert in_node[name]["ok"] is True
    assert in_node[name]["all"] == [[c.step, c.ok, c.message] for c in report.checks]


def test_each_draw_of_a_64_slot_game_is_proven_by_six_hashes_under_its_root(exports):
    reveals = [e["public"] for e in exports["roll-off"]["entries"] if e["kind"] == kinds.DRAW_REVEALED]
    assert reveals and all(len(r["proof"]) == 6 for r in reveals)
    report = verify_export(exports["roll-off"])
    proven = {c.step for c in report.checks if c.ok and c.message.endswith("match the commitment")}
    assert {f"game 1 draw {r['draw']}" for r in reveals} <= proven


def test_a_die_changed_in_the_old_export_fails_in_python_and_in_the_browser(exports, in_node):
    report = verify_export(exports["old, a die changed"])
    assert not report.ok
    assert any(c.step.startswith("game 1 round") and "die 0 of seat 1" in c.message for c in report.failures)
    assert in_node["old, a die changed"]["ok"] is False
    assert in_node["old, a die changed"]["all"] == [[c.step, c.ok, c.message] for c in report.checks]
