"""`quire ui` in a real Chromium (Debian's package, driven by Playwright): walk the queue by keyboard,
recall, forget, markup stays inert, every screen without JavaScript; the screenshots (into docs/screens/
with QUIRE_SCREENSHOTS=1).

`make browser` installs chromium where it can (root); without it these tests skip, and under
CI=true they fail instead. Playwright cannot download its own browser here, so the system binary
is launched (`$QUIRE_CHROMIUM`, else `chromium` on PATH).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.ui_home import XSS_IMG, XSS_SCRIPT, seed, start

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "docs" / "screens"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOILER = "The flat's boiler is serviced every October by the landlord's plumber"


def _chromium() -> str | None:
    return os.environ.get("QUIRE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium through Playwright, for this module only.

    Not pytest-playwright's session-wide `browser`: its event loop stays running in the main thread
    until the session ends, and every later test that starts asyncio (the MCP ones) then fails."""
    path = _chromium()
    if not path:
        message = "no chromium on this machine: `make browser` installs it (apt-get install -y chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1100, "height": 720})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def served(quire_home):
    s = start()
    try:
        yield seed(s)
    finally:
        s.stop()


def sign_in(page, served) -> None:
    page.goto(served.ticket())
    page.wait_for_url(re.compile(r".*/review$"))


def shot(page, name: str) -> None:
    """A screenshot of the screen: into docs/screens/ when QUIRE_SCREENSHOTS=1 (to refresh the
    docs' pictures), else beside the test, so a test run leaves the checkout as it was."""
    folder = SCREENS if os.environ.get("QUIRE_SCREENSHOTS") == "1" else Path(tempfile.gettempdir()) / "quire-screens"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))
    assert (folder / f"{name}.png").stat().st_size > 1000  # a real picture, not an empty file


def test_walk_the_review_queue_by_keyboard(page, served):
    first, second, third = served.items
    sign_in(page, served)
    assert page.inner_text("#left") == "3 left"
    assert page.locator("#diff del").count() and page.locator("#diff ins").count()
    assert "(destructive)" in page.inner_text("#act-dismiss")
    shot(page, "review")

    page.keyboard.press("a")  # accept the first
    page.wait_for_url(re.compile(rf".*/review\?after={first}$"))
    assert page.inner_text("#left") == "2 left"
    assert f"accepted item {first}" in page.inner_text(".flash")
    assert f"#{second}" in page.inner_text("#item h2")

    page.keyboard.press("s")  # skip the second
    page.wait_for_url(re.compile(rf".*/review/{third}$"))

    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.keyboard.press("d")  # dismiss the third: destructive, so it asks
    page.wait_for_url(re.compile(rf".*/review\?after={third}$"))
    assert asked and "destructive" in asked[0] and "tombstoned" in asked[0]
    assert page.inner_text("#left") == "1 left"

    page.once("dialog", lambda d: d.dismiss())
    page.keyboard.press("d")  # asked, and refused: nothing happens
    page.wait_for_timeout(300)
    assert page.inner_text("#left") == "1 left"

    page.keyboard.press("a")  # back at the skipped one; accept it
    page.wait_for_url(re.compile(rf".*/review\?after={second}$"))
    assert page.inner_text("#left") == "0 left" and page.is_visible("#empty")

    statuses = {i["id"]: i["status"] for i in served.run("curate_list", all=True)["items"]}
    assert statuses == {first: "accepted", second: "accepted", third: "dismissed"}


def test_recall_with_channels_filters_and_the_empty_state(page, served):
    sign_in(page, served)
    page.goto(served.url + "/recall")
    page.select_option("#space", "*")
    page.fill("#q", "billing Postgres backups")
    page.wait_for_selector(".hit")
    expected = served.run("recall", query="billing Postgres backups", all_spaces=True, explain=True, detail=True)[
        "results"
    ]
    links = page.locator(".hit a.content")
    assert links.count() == len(expected)
    assert links.first.inner_text() == expected[0]["content"]
    assert "lexical #" in page.inner_text(".hit >> nth=0")
    page.wait_for_url(re.compile(r".*/recall\?.*q=billing"))  # the search is in the address bar
    shot(page, "recall")

    page.select_option("#type", "gotcha")
    page.wait_for_selector("#nothing")
    assert "Nothing close" in page.inner_text("#nothing")
    page.select_option("#type", "")
    page.select_option("#space", "home")
    page.fill("#q", "night train Porto")
    # each change above sends a search: wait for the last one's hits, not an earlier one's (a race on
    # a loaded machine had read the hits of the search the type change sent, in every space)
    page.wait_for_function(
        "() => { const m = [...document.querySelectorAll('.hit .meta')];"
        " return m.length > 0 && m.every(e => e.innerText.includes(' · home · ')); }",
        timeout=15_000,
    )
    assert all(" · home · " in t for t in page.locator(".hit .meta").all_inner_texts())


def test_forget_asks_then_leaves_no_trace_in_the_tab(page, served):
    mid = served.ids[BOILER]
    sign_in(page, served)
    page.goto(served.url + "/recall?q=boiler+serviced+October&space=*")
    page.click(f'a[href="/memory/{mid}"]')
    page.wait_for_url(re.compile(rf".*/memory/{mid}$"))
    assert page.inner_text("#text") == BOILER
    shot(page, "memory")

    page.once("dialog", lambda d: d.dismiss())
    page.click("#forget")  # asked, refused
    page.wait_for_timeout(300)
    assert served.run("memory_show", memory_id=mid)["status"] == "active"

    page.once("dialog", lambda d: d.accept())
    page.click("#forget")
    page.wait_for_url(re.compile(r".*/forgotten$"))
    assert served.run("memory_show", memory_id=mid)["status"] == "forgotten"
    # The memory's entry was replaced: Back goes to the recall, which no longer shows it.
    page.go_back()
    page.wait_for_load_state()
    assert "/memory/" not in page.url and "/recall" in page.url
    assert mid not in page.content() and "landlord" not in page.content()
    # Its address, typed again, says gone.
    page.goto(served.url + f"/memory/{mid}")
    assert "forgotten" in page.inner_text("main") and "boiler" not in page.content()


def test_markup_in_memories_and_pages_stays_inert(page, served):
    alerts: list[str] = []
    page.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
    sign_in(page, served)
    for text in (XSS_SCRIPT, XSS_IMG):
        page.goto(served.url + f"/memory/{served.ids[text]}")
        assert page.inner_text("#text") == text  # shown as the characters it is
        assert page.evaluate("window.__pwned") is None
    page.goto(served.url + "/recall?q=Remember+snippet+broken+badge+docs&space=*")
    page.wait_for_selector(".hit")
    page.goto(served.url + "/page/acme")
    assert "<script>" in page.inner_text("#rendered") or "onerror" in page.inner_text("#rendered")
    assert page.evaluate("window.__pwned") is None and alerts == []
    assert page.locator("#rendered script, #rendered img").count() == 0


def test_every_screen_in_the_browser_and_without_javascript(page, served, chromium):
    sign_in(page, served)
    mid = served.ids[BOILER]
    for path, name, marker in [
        ("/pages", "pages", "table.list"),
        ("/page/alice", "page", "#map"),
        ("/entities", "entities", "#entities"),
        ("/spaces", "spaces", "#spaces"),
        ("/status", "status", "#status"),
    ]:
        page.goto(served.url + path)
        assert page.is_visible(marker), path
        shot(page, name)
    # A memory with a proposed change: its history lists both versions, each linking to the other.
    change = served.run("curate_show", item_id=served.items[0])
    old, new = change["old_memory"]["id"], change["new_memory"]["id"]
    page.goto(served.url + f"/memory/{new}")
    assert page.locator(f'#history a[href="/memory/{old}"]').count() == 1
    shot(page, "memory-history")
    page.goto(served.url + f"/memory/{old}")
    assert page.locator(f'#history a[href="/memory/{new}"]').count() == 1
    # The same screens with JavaScript off: forms and links do everything but the live search.
    context = chromium.new_context(java_script_enabled=False)
    try:
        plain = context.new_page()
        plain.goto(served.ticket())  # the sign-in page moves on by a meta refresh, not a script
        plain.wait_for_url(re.compile(r".*/review$"))
        assert plain.inner_text("#left") == "3 left"
        plain.click("#act-dismiss")  # destructive: the server asks
        assert "Destructive" in plain.inner_text("main")
        plain.click("#confirm-yes")
        assert plain.inner_text("#left") == "2 left"
        plain.goto(served.url + "/recall?q=billing+Postgres&space=*")
        assert plain.locator(".hit").count() > 0
        for path in ["/pages", "/page/alice", "/entities", "/spaces", "/status", f"/memory/{mid}"]:
            plain.goto(served.url + path)
            assert plain.locator("main h1, main article").count() > 0, path
        plain.goto(served.url + f"/memory/{mid}")
        plain.click("#forget")
        assert "Destructive" in plain.inner_text("main")
        plain.click("#confirm-yes")
        plain.wait_for_url(re.compile(r".*/forgotten$"))
        assert served.run("memory_show", memory_id=mid)["status"] == "forgotten"
    finally:
        context.close()


def test_a_word_longer_than_the_screen_never_makes_a_screen_scroll_sideways(page, served):
    """A pasted URL, a hash or a name with no spaces in it: every screen wraps it inside the window
    (the memory's history, its source and fields, the pages and entities lists, a page's map and the
    recall screen's pages had run on thousands of pixels past the right edge)."""
    word = "Averylongentitynamewithoutspaces" * 3 + "x" * 20  # 116 characters, under the entity limit
    mid = served.run(
        "capture",
        content=f"The supplier meeting {word * 8} happens every March",
        type="fact",
        entities=[word],
        source="https://example.com/" + "x" * 600,
        fields={"claim": "y" * 700},
    )["id"]
    served.run("capture", content="The supplier ships the printer parts every March", type="fact", entities=[word])
    served.run("rebuild")
    slug = next(p["slug"] for p in served.run("pages")["pages"] if p["title"] == word)
    sign_in(page, served)
    width = page.viewport_size["width"]
    for path in [f"/memory/{mid}", "/pages", f"/page/{slug}", "/entities", "/recall?q=supplier+meeting+March&space=*"]:
        page.goto(served.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path


def test_a_memory_in_a_right_to_left_script_reads_right_to_left(page, served):
    """Arabic or Hebrew text had been laid out left to right: aligned to the left edge, and a full stop
    or a number at its end drawn at the wrong side. Each stored text now takes its direction from its
    own first strong letter (dir="auto"); a Latin one beside it stays left to right."""
    arabic = served.run("capture", content="مدينتي المفضلة هي القاهرة لأن عائلتي تعيش هناك منذ 2019.", space="home")[
        "id"
    ]
    sign_in(page, served)
    page.goto(served.url + f"/memory/{arabic}")
    assert page.evaluate("document.querySelector('#text').matches(':dir(rtl)')")
    assert page.evaluate("document.querySelector('#history div').matches(':dir(rtl)')")
    page.goto(served.url + "/recall?q=" + "القاهرة" + "&space=*")
    hits = page.locator(".hit .content")
    directions = {
        hits.nth(i).inner_text(): hits.nth(i).evaluate("e => e.matches(':dir(rtl)')") for i in range(hits.count())
    }
    assert directions and any(directions.values()), directions
    assert all(rtl == (text.startswith("مدينتي")) for text, rtl in directions.items()), directions


def test_a_long_memory_is_a_few_lines_among_the_hits_and_whole_on_its_own_screen(page, served):
    """A 20,000-character memory (the longest a capture takes) had filled the recall screen with all of
    its text, some 5,000 pixels, the other hits below it; among the hits it is now four lines, and its
    own screen, one click away, shows all of it."""
    long_text = "The garden plan for tomatoes and beans " + "with notes on the soil and water " * 600
    mid = served.run("capture", content=long_text[:20000], space="home")["id"]
    sign_in(page, served)
    page.goto(served.url + "/recall?q=garden+plan+tomatoes+beans&space=*")
    hit = page.locator(f'.hit a.content[href="/memory/{mid}"]')
    line = float(hit.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
    assert hit.bounding_box()["height"] <= 4 * line + 1
    assert page.locator(".hit").count() > 1 and page.evaluate("document.documentElement.scrollHeight") < 2000
    hit.click()
    page.wait_for_url(re.compile(rf".*/memory/{mid}$"))
    assert page.inner_text("#text") == long_text[:20000].strip()


def test_a_forget_that_fails_says_why_and_never_says_forgotten(page, served, monkeypatch):
    """The forget button posts in the background; a refusal (the store down, 503) had sent the tab to
    "Forgotten: the memory is gone from the store, its pages and snapshots" while it was all still
    there. The tab now shows the refusal, and the memory's screen stays in the history."""
    from memory.errors import Unreachable

    mid = served.ids[BOILER]
    sign_in(page, served)
    page.goto(served.url + f"/memory/{mid}")
    execute = served.svc.execute

    def down(op, params, actor):
        if op == "forget":
            raise Unreachable("the libSQL server at http://127.0.0.1:9 did not answer; nothing was changed")
        return execute(op, params, actor)

    monkeypatch.setattr(served.svc, "execute", down)
    page.once("dialog", lambda d: d.accept())
    page.click("#forget")
    page.wait_for_selector("text=server unreachable")
    assert "did not answer" in page.inner_text("main") and "gone from the store" not in page.inner_text("main")
    assert "/forgotten" not in page.url
    assert execute("memory_show", {"memory_id": mid}, "test")["status"] == "active"


def test_a_page_s_paragraphs_in_a_right_to_left_script_read_right_to_left(page, served):
    """The same for the rendered page: each paragraph, list item, heading and footnote takes its
    direction from its own letters, so a page quoting an Arabic memory among English ones lays each
    out its own way."""
    text = "نلتقي مع Acme في القاهرة كل ربيع لمراجعة العقد."
    served.run("capture", content=text, space="work", entities=["Acme"])
    served.run("rebuild")
    sign_in(page, served)
    page.goto(served.url + "/page/acme")
    blocks = page.locator("#rendered p, #rendered li")
    found = {
        blocks.nth(i).inner_text(): blocks.nth(i).evaluate("e => e.matches(':dir(rtl)')") for i in range(blocks.count())
    }
    arabic = {t: rtl for t, rtl in found.items() if "القاهرة" in t and not t.lstrip("0123456789. ").startswith("“")}
    assert arabic and all(arabic.values()), found
    assert not any(rtl for t, rtl in found.items() if "Alice" in t or "Postgres" in t), found
