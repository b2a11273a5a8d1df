"""A page's module graph as one bundle (referee/web/bundle.py): it runs exactly as the separate
modules do (node runs both and prints the same), dynamic imports stay lazy in chunks, a form it
does not understand leaves the page on its separate modules, and the table page loads its bundle."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee.config import Config
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app
from referee.web.assets import Assets
from referee.web.bundle import PAGES, bundle_name, page_bundles
from tests.support.dealers import PlainDealer

NODE = shutil.which("node")
STATIC = Path(__file__).resolve().parents[2] / "static"

GRAPH = {
    "js/log.js": 'export const said = [];\nexport function say(line) { said.push(line); console.log(line); }\n',
    "js/dice.js": ('import { say } from "./log.js";\nsay("dice runs");\nexport const faces = 6;\n'
                   'export class Cup { count() { return faces; } }\nexport async function roll() { return 4; }\n'),
    "js/words.js": ('import { say as tell } from "./log.js";\nconst hidden = "four";\ntell("words runs");\n'
                    'export { hidden as word };\nexport { faces as sides } from "./dice.js";\n'),
    "js/later.js": 'import { say } from "./log.js";\nsay("later runs");\nexport const late = "lazy";\n',
    "js/table.js": ('import { faces, Cup, roll } from "./dice.js";\nimport { word, sides } from "./words.js";\n'
                    'import { say, said } from "./log.js";\n'
                    'const rolled = await roll();\nsay(`table: ${faces} ${new Cup().count()} ${word} ${sides} ${rolled}`);\n'
                    'say(`before the lazy one: ${said.length}`);\n'
                    'const { late } = await import("./later.js");\nsay(`after: ${late}`);\n'),
    "js/extra.js": 'import "./table.js";\nimport { say } from "./log.js";\nsay("extra runs last");\n',
}


def write(folder: Path, files: dict[str, str | bytes]) -> None:
    for name, body in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body if isinstance(body, bytes) else body.encode())
    (folder / "js" / "package.json").write_text('{"type": "module"}')


def run(script: Path) -> list[str]:
    done = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.splitlines()


@pytest.mark.skipif(NODE is None, reason="node is needed to run the modules")
def test_a_bundle_runs_exactly_as_its_separate_modules_do(tmp_path: Path) -> None:
    write(tmp_path / "apart", GRAPH)
    (tmp_path / "apart" / "js" / "page.js").write_text('import "./table.js";\nimport "./extra.js";\n')
    made = page_bundles({name: body.encode() for name, body in GRAPH.items()}, {"page": ("js/table.js", "js/extra.js")})
    assert sorted(made) == ["js/page.bundle.js", "js/page.later.chunk.js"]
    write(tmp_path / "bundled", made)
    apart = run(tmp_path / "apart" / "js" / "page.js")
    assert apart == ["dice runs", "words runs", "table: 6 6 four 6 4", "before the lazy one: 3", "later runs",
                     "after: lazy", "extra runs last"]
    assert run(tmp_path / "bundled" / bundle_name("page")) == apart


def test_a_lazy_module_is_only_in_its_chunk(tmp_path: Path) -> None:
    made = page_bundles({name: body.encode() for name, body in GRAPH.items()}, {"page": ("js/table.js",)})
    bundle, chunk = made["js/page.bundle.js"].decode(), made["js/page.later.chunk.js"].decode()
    defined = lambda text: re.findall(r'__tj\.define\("([^"]+)"', text)  # noqa: E731
    assert defined(bundle) == ["js/log.js", "js/dice.js", "js/words.js", "js/table.js"]
    assert defined(chunk) == ["js/later.js"]
    assert 'import("./page.later.chunk.js")' in bundle


@pytest.mark.parametrize("module", [
    'export let count = 1;\n', 'export default 3;\n', 'import * as all from "./log.js";\n',
    'import { a } from "./b.js";\n', 'export var old = 1;\n',
])
def test_a_form_the_bundler_does_not_understand_leaves_the_page_unbundled(module: str) -> None:
    sources = {"js/log.js": GRAPH["js/log.js"].encode(), "js/a.js": module.encode()}
    assert page_bundles(sources, {"page": ("js/a.js",)}) == {}


def test_an_import_cycle_leaves_the_page_unbundled() -> None:
    sources = {"js/a.js": b'import { b } from "./b.js";\nexport const a = 1;\n',
               "js/b.js": b'import { a } from "./a.js";\nexport const b = 2;\n'}
    assert page_bundles(sources, {"page": ("js/a.js",)}) == {}


def test_every_page_of_the_project_is_bundled() -> None:
    assets = Assets.build(STATIC)
    for page in PAGES:
        assert assets.by_name(bundle_name(page)) is not None, page


def table_page(minify: bool) -> str:
    config = Config(async_mode="threading", database=":memory:", signing_key="unused", minify_assets=minify)
    app = create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler())
    http = app.test_client()
    table = http.post("/api/tables", json={"name": "Anna"}).get_json()["table"]
    return http.get(f"/t/{table}").get_data(as_text=True)


def module_scripts(html: str) -> list[str]:
    return re.findall(r'<script type="module" src="/static/js/([\w.]+?)\.[0-9a-f]{12}\.js"></script>', html)


def test_the_table_page_loads_its_bundle_and_the_dev_switch_its_modules() -> None:
    assert module_scripts(table_page(minify=True)) == ["table.bundle"]  # the language switch (lang.js) rides in the bundle
    assert module_scripts(table_page(minify=False)) == ["lang", "table", "verified", "draw_seeds_page", "player_gm"]


def test_the_table_pages_bundle_holds_neither_the_referees_nor_the_audits_modules() -> None:
    bundle = Assets.build(STATIC).by_name(bundle_name("table"))
    assert bundle is not None
    defined = set(re.findall(r'__tj\.define\("js/([\w/]+)\.js"', bundle.body.decode()))
    assert {"table", "verified", "player_gm", "i18n", "dom", "families", "seats", "games/registry"} <= defined
    assert not {name for name in defined if name in {"referee", "home", "fairness"}
                or name.startswith("audit") or (name.startswith("games/") and name != "games/registry")}, defined
    assert json.dumps(list(PAGES["table"])).replace(" ", "") in bundle.body.decode()


def test_a_lazy_module_the_bundle_already_holds_needs_no_chunk() -> None:
    sources = {name: body.encode() for name, body in GRAPH.items()}
    sources["js/eager.js"] = b'import { late } from "./later.js";\nimport "./table.js";\nexport const seen = late;\n'
    made = page_bundles(sources, {"page": ("js/eager.js",)})
    assert sorted(made) == ["js/page.bundle.js"]
    bundle = made["js/page.bundle.js"].decode()
    assert "import(" not in bundle and 'const { late } = await __tj.load("js/later.js");' in bundle


def test_every_page_template_loads_its_modules_through_its_bundle() -> None:
    """A template that names a module script itself would load it beside (or instead of) its bundle."""
    templates = Path(__file__).resolve().parents[2] / "templates"
    for template in templates.glob("*.html"):
        html = template.read_text(encoding="utf-8")
        named = re.findall(r"page_modules\(\"(\w+)\"\)", html)
        assert all(page in PAGES for page in named), template.name
        modules = re.findall(r'<script type="module"[^>]*filename=\'js/([\w.]+)\'', html)
        assert modules == (["lang.js"] if template.name == "base.html" else []), template.name


def test_the_table_page_links_its_stylesheets_as_one_and_the_dev_switch_each() -> None:
    links = re.compile(r'<link rel="stylesheet" href="/static/css/([\w.]+?)\.[0-9a-f]{12}\.css">')
    assert links.findall(table_page(minify=True)) == ["table.page"]
    assert links.findall(table_page(minify=False)) == ["app", "rules", "table", "feel"]
