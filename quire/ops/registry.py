"""The registry every operation is defined in: the `op` decorator and `OPS`, the request and
response bases, `run` / `run_model` (validate, route, check the response) and the queue-offline
plumbing for several devices; plus the few models more than one noun shares."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from memory import gate, outbox, refusals, review, store, text
from memory.errors import InvalidInput, NotFound, QuireError, Refused, StoreError, Unreachable
from memory.models import (
    CapturePayload,
    FieldsRefused,
    id_problem,
    key_clauses,
    one_per_value,
    query_problem,
    refused_capture,
    valid_space_name,
)
from wiki import pages

if TYPE_CHECKING:
    from memory.session import Session

Effect = Literal["read", "write", "destructive"]
Progress = Callable[..., None]


class Request(BaseModel):
    """An operation's parameters, as a person or agent writes them."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def _storable(value: str) -> str:
    """A text stored as given (a forget reason, a space's description): a NUL is refused (the driver
    cuts a text at it: "dup\x00licate" read back "dup"), and so is a lone surrogate (no UTF-8 holds it)."""
    if "\x00" in value:
        raise ValueError("holds a NUL character, which cannot be stored; remove it")
    if text.first_surrogate(value):
        raise ValueError(text.unpaired(value))
    return value


StoredText = Annotated[str, AfterValidator(_storable)]


def _one_line(value: str) -> str:
    """A label shown in a table, a page or an agent's answer (a space's description): a line break
    or tab broke `quire spaces`, and a bidi override or zero-width character reversed or hid
    what it shows. Refused, not removed, as a config value's are."""
    if text.CONTROL.search(value) or text.INVISIBLE.search(value):
        raise ValueError("holds a line break, tab or invisible character (bidi override, zero-width); give one line")
    return value


OneLineText = Annotated[str, AfterValidator(_storable), AfterValidator(_one_line)]

# A name no space can have ("", "../x") is refused with the request, as capture's space is: a usage
# error on the CLI (exit 2) for every operation that takes a space, not a domain error for some.
SpaceName = Annotated[str, AfterValidator(valid_space_name)]


def _something(value: Any) -> Any:
    """Before pydantic's own checks (str_strip_whitespace, min_length), whose "must not be empty"
    named no fix: a blank query is refused in words that say what to give."""
    problem = query_problem(value) if isinstance(value, str) else None
    if problem:
        raise ValueError(problem)
    return value


Query = Annotated[str, BeforeValidator(_something)]


class Response(BaseModel):
    """An operation's result; every key is declared, so a renamed or new key is a visible change.

    Read it by attribute (`result.id`) or, like the dict `--json` prints, by key (`result["id"]`;
    a key the operation left out, as the JSON leaves it out, is a KeyError)."""

    model_config = ConfigDict(extra="forbid")
    # A read answered from this device's replica of a libSQL server that could not be synced
    # when it last was and how old it is (the CLI prints one stderr line too).
    replica: dict[str, Any] | None = None

    def __getitem__(self, key: str) -> Any:
        if key not in self.model_fields_set:
            raise KeyError(key)
        return getattr(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.model_fields_set


Rows = list[dict[str, Any]]
R = TypeVar("R", bound=BaseModel)
MAX_ID = 2**63 - 1  # SQLite's largest integer: a row id past it cannot exist (and would overflow the driver)


@dataclass(frozen=True)
class Op:
    """One operation: what it takes, returns and does, and the function that does it."""

    name: str
    title: str
    effect: Effect
    request: type[BaseModel]
    response: type[BaseModel]
    fn: Callable[..., BaseModel]  # returns an instance of `response`
    mcp: bool = False  # offered to agents as an MCP tool
    exclusive: bool = False  # runs alone in the service although it only reads (bookkeeping writes)
    long: bool = False  # may run for minutes (import, rebuild, reembed): the client waits longer
    progress: bool = False  # takes a progress callback on the in-process path
    own_outbox: bool = False  # sends the outbox itself: the in-process Session must not send it on open

    @property
    def writes(self) -> bool:
        return self.effect != "read"

    @property
    def description(self) -> str:
        return " ".join((self.fn.__doc__ or "").split())

    def __call__(self, session: Session, params: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
        return run(session, self.name, params, **kw)

    def model(self, session: Session, params: dict[str, Any] | None = None, **kw: Any) -> BaseModel:
        return run_model(session, self.name, params, **kw)


OPS: dict[str, Op] = {}


def op(
    name: str,
    title: str,
    effect: Effect,
    request: type[BaseModel],
    response: type[BaseModel],
    **flags: bool,
) -> Callable[[Callable[..., BaseModel]], Op]:
    """Register `fn(session, request) -> response` as operation `name`."""

    def register(fn: Callable[..., BaseModel]) -> Op:
        if name in OPS:
            raise ValueError(f"operation {name} is defined twice")
        OPS[name] = spec = Op(name, title, effect, request, response, fn, **flags)
        return spec

    return register


def parse(model: type[BaseModel], name: str, params: Any) -> Any:
    """Validate `params` into `model`; InvalidInput naming fields, never echoing values."""
    if params is not None and not isinstance(params, dict):
        raise InvalidInput(f"{name}: parameters must be a JSON object")
    # None means "not given" on every skin (an unset flag, an omitted MCP argument), for a
    # parameter the operation takes: an unknown key is refused whatever its value, as MCP refuses it.
    data = {k: v for k, v in (params or {}).items() if v is not None or k not in model.model_fields}
    try:
        # Strict on every route: JSON from HTTP and MCP gets no coercion the CLI would refuse
        # (`k: true`, `k: "5"`, `explain: "yes"`); click has already typed the CLI's flags.
        return model.model_validate(data, strict=True)
    except InvalidInput as exc:  # a field's own refusal (a space name no space can have): named as the others are
        raise _named(model, name, data, exc, model.model_fields) from None
    except ValidationError as exc:
        if issubclass(
            model, CapturePayload
        ):  # the capture request: the payload keeps its own messages ("invalid capture: ...")
            raise refused_capture(list(exc.errors())) from None
        raise _describe_errors(model, name, list(exc.errors())) from None


def _named(
    model: type[BaseModel], name: str, data: dict[str, Any], exc: QuireError, fields: Collection[str]
) -> QuireError:
    """A refusal a field's validator raised in its own words ("bad space name '../x': ..."), as the
    clause of that field every other refusal is ("invalid recall parameters: space: bad space name ...")."""
    field = _raising_field(model, data, fields)
    if field is None or isinstance(exc, FieldsRefused) or not isinstance(exc, InvalidInput):
        return exc
    if str(exc).startswith(f"{field} "):  # names its field already ("content holds an unpaired surrogate ...")
        return exc
    head = "invalid capture" if issubclass(model, CapturePayload) else f"invalid {name} parameters"
    return FieldsRefused(head, [((field,), field, str(exc))])


def _describe_errors(model: type[BaseModel], name: str, errors: list[Any]) -> FieldsRefused:
    # Field names and messages only: the rejected values are the caller's data (maybe a secret).
    allowed = ", ".join(model.model_fields)  # "allowed: " and nothing, for an op that takes none
    unknown = f"unknown parameter; allowed: {allowed}" if allowed else f"unknown parameter; {name} takes none"
    refused = [
        (tuple(err["loc"]), where or "params", msg)
        for err, where, msg in key_clauses(one_per_value(errors), model.model_fields, unknown)
    ]
    return FieldsRefused(f"invalid {name} parameters", refused)


def refusal(name: str, params: dict[str, Any], fields: Collection[str]) -> str | None:
    """How operation `name` refuses the value of one of `fields` in `params` (the other parameters'
    problems left out), in the words of its own refusal on every route ("invalid recall parameters:
    k: must be at least 1"); None when it takes them. Reads no store: a skin checks a value with it
    before it calls the operation (the CLI's usage errors, exit 2)."""
    refused = refused_fields(name, params, fields)
    return None if refused is None else str(refused)


def refused_fields(name: str, params: dict[str, Any], fields: Collection[str]) -> FieldsRefused | None:
    """`refusal`, as the error it is: each clause keeps its field, for a skin to name its own way."""
    model = OPS[name].request
    data = {k: v for k, v in params.items() if v is not None or k not in model.model_fields}
    try:
        model.model_validate(data, strict=True)
    except QuireError as exc:  # a field's own refusal (a bad space name): one of `fields`, or the call says it
        if _refused_elsewhere(model, data, fields):
            return None
        named = _named(model, name, data, exc, fields)
        return named if isinstance(named, FieldsRefused) else FieldsRefused("", [((None,), None, str(exc))])
    except ValidationError as exc:
        errors = [e for e in exc.errors() if e["loc"] and e["loc"][0] in fields]
        if errors:
            if issubclass(model, CapturePayload):
                return refused_capture(errors)
            return _describe_errors(model, name, errors)
    return None


def _raising_field(model: type[BaseModel], data: dict[str, Any], fields: Collection[str]) -> str | None:
    """Which of `fields` raised a QuireError of its own (a space name no space can have): the words
    name none, so a skin can put the field's name before them (the CLI's `--space: bad space name`)."""
    for field in fields:
        if field not in data:
            continue
        try:
            model.model_validate({field: data[field]}, strict=True)
        except QuireError:
            return field
        except ValidationError:
            continue
    return None


def _refused_elsewhere(model: type[BaseModel], data: dict[str, Any], fields: Collection[str]) -> bool:
    """Whether a QuireError a request raised comes from a parameter outside `fields`: it still does
    without them. `quire recall x --space ""` was exit 1 where `--type ""` is a usage error (exit 2)."""
    try:
        model.model_validate({k: v for k, v in data.items() if k not in fields}, strict=True)
    except QuireError:
        return True
    except ValidationError:
        pass
    return False


def run_model(
    session: Session, name: str, params: dict[str, Any] | None, *, progress: Progress | None = None
) -> BaseModel:
    """Run one named operation: validate the request, do it, return its response model."""
    spec = OPS.get(name)
    if spec is None:
        raise InvalidInput(f"unknown operation {name!r}; known: {', '.join(OPS)}")
    request = parse(spec.request, name, params)
    if name != "recall":  # what recalls counted and a warm process kept is written before anything else reads or writes
        session.flush_access()
    if session.remote and name in QUEUES_OFFLINE:
        return _write_or_queue(session, spec, request, progress)
    try:
        with session.route(spec.effect):
            # A memory another process forgot: nothing of its text is kept here (a read on a replica
            # asks the replica, no round trip to the server).
            session.catch_up_forgets()
            result = checked(spec, _call(spec, session, request, progress))
            if spec.effect == "read":
                result = _as_seen_here(session, spec, result)
    except Refused as exc:
        if not exc.recorded:
            _log_refused(session, exc)
        raise
    return result


def _log_refused(session: Session, refused: Refused) -> None:
    """One redacted line in the rejection log for a refused supersede or edit, as for a refused
    capture, on every route; none when the server cannot be reached (a capture refused offline
    writes nothing either: docs/secrets.md)."""
    from memory.capture import log_refused  # memory.capture pulls numpy: not on the CLI's startup path

    with contextlib.suppress(StoreError), session.route("write"):  # unreachable, read-only: the refusal stands
        log_refused(session.db, refused, actor=session.actor)


def run(
    session: Session, name: str, params: dict[str, Any] | None, *, progress: Progress | None = None
) -> dict[str, Any]:
    """Run one named operation and give its response as the dict every skin renders (--json)."""
    return dump(run_model(session, name, params, progress=progress))


def checked(spec: Op, result: Any) -> BaseModel:
    """`result` as an instance of the operation's response model; anything else is a bug in quire."""
    if isinstance(result, spec.response):
        return result
    try:  # a dict (a test double, an op written before ops returned models) is held to the same model
        data = result.model_dump(exclude_unset=True) if isinstance(result, BaseModel) else result
        return spec.response.model_validate(data)
    except ValidationError as exc:
        raise QuireError(
            f"{spec.name} returned a result outside its response model {spec.response.__name__} ({_misfit(exc)}); "
            "a bug in quire: declare the key in its model in quire/ops/"
        ) from None


def dump(response: BaseModel) -> dict[str, Any]:
    """The response as the skins render it: the keys the operation set, in declaration order (an
    optional key the operation left out stays out of the JSON, as it always has)."""
    return response.model_dump(exclude_unset=True)


def respond(model: type[R], data: dict[str, Any]) -> R:
    """A library result (a dict of the declared keys) as response `model`; a key the model does not
    declare is a bug in quire, raised as QuireError rather than returned to the caller."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise QuireError(
            f"{model.__name__} does not fit the result ({_misfit(exc)}); "
            "a bug in quire: declare the key in its model in quire/ops/"
        ) from None


def _misfit(exc: ValidationError) -> str:
    """Where a result left its model, by key (never the values: they are the person's memories)."""
    kinds = {"extra_forbidden": "undeclared key", "missing": "missing key"}
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")  # a new key is the usual case
    found = [f"{kinds.get(e['type'], e['type'])} {'.'.join(str(p) for p in e['loc'])}" for e in errors]
    return ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")


def _call(spec: Op, session: Session, request: Any, progress: Progress | None) -> Any:
    return spec.fn(session, request, progress=progress) if spec.progress else spec.fn(session, request)


# The writes a person makes that wait in the outbox while the libSQL server is unreachable (capture
# has its own path in Session.capture). Each runs on the server inside one transaction with its
# idempotency key (import: content-idempotent, the key after it), online too, so a send whose answer
# was lost is never applied twice.
QUEUES_OFFLINE = frozenset(
    {"import", "forget", "curate_accept", "curate_dismiss", "pin", "unpin", "confirm", "supersede"}
)


# What a queued write does on this device at once (the op's module registers it): a forget takes the
# memory's text out of the vault files here (quire/ops/memories.py). Returns warnings for the answer.
AFTER_QUEUED: dict[str, Callable[[Session, dict[str, Any]], list[str]]] = {}


def _write_or_queue(session: Session, spec: Op, request: Any, progress: Progress | None) -> BaseModel:
    try:
        params = _queueable(spec.name, request, request.model_dump(mode="json"))
    except Refused as exc:  # refused before the server was asked: the server logs it, when it answers
        _log_refused(session, exc)
        raise
    if spec.name == "import":
        from pathlib import Path

        params["path"] = str(Path(params["path"]).expanduser().absolute())  # sync may run elsewhere
        params["paths"] = [str(Path(more).expanduser().absolute()) for more in params.get("paths") or []]
    key = outbox.new_key()
    made: list[BaseModel] = []

    def write() -> dict[str, Any]:
        made.append(checked(spec, _call(spec, session, request, progress)))
        return dump(made[-1])  # what applied_writes records for the key

    try:
        with session.route("write"):
            result, _ = session.apply_write(key, spec.name, write, atomic=spec.name != "import")
    except Refused as exc:  # what the write logged was rolled back with it: log it again, on its own
        _log_refused(session, exc)
        raise
    except Unreachable:
        # Committed or not is unknown when the link died mid-write: the key makes the later send a
        # no-op if it was.
        _refuse_keyed_path(spec.name, params)
        unchecked = _refuse_unknown_here(session, params)
        queued = session.queue_write(key, spec.name, params)
        after = AFTER_QUEUED[spec.name](session, params) if spec.name in AFTER_QUEUED else []
        queued["warnings"] = [*unchecked, *after]
        return QueuedResponse.model_validate(queued)
    return made[-1] if made else checked(spec, result)


def _queueable(name: str, request: Any, params: dict[str, Any]) -> dict[str, Any]:
    """What the outbox may hold of a write, checked before the server is even tried: the gate's
    refusal of a supersede's text or an accept's edit is raised as it is online (a key in them was
    queued into outbox.db in plain text, a too-short text queued to fail at sync), and a forget's
    reason is kept redacted, as the tombstone keeps it."""
    if name == "supersede":
        texts = [(f"field {k}", t) for k, v in request.fields.items() for t in (k, v) if isinstance(t, str)]
        verdict = gate.check(request.content, texts)
        if not verdict.passed:
            raise Refused(
                f"supersede refused: {refusals.refusal(verdict.reason, verdict.detail)}",
                reason=verdict.reason or "",
                detail=verdict.detail,
                text=request.content,
                space=None,
                recorded=False,
            )
    elif name == "curate_accept" and request.text:
        params["text"] = review.edited_text(request.text)
    elif name == "forget" and request.reason:
        params["reason"] = gate.redact(request.reason)
    return params


def _refuse_unknown_here(session: Session, params: dict[str, Any]) -> list[str]:
    """A write to queue naming a memory or review item this device's replica does not hold is refused
    as online ("no memory 'mem_x'", exit 1), nothing queued: it was queued and said to have worked, then
    refused at `quire sync`. Offline no id can be new to this device but one made on another device
    since the replica's last sync (a capture queued here has no id yet), so the refusal names that case.
    Without a replica to read, the write is queued with a warning that the id was not checked."""
    memory_id, item_id = params.get("memory_id"), params.get("item_id")
    if not isinstance(memory_id, str) and not isinstance(item_id, int):
        return []
    named = f"memory {memory_id}" if isinstance(memory_id, str) else f"review item {item_id}"
    try:
        with session.route("read"):
            if isinstance(memory_id, str):
                store.get(session.db, memory_id)
            else:
                review.get(session.db, int(item_id or 0))
    except NotFound as exc:
        said = str(exc).split(";")[0]
        raise NotFound(
            f"{said} on this device, and the server is unreachable; nothing was queued: check the id "
            "(`quire recall QUERY`), or run it again once the server answers if it was made on another "
            "device since this one last synced"
        ) from None
    except QuireError:  # no replica here (encrypted, `replica = false`, never synced): nothing to check against
        return [
            f"{named} was not checked (this device has no replica to read offline): if there is none, "
            "`quire sync` says so and changes nothing"
        ]
    return []


def _refuse_keyed_path(name: str, params: dict[str, Any]) -> None:
    """An import to queue whose path holds a key (a file or folder named after one): the import log
    and the audit keep such a path redacted, but the outbox would need it whole to read the file at
    sync, in plain text in outbox.db. Refused, nothing queued: the person renames it, or imports
    once the server answers (online the path is read at once and kept only redacted)."""
    given = [params.get("path"), *(params.get("paths") or [])] if name == "import" else []
    path = next((p for p in given if isinstance(p, str) and gate.redact(p) != p), None)
    if path is not None:
        raise InvalidInput(
            f"the server is unreachable, and the path {gate.redact(path)!r} holds what looks like a key, which "
            "the outbox would keep in plain text; import it once the server answers, or rename it first. "
            "Nothing was queued"
        )


def _apply_queued(session: Session, kind: str, params: dict[str, Any]) -> dict[str, Any]:
    """Run a queued write on the server (memory.outbox.APPLIERS): the same function, the same checks."""
    spec = OPS[kind]
    request = parse(spec.request, kind, params)
    with session.route("write"):
        return dump(checked(spec, _call(spec, session, request, None)))


def _as_seen_here(session: Session, spec: Op, response: BaseModel) -> BaseModel:
    """A read as this device sees it: memories a queued forget names are left out (they are erased
    on the server at the next sync), and an answer from a replica that could not be synced says so."""
    hidden = session.forgotten_here()
    note = session.replica_note()
    if not hidden and note is None:
        return response
    result = dump(response)
    if hidden and result.get("id") in hidden:
        raise NotFound(f"{result['id']} is forgotten on this device; the server erases it at the next `quire sync`")
    if hidden:
        result = _without(_page_without(session, result, hidden), hidden)
    if note is not None:
        result = {**result, "replica": note}
    return checked(spec, result)


def _page_without(session: Session, result: dict[str, Any], hidden: set[str]) -> dict[str, Any]:
    """Pages as this device sees them: a page's body and summary (page_read) and a found page's
    summary (page_search) keep no line that shows a memory a queued forget names; its text is
    still in the replica's page rows until the sync and the next rebuild."""
    sources = result.get("sources")
    found = result.get("results")
    if isinstance(result.get("body"), str) and isinstance(sources, list):
        gone = [s for s in sources if isinstance(s, dict) and s.get("memory_id") in hidden]
        markers = [int(s["marker"]) for s in gone if s.get("marker") is not None]
        ids = [str(s["memory_id"]) for s in gone]
    elif isinstance(found, list) and any(isinstance(r, dict) and r.get("summary") for r in found):
        markers, ids = [], sorted(hidden)  # a found page names no sources: its lines are matched by text
    else:
        return result
    if not ids:
        return result
    contents = [m.content for m in store.get_many(session.db, ids).values()]

    def cut(row: dict[str, Any]) -> dict[str, Any]:
        keys = [k for k in ("body", "summary") if isinstance(row.get(k), str)]
        return {**row, **{k: pages.without_memories(row[k], markers, ids, contents) for k in keys}}

    if isinstance(found, list) and "body" not in result:
        return {**result, "results": [cut(r) if isinstance(r, dict) else r for r in found]}
    return cut(result)


def _without(value: Any, hidden: set[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, hidden) for k, v in value.items()}
    if isinstance(value, list):
        return [
            _without(v, hidden)
            for v in value
            if not (isinstance(v, dict) and (v.get("id") in hidden or v.get("memory_id") in hidden))
        ]
    return value


def request_schema(name: str) -> dict[str, Any]:
    """The JSON schema of an operation's parameters (what MCP publishes and the service lists)."""
    return OPS[name].request.model_json_schema()


def catalog() -> dict[str, dict[str, Any]]:
    """Every operation with its title, effect, description and request schema (GET /v1/ops)."""
    return {
        name: {
            "title": spec.title,
            "effect": spec.effect,
            "mcp": spec.mcp,
            "description": spec.description,
            "params": request_schema(name),
        }
        for name, spec in OPS.items()
    }


class NoParams(Request):
    pass


def _memory_id(value: str) -> str:
    """An id no memory can have ("a\x01b", "mem abc", "../etc") is a usage error on every route, naming the
    form of an id: it was "no memory 'a\x01b'" (exit 1, as if it might exist) online, and queued offline."""
    problem = id_problem(value)
    if problem:
        raise ValueError(problem)
    return value


class MemoryRequest(Request):
    memory_id: Annotated[str, AfterValidator(_memory_id)] = Field(
        min_length=1, max_length=100, description="The memory's id (mem_...)."
    )


class QueuedResponse(Response):
    """A write kept in the outbox because the libSQL server was unreachable."""

    status: Literal["queued"]
    queued: str  # the outbox key: `quire sync` applies it once
    op: str
    message: str
    errors: list[str]
    warnings: list[str]


class ChangeResponse(Response):
    changed: bool
    message: str
    tombstone_id: int | None = None
