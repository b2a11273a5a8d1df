"""The odds hint (static/js/games/liars_dice/odds.js, run through node) against an exact enumeration of the unseen
dice in Python (every outcome counted with the engine's count_matching), and against the bots'
binomial (referee.games.liars_dice.bots.odds) for tables too big to enumerate, on many random cases."""
from __future__ import annotations

import itertools
import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path

from referee.games.liars_dice.bots.odds import bid_odds
from referee.games.liars_dice.rules import Settings, count_matching

CHECK = Path(__file__).parent / "js" / "odds_check.mjs"
RULES = [{}, {"wild_ones": False}, {"bids_on_ones": True}, {"palifico": True}, {"bids_on_ones": True, "palifico": True}]


def node_odds(cases, tmp_path):
    job = tmp_path / "odds_job.json"
    job.write_text(json.dumps(cases))
    done = subprocess.run(["/usr/bin/node", str(CHECK), str(job)], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def random_case(rng, unseen_max):
    rules = Settings.from_dict(rng.choice(RULES)).to_dict()
    own = rng.randint(1, 5)
    unseen = rng.randint(0, unseen_max)
    palifico = rules.get("palifico", False) and rng.random() < 0.5
    faces = range(1, 7)
    bid = {"quantity": rng.randint(1, own + unseen), "face": rng.choice(faces)}
    standing = {"seat": 1, "quantity": rng.randint(1, own + unseen), "face": rng.choice(faces)}
    view = {"rules": rules, "palifico": palifico, "dice": [rng.randint(1, 6) for _ in range(own)],
            "total_dice": own + unseen, "bids": [standing] if rng.random() < 0.8 else []}
    return {"view": view, "bid": bid}


def wild_in(view):
    return Settings.from_dict(view["rules"]).wild_ones and not view["palifico"]


def enumerated(view, bid):
    """The exact chance, outcome by outcome: every way the unseen dice can fall, counted as a reveal counts."""
    unseen = view["total_dice"] - len(view["dice"])
    true = 0
    for others in itertools.product(range(1, 7), repeat=unseen):
        count = count_matching([view["dice"], others], bid["face"], wild_ones=wild_in(view))
        true += count >= bid["quantity"]
    return Fraction(true, 6 ** unseen)


def test_the_page_gives_the_exact_chance_of_a_bid_on_small_tables(tmp_path):
    rng = random.Random(11)
    cases = [random_case(rng, unseen_max=4) for _ in range(400)]
    answers = node_odds(cases, tmp_path)
    for case, answer in zip(cases, answers):
        view = case["view"]
        assert abs(answer["bid"] - float(enumerated(view, case["bid"]))) < 1e-12, case
        if view["bids"]:
            assert abs(answer["standing"] - float(enumerated(view, view["bids"][-1]))) < 1e-12, case
        else:
            assert answer["standing"] is None


def test_the_page_agrees_with_the_bots_binomial_on_big_tables(tmp_path):
    rng = random.Random(12)
    cases = [random_case(rng, unseen_max=75) for _ in range(400)]
    for case, answer in zip(cases, node_odds(cases, tmp_path)):
        view, bid = case["view"], case["bid"]
        unseen = view["total_dice"] - len(view["dice"])
        expected = bid_odds((bid["quantity"], bid["face"]), view["dice"], unseen, wild_in(view))
        assert abs(answer["bid"] - expected) < 1e-9, case


def test_a_sure_or_hopeless_bid_is_never_rounded_to_look_like_the_other(tmp_path):
    view = {"rules": {}, "palifico": False, "dice": [4, 1], "total_dice": 40, "bids": []}
    cases = [{"view": view, "bid": {"quantity": q, "face": 4}} for q in (2, 3, 30, 40)]
    cases.append({"view": {**view, "dice": [2, 3], "total_dice": 3}, "bid": {"quantity": 3, "face": 4}})
    assert [a["percent"] for a in node_odds(cases, tmp_path)] == ["100", ">99", "<1", "<1", "0"]
