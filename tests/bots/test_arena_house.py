"""The arena under the house rules: presets and --rules, the roll-off through committed draws, spot on
entries, out-of-turn calls resolved clockwise from the player to act, and exports the verifier accepts."""
from __future__ import annotations

import json

import pytest

from referee.games.liars_dice.arena import arena_main, run_arena
from referee.fairness.verify import verify_export
from referee.games.liars_dice.rules import PRESETS, RollOff, Settings, apply, new_game, pending_roll_off

from .helpers import ViewRecorder

HELPERS = "tests.bots.helpers:"


def entries_of(tmp_path, name="game-0001.json"):
    return json.loads((tmp_path / name).read_text())["entries"]


def test_the_arena_command_takes_a_preset_and_rules_on_top(tmp_path):
    assert arena_main(["--bot", "easy", "--bot", "medium", "--games", "1", "--preset", "perudo",
                       "--rules", '{"dice_per_player": 2, "challenge": "anyone"}', "--audit-out", str(tmp_path)]) == 0
    rules = entries_of(tmp_path)[0]["public"]["rules"]
    assert Settings.from_dict(rules) == Settings(dice_per_player=2, bids_on_ones=True, spot_on=True, palifico=True,
                                                 challenge="anyone")


@pytest.mark.parametrize("rules, says", [
    ("{dice: 3}", "--rules is not JSON"),
    ("[1, 2]", "--rules is a JSON object of switches"),
    ('{"loss": "elimination"}', "bad rules (settings/conflict): palifico needs loss = one_die or difference"),
    ('{"dice": 3}', "bad rules (settings/unknown): unknown setting(s): dice"),
])
def test_bad_rules_are_refused_with_a_clear_error_and_status_2(capsys, rules, says):
    with pytest.raises(SystemExit) as stop:
        arena_main(["--bot", "easy", "--bot", "medium", "--preset", "perudo", "--rules", rules])
    assert stop.value.code == 2 and says in capsys.readouterr().err


def test_an_unknown_preset_is_refused_with_status_2(capsys):
    with pytest.raises(SystemExit) as stop:
        arena_main(["--bot", "easy", "--bot", "medium", "--preset", "vegas"])
    assert stop.value.code == 2 and "vegas" in capsys.readouterr().err


def test_the_roll_off_is_thrown_as_committed_draws_and_decides_the_seat_order(tmp_path):
    run_arena(["easy", "medium", "strong", "random"], games=3, seed=4, settings=PRESETS["kul_tiras"],
              audit_out=str(tmp_path))
    for name in ("game-0001.json", "game-0002.json", "game-0003.json"):
        entries = entries_of(tmp_path, name)
        kinds = [e["kind"] for e in entries]
        assert entries[kinds.index("game_started")]["public"]["opener"] is None
        first_deal = kinds.index("round_dealt")
        throws = entries[kinds.index("game_opened") + 1:first_deal]
        assert throws and [e["kind"] for e in throws] == ["draw_committed", "draw_revealed", "roll_off"] * (len(throws) // 3)
        state = new_game(PRESETS["kul_tiras"], (0, 1, 2, 3), None)
        for k, (committed, revealed, logged) in enumerate(zip(throws[::3], throws[1::3], throws[2::3]), start=1):
            seats = pending_roll_off(state)
            assert committed["public"]["purpose"] == {"kind": "roll_off", "ref": 1, "counter": k}
            assert [r["label"] for r in revealed["public"]["results"]] == [f"seat {s}" for s in sorted(seats) for _ in "ab"]
            values = [r["value"] for r in revealed["public"]["results"]]
            dice = {str(s): values[2 * i:2 * i + 2] for i, s in enumerate(sorted(seats))}
            assert logged["public"] == {"game": 1, "counter": k, "draw": committed["public"]["draw"], "dice": dice}
            assert committed["public"]["draw"] == revealed["public"]["draw"] == k
            state = apply(state, RollOff(tuple(tuple(dice.get(str(s), ())) for s in state.seats))).state
        assert not pending_roll_off(state)
        first_bid = next(e for e in entries if e["kind"] == "bid")
        assert first_bid["public"]["seat"] == state.opener == state.seats[0]


def test_the_bots_see_the_roll_off_in_their_view():
    ViewRecorder.views.clear()
    run_arena([HELPERS + "ViewRecorder"] * 3, games=1, seed=2, settings=PRESETS["kul_tiras"])
    roll_off = ViewRecorder.views[0]["roll_off"]
    assert roll_off["throws"] and roll_off["seat_order"] == ViewRecorder.views[0]["seat_order"]
    sums = {seat: sum(d) for seat, d in roll_off["throws"][0]["dice"].items()}
    assert [sums[str(s)] for s in roll_off["seat_order"]] == sorted(sums.values(), reverse=True)


def test_a_spot_on_is_logged_with_its_seat_and_revealed(tmp_path):
    run_arena([HELPERS + "SpotCaller", HELPERS + "Raiser"], games=1, seed=1, settings=PRESETS["perudo"],
              audit_out=str(tmp_path))
    entries = entries_of(tmp_path)
    kinds = [e["kind"] for e in entries]
    spot = kinds.index("spot_on")
    assert entries[spot]["public"] == {"seat": entries[spot - 1]["public"]["seat"] ^ 1}
    assert kinds[spot + 1] == "round_revealed"


def test_out_of_turn_the_first_caller_clockwise_from_the_player_to_act_calls(tmp_path):
    line_up = [HELPERS + "Raiser", HELPERS + "Raiser", HELPERS + "EagerCaller", HELPERS + "EagerCaller"]
    run_arena(line_up, games=1, seed=1, settings=Settings(challenge="anyone"), audit_out=str(tmp_path))
    entries = [e for e in entries_of(tmp_path) if e["kind"] in ("bid", "liar")]
    # seat 0 opens; seat 1 is to act and raises, but seats 2 and 3 would call seat 0's bid: seat 2 comes first
    assert [(e["kind"], e["public"]["seat"]) for e in entries[:2]] == [("bid", 0), ("liar", 2)]


def test_under_elimination_a_fault_costs_the_game():
    report = run_arena([HELPERS + "Cheater", "medium"], games=2, seed=3, settings=PRESETS["kul_tiras"])
    assert [(b["wins"], b["illegal_actions"]) for b in report["bots"]] == [(0, 2), (2, 0)]


@pytest.mark.parametrize("preset", ["kul_tiras", "perudo"])
def test_arena_exports_under_a_preset_verify(tmp_path, preset):
    run_arena(["strong", "medium", "easy"], games=2, seed=6, settings=PRESETS[preset], audit_out=str(tmp_path))
    for name in ("game-0001.json", "game-0002.json"):
        export = json.loads((tmp_path / name).read_text())
        report = verify_export(export)
        assert report.ok, [str(c) for c in report.failures]
