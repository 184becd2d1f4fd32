"""A running `quire serve` in this process for the UI tests, a small seeded home, and a signed-in client."""

from __future__ import annotations

import http.client
import re
import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

XSS_SCRIPT = "Remember this <script>window.__pwned = 'script'</script> exact snippet from the chat"
XSS_IMG = "The broken badge <img src=x onerror=\"window.__pwned = 'img'\"> shows in the docs"

NOTES = [
    ("Alice leads the billing team at Acme since the spring reorganisation", "work", ["Alice", "Acme"]),
    ("The billing service runs on Postgres 15 with nightly logical backups", "work", ["Acme", "Postgres"]),
    ("Alice prefers written design docs over long meetings", "work", ["Alice"]),
    ("We book the night train to Porto for the summer trip", "home", ["Porto"]),
    ("The flat's boiler is serviced every October by the landlord's plumber", "home", []),
    (XSS_SCRIPT, "work", ["Acme"]),
    (XSS_IMG, "work", ["Acme"]),
]

# Protected memories and a proposed change to each: the changes wait in the review queue.
PREFERENCES = [
    (
        "I prefer tabs over spaces for indentation in the monorepo",
        "I prefer four spaces over tabs for indentation in the monorepo",
    ),
    (
        "I prefer dark mode in every editor and terminal window",
        "I prefer light mode in every editor and terminal window",
    ),
    (
        "I prefer a fifteen minute standup meeting at nine",
        "I prefer a written async standup instead of the nine o'clock meeting",
    ),
]


@dataclass
class Served:
    svc: Any
    thread: threading.Thread
    ids: dict[str, str] = field(default_factory=dict)
    items: list[int] = field(default_factory=list)

    @property
    def port(self) -> int:
        return int(self.svc.port)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def run(self, op: str, **params: Any) -> dict[str, Any]:
        return self.svc.execute(op, params, "test")

    def ticket(self) -> str:
        return str(self.svc.ui.mint_ticket()["url"])

    def stop(self) -> None:
        self.svc.stop()
        self.thread.join(timeout=30)


def start(host: str = "127.0.0.1") -> Served:
    from quire import service

    svc = service.Service(host=host, port=0, log=lambda line: None)
    thread = threading.Thread(target=svc.serve_forever, name="ui-test-serve", daemon=True)
    thread.start()
    return Served(svc, thread)


def seed(served: Served, *, revisions: int = 3, rebuild: bool = True) -> Served:
    """Spaces, notes (two carrying markup), preferences with proposed changes waiting for review, pages."""
    served.run("spaces_add", name="work", description="the day job")
    served.run("spaces_add", name="home", description="the flat, trips")
    for text, space, names in NOTES:
        served.ids[text] = served.run("capture", content=text, space=space, entities=names)["id"]
    for old_text, new_text in PREFERENCES[:revisions]:
        old = served.run("capture", content=old_text, type="preference", space="work", entities=["Alice"])["id"]
        served.run("capture", content=new_text, type="preference", space="work", entities=["Alice"], supersedes=old)
    served.items = [int(i["id"]) for i in served.run("curate_list")["items"]]
    assert len(served.items) == revisions
    if rebuild:
        served.run("rebuild")
    return served


class Browserless:
    """A plain HTTP client holding the session cookie (what a browser would send, minus the browser)."""

    def __init__(self, served: Served):
        self.served = served
        self.cookie = ""
        self.csrf = ""

    def request(
        self,
        method: str,
        path: str,
        *,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        cookie: bool = True,
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.served.port, timeout=30)
        body = urlencode(form).encode() if form is not None else None
        sent = {"Host": f"127.0.0.1:{self.served.port}"}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if cookie and self.cookie:
            sent["Cookie"] = self.cookie
        sent.update(headers or {})
        try:
            conn.request(method, path, body=body, headers=sent)
            res = conn.getresponse()
            text = res.read().decode("utf-8", "replace")
            return res.status, {k.lower(): v for k, v in res.getheaders()}, text
        finally:
            conn.close()

    def sign_in(self) -> Browserless:
        url = self.served.ticket()
        status, headers, _ = self.request("GET", url[url.index("/login") :], cookie=False)
        assert status == 200, status
        self.cookie = headers["set-cookie"].split(";")[0]
        _, _, page = self.request("GET", "/status")
        found = re.search(r'data-csrf="([^"]+)"', page)
        assert found
        self.csrf = found.group(1)
        return self

    def post(self, path: str, form: dict[str, str] | None = None, **kw: Any) -> tuple[int, dict[str, str], str]:
        data = {"csrf": self.csrf, **(form or {})}
        headers = {"Origin": f"http://127.0.0.1:{self.served.port}", "Sec-Fetch-Site": "same-origin"}
        headers.update(kw.pop("headers", {}))
        return self.request("POST", path, form=data, headers=headers, **kw)
