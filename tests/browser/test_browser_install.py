"""The site as an installable app in chromium: the manifest chromium reads (every member, the
icons at their sizes), the service worker registered and controlling the page, the offline page
with this browser's matches when the server is stopped, and a release's static file replacing
the cached one. One server for the file (stopped and started again on its port by the offline
test); a fresh browser context per test, so each installs the worker anew."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from app.i18n import t
from app.routes.install import BACKGROUND, THEME
from app.settings import ROOT
from tests.app.app_helpers import migrate
from tests.browser.live_server import LiveServer, live_settings

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# What the worker's cache holds, read in the page: {cache name: [paths]}
CACHED = """async () => {
    const found = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        found[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return found;
}"""


@pytest.fixture(scope="module")
def install_server(tmp_path_factory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('install') / 'install.db'}"
    migrate(url)
    server = LiveServer(live_settings(url)).start()
    yield server
    if server.running:  # the offline test stops it, and starts it again in its place
        server.stop()


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page (it claims its pages once active)."""
    page.wait_for_function(CONTROLLED)


def cached(page: Page) -> dict[str, list[str]]:
    return page.evaluate(CACHED)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_chromium_reads_the_manifest_and_its_icons(new_page, install_server, lang):
    page = new_page(install_server)
    page.goto(f"/?lang={lang}")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith(f"/manifest.webmanifest?lang={lang}")
    assert manifest["errors"] == []
    parsed = page.evaluate("(url) => fetch(url).then((r) => r.json())", manifest["url"])
    assert parsed["display"] == "standalone" and parsed["start_url"] == f"/?lang={lang}"
    assert parsed["name"] == t(lang, "app_name") and parsed["short_name"] == t(lang, "title")
    assert (parsed["theme_color"], parsed["background_color"]) == (THEME, BACKGROUND)
    sizes = page.evaluate(
        """(icons) => Promise.all(icons.map(async (icon) => {
            const picture = await createImageBitmap(await (await fetch(icon.src)).blob());
            return [icon.sizes, icon.purpose, `${picture.width}x${picture.height}`];
        }))""",
        parsed["icons"],
    )
    assert sorted(map(tuple, sizes)) == [
        ("192x192", "any", "192x192"),
        ("512x512", "any", "512x512"),
        ("512x512", "maskable", "512x512"),
    ]
    assert page.get_attribute('meta[name="theme-color"]', "content") == THEME
    # nothing stands in the way of installing but the test browser's own profile (not a real one)
    controlled(page)
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}, errors


def test_the_worker_controls_the_page_and_caches_the_static_files_only(new_page, install_server):
    page = new_page(install_server)
    page.goto("/?lang=en")
    controlled(page)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{install_server.url}/sw.js"
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == f"{install_server.url}/"
    assets = install_server.app.state.assets
    (name, paths), *others = cached(page).items()
    assert not others and name.startswith("chaharbargh-")
    assert set(paths) == {assets.url_of(a) for a in assets.by_name.values()} | {"/offline"}
    page.click("#start")  # a table, its moves and its stream: never kept
    page.wait_for_selector("#game")
    page.goto("/me")
    page.goto("/")
    assert set(cached(page)[name]) == set(paths)
    # a static file is answered from the worker's cache, not the network
    css = page.get_attribute('link[rel="stylesheet"][href^="/static/app."]', "href")
    via = page.evaluate("(url) => performance.getEntriesByName(new URL(url, location).href)[0].deliveryType", css)
    assert via == "cache-storage"


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_with_the_server_stopped_a_reload_shows_the_offline_page_with_the_saved_matches(new_page, install_server, lang):
    page = new_page(install_server)
    page.goto(f"/?lang={lang}")
    controlled(page)
    page.click("#start")
    page.wait_for_selector("#game")
    table = page.url.removeprefix(install_server.url)
    match_id = table.split("/")[2]
    # the worker keeps the offline page as the server renders it after each page: wait for this match in it
    page.wait_for_function(
        """async (id) => {
            const offline = await caches.match('/offline', {ignoreVary: true});
            return !!offline && (await offline.text()).includes(id);
        }""",
        arg=match_id,
    )
    install_server.stop()
    try:
        page.reload()
        page.wait_for_selector("#offline")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.inner_text("h1") == t(lang, "offline_title")
        assert page.url.removeprefix(install_server.url) == table  # still the address asked for
        assert page.locator(f'#saved a[href="{table}"]').count() == 1
        header = page.evaluate("getComputedStyle(document.querySelector('header.top')).backgroundColor")
        assert header == "rgb(10, 67, 48)"  # the site's CSS, from the cache
        page.goto("/rules")  # any page: the same
        page.wait_for_selector(f'#offline #saved a[href="{table}"]')
    finally:
        restarted = LiveServer(install_server.settings, install_server.port).start()
        install_server.__dict__.update(restarted.__dict__)  # the module's server, running again
    page.click("#offline-retry")  # back: "try again" is the page asked for
    page.wait_for_selector("h1")
    assert page.locator("#offline").count() == 0 and page.url.endswith("/rules")


def test_a_new_release_of_a_static_file_replaces_the_cached_one(new_page, install_server):
    page = new_page(install_server)
    page.goto("/")
    controlled(page)
    assets = install_server.app.state.assets
    old = assets.url("pwa.js")
    (before, paths), *_ = cached(page).items()
    assert old in paths
    new = assets.url_of(assets.replace("pwa.js", (ROOT / "static" / "pwa.js").read_bytes() + b"\n// a release\n"))
    try:
        page.reload()  # a visit: the browser asks for /sw.js again, finds it changed, installs it
        page.wait_for_function(
            """async ([before, old, fresh]) => {
                const names = (await caches.keys()).filter((n) => n.startsWith('chaharbargh-'));
                if (names.length !== 1 || names[0] === before) return false;
                const paths = (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
                return paths.includes(fresh) && !paths.includes(old);
            }""",
            arg=[before, old, new],
        )
        page.reload()
        assert page.get_attribute('script[src^="/static/pwa."]', "src") == new
        controlled(page)
    finally:
        assets.replace("pwa.js", (ROOT / "static" / "pwa.js").read_bytes())
