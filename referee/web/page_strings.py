"""Each page's share of the message catalogue: only the areas of keys its scripts may ask for.

A page of ``bundle.PAGES`` preloads ``catalog/<page>.<lang>.json`` instead of the whole catalogue
(``catalog/<lang>.json``, kept for the other pages): the keys whose area (the part before the
first dot: ``tutorial`` of ``tutorial.offer_title``) its modules name, static and dynamic imports
alike. A script names an area when the area stands right after a quote or backtick and before a
dot (``t("bid.short")``, ``t(`bots.level.${level}`)``), outside comments (the scripts are read
minified) and not as a CSS class (``class: "check.x"``): a bare word such as ``by === "referee"``
names no area, so no script may build a key from a bare area (``t(area + ".x")``). The table page
thus leaves out the tutorial's, the audit's and the home page's strings. The
templates are translated on the server from the whole catalogue. The ``_meta`` keys (the
language's name and plural categories: i18n.py) go with every share.

A page that plays one table's family (``FAMILY_PAGES``: the table and the referee's desk) has a
share per family instead, ``catalog/<page>.<family>.<lang>.json``: the modules it reaches without
entering another family's folder (``js/games/<other>/``) or a module of its own family that only
a loader the page never calls reaches (``FAMILY_LOADERS``: the desk's part at the table), so a
poker-dice table is sent none of Liar's Dice's strings and the other way round, and a player none
of the referee's.

>>> strings = {"bid.short": "{quantity} × {face}", "tutorial.title": "Learn", "lobby.title": "Lobby"}
>>> sorted(page_strings(strings, ['t("bid.short")', 'if (by === "lobby") t(`lobby.${key}`)', '// `tutorial.title`']))
['bid.short', 'lobby.title']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from .bundle import PAGES, Unbundlable, reached
from .minify import minified

NAMED = re.compile(r"(?<!class:)[\"'`]([a-z_]+)\.")
"""An area named in a (minified) script: a word right after a quote or backtick and before a dot,
unless it is a CSS class."""

ALWAYS = {"_meta"}
"""The areas every share holds."""

FAMILY_PAGES = ("table", "referee")
"""The pages of one table, which run that table's family only."""

FAMILY_LOADERS = {"table": ("table", "verifier"), "referee": ("desk",)}
"""The loaders of static/js/games/registry.js each page of ``FAMILY_PAGES`` calls (families.js the
table's, audit_play.js the verifier's; referee_families.js the desk's: tests/web/test_page_strings.py
holds the pages to them)."""

LOADER = re.compile(r"(\w+): \(\) => import\(\"\./([a-z_]+/[\w.]+)\"\)")
"""A loader of the page registry: its name and the module it imports (``table: () => import("./liars_dice/table.js")``)."""
REGISTRY = "js/games/registry.js"

GAMES = re.compile(r"^js/games/([a-z_]+)/")


def page_strings(strings: Mapping[str, str], scripts: Iterable[str]) -> dict[str, str]:
    """The entries of ``strings`` whose area the ``scripts`` name (and the ``_meta`` ones)."""
    named = set(ALWAYS).union(*(areas(script) for script in scripts))
    return {key: value for key, value in strings.items() if key.split(".", 1)[0] in named}


@lru_cache(maxsize=1024)
def areas(script: str) -> frozenset[str]:
    """The areas one script names, read minified (by its text: each language's share and each app a
    test run creates read a module once, not once per page, language and app).

    >>> sorted(areas('t("bid.short"); /* "tutorial.x" */ el.className = `lobby.${k}`'))
    ['bid', 'lobby']
    """
    return frozenset(NAMED.findall(minified("page.js", script.encode()).decode()))


def families(sources: Iterable[str]) -> list[str]:
    """The families whose page modules are among ``sources`` (their folders under ``js/games/``).

    >>> families(["js/games/registry.js", "js/games/poker_bluff/table.js", "js/games/liars_dice/bids.js"])
    ['liars_dice', 'poker_bluff']
    """
    return sorted({found[1] for name in sources if (found := GAMES.match(name))})


def pages_scripts(sources: Mapping[str, bytes]) -> dict[tuple[str, str | None], list[str]]:
    """The text of every module each page of ``PAGES`` may run, by (page, None), and for a page of
    ``FAMILY_PAGES`` by (page, family) with the other families' modules left out (none for a page
    the bundler refuses)."""
    pages: dict[tuple[str, str | None], list[str]] = {}
    parsed: dict[str, Any] = {}  # each module is read once, whichever pages reach it
    every = families(sources)
    for page, entries in PAGES.items():
        for family in every if page in FAMILY_PAGES else [None]:
            try:
                names = reached(entries, sources, parsed, skip=skipped(sources, page, family))
            except Unbundlable:
                continue
            pages[(page, family)] = [sources[name].decode("utf-8") for name in names]
    return pages


def skipped(sources: Mapping[str, bytes], page: str, family: str | None) -> tuple[str, ...]:
    """What ``page`` never loads at a table of ``family``: the other families' folders, and the modules
    of the loaders it does not call (``FAMILY_LOADERS``).

    >>> registry = b'liars_dice: { table: () => import("./liars_dice/table.js"), desk: () => import("./liars_dice/desk.js") }'
    >>> sources = {REGISTRY: registry, "js/games/poker_bluff/table.js": b""}
    >>> skipped(sources, "table", "liars_dice"), skipped(sources, "home", None)
    (('js/games/liars_dice/desk.js', 'js/games/poker_bluff/'), ())
    """
    loaders = LOADER.findall(sources[REGISTRY].decode("utf-8")) if REGISTRY in sources and page in FAMILY_LOADERS else []
    unused = tuple(f"js/games/{module}" for loader, module in loaders if loader not in FAMILY_LOADERS[page])
    return unused + tuple(f"js/games/{other}/" for other in families(sources) if family and other != family)


def strings_asset(template: str, lang: str, family: str | None = None, pages: Iterable[str] = PAGES) -> str:
    """The catalogue asset a page of ``template`` preloads (at a table of ``family``).

    >>> strings_asset("table.html", "ru", "poker_bluff"), strings_asset("home.html", "es"), strings_asset("404.html", "ru")
    ('catalog/table.poker_bluff.ru.json', 'catalog/home.es.json', 'catalog/ru.json')
    """
    page = template.removesuffix(".html")
    if page in FAMILY_PAGES and family:
        return f"catalog/{page}.{family}.{lang}.json"
    return f"catalog/{page}.{lang}.json" if page in pages and page not in FAMILY_PAGES else f"catalog/{lang}.json"
