"""Security headers on every response the server sends: pages, assets, JSON, errors and the
Socket.IO long-polling transport (a WSGI middleware, so nothing bypasses it).

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

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class SecurityHeaders:
    """Wraps a WSGI app: each response gets ``SECURITY_HEADERS`` (but for those it already has)."""

    def __init__(self, app: WsgiApp) -> None:
        self._app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            extra = [(name, value) for name, value in SECURITY_HEADERS if name.lower() not in present]
            return start_response(status, [*headers, *extra], exc_info)
        return self._app(environ, start)
