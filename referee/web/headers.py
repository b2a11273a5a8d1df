"""Security headers on every response the server sends: pages, assets, JSON, errors and the
Socket.IO long-polling transport (a WSGI middleware, so nothing bypasses it).

A script, stylesheet or JSON file under ``/static/`` is never shown as a page: the headers that
only a document reads (the policy, framing, referrer, permissions, opener) would cost every one of
the page's forty-odd requests half a kilobyte for nothing, so it gets ``ASSET_HEADERS`` only (no
sniffing, same-origin loads only). So does the Socket.IO long-polling transport (``/socket.io/``):
its frames are read by the page's script, never shown, and a page's first load makes three to five
of its requests. Every other response, an SVG, a 404 or a wrong hash under ``/static/`` included,
gets them all.

The Content-Security-Policy allows only the app's own scripts, styles, images and connections
(no inline script or ``style`` attribute, no plugin, no ``<base>``) and no framing at all, so the
Liar! and Remove buttons cannot be clickjacked. A header the app set itself is kept.

>>> def hello(environ, start_response):
...     start_response("200 OK", [("Content-Type", "text/plain")])
...     return [b"hello"]
>>> sent = []
>>> SecurityHeaders(hello)({}, lambda status, headers, exc_info=None: sent.extend(headers))
[b'hello']
>>> dict(sent)["X-Frame-Options"], "frame-ancestors 'none'" in dict(sent)["Content-Security-Policy"]
('DENY', True)
>>> def script(environ, start_response):
...     start_response("200 OK", [("Content-Type", "text/javascript; charset=utf-8")])
...     return [b"export {};"]
>>> sent.clear()
>>> _ = SecurityHeaders(script)({"PATH_INFO": "/static/js/a.0123456789ab.js"}, lambda s, h, e=None: sent.extend(h))
>>> sorted(dict(sent))
['Content-Type', 'Cross-Origin-Resource-Policy', 'X-Content-Type-Options']
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Content-Type-Options", "nosniff"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
                           "clipboard-write=(self)"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)
"""Every header added to every response (docs/protocol.md, "HTTP")."""

ASSET_HEADERS: tuple[tuple[str, str], ...] = tuple(
    (name, value) for name, value in SECURITY_HEADERS
    if name in {"X-Content-Type-Options", "Cross-Origin-Resource-Policy"})
"""The headers of a script, stylesheet or JSON asset: the ones a browser reads for a subresource."""

ASSET_PREFIX = "/static/"
TRANSPORT_PREFIX = "/socket.io/"
"""The Socket.IO long-polling transport, whose responses only the page's script reads."""
ASSET_TYPES = ("text/javascript", "text/css", "application/json")
"""The asset types that are never a document (an SVG may be opened as one: it keeps every header)."""

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class SecurityHeaders:
    """Wraps a WSGI app: each response gets ``SECURITY_HEADERS`` (but for those it already has)."""

    def __init__(self, app: WsgiApp) -> None:
        self._app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        under_static, transport = path.startswith(ASSET_PREFIX), path.startswith(TRANSPORT_PREFIX)

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            chosen = ASSET_HEADERS if transport or (under_static and _is_asset_type(headers)) else SECURITY_HEADERS
            extra = [(name, value) for name, value in chosen if name.lower() not in present]
            return start_response(status, [*headers, *extra], exc_info)
        return self._app(environ, start)


def _is_asset_type(headers: list[tuple[str, str]]) -> bool:
    kind = next((value for name, value in headers if name.lower() == "content-type"), "")
    return kind.split(";")[0].strip().lower() in ASSET_TYPES
