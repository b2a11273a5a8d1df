"""The tutorial cannot teach something false: its scripted rounds (static/js/games/liars_dice/tutorial_script.js),
folded by the page's own module (tutorial_steps.js, run in node), are played through the real
rules engine at a tavern table. Every scripted bid is legal and made by the player whose turn it
is, every call is allowed, and the count and loser the script claims, the page shows and the
engine gives are one and the same. The rounds hold the rules page's examples (seed 000): the
hand 1,3,3,5,6 and Anna/Ben/Jem's six fours. Every step's text exists in both languages and has
every placeholder filled.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from referee.games.liars_dice.rules import Bid, CallLiar, MakeBid, Roll, Settings, apply, count_matching, legal_actions, new_game
from referee.games.liars_dice.rules.state import GameState
from referee.web.i18n import catalog

DUMP = Path(__file__).parent / "js" / "tutorial_dump.mjs"
UNFILLED = re.compile(r"\{\w+\}")


@pytest.fixture(scope="module")
def dump() -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    done = subprocess.run([node, str(DUMP)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def seat_of(dump: dict[str, Any], name: str) -> int:
    return int(dump["script"]["seats"].index(name))


def actor(dump: dict[str, Any], step: dict[str, Any]) -> int:
    return seat_of(dump, dump["script"]["learner"] if step["kind"].startswith("your_") else step["seat"])


def start(dump: dict[str, Any], round_index: int) -> GameState:
    """A fresh tavern game of the script's seats, the round's opener to bid, its cups rolled."""
    script = dump["script"]
    assert script["rules"] == {}, "the tutorial teaches the tavern rules"
    scripted = script["rounds"][round_index]
    state = new_game(Settings(), seats=range(len(script["seats"])), opener=seat_of(dump, scripted["opener"]))
    hands = tuple(tuple(scripted["hands"][name]) for name in script["seats"])
    return apply(state, Roll(hands)).state


def played(dump: dict[str, Any]) -> list[tuple[dict[str, Any], GameState, GameState]]:
    """Each step (with the table the page folds for it), the engine's state before its move and after
    it: a step shows another player's move as made; the learner's move is made by leaving the step."""
    states: dict[int, GameState] = {}
    out = []
    for position, entry in enumerate(dump["steps"]):
        round_index, step = entry["round"], entry["step"]
        before = states.setdefault(round_index, start(dump, round_index))
        if step["kind"] in ("bid", "your_bid"):
            action: MakeBid | CallLiar | None = MakeBid(actor(dump, step), Bid(step["quantity"], step["face"]))
        elif step["kind"] in ("call", "your_call"):
            action = CallLiar(actor(dump, step))
        else:
            action = None
        if action is not None:
            assert action in legal_actions(before), f"step {position}: {action} is not legal at a tavern table"
            states[round_index] = apply(before, action).state
        shown = before if step["kind"].startswith("your_") else states[round_index]
        out.append(({**entry, "table": dump["tables"][position], "position": position}, before, shown))
    return out


def test_every_scripted_bid_and_call_is_legal_and_made_in_turn(dump: dict[str, Any]) -> None:
    moves = [(entry, before) for entry, before, _ in played(dump) if entry["step"]["kind"] in ("bid", "your_bid", "call", "your_call")]
    assert len(moves) == 10
    for entry, before in moves:
        assert before.turn == actor(dump, entry["step"]), f"step {entry['position']} is played out of turn"


def test_the_learner_makes_a_bid_and_a_call_and_others_raise_and_call(dump: dict[str, Any]) -> None:
    kinds = [entry["step"]["kind"] for entry in dump["steps"]]
    assert {"bid", "your_bid", "wild", "call", "your_call", "reveal"} <= set(kinds)
    assert kinds[-1] == "end"


def test_the_page_folds_the_same_bids_dice_and_turn_as_the_engine(dump: dict[str, Any]) -> None:
    seats = dump["script"]["seats"]
    for entry, before, shown in played(dump):
        table, kind = entry["table"], entry["step"]["kind"]
        assert [(seat_of(dump, b["seat"]), b["quantity"], b["face"]) for b in table["bids"]] == [
            (b.seat, b.bid.quantity, b.bid.face) for b in shown.bids], entry["position"]
        dice = before if kind == "call" else shown  # the cups open at the call; the die goes at the reveal
        assert [table["counts"][name] for name in seats] == list(dice.counts), entry["position"]
        assert table["totalDice"] == dice.total_dice
        turn = None if kind in ("reveal", "end") else before.turn
        assert (None if table["turn"] is None else seats.index(table["turn"])) == turn, entry["position"]


def test_each_reveal_claims_the_engines_count_and_loser_and_the_page_shows_them(dump: dict[str, Any]) -> None:
    reveals = [(entry, state) for entry, _, state in played(dump) if entry["step"]["kind"] == "reveal"]
    assert len(reveals) == 2
    for entry, state in reveals:
        result, step, shown = state.result, entry["step"], entry["table"]["result"]
        assert result is not None
        assert step["count"] == result.count == shown["count"]
        assert seat_of(dump, step["loser"]) == result.loser == seat_of(dump, shown["loser"])
        assert seat_of(dump, shown["caller"]) == result.caller and seat_of(dump, shown["bidder"]) == result.bidder


def test_the_first_round_stands_on_an_exact_count_and_the_second_is_the_seeds_six_fours(dump: dict[str, Any]) -> None:
    first, second = (state.result for entry, _, state in played(dump) if entry["step"]["kind"] == "reveal")
    assert first is not None and second is not None
    assert first.count == first.bid.quantity and first.loser == first.caller  # exactly as many: the caller loses
    script = dump["script"]
    assert script["rounds"][1]["hands"] == {"anna": [1, 2, 4, 4, 6], "ben": [3, 3, 4, 5, 6], "jem": [1, 2, 2, 5, 6]}
    assert (second.bid, second.bidder, second.caller) == (Bid(6, 4), seat_of(dump, "ben"), seat_of(dump, "jem"))
    assert (second.count, second.loser) == (5, seat_of(dump, "ben"))


def test_the_wild_ones_step_counts_the_seeds_hand_as_the_rules_do(dump: dict[str, Any]) -> None:
    hand = dump["script"]["rounds"][0]["hands"][dump["script"]["learner"]]
    assert hand == [1, 3, 3, 5, 6]
    wild = [(position, entry) for position, entry in enumerate(dump["steps"]) if entry["step"]["kind"] == "wild"]
    assert len(wild) == 1
    position, entry = wild[0]
    assert dump["held"][position] == count_matching([hand], entry["step"]["face"], wild_ones=True) == 3
    english = dump["text"]["en"][position]
    assert "three threes, two fives, two sixes, one two and one four" in english  # RULES.md A1 §8, in words


def test_every_step_reads_in_both_languages_with_every_placeholder_filled(dump: dict[str, Any]) -> None:
    keys = {entry["step"]["key"] for entry in dump["steps"]} | {entry["step"]["wrong"] for entry in dump["steps"] if "wrong" in entry["step"]}
    keys |= {f"tutorial.name.{name}" for name in dump["script"]["seats"]}
    for lang in ("en", "ru"):
        assert keys <= set(catalog(lang)) and all(key.startswith("tutorial.") for key in keys)
        for position, text in enumerate(dump["text"][lang]):
            assert text and text != dump["steps"][position]["step"]["key"], (lang, position)
            assert not UNFILLED.search(text), (lang, position, text)
