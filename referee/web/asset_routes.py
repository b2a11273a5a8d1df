"""Serving the assets (referee/web/assets.py): ``/static/<hashed name>`` immutable for a year,
compressed with brotli when the browser accepts it, else gzipped when it accepts that; ``url_for("static", filename="js/table.js")`` gives the
hashed URL, so templates name files plainly.

- ``/static/js/table.<current hash>.js``: ``Cache-Control: public, max-age=31536000, immutable``.
- ``/static/js/table.js`` (the plain name, for a developer or a test): the same body,
  ``Cache-Control: no-cache`` (revalidated by its ETag).
- any other name, a wrong or a stale hash included: 404 with ``Cache-Control: no-store``, so a
  browser asks again after the next deploy.

Pages (text/html) are compressed too (brotli or gzip, the same way), and never cached.

>>> import tempfile
>>> from pathlib import Path
>>> from flask import Flask, url_for
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "app.css").write_text("body { color: black }" * 20)
>>> app = Flask("demo", static_folder=None)
>>> serve_assets(app, Assets.build(folder))
>>> with app.test_request_context():
...     url = url_for("static", filename="app.css")
>>> reply = app.test_client().get(url, headers={"Accept-Encoding": "gzip"})
>>> reply.headers["Content-Encoding"], reply.headers["Cache-Control"]
('gzip', 'public, max-age=31536000, immutable')
>>> app.test_client().get(url, headers={"Accept-Encoding": "gzip, deflate, br"}).headers["Content-Encoding"]
'br'

>>> app.test_client().get("/static/app.0123456789ab.css").headers["Cache-Control"]
'no-store'
"""
from __future__ import annotations

import gzip
from typing import Any

import brotli  # type: ignore[import-untyped]

from flask import Flask, Response, request, url_for
from markupsafe import Markup

from .assets import URL_PREFIX, Asset, Assets
from .bundle import PAGES, STYLES, bundle_name, style_name

IMMUTABLE = "public, max-age=31536000, immutable"
PAGE_MIN_GZIP_BYTES = 1024
"""A page shorter than this goes as it is: gzip would save less than its own headers cost."""


def serve_assets(app: Flask, assets: Assets) -> None:
    """Route ``/static/<path>`` to ``assets``, hash ``url_for("static", ...)``, compress pages.
    ``app`` must be made with ``static_folder=None`` (this route replaces Flask's own)."""

    def hashed_names(endpoint: str | None, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values:
            values["filename"] = assets.url_name(values["filename"])

    def static(filename: str) -> Response:
        asset = assets.by_url(filename)
        if asset is not None:
            return asset_response(asset, IMMUTABLE)
        asset = assets.by_name(filename)
        if asset is not None:
            return asset_response(asset, "no-cache")
        missing = Response(f"no asset {filename}\n", 404, mimetype="text/plain")
        missing.headers["Cache-Control"] = "no-store"
        return missing

    def page_modules(page: str) -> Markup:
        """The ``<script type="module">`` tags of a page of bundle.py: its bundle, or (sources served
        as written, or a graph the bundler refused) each of its modules."""
        names = [bundle_name(page)] if assets.by_name(bundle_name(page)) else list(PAGES[page])
        return Markup("".join(f'<script type="module" src="{url_for("static", filename=name)}"></script>\n'
                              for name in names))

    def page_styles(page: str) -> Markup:
        """The ``<link rel="stylesheet">`` of a page of ``bundle.STYLES``: its joined stylesheets, or
        (sources served as written) each of them."""
        names = [style_name(page)] if assets.by_name(style_name(page)) else list(STYLES[page])
        return Markup("".join(f'<link rel="stylesheet" href="{url_for("static", filename=name)}">\n' for name in names))

    app.extensions["assets"] = assets
    app.url_defaults(hashed_names)
    app.add_template_global(page_modules)
    app.add_template_global(page_styles)
    app.add_url_rule(URL_PREFIX + "<path:filename>", "static", static)
    app.after_request(compress_page)


PAGE_BROTLI_QUALITY = 5
"""A page is compressed on every request: brotli's middle quality is as quick as gzip's and smaller."""


def accepts_gzip() -> bool:
    """Whether this request's ``Accept-Encoding`` allows gzip."""
    return request.accept_encodings.quality("gzip") > 0


def accepts_brotli() -> bool:
    """Whether this request's ``Accept-Encoding`` allows brotli (``br``)."""
    return request.accept_encodings.quality("br") > 0


def asset_response(asset: Asset, cache_control: str) -> Response:
    """``asset``'s body (brotli, else gzip, when accepted), with its ETag; 304 when the browser has it."""
    reply = Response(content_type=asset.mimetype)
    reply.headers["Cache-Control"] = cache_control
    reply.set_etag(asset.etag)
    if asset.gzipped is not None:
        reply.vary.add("Accept-Encoding")
    if asset.etag in request.if_none_match:
        reply.status_code = 304
        return reply
    if asset.brotlied is not None and accepts_brotli():
        reply.set_data(asset.brotlied)
        reply.headers["Content-Encoding"] = "br"
    elif asset.gzipped is not None and accepts_gzip():
        reply.set_data(asset.gzipped)
        reply.headers["Content-Encoding"] = "gzip"
    else:
        reply.set_data(asset.body)
    return reply


def compress_page(reply: Response) -> Response:
    """An HTML page compressed when the browser accepts it (and marked uncacheable unless set)."""
    if reply.mimetype != "text/html" or reply.direct_passthrough:
        return reply
    reply.headers.setdefault("Cache-Control", "no-cache")
    reply.vary.add("Accept-Encoding")
    body = reply.get_data()
    if len(body) < PAGE_MIN_GZIP_BYTES or "Content-Encoding" in reply.headers:
        return reply
    if accepts_brotli():
        reply.set_data(bytes(brotli.compress(body, quality=PAGE_BROTLI_QUALITY)))
        reply.headers["Content-Encoding"] = "br"
    elif accepts_gzip():
        reply.set_data(gzip.compress(body, compresslevel=6, mtime=0))
        reply.headers["Content-Encoding"] = "gzip"
    return reply
