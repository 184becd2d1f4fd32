"""`quire serve`: one warm Session (model, vector cache, graph) behind a local HTTP+JSON service.

Security and ownership:
- binds 127.0.0.1 unless the person passes another host (the CLI warns);
- a random token in `$QUIRE_HOME/serve.token` (0600); every request carries it as
  `Authorization: Bearer <token>`, compared with hmac.compare_digest; anything else gets 401;
- `$QUIRE_HOME/serve.json` (pid, host, port) is also the lock: it is held with flock for the
  life of the process, so a second service on the same home refuses to start.

Concurrency: requests run in threads; operations that write (and recall, which embeds deferred
captures and counts accesses) take the exclusive side of a readers-writer lock, reads share it.
SIGTERM, SIGINT or `quire serve --stop` stop accepting, let requests already received finish
(writes included), save the vector cache and remove serve.json and the token.

Wire format: POST /v1/ops/<op> {"params": {...}, "actor": "cli"} ->
200 {"result": {...}} | 4xx/5xx {"error": {"type": "InvalidInput", "message": "..."}};
GET /v1/service -> the service's own status (never the token);
GET /v1/ops -> every operation it dispatches, with its effect and parameter schema (quire.ops.catalog).
"""

from __future__ import annotations

import errno
import hmac
import json
import os
import secrets
import selectors
import signal
import socket
import socketserver
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from memory import audit, errors, files, text
from memory.errors import Conflict, InvalidInput, ModelUnavailable, NotFound, QuireError, SchemaTooNew, Unreachable
from memory.home import Home, ensure_root, resolve_home, trusted_home
from memory.session import Session
from quire import client, ops
from quire.ui import app as ui_app
from retrieval.recall import search

LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_BODY = client.MAX_BODY
DRAIN_MAX = 16 * MAX_BODY  # a body past MAX_BODY read and dropped so its 413 is read; past this, closed
REQUEST_TIMEOUT_S = 60  # a client that connects and never sends cannot hold up shutdown for long


class RWLock:
    """Many readers or one writer; a waiting writer keeps new readers out (no writer starvation)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._readers = 0
        self._writing = False
        self._waiting = 0

    @contextmanager
    def read(self) -> Iterator[None]:
        with self._cond:
            while self._writing or self._waiting:
                self._cond.wait()
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                self._cond.notify_all()

    @contextmanager
    def write(self) -> Iterator[None]:
        with self._cond:
            self._waiting += 1
            while self._writing or self._readers:
                self._cond.wait()
            self._waiting -= 1
            self._writing = True
        try:
            yield
        finally:
            with self._cond:
                self._writing = False
                self._cond.notify_all()


# -- the lock file and the token -----------------------------------------------------------------


def _lock(home: Home) -> int:
    """Open and flock serve.json; raise Conflict naming the running service when it is taken. A
    leftover that nobody holds is this service's to rewrite (or `--stop`'s to remove) only when it,
    and the token beside it, pass the trust rule: one another user owns is refused, left as it is."""
    trusted_home(home)  # before serve.json is created in it
    ensure_root(home)  # made 0700 (its missing parents too), and checked again as made
    path = client.state_path(home)
    try:
        fd = files.lock(path)
    except BlockingIOError:
        raise Conflict(f"could not take {path}; another quire serve is starting or stopping, try again") from None
    if fd is None:
        found = client.endpoint(home)
        where = f" (pid {found.pid}, port {found.port})" if found else " (starting up)"
        raise Conflict(
            f"quire serve is already running for {home.root}{where}; use it, or stop it first with `quire serve --stop`"
        )
    try:
        _refuse_leftover(path, os.fstat(fd))
        with suppress(FileNotFoundError):
            _refuse_leftover(client.token_path(home), os.lstat(client.token_path(home)))
    except BaseException:
        os.close(fd)
        raise
    return fd


def _refuse_leftover(path: Path, info: os.stat_result) -> None:
    if found := files.untrusted(path, info):
        raise QuireError(
            f"{path} {found[0]}, so quire neither uses nor removes it; no quire serve holds it: "
            f"look at it, then remove it yourself (`rm {path}`)"
        )


def _write_token(home: Home) -> str:
    token = secrets.token_urlsafe(32)
    # Owner only, whatever the umask; readers see the old token or the new one, never half of one.
    files.atomic_write(client.token_path(home), token.encode("ascii"), mode=0o600)
    return token


def _remove(path) -> None:
    with suppress(FileNotFoundError):
        path.unlink()


# -- the service -------------------------------------------------------------------------------


class _Server(ThreadingHTTPServer):
    """The HTTP server, its loop asleep in select() until a connection comes or shutdown() wakes it
    through a socket pair: socketserver's own loop looks for a shutdown every poll_interval, so each
    stop (`quire serve --stop`, SIGTERM, a test's) waited up to that long with nothing left to do."""

    daemon_threads = False  # server_close() joins request threads: in-flight writes finish
    block_on_close = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]):
        # Before socketserver's __init__: a bind that fails calls server_close(), which closes these.
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._stop_asked = False
        self._loop_done = threading.Event()
        self._loop_done.set()  # a shutdown() before the loop runs returns at once, as socketserver's does
        super().__init__(address, handler)

    def server_bind(self) -> None:
        socketserver.TCPServer.server_bind(self)  # HTTPServer's would do a reverse DNS lookup
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Accept requests, each in a thread of its own, until shutdown(); poll_interval is not used:
        nothing polls."""
        self._loop_done.clear()
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(self, selectors.EVENT_READ)
                selector.register(self._wake_r, selectors.EVENT_READ)
                while not self._stop_asked:
                    ready = [key.fileobj for key, _ in selector.select()]
                    if self._stop_asked:
                        break
                    if self._wake_r in ready:
                        with suppress(BlockingIOError):
                            self._wake_r.recv(64)
                    if self in ready:
                        self._handle_request_noblock()  # type: ignore[attr-defined]  # socketserver's, untyped
                    self.service_actions()
        finally:
            self._stop_asked = False
            self._loop_done.set()

    def shutdown(self) -> None:
        """End serve_forever() and wait until it has returned (requests already accepted run on)."""
        self._stop_asked = True
        with suppress(OSError):  # a wake-up already waiting fills no buffer; a closed pair has no loop
            self._wake_w.send(b"\0")
        self._loop_done.wait()

    def server_close(self) -> None:
        try:
            super().server_close()
        finally:
            self._wake_r.close()
            self._wake_w.close()


class _Server6(_Server):
    address_family = socket.AF_INET6


class Service:
    """A bound, warm service. `serve_forever()` runs it; `stop()` ends it cleanly from any thread."""

    def __init__(
        self,
        home: Home | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        log: Callable[[str], None] | None = None,
    ):
        self.home = home or resolve_home()
        self.log = log or (lambda line: print(line, file=sys.stderr, flush=True))
        self._lock_fd = _lock(self.home)
        self.rw = RWLock()
        self.stopping = False
        self.outdated: SchemaTooNew | None = None  # a newer quire migrated the store: serve stops
        self.requests = 0
        self.in_flight = 0
        self._count = threading.Lock()
        session: Session | None = None
        httpd: _Server | None = None
        try:
            self.session = session = Session(self.home, actor="serve")
            session.write_behind()  # recall's access counts, a batch at a time (memory/access.py)
            bind = "127.0.0.1" if host == "localhost" else host
            try:
                self.httpd = httpd = (_Server6 if ":" in bind else _Server)((bind, port), _handler(self))
            except OSError as exc:
                raise QuireError(_cannot_listen(bind, port, exc)) from None
            self.host, self.port = bind, int(self.httpd.server_address[1])
            self._warm()
            self.token = _write_token(self.home)
            self.ui = ui_app.UI(self)  # the browser screens (`quire ui`): every path outside /v1/
            self.started_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())  # wall time, not QUIRE_NOW
            self._started = time.monotonic()
            state = {
                "pid": os.getpid(),
                "host": self.host,
                "port": self.port,
                "started_at": self.started_at,
                "home": str(self.home.root),
            }
            os.ftruncate(self._lock_fd, 0)
            os.pwrite(self._lock_fd, json.dumps(state).encode("utf-8"), 0)
            os.fsync(self._lock_fd)
        except BaseException:
            if httpd is not None:
                httpd.server_close()
            if session is not None:
                session.close()
            self._release()
            raise

    def _warm(self) -> None:
        """Load the model, the vector cache and the recall path now, so the first request is fast.
        A read, as a recall is: on a server home it comes from this device's replica, so a service
        starts while the server is down and answers reads from it, as the CLI does (docs/devices.md)."""
        try:
            self.session.embedder()
        except ModelUnavailable as exc:
            self.log(f"warning: {exc}; recall runs on words and entities only until the model loads")
            return
        with self.session.route("read"):
            try:
                self.session.vectors().prepare()  # no request pays for packing the int8 rows
            except Unreachable as exc:  # no replica on this device yet: reads say so, writes queue
                self.log(f"warning: {exc}; reads are refused until the server answers")
                return
            try:
                search(self.session, "warm up the recall path", k=1, touch=False)
            except Exception as exc:
                self.log(
                    f"warning: warm-up recall failed ({type(exc).__name__}: {exc}); the first request will be slower"
                )
            note = self.session.replica_note()
        if note is not None:
            self.log(f"warning: {note['message']}; reads answer from it, writes queue in the outbox until it answers")

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def info(self) -> dict[str, Any]:
        embedder = self.session._embedder
        return {
            "pid": os.getpid(),
            "host": self.host,
            "port": self.port,
            "started_at": self.started_at,
            "uptime_s": round(time.monotonic() - self._started, 1),
            "requests": self.requests,
            "in_flight": self.in_flight,
            "model": embedder.model_id if embedder else None,
            "model_loaded": embedder is not None,
            "stopping": self.stopping,
        }

    def serve_forever(self) -> None:
        try:
            self.httpd.serve_forever()
        finally:
            self._finish()

    def stop(self) -> None:
        """Stop accepting; serve_forever() then lets running requests finish and cleans up."""
        if not self.stopping:
            self.stopping = True
            threading.Thread(target=self.httpd.shutdown, name="quire-serve-stop", daemon=True).start()

    def _finish(self) -> None:
        self.stopping = True
        try:
            self.httpd.server_close()  # joins every request thread
            with self.rw.write():
                self.session.close()  # saves the vector cache
        finally:
            self._release()

    def _release(self) -> None:
        fd, self._lock_fd = self._lock_fd, -1
        if fd >= 0:
            try:
                _remove(client.token_path(self.home))
                _remove(client.state_path(self.home))
            finally:
                os.close(fd)  # releases the flock

    # -- one request -----------------------------------------------------------------------------

    def execute(self, op: str, params: Any, actor: str) -> dict[str, Any]:
        if op not in ops.OPS:
            raise NotFound(f"unknown operation {op!r}; known: {', '.join(ops.OPS)}")
        if not isinstance(params, dict):
            raise InvalidInput(f"{op}: params must be a JSON object")
        audit.checked_actor(actor)
        try:
            result = self._execute(op, params, actor)
        except SchemaTooNew as exc:
            self._outdate(exc)
            raise
        return json.loads(json.dumps(result, default=str))

    def _outdate(self, exc: SchemaTooNew) -> None:
        """A newer quire migrated the store under this service: every request from now on would be
        refused the same way, so it answers this one with the refusal and stops (`run` raises it:
        one line, exit 1); the CLI, which no longer finds it, says the same on its own open."""
        if self.outdated is None:
            self.outdated = exc
        self.stop()

    def _execute(self, op: str, params: dict[str, Any], actor: str) -> Any:
        if op in ops.EXCLUSIVE:
            with self.rw.write():
                self.session.actor = actor  # only writers record an actor, and they run one at a time
                try:
                    result = ops.run(self.session, op, params)
                    self.session.persist_vectors()
                finally:
                    self.session.actor = "serve"
        else:
            with self.rw.read():
                result = ops.run(self.session, op, params)
        return result


def _cannot_listen(bind: str, port: int, exc: OSError) -> str:
    """Why a bind failed, with the fix for its cause: the host is no address here, or the port is taken."""
    if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
        return (
            f"cannot listen on {bind!r}: it is not an address of this machine; "
            "use --host 127.0.0.1 (the default) or one of this machine's addresses"
        )
    return f"cannot listen on {bind}:{port} ({exc.strerror or exc}); use another --port, or 0 to pick a free one"


# Headers a request may send once: the credentials, the name it is addressed to, the screens' write guards.
ONCE = ("Authorization", "Cookie", "Host", "Origin", "Sec-Fetch-Site", "X-CSRF-Token")
ENVELOPE = frozenset({"params", "actor"})  # what an operation's request body holds (quire.client sends both)


def _envelope(body: dict[str, Any]) -> tuple[Any, str]:
    """(params, actor) of a request body: null is "not given", as everywhere else (no params, the CLI's
    actor); an actor that is no string is refused, not written into the audit log as its repr."""
    params = body.get("params")
    actor = body.get("actor")
    if actor is not None and not isinstance(actor, str):
        raise InvalidInput(f'actor must be a string (the name of who asks, such as "cli"), not {type(actor).__name__}')
    return ({} if params is None else params), (actor if actor is not None else "cli")


def _wire_error(exc: QuireError) -> tuple[int, dict[str, Any]]:
    """The error's own status (memory/errors.py: the screens answer it with the same one) and, as
    its type, the nearest class the client knows by name (a module-local subclass maps to its parent)."""
    cls = next(c for c in type(exc).__mro__ if getattr(errors, c.__name__, None) is c)
    return exc.status, {"error": {"type": cls.__name__, "message": str(exc)}}


def _handler(service: Service) -> type[BaseHTTPRequestHandler]:
    """The request handler of `service` (http.server makes one instance per request)."""
    return type("Handler", (_Handler,), {"service": service, "expected": None})


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message}}


class _Handler(BaseHTTPRequestHandler):
    server_version = "quire-serve"
    sys_version = ""
    timeout = REQUEST_TIMEOUT_S
    service: Service
    expected: bytes | None  # read lazily: the token is written after the socket is bound

    def log_message(self, format: str, *args: Any) -> None:
        pass  # one line per request would drown the service's own messages

    def _send(self, code: int, data: dict[str, Any], *, allow: str = "") -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if allow:
            self.send_header("Allow", allow)
        if code == 401:
            self.send_header("WWW-Authenticate", 'Bearer realm="quire"')
        if code == 503:  # the store or the model is not there now, or the service is stopping: as the screens say it
            self.send_header("Retry-After", "30")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":  # a HEAD answer has no body: the client would read it as the next reply
            self.wfile.write(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a method it has no do_ for, a malformed request line) in
        quire's JSON, not its HTML page: an unknown method is answered as PUT is."""
        if code == 501 and self.command and self.path:
            self._other_method()
            return
        self.close_connection = True
        if self.request_version == "HTTP/0.9":  # a version it could not read: http.server would send no status line
            self.request_version = "HTTP/1.0"
        short = message or self.responses.get(code, ("error",))[0]
        speak = "; send HTTP/1.1 (or 1.0)" if code == 505 or "version" in short else ""
        self._send(code, _error("InvalidInput", f"{short}{speak}; the request was not read, nothing was done"))

    def parse_request(self) -> bool:
        """http.server's parse, and a request line without a version (HTTP/0.9, whose answer has no
        status line or headers) refused with a 505 in JSON, as a version it does not speak is."""
        if not super().parse_request():
            return False
        if self.request_version == "HTTP/0.9":
            self.send_error(505, "HTTP/0.9 is not spoken here")
            return False
        return True

    def _sent_twice(self) -> bool:
        """Authorization, Cookie, Host or a write guard sent twice: which copy counts is a guess (the
        API read the first, the screens the last), so the request is refused (True once the 400 is sent)."""
        twice = next((name for name in ONCE if len(self.headers.get_all(name) or []) > 1), None)
        if twice is None:
            return False
        self.close_connection = True
        self._send(400, _error("InvalidInput", f"the request sends {twice} twice; send it once"))
        return True

    def _authorized(self) -> bool:
        expected = self.expected
        if expected is None:
            expected = type(self).expected = f"Bearer {self.service.token}".encode("ascii")
        given = (self.headers.get("Authorization") or "").encode("utf-8", "replace")
        return hmac.compare_digest(given, expected)

    def _refuse(self) -> bool:
        if not self._authorized():
            message = "missing or wrong token; clients read it from $QUIRE_HOME/serve.token"
            self._send(401, _error("QuireError", message))
            return True
        if self.service.stopping:
            self._send(503, _error("QuireError", "quire serve is stopping"))
            return True
        return False

    def _framed_twice(self) -> bool:
        """Two Content-Lengths (or one and chunks): which one frames the body is a guess, so the
        request is refused (True once the 400 is sent), on the API and the screens alike."""
        lengths = self.headers.get_all("Content-Length") or []
        if len(lengths) > 1 or (lengths and "chunked" in str(self.headers.get("Transfer-Encoding") or "").lower()):
            self._send(400, _error("InvalidInput", "the request gives its length twice; send one Content-Length"))
            self.close_connection = True
            return True
        return False

    def _ui(self) -> None:
        """A path outside /v1/: the browser screens, with their own guards (quire.ui.app)."""
        service = self.service
        if service.stopping:
            self._send(503, _error("QuireError", "quire serve is stopping"))
            return
        if self._framed_twice():
            return
        # A form is framed by the API's rules (chunks read, a Content-Length that is no length refused,
        # a body past the limit drained so its 413 is read): the screens read a chunked form as empty
        # and a length "abc" as 0, and answered "the form's CSRF token is missing or stale".
        body, unread = b"", None
        if self.command == "POST":
            try:
                body = _request_body(self.headers, self.rfile, ui_app.MAX_FORM)
            except _BadBody as exc:
                unread = (exc.status, str(exc))
        try:
            headers = {k.lower(): v for k, v in self.headers.items()}
            res = service.ui.handle(ui_app.Request(self.command, self.path, headers, body, unread))
        except Exception as exc:  # a bug: keep serving, say where to look
            service.log(f"error in {self.path}: {type(exc).__name__}\n{traceback.format_exc()}")
            res = ui_app.Response(500, b"quire ui failed on this request; see the log of quire serve\n")
        self.send_response(res.status)
        self.send_header("Content-Type", res.content_type)
        self.send_header("Content-Length", str(len(res.body)))
        for name, value in res.headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(res.body)

    def do_GET(self) -> None:
        if self._sent_twice():
            return
        if not self.path.startswith(client.API + "/"):
            self._ui()
            return
        if self._refuse():
            return
        if self.path == client.API + "/service":
            self._send(200, {"result": self.service.info()})
        elif self.path == client.API + "/ops":
            self._send(200, {"result": ops.catalog()})
        elif self.path.startswith(client.API + "/ops/") and self.path[len(client.API) + 5 :] in ops.OPS:
            self._wrong_method("POST")  # was 404 "no such endpoint": it is there, for POST
        else:
            self._send(404, _error("NotFound", f"no such endpoint {self.path}"))

    def _other_method(self) -> None:
        """PUT, DELETE, PATCH, OPTIONS, HEAD and any other: the screens say so themselves; the API in
        JSON, in quire's words (http.server answered 501 with an HTML page no client of the API reads).
        HEAD is refused too, not run as a GET without its body: a GET screen may do work (a HEAD of
        /login would spend the sign-in ticket, of /recall count accesses)."""
        if self._sent_twice():
            return
        if not self.path.startswith(client.API + "/"):
            self._ui()
        elif not self._refuse():
            self._wrong_method("GET" if self.path in (client.API + "/service", client.API + "/ops") else "POST")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = _other_method

    def _wrong_method(self, allowed: str) -> None:
        shape = ' with {"params": {...}}' if allowed == "POST" else ""
        message = f"{self.command} is not how {self.path[:200]} is called; send {allowed}{shape}"
        self._send(405, _error("InvalidInput", message), allow=allowed)

    def do_POST(self) -> None:
        if self._sent_twice():
            return
        if not self.path.startswith(client.API + "/"):
            self._ui()
            return
        if self._refuse():
            return
        if self.path == client.API + "/ui/ticket":  # the token holder asks for a one-time sign-in URL
            self._send(200, {"result": self.service.ui.mint_ticket()})
            return
        prefix = client.API + "/ops/"
        if not self.path.startswith(prefix):
            self._send(404, _error("NotFound", f"no such endpoint {self.path}"))
            return
        body = self._json_body()
        if body is None:
            return
        unknown = sorted(set(body) - ENVELOPE)
        if unknown:  # a misplaced parameter ({"query": ...} beside "params") was dropped without a word
            names = ", ".join(repr(k[:40]) for k in unknown[:5])
            message = f'unknown key(s) {names} in the request body; send {{"params": {{...}}, "actor": "..."}}'
            self._send(400, _error("InvalidInput", message))
            return
        self._run_op(self.path[len(prefix) :], body)

    def _json_body(self) -> dict[str, Any] | None:
        """The request's JSON object; None once the refusal is sent."""
        if self._framed_twice():
            return None
        try:
            raw = _request_body(self.headers, self.rfile)
        except _BadBody as exc:
            self._send(exc.status, _error("InvalidInput", str(exc)))
            return None
        try:
            body = text.json_loads(raw or b"{}")
        except InvalidInput as exc:  # a key twice: json kept the last one without a word
            self._send(400, _error("InvalidInput", f"the request body is refused: {exc}; nothing was done"))
            return None
        except (UnicodeDecodeError, ValueError):
            self._send(400, _error("InvalidInput", "the request body is not JSON"))
            return None
        except RecursionError:  # `[[[[...` thousands deep: the handler died and the client saw no answer
            self._send(400, _error("InvalidInput", 'the request body is nested too deeply; send {"params": {...}}'))
            return None
        if not isinstance(body, dict):
            self._send(400, _error("InvalidInput", "the request body must be an object"))
            return None
        return body

    def _run_op(self, name: str, body: dict[str, Any]) -> None:
        service = self.service
        with service._count:
            service.requests += 1
            service.in_flight += 1
        try:
            params, actor = _envelope(body)
            result = service.execute(name, params, actor)
        except QuireError as exc:
            self._send(*_wire_error(exc))
        except Exception as exc:  # a bug: keep serving, say where to look
            service.log(f"error in {self.path}: {type(exc).__name__}\n{traceback.format_exc()}")
            message = f"quire serve failed on this request ({type(exc).__name__}); see its log"
            self._send(500, _error("QuireError", message))
        else:
            self._send(200, {"result": result})
        finally:
            with service._count:
                service.in_flight -= 1


class _BadBody(Exception):
    """A request body that cannot be read (400: malformed framing) or is past MAX_BODY (413)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def _too_large(limit: int = MAX_BODY) -> _BadBody:
    return _BadBody(413, f"the request body is over {limit:,} bytes; send less")


def _request_body(headers: Any, rfile: Any, limit: int = MAX_BODY) -> bytes:
    """The request's body by Content-Length or, when sent chunked, by its chunks (an op must not
    run with `{}` because the body came chunked); _BadBody naming what is wrong with its framing
    (a bad chunk size, a Content-Length that is no length) or that it is past `limit`."""
    encoding = str(headers.get("Transfer-Encoding") or "").lower()
    if "chunked" in encoding:
        return _chunked_body(rfile, limit)
    said = str(headers.get("Content-Length") or "0").strip()
    if not said.isdigit():
        raise _BadBody(
            400, f"the request's Content-Length {said[:40]!r} is not a length in bytes; send the body's size"
        )
    if int(said) > limit:
        _discard(rfile, int(said))
        raise _too_large(limit)
    return bytes(rfile.read(int(said)))


def _discard(rfile: Any, size: int) -> None:
    """Read and drop a body too large to take (up to DRAIN_MAX bytes), so the client, still sending
    it, reads the 413 that says so: closed on unread bytes, the socket was reset and the client saw
    a broken pipe, not the answer."""
    left = min(size, DRAIN_MAX)
    while left > 0:
        got = rfile.read(min(left, 1 << 16))
        if not got:
            return
        left -= len(got)


def _chunked_body(rfile: Any, limit: int = MAX_BODY) -> bytes:
    out = bytearray()
    while True:
        line = rfile.readline(66)
        said = line.split(b";", 1)[0].strip()
        try:
            size = int(said, 16) if said.isalnum() else -1
        except ValueError:
            size = -1
        if size < 0:
            shown = said[:20].decode("ascii", "replace")
            raise _BadBody(400, f"a chunk of the request body has no size in hex ({shown!r}); send well-formed chunks")
        if len(out) + size > limit:
            raise _too_large(limit)
        if size == 0:
            while rfile.readline(1026).strip():  # trailer lines, then the blank line
                pass
            return bytes(out)
        out += rfile.read(size)
        rfile.readline(3)  # the CRLF after the chunk


def run(
    home: Home | None = None, *, host: str = "127.0.0.1", port: int = 0, ready: Callable[[Service], None] | None = None
) -> None:
    """Run a service in the foreground until SIGTERM, SIGINT or `quire serve --stop`."""
    service = Service(home, host=host, port=port)

    def on_signal(signum: int, frame: Any) -> None:
        service.stop()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        if ready:
            ready(service)
        service.serve_forever()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if service.outdated is not None:
        raise service.outdated


def stop(home: Home | None = None, *, timeout: float = 30.0) -> dict[str, Any]:
    """Ask the running service to stop (SIGTERM) and wait until it has released its lock."""
    home = home or resolve_home()
    trusted_home(home)  # its serve.json names the pid this signals
    path = client.state_path(home)
    if not path.exists():
        return {"stopped": False, "message": f"no quire serve is running for {home.root}"}
    try:
        fd = _lock(home)
    except Conflict:
        fd = -1
    if fd >= 0:  # nobody holds it: a stale file from a killed service
        try:
            _remove(client.token_path(home))
            _remove(path)
        finally:
            os.close(fd)
        return {"stopped": False, "message": f"no quire serve is running for {home.root} (removed a stale serve.json)"}
    found = client.endpoint(home)
    if found is None:
        raise Conflict("quire serve is starting up; try `quire serve --stop` again in a moment")
    os.kill(found.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not client.pid_alive(found.pid) or not path.exists():
            return {"stopped": True, "pid": found.pid, "message": f"stopped quire serve (pid {found.pid})"}
        time.sleep(0.05)
    raise Conflict(
        f"quire serve (pid {found.pid}) did not stop within {timeout:g} s (a long write may still be "
        f"running); wait, or end it with `kill {found.pid}`"
    )
