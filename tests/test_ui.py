"""`quire ui` over HTTP: sign-in, the guards, each screen as a view of its operations, inert markup.

The browser itself is driven in tests/test_ui_browser.py; these requests are what any client
(or an attacker's page) can send.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from memory.errors import InvalidInput
from memory.home import resolve_home
from quire import client
from tests.conftest import chat_turns
from tests.conftest import run_forked as run_quire  # a real process; what it imports is not the point
from tests.ui_home import XSS_IMG, XSS_SCRIPT, Browserless, seed, start

SCREENS = ["/review", "/recall?q=billing", "/pages", "/page/acme", "/entities", "/spaces", "/status"]


@pytest.fixture
def served(quire_home):
    s = start()
    try:
        yield seed(s)
    finally:
        s.stop()


@pytest.fixture
def web(served):
    return Browserless(served).sign_in()


def test_the_sign_in_link_works_once_and_sets_a_strict_httponly_cookie(served):
    web = Browserless(served)
    url = served.ticket()
    assert url.startswith(f"http://127.0.0.1:{served.port}/login?ticket=")
    path = url[url.index("/login") :]
    status, headers, _ = web.request("GET", path)
    assert status == 200
    cookie = headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    status, headers, body = web.request("GET", path)  # the same link again
    assert status == 401 and "set-cookie" not in headers and "used or has expired" in body
    status, _, _ = web.request("GET", path.replace("ticket=", "ticket=x"))
    assert status == 401


def test_a_ticket_expires(served, monkeypatch):
    from quire.ui import app

    url = served.ticket()
    monkeypatch.setattr(app.time, "monotonic", lambda: 10**9)
    status, _, _ = Browserless(served).request("GET", url[url.index("/login") :])
    assert status == 401


def test_every_screen_and_write_without_cookie_or_token_is_401(served):
    anon = Browserless(served)
    mid = served.ids[XSS_SCRIPT]
    for path in [*SCREENS, f"/memory/{mid}", "/", "/nowhere", "/static/ui.js", "/static/htmx.min.js"]:
        status, _, body = anon.request("GET", path)
        assert status == 401, path
        assert "Remember this" not in body and "billing" not in body.lower().replace("quire ui", "")
    for path in [f"/memory/{mid}/forget", f"/memory/{mid}/pin", f"/review/{served.items[0]}"]:
        status, _, _ = anon.request("POST", path, form={"confirm": "yes", "action": "accept"})
        assert status == 401, path
    assert served.run("memory_show", memory_id=mid)["status"] == "active"
    assert len(served.run("curate_list")["items"]) == len(served.items)


def test_a_forged_cookie_is_401(served):
    status, _, _ = Browserless(served).request("GET", "/status", headers={"Cookie": "quire_session=guess"})
    assert status == 401


def test_the_bearer_token_api_keeps_working_next_to_the_screens(served, quire_home):
    home = resolve_home()
    assert client.call("status", {}, home=home)["open_reviews"] == len(served.items)
    token = client.read_token(home)
    bearer = Browserless(served)
    status, _, body = bearer.request("GET", "/status", headers={"Authorization": f"Bearer {token}"})
    assert status == 200 and "review queue" in body
    status, _, _ = bearer.request("GET", "/status", headers={"Authorization": "Bearer wrong"})
    assert status == 401
    # Without the token the API still answers 401 JSON, as before.
    status, _, body = bearer.request("POST", "/v1/ops/status", form={})
    assert status == 401 and json.loads(body)["error"]["type"] == "QuireError"
    # A ticket needs the token.
    status, _, _ = bearer.request("POST", "/v1/ui/ticket", form={})
    assert status == 401


def test_another_host_name_is_refused_even_signed_in(web):
    # DNS rebinding: a page under evil.example resolving to 127.0.0.1 sends its own name as Host.
    for host in ["evil.example", f"evil.example:{web.served.port}", "127.0.0.1:1"]:
        status, _, body = web.request("GET", "/status", headers={"Host": host})
        assert status == 421, host
        assert "review queue" not in body
    for host in [f"localhost:{web.served.port}", f"127.0.0.1:{web.served.port}"]:
        assert web.request("GET", "/status", headers={"Host": host})[0] == 200


def test_a_cross_origin_or_tokenless_write_is_refused_and_changes_nothing(web):
    mid = web.served.ids[XSS_IMG]
    cases = [
        ({"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, web.csrf),
        ({"Origin": "http://evil.example"}, web.csrf),
        ({"Sec-Fetch-Site": "same-site"}, web.csrf),
        ({"Origin": "null"}, web.csrf),
        ({}, ""),  # same origin, no CSRF token
        ({}, "not-the-token"),
    ]
    for headers, csrf in cases:
        status, _, _ = web.request(
            "POST", f"/memory/{mid}/pin", form={"csrf": csrf}, headers={"Sec-Fetch-Site": "same-origin", **headers}
        )
        assert status == 403, headers
        status, _, _ = web.request(
            "POST", f"/memory/{mid}/forget", form={"csrf": csrf, "confirm": "yes"}, headers=headers
        )
        assert status == 403, headers
    shown = web.served.run("memory_show", memory_id=mid)
    assert shown["status"] == "active" and not shown["pinned"]
    # The same form from this origin with the session's token goes through.
    status, headers, _ = web.post(f"/memory/{mid}/pin")
    assert status == 303 and headers["location"] == f"/memory/{mid}"
    assert web.served.run("memory_show", memory_id=mid)["pinned"]


@pytest.mark.parametrize("text", [XSS_SCRIPT, XSS_IMG])
def test_memory_markup_renders_as_text_on_every_screen(web, text):
    mid = web.served.ids[text]
    words = "Remember this" if text == XSS_SCRIPT else "broken badge"
    pages = [f"/memory/{mid}", f"/recall?q={words.replace(' ', '+')}&space=*", "/page/acme"]
    for path in pages:
        status, headers, body = web.request("GET", path)
        assert status == 200, path
        assert "<script>window" not in body and "<img src=x" not in body, path
        assert re.search(r"<[^>]*\sonerror\s*=", body) is None, path
        assert "script-src 'self'" in headers["content-security-policy"]
    _, _, body = web.request("GET", f"/memory/{mid}")
    assert text in html.unescape(body)  # shown, as text


def test_page_markdown_is_rendered_with_raw_html_off():
    from quire.ui.render import page_html

    out = page_html(
        "# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onmouseover=alert(1)>b</b>\n\n"
        "Cited.[^m1]\n\n[^m1]: “a memory” · note\n",
        [{"marker": 1, "memory_id": "mem_0123456789ab"}],
    )
    assert "<script>" not in out and "<b " not in out and 'href="javascript:' not in out
    assert "&lt;script&gt;" in out
    assert 'href="/memory/mem_0123456789ab"' in out  # the footnote links to the memory it cites
    assert 'class="footnote-ref"' in out


def test_forget_asks_then_erases_and_the_screens_say_gone(web):
    mid = web.served.ids[XSS_SCRIPT]
    status, _, body = web.post(f"/memory/{mid}/forget")  # no confirm: the question, nothing done
    assert status == 200 and "Destructive" in body and 'name="confirm" value="yes"' in body
    assert web.served.run("memory_show", memory_id=mid)["status"] == "active"
    status, headers, _ = web.post(f"/memory/{mid}/forget", {"confirm": "yes"})
    assert status == 303 and headers["location"] == "/forgotten"
    assert headers["cache-control"] == "no-store"
    _, _, body = web.request("GET", "/forgotten")
    assert f"forgot {mid}" in body and "Remember this" not in body
    status, headers, body = web.request("GET", f"/memory/{mid}")
    assert status == 404 and "Remember this" not in body and headers["cache-control"] == "no-store"
    _, _, body = web.request("GET", "/recall?q=exact+snippet+chat&space=*")
    assert mid not in body and "Remember this" not in body


def test_every_address_of_a_forgotten_memory_says_it_was_forgotten(web):
    """A forgotten memory's forget address (a bookmark, back in a second tab, a stale form sent again)
    had asked "Forget mem_…? This cannot be undone." of a memory already gone; every address of it now
    says it was forgotten, as its own screen does, and changes nothing."""
    mid = web.served.ids[XSS_SCRIPT]
    web.post(f"/memory/{mid}/forget", {"confirm": "yes"})
    for method, path in [
        ("GET", f"/memory/{mid}"),
        ("GET", f"/memory/{mid}/forget"),
        ("POST", f"/memory/{mid}/forget"),  # the form's first step: it asks
    ]:
        status, _, body = web.post(path) if method == "POST" else web.request("GET", path)
        assert status == 404 and f"{mid} was forgotten" in body and "Destructive" not in body, (method, path)
    for action in ("pin", "unpin", "confirm"):  # the memory's forms, still open in another tab: refused as by the CLI
        status, _, body = web.post(f"/memory/{mid}/{action}")
        assert status == 400 and f"{mid} is forgotten" in body and "Remember this" not in body, action
    assert web.served.run("memory_show", memory_id=mid)["status"] == "forgotten"


def test_every_screen_is_no_store_and_framed_by_nobody(web):
    for path in SCREENS:
        status, headers, _ = web.request("GET", path)
        assert status == 200, path
        assert headers["cache-control"] == "no-store"
        assert headers["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in headers["content-security-policy"]


def test_the_review_screen_walks_the_queue_with_its_ops(web):
    first, second, third = web.served.items
    status, _, body = web.request("GET", "/review")
    assert status == 200 and f"{len(web.served.items)} left" in body and f"#{first}" in body
    assert "<del>tabs</del>" in body or "<del>" in body  # the word diff
    assert 'data-key="a"' in body and 'data-key="d"' in body and "(destructive)" in body
    status, headers, _ = web.post(f"/review/{first}", {"action": "accept"})
    assert status == 303 and headers["location"] == f"/review?after={first}"
    _, _, body = web.request("GET", headers["location"])
    assert "2 left" in body and f"#{second}" in body and f"accepted item {first}" in body
    # Dismiss tombstones the proposal: it asks first.
    status, _, body = web.post(f"/review/{second}", {"action": "dismiss"})
    assert status == 200 and "Destructive" in body and "tombstoned" in body and 'value="yes"' in body
    assert len(web.served.run("curate_list")["items"]) == 2
    status, _, _ = web.post(f"/review/{second}", {"action": "dismiss", "confirm": "yes"})
    assert status == 303
    status, _, _ = web.post(f"/review/{third}", {"action": "keep_old"})  # not a choice for a revision
    assert status == 400
    items = web.served.run("curate_list", all=True)["items"]
    assert {i["id"]: i["status"] for i in items} == {first: "accepted", second: "dismissed", third: "pending"}


def test_the_review_screen_says_what_a_life_change_changes(web, tmp_path):
    """Two chat turns that say a change rarely share words: the screen's word diff alone told
    nothing; it leads with the claim, as `curate list` and `curate show` do."""
    path = chat_turns(
        tmp_path / "c.jsonl",
        [
            ("2024-01-05", "whats the best way to budget on a nurses wage, my pay goes into halifax and its gone"),
            ("2024-09-05", "how do i set up a standing order for rent now that everything is with starling"),
        ],
    )
    web.served.run("import", path=str(path))
    (item,) = [i for i in web.served.run("curate_list")["items"] if i["payload"].get("attribute") == "bank"]
    status, _, body = web.request("GET", f"/review/{item['id']}")
    assert status == 200 and '<p class="claim" id="claim">bank: halifax → starling</p>' in body, body


def test_the_status_screen_says_of_the_nightly_rebuild_what_quire_status_says(web, quire_home):
    """The row had said "ok · ok: 12 written, ..." (the outcome twice), never whether a nightly rebuild
    is scheduled or when it runs next, and "the nightly one is due" on a home with none scheduled,
    where `quire status` says "not scheduled" and nothing is due."""
    from wiki import nightly

    n = web.served.run("status")["nightly"]
    _, _, body = web.request("GET", "/status")
    row = re.search(r'<td id="last-rebuild">(.*?)</td>', body, re.S)[1]
    assert html.unescape(re.sub(r"<[^>]+>", "", row)) == f"{n['last_run']} ({n['last_line']}); not scheduled"
    nightly.set_schedule(quire_home, at="03:17", scheduler="systemd")
    n = web.served.run("status")["nightly"]
    _, _, body = web.request("GET", "/status")
    row = re.search(r'<td id="last-rebuild">(.*?)</td>', body, re.S)[1]
    want = f"{n['last_run']} ({n['last_line']}); nightly via systemd at 03:17, next {n['next_run']}"
    assert html.unescape(re.sub(r"<[^>]+>", "", row)) == want + ("; due now" if n["due"] else "")


def test_an_empty_home_counts_its_memories_without_a_dangling_semicolon(quire_home, cli):
    """A new home's status read "memories: 0 total; " (in the terminal and on the status screen), a
    list of states begun and never written."""
    assert "memories:    0 total\n" in cli("status").stdout
    empty = start()
    try:
        _, _, body = Browserless(empty).sign_in().request("GET", "/status")
    finally:
        empty.stop()
    assert "<td>0 total</td>" in body
    cli("capture", "The boiler is serviced every October by the landlord's plumber")
    assert "memories:    1 total; active 1\n" in cli("status").stdout


def test_the_screens_show_what_the_ops_return(web):
    status_op = web.served.run("status")
    _, _, body = web.request("GET", "/status")
    assert f"{status_op['total']} total" in body and f"version {status_op['schema_version']}" in body
    assert f"{status_op['open_reviews']} open" in body and status_op["nightly"]["last_run"] in body
    _, _, body = web.request("GET", "/entities")
    for e in web.served.run("entities_list")["entities"]:
        assert f">{e['name']}</a></td><td>{e['kind'] or '-'}</td><td>{e['memories']}</td>" in body
    _, _, body = web.request("GET", "/spaces")
    for sp in web.served.run("spaces_list")["spaces"]:
        assert f">{sp['name']}</a>" in body and f"<td>{sp['memories']}</td>" in body
    recall = web.served.run("recall", query="billing Postgres", all_spaces=True, explain=True, detail=True)
    _, _, body = web.request("GET", "/recall?q=billing+Postgres&space=*")
    assert [h["id"] for h in recall["results"]] == re.findall(r'href="/memory/(mem_[0-9a-f]+)" class="content"', body)
    assert "lexical #" in body and "score " in body
    _, _, body = web.request("GET", "/recall?q=billing+Postgres&space=*&type=gotcha")
    assert 'id="nothing"' in body  # the empty state
    mid = web.served.ids[XSS_IMG]
    _, _, body = web.request("GET", f"/memory/{mid}")
    cited = web.served.run("memory_show", memory_id=mid)["pages"]
    assert cited and all(f'href="/page/{p["slug"]}"' in body for p in cited)


def test_a_page_screen_links_its_footnotes_to_memories_and_shows_its_map(web):
    page = web.served.run("page_read", slug="acme")
    _, _, body = web.request("GET", "/page/acme")
    assert 'id="map"' in body and 'class="footnotes"' in body
    for src in page["sources"]:
        assert f'href="/memory/{src["memory_id"]}"' in body


def test_a_page_asked_for_by_title_or_file_name_goes_to_its_address(web):
    """The other routes read a page by slug, title or file name; a typed UI address does too."""
    page = web.served.run("page_read", slug="acme")
    for ref in [quote(page["title"], safe=""), quote(Path(page["path"]).name, safe="")]:
        status, headers, _ = web.request("GET", f"/page/{ref}")
        assert (status, headers.get("location")) == (303, "/page/acme"), ref
    assert web.request("GET", "/page/%ff%fe")[0] == 400  # not UTF-8: said, not guessed
    assert web.request("GET", "/page/no%20such%20page")[0] == 404


def test_a_page_titled_in_another_script_is_served_at_its_readable_address(web):
    """A page whose file is `תל-אביב.md` (`page-<hash>.md` before) is read, linked and found by
    title at its own address, percent-encoded as a browser sends it."""
    for n in range(2):
        text = f"Shabbat dinner number {n} at my aunt's flat was lovely and long."
        web.served.run("capture", content=text, space="work", entities=["תל אביב"])
    web.served.run("rebuild")
    page = web.served.run("page_read", slug="תל אביב")
    assert page["slug"] == "תל-אביב" and Path(page["path"]).name == "תל-אביב.md"
    status, _, body = web.request("GET", f"/page/{quote(page['slug'], safe='')}")
    assert status == 200 and "Shabbat dinner" in body
    status, headers, _ = web.request("GET", f"/page/{quote('תל אביב', safe='')}")
    assert (status, headers.get("location")) == (303, f"/page/{quote('תל-אביב', safe='')}")
    _, _, listed = web.request("GET", "/pages")
    assert f'href="/page/{quote("תל-אביב")}"' in listed


def test_unknown_things_are_404_not_500(web):
    for path in ["/memory/mem_nothere", "/memory/../../etc", "/page/nope", "/page/..%2f..", "/review/99999", "/x"]:
        status, _, _ = web.request("GET", path)
        assert status == 404, path
    assert web.request("GET", "/static/../app.py")[0] == 404
    assert web.request("GET", "/static/htmx.min.js")[0] == 200


def test_a_name_a_screen_does_not_read_is_refused_not_ignored(web):
    # `?q=billing&K=5` (a typo of k) quietly answered with the default 10, where the CLI refuses an
    # unknown option and the API an unknown key; and `/pages?offset=200` showed the first screen.
    for path, name in [
        ("/recall?q=billing&K=5", "K"),
        ("/recall?q=billing&space=*&limit=3", "limit"),
        ("/pages?offset=200", "offset"),
        ("/status?verbose=1", "verbose"),
        ("/entities?from=0", "from"),
    ]:
        status, _, body = web.request("GET", path)
        assert status == 400 and f"does not read &#39;{name}&#39;" in body, (path, body[-600:])
    for path in ["/recall?q=billing&space=*&type=gotcha&as_of=2030-01-01&k=3", "/pages?from=0", "/review?after=1"]:
        assert web.request("GET", path)[0] == 200, path


def test_a_form_field_a_screen_does_not_read_is_refused_and_nothing_is_done(web):
    # A form posting `reasn=` (a typo of reason) forgot the memory without the reason, unsaid.
    mid = web.served.ids[XSS_SCRIPT]
    status, _, body = web.post(f"/memory/{mid}/forget", {"confirm": "yes", "reasn": "wrong"})
    assert status == 400 and "does not read &#39;reasn&#39; from the form" in body, body[-600:]
    assert web.served.run("memory_show", memory_id=mid)["status"] == "active"
    status, _, body = web.post(f"/memory/{mid}/pin", {"pinned": "yes"})
    assert status == 400 and "does not read &#39;pinned&#39;" in body
    assert web.served.run("memory_show", memory_id=mid)["pinned"] is False


def test_quire_ui_no_open_starts_a_service_and_prints_a_one_time_url(quire_home):
    result = run_quire("ui", "--no-open", "--json")
    try:
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["started"] is True and data["url"].startswith("http://127.0.0.1:")
        again = run_quire("ui", "--no-open", "--json")  # reuses the running service
        assert again.returncode == 0, again.stderr
        second = json.loads(again.stdout)
        assert second["started"] is False and second["pid"] == data["pid"] and second["url"] != data["url"]
        import http.client
        from urllib.parse import urlsplit

        parts = urlsplit(data["url"])
        for expected in (200, 401):
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
            conn.request("GET", f"{parts.path}?{parts.query}")
            res = conn.getresponse()
            res.read()
            conn.close()
            assert res.status == expected
        text = run_quire("ui", "--no-open")
        assert text.returncode == 0 and text.stdout.strip().startswith("http://127.0.0.1:")
    finally:
        run_quire("serve", "--stop")


def test_quire_entities_through_the_service_match_the_screens(served, cli_json, cli):
    mid = served.ids[XSS_IMG]
    before = served.svc.requests
    shown = cli_json("show", mid)
    assert served.svc.requests == before + 1  # it went through the service
    assert shown == json.loads(json.dumps(served.run("memory_show", memory_id=mid)))
    assert shown["content"] == XSS_IMG and {p["slug"] for p in shown["pages"]} >= {"acme"}
    listed = cli_json("entities", "-n", "2")
    assert listed["total"] == 4 and len(listed["entities"]) == 2
    # Alice: two notes, three preferences and the three changes to them waiting for review.
    assert listed["entities"][0] == {"name": "Alice", "kind": None, "memories": 8}  # nothing says what Alice is
    text = cli("entities", "-n", "2").stdout
    assert "Alice" in text and "(the 2 most named of 4)" in text
    missing = cli("show", "mem_nothere")
    assert missing.exit_code == 1 and "no memory" in missing.stderr


def test_quire_entities_in_process_and_after_forget(cli_json, cli):
    mid = cli_json("capture", "The office door code changes every first Monday", "--entity", "Office")["id"]
    assert cli_json("show", mid)["entities"] == ["Office"]
    assert cli_json("entities")["entities"] == [{"name": "Office", "kind": None, "memories": 1}]
    cli_json("forget", mid)
    gone = cli_json("show", mid)
    assert gone["status"] == "forgotten" and "door code" not in gone["content"]
    assert all(e["memories"] == 0 for e in cli_json("entities")["entities"])  # (or the entity went with it)


def test_markup_in_entity_names_space_descriptions_and_review_diffs_renders_as_text(served, quire_home):
    evil = '<img src=x onerror="alert(1)">'
    served.run("spaces_add", name="lab", description=f"experiments {evil}")
    old = served.run(
        "capture",
        content="I prefer plain text mail for the lab newsletters",
        type="preference",
        space="lab",
        entities=[f"Evil {evil}"],
    )["id"]
    served.run(
        "capture",
        content=f"I prefer HTML mail {evil} <script>alert(2)</script> for the lab newsletters",
        type="preference",
        space="lab",
        entities=[f"Evil {evil}"],
        supersedes=old,
    )
    served.run("rebuild")
    web = Browserless(served).sign_in()
    item = served.run("curate_list")["items"][-1]["id"]
    slugs = [p["slug"] for p in served.run("pages")["pages"]]
    for path in ["/entities", "/spaces", f"/review/{item}", "/pages", *(f"/page/{s}" for s in slugs), f"/memory/{old}"]:
        status, _, body = web.request("GET", path)
        assert status == 200, path
        assert "<img src=x" not in body and "<script>alert" not in body, path
        assert re.search(r"<[^>]*\sonerror\s*=", body) is None, path


def test_the_full_recall_record_the_recall_screen_reads_fits_its_response_model(cli_json):
    # The screen asks for `detail`; a hit's speaker and the nothing_close flag once failed the model.
    cli_json("capture", "The billing service runs on Postgres 15 with nightly logical backups")
    for flags in (["--detail"], ["--detail", "--explain"], ["--detail", "--context", "1"]):
        found = cli_json("recall", "billing Postgres backups", *flags)
        assert found["results"] and "content" in found["results"][0], flags
        assert "nothing_close" in found


def test_the_queue_s_ids_come_without_texts_in_the_lists_order(served):
    listed = served.run("curate_list")
    assert "ids" not in listed  # the plain list is as it was
    assert served.run("curate_list", ids_only=True) == {"items": [], "ids": [i["id"] for i in listed["items"]]}
    with pytest.raises(InvalidInput):
        served.run("curate_list", ids_only=True, all=True)


def test_quire_ui_opens_the_browser_at_the_one_time_url(quire_home, tmp_path):
    seen = tmp_path / "opened.txt"
    opener = tmp_path / "browser.sh"
    opener.write_text(f'#!/bin/sh\necho "$1" > {seen}\n', encoding="utf-8")
    opener.chmod(0o755)
    try:
        done = run_quire("ui", env={"BROWSER": f"{opener} %s"})
        assert done.returncode == 0, done.stderr
        assert done.stdout == ""  # opened, not printed
        url = seen.read_text(encoding="utf-8").strip()
        assert url.startswith("http://127.0.0.1:") and "/login?ticket=" in url
        import http.client
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        conn.request("GET", f"{parts.path}?{parts.query}")
        res = conn.getresponse()
        res.read()
        conn.close()
        assert res.status == 200 and "SameSite=Strict" in (res.getheader("Set-Cookie") or "")
    finally:
        run_quire("serve", "--stop")


def test_bound_beyond_loopback_the_screens_still_answer_only_loopback_names_and_need_the_token(quire_home):
    served = start(host="0.0.0.0")
    try:
        url = served.ticket()
        assert url.startswith(f"http://127.0.0.1:{served.port}/login?ticket=")
        web = Browserless(served)
        for host in [f"10.1.2.3:{served.port}", f"quire.example:{served.port}"]:
            status, _, _ = web.request("GET", url[url.index("/login") :], headers={"Host": host})
            assert status == 421, host
        assert web.request("GET", "/status")[0] == 401  # no cookie, no token
        web.sign_in()
        assert web.request("GET", "/status")[0] == 200
    finally:
        served.stop()


def test_quire_entities_says_what_the_data_says_each_one_is(cli_json, cli, tmp_path):
    # Before: every entity's kind was "concept", a column that said nothing. Now: a speaker of a
    # conversation between people is a person; a name its memories give a kind ("Dr.", "Labs",
    # "in Porto") has it; an entity nothing tells about has none (null, "-" in the table).
    chat = tmp_path / "chat.jsonl"
    lines = [
        ("Caroline", "I finally moved to the new flat near the river last weekend"),
        ("Melanie", "That is great news, how is the commute to the office now"),
    ]
    chat.write_text("".join(json.dumps({"conversation": "c1", "speaker": s, "text": t}) + "\n" for s, t in lines))
    assert cli("import", str(chat), "--format", "chat-jsonl").exit_code == 0
    cli_json(
        "capture",
        "Dr. Weber from Brightline Labs reviews the schema migrations",
        "--entity",
        "Dr. Weber",
        "--entity",
        "Brightline Labs",
    )
    cli_json("capture", "The team offsite is in Porto this year", "--entity", "Porto")
    cli_json("capture", "The garden shed roof needs new felt before winter", "--entity", "Shed")
    kinds = {e["name"]: e["kind"] for e in cli_json("entities")["entities"]}
    assert kinds == {
        "Caroline": "person",
        "Melanie": "person",
        "Dr. Weber": "person",
        "Brightline Labs": "organisation",
        "Porto": "place",
        "Shed": None,
    }, kinds
    table = cli("entities").stdout
    assert "concept" not in table and any(line.split()[:3] == ["Shed", "-", "1"] for line in table.splitlines())


def _overtaken(web) -> tuple[dict, str]:
    """The first seeded change, its memory replaced since by a later word: (its card, that version)."""
    first = web.served.run("curate_show", item_id=web.served.items[0])
    later = web.served.run(
        "capture",
        content="I prefer two spaces for indentation in the monorepo",
        type="preference",
        space="work",
        supersedes=first["old_id"],
    )
    [newest] = [i["id"] for i in web.served.run("curate_list")["items"] if i["new_id"] == later["id"]]
    web.served.run("curate_accept", item_id=newest)
    return first, later["id"]


def test_dismissing_an_overtaken_change_is_not_confirmed_as_a_tombstone(web):
    # The card of a change whose memory a later word replaced: its dismiss button tombstoned the
    # change's words behind a "destructive" confirmation; now it closes the overtaken change only.
    first, _later = _overtaken(web)
    _, _, body = web.request("GET", f"/review/{first['id']}")
    assert "not tombstoned" in html.unescape(body)
    status, _, _ = web.post(f"/review/{first['id']}", {"action": "dismiss"})  # no confirmation asked
    assert status == 303
    again = web.served.run("capture", content=first["new"], type="preference", space="work")
    assert again["status"] == "stored"


@pytest.mark.parametrize("over,code", [("   ", 400), ("mem_\x00ab", 400), ("a" * 5000, 400), ("mem_000000000000", 404)])
def test_a_bad_over_in_the_review_form_is_refused_and_changes_nothing(web, over, code):
    first, later = _overtaken(web)
    before = web.served.run("curate_list", all=True)["items"]
    status, _, _ = web.post(f"/review/{first['id']}", {"action": "accept", "confirm": "yes", "over": over})
    assert status == code
    assert web.served.run("curate_list", all=True)["items"] == before
    assert web.served.run("memory_show", memory_id=later)["status"] == "active"


def test_the_review_screen_shows_a_page_revision_line_by_line(quire_home):
    """The review screen's change of a page keeps its lines (the page's diff ran together as one
    paragraph of words on the screen, as it did in `quire curate show`)."""
    from memory import review
    from memory.session import Session

    old = "# Acme\n\nAlice leads billing.\n\n## Notes\n\n- The boiler is serviced in October.\n"
    new = old.replace("- The boiler", "- The shed roof needs felt.\n- The boiler")
    with Session() as s, s.db.transaction():
        item = review.enqueue(s.db, "page_revision", ["acme"], {"old": old, "new": new}, actor="rebuild")
    served = start()
    try:
        _, _, body = Browserless(served).sign_in().request("GET", f"/review/{item}")
    finally:
        served.stop()
    diff = html.unescape(re.search(r'<p class="diff" id="diff" dir="auto">(.*?)</p>', body, re.S).group(1))
    assert "<ins>- The shed roof needs felt.\n</ins>" in diff, diff
    assert "<span>## Notes\n</span>" in diff and "## Notes  " not in diff, diff


def test_a_bidi_override_stored_in_a_name_or_memory_is_on_no_screen(web):
    # Stored before the text policy removed it (or by another device's older quire): the screens
    # showed an entity name and a memory with a right-to-left override as they were, reordering the
    # words around them; the CLI drops these characters too (tests/test_terminal_safety.py).
    from memory.session import Session

    mid = next(iter(web.served.ids.values()))
    with Session() as s, s.db.transaction():
        s.db.execute("UPDATE entities SET name = ? WHERE name_key = 'acme'", ("Ac\u202eme\u2066 Corp\u2069",))
        s.db.execute("UPDATE memories SET title = ? WHERE id = ?", ("note \u202ereversed\u202c title", mid))
    for path in ["/entities", f"/memory/{mid}", "/recall?q=billing+Acme&space=*", "/page/acme"]:
        status, _, body = web.request("GET", path)
        assert status == 200, path
        assert not {"\u202e", "\u2066", "\u2069", "\u202c"} & set(body), path
    _, _, body = web.request("GET", "/entities")
    assert "Acme Corp" in html.unescape(body)  # the words stay
