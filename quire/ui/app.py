"""The browser screens as a sub-app of `quire serve`: sign-in, guards, routes, templates.

Every screen is a thin view: a route parses the query or form into an operation's parameters,
runs it through `Backend.execute` (the very function the service runs for the CLI and MCP) and
hands the result to a template. Nothing here decides anything the CLI and MCP do not decide the
same way; what a screen needs and no operation gave is an operation in `quire.ops`.

Guards, in order, on every request:
- the Host header must name this service (127.0.0.1 / localhost / [::1], or the host it was
  told to bind, with its port): a DNS-rebinding page cannot reach it under another name;
- only `/login` (which redeems a one-time ticket) is open; anything else, static files included,
  needs the session cookie or the bearer token (401 otherwise);
- a POST must come from this origin (`Sec-Fetch-Site` same-origin or none, `Origin` ours when
  sent) and carry the session's CSRF token (a bearer-token client needs none: it is no browser).
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from memory import clock
from memory.errors import InvalidInput, NotFound, QuireError, Unreachable
from memory.models import TYPES
from memory.text import visible, whole_number
from quire import curate
from quire.ops import item_from_json, refusal
from quire.ops.search import under
from quire.ui import render
from quire.ui.words import screen_words
from retrieval import temporal, tuning

COOKIE = "quire_session"
TICKET_TTL_S = 120.0  # a sign-in URL is good for two minutes, and once
MAX_TICKETS = 32
MAX_SESSIONS = 64
MAX_FORM = 64 * 1024
# An error page's title by its status (memory/errors.py gives each error class one).
ERROR_TITLES = {400: "not accepted", 404: "not found", 409: "changed meanwhile", 503: "unavailable"}
PAGE_ROWS = 200  # rows on one screen of a long list (pages, entities)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
STATIC = {
    "htmx.min.js": "text/javascript; charset=utf-8",
    "ui.js": "text/javascript; charset=utf-8",
    "ui.css": "text/css; charset=utf-8",
}
# Scripts and styles only from here; no inline script runs, so an escaped-anyway `<script>` is doubly dead.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
# The names each screen reads from its address; any other is refused, as the CLI refuses an unknown
# option and the API an unknown key: `/recall?q=cache&K=5` quietly answered with the default 10.
QUERY_NAMES: dict[str, frozenset[str]] = {
    "review": frozenset({"after"}),
    "recall": frozenset({"q", "space", "type", "as_of", "k"}),
    "pages": frozenset({"from"}),
}
# The same for the fields of each form a screen posts: `reasn=...` forgot without the reason, unsaid.
FORM_NAMES: dict[str, frozenset[str]] = {
    "review_decide": frozenset({"csrf", "action", "over", "confirm"}),
    "memory_trust": frozenset({"csrf"}),
    "forget": frozenset({"csrf", "confirm", "reason"}),
}


class Backend(Protocol):
    """What the UI needs from the service: run an operation as it runs any other, and its status."""

    host: str
    port: int
    token: str

    def execute(self, op: str, params: Any, actor: str) -> dict[str, Any]: ...

    def info(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Request:
    method: str
    target: str  # path and query as sent
    headers: Mapping[str, str]  # names in lower case
    body: bytes = b""
    unread: tuple[int, str] | None = None  # a body the service could not read (its framing, its size): status, why

    @property
    def path(self) -> str:
        return urlsplit(self.target).path

    @property
    def query(self) -> dict[str, str]:
        return _params(urlsplit(self.target).query, "the address")

    def header(self, name: str) -> str:
        return str(self.headers.get(name.lower()) or "")

    def form(self) -> dict[str, str]:
        try:
            text = self.body.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput("the form is not UTF-8 text; send it from the page again") from None
        return _params(text, "the form")


def _unquoted(text: str, where: str) -> str:
    """A path segment's percent-escapes decoded; ones that are not UTF-8 text are refused."""
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise InvalidInput(f"{where} holds percent-escapes that are not UTF-8 text; send it as UTF-8") from None


def _params(text: str, where: str) -> dict[str, str]:
    """The fields of a query or form. A name given twice (`?k=5&k=500`) is refused, as a JSON key
    given twice is on the other routes: the last one used to win without a word. So is a value
    whose percent-escapes are not UTF-8 (it became U+FFFD)."""
    out: dict[str, str] = {}
    try:
        pairs = parse_qsl(text, keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        raise InvalidInput(f"{where} holds percent-escapes that are not UTF-8 text; send it as UTF-8") from None
    for name, value in pairs:
        if name in out:
            raise InvalidInput(f"{where} gives {name[:80]!r} twice; give it once")
        out[name] = value
    return out


def _known_names(given: Mapping[str, str], allowed: frozenset[str], where: str) -> None:
    """InvalidInput naming the first field this screen does not read from `where` (`QUERY_NAMES`,
    `FORM_NAMES`)."""
    unknown = sorted(set(given) - allowed)
    if unknown:
        reads = ", ".join(sorted(allowed)) or "nothing"
        raise InvalidInput(f"this screen does not read {unknown[0][:80]!r} from {where} (it reads {reads}); remove it")


@dataclass
class Response:
    status: int
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    headers: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _Session:
    csrf: str
    flash: str = ""


def _see(location: str, *, headers: list[tuple[str, str]] | None = None) -> Response:
    return Response(303, b"", headers=[("Location", location), *(headers or [])])


def _shown(value: Any) -> Any:
    """Every value a screen shows: a bidi override or isolate, or a zero-width character, stored
    before the text policy removed them or from another device, is dropped (memory.text.visible), so
    a name cannot reorder what the page shows around it (the CLI does the same: quire/cli/app.py)."""
    if isinstance(value, Markup):
        return Markup(visible(str(value)))  # quire's own HTML of a page, its text already escaped
    return visible(value) if isinstance(value, str) else value


class UI:
    """The sub-app: `handle(request) -> Response` for every path the service does not own."""

    def __init__(self, backend: Backend):
        self.backend = backend
        self._tickets: dict[str, float] = {}
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._lock = threading.Lock()
        folder = Path(str(resources.files("quire.ui") / "templates"))
        self.env = Environment(
            loader=FileSystemLoader(folder),
            autoescape=select_autoescape(default=True),
            auto_reload=False,
            finalize=_shown,
        )
        self.env.globals["quote"] = lambda s: quote(str(s), safe="")
        self.env.filters["said"] = screen_words  # an operation's warning, in the screens' words
        self.env.filters["day"] = clock.local_day  # a stored instant's day on this machine's clock, as the CLI shows it
        self.env.globals["NOTHING_STATES"] = tuning.NOTHING_STATES
        self.env.globals["days_shown"] = temporal.days_shown
        self.env.globals["under"] = under  # the best score under the floor, as the CLI shows it (3 digits, never at it)
        # What the reads of the request this thread serves said about the store: on a server home
        # while it is down, that they answered from this device's replica, and how old it is.
        self._replica = threading.local()
        self.routes: list[tuple[str, re.Pattern[str], Callable[..., Response]]] = [
            ("GET", re.compile(r"^/$"), lambda r, s: _see("/review")),
            ("GET", re.compile(r"^/review$"), self.review),
            ("GET", re.compile(r"^/review/([0-9]+)$"), self.review),  # [0-9]: "١" is \d, and was item 1
            ("POST", re.compile(r"^/review/([0-9]+)$"), self.review_decide),
            ("GET", re.compile(r"^/recall$"), self.recall),
            ("GET", re.compile(r"^/memory/([^/]+)$"), self.memory),
            ("POST", re.compile(r"^/memory/([^/]+)/(pin|unpin|confirm)$"), self.memory_trust),
            ("GET", re.compile(r"^/memory/([^/]+)/forget$"), self.forget_confirm),
            ("POST", re.compile(r"^/memory/([^/]+)/forget$"), self.forget),
            ("GET", re.compile(r"^/forgotten$"), self.forgotten),
            ("GET", re.compile(r"^/pages$"), self.pages),
            ("GET", re.compile(r"^/page/([^/]+)$"), self.page),
            ("GET", re.compile(r"^/entities$"), self.entities),
            ("GET", re.compile(r"^/spaces$"), self.spaces),
            ("GET", re.compile(r"^/status$"), self.status),
        ]

    # -- sign-in -------------------------------------------------------------------------------

    @property
    def origin(self) -> str:
        return f"http://{self._hostname()}:{self.backend.port}"

    def _hostname(self) -> str:
        host = self.backend.host
        if host in ("0.0.0.0", "::", ""):
            return "127.0.0.1"
        return f"[{host}]" if ":" in host else host

    def mint_ticket(self) -> dict[str, Any]:
        """A one-time sign-in URL (the caller proved it holds the service token)."""
        ticket = secrets.token_urlsafe(32)
        now = time.monotonic()
        with self._lock:
            self._tickets = {t: exp for t, exp in self._tickets.items() if exp > now}
            while len(self._tickets) >= MAX_TICKETS:
                self._tickets.pop(next(iter(self._tickets)))
            self._tickets[ticket] = now + TICKET_TTL_S
        return {"url": f"{self.origin}/login?ticket={ticket}", "expires_in_s": TICKET_TTL_S}

    def _redeem(self, ticket: str) -> str | None:
        now = time.monotonic()
        with self._lock:
            found = next((t for t in self._tickets if hmac.compare_digest(t, ticket)), None)
            if found is None:
                return None
            expires = self._tickets.pop(found)  # once, whatever happens next
            if expires <= now:
                return None
            sid = secrets.token_urlsafe(32)
            self._sessions[sid] = _Session(csrf=secrets.token_urlsafe(32))
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
            return sid

    def _session_of(self, request: Request) -> _Session | None:
        values = [
            v for n, _, v in (p.strip().partition("=") for p in request.header("Cookie").split(";")) if n == COOKIE
        ]
        if len(values) > 1:  # the first one that matched signed the request in, whatever the other held
            raise InvalidInput(
                f"the request sends the {COOKIE} cookie twice; clear this site's cookies and sign in again"
            )
        if values and values[0]:
            with self._lock:
                for sid, sess in self._sessions.items():
                    if hmac.compare_digest(sid.encode(), values[0].encode("utf-8", "replace")):
                        return sess
        return None

    def _bearer(self, request: Request) -> bool:
        given = request.header("Authorization").encode("utf-8", "replace")
        return hmac.compare_digest(given, f"Bearer {self.backend.token}".encode("ascii"))

    def _allowed_hosts(self) -> set[str]:
        port = self.backend.port
        names = {*LOOPBACK_NAMES, self._hostname()}
        return {f"{n}:{port}" for n in names}

    # -- the entry point -----------------------------------------------------------------------

    def handle(self, request: Request) -> Response:
        started = time.perf_counter()
        self._replica.note = ""
        try:
            response = self._dispatch(request)
        except InvalidInput as exc:  # a query or form no screen can read (a field twice, not UTF-8)
            response = self._plain(400, f"not accepted: {exc}")
        response.headers += [
            ("Server-Timing", f"app;dur={(time.perf_counter() - started) * 1000:.2f}"),  # read by `quire bench ui`
            ("Cache-Control", "no-store"),
            ("Content-Security-Policy", CSP),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "same-origin"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
        ]
        return response

    def _dispatch(self, request: Request) -> Response:
        if request.header("Host").lower() not in self._allowed_hosts():
            return self._plain(421, "this quire serves its screens only under 127.0.0.1 / localhost")
        path = request.path
        if path == "/login" and request.method == "GET":
            return self._login(request)
        bearer = self._bearer(request)
        sess = self._session_of(request)
        if sess is None and not bearer:  # everything else, static files too, needs the cookie or the token
            return self._page(
                "signin.html",
                {"title": "sign in"},
                status=401,
                headers=[("WWW-Authenticate", 'Bearer realm="quire"')],
            )
        if path == "/favicon.ico" or path.startswith("/static/"):
            if request.method != "GET":  # a file was served to PUT and HEAD alike
                return self._not_allowed({"GET"})
            return Response(204) if path == "/favicon.ico" else self._static(path[len("/static/") :])
        if request.method == "POST":
            refused = self._refuse_write(request, sess, bearer)
            if refused is not None:
                return refused
        for method, pattern, fn in self.routes:
            found = pattern.match(path)
            if found and method == request.method:
                try:
                    name = getattr(fn, "__name__", "")
                    if method == "GET":
                        _known_names(request.query, QUERY_NAMES.get(name, frozenset()), "the address")
                    else:
                        _known_names(request.form(), FORM_NAMES.get(name, frozenset({"csrf"})), "the form")
                    return fn(request, sess or _Session(csrf=""), *found.groups())
                except QuireError as exc:
                    return self._error_page(exc)
        allowed = {m for m, p, _ in self.routes if p.match(path)}
        if allowed:
            return self._not_allowed(allowed)
        return self._page("error.html", {"title": "not found", "message": f"no screen at {path}"}, status=404)

    def _error_page(self, exc: QuireError) -> Response:
        """A refusal with the status every route answers it with (memory/errors.py): not found 404,
        not accepted 400, changed meanwhile 409; a store that cannot be reached (a libSQL server that
        is down, with no replica to read here) or refuses, or a model that cannot be loaded, 503 with
        what to do (was 409, "someone changed it first, reload and try again", for every one)."""
        title = ERROR_TITLES.get(exc.status, "error")
        if isinstance(exc, Unreachable):
            title = "server unreachable"
        context = {"title": title, "message": str(exc)}
        if exc.status != 503:
            return self._page("error.html", context, status=exc.status)
        context["retry"] = "Reload this page once that is done."
        return self._page("error.html", context, status=503, headers=[("Retry-After", "30")])

    def _refuse_write(self, request: Request, sess: _Session | None, bearer: bool) -> Response | None:
        site = request.header("Sec-Fetch-Site")
        if site and site not in ("same-origin", "none"):
            return self._plain(403, "refused: a write from another site")
        origin = request.header("Origin")
        if origin and origin not in {f"http://{h}" for h in self._allowed_hosts()}:
            return self._plain(403, "refused: a write from another origin")
        if request.unread is not None:  # refused by the API's words: the form was never read
            status, why = request.unread
            return self._plain(status, f"not accepted: {why}; nothing was done")
        if len(request.body) > MAX_FORM:
            return self._plain(413, f"not accepted: the request body is over {MAX_FORM:,} bytes; send less")
        if bearer and sess is None:
            return None
        given = request.form().get("csrf") or request.header("X-CSRF-Token")
        if sess is None or not sess.csrf or not hmac.compare_digest(given.encode(), sess.csrf.encode()):
            return self._plain(403, "refused: the form's CSRF token is missing or stale; reload the page")
        return None

    def _login(self, request: Request) -> Response:
        sid = self._redeem(request.query.get("ticket", ""))
        if sid is None:
            return self._page(
                "signin.html", {"title": "sign in", "message": "this sign-in link was used or has expired"}, status=401
            )
        cookie = f"{COOKIE}={sid}; Path=/; HttpOnly; SameSite=Strict"
        # A 200 page that moves on by itself rather than a 303: a Strict cookie set during a
        # redirect chain that began on another site (a link in a mail) is not sent on its last hop.
        return self._page("signedin.html", {"title": "signed in"}, headers=[("Set-Cookie", cookie)])

    def _static(self, name: str) -> Response:
        if name not in STATIC:
            return self._plain(404, "no such file")
        data = (resources.files("quire.ui") / "static" / name).read_bytes()
        return Response(200, data, STATIC[name])

    # -- rendering -------------------------------------------------------------------------------

    def _not_allowed(self, allowed: set[str]) -> Response:
        """405 with the Allow header HTTP asks for (it was missing), naming the methods to use."""
        methods = ", ".join(sorted(allowed))
        response = self._plain(405, f"method not allowed; use {methods}")
        response.headers.append(("Allow", methods))
        return response

    def _plain(self, status: int, text: str) -> Response:
        return Response(status, (text + "\n").encode("utf-8"), "text/plain; charset=utf-8")

    def _page(
        self,
        template: str,
        context: dict[str, Any],
        *,
        status: int = 200,
        sess: _Session | None = None,
        headers: list[tuple[str, str]] | None = None,
    ) -> Response:
        flash = ""
        if sess is not None and sess.flash:
            flash, sess.flash = sess.flash, ""
        if isinstance(context.get("message"), str):  # what the library said, in the screens' words
            context = {**context, "message": screen_words(context["message"])}
        html = self.env.get_template(template).render(
            **context,
            csrf=sess.csrf if sess else "",
            flash=screen_words(flash),
            nav=template.split(".")[0],
            replica=screen_words(getattr(self._replica, "note", "")),
        )
        return Response(status, html.encode("utf-8"), headers=list(headers or []))

    def _run(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        result = self.backend.execute(op, params, "ui")
        note = result.get("replica") if isinstance(result, dict) else None
        if isinstance(note, dict) and note.get("message"):
            self._replica.note = str(note["message"])  # said once on the page, as the CLI says it on stderr
        return result

    # -- the review queue -------------------------------------------------------------------------

    def review(self, request: Request, sess: _Session, item_id: str | None = None) -> Response:
        # after=abc was quietly the first item; refused as the pages screen's from=abc is
        after = _whole(request.query, "after", 0, "curate_show", "item_id")
        ids = [int(i) for i in self._run("curate_list", {"ids_only": True})["ids"]]
        chosen: int | None = None
        if item_id is not None:
            chosen = int(item_id)
        elif ids:
            later = [i for i in ids if i > after]
            chosen = later[0] if later else ids[0]
        info = self._run("curate_show", {"item_id": chosen}) if chosen is not None else None
        context: dict[str, Any] = {"title": "review", "left": len(ids), "info": info}
        if info is not None:
            item = item_from_json(info)
            position = ids.index(item.id) + 1 if item.id in ids else None
            nxt = [i for i in ids if i > item.id]
            context.update(
                item=item,
                position=position,
                diff=curate.diff_parts(item.old, item.new),
                claim=curate.claim(item),
                explains=curate.what_accept_does(item, info.get("old_current")),
                next_id=(nxt[0] if nxt else (ids[0] if ids and ids[0] != item.id else None)),
                choices=_choices(item, info.get("old_current")),
            )
        return self._page("review.html", context, sess=sess)

    def review_decide(self, request: Request, sess: _Session, item_id: str) -> Response:
        form = request.form()
        action = form.get("action", "")
        shown = self._run("curate_show", {"item_id": int(item_id)})
        item = item_from_json(shown)
        allowed = {c["action"]: c for c in _choices(item, shown.get("old_current"))}
        over = form.get("over") or None  # the current version the card showed (not read again here)
        if not item.is_open:  # decided meanwhile (another tab or device): said, nothing done again
            sess.flash = f"item {item.id} was already {item.status} ({item.resolved_at} by {item.resolved_by})"
            return _see(f"/review?after={item.id}")
        if action not in allowed:
            raise InvalidInput(f"{action or 'no action'!r} is not a choice for a {item.kind}; pick one of the buttons")
        if allowed[action]["destructive"] and form.get("confirm") != "yes":
            return self._page(
                "confirm.html",
                {
                    "title": "confirm",
                    "what": allowed[action]["label"],
                    "consequence": f"Destructive: {allowed[action]['does']}.",
                    "action_url": f"/review/{item.id}",
                    "fields": {"action": action, "confirm": "yes", **({"over": over} if over else {})},
                    "back": f"/review/{item.id}",
                },
                sess=sess,
            )
        if action == "dismiss":
            res = self._run("curate_dismiss", {"item_id": item.id})
        else:
            choice = {"accept": None, "keep_old": "keep_old", "keep_both": "keep_both", "machine": "machine"}[action]
            res = self._run("curate_accept", {"item_id": item.id, "choice": choice, "over": over})
        sess.flash = _told(res)
        return _see(f"/review?after={item.id}")

    # -- recall -------------------------------------------------------------------------------------

    def recall(self, request: Request, sess: _Session) -> Response:
        q = request.query
        query = q.get("q", "").strip()
        space, type_, as_of = q.get("space", ""), q.get("type", ""), q.get("as_of", "").strip()
        spaces = self._run("spaces_list", {})["spaces"]
        result = None
        if query:
            # The full record (detail): a person reads channels, priors and dates, not an agent's compact hit.
            k = _whole(q, "k", 10, "recall")
            params: dict[str, Any] = {"query": query, "explain": True, "detail": True, "k": k}
            if space == "*":
                params["all_spaces"] = True
            elif space:
                params["space"] = space
            if type_:
                params["types"] = [type_]
            if as_of:
                params["as_of"] = as_of
            result = self._run("recall", params)
        context = {
            "title": "recall",
            "query": query,
            "space": space,
            "type": type_,
            "as_of": as_of,
            "spaces": spaces,
            "types": TYPES,
            "result": result,
        }
        return self._page("recall.html", context, sess=sess)

    # -- a memory -----------------------------------------------------------------------------------

    def _live_memory(self, memory_id: str) -> dict[str, Any]:
        """The memory a screen shows or asks about; a forgotten one is not found on every address of
        it (its forget address had asked to forget what was already gone)."""
        shown = self._run("memory_show", {"memory_id": memory_id})
        if shown["status"] == "forgotten":
            raise NotFound(f"{memory_id} was forgotten")
        return shown

    def memory(self, request: Request, sess: _Session, memory_id: str) -> Response:
        memory_id = _memory_id(memory_id)
        shown = self._live_memory(memory_id)
        history = self._run("history", {"memory_id": memory_id})
        context = {"title": f"memory {memory_id}", "memory": shown, "pages": shown["pages"], "history": history}
        return self._page("memory.html", context, sess=sess)

    def memory_trust(self, request: Request, sess: _Session, memory_id: str, action: str) -> Response:
        memory_id = _memory_id(memory_id)
        sess.flash = _told(self._run(action, {"memory_id": memory_id}))
        return _see(f"/memory/{quote(memory_id)}")

    def forget_confirm(self, request: Request, sess: _Session, memory_id: str) -> Response:
        memory_id = _memory_id(memory_id)
        self._live_memory(memory_id)  # NotFound before asking
        return self._page(
            "confirm.html",
            {
                "title": "confirm",
                "what": f"Forget {memory_id}",
                "consequence": "Destructive: the memory is erased everywhere (store, pages, snapshots) and its "
                "text tombstoned so it cannot be captured again. This cannot be undone.",
                "action_url": f"/memory/{quote(memory_id)}/forget",
                "fields": {"confirm": "yes"},
                "back": f"/memory/{quote(memory_id)}",
            },
            sess=sess,
        )

    def forget(self, request: Request, sess: _Session, memory_id: str) -> Response:
        memory_id = _memory_id(memory_id)
        form = request.form()
        if form.get("confirm") != "yes":
            return self.forget_confirm(request, sess, memory_id)
        # Not cut to fit: a reason past 1000 characters is refused, as on every other route.
        res = self._run("forget", {"memory_id": memory_id, "reason": form.get("reason", "")})
        sess.flash = _told(res)
        # Queued on a server home that is down, it is not erased yet: the forgotten screen says it is.
        return _see("/recall" if res.get("status") == "queued" else "/forgotten")

    def forgotten(self, request: Request, sess: _Session) -> Response:
        return self._page("forgotten.html", {"title": "forgotten"}, sess=sess)

    # -- pages, entities, spaces, status ------------------------------------------------------------

    def pages(self, request: Request, sess: _Session) -> Response:
        # from=-5 or from=abc were quietly 0; the op says why
        offset = _whole(request.query, "from", 0, "pages", "offset")
        listed = self._run("pages", {"limit": PAGE_ROWS, "offset": offset})
        context = {"title": "pages", **listed, "offset": offset, "step": PAGE_ROWS}
        return self._page("pages.html", context, sess=sess)

    def page(self, request: Request, sess: _Session, ref: str) -> Response:
        slug = _unquoted(ref, "the page's address")
        page = self._run("page_read", {"slug": slug})
        if page["slug"] != slug:  # a title or a file name, as every other route takes: to its page's address
            return _see(f"/page/{quote(page['slug'], safe='')}")
        try:
            pagemap: dict[str, Any] | None = self._run("map_show", {"page": slug})
        except NotFound:
            pagemap = None
        context = {"title": page["title"], "page": page, "html": render.page_html(page["body"], page["sources"])}
        return self._page("page.html", {**context, "map": pagemap}, sess=sess)

    def entities(self, request: Request, sess: _Session) -> Response:
        listed = self._run("entities_list", {"limit": PAGE_ROWS})
        return self._page("entities.html", {"title": "entities", **listed}, sess=sess)

    def spaces(self, request: Request, sess: _Session) -> Response:
        return self._page("spaces.html", {"title": "spaces", **self._run("spaces_list", {})}, sess=sess)

    def status(self, request: Request, sess: _Session) -> Response:
        context = {"title": "status", "status": self._run("status", {}), "service": self.backend.info()}
        return self._page("status.html", context, sess=sess)


def _told(result: dict[str, Any]) -> str:
    """What a write's screen says after it: the op's message and what it warns. A forget queued on a
    server home that could not take the text out of this device's vault files said only "queued
    w_..." here, while the CLI prints the warning and MCP returns it."""
    warned = [f"warning: {w}" for w in result.get("warnings") or []]
    return "; ".join([str(result["message"]), *warned])


def _whole(query: dict[str, str], name: str, default: int, op: str, field: str | None = None) -> int:
    """A number the person typed into the URL for `op`'s `field` (`name` in the URL): refused as on
    every route (`k=0` and `k=abc` were quietly 10 here while the CLI, the service and MCP refuse
    them), the range left to the op, and no whole number in the op's words too ("invalid recall
    parameters: k: must be a whole number", where the screen said "k must be a whole number")."""
    value = query.get(name, "").strip()
    if not value:
        return default
    number = whole_number(value)  # ASCII digits only, as the CLI reads one
    if number is None:
        field = field or name
        said = refusal(op, {field: value}, {field}) or f"{field}: must be a whole number"
        raise InvalidInput(f"{said} (the address's {name}={value[:40]!r})")
    return number


def _memory_id(segment: str) -> str:
    """The memory id a screen's address names, its percent-escapes decoded as a page's are; the
    operation judges it, as on every route. The screens checked it against their own pattern first:
    `/memory/%20` was "no memory '%20'" (404) where every other route says the id is empty (400),
    and an id past 100 characters was not found here and refused as too long elsewhere."""
    return _unquoted(segment, "the memory's address")


def _choices(item: Any, current: str | None = None) -> list[dict[str, Any]]:
    """The buttons an item offers (as `memory.review` defines them), with their keys; a choice that
    cannot be taken back (a tombstone, a person's page edit overwritten) says so and is confirmed.
    `current`: the version that replaced the old memory since the item was queued (the card names
    it; accepting replaces it only as the button says, and is confirmed)."""
    choices = _open_choices(item, current)
    if current and item.kind in ("revision", "contradiction"):
        new, old = item.payload.get("new_id"), item.payload.get("old_id")
        does = f"{old} was replaced by {current} since this was queued: {new} replaces {current} (kept in history)"
        accept = {**_choice("accept", f"Replace {current}", "a", does, True), "fields": {"over": current}}
        choices = [accept, *(c for c in choices if c["action"] == "dismiss")]
    return choices


def _open_choices(item: Any, current: str | None) -> list[dict[str, Any]]:
    if not item.is_open:
        return []
    p = item.payload
    new, old = p.get("new_id"), p.get("old_id")
    if item.kind == "contradiction":
        return [
            _choice("accept", "Keep new", "a", f"{new} supersedes {old} ({old} is kept in history)"),
            _choice("keep_old", "Keep old", "o", f"{old} stays current and confirmed; {new} is retired"),
            _choice("keep_both", "Keep both", "b", "both stay current; the item is closed"),
            _choice("dismiss", "Dismiss", "d", "close the item without a choice: both stay as they are"),
        ]
    if item.kind == "revision":
        if p.get("pending") and current:  # overtaken: dismissing closes it and tombstones nothing
            dismiss = f"{new} is rejected (kept in history); its text is not tombstoned: {current} replaced {old} since"
        elif p.get("pending"):
            dismiss = f"{new} is rejected and its text tombstoned: the same change cannot be captured again"
        else:
            dismiss = f"nothing is replaced; {new} stays as it is"
        return [
            _choice("accept", "Accept", "a", f"{new} replaces {old} and is confirmed ({old} is kept in history)"),
            _choice("dismiss", "Dismiss", "d", dismiss, bool(p.get("pending")) and not current),
        ]
    if p.get("merged"):
        return [
            _choice("accept", "Accept", "a", "what changed is written into your page; your edits stay (a merge)"),
            _choice("machine", "Machine's page", "m", "the machine's own page replaces yours (kept in history)", True),
            _choice("dismiss", "Dismiss", "d", "your page stays as it is; what changed is left out"),
        ]
    return [
        _choice("accept", "Accept", "a", "the machine's version of the page overwrites your edit of it", True),
        _choice("dismiss", "Dismiss", "d", "your edit of the page stays; the machine's version is dropped"),
    ]


def _choice(action: str, label: str, key: str, does: str, destructive: bool = False) -> dict[str, Any]:
    return {"action": action, "label": label, "key": key, "does": does, "destructive": destructive}
