"""The QR code of a table's link, drawn by the server (segno: pure Python, no outside service).

The code holds only the table's public link (``https://host/t/<id>``), never a seat token; the
SVG is drawn in the page's die colours, with a quiet zone of two modules.

>>> svg = qr_svg("http://127.0.0.1:5000/t/abc")
>>> svg.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"'), b"abc" in svg
(True, False)
"""
from __future__ import annotations

import io
from functools import lru_cache

import segno

DARK = "#211a14"
LIGHT = "#fbf6ea"
SCALE = 4
BORDER = 2


@lru_cache(maxsize=512)
def qr_svg(link: str) -> bytes:
    """The SVG of ``link``'s QR code (error correction M: a smudged screen still reads)."""
    out = io.BytesIO()
    segno.make_qr(link, error="m").save(out, kind="svg", scale=SCALE, border=BORDER, xmldecl=False,
                                        dark=DARK, light=LIGHT, omitsize=True)
    return out.getvalue()
