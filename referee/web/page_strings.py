"""Each page's share of the message catalogue: only the areas of keys its scripts may ask for.

A page of ``bundle.PAGES`` preloads ``catalog/<page>.<lang>.json`` instead of the whole catalogue
(``catalog/<lang>.json``, kept for the other pages): the keys whose area (the part before the
first dot: ``tutorial`` of ``tutorial.offer_title``) its modules name, static and dynamic imports
alike. A script names an area when the area stands right after a quote or backtick and before a
dot or a closing quote (``t("bid.short")``, ``t(`bots.level.${level}`)``, ``prefix: "lobby"``),
so the table page leaves out the tutorial's, the audit's and the home page's strings. The
templates are translated on the server from the whole catalogue.

>>> strings = {"bid.short": "{quantity} × {face}", "tutorial.title": "Learn", "lobby.title": "Lobby"}
>>> sorted(page_strings(strings, ['t("bid.short")', 'new RulesChange({ prefix: "lobby" })']))
['bid.short', 'lobby.title']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .bundle import PAGES, Unbundlable, reached


NAMED = re.compile(r"[\"'`]([a-z_]+)[.\"'`]")
"""An area named in a script: a word right after a quote or backtick, before a dot or a quote."""


def page_strings(strings: Mapping[str, str], scripts: Iterable[str]) -> dict[str, str]:
    """The entries of ``strings`` whose area the ``scripts`` name."""
    named = {area for script in scripts for area in NAMED.findall(script)}
    return {key: value for key, value in strings.items() if key.split(".", 1)[0] in named}


def pages_scripts(sources: Mapping[str, bytes]) -> dict[str, list[str]]:
    """The text of every module each page of ``PAGES`` may run (none for a page the bundler refuses)."""
    pages: dict[str, list[str]] = {}
    parsed: dict[str, Any] = {}  # each module is read once, whichever pages reach it
    for page, entries in PAGES.items():
        try:
            pages[page] = [sources[name].decode("utf-8") for name in reached(entries, sources, parsed)]
        except Unbundlable:
            continue
    return pages


def strings_asset(template: str, lang: str, pages: Iterable[str] = PAGES) -> str:
    """The catalogue asset a page of ``template`` preloads.

    >>> strings_asset("table.html", "ru"), strings_asset("404.html", "ru")
    ('catalog/table.ru.json', 'catalog/ru.json')
    """
    page = template.removesuffix(".html")
    return f"catalog/{page}.{lang}.json" if page in pages else f"catalog/{lang}.json"
