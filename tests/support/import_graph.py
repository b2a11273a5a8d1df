"""The import graphs of the Python package and of the page modules, and the cycles in them.

Python: a module's edges are the modules of the package its imports load, wherever they are (a function's
import counts: it runs too), with what Python itself loads: ``from X import Y`` loads X (unless X is a
package the module sits in, loaded before it) and X.Y when that is a module; a module loads its
packages' ``__init__`` first. Imports under ``if TYPE_CHECKING:`` load nothing at run time: they are
kept apart (``typed=True`` adds them). JavaScript: every static ``import``/``export … from`` and
dynamic ``import("./x.js")`` of a relative path; the page's families keep to their folders
(``family_crossings``: issue 25).

>>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
[['a', 'b']]
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

JS_IMPORT = re.compile(r"""(?:^|\n)\s*(?:import|export)\s+(?:[^'"`;]*?\sfrom\s+)?["'](\.{1,2}/[^"']+)["']""")
JS_DYNAMIC = re.compile(r"""import\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")


def python_graph(root: Path, package: str, typed: bool = False) -> dict[str, set[str]]:
    """``package``'s modules under ``root`` -> the package's modules each one loads."""
    modules: dict[str, tuple[Path, bool]] = {}
    for path in (root / package).rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in modules.items():
        here = name.split(".") if is_package else name.split(".")[:-1]
        graph[name] = set()
        for module, attribute in _imports(ast.parse(path.read_text(encoding="utf-8")), here, typed):
            if module.split(".")[0] == package:
                graph[name] |= _loaded(name, module, attribute, modules)
    return graph


def js_graph(root: Path) -> dict[str, set[str]]:
    """Every page module under ``root`` (vendored code left out) -> the page modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.js")):
        if "vendor" in path.relative_to(root).parts:
            continue
        text = path.read_text(encoding="utf-8")
        found = JS_IMPORT.findall(text) + JS_DYNAMIC.findall(text)
        graph[str(path.relative_to(root))] = {str((path.parent / target).resolve().relative_to(root.resolve()))
                                              for target in found}
    return graph


def python_paths(graph: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """``graph`` (a ``python_graph``) with modules named by path under ``package`` (``referee.games.x.fold`` ->
    ``games/x/fold``) and the packages an import loads on its way (``games``, ``games/x``) left out of the
    targets when their ``__init__`` loads nothing of the package (``family_crossings`` reads the result).

    >>> python_paths({"p.games.x.fold": {"p.games", "p.games.x", "p.table.state"}, "p.games": set()}, "p")
    {'games/x/fold': {'table/state'}, 'games': set()}
    """
    packages = {".".join(name.split(".")[:depth]) for name in graph for depth in range(1, name.count(".") + 1)}
    packages = {name for name in packages if not graph.get(name, set())}
    def path(name: str) -> str:
        return "/".join(name.split(".")[1:])
    return {path(name): {path(target) for target in targets if target not in packages}
            for name, targets in graph.items() if name != package}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two or more nodes (Tarjan), each sorted, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next((target for target in edges if target in graph), None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def family_crossings(graph: dict[str, set[str]], games: str = "games",
                     registries: tuple[str, ...] = ("games/registry.js",)) -> list[str]:
    """Every import of ``graph`` (modules by path) that leaves its family's bounds, as ``"module -> target"``:
    a shared module (outside ``games/``) may reach ``games/`` only through one of ``registries``; a family's
    module (``games/<family>/…``) only its own folder under ``games/`` (neither another family's nor the
    registry, which imports it); a registry any family's.

    >>> family_crossings({"table.js": {"games/registry.js", "games/dice/view.js"}, "games/registry.js": {"games/dice/view.js"},
    ...                   "games/dice/view.js": {"dom.js", "games/coins/view.js"}})
    ['games/dice/view.js -> games/coins/view.js', 'table.js -> games/dice/view.js']
    """
    def family(name: str) -> str | None:
        """The family folder of ``name``, "" for a module right under ``games/``, None for a shared one."""
        parts = name.split("/")
        if parts[0] != games:
            return None
        return parts[1] if len(parts) > 2 else ""

    crossings = []
    for module, targets in sorted(graph.items()):
        own = family(module)
        for target in sorted(targets):
            theirs = family(target)
            allowed = (theirs is None or module in registries or (own is None and target in registries)
                       or (bool(own) and theirs == own))
            if not allowed:
                crossings.append(f"{module} -> {target}")
    return crossings


def _imports(tree: ast.Module, here: list[str], typed: bool) -> list[tuple[str, str | None]]:
    """(module, attribute or None) of every import in ``tree``, relative ones made absolute."""
    found: list[tuple[str, str | None]] = []
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if not typed and _type_checking(node):
            pending.extend(node.orelse)  # type: ignore[attr-defined]
            continue
        if isinstance(node, ast.Import):
            found.extend((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.extend((module, alias.name) for alias in node.names)
        else:
            pending.extend(ast.iter_child_nodes(node))
    return found


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
                                         or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _loaded(importer: str, module: str, attribute: str | None, modules: dict[str, tuple[Path, bool]]) -> set[str]:
    """What importing ``attribute`` from ``module`` (or ``module`` itself) loads that ``importer`` has not loaded yet."""
    before = _parents(importer)
    loaded: set[str] = set()
    if attribute is not None and f"{module}.{attribute}" in modules:
        loaded.add(f"{module}.{attribute}")
        if module not in before:
            loaded.add(module)
    elif module in modules:
        loaded.add(module)
    for name in list(loaded):
        loaded |= {parent for parent in _parents(name) if parent in modules and parent not in before}
    loaded.discard(importer)
    return loaded


def _parents(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))}
