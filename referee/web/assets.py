"""The static assets under content-hashed URLs: ``js/table.js`` is served as
``js/table.<hash>.js``, compressed, and cached for a year.

Every file under ``static/`` (and each generated asset, such as a language's catalogue) becomes an
:class:`Asset` when the app starts; no list of files is kept by hand. A module's relative imports
(``from "./dice.js"``, ``import("./audit_play.js")``) and a script's ``sourceMappingURL`` are
rewritten to the hashed names, and so is a script's string that is an asset's absolute URL
(``"/static/css/audit.css"``), so an ES module graph loads entirely from immutable URLs. A file's
hash covers every file it reaches through such references, so changing ``dice.js`` changes the
URL of ``dice.js`` and of every module that imports it, directly or not (cycles included).
Scripts and stylesheets are minified first (referee/web/minify.py; ``minify=False`` serves the
sources as they are, for a developer), so the hash names the bytes served; with them, each page of
referee/web/bundle.py gets its module graph as one bundle (``js/table.bundle.js``).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "dice.js").write_text('export const faces = 6;')
23
>>> (folder / "table.js").write_text('import { faces } from "./dice.js";')
34
>>> assets = Assets.build(folder)
>>> table = assets.by_url(assets.url_name("table.js"))
>>> table.body.decode() == 'import{faces}from"./%s";' % assets.url_name("dice.js")
True
>>> assets.url_name("dice.js") != "dice.js", assets.url_name("missing.js")
(True, 'missing.js')
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import brotli  # type: ignore[import-untyped]

from .bundle import page_bundles, style_bundles
from .minify import minified

HASH_LENGTH = 12
"""Hex digits of sha256 in a hashed name: 48 bits, plenty for one site's few hundred files."""

COMPRESSIBLE = frozenset({".js", ".mjs", ".css", ".svg", ".json", ".map", ".txt", ".html"})

URL_PREFIX = "/static/"
"""Where the assets are served (referee/web/asset_routes.py)."""

REFERENCE = re.compile(r"""(?=[fis"'`])"""  # only where a branch can start: 5x faster over the scripts at start-up
                       r"""(?:(?P<lead>\bfrom\s*|\bimport\s*\(?\s*)(?P<quote>["'])(?P<target>\.\.?/[\w./-]+)(?P=quote)"""
                       r"""|(?P<map>sourceMappingURL=)(?P<file>[\w.-]+)"""
                       r"""|(?P<abs_quote>["'`])""" + re.escape(URL_PREFIX) + r"""(?P<absolute>[\w./-]+)(?P=abs_quote))""")
"""A relative module specifier after ``from``/``import``/``import(``, a source map's file name, or
a string that is an asset's absolute URL (``"/static/css/audit.css"``, a stylesheet a script adds)."""


@dataclass(frozen=True)
class Asset:
    """One served file: its own ``name``, the hashed ``url_name`` and the ``body`` served under it."""

    name: str
    url_name: str
    body: bytes = field(repr=False)
    mimetype: str
    etag: str
    """The hash in ``url_name``, which names this body exactly."""

    @cached_property
    def gzipped(self) -> bytes | None:
        """The body gzipped (made on first use: an app starts without compressing every file), or
        None when it is not text or would not shrink."""
        if posixpath.splitext(self.name)[1] not in COMPRESSIBLE:
            return None
        packed = gzip.compress(self.body, compresslevel=9, mtime=0)
        return packed if len(packed) < len(self.body) else None

    @cached_property
    def brotlied(self) -> bytes | None:
        """The body compressed with brotli at its best (made on first use, like ``gzipped``), or None
        when it is not text or would not shrink."""
        if self.gzipped is None:
            return None
        packed = bytes(brotli.compress(self.body, quality=11))
        return packed if len(packed) < len(self.body) else None


class Assets:
    """Every asset of a folder by name and by hashed name."""

    def __init__(self, assets: list[Asset]) -> None:
        self._by_name = {asset.name: asset for asset in assets}
        self._by_url = {asset.url_name: asset for asset in assets}

    @classmethod
    def build(cls, folder: Path, generated: Mapping[str, bytes] | None = None, *, minify: bool = True) -> Assets:
        """The files under ``folder`` (hidden ones left out) and the ``generated`` ones, by name;
        scripts and stylesheets minified unless ``minify`` is False."""
        sources = {path.relative_to(folder).as_posix(): path.read_bytes()
                   for path in sorted(folder.rglob("*")) if path.is_file() and not _hidden(path, folder)}
        sources.update(generated or {})
        files = tuple(sorted(sources.items()))
        return cls(_manifest(_served(files) if minify else files))

    def url_name(self, name: str) -> str:
        """The hashed name to put in a URL (``name`` itself for a file that is not an asset)."""
        asset = self._by_name.get(name)
        return asset.url_name if asset else name

    def by_url(self, url_name: str) -> Asset | None:
        """The asset served under a hashed name, if it is the current one."""
        return self._by_url.get(url_name)

    def by_name(self, name: str) -> Asset | None:
        """The asset of a plain (unhashed) name."""
        return self._by_name.get(name)

    def names(self) -> list[str]:
        """Every asset's plain name, sorted."""
        return sorted(self._by_name)


@lru_cache(maxsize=8)
def _served(files: tuple[tuple[str, bytes], ...]) -> tuple[tuple[str, bytes], ...]:
    """The files with each page's bundles and stylesheets added, scripts and stylesheets minified
    (by their content, like ``_manifest``: every app of a test run bundles and minifies once)."""
    sources = dict(files)
    sources.update(page_bundles(sources))
    sources.update(style_bundles(sources))
    return tuple(sorted((name, minified(name, body)) for name, body in sources.items()))


@lru_cache(maxsize=8)
def _manifest(files: tuple[tuple[str, bytes], ...]) -> list[Asset]:
    """The assets of these files (by their content: every app of a test run shares one build)."""
    sources = dict(files)
    refs = {name: _references(name, body, sources) for name, body in sources.items()}
    own = {name: hashlib.sha256(body).hexdigest() for name, body in sources.items()}
    digests = {name: _closure_digest(name, refs, own)[:HASH_LENGTH] for name in sources}
    url_names = {name: _hashed(name, digests[name]) for name in sources}
    return [_asset(name, url_names[name], digests[name], _rewrite(name, body, url_names)) for name, body in files]


def _hidden(path: Path, folder: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(folder).parts)


def _target(match: re.Match[str]) -> str:
    return match["target"] or match["file"] or URL_PREFIX + match["absolute"]


def _resolve(name: str, target: str) -> str:
    """``target`` as written in ``name`` (relative to its folder, or under ``URL_PREFIX``) as an asset name."""
    if target.startswith(URL_PREFIX):
        return posixpath.normpath(target.removeprefix(URL_PREFIX))
    return posixpath.normpath(posixpath.join(posixpath.dirname(name), target))


def _references(name: str, body: bytes, sources: Mapping[str, bytes]) -> list[str]:
    """The assets that ``name`` names in a module specifier or source map (only scripts have any)."""
    if not name.endswith((".js", ".mjs")):
        return []
    found = (_resolve(name, _target(match)) for match in REFERENCE.finditer(body.decode("utf-8")))
    return sorted({target for target in found if target in sources and target != name})


def _closure_digest(name: str, refs: Mapping[str, list[str]], own: Mapping[str, str]) -> str:
    """sha256 over the own digests of every asset reachable from ``name``, ``name`` included."""
    seen = {name}
    todo = [name]
    while todo:
        for ref in refs[todo.pop()]:
            if ref not in seen:
                seen.add(ref)
                todo.append(ref)
    return hashlib.sha256("".join(f"{item}\0{own[item]}\n" for item in sorted(seen)).encode()).hexdigest()


def _hashed(name: str, digest: str) -> str:
    """``vendor/socket.io.min.js`` -> ``vendor/socket.io.min.<digest>.js`` (``LICENSE`` -> ``LICENSE.<digest>``)."""
    stem, dot, suffix = name.rpartition(".")
    if not dot or "/" in suffix:
        return f"{name}.{digest}"
    return f"{stem}.{digest}.{suffix}"


def _rewrite(name: str, body: bytes, url_names: Mapping[str, str]) -> bytes:
    """A script with every reference to another asset pointing at that asset's hashed name."""
    if not name.endswith((".js", ".mjs")):
        return body

    def hashed(match: re.Match[str]) -> str:
        target = _target(match)
        resolved = _resolve(name, target)
        if resolved not in url_names or resolved == name:
            return match[0]
        if match["absolute"]:
            return f'{match["abs_quote"]}{URL_PREFIX}{url_names[resolved]}{match["abs_quote"]}'
        folder, slash, _ = target.rpartition("/")
        new = folder + slash + posixpath.basename(url_names[resolved])
        return f'{match["map"]}{new}' if match["map"] else f'{match["lead"]}{match["quote"]}{new}{match["quote"]}'

    return REFERENCE.sub(hashed, body.decode("utf-8")).encode("utf-8")


MIMETYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".map": "application/json"}


def _asset(name: str, url_name: str, digest: str, body: bytes) -> Asset:
    suffix = posixpath.splitext(name)[1]
    mimetype = MIMETYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    if mimetype.startswith("text/") or mimetype in {"application/javascript", "application/json", "image/svg+xml"}:
        mimetype += "; charset=utf-8"
    return Asset(name, url_name, body, mimetype, digest)
