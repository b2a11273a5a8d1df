"""The lines a network bot prints for people, in English and Russian (``--lang``).

They live here, not in the pages' catalogue (``referee/web/catalog``): the network bot is a
program of its own that imports no part of the server's web layer. Both languages hold the
same keys with the same ``{placeholders}`` (``tests/netbot/test_words.py`` holds them to it).

>>> say("ru", "netbot.name", level="strong")
'Бот-гость (strong)'
>>> say("xx", "netbot.leaving", table="k3Jd9xQp")
'Leaving table k3Jd9xQp.'
"""
from __future__ import annotations

LANGUAGES = ("en", "ru")
"""The languages of ``--lang``; the first is the default."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "netbot.name": "Guest bot ({level})",
        "netbot.seated": "Seated at table {table}, seat {seat}, as {name}.",
        "netbot.won": "Game {game} is over: we won.",
        "netbot.lost": "Game {game} is over: seat {winner} won.",
        "netbot.refused": "The table refused our {event}: {code}.",
        "netbot.reconnecting": "Lost the connection; trying again in {seconds} s.",
        "netbot.seat_lost": "Our seat at table {table} is gone; leaving.",
        "netbot.leaving": "Leaving table {table}.",
        "netbot.no_bot": "No bot for a {family} table: {error}",
    },
    "ru": {
        "netbot.name": "Бот-гость ({level})",
        "netbot.seated": "Сели за стол {table}, место {seat}, под именем {name}.",
        "netbot.won": "Игра {game} окончена: мы выиграли.",
        "netbot.lost": "Игра {game} окончена: выиграло место {winner}.",
        "netbot.refused": "Стол не принял наш ход {event}: {code}.",
        "netbot.reconnecting": "Связь потеряна; пробуем снова через {seconds} с.",
        "netbot.seat_lost": "Нашего места за столом {table} больше нет; уходим.",
        "netbot.leaving": "Уходим из-за стола {table}.",
        "netbot.no_bot": "Нет бота для стола {family}: {error}",
    },
}
"""Every line, by language and key."""


def say(lang: str, key: str, **params: object) -> str:
    """The line ``key`` in ``lang`` (English for a language it does not have), ``params`` filled in."""
    words = WORDS.get(lang, WORDS[LANGUAGES[0]])
    return words.get(key, WORDS[LANGUAGES[0]].get(key, key)).format(**params)
