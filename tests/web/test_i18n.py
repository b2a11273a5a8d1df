"""The message catalogue: Russian and English say the same things, and plurals agree with numbers."""
from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from referee.web.i18n import catalog, pick_language, plural_index, translate

CATALOG_DIR = Path(__file__).resolve().parents[2] / "referee" / "web" / "catalog"
TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "templates"
STATIC_JS_DIR = Path(__file__).resolve().parents[2] / "static" / "js"
KEY_CALL = re.compile(r"""\b[_t]\(\s*["']([a-z_]+\.[a-z0-9_./]+)["']""")


def _raw(lang: str) -> dict[str, str]:
    return json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_both_catalogues_have_the_same_keys() -> None:
    assert sorted(_raw("ru")) == sorted(_raw("en"))


def test_every_string_has_the_same_placeholders_in_both_languages() -> None:
    english, russian = _raw("en"), _raw("ru")
    mismatched = {key for key in english if _placeholders(english[key]) != _placeholders(russian[key])}
    assert mismatched == set()


def test_plural_strings_have_two_english_forms_and_three_russian_forms() -> None:
    english, russian = _raw("en"), _raw("ru")
    for key, text in english.items():
        forms = text.split("|")
        assert len(forms) in (1, 2), key
        assert len(russian[key].split("|")) == (3 if len(forms) == 2 else 1), key
        assert len({frozenset(_placeholders(form)) for form in forms + russian[key].split("|")}) == 1, key


def test_every_key_used_by_templates_and_scripts_exists() -> None:
    english = _raw("en")
    sources = [*TEMPLATES_DIR.glob("*.html"), *STATIC_JS_DIR.rglob("*.js")]
    used = {key for path in sources for key in _keys_in(path.read_text(encoding="utf-8"))}
    assert used, "no catalogue key found in templates or scripts"
    assert used - set(english) == set()


def _keys_in(source: str) -> set[str]:
    """Literal keys in ``_("key")`` (templates) and ``t("key")`` (scripts)."""
    return set(KEY_CALL.findall(source))


@pytest.mark.parametrize(
    ("accept_language", "cookie", "expected"),
    [
        (None, None, "en"),
        ("", None, "en"),
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", None, "ru"),
        ("en-GB,en;q=0.9,ru;q=0.8", None, "en"),
        ("de-DE,de;q=0.9,ru;q=0.5", None, "ru"),
        ("ru;q=0.3,en;q=0.7", None, "en"),
        ("fr, de", None, "en"),
        ("ru;q=0", None, "en"),
        ("ru-RU", "en", "en"),
        ("en-US", "ru", "ru"),
        ("ru-RU", "klingon", "ru"),
        ("ru;q=oops, en", None, "en"),
    ],
)
def test_the_lang_cookie_wins_then_the_browser_language_then_english(
    accept_language: str | None, cookie: str | None, expected: str
) -> None:
    assert pick_language(accept_language, cookie) == expected


@pytest.mark.parametrize(
    ("n", "russian", "english"),
    [
        (1, "1 кубик", "1 die"),
        (2, "2 кубика", "2 dice"),
        (4, "4 кубика", "4 dice"),
        (5, "5 кубиков", "5 dice"),
        (11, "11 кубиков", "11 dice"),
        (12, "12 кубиков", "12 dice"),
        (21, "21 кубик", "21 dice"),
        (22, "22 кубика", "22 dice"),
        (0, "0 кубиков", "0 dice"),
    ],
)
def test_dice_counts_take_the_plural_form_of_their_number(n: int, russian: str, english: str) -> None:
    assert translate("ru", "unit.dice", n=n) == russian
    assert translate("en", "unit.dice", n=n) == english


def test_plural_index_follows_russian_rules_for_teens_and_tens() -> None:
    assert [plural_index("ru", n) for n in (1, 3, 10, 13, 14, 101, 111, 104, 114)] == [0, 1, 2, 2, 2, 0, 2, 1, 2]


def test_bid_wording_reads_four_fives_in_both_languages() -> None:
    def words(lang: str, quantity: int, face: int) -> str:
        face_word = translate(lang, f"face.{face}", n=quantity)
        return translate(lang, "bid.words", quantity=translate(lang, f"number.{quantity}"), face=face_word)

    assert words("ru", 4, 5) == "четыре пятёрки"
    assert words("en", 4, 5) == "four fives"
    assert words("ru", 1, 6) == "одна шестёрка"
    assert words("ru", 7, 3) == "семь троек"
    assert words("en", 1, 6) == "one six"


def test_a_missing_key_falls_back_to_english_then_to_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.web import i18n

    english = dict(i18n._load("en"))
    russian = {key: value for key, value in i18n._load("ru").items() if key != "share.copy"}
    monkeypatch.setattr(i18n, "_load", lambda lang: russian if lang == "ru" else english)
    assert translate("ru", "share.copy") == "Copy link"
    assert translate("ru", "nothing.here") == "nothing.here"
    assert catalog("ru")["share.copy"] == "Copy link"


def test_an_unknown_language_reads_english() -> None:
    assert catalog("xx") == catalog("en")
    assert translate("xx", "reveal.next") == "Next round"
    assert translate("ru", "reveal.next") == "Следующий раунд"
    assert translate("ru", "bid.liar") == "Лжец!"


def test_a_missing_parameter_leaves_the_text_unfilled_rather_than_failing() -> None:
    assert translate("en", "over.winner") == "{name} wins!"


@pytest.mark.parametrize(
    ("quantity", "words"),
    [(1, "одна двойка"), (2, "две двойки"), (5, "пять двоек"), (11, "11 двоек"), (21, "21 двойка"), (22, "22 двойки")],
)
def test_russian_bid_sentences_keep_the_bid_in_the_nominative(quantity: int, words: str) -> None:
    """The bid words are nominative ("одна двойка"), so every sentence embeds them after a colon or in quotes."""
    number = catalog("ru").get(f"number.{quantity}", str(quantity))
    bid = translate("ru", "bid.words", quantity=number, face=translate("ru", "face.2", n=quantity))
    assert bid == words
    assert translate("ru", "bid.submit", bid=bid) == f"Ставлю: {words}"
    assert translate("ru", "announce.bid", name="Аня", bid=bid) == f"Аня ставит: {words}."
    assert translate("ru", "bid.only_liar", bid=bid) == f"Ставку «{words}» не перебить: остаётся только «Лжец!»."
