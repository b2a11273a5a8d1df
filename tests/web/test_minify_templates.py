"""The served scripts are minified (referee/web/minify.py, rjsmin), and rjsmin reads a template literal nested
inside another one's ``${…}`` as code: it drops the spaces of its text (`` `${a}${b ? ` ${b}` : ""}` `` is served
as `` `${a}${b ? `${b}` : ""}` ``, and a warning ran into the next sentence; `` `${k}: ${v}` `` lost the space the
Python verifier's message has). So every nested template of static/js must come out of the minifier with its
text whole: write such a text with ``+`` or ``join`` instead."""
from __future__ import annotations

import re
from pathlib import Path

from referee.web.minify import minified

SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "static" / "js").rglob("*.js"))
NESTED = re.compile(r"`[^`\n]*\$\{[^`\n}]*`([^`\n]*)`")
"""A template literal (group 1: its body) opened inside the ``${…}`` of another one on the same line."""
PLACE = re.compile(r"\$\{[^}]*\}")


def kept(body: str, served: str) -> bool:
    """Whether the minified script still holds the template ``body`` with its text as written (the code of
    its ``${…}`` may lose its spaces)."""
    text = PLACE.split(body)
    pattern = r"\$\{[^`]*?\}".join(re.escape(part) for part in text)
    return re.search(f"`{pattern}`", served) is not None


def test_the_check_sees_the_space_the_minifier_drops() -> None:
    source = 'const text = `${a}${b ? ` ${b}` : ""}`;\n'
    served = minified("js/x.js", source.encode()).decode()
    assert [kept(m.group(1), served) for m in NESTED.finditer(source)] == [False]
    fixed = 'const text = [a, b].filter(Boolean).join(" ") + `${c ? `x${c}` : ""}`;\n'
    served = minified("js/x.js", fixed.encode()).decode()
    assert [kept(m.group(1), served) for m in NESTED.finditer(fixed)] == [True]


def test_every_nested_template_of_the_scripts_keeps_its_text_when_minified() -> None:
    assert SCRIPTS
    lost = []
    for script in SCRIPTS:
        source = script.read_text(encoding="utf-8")
        served = minified(f"js/{script.name}", source.encode()).decode()
        lost += [f"{script.name}: `{m.group(1)}`" for m in NESTED.finditer(source) if not kept(m.group(1), served)]
    assert not lost, "template text the minifier changes:\n" + "\n".join(lost)
