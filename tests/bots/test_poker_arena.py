"""The poker-dice arena: deterministic for a seed, fair starters, brackets for more bots, faults counted."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.games.poker_bluff.arena import forfeit, play_poker_arena, poker_arena_main, run_poker_arena
from referee.cli import main
from referee.games.poker_bluff.rules import Phase, PokerSettings, new_game

ROOT = Path(__file__).resolve().parents[2]


def wins(report: dict) -> list[tuple[str, int, int]]:
    return [(b["name"], b["wins"], b["illegal_actions"]) for b in report["bots"]]


def test_the_arena_is_deterministic_for_a_seed() -> None:
    first = run_poker_arena(["strong", "medium"], games=6, seed=4)
    assert wins(run_poker_arena(["strong", "medium"], games=6, seed=4)) == wins(first)
    assert first["games"] == 6 and sum(b["wins"] for b in first["bots"]) == 6


def test_the_button_alternates_between_the_two_bots(tmp_path) -> None:
    run_poker_arena(["easy", "random"], games=4, seed=1, audit_out=str(tmp_path))
    buttons = []
    for game in range(1, 5):
        entries = json.loads((tmp_path / f"game-{game:04d}.json").read_text())["entries"]
        names = {e["public"]["seat"]: e["public"]["name"] for e in entries if e["kind"] == "seat_taken"}
        started = next(e["public"] for e in entries if e["kind"] == "game_started")
        assert started["opener"] == started["seats"][0]
        buttons.append(names[started["opener"]])
    assert buttons == ["easy", "random", "easy", "random"]


def test_under_two_games_each_match_alternates_starters_and_has_a_winner() -> None:
    tallies = play_poker_arena(["medium", "random"], games=3, seed=2, settings=PokerSettings(tokens=1, two_games=True))
    assert sum(t.wins for t in tallies) == 3 and all(t.illegal_actions == 0 for t in tallies)


def test_more_than_two_bots_play_a_bracket_and_the_champion_scores() -> None:
    report = run_poker_arena(["strong", "random", "random", "random"], games=8, seed=3)
    assert sum(b["wins"] for b in report["bots"]) == 8
    assert report["bots"][0]["wins"] == 8


def test_a_bracket_of_five_has_a_bye_and_still_one_champion_a_game() -> None:
    report = run_poker_arena(["medium", "easy", "easy", "random", "random"], games=5, seed=6)
    assert sum(b["wins"] for b in report["bots"]) == 5 and all(b["illegal_actions"] == 0 for b in report["bots"])


def test_an_illegal_action_costs_the_round_and_is_counted() -> None:
    report = run_poker_arena(["tests.bots.poker_helpers:Cheater", "medium"], games=3, seed=3)
    cheater, medium = report["bots"]
    assert cheater["wins"] == 0 and medium["wins"] == 3 and medium["illegal_actions"] == 0
    assert cheater["illegal_actions"] == 9  # every round is a fault (a malformed declaration, or keeping five dice)


def test_a_crashing_bot_forfeits_its_rounds() -> None:
    report = run_poker_arena(["tests.bots.poker_helpers:Crasher", "random"], games=2, seed=3)
    assert wins(report)[0] == ("tests.bots.poker_helpers:Crasher", 0, 6)


def test_a_forfeit_gives_a_token_and_the_next_round_to_the_other_player() -> None:
    step = forfeit(new_game(PokerSettings(tokens=3), (0, 1), 0), 0, "raised")
    assert step.state.tokens == (2, 4) and step.state.phase is Phase.ROLLING
    assert step.state.starter == 1 and step.state.round_no == 2
    assert [e.kind for e in step.events] == ["forfeit", "next_round"]


def test_an_arena_needs_two_bots() -> None:
    with pytest.raises(ValueError):
        run_poker_arena(["strong"], games=1, seed=0)


def test_the_command_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "poker_bluff", "--bot", "easy", "--bot", "random", "--games", "3",
                 "--tokens", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and [b["name"] for b in report["bots"]] == ["easy", "random"]
    assert poker_arena_main(["--bot", "easy", "--bot", "random", "--games", "2", "--two-games"]) == 0
    assert "95 % CI" in capsys.readouterr().out


def test_the_command_refuses_a_game_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "chess", "--bot", "easy", "--bot", "random"]) == 2
    assert "--game is one of liars_dice, poker_bluff" in capsys.readouterr().err


def test_the_command_refuses_bad_settings() -> None:
    result = subprocess.run([sys.executable, "-c", "from referee.games.poker_bluff.arena import poker_arena_main; "
                             "poker_arena_main(['--bot', 'easy', '--bot', 'easy', '--tokens', '11'])"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "tokens must be an integer from 1 to 10" in result.stderr
