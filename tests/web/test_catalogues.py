"""Every language is one catalogue file that says everything English says: every key, the same
{placeholders}, as many plural forms as its CLDR categories for whole numbers; and the page
(Intl.PluralRules, through node) picks the same plural form as the server (Babel)."""
from __future__ import annotations

import json
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from referee.web.i18n import LANGUAGES, language_names, pick_language, plural_category, plural_index, translate, \
    whole_number_categories

CATALOG_DIR = Path(__file__).resolve().parents[2] / "referee" / "web" / "catalog"
PLURAL_CHECK = Path(__file__).parent / "js" / "plural_check.mjs"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def _raw(lang: str) -> dict[str, str]:
    return json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_the_languages_are_the_catalogue_files_spanish_among_them() -> None:
    assert set(LANGUAGES) == {path.stem for path in CATALOG_DIR.glob("*.json")}
    assert {"en", "ru", "es"} <= set(LANGUAGES)
    assert language_names() == {lang: _raw(lang)["_meta.name"] for lang in LANGUAGES}
    assert language_names()["es"] == "Español"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_catalogue_has_every_english_key_and_no_other(lang: str) -> None:
    english, other = _raw("en"), _raw(lang)
    assert sorted(set(english) - set(other)) == [], f"{lang}.json lacks these keys"
    assert sorted(set(other) - set(english)) == [], f"{lang}.json has keys English does not"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_string_has_the_placeholders_of_english(lang: str) -> None:
    english, other = _raw("en"), _raw(lang)
    mismatched = {key: sorted(_placeholders(other[key]) ^ _placeholders(english[key]))
                  for key in english if key in other and _placeholders(other[key]) != _placeholders(english[key])}
    assert mismatched == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plural_categories_are_the_languages_cldr_ones_and_every_plural_has_a_form_for_each(lang: str) -> None:
    english, other = _raw("en"), _raw(lang)
    categories = other["_meta.plural"].split("|")
    assert tuple(categories) == whole_number_categories(lang)
    for key, text in english.items():
        if key not in other or key.startswith("_meta."):
            continue
        forms = other[key].split("|")
        assert len(forms) == (len(categories) if "|" in text else 1), (lang, key, other[key])
        assert len({frozenset(_placeholders(form)) for form in forms}) == 1, (lang, key)


@pytest.mark.parametrize(
    ("lang", "n", "category", "text"),
    [("en", 1, "one", "1 die"), ("en", 0, "other", "0 dice"), ("ru", 21, "one", "21 кубик"),
     ("ru", 3, "few", "3 кубика"), ("ru", 11, "many", "11 кубиков"), ("es", 1, "one", "1 dado"),
     ("es", 0, "other", "0 dados"), ("es", 1_000_000, "many", "1000000 dados")],
)
def test_babel_picks_the_plural_form(lang: str, n: int, category: str, text: str) -> None:
    assert plural_category(lang, n) == category
    assert translate(lang, "unit.dice", n=n) == text


@pytest.mark.parametrize(("header", "lang"), [("es-ES,es;q=0.9,en;q=0.5", "es"), ("es-419", "es"),
                                              ("fr, es;q=0.5, ru;q=0.4", "es"), ("ES", "es")])
def test_accept_language_picks_spanish(header: str, lang: str) -> None:
    assert pick_language(header, None) == lang


def test_spanish_bids_read_naturally() -> None:
    def words(quantity: int, face: int) -> str:
        return translate("es", "bid.words", quantity=translate("es", f"number.{quantity}"),
                         face=translate("es", f"face.{face}", n=quantity))

    assert [words(4, 5), words(1, 6), words(3, 1)] == ["cuatro cincos", "un seis", "tres ases"]
    assert translate("es", "bid.liar") == "¡Dudo!" and translate("es", "call.spot_on") == "¡Calzo!"


def test_the_page_picks_the_plural_form_the_server_picks_for_0_to_200() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    done = subprocess.run([node, str(PLURAL_CHECK), *LANGUAGES], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    picked = json.loads(done.stdout)
    for lang in LANGUAGES:
        assert picked[lang] == [plural_index(lang, n) for n in range(201)], lang
    assert picked["ru"][:6] == [2, 0, 1, 1, 1, 2]


def test_a_regional_catalogue_is_picked_by_its_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.web import i18n

    monkeypatch.setattr(i18n, "LANGUAGES", (*LANGUAGES, "pt_BR"))
    assert pick_language("pt-BR,pt;q=0.9,en;q=0.5", None) == "pt_BR"
    assert pick_language("pt-PT, es;q=0.5", None) == "es"
