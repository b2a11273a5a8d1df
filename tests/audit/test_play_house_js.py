"""The browser's verifier (static/js/fairness.js and audit_play.js, run through node) and the Python one
agree check for check on house-rule evenings: the same steps, verdicts and messages in the same order,
for tables played under every preset and random valid settings (on a real ``Table`` and through the app,
seeds, out-of-turn calls, spot on and rules changes between games included), and for every forgery of
the house rules' game checks (``house_tampers.py``, ``house_forgeries.py``)."""
from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from referee.fairness.verify import verify_export
from referee.games.liars_dice.rules import Settings
from referee.table import desk

from . import house_forgeries, house_tampers
from .house_games import HouseTable, app_evening, app_evening_with_rule_changes
from .house_logs import house_evening, play_house_game, preset
from .node_verifier import node_verdicts
from .play_logs import Forger, finish, refereed_table
from .test_play import play_checks
from .test_play_house import EVENINGS, random_settings

TABLE_EVENINGS = {**EVENINGS, "roll_off_ties": (preset("kul_tiras", dice_per_player=2), 7, 6)}
"""name -> (rules, seed, players) of the evenings played on a real Table (``roll_off_ties`` throws its
roll-off three times, two groups tied at once)."""

# The evenings through the app differ from run to run (a new table's id goes into its dice): they are
# forged only in ways that every such evening allows (a roll-off, a game after game 1).
TWO_DICE = {"dice_per_player": 2, "turn_timer_s": 0}
RULE_CHANGES = [{"preset": "kul_tiras", "rules": TWO_DICE}, {"preset": "tavern", "rules": TWO_DICE}]


def game_after_a_roll_off_game_rotated_from_it(forger: Forger) -> str:
    """Game 3 (rotate) follows game 2 (roll-off): its opener must rotate from game 1's."""
    started = forger.all("game_started")[2]["public"]
    honest = started["opener"]
    started["opener"] = next((seat for seat in started["seats"] if seat > honest), started["seats"][0])
    return f"seat {started['opener']} opens game 3, but the opener rule (RULES.md A1.3) gives seat {honest}"


def referee_changes_the_rules() -> Forger:
    """A refereed tavern game of two dice, then the referee switches the table to perudo for game 2."""
    table = refereed_table(dice=2, players=3, cheating=False)
    finish(table)
    desk.set_rules(table, Settings.from_preset("perudo", TWO_DICE))
    table.start_game()
    play_house_game(table, random.Random(3), Counter())
    return Forger(table)


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    """name -> {export, expected (the words a forgery's failure holds, None when clean)}, with node's verdicts."""
    forgers = {name: lambda r=rules, s=seed, p=players: Forger(house_evening(r, seed=s, players=p, games=2)[0])
               for name, (rules, seed, players) in TABLE_EVENINGS.items()}
    apps: dict[str, HouseTable] = {
        "app kul_tiras": app_evening(preset("kul_tiras", dice_per_player=3), seed=1, players=4),
        "app perudo": app_evening(preset("perudo", dice_per_player=3), seed=2, players=3),
        "app rules changed": app_evening_with_rule_changes(seed=3, players=3, changes=RULE_CHANGES),
        **{f"app random {seed}": app_evening(random_settings(seed), seed=seed, players=2 + seed % 4)
           for seed in range(4)},
    }
    forgers.update({name: table.forger for name, table in apps.items()})
    forgers["referee changes the rules"] = referee_changes_the_rules
    exports: dict[str, dict[str, Any]] = {f"clean {name}": make().export() for name, make in forgers.items()}
    exports.update({f"clean {name} (server)": table.export() for name, table in apps.items()})
    exports.update({f"clean random {seed}": Forger(house_evening(random_settings(seed), seed=seed, players=2 + seed % 4,
                                                                 games=2)[0]).export() for seed in range(8)})
    expected: dict[str, str | None] = dict.fromkeys(exports)
    for evening, tampers in (("kul_tiras", house_tampers.ROLL_OFF), ("perudo", house_tampers.SPOT_ON),
                             ("anyone_difference", house_tampers.DIFFERENCE), ("kul_tiras", house_forgeries.KUL_TIRAS),
                             ("roll_off_ties", house_forgeries.TIES), ("perudo", house_forgeries.PERUDO),
                             ("app kul_tiras", house_tampers.ROLL_OFF), ("app rules changed", house_forgeries.TAVERN),
                             ("app rules changed", {"rotated_from_the_roll_off_game":
                                                    game_after_a_roll_off_game_rotated_from_it})):
        for name, tamper in tampers.items():
            forger = forgers[evening]()
            key = f"{name} ({evening})"
            expected[key] = tamper(forger)
            exports[key] = forger.export()
    verdicts = node_verdicts(exports, tmp_path_factory.mktemp("play-house-js"))
    return {name: {"export": export, "expected": expected[name], "js": verdicts[name]} for name, export in exports.items()}


def names() -> list[str]:
    clean = [f"clean {name}" for name in [*TABLE_EVENINGS, "app kul_tiras", "app perudo", "app rules changed",
                                         *(f"app random {seed}" for seed in range(4)), "referee changes the rules"]]
    served = [f"clean app {name} (server)" for name in ["kul_tiras", "perudo", "rules changed",
                                                        *(f"random {seed}" for seed in range(4))]]
    forged = ([f"{name} (kul_tiras)" for name in [*house_tampers.ROLL_OFF, *house_forgeries.KUL_TIRAS]]
              + [f"{name} (perudo)" for name in [*house_tampers.SPOT_ON, *house_forgeries.PERUDO]]
              + [f"{name} (anyone_difference)" for name in house_tampers.DIFFERENCE]
              + [f"{name} (roll_off_ties)" for name in house_forgeries.TIES]
              + [f"{name} (app kul_tiras)" for name in house_tampers.ROLL_OFF]
              + [f"{name} (app rules changed)" for name in [*house_forgeries.TAVERN, "rotated_from_the_roll_off_game"]])
    return clean + served + [f"clean random {seed}" for seed in range(8)] + forged


def as_rows(report) -> list[list[Any]]:  # noqa: ANN001 - a referee.fairness.report.Report
    return [[c.step, c.ok, c.message] for c in report.checks]


@pytest.mark.parametrize("name", names())
def test_js_and_python_make_the_same_game_checks_of_a_house_rule_evening(cases, name):
    case = cases[name]
    python = verify_export(case["export"])

    assert case["js"]["play"] == as_rows(play_checks(case["export"]))
    assert case["js"]["all"] == as_rows(python)
    assert case["js"]["ok"] is python.ok is (case["expected"] is None), [str(c) for c in python.failures]
    if case["expected"] is not None:
        assert any(case["expected"] in str(c) for c in python.failures), (case["expected"], [str(c) for c in python.failures])


# Every house-rule message of docs/fairness.md section 9, passed or failed: some case above words it.
MESSAGES = [
    r"^seq \d+: seats [\d, ]+ start with \d+ dice each; the roll-off decides who opens$",
    r"^seq \d+: throw 1 \(draw \d+\): (seat \d: \d \+ \d = \d+, )*seat \d: \d \+ \d = \d+; seats [\d, ]+ are tied and throw again$",
    r"; seats [\d, ]+ and seats [\d, ]+ are tied and throw again$",
    r"^seq \d+: throw [23] \(draw \d+\): .*; the seat order is [\d, ]+: seat \d opens$",
    r"^seq \d+: a roll-off throw is logged, but the rules wait for none \(the game is bidding\)$",
    r"^seq \d+: roll-off throw 2 is logged where the rules expect throw 1$",
    r"^seq \d+: throw 1 names a draw that is not revealed before it$",
    r"^seq \d+: throw [12] names draw \d+, which is not throw [12] of game 1's roll-off$",
    r"^seq \d+: draw \d+ throws for seat 0, seat 1, seat 2, but the roll-off waits for seat 0, seat 1, seat 2, seat 3$",
    r"^seq \d+: throw 1 shows seat 0: \d \+ \d, .*, but draw \d+ revealed seat 0: \d \+ \d, ",
    r"^seq \d+: throw 1 shows \{'0': \[\d, \d\], .*'two sixes'\}, but draw \d+ revealed ",
    r"^seq \d+: the deal matches the dice the rules hold \(.*\); a palifico round: ones are not wild$",
    r"^seq \d+: seat \d says spot on to \d+ × \d by seat \d: \d+ counted, so nobody loses and seat \d gets 1 die back",
    r"^seq \d+: seat \d says spot on to .*, so nobody loses and seat \d gets no die back \(it holds all its dice\)",
    r"^seq \d+: seat \d says spot on to .*: \d+ counted, so seat \d loses 1 die",
    r"^seq \d+: seat \d calls Liar on .*, so seat \d loses [2-9] dice and is out",
    r"^seq \d+: seat \d calls Liar on .*, so seat \d loses [2-9] dice$",
    r"^seq \d+: the rules change while game 1 is being played$",
    r"^seq \d+: the host \(seat 0\) changes the rules between games; the next game plays them$",
    r"^seq \d+: the referee changes the rules between games; the next game plays them$",
    r"^seq \d+: the rules cannot start this game \(game/opener\)$",
    r"^seq \d+: seat \d+ opens game 3, but the opener rule \(RULES.md A1.3\) gives seat \d+$",
    r"^seq \d+: round 1 is dealt while the rules are at round 1 \(rolling_off\)$",
    r"^seq \d+: seat \d calls Liar, which the rules refuse \(call/own_bid; ",
    r"^seq \d+: seat \d says spot on, which the rules refuse \(spot_on/off; ",
    r"^seq \d+: seat \d says spot on, which the rules refuse \(action/not_your_turn; ",
    r"^seq \d+: seat \d bids \d+ × \d, which the rules refuse \(bid/palifico_face; ",
    r"; round \d+: \d+ × \d by seat \d spot on said by seat \d, \d+ counted, nobody lost",
]


@pytest.mark.parametrize("pattern", MESSAGES)
def test_the_cases_word_every_house_rule_check_in_both_verifiers(cases, pattern):
    worded = [name for name, case in cases.items() if any(re.search(pattern, message) for _, _, message in case["js"]["play"])]
    assert worded, pattern


def test_js_keeps_the_roll_off_throws_and_the_spot_ons_for_the_page(cases):
    case = cases["clean roll_off_ties"]
    throws = [e["public"] for e in case["export"]["entries"] if e["kind"] == "roll_off"]
    kept = case["js"]["throws"]
    assert [(t["game"], t["counter"], t["draw"], t["dice"]) for t in kept] == [
        (t["game"], t["counter"], t["draw"], t["dice"]) for t in throws]
    assert [t["tied"] for t in kept[:2]] == [[[1, 3], [2, 5]], [[2, 5]]] and kept[0]["order"] is None
    assert kept[2]["order"] == [4, 3, 1, 5, 2, 0]
    perudo = cases["clean perudo"]
    calls = [r["call"] for r in perudo["js"]["rounds"] if r["call"] and r["call"]["call"] == "spot_on"]
    entries = [e["seq"] for e in perudo["export"]["entries"] if e["kind"] == "spot_on"]
    assert [c["seq"] for c in calls] == entries
    assert any(c["loser"] is None and c["diceGained"] == 1 for c in calls)
    assert any(r["palifico"] for r in perudo["js"]["rounds"])
