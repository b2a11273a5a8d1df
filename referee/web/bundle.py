"""A page's ES module graph as one script, made at start-up (referee/web/assets.py), so a first visit
asks for one file instead of forty: each request costs its headers and compresses alone.

Every module the page's entries reach by static imports becomes one definition in the page's
bundle (``js/<page>.bundle.js``): its body, unchanged but for its ``import``/``export`` lines, runs
inside its own ``async`` function (its own scope; top-level ``await`` still works) when it is first
loaded, after the modules it imports, in the order the browser would run them. Its exports are a
frozen namespace of getters over its own bindings. A module is defined and run once per page
(``globalThis.__tjModules``) whichever bundle or chunk holds it. A dynamic ``import("./x.js")``
stays lazy: it loads a chunk (``js/<page>.<x>.chunk.js``, the modules of x's graph the bundle
lacks; none when the bundle has them all) and then runs x, so a Liar's Dice table never runs the
poker renderer.

Only the forms the project writes are understood: ``import { a, b as c } from "./m.js"``,
``import "./m.js"``, ``export function/async function/class/const``, ``export { a, b as c }`` and
``export { a } from "./m.js"``. Anything else (``export let``, ``export default``, ``import * as``,
an import cycle) raises :class:`Unbundlable`; the page then loads its modules one by one.

>>> sources = {"js/dice.js": b'export const faces = 6;\\n',
...            "js/table.js": b'import { faces as n } from "./dice.js";\\nconsole.log(n);\\n'}
>>> made = page_bundles(sources, {"table": ("js/table.js",)})
>>> sorted(made), "js/dice.js" in made["js/table.bundle.js"].decode()
(['js/table.bundle.js'], True)
>>> page_bundles({"js/a.js": b'export let a = 1;\\n'}, {"a": ("js/a.js",)})
{}
"""
from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping

PAGES: dict[str, tuple[str, ...]] = {
    "table": ("js/lang.js", "js/table.js", "js/verified.js", "js/draw_seeds_page.js", "js/player_gm.js"),
    "home": ("js/lang.js", "js/home.js", "js/games/liars_dice/tutorial_offer.js"),
    "tutorial": ("js/lang.js", "js/games/liars_dice/tutorial.js"),
    "audit": ("js/lang.js", "js/audit.js"),
    "replay": ("js/lang.js", "js/replay.js"),
    "referee": ("js/lang.js", "js/referee.js"),
}
"""The module scripts of each page, in document order (templates/<page>.html: ``page_modules(page)``);
the language switch (``js/lang.js``) first, which base.html loads by itself only on a page without
a bundle (render.py: ``bundled``)."""

STYLES: dict[str, tuple[str, ...]] = {
    "table": ("css/app.css", "css/rules.css", "css/table.css", "css/feel.css"),
}
"""The stylesheets of a page, in document order, served as one (``css/<page>.page.css``:
``page_styles(page)`` in its template)."""

SPEC = r"""(?P<q>["'])(?P<spec>\.\.?/[\w./-]+)(?P=q)"""
IMPORT = re.compile(r"^import\s*(?:\{(?P<names>[^}]*)\}\s*from\s*)?" + SPEC + r"\s*;?[ \t]*$", re.M)
REEXPORT = re.compile(r"^export\s*\{(?P<names>[^}]*)\}\s*from\s*" + SPEC + r"\s*;?[ \t]*$", re.M)
EXPORT_LIST = re.compile(r"^export\s*\{(?P<names>[^}]*)\}\s*;?[ \t]*$", re.M)
EXPORT_DECLARATION = re.compile(r"^export\s+(?=(?:async\s+)?function\b|class\b|const\b)"
                                r"(?:(?:async\s+)?function\s*\*?|class|const)\s*(?P<name>[A-Za-z_$][\w$]*)", re.M)
DYNAMIC = re.compile(r"\bimport\s*\(\s*" + SPEC + r"\s*\)")
LEFT_OVER = re.compile(r"^(?:import\b(?!\s*\()|export\b)", re.M)
"""A line still starting an import or export once the understood ones are taken out."""

PRELUDE = """const __tj = globalThis.__tjModules ??= (() => {
  const defined = new Map(), loaded = new Map();
  return {
    define(name, body) { if (!defined.has(name)) defined.set(name, body); },
    load(name) { if (!loaded.has(name)) loaded.set(name, defined.get(name)()); return loaded.get(name); },
  };
})();
"""


class Unbundlable(ValueError):
    """A module graph the bundler does not understand (the page keeps its separate modules)."""


def page_bundles(sources: Mapping[str, bytes], pages: Mapping[str, tuple[str, ...]] = PAGES) -> dict[str, bytes]:
    """The bundle of each page of ``pages`` and the chunks of its dynamic imports, by asset name
    (none for a page whose graph is :class:`Unbundlable`)."""
    made: dict[str, bytes] = {}
    parsed: dict[str, _Module] = {}  # each module is read once, whichever pages reach it
    for page, entries in pages.items():
        try:
            made.update(_page(page, entries, sources, parsed))
        except Unbundlable:
            continue
    return made


def style_bundles(sources: Mapping[str, bytes], styles: Mapping[str, tuple[str, ...]] = STYLES) -> dict[str, bytes]:
    """Each page's stylesheets joined in order, by asset name (CSS joins safely: no ``@import``
    nor ``@charset`` in ours, and the cascade keeps the document's order); none for a page
    whose stylesheets are not all there.

    >>> style_bundles({"css/a.css": b"a{}", "css/b.css": b"b{}"}, {"p": ("css/a.css", "css/b.css")})
    {'css/p.page.css': b'a{}\\nb{}\\n'}
    """
    return {style_name(page): b"".join(sources[name].rstrip(b"\n") + b"\n" for name in names)
            for page, names in styles.items() if all(name in sources for name in names)}


def style_name(page: str) -> str:
    """The asset name of ``page``'s joined stylesheets."""
    return f"css/{page}.page.css"


def reached(entries: tuple[str, ...], sources: Mapping[str, bytes], parsed: dict[str, _Module] | None = None,
            skip: tuple[str, ...] = ()) -> list[str]:
    """Every module ``entries`` reach by static and dynamic imports: all that the page may run
    (:class:`Unbundlable` for a graph the bundler does not understand); ``parsed`` keeps the
    modules read, for the next page. A dynamic import of a module whose name starts with one of
    ``skip`` is not followed (another family's folder, at a table of one family).

    >>> sources = {"js/a.js": b'import "./b.js";\\nimport("./c.js");\\n', "js/b.js": b"", "js/c.js": b""}
    >>> reached(("js/a.js",), sources), reached(("js/a.js",), sources, skip=("js/c",))
    (['js/a.js', 'js/b.js', 'js/c.js'], ['js/a.js', 'js/b.js'])
    """
    parsed = {} if parsed is None else parsed
    seen: list[str] = []
    todo = list(entries)
    while todo:
        for name in _ordered((todo.pop(0),), sources, parsed):
            if name not in seen:
                seen.append(name)
                todo.extend(sorted(target for target in parsed[name].dynamic if not target.startswith(skip)))
    return sorted(seen)


def bundle_name(page: str) -> str:
    """The asset name of ``page``'s bundle.

    >>> bundle_name("table")
    'js/table.bundle.js'
    """
    return f"js/{page}.bundle.js"


def chunk_name(page: str, target: str) -> str:
    """The asset name of the chunk of ``page`` that a dynamic import of module ``target`` loads: its
    path under ``js/`` with dots for slashes, so two families' modules of one name stay apart.

    >>> chunk_name("table", "js/later.js"), chunk_name("table", "js/games/poker_bluff/table.js")
    ('js/table.later.chunk.js', 'js/table.games.poker_bluff.table.chunk.js')
    """
    return f"js/{page}.{posixpath.splitext(posixpath.relpath(target, 'js'))[0].replace('/', '.')}.chunk.js"


def _page(page: str, entries: tuple[str, ...], sources: Mapping[str, bytes], parsed: dict[str, _Module]) -> dict[str, bytes]:
    main = _ordered(entries, sources, parsed)
    made = {}
    chunks: dict[str, str] = {}
    todo = sorted({target for name in main for target in parsed[name].dynamic})
    while todo:
        target = todo.pop()
        if target in chunks:
            continue
        chunks[target] = chunk_name(page, target)
        members = [name for name in _ordered((target,), sources, parsed) if name not in main]
        if not members:  # the bundle holds all of it: the import runs its module, no chunk to fetch
            chunks[target] = ""
            continue
        made[chunks[target]] = members
        todo.extend(sorted({t for name in members for t in parsed[name].dynamic} - set(chunks)))
    bodies = {bundle_name(page): main, **made}
    out: dict[str, bytes] = {}
    for asset, members in bodies.items():
        text = [PRELUDE] + [parsed[name].definition(asset, chunks) for name in members]
        if asset == bundle_name(page):
            text.append(f"for (const name of {json.dumps(list(entries))}) await __tj.load(name);\n")
        out[asset] = "".join(text).encode("utf-8")
    return out


def _ordered(entries: tuple[str, ...], sources: Mapping[str, bytes], parsed: dict[str, _Module]) -> list[str]:
    """Every module reached from ``entries`` by static imports, each after the ones it imports."""
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order:
            return
        if name in visiting:
            raise Unbundlable(f"import cycle through {name}")
        if name not in sources:
            raise Unbundlable(f"no module {name}")
        visiting.add(name)
        module = parsed.get(name)
        if module is None:
            module = parsed[name] = _Module.parse(name, sources[name].decode("utf-8"))
        for imported in module.imports:
            visit(imported)
        visiting.discard(name)
        order.append(name)

    for entry in entries:
        visit(entry)
    return order


def _resolve(name: str, spec: str) -> str:
    """A relative specifier written in module ``name`` as a module name: ``("js/a.js", "./b.js")`` -> ``js/b.js``."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(name), spec))


def _pairs(names: str) -> list[tuple[str, str]]:
    """``"a, b as c"`` -> ``[("a", "a"), ("b", "c")]`` (name in the module, name given)."""
    pairs = []
    for part in filter(None, (item.strip() for item in names.split(","))):
        found = re.fullmatch(r"([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?", part)
        if not found:
            raise Unbundlable(f"cannot read the import or export {part!r}")
        pairs.append((found[1], found[2] or found[1]))
    return pairs


class _Module:
    """One module: what it imports (in order), what it exports, its dynamic imports, its body."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.imports: list[str] = []
        self.bindings: list[str] = []
        self.exports: dict[str, str] = {}
        self.dynamic: set[str] = set()
        self.body = ""

    @classmethod
    def parse(cls, name: str, text: str) -> _Module:
        module = cls(name)

        def resolve(spec: str) -> str:
            return _resolve(name, spec)

        def imported(match: re.Match[str]) -> str:
            target = resolve(match["spec"])
            module.imports.append(target)
            if match["names"] is not None:
                pairs = ", ".join(given if given == own else f"{own}: {given}" for own, given in _pairs(match["names"]))
                module.bindings.append(f"const {{ {pairs} }} = await __tj.load({json.dumps(target)});\n")
            return ""

        def reexported(match: re.Match[str]) -> str:
            target = resolve(match["spec"])
            module.imports.append(target)
            alias = f"__re{len(module.imports)}"
            module.bindings.append(f"const {alias} = await __tj.load({json.dumps(target)});\n")
            module.exports.update({given: f"{alias}.{own}" for own, given in _pairs(match["names"])})
            return ""

        def listed(match: re.Match[str]) -> str:
            module.exports.update({given: own for own, given in _pairs(match["names"])})
            return ""

        def declared(match: re.Match[str]) -> str:
            module.exports[match["name"]] = match["name"]
            return match[0].removeprefix("export").lstrip()

        text = IMPORT.sub(imported, text)
        text = REEXPORT.sub(reexported, text)
        text = EXPORT_LIST.sub(listed, text)
        text = EXPORT_DECLARATION.sub(declared, text)
        left = LEFT_OVER.search(text)
        if left:
            line = text[left.start():].split("\n", 1)[0]
            raise Unbundlable(f"{name}: cannot bundle {line[:60]!r}")
        module.dynamic = {resolve(found["spec"]) for found in DYNAMIC.finditer(text)}
        module.body = text
        return module

    def definition(self, asset: str, chunks: Mapping[str, str]) -> str:
        """This module as a definition in ``asset``, its dynamic imports going through ``chunks``."""
        def lazy(match: re.Match[str]) -> str:
            target = _resolve(self.name, match["spec"])
            if not chunks[target]:
                return f"__tj.load({json.dumps(target)})"
            chunk = posixpath.relpath(chunks[target], posixpath.dirname(asset))
            return f"import({json.dumps('./' + chunk)}).then(() => __tj.load({json.dumps(target)}))"

        body = DYNAMIC.sub(lazy, self.body)
        getters = ", ".join(f"get {given}() {{ return {own}; }}" for given, own in self.exports.items())
        return (f"__tj.define({json.dumps(self.name)}, async () => {{\n{''.join(self.bindings)}{body}\n"
                f"return Object.freeze({{ {getters} }});\n}});\n")
