"""Scripts and stylesheets made smaller before they are hashed and served (referee/web/assets.py):
comments and needless whitespace go (rjsmin, rcssmin: well-kept minifiers that understand regular
expressions, strings and template literals; a ``/*! … */`` licence comment stays). Nothing is
renamed, so a minified script reads like its source on one line, and its imports, which
assets.py rewrites to hashed names, keep their shape (``from"./dice.js"``).

A file already minified upstream (``*.min.js``) and anything but a script or a stylesheet go as
they are. A server started with ``[assets] minify = false`` serves the sources untouched.

>>> minified("js/dice.js", b'// the faces\\nexport const faces = 6;   /* six */\\n').decode()
'export const faces=6;'
>>> minified("css/app.css", b"body {\\n  margin: 0;  /* none */\\n}\\n").decode()
'body{margin:0}'
>>> minified("vendor/socket.io.min.js", b"keep  me")
b'keep  me'
"""
from __future__ import annotations

import rcssmin  # type: ignore[import-untyped]
import rjsmin  # type: ignore[import-untyped]


def minified(name: str, body: bytes) -> bytes:
    """``body`` of the asset ``name`` without comments and needless whitespace (itself if not JS/CSS)."""
    if name.endswith(".min.js") or name.endswith(".min.css"):
        return body
    if name.endswith((".js", ".mjs")):
        return str(rjsmin.jsmin(body.decode("utf-8"), keep_bang_comments=True)).encode("utf-8")
    if name.endswith(".css"):
        return str(rcssmin.cssmin(body.decode("utf-8"), keep_bang_comments=True)).encode("utf-8")
    return body
