"""The browser's rules port (static/js/games/liars_dice/rules.js and its modules, run through node) plays
exactly as the Python engine: the same legal actions, events, states, counts and winner at every
step of random games under every valid combination of the house rules and under every preset; the
same refusal (class, code, and for a move not allowed now the message) for every probe; the same
settings, presets and conflicts. The bid control's logic (static/js/games/liars_dice/bid_choices.js) offers exactly the
engine's raises and calls, and gives for each refused bid a reason of the engine's code, worded in
both catalogues.

Error messages are compared for ``IllegalAction`` (and settings conflicts); a malformed input's message
quotes the value in each language's own notation, so only its class and code are compared.
"""
from __future__ import annotations

import functools
import json
import shutil
import string
import subprocess
from pathlib import Path
from collections.abc import Collection
from typing import Any

import pytest

from referee.games.liars_dice.rules import PRESETS

from tests.rules.js_jobs import Job, build_job, combinations

NODE = shutil.which("node")
AGREE = Path(__file__).parent / "js" / "agree.mjs"
CATALOG = Path(__file__).resolve().parents[2] / "referee" / "web" / "catalog"

REFUSALS = {"bid/face", "bid/quantity", "bid/not_higher", "bid/palifico_face", "bid/malformed", "call/own_bid",
            "call/no_bid", "call/not_in_game", "spot_on/off", "spot_on/bound", "action/not_your_turn", "action/wrong_phase",
            "action/seat", "action/malformed", "action/unknown", "game/over", "roll/hands", "roll_off/dice",
            "die/none", "die/value", "seat/out"}
EVENTS = {"round_started", "dice_rolled", "bid", "liar", "spot_on", "revealed", "die_lost", "player_out", "die_gained",
          "game_over", "next_round", "roll_off", "seat_order", "die_changed"}
SETTINGS_CODES = {"settings/malformed", "settings/unknown", "settings/out_of_range", "settings/not_boolean",
                  "settings/not_a_choice", "settings/conflict", "settings/preset"}
WHY = {"bid/face": {"bid.why.face", "bid.why.ones_wild", "bid.why.opening_ones"},
       "bid/quantity": {"bid.why.quantity_low", "bid.why.quantity_high"},
       "bid/palifico_face": {"bid.why.palifico_face"},
       "bid/not_higher": {"bid.why.not_higher", "bid.why.face_down", "bid.why.more_dice", "bid.why.into_ones",
                          "bid.why.out_of_ones", "bid.why.more_ones", "bid.why.palifico_more"}}
RULE_KEYS = {"bid.opening", "bid.opening_palifico", "bid.only_liar", "bid.must_raise", "bid.must_raise_face_up",
             "bid.must_raise_ones", "bid.must_raise_palifico"}
Agreement = tuple[Job, dict[str, Any]]
"""The job and node's answers to it."""


def run_node(inputs: dict[str, list[Any]], tmp: Path) -> dict[str, Any]:
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    path = tmp / "job.json"
    path.write_text(json.dumps(inputs))
    done = subprocess.run([NODE, str(AGREE), str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


@pytest.fixture(scope="module")
def agreement(tmp_path_factory: pytest.TempPathFactory) -> Agreement:
    job = build_job(seed=20261201)
    return job, run_node(job.inputs, tmp_path_factory.mktemp("rules-js"))


def comparable(outcome: dict[str, Any] | None, keep_message: str = "IllegalAction") -> dict[str, Any] | None:
    """The outcome without the message of an error whose message is not compared."""
    if outcome is None or "error" not in outcome or outcome["error"]["class"] == keep_message:
        return outcome
    return {"error": {k: v for k, v in outcome["error"].items() if k != "message"}}


def test_js_plays_every_step_of_every_game_as_python(agreement: Agreement) -> None:
    job, js = agreement
    for number, (game, python, mine) in enumerate(zip(job.inputs["games"], job.expected["games"], js["games"])):
        where = f"game {number} under {game['rules']}, seats {game['seats']}"
        assert len(mine["steps"]) == len(python["steps"]), f"{where}: the JS port stops at step {len(mine['steps'])}"
        for index, (step, want, got) in enumerate(zip(game["steps"], python["steps"], mine["steps"])):
            at = f"{where}, step {index}: {step['action']}"
            assert got["legal"] == want["legal"], f"{at}: legal actions"
            assert [comparable(o) for o in got["probes"]] == [comparable(o) for o in want["probes"]], \
                f"{at}: probes {step['probes']}"
            assert got["result"] == want["result"], at
        assert mine["final"]["legal"] == [] and mine["final"]["probes"] == python["final"]["probes"], where


def test_the_games_cover_thousands_of_steps_every_combination_and_every_preset(agreement: Agreement) -> None:
    job, _ = agreement
    games = job.inputs["games"]
    played = {json.dumps({k: v for k, v in g["rules"].items() if k not in ("dice_per_player", "max_players")},
                         sort_keys=True) for g in games}
    combos = {json.dumps({k: v for k, v in c.to_dict().items() if k not in ("dice_per_player", "max_players")},
                         sort_keys=True) for c in combinations()}
    assert sum(len(g["steps"]) for g in games) >= 5000
    assert combos <= played
    assert all(any(g["rules"] == PRESETS[name].to_dict() for g in games) for name in PRESETS)


def test_the_probes_meet_every_refusal_code_and_the_games_every_event(agreement: Agreement) -> None:
    job, _ = agreement
    outcomes = [o for g in job.expected["games"] for s in g["steps"] for o in (*s["probes"], s["result"])]
    outcomes += [o for g in job.expected["games"] for o in g["final"]["probes"]]
    codes = {o["error"]["code"] for o in outcomes if "error" in o}
    kinds = {e["kind"] for o in outcomes if "events" in o for e in o["events"]}
    assert REFUSALS <= codes and EVENTS <= kinds
    assert any("error" not in o and o["events"][0]["kind"] == "die_lost" for g in job.expected["games"]
               for s in g["steps"] for o in s["probes"]), "no probe took a penalty die"
    assert any(e["kind"] == "game_over" and e["data"].get("bound") == 400 for o in outcomes if "events" in o
               for e in o["events"]), "no game reached the bound on its rounds"


def test_js_reads_settings_and_presets_as_python(agreement: Agreement) -> None:
    job, js = agreement
    for item, want, got in zip(job.inputs["settings"], job.expected["settings"], js["settings"]):
        assert comparable(got, "SettingsConflict") == comparable(want, "SettingsConflict"), item
    codes = {o["error"]["code"] for o in job.expected["settings"] if "error" in o}
    assert SETTINGS_CODES <= codes and sum("error" not in o for o in job.expected["settings"]) >= 100


def test_js_starts_new_games_or_refuses_them_as_python(agreement: Agreement) -> None:
    job, js = agreement
    for item, want, got in zip(job.inputs["new_games"], job.expected["new_games"], js["new_games"]):
        assert comparable(got, "") == comparable(want, ""), item
    assert {"game/players", "game/opener"} <= {o["error"]["code"] for o in job.expected["new_games"] if "error" in o}


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOG / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def assert_worded(key: str, params: Collection[str]) -> None:
    """``key`` is in both catalogues and every placeholder of its text is among ``params``."""
    for lang in ("en", "ru"):
        text = catalogue(lang)[key]
        assert {field for _, field, _, _ in string.Formatter().parse(text) if field} <= set(params), (lang, key, params)


def test_the_bid_control_offers_the_engines_raises_and_calls(agreement: Agreement) -> None:
    job, js = agreement
    for item, want, got in zip(job.inputs["views"], job.expected["views"], js["views"]):
        raises = want["raises"]
        faces = sorted({face for _, face in raises})
        groups = [{"face": f, "lowest": min(q for q, g in raises if g == f), "highest": max(q for q, g in raises if g == f)}
                  for f in faces]
        offered = [(q, g["face"]) for g in groups for q in range(g["lowest"], g["highest"] + 1)]
        assert sorted(offered) == sorted(map(tuple, raises)), ("a face's quantities are not one run", item)
        assert got["choices"]["groups"] == groups, item
        assert got["choices"]["lowest"] == ({"quantity": raises[0][0], "face": raises[0][1]} if raises else None), item
        assert got["choices"]["liar"] is (want["seat"] in want["callers"]), item
        assert got["choices"]["spotOn"] is (want["seat"] in want["callers"] and want["spot_on"]), item
        assert got["rule"] in RULE_KEYS and (got["rule"] == "bid.only_liar") is (not raises and bool(item["view"]["bids"]))


def test_each_refused_bid_gets_a_reason_of_the_engines_code_in_both_languages(agreement: Agreement) -> None:
    job, js = agreement
    asked = 0
    for item, want, got in zip(job.inputs["views"], job.expected["views"], js["views"]):
        for (quantity, face), code, why in zip(item["ask"], want["why"], got["why"]):
            asked += 1
            assert (why and why["code"]) == code, (item, quantity, face, why)
            if why:
                assert why["key"] in WHY[code], (code, why)
                assert_worded(why["key"], why["params"])
        assert_worded(got["rule"], {"bid", "n"})
    assert asked >= 5000


# --- the bid control's words, case by case from the rule text (RULES.md A1 §7, A2) -------------------


def view(rules: dict[str, Any], total: int, bids: list[tuple[int, int]], *, dice: int = 5, palifico: bool = False,
         can_call: bool = True, can_spot_on: bool = False) -> dict[str, Any]:
    return {"rules": rules, "palifico": palifico, "dice": [3] * dice, "total_dice": total, "can_call": can_call,
            "can_spot_on": can_spot_on, "callers": [], "bids": [{"seat": 9, "quantity": q, "face": f} for q, f in bids]}


TAVERN, PERUDO, KUL_TIRAS = (PRESETS[name].to_dict() for name in ("tavern", "perudo", "kul_tiras"))
CASES = {
    "perudo over five fours": (view(PERUDO, 20, [(5, 4)], can_spot_on=True), [(2, 1), (5, 3), (3, 1)]),
    "perudo over three ones": (view(PERUDO, 20, [(3, 1)]), [(6, 6), (3, 1), (7, 2)]),
    "perudo opening": (view(PERUDO, 20, [], can_call=False), [(2, 1)]),
    "tavern over three fours": (view(TAVERN, 10, [(3, 4)]), [(3, 1), (3, 3), (0, 5), (11, 5), (3, 7), (3, 5)]),
    "kul tiras over five threes": (view(KUL_TIRAS, 10, [(5, 3)]), [(9, 2), (5, 3), (1, 4)]),
    "palifico, two dice": (view(PERUDO, 9, [(2, 5)], dice=2, palifico=True), [(3, 4), (2, 5), (3, 5)]),
    "palifico opening": (view(PERUDO, 9, [], dice=2, palifico=True, can_call=False), [(1, 1)]),
    "palifico, one die": (view(PERUDO, 9, [(2, 5)], dice=1, palifico=True), [(2, 4), (2, 6)]),
    "after ten sixes": (view(TAVERN, 10, [(10, 6)]), []),
}


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    inputs = {"games": [], "settings": [], "new_games": [], "views": [{"view": v, "ask": ask} for v, ask in CASES.values()]}
    return dict(zip(CASES, run_node(inputs, tmp_path_factory.mktemp("bid-words"))["views"]))


def groups(answer: dict[str, Any]) -> dict[int, tuple[int, int]]:
    return {g["face"]: (g["lowest"], g["highest"]) for g in answer["choices"]["groups"]}


def why(answer: dict[str, Any]) -> list[tuple[str, dict[str, Any]] | None]:
    return [w and (w["key"], {k: w["params"][k] for k in ("n", "low", "high") if k in w["params"]}) for w in answer["why"]]


def test_into_ones_takes_half_the_dice_rounded_up_and_out_of_ones_twice_plus_one(cases: dict[str, Any]) -> None:
    over_fours, over_ones = cases["perudo over five fours"], cases["perudo over three ones"]
    assert groups(over_fours) == {1: (3, 20), 2: (6, 20), 3: (6, 20), 4: (6, 20), 5: (5, 20), 6: (5, 20)}
    assert over_fours["choices"]["lowest"] == {"quantity": 5, "face": 5} and over_fours["rule"] == "bid.must_raise_ones"
    assert why(over_fours) == [("bid.why.into_ones", {"n": 3}), ("bid.why.not_higher", {}), None]
    assert over_fours["choices"]["liar"] is True and over_fours["choices"]["spotOn"] is True
    assert groups(over_ones)[2] == (7, 20) and groups(over_ones)[1] == (4, 20)
    assert why(over_ones) == [("bid.why.out_of_ones", {"n": 7}), ("bid.why.more_ones", {"n": 4}), None]
    assert why(cases["perudo opening"]) == [("bid.why.opening_ones", {})]
    assert cases["perudo opening"]["choices"]["liar"] is False and cases["perudo opening"]["rule"] == "bid.opening"


def test_tavern_reasons_name_the_wild_ones_the_raise_and_the_dice_in_play(cases: dict[str, Any]) -> None:
    answer = cases["tavern over three fours"]
    assert groups(answer) == {2: (4, 10), 3: (4, 10), 4: (4, 10), 5: (3, 10), 6: (3, 10)}
    assert why(answer) == [("bid.why.ones_wild", {}), ("bid.why.not_higher", {}),
                           ("bid.why.quantity_low", {}), ("bid.why.quantity_high", {"n": 10}),
                           ("bid.why.face", {"low": 2, "high": 6}), None]
    assert answer["why"][1]["params"] == {"quantity": 3, "face": 3, "standing_quantity": 3, "standing_face": 4}
    assert answer["rule"] == "bid.must_raise"
    after = cases["after ten sixes"]
    assert after["choices"]["groups"] == [] and after["choices"]["lowest"] is None and after["rule"] == "bid.only_liar"


def test_face_up_lets_a_higher_face_take_any_quantity_and_never_lets_the_face_go_down(cases: dict[str, Any]) -> None:
    answer = cases["kul tiras over five threes"]
    assert groups(answer) == {3: (6, 10), 4: (1, 10), 5: (1, 10), 6: (1, 10)}
    assert answer["choices"]["lowest"] == {"quantity": 6, "face": 3} and answer["rule"] == "bid.must_raise_face_up"
    assert why(answer) == [("bid.why.face_down", {}), ("bid.why.more_dice", {"n": 6}), None]


def test_palifico_keeps_the_face_unless_the_bidder_holds_one_die(cases: dict[str, Any]) -> None:
    two, opening, one = cases["palifico, two dice"], cases["palifico opening"], cases["palifico, one die"]
    assert groups(two) == {5: (3, 9)} and two["rule"] == "bid.must_raise_palifico"
    assert why(two) == [("bid.why.palifico_face", {}), ("bid.why.palifico_more", {"n": 3}), None]
    assert two["why"][0]["params"]["standing_face"] == 5
    assert groups(opening) == {face: (1, 9) for face in range(1, 7)} and opening["rule"] == "bid.opening_palifico"
    assert why(opening) == [None]
    assert groups(one) == {1: (3, 9), 2: (3, 9), 3: (3, 9), 4: (3, 9), 5: (3, 9), 6: (2, 9)}
    assert why(one) == [("bid.why.not_higher", {}), None] and one["rule"] == "bid.must_raise"
