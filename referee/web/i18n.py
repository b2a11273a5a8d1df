"""The message catalogue: every string of every page, one JSON file per language.

A language is one file, ``referee/web/catalog/<lang>.json`` (``<lang>`` a BCP 47 code Babel knows:
``es``, ``pt_BR``), flat ``"key": "value"`` pairs as Weblate, Crowdin and Poedit edit them; the
site offers every language that has a file (``LANGUAGES``). Every file holds the same keys with
the same ``{placeholders}`` as English (tests/web/test_catalogues.py), and two of its own:

* ``_meta.name``: the language's name in itself, for the language switch ("Español");
* ``_meta.plural``: the CLDR plural categories its whole numbers take, in CLDR order (zero, one,
  two, few, many, other): ``one|other`` for English and Spanish, ``one|few|many`` for Russian.

A value with ``|`` holds plural forms in that order, chosen by the ``n`` parameter: the category
Babel's CLDR rules give ``n`` (``Intl.PluralRules`` in the page: static/js/wording.js) picks its
form; a category the file has no form for (Spanish "many" is for a million) takes the last one.

>>> translate("ru", "unit.dice", n=5)
'5 кубиков'
>>> translate("en", "unit.dice", n=1)
'1 die'
>>> translate("es", "unit.dice", n=2)
'2 dados'
>>> pick_language("ru-RU,ru;q=0.9,en;q=0.8", None)
'ru'
"""
from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale

from .page_strings import page_strings, pages_scripts

_CATALOG_DIR = Path(__file__).with_name("catalog")
LANGUAGES: tuple[str, ...] = tuple(sorted(path.stem for path in _CATALOG_DIR.glob("*.json")))
"""Every language the site speaks: one per catalogue file."""
DEFAULT = "en"
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
"""The order of CLDR's plural categories, the order of a plural value's forms."""


def language_names() -> dict[str, str]:
    """Each language's name in itself (its ``_meta.name``), by code.

    >>> language_names()["ru"]
    'Русский'
    """
    return {lang: _load(lang).get("_meta.name", lang) for lang in LANGUAGES}


def pick_language(accept_language: str | None, cookie: str | None) -> str:
    """The page language: the ``lang`` cookie wins, then the browser's Accept-Language (its first
    tag that names a catalogue, whole or by its primary language), else English.

    >>> pick_language("ru;q=0.5, en;q=0.9", None), pick_language("ru", "en"), pick_language(None, "xx")
    ('en', 'en', 'en')
    >>> pick_language("es-419,es;q=0.9", None)
    'es'
    """
    if cookie in LANGUAGES:
        return cookie
    known = {lang.lower(): lang for lang in LANGUAGES}  # a file pt_BR.json for the tag pt-br
    for tag in _ranked_tags(accept_language or ""):
        for code in (tag.replace("-", "_"), tag.split("-")[0]):
            if code in known:
                return known[code]
    return DEFAULT


def _ranked_tags(header: str) -> list[str]:
    """Language tags of an Accept-Language header, most wanted first (q=0 dropped)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().lower()))
    return [tag for _, _, tag in sorted(ranked)]


@cache
def _load(lang: str) -> dict[str, str]:
    with open(_CATALOG_DIR / f"{lang}.json", encoding="utf-8") as file:
        return json.load(file)


def catalog(lang: str) -> dict[str, str]:
    """Every string for ``lang``, English where ``lang`` lacks a key (a fresh dict each call)."""
    merged = dict(_load(DEFAULT))
    if lang in LANGUAGES:
        merged.update(_load(lang))
    return merged


def catalog_assets(static: Path | None = None) -> dict[str, bytes]:
    """Each language's catalogue as the JSON file the pages' scripts fetch (``catalog/<lang>.json``,
    served as a hashed asset, so a browser keeps it until the catalogue changes), and with the
    assets folder ``static`` each bundled page's share of it (``catalog/<page>.<lang>.json``:
    ``page_strings``), and for a page that plays one family, the share of each family
    (``catalog/table.poker_bluff.ru.json``: the other families' strings left out).

    >>> json.loads(catalog_assets()["catalog/ru.json"])["unit.dice"]
    '{n} кубик|{n} кубика|{n} кубиков'
    """
    scripts = None if static is None else tuple((path.relative_to(static).as_posix(), path.read_bytes())
                                                for path in sorted((static / "js").rglob("*.js")))
    return dict(_catalog_files(scripts))


@lru_cache(maxsize=8)
def _catalog_files(scripts: tuple[tuple[str, bytes], ...] | None) -> tuple[tuple[str, bytes], ...]:
    """``catalog_assets`` of these scripts (by their content, as each catalogue is read once a process:
    every app of a test run makes the pages' shares once)."""
    def encoded(strings: dict[str, str]) -> bytes:
        return json.dumps(strings, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    catalogs = {lang: catalog(lang) for lang in LANGUAGES}
    made = {f"catalog/{lang}.json": encoded(strings) for lang, strings in catalogs.items()}
    if scripts is not None:
        for (page, family), texts in pages_scripts(dict(scripts)).items():
            share = f"{page}.{family}" if family else page
            made.update({f"catalog/{share}.{lang}.json": encoded(page_strings(strings, texts))
                         for lang, strings in catalogs.items()})
    return tuple(made.items())


def translate(lang: str, key: str, **params: object) -> str:
    """The string for ``key`` in ``lang`` (else English, else the key), with ``params`` filled in.

    >>> translate("en", "bid.short", quantity=4, face=5)
    '4 × 5'
    >>> translate("ru", "no.such.key")
    'no.such.key'
    """
    text = catalog(lang).get(key, key)
    if "|" in text:
        text = _plural_form(lang, text.split("|"), params.get("n"))
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def regular_name(lang: str, name: str) -> str:
    """A regular's bar name (as logged: Бочка) in ``lang`` (``regular.<name>``), a name the
    catalogue does not know as it is.

    >>> regular_name("en", "Бочка"), regular_name("es", "Бочка"), regular_name("en", "Anna")
    ('Barrel', 'Barril', 'Anna')
    """
    return catalog(lang).get(f"regular.{name}", name)


def _plural_form(lang: str, forms: list[str], n: object) -> str:
    count = n if isinstance(n, int) else 0
    return forms[min(plural_index(lang, count), len(forms) - 1)]


@cache
def plural_forms(lang: str) -> tuple[str, ...]:
    """The CLDR categories of a plural value's forms in ``lang``, in order (its ``_meta.plural``).

    >>> plural_forms("ru"), plural_forms("es")
    (('one', 'few', 'many'), ('one', 'other'))
    """
    return tuple(catalog(lang).get("_meta.plural", "one|other").split("|"))


@cache
def _rule(lang: str):  # type: ignore[no-untyped-def]
    return Locale.parse(lang if lang in LANGUAGES else DEFAULT).plural_form


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (Babel's rules).

    >>> [plural_category("ru", n) for n in (1, 2, 5)], plural_category("es", 1_000_000)
    (['one', 'few', 'many'], 'many')
    """
    return str(_rule(lang)(n))


def whole_number_categories(lang: str) -> tuple[str, ...]:
    """The categories the whole numbers below a thousand take in ``lang``, in CLDR order: what its
    ``_meta.plural`` must list.

    >>> whole_number_categories("ru"), whole_number_categories("en")
    (('one', 'few', 'many'), ('one', 'other'))
    """
    taken = {plural_category(lang, n) for n in range(1000)}
    return tuple(category for category in CLDR_ORDER if category in taken)


def plural_index(lang: str, n: int) -> int:
    """Which plural form fits ``n``: its CLDR category's place in ``plural_forms``, the last
    form for a category the language has no form for.

    >>> [plural_index("ru", n) for n in (1, 2, 5, 11, 21, 22, 25)]
    [0, 1, 2, 2, 0, 1, 2]
    >>> [plural_index("en", n) for n in (0, 1, 2)], [plural_index("es", n) for n in (0, 1, 2, 1_000_000)]
    ([1, 0, 1], [1, 0, 1, 1])
    """
    forms = plural_forms(lang)
    category = plural_category(lang, n)
    return forms.index(category) if category in forms else len(forms) - 1
