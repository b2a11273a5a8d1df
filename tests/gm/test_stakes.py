"""Stakes, the pot, and the evening's scoreboard with its JSON and CSV exports."""
from __future__ import annotations

import csv
import io

from referee.gm.stakes import parse_stake, pot

from .support import evening, play_to_the_end


def test_a_stake_with_an_amount_has_a_unit_and_one_without_is_kept_as_text():
    assert parse_stake("1 gold").amount == "1" and parse_stake("1 gold").unit == "gold"
    assert parse_stake("10").amount == "10"
    assert parse_stake("0,25 золотого").amount == "0.25"
    assert parse_stake("одно желание").amount is None
    assert pot([parse_stake("1 gold"), parse_stake("1.5 gold"), parse_stake("a kiss")]) == \
        {"amounts": {"gold": "2.5"}, "items": ["a kiss"]}


def test_the_winner_takes_the_pot_and_the_scoreboard_counts_the_evening():
    night = evening(start=False)
    for seat, text in ((0, "1 gold"), (1, "2 gold")):
        assert night.ref("referee_stake", {"seat": seat, "text": text})["ok"]
    assert night.player_state(0)["gm"]["pot"] == {"amounts": {"gold": "3"}, "items": []}
    for _ in range(2):
        assert night.ref("referee_start")["ok"]
        assert night.ref("referee_stake", {"seat": 0, "text": "5 gold"})["code"] == "stakes/locked"
        play_to_the_end(night)
    scores = night.table.current.gm.scores
    assert [s.game for s in scores] == [1, 2] and all(s.pot["amounts"] == {"gold": "3"} for s in scores)
    board = night.harness.app.test_client().get(f"/t/{night.table_id}/scoreboard.json").get_json()
    assert sum(line["wins"] for line in board["standings"]) == 2
    assert all(line["games"] == 2 for line in board["standings"])
    winner = board["standings"][0]
    assert winner["pot_won"]["amounts"]["gold"] == str(3 * winner["wins"])
    reply = night.harness.app.test_client().get(f"/t/{night.table_id}/scoreboard.csv?download=1")
    assert reply.mimetype == "text/csv" and "attachment" in reply.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(reply.get_data(as_text=True))))
    assert rows[0] == ["name", "games", "wins", "gold", "other prizes"] and len(rows) == 3


def test_a_stake_is_cleared_with_an_empty_text_and_refused_for_an_empty_seat():
    night = evening(start=False)
    night.ref("referee_stake", {"seat": 0, "text": "1 silver"})
    night.ref("referee_stake", {"seat": 0, "text": ""})
    assert night.table.current.gm.stakes == {}
    assert night.ref("referee_stake", {"seat": 5, "text": "1 silver"})["code"] == "seat/none"
    assert night.ref("referee_stake", {"seat": 0, "text": "x" * 61})["code"] == "text/too_long"


def test_a_csv_cell_that_looks_like_a_formula_is_defused():
    night = evening(players=2, start=False)
    night.table.remove_seat(1)
    night.harness.join(night.table_id, "=HYPERLINK(1)")
    night.ref("referee_start")
    play_to_the_end(night)
    text = night.harness.app.test_client().get(f"/t/{night.table_id}/scoreboard.csv").get_data(as_text=True)
    assert "'=HYPERLINK(1)" in text
