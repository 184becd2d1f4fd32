"""Run an operation through `quire serve` when it answers, else in this process.

`call(op, params)` posts to the service when `$QUIRE_HOME/serve.json` exists, its pid is alive
and the token in `serve.token` is accepted; otherwise it runs `quire.ops` on a fresh Session.
Both paths return the same JSON-able dict and raise the same `memory.errors` classes.

Writes are never retried: once a write request has left, a timeout or a dropped connection
means its outcome is unknown, so the caller gets a QuireError that says how to check, not a
second attempt. A read that fails the same way falls back to the in-process path. This module
imports nothing heavy (no numpy, torch, networkx): on the service path the CLI stays light.
"""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory import errors, files
from memory.errors import QuireError
from memory.home import Home, resolve_home, trusted_home
from quire import ops

if TYPE_CHECKING:
    from memory.session import Session

CONNECT_TIMEOUT_S = 0.5  # a local service accepts at once; anything slower is not answering
READ_TIMEOUT_S = 300.0  # a recall that embeds a backlog of deferred captures can take a while
LONG_TIMEOUT_S = 6 * 3600.0  # import, rebuild, reembed of a large store: wait, never guess the outcome
API = "/v1"
TOKEN_LIMIT = 4096  # serve.token holds 43 characters; more is not a token this quire wrote
STATE_LIMIT = 64 << 10  # serve.json holds one short JSON object
MAX_BODY = 4 * 1024 * 1024  # one request: an HTTP body to `quire serve`, one MCP line to `quire mcp`


@dataclass(frozen=True)
class Endpoint:
    """Where the service of one home listens, read from serve.json."""

    pid: int
    host: str
    port: int
    started_at: str = ""

    @property
    def connect_host(self) -> str:
        # A service bound to every interface is still reached over loopback from here.
        return {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(self.host, self.host)


def state_path(home: Home) -> Path:
    return home.root / "serve.json"


def token_path(home: Home) -> Path:
    return home.root / "serve.token"


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        return True
    return True


def endpoint(home: Home | None = None) -> Endpoint | None:
    """The running service of this home, or None (no serve.json, unreadable, or pid gone)."""
    home = home or resolve_home()
    trusted_home(home)  # whoever can write the home can write serve.json
    path = state_path(home)
    # It says where the token and the request go, and which pid `--stop` ends.
    raw = _read_kept(path, STATE_LIMIT, secret=False, why="quire will not send its token where it points")
    try:
        data = json.loads(raw or b"")
        found = Endpoint(int(data["pid"]), str(data["host"]), int(data["port"]), str(data.get("started_at", "")))
    except (ValueError, KeyError, TypeError, OverflowError):
        return None  # absent, or being written right now: behave as if there were no service
    if not _as_served(found, data):
        return None
    return found if pid_alive(found.pid) and _held(path) else None


def _held(path: Path) -> bool:
    """Whether a running `quire serve` holds serve.json (its lock for its lifetime, flock). One
    nobody holds was left by a killed service, and the pid in it, alive now, is another process
    (pids are reused): the token was sent to whatever listened on the port it names."""
    try:
        handle = files.open_kept(path)
    except QuireError:
        return False
    if handle is None:
        return False
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True  # held (exclusively) by the service
        except OSError:
            return False
        return False  # taken at once: nobody holds it (closing the handle lets it go)


def _as_served(found: Endpoint, data: dict[str, Any]) -> bool:
    """Whether serve.json's values are what `quire serve` writes: a pid and port that are whole
    numbers in range, a host on one line. A pid past C's long (OverflowError from os.kill) or a host
    with a line break (InvalidURL) was a traceback on every command."""
    whole = all(type(data[k]) is int for k in ("pid", "port"))
    return whole and 0 < found.pid < 2**31 and 0 < found.port < 65536 and found.host.isprintable() and found.host != ""


def read_token(home: Home) -> str | None:
    """serve.token, or None when there is none. One that others can read (or write, or that another
    user owns) is refused, not sent: whoever can read it drives the service as you, and whoever
    wrote it knows it."""
    raw = _read_kept(token_path(home), TOKEN_LIMIT, secret=True, why="quire does not send it")
    token = (raw or b"").decode("utf-8", "replace").strip()
    return token or None


def _read_kept(path: Path, limit: int, *, secret: bool, why: str) -> bytes | None:
    """serve.json or serve.token as `quire serve` wrote it (0600, this user's), or None when there is
    none. Checked on the open file, so the file checked is the file read; a FIFO (the read would
    never end), a device or a folder in its place is refused, not waited on."""
    handle = files.open_kept(path)
    if handle is None:
        return None
    with handle:
        if found := files.untrusted(path, os.fstat(handle.fileno()), secret=secret):
            raise QuireError(
                f"{path} {found[0]}, so {why}; stop the service and remove it (`quire serve --stop`, "
                f"`rm {path}`): the next start writes a new one, yours alone"
            )
        return files.read_limited(
            handle, path, limit, fix=f"quire serve writes no file that large; remove it (`rm {path}`)"
        )


class _NotServed(Exception):
    """The service did not take the request (absent, refused, token rejected): safe to run locally."""


class _TooLarge(Exception):
    """A request past MAX_BODY: never sent (the service refuses it unread)."""


def too_large(op: str, spec: ops.Op | None, params: dict[str, Any]) -> QuireError:
    """Why a request too large to send is refused: the operation's own words for the value that is
    too long (what the library and MCP say), else the limit of one request."""
    if spec is not None:
        try:
            ops.parse(spec.request, op, params)
        except errors.InvalidInput as exc:
            return exc
    return errors.InvalidInput(
        f"{op}: the request is over {MAX_BODY:,} bytes, the most quire serve takes at once; send less. Nothing was done"
    )


class Unknown(QuireError):
    """A write was sent but no answer came back: it may or may not have happened."""


def unknown_outcome(op: str, why: str) -> Unknown:
    return Unknown(
        f"the outcome of {op} is unknown: quire serve {why} after the request was sent, so it may or may "
        f"not have been applied. It was not retried; check with `quire log -n 5` or `quire recall ...` "
        f"(over MCP: the recall or curate_list tool) before trying again"
    )


def error_from(data: Any) -> QuireError:
    """The memory.errors exception a wire error names (QuireError when the name is unknown)."""
    err = data.get("error") if isinstance(data, dict) else None
    if not isinstance(err, dict):
        return QuireError("quire serve sent an answer this quire cannot read; stop it with `quire serve --stop`")
    cls = getattr(errors, str(err.get("type", "")), None)
    if not (isinstance(cls, type) and issubclass(cls, QuireError)):
        cls = QuireError
    return cls(str(err.get("message", "quire serve reported an error")))


def _payload(body: dict[str, Any] | None) -> bytes:
    """The request body; _TooLarge past MAX_BODY (the service would refuse it unread: the caller
    says why, and nothing is sent)."""
    payload = json.dumps(body if body is not None else {}).encode("utf-8")
    if len(payload) > MAX_BODY:
        raise _TooLarge()
    return payload


def request(
    home: Home,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    *,
    writes: bool,
    what: str,
    connect_timeout: float | None = None,
    read_timeout: float | None = None,
    token: str | None = None,
) -> tuple[int, Any]:
    """One HTTP exchange with the service: (status, decoded JSON).

    Raises _NotServed when nothing was executed (no service, refused connection, bad token,
    shutting down) and Unknown when a write left but its answer did not come back.
    """
    connect_timeout = connect_timeout or CONNECT_TIMEOUT_S
    read_timeout = read_timeout or READ_TIMEOUT_S
    found = endpoint(home)
    if found is None:  # a serve.token left without a service is never read
        raise _NotServed("no service")
    token = token if token is not None else read_token(home)
    if token is None:
        raise _NotServed("no token")
    payload = _payload(body)
    conn = http.client.HTTPConnection(found.connect_host, found.port, timeout=connect_timeout)
    try:
        try:
            conn.connect()
        except OSError as exc:
            raise _NotServed(f"connect failed: {exc}") from None
        conn.sock.settimeout(read_timeout)
        headers = {
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Content-Length": str(len(payload)),
        }
        try:
            conn.request(method, API + path, body=payload, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        except TimeoutError:
            if writes:
                raise unknown_outcome(what, f"did not answer within {read_timeout:g} s") from None
            raise _NotServed("timeout") from None
        except (OSError, http.client.HTTPException) as exc:
            if writes:
                raise unknown_outcome(what, f"dropped the connection ({type(exc).__name__})") from None
            raise _NotServed(f"transport: {exc}") from None
    finally:
        conn.close()
    try:
        data = json.loads(raw.decode("utf-8")) if raw else None
    except (UnicodeDecodeError, ValueError):
        data = None
    if response.status == 401 or (response.status == 503 and not _unavailable(data)):
        raise _NotServed(f"HTTP {response.status}")  # token refused / shutting down: nothing ran
    return response.status, data


def _unavailable(data: Any) -> bool:
    """A 503 that is the operation's answer (the store cannot be reached or opened, the model cannot
    be loaded: the error's type says so), not the service's own (it is stopping). Run in process, it
    would fail the same way a second time, later and maybe in other words."""
    said = error_from(data) if isinstance(data, dict) else None
    return isinstance(said, (errors.StoreError, errors.ModelUnavailable))


def call(
    op: str,
    params: dict[str, Any] | None = None,
    *,
    actor: str = "cli",
    home: Home | None = None,
    local: Local | None = None,
    progress: ops.Progress | None = None,
) -> dict[str, Any]:
    """Run `op` (a name in quire.ops.OPS) through the service, else in process; returns its dict.

    `progress` is drawn on the in-process path only (the service reports to its own log)."""
    home = home or resolve_home()
    params = params or {}
    spec = ops.OPS.get(op)
    try:
        status, data = request(
            home,
            "POST",
            f"/ops/{op}",
            {"params": params, "actor": actor},
            writes=op in ops.WRITES,
            what=op,
            read_timeout=LONG_TIMEOUT_S if spec is not None and spec.long else None,
        )
    except _NotServed:
        return (local or Local(home, actor=actor)).run(op, params, progress=progress)
    except _TooLarge:
        raise too_large(op, spec, params) from None
    if status == 200 and isinstance(data, dict) and "result" in data:
        return data["result"]
    raise error_from(data)


class Local:
    """The in-process path: a Session opened per call, or kept open (`keep=True`, for `quire mcp`)."""

    def __init__(self, home: Home | None = None, *, actor: str = "cli", keep: bool = False):
        self.home = home or resolve_home()
        self.actor = actor
        self.keep = keep
        self._session: Session | None = None
        self._opened: tuple[int, int] | None = None  # the store file the kept Session opened (device, inode)
        self._lock = threading.Lock()

    def run(self, op: str, params: dict[str, Any], *, progress: ops.Progress | None = None) -> dict[str, Any]:
        # memory.session pulls numpy: imported here so the path to a running service stays light.
        from memory.session import Session

        spec = ops.OPS.get(op)
        with self._lock:  # one Session, one operation at a time (MCP runs tools in threads)
            if not self.keep:
                send = not (spec is not None and spec.own_outbox)  # `quire sync` reports what it sends
                with Session(self.home, actor=self.actor, send_outbox=send) as session:
                    return _plain(ops.run(session, op, params, progress=progress))
            if self._session is not None and self._replaced():
                self._session.close()
                self._session = None
            if self._session is None:
                self._session = Session(self.home, actor=self.actor)
                self._session.write_behind()  # a kept session answers many recalls (memory/access.py)
                self._opened = None if self._session.remote else _file_identity(self.home.db_path)
            result = ops.run(self._session, op, params, progress=progress)
            if op in ops.EXCLUSIVE:
                self._session.persist_vectors()
            return _plain(result)

    def _replaced(self) -> bool:
        """Whether another file took the store's name since the kept Session opened it (`quire restore`,
        `store pull --force`, each a rename): that Session still wrote the file it had open, so what
        `quire mcp` acknowledged after a restore was in no store (the replaced copy, or nothing)."""
        return self._opened is not None and _file_identity(self.home.db_path) != self._opened

    def close(self) -> None:
        with self._lock:
            if self._session is not None:
                self._session.close()
                self._session = None


def _file_identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _plain(result: dict[str, Any]) -> dict[str, Any]:
    # Exactly what the service would have sent: tuples become lists, dates strings.
    return json.loads(json.dumps(result, default=str))


def service_status(home: Home | None = None) -> dict[str, Any]:
    """Is a service running for this home, and does it answer? Never includes the token."""
    home = home or resolve_home()
    found = endpoint(home)
    if found is None:
        return {"running": False, "home": str(home.root)}
    info: dict[str, Any] = {
        "running": True,
        "home": str(home.root),
        "pid": found.pid,
        "host": found.host,
        "port": found.port,
        "url": f"http://{found.connect_host}:{found.port}",
        "started_at": found.started_at,
        "answering": False,
    }
    try:
        status, data = request(home, "GET", "/service", None, writes=False, what="status", read_timeout=10)
    except _NotServed as exc:
        info["problem"] = str(exc)
        return info
    if status == 200 and isinstance(data, dict):
        info.update(data.get("result", {}), answering=True)
    return info
