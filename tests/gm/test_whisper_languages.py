"""Whisper lines in each player's own language (the language of their seat's newest connection,
else the referee's), none for a regular, and a regular named in the reader's language in them."""
from __future__ import annotations

from referee.web.i18n import translate

from .support import ALWAYS, evening, play_to_the_end


def test_each_players_lines_are_in_their_own_language_and_a_regular_gets_none() -> None:
    night = evening(players=2, start=False)
    bot = night.ref("referee_add_bot", {"level": "easy"})["seat"]
    russian = night.harness.socketio.test_client(night.harness.app, headers={"Accept-Language": "ru-RU,ru;q=0.9"},
                                                 auth={"table": night.table_id, "token": night.tokens[0]})
    assert russian.is_connected()
    assert night.ref("referee_start")["ok"]
    relay = {entry["seat"]: entry["lines"] for entry in night.referee_state()["gm"]["whispers"]}
    assert sorted(relay) == [0, 1], relay  # the regular (seat 2) has no lines: nobody reads them
    assert bot == 2
    assert relay[0][0].startswith("Анна: Твои кубики: "), relay[0]
    assert relay[1][0].startswith("Бен: Your dice: "), relay[1]


def test_a_regular_in_a_whisper_line_is_named_in_the_readers_language() -> None:
    night = evening(players=1, start=False)
    bot = night.ref("referee_add_bot", {"level": "easy"})["seat"]
    regular = night.table.current.seats[bot].name
    assert night.ref("referee_start")["ok"]
    attempt = night.say(0, "cheat", {"kind": "mind_reading", "target": bot, "description": "…"})["attempt"]
    assert night.ref("referee_judge", {"attempt": attempt, "difficulty": ALWAYS})["ok"]
    english = translate("en", f"regular.{regular}")
    assert english != regular
    line = next(line for line in night.referee_state()["gm"]["whispers"][0]["lines"] if "shows" in line)
    assert f"of {english} shows" in line and regular not in line, line

    night.harness.socketio.test_client(night.harness.app, headers={"Accept-Language": "es"},
                                       auth={"table": night.table_id, "token": night.tokens[0]})
    lines = night.referee_state()["gm"]["whispers"][0]["lines"]
    spanish = translate("es", f"regular.{regular}")
    assert any(f"de {spanish} muestra" in line for line in lines), lines


def test_the_scoreboard_export_names_a_regular_in_the_readers_language() -> None:
    night = evening(players=1, start=False)
    bot = night.ref("referee_add_bot", {"level": "easy"})["seat"]
    regular = night.table.current.seats[bot].name
    assert night.ref("referee_start")["ok"]
    play_to_the_end(night)
    http = night.harness.app.test_client()
    for lang in ("en", "ru", "es"):
        board = http.get(f"/t/{night.table_id}/scoreboard.json", headers={"Accept-Language": lang}).get_json()
        names = sorted(line["name"] for line in board["standings"])
        assert names == sorted(["Анна", translate(lang, f"regular.{regular}")]), (lang, names)
        assert {name for game in board["games"] for name in game["players"]} == set(names)
    text = http.get(f"/t/{night.table_id}/scoreboard.csv", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert translate("en", f"regular.{regular}") in text and regular not in text
