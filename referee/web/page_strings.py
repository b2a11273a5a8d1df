"""Each page's share of the message catalogue: only the areas of keys its scripts may ask for.

A page of ``bundle.PAGES`` preloads ``catalog/<page>.<lang>.json`` instead of the whole catalogue
(``catalog/<lang>.json``, kept for the other pages): the keys whose area (the part before the
first dot: ``tutorial`` of ``tutorial.offer_title``) its modules name, static and dynamic imports
alike. A script names an area when the area stands right after a quote or backtick and before a
dot or a closing quote (``t("bid.short")``, ``t(`bots.level.${level}`)``, ``prefix: "lobby"``),
outside comments (the scripts are read minified) and not as a CSS class (``class: "check"``),
so the table page leaves out the tutorial's, the audit's and the home page's strings. The
templates are translated on the server from the whole catalogue. The ``_meta`` keys (the
language's name and plural categories: i18n.py) go with every share.

A page that plays one table's family (``FAMILY_PAGES``: the table and the referee's desk) has a
share per family instead, ``catalog/<page>.<family>.<lang>.json``: the modules it reaches without
entering another family's folder (``js/games/<other>/``), so a poker-dice table is sent none of
Liar's Dice's strings and the other way round.

>>> strings = {"bid.short": "{quantity} × {face}", "tutorial.title": "Learn", "lobby.title": "Lobby"}
>>> sorted(page_strings(strings, ['t("bid.short")', 'new RulesChange({ prefix: "lobby" })', '// `tutorial`']))
['bid.short', 'lobby.title']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .bundle import PAGES, Unbundlable, reached
from .minify import minified

NAMED = re.compile(r"(?<!class:)[\"'`]([a-z_]+)[.\"'`]")
"""An area named in a (minified) script: a word right after a quote or backtick, before a dot or a
quote, unless it is a CSS class."""

ALWAYS = {"_meta"}
"""The areas every share holds."""

FAMILY_PAGES = ("table", "referee")
"""The pages of one table, which run that table's family only."""

GAMES = re.compile(r"^js/games/([a-z_]+)/")


def page_strings(strings: Mapping[str, str], scripts: Iterable[str]) -> dict[str, str]:
    """The entries of ``strings`` whose area the ``scripts`` name (and the ``_meta`` ones)."""
    named = {area for script in scripts for area in NAMED.findall(minified("page.js", script.encode()).decode())} | ALWAYS
    return {key: value for key, value in strings.items() if key.split(".", 1)[0] in named}


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
            others = tuple(f"js/games/{other}/" for other in every if family and other != family)
            try:
                names = reached(entries, sources, parsed, skip=others)
            except Unbundlable:
                continue
            pages[(page, family)] = [sources[name].decode("utf-8") for name in names]
    return pages


def strings_asset(template: str, lang: str, family: str | None = None, pages: Iterable[str] = PAGES) -> str:
    """The catalogue asset a page of ``template`` preloads (at a table of ``family``).

    >>> strings_asset("table.html", "ru", "poker_bluff"), strings_asset("home.html", "es"), strings_asset("404.html", "ru")
    ('catalog/table.poker_bluff.ru.json', 'catalog/home.es.json', 'catalog/ru.json')
    """
    page = template.removesuffix(".html")
    if page in FAMILY_PAGES and family:
        return f"catalog/{page}.{family}.{lang}.json"
    return f"catalog/{page}.{lang}.json" if page in pages and page not in FAMILY_PAGES else f"catalog/{lang}.json"
