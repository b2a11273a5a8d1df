"""The served scripts are minified (referee/web/minify.py, rjsmin), and rjsmin reads a template literal nested
inside another one's ``${…}`` as code: it drops the spaces of its text (`` `${a}${b ? ` ${b}` : ""}` `` is served
as `` `${a}${b ? `${b}` : ""}` ``, and a warning ran into the next sentence; `` `${k}: ${v}` `` lost the space the
Python verifier's message has). So every template literal of static/js must come out of the minifier with its
text whole, on one line or over several: write a nested text with ``+`` or ``join`` instead.

The check reads each script's template texts with a small scanner (strings, comments, regular expression
literals and ``${…}`` nesting) and compares the source's with the served script's."""
from __future__ import annotations

import re
from pathlib import Path

from referee.web.minify import minified

SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "static" / "js").rglob("*.js"))
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
"""A ``/`` after one of these (or a keyword such as ``return``) opens a regular expression literal."""
KEYWORD_BEFORE = re.compile(r"\b(return|typeof|case|of|in)\s*$")


def template_texts(src: str) -> list[str]:
    """The text parts of every template literal of a script, in the order they end (nested ones included).

    >>> template_texts('const a = `x ${b ? ` or ${c}` : "`"} y`; // `not one`')
    ['x ', ' or ', '', ' y']
    >>> template_texts("const r = /it's `no` template/; const s = `${r}`;")
    ['', '']
    """
    texts: list[str] = []
    stack: list[list] = []  # ["text", parts] inside a template, ["code", depth] inside its ${…}
    i, last = 0, ""  # last: the last significant character of code
    while i < len(src):
        c, top = src[i], (stack[-1] if stack else None)
        if top and top[0] == "text":
            step = 2 if c == "\\" else 1
            if c == "`":  # the template ends
                texts.append("".join(stack.pop()[1]))
                last = "`"
            elif src.startswith("${", i):  # its text so far, then code until the matching }
                texts.append("".join(top[1]))
                top[1].clear()
                stack.append(["code", 0])
                step, last = 2, "{"
            else:
                top[1].append(src[i:i + step])
            i += step
        elif c in "\"'":
            i, last = _closing(src, i, c) + 1, c
        elif src.startswith("//", i):
            i = src.find("\n", i) if "\n" in src[i:] else len(src)
        elif src.startswith("/*", i):
            i = src.index("*/", i + 2) + 2
        elif c == "/" and (last in REGEX_AFTER or not last or KEYWORD_BEFORE.search(src[max(0, i - 8):i])):
            i, last = _regex_end(src, i) + 1, "/"
        elif c == "`":
            stack.append(["text", []])
            i += 1
        else:
            if top and c in "{}":
                if c == "}" and top[1] == 0:
                    stack.pop()
                else:
                    top[1] += 1 if c == "{" else -1
            last = c if not c.isspace() else last
            i += 1
    return texts


def _closing(src: str, i: int, quote: str) -> int:
    j = i + 1
    while j < len(src) and src[j] != quote:
        j += 2 if src[j] == "\\" else 1
    return j


def _regex_end(src: str, i: int) -> int:
    j, in_class = i + 1, False
    while j < len(src) and (in_class or src[j] != "/"):
        if src[j] == "\\":
            j += 1
        elif src[j] in "[]":
            in_class = src[j] == "["
        j += 1
    return j


def test_the_check_sees_the_space_the_minifier_drops() -> None:
    for source in ('const text = `${a}${b ? ` ${b}` : ""}`;\n', 'const text = `${a}${b\n  ? ` ${b}`\n  : ""}`;\n'):
        served = minified("js/x.js", source.encode()).decode()
        assert template_texts(source) != template_texts(served)
    fixed = 'const text = [a, b].filter(Boolean).join(" ") + `${c ? `x${c}` : ""}`;\n'
    assert template_texts(fixed) == template_texts(minified("js/x.js", fixed.encode()).decode())


def test_every_template_of_the_scripts_keeps_its_text_when_minified() -> None:
    assert len(SCRIPTS) > 100
    changed, seen = [], 0
    for script in SCRIPTS:
        source = script.read_text(encoding="utf-8")
        before = template_texts(source)
        after = template_texts(minified(f"js/{script.name}", source.encode()).decode())
        seen += len(before)
        if before != after:
            changed.append(f"{script.relative_to(SCRIPTS[0].parents[1])}: " +
                           ", ".join(f"`{a}` → `{b}`" for a, b in zip(before, after) if a != b)[:300])
    assert seen > 1000  # the scanner found the scripts' templates (it did not get lost in one)
    assert not changed, "template text the minifier changes:\n" + "\n".join(changed)
