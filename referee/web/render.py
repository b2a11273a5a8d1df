"""The one page renderer of every blueprint: a template in the visitor's language.

The language comes from the ``lang`` cookie, else ``Accept-Language`` (``i18n.pick_language``);
every page gets ``_`` to translate in the template and the server's public key; its scripts
fetch the language's catalogue, the page's own share of it where it has one (``strings``:
``page_strings.strings_asset``, a hashed asset made by i18n.catalog_assets; at a table, its
family's share; the whole catalogue for a family without page modules); ``languages`` names
every language of the switch (i18n.language_names); ``bundled`` tells base.html that the page's
modules (bundle.PAGES) hold the language switch's script.
"""
from __future__ import annotations

from typing import Any

from flask import current_app, render_template, request

from .i18n import language_names, pick_language, translate
from .bundle import PAGES
from .page_strings import strings_asset


def page(template: str, status: int = 200, **context: Any) -> tuple[str, int]:
    """``template`` rendered with ``context`` and the visitor's language, with ``status``."""
    lang = pick_language(request.headers.get("Accept-Language"), request.cookies.get("lang"))
    strings = strings_asset(template, lang, context.get("family"))
    if current_app.extensions["assets"].by_name(strings) is None:
        strings = f"catalog/{lang}.json"
    return render_template(template, lang=lang, strings=strings, languages=language_names(),
                           bundled=template.removesuffix(".html") in PAGES,
                           server_key=current_app.extensions["tavern"].server_key,
                           _=lambda key, **params: translate(lang, key, **params), **context), status
