"""What a network bot sends for each state, without a server: once per turn, with ``against``,
seeds kept across a reconnect, refusals retried only when the turn did not move on, and a
broken outside bot costing its turn, never the seat."""
from __future__ import annotations

import ast
from pathlib import Path

from referee.games.liars_dice.bots.registry import make_bot
from referee.netbot.seat import TRIES, Seat, Send

NETBOT = Path(__file__).resolve().parents[2] / "referee" / "netbot"


def state(phase: str = "bidding", turn: int | None = 1, bids: int = 0, round_no: int = 1, **game: object) -> dict:
    view = {"game": 1, "round": round_no, "phase": phase, "seat": 1, "seats_in_game": [0, 1], "dice": [3, 5],
            "dice_counts": {"0": 2, "1": 2}, "total_dice": 4, "turn": turn, "opener": 0, "palifico": False,
            "bids": [{"seat": i % 2, "quantity": 1 + i, "face": 2} for i in range(bids)],
            "callers": [turn] if bids and turn is not None else [], "can_call": bool(bids) and turn == 1,
            "can_spot_on": False, "result": None, "winner": None, "rules": {"wild_ones": True}, **game}
    return {"you": {"seat": 1}, "game": view}


class Recorder:
    """Calls Liar whenever it may, else opens; remembers every event it observed."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def act(self, view: dict) -> dict | None:
        return {"type": "liar"} if view["can_call"] else {"type": "bid", "quantity": 1, "face": 6}

    def observe(self, event: dict) -> None:
        self.seen.append(event["kind"])


class Broken:
    def act(self, view: dict) -> dict:
        raise RuntimeError("a bug in somebody's bot")


def test_a_turn_is_answered_once_however_many_states_show_it():
    seat = Seat(Recorder())
    first = seat.on_state(state(bids=1))
    assert first == [Send("liar", {"against": {"game": 1, "round": 1, "bids": 1}}, "think")]
    assert seat.on_state(state(bids=1)) == []


def test_a_move_the_table_moved_past_is_dropped_and_any_other_refusal_is_decided_again_a_few_times():
    seat = Seat(Recorder())
    (move,) = seat.on_state(state(bids=1))
    assert seat.refused(move, "action/stale") == [] and seat.on_state(state(bids=1)) == []
    seat = Seat(Recorder())
    for _ in range(TRIES - 1):
        (move,) = seat.on_state(state(bids=1))
        assert seat.refused(move, "game/paused") == [Send("sync", {}, "now")]
    (move,) = seat.on_state(state(bids=1))
    assert seat.refused(move, "game/paused") == [] and seat.on_state(state(bids=1)) == []


def test_the_same_seed_is_sent_again_after_a_reconnect_and_a_new_round_gets_a_new_one():
    seeds = iter(["aa" * 32, "bb" * 32])
    seat = Seat(Recorder(), seed_source=lambda: next(seeds))
    rolling = state("rolling", turn=None)
    assert seat.on_state(rolling) == [Send("seed", {"round": 1, "seed": "aa" * 32}, "now")]
    assert seat.on_state(rolling) == []
    seat.reconnected()
    assert seat.on_state(rolling) == [Send("seed", {"round": 1, "seed": "aa" * 32}, "now")]
    assert seat.on_state(state("rolling", turn=None, round_no=2))[0].payload["seed"] == "bb" * 32


def test_a_reveal_is_answered_by_next_round_naming_it_and_a_spectator_sends_nothing():
    seat = Seat(Recorder())
    result = {"bidder": 0, "caller": 1, "quantity": 1, "face": 2, "hands": {"0": [2, 2], "1": [3, 5]},
              "count": 2, "loser": 1, "dice_lost": 1, "call": "liar"}
    assert seat.on_state(state("revealed", turn=None, bids=1, result=result)) == [
        Send("next_round", {"game": 1, "round": 1}, "reveal")]
    assert seat.bot.seen == ["round_started", "bid", "liar", "revealed"]
    assert seat.on_state({"you": {"seat": None}, "game": state()["game"]}) == []


def test_a_seat_not_to_act_is_asked_only_when_it_may_call_and_no_call_sends_nothing():
    seat = Seat(make_bot("medium", seed=1))
    assert seat.on_state(state(turn=0, bids=1)) == []
    asked = Seat(make_bot("referee.games.liars_dice.bots.yardsticks:RandomBot", seed=1))
    answers = asked.on_state(state(turn=0, bids=1, callers=[0, 1], can_call=True))
    assert answers in ([], [Send("liar", {"against": {"game": 1, "round": 1, "bids": 1}}, "think")])


def test_an_outside_bot_that_raises_loses_its_turn_not_the_seat():
    seat = Seat(Broken())
    assert seat.on_state(state()) == []
    assert seat.on_state(state("rolling", turn=None, round_no=2))[0].event == "seed"


def project_imports(paths) -> set[str]:  # noqa: ANN001
    imported = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    return {name for name in imported if name.startswith("referee")}


FAMILY_PARTS = {"referee.games.liars_dice.netbot", "referee.games.poker_bluff.netbot"}
"""The network bot's part of each family, in the family's folder (``referee.netbot.families`` names them)."""


def test_the_network_bot_imports_no_part_of_the_server():
    assert project_imports([NETBOT / "families.py"]) >= FAMILY_PARTS
    parts = [NETBOT.parents[1] / (name.replace(".", "/") + ".py") for name in sorted(FAMILY_PARTS)]
    imported = project_imports([*NETBOT.glob("*.py"), *parts])
    imported -= FAMILY_PARTS | {name for name in imported if name.startswith("referee.netbot.")}
    assert imported == {"referee.games.liars_dice.bots.registry", "referee.games.poker_bluff.bots.registry", "referee.state_parts"}
    assert not any(name.startswith("referee.web") for name in imported)  # its words are its own (netbot.words)
    assert project_imports([NETBOT.parent / "state_parts.py"]) == set()  # the clients' merge imports nothing either
