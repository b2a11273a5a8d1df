"""Whisper lines in each player's own language (the language of their seat's newest connection,
else the referee's), none for a regular, and a regular named in the reader's language in them."""
from __future__ import annotations

from referee.web.i18n import translate

from .support import ALWAYS, evening


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
