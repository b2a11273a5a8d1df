"""The message catalogue: every string of every page, in Russian and English.

The catalogues live in ``referee/web/catalog/<lang>.json`` and hold the same keys with the
same ``{placeholders}``. A value with ``|`` holds plural forms, chosen by the ``n`` parameter:
English has two (one, other), Russian three (one, few, many).

>>> translate("ru", "unit.dice", n=5)
'5 кубиков'
>>> translate("en", "unit.dice", n=1)
'1 die'
>>> pick_language("ru-RU,ru;q=0.9,en;q=0.8", None)
'ru'
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from .page_strings import page_strings, pages_scripts

Lang = Literal["ru", "en"]
LANGUAGES: tuple[Lang, ...] = ("en", "ru")
DEFAULT: Lang = "en"
_CATALOG_DIR = Path(__file__).with_name("catalog")


def pick_language(accept_language: str | None, cookie: str | None) -> Lang:
    """The page language: the ``lang`` cookie wins, then the browser's Accept-Language, else English.

    >>> pick_language("ru;q=0.5, en;q=0.9", None), pick_language("ru", "en"), pick_language(None, "xx")
    ('en', 'en', 'en')
    """
    if cookie in LANGUAGES:
        return cookie
    for tag in _ranked_tags(accept_language or ""):
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
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
def _load(lang: Lang) -> dict[str, str]:
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
    ``page_strings``).

    >>> json.loads(catalog_assets()["catalog/ru.json"])["unit.dice"]
    '{n} кубик|{n} кубика|{n} кубиков'
    """
    def encoded(strings: dict[str, str]) -> bytes:
        return json.dumps(strings, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    catalogs = {lang: catalog(lang) for lang in LANGUAGES}
    made = {f"catalog/{lang}.json": encoded(strings) for lang, strings in catalogs.items()}
    if static is not None:
        sources = {path.relative_to(static).as_posix(): path.read_bytes() for path in sorted((static / "js").rglob("*.js"))}
        for page, scripts in pages_scripts(sources).items():
            made.update({f"catalog/{page}.{lang}.json": encoded(page_strings(strings, scripts))
                         for lang, strings in catalogs.items()})
    return made


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


def _plural_form(lang: str, forms: list[str], n: object) -> str:
    count = n if isinstance(n, int) else 0
    return forms[min(plural_index(lang, count), len(forms) - 1)]


def plural_index(lang: str, n: int) -> int:
    """Which plural form fits ``n``: English 0 one / 1 other; Russian 0 one / 1 few / 2 many.

    >>> [plural_index("ru", n) for n in (1, 2, 5, 11, 21, 22, 25)]
    [0, 1, 2, 2, 0, 1, 2]
    >>> [plural_index("en", n) for n in (0, 1, 2)]
    [1, 0, 1]
    """
    if lang != "ru":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2
