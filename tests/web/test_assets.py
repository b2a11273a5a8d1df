"""Assets under content-hashed URLs: renamed when they change, compressed when asked, cached for a
year; wrong and stale names are 404s nobody keeps; pages load their own scripts and stay uncached."""
from __future__ import annotations

import gzip
import posixpath
import subprocess
import re
from html.parser import HTMLParser
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest
from flask import Flask, url_for

from referee.config import Config
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app
from referee.web.asset_routes import IMMUTABLE, serve_assets
from referee.web.assets import Assets
from tests.support.app import Harness
from tests.support.dealers import PlainDealer

STATIC_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\.\.?/[\w./-]+)["']""")
ANY_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.\.?/[\w./-]+)["']""")


@pytest.fixture(scope="module")
def site() -> tuple[Harness, str]:
    config = Config(async_mode="threading", database=":memory:", signing_key="unused")
    harness = Harness(create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler()), ManualScheduler())
    table, _ = harness.create_table()
    return harness, table


def small_site(folder: Path, minify: bool = False) -> Flask:
    app = Flask("assets-test", static_folder=None)
    serve_assets(app, Assets.build(folder, minify=minify))
    return app


def hashed_url(app: Flask, name: str) -> str:
    with app.test_request_context():
        return url_for("static", filename=name)


def write_modules(folder: Path, dice: str) -> None:
    (folder / "js").mkdir(exist_ok=True)
    (folder / "js" / "dice.js").write_text(dice)
    (folder / "js" / "seats.js").write_text('import { faces } from "./dice.js";\nexport const seats = faces;\n')
    (folder / "js" / "table.js").write_text('import { seats } from "./seats.js";\nimport("./dice.js");\n')
    (folder / "css").mkdir(exist_ok=True)
    (folder / "css" / "app.css").write_text("body { margin: 0 }\n" * 50)


def test_a_changed_file_gets_a_new_url_and_so_does_every_module_that_reaches_it(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    before = Assets.build(tmp_path)
    (tmp_path / "js" / "dice.js").write_text("export const faces = 8;\n")
    after = Assets.build(tmp_path)
    for name in ("js/dice.js", "js/seats.js", "js/table.js"):
        assert before.url_name(name) != after.url_name(name), name
    assert before.url_name("css/app.css") == after.url_name("css/app.css")
    assert re.fullmatch(r"js/dice\.[0-9a-f]{12}\.js", after.url_name("js/dice.js"))


def test_imports_and_dynamic_imports_point_at_the_hashed_names(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    assets = Assets.build(tmp_path, minify=False)
    table = assets.by_name("js/table.js")
    assert table is not None
    dice, seats = (Path(assets.url_name(f"js/{name}.js")).name for name in ("dice", "seats"))
    assert table.body.decode() == f'import {{ seats }} from "./{seats}";\nimport("./{dice}");\n'


def test_an_assets_absolute_url_in_a_script_points_at_its_hashed_name(tmp_path: Path) -> None:
    write_modules(tmp_path, 'document.head.append(link("/static/css/app.css"), link("/static/css/gone.css"));\n')
    before = Assets.build(tmp_path, minify=False)
    (tmp_path / "css" / "app.css").write_text("body { margin: 1px }\n")
    after = Assets.build(tmp_path, minify=False)
    assert after.by_name("js/dice.js").body.decode() == (
        f'document.head.append(link("/static/{after.url_name("css/app.css")}"), link("/static/css/gone.css"));\n')
    assert before.url_name("js/table.js") != after.url_name("js/table.js")


def test_modules_that_import_each_other_still_get_hashes(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = 1;\n')
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 2;\n')
    before = Assets.build(tmp_path, minify=False)
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 3;\n')
    after = Assets.build(tmp_path, minify=False)
    assert before.url_name("a.js") != after.url_name("a.js")
    assert after.by_name("a.js").body.decode().startswith(f'import {{ b }} from "./{after.url_name("b.js")}"')


def test_a_hashed_asset_is_immutable_for_a_year_and_gzipped_when_the_browser_asks(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    app = small_site(tmp_path)
    url = hashed_url(app, "css/app.css")
    packed = app.test_client().get(url, headers={"Accept-Encoding": "deflate, gzip;q=0.8"})
    plain = app.test_client().get(url, headers={"Accept-Encoding": "identity"})
    assert packed.status_code == plain.status_code == 200
    assert packed.headers["Cache-Control"] == plain.headers["Cache-Control"] == IMMUTABLE
    assert packed.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain.headers
    assert gzip.decompress(packed.data) == plain.data == (tmp_path / "css" / "app.css").read_bytes()
    assert len(packed.data) < len(plain.data) / 5
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert packed.headers["Content-Type"] == "text/css; charset=utf-8"


def test_a_browser_that_has_the_asset_gets_304(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    app = small_site(tmp_path)
    url = hashed_url(app, "js/dice.js")
    etag = app.test_client().get(url).headers["ETag"]
    again = app.test_client().get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""


def test_a_wrong_or_stale_hash_is_a_404_that_no_cache_keeps(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    stale = hashed_url(small_site(tmp_path), "js/dice.js")
    (tmp_path / "js" / "dice.js").write_text("export const faces = 8;\n")
    app = small_site(tmp_path)
    fresh = hashed_url(app, "js/dice.js")
    assert stale != fresh and app.test_client().get(fresh).status_code == 200
    for url in (stale, "/static/js/dice.0123456789ab.js", "/static/js/nothing.js", "/static/../README.md"):
        reply = app.test_client().get(url)
        assert reply.status_code == 404, url
        assert reply.headers["Cache-Control"] == "no-store", url


def test_the_plain_name_serves_the_same_body_but_is_revalidated(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    app = small_site(tmp_path)
    plain = app.test_client().get("/static/js/table.js")
    hashed = app.test_client().get(hashed_url(app, "js/table.js"))
    assert plain.data == hashed.data and plain.headers["Cache-Control"] == "no-cache"


class Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and found.get("src"):
            self.urls.append(str(found["src"]))
        if tag == "link" and found.get("href", "").startswith("/static/"):  # type: ignore[union-attr]
            self.urls.append(str(found["href"]))


def page_assets(harness: Harness, path: str, imports: re.Pattern[str] = ANY_IMPORT) -> dict[str, bytes]:
    """Every asset a page may load, following module ``imports`` (static and dynamic ones by default), by URL."""
    http = harness.app.test_client()
    parser = Scripts()
    parser.feed(http.get(path).get_data(as_text=True))
    todo, seen = list(parser.urls), {}
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        reply = http.get(url)
        assert reply.status_code == 200, url
        assert reply.headers["Cache-Control"] == IMMUTABLE, url
        seen[url] = reply.data
        if url.endswith(".js"):
            folder = url.rsplit("/", 1)[0]
            todo.extend(posixpath.normpath(f"{folder}/{spec}") for spec in imports.findall(reply.get_data(as_text=True)))
    return seen


def test_every_module_of_every_page_loads_from_a_hashed_immutable_url(site: tuple[Harness, str]) -> None:
    harness, table = site
    for path in ("/", f"/t/{table}", f"/t/{table}/audit"):
        urls = page_assets(harness, path)
        assert any(url.startswith("/static/catalog/") for url in urls), path
        for url in urls:
            assert re.search(r"\.[0-9a-f]{12}(\.\w+)?$", url), url


def test_the_table_page_loads_neither_the_referees_nor_the_audits_scripts() -> None:
    """With its modules apart (the dev switch); its bundle's modules: tests/web/test_bundle.py."""
    config = Config(async_mode="threading", database=":memory:", signing_key="unused", minify_assets=False)
    harness = Harness(create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler()), ManualScheduler())
    table, _ = harness.create_table()
    loaded = {url.rsplit("/", 1)[1].split(".")[0] for url in page_assets(harness, f"/t/{table}", STATIC_IMPORT)}
    assert {"table", "verified", "lang", "i18n", "socket"} <= loaded
    assert not {name for name in loaded if name in {"referee", "home"} or name.startswith("audit")}, loaded


def test_pages_are_gzipped_and_never_cached(site: tuple[Harness, str]) -> None:
    harness, table = site
    http = harness.app.test_client()
    packed = http.get(f"/t/{table}", headers={"Accept-Encoding": "gzip"})
    plain = http.get(f"/t/{table}")
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert packed.headers["Cache-Control"] == plain.headers["Cache-Control"] == "no-cache"


def test_every_page_links_the_svg_favicon(site: tuple[Harness, str]) -> None:
    harness, table = site
    http = harness.app.test_client()
    for path in ("/", f"/t/{table}", f"/t/{table}/audit", "/t/nope"):
        found = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', http.get(path).get_data(as_text=True))
        assert found, path
        icon = http.get(found.group(1))
        assert icon.status_code == 200 and icon.headers["Content-Type"].startswith("image/svg+xml")
        assert icon.data.startswith(b"<svg")


def test_brotli_goes_to_a_browser_that_accepts_it_gzip_to_one_that_accepts_only_gzip(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n" * 40)
    app = small_site(tmp_path)
    http = app.test_client()
    for name in ("css/app.css", "js/dice.js"):
        url = hashed_url(app, name)
        plain = http.get(url, headers={"Accept-Encoding": "identity"})
        packed = {accept: http.get(url, headers={"Accept-Encoding": accept})
                  for accept in ("gzip, deflate, br, zstd", "br", "gzip", "br;q=0, gzip", "gzip;q=0, br;q=0")}
        assert {accept: reply.headers.get("Content-Encoding") for accept, reply in packed.items()} == {
            "gzip, deflate, br, zstd": "br", "br": "br", "gzip": "gzip", "br;q=0, gzip": "gzip", "gzip;q=0, br;q=0": None}
        assert brotli.decompress(packed["br"].data) == gzip.decompress(packed["gzip"].data) == plain.data
        assert len(packed["br"].data) < len(packed["gzip"].data)
        assert all("Accept-Encoding" in reply.headers["Vary"] for reply in packed.values())


def test_pages_go_brotli_when_the_browser_accepts_it(site: tuple[Harness, str]) -> None:
    harness, table = site
    http = harness.app.test_client()
    packed = http.get(f"/t/{table}", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.data) == http.get(f"/t/{table}").data


def test_scripts_and_stylesheets_are_served_minified_and_still_import_the_hashed_names(tmp_path: Path) -> None:
    write_modules(tmp_path, "// the faces of a die\nexport const faces = 6;   /* six */\n")
    assets = Assets.build(tmp_path)
    dice, seats = (Path(assets.url_name(f"js/{name}.js")).name for name in ("dice", "seats"))
    assert assets.by_name("js/dice.js").body == b"export const faces=6;"
    assert assets.by_name("js/table.js").body.decode() == f'import{{seats}}from"./{seats}";import("./{dice}");'
    assert assets.by_name("css/app.css").body == b"body{margin:0}" * 50


def test_minified_hashes_are_stable_and_name_the_bytes_served(tmp_path: Path) -> None:
    write_modules(tmp_path, "export const faces = 6;\n")
    first, again, sources = Assets.build(tmp_path), Assets.build(tmp_path), Assets.build(tmp_path, minify=False)
    assert [first.url_name(name) for name in first.names()] == [again.url_name(name) for name in again.names()]
    for name in ("js/dice.js", "js/table.js", "css/app.css"):
        assert first.url_name(name) != sources.url_name(name), name
    # only a comment changes: the minified bytes, and so the URL, stay the same
    (tmp_path / "js" / "dice.js").write_text("export const faces = 6; // six\n")
    assert Assets.build(tmp_path).url_name("js/dice.js") == first.url_name("js/dice.js")
    assert Assets.build(tmp_path, minify=False).url_name("js/dice.js") != sources.url_name("js/dice.js")


def test_the_dev_switch_serves_every_source_as_written(tmp_path: Path) -> None:
    config = Config(async_mode="threading", database=":memory:", signing_key="unused", minify_assets=False)
    app = create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler())
    source = (Path(__file__).resolve().parents[2] / "static" / "js" / "dom.js").read_bytes()
    assert app.test_client().get("/static/js/dom.js").data == source


PARSE_EVERY_MODULE = """
const { readdirSync, readFileSync } = require("node:fs");
const { SourceTextModule } = require("node:vm");
const folder = process.argv[1];
let parsed = 0;
for (const name of readdirSync(folder).filter((file) => file.endsWith(".mjs"))) {
  try { new SourceTextModule(readFileSync(`${folder}/${name}`, "utf8")); parsed++; }
  catch (error) { console.error(name, error.message); }
}
console.log(parsed);
"""
"""Parses (does not run) every module of a folder: prints how many parsed, and each one that did not."""


def test_every_served_script_is_still_a_module_node_can_parse(site: tuple[Harness, str], tmp_path: Path) -> None:
    harness, _ = site
    http = harness.app.test_client()
    scripts = [name for name in Assets.build(Path(__file__).resolve().parents[2] / "static").names()
               if name.startswith("js/")]
    for name in scripts:
        (tmp_path / Path(name.replace("/", ".")).with_suffix(".mjs").name).write_bytes(http.get(f"/static/{name}").data)
    checked = subprocess.run(["node", "--experimental-vm-modules", "--no-warnings", "-e", PARSE_EVERY_MODULE, str(tmp_path)],
                             capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and checked.stdout.split() == [str(len(scripts))], checked.stdout + checked.stderr
    assert len(scripts) > 50
